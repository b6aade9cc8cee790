/*
 * test_sgf.c — SGF records (ggn/sgf.h) on go9 and go13: points counted from
 * the top-left both ways, random games written and read back to the same
 * board and the same moves, setup stones and PL, passes as B[] and B[tt],
 * the main line taken at a branch, game information read and escaped, setup
 * in later nodes and a start set up from FEN written as AB/AW/PL and read
 * back, Hex as HexGui writes it (GM[11], "a1", "swap-pieces"), and bad
 * records refused at their line and column.
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
#include "ggn/sgf.h"

static ggn_game *load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, name);
    ggn_game *g = ggn_game_load_file(path, NULL);
    assert_non_null(g);
    return g;
}

/* Reads text onto a new start position of g; the caller frees it. */
static ggn_position *read_sgf(const ggn_game *g, const char *text, ggn_sgf_record *rec, ggn_error *err)
{
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    ggn_error_clear(err);
    if (!ggn_sgf_read(pos, text, strlen(text), "t.sgf", rec, err)) {
        ggn_position_free(pos);
        return NULL;
    }
    return pos;
}

static void play(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    assert_true(ggn_move_parse(pos, text, &m, &err));
    assert_true(ggn_position_make(pos, m));
}

/* ggn's a9 is the top-left corner, SGF's "aa"; a1 is "ai"; i1 (x 8, y 0) is "ii". */
static void test_points(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    play(pos, "a9");
    play(pos, "a1");
    play(pos, "i1");
    play(pos, "pass");
    play(pos, "c7");
    ggn_sgf_info info = { .black = "B]lack\\", .white = "White", .result = "W+R", .rules = "Chinese" };
    ggn_error err;
    char *text = ggn_sgf_write(pos, &info, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "(;FF[4]GM[1]"));
    assert_non_null(strstr(text, "SZ[9]KM[7.5]"));
    assert_non_null(strstr(text, "PB[B\\]lack\\\\]"));
    assert_non_null(strstr(text, "RE[W+R]"));
    assert_non_null(strstr(text, ";B[aa];W[ai];B[ii];W[];B[cc])"));
    ggn_sgf_record rec;
    ggn_position *back = read_sgf(g, text, &rec, &err);
    assert_non_null(back);
    assert_string_equal(rec.black, "B]lack\\");
    assert_string_equal(rec.result, "W+R");
    assert_true(rec.has_komi);
    assert_true(rec.komi == 7.5);
    assert_int_equal(rec.moves, 5);
    assert_int_equal(ggn_position_hash(back), ggn_position_hash(pos));
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(back, 0, 8, &kind, &owner, &unmoved) && owner == 0); /* a9 black */
    assert_true(ggn_position_piece_at(back, 0, 0, &kind, &owner, &unmoved) && owner == 1); /* a1 white */
    assert_true(ggn_position_piece_at(back, 8, 0, &kind, &owner, &unmoved) && owner == 0); /* i1 black */
    assert_true(ggn_position_piece_at(back, 2, 6, &kind, &owner, &unmoved) && owner == 0); /* c7 black */
    free(text);
    ggn_position_free(back);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Random games (a stone at random, now and then a pass) written and read back: the same moves, ply by ply. */
static void test_round_trips(void **state)
{
    (void)state;
    const char *games[] = { "go9.json", "go13.json" };
    uint64_t rng = 12345;
    for (int gi = 0; gi < 2; gi++) {
        ggn_game *g = load(games[gi]);
        for (int round = 0; round < 20; round++) {
            ggn_position *pos = ggn_position_new(g);
            ggn_status end;
            ggn_position_playout(pos, &rng, 30 + (size_t)round * 3, &end);
            ggn_error err;
            char *text = ggn_sgf_write(pos, NULL, &err);
            assert_non_null(text);
            ggn_sgf_record rec;
            ggn_position *back = read_sgf(g, text, &rec, &err);
            if (!back) fail_msg("%s round %d: %s at %d:%d\n%s", games[gi], round, err.message, err.line, err.column, text);
            assert_int_equal(rec.moves, ggn_position_history(pos));
            assert_int_equal(ggn_position_history(back), ggn_position_history(pos));
            /* Every position on the way equal: unmake both side by side. */
            while (ggn_position_history(pos) > 0) {
                assert_int_equal(ggn_position_hash(back), ggn_position_hash(pos));
                ggn_move a, b;
                assert_true(ggn_position_last_move(pos, &a));
                assert_true(ggn_position_last_move(back, &b));
                assert_true(ggn_move_equal(a, b));
                ggn_position_unmake(pos);
                ggn_position_unmake(back);
            }
            free(text);
            ggn_position_free(back);
            ggn_position_free(pos);
        }
        ggn_game_free(g);
    }
}

/* Setup stones (a point and a rectangle), PL, a tt pass, a branch, and properties ggn does not use. */
static void test_setup_and_branches(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *text = "garbage before the tree\n"
                       "(;FF[4]GM[1]SZ[9]KM[6.5]HA[2]C[a comment with \\] and\\\nmore]AB[cc][gg]AW[ab:bc]PL[W]\n"
                       " ;W[ee]LB[ee:x] ;B[tt] (;W[dd];B[] (;W[fg]) (;W[aa])) (;W[hh]))";
    ggn_sgf_record rec;
    ggn_error err;
    ggn_position *pos = read_sgf(g, text, &rec, &err);
    if (!pos) fail_msg("%s at %d:%d", err.message, err.line, err.column);
    assert_int_equal(rec.setup, 6); /* cc, gg, and ab, bb, ac, bc */
    assert_int_equal(rec.moves, 5); /* ee, pass, dd, pass, fg */
    assert_true(rec.komi == 6.5);
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(pos, 2, 6, &kind, &owner, &unmoved) && owner == 0); /* cc = c7 */
    assert_true(ggn_position_piece_at(pos, 1, 7, &kind, &owner, &unmoved) && owner == 1); /* bb = b8 */
    assert_true(ggn_position_piece_at(pos, 5, 2, &kind, &owner, &unmoved) && owner == 1); /* fg = f3 */
    assert_false(ggn_position_piece_at(pos, 7, 1, &kind, &owner, &unmoved));              /* hh: another branch */
    assert_false(ggn_position_piece_at(pos, 0, 8, &kind, &owner, &unmoved));              /* aa: the second variation */
    assert_int_equal(rec.end, strlen(text)); /* the whole tree, its other variations passed over */
    ggn_position_free(pos);
    /* A collection: the second tree starts where the first ended, a ')' in a value notwithstanding. */
    const char *two = "(;SZ[9];B[ee](;W[dd]C[a (smile)])(;W[cc]C[ ) ]))\n(;SZ[9];B[aa])";
    pos = read_sgf(g, two, &rec, &err);
    assert_non_null(pos);
    assert_int_equal(rec.moves, 2);
    ggn_position_free(pos);
    pos = read_sgf(g, two + rec.end, &rec, &err);
    assert_non_null(pos);
    assert_int_equal(rec.moves, 1);
    assert_true(ggn_position_piece_at(pos, 0, 8, &kind, &owner, &unmoved));
    ggn_position_free(pos);
    /* Two black moves in a row: white passed between them. */
    pos = read_sgf(g, "(;SZ[9];B[ee];B[dd];W[cc])", &rec, &err);
    assert_non_null(pos);
    assert_int_equal(rec.moves, 3);
    assert_int_equal(ggn_position_history(pos), 4);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Bad records: refused at their line and column, the position left at its start. */
static void test_errors(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    static const struct {
        const char *text;
        ggn_code code;
        int line, column;
        const char *says;
    } cases[] = {
        { "(;SZ[19];B[dd])", GGN_E_VALUE, 1, 5, "SZ[19]" },
        { "(;GM[2]SZ[9])", GGN_E_VALUE, 1, 5, "GM[2]" },
        { "(;SZ[9]\n;B[ee]\n;W[ee])", GGN_E_ILLEGAL, 3, 3, "W[ee]" },
        { "(;SZ[9];B[ze])", GGN_E_RANGE, 1, 10, "B[ze]" },
        { "(;SZ[9];B[ee]", GGN_E_SYNTAX, 1, 14, "never ends" },
        { "(;SZ[9];B[ee)", GGN_E_SYNTAX, 1, 10, "never ends" },
        { "(;SZ[9]X)", GGN_E_SYNTAX, 1, 8, "no value" },
        { "no tree at all", GGN_E_SYNTAX, 1, 15, "starts with '('" },
        { "(;SZ[9];B[ee];AB[ee])", GGN_E_VALUE, 1, 17, "e5 is occupied" },
        { "(;SZ[9]AB[cc]AW[cc])", GGN_E_VALUE, 1, 16, "c7 twice" },
        { "(;SZ[9]AB[aa]\n;B[ee]AE[jj])", GGN_E_RANGE, 2, 9, "AE[jj]: no point" },
        { "(;SZ[9]PL[X])", GGN_E_VALUE, 1, 10, "PL[X]" },
        { "(;SZ[9]GM[11])", GGN_E_VALUE, 1, 10, "cells are square" },
        { "(;SZ[9];B[tt];W[ss])", GGN_E_RANGE, 1, 16, "W[ss]" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ggn_sgf_record rec;
        ggn_error err;
        ggn_position *pos = read_sgf(g, cases[i].text, &rec, &err);
        if (pos) fail_msg("case %zu read", i);
        if (err.code != cases[i].code || err.line != cases[i].line || err.column != cases[i].column ||
            !strstr(err.message, cases[i].says))
            fail_msg("case %zu: %s %d:%d %s", i, ggn_code_name(err.code), err.line, err.column, err.message);
        assert_string_equal(err.file, "t.sgf");
    }
    /* The position is given back at its start. */
    ggn_position *pos = ggn_position_new(g);
    ggn_sgf_record rec;
    ggn_error err;
    const char *text = "(;SZ[9];B[ee];W[dd];B[dd])";
    assert_false(ggn_sgf_read(pos, text, strlen(text), "t.sgf", &rec, &err));
    assert_int_equal(ggn_position_history(pos), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Setup after moves: the board changed between them, PL's turn, the position's history starting there. */
static void test_setup_later(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *text = "(;SZ[9]AB[aa];B[ee];W[dd]\n;AE[ee]AW[fe][ff]PL[W];W[gg];B[hh])";
    ggn_sgf_record rec;
    ggn_error err;
    ggn_position *pos = read_sgf(g, text, &rec, &err);
    if (!pos) fail_msg("%s at %d:%d", err.message, err.line, err.column);
    assert_int_equal(rec.setup, 3);  /* aa, fe, ff */
    assert_int_equal(rec.moves, 4);  /* ee, dd, gg, hh */
    assert_int_equal(ggn_position_history(pos), 2); /* gg and hh: the setup node is where the history starts */
    int kind, owner;
    bool unmoved;
    assert_false(ggn_position_piece_at(pos, 4, 4, &kind, &owner, &unmoved));              /* ee taken off */
    assert_true(ggn_position_piece_at(pos, 0, 8, &kind, &owner, &unmoved) && owner == 0); /* aa */
    assert_true(ggn_position_piece_at(pos, 3, 5, &kind, &owner, &unmoved) && owner == 1); /* dd = d6 */
    assert_true(ggn_position_piece_at(pos, 5, 4, &kind, &owner, &unmoved) && owner == 1); /* fe = f5 */
    assert_true(ggn_position_piece_at(pos, 6, 2, &kind, &owner, &unmoved) && owner == 1); /* gg = g3, white's by PL */
    assert_true(ggn_position_piece_at(pos, 7, 1, &kind, &owner, &unmoved) && owner == 0); /* hh = h2 */
    ggn_position_free(pos);
    /* Stopping before the third move: the setup before it is made (as Hex's and Go's loadsgf do); before the
       second, the setup after the first is not. */
    pos = ggn_position_new(g);
    assert_true(ggn_sgf_read_moves(pos, text, strlen(text), "t.sgf", 2, &rec, &err));
    assert_int_equal(rec.moves, 2);
    assert_int_equal(rec.setup, 3);
    assert_false(ggn_position_piece_at(pos, 4, 4, &kind, &owner, &unmoved));              /* ee taken off */
    assert_int_equal(ggn_position_to_move(pos), 1);
    assert_int_equal(rec.end, strlen(text));
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    assert_true(ggn_sgf_read_moves(pos, text, strlen(text), "t.sgf", 1, &rec, &err));
    assert_int_equal(rec.moves, 1);
    assert_int_equal(rec.setup, 1);
    assert_true(ggn_position_piece_at(pos, 4, 4, &kind, &owner, &unmoved) && owner == 0); /* ee stands */
    assert_false(ggn_position_piece_at(pos, 3, 5, &kind, &owner, &unmoved));              /* dd not played */
    ggn_position_free(pos);
    /* On go.json each player has 181 stones in hand: a stone set up comes out of its owner's hand. */
    ggn_game *big = load("go.json");
    pos = read_sgf(big, "(;SZ[19]AB[dd][pp]AW[dp]PL[W];W[pd];B[qq]\n;AE[dd]AB[jj];W[kk])", &rec, &err);
    if (!pos) fail_msg("%s at %d:%d", err.message, err.line, err.column);
    assert_int_equal(ggn_position_hand_count(pos, 0, 0), 181 - 4); /* dd, pp, qq, jj (dd taken off is not given back) */
    assert_int_equal(ggn_position_hand_count(pos, 1, 0), 181 - 3); /* dp, pd, kk */
    ggn_position_free(pos);
    ggn_game_free(big);
    /* A node that sets up nothing new (PL naming the side to move) keeps the history. */
    pos = read_sgf(g, "(;SZ[9];B[ee];PL[W];W[dd])", &rec, &err);
    assert_non_null(pos);
    assert_int_equal(ggn_position_history(pos), 2);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A start set up from FEN (handicap stones, white to move) is written as AB and PL, and read back to it. */
static void test_setup_written(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    assert_true(ggn_position_set_fen(pos, "9/9/2S3S2/9/9/9/2S3S2/9/9 b - - 0 1", &err));
    play(pos, "e5");
    play(pos, "d4");
    char *text = ggn_sgf_write(pos, NULL, &err);
    assert_non_null(text);
    if (!strstr(text, "AB[cc][gc][cg][gg]PL[W]")) fail_msg("%s", text);
    assert_non_null(strstr(text, ";W[ee];B[df])"));
    ggn_sgf_record rec;
    ggn_position *back = read_sgf(g, text, &rec, &err);
    if (!back) fail_msg("%s at %d:%d\n%s", err.message, err.line, err.column, text);
    assert_int_equal(rec.setup, 4);
    assert_int_equal(ggn_position_hash(back), ggn_position_hash(pos));
    assert_int_equal(ggn_position_history(back), 2);
    free(text);
    ggn_position_free(back);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* games/hex.json with the swap rule put in, as docs/game-spec.md says to. */
static ggn_game *hex_with_swap(void)
{
    char path[1024], text[16384];
    snprintf(path, sizeof path, "%s/hex.json", GGN_GAMES_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *at = strstr(text, "\"hands\": true,");
    assert_non_null(at);
    char spec[16384 + 64];
    snprintf(spec, sizeof spec, "%.*s\"swap\": {\"reflect\": [[0, 1], [1, 0]]}, %s", (int)(at - text), text, at);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "hexswap.json", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    return g;
}

/* Hex as HexGui writes it: GM[11], points "a1", the swap "swap-pieces"; Little Golem's two letters read too. */
static void test_hex(void **state)
{
    (void)state;
    ggn_game *g = hex_with_swap();
    ggn_position *pos = ggn_position_new(g);
    play(pos, "b1");
    play(pos, "swap");
    play(pos, "k11");
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_sgf_write(pos, NULL, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "(;FF[4]GM[11]"));
    assert_null(strstr(text, "KM["));
    assert_non_null(strstr(text, ";B[b1];W[swap-pieces];B[k11])"));
    ggn_sgf_record rec;
    ggn_position *back = read_sgf(g, text, &rec, &err);
    if (!back) fail_msg("%s at %d:%d\n%s", err.message, err.line, err.column, text);
    assert_int_equal(rec.moves, 3);
    assert_int_equal(ggn_position_hash(back), ggn_position_hash(pos));
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(back, 0, 1, &kind, &owner, &unmoved) && owner == 1); /* b1 swapped is White's a2 */
    ggn_position_free(back);
    free(text);
    /* Little Golem's points, column then row from a, and a setup in HexGui's points. */
    back = read_sgf(g, "(;FF[4]GM[11]SZ[11];B[ba];W[SWAP-PIECES];B[kk])", &rec, &err);
    if (!back) fail_msg("%s at %d:%d", err.message, err.line, err.column);
    assert_int_equal(ggn_position_hash(back), ggn_position_hash(pos));
    ggn_position_free(back);
    back = read_sgf(g, "(;GM[11]SZ[11]AB[e5][f6]AW[a11]PL[W];W[c3])", &rec, &err);
    if (!back) fail_msg("%s at %d:%d", err.message, err.line, err.column);
    assert_true(ggn_position_piece_at(back, 0, 10, &kind, &owner, &unmoved) && owner == 1); /* a11 */
    assert_true(ggn_position_piece_at(back, 5, 5, &kind, &owner, &unmoved) && owner == 0);  /* f6 */
    assert_true(ggn_position_piece_at(back, 2, 2, &kind, &owner, &unmoved) && owner == 1);  /* c3: white to move by PL */
    ggn_position_free(back);
    /* Refused: the players trading colours, a swap out of its time, Go's GM and a pass Hex does not have. */
    static const struct {
        const char *text;
        ggn_code code;
        int column;
        const char *says;
    } cases[] = {
        { "(;GM[11]SZ[11];B[a1];W[swap-sides])", GGN_E_CONVERSION, 23, "trading colours" },
        { "(;GM[11]SZ[11];B[a1];W[b2];B[swap-pieces])", GGN_E_ILLEGAL, 29, "(swap): not a legal move" },
        { "(;GM[1]SZ[11])", GGN_E_VALUE, 5, "cells are hexagons" },
        { "(;GM[11]SZ[11];B[])", GGN_E_ILLEGAL, 17, "(pass)" },
        { "(;GM[11]SZ[11];B[a12])", GGN_E_RANGE, 17, "no point" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        back = read_sgf(g, cases[i].text, &rec, &err);
        if (back) fail_msg("case %zu read", i);
        if (err.code != cases[i].code || err.line != 1 || err.column != cases[i].column || !strstr(err.message, cases[i].says))
            fail_msg("case %zu: %s %d:%d %s", i, ggn_code_name(err.code), err.line, err.column, err.message);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A game SGF cannot write: chess moves are no placements; nor can it set up chess, which places no stone. */
static void test_refused(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    play(pos, "e2e4");
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_sgf_write(pos, NULL, &err));
    assert_int_equal(err.code, GGN_E_CONVERSION);
    ggn_position_free(pos);
    ggn_sgf_record rec;
    assert_null(read_sgf(g, "(;SZ[8]AB[dd])", &rec, &err));
    assert_int_equal(err.code, GGN_E_CONVERSION);
    assert_int_equal(err.column, 8);
    assert_non_null(strstr(err.message, "places no stone"));
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_points),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_setup_and_branches),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_setup_later),
        cmocka_unit_test(test_setup_written),
        cmocka_unit_test(test_hex),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
