/*
 * test_placement.c — the placement games (issue 36): stones from a supply
 * that never runs out, written as their point ("b2"), rows of k as a goal,
 * gravity and connections.
 *
 * Tic-tac-toe is checked exhaustively against a brute force written here,
 * which knows nothing of ggn: every position reachable from the empty
 * board (play stops at a row of three or a full board) is enumerated by
 * both, the two sets must be equal, and every terminal position must be
 * judged alike. The brute force's own totals are checked against the
 * published ones (5,478 positions; 958 terminal: 626 won by X, 316 by O, 16
 * drawn), so a bug shared by ggn and this file would have to hit those too.
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
#include "ggn/export.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

/* ---- tic-tac-toe by brute force: a board is 9 chars '.', 'X', 'O'; index y * 3 + x ---- */

#define TTT_CELLS 9
#define TTT_CODES 19683 /* 3^9: a board as a base-3 number */

static const int ttt_lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                    {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

static char ttt_winner(const char *b)
{
    for (int i = 0; i < 8; i++)
        if (b[ttt_lines[i][0]] != '.' && b[ttt_lines[i][0]] == b[ttt_lines[i][1]] &&
            b[ttt_lines[i][1]] == b[ttt_lines[i][2]])
            return b[ttt_lines[i][0]];
    return 0;
}

static int ttt_code(const char *b)
{
    int c = 0;
    for (int i = TTT_CELLS - 1; i >= 0; i--) c = c * 3 + (b[i] == '.' ? 0 : b[i] == 'X' ? 1 : 2);
    return c;
}

/* What the brute force found: 0 not reached; 1 ongoing; 2 X won; 3 O won; 4 drawn. */
static void ttt_walk(char *b, char mover, unsigned char *seen)
{
    int code = ttt_code(b);
    if (seen[code]) return;
    char w = ttt_winner(b);
    bool full = !memchr(b, '.', TTT_CELLS);
    seen[code] = w == 'X' ? 2 : w == 'O' ? 3 : full ? 4 : 1;
    if (w || full) return;
    for (int i = 0; i < TTT_CELLS; i++) {
        if (b[i] != '.') continue;
        b[i] = mover;
        ttt_walk(b, mover == 'X' ? 'O' : 'X', seen);
        b[i] = '.';
    }
}

/* The same walk through ggn: its legal moves, its make, its status. */
static void ggn_walk(ggn_position *pos, unsigned char *seen, int *clashes)
{
    char b[TTT_CELLS + 1];
    for (int i = 0; i < TTT_CELLS; i++) {
        int kind, owner;
        bool unmoved;
        b[i] = ggn_position_piece_at(pos, i % 3, i / 3, &kind, &owner, &unmoved) ? (owner == 0 ? 'X' : 'O') : '.';
    }
    b[TTT_CELLS] = '\0';
    int code = ttt_code(b);
    if (seen[code]) return;
    ggn_status st = ggn_position_status(pos);
    unsigned char judged = st.outcome == GGN_ONGOING ? 1 : st.winner == 0 ? 2 : st.winner == 1 ? 3 : st.draw ? 4 : 5;
    seen[code] = judged;
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    if ((judged == 1) != (n > 0)) ++*clashes; /* an ongoing game has moves, a decided one none */
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, mv[i]));
        ggn_walk(pos, seen, clashes);
        ggn_position_unmake(pos);
    }
}

static void test_ttt_exhaustive(void **state)
{
    (void)state;
    static unsigned char brute[TTT_CODES], mine[TTT_CODES];
    char b[TTT_CELLS + 1] = ".........";
    ttt_walk(b, 'X', brute);
    int count[5] = { 0 };
    for (int c = 0; c < TTT_CODES; c++)
        if (brute[c]) count[brute[c]]++;
    /* The published totals, met by the brute force itself. */
    assert_int_equal(count[1] + count[2] + count[3] + count[4], 5478);
    assert_int_equal(count[2] + count[3] + count[4], 958);
    assert_int_equal(count[2], 626);
    assert_int_equal(count[3], 316);
    assert_int_equal(count[4], 16);

    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    int clashes = 0;
    ggn_walk(pos, mine, &clashes);
    assert_int_equal(clashes, 0);
    int differ = 0;
    for (int c = 0; c < TTT_CODES; c++)
        if (brute[c] != mine[c]) {
            if (differ++ < 5) print_error("position %d: brute force %d, ggn %d\n", c, brute[c], mine[c]);
        }
    assert_int_equal(differ, 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A placement is written as its point; "P@b2" is read too; a full board without a row is a draw. */
static void test_ttt_text_and_draw(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    char fen[128];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, "3/3/3 w - - 0 1"); /* an unlimited supply is in no pocket */
    assert_true(has_move(pos, "b2"));
    play_moves(pos, "b2 a1 P@a3 c1 b1 b3 a2 c2");
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, "Pp1/PPp/pPp w - - 8 5");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_ONGOING);
    play_moves(pos, "c3");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE); /* no move left, no row: no_move's default draw */
    assert_true(st.draw);
    /* Action ids name the point too. */
    ggn_position_unmake(pos);
    int32_t ids[16];
    ggn_move moves[16];
    assert_int_equal(ggn_position_legal_actions(pos, ids, moves, 16), 1);
    ggn_error err;
    assert_false(ggn_action_move(pos, ids[0] - 1, &moves[1], &err));
    assert_non_null(strstr(err.message, "(b3)"));
    /* A pocket for a supply that never runs out is refused. */
    assert_false(ggn_position_set_fen(pos, "3/3/3[P] w - - 0 1", &err));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A row wins for its owner, whoever moved last; rows read from FEN are judged on the whole board. */
static void test_ttt_rows(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "a1 b1 b2 c1 c3");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LINE);
    assert_int_equal(st.winner, 0);
    char text[128];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, "X wins: X has 3 in a row");
    ggn_move mv[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), 0);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "2p/1p1/p1P w - - 0 1", &err));
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LINE);
    assert_int_equal(st.winner, 1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The legal moves as text, space-separated, in generation order. */
static void moves_text(ggn_position *pos, char *out, size_t cap)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n && len < cap; i++) {
        char buf[32];
        ggn_move_format(pos, mv[i], buf, sizeof buf);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", i ? " " : "", buf);
    }
}

/* Gravity: a stone lands on the lowest empty point of its column, written where it lands. */
static void test_connect_four_gravity(void **state)
{
    (void)state;
    ggn_game *g = load("connect_four.json");
    ggn_position *pos = ggn_position_new(g);
    char text[512];
    moves_text(pos, text, sizeof text);
    assert_string_equal(text, "a1 b1 c1 d1 e1 f1 g1");
    play_moves(pos, "d1 d2 d3 d4 d5 d6");
    moves_text(pos, text, sizeof text); /* column d is full */
    assert_string_equal(text, "a1 b1 c1 e1 f1 g1");
    ggn_error err;
    ggn_move m;
    assert_false(ggn_move_parse(pos, "a2", &m, &err)); /* no stone hangs in the air */
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    /* A stone falls from the top: under a stone nothing is reachable, even an empty point. */
    assert_true(ggn_position_set_fen(pos, "7/7/7/7/P6/7 w - - 0 1", &err));
    moves_text(pos, text, sizeof text);
    assert_string_equal(text, "b1 c1 d1 e1 f1 g1 a3"); /* drops in the order of their squares */
    /* Four in a column wins; three does not. */
    ggn_position_free(pos);
    pos = ggn_position_new(g);
    play_moves(pos, "a1 b1 a2 b2 a3 b3");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "a4");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_LINE);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A 9x9 board of stones with a rule for five in a row; `exact` says whether overlines count. */
static ggn_game *gomoku9(bool exact)
{
    char spec[2048];
    snprintf(spec, sizeof spec,
             "{\"name\": \"Gomoku 9\", \"board\": {\"dimensions\": [9, 9]}, \"hands\": true,"
             " \"players\": [{\"name\": \"BLACK\", \"direction\": [[1, 0], [0, 1]],"
             "   \"starting_hand\": [{\"piece\": \"STONE\", \"count\": \"unlimited\"}]},"
             "  {\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]],"
             "   \"starting_hand\": [{\"piece\": \"STONE\", \"count\": \"unlimited\"}]}],"
             " \"turns\": {\"order\": [\"BLACK\", \"WHITE\"]},"
             " \"pieces\": [{\"code\": \"STONE\", \"symbol\": \"P\", \"moves\": []}],"
             " \"game_end\": {\"lines\": [{\"length\": 5, \"exact\": %s, \"result\": \"win\"}]}}",
             exact ? "true" : "false");
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "gomoku9.json", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    return g;
}

/* Five or more wins freestyle; with "exact", an overline (six) does not, and five beside it still do. */
static void test_gomoku_overlines(void **state)
{
    (void)state;
    for (int exact = 0; exact <= 1; exact++) {
        ggn_game *g = gomoku9(exact);
        ggn_position *pos = ggn_position_new(g);
        /* Black: a1 b1 c1 e1 f1, then d1 joins them into six (a1-f1); White's stones stand apart. */
        play_moves(pos, "a1 a9 b1 c9 c1 e9 e1 g9 f1 i9");
        assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
        play_moves(pos, "d1");
        ggn_status st = ggn_position_status(pos);
        assert_int_equal(st.outcome, exact ? GGN_ONGOING : GGN_LINE);
        if (!exact) {
            char text[128];
            ggn_status_describe(g, &st, text, sizeof text);
            assert_string_equal(text, "BLACK wins: BLACK has 5 in a row");
        }
        /* Five exactly on the second rank, diagonal to none of it. */
        if (exact) {
            play_moves(pos, "a7 a2 c7 b2 e7 c2 g7");
            assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
            play_moves(pos, "d2 i7");
            assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
            play_moves(pos, "e2");
            st = ggn_position_status(pos);
            assert_int_equal(st.outcome, GGN_LINE);
            assert_int_equal(st.winner, 0);
            char text[128];
            ggn_status_describe(g, &st, text, sizeof text);
            assert_string_equal(text, "BLACK wins: BLACK has exactly 5 in a row");
        }
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* Hex: six neighbours a cell, so a chain along (-1, +1) steps joins; the first to join its edges wins. */
static void test_hex_connection(void **state)
{
    (void)state;
    ggn_game *g = load("hex.json");
    assert_int_equal(ggn_game_cells(g), GGN_CELLS_HEX);
    ggn_position *pos = ggn_position_new(g);
    /* Black runs k1 j2 i3 ... a11 (each a hex neighbour of the last, no two side by side on a
     * square board); White fills a1..a10, its own first edge only. */
    play_moves(pos, "k1 a1 j2 a2 i3 a3 h4 a4 g5 a5 f6 a6 e7 a7 d8 a8 c9 a9 b10 a10");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "a11");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CONNECTION);
    assert_int_equal(st.winner, 0);
    char text[128];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_string_equal(text, "BLACK wins: BLACK joined NEAR_EDGE and FAR_EDGE");
    /* The same chain read from FEN (no move behind it) is judged on the whole board. */
    char fen[512];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, fen, &err));
    assert_int_equal(ggn_position_status(pos).outcome, GGN_CONNECTION);
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("chess.json");
    assert_int_equal(ggn_game_cells(g), GGN_CELLS_SQUARE);
    ggn_game_free(g);
}

/* A placement-game spec with `board`, `drops` and `game_end` put in; the load must fail with `want` at `pointer`. */
static void refused(const char *board, const char *drops, const char *end, const char *pointer, const char *want)
{
    char spec[4096];
    snprintf(spec, sizeof spec,
             "{\"name\": \"Bad\", \"board\": %s, \"hands\": true,"
             " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]],"
             "   \"starting_hand\": [{\"piece\": \"STONE\", \"count\": \"unlimited\"}]},"
             "  {\"name\": \"B\", \"direction\": [[1, 0], [0, 1]],"
             "   \"starting_hand\": [{\"piece\": \"STONE\", \"count\": \"unlimited\"}]}],"
             " \"turns\": {\"order\": [\"A\", \"B\"]},"
             " \"conditions\": [{\"code\": \"LOW\", \"type\": \"POSITION\", \"check\": {\"A\": [[0, 0]], \"B\": [[0, 0]]}},"
             "   {\"code\": \"HIGH\", \"type\": \"POSITION\", \"check\": {\"A\": [[2, 2]], \"B\": [[2, 2]]}}],"
             " \"pieces\": [{\"code\": \"STONE\", \"symbol\": \"P\", \"moves\": [], \"drops\": [%s]}],"
             " \"game_end\": %s}",
             board, drops, end);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "bad.json", &errs);
    if (g) fail_msg("loaded, expected: %s", want);
    for (size_t i = 0; i < errs.count; i++)
        if (strcmp(errs.items[i].pointer, pointer) == 0 && strstr(errs.items[i].message, want)) return;
    fail_msg("no error '%s' at %s; first: %s at %s", want, pointer, errs.count ? errs.items[0].message : "-",
             errs.count ? errs.items[0].pointer : "-");
}

static void test_refusals(void **state)
{
    (void)state;
    const char *square = "{\"dimensions\": [3, 3]}", *hex = "{\"dimensions\": [3, 3], \"cells\": \"hex\"}";
    const char *row = "{\"lines\": [{\"length\": 3, \"result\": \"win\"}]}";
    refused(hex, "{\"gravity\": [0, -1]}", row, "/pieces/0/drops/0/gravity", "hexagonal cells");
    refused(square, "{\"gravity\": [0, 0]}", row, "/pieces/0/drops/0/gravity", "falls nowhere");
    refused(square, "{}", "{\"lines\": [{\"length\": 4, \"result\": \"win\"}]}", "/game_end/lines/0/length",
            "no row of 4 squares fits on this board");
    refused(square, "{}", "{\"lines\": [{\"length\": 3, \"directions\": [[1, 0], [-1, 0]], \"result\": \"win\"}]}",
            "/game_end/lines/0/directions/1", "one line");
    refused(square, "{}", "{\"lines\": [{\"length\": 3, \"result\": \"won\"}]}", "/game_end/lines/0/result",
            "unknown result");
    refused("{\"dimensions\": [3, 3], \"cells\": \"round\"}", "{}", row, "/board/cells", "unknown cells");
    refused("{\"dimensions\": [16, 16]}", "{}", row, "/players/0/starting_hand/0/count", "could fill all 256 squares");
    /* Regions that no chain can join: a wall of holes between them. */
    refused("{\"dimensions\": [3, 3], \"disabled_positions\": [[0, 1], [1, 1], [2, 1]]}", "{}",
            "{\"connections\": [{\"between\": [\"LOW\", \"HIGH\"], \"result\": \"win\"}]}",
            "/game_end/connections/0/between", "no chain of squares joins A's 'LOW' to its 'HIGH'");
    refused("{\"dimensions\": [3, 2]}, \"swap\": {\"reflect\": [[0, 1], [1, 0]]}", "{}",
            "{\"lines\": [{\"length\": 2, \"result\": \"win\"}]}", "/swap", "which is no square of the board");
    refused(square, "{}", "{\"connections\": [{\"between\": [\"LOW\", \"LOW\"], \"result\": \"win\"}]}",
            "/game_end/connections/0/between", "two different regions");
    refused(square, "{}", "{\"connections\": [{\"between\": [\"LOW\", \"EDGE\"], \"result\": \"win\"}]}",
            "/game_end/connections/0/between/1", "no named condition");
}

/* games/hex.json with the swap rule put in (Hex's: the stone taken over is reflected in the long diagonal). */
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

/* The swap (pie) rule: one more move for the second player's first turn, written "swap", taken back exactly. */
static void test_hex_swap(void **state)
{
    (void)state;
    ggn_game *g = hex_with_swap();
    ggn_position *pos = ggn_position_new(g);
    /* 121; 121 x 120 + 121 swaps; 121 x 120 x 119 + 121 x 120 (after a swap, 120 points are free). */
    assert_int_equal(ggn_perft(pos, 1), 121);
    assert_int_equal(ggn_perft(pos, 2), 14641);
    assert_int_equal(ggn_perft(pos, 3), 1742400);
    play_moves(pos, "b1");
    uint64_t before = ggn_position_hash(pos);
    assert_true(has_move(pos, "swap"));
    int32_t ids[256];
    ggn_move moves[256];
    size_t n = ggn_position_legal_actions(pos, ids, moves, 256);
    assert_int_equal(n, 121); /* 120 points and the swap */
    assert_int_equal(ids[n - 1], ggn_game_action_count(g) - 1); /* the swap's id is the last one */
    ggn_error err;
    assert_true(ggn_action_move(pos, ggn_game_action_count(g) - 1, &moves[0], &err)); /* the id names the swap */
    play_moves(pos, "swap");
    int kind, owner;
    bool unmoved;
    assert_false(ggn_position_piece_at(pos, 1, 0, &kind, &owner, &unmoved)); /* b1 is empty */
    assert_true(ggn_position_piece_at(pos, 0, 1, &kind, &owner, &unmoved)); /* a2 holds White's stone */
    assert_int_equal(owner, 1);
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_false(has_move(pos, "swap")); /* Black may not swap back */
    ggn_position_unmake(pos);
    assert_true(ggn_position_hash(pos) == before);
    assert_true(ggn_position_piece_at(pos, 1, 0, &kind, &owner, &unmoved));
    assert_int_equal(owner, 0);
    play_moves(pos, "c3");
    assert_false(has_move(pos, "swap")); /* only on the second player's first move */
    ggn_error_clear(&err);
    assert_null(ggn_game_export(g, GGN_SPELLING_MUST_DENY, &err));
    assert_non_null(strstr(err.message, "swap rule"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* The GGN export refuses, with its reason, what GGN cannot say: a hand that never runs out, gravity. */
static void test_export_refusals(void **state)
{
    (void)state;
    static const char *const games[][2] = {{"tic_tac_toe.json", "never runs out"}, {"connect_four.json", "gravity"},
                                           {"gomoku.json", "never runs out"}, {"hex.json", "never runs out"}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        ggn_game *g = load(games[i][0]);
        ggn_error err;
        ggn_error_clear(&err);
        char *text = ggn_game_export(g, GGN_SPELLING_BOARD_CHECK, &err);
        assert_null(text);
        assert_int_equal(err.code, GGN_E_CONVERSION);
        if (!strstr(err.message, games[i][1])) fail_msg("%s: %s", games[i][0], err.message);
        ggn_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ttt_exhaustive),
        cmocka_unit_test(test_ttt_text_and_draw),
        cmocka_unit_test(test_ttt_rows),
        cmocka_unit_test(test_connect_four_gravity),
        cmocka_unit_test(test_gomoku_overlines),
        cmocka_unit_test(test_hex_connection),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_export_refusals),
        cmocka_unit_test(test_hex_swap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
