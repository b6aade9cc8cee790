/*
 * test_stones.c — the stone games' mechanisms, each on its own, without the
 * oracle (test_ffish_ataxx and test_ffish_othello compare the two games with
 * Fairy-Stockfish's rules): clones (one move per target, written as the
 * target), conversion (adjacent and flanked, "required"), forced passes
 * (written `pass`, only with no other move, the game over when no one can
 * move) and the result by count.
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

/* The legal moves' text, sorted, space-separated. */
static void moves_text(ggn_position *pos, char *out, size_t cap)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    char text[GGN_MAX_MOVES][16];
    for (size_t i = 0; i < n; i++) assert_true(ggn_move_format(pos, mv[i], text[i], sizeof text[i]) > 0);
    qsort(text, n, sizeof text[0], (int (*)(const void *, const void *))strcmp);
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "", text[i]);
}

static int stones(ggn_position *pos, int player)
{
    ggn_piece_place pl[GGN_MAX_PIECES_ON_BOARD];
    size_t n = ggn_position_pieces(pos, pl, GGN_MAX_PIECES_ON_BOARD);
    int count = 0;
    for (size_t i = 0; i < n; i++) count += pl[i].owner == player;
    return count;
}

/* Two stones next to one empty square make one clone onto it, written as the square; jumps are from-to
 * (counted by hand: a2 and b1 touch a1 and b2 both, six clones in all, six jumps from each). */
static void test_clone_once_per_target(void **state)
{
    (void)state;
    ggn_game *g = load("ataxx.json");
    ggn_position *pos = position_from_fen(g, "6p/7/7/7/7/P6/1P5 w - - 0 1"); /* a2, b1: both touch a1, b2 */
    char text[4096];
    moves_text(pos, text, sizeof text);
    /* clones onto a1 b2 a3 b3 c1 c2 once each; jumps from a2 and b1 */
    assert_string_equal(text, "a1 a2a4 a2b4 a2c1 a2c2 a2c3 a2c4 a3 b1a3 b1b3 b1c3 b1d1 b1d2 b1d3 b2 b3 c1 c2");
    /* A clone leaves its stone and adds one; a jump moves it. Both are taken back exactly. */
    char before[256], after[256];
    ggn_position_fen(pos, before, sizeof before);
    play_moves(pos, "b2");
    assert_int_equal(stones(pos, 0), 3);
    assert_true(ggn_position_unmake(pos));
    play_moves(pos, "b1d2");
    assert_int_equal(stones(pos, 0), 2);
    assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, before);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Arriving stones turn every enemy stone next to them, by a clone or a jump; unmake gives them back. */
static void test_adjacent_conversion(void **state)
{
    (void)state;
    ggn_game *g = load("ataxx.json");
    ggn_position *pos = position_from_fen(g, "7/7/7/2ppp2/2p1p2/2ppp2/1P5 w - - 0 1");
    uint64_t key = ggn_position_hash(pos);
    play_moves(pos, "b1d3"); /* a jump into the ring of eight: all turn */
    char fen[256];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/7/7/2PPP2/2PPP2/2PPP2/7 b - - 1 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_EXTINCTION);
    assert_true(ggn_position_unmake(pos));
    assert_true(ggn_position_hash(pos) == key);
    assert_int_equal(stones(pos, 1), 8);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Othello: a disc goes only where it flanks, and turns every flanked run in every direction, no further. */
static void test_flanked_conversion(void **state)
{
    (void)state;
    ggn_game *g = load("othello.json");
    ggn_position *pos = ggn_position_new(g);
    char text[4096];
    moves_text(pos, text, sizeof text);
    assert_string_equal(text, "c4 d3 e6 f5");
    play_moves(pos, "d3");
    assert_int_equal(stones(pos, 0), 4);
    assert_int_equal(stones(pos, 1), 1);
    ggn_position_free(pos);
    /* Black on a1 and h8, a white diagonal between, a white run on rank 4 closed by black on h4, and a white
     * disc on d2 with nothing behind it: d4 turns the diagonal's b2 c3 (a1's side) and e5 f6 g7 (h8's side)
     * and e4 f4 g4, and leaves d2 and d3. */
    pos = position_from_fen(g, "7P/6p1/5p2/4p3/4pppP/2p5/1p1p4/P7 w - - 0 1");
    play_moves(pos, "P@d4");
    char fen[512];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7P/6P1/5P2/4P3/3PPPPP/2P5/1P1p4/P7 b - - 1 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A player without a move passes (written pass, read back), only then; with no move for anyone the game is over. */
static void test_forced_pass(void **state)
{
    (void)state;
    ggn_game *g = load("ataxx.json");
    ggn_position *pos = position_from_fen(g, "7/7/7/7/ppp4/ppp4/Ppp4 w - - 0 1");
    char text[4096];
    moves_text(pos, text, sizeof text);
    assert_string_equal(text, "pass");
    ggn_move m;
    ggn_error err;
    assert_true(ggn_move_parse(pos, "pass", &m, &err));
    assert_true(ggn_move_is_pass(g, m));
    play_moves(pos, "pass");
    assert_int_equal(ggn_position_to_move(pos), 1);
    ggn_position_free(pos);
    /* With moves, no pass. */
    pos = ggn_position_new(g);
    assert_false(ggn_move_parse(pos, "pass", &m, &err));
    ggn_position_free(pos);
    /* A full board: no one can move, more stones win; equal counts draw (Othello's board, its count). */
    pos = position_from_fen(g, "PPPPPPP/PPPPPPP/PPPPPPP/ppppppp/ppppppp/ppppppp/pppppPp b - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_int_equal(st.winner, 1);
    char words[256];
    ggn_status_describe(g, &st, words, sizeof words);
    assert_string_equal(words, "BLACK wins: no player can move; most points");
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("othello.json");
    pos = position_from_fen(g, "PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP/pppppppp/pppppppp/pppppppp/pppppppp w - - 0 1");
    st = ggn_position_status(pos);
    assert_true(st.draw);
    assert_int_equal(st.winner, -1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clone_once_per_target),
        cmocka_unit_test(test_adjacent_conversion),
        cmocka_unit_test(test_flanked_conversion),
        cmocka_unit_test(test_forced_pass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
