/*
 * test_sfen.c — SFEN (USI's position text) on games/shogi.json and
 * games/minishogi.json, and on other games that have FEN: start positions
 * written exactly as USI writes them, hands with counts read in any order and
 * written in USI's order, agreement with FEN (hash and perft) on every shogi
 * and minishogi perft vector, and each malformed SFEN with its message and
 * the position left as it was.
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
#include "ggn/limits.h"

#define SHOGI_START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define MINISHOGI_START "rbsgk/4p/5/P4/KGSBR b - 1"
#define SHOGI_BOARD "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"

static void assert_sfen(const ggn_position *pos, const char *want)
{
    char sfen[GGN_MAX_FEN_BYTES + 1];
    assert_int_equal(ggn_position_sfen(pos, sfen, sizeof sfen), strlen(want));
    assert_string_equal(sfen, want);
}

static void set_sfen(ggn_position *pos, const char *sfen)
{
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_sfen(pos, sfen, &err)) fail_msg("%s: %s", sfen, err.message);
}

static void set_fen(ggn_position *pos, const char *fen)
{
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
}

/* Reads sfen and writes it back: the same text, exactly. */
static void assert_round_trip(const ggn_game *g, const char *sfen)
{
    ggn_position *pos = ggn_position_new(g);
    set_sfen(pos, sfen);
    assert_sfen(pos, sfen);
    ggn_position_free(pos);
}

static void test_start_positions(void **state)
{
    (void)state;
    const char *files[] = { "shogi.json", "minishogi.json" };
    const char *starts[] = { SHOGI_START, MINISHOGI_START };
    for (int i = 0; i < 2; i++) {
        ggn_game *g = load(files[i]);
        ggn_position *start = ggn_position_new(g), *pos = ggn_position_new(g);
        assert_sfen(start, starts[i]);
        set_sfen(pos, starts[i]);
        assert_sfen(pos, starts[i]);
        assert_int_equal(ggn_position_hash(pos), ggn_position_hash(start));
        assert_int_equal(ggn_position_to_move(pos), 0);
        assert_int_equal(ggn_position_ply(pos), 0);
        assert_int_equal(ggn_perft(pos, 3), ggn_perft(start, 3));
        ggn_position_free(pos);
        ggn_position_free(start);
        ggn_game_free(g);
    }
}

/* The move count counts plies from 1 and follows the moves; the side field decides the turn. */
static void test_move_count(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_move m;
    ggn_error err;
    assert_true(ggn_move_parse(pos, "g3g4", &m, &err));
    assert_true(ggn_position_make(pos, m));
    assert_sfen(pos, "lnsgkgsnl/1r5b1/ppppppppp/9/9/6P2/PPPPPP1PP/1B5R1/LNSGKGSNL w - 2");
    set_sfen(pos, SHOGI_BOARD " w - 1");
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_int_equal(ggn_position_ply(pos), 0);
    assert_sfen(pos, SHOGI_BOARD " w - 1");
    set_sfen(pos, SHOGI_BOARD " b - 124");
    assert_int_equal(ggn_position_ply(pos), 123);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_hands(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    int pawn = kind_of(g, "PAWN"), silver = kind_of(g, "SILVER"), bishop = kind_of(g, "BISHOP");
    const char *sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w S2Pb3p 4";
    ggn_position *pos = ggn_position_new(g);
    set_sfen(pos, sfen);
    assert_int_equal(ggn_position_hand_count(pos, 0, silver), 1);
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 2);
    assert_int_equal(ggn_position_hand_count(pos, 1, bishop), 1);
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 3);
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_int_equal(ggn_position_ply(pos), 3);
    assert_sfen(pos, sfen);
    /* Counts of ten and more, every hand kind on both sides, in USI's order R B G S N L P. */
    assert_round_trip(g, "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1");
    assert_round_trip(g, "4k4/9/9/9/9/9/9/9/4K4 w R2BG3S2N4L10Prb3g2s2n8p 100");
    /* Any order is read; the writer puts it in USI's. */
    set_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b 3pP10LGrB 1");
    assert_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b BG10LPr3p 1");
    /* A count of 1 is read, though never written; the most a hand holds of a kind is the limit. */
    set_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b 1P 1");
    assert_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    set_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b 255P 1");
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), GGN_MAX_PIECES_ON_BOARD);
    assert_sfen(pos, "4k4/9/9/9/9/9/9/9/4K4 b 255P 1");
    /* Promoted pieces on the board. */
    assert_round_trip(g, "l2g1g2l/1ks2+R3/1pn1p1n2/p1pp1ps1p/9/P1PPP1P1P/1PBS1P3/2KG1+b3/LN3G1NL b RSPp 59");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* SFEN and FEN of one position: the same hash, the same FEN written back, the same perft(2). */
static void assert_same_position(const ggn_game *g, const char *fen, const char *sfen)
{
    ggn_position *a = ggn_position_new(g), *b = ggn_position_new(g);
    set_fen(a, fen);
    set_sfen(b, sfen);
    assert_int_equal(ggn_position_hash(a), ggn_position_hash(b));
    char fa[GGN_MAX_FEN_BYTES + 1], fb[GGN_MAX_FEN_BYTES + 1];
    assert_true(ggn_position_fen(a, fa, sizeof fa) > 0);
    assert_true(ggn_position_fen(b, fb, sizeof fb) > 0);
    assert_string_equal(fa, fb);
    assert_int_equal(ggn_perft(a, 2), ggn_perft(b, 2));
    ggn_position_free(a);
    ggn_position_free(b);
}

static void test_same_as_fen(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    assert_same_position(g, "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL[Bb] w - - 0 1",
                         "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL b Bb 1");
    ggn_position *pos = ggn_position_new(g);
    set_sfen(pos, "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL b Bb 1");
    assert_int_equal(ggn_perft(pos, 2), 5495); /* tests/data/perft/shogi.epd */
    ggn_position_free(pos);
    ggn_game_free(g);
    /* Generic: crazyhouse's promoted queen "Q~" is "+Q" in SFEN, and its pockets are hands. */
    g = load("crazyhouse.json");
    assert_same_position(g, "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4",
                         "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR w PQ2p 8");
    /* (Kings off their squares: on them SFEN, which has no castling field, makes them unmoved.) */
    assert_same_position(g, "3k4/8/8/8/8/8/8/Q~2K4[] w - - 0 1", "3k4/8/8/8/8/8/8/+Q2K4 b - 1");
    assert_round_trip(g, "4k3/8/8/8/8/8/8/+Q3K3 b - 1");
    /* A promoted kind in a hand (a spec whose captured_as keeps it) is written with its mark. */
    assert_round_trip(g, "4k3/8/8/8/8/8/8/4K3 w 2+Qp 9");
    ggn_game_free(g);
    /* Without hands the field is "-"; pieces on their starting squares keep their castling. */
    g = load("chess.json");
    assert_same_position(g, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                         "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - 1");
    ggn_game_free(g);
}

/* The two positions check_fen_as_sfen compares. */
typedef struct fen_and_sfen {
    ggn_position *from_fen, *from_sfen;
} fen_and_sfen;

/* One FEN, written as SFEN and read back: the same position and perft(2). */
static void check_fen_as_sfen(const char *fen, void *ctx)
{
    fen_and_sfen *p = ctx;
    set_fen(p->from_fen, fen);
    char sfen[GGN_MAX_FEN_BYTES + 1];
    assert_true(ggn_position_sfen(p->from_fen, sfen, sizeof sfen) > 0);
    set_sfen(p->from_sfen, sfen);
    assert_sfen(p->from_sfen, sfen);
    if (ggn_position_hash(p->from_fen) != ggn_position_hash(p->from_sfen)) fail_msg("%s: %s: hash differs", fen, sfen);
    uint64_t want = ggn_perft(p->from_fen, 2), got = ggn_perft(p->from_sfen, 2);
    if (want != got)
        fail_msg("%s: perft(2) %llu, of %s: %llu", fen, (unsigned long long)want, sfen, (unsigned long long)got);
}

/* Every FEN of a perft file through check_fen_as_sfen. */
static void check_epd(const char *game_file, const char *epd_file)
{
    ggn_game *g = load(game_file);
    fen_and_sfen p = { ggn_position_new(g), ggn_position_new(g) };
    assert_true(for_each_epd_fen(epd_file, check_fen_as_sfen, &p) >= 4);
    ggn_position_free(p.from_fen);
    ggn_position_free(p.from_sfen);
    ggn_game_free(g);
}

static void test_perft_vectors(void **state)
{
    (void)state;
    check_epd("shogi.json", "shogi.epd");
    check_epd("minishogi.json", "minishogi.epd");
}

typedef struct bad_sfen {
    const char *game;
    const char *sfen;
    ggn_code code;
    const char *message;
} bad_sfen;

static const bad_sfen bad[] = {
    { "shogi.json", SHOGI_BOARD " x - 1", GGN_E_VALUE,
      "SFEN side to move 'x' is neither b (first player) nor w (second player)" },
    { "shogi.json", SHOGI_BOARD " B - 1", GGN_E_VALUE,
      "SFEN side to move 'B' is neither b (first player) nor w (second player)" },
    { "shogi.json", SHOGI_BOARD " b Z 1", GGN_E_VALUE, "SFEN hand piece 'Z' is no piece symbol of this game" },
    { "shogi.json", SHOGI_BOARD " b P~ 1", GGN_E_VALUE, "SFEN hand piece '~' is no piece symbol of this game" },
    { "shogi.json", SHOGI_BOARD " b 0P 1", GGN_E_VALUE, "SFEN hand counts start at 1 and have no leading zero" },
    { "shogi.json", SHOGI_BOARD " b 02P 1", GGN_E_VALUE, "SFEN hand counts start at 1 and have no leading zero" },
    { "shogi.json", SHOGI_BOARD " b 256P 1", GGN_E_VALUE,
      "SFEN hand count 256 is more than GGN_MAX_PIECES_ON_BOARD (255)" },
    { "shogi.json", SHOGI_BOARD " b P2 1", GGN_E_VALUE, "SFEN hand count 2 is not followed by a piece" },
    { "shogi.json", SHOGI_BOARD " b PSp2P 1", GGN_E_VALUE, "SFEN hands name 'P' twice" },
    { "shogi.json", SHOGI_BOARD " b +G 1", GGN_E_VALUE, "SFEN hand piece '+G' is no piece symbol of this game" },
    { "chess.json", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b P 1", GGN_E_VALUE,
      "SFEN hands 'P' must be '-': this game has no hands" },
    { "shogi.json", SHOGI_BOARD " b -", GGN_E_VALUE,
      "SFEN has no move count field (it needs four: board, side to move, hands, move count)" },
    { "shogi.json", SHOGI_BOARD, GGN_E_VALUE,
      "SFEN has no side to move field (it needs four: board, side to move, hands, move count)" },
    { "shogi.json", "   ", GGN_E_VALUE, "empty SFEN" },
    { "shogi.json", SHOGI_BOARD " b - 1 moves 7g7f", GGN_E_VALUE, "SFEN has more than four fields: 'moves 7g7f'" },
    { "shogi.json", SHOGI_BOARD " b - 0", GGN_E_VALUE, "SFEN move count '0' is not a number from 1 to 1000000" },
    { "shogi.json", SHOGI_BOARD " b - 01", GGN_E_VALUE, "SFEN move count '01' is not a number from 1 to 1000000" },
    { "shogi.json", SHOGI_BOARD " b - +1", GGN_E_VALUE, "SFEN move count '+1' is not a number from 1 to 1000000" },
    { "shogi.json", SHOGI_BOARD " b - 1x", GGN_E_VALUE, "SFEN move count '1x' is not a number from 1 to 1000000" },
    { "shogi.json", SHOGI_BOARD " b - 1000001", GGN_E_VALUE,
      "SFEN move count '1000001' is not a number from 1 to 1000000" },
    { "shogi.json", "lnsg+kgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", GGN_E_VALUE,
      "SFEN piece '+k' is no piece symbol of this game" },
    { "shogi.json", SHOGI_BOARD "[Pp] b - 1", GGN_E_VALUE, "SFEN piece '[' is no piece symbol of this game" },
    { "shogi.json", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", GGN_E_VALUE,
      "SFEN placement has more ranks than the board" },
    { "shogi.json", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", GGN_E_VALUE,
      "SFEN placement does not cover the board's 9 ranks and 9 files" },
    { "crazyhouse.json", "4k3/8/8/8/8/8/8/Q~3K3 b - 1", GGN_E_VALUE, "SFEN piece '~' is no piece symbol of this game" },
    { "chess4.json", "-", GGN_E_STATE, "SFEN needs a two-player game whose every piece has a symbol" },
};

/* Each malformed SFEN: its error code and message, and the position as it was. */
static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ggn_game *g = load(bad[i].game);
        ggn_position *pos = ggn_position_new(g);
        uint64_t before = ggn_position_hash(pos);
        ggn_error err;
        ggn_error_clear(&err);
        if (ggn_position_set_sfen(pos, bad[i].sfen, &err)) fail_msg("accepted: %s", bad[i].sfen);
        if (strcmp(err.message, bad[i].message) != 0)
            fail_msg("%s:\n  got  %s\n  want %s", bad[i].sfen, err.message, bad[i].message);
        assert_int_equal(err.code, bad[i].code);
        assert_int_equal(ggn_position_hash(pos), before);
        assert_int_equal(ggn_position_ply(pos), 0);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* Longer than GGN_MAX_FEN_BYTES: refused before reading; a buffer too small: 0 and nothing written. */
static void test_limits(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);
    size_t len = GGN_MAX_FEN_BYTES + 1;
    char *text = malloc(len + 1);
    assert_non_null(text);
    memset(text, 'P', len);
    text[len] = '\0';
    ggn_error err;
    ggn_error_clear(&err);
    assert_false(ggn_position_set_sfen(pos, text, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "SFEN of 8193 bytes is longer than 8192 (GGN_MAX_FEN_BYTES)");
    free(text);
    char small[sizeof SHOGI_START - 1];
    assert_int_equal(ggn_position_sfen(pos, small, sizeof small), 0);
    assert_string_equal(small, "");
    char exact[sizeof SHOGI_START];
    assert_int_equal(ggn_position_sfen(pos, exact, sizeof exact), sizeof SHOGI_START - 1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_start_positions),
        cmocka_unit_test(test_move_count),
        cmocka_unit_test(test_hands),
        cmocka_unit_test(test_same_as_fen),
        cmocka_unit_test(test_perft_vectors),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
