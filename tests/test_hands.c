/*
 * test_hands.c — the "hands" extension on games/crazyhouse.json: captures go
 * to the capturer's hand (promoted pieces as pawns), drops are moves written
 * "P@e4", FEN carries the pockets and the '~' of promoted pieces, and
 * unmake and the hash bring everything back exactly.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ggn/game.h"

static ggn_game *load(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, file);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
    return g;
}

static int kind_of(const ggn_game *g, const char *code)
{
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (strcmp(ggn_game_kind_code(g, k), code) == 0) return k;
    fail_msg("no kind %s", code);
    return -1;
}

static void play(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    if (!ggn_move_parse(pos, text, &m, &err)) fail_msg("%s: %s", text, err.message);
    assert_true(ggn_position_make(pos, m));
}

static void assert_fen(const ggn_position *pos, const char *want)
{
    char fen[512];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, want);
}

static void test_capture_goes_to_hand(void **state)
{
    (void)state;
    ggn_game *g = load("crazyhouse.json");
    assert_true(ggn_game_has_hands(g));
    int pawn = kind_of(g, "PAWN"), queen = kind_of(g, "QUEEN");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
    uint64_t h0 = ggn_position_hash(pos);
    play(pos, "e2e4");
    play(pos, "d7d5");
    uint64_t h2 = ggn_position_hash(pos);
    play(pos, "e4d5");
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 1);
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 0);
    assert_true(ggn_position_hash(pos) != h2);
    play(pos, "d8d5");
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 1);
    play(pos, "b1c3");
    play(pos, "d5a2");
    play(pos, "a1a2");
    assert_int_equal(ggn_position_hand_count(pos, 0, queen), 1);
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 2);
    /* The same FEN as Fairy-Stockfish writes after these moves. */
    assert_fen(pos, "rnb1kbnr/ppp1pppp/8/8/8/2N5/RPPP1PPP/2BQKBNR[QPpp] b Kkq - 0 4");

    /* A drop, written and read as P@e4, and its take-back. */
    ggn_move m;
    ggn_error err;
    assert_true(ggn_move_parse(pos, "p@e4", &m, &err));
    assert_true(ggn_move_is_drop(m));
    assert_int_equal(m.from, GGN_MOVE_DROP);
    assert_int_equal(m.pattern, pawn);
    char text[32];
    assert_true(ggn_move_format(pos, m, text, sizeof text) > 0);
    assert_string_equal(text, "P@e4");
    assert_false(ggn_move_is_capture(pos, m));
    uint64_t before = ggn_position_hash(pos);
    assert_true(ggn_position_make(pos, m));
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 1);
    assert_fen(pos, "rnb1kbnr/ppp1pppp/8/8/4p3/2N5/RPPP1PPP/2BQKBNR[QPp] w Kkq - 0 5");
    assert_true(ggn_position_unmake(pos));
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 2);
    assert_true(ggn_position_hash(pos) == before);
    /* Pawns never drop on the first or last rank; the king is never in hand. */
    assert_false(ggn_move_parse(pos, "P@e1", &m, &err));
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_false(ggn_move_parse(pos, "K@e4", &m, &err));

    /* Unmake all the way back: hands empty, hash as at the start. */
    while (ggn_position_unmake(pos)) {}
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 0);
    assert_int_equal(ggn_position_hand_count(pos, 0, queen), 0);
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 0);
    assert_true(ggn_position_hash(pos) == h0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_promoted_pieces(void **state)
{
    (void)state;
    ggn_game *g = load("crazyhouse.json");
    int pawn = kind_of(g, "PAWN"), pqueen = kind_of(g, "PROMOTED_QUEEN");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", &err));
    play(pos, "b7b8q");
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(pos, 1, 7, &kind, &owner, &unmoved));
    assert_int_equal(kind, pqueen);
    assert_fen(pos, "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    /* Read back: the '~' gives the promoted kind again. */
    ggn_position *q = ggn_position_new(g);
    assert_true(ggn_position_set_fen(q, "1Q~2k3/8/8/8/8/8/8/4K3[] b - - 0 1", &err));
    assert_true(ggn_position_piece_at(q, 1, 7, &kind, &owner, &unmoved));
    assert_int_equal(kind, pqueen);
    ggn_position_free(q);
    /* Captured, a promoted queen goes to the hand as a pawn. */
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_true(ggn_position_set_fen(pos, "2Q~k4/8/8/8/8/8/8/4K3[] b - - 0 1", &err));
    play(pos, "d8c8");
    assert_int_equal(ggn_position_hand_count(pos, 1, pawn), 1);
    assert_fen(pos, "2k5/8/8/8/8/8/8/4K3[p] w - - 0 2");
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_fen_pockets(void **state)
{
    (void)state;
    ggn_game *g = load("crazyhouse.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    /* Any order in, Fairy-Stockfish's order out (QRBNP, white first). */
    assert_true(ggn_position_set_fen(pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[PNQBRpqrbn] w KQkq - 2 3", &err));
    assert_fen(pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QRBNPqrbnp] w KQkq - 2 3");
    assert_int_equal(ggn_position_hand_count(pos, 1, kind_of(g, "KNIGHT")), 1);
    assert_int_equal(ggn_perft(pos, 2), 32993);
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", &err));
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K3[P w - - 0 1", &err));
    ggn_game_free(g);
    ggn_position_free(pos);

    /* A game without hands refuses pockets and drops. */
    g = load("chess.json");
    assert_false(ggn_game_has_hands(g));
    pos = ggn_position_new(g);
    assert_false(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", &err));
    ggn_move m;
    assert_false(ggn_move_parse(pos, "P@e4", &m, &err));
    assert_int_equal(ggn_position_hand_count(pos, 0, 0), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture_goes_to_hand),
        cmocka_unit_test(test_promoted_pieces),
        cmocka_unit_test(test_fen_pockets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
