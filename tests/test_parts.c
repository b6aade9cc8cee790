/*
 * test_parts.c — turns in parts (extension "then", engine/parts.c) on
 * Amazons, without the oracle (test_ffish_amazons compares whole turns with
 * Fairy-Stockfish's rules): the part keeps the turn with its player and
 * offers only the arrows from the arrival square, the arrow is a piece of
 * the shooter's, unmake takes each part back exactly, perft counts turns
 * (and from the middle of one, the ways to finish it), no pass may be made
 * in the middle of a turn, and the observation marks the pending part.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/action.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

static size_t legal_count(ggn_position *pos) { return ggn_position_legal_moves(pos, NULL, 0); }

/* From the start: 80 queen moves (counted by hand: 20 for each queen, a4's 2 up, 3 down, 8 right, 5 and 2 on
 * its diagonals; d1's 8 up, 3 left, 2 right, 2 and 5 on its diagonals; g1 and j4 are their mirror images). */
static void test_part_keeps_the_turn(void **state)
{
    (void)state;
    ggn_game *g = load("amazons.json");
    assert_true(ggn_game_has_parts(g));
    ggn_position *pos = ggn_position_new(g);
    char start[256], fen[256];
    ggn_position_fen(pos, start, sizeof start);
    uint64_t hash = ggn_position_hash(pos);
    assert_int_equal(legal_count(pos), 80);
    play_moves(pos, "d1d7");
    /* Still White's turn: its 28 arrows from d7, the way back to d1 among them, and nothing else. */
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_int_equal(legal_count(pos), 28);
    assert_true(has_move(pos, "d7d1"));
    assert_true(has_move(pos, "d7g7"));
    assert_false(has_move(pos, "a4a5"));
    assert_false(ggn_position_make_null(pos));
    assert_int_equal(ggn_perft(pos, 0), 28); /* the ways to finish the turn */
    play_moves(pos, "d7g7");
    assert_int_equal(ggn_position_to_move(pos), 1);
    int kind, owner;
    assert_true(ggn_position_piece_at(pos, 6, 6, &kind, &owner, NULL));
    assert_int_equal(kind, kind_of(g, "ARROW"));
    assert_int_equal(owner, 0);
    ggn_position_fen(pos, fen, sizeof fen);
    /* The counters count turns, as Fairy-Stockfish writes them after a first turn ("b - - 1 1"). */
    assert_string_equal(fen, "3q2q3/10/10/q2Q2A2q/10/10/Q8Q/10/10/6Q3 b - - 1 1");
    /* Black's queen on g10 no longer reaches g7 or beyond it. */
    assert_true(has_move(pos, "g10g8"));
    assert_false(has_move(pos, "g10g7"));
    assert_false(has_move(pos, "g10g6"));
    assert_true(ggn_position_unmake(pos));
    assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, start);
    assert_true(ggn_position_hash(pos) == hash);
    assert_true(ggn_position_make_null(pos)); /* between turns a pass is possible (the search's null move) */
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A pending part is part of the position: the same board with and without it hashes apart. */
static void test_part_in_hash(void **state)
{
    (void)state;
    ggn_game *g = load("amazons.json");
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "d1d7");
    uint64_t pending = ggn_position_hash(pos);
    ggn_position *same = position_from_fen(g, "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/10/6Q3 w - - 0 1");
    assert_true(ggn_position_hash(same) != pending); /* read from FEN: a turn's start, no part pending */
    assert_true(has_move(same, "a4a5")); /* every queen may move: no part is pending */
    assert_false(has_move(pos, "a4a5"));
    ggn_position_free(same);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The observation's last plane marks the square the pending part is played from, and only then. */
static void test_observation_marks_the_part(void **state)
{
    (void)state;
    ggn_game *g = load("amazons.json");
    ggn_position *pos = ggn_position_new(g);
    int planes = ggn_game_observation_planes(g);
    size_t area = 100, n = (size_t)planes * area;
    float *obs = calloc(n, sizeof *obs);
    assert_non_null(obs);
    assert_true(ggn_position_observation(pos, 0, obs, n, NULL));
    float *last = obs + (size_t)(planes - 1) * area;
    for (size_t i = 0; i < area; i++) assert_true(last[i] == 0.0f);
    play_moves(pos, "d1d7");
    assert_true(ggn_position_observation(pos, 0, obs, n, NULL));
    for (size_t i = 0; i < area; i++) assert_true(last[i] == (i == 6 * 10 + 3 ? 1.0f : 0.0f));
    free(obs);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Perft counts whole turns: 2176 from the start (the published count), each queen move's arrows summed. */
static void test_perft_counts_turns(void **state)
{
    (void)state;
    ggn_game *g = load("amazons.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, mv[i]));
        sum += legal_count(pos);
        assert_true(ggn_position_unmake(pos));
    }
    assert_true(sum == 2176);
    assert_true(ggn_perft(pos, 1) == 2176);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_part_keeps_the_turn),
        cmocka_unit_test(test_part_in_hash),
        cmocka_unit_test(test_observation_marks_the_part),
        cmocka_unit_test(test_perft_counts_turns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
