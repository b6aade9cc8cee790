/*
 * test_usi.c — moves in USI (ggn_move_format_usi, and ggn_move_parse reading
 * it): every legal move of the shogi, minishogi, crazyhouse and xiangqi
 * perft positions and of the positions one move on written and read back as
 * itself, one text per move; hand-derived examples against coordinate text;
 * the strict promotion mark; each malformed or illegal text with its error;
 * and `ggn perft --divide --usi` / `ggn bestmove --usi` against the plain
 * commands.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
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
#include "proc_util.h"

#define SHOGI_START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
#define MOVE_TEXT 64
#define TIMEOUT_MS 60000

/* A position of game: the SFEN, or the start when sfen is NULL. */
static ggn_position *position(const ggn_game *g, const char *sfen)
{
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    if (sfen && !ggn_position_set_sfen(pos, sfen, &err)) fail_msg("%s: %s", sfen, err.message);
    return pos;
}

static ggn_move parse(ggn_position *pos, const char *text)
{
    ggn_move mv;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_move_parse(pos, text, &mv, &err)) fail_msg("%s: %s", text, err.message);
    return mv;
}

static void play(ggn_position *pos, const char *text)
{
    assert_true(ggn_position_make(pos, parse(pos, text)));
}

static void assert_same_move(ggn_move a, ggn_move b, const char *text)
{
    if (a.from != b.from || a.to != b.to || a.promotion != b.promotion || a.pattern != b.pattern)
        fail_msg("%s read back as another move (from %u/%u to %u/%u promotion %u/%u pattern %u/%u)", text, a.from,
                 b.from, a.to, b.to, a.promotion, b.promotion, a.pattern, b.pattern);
}

/*
 * Every legal move of pos: its USI text reads back as the same move, is the
 * same move its coordinate text names, and no other move has that text.
 */
static void check_moves(ggn_position *pos, const char *where)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    assert_true(n <= GGN_MAX_MOVES);
    char(*texts)[MOVE_TEXT] = calloc(n ? n : 1, sizeof *texts);
    assert_non_null(texts);
    for (size_t i = 0; i < n; i++) {
        char cell[MOVE_TEXT];
        if (!ggn_move_format_usi(pos, moves[i], texts[i], MOVE_TEXT)) fail_msg("%s: move %zu has no USI", where, i);
        assert_true(ggn_move_format(pos, moves[i], cell, sizeof cell) > 0);
        assert_same_move(parse(pos, texts[i]), moves[i], texts[i]);
        assert_same_move(parse(pos, texts[i]), parse(pos, cell), cell);
        for (size_t j = 0; j < i; j++)
            if (strcmp(texts[i], texts[j]) == 0) fail_msg("%s: two moves are written %s", where, texts[i]);
    }
    free(texts);
}

/* check_moves on pos and on every position one legal move from it. */
static void check_tree(ggn_position *pos, const char *where)
{
    check_moves(pos, where);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_position_make(pos, moves[i]));
        check_moves(pos, where);
        ggn_position_unmake(pos);
    }
}

/* check_tree on one FEN (with pockets) of a perft file; ctx is the position to use. */
static void check_fen_tree(const char *fen, void *ctx)
{
    ggn_position *pos = ctx;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    check_tree(pos, fen);
}

/* check_tree on every position of a perft file. */
static void check_epd(const char *game_file, const char *epd_file)
{
    ggn_game *g = load(game_file);
    ggn_position *pos = ggn_position_new(g);
    assert_true(for_each_epd_fen(epd_file, check_fen_tree, pos) >= 4);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_round_trip(void **state)
{
    (void)state;
    check_epd("shogi.json", "shogi.epd");
    check_epd("minishogi.json", "minishogi.epd");
    /* Promotions written with a letter ("5b5aq"), drops of a game that is not shogi. */
    check_epd("crazyhouse.json", "crazyhouse.epd");
    /* Ten ranks: a to j. */
    check_epd("xiangqi.json", "xiangqi.epd");
}

typedef struct example {
    const char *game;
    const char *sfen;  /* NULL: the game's start */
    const char *moves; /* played first (coordinate text), or NULL */
    const char *usi;
    const char *cell;  /* the same move in coordinate text, derived by hand */
} example;

/*
 * USI square = file (cols - x) and rank letter ('a' + rows - 1 - y); CELL =
 * column letter ('a' + x) and row number (y + 1). On 9x9: 7g = x 2, y 2 = c3.
 */
static const example examples[] = {
    { "shogi.json", NULL, NULL, "7g7f", "c3c4" },
    { "shogi.json", NULL, NULL, "2h1h", "h2i2" },   /* the rook, one file to the right edge */
    { "shogi.json", NULL, NULL, "1g1f", "i3i4" },
    { "shogi.json", NULL, NULL, "9i9h", "a1a2" },
    { "shogi.json", NULL, "c3c4", "3c3d", "g7g6" }, /* the second player's move, the same squares */
    /* The bishop exchange: promoting, and declining the (optional) promotion. */
    { "shogi.json", NULL, "c3c4 g7g6", "8h2b+", "b2h8+" },
    { "shogi.json", NULL, "c3c4 g7g6", "8h2b", "b2h8" },
    /* Drops: the upper-case letter whoever drops. */
    { "shogi.json", "4k4/9/9/9/9/9/PPPP1PPPP/9/4K4 b Pp 1", NULL, "P*5e", "P@e5" },
    { "shogi.json", "4k4/9/9/9/9/9/PPPP1PPPP/9/4K4 w Pp 1", NULL, "P*5e", "P@e5" },
    { "shogi.json", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1B1S3R1/LN1GKGSNL b Bb 1", NULL, "B*4d",
      "B@f6" },
    /* Forced promotions of a pawn, a lance and a knight on the last ranks. */
    { "shogi.json", "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1", NULL, "9b9a+", "a8a9+" },
    { "shogi.json", "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1", NULL, "1b1a+", "i8i9+" },
    { "shogi.json", "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1", NULL, "8c7a+", "b7c9+" },
    /* Minishogi: files 1 to 5, ranks a to e. */
    { "minishogi.json", NULL, NULL, "5d5c", "a2a3" },
    { "minishogi.json", NULL, NULL, "1e1b", "e1e4" },
    /* Chess-like promotions take the kind's lower-case letter; ten ranks in xiangqi. */
    { "chess.json", "k7/4P3/8/8/8/8/8/4K3 b - 1", NULL, "4b4aq", "e7e8q" },
    { "chess.json", "k7/4P3/8/8/8/8/8/4K3 b - 1", NULL, "4b4an", "e7e8n" },
    { "xiangqi.json", NULL, NULL, "2h5h", "h3e3" },
};

static void test_examples(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const example *e = &examples[i];
        ggn_game *g = load(e->game);
        assert_true(ggn_game_has_usi(g));
        ggn_position *pos = position(g, e->sfen);
        if (e->moves) {
            char list[256];
            snprintf(list, sizeof list, "%s", e->moves);
            for (char *save = NULL, *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) play(pos, w);
        }
        ggn_move mv = parse(pos, e->usi);
        assert_same_move(mv, parse(pos, e->cell), e->usi);
        char text[MOVE_TEXT];
        assert_int_equal(ggn_move_format_usi(pos, mv, text, sizeof text), strlen(e->usi));
        assert_string_equal(text, e->usi);
        /* Spaces around the text are ignored, as in coordinate text. */
        snprintf(text, sizeof text, " %s ", e->usi);
        assert_same_move(parse(pos, text), mv, text);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* "8h2b" and "8h2b+" are two moves; a forced promotion is only ever written with '+'. */
static void test_promotion_mark(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_position *pos = position(g, NULL);
    play(pos, "7g7f");
    play(pos, "3c3d");
    ggn_move declined = parse(pos, "8h2b"), promoted = parse(pos, "8h2b+");
    assert_false(ggn_move_equal(declined, promoted));
    ggn_position_free(pos);
    pos = position(g, "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1");
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    size_t promoting = 0;
    for (size_t i = 0; i < n; i++) {
        char text[MOVE_TEXT];
        ggn_move_format_usi(pos, moves[i], text, sizeof text);
        if (strchr(text, '+')) promoting++;
    }
    assert_int_equal(promoting, 4); /* 9b9a+, 1b1a+, 8c9a+, 8c7a+: none of them written without '+' */
    ggn_position_free(pos);
    ggn_game_free(g);
}

typedef struct bad_text {
    const char *game;
    const char *sfen;  /* NULL: the game's start */
    const char *moves; /* played first, or NULL */
    const char *text;
    ggn_code code;
    const char *message;
} bad_text;

#define SHOGI_RANGE "(files 1 to 9, ranks a to i)"
#define MOVE_USAGE "move: write the source and destination squares, like 7g7f, and '+' to promote"
#define DROP_USAGE "drop: write the piece's upper-case letter, '*' and the square, like P*5e"

static const bad_text bad[] = {
    { "shogi.json", NULL, NULL, "0a1a", GGN_E_VALUE, "0a1a: '0a' is not a square of this board in USI " SHOGI_RANGE },
    { "shogi.json", NULL, NULL, "7j7f", GGN_E_VALUE, "7j7f: '7j' is not a square of this board in USI " SHOGI_RANGE },
    { "shogi.json", NULL, NULL, "7g7j", GGN_E_VALUE, "7g7j: '7j' is not a square of this board in USI " SHOGI_RANGE },
    { "shogi.json", NULL, NULL, "P*5", GGN_E_VALUE, "'P*5' is not a USI " DROP_USAGE },
    { "shogi.json", NULL, NULL, "*5e", GGN_E_VALUE, "'*5e' is not a USI " DROP_USAGE },
    { "shogi.json", NULL, NULL, "p*5e", GGN_E_VALUE, "'p*5e' is not a USI " DROP_USAGE },
    { "shogi.json", NULL, NULL, "P*0e", GGN_E_VALUE, "P*0e: '0e' is not a square of this board in USI " SHOGI_RANGE },
    { "shogi.json", NULL, NULL, "X*5e", GGN_E_VALUE, "X*5e: 'X' is no piece of this game" },
    { "shogi.json", NULL, NULL, "+K*5e", GGN_E_VALUE, "+K*5e: '+K' is no piece of this game" },
    { "shogi.json", NULL, NULL, "P*5e", GGN_E_ILLEGAL, "P*5e is not a legal drop here" },
    { "shogi.json", NULL, NULL, "7g7f++", GGN_E_VALUE,
      "7g7f++ is not a USI move: after the squares comes '+' to promote, '-' to turn a promoted piece back "
      "(or the lower-case letter of the kind promoted to), or nothing, not '++'" },
    { "shogi.json", NULL, NULL, "7g7f=Q", GGN_E_VALUE,
      "7g7f=Q is not a USI move: after the squares comes '+' to promote, '-' to turn a promoted piece back "
      "(or the lower-case letter of the kind promoted to), or nothing, not '=Q'" },
    { "shogi.json", NULL, NULL, "7g", GGN_E_VALUE, "'7g' is not a USI " MOVE_USAGE },
    { "shogi.json", NULL, NULL, "7g-7f", GGN_E_VALUE, "'7g-7f' is not a USI " MOVE_USAGE },
    { "shogi.json", NULL, NULL, "7G7F", GGN_E_VALUE, "'7G7F' is not a USI " MOVE_USAGE },
    { "shogi.json", NULL, NULL, "7g7e", GGN_E_ILLEGAL, "7g7e is not a legal move here" },
    { "shogi.json", NULL, NULL, "7g7f+", GGN_E_ILLEGAL, "7g7f+ is not a legal move here: 7g7f does not promote" },
    { "shogi.json", NULL, NULL, "7g7f-", GGN_E_ILLEGAL, "7g7f- is not a legal move here: 7g7f does not promote" },
    { "kyotoshogi.json", NULL, NULL, "5e5d", GGN_E_ILLEGAL, "5e5d is not a legal move here: the piece must promote (5e5d-)" },
    { "kyotoshogi.json", NULL, NULL, "+L*3c", GGN_E_ILLEGAL, "+L*3c is not a legal drop here" },
    { "shogi.json", NULL, "c3c4 g7g6", "8h2bq", GGN_E_ILLEGAL, "8h2bq: 'q' is not one of the promotion choices" },
    { "shogi.json", "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1", NULL, "9b9a", GGN_E_ILLEGAL,
      "9b9a is not a legal move here: the piece must promote (9b9a+)" },
    { "shogi.json", "4k4/P7L/1N7/9/4p4/9/9/7nl/4K4 b - 1", NULL, "8c7a", GGN_E_ILLEGAL,
      "8c7a is not a legal move here: the piece must promote (8c7a+)" },
    { "shogi.json", NULL, NULL, "7g7f 3c3d", GGN_E_VALUE,
      "7g7f 3c3d is not a USI move: after the squares comes '+' to promote, '-' to turn a promoted piece back "
      "(or the lower-case letter of the kind promoted to), or nothing, not ' 3c3d'" },
    { "shogi.json", NULL, NULL, "7g7f7g7f7g7f7g7f7g", GGN_E_VALUE, "'7g7f7g7f7g7f7g7f...' is too long for a USI move" },
    { "minishogi.json", NULL, NULL, "6e5e", GGN_E_VALUE,
      "6e5e: '6e' is not a square of this board in USI (files 1 to 5, ranks a to e)" },
    { "minishogi.json", NULL, NULL, "5d5f", GGN_E_VALUE,
      "5d5f: '5f' is not a square of this board in USI (files 1 to 5, ranks a to e)" },
    { "chess.json", "k7/4P3/8/8/8/8/8/4K3 b - 1", NULL, "4b4a", GGN_E_ILLEGAL,
      "4b4a is not a legal move here: the piece must promote (4b4aq)" },
    { "chess.json", NULL, NULL, "P*5e", GGN_E_ILLEGAL, "P*5e: this game has no hands to drop from" },
    { "chess4.json", NULL, NULL, "7g7f", GGN_E_STATE,
      "'7g7f' looks like USI, which this game does not have (USI needs FEN's two players and symbols, at most 9 "
      "files and 26 ranks)" },
};

static void test_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const bad_text *b = &bad[i];
        ggn_game *g = load(b->game);
        ggn_position *pos = position(g, b->sfen);
        if (b->moves) {
            char list[256];
            snprintf(list, sizeof list, "%s", b->moves);
            for (char *save = NULL, *w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) play(pos, w);
        }
        ggn_move mv;
        ggn_error err;
        ggn_error_clear(&err);
        if (ggn_move_parse(pos, b->text, &mv, &err)) fail_msg("accepted: %s", b->text);
        if (strcmp(err.message, b->message) != 0)
            fail_msg("%s:\n  got  %s\n  want %s", b->text, err.message, b->message);
        assert_int_equal(err.code, b->code);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* Where USI is defined, and the writer's answer where it is not or the buffer is short. */
static void test_defined(void **state)
{
    (void)state;
    const char *with[] = { "shogi.json", "minishogi.json", "chess.json", "crazyhouse.json", "xiangqi.json" };
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++) {
        ggn_game *g = load(with[i]);
        assert_true(ggn_game_has_usi(g));
        ggn_game_free(g);
    }
    ggn_game *g = load("chess4.json");
    assert_false(ggn_game_has_usi(g));
    ggn_position *pos = ggn_position_new(g);
    ggn_move moves[GGN_MAX_MOVES];
    assert_true(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES) > 0);
    char text[MOVE_TEXT] = "x";
    assert_int_equal(ggn_move_format_usi(pos, moves[0], text, sizeof text), 0);
    assert_string_equal(text, "");
    ggn_position_free(pos);
    ggn_game_free(g);

    g = load("shogi.json");
    pos = ggn_position_new(g);
    ggn_move mv = parse(pos, "7g7f");
    assert_int_equal(ggn_move_format_usi(pos, mv, text, 4), 0); /* "7g7f" and its NUL need 5 */
    assert_string_equal(text, "");
    assert_int_equal(ggn_move_format_usi(pos, mv, text, 5), 4);
    assert_string_equal(text, "7g7f");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- the program ---- */

static proc_result run_ggn(const char *const *args)
{
    const char *argv[16] = { GGN_BINARY };
    size_t n = 1;
    for (; args[n - 1] && n < 15; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    return proc_run(argv, NULL, NULL, TIMEOUT_MS);
}

/* The "MOVE: N" lines of a --divide output, in order, without the "Nodes: N" total; returns how many (at most cap). */
typedef struct divide_entry {
    char move[MOVE_TEXT];
    unsigned long nodes;
} divide_entry;

static size_t divide_lines(const char *out, divide_entry *entries, size_t cap)
{
    size_t n = 0;
    for (const char *line = out; *line && n < cap;) {
        const char *end = strchr(line, '\n');
        char text[128];
        snprintf(text, sizeof text, "%.*s", (int)(end ? end - line : (long)strlen(line)), line);
        bool total = strncmp(text, "Nodes:", 6) == 0;
        if (!total && sscanf(text, "%63[^: ]: %lu", entries[n].move, &entries[n].nodes) == 2) n++;
        if (!end) break;
        line = end + 1;
    }
    return n;
}

static void test_perft_divide(void **state)
{
    (void)state;
    const char *one[] = { "perft", "shogi", "1", "--divide", "--usi", NULL };
    proc_result r = run_ggn(one);
    assert_int_equal(r.status, 0);
    divide_entry usi[64], cell[64];
    assert_int_equal(divide_lines(r.out, usi, 64), 30);
    assert_non_null(strstr(r.out, "7g7f: 1\n"));
    assert_non_null(strstr(r.out, "2h1h: 1\n"));
    proc_free(&r);

    /* Depth 2: each USI line has the count of the coordinate line of the same move. */
    const char *two_usi[] = { "perft", "shogi", "2", "--divide", "--usi", NULL };
    const char *two_cell[] = { "perft", "shogi", "2", "--divide", NULL };
    r = run_ggn(two_usi);
    assert_int_equal(r.status, 0);
    size_t n = divide_lines(r.out, usi, 64);
    proc_free(&r);
    r = run_ggn(two_cell);
    assert_int_equal(r.status, 0);
    assert_int_equal(divide_lines(r.out, cell, 64), n);
    proc_free(&r);
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);
    for (size_t i = 0; i < n; i++) {
        char text[MOVE_TEXT];
        ggn_move_format(pos, parse(pos, usi[i].move), text, sizeof text);
        size_t j = 0;
        while (j < n && strcmp(cell[j].move, text) != 0) j++;
        if (j == n) fail_msg("%s (%s) is missing from the coordinate divide", usi[i].move, text);
        assert_int_equal(usi[i].nodes, cell[j].nodes);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_cli_usi(void **state)
{
    (void)state;
    char last[256];
    /* --moves takes USI as it is; --usi prints the answer in USI, which reads back. */
    const char *best[] = { "bestmove", "shogi", "--moves", "7g7f,3c3d", "--depth", "1", "--usi", NULL };
    proc_result r = run_ggn(best);
    assert_int_equal(r.status, 0);
    proc_last_line(r.out, last, sizeof last);
    ggn_game *g = load("shogi.json");
    ggn_position *pos = ggn_position_new(g);
    play(pos, "7g7f");
    play(pos, "3c3d");
    char text[MOVE_TEXT];
    ggn_move_format_usi(pos, parse(pos, last), text, sizeof text);
    assert_string_equal(text, last);
    ggn_position_free(pos);
    ggn_game_free(g);
    proc_free(&r);

    /* --usi where USI is not defined, or without --divide: usage errors. */
    const char *no_usi[][8] = {
        { "perft", "chess4", "1", "--divide", "--usi", NULL },
        { "bestmove", "chess4", "--depth", "1", "--usi", NULL },
        { "perft", "shogi", "1", "--usi", NULL },
    };
    const char *why[] = { "--usi: this game has no USI notation", "--usi: this game has no USI notation",
                          "--usi writes the moves of --divide" };
    for (size_t i = 0; i < 3; i++) {
        r = run_ggn(no_usi[i]);
        assert_int_equal(r.status, 2);
        if (!strstr(r.err, why[i])) fail_msg("%s: stderr: %s", no_usi[i][1], r.err);
        assert_string_equal(r.out, "");
        proc_free(&r);
    }
    /* A bad USI move in --moves is the input's fault (exit 1) and says why. */
    const char *bad_moves[] = { "bestmove", "shogi", "--moves", "7g7f,3c3d,8h2b++", NULL };
    r = run_ggn(bad_moves);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "--moves: error: move 3: 8h2b++ is not a USI move"));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),  cmocka_unit_test(test_promotion_mark), cmocka_unit_test(test_errors),
        cmocka_unit_test(test_defined),   cmocka_unit_test(test_round_trip),     cmocka_unit_test(test_perft_divide),
        cmocka_unit_test(test_cli_usi),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
