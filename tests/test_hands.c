/*
 * test_hands.c — the "hands" extension on games/crazyhouse.json: captures go
 * to the capturer's hand (promoted pieces as pawns), drops are moves written
 * "P@e4", FEN carries the pockets and the '~' of promoted pieces, and
 * unmake and the hash bring everything back exactly. On games/shogi.json:
 * promotion judged on the source or the target square, optional or forced,
 * written "+" ("e6e7+", plain "e6e7" for the choice not to promote), FEN's
 * "+S", the drop condition FILE_FREE_OF (nifu) and the drop flag
 * "no_checkmate" (uchifuzume). On games/pocketknight.json: a hand that is
 * not empty at the start (players[].starting_hand) and captures that stay out
 * of it (captures_to_hand false). On games/kyotoshogi.json and micro.json:
 * drops of either face (a drop way's "as"), written as Fairy-Stockfish
 * writes them ("+P@c3", "+P*3c", "a1a2-"). On games/placement.json: the
 * placement phase — drops_compulsory, drops that leave a piece unmoved
 * (castling rights from dropped king and rooks) and drops_opposite_colours.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "ggn/action.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "engine/probe.h"
#include "game_util.h"

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

static void test_starting_hand(void **state)
{
    (void)state;
    ggn_game *g = load("pocketknight.json");
    assert_true(ggn_game_has_hands(g));
    int knight = kind_of(g, "KNIGHT"), pawn = kind_of(g, "PAWN");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1");
    assert_int_equal(ggn_position_hand_count(pos, 0, knight), 1);
    assert_int_equal(ggn_position_hand_count(pos, 1, knight), 1);
    /* 20 board moves and the knight on any of the 32 empty squares */
    assert_int_equal(ggn_perft(pos, 1), 52);
    assert_true(has_move(pos, "N@e4"));
    /* A capture leaves both hands as they were. */
    play(pos, "e2e4");
    play(pos, "d7d5");
    uint64_t h = ggn_position_hash(pos);
    play(pos, "e4d5");
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 0);
    assert_fen(pos, "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Nn] b KQkq - 0 2");
    ggn_position_unmake(pos);
    assert_true(ggn_position_hash(pos) == h);
    /* Once dropped, the knight is gone from the hand for good; the FEN round-trips. */
    play(pos, "b1c3");
    play(pos, "N@f6");
    assert_int_equal(ggn_position_hand_count(pos, 1, knight), 0);
    assert_fen(pos, "rnbqkbnr/ppp1pppp/5n2/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR[N] w KQkq - 2 3");
    ggn_position *q = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_set_fen(q, "rnbqkbnr/ppp1pppp/5n2/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR[N] w KQkq - 2 3", &err));
    assert_true(ggn_position_hash(q) == ggn_position_hash(pos));
    ggn_position_free(q);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* games/placement.json with its text changed: `from` (once) replaced by `to`. */
static ggn_game *load_placement_with(const char *from, const char *to)
{
    static char text[1 << 18], out[1 << 18];
    char path[1024];
    snprintf(path, sizeof path, "%s/placement.json", GGN_GAMES_DIR);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    char *at = strstr(text, from);
    if (!at) fail_msg("%s has no %s", path, from);
    int n = snprintf(out, sizeof out, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    assert_true(n > 0 && (size_t)n < sizeof out);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(out, (size_t)n, path, &errs);
    if (!g) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
    return g;
}

static void test_placement_phase(void **state)
{
    (void)state;
    ggn_game *g = load("placement.json");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1");
    /* drops_compulsory: the 5 kinds in hand on the 8 first-rank squares, and no pawn move. */
    assert_int_equal(ggn_perft(pos, 1), 40);
    assert_false(has_move(pos, "e2e4"));
    ggn_game *free_drops = load_placement_with("\"drops_compulsory\": true", "\"drops_compulsory\": false");
    ggn_position *fp = ggn_position_new(free_drops);
    assert_int_equal(ggn_perft(fp, 1), 40 + 16);
    ggn_position_free(fp);
    ggn_game_free(free_drops);
    /* With no square left to drop on, board moves are legal again (Fairy-Stockfish: 20). */
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[R] w - - 0 1", &err));
    assert_int_equal(ggn_perft(pos, 1), 20);

    /* "unmoved" drops: the king on e1 and a rook on h1 make a castling right; a rook dropped
     * on b1 does not; Fairy-Stockfish writes this FEN after the same moves. */
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    play(pos, "K@e1");
    play(pos, "K@e8");
    play(pos, "R@h1");
    uint64_t h = ggn_position_hash(pos);
    play(pos, "R@a8");
    play(pos, "R@b1");
    assert_fen(pos, "r3k3/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R[QBBNNqrbbnn] b Kq - 5 3");
    ggn_position *q = ggn_position_new(g);
    assert_true(ggn_position_set_fen(q, "r3k3/pppppppp/8/8/8/8/PPPPPPPP/1R2K2R[QBBNNqrbbnn] b Kq - 5 3", &err));
    assert_true(ggn_position_hash(q) == ggn_position_hash(pos));
    ggn_position_free(q);
    ggn_position_unmake(pos);
    ggn_position_unmake(pos);
    assert_true(ggn_position_hash(pos) == h);
    assert_fen(pos, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrrbbnn] b K - 3 2");

    /* drops_opposite_colours: with a bishop on c1 (dark) and two more in hand, only bishop drops
     * on light squares are legal — any other drop would leave one colour for two bishops. */
    assert_true(ggn_position_set_fen(pos, "8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KQRRBBNNkqrrbbnn] w - - 0 1", &err));
    assert_int_equal(ggn_perft(pos, 1), 4);
    assert_true(has_move(pos, "B@b1"));
    assert_false(has_move(pos, "B@a1"));
    /* Three bishops in hand and none on the board: only bishops may be dropped, anywhere. */
    assert_true(ggn_position_set_fen(pos, "8/pppppppp/8/8/8/8/PPPPPPPP/8[KBBBkqrrbbnn] w - - 0 1", &err));
    assert_int_equal(ggn_perft(pos, 1), 8);
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
    /* Material counts the pockets: white has Q R B N P in hand beside its army, black the same. */
    int mat[2], board_only[2];
    eg_material(pos, mat);
    assert_true(ggn_position_set_fen(pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3", &err));
    eg_material(pos, board_only);
    assert_int_equal(mat[0] - board_only[0], 900 + 500 + 330 + 320 + 100);
    assert_int_equal(mat[1] - board_only[1], 900 + 500 + 330 + 320 + 100);
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

static void set_fen(ggn_position *pos, const char *fen)
{
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
}

static void test_shogi_promotion(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");

    /* Forced: a pawn or lance on the last rank, a knight on the last two, can never move again. */
    set_fen(pos, "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4[] w - - 0 1");
    assert_true(has_move(pos, "a8a9+"));
    assert_false(has_move(pos, "a8a9"));
    assert_true(has_move(pos, "i8i9+"));
    assert_false(has_move(pos, "i8i9"));
    assert_true(has_move(pos, "b7c9+"));
    assert_false(has_move(pos, "b7c9"));

    /* Optional, entering the zone or leaving it: both moves, the plain text meaning "stay". */
    set_fen(pos, "4k4/9/4S4/9/2S6/9/9/9/4K4[] w - - 0 1");
    assert_true(has_move(pos, "c5c6"));
    assert_false(has_move(pos, "c5c6+"));
    assert_true(has_move(pos, "e7d6+"));
    assert_true(has_move(pos, "e7d6"));
    assert_true(has_move(pos, "c5d6"));
    play(pos, "e7d6");
    assert_fen(pos, "4k4/9/9/3S5/2S6/9/9/9/4K4[] b - - 1 1");
    set_fen(pos, "4k4/9/4S4/9/2S6/9/9/9/4K4[] w - - 0 1");
    play(pos, "e7d6+");
    assert_fen(pos, "4k4/9/9/3+S5/2S6/9/9/9/4K4[] b - - 1 1");
    /* Read back, and a captured promoted silver goes to the hand as a silver. */
    set_fen(pos, "4k4/9/9/3+Sr4/2S6/9/9/9/4K4[] b - - 0 1");
    play(pos, "e6d6");
    assert_int_equal(ggn_position_hand_count(pos, 1, kind_of(g, "SILVER")), 1);
    assert_fen(pos, "4k4/9/9/3r5/2S6/9/9/9/4K4[s] w - - 0 2");
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_shogi_drops(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);

    /* Nifu: a pawn only on a file free of the player's own unpromoted pawns. */
    set_fen(pos, "4k4/9/9/9/9/9/PPPP1PPPP/9/4K4[Pp] w - - 0 1");
    assert_true(has_move(pos, "P@e5"));
    assert_false(has_move(pos, "P@d5"));
    set_fen(pos, "4k4/9/9/9/9/9/PPP+P1PPPP/9/4K4[Pp] w - - 0 1");
    assert_true(has_move(pos, "P@d5")); /* a promoted pawn does not count */
    /* Nor on the last rank; a knight not on the last two. */
    set_fen(pos, "4k4/9/9/9/9/9/9/9/4K4[PN] w - - 0 1");
    assert_false(has_move(pos, "P@a9"));
    assert_true(has_move(pos, "P@a8"));
    assert_false(has_move(pos, "N@a8"));
    assert_true(has_move(pos, "N@a7"));

    /* Uchifuzume: P@e8 would mate (the gold guards it, the king's lances block every flight). */
    set_fen(pos, "3lkl3/3l1l3/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert_false(has_move(pos, "P@e8"));
    assert_int_equal(ggn_perft(pos, 1), 74);
    /* A pawn drop that checks without mating is legal ... */
    set_fen(pos, "4kl3/3l1l3/4G4/9/9/9/9/9/4K4[P] w - - 0 1"); /* the king flees to d9 */
    assert_true(has_move(pos, "P@e8"));
    /* ... and so is mate by a dropped gold. */
    set_fen(pos, "3lkl3/3l1l3/4G4/9/9/9/9/9/4K4[G] w - - 0 1");
    assert_true(has_move(pos, "G@e8"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The one legal move written `text` (coordinate text), or the test fails. */
static ggn_move legal(ggn_position *pos, const char *text)
{
    ggn_move mv[GGN_MAX_MOVES], found = { .from = 0 };
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), hits = 0;
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        ggn_move_format(pos, mv[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) found = mv[i], hits++;
    }
    if (hits != 1) fail_msg("%zu legal moves are written %s", hits, text);
    return found;
}

/* The move's text in coordinates, USI and SAN, and each read back as the same move. */
static void assert_texts(ggn_position *pos, ggn_move m, const char *coord, const char *usi, const char *san)
{
    char buf[64];
    ggn_move back;
    ggn_error err;
    assert_true(ggn_move_format(pos, m, buf, sizeof buf) > 0);
    assert_string_equal(buf, coord);
    assert_true(ggn_move_format_usi(pos, m, buf, sizeof buf) > 0);
    assert_string_equal(buf, usi);
    assert_true(ggn_move_format_san(pos, m, buf, sizeof buf) > 0);
    assert_string_equal(buf, san);
    const char *texts[] = { coord, usi, san };
    for (int i = 0; i < 3; i++) {
        if (!ggn_move_parse(pos, texts[i], &back, &err)) fail_msg("%s: %s", texts[i], err.message);
        assert_memory_equal(&back, &m, sizeof m);
    }
}

/*
 * A drop way's "as" on games/kyotoshogi.json and games/micro.json: a piece
 * in hand is dropped as either face, written by the face it puts down
 * (coordinates "+P@c3", USI "+P*3c", SAN "R@c3" as Fairy-Stockfish writes
 * it); a "+X" piece turning back into "X" is written "-" in coordinates and
 * "=X" in SAN; captured faces go to the hand as their base kind. FENs are the oracle's after the same moves.
 */
static void test_drop_as(void **state)
{
    (void)state;
    ggn_game *g = load("kyotoshogi.json");
    int pawn = kind_of(g, "PAWN"), rook = kind_of(g, "ROOK");
    ggn_position *pos = ggn_position_new(g);
    assert_fen(pos, "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    /* Every move turns the piece over: the silver becomes a bishop, the tokin a lance. */
    assert_texts(pos, legal(pos, "b1a2+"), "b1a2+", "4e5d+", "Sa2=B");
    assert_texts(pos, legal(pos, "a1a2-"), "a1a2-", "5e5d-", "Ga2=L");
    assert_false(has_move(pos, "a1a2"));
    play(pos, "a1a2-");
    play(pos, "e5e4-");
    assert_fen(pos, "p+nks1/4l/5/L4/1SK+NP[] w - - 2 2");

    /* A pawn in hand drops as a pawn or as a rook (+P): two moves, two texts, two action ids. */
    set_fen(pos, "2k2/5/5/5/2K2[Pn] w - - 0 1");
    ggn_move as_pawn = legal(pos, "P@c3"), as_rook = legal(pos, "+P@c3");
    assert_texts(pos, as_pawn, "P@c3", "P*3c", "P@c3");
    assert_texts(pos, as_rook, "+P@c3", "+P*3c", "R@c3+"); /* SAN names the rook, and marks the check */
    assert_int_equal(as_pawn.pattern, pawn);
    assert_int_equal(as_rook.pattern, pawn); /* both take the pawn from the hand */
    assert_true(ggn_move_action(pos, as_pawn) != ggn_move_action(pos, as_rook));
    assert_int_equal(ggn_perft(pos, 1), 51); /* Fairy-Stockfish's count: 23 squares, two faces, 5 king moves */
    uint64_t before = ggn_position_hash(pos);
    assert_true(ggn_position_make(pos, as_rook));
    assert_fen(pos, "2k2/5/2+P2/5/2K2[n] b - - 1 1");
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(pos, 2, 2, &kind, &owner, &unmoved));
    assert_int_equal(kind, rook);
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 0);
    assert_true(ggn_position_unmake(pos));
    assert_int_equal(ggn_position_hand_count(pos, 0, pawn), 1);
    assert_true(ggn_position_hash(pos) == before);

    /* A captured rook goes to the hand as a pawn; the capturing rook turns back into a pawn. */
    set_fen(pos, "2k2/5/2p2/2+P2/2K2[] w - - 0 1");
    play(pos, "c2c3-");
    assert_fen(pos, "2k2/5/2P2/5/2K2[P] b - - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);

    /* Micro shogi: only a capture turns a piece over, a bishop to its gold face and back. */
    g = load("micro.json");
    pos = ggn_position_new(g);
    assert_fen(pos, "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1");
    set_fen(pos, "k3/1p2/1p2/1+BB1/K3[] w - - 0 1");
    assert_true(has_move(pos, "c2b3+"));
    assert_true(has_move(pos, "b2b3-"));
    assert_false(has_move(pos, "c2b3"));
    assert_false(has_move(pos, "b2b3"));
    assert_true(has_move(pos, "c2d3")); /* a quiet move keeps its face */
    assert_int_equal(ggn_perft(pos, 1), 11);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * FEN's pockets in Fairy-Stockfish's order, which follows its own piece types:
 * ggn writes each hand from the last kind of `pieces` to the first, so these
 * games list their pieces in the order that gives Fairy-Stockfish 11.1's
 * (issue 41; ffish 0.7.10 agrees but for euroshogi, whose knight it writes
 * before the gold). Any order is read.
 */
static void test_pocket_order(void **state)
{
    (void)state;
    static const struct { const char *game, *fen, *want; } rows[] = {
        { "euroshogi.json", "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[GRBNPgrbnp] w - - 0 1",
          "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[GNPRBgnprb] w - - 0 1" },
        { "gorogoro.json", "sgkgs/5/1ppp1/1PPP1/5/SGKGS[GSPgsp] w - - 0 1",
          "sgkgs/5/1ppp1/1PPP1/5/SGKGS[GPSgps] w - - 0 1" },
        { "judkins.json", "rbnsgk/5p/6/6/P5/KGSNBR[GRBSNPgrbsnp] w - - 0 1",
          "rbnsgk/5p/6/6/P5/KGSNBR[GNPSRBgnpsrb] w - - 0 1" },
        { "dobutsu.json", "gle/1c1/1C1/ELG[GECgec] w - - 0 1", "gle/1c1/1C1/ELG[GCEgce] w - - 0 1" },
        { "shogi.json", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[BRSPLNGbrsplng] w - - 0 1",
          "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[GNLPSRBgnlpsrb] w - - 0 1" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ggn_game *g = load(rows[i].game);
        ggn_position *pos = ggn_position_new(g);
        set_fen(pos, rows[i].fen);
        assert_fen(pos, rows[i].want);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture_goes_to_hand),
        cmocka_unit_test(test_starting_hand),
        cmocka_unit_test(test_promoted_pieces),
        cmocka_unit_test(test_fen_pockets),
        cmocka_unit_test(test_shogi_promotion),
        cmocka_unit_test(test_shogi_drops),
        cmocka_unit_test(test_drop_as),
        cmocka_unit_test(test_pocket_order),
        cmocka_unit_test(test_placement_phase),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
