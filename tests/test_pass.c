/*
 * test_pass.c — the mechanisms janggi needs, each on its own, without the
 * oracle (test_fairy compares the four janggi games with Fairy-Stockfish):
 * the pass move ("pass": its text, when it is legal, passes in a row ending
 * the game), facing leaders (game_end.facing_leaders) and the count of points
 * (game_end.points), hops that except kinds (repeat.hop_except), and rays cut
 * to a path region (a named condition "on": "PATH").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

/* Is the move written `text` legal here? (Parsing finds only legal moves.) */
static bool legal(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    return ggn_move_parse(pos, text, &m, &err);
}

static size_t count_moves(ggn_position *pos)
{
    ggn_move mv[GGN_MAX_MOVES];
    return ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
}

/* The pass is written as the leader's square twice, is one of the legal moves, and reads back. */
static void test_pass_is_a_move(void **state)
{
    (void)state;
    ggn_game *g = load("janggi.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    assert_int_equal(n, 32);
    int passes = 0;
    for (size_t i = 0; i < n; i++) {
        if (!ggn_move_is_pass(g, mv[i])) continue;
        passes++;
        char text[16];
        assert_true(ggn_move_format(pos, mv[i], text, sizeof text) > 0);
        assert_string_equal(text, "e2e2");
        char san[16];
        assert_true(ggn_move_format_san(pos, mv[i], san, sizeof san) > 0);
        assert_string_equal(san, "Ke2"); /* the general staying on its square, as Fairy-Stockfish writes it */
    }
    assert_int_equal(passes, 1);
    /* A pass changes nothing but the turn, and is taken back. */
    char before[256], after[256];
    ggn_position_fen(pos, before, sizeof before);
    play_moves(pos, "e2e2");
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, before);
    ggn_position_free(pos);
    /* Chess has no passing: the leader's square twice is no move there. */
    ggn_game *chess = load("chess.json");
    ggn_position *c = ggn_position_new(chess);
    assert_false(legal(c, "e1e1"));
    ggn_position_free(c);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/* A pass cannot parry a check: in check there is none (unless the leaders face, below). */
static void test_no_pass_in_check(void **state)
{
    (void)state;
    ggn_game *g = load("janggi.json");
    ggn_position *pos = position_from_fen(g, "4k4/9/9/9/9/9/9/9/r8/3K5 w - - 0 1"); /* chariot a2 beside: d1 safe */
    assert_true(legal(pos, "d1d1"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "4k4/9/9/9/9/9/9/9/9/r2K5 w - - 0 1"); /* chariot a1 checks d1 */
    assert_true(ggn_position_leader_attacked(pos, 0));
    assert_false(legal(pos, "d1d1"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Two passes in a row end the game: on points in janggi (Han's bonus wins a tie), drawn in casual. */
static void test_passes_in_a_row(void **state)
{
    (void)state;
    ggn_game *g = load("janggi.json");
    ggn_position *pos = ggn_position_new(g);
    assert_int_equal(ggn_position_passes_in_a_row(pos), 0);
    play_moves(pos, "e2e2");
    assert_int_equal(ggn_position_passes_in_a_row(pos), 1);
    play_moves(pos, "e9e9");
    assert_int_equal(ggn_position_passes_in_a_row(pos), 2);
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_PASSES);
    assert_int_equal(st.player, 1);
    assert_int_equal(st.winner, 1); /* equal armies: BLACK's bonus point */
    assert_false(st.draw);
    assert_int_equal(count_moves(pos), 0);
    assert_int_equal(ggn_perft(pos, 2), 0);
    char text[256];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, "BLACK wins: 2 passes in a row, counted on points");
    ggn_position_free(pos);
    /* Two points ahead (a soldier), WHITE wins the count; a pass, a move and a pass end nothing. */
    pos = position_from_fen(g, "rnba1abnr/4k4/1c5c1/2p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
    play_moves(pos, "e2e2");
    play_moves(pos, "e9f9");
    assert_int_equal(ggn_position_passes_in_a_row(pos), 0);
    play_moves(pos, "e2e2");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "f9f9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_PASSES);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("janggicasual.json");
    pos = ggn_position_new(g);
    play_moves(pos, "e2e2");
    play_moves(pos, "e9e9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_PASSES);
    assert_true(st.draw);
    assert_int_equal(st.winner, -1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Facing leaders: parted or passed, and the pass ends the game (janggi, traditional); no rule in casual. */
static void test_facing_leaders(void **state)
{
    (void)state;
    static const char facing[] = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    ggn_game *g = load("janggi.json");
    ggn_position *pos = position_from_fen(g, facing);
    assert_int_equal(count_moves(pos), 3); /* e1d1, e1f1 and the pass; e1e2 stays on the file */
    assert_false(legal(pos, "e1e2"));
    play_moves(pos, "e1e1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LEADERS_FACING);
    assert_int_equal(st.player, 0);
    assert_int_equal(st.winner, 1);
    char text[256];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, "BLACK wins: WHITE passed with the leaders facing, counted on points");
    ggn_position_free(pos);
    /* In check as well: the pass is still legal under the rule. */
    pos = position_from_fen(g, "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1");
    assert_true(ggn_position_leader_attacked(pos, 0));
    assert_true(legal(pos, "e2e2"));
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("janggitraditional.json");
    pos = position_from_fen(g, facing);
    play_moves(pos, "e1e1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LEADERS_FACING);
    assert_true(st.draw);
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("janggicasual.json");
    pos = position_from_fen(g, facing);
    assert_int_equal(count_moves(pos), 4);
    play_moves(pos, "e1e1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* repeat.hop_except: a cannon neither jumps over nor takes a cannon; other screens and targets as ever. */
static void test_hop_except(void **state)
{
    (void)state;
    ggn_game *g = load("janggi.json");
    /* Soldier a3 as screen: a4, a5 by moving, the chariot a6 taken; a cannon on a6 is not. */
    ggn_position *pos = position_from_fen(g, "3k5/9/9/9/r8/9/9/P8/9/C3K4 w - - 0 1");
    assert_true(legal(pos, "a1a4"));
    assert_true(legal(pos, "a1a6"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "3k5/9/9/9/c8/9/9/P8/9/C3K4 w - - 0 1");
    assert_true(legal(pos, "a1a5"));
    assert_false(legal(pos, "a1a6"));
    ggn_position_free(pos);
    /* A cannon as the screen: nothing beyond it. */
    pos = position_from_fen(g, "3k5/9/9/9/r8/9/9/c8/9/C3K4 w - - 0 1");
    assert_false(legal(pos, "a1a4"));
    assert_false(legal(pos, "a1a6"));
    ggn_position_free(pos);
    /* Nor does a cannon behind a cannon give check (the general may stand there). */
    pos = position_from_fen(g, "3k5/9/9/9/9/9/9/9/3c5/3CK4 w - - 0 1");
    assert_false(ggn_position_leader_attacked(pos, 1));
    ggn_position_free(pos);
    pos = position_from_fen(g, "3k5/9/9/9/9/9/9/9/3p5/3CK4 w - - 0 1");
    assert_true(ggn_position_leader_attacked(pos, 1));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* "on": "PATH": the palace diagonals, only from their points and only along them. */
static void test_path_region(void **state)
{
    (void)state;
    ggn_game *g = load("janggi.json");
    /* Chariot d1: e2 and f3 along the diagonal, not g4 (off the lines); blocked by a piece on e2. */
    ggn_position *pos = position_from_fen(g, "3k5/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1");
    assert_true(legal(pos, "d1e2"));
    assert_true(legal(pos, "d1f3"));
    assert_false(legal(pos, "d1g4"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "3k5/9/9/9/9/9/9/9/4P4/3R1K3 w - - 0 1");
    assert_false(legal(pos, "d1f3"));
    ggn_position_free(pos);
    /* From e1 (no diagonal there) the chariot has no diagonal at all. */
    pos = position_from_fen(g, "3k5/9/9/9/9/9/9/9/9/4R1K2 w - - 0 1");
    assert_false(legal(pos, "e1d2"));
    assert_false(legal(pos, "e1f2"));
    ggn_position_free(pos);
    /* The chariot on f3 checks the general on d1 along the diagonal; on the d-file it is parted. */
    pos = position_from_fen(g, "4k4/9/9/9/9/9/9/5r3/9/3K5 w - - 0 1");
    assert_true(ggn_position_leader_attacked(pos, 0));
    ggn_position_free(pos);
    pos = position_from_fen(g, "4k4/9/9/9/9/9/9/5r3/4P4/3K5 w - - 0 1");
    assert_false(ggn_position_leader_attacked(pos, 0));
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pass_is_a_move),     cmocka_unit_test(test_no_pass_in_check),
        cmocka_unit_test(test_passes_in_a_row),    cmocka_unit_test(test_facing_leaders),
        cmocka_unit_test(test_hop_except),         cmocka_unit_test(test_path_region),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
