/*
 * test_render.c — ggn_render_svg on every shipped game (every .json file in games/,
 * whoever added it) and on test games with holes and many players: the SVG
 * must be well-formed XML (a small checker here, and xmllint as well when it
 * is installed; CI sets GGN_REQUIRE_XMLLINT so a missing xmllint fails
 * loudly) and must hold one square per enabled square and one piece per
 * piece on the board. Also `ggn render`.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ggn/display.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/render.h"
#include "proc_util.h"

#define TIMEOUT_MS 30000

/* ---- a small XML well-formedness checker ---- */

static bool name_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_' || c == ':' || c == '.';
}

/* Checks an entity reference at *p (just after '&'); advances past ';'. */
static const char *check_entity(const char **p)
{
    const char *s = *p;
    static const char *const named[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };
    for (size_t i = 0; i < 5; i++) {
        size_t n = strlen(named[i]);
        if (strncmp(s, named[i], n) == 0) {
            *p = s + n;
            return NULL;
        }
    }
    if (*s != '#') return "unknown entity";
    s++;
    bool hex = *s == 'x';
    if (hex) s++;
    const char *digits = s;
    while (hex ? isxdigit((unsigned char)*s) : isdigit((unsigned char)*s)) s++;
    if (s == digits || *s != ';') return "bad character reference";
    *p = s + 1;
    return NULL;
}

/* NULL when text is a well-formed XML document (as far as SVG output needs), else why not. */
static const char *xml_check(const char *text, int *elements)
{
    static char why[512];
    const char *p = text;
    char stack[64][64];
    int depth = 0, roots = 0;
    *elements = 0;
    if (strncmp(p, "<?xml ", 6) == 0) {
        p = strstr(p, "?>");
        if (!p) return "unterminated XML declaration";
        p += 2;
    }
    while (*p) {
        if (*p != '<') {
            if (*p == '&') {
                p++;
                const char *e = check_entity(&p);
                if (e) return e;
                continue;
            }
            if (*p == '>') return "'>' in text";
            if (depth == 0 && !isspace((unsigned char)*p)) return "text outside the root element";
            p++;
            continue;
        }
        p++;
        if (*p == '/') {
            p++;
            const char *start = p;
            while (name_char(*p)) p++;
            if (depth == 0) return "closing tag without an open element";
            depth--;
            if ((size_t)(p - start) != strlen(stack[depth]) || strncmp(start, stack[depth], (size_t)(p - start)) != 0) {
                snprintf(why, sizeof why, "</%.*s> closes <%.64s>", (int)(p - start > 64 ? 64 : p - start), start,
                         stack[depth]);
                return why;
            }
            while (isspace((unsigned char)*p)) p++;
            if (*p != '>') return "junk in a closing tag";
            p++;
            continue;
        }
        const char *start = p;
        while (name_char(*p)) p++;
        if (p == start) return "'<' not followed by a name";
        if (depth == 0 && ++roots > 1) return "more than one root element";
        if (depth >= 64 || p - start >= 64) return "too deep";
        char names[32][64];
        int nattr = 0;
        snprintf(stack[depth], sizeof stack[depth], "%.*s", (int)(p - start), start);
        (*elements)++;
        for (;;) {
            bool space = isspace((unsigned char)*p);
            while (isspace((unsigned char)*p)) p++;
            if (*p == '/' && p[1] == '>') {
                p += 2;
                break;
            }
            if (*p == '>') {
                p++;
                depth++;
                break;
            }
            if (!space) return "attributes must be separated by spaces";
            const char *an = p;
            while (name_char(*p)) p++;
            if (p == an) return "bad attribute name";
            if (nattr < 32) {
                snprintf(names[nattr], sizeof names[nattr], "%.*s", (int)(p - an), an);
                for (int k = 0; k < nattr; k++)
                    if (strcmp(names[k], names[nattr]) == 0) return "duplicate attribute";
                nattr++;
            }
            if (*p++ != '=') return "attribute without '='";
            char quote = *p++;
            if (quote != '"' && quote != '\'') return "unquoted attribute value";
            while (*p && *p != quote) {
                if (*p == '<') return "'<' in an attribute value";
                if (*p == '&') {
                    p++;
                    const char *e = check_entity(&p);
                    if (e) return e;
                } else {
                    p++;
                }
            }
            if (!*p) return "unterminated attribute value";
            p++;
        }
    }
    if (depth) return "unclosed element";
    if (!roots) return "no root element";
    return NULL;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what)) n++;
    return n;
}

static bool xmllint_path(char *buf, size_t cap)
{
    const char *dirs[] = { "/usr/bin", "/usr/local/bin", "/bin" };
    for (size_t i = 0; i < 3; i++) {
        snprintf(buf, cap, "%s/xmllint", dirs[i]);
        if (access(buf, X_OK) == 0) return true;
    }
    return false;
}

/* Checks one SVG: well-formed, and the squares and pieces of pos. */
static void check_svg(const char *what, const char *svg, const ggn_position *pos, bool expect_last)
{
    int elements;
    const char *why = xml_check(svg, &elements);
    if (why) fail_msg("%s: not well-formed XML: %s", what, why);
    assert_true(elements > 3);

    char lint[64];
    if (xmllint_path(lint, sizeof lint)) {
        const char *argv[] = { lint, "--noout", "-", NULL };
        proc_result r = proc_run(argv, svg, NULL, TIMEOUT_MS);
        if (r.status != 0) fail_msg("%s: xmllint: %s", what, r.err);
        proc_free(&r);
    } else if (getenv("GGN_REQUIRE_XMLLINT")) {
        fail_msg("xmllint is not installed, and GGN_REQUIRE_XMLLINT is set");
    } else {
        static bool told;
        if (!told) printf("  (xmllint is not installed: only the built-in XML checker runs)\n");
        told = true;
    }

    const ggn_game *g = ggn_position_game(pos);
    int enabled = 0, disabled = 0, pieces = 0;
    for (int y = 0; y < ggn_game_rows(g); y++) {
        for (int x = 0; x < ggn_game_cols(g); x++) {
            int kind, owner;
            bool unmoved;
            if (!ggn_game_square_enabled(g, x, y)) {
                disabled++;
                continue;
            }
            enabled++;
            if (ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) pieces++;
        }
    }
    if (count(svg, "class=\"sq ") != enabled)
        fail_msg("%s: %d squares drawn, %d enabled", what, count(svg, "class=\"sq "), enabled);
    /* every enabled square names itself for a page (web/): data-square="<CELL label>" */
    if (count(svg, " data-square=\"") != enabled)
        fail_msg("%s: %d squares named, %d enabled", what, count(svg, " data-square=\""), enabled);
    /* A board of points joined by lines shows nothing between its points: no hole is drawn there. */
    assert_int_equal(count(svg, "class=\"off\""), ggn_game_board_lines(g, NULL, 0) ? 0 : disabled);
    if (count(svg, "class=\"piece\"") != pieces)
        fail_msg("%s: %d pieces drawn, %d on the board", what, count(svg, "class=\"piece\""), pieces);
    /* The last move marks its source and destination; a drop (a placement game's first move) only
     * its destination. */
    ggn_move last;
    int marked = 0;
    if (expect_last) {
        assert_true(ggn_position_last_move(pos, &last));
        marked = ggn_move_is_drop(last) ? 1 : 2;
    }
    assert_int_equal(count(svg, "class=\"last\""), marked);
    assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
}

/* Renders the start position, and the position after one legal move, in every style. */
static int check_game_file(const char *path)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(path, &errs);
    if (!game) fail_msg("%s: does not load: %s", path, errs.count ? errs.items[0].message : "?");
    ggn_position *pos = ggn_position_new(game);
    assert_non_null(pos);
    const ggn_render_options styles[] = {
        { 0, false, false, false, GGN_RENDER_PIECES_AUTO },
        { 30, true, false, false, GGN_RENDER_PIECES_DISCS },
        { 64, false, true, true, GGN_RENDER_PIECES_GLYPHS },
    };
    for (int moved = 0; moved < 2; moved++) {
        if (moved) {
            ggn_move moves[GGN_MAX_MOVES];
            if (ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES) == 0) break;
            assert_true(ggn_position_make(pos, moves[0]));
        }
        for (size_t k = 0; k < sizeof styles / sizeof styles[0]; k++) {
            ggn_error err;
            char *svg = ggn_render_svg(pos, &styles[k], &err);
            if (!svg) fail_msg("%s: %s", path, err.message);
            char what[600];
            snprintf(what, sizeof what, "%s (style %zu%s)", path, k, moved ? ", after a move" : "");
            check_svg(what, svg, pos, moved && !styles[k].hide_last_move);
            free(svg);
        }
    }
    char *svg = ggn_render_svg(pos, NULL, NULL);
    assert_non_null(svg);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    return 1;
}

static void test_every_shipped_game(void **state)
{
    (void)state;
    DIR *dir = opendir(GGN_GAMES_DIR);
    assert_non_null(dir);
    int games = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, e->d_name);
        printf("  %s\n", e->d_name);
        games += check_game_file(path);
    }
    closedir(dir);
    assert_true(games >= 1);
}

static void test_holes_and_four_players(void **state)
{
    (void)state;
    check_game_file(GGN_TEST_DATA "/play/cross4.json");
    check_game_file(GGN_TEST_DATA "/spec/good/extensions.json");
}

static void test_styles(void **state)
{
    (void)state;
    ggn_game *game = ggn_game_load_file(GGN_GAMES_DIR "/chess.json", NULL);
    assert_non_null(game);
    ggn_position *pos = ggn_position_new(game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    /* Chess: glyphs, U+2654.. for White (over a white body), U+265A.. for Black; title escaped. */
    assert_non_null(strstr(svg, "&#9812;"));
    assert_non_null(strstr(svg, "&#9823;"));
    assert_null(strstr(svg, "<circle"));
    assert_non_null(strstr(svg, "<title>Chess</title>"));
    assert_int_equal(count(svg, "class=\"coord\""), 16);
    /* squares by their CELL labels; White's king (player 0) on e1 */
    assert_non_null(strstr(svg, "class=\"sq dark\" data-square=\"a1\""));
    assert_non_null(strstr(svg, "class=\"sq light\" data-square=\"h1\""));
    assert_non_null(strstr(svg, " data-square=\"e2\""));
    assert_non_null(strstr(svg, " data-square=\"h8\""));
    assert_null(strstr(svg, " data-square=\"i1\""));
    free(svg);
    ggn_render_options discs = { 0, false, true, false, GGN_RENDER_PIECES_DISCS };
    svg = ggn_render_svg(pos, &discs, NULL);
    assert_int_equal(count(svg, "<circle"), 32);
    assert_int_equal(count(svg, "class=\"coord\""), 0);
    free(svg);
    /* Size limits. */
    ggn_render_options tiny = { 4, false, false, false, GGN_RENDER_PIECES_AUTO };
    ggn_error err;
    assert_null(ggn_render_svg(pos, &tiny, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    ggn_position_free(pos);
    ggn_game_free(game);
}

static void test_cli(void **state)
{
    (void)state;
    char path[512];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/ggn_test_render_%ld.svg", dir && *dir ? dir : "/tmp", (long)getpid());
    const char *argv[] = { GGN_BINARY, "render", "chess", "--moves", "e2e4 e7e5", "-o", path, NULL };
    proc_result r = proc_run(argv, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char svg[1 << 20];
    size_t n = fread(svg, 1, sizeof svg - 1, f);
    svg[n] = '\0';
    fclose(f);
    remove(path);
    int elements;
    assert_null(xml_check(svg, &elements));
    assert_int_equal(count(svg, "class=\"last\""), 2);
    assert_int_equal(count(svg, "class=\"piece\""), 32);

    const char *to_stdout[] = { GGN_BINARY, "render", "chess", "--flip", "--discs", "--size", "20", NULL };
    r = proc_run(to_stdout, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_null(xml_check(r.out, &elements));
    assert_int_equal(count(r.out, "<circle"), 32);
    proc_free(&r);

    const char *bad_move[] = { GGN_BINARY, "render", "chess", "--moves", "e2e5", NULL };
    r = proc_run(bad_move, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "move 1"));
    proc_free(&r);
    const char *bad_size[] = { GGN_BINARY, "render", "chess", "--size", "2", NULL };
    r = proc_run(bad_size, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    const char *no_game[] = { GGN_BINARY, "render", NULL };
    r = proc_run(no_game, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    const char *bad_game[] = { GGN_BINARY, "render", "/nonexistent/game.json", NULL };
    r = proc_run(bad_game, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    proc_free(&r);
}

/* ---- hands, promotion marks, colours ---- */

/* The number after `attr="` in the first element at or after `from` that has it. */
static double attr_after(const char *from, const char *attr)
{
    char key[32];
    snprintf(key, sizeof key, " %s=\"", attr);
    const char *p = strstr(from, key);
    assert_non_null(p);
    return atof(p + strlen(key));
}

/* The y of the first translate(x y) after from (a shogi piece's place). */
static double translate_y(const char *from)
{
    const char *p = strstr(from, "translate(");
    assert_non_null(p);
    double x, y;
    assert_int_equal(sscanf(p, "translate(%lf %lf)", &x, &y), 2);
    return y;
}

static ggn_position *position_of(const char *game_file, const char *fen, const char *sfen, ggn_game **game)
{
    *game = ggn_game_load_file(game_file, NULL);
    assert_non_null(*game);
    ggn_position *pos = ggn_position_new(*game);
    assert_non_null(pos);
    ggn_error err;
    if (fen && !ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    if (sfen && !ggn_position_set_sfen(pos, sfen, &err)) fail_msg("%s: %s", sfen, err.message);
    return pos;
}

/* The index of shogi's bishop, found by its code. */
static int bishop_kind(const ggn_game *game)
{
    for (int k = 0; k < ggn_game_kind_count(game); k++)
        if (strcmp(ggn_game_kind_code(game, k), "BISHOP") == 0) return k;
    fail_msg("no BISHOP kind");
    return -1;
}

static void test_shogi_hand_and_promotion(void **state)
{
    (void)state;
    /* After 7g7f 3c3d 8h2b+: the first player's bishop took the other's and promoted on 2b. */
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/shogi.json", NULL,
                                     "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    assert_non_null(svg);
    check_svg("shogi with a hand", svg, pos, false);
    /* The shogi style: pentagons with kanji; the horse written 馬 in red, with no badge; nothing else red. */
    assert_non_null(strstr(svg, "data-style=\"shogi\""));
    assert_int_equal(count(svg, "class=\"promoted\""), 0);
    assert_int_equal(count(svg, "<polygon points="), 39 + 1); /* 39 on the board, one in hand */
    assert_non_null(strstr(svg, "fill=\"#c0392b\">\xe9\xa6\xac</text>"));
    assert_int_equal(count(svg, "fill=\"#c0392b\""), 1);
    /* Two trays; one bishop held, by the first player, in the lower tray. */
    assert_int_equal(count(svg, "class=\"hand\""), 2);
    assert_int_equal(count(svg, "class=\"held\""), 1);
    assert_int_equal(count(svg, "class=\"count\""), 0);
    const char *held = strstr(svg, "class=\"held\"");
    /* the held bishop says whose and which kind it is, for a drop picked on a page */
    char picked[64];
    snprintf(picked, sizeof picked, "class=\"held\" data-player=\"0\" data-kind=\"%d\"", bishop_kind(game));
    assert_non_null(strstr(svg, picked));
    /* 角, pointing up (the first player's forward step) */
    assert_true(strstr(held, ">\xe8\xa7\x92</text>") < strstr(held, "</g>"));
    assert_true(strstr(held, "rotate(0)") < strstr(held, "</g>"));
    const char *upper = strstr(svg, "class=\"hand\""), *lower = strstr(upper + 1, "class=\"hand\"");
    double upper_y = attr_after(upper, "y"), lower_y = attr_after(lower, "y"), held_y = translate_y(held);
    assert_true(upper_y < lower_y);
    assert_true(held_y > lower_y && held_y < lower_y + attr_after(lower, "height"));
    /* The trays are right of the board: the picture is wider than the board's 9 squares and labels. */
    assert_true(attr_after(upper, "x") >= 9 * 48 + 24);
    free(svg);
    /* Flipped, the second player's tray comes last (nearest the viewer). */
    ggn_render_options flip = { 0, true, false, false, GGN_RENDER_PIECES_AUTO };
    svg = ggn_render_svg(pos, &flip, NULL);
    held = strstr(svg, "class=\"held\"");
    upper = strstr(svg, "class=\"hand\"");
    assert_true(translate_y(held) < attr_after(upper, "y") + attr_after(upper, "height"));
    /* seen from the far side, the first player's pieces point down */
    assert_true(strstr(held, "rotate(180)") < strstr(held, "</g>"));
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

static void test_crazyhouse_pockets_and_promoted_queen(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/crazyhouse.json",
                                    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR[PPqNr] w KQkq - 0 1", NULL, &game);
    /* The hand in the order shown: highest value first. */
    int kinds[GGN_MAX_KINDS], counts[GGN_MAX_KINDS];
    assert_int_equal(ggn_render_hand(pos, 0, kinds, counts, GGN_MAX_KINDS), 2);
    assert_string_equal(ggn_game_kind_code(game, kinds[0]), "KNIGHT");
    assert_int_equal(counts[0], 1);
    assert_string_equal(ggn_game_kind_code(game, kinds[1]), "PAWN");
    assert_int_equal(counts[1], 2);
    assert_int_equal(ggn_render_hand(pos, 1, kinds, counts, 1), 2);
    assert_string_equal(ggn_game_kind_code(game, kinds[0]), "QUEEN");
    /* Q~ is a glyph with a '~' badge; four kinds held, the pawns counted. */
    char *svg = ggn_render_svg(pos, NULL, NULL);
    check_svg("crazyhouse with pockets", svg, pos, false);
    assert_int_equal(count(svg, "class=\"promoted\""), 1);
    assert_non_null(strstr(svg, "fill=\"#ffffff\">~</text></g></g>"));
    assert_int_equal(count(svg, "class=\"held\""), 4);
    assert_int_equal(count(svg, "class=\"count\""), 1);
    assert_non_null(strstr(svg, ">&#215;2</text>"));
    free(svg);
    /* Labels with marks, as the terminal shows them too. */
    char label[GGN_RENDER_LABEL_SIZE];
    for (int k = 0; k < ggn_game_kind_count(game); k++)
        if (strcmp(ggn_game_kind_code(game, k), "PROMOTED_QUEEN") == 0) {
            assert_int_equal(ggn_game_kind_mark(game, k), '~');
            assert_string_equal(ggn_render_label(game, k, label), "Q~");
        } else if (strcmp(ggn_game_kind_code(game, k), "QUEEN") == 0) {
            assert_int_equal(ggn_game_kind_mark(game, k), '\0');
            assert_string_equal(ggn_render_label(game, k, label), "Q");
        }
    ggn_position_free(pos);
    ggn_game_free(game);
    /* No hands, no trays. */
    pos = position_of(GGN_GAMES_DIR "/chess.json", NULL, NULL, &game);
    svg = ggn_render_svg(pos, NULL, NULL);
    assert_int_equal(count(svg, "class=\"hand\""), 0);
    assert_int_equal(ggn_render_hand(pos, 0, kinds, counts, GGN_MAX_KINDS), 0);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

static void test_four_player_colours(void **state)
{
    (void)state;
    /* chess4.json names its players' colours: Red's pieces are red, in the picture as in the terminal. */
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/chess4.json", NULL, NULL, &game);
    const uint32_t want[4] = { 0xD62728, 0x1F77B4, 0xF2C81E, 0x2CA02C };
    const char *fills[4] = { "fill=\"#d62728\"", "fill=\"#1f77b4\"", "fill=\"#f2c81e\"", "fill=\"#2ca02c\"" };
    char *svg = ggn_render_svg(pos, NULL, NULL);
    for (int p = 0; p < 4; p++) {
        assert_int_equal(ggn_game_player_colour(game, p), want[p]);
        if (count(svg, fills[p]) != 16) fail_msg("player %d: %d discs with %s, not 16", p, count(svg, fills[p]), fills[p]);
    }
    assert_int_equal(count(svg, "<circle"), 64);
    /* Labels in the ink that reads on each: white on red, blue and green, black on yellow. */
    assert_int_equal(ggn_render_ink(want[0]), 0xFFFFFF);
    assert_int_equal(ggn_render_ink(want[1]), 0xFFFFFF);
    assert_int_equal(ggn_render_ink(want[2]), 0x000000);
    assert_int_equal(ggn_render_ink(want[3]), 0xFFFFFF);
    assert_int_equal(ggn_render_ink(0xFFFFFF), 0x000000);
    assert_int_equal(ggn_render_ink(0x000000), 0xFFFFFF);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    /* Without colours in the spec: the palette by index (white, black, red, blue, ...). */
    pos = position_of(GGN_TEST_DATA "/play/cross4.json", NULL, NULL, &game);
    const uint32_t palette[4] = { 0xFFFFFF, 0x202020, 0xD62728, 0x1F77B4 };
    for (int p = 0; p < 4; p++) assert_int_equal(ggn_game_player_colour(game, p), palette[p]);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* A three-player spec whose players' "colour" members are c0, c1, c2 (JSON text, or NULL for none). */
static ggn_game *tiny_game(const char *c0, const char *c1, const char *c2, char *text, size_t cap, ggn_errors *errs)
{
    const char *c[3] = { c0, c1, c2 };
    char member[3][300];
    for (int i = 0; i < 3; i++)
        snprintf(member[i], sizeof member[i], "%s%s", c[i] ? ", \"colour\": " : "", c[i] ? c[i] : "");
    snprintf(text, cap,
             "{\"name\": \"Tiny\", \"board\": {\"dimensions\": [3, 3]}, \"players\": ["
             "{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]]%s}, "
             "{\"name\": \"B\", \"direction\": [[1, 0], [0, -1]]%s}, "
             "{\"name\": \"C\", \"direction\": [[1, 0], [0, -1]]%s}], "
             "\"turns\": {\"order\": [\"A\", \"B\", \"C\"]}, \"pieces\": [{\"code\": \"MAN\", \"moves\": "
             "[{\"id\": 1, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}",
             member[0], member[1], member[2]);
    ggn_errors_init(errs);
    return ggn_game_load_string(text, strlen(text), "tiny.json", errs);
}

static void test_colour_field(void **state)
{
    (void)state;
    char text[2048];
    ggn_errors errs;
    /* "#rrggbb" in either case, a name in any case, or nothing (the palette's colour of the index). */
    ggn_game *game = tiny_game("\"#A0b1C2\"", "\"Yellow\"", NULL, text, sizeof text, &errs);
    if (!game) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    assert_int_equal(ggn_game_player_colour(game, 0), 0xA0B1C2);
    assert_int_equal(ggn_game_player_colour(game, 1), 0xF2C81E);
    assert_int_equal(ggn_game_player_colour(game, 2), 0xD62728);
    ggn_game_free(game);

    /* Every bad value is reported where it stands, all at once. */
    assert_null(tiny_game("\"gren\"", "12", "\"#12345g\"", text, sizeof text, &errs));
    assert_int_equal(errs.count, 3);
    const char *pointers[3] = { "/players/0/colour", "/players/1/colour", "/players/2/colour" };
    const char *values[3] = { "\"gren\"", "12", "\"#12345g\"" };
    const ggn_code codes[3] = { GGN_E_VALUE, GGN_E_TYPE, GGN_E_VALUE };
    for (size_t i = 0; i < 3; i++) {
        const ggn_error *e = &errs.items[i];
        assert_string_equal(e->pointer, pointers[i]);
        assert_int_equal(e->code, codes[i]);
        assert_int_equal(e->line, 1);
        assert_int_equal(e->column, (int)(strstr(text, values[i]) - text) + 1);
    }
    assert_non_null(strstr(errs.items[0].message, "did you mean 'green'"));
    assert_non_null(strstr(errs.items[2].message, "'#12345g' is not a colour"));
    assert_non_null(strstr(errs.items[2].message, "#rrggbb"));
    /* Too short, too long, no '#', empty. */
    const char *bad[] = { "\"#fff\"", "\"#1234567\"", "\"123456\"", "\"\"" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_null(tiny_game(bad[i], NULL, NULL, text, sizeof text, &errs));
        assert_int_equal(errs.count, 1);
        assert_string_equal(errs.items[0].pointer, "/players/0/colour");
    }
}

/* The x of the edge label that reads `text`. */
static double coord_x(const char *svg, const char *text)
{
    char key[64];
    snprintf(key, sizeof key, ">%s</text>", text);
    for (const char *p = strstr(svg, "class=\"coord\""); p; p = strstr(p + 1, "class=\"coord\"")) {
        const char *end = strstr(p, "</text>");
        if (end && strncmp(end - strlen(text) - 1, key, strlen(key)) == 0) return attr_after(p, "x");
    }
    fail_msg("no coordinate %s", text);
    return 0;
}

static void test_xiangqi_and_janggi(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/xiangqi.json", NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    check_svg("xiangqi", svg, pos, false);
    assert_non_null(strstr(svg, "data-style=\"xiangqi\""));
    /* On the points: 90 of them, each a rounded rect that a page colours like a square. */
    assert_int_equal(count(svg, "class=\"sq point\""), 90);
    /* 10 ranks, 2 edge files whole and 7 cut by the river (14 lines), 2 palaces of 2 diagonals, and the
     * hatch pattern's one line. */
    assert_int_equal(count(svg, "<line "), 10 + 2 + 14 + 4 + 1);
    assert_int_equal(count(svg, "class=\"palace\""), 4);
    /* the marks of the cannons' and soldiers' points; those on an edge only inwards */
    assert_int_equal(count(svg, "<path class=\"star\""), 14);
    /* Red's general 帥 in red (the first player's colour), Black's 將 in black. */
    assert_non_null(strstr(svg, "fill=\"#d62728\">\xe5\xb8\xa5</text>"));
    assert_non_null(strstr(svg, "fill=\"#202020\">\xe5\xb0\x87</text>"));
    assert_string_equal(ggn_game_side_name(game, 0), "Red");
    /* the river's two texts, 楚河 left and 漢界 right */
    assert_int_equal(count(svg, "class=\"river\""), 2);
    const char *left = strstr(svg, ">\xe6\xa5\x9a\xe6\xb2\xb3</text>"), *right = strstr(svg, ">\xe6\xbc\xa2\xe7\x95\x8c</text>");
    assert_non_null(left);
    assert_non_null(right);
    free(svg);
    /* Western symbols asked for: letters, no characters. */
    ggn_render_options western = { 0, false, false, false, GGN_RENDER_PIECES_WESTERN };
    svg = ggn_render_svg(pos, &western, NULL);
    assert_null(strstr(svg, "\xe5\xb8\xa5"));
    assert_non_null(strstr(svg, "fill=\"#d62728\">K</text>"));
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    /* Janggi: no river (every file whole), the same palaces; Cho moves first, in blue. */
    pos = position_of(GGN_GAMES_DIR "/janggi.json", NULL, NULL, &game);
    svg = ggn_render_svg(pos, NULL, NULL);
    assert_int_equal(count(svg, "<line "), 10 + 9 + 4 + 1);
    assert_non_null(strstr(svg, "fill=\"#1f77b4\">\xe6\xa5\x9a</text>"));
    assert_string_equal(ggn_game_side_name(game, 0), "Cho");
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* Makruk's met and khon are drawn as the queen and bishop its players know them by ("glyphs"). */
static void test_glyphs_field(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/makruk.json", NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    assert_null(strstr(svg, "<circle"));
    assert_int_equal(count(svg, "&#9819;"), 2); /* the solid queen: both mets */
    assert_int_equal(count(svg, "&#9821;"), 4); /* the solid bishop: the four khons */
    for (int k = 0; k < ggn_game_kind_count(game); k++)
        if (strcmp(ggn_game_kind_code(game, k), "MET") == 0) assert_int_equal(ggn_game_kind_glyph(game, k), 'Q');
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

static void test_shogi_coordinates_and_sides(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/shogi.json", NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    /* Files 9..1 left to right, ranks a..i top to bottom. */
    assert_true(coord_x(svg, "9") < coord_x(svg, "1"));
    assert_non_null(strstr(svg, ">i</text>"));
    assert_null(strstr(svg, ">10</text>"));
    char buf[8];
    assert_string_equal(ggn_game_file_label(game, 0, buf, sizeof buf), "9");
    assert_string_equal(ggn_game_rank_label(game, 8, buf, sizeof buf), "a");
    assert_string_equal(ggn_game_rank_label(game, 0, buf, sizeof buf), "i");
    /* The first player is Black (sente), drawn dark where pieces have colours. */
    assert_string_equal(ggn_game_side_name(game, 0), "Black");
    assert_int_equal(ggn_game_player_colour(game, 0), 0x202020);
    /* The second player's pieces point down: rotated half a turn. */
    assert_int_equal(count(svg, "rotate(180)"), 20);
    assert_int_equal(count(svg, "rotate(0)"), 20);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    /* Chess keeps CELL coordinates and its players' names. */
    pos = position_of(GGN_GAMES_DIR "/chess.json", NULL, NULL, &game);
    assert_string_equal(ggn_game_file_label(game, 0, buf, sizeof buf), "a");
    assert_string_equal(ggn_game_rank_label(game, 0, buf, sizeof buf), "1");
    assert_string_equal(ggn_game_side_name(game, 1), "BLACK");
    assert_int_equal(ggn_game_style(game), GGN_STYLE_CHESS);
    ggn_position_free(pos);
    ggn_game_free(game);
}

static void test_draughts(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/checkers.json", NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    check_svg("checkers", svg, pos, false);
    /* BLACK moves first and is drawn black: its man on a1 is a dark disc. */
    const char *a1 = strstr(svg, "class=\"piece\" data-player=\"0\"");
    assert_non_null(a1);
    assert_true(strstr(a1, "fill=\"#202020\"") < strstr(a1, "</g>"));
    assert_int_equal(count(svg, "class=\"crown\""), 0);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    /* A crowned king: two men stacked and a crown. */
    pos = position_of(GGN_TEST_DATA "/display/kings.json", NULL, NULL, &game);
    svg = ggn_render_svg(pos, NULL, NULL);
    check_svg("kings", svg, pos, false);
    assert_int_equal(count(svg, "class=\"crown\""), 2);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* The placement styles, on small test games: go, hex, othello, connect four. */
static void test_placement_styles(void **state)
{
    (void)state;
    static const struct { const char *file, *style, *square; int squares, stars; } cases[] = {
        { "go9", "go", "sq point", 81, 5 },
        { "hex5", "hex", "sq plain", 25, 0 },
        { "othello", "othello", "sq plain", 64, 0 },
        { "connect4", "connect_four", "sq hole", 42, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[512], want[64];
        snprintf(path, sizeof path, "%s/display/%s.json", GGN_TEST_DATA, cases[i].file);
        check_game_file(path);
        ggn_game *game;
        ggn_position *pos = position_of(path, NULL, NULL, &game);
        char *svg = ggn_render_svg(pos, NULL, NULL);
        snprintf(want, sizeof want, "data-style=\"%s\"", cases[i].style);
        assert_non_null(strstr(svg, want));
        snprintf(want, sizeof want, "class=\"%s\"", cases[i].square);
        assert_int_equal(count(svg, want), cases[i].squares);
        assert_int_equal(count(svg, "class=\"star\""), cases[i].stars);
        free(svg);
        ggn_position_free(pos);
        ggn_game_free(game);
    }
}

/* Tic-tac-toe's style: the four lines between the cells, crosses for the first player and rings for the second. */
static void test_tic_tac_toe_style(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_GAMES_DIR "/tic_tac_toe.json", "P2/1p1/P2 w - - 0 1", NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    assert_non_null(svg);
    assert_non_null(strstr(svg, "data-style=\"tic_tac_toe\""));
    assert_int_equal(count(svg, "class=\"sq plain\""), 9);
    const char *lines = strstr(svg, "<g class=\"lines\"");
    assert_non_null(lines);
    assert_int_equal(count(lines, "<line "), 4);
    assert_int_equal(count(svg, "class=\"cross\""), 2);
    assert_int_equal(count(svg, "class=\"ring\""), 1);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* The tafl style: a plain grid, the throne and the corners marked, the king crowned. */
static void test_tafl_style(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/brandubh.json", GGN_GAMES_DIR);
    ggn_game *game;
    ggn_position *pos = position_of(path, NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    assert_non_null(strstr(svg, "data-style=\"tafl\""));
    assert_int_equal(count(svg, "class=\"sq plain\""), 49);
    assert_int_equal(count(svg, "class=\"marked\""), 5);
    assert_int_equal(count(svg, "class=\"crown\""), 1);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* Go's star points for the board's size: nine on 19 lines, five on 13 and 9, none on 5; the spec's own instead. */
static void test_star_points(void **state)
{
    (void)state;
    static const struct { int side; int stars; const char *extra; } cases[] = {
        { 19, 9, "" }, { 13, 5, "" }, { 9, 5, "" }, { 5, 0, "" }, { 9, 2, ", \"star_points\": [[0, 0], [8, 8]]" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char spec[1024];
        snprintf(spec, sizeof spec,
                 "{\"name\": \"go\", \"display\": {\"style\": \"go\"%s}, \"board\": {\"dimensions\": [%d, %d]},"
                 " \"players\": [{\"name\": \"B\", \"direction\": [[1, 0], [0, 1]],"
                 " \"starting_positions\": [{\"piece\": \"S\", \"positions\": [[0, 1]]}]},"
                 " {\"name\": \"W\", \"direction\": [[1, 0], [0, -1]]}],"
                 " \"turns\": {\"order\": [\"B\", \"W\"]}, \"pieces\": [{\"code\": \"S\", \"name\": \"stone\", \"moves\": []}]}",
                 cases[i].extra, cases[i].side, cases[i].side);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *game = ggn_game_load_string(spec, strlen(spec), "go.json", &errs);
        if (!game) fail_msg("%s", errs.count ? errs.items[0].message : "?");
        int stars[GGN_MAX_SQUARES][2];
        assert_int_equal(ggn_game_star_points(game, stars, GGN_MAX_SQUARES), cases[i].stars);
        if (cases[i].side == 19) {
            /* the 4-4 points, the sides' middles, the centre */
            bool centre = false, corner = false;
            for (int k = 0; k < 9; k++) {
                centre |= stars[k][0] == 9 && stars[k][1] == 9;
                corner |= stars[k][0] == 3 && stars[k][1] == 15;
            }
            assert_true(centre && corner);
        }
        ggn_position *pos = ggn_position_new(game);
        char *svg = ggn_render_svg(pos, NULL, NULL);
        assert_int_equal(count(svg, "class=\"star\""), cases[i].stars);
        free(svg);
        ggn_position_free(pos);
        ggn_game_free(game);
    }
}

/* Hex: cell (f, r) touches (f - 1, r + 1) and (f + 1, r - 1), one cell's width apart; (f + 1, r + 1) does not. */
static void test_hex_neighbours(void **state)
{
    (void)state;
    ggn_game *game;
    ggn_position *pos = position_of(GGN_TEST_DATA "/display/hex5.json", NULL, NULL, &game);
    char *svg = ggn_render_svg(pos, NULL, NULL);
    double c[5][5][2];
    for (int f = 0; f < 5; f++)
        for (int r = 0; r < 5; r++) {
            char key[40];
            snprintf(key, sizeof key, "data-square=\"%c%d\" points=\"", 'a' + f, r + 1);
            const char *p = strstr(svg, key);
            assert_non_null(p);
            /* the centre: the mean of the six corners */
            double sx = 0, sy = 0, x, y;
            p += strlen(key);
            for (int k = 0; k < 6; k++) {
                int used = 0;
                assert_int_equal(sscanf(p, "%lf,%lf%n", &x, &y, &used), 2);
                sx += x;
                sy += y;
                p += used;
            }
            c[f][r][0] = sx / 6;
            c[f][r][1] = sy / 6;
        }
    double w = c[1][0][0] - c[0][0][0];
    assert_true(w > 40);
    for (int f = 1; f < 4; f++)
        for (int r = 1; r < 4; r++) {
            const int near[6][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { -1, 1 } };
            for (int k = 0; k < 6; k++) {
                double dx = c[f + near[k][0]][r + near[k][1]][0] - c[f][r][0];
                double dy = c[f + near[k][0]][r + near[k][1]][1] - c[f][r][1];
                assert_true(fabs(sqrt(dx * dx + dy * dy) - w) < 1.0);
            }
            double dx = c[f + 1][r + 1][0] - c[f][r][0], dy = c[f + 1][r + 1][1] - c[f][r][1];
            assert_true(sqrt(dx * dx + dy * dy) > 1.5 * w);
        }
    /* rank 1 at the bottom */
    assert_true(c[0][0][1] > c[0][4][1]);
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
}

/* A display that cannot be drawn is refused where it is wrong. */
static void test_display_errors(void **state)
{
    (void)state;
    static const char spec[] =
        "{\n"
        "  \"name\": \"t\",\n"
        "  \"display\": {\"style\": \"xiangqe\", \"symbols\": \"west\", \"sides\": [\"A\"],\n"
        "              \"labels\": {\"KNG\": \"x\", \"KING\": \"abcde\"}, \"river\": true, \"crowned\": [\"QUEEN\"],\n"
        "              \"palaces\": [[[0, 0], [0, 2]]], \"star_points\": [[5, 5]], \"colour\": 1,\n"
        "              \"glyphs\": {\"KING\": \"X\"}},\n"
        "  \"board\": {\"dimensions\": [3, 3]},\n"
        "  \"players\": [{\"name\": \"W\", \"direction\": [[1, 0], [0, 1]]}, {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]]}],\n"
        "  \"turns\": {\"order\": [\"W\", \"B\"]},\n"
        "  \"pieces\": [{\"code\": \"KING\", \"name\": \"king\", \"symbol\": \"K\", \"moves\": []}]\n"
        "}\n";
    static const struct { const char *pointer, *words; } want[] = {
        { "/display/colour", "unknown field 'colour'" },
        { "/display/style", "did you mean 'xiangqi'?" },
        { "/display/symbols", "write one of \"characters\", \"western\"" },
        { "/display/sides", "sides names 1 side; the game has 2 players" },
        { "/display/labels/KNG", "did you mean 'KING'?" },
        { "/display/labels/KING", "at most 4 fit" },
        { "/display/crowned/0", "QUEEN" },
        { "/display/river", "3 rows have none" },
        { "/display/palaces/0", "do not span a rectangle" },
        { "/display/star_points/0", "off the 3x3 board" },
        { "/display/glyphs/KING", "'X' is not a chess piece" },
    };
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(ggn_game_load_string(spec, sizeof spec - 1, "t.json", &errs));
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        bool found = false;
        for (size_t k = 0; k < errs.count; k++)
            if (errs.items[k].severity == GGN_SEVERITY_ERROR && strcmp(errs.items[k].pointer, want[i].pointer) == 0 &&
                strstr(errs.items[k].message, want[i].words) && errs.items[k].line >= 3)
                found = true;
        if (!found) {
            for (size_t k = 0; k < errs.count; k++) printf("  %s: %s\n", errs.items[k].pointer, errs.items[k].message);
            fail_msg("no error at %s saying \"%s\"", want[i].pointer, want[i].words);
        }
    }
}

static void test_checker_catches(void **state)
{
    (void)state;
    int e;
    assert_null(xml_check("<a x=\"1\"><b/>t&amp;t</a>", &e));
    assert_int_equal(e, 2);
    assert_non_null(xml_check("<a><b></a>", &e));
    assert_non_null(xml_check("<a x=1/>", &e));
    assert_non_null(xml_check("<a>&</a>", &e));
    assert_non_null(xml_check("<a x=\"1\" x=\"2\"/>", &e));
    assert_non_null(xml_check("<a/><b/>", &e));
    assert_non_null(xml_check("<a x=\"<\"/>", &e));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker_catches),
        cmocka_unit_test(test_every_shipped_game),
        cmocka_unit_test(test_holes_and_four_players),
        cmocka_unit_test(test_styles),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_shogi_hand_and_promotion),
        cmocka_unit_test(test_crazyhouse_pockets_and_promoted_queen),
        cmocka_unit_test(test_four_player_colours),
        cmocka_unit_test(test_colour_field),
        cmocka_unit_test(test_xiangqi_and_janggi),
        cmocka_unit_test(test_shogi_coordinates_and_sides),
        cmocka_unit_test(test_glyphs_field),
        cmocka_unit_test(test_draughts),
        cmocka_unit_test(test_placement_styles),
        cmocka_unit_test(test_tic_tac_toe_style),
        cmocka_unit_test(test_tafl_style),
        cmocka_unit_test(test_hex_neighbours),
        cmocka_unit_test(test_star_points),
        cmocka_unit_test(test_display_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
