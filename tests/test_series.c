/*
 * test_series.c — several moves a turn (extension turns.parts, engine/series.c) on Marseillais
 * and progressive chess.
 *
 * No program we trust counts these games, so their whole turns are checked by composition
 * against ggn's one-move chess (games/chess.json), which the published chess perft vectors
 * check: from a FEN between turns, a turn of k moves is every legal chess move that gives check
 * (the series ends there) or is the turn's last, and otherwise every move of the same side from
 * the position it leaves — the same chess game with the side to move put back and no en passant
 * square (a timed state is seen by a turn's first move only: states_first_move). That count
 * must equal ggn_perft(series game, 1) on the same FEN, for hand-set positions and for positions
 * of random games. Then each special rule by hand: check ends the turn, the escape on the first
 * move, en passant (first move only, never one's own pawn, never a pawn that moved on), castling
 * and promotion inside a turn, mate by the second move, stalemate in the middle of a turn, the
 * balanced first turn, progressive's growing turns, the hash, and the search's whole turns.
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
#include "ggn/search.h"
#include "game_util.h"

static size_t legal_count(ggn_position *pos) { return ggn_position_legal_moves(pos, NULL, 0); }

/* fen with its side to move set to `side` (0 white) and no en passant square. */
static void side_again(const char *fen, int side, char *out, size_t cap)
{
    char board[128], to_move[4], castling[8], ep[8];
    int half = 0, full = 1;
    if (sscanf(fen, "%127s %3s %7s %7s %d %d", board, to_move, castling, ep, &half, &full) != 6)
        fail_msg("cannot split FEN '%s'", fen);
    snprintf(out, cap, "%s %s %s - %d %d", board, side ? "b" : "w", castling, half, full);
}

/* A turn of k moves from fen, through the one-move chess game `chess` (see the top of the file). */
static uint64_t composed_turns(const ggn_game *chess, const char *fen, int k)
{
    ggn_position *pos = position_from_fen(chess, fen);
    int side = ggn_position_to_move(pos);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, moves[i]));
        if (k == 1 || ggn_position_leader_attacked(pos, ggn_position_to_move(pos))) {
            total++;
        } else {
            char after[256], again[256];
            ggn_position_fen(pos, after, sizeof after);
            side_again(after, side, again, sizeof again);
            total += composed_turns(chess, again, k - 1);
        }
        assert_true(ggn_position_unmake(pos));
    }
    ggn_position_free(pos);
    return total;
}

/* The series game's turn from fen (k moves long) counted by ggn_perft and by composition. */
static void turn_composes(const ggn_game *series, const ggn_game *chess, const char *fen, int k)
{
    ggn_position *pos = position_from_fen(series, fen);
    uint64_t perft = ggn_perft(pos, 1), composed = composed_turns(chess, fen, k);
    if (perft != composed) fail_msg("%s: perft 1 is %llu, composed from chess %llu", fen, (unsigned long long)perft,
                                    (unsigned long long)composed);
    ggn_position_free(pos);
}

/* Hand-set positions: checks to give, a check to escape, en passant, castling, promotion, a stalemate mid-turn. */
static const char *const marseillais_fens[] = {
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r3k2r/ppp2ppp/2n5/3pP3/8/5N2/PPP2PPP/R3K2R w KQkq d6 0 5",
    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 9",
    "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 9",
    "7k/6pp/8/8/8/8/K7/R7 w - - 0 12",
    "K7/2k5/P7/8/8/8/8/8 w - - 0 30",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 20",
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 7",
};

/* Random games of the series game from its start: each turn's start FEN, every `every`-th, into out. */
static size_t random_turn_starts(const ggn_game *g, uint64_t seed, int turns, int every, char (*out)[256], size_t cap)
{
    ggn_position *pos = ggn_position_new(g);
    size_t kept = 0;
    int turn = 0, mover = -1;
    for (int ply = 0; ply < 400 && turn < turns; ply++) {
        if (ggn_position_to_move(pos) != mover) { /* a turn begins */
            if (turn % every == every - 1 && kept < cap) ggn_position_fen(pos, out[kept++], 256);
            turn++;
        }
        ggn_move moves[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        ggn_status st = ggn_position_status(pos);
        if (n == 0 || st.outcome != GGN_ONGOING) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        mover = ggn_position_to_move(pos);
        assert_true(ggn_position_make(pos, moves[(seed >> 33) % n]));
    }
    ggn_position_free(pos);
    return kept;
}

/*
 * Two turns from the start: White's one move (balanced Marseillais, and progressive's first turn),
 * then every two-move turn of Black's after it, composed — the published-style count 20, 8902.
 */
static void start_composes(const char *file)
{
    ggn_game *g = load(file), *chess = load("chess.json");
    ggn_position *pos = ggn_position_new(g), *c = ggn_position_new(chess);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(c, moves, GGN_MAX_MOVES);
    uint64_t composed = 0;
    for (size_t i = 0; i < n; i++) {
        char fen[256];
        assert_true(ggn_position_make(c, moves[i]));
        ggn_position_fen(c, fen, sizeof fen);
        composed += composed_turns(chess, fen, 2);
        assert_true(ggn_position_unmake(c));
    }
    assert_int_equal(ggn_perft(pos, 1), n);
    assert_int_equal(ggn_perft(pos, 2), composed);
    assert_int_equal(composed, 8902);
    ggn_position_free(c);
    ggn_position_free(pos);
    ggn_game_free(chess);
    ggn_game_free(g);
}

static void test_marseillais_turns_compose(void **state)
{
    (void)state;
    start_composes("marseillais.json");
    ggn_game *m = load("marseillais.json"), *chess = load("chess.json");
    for (size_t i = 0; i < sizeof marseillais_fens / sizeof *marseillais_fens; i++)
        turn_composes(m, chess, marseillais_fens[i], 2);
    char fens[24][256];
    size_t checked = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        size_t n = random_turn_starts(m, seed, 36, 6, fens, 24);
        for (size_t i = 0; i < n; i++) {
            ggn_position *pos = position_from_fen(m, fens[i]);
            int k = ggn_position_ply(pos) == 0 ? 1 : 2; /* the balanced start: White's first turn is one move */
            ggn_position_free(pos);
            turn_composes(m, chess, fens[i], k);
            checked++;
        }
    }
    assert_true(checked >= 16);
    ggn_game_free(chess);
    ggn_game_free(m);
}

static void test_progressive_turns_compose(void **state)
{
    (void)state;
    start_composes("progressive.json");
    ggn_game *p = load("progressive.json"), *chess = load("chess.json");
    /* The FEN's counters say the turn: Black's first (2 moves), White's second (3 moves). */
    turn_composes(p, chess, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 2);
    turn_composes(p, chess, "rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 3);
    turn_composes(p, chess, "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2", 3);
    turn_composes(p, chess, "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 2", 3);
    char fens[8][256];
    for (uint64_t seed = 7; seed <= 9; seed++) {
        size_t n = random_turn_starts(p, seed, 3, 1, fens, 8);
        assert_true(n == 3);
        for (size_t i = 0; i < n; i++) turn_composes(p, chess, fens[i], (int)i + 1);
    }
    ggn_game_free(chess);
    ggn_game_free(p);
}

/* Balanced Marseillais: White's first turn is one move, every later turn two, unless a check ends it. */
static void test_marseillais_turns(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json");
    assert_true(ggn_game_has_parts(g));
    ggn_position *pos = ggn_position_new(g);
    char start[256], fen[256];
    ggn_position_fen(pos, start, sizeof start);
    uint64_t hash = ggn_position_hash(pos);
    play_moves(pos, "e2e4");
    assert_int_equal(ggn_position_to_move(pos), 1);
    play_moves(pos, "e7e5");
    assert_int_equal(ggn_position_to_move(pos), 1); /* Black's second move */
    assert_false(ggn_position_make_null(pos));   /* no turn to hand over in the middle of one */
    play_moves(pos, "d8h4");
    assert_int_equal(ggn_position_to_move(pos), 0);
    ggn_position_fen(pos, fen, sizeof fen);
    /* The counters count turns: White's second turn is move 2; e5 may still be taken en passant. */
    assert_string_equal(fen, "rnb1kbnr/pppp1ppp/8/4p3/4P2q/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    play_moves(pos, "g1f3");
    assert_int_equal(ggn_position_to_move(pos), 0);
    play_moves(pos, "f3h4");
    assert_int_equal(ggn_position_to_move(pos), 1);
    for (int i = 0; i < 5; i++) assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, start);
    assert_true(ggn_position_hash(pos) == hash);

    /* The first of two moves gives check: the turn ends, Black is to move. */
    ggn_position *chk = position_from_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 9");
    play_moves(chk, "a1a8");
    assert_int_equal(ggn_position_to_move(chk), 1);
    ggn_status st = ggn_position_status(chk);
    assert_true(st.in_check);
    assert_int_equal(st.outcome, GGN_ONGOING);
    /* Black must get out of check with its first move: every move it has does, and leaves one more to play. */
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(chk, moves, GGN_MAX_MOVES);
    assert_int_equal(n, 3); /* Kd7, Ke7, Kf7: the rook on a8 holds the 8th rank */
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(chk, moves[i]));
        assert_int_equal(ggn_position_to_move(chk), 1);
        assert_true(legal_count(chk) > 0);
        assert_true(ggn_position_unmake(chk));
    }
    ggn_position_free(chk);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* En passant: on the first move of the next turn only, never of one's own pawn, never of a pawn that moved on. */
static void test_marseillais_en_passant(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json");
    /* White's d-pawn steps twice on its first move: Black's c4 pawn takes it on its first move... */
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/2p5/8/3P4/4K3 w - - 0 5");
    play_moves(pos, "d2d4 e1f1");
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_true(has_move(pos, "c4d3"));
    /* ...but not on its second. */
    play_moves(pos, "e8d8");
    assert_false(has_move(pos, "c4d3"));
    ggn_position_free(pos);
    /* A pawn that stepped twice and then once more is no longer taken en passant. */
    pos = position_from_fen(g, "4k3/8/8/2p5/8/8/3P4/4K3 w - - 0 5");
    play_moves(pos, "d2d4 d4d5");
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_false(has_move(pos, "c5d6"));
    ggn_position_free(pos);
    /* White's own second move never takes its own pawn "en passant". */
    pos = position_from_fen(g, "4k3/8/8/8/2P5/8/3P4/4K3 w - - 0 5");
    play_moves(pos, "d2d4");
    assert_false(has_move(pos, "c4d5"));
    ggn_position_free(pos);
    /* From the FEN's en passant square: Black's first move may take, as in chess. */
    pos = position_from_fen(g, "4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 5");
    assert_true(has_move(pos, "c4d3"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Castling and promotion are one move of a turn; mate by the second move; a stalemate in the middle of a turn. */
static void test_marseillais_special_moves(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json");
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 9");
    assert_true(has_move(pos, "e1g1"));
    play_moves(pos, "e1g1");
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_true(has_move(pos, "f1f7")); /* the castled rook moves on the second move */
    assert_false(has_move(pos, "e1c1"));
    ggn_position_free(pos);
    /* Not out of check: the rook on e7 checks, castling is no escape. */
    pos = position_from_fen(g, "4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 9");
    assert_false(has_move(pos, "e1g1"));
    assert_false(has_move(pos, "e1c1"));
    ggn_position_free(pos);
    /* Promotion, then the new queen moves. */
    pos = position_from_fen(g, "k7/4P3/8/8/8/8/8/4K3 w - - 0 9");
    play_moves(pos, "e7e8q");
    assert_int_equal(ggn_position_to_move(pos), 1); /* Qe8 gives check along the 8th rank: the turn ends */
    ggn_position_free(pos);
    pos = position_from_fen(g, "7k/1P6/8/8/8/8/8/K7 w - - 0 9");
    play_moves(pos, "b7b8n");
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_true(has_move(pos, "b8c6"));
    ggn_position_free(pos);
    /* Mate takes both moves: the rook cannot reach the 8th rank at once. */
    pos = position_from_fen(g, "7k/6pp/8/8/8/8/K7/R7 w - - 0 12");
    play_moves(pos, "a1b1");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "b1b8");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    /* a6-a7 leaves White's second move nothing: stalemate, a draw; Ka7 leaves it one move (back to a8). */
    pos = position_from_fen(g, "K7/2k5/P7/8/8/8/8/8 w - - 0 30");
    assert_int_equal(legal_count(pos), 2);
    assert_int_equal(ggn_perft(pos, 1), 1);
    play_moves(pos, "a6a7");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_true(st.draw);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The moves left in the turn are part of the position; perft from the middle of a turn finishes it. */
static void test_series_position(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json");
    ggn_position *pos = position_from_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 0 9");
    play_moves(pos, "e1d1 d1e1");
    play_moves(pos, "e8d8 d8e8");
    /* The same board and side to move at the turn's start and in its middle hash apart. */
    uint64_t start = ggn_position_hash(pos);
    play_moves(pos, "e1d1");
    uint64_t middle = ggn_position_hash(pos);
    ggn_position *again = position_from_fen(g, "4k3/8/8/8/8/8/8/R2K4 w - - 0 9");
    assert_true(ggn_position_hash(again) != middle);
    assert_true(start != middle);
    /* From the middle: the ways to finish the turn (Kd1's moves and the rook's), then whole turns. */
    assert_int_equal(ggn_perft(pos, 0), legal_count(pos));
    ggn_position_free(again);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Progressive: 1, 2, 3, ... moves; a check ends the series; the no-progress count counts turns. */
static void test_progressive_series(void **state)
{
    (void)state;
    ggn_game *g = load("progressive.json");
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "e2e4");
    assert_int_equal(ggn_position_to_move(pos), 1);
    play_moves(pos, "e7e5 d8h4");
    assert_int_equal(ggn_position_to_move(pos), 0);
    play_moves(pos, "f1c4");
    assert_int_equal(ggn_position_to_move(pos), 0);
    play_moves(pos, "c4f7"); /* check on the second of three moves: the series ends, the third is forfeit */
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_true(ggn_position_leader_attacked(pos, 1));
    /* Black's four moves, the first out of check. */
    assert_false(has_move(pos, "b8c6"));
    play_moves(pos, "e8f7 b8c6 g8f6");
    assert_int_equal(ggn_position_to_move(pos), 1);
    play_moves(pos, "h4e4");
    assert_int_equal(ggn_position_to_move(pos), 0); /* White's five moves, the first out of check */
    assert_true(ggn_position_leader_attacked(pos, 0));
    ggn_position_free(pos);
    /* Ten turns without a capture or a pawn move draw. */
    pos = position_from_fen(g, "4k3/8/8/8/8/8/8/R3K3 w - - 9 3");
    play_moves(pos, "a1a2 a2a3 a3a4 a4a5");
    assert_int_equal(ggn_position_to_move(pos), 0); /* White's turn 3 has 5 moves (ply 4) */
    play_moves(pos, "a5a6");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_DRAW_NO_PROGRESS);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The observation's last plane holds the moves left in the turn; the action ids of each move are the game's. */
static void test_series_observation(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json"), *chess = load("chess.json");
    assert_int_equal(ggn_game_observation_planes(g), ggn_game_observation_planes(chess) + 1);
    int planes = ggn_game_observation_planes(g), area = 64;
    float *obs = malloc((size_t)planes * (size_t)area * sizeof *obs);
    assert_non_null(obs);
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_observation(pos, 0, obs, (size_t)planes * (size_t)area, &err));
    assert_true(obs[(size_t)(planes - 1) * (size_t)area] == 1.0f); /* White's first turn: one move */
    play_moves(pos, "e2e4");
    assert_true(ggn_position_observation(pos, 1, obs, (size_t)planes * (size_t)area, &err));
    assert_true(obs[(size_t)(planes - 1) * (size_t)area + 17] == 2.0f);
    play_moves(pos, "e7e5");
    assert_true(ggn_position_observation(pos, 1, obs, (size_t)planes * (size_t)area, &err));
    assert_true(obs[(size_t)(planes - 1) * (size_t)area + 63] == 1.0f);
    free(obs);
    ggn_position_free(pos);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/* The computer player searches whole turns: a mate that takes both moves is found at depth 1. */
static void test_search_whole_turns(void **state)
{
    (void)state;
    ggn_game *g = load("marseillais.json");
    ggn_position *pos = position_from_fen(g, "7k/6pp/8/8/8/8/K7/R7 w - - 0 12");
    ggn_search_limits lim = { .depth = 1 };
    ggn_search_result r;
    assert_true(ggn_search_best(pos, &lim, &r));
    assert_true(r.found);
    assert_true(r.score > GGN_SEARCH_MATE_BOUND);
    assert_true(ggn_position_make(pos, r.best));
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_true(ggn_search_best(pos, &lim, &r));
    assert_true(ggn_position_make(pos, r.best));
    assert_int_equal(ggn_position_status(pos).outcome, GGN_CHECKMATE);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A spec that asks what the series cannot give is refused, at its place. */
static void refused(const char *turns, const char *extra, const char *pointer)
{
    char text[2048];
    snprintf(text, sizeof text,
             "{\"name\": \"t\", %s \"board\": {\"dimensions\": [4, 4]},"
             " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]],"
             " \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0, 0]]}]},"
             " {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]],"
             " \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[3, 3]]}]}],"
             " \"turns\": {\"order\": [\"A\", \"B\"], %s},"
             " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"betza\": \"K\"}]}",
             extra, turns);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(text, strlen(text), "t.json", &errs);
    if (g) fail_msg("accepted: %s", turns);
    bool found = false;
    for (size_t i = 0; i < errs.count; i++) found |= strcmp(errs.items[i].pointer, pointer) == 0;
    if (!found) fail_msg("%s: no error at %s (first: %s at %s)", turns, pointer, errs.count ? errs.items[0].message : "-",
                         errs.count ? errs.items[0].pointer : "-");
}

static void test_series_spec_errors(void **state)
{
    (void)state;
    refused("\"parts\": 0", "\"leader\": \"K\",", "/turns/parts");
    refused("\"parts\": \"two\"", "\"leader\": \"K\",", "/turns/parts");
    refused("\"parts\": {\"first\": 3, \"max\": 2}", "\"leader\": \"K\",", "/turns/parts/max");
    refused("\"parts\": {\"step\": 1}", "\"leader\": \"K\",", "/turns/parts");
    refused("\"parts\": {\"first\": 1, \"grow\": 1}", "\"leader\": \"K\",", "/turns/parts/grow");
    refused("\"check_ends_turn\": true", "\"leader\": \"K\",", "/turns/check_ends_turn");
    refused("\"states_first_move\": true", "\"leader\": \"K\",", "/turns/states_first_move");
    refused("\"parts\": 2, \"check_ends_turn\": true", "", "/turns/check_ends_turn");
    refused("\"parts\": 2", "\"leader\": \"K\", \"pass\": true,", "/turns/parts");
    /* With series, the game is loaded: a valid one. */
    char text[1024];
    snprintf(text, sizeof text,
             "{\"name\": \"t\", \"leader\": \"K\", \"board\": {\"dimensions\": [4, 4]},"
             " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]],"
             " \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0, 0]]}]},"
             " {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]],"
             " \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[3, 3]]}]}],"
             " \"turns\": {\"order\": [\"A\", \"B\"], \"parts\": 3, \"check_ends_turn\": true},"
             " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"betza\": \"K\"}]}");
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(text, strlen(text), "t.json", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "a1b1 b1c1");
    assert_int_equal(ggn_position_to_move(pos), 0);
    play_moves(pos, "c1c2");
    assert_int_equal(ggn_position_to_move(pos), 1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_marseillais_turns_compose),
        cmocka_unit_test(test_progressive_turns_compose),
        cmocka_unit_test(test_marseillais_turns),
        cmocka_unit_test(test_marseillais_en_passant),
        cmocka_unit_test(test_marseillais_special_moves),
        cmocka_unit_test(test_series_position),
        cmocka_unit_test(test_progressive_series),
        cmocka_unit_test(test_series_observation),
        cmocka_unit_test(test_search_whole_turns),
        cmocka_unit_test(test_series_spec_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
