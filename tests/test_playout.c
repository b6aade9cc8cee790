/*
 * test_playout.c — the position's cache of its legal list, status and action
 * ids (engine/legal_cache.c), and the one-call loops built on it (ggn/action.h:
 * ggn_position_playout, ggn_positions_playout, ggn_positions_apply_actions,
 * and ggn_position_recent_actions, which names a playout's moves afterwards).
 *
 * The cache's claim is that it never changes an answer: on random games of
 * every shipped game, each position is asked its status, legal moves and
 * legal actions in a random order, with moves made and taken back between
 * the questions, and every answer must equal that of a fresh copy of the
 * position (a copy starts with nothing cached, so it generates anew).
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game_util.h"
#include "ggn/action.h"
#include "ggn/notation.h"

#define PLAYOUT_PLIES 150

/* Random games per shipped game: 2, or the first argument. */
static int rounds = 2;

static uint64_t rng_state = 0x2545F4914F6CDD1Du;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static void assert_same_status(ggn_status a, ggn_status b, const char *what)
{
    if (a.outcome != b.outcome || a.winner != b.winner || a.in_check != b.in_check || a.draw != b.draw ||
        a.player != b.player || a.kind != b.kind || a.rule != b.rule)
        fail_msg("%s: status %s/%d differs from a fresh judgement's %s/%d", what, ggn_outcome_name(a.outcome),
                 a.winner, ggn_outcome_name(b.outcome), b.winner);
}

/* Every answer of pos equals the answer of a copy that has nothing cached. */
static void assert_fresh(ggn_position *pos, ggn_position *fresh, const char *what)
{
    static ggn_move a[GGN_MAX_MOVES], b[GGN_MAX_MOVES], am[GGN_MAX_MOVES], bm[GGN_MAX_MOVES];
    static int32_t ai[GGN_MAX_MOVES], bi[GGN_MAX_MOVES];
    ggn_position_copy(fresh, pos);
    /* The questions in a random order: each may be the one that fills the cache. */
    int order[3] = { 0, 1, 2 };
    for (int i = 2; i > 0; i--) {
        int j = (int)(next_random() % (uint32_t)(i + 1)), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    size_t n = 0, na = 0;
    ggn_status st = { 0 };
    for (int q = 0; q < 3; q++) {
        if (order[q] == 0) st = ggn_position_status(pos);
        if (order[q] == 1) n = ggn_position_legal_moves(pos, a, GGN_MAX_MOVES);
        if (order[q] == 2) na = ggn_position_legal_actions(pos, ai, am, GGN_MAX_MOVES);
    }
    size_t fn = ggn_position_legal_moves(fresh, b, GGN_MAX_MOVES);
    assert_int_equal(n, fn);
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++)
        if (!ggn_move_equal(a[i], b[i])) fail_msg("%s: legal move %zu differs from a fresh generation", what, i);
    ggn_position_copy(fresh, pos);
    size_t fna = ggn_position_legal_actions(fresh, bi, bm, GGN_MAX_MOVES);
    assert_int_equal(na, fna);
    for (size_t i = 0; i < na && i < GGN_MAX_MOVES; i++) {
        if (ai[i] != bi[i] || !ggn_move_equal(am[i], bm[i]))
            fail_msg("%s: action %zu (%ld) differs from a fresh listing's (%ld)", what, i, (long)ai[i], (long)bi[i]);
        ggn_move back;
        /* the id leads to the first move listed with it (chain captures may share one) */
        if (!ggn_action_move(pos, ai[i], &back, NULL)) fail_msg("%s: action %ld is not found back", what, (long)ai[i]);
        size_t first = i;
        while (first > 0 && ai[first - 1] == ai[i]) first--;
        if (!ggn_move_equal(back, am[first])) fail_msg("%s: action %ld leads to another move", what, (long)ai[i]);
    }
    ggn_position_copy(fresh, pos);
    assert_same_status(st, ggn_position_status(fresh), what);
    /* asked again, from the cache: the same */
    assert_same_status(ggn_position_status(pos), st, what);
    assert_int_equal(ggn_position_legal_moves(pos, a, GGN_MAX_MOVES), n);
}

static void play_game(const char *file)
{
    ggn_game *g = load(file);
    ggn_position *pos = ggn_position_new(g), *fresh = ggn_position_new(g);
    assert_non_null(pos);
    assert_non_null(fresh);
    if (ggn_game_has_random_start(g)) ggn_position_random_start(pos, 7 + (uint64_t)next_random());
    static ggn_move moves[GGN_MAX_MOVES];
    char what[256];
    for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
        snprintf(what, sizeof what, "%s, ply %d", file, ply);
        assert_fresh(pos, fresh, what);
        size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        if (ggn_position_status(pos).outcome != GGN_ONGOING || n == 0) break;
        if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
        /* Now and then a move made and taken back first: the position is the same again, and
         * every answer must still be (the cache was dropped and is filled anew). */
        if (next_random() % 4 == 0) {
            assert_true(ggn_position_make(pos, moves[next_random() % n]));
            snprintf(what, sizeof what, "%s, ply %d, a move ahead", file, ply);
            assert_fresh(pos, fresh, what);
            assert_true(ggn_position_unmake(pos));
            snprintf(what, sizeof what, "%s, ply %d, after a move taken back", file, ply);
            assert_fresh(pos, fresh, what);
        }
        assert_true(ggn_position_make(pos, moves[next_random() % n]));
    }
    ggn_position_free(fresh);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_cache_every_game(void **state)
{
    (void)state;
    DIR *dir = opendir(GGN_GAMES_DIR);
    assert_non_null(dir);
    struct dirent *e;
    int games = 0;
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        for (int r = 0; r < rounds; r++) play_game(e->d_name);
        games++;
    }
    closedir(dir);
    assert_true(games >= 70);
}

static void test_playout_repeats_with_its_seed(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *a = ggn_position_new(g), *b = ggn_position_new(g), *fresh = ggn_position_new(g);
    uint64_t s1 = 42, s2 = 42;
    ggn_status ea, eb;
    size_t na = ggn_position_playout(a, &s1, GGN_MAX_PLY, &ea);
    size_t nb = ggn_position_playout(b, &s2, GGN_MAX_PLY, &eb);
    assert_int_equal(na, nb);
    assert_true(s1 == s2 && s1 != 42);
    assert_true(ggn_position_hash(a) == ggn_position_hash(b));
    assert_int_equal(ggn_position_history(a), (int)na);
    /* It stops where the game ends (or where the undo stack is full), and says how it ended. */
    ggn_position_copy(fresh, a);
    assert_same_status(ea, ggn_position_status(fresh), "chess playout");
    assert_true(ea.outcome != GGN_ONGOING || na == GGN_MAX_PLY);
    /* Another state, another game (with near certainty: 42 and 43 agree on no first move here). */
    uint64_t s3 = 43;
    ggn_position *c = ggn_position_new(g);
    ggn_position_playout(c, &s3, 10, NULL);
    assert_int_equal(ggn_position_history(c), 10);
    ggn_position_copy(b, c);
    assert_int_equal(ggn_position_playout(b, &s3, 0, NULL), 0);
    assert_true(ggn_position_hash(b) == ggn_position_hash(c));
    ggn_position_free(c);
    ggn_position_free(fresh);
    ggn_position_free(b);
    ggn_position_free(a);
    ggn_game_free(g);
}

static void test_playouts_batched(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    ggn_position *pos[3];
    for (int i = 0; i < 3; i++) pos[i] = ggn_position_new(g);
    uint64_t rng = 5;
    ggn_status ends[3];
    size_t plies[3];
    size_t total = ggn_positions_playout(pos, 3, &rng, GGN_MAX_PLY, ends, plies);
    assert_int_equal(total, plies[0] + plies[1] + plies[2]);
    for (int i = 0; i < 3; i++) {
        /* breakthrough always ends: a piece reaches the far rank or a side is wiped out */
        assert_int_not_equal(ends[i].outcome, GGN_ONGOING);
        assert_true(ends[i].winner == 0 || ends[i].winner == 1);
        assert_int_equal(ggn_position_history(pos[i]), (int)plies[i]);
        ggn_position_free(pos[i]);
    }
    ggn_game_free(g);
}

/* The ids of a playout's moves, asked afterwards, replay it: applied one by one to the start
 * they reach the same position, and asking changed nothing. */
static void test_recent_actions_replay_a_playout(void **state)
{
    (void)state;
    const char *names[] = { "chess.json", "shogi.json", "othello.json" };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        ggn_game *g = load(names[k]);
        ggn_position *played = ggn_position_new(g), *replay = ggn_position_new(g);
        uint64_t rng = 7 + k;
        size_t n = ggn_position_playout(played, &rng, 60, NULL);
        assert_true(n > 0);
        uint64_t hash = ggn_position_hash(played);
        static int32_t ids[GGN_MAX_PLY];
        /* More than were made: cut to the history. */
        assert_int_equal(ggn_position_recent_actions(played, n + 5, ids), n);
        assert_true(ggn_position_hash(played) == hash);
        assert_int_equal(ggn_position_history(played), (int)n);
        ggn_error err;
        for (size_t i = 0; i < n; i++)
            if (!ggn_position_apply_action(replay, ids[i], &err)) fail_msg("%s ply %zu: %s", names[k], i, err.message);
        assert_true(ggn_position_hash(replay) == hash);
        /* The last two alone: the same two ids. */
        int32_t last[2];
        assert_int_equal(ggn_position_recent_actions(played, 2, last), 2);
        assert_int_equal(last[0], ids[n - 2]);
        assert_int_equal(last[1], ids[n - 1]);
        ggn_position_free(replay);
        ggn_position_free(played);
        ggn_game_free(g);
    }
}

static void test_batched_apply(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos[2] = { ggn_position_new(g), ggn_position_new(g) };
    ggn_move e2e4, d2d4;
    ggn_error err;
    assert_true(ggn_move_parse(pos[0], "e2e4", &e2e4, &err));
    assert_true(ggn_move_parse(pos[1], "d2d4", &d2d4, &err));
    int32_t actions[2] = { ggn_move_action(pos[0], e2e4), ggn_move_action(pos[1], d2d4) };
    ggn_status st[2];
    assert_int_equal(ggn_positions_apply_actions(pos, 2, actions, st, &err), 2);
    assert_int_equal(st[0].outcome, GGN_ONGOING);
    assert_int_equal(ggn_position_to_move(pos[0]), 1);
    assert_int_equal(ggn_position_to_move(pos[1]), 1);
    /* The second action is no legal move now (White's e2e4 with Black to move): the first is
     * applied, the second position stays as it was, and the error names its index. */
    assert_true(ggn_position_unmake(pos[0]));
    uint64_t before = ggn_position_hash(pos[1]);
    assert_int_equal(ggn_positions_apply_actions(pos, 2, (int32_t[]){ actions[0], actions[0] }, NULL, &err), 1);
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_non_null(strstr(err.message, "position 1: "));
    assert_true(ggn_position_hash(pos[1]) == before);
    ggn_position_free(pos[1]);
    ggn_position_free(pos[0]);
    ggn_game_free(g);
}

/* A go9 position (rows from the top, '.' empty, 'S' BLACK, 's' WHITE), BLACK to move. */
static ggn_position *go9_at(ggn_game *g, const char *rows[9])
{
    char fen[256];
    size_t n = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int c = 0; c < 9; c++) {
            if (rows[r][c] == '.') empty++;
            if (empty && (rows[r][c] != '.' || c == 8)) fen[n++] = (char)('0' + empty);
            if (rows[r][c] != '.') {
                empty = 0;
                fen[n++] = rows[r][c];
            }
        }
        if (r < 8) fen[n++] = '/';
    }
    snprintf(fen + n, sizeof fen - n, " w - - 0 1"); /* go9's supply never runs out: no pocket */
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    return pos;
}

/* 'S', 's' or '.' on the point at column x, row y (0 based, a1 is 0, 0). */
static char go_point(const ggn_position *pos, int x, int y)
{
    int kind, owner;
    bool unmoved;
    if (!ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) return '.';
    return owner == 0 ? 'S' : 's';
}

/*
 * The eye-keeping playout policy: with BLACK's eye on a1 and one other empty
 * point, i9 (where BLACK takes WHITE's h9), its first move is i9 every time,
 * while the uniform policy fills the eye or passes in some of the same draws
 * (so the check can fail). With two eyes and nothing else, it passes.
 */
static void test_playout_keeps_eyes(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_game *chess = load("chess.json");
    assert_int_equal(ggn_game_playout_policy(g), GGN_PLAYOUT_KEEP_EYES);
    assert_int_equal(ggn_game_playout_policy(chess), GGN_PLAYOUT_UNIFORM);
    const char *one_eye[9] = { "SSSSSSSs.", "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS",
                               "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS", ".SSSSSSSS" };
    ggn_position *start = go9_at(g, one_eye), *pos = ggn_position_new(g);
    static ggn_move legal[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(start, legal, GGN_MAX_MOVES), 3); /* a1, i9 and the pass */
    int filled = 0, passed = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        uint64_t rng = seed;
        ggn_position_copy(pos, start);
        assert_int_equal(ggn_position_playout_with(pos, &rng, 1, GGN_PLAYOUT_KEEP_EYES, NULL), 1);
        if (go_point(pos, 0, 0) != '.' || go_point(pos, 8, 8) != 'S')
            fail_msg("seed %llu: the policy did not take i9 (a1 '%c', i9 '%c')", (unsigned long long)seed,
                     go_point(pos, 0, 0), go_point(pos, 8, 8));
        assert_int_equal(go_point(pos, 7, 8), '.'); /* WHITE's h9 was taken */
        rng = seed;
        ggn_position_copy(pos, start);
        assert_int_equal(ggn_position_playout_with(pos, &rng, 1, GGN_PLAYOUT_UNIFORM, NULL), 1);
        filled += go_point(pos, 0, 0) == 'S';
        passed += go_point(pos, 0, 0) == '.' && go_point(pos, 8, 8) == '.';
    }
    assert_true(filled > 0 && passed > 0);
    const char *two_eyes[9] = { "SSSSSSSS.", "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS",
                                "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS", ".SSSSSSSS" };
    ggn_position_free(start);
    start = go9_at(g, two_eyes);
    for (uint64_t seed = 1; seed <= 50; seed++) {
        uint64_t rng = seed;
        ggn_position_copy(pos, start);
        assert_int_equal(ggn_position_playout_with(pos, &rng, 1, GGN_PLAYOUT_KEEP_EYES, NULL), 1);
        assert_int_equal(go_point(pos, 0, 0), '.');
        assert_int_equal(go_point(pos, 8, 8), '.');
        assert_int_equal(ggn_position_to_move(pos), 1);
    }
    /* A game without group capture: the policy is the uniform one, draw for draw. */
    ggn_position *a = ggn_position_new(chess), *b = ggn_position_new(chess);
    uint64_t s1 = 7, s2 = 7;
    ggn_position_playout_with(a, &s1, 40, GGN_PLAYOUT_KEEP_EYES, NULL);
    ggn_position_playout(b, &s2, 40, NULL);
    assert_true(ggn_position_hash(a) == ggn_position_hash(b));
    ggn_position_free(b);
    ggn_position_free(a);
    ggn_position_free(pos);
    ggn_position_free(start);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/*
 * What the eye rule is for: BLACK's group in the corner with two eyes (a1 and
 * c1) on an otherwise empty board lives at the end of every eye-keeping
 * playout, played to the game's end; uniform playouts kill it in some (BLACK
 * fills its own eyes), so the check can fail.
 */
static void test_two_eyes_live_in_playouts(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    char fen[512];
    snprintf(fen, sizeof fen, "9/9/9/9/9/9/9/SSSS5/1S1S5 b - - 0 1"); /* go9's supply never runs out */
    ggn_position *start = ggn_position_new(g), *pos = ggn_position_new(g);
    ggn_error err;
    if (!ggn_position_set_fen(start, fen, &err)) fail_msg("%s: %s", fen, err.message);
    int died_uniform = 0;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        uint64_t rng = seed;
        ggn_status end;
        ggn_position_copy(pos, start);
        ggn_position_playout_with(pos, &rng, GGN_MAX_PLY, GGN_PLAYOUT_KEEP_EYES, &end);
        assert_int_not_equal(end.outcome, GGN_ONGOING);
        if (go_point(pos, 1, 1) != 'S') fail_msg("seed %llu: the two-eyed group died", (unsigned long long)seed);
        ggn_position_copy(pos, start);
        ggn_position_playout_with(pos, &rng, GGN_MAX_PLY, GGN_PLAYOUT_UNIFORM, &end);
        died_uniform += go_point(pos, 1, 1) != 'S';
    }
    assert_true(died_uniform > 0);
    ggn_position_free(pos);
    ggn_position_free(start);
    ggn_game_free(g);
}

int main(int argc, char **argv)
{
    if (argc > 1) rounds = atoi(argv[1]);
    if (rounds < 1) rounds = 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cache_every_game),
        cmocka_unit_test(test_playout_repeats_with_its_seed),
        cmocka_unit_test(test_playout_keeps_eyes),
        cmocka_unit_test(test_two_eyes_live_in_playouts),
        cmocka_unit_test(test_playouts_batched),
        cmocka_unit_test(test_recent_actions_replay_a_playout),
        cmocka_unit_test(test_batched_apply),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
