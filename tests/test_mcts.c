/*
 * test_mcts.c — the Monte Carlo tree search player (ggn/mcts.h): forced wins
 * found and proven by the solver, the position given back untouched, the
 * same answer for the same seed, the limits (iterations, nodes, time) and
 * the stop flag kept — judged by the search's own counters, never by wall
 * time —, the tree kept between moves, games of more than two players, the
 * spec's "player" key, RAVE's statistics, and tic-tac-toe never lost.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "game_util.h"
#include "ggn/file.h"
#include "ggn/limits.h"
#include "ggn/mcts.h"
#include "ggn/notation.h"
#include "mcts/mcts_internal.h" /* the tree's statistics, read by the RAVE test */
#include "mcts/mcts_playout.h" /* the playout policies, tested one ply at a time */

static ggn_position *at_fen(const ggn_game *g, const char *fen)
{
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("bad FEN %s: %s", fen, err.message);
    return pos;
}

/* Searches pos with a fresh player and returns the chosen move as text. */
static void search_text(ggn_position *pos, const ggn_mcts_limits *lim, ggn_mcts_result *r, char *text, size_t cap)
{
    ggn_mcts *m = ggn_mcts_new(16);
    assert_non_null(m);
    uint64_t before = ggn_position_hash(pos);
    int history = ggn_position_history(pos);
    assert_true(ggn_mcts_run(m, pos, lim, r));
    assert_true(r->found);
    /* The position is the caller's again, exactly. */
    assert_int_equal(ggn_position_hash(pos), before);
    assert_int_equal(ggn_position_history(pos), history);
    assert_true(ggn_move_format(pos, r->best, text, cap) > 0);
    ggn_mcts_free(m);
}

static void test_mate_in_one(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = at_fen(g, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    ggn_mcts_limits lim = { .iterations = 200000, .seed = 1 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_string_equal(text, "a1a8");
    /* The solver proves it, and the search ends there rather than spending its iterations. */
    assert_int_equal(r.proven, GGN_MCTS_PROVEN_WIN);
    assert_int_equal(r.stop, GGN_MCTS_STOP_SOLVED);
    assert_true(r.iterations < lim.iterations);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_breakthrough_win(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    /* Black threatens h2-h1; White wins first by reaching the eighth rank. */
    ggn_position *pos = at_fen(g, "1ppppppp/P7/8/8/8/8/7p/8 w - - 0 1");
    ggn_mcts_limits lim = { .iterations = 100000, .seed = 7 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_true(strcmp(text, "a7a8") == 0 || strcmp(text, "a7b8") == 0);
    assert_int_equal(r.proven, GGN_MCTS_PROVEN_WIN);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A mate in two (Kb6, Kb8, Rh8#): the solver must refute every reply, not find one move. */
static void test_solver_proves_endgame(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = at_fen(g, "k7/8/2K5/8/8/8/8/7R w - - 0 1");
    ggn_mcts_limits lim = { .iterations = 300000, .seed = 3 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_int_equal(r.proven, GGN_MCTS_PROVEN_WIN);
    assert_int_equal(r.stop, GGN_MCTS_STOP_SOLVED);
    /* And the move kept is a winning one: after it, the other side's every reply is searched to a loss. */
    assert_true(ggn_position_make(pos, r.best));
    ggn_mcts *m = ggn_mcts_new(16);
    ggn_mcts_result reply;
    assert_true(ggn_mcts_run(m, pos, &lim, &reply));
    assert_int_equal(reply.proven, GGN_MCTS_PROVEN_LOSS);
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A position where the side to move is lost whatever it does is proven a loss, and a move still comes. */
static void test_proven_loss(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    /* Black to move cannot stop the white pawn on a7; its own pawn is two moves away. */
    ggn_position *pos = at_fen(g, "8/P7/8/8/8/7p/8/8 b - - 0 1");
    ggn_mcts_limits lim = { .iterations = 100000, .seed = 5 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_int_equal(r.proven, GGN_MCTS_PROVEN_LOSS);
    assert_true(r.value < 0.01);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_deterministic(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts_limits lim = { .iterations = 3000, .seed = 42 };
    ggn_mcts_result a, b, c;
    char ta[32], tb[32], tc[32];
    search_text(pos, &lim, &a, ta, sizeof ta);
    search_text(pos, &lim, &b, tb, sizeof tb);
    assert_string_equal(ta, tb);
    assert_int_equal(a.best_visits, b.best_visits);
    assert_int_equal(a.playout_plies, b.playout_plies);
    assert_int_equal(a.tree_nodes, b.tree_nodes);
    assert_int_equal(a.iterations, 3000);
    assert_int_equal(a.stop, GGN_MCTS_STOP_ITERATIONS);
    /* Another seed plays other playouts: the seed is used. */
    lim.seed = 43;
    search_text(pos, &lim, &c, tc, sizeof tc);
    assert_true(c.playout_plies != a.playout_plies || c.best_visits != a.best_visits);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_node_limit(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts_limits lim = { .nodes = 500, .seed = 1 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_int_equal(r.stop, GGN_MCTS_STOP_NODES);
    assert_true(r.tree_nodes <= 500);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * The time limit in a crowded position (four players on 160 squares, long
 * playouts): the search ends by its clock, and never made more than
 * GGN_MCTS_CLOCK_PLIES plies between two readings of it — the bound that
 * keeps the answer within the time plus one chunk.
 */
static void test_time_limit_kept(void **state)
{
    (void)state;
    ggn_game *g = load("chess4.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts_limits lim = { .time_ms = 40, .seed = 1 };
    ggn_mcts_result r;
    char text[32];
    search_text(pos, &lim, &r, text, sizeof text);
    assert_int_equal(r.stop, GGN_MCTS_STOP_TIME);
    assert_true(r.max_clock_gap <= GGN_MCTS_CLOCK_PLIES);
    assert_true(r.max_clock_gap > 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The stop flag, set by another thread while the search runs. */
typedef struct stop_job {
    ggn_mcts *m;
    ggn_position *pos;
    ggn_mcts_result result;
    bool ok;
} stop_job;

static void *run_search(void *arg)
{
    stop_job *job = arg;
    ggn_mcts_limits lim = { .iterations = UINT64_MAX / 2, .time_ms = 600000, .seed = 1 };
    job->ok = ggn_mcts_run(job->m, job->pos, &lim, &job->result);
    return NULL;
}

static void test_stop_flag(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    atomic_bool stop;
    atomic_init(&stop, false);
    stop_job job = { .m = ggn_mcts_new(16), .pos = pos };
    assert_non_null(job.m);
    ggn_mcts_set_stop(job.m, &stop);
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, run_search, &job), 0);
    /* Let it search a while (by its own count), then stop it and note how far it had gone. */
    struct timespec nap = { 0, 1000000 };
    while (ggn_mcts_iterations(job.m) < 200) nanosleep(&nap, NULL);
    atomic_store(&stop, true);
    uint64_t at_stop = ggn_mcts_iterations(job.m);
    pthread_join(t, NULL);
    assert_true(job.ok);
    assert_int_equal(job.result.stop, GGN_MCTS_STOP_FLAG);
    /*
     * At most the iteration under way when the flag was set completes: the
     * flag is read between every GGN_MCTS_CLOCK_PLIES plies, and an iteration
     * caught in its middle is dropped.
     */
    assert_true(job.result.iterations <= at_stop + 1);
    assert_true(job.result.max_clock_gap <= GGN_MCTS_CLOCK_PLIES);
    ggn_mcts_free(job.m);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* After a move and a reply, the next search starts from the subtree it had grown there. */
static void test_tree_reuse(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts *m = ggn_mcts_new(16);
    ggn_mcts_limits lim = { .iterations = 20000, .seed = 9 };
    ggn_mcts_result r;
    assert_true(ggn_mcts_run(m, pos, &lim, &r));
    assert_int_equal(r.reused_nodes, 0);
    assert_true(ggn_position_make(pos, r.best));
    /* The reply the tree knows best. */
    ggn_mcts_result reply;
    ggn_mcts_limits one = { .iterations = 1, .seed = 9 };
    assert_true(ggn_mcts_run(m, pos, &one, &reply));
    assert_true(reply.reused_nodes > 1);
    assert_true(ggn_position_make(pos, reply.best));
    assert_true(ggn_mcts_run(m, pos, &lim, &r));
    assert_true(r.reused_nodes > 1);
    assert_true(r.found);
    /* A cleared player, or a position not reached from the root, starts afresh. */
    ggn_mcts_clear(m);
    assert_true(ggn_mcts_run(m, pos, &one, &r));
    assert_int_equal(r.reused_nodes, 0);
    ggn_position *start = ggn_position_new(g);
    assert_true(ggn_mcts_run(m, start, &one, &r));
    assert_int_equal(r.reused_nodes, 0);
    ggn_position_free(start);
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Four players, and two teams of two: legal answers, and every player's results kept. */
static void test_many_players(void **state)
{
    (void)state;
    const char *files[] = { "chess4.json", "chess4teams.json" };
    for (size_t i = 0; i < 2; i++) {
        ggn_game *g = load(files[i]);
        ggn_position *pos = ggn_position_new(g);
        ggn_mcts_limits lim = { .iterations = 300, .seed = 2 };
        ggn_mcts_result r;
        char text[32];
        search_text(pos, &lim, &r, text, sizeof text);
        assert_true(has_move(pos, text));
        assert_true(r.value >= 0.0 && r.value <= 1.0);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* Root parallelism: every tree searches its iterations, their visits are added up, a mate is still found. */
static void test_threads(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts *m = ggn_mcts_new(16);
    assert_int_equal(ggn_mcts_set_threads(m, 3), 3);
    assert_int_equal(ggn_mcts_threads(m), 3);
    ggn_mcts_limits lim = { .iterations = 1500, .seed = 4 };
    ggn_mcts_result r;
    uint64_t before = ggn_position_hash(pos);
    assert_true(ggn_mcts_run(m, pos, &lim, &r));
    assert_int_equal(ggn_position_hash(pos), before);
    assert_int_equal(r.iterations, 3 * 1500);
    /* Each tree completes its iterations, so threads repeat themselves under an iteration limit. */
    ggn_mcts *again = ggn_mcts_new(16);
    ggn_mcts_set_threads(again, 3);
    ggn_mcts_result r2;
    assert_true(ggn_mcts_run(again, pos, &lim, &r2));
    assert_true(ggn_move_equal(r.best, r2.best));
    assert_int_equal(r.best_visits, r2.best_visits);
    ggn_mcts_free(again);
    /* The move's visits are counted over the three trees: more than one tree could give it. */
    assert_true(r.best_visits > 1500 / 10);
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("chess.json");
    pos = at_fen(g, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    m = ggn_mcts_new(16);
    ggn_mcts_set_threads(m, 2);
    lim.iterations = 100000;
    assert_true(ggn_mcts_run(m, pos, &lim, &r));
    char text[32];
    assert_true(ggn_move_format(pos, r.best, text, sizeof text) > 0);
    assert_string_equal(text, "a1a8");
    assert_true(r.value > 0.99);
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* PUCT with the material prior: a hanging queen taken, a mate still proven, the same answer for a seed. */
static void test_prior(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    const char *fens[] = { "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1" };
    const char *want[] = { "d1d5", "a1a8" };
    for (int i = 0; i < 2; i++) {
        ggn_position *pos = at_fen(g, fens[i]);
        ggn_mcts_result r[2];
        for (int k = 0; k < 2; k++) {
            ggn_mcts *m = ggn_mcts_new(16);
            ggn_mcts_options o;
            ggn_mcts_options_get(m, &o);
            o.prior = true;
            ggn_mcts_set_options(m, &o);
            ggn_mcts_limits lim = { .iterations = 3000, .seed = 8 };
            assert_true(ggn_mcts_run(m, pos, &lim, &r[k]));
            ggn_mcts_free(m);
        }
        char text[32];
        assert_true(ggn_move_format(pos, r[0].best, text, sizeof text) > 0);
        assert_string_equal(text, want[i]);
        assert_true(ggn_move_equal(r[0].best, r[1].best));
        assert_int_equal(r[0].best_visits, r[1].best_visits);
        ggn_position_free(pos);
    }
    ggn_game_free(g);
}

/* The spec's "player" key: read, and refused when it names no player. */
static void test_spec_player(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/breakthrough.json", GGN_GAMES_DIR);
    ggn_game *plain = load("breakthrough.json");
    assert_int_equal(ggn_game_player(plain), GGN_PLAYER_DEFAULT);
    ggn_game_free(plain);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 16];
    size_t n = fread(text + 1, 1, sizeof text - 64, f);
    fclose(f);
    text[n + 1] = 0;
    const char *brace = strchr(text + 1, '{');
    assert_non_null(brace);
    const char *kinds[] = { "mcts", "alphabeta", "minimax" };
    const ggn_player_kind want[] = { GGN_PLAYER_MCTS, GGN_PLAYER_ALPHABETA, GGN_PLAYER_DEFAULT };
    for (int k = 0; k < 3; k++) {
        char spec[(1 << 16) + 64];
        snprintf(spec, sizeof spec, "{\"player\": \"%s\", %s", kinds[k], brace + 1);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *g = ggn_game_load_string(spec, strlen(spec), "player.json", &errs);
        if (k < 2) {
            assert_non_null(g);
            assert_int_equal(ggn_game_player(g), want[k]);
            ggn_game_free(g);
        } else {
            assert_null(g);
            assert_true(errs.count > 0);
            assert_string_equal(errs.items[0].pointer, "/player");
            assert_non_null(strstr(errs.items[0].message, "minimax"));
        }
    }
}

/*
 * RAVE: where it is on by default, and what it counts. In this tic-tac-toe
 * position every game ends in a draw after three placements, X placing on
 * two of the three empty points and O on the third. So each iteration gives
 * the root's children (X's placements) two AMAF updates of 0.5, one being
 * the move it chose and the other X's later placement; an expanded node
 * after X's move gives its two children (O's placements) one update per
 * iteration that passed it after its first (when it had no children yet).
 * Without RAVE no AMAF statistic is kept at all.
 */
static void test_rave_statistics(void **state)
{
    (void)state;
    ggn_mcts_options o;
    ggn_mcts_default_options(&o);
    const char *placing[] = { "tic_tac_toe.json", "hex.json", "go9.json", "othello.json", "connect_four.json" };
    for (size_t i = 0; i < sizeof placing / sizeof *placing; i++) {
        ggn_game *g = load(placing[i]);
        assert_true(ggn_mcts_uses_rave(&o, g));
        ggn_game_free(g);
    }
    const char *moving[] = { "ataxx.json", "chess.json", "clobber.json" };
    for (size_t i = 0; i < sizeof moving / sizeof *moving; i++) {
        ggn_game *g = load(moving[i]);
        assert_false(ggn_mcts_uses_rave(&o, g));
        o.rave = GGN_MCTS_RAVE_ON;
        assert_true(ggn_mcts_uses_rave(&o, g));
        o.rave = GGN_MCTS_RAVE_AUTO;
        ggn_game_free(g);
    }

    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = at_fen(g, "PpP/3/pPp w - - 0 1");
    for (int rave = 0; rave < 2; rave++) {
        ggn_mcts *m = ggn_mcts_new(1);
        assert_non_null(m);
        ggn_mcts_options_get(m, &o);
        o.solver = false; /* proofs would end iterations early and the search at once */
        o.rave = rave ? GGN_MCTS_RAVE_AUTO : GGN_MCTS_RAVE_OFF;
        ggn_mcts_set_options(m, &o);
        ggn_mcts_limits lim = { .iterations = 300, .seed = 5 };
        ggn_mcts_result r;
        assert_true(ggn_mcts_run(m, pos, &lim, &r));
        assert_int_equal(r.iterations, 300);
        const mc_node *root = &m->pool[0];
        assert_int_equal(root->nchildren, 3);
        uint64_t visits = 0, amaf = 0, expanded = 0;
        double value = 0.0, amaf_value = 0.0;
        for (uint32_t c = 0; c < root->nchildren; c++) {
            const mc_node *x = &m->pool[root->first_child + c];
            visits += x->visits;
            value += x->value;
            amaf += x->amaf_visits;
            amaf_value += x->amaf_value;
            /* The move chosen is always one of the placements counted. */
            if (rave) assert_true(x->amaf_visits >= x->visits);
            if (x->nchildren == 0) continue;
            expanded++;
            uint64_t o_amaf = 0;
            for (uint32_t k = 0; k < x->nchildren; k++) o_amaf += m->pool[x->first_child + k].amaf_visits;
            assert_int_equal(o_amaf, rave ? x->visits - 1 : 0);
        }
        assert_int_equal(visits, 300);
        assert_true(value == 150.0); /* every game a draw */
        assert_true(expanded > 0);
        assert_int_equal(amaf, rave ? 2 * 300 : 0);
        assert_true(amaf_value == (rave ? 300.0 : 0.0));
        ggn_mcts_free(m);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Counts the games the Monte Carlo player (side `me`) loses from pos, over every choice of the opponent. */
static int ttt_losses(ggn_mcts *m, ggn_position *pos, int me, const ggn_mcts_limits *lim, int *searches)
{
    ggn_status st = ggn_position_status(pos);
    if (st.outcome != GGN_ONGOING) return !st.draw && st.winner >= 0 && st.winner != me;
    if (ggn_position_to_move(pos) == me) {
        ggn_mcts_result r;
        ggn_mcts_clear(m); /* the answer a function of the position and the seed alone */
        assert_true(ggn_mcts_run(m, pos, lim, &r));
        ++*searches;
        assert_true(ggn_position_make(pos, r.best));
        int lost = ttt_losses(m, pos, me, lim, searches);
        ggn_position_unmake(pos);
        return lost;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    int lost = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, moves[i]));
        lost += ttt_losses(m, pos, me, lim, searches);
        ggn_position_unmake(pos);
    }
    return lost;
}

/*
 * Tic-tac-toe: the Monte Carlo player (1000 iterations, seed 1, default
 * options: RAVE and the solver on) never loses, as X or as O, whatever the
 * opponent plays: every opponent strategy is every branch of this tree.
 */
static void test_tic_tac_toe_never_loses(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_mcts *m = ggn_mcts_new(4);
    assert_non_null(pos);
    assert_non_null(m);
    ggn_mcts_limits lim = { .iterations = 1000, .seed = 1 };
    for (int me = 0; me < 2; me++) {
        int searches = 0;
        int lost = ttt_losses(m, pos, me, &lim, &searches);
        print_message("tic-tac-toe as %s: %d searches, %d games lost\n", me ? "O" : "X", searches, lost);
        assert_int_equal(lost, 0);
        assert_true(searches > 50); /* the tree was walked, not cut short */
    }
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * The first move of n one-ply playouts (seeds 1..n) from pos under the
 * policy that options.playouts `playouts` gives in pos's game: how many of
 * them are one of the moves `wanted` (space-separated text).
 */
static int playout_picks(ggn_position *pos, int playouts, const char *wanted, int n)
{
    mc_playout_policy policy = mc_playout_policy_for(ggn_position_game(pos), playouts);
    uint64_t before = ggn_position_hash(pos);
    int hits = 0;
    for (uint64_t seed = 1; seed <= (uint64_t)n; seed++) {
        uint64_t rng = seed * 0x9E3779B97F4A7C15u;
        ggn_status st;
        assert_int_equal(mc_playout(pos, &rng, 1, &policy, &st), 1);
        ggn_move mv;
        assert_true(ggn_position_last_move(pos, &mv));
        assert_true(ggn_position_unmake(pos));
        char text[32], padded[40], list[256];
        assert_true(ggn_move_format(pos, mv, text, sizeof text) > 0);
        snprintf(padded, sizeof padded, " %s ", text);
        snprintf(list, sizeof list, " %s ", wanted);
        hits += strstr(list, padded) != NULL;
    }
    assert_int_equal(ggn_position_hash(pos), before);
    return hits;
}

/*
 * Go 9x9, capture first: WHITE's last stone (e5) went into atari between
 * BLACK's d5, f5 and e6; BLACK's playouts take it at e4 every time. The eye
 * rule alone (KEEP_EYES) picks e4 about once in 80 moves, so the count tells
 * the policies apart.
 */
static void test_playout_captures_first(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@d5 S@a9 S@f5 S@b9 S@e6 S@e5");
    int with = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "e4", 40);
    int without = playout_picks(pos, GGN_MCTS_PLAYOUTS_KEEP_EYES, "e4", 40);
    print_message("capture at e4: %d of 40 with the group rules, %d of 40 with the eye rule alone\n", with, without);
    assert_int_equal(with, 40);
    assert_true(without < 10);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Go 9x9, saving a group: WHITE's e6 leaves BLACK's e5 in atari (d5, f5,
 * e6 WHITE's); extending to e4 gives it three liberties, and BLACK's
 * playouts play it every time. In the second position BLACK's a1-a2 (WHITE
 * b2 and a3) is in atari with its one liberty b1, where a stone would leave
 * it c1 only: nothing saves it, so the rule leaves b1 to chance.
 */
static void test_playout_saves_group_in_atari(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@e5 S@d5 S@a1 S@f5 S@i9 S@e6");
    int saved = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "e4", 40);
    print_message("extension at e4: %d of 40\n", saved);
    assert_int_equal(saved, 40);
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@a1 S@b2 S@a2 S@a3");
    int hopeless = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "b1", 40);
    print_message("b1 for a group that cannot escape: %d of 40\n", hopeless);
    assert_true(hopeless < 10);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Go 9x9, eyes: BLACK's a1 is walled by its b1 and a2. With WHITE on the
 * diagonal b2 it is a false eye, which the group rules let BLACK play (about
 * one move in 77; the eye rule alone never does); with BLACK on b2 it is a
 * true eye, never filled while other moves exist.
 */
static void test_playout_false_eye(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@b1 S@b2 S@a2 S@i9");
    int false_eye = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "a1", 2000);
    int eye_rule = playout_picks(pos, GGN_MCTS_PLAYOUTS_KEEP_EYES, "a1", 2000);
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@b1 S@i9 S@a2 S@i8 S@b2 S@i7");
    int true_eye = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "a1", 2000);
    print_message("a1 in 2000 moves: false eye %d (eye rule alone %d), true eye %d\n", false_eye, eye_rule, true_eye);
    assert_true(false_eye > 5);
    assert_int_equal(eye_rule, 0);
    assert_int_equal(true_eye, 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Go 9x9, no group into atari: BLACK's e5 between WHITE's d5, f5, d6, f6
 * and e7 has the liberties e4 and e6; a stone on e6 would leave the two
 * stones one liberty (e4), so BLACK's playouts never play it (the eye rule
 * alone plays it about once in 75 moves), while e4 (three liberties) stays
 * as likely as any point.
 */
static void test_playout_no_self_atari(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@e5 S@d5 S@a1 S@f5 S@a3 S@d6 S@a5 S@f6 S@a7 S@e7");
    int rules = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "e6", 2000);
    int eye_rule = playout_picks(pos, GGN_MCTS_PLAYOUTS_KEEP_EYES, "e6", 2000);
    int open = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "e4", 2000);
    print_message("e6 in 2000 moves: %d with the rules, %d with the eye rule alone; e4 %d\n", rules, eye_rule, open);
    assert_int_equal(rules, 0);
    assert_true(eye_rule > 5);
    assert_true(open > 5);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Gomoku, winning rows: BLACK's four h8-k8 is completed (g8 or l8) by every
 * playout, though WHITE's last stone is far off; and WHITE's open four is
 * blocked by BLACK at one of its ends every time. Uniform moves would find
 * either about once in a hundred.
 */
static void test_playout_decisive_moves(void **state)
{
    (void)state;
    ggn_game *g = load("gomoku.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "P@h8 P@a1 P@i8 P@a2 P@j8 P@a3 P@k8 P@a15");
    int win = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "g8 l8", 40);
    int uniform = playout_picks(pos, GGN_MCTS_PLAYOUTS_UNIFORM, "g8 l8", 40);
    print_message("winning drop: %d of 40, uniformly %d of 40\n", win, uniform);
    assert_int_equal(win, 40);
    assert_true(uniform < 10);
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "P@a1 P@h8 P@a15 P@i8 P@o1 P@j8 P@o15 P@k8");
    int block = playout_picks(pos, GGN_MCTS_PLAYOUTS_AUTO, "g8 l8", 40);
    print_message("blocking drop: %d of 40\n", block);
    assert_int_equal(block, 40);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Go 9x9, the lazy playouts (each ply tests only the moves it looks at,
 * positional superko included): every move of 20 whole playouts from the
 * start is in the legal list of its position, replayed from the start, and
 * each playout ends where the rules end it (two passes), with the status
 * ggn_position_status gives there.
 */
static void test_lazy_playouts_legal(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g), *replay = ggn_position_new(g);
    assert_non_null(pos);
    assert_non_null(replay);
    mc_playout_policy policy = mc_playout_policy_for(g, GGN_MCTS_PLAYOUTS_AUTO);
    assert_true(policy.groups && policy.lazy);
    static ggn_move line[GGN_MAX_PLY], legal[GGN_MAX_MOVES];
    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint64_t rng = seed;
        ggn_status st;
        size_t n = mc_playout(pos, &rng, 1000, &policy, &st);
        assert_int_not_equal(st.outcome, GGN_ONGOING);
        assert_int_equal(st.outcome, GGN_PASSES);
        for (size_t i = n; i-- > 0;) {
            assert_true(ggn_position_last_move(pos, &line[i]));
            assert_true(ggn_position_unmake(pos));
        }
        for (size_t i = 0; i < n; i++) {
            size_t k = ggn_position_legal_moves(replay, legal, GGN_MAX_MOVES);
            bool found = false;
            for (size_t j = 0; j < k && !found; j++) found = ggn_move_equal(legal[j], line[i]);
            if (!found) fail_msg("seed %d ply %d: the playout's move is not legal", (int)seed, (int)i);
            assert_true(ggn_position_make(replay, line[i]));
        }
        assert_int_equal(ggn_position_status(replay).outcome, GGN_PASSES);
        for (size_t i = 0; i < n; i++) assert_true(ggn_position_unmake(replay));
    }
    ggn_position_free(replay);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The hint mc_playout_hints gives the legal move `text` of pos. */
static int hint_of(ggn_position *pos, const char *text)
{
    mc_playout_policy policy = mc_playout_policy_for(ggn_position_game(pos), GGN_MCTS_PLAYOUTS_AUTO);
    ggn_move moves[GGN_MAX_MOVES];
    int8_t hint[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    mc_playout_hints(pos, &policy, moves, n, hint);
    for (size_t i = 0; i < n; i++) {
        char buf[32];
        assert_true(ggn_move_format(pos, moves[i], buf, sizeof buf) > 0);
        if (strcmp(buf, text) == 0) return hint[i];
    }
    fail_msg("%s is not a legal move", text);
    return 0;
}

/*
 * The tree's hints: in the capture position of test_playout_captures_first
 * the capture e4 is hinted up, an ordinary point not at all; BLACK's true eye
 * a1 and the pass down; in the position of test_playout_no_self_atari the
 * drop e6 (joining e5 into atari) down and e4 not at all; in Gomoku the
 * winning drop up.
 */
static void test_playout_hints(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@d5 S@a9 S@f5 S@b9 S@e6 S@e5");
    assert_int_equal(hint_of(pos, "e4"), 1);
    assert_int_equal(hint_of(pos, "h2"), 0);
    assert_int_equal(hint_of(pos, "pass"), -1);
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@b1 S@i9 S@a2 S@i8 S@b2 S@i7");
    assert_int_equal(hint_of(pos, "a1"), -1);
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "S@e5 S@d5 S@a1 S@f5 S@a3 S@d6 S@a5 S@f6 S@a7 S@e7");
    assert_int_equal(hint_of(pos, "e6"), -1);
    assert_int_equal(hint_of(pos, "e4"), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("gomoku.json");
    pos = ggn_position_new(g);
    assert_non_null(pos);
    play_moves(pos, "P@h8 P@a1 P@i8 P@a2 P@j8 P@a3 P@k8 P@a15");
    assert_int_equal(hint_of(pos, "g8"), 1);
    assert_int_equal(hint_of(pos, "h9"), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mate_in_one),
        cmocka_unit_test(test_breakthrough_win),
        cmocka_unit_test(test_solver_proves_endgame),
        cmocka_unit_test(test_proven_loss),
        cmocka_unit_test(test_deterministic),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_time_limit_kept),
        cmocka_unit_test(test_stop_flag),
        cmocka_unit_test(test_tree_reuse),
        cmocka_unit_test(test_many_players),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_prior),
        cmocka_unit_test(test_spec_player),
        cmocka_unit_test(test_rave_statistics),
        cmocka_unit_test(test_tic_tac_toe_never_loses),
        cmocka_unit_test(test_playout_captures_first),
        cmocka_unit_test(test_playout_saves_group_in_atari),
        cmocka_unit_test(test_playout_false_eye),
        cmocka_unit_test(test_playout_no_self_atari),
        cmocka_unit_test(test_playout_decisive_moves),
        cmocka_unit_test(test_lazy_playouts_legal),
        cmocka_unit_test(test_playout_hints),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
