/*
 * test_gating.c — the "gating" extension (docs/game-spec.md, "Gating") on
 * games/seirawan.json and games/shouse.json: the moves a gate adds, their
 * text (coordinates as Fairy-Stockfish writes them, SAN), FEN's gate files
 * read and written, make/unmake, and the legality of a gate that blocks a
 * check. The FEN strings expected here are Fairy-Stockfish 11.1's after the
 * same moves; tests/test_fairy.c compares perft on random positions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

static ggn_move parse(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    if (!ggn_move_parse(pos, text, &m, &err)) fail_msg("%s: %s", text, err.message);
    return m;
}

static void play_all(ggn_position *pos, const char *const *moves)
{
    for (; *moves; moves++) assert_true(ggn_position_make(pos, parse(pos, *moves)));
}

static void assert_fen(const ggn_position *pos, const char *want)
{
    char fen[512];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, want);
}

static void test_start(void **state)
{
    (void)state;
    ggn_game *g = load("seirawan.json");
    assert_true(ggn_game_has_gating(g));
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQABCDEFGHkqabcdefgh - 0 1");
    /* 20 chess moves, and each of the 4 knight moves with a hawk or an elephant behind it */
    assert_int_equal(ggn_perft(pos, 1), 28);
    assert_int_equal(ggn_perft(pos, 3), 24830); /* Fairy-Stockfish's */
    assert_true(has_move(pos, "g1f3h"));
    assert_true(has_move(pos, "b1c3e"));
    assert_false(has_move(pos, "e2e4h")); /* a pawn leaves no back-rank square */
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_gate_and_unmake(void **state)
{
    (void)state;
    ggn_game *g = load("seirawan.json");
    ggn_position *pos = ggn_position_new(g);
    uint64_t h0 = ggn_position_hash(pos);
    ggn_move m = parse(pos, "g1f3h");
    assert_false(m.promotion);
    assert_true(m.gate != 0);
    char san[32];
    assert_true(ggn_move_format_san(pos, m, san, sizeof san) > 0);
    assert_string_equal(san, "Nf3/H");
    assert_true(ggn_move_equal(parse(pos, "Nf3/H"), m));
    assert_true(ggn_position_make(pos, m));
    assert_true(ggn_position_make(pos, parse(pos, "g8f6e")));
    assert_fen(pos, "rnbqkber/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKBHR[Eh] w KQABCDEFHkqabcdefh - 2 2");
    /* The gated pieces have moved: they open no gate (no g1 or g8 file above). */
    assert_false(has_move(pos, "g1h3e"));
    /* The last piece in hand leaves: Fairy-Stockfish no longer writes white's gates. */
    assert_true(ggn_position_make(pos, parse(pos, "b1c3e")));
    assert_fen(pos, "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[h] b KQkqabcdefh - 3 2");
    while (ggn_position_unmake(pos)) {}
    assert_true(ggn_position_hash(pos) == h0);
    assert_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQABCDEFGHkqabcdefgh - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_castling_gates(void **state)
{
    (void)state;
    static const char *const opening[] = { "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", NULL };
    ggn_game *g = load("seirawan.json");
    ggn_position *pos = ggn_position_new(g);
    play_all(pos, opening);
    /* Castling short: no gate, the piece on e1 (the king's square) or on h1 (the rook's). */
    assert_true(has_move(pos, "e1g1"));
    assert_true(has_move(pos, "e1g1h"));
    assert_true(has_move(pos, "h1e1e"));
    char san[32];
    ggn_move rook_square = parse(pos, "h1e1e");
    assert_true(ggn_move_format_san(pos, rook_square, san, sizeof san) > 0);
    assert_string_equal(san, "O-O/Eh1");
    assert_true(ggn_move_equal(parse(pos, "O-O/Eh1"), rook_square));
    assert_true(ggn_position_make(pos, rook_square));
    assert_fen(pos, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RKE[Heh] b ABCDkqacdegh - 5 4");
    assert_true(ggn_position_unmake(pos));
    assert_true(ggn_position_make(pos, parse(pos, "O-O/H")));
    assert_fen(pos, "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQHRK1[Eeh] b ABCDkqacdegh - 5 4");
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_fen_gates(void **state)
{
    (void)state;
    ggn_game *g = load("seirawan.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    /* K and Q open the king's and rooks' gates; B and b the b-file's (the knights there); g stays shut. */
    assert_true(ggn_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Hh] w KQBkqb - 0 1", &err));
    assert_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Hh] w KQABEHkqabeh - 0 1");
    assert_true(has_move(pos, "b1c3h"));
    assert_false(has_move(pos, "g1f3h"));
    /* A letter where none of the player's pieces stands opens nothing. */
    assert_true(ggn_position_set_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R[Hh] w KQCkq - 0 1", &err));
    assert_fen(pos, "r3k2r/8/8/8/8/8/8/R3K2R[Hh] w KQAEHkqaeh - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The entering piece may shut the line the bare move opens (games/README.md: Fairy-Stockfish 11.1 differs). */
static void test_gate_blocks_check(void **state)
{
    (void)state;
    ggn_game *g = load("seirawan.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "rnbekbhr/1p1ppp1p/2p3pn/p7/P1B4P/1PP3PH/R2PNP1N/2qQK2R[E] w KDEHkq - 0 14",
                                     &err));
    assert_false(has_move(pos, "d1c2"));
    assert_true(has_move(pos, "d1c2e"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_shouse(void **state)
{
    (void)state;
    ggn_game *g = load("shouse.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    /* Captures fill the hands, so the gates are written even with an empty hand. */
    static const char *const moves[] = { "g1f3h", "g8f6", "b1c3e", NULL };
    play_all(pos, moves);
    assert_fen(pos, "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/REBQKBHR[eh] b KQACDEFHkqabcdefh - 3 2");
    /* A pawn in hand never gates (it cannot stand on the back rank); a queen does. */
    assert_true(ggn_position_set_fen(pos, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[PQpq] w KQkq - 0 1", &err));
    assert_false(has_move(pos, "a1b1p"));
    assert_true(has_move(pos, "a1b1q"));
    assert_true(has_move(pos, "P@e4"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start),
        cmocka_unit_test(test_gate_and_unmake),
        cmocka_unit_test(test_castling_gates),
        cmocka_unit_test(test_fen_gates),
        cmocka_unit_test(test_gate_blocks_check),
        cmocka_unit_test(test_shouse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
