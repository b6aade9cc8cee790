/*
 * test_betza.c — a piece's moves in Betza's notation (docs/game-spec.md#betza).
 *
 * - every atom and modifier compiles to the long form written out by hand
 *   in tests/data/betza/cases.json (make_cases.py), move for move;
 * - a bad string is refused with the exact message, at the line and column
 *   of the character at fault (escapes included);
 * - every shipped game rewritten with Betza has the same perft as its long
 *   form (tests/data/betza/long/), from the start and from its perft
 *   vectors' positions;
 * - ggn_game_kind_betza writes every kind of every shipped game that can be
 *   said in Betza, and what it writes reads back as the same moves; the
 *   kinds it refuses really have parts Betza cannot say.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include <jansson.h>

#include "game_util.h"
#include "ggn/game.h"
#include "gamespec/betza.h"
#include "gamespec/spec_def.h"

/* A 9 x 9 board with the piece X alone in the middle; %s is the rest of X. */
static const char template_spec[] =
    "{\n"
    "  \"name\": \"betza test\",\n"
    "  \"board\": {\"dimensions\": [9, 9]},\n"
    "  \"players\": [\n"
    "    {\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]],\n"
    "     \"starting_positions\": [{\"piece\": \"X\", \"positions\": [[4, 4]]}]},\n"
    "    {\"name\": \"BLACK\", \"direction\": [[1, 0], [0, -1]]}\n"
    "  ],\n"
    "  \"turns\": {\"order\": [\"WHITE\", \"BLACK\"]},\n"
    "  \"pieces\": [\n"
    "    {\"code\": \"X\", %s}\n"
    "  ]\n"
    "}\n";

static sd_game *load_piece(const char *piece, ggn_errors *errs)
{
    char text[65536];
    snprintf(text, sizeof text, template_spec, piece);
    return sd_game_load_string(text, strlen(text), "betza.json", errs);
}

/* The moves of kind k as sd_bmoves; the test fails on a move Betza cannot say. */
static int describe_kind(const sd_game *g, int k, sd_bmove *out)
{
    for (int i = 0; i < g->kinds[k].nmoves; i++) {
        char why[160];
        if (!sd_bmove_describe(g, &g->kinds[k].moves[i], &out[i], why, sizeof why))
            fail_msg("%s move %d: %s", g->kinds[k].code, i, why);
    }
    return g->kinds[k].nmoves;
}

/* Whether two lists hold the same moves, each as often, in any order. */
static bool same_moves(const sd_bmove *a, int na, const sd_bmove *b, int nb)
{
    if (na != nb) return false;
    bool taken[GGN_MAX_MOVES_PER_KIND] = {false};
    for (int i = 0; i < na; i++) {
        int j = 0;
        while (j < nb && (taken[j] || !sd_bmove_equal(&a[i], &b[j]))) j++;
        if (j == nb) return false;
        taken[j] = true;
    }
    return true;
}

static json_t *load_json(const char *path)
{
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root) fail_msg("%s:%d: %s", path, jerr.line, jerr.text);
    return root;
}

static void test_cases(void **state)
{
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/betza/cases.json", GGN_TEST_DATA);
    json_t *cases = load_json(path);
    assert_true(json_array_size(cases) >= 70);
    size_t i;
    json_t *c;
    json_array_foreach(cases, i, c) {
        const char *betza = json_string_value(json_object_get(c, "betza"));
        char *moves = json_dumps(json_object_get(c, "moves"), JSON_COMPACT);
        char piece[60000];
        ggn_errors errs;
        ggn_errors_init(&errs);
        snprintf(piece, sizeof piece, "\"betza\": \"%s\"", betza);
        sd_game *short_form = load_piece(piece, &errs);
        snprintf(piece, sizeof piece, "\"moves\": %s", moves);
        sd_game *long_form = load_piece(piece, &errs);
        if (!short_form || !long_form) fail_msg("%s: %s", betza, errs.count ? errs.items[0].message : "?");
        static sd_bmove a[GGN_MAX_MOVES_PER_KIND], b[GGN_MAX_MOVES_PER_KIND];
        int na = describe_kind(short_form, 0, a), nb = describe_kind(long_form, 0, b);
        if (!same_moves(a, na, b, nb)) fail_msg("%s: %d moves, not the %d of the long form", betza, na, nb);
        sd_game_free(short_form);
        sd_game_free(long_form);
        free(moves);
    }
    json_decref(cases);
}

/* The formatted error of a piece whose betza is written `raw` (JSON string contents). */
static void expect_error(const char *raw, const char *want)
{
    char piece[512];
    snprintf(piece, sizeof piece, "\"betza\": \"%s\"", raw);
    ggn_errors errs;
    ggn_errors_init(&errs);
    sd_game *g = load_piece(piece, &errs);
    assert_null(g);
    assert_int_equal(errs.errors, 1);
    char got[1024];
    ggn_error_format(&errs.items[0], got, sizeof got);
    if (strcmp(got, want) != 0) fail_msg("betza \"%s\":\n got  %s\n want %s", raw, got, want);
}

/* The string's quote is at column 28 of line 11: position p is column 28 + p. */
static void test_errors(void **state)
{
    (void)state;
    expect_error("fWxN",
                 "betza.json:11:31: error: unknown modifier 'x' at position 3 of \"fWxN\" [at "
                 "/pieces/0/betza]");
    expect_error("fW2N3Y",
                 "betza.json:11:34: error: unknown atom 'Y' at position 6 of \"fW2N3Y\" [at /pieces/0/betza]");
    expect_error("3W",
                 "betza.json:11:29: error: range '3' at position 1 of \"3W\": a range must follow an atom "
                 "[at /pieces/0/betza]");
    expect_error("WfmF fm",
                 "betza.json:11:33: error: unknown character ' ' at position 5 of \"WfmF fm\" [at "
                 "/pieces/0/betza]");
    expect_error("Wfm",
                 "betza.json:11:30: error: modifiers at position 2 of \"Wfm\": no atom follows them [at "
                 "/pieces/0/betza]");
    expect_error("KnW",
                 "betza.json:11:30: error: lame 'n' at position 2 of \"KnW\": on a one-square step there is "
                 "no square to block [at /pieces/0/betza]");
    expect_error("nNN",
                 "betza.json:11:29: error: lame 'n' at position 1 of \"nNN\": ggn cannot block a rider's "
                 "leaps between its landings [at /pieces/0/betza]");
    expect_error("pN",
                 "betza.json:11:29: error: hopper 'p' at position 1 of \"pN\": it needs a rider (pR, pNN): "
                 "a single leap has no screen to pass [at /pieces/0/betza]");
    expect_error("fhW",
                 "betza.json:11:29: error: direction 'fh' at position 1 of \"fhW\": h (half) applies only "
                 "to oblique atoms (N, C, Z), not to W [at /pieces/0/betza]");
    expect_error("W40",
                 "betza.json:11:30: error: range 40 at position 2 of \"W40\": it is above "
                 "GGN_MAX_BOARD_SIDE (32) [at /pieces/0/betza]");
    expect_error("RaW",
                 "betza.json:11:30: error: modifier 'a' at position 2 of \"RaW\": XBoard's multi-leg moves "
                 "have no long form in ggn [at /pieces/0/betza]");
    expect_error("L",
                 "betza.json:11:29: error: atom 'L' at position 1 of \"L\": it means the camel in some "
                 "programs and the zebra in others; write C (3,1) or Z (3,2) [at /pieces/0/betza]");
    expect_error("ceW",
                 "betza.json:11:30: error: en passant 'e' at position 2 of \"ceW\": e takes one-square "
                 "leaps forward and sideways (as fF); W here has other moves [at /pieces/0/betza]");
    expect_error("RR",
                 "betza.json:11:30: error: doubled 'R' at position 2 of \"RR\": R is already a rider [at "
                 "/pieces/0/betza]");
    expect_error("jN",
                 "betza.json:11:29: error: must-jump 'j' at position 1 of \"jN\": only D and A take it, "
                 "which jump over one square; for other leaps ggn cannot say which squares must be occupied "
                 "[at /pieces/0/betza]");
    /* \u0057 is W: six bytes of source for one character, so 'x' is at column 28 + 3 + 5. */
    expect_error("f\\u0057xN",
                 "betza.json:11:36: error: unknown modifier 'x' at position 3 of \"fWxN\" [at "
                 "/pieces/0/betza]");
    /* 64 moves at most: gQ on 9 x 9 has 8 directions x 7 screens = 56, a knight's 8 reach 64, a wazir goes past */
    expect_error("gQNW",
                 "betza.json:11:32: error: term at position 4 of \"gQNW\": with it the piece has more than "
                 "64 moves (GGN_MAX_MOVES_PER_KIND) [at /pieces/0/betza]");
    /* a piece needs "moves" or "betza" */
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(load_piece("\"name\": \"nothing\"", &errs));
    assert_int_equal(errs.items[0].code, GGN_E_MISSING);
}

/* games/<name>.json and its long form agree on perft from the start and on its vectors' positions. */
typedef struct pair {
    ggn_game *betza, *long_form;
} pair;

static void same_perft_at(const char *fen, void *ctx)
{
    pair *p = ctx;
    if (strncmp(fen, "startpos", 8) == 0) return; /* perft from the start is checked deeper above */
    ggn_position *a = ggn_position_new(p->betza), *b = ggn_position_new(p->long_form);
    ggn_error err;
    if (!ggn_position_set_fen(a, fen, &err) || !ggn_position_set_fen(b, fen, &err)) fail_msg("%s: %s", fen, err.message);
    uint64_t na = ggn_perft(a, 2), nb = ggn_perft(b, 2);
    if (na != nb) fail_msg("%s: perft 2 gives %llu with Betza, %llu in the long form", fen, (unsigned long long)na,
                           (unsigned long long)nb);
    ggn_position_free(a);
    ggn_position_free(b);
}

static void test_shipped_rewrites(void **state)
{
    (void)state;
    static const struct { const char *game; int depth; } games[] = {
        {"losalamos", 4}, {"makruk", 4}, {"shatranj", 4}, {"minishogi", 4},
        {"crazyhouse", 3}, {"shogi", 3}, {"xiangqi", 3}};
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char file[64], path[1024];
        snprintf(file, sizeof file, "%s.json", games[i].game);
        snprintf(path, sizeof path, "%s/betza/long/%s", GGN_TEST_DATA, file);
        ggn_errors errs;
        ggn_errors_init(&errs);
        pair p = {load(file), ggn_game_load_file(path, &errs)};
        if (!p.long_form) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
        ggn_position *a = ggn_position_new(p.betza), *b = ggn_position_new(p.long_form);
        uint64_t na = ggn_perft(a, games[i].depth), nb = ggn_perft(b, games[i].depth);
        printf("%-10s perft %d from the start: %llu (Betza) %llu (long form)\n", games[i].game, games[i].depth,
               (unsigned long long)na, (unsigned long long)nb);
        assert_true(na == nb);
        ggn_position_free(a);
        ggn_position_free(b);
        char epd[64];
        snprintf(epd, sizeof epd, "%s.epd", games[i].game);
        assert_true(for_each_epd_fen(epd, same_perft_at, &p) > 0);
        ggn_game_free(p.betza);
        ggn_game_free(p.long_form);
    }
}

/* Every shipped game names at least one piece with "betza", except chess.json, the long-form example. */
static void test_shipped_use_betza(void **state)
{
    (void)state;
    static const char *const files[] = {"losalamos", "makruk", "shatranj", "minishogi", "crazyhouse", "shogi", "xiangqi"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.json", GGN_GAMES_DIR, files[i]);
        json_t *root = load_json(path);
        int with = 0;
        size_t k;
        json_t *piece;
        json_array_foreach(json_object_get(root, "pieces"), k, piece) with += json_object_get(piece, "betza") != NULL;
        if (!with) fail_msg("%s has no piece in Betza", path);
        json_decref(root);
    }
}

/* The shipped kinds whose Betza is known from Fairy-Stockfish's and XBoard's own descriptions. */
static void expect_betza(const char *file, const char *code, const char *want)
{
    ggn_game *g = load(file);
    char buf[256];
    ggn_error err;
    if (!ggn_game_kind_betza(g, kind_of(g, code), buf, sizeof buf, &err)) fail_msg("%s %s: %s", file, code, err.message);
    if (strcmp(buf, want) != 0) fail_msg("%s %s: %s, expected %s", file, code, buf, want);
    ggn_game_free(g);
}

static void test_write_known(void **state)
{
    (void)state;
    expect_betza("chess.json", "KNIGHT", "N");
    expect_betza("chess.json", "QUEEN", "Q");
    expect_betza("shatranj.json", "BISHOP", "A");
    expect_betza("shatranj.json", "KING", "K");
    expect_betza("xiangqi.json", "HORSE", "nN");
    expect_betza("xiangqi.json", "CANNON", "mRcpR");
    expect_betza("shogi.json", "DRAGON", "RF");
    /* refused, with the move and the reason */
    ggn_game *g = load("chess.json");
    char buf[256];
    ggn_error err;
    assert_false(ggn_game_kind_betza(g, kind_of(g, "PAWN"), buf, sizeof buf, &err));
    assert_int_equal(err.code, GGN_E_CONVERSION);
    assert_non_null(strstr(err.message, "TRANSFORM"));
    assert_false(ggn_game_kind_betza(g, kind_of(g, "KING"), buf, sizeof buf, &err));
    assert_non_null(strstr(err.message, "PIECE_FIRST_MOVE"));
    assert_false(ggn_game_kind_betza(g, kind_of(g, "QUEEN"), buf, 1, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_false(ggn_game_kind_betza(g, 99, buf, sizeof buf, &err));
    ggn_game_free(g);
    /* The geometry leaves promotions unsaid (XBoard's piece lines): shogi's promoting pieces by where they go. */
    g = load("shogi.json");
    const char *const geometry[][2] = { { "PAWN", "fW" }, { "SILVER", "FfW" }, { "LANCE", "fR" }, { "KNIGHT", "fN" },
                                        { "GOLD", "WfF" } };
    for (size_t i = 0; i < sizeof geometry / sizeof geometry[0]; i++) {
        if (!ggn_game_kind_betza_geometry(g, kind_of(g, geometry[i][0]), buf, sizeof buf, &err))
            fail_msg("shogi %s: %s", geometry[i][0], err.message);
        if (strcmp(buf, geometry[i][1]) != 0) fail_msg("shogi %s: %s, expected %s", geometry[i][0], buf, geometry[i][1]);
    }
    assert_false(ggn_game_kind_betza(g, kind_of(g, "PAWN"), buf, sizeof buf, &err)); /* the whole Betza still refuses */
    ggn_game_free(g);
    /*
     * The outline: a wider piece with every move of the kind, for XBoard where nothing exact exists; wider is
     * set when it attacks squares the kind does not (janggi's palace left out), not when only a non-capture
     * is freed of a narrowing (chess's double step through an empty square).
     */
    g = load("janggi.json");
    const char *const outline[][2] = { { "SOLDIER", "fFfsW" }, { "CHARIOT", "Q" }, { "CANNON", "pQ" },
                                       { "GENERAL", "K" } };
    for (size_t i = 0; i < sizeof outline / sizeof outline[0]; i++) {
        bool wider = false;
        if (!ggn_game_kind_betza_outline(g, kind_of(g, outline[i][0]), buf, sizeof buf, &wider, &err))
            fail_msg("janggi %s: %s", outline[i][0], err.message);
        if (strcmp(buf, outline[i][1]) != 0) fail_msg("janggi %s: %s, expected %s", outline[i][0], buf, outline[i][1]);
        assert_true(wider);
        assert_false(ggn_game_kind_betza(g, kind_of(g, outline[i][0]), buf, sizeof buf, &err));
    }
    ggn_game_free(g);
    g = load("chess.json");
    bool wider = true;
    assert_true(ggn_game_kind_betza_outline(g, kind_of(g, "PAWN"), buf, sizeof buf, &wider, &err));
    assert_string_equal(buf, "fmWifmDfceF");
    assert_false(wider);
    assert_true(ggn_game_kind_betza_outline(g, kind_of(g, "KNIGHT"), buf, sizeof buf, &wider, &err));
    assert_string_equal(buf, "N");
    assert_false(wider);
    ggn_game_free(g);
}

/*
 * Every kind of every shipped game: what ggn_game_kind_betza writes, given
 * as that piece's only "betza", reads back as the same moves; a kind it
 * refuses has a move with a part Betza has no letter for.
 */
static void test_round_trip(void **state)
{
    (void)state;
    static const char *const files[] = {"chess", "chess4", "crazyhouse", "losalamos", "makruk",
                                        "minishogi", "shatranj", "shogi", "xiangqi"};
    int written = 0, refused = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.json", GGN_GAMES_DIR, files[f]);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *g = ggn_game_load_file(path, &errs);
        sd_game *def = sd_game_load_file(path, &errs);
        assert_non_null(g);
        assert_non_null(def);
        json_t *root = load_json(path);
        for (int k = 0; k < ggn_game_kind_count(g); k++) {
            char betza[256];
            ggn_error err;
            if (!ggn_game_kind_betza(g, k, betza, sizeof betza, &err)) {
                refused++;
                assert_int_equal(err.code, GGN_E_CONVERSION);
                /* the reason is real: some move has a promotion or a condition or effect beyond Betza */
                bool beyond = false;
                for (int i = 0; i < def->kinds[k].nmoves; i++) {
                    sd_bmove b;
                    beyond |= !sd_bmove_describe(def, &def->kinds[k].moves[i], &b, NULL, 0);
                }
                if (!beyond) fail_msg("%s %s refused, yet every move has a Betza shape: %s", files[f],
                                      def->kinds[k].code, err.message);
                continue;
            }
            written++;
            json_t *copy = json_deep_copy(root);
            json_t *piece = json_array_get(json_object_get(copy, "pieces"), (size_t)k);
            json_object_del(piece, "moves");
            json_object_set_new(piece, "betza", json_string(betza));
            char *text = json_dumps(copy, 0);
            ggn_errors_init(&errs);
            sd_game *back = sd_game_load_string(text, strlen(text), "back.json", &errs);
            if (!back) fail_msg("%s %s as \"%s\": %s", files[f], def->kinds[k].code, betza, errs.items[0].message);
            static sd_bmove a[GGN_MAX_MOVES_PER_KIND], b[GGN_MAX_MOVES_PER_KIND];
            int na = describe_kind(def, k, a), nb = describe_kind(back, k, b);
            if (!same_moves(a, na, b, nb)) fail_msg("%s %s: \"%s\" reads back as other moves", files[f],
                                                    def->kinds[k].code, betza);
            sd_game_free(back);
            free(text);
            json_decref(copy);
        }
        json_decref(root);
        sd_game_free(def);
        ggn_game_free(g);
    }
    printf("round trip: %d kinds written in Betza and read back, %d refused\n", written, refused);
    assert_true(written >= 40);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_shipped_rewrites),
        cmocka_unit_test(test_shipped_use_betza),
        cmocka_unit_test(test_write_known),
        cmocka_unit_test(test_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
