/*
 * test_placement.c — the placement games (issue 36): stones from a supply
 * that never runs out, written as their point ("b2"), rows of k as a goal,
 * gravity and connections.
 *
 * Tic-tac-toe is checked exhaustively against a brute force written here,
 * which knows nothing of ggn: every position reachable from the empty
 * board (play stops at a row of three or a full board) is enumerated by
 * both, the two sets must be equal, and every terminal position must be
 * judged alike. The brute force's own totals are checked against the
 * published ones (5,478 positions; 958 terminal: 626 won by X, 316 by O, 16
 * drawn), so a bug shared by ggn and this file would have to hit those too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/action.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

/* ---- tic-tac-toe by brute force: a board is 9 chars '.', 'X', 'O'; index y * 3 + x ---- */

#define TTT_CELLS 9
#define TTT_CODES 19683 /* 3^9: a board as a base-3 number */

static const int ttt_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static char ttt_winner(const char *b)
{
    for (int i = 0; i < 8; i++)
        if (b[ttt_lines[i][0]] != '.' && b[ttt_lines[i][0]] == b[ttt_lines[i][1]] &&
            b[ttt_lines[i][1]] == b[ttt_lines[i][2]])
            return b[ttt_lines[i][0]];
    return 0;
}

static int ttt_code(const char *b)
{
    int c = 0;
    for (int i = TTT_CELLS - 1; i >= 0; i--) c = c * 3 + (b[i] == '.' ? 0 : b[i] == 'X' ? 1 : 2);
    return c;
}

/* What the brute force found: 0 not reached; 1 ongoing; 2 X won; 3 O won; 4 drawn. */
static void ttt_walk(char *b, char mover, unsigned char *seen)
{
    int code = ttt_code(b);
    if (seen[code]) return;
    char w = ttt_winner(b);
    bool full = !memchr(b, '.', TTT_CELLS);
    seen[code] = w == 'X' ? 2 : w == 'O' ? 3 : full ? 4 : 1;
    if (w || full) return;
    for (int i = 0; i < TTT_CELLS; i++) {
        if (b[i] != '.') continue;
        b[i] = mover;
        ttt_walk(b, mover == 'X' ? 'O' : 'X', seen);
        b[i] = '.';
    }
}

/* The same walk through ggn: its legal moves, its make, its status. */
static void ggn_walk(ggn_position *pos, unsigned char *seen, int *clashes)
{
    char b[TTT_CELLS + 1];
    for (int i = 0; i < TTT_CELLS; i++) {
        int kind, owner;
        bool unmoved;
        b[i] = ggn_position_piece_at(pos, i % 3, i / 3, &kind, &owner, &unmoved) ? (owner == 0 ? 'X' : 'O') : '.';
    }
    b[TTT_CELLS] = '\0';
    int code = ttt_code(b);
    if (seen[code]) return;
    ggn_status st = ggn_position_status(pos);
    unsigned char judged = st.outcome == GGN_ONGOING ? 1 : st.winner == 0 ? 2 : st.winner == 1 ? 3 : st.draw ? 4 : 5;
    seen[code] = judged;
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    if ((judged == 1) != (n > 0)) ++*clashes; /* an ongoing game has moves, a decided one none */
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, mv[i]));
        ggn_walk(pos, seen, clashes);
        ggn_position_unmake(pos);
    }
}

static void test_ttt_exhaustive(void **state)
{
    (void)state;
    static unsigned char brute[TTT_CODES], mine[TTT_CODES];
    char b[TTT_CELLS + 1] = ".........";
    ttt_walk(b, 'X', brute);
    int count[5] = { 0 };
    for (int c = 0; c < TTT_CODES; c++)
        if (brute[c]) count[brute[c]]++;
    /* The published totals, met by the brute force itself. */
    assert_int_equal(count[1] + count[2] + count[3] + count[4], 5478);
    assert_int_equal(count[2] + count[3] + count[4], 958);
    assert_int_equal(count[2], 626);
    assert_int_equal(count[3], 316);
    assert_int_equal(count[4], 16);

    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    int clashes = 0;
    ggn_walk(pos, mine, &clashes);
    assert_int_equal(clashes, 0);
    int differ = 0;
    for (int c = 0; c < TTT_CODES; c++)
        if (brute[c] != mine[c]) {
            if (differ++ < 5) print_error("position %d: brute force %d, ggn %d\n", c, brute[c], mine[c]);
        }
    assert_int_equal(differ, 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A placement is written as its point; "P@b2" is read too; a full board without a row is a draw. */
static void test_ttt_text_and_draw(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    char fen[128];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, "3/3/3 w - - 0 1"); /* an unlimited supply is in no pocket */
    assert_true(has_move(pos, "b2"));
    play_moves(pos, "b2 a1 P@a3 c1 b1 b3 a2 c2");
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, "Pp1/PPp/pPp w - - 8 5");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_ONGOING);
    play_moves(pos, "c3");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE); /* no move left, no row: no_move's default draw */
    assert_true(st.draw);
    /* Action ids name the point too. */
    ggn_position_unmake(pos);
    int32_t ids[16];
    ggn_move moves[16];
    assert_int_equal(ggn_position_legal_actions(pos, ids, moves, 16), 1);
    ggn_error err;
    assert_false(ggn_action_move(pos, ids[0] - 1, &moves[1], &err));
    assert_non_null(strstr(err.message, "(b3)"));
    /* A pocket for a supply that never runs out is refused. */
    assert_false(ggn_position_set_fen(pos, "3/3/3[P] w - - 0 1", &err));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A row wins for its owner, whoever moved last; rows read from FEN are judged on the whole board. */
static void test_ttt_rows(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "a1 b1 b2 c1 c3");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LINE);
    assert_int_equal(st.winner, 0);
    char text[128];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, "X wins: X has 3 in a row");
    ggn_move mv[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), 0);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "2p/1p1/p1P w - - 0 1", &err));
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LINE);
    assert_int_equal(st.winner, 1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ttt_exhaustive),
        cmocka_unit_test(test_ttt_text_and_draw),
        cmocka_unit_test(test_ttt_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
