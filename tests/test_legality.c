/*
 * test_legality.c — leader safety in the corners the published perft tables
 * never reach: games made by editing games/chess.json, where the legal-move
 * filter's shortcuts (legal.c) must agree with the rule itself — a move is
 * legal when, after it, no leader of the mover can be captured. Also the
 * rules that narrow a move list by the board beyond the move itself:
 * checked_leader_only_captures (makpong) and option_limits (grand). And
 * sittuyin's promotion by choice of square: a move that stays (step
 * [0, 0]), PIECE_COUNT, and the move flags giving_check_illegal and
 * attacking_illegal. And six shortcuts, eg_known_legal, the flag_horizon
 * of the key, the few pieces eg_flag_moves generates, the first drops
 * alone of eg_generate_few_drops, the check eg_move_checks sees without the
 * make and the drop rules eg_drop_forbidden judges for the search, against
 * the rule over random positions of every shipped game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "engine/engine.h"
#include "game_util.h"

#define CHESS GGN_GAMES_DIR "/chess.json"

/* games/chess.json with `option` added to every TRANSFORM of the pawn. */
static ggn_game *chess_with_pawn_option(const char *option)
{
    json_error_t jerr;
    json_t *spec = json_load_file(CHESS, 0, &jerr);
    assert_non_null(spec);
    size_t i, j, k;
    json_t *piece, *move, *modifier;
    json_array_foreach(json_object_get(spec, "pieces"), i, piece)
    {
        if (strcmp(json_string_value(json_object_get(piece, "code")), "PAWN") != 0) continue;
        json_array_foreach(json_object_get(piece, "moves"), j, move)
        {
            json_array_foreach(json_object_get(move, "modifiers"), k, modifier)
                json_array_append_new(json_object_get(modifier, "options"), json_string(option));
        }
    }
    char *text = json_dumps(spec, 0);
    json_decref(spec);
    assert_non_null(text);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(text, strlen(text), "chess-king-promotion", &errs);
    free(text);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "load failed");
    return g;
}

/*
 * A pawn that promotes to the leader kind makes a second leader, and that one
 * must be safe too: e7e8=KING lands on a rank the h8 rook sweeps. The move
 * is plain and the a1 king is not attacked, which is exactly the case the
 * filter answers without making the move.
 */
static void test_promotion_to_leader_must_be_safe(void **state)
{
    (void)state;
    ggn_game *g = chess_with_pawn_option("KING");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!ggn_position_set_fen(pos, "k6r/4P3/8/8/8/8/8/K7 w - - 0 1", &err)) fail_msg("%s", err.message);
    assert_true(has_move(pos, "e7e8q"));
    assert_false(has_move(pos, "e7e8k"));
    /* Four promotions and three king moves; perft agrees with the list. */
    assert_int_equal(ggn_perft(pos, 1), 7);

    /* With the rook gone the new king is safe, and the move is legal. */
    if (!ggn_position_set_fen(pos, "k7/4P3/8/8/8/8/8/K7 w - - 0 1", &err)) fail_msg("%s", err.message);
    assert_true(has_move(pos, "e7e8k"));
    assert_int_equal(ggn_perft(pos, 1), 8);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void set(ggn_position *pos, const char *fen)
{
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
}

/*
 * checked_leader_only_captures (games/makpong.json): a king in check may move
 * only to take the piece that alone checks it. Makruk, the same game without
 * the rule, gives the answers of ordinary chess in the same positions.
 */
static void test_checked_leader_only_captures(void **state)
{
    (void)state;
    ggn_game *mp = load("makpong.json"), *mk = load("makruk.json");
    ggn_position *p = ggn_position_new(mp), *q = ggn_position_new(mk);
    /* The e2 rook checks: taking it is the only king move (no stepping aside to d1 or f1). */
    set(p, "4k3/8/8/8/8/8/4r3/4K2R w - - 0 1");
    set(q, "4k3/8/8/8/8/8/4r3/4K2R w - - 0 1");
    assert_true(has_move(p, "e1e2"));
    assert_false(has_move(p, "e1d1"));
    assert_false(has_move(p, "e1f1"));
    assert_int_equal(ggn_perft(p, 1), 1);
    assert_true(has_move(q, "e1d1"));
    assert_int_equal(ggn_perft(q, 1), 3);
    /* Double check (rook e2, knight d3): the king may not take the rook, which is not the whole check. */
    set(p, "4k3/8/8/8/8/3n4/4r3/4K3 w - - 0 1");
    set(q, "4k3/8/8/8/8/3n4/4r3/4K3 w - - 0 1");
    assert_int_equal(ggn_perft(p, 1), 0);
    assert_true(has_move(q, "e1e2"));
    /* Not in check, the king moves as usual; other pieces answer a check as usual. */
    set(p, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
    assert_int_equal(ggn_perft(p, 1), 2);
    set(p, "4k3/8/8/8/8/8/8/r3K2R w - - 0 1");
    assert_int_equal(ggn_perft(p, 1), 0);
    set(p, "4k3/8/8/8/8/8/1R6/r3K3 w - - 0 1");
    assert_true(has_move(p, "b2b1"));
    assert_int_equal(ggn_perft(p, 1), 1);
    ggn_position_free(p);
    ggn_position_free(q);
    ggn_game_free(mp);
    ggn_game_free(mk);
}

/*
 * option_limits (games/grand.json): a pawn becomes only a kind of which its
 * side has fewer pieces on the board than the limit (one queen, chancellor
 * and archbishop, two rooks, bishops and knights); on the last rank, where it
 * must promote, a pawn with nothing to become cannot move there at all.
 */
static void test_option_limits(void **state)
{
    (void)state;
    ggn_game *g = load("grand.json");
    ggn_position *p = ggn_position_new(g);
    /* Two rooks on the board: no c9 promotion to a rook; the five others and staying a pawn are there. */
    set(p, "4k5/10/2P7/10/10/10/10/10/10/R3K4R w - - 0 1");
    assert_false(has_move(p, "c8c9r"));
    assert_true(has_move(p, "c8c9q"));
    assert_true(has_move(p, "c8c9"));
    /* One rook lost: the pawn may become one again. */
    set(p, "4k5/10/2P7/10/10/10/10/10/10/4K4R w - - 0 1");
    assert_true(has_move(p, "c8c9r"));
    /* Every kind at its count: the pawn on c9 has no move to c10 (nor may it stay a pawn there). */
    set(p, "r3k4r/2P7/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1");
    assert_false(has_move(p, "c9c10q"));
    assert_false(has_move(p, "c9c10"));
    /* The queen taken: c9c10q is back, and only it. */
    set(p, "r3k4r/2P7/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1");
    assert_true(has_move(p, "c9c10q"));
    assert_false(has_move(p, "c9c10r"));
    ggn_position_free(p);
    ggn_game_free(g);
}

static void test_sittuyin_promotion(void **state)
{
    (void)state;
    ggn_game *g = load("sittuyin.json");
    ggn_position *p = ggn_position_new(g);
    /* Two pawns: only d5, on a promotion diagonal, promotes — in place or by a step of the general. */
    set(p, "k7/8/8/3P4/8/P7/8/K7[] w - - 0 1");
    assert_int_equal(ggn_perft(p, 1), 10);
    assert_true(has_move(p, "d5d5f"));
    assert_true(has_move(p, "d5c4f"));
    assert_false(has_move(p, "a3a3f"));
    /* The stay is made and taken back like any move; its text reads back. */
    ggn_move m;
    ggn_error err;
    uint64_t h = ggn_position_hash(p);
    assert_true(ggn_move_parse(p, "d5d5f", &m, &err));
    char text[32];
    assert_true(ggn_move_format(p, m, text, sizeof text) > 0);
    assert_string_equal(text, "d5d5f");
    assert_true(ggn_position_make(p, m));
    char fen[256];
    assert_true(ggn_position_fen(p, fen, sizeof fen) > 0);
    assert_string_equal(fen, "k7/8/8/3F4/8/P7/8/K7[] b - - 0 1");
    ggn_position_unmake(p);
    assert_true(ggn_position_hash(p) == h);
    /* The last pawn promotes anywhere (PIECE_COUNT at_most 1); not with a general on the board. */
    set(p, "k7/8/8/8/8/P7/8/K7[] w - - 0 1");
    assert_true(has_move(p, "a3a3f"));
    set(p, "k7/8/8/8/8/P7/8/K6F[] w - - 0 1");
    assert_false(has_move(p, "a3a3f"));
    /* attacking_illegal: the general would attack the knight on f2 from e3; giving_check_illegal: from
     * f3 it would check the king on g2, and leaving d4 uncovers the rook's check along the fourth rank. */
    set(p, "8/8/2k5/4p3/3pp3/8/5NK1/8[] b - - 0 1");
    assert_false(has_move(p, "d4e3f"));
    assert_true(has_move(p, "d4c3f"));
    assert_false(has_move(p, "e4f3f"));
    set(p, "8/8/2k5/8/r2p3K/8/8/8[] b - - 0 1");
    assert_true(has_move(p, "d4d4f"));
    assert_false(has_move(p, "d4c3f"));
    ggn_position_free(p);
    ggn_game_free(g);
}

static uint64_t rng_state = 0x2545F4914F6CDD1Du;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static int move_order(const void *a, const void *b)
{
    const ggn_move *x = a, *y = b;
    uint64_t kx = ((uint64_t)x->from << 32) | ((uint64_t)x->to << 16) | ((uint64_t)x->pattern << 8) | x->action;
    uint64_t ky = ((uint64_t)y->from << 32) | ((uint64_t)y->to << 16) | ((uint64_t)y->pattern << 8) | y->action;
    return kx < ky ? -1 : kx > ky;
}

/*
 * eg_flag_moves generates only the moves of the pieces near a flagged one: its list must be the
 * legal list's moves that pass a flag's condition (eg_reads_flag), every one (as sets: the order
 * may differ).
 * Returns how many such moves there were.
 */
static size_t flag_moves_hold(ggn_position *pos, const char *file, int ply)
{
    ggn_move legal[GGN_MAX_MOVES], fast[GGN_MAX_MOVES];
    size_t nlegal = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES), want = 0;
    for (size_t i = 0; i < nlegal && i < GGN_MAX_MOVES; i++)
        if (eg_reads_flag(pos, legal[i])) legal[want++] = legal[i];
    size_t got = eg_flag_moves(pos, fast);
    qsort(legal, want, sizeof *legal, move_order);
    qsort(fast, got, sizeof *fast, move_order);
    if (got != want || (want > 0 && memcmp(legal, fast, want * sizeof *legal) != 0))
        fail_msg("%s: after ply %d the flag's moves are %zu, the legal list's %zu", file, ply, got, want);
    return want;
}

/* eg_generate_few_drops with room for `k` drops: the full list's first moves, all but its drops past the k-th. */
static void few_drops_hold(const ggn_position *pos, const char *file, int ply)
{
    ggn_move all[GGN_MAX_MOVES], few[GGN_MAX_MOVES];
    size_t n = eg_generate_all(pos, all, GGN_MAX_MOVES), others = 0;
    if (n > GGN_MAX_MOVES) return; /* a list past the buffer: nothing to compare it with */
    for (size_t i = 0; i < n; i++) others += all[i].from != EG_DROP_FROM;
    for (size_t k = 0; k <= 8; k += 4) {
        size_t got = eg_generate_few_drops(pos, few, GGN_MAX_MOVES, k), want = others + k < n ? others + k : n;
        if (got != want || memcmp(all, few, got * sizeof *few) != 0)
            fail_msg("%s: after ply %d, with %zu drops the list has %zu moves, not the full list's first %zu", file, ply,
                     k, got, want);
    }
}

/*
 * eg_move_checks, the search's "does this move give check?" without the make, on every pseudo-legal
 * move: where it answers, the answer is the one after the make (a leader of the player to move
 * then attacked), and the position is as it was. Returns the answers; *checks counts the "yes".
 */
static long moves_check_hold(ggn_position *pos, const char *file, int ply, long *checks)
{
    ggn_move pseudo[GGN_MAX_MOVES];
    size_t n = ggn_position_pseudo_moves(pos, pseudo, GGN_MAX_MOVES);
    long answered = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        uint64_t key = ggn_position_hash(pos);
        int npiece = pos->npiece;
        int said = eg_move_checks(pos, pseudo[i]);
        assert_true(ggn_position_hash(pos) == key && pos->npiece == npiece);
        if (said < 0) continue;
        assert_true(ggn_position_make(pos, pseudo[i]));
        bool checks_now = ggn_position_leader_attacked(pos, ggn_position_to_move(pos));
        assert_true(ggn_position_unmake(pos));
        if (checks_now != (said == 1)) {
            char text[64];
            ggn_move_format(pos, pseudo[i], text, sizeof text);
            fail_msg("%s: %s judged %s without the make, but it does%s (ply %d)", file, text,
                     said ? "to give check" : "to give no check", checks_now ? "" : " not", ply);
        }
        answered++;
        *checks += said;
    }
    return answered;
}

/* A drop is in the legal list exactly when eg_drop_forbidden lets it and it leaves no leader of its player attacked. */
static long drops_hold(ggn_position *pos, const char *file, int ply)
{
    ggn_move pseudo[GGN_MAX_MOVES], legal[GGN_MAX_MOVES];
    size_t n = ggn_position_pseudo_moves(pos, pseudo, GGN_MAX_MOVES);
    size_t nlegal = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
    int mover = ggn_position_to_move(pos);
    long judged = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        if (pseudo[i].from != GGN_MOVE_DROP) continue;
        bool listed = false;
        for (size_t j = 0; j < nlegal && j < GGN_MAX_MOVES && !listed; j++) listed = ggn_move_equal(pseudo[i], legal[j]);
        bool allowed = !eg_drop_forbidden(pos, pseudo[i]);
        if (allowed) {
            assert_true(ggn_position_make(pos, pseudo[i]));
            allowed = !ggn_position_leader_attacked(pos, mover);
            assert_true(ggn_position_unmake(pos));
        }
        if (allowed != listed) {
            char text[64];
            ggn_move_format(pos, pseudo[i], text, sizeof text);
            fail_msg("%s: the drop %s is %s the legal list, but eg_drop_forbidden says %s (ply %d)", file, text,
                     listed ? "in" : "not in", allowed ? "it is allowed" : "it is not", ply);
        }
        judged += pos->g->drop_rules;
    }
    return judged;
}

/*
 * Six shortcuts of the engine, checked on each position of random games.
 * eg_known_legal answers "legal" for a move out of check without making it
 * (the search then skips the attack test after the make): every such answer
 * must hold, after the move no leader of the mover is attacked. And make
 * keeps the key without looking for a timed flag (en passant) from
 * flag_horizon on: the key must equal the one eg_rehash computes. And
 * eg_flag_moves (flag_moves_hold), eg_generate_few_drops (few_drops_hold), eg_move_checks
 * (moves_check_hold, whose answers and "yes" answers add to *checked_moves and *checks) and
 * eg_drop_forbidden (drops_hold: the drops judged in games with drop rules add to *ruled_drops).
 * Returns how many answers of eg_known_legal were checked; *flag_moves counts the moves that read
 * a flag.
 */
static long shortcuts_hold(const char *file, size_t *flag_moves, long *checked_moves, long *checks, long *ruled_drops)
{
    ggn_game *g = load(file);
    ggn_position *pos = ggn_position_new(g);
    long checked = 0;
    for (int ply = 0; ply < 100; ply++) {
        ggn_move legal[GGN_MAX_MOVES], pseudo[GGN_MAX_MOVES];
        size_t nlegal = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
        if (nlegal == 0 || ggn_position_status(pos).outcome != GGN_ONGOING) break;
        int mover = ggn_position_to_move(pos);
        if (!ggn_position_leader_attacked(pos, mover)) {
            size_t npseudo = ggn_position_pseudo_moves(pos, pseudo, GGN_MAX_MOVES);
            for (size_t i = 0; i < npseudo && i < GGN_MAX_MOVES; i++) {
                if (!eg_known_legal(pos, pseudo[i])) continue;
                assert_true(ggn_position_make(pos, pseudo[i]));
                if (ggn_position_leader_attacked(pos, mover)) {
                    ggn_position_unmake(pos);
                    char text[64];
                    ggn_move_format(pos, pseudo[i], text, sizeof text);
                    fail_msg("%s: %s judged legal before it is made, but it leaves a leader attacked (ply %d)",
                             file, text, ply);
                }
                assert_true(ggn_position_unmake(pos));
                checked++;
            }
        }
        *checked_moves += moves_check_hold(pos, file, ply, checks);
        *ruled_drops += drops_hold(pos, file, ply);
        assert_true(ggn_position_make(pos, legal[next_random() % nlegal]));
        /* The key kept by make (no timed flag looked for past flag_horizon) is the key computed afresh. */
        uint64_t kept = ggn_position_hash(pos);
        int32_t horizon = pos->flag_horizon;
        eg_rehash(pos);
        if (ggn_position_hash(pos) != kept) fail_msg("%s: the key after ply %d differs from its rehash", file, ply);
        assert_true(pos->flag_horizon <= horizon);
        *flag_moves += flag_moves_hold(pos, file, ply);
        few_drops_hold(pos, file, ply);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
    return checked;
}

static void test_shortcuts_in_every_game(void **state)
{
    (void)state;
    DIR *dir = opendir(GGN_GAMES_DIR);
    assert_non_null(dir);
    long checked = 0, checked_moves = 0, checks = 0, ruled_drops = 0;
    size_t flag_moves = 0;
    int games = 0;
    for (struct dirent *d; (d = readdir(dir));) {
        size_t len = strlen(d->d_name);
        if (len <= 5 || strcmp(d->d_name + len - 5, ".json") != 0) continue;
        for (int round = 0; round < 2; round++) checked += shortcuts_hold(d->d_name, &flag_moves, &checked_moves, &checks, &ruled_drops);
        games++;
    }
    closedir(dir);
    assert_true(games >= 40);
    /* The shortcut answers for most moves of the chess-like games: a test that saw none tests nothing. */
    assert_true(checked > 10000);
    /* Random games do take en passant now and then: the flag's list was compared with some moves in it. */
    assert_true(flag_moves > 0);
    /* eg_move_checks answered for most moves, and some of them gave check. */
    assert_true(checked_moves > 10000 && checks > 100);
    /* Drops of the games with drop rules beyond leader safety (shogi's uchifuzume, placement's colours) were judged. */
    assert_true(ruled_drops > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_promotion_to_leader_must_be_safe),
        cmocka_unit_test(test_checked_leader_only_captures),
        cmocka_unit_test(test_option_limits),
        cmocka_unit_test(test_sittuyin_promotion),
        cmocka_unit_test(test_shortcuts_in_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
