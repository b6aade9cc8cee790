/*
 * test_fen_rights.c — fen_rights (docs/game-spec.md): FEN's castling field
 * carrying the unmoved state of listed kinds as file letters, as
 * Fairy-Stockfish writes cambodian's first-move privileges (`DEde`); and the
 * rule that a capture guarded by FIRST_MOVE attacks only while its piece has
 * not moved (the met's double step gives check with its right, not without).
 * The move counts are Fairy-Stockfish 11.1's for the same FENs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

static void assert_fen(const ggn_position *pos, const char *want)
{
    char fen[256];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, want);
}

static size_t count_moves(ggn_position *pos)
{
    ggn_move mv[GGN_MAX_MOVES];
    return ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
}

/* The start writes the four rights; each is lost by its piece's first move, and FEN says so. */
static void test_start_and_moves(void **state)
{
    (void)state;
    ggn_game *g = load("cambodian.json");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
    assert_true(has_move(pos, "d1b2"));
    play_moves(pos, "d1c2");
    assert_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/2K5/RNS1MSNR b Ede - 1 1");
    play_moves(pos, "d8c7 c2d1 c7d8");
    /* Back on their squares, the king and the met have no privilege: FEN's letters, not the
     * squares, carry the rights (Fairy-Stockfish: 23 moves, no d1b2). */
    assert_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ee - 4 3");
    assert_false(has_move(pos, "d1b2"));
    assert_int_equal(count_moves(pos), 23);
    ggn_position_free(pos);

    ggn_game *k = load("karouk.json");
    pos = ggn_position_new(k);
    assert_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1");
    ggn_position_free(pos);
    ggn_game_free(k);
    ggn_game_free(g);
}

/* A FEN without a piece's letter takes its privilege away; the letters round-trip. */
static void test_fen_reads_rights(void **state)
{
    (void)state;
    ggn_game *g = load("cambodian.json");
    ggn_position *pos = position_from_fen(g, "3mk3/8/8/8/8/8/R7/3KM3 w DEde - 0 1");
    assert_int_equal(count_moves(pos), 23);
    assert_true(has_move(pos, "d1b2") && has_move(pos, "e1e3"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "3mk3/8/8/8/8/8/R7/3KM3 w Ede - 0 1");
    assert_int_equal(count_moves(pos), 21);
    assert_false(has_move(pos, "d1b2"));
    assert_fen(pos, "3mk3/8/8/8/8/8/R7/3KM3 w Ede - 0 1");
    ggn_position_free(pos);
    /* A letter must name a listed piece on its player's first rank: a1 holds a rook. */
    pos = ggn_position_new(g);
    ggn_error err;
    assert_false(ggn_position_set_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w A - 0 1", &err));
    assert_non_null(strstr(err.message, "FEN rights letter 'A'"));
    assert_false(ggn_position_set_fen(pos, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w KQ - 0 1", &err));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The met's double step (FIRST_MOVE, may capture) attacks only while the met holds its right. */
static void test_first_move_capture_attacks(void **state)
{
    (void)state;
    ggn_game *g = load("cambodian.json");
    ggn_position *pos = position_from_fen(g, "8/8/8/8/8/4k3/8/K3M3 b E - 0 1");
    assert_true(ggn_position_leader_attacked(pos, 1));
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/8/4k3/8/K3M3 b - - 0 1");
    assert_false(ggn_position_leader_attacked(pos, 1));
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/3k4/8/8/K3M3 b E - 0 1");
    assert_int_equal(count_moves(pos), 7); /* not d4e3 */
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/3k4/8/8/K3M3 b - - 0 1");
    assert_int_equal(count_moves(pos), 8);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A pawn promoted to a met has no double step: the privilege belongs to the start's met. */
static void test_promoted_piece_has_no_right(void **state)
{
    (void)state;
    ggn_game *g = load("cambodian.json");
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/2p5/8/8/K7 b - - 0 1");
    play_moves(pos, "c4c3m a1a2");
    assert_int_equal(count_moves(pos), 9);
    assert_false(has_move(pos, "c3c1"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_and_moves),
        cmocka_unit_test(test_fen_reads_rights),
        cmocka_unit_test(test_first_move_capture_attacks),
        cmocka_unit_test(test_promoted_piece_has_no_right),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
