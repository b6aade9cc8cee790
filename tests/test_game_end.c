/*
 * test_game_end.c — how games end: what makes two positions the same for
 * the repetition rule and the search (identity.c), the dead-position rule
 * of draw_conditions, and the game-end vocabulary of docs/game-spec.md.
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
#include "ggn/search.h"
#include "engine/probe.h"
#include "game_util.h"

/* ---- issue 10, item 3: repetition compares what matters now ------------ */

/* Knights out and back twice: the start position stands for the third time at ply 8. */
static void test_knight_shuffle_is_threefold(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    uint64_t start = ggn_position_hash(pos);
    play_moves(pos, "g1f3 g8f6 f3g1 f6g8");
    assert_true(ggn_position_hash(pos) == start);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "g1f3 g8f6 f3g1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "f6g8");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_REPETITION);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A pawn's unmoved state still matters (its double step), a castling right matters while it exists. */
static void test_rights_are_part_of_the_identity(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    /* The king steps out and back: castling rights are lost, so this is a new position. */
    ggn_position *pos = position_from_fen(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    uint64_t start = ggn_position_hash(pos);
    play_moves(pos, "e1e2 e8e7 e2e1 e7e8");
    assert_true(ggn_position_hash(pos) != start);
    /* Without rights, the same walk repeats the position exactly. */
    uint64_t lost = ggn_position_hash(pos);
    play_moves(pos, "e1e2 e8e7 e2e1 e7e8");
    assert_true(ggn_position_hash(pos) == lost);
    play_moves(pos, "e1e2 e8e7 e2e1 e7e8");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_REPETITION);
    /* The rooks are still unmoved, but with their kings moved that is no right: moving them changes nothing. */
    play_moves(pos, "h1h2 h8h7 h2h1 h7h8");
    assert_true(ggn_position_hash(pos) == lost);
    ggn_position_free(pos);

    /* A rook that moved and came back after its king lost the right is the same rook. */
    pos = position_from_fen(g, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1");
    uint64_t none = ggn_position_hash(pos);
    play_moves(pos, "h1h2 h8h7 h2h1 h7h8");
    assert_true(ggn_position_hash(pos) == none);
    ggn_position_free(pos);

    /* The same board read from FEN with and without rights differs. */
    ggn_position *a = position_from_fen(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ggn_position *b = position_from_fen(g, "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    assert_true(ggn_position_hash(a) != ggn_position_hash(b));
    ggn_position_free(a);
    ggn_position_free(b);
    ggn_game_free(g);
}

/* An en-passant capture that can be made is part of the position; a flag nobody can use is not. */
static void test_en_passant_counts_only_when_possible(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *with = position_from_fen(g, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    ggn_position *without = position_from_fen(g, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert_true(ggn_position_hash(with) != ggn_position_hash(without));
    ggn_position_free(with);
    ggn_position_free(without);
    /* No black pawn beside e4: the flag allows nothing, the positions are the same. */
    with = position_from_fen(g, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    without = position_from_fen(g, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");
    assert_true(ggn_position_hash(with) == ggn_position_hash(without));
    ggn_position_free(with);
    ggn_position_free(without);

    /* Played: after e2e4 (d4 can take), the later same board without the right is no repetition. */
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play_moves(pos, "e2e4 e8d8 e1d1 d8e8 d1e1 e8d8 e1d1 d8e8 d1e1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "e8d8 e1d1 d8e8 d1e1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_REPETITION);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The search sees the knight shuffle as a repetition: its history keys are the same identity. */
static void test_search_history_uses_the_identity(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    uint64_t start = ggn_position_hash(pos);
    play_moves(pos, "g1f3 g8f6 f3g1 f6g8");
    uint64_t hist[8];
    assert_int_equal(eg_hash_history(pos, hist, 8), 4);
    assert_true(hist[0] == start);
    assert_true(ggn_position_hash(pos) == hist[0]);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- issue 10, item 4: dead positions are stated for the whole board ---- */

static ggn_outcome outcome_of(const ggn_game *g, const char *fen)
{
    ggn_position *pos = position_from_fen(g, fen);
    ggn_outcome o = ggn_position_status(pos).outcome;
    ggn_position_free(pos);
    return o;
}

static void test_dead_positions_of_chess(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    /* K+N v K+N is no dead position: e5g6 mates. */
    assert_int_equal(outcome_of(g, "7k/5K1n/8/4N3/8/8/8/8 w - - 0 1"), GGN_ONGOING);
    ggn_position *pos = position_from_fen(g, "7k/5K1n/8/4N3/8/8/8/8 w - - 0 1");
    play_moves(pos, "e5g6");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_CHECKMATE);
    ggn_position_free(pos);
    assert_int_equal(outcome_of(g, "8/8/4k3/8/8/3K4/8/8 w - - 0 1"), GGN_DRAW_MATERIAL);
    assert_int_equal(outcome_of(g, "8/8/4k3/8/8/3KN3/8/8 w - - 0 1"), GGN_DRAW_MATERIAL);
    assert_int_equal(outcome_of(g, "8/8/4k3/4n3/8/3K4/8/8 w - - 0 1"), GGN_DRAW_MATERIAL);
    assert_int_equal(outcome_of(g, "8/8/4k3/8/8/3KB3/8/8 w - - 0 1"), GGN_DRAW_MATERIAL);
    /* K+B v K+B: dead when the bishops share a square colour (e3 and c5 are both dark), alive otherwise. */
    assert_int_equal(outcome_of(g, "8/8/4k3/2b5/8/3KB3/8/8 w - - 0 1"), GGN_DRAW_MATERIAL);
    assert_int_equal(outcome_of(g, "8/8/4k3/3b4/8/3KB3/8/8 w - - 0 1"), GGN_ONGOING);
    assert_int_equal(outcome_of(g, "8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"), GGN_ONGOING);
    assert_int_equal(outcome_of(g, "8/8/4k3/8/8/3KB3/4b3/8 w - - 0 1"), GGN_ONGOING);
    ggn_game_free(g);
}

/* The original engine's shape still means "each player's material is one of these". */
static void test_per_player_material_sets_still_read(void **state)
{
    (void)state;
    const char *spec =
        "{\"name\": \"T\", \"leader\": \"K\", \"board\": {\"dimensions\": [4, 4]},"
        " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\":"
        " [{\"piece\": \"K\", \"positions\": [[0, 0]]}, {\"piece\": \"N\", \"positions\": [[1, 0]]}]},"
        " {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]], \"starting_positions\":"
        " [{\"piece\": \"K\", \"positions\": [[3, 3]]}, {\"piece\": \"N\", \"positions\": [[2, 3]]}]}],"
        " \"turns\": {\"order\": [\"A\", \"B\"]},"
        " \"draw_conditions\": {\"insufficient_material\": [[\"K\"], [\"K\", \"N\"]]},"
        " \"pieces\": [{\"code\": \"K\", \"moves\": [{\"id\": 0, \"step\": [0, 1], \"actions\":"
        " [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}, {\"code\": \"N\", \"moves\": []}]}";
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "t.json", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    ggn_position *pos = ggn_position_new(g);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_MATERIAL);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- issue 11: the game_end vocabulary ---------------------------------- */

static void describe_is(const ggn_game *g, ggn_position *pos, const char *want)
{
    ggn_status st = ggn_position_status(pos);
    char text[512];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, want);
}

/* Goals: a king on the hill wins, and the decided position has no moves (perft 0). */
static void test_goal_zone(void **state)
{
    (void)state;
    ggn_game *g = load("kingofthehill.json");
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "e3d4");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.kind, kind_of(g, "KING"));
    assert_true(eg_game_over(pos, NULL));
    ggn_move mv[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), 0);
    assert_int_equal(ggn_perft(pos, 2), 0);
    describe_is(g, pos, "WHITE wins: KING reached HILL");
    ggn_position_free(pos);
    /* A queen on the hill is no goal: only the listed kinds count. */
    pos = position_from_fen(g, "4k3/8/8/8/3Q4/4K3/8/8 b - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    ggn_position_free(pos);
    /* In chess the same move is just a move. */
    ggn_game *chess = load("chess.json");
    pos = position_from_fen(chess, "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
    play_moves(pos, "e3d4");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_MATERIAL);
    ggn_position_free(pos);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/* Check counting: the count is part of the position and of FEN, Fairy-Stockfish's "3+3". */
static void test_check_limit(void **state)
{
    (void)state;
    ggn_game *g = load("3check.json");
    ggn_position *pos = ggn_position_new(g);
    char fen[256];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
    uint64_t before = ggn_position_hash(pos);
    play_moves(pos, "e2e4 d7d5 f1b5");
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 1 2");
    /* What the search's check race reads: the limit and the checks given so far. */
    assert_int_equal(eg_check_limit(g), 3);
    assert_int_equal(eg_checks_given(pos, 0), 1);
    assert_int_equal(eg_checks_given(pos, 1), 0);
    assert_int_equal(eg_checks_given(pos, 2), 0);
    /* Read back: same position, same hash. */
    ggn_position *q = position_from_fen(g, fen);
    assert_true(ggn_position_hash(q) == ggn_position_hash(pos));
    ggn_position_free(q);
    /* Same board, other count: another position. */
    q = position_from_fen(g, "rnbqkbnr/ppp1pppp/8/1B1p4/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 3+3 1 2");
    assert_true(ggn_position_hash(q) != ggn_position_hash(pos));
    ggn_position_free(q);
    ggn_position_unmake(pos);
    ggn_position_unmake(pos);
    ggn_position_unmake(pos);
    assert_true(ggn_position_hash(pos) == before);
    ggn_position_free(pos);

    /* The third check wins at once, even where the checked side could reply. */
    pos = position_from_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 1");
    play_moves(pos, "a1a8");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECK_LIMIT);
    assert_int_equal(st.winner, 0);
    ggn_move mv[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), 0);
    describe_is(g, pos, "WHITE wins: WHITE gave check 3 times");
    ggn_position_free(pos);

    /* Bad checks fields are refused, and chess has no such field. */
    ggn_error err;
    pos = ggn_position_new(g);
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 1", &err));
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/R3K3 w - - 3+x 0 1", &err));
    ggn_position_free(pos);
    ggn_game *chess = load("chess.json");
    pos = ggn_position_new(chess);
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1", &err));
    ggn_position_free(pos);
    assert_int_equal(eg_check_limit(chess), 0);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/* Extinction, the no-move result and forced capture, as antichess uses them. */
static void test_extinction_no_move_forced_capture(void **state)
{
    (void)state;
    ggn_game *g = load("antichess.json");
    /* White has no piece left: white wins. */
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/8/8/8/8 w - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 0);
    describe_is(g, pos, "WHITE wins: WHITE has no pieces left");
    ggn_position_free(pos);
    /* Blocked pawn: no move, not in check, and that is a win for the player to move. */
    pos = position_from_fen(g, "8/8/8/8/8/p7/P7/7k w - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_int_equal(st.winner, 0);
    assert_false(st.draw);
    ggn_position_free(pos);
    /* A capture is there: only captures are legal. */
    pos = position_from_fen(g, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    assert_true(has_move(pos, "e2e3"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "4k3/8/8/8/8/3p4/4P3/4K3 w - - 0 1");
    ggn_move mv[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), 1);
    assert_true(has_move(pos, "e2d3"));
    assert_int_equal(ggn_perft(pos, 1), 1);
    ggn_position_free(pos);
    /* No leader: the king may be taken like any piece. */
    pos = position_from_fen(g, "8/8/8/8/8/8/3k4/4K3 w - - 0 1");
    assert_true(has_move(pos, "e1d2"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Breakthrough: any piece on the last rank wins; a player with no piece left loses. */
static void test_breakthrough_ends(void **state)
{
    (void)state;
    ggn_game *g = load("breakthrough.json");
    ggn_position *pos = position_from_fen(g, "8/1P6/8/8/8/8/p7/8 w - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "b7b8");
    describe_is(g, pos, "WHITE wins: PAWN reached LAST_RANK");
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/8/1p6/P7/8 w - - 0 1");
    play_moves(pos, "a2b3");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.player, 1);
    assert_int_equal(st.winner, 0);
    describe_is(g, pos, "WHITE wins: BLACK has no pieces left");
    assert_int_equal(ggn_perft(pos, 1), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Racing kings: a move that gives check is illegal; the first king home wins unless the other answers. */
static void test_racing_answer_and_no_checks(void **state)
{
    (void)state;
    ggn_game *g = load("racingkings.json");
    /* The rook may not go to a7, where it would check the king on h7 along the rank. */
    ggn_position *pos = position_from_fen(g, "8/7k/8/8/8/8/8/R5K1 w - - 0 1");
    assert_false(has_move(pos, "a1a7"));
    assert_true(has_move(pos, "a1a6"));
    ggn_position_free(pos);
    /* White reaches the last rank; Black, one step away, answers: a draw. */
    pos = position_from_fen(g, "8/K6k/8/8/8/8/8/8 w - - 0 1");
    play_moves(pos, "a7a8");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "h7h8");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_true(st.draw);
    ggn_position_free(pos);
    /* Black may answer but does not: White wins once Black has moved. */
    pos = position_from_fen(g, "8/K6k/8/8/8/8/8/8 w - - 0 1");
    play_moves(pos, "a7a8 h7h6");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 0);
    describe_is(g, pos, "WHITE wins: KING reached FINISH");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Racing kings' finish judged by rounds ("answer": "round"), as lichess, python-chess and
 * Fairy-Stockfish's later versions (ffish) judge it: Black home first wins at once; White home
 * first wins at once when Black cannot reach the last rank with its next move (issue 41).
 */
static void test_racing_rounds(void **state)
{
    (void)state;
    ggn_game *g = load("racingkings.json");
    ggn_move moves[GGN_MAX_MOVES];
    /* Black reached the last rank, White did not in the round: Black wins, White has no move. */
    ggn_position *pos = position_from_fen(g, "1k6/4K3/8/8/8/8/8/8 w - - 4 22");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 1);
    assert_int_equal(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), 0);
    assert_int_equal(ggn_perft(pos, 2), 0);
    ggn_position_free(pos);
    /* White home, Black's king on a3 cannot reach the eighth rank: White has won, Black has no move
     * (`ggn uci` answers bestmove (none), as python-chess expects). */
    pos = position_from_fen(g, "3K4/8/2r5/8/3B4/k7/q2nN3/1rb1N1Rn b - - 1 9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 0);
    describe_is(g, pos, "WHITE wins: KING reached FINISH");
    assert_int_equal(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), 0);
    ggn_position_free(pos);
    /* The same with Black's king on a7, one step from home: the game goes on for Black's answer. */
    pos = position_from_fen(g, "3K4/k7/8/8/8/8/8/8 b - - 1 9");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    assert_int_equal(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), 5);
    /* ...and the judging, which makes and takes back Black's moves, left the position as it was. */
    char fen[128];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "3K4/k7/8/8/8/8/8/8 b - - 1 9");
    ggn_position_free(pos);
    /* Black's king one step from home, but both squares it could step to are guarded: no answer. */
    pos = position_from_fen(g, "2RK4/k7/8/8/8/8/8/8 b - - 1 9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    /* Both home: a draw when the round is over (White to move), Black's win when Black is to move
     * (it came home first, and White after it). */
    pos = position_from_fen(g, "k2K4/8/8/8/8/8/8/8 w - - 1 9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_true(st.draw);
    ggn_position_free(pos);
    pos = position_from_fen(g, "k2K4/8/8/8/8/8/8/8 b - - 1 9");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 1);
    ggn_position_free(pos);
    /* Perft stops where the game ends: after d7d8 Black (a2) cannot answer, after d7c8 neither. */
    pos = position_from_fen(g, "8/3K4/8/8/8/8/k7/8 w - - 0 1");
    assert_int_equal(ggn_perft(pos, 2), 25); /* 8 moves of White; 5 of Black after each but the 3 home */
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A two-player race on a 4x4 board: the turn order and the goal's "answer" are filled in. */
#define RACE_SPEC "{\"name\": \"Race\", \"leader\": \"K\", \"board\": {\"dimensions\": [4, 4]}," \
    " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]]," \
    "  \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0, 0]]}]}," \
    " {\"name\": \"B\", \"direction\": [[1, 0], [0, 1]]," \
    "  \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[3, 0]]}]}]," \
    " \"turns\": {\"order\": %s, \"start_at\": 0}," \
    " \"conditions\": [{\"code\": \"TOP\", \"type\": \"POSITION\"," \
    "  \"check\": {\"A\": [[0, 3]], \"B\": [[3, 3]]}}]," \
    " \"game_end\": {\"goals\": [{\"on\": \"TOP\", \"result\": \"win\", \"answer\": %s}]}," \
    " \"pieces\": [{\"code\": \"K\", \"name\": \"king\", \"symbol\": \"K\"," \
    "  \"moves\": [{\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}"

/* "answer": "round" is read in two-player games taking turns only, and is the only word it takes. */
static void test_round_answer_refused(void **state)
{
    (void)state;
    char spec[4096];
    snprintf(spec, sizeof spec, RACE_SPEC, "[\"A\", \"B\"]", "\"round\"");
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "race.json", &errs);
    if (!g) fail_msg("race.json: %s", errs.count ? errs.items[0].message : "?");
    ggn_game_free(g);
    snprintf(spec, sizeof spec, RACE_SPEC, "[\"A\", \"A\", \"B\"]", "\"round\"");
    ggn_errors_init(&errs);
    assert_null(ggn_game_load_string(spec, strlen(spec), "race.json", &errs));
    assert_true(errs.count >= 1);
    assert_int_equal(errs.items[0].code, GGN_E_VALUE);
    assert_non_null(strstr(errs.items[0].message, "needs two players who take turns"));
    assert_string_equal(errs.items[0].pointer, "/game_end/goals/0/answer");
    snprintf(spec, sizeof spec, RACE_SPEC, "[\"A\", \"B\"]", "\"later\"");
    ggn_errors_init(&errs);
    assert_null(ggn_game_load_string(spec, strlen(spec), "race.json", &errs));
    assert_int_equal(errs.items[0].code, GGN_E_UNKNOWN);
    assert_non_null(strstr(errs.items[0].message, "unknown answer 'later'"));
}

/* Horde: the side without a king loses by losing every piece; the other is mated as in chess. */
static void test_horde_ends(void **state)
{
    (void)state;
    ggn_game *g = load("horde.json");
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/8/8/1p6/P7 b - - 0 1");
    play_moves(pos, "b2a1q");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 1);
    describe_is(g, pos, "BLACK wins: WHITE has no pieces left");
    ggn_position_free(pos);
    /* A first-rank pawn may step two, but cannot be taken en passant (as in Fairy-Stockfish). */
    pos = position_from_fen(g, "4k3/8/8/8/8/1p6/8/2P5 w - - 0 1");
    play_moves(pos, "c1c3");
    char fen[128];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/8/8/8/1pP5/8/8 b - - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Losers: being mated, stalemated or left with the king alone wins; three kings: losing one loses. */
static void test_losers_and_threekings(void **state)
{
    (void)state;
    ggn_game *g = load("losers.json");
    ggn_position *pos = position_from_fen(g, "7k/6Q1/6K1/8/p7/8/8/8 b - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 1);
    describe_is(g, pos, "BLACK wins: checkmate: BLACK has no legal move");
    ggn_position_free(pos);
    pos = position_from_fen(g, "7k/8/8/8/8/8/8/R3K3 w - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 1);
    describe_is(g, pos, "BLACK wins: BLACK has fewer than 2 pieces");
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("threekings.json");
    pos = position_from_fen(g, "k3k2k/8/8/8/8/8/8/K3K1RK w - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    ggn_position_free(pos);
    pos = position_from_fen(g, "k3k2k/8/8/8/8/8/8/K3K2R b - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 1);
    describe_is(g, pos, "BLACK wins: WHITE has fewer than 3 KING");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Issue 11, item 1: the extinction family. */

/* Shatranj's bare king: a bared side loses unless it can bare the other back at once. */
static void test_bare_king_answer(void **state)
{
    (void)state;
    ggn_game *g = load("shatranj.json");
    /* Black is bared, to move, and White has one piece besides the king: Black may still bare it back. */
    ggn_position *pos = position_from_fen(g, "3k4/8/8/8/8/8/8/R2K4 b - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    assert_int_equal(ggn_perft(pos, 1), 5);
    ggn_position_free(pos);
    /* With two pieces besides the king no single capture bares White: Black has lost. */
    pos = position_from_fen(g, "3k4/8/8/8/8/8/8/RR1K4 b - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.player, 1);
    assert_int_equal(ggn_perft(pos, 2), 0);
    describe_is(g, pos, "WHITE wins: BLACK has fewer than 2 pieces");
    ggn_position_free(pos);
    /* Black moved and is still bare while White is not: too late to answer. */
    pos = position_from_fen(g, "3k4/8/8/8/8/8/8/R2K4 w - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    /* Baring back: both kings bare, nobody has lost by this rule (K v K is a dead position). */
    pos = position_from_fen(g, "3k4/3R4/8/8/8/8/8/3K4 b - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "d8d7");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_DRAW_MATERIAL);
    assert_true(ggn_perft(pos, 1) > 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Giveaway, extinction, kinglet: the king is no leader but castles; the rights are in FEN. */
static void test_castling_without_leader(void **state)
{
    (void)state;
    const char *files[] = { "giveaway.json", "extinction.json", "kinglet.json", "codrus.json" };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        ggn_game *g = load(files[i]);
        assert_int_equal(ggn_game_leader(g), -1);
        ggn_position *pos = ggn_position_new(g);
        char fen[256];
        ggn_position_fen(pos, fen, sizeof fen);
        assert_string_equal(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        ggn_position_free(pos);
        /* Through an attacked square: nobody is in check in these games. */
        pos = position_from_fen(g, "rn1qk1nr/pppppppp/b7/8/8/8/PPPP1PPP/RNBQK2R w KQkq - 0 1");
        assert_true(has_move(pos, "e1g1"));
        play_moves(pos, "e1g1");
        ggn_position_fen(pos, fen, sizeof fen);
        assert_string_equal(fen, "rn1qk1nr/pppppppp/b7/8/8/8/PPPP1PPP/RNBQ1RK1 b kq - 1 1");
        ggn_position_free(pos);
        /* No right in FEN, no castling, though king and rook stand at home. */
        pos = position_from_fen(g, "rn1qk1nr/pppppppp/b7/8/8/8/PPPP1PPP/RNBQK2R w kq - 0 1");
        assert_false(has_move(pos, "e1g1"));
        ggn_position_fen(pos, fen, sizeof fen);
        assert_string_equal(fen, "rn1qk1nr/pppppppp/b7/8/8/8/PPPP1PPP/RNBQK2R w kq - 0 1");
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* Extinction chess loses with the last piece of any kind, kinglet with the last pawn, codrus wins with the king. */
static void test_extinction_of_kinds(void **state)
{
    (void)state;
    ggn_game *g = load("extinction.json");
    ggn_position *pos = position_from_fen(g, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 1);
    describe_is(g, pos, "BLACK wins: WHITE has no QUEEN left");
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("kinglet.json");
    pos = position_from_fen(g, "rnbqkbnr/8/8/8/8/8/P7/RNBQKBNR b KQkq - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_EXTINCTION);
    assert_int_equal(ggn_position_status(pos).winner, 0);
    ggn_position_free(pos);
    pos = position_from_fen(g, "4k3/p7/8/8/8/8/P7/4K3 w - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("codrus.json");
    pos = position_from_fen(g, "4k3/p7/8/8/8/8/P7/Q7 b - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_EXTINCTION);
    assert_int_equal(st.winner, 0);
    describe_is(g, pos, "WHITE wins: WHITE has no KING left");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * A capture that takes the last piece of a kind an extinction rule counts
 * decides the game, whatever the exchange after it would be: the queen's
 * d1xd4 takes Black's only knight, defended by the e5 pawn. The search orders
 * such a capture first and never prunes it (eg_capture_decides).
 */
static void test_capture_decides(void **state)
{
    (void)state;
    ggn_game *g = load("extinction.json");
    ggn_position *pos = position_from_fen(g, "r1bqk3/p7/8/4p3/3n4/8/P7/RNBQK3 w - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    ggn_move m;
    assert_true(ggn_move_parse(pos, "d1d4", &m, NULL));
    assert_true(eg_capture_decides(pos, m));
    assert_true(ggn_move_parse(pos, "a2a3", &m, NULL));
    assert_false(eg_capture_decides(pos, m)); /* no capture */
    ggn_position_free(pos);
    /* With a second black knight the same capture decides nothing. */
    pos = position_from_fen(g, "rnbqk3/p7/8/4p3/3n4/8/P7/RNBQK3 w - - 0 1");
    assert_true(ggn_move_parse(pos, "d1d4", &m, NULL));
    assert_false(eg_capture_decides(pos, m));
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("chess.json");
    pos = position_from_fen(g, "4k3/8/8/4p3/3n4/8/8/3QK3 w - - 0 1");
    assert_true(ggn_move_parse(pos, "d1d4", &m, NULL));
    assert_false(eg_capture_decides(pos, m)); /* no extinction rule */
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Suicide: a player without a move leaves the win to the player with fewer pieces, a draw when even. */
static void test_fewest_pieces(void **state)
{
    (void)state;
    ggn_game *g = load("suicide.json");
    ggn_position *pos = position_from_fen(g, "8/8/8/8/8/p7/P7/8 w - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_true(st.draw);
    assert_int_equal(eg_no_move_result(pos, false), 0);
    describe_is(g, pos, "Draw: WHITE has no legal move; as many pieces left");
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/8/p7/P7/7p w - - 0 1");
    st = ggn_position_status(pos);
    assert_false(st.draw);
    assert_int_equal(st.winner, 0);
    assert_int_equal(eg_no_move_result(pos, false), 1);
    describe_is(g, pos, "WHITE wins: WHITE has no legal move; fewest pieces left");
    ggn_position_free(pos);
    pos = position_from_fen(g, "8/8/8/8/p7/P7/P7/8 w - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.winner, 1);
    assert_int_equal(eg_no_move_result(pos, false), -1);
    ggn_position_free(pos);
    /* Antichess gives the stalemated player the win whatever the count. */
    ggn_game *anti = load("antichess.json");
    pos = position_from_fen(anti, "8/8/8/8/p7/P7/P7/8 w - - 0 1");
    assert_int_equal(ggn_position_status(pos).winner, 0);
    ggn_position_free(pos);
    ggn_game_free(anti);
    ggn_game_free(g);
}

/* Issue 11, item 2: clobber (no move loses, no leader) and jeson mor (a knight held on the centre). */
static void test_clobber_and_jesonmor(void **state)
{
    (void)state;
    ggn_game *g = load("clobber.json");
    assert_int_equal(ggn_game_leader(g), -1);
    ggn_position *pos = ggn_position_new(g);
    char fen[256];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "PpPpP/pPpPp/PpPpP/pPpPp/PpPpP/pPpPp w - - 0 1");
    ggn_position_free(pos);
    /* Stones move only by taking an orthogonal neighbour: none here, and that loses. */
    pos = position_from_fen(g, "P4/5/2p2/5/5/4p w - - 0 1");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_int_equal(st.winner, 1);
    assert_false(st.draw);
    describe_is(g, pos, "BLACK wins: WHITE has no legal move");
    ggn_position_free(pos);
    pos = position_from_fen(g, "Pp3/5/5/5/5/5 w - - 0 1");
    assert_true(has_move(pos, "a6b6"));
    assert_int_equal(ggn_perft(pos, 1), 1);
    play_moves(pos, "a6b6");
    assert_int_equal(ggn_position_status(pos).winner, 0);
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("jesonmor.json");
    /* The knight has just reached e5: Black may still take it. */
    pos = position_from_fen(g, "9/9/9/9/4N4/9/5n3/9/9 b - - 0 1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    assert_true(has_move(pos, "f3e5"));
    ggn_position_free(pos);
    /* Still there with White to move: White leaves the centre at will, and has won. */
    pos = position_from_fen(g, "9/9/9/9/4N4/9/9/9/n8 w - - 0 1");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_GOAL);
    assert_int_equal(st.winner, 0);
    assert_int_equal(ggn_perft(pos, 1), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The search scores the new results: it takes the hill when it can, and knows a won stalemate. */
static void test_search_scores_results(void **state)
{
    (void)state;
    ggn_game *g = load("kingofthehill.json");
    ggn_position *pos = position_from_fen(g, "r3k3/8/8/8/8/4K3/8/8 w - - 0 1");
    ggn_search_limits lim = { 0 };
    lim.depth = 3;
    ggn_search_result res;
    assert_true(ggn_search_best(pos, &lim, &res));
    char text[64];
    assert_true(res.found);
    ggn_move_format(pos, res.best, text, sizeof text);
    assert_true(strcmp(text, "e3d4") == 0 || strcmp(text, "e3e4") == 0);
    assert_true(res.score > GGN_SEARCH_MATE_BOUND);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- checkmate_by_only and checkmate_needs: a mate judged by its checks ---- */

/*
 * A small chess without pawns whose mates are judged as shatar's: a mate given by knights alone
 * wins for the mated player, and a mate wins only when the unbroken series of checks that led to
 * it holds a rook's check; otherwise it is a draw.
 */
static ggn_game *series_game(void)
{
    const char *spec =
        "{\"name\": \"Series\", \"leader\": \"K\", \"board\": {\"dimensions\": [8, 8]},"
        " \"players\": [{\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\":"
        " [{\"piece\": \"K\", \"positions\": [[4, 0]]}]},"
        " {\"name\": \"BLACK\", \"direction\": [[1, 0], [0, -1]], \"starting_positions\":"
        " [{\"piece\": \"K\", \"positions\": [[4, 7]]}]}],"
        " \"turns\": {\"order\": [\"WHITE\", \"BLACK\"]},"
        " \"game_end\": {\"checkmate_by_only\": {\"pieces\": [\"N\"], \"result\": \"win\"},"
        "              \"checkmate_needs\": {\"check_by\": [\"R\"], \"otherwise\": \"draw\"}},"
        " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"betza\": \"K\"}, {\"code\": \"R\", \"symbol\": \"R\", \"betza\": \"R\"},"
        " {\"code\": \"N\", \"symbol\": \"N\", \"betza\": \"N\"}, {\"code\": \"B\", \"symbol\": \"B\", \"betza\": \"B\"},"
        " {\"code\": \"P\", \"symbol\": \"P\", \"betza\": \"fmWfcF\"}]}";
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "series.json", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    return g;
}

/* The same bishop mate (a3b2, the king on h8) after a rook's check, and after a quiet rook move. */
#define SERIES_FEN "6b1/6kp/8/8/8/B7/8/K1R5 w - - 0 1"

static void test_checkmate_needs_a_series_check(void **state)
{
    (void)state;
    ggn_game *g = series_game();
    ggn_position *pos = position_from_fen(g, SERIES_FEN);
    play_moves(pos, "c1g1 g7h8 a3b2");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 0);
    assert_false(st.draw);
    assert_int_equal(st.rule, -1);
    assert_int_equal(eg_no_move_result(pos, true), -1);
    describe_is(g, pos, "WHITE wins: checkmate");
    ggn_position_free(pos);

    /* No check before the bishop's: the series holds no rook's check, a draw. */
    pos = position_from_fen(g, SERIES_FEN);
    play_moves(pos, "c1d1 g7h8 a3b2");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_true(st.draw);
    assert_int_equal(st.winner, -1);
    assert_int_equal(st.rule, GGN_MATE_WITHOUT_CHECK);
    assert_int_equal(eg_no_move_result(pos, true), 0);
    describe_is(g, pos, "Draw: checkmate of BLACK with no check by R in the checks that led to it");
    ggn_position_free(pos);

    /* Two checks back: a rook's check, then a bishop's, then the bishop's mate. */
    pos = position_from_fen(g, "6b1/7p/3B1k2/8/8/B7/8/K1R5 w - - 0 1");
    play_moves(pos, "c1f1 f6g7 d6f8 g7h8 a3b2");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);

    /* The rook's check given by the mate itself counts; so does the check the FEN's position stands in. */
    pos = position_from_fen(g, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    play_moves(pos, "a1a8");
    assert_int_equal(ggn_position_status(pos).winner, 0);
    ggn_position_free(pos);
    pos = position_from_fen(g, "6b1/6kp/8/8/8/B7/8/K5R1 b - - 1 1");
    play_moves(pos, "g7h8 a3b2");
    assert_int_equal(ggn_position_status(pos).winner, 0);
    ggn_position_free(pos);
    /* A FEN has no history: the same mate set from its FEN is judged by its own check alone. */
    pos = position_from_fen(g, "6bk/7p/8/8/8/8/1B6/K5R1 b - - 2 2");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_true(st.draw);
    ggn_position_free(pos);

    /* Pawns and kings count for nothing here: a pawn's mate is a draw. */
    pos = position_from_fen(g, "7k/5K1p/6P1/8/8/8/8/8 w - - 0 1");
    play_moves(pos, "g6g7");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_true(st.draw);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A knight's mate wins for the player mated; with a rook checking as well it is the rook's mate. */
static void test_checkmate_by_only(void **state)
{
    (void)state;
    ggn_game *g = series_game();
    ggn_position *pos = position_from_fen(g, "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1");
    play_moves(pos, "g5f7");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 1);
    assert_int_equal(st.rule, GGN_MATE_BY_ONLY);
    assert_int_equal(eg_no_move_result(pos, true), 1);
    describe_is(g, pos, "BLACK wins: checkmate of BLACK given by N only");
    ggn_position_free(pos);
    /* Knight and rook check together (the knight's move opens the rook's file): the rook's mate wins. */
    pos = position_from_fen(g, "6rk/6p1/8/8/7N/8/8/K6R w - - 0 1");
    play_moves(pos, "h4g6");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.rule, -1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Unmake drops a move's record with it: the same mate after another history is judged afresh. */
static void test_check_series_make_unmake(void **state)
{
    (void)state;
    ggn_game *g = series_game();
    ggn_position *pos = position_from_fen(g, SERIES_FEN);
    uint64_t start = ggn_position_hash(pos);
    for (int round = 0; round < 2; round++) {
        play_moves(pos, "c1g1 g7h8 a3b2");
        assert_int_equal(ggn_position_status(pos).winner, 0);
        /* Taking the mate back and making it again gives the same verdict. */
        assert_true(ggn_position_unmake(pos));
        play_moves(pos, "a3b2");
        assert_int_equal(ggn_position_status(pos).winner, 0);
        for (int i = 0; i < 3; i++) assert_true(ggn_position_unmake(pos));
        assert_true(ggn_position_hash(pos) == start);
        play_moves(pos, "c1d1 g7h8 a3b2");
        assert_true(ggn_position_status(pos).draw);
        for (int i = 0; i < 3; i++) assert_true(ggn_position_unmake(pos));
        assert_true(ggn_position_hash(pos) == start);
    }
    /* The search scores the two mates apart: a win after the rook's check, nothing without it. */
    ggn_search_limits lim = { 0 };
    lim.depth = 1;
    ggn_search_result res;
    play_moves(pos, "c1g1 g7h8");
    assert_true(ggn_search_best(pos, &lim, &res));
    assert_true(res.found && res.score > GGN_SEARCH_MATE_BOUND);
    for (int i = 0; i < 2; i++) assert_true(ggn_position_unmake(pos));
    play_moves(pos, "c1d1 g7h8");
    assert_true(ggn_search_best(pos, &lim, &res));
    assert_true(res.found && res.score < GGN_SEARCH_MATE_BOUND);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_knight_shuffle_is_threefold),
        cmocka_unit_test(test_rights_are_part_of_the_identity),
        cmocka_unit_test(test_en_passant_counts_only_when_possible),
        cmocka_unit_test(test_search_history_uses_the_identity),
        cmocka_unit_test(test_dead_positions_of_chess),
        cmocka_unit_test(test_per_player_material_sets_still_read),
        cmocka_unit_test(test_goal_zone),
        cmocka_unit_test(test_check_limit),
        cmocka_unit_test(test_extinction_no_move_forced_capture),
        cmocka_unit_test(test_breakthrough_ends),
        cmocka_unit_test(test_racing_answer_and_no_checks),
        cmocka_unit_test(test_racing_rounds),
        cmocka_unit_test(test_round_answer_refused),
        cmocka_unit_test(test_horde_ends),
        cmocka_unit_test(test_losers_and_threekings),
        cmocka_unit_test(test_search_scores_results),
        cmocka_unit_test(test_capture_decides),
        cmocka_unit_test(test_bare_king_answer),
        cmocka_unit_test(test_castling_without_leader),
        cmocka_unit_test(test_extinction_of_kinds),
        cmocka_unit_test(test_fewest_pieces),
        cmocka_unit_test(test_clobber_and_jesonmor),
        cmocka_unit_test(test_checkmate_needs_a_series_check),
        cmocka_unit_test(test_checkmate_by_only),
        cmocka_unit_test(test_check_series_make_unmake),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
