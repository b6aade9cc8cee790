/*
 * test_scripts.c — the commands as scripts use them: --json of check,
 * perft (--divide), bestmove and status (read back with jansson); `ggn
 * status`; `ggn perft --moves` and `--epd` suites; `ggn check GAME`;
 * `ggn export --feen`. Exit statuses and where errors go with --json.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_util.h"

#define TIMEOUT_MS 120000
#define EPD_DIR GGN_TEST_DATA "/perft"

/* Runs ggn with the NULL-terminated arguments after it. */
static proc_result ggn(const char *first, ...)
{
    const char *argv[32] = { GGN_BINARY, first };
    int n = 2;
    va_list ap;
    va_start(ap, first);
    for (const char *a; n < 31 && (a = va_arg(ap, const char *));) argv[n++] = a;
    va_end(ap);
    argv[n] = NULL;
    return proc_run(argv, "", NULL, TIMEOUT_MS);
}

/* Standard output read as one JSON document (the test fails when it is not one). */
static json_t *json_of(const proc_result *r)
{
    json_error_t e;
    json_t *doc = json_loads(r->out, 0, &e);
    if (!doc) fail_msg("not JSON (%s at %d:%d): %s", e.text, e.line, e.column, r->out);
    return doc;
}

static long long int_at(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v)) fail_msg("\"%s\" is not an integer", key);
    return json_integer_value(v);
}

static const char *str_at(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_string(v)) fail_msg("\"%s\" is not a string", key);
    return json_string_value(v);
}

/* A file in a fresh temporary name with this text; path receives its name. */
static void write_temp(char *path, size_t cap, const char *text)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(path, cap, "%s/ggn-scripts-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* ---- status ----------------------------------------------------------------------- */

static void test_status(void **state)
{
    (void)state;
    proc_result r = ggn("status", "chess", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "ongoing (White to move)\n");
    proc_free(&r);
    r = ggn("status", "chess", "--moves", "e2e4 f7f6 d2d4 g7g5 d1h5", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "White wins (checkmate)\n");
    proc_free(&r);
    r = ggn("status", "chess", "--moves", "e2e4 f7f5 d1h5", NULL);
    assert_string_equal(r.out, "ongoing (Black to move, in check)\n");
    proc_free(&r);
    r = ggn("status", "chess", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "--json", NULL);
    assert_int_equal(r.status, 0);
    json_t *doc = json_of(&r);
    assert_string_equal(str_at(doc, "result"), "draw");
    assert_string_equal(str_at(doc, "outcome"), "stalemate");
    assert_true(json_is_null(json_object_get(doc, "winner")));
    assert_string_equal(str_at(doc, "to_move"), "BLACK");
    assert_true(json_is_false(json_object_get(doc, "in_check")));
    json_decref(doc);
    proc_free(&r);
    r = ggn("status", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4", "--json", NULL);
    doc = json_of(&r);
    assert_string_equal(str_at(doc, "result"), "win");
    assert_string_equal(str_at(doc, "winner"), "BLACK");
    assert_true(json_is_true(json_object_get(doc, "in_check")));
    json_decref(doc);
    proc_free(&r);
    /* shogi with USI moves, and a draw rule: the fifty-move counter of the FEN */
    r = ggn("status", "shogi", "--moves", "7g7f 3c3d", NULL);
    assert_string_equal(r.out, "ongoing (Black to move)\n"); /* shogi calls its first player Black (display sides) */
    proc_free(&r);
    r = ggn("status", "chess", "--fen", "4k3/8/8/8/8/8/8/R3K3 w - - 150 100", "--json", NULL);
    doc = json_of(&r);
    assert_string_equal(str_at(doc, "result"), "draw");
    json_decref(doc);
    proc_free(&r);

    /* errors: on stderr, stdout empty even with --json; statuses 1 and 2 */
    r = ggn("status", "chess", "--moves", "e2e5", "--json", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "--moves: error: move 1"));
    proc_free(&r);
    r = ggn("status", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("status", "chess", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--sfen", "9/9/9/9/9/9/9/9/9 b - 1", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("status", "chess", "--bogus", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
}

/* ---- perft ------------------------------------------------------------------------- */

static void test_perft_moves_and_json(void **state)
{
    (void)state;
    /* --moves reaches the same position as its FEN */
    proc_result a = ggn("perft", "chess", "3", "--moves", "e2e4 e7e5", NULL);
    proc_result b = ggn("perft", "chess", "3", "--fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_string_equal(a.out, "Nodes: 24825\n");
    proc_free(&a);
    proc_free(&b);
    a = ggn("perft", "shogi", "1", "--moves", "7g7f,3c3d", NULL);
    assert_int_equal(a.status, 0);
    proc_free(&a);
    a = ggn("perft", "chess", "1", "--moves", "e2e5", NULL);
    assert_int_equal(a.status, 1);
    assert_non_null(strstr(a.err, "--moves: error: move 1"));
    proc_free(&a);

    a = ggn("perft", "chess", "3", "--json", NULL);
    assert_int_equal(a.status, 0);
    json_t *doc = json_of(&a);
    assert_int_equal(int_at(doc, "depth"), 3);
    assert_int_equal(int_at(doc, "nodes"), 8902);
    assert_null(json_object_get(doc, "divide"));
    assert_non_null(strstr(a.err, "nodes/s")); /* timings stay on stderr */
    json_decref(doc);
    proc_free(&a);

    a = ggn("perft", "chess", "3", "--divide", "--json", "--fen",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL);
    assert_int_equal(a.status, 0);
    doc = json_of(&a);
    json_t *div = json_object_get(doc, "divide");
    assert_int_equal(json_array_size(div), 48);
    long long sum = 0;
    const char *prev = "";
    for (size_t i = 0; i < json_array_size(div); i++) {
        json_t *line = json_array_get(div, i);
        const char *mv = str_at(line, "move");
        assert_true(strcmp(prev, mv) < 0); /* sorted, as the text */
        prev = mv;
        sum += int_at(line, "nodes");
        if (strcmp(mv, "e1g1") == 0) assert_int_equal(int_at(line, "nodes"), 2059);
    }
    assert_int_equal(sum, 97862);
    assert_int_equal(int_at(doc, "nodes"), 97862);
    json_decref(doc);
    proc_free(&a);
}

static void test_perft_suite(void **state)
{
    (void)state;
    /* the chess vectors the tests use, cut at 100,000 nodes: every count matches */
    proc_result r = ggn("perft", "chess", "--epd", EPD_DIR "/chess.epd", "--max-nodes", "100000", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "chess.epd:3: ok D1 20 D2 400 D3 8902 (not run: D4 D5 D6)\n"));
    assert_non_null(strstr(r.out, "6 positions, 19 counts checked, 13 not run: all match\n"));
    proc_free(&r);
    r = ggn("perft", "shogi", "2", "--epd", EPD_DIR "/shogi.epd", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "all match\n"));
    proc_free(&r);

    /* one count wrong: exit 1, the line, the depth and the position named; the others still run */
    char path[512];
    write_temp(path, sizeof path,
               "# a suite\n"
               "\n"
               "startpos ;D1 20 ;D2 400\n"
               "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n"
               "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 ;D1 48 ;D2 2039 ;D3 97862\n");
    r = ggn("perft", "chess", "--epd", path, NULL);
    assert_int_equal(r.status, 1);
    char want[1024];
    snprintf(want, sizeof want, "%s:3: ok D1 20 D2 400\n", path);
    assert_non_null(strstr(r.out, want));
    snprintf(want, sizeof want, "%s:4: error: D2 66, expected 67 (position 4k3/8/8/8/8/8/8/4K2R w K - 0 1)\n", path);
    assert_non_null(strstr(r.out, want));
    snprintf(want, sizeof want, "%s:5: ok D1 48 D2 2039 D3 97862\n", path);
    assert_non_null(strstr(r.out, want));
    assert_non_null(strstr(r.out, "3 positions, 7 counts checked, 0 not run: counts differ\n"));
    proc_free(&r);
    /* DEPTH leaves the deeper counts out */
    r = ggn("perft", "chess", "1", "--epd", path, NULL);
    assert_int_equal(r.status, 0);
    snprintf(want, sizeof want, "%s:5: ok D1 48 (not run: D2 D3)\n", path);
    assert_non_null(strstr(r.out, want));
    proc_free(&r);
    /* --json: the same facts */
    r = ggn("perft", "chess", "--epd", path, "--json", NULL);
    assert_int_equal(r.status, 1);
    json_t *doc = json_of(&r);
    assert_int_equal(int_at(doc, "differences"), 1);
    assert_int_equal(int_at(doc, "checked"), 7);
    json_t *pos = json_array_get(json_object_get(doc, "positions"), 1);
    assert_int_equal(int_at(pos, "line"), 4);
    assert_string_equal(str_at(pos, "position"), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    json_t *d2 = json_array_get(json_object_get(pos, "depths"), 1);
    assert_int_equal(int_at(d2, "depth"), 2);
    assert_int_equal(int_at(d2, "expected"), 67);
    assert_int_equal(int_at(d2, "nodes"), 66);
    json_decref(doc);
    proc_free(&r);
    remove(path);

    /* unreadable lines: said on stderr with their place, exit 1, the good lines still run */
    write_temp(path, sizeof path, "startpos ;D1 20\nstartpos D1 20\nstartpos ;D1 x\nnot a fen ;D1 20\n");
    r = ggn("perft", "chess", "--epd", path, NULL);
    assert_int_equal(r.status, 1);
    snprintf(want, sizeof want, "%s:1: ok D1 20\n", path);
    assert_non_null(strstr(r.out, want));
    for (int line = 2; line <= 4; line++) {
        snprintf(want, sizeof want, "%s:%d: error: ", path, line);
        assert_non_null(strstr(r.err, want));
    }
    proc_free(&r);
    remove(path);

    /* usage */
    r = ggn("perft", "chess", "--epd", EPD_DIR "/chess.epd", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("perft", "chess", "3", "--max-nodes", "10", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("perft", "chess", "--epd", EPD_DIR "/chess.epd", "--max-nodes", "many", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("perft", "chess", "--epd", "/nonexistent.epd", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "/nonexistent.epd"));
    proc_free(&r);
}

/* ---- check -------------------------------------------------------------------------- */

static void test_check(void **state)
{
    (void)state;
    proc_result r = ggn("check", "chess", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "chess: ok (game spec)\n");
    proc_free(&r);
    r = ggn("check", "no-such-game", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "no-such-game"));
    proc_free(&r);

    const char *broken = GGN_TEST_DATA "/examples/broken.json";
    r = ggn("check", "--json", "shogi", broken, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "'W' is not the name of a player")); /* problems still on stderr */
    json_t *doc = json_of(&r);
    assert_true(json_is_false(json_object_get(doc, "valid")));
    json_t *files = json_object_get(doc, "files");
    assert_int_equal(json_array_size(files), 2);
    json_t *good = json_array_get(files, 0), *bad = json_array_get(files, 1);
    assert_string_equal(str_at(good, "file"), "shogi");
    assert_string_equal(str_at(good, "kind"), "game spec");
    assert_true(json_is_true(json_object_get(good, "valid")));
    assert_int_equal(json_array_size(json_object_get(good, "problems")), 0);
    assert_true(json_is_false(json_object_get(bad, "valid")));
    json_t *problems = json_object_get(bad, "problems");
    assert_int_equal(json_array_size(problems), 3);
    json_t *p0 = json_array_get(problems, 0);
    assert_string_equal(str_at(p0, "pointer"), "/board/dimensions/0");
    assert_int_equal(int_at(p0, "line"), 3);
    assert_int_equal(int_at(p0, "column"), 28);
    assert_string_equal(str_at(p0, "severity"), "error");
    assert_string_equal(str_at(json_array_get(problems, 2), "severity"), "warning");
    json_decref(doc);
    proc_free(&r);
    r = ggn("check", "--json", NULL);
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    proc_free(&r);
}

/* ---- bestmove ------------------------------------------------------------------------ */

static void test_bestmove_json(void **state)
{
    (void)state;
    proc_result r = ggn("bestmove", "chess", "--fen", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "--depth", "3", "--json", NULL);
    assert_int_equal(r.status, 0);
    json_t *doc = json_of(&r);
    assert_string_equal(str_at(doc, "move"), "a1a8");
    assert_int_equal(int_at(doc, "mate"), 1);
    assert_true(json_is_null(json_object_get(doc, "score")));
    assert_true(int_at(doc, "nodes") > 0);
    assert_true(int_at(doc, "depth") >= 1);
    json_decref(doc);
    proc_free(&r);
    r = ggn("bestmove", "chess", "--depth", "2", "--json", NULL);
    doc = json_of(&r);
    assert_true(json_is_integer(json_object_get(doc, "score")));
    assert_true(json_is_null(json_object_get(doc, "mate")));
    json_decref(doc);
    proc_free(&r);
    /* the game is over: exit 1, said on stderr, nothing on stdout */
    r = ggn("bestmove", "chess", "--moves", "f2f3 e7e5 g2g4 d8h4", "--json", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "the game is over"));
    proc_free(&r);
}

/* ---- export --feen ---------------------------------------------------------------------- */

static void test_export_feen(void **state)
{
    (void)state;
    proc_result r = ggn("export", "chess", "--feen", "--moves", "e2e4 e7e5 g1f3", NULL);
    assert_int_equal(r.status, 0);
    /* the e5 pawn could be taken en passant only just after its double step: plain again */
    assert_string_equal(r.out, "+rnbq+kbn+r/+p+p+p+p1+p+p+p/8/4p3/4P3/5N2/+P+P+P+P1+P+P+P/+RNBQ+KB1+R / c/C\n");
    proc_free(&r);
    r = ggn("export", "chess", "--feen", "--spelling", "board-check", "--fen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", NULL);
    assert_string_equal(r.out, "4k3/8/8/8/8/8/8/4K3 / chess/CHESS\n");
    proc_free(&r);
    r = ggn("export", "shogi", "--feen", "--sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 2Pp 1", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL 2P/p s/S\n");
    proc_free(&r);

    r = ggn("export", "chess", "--moves", "e2e4", NULL); /* a position, but no --feen */
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("export", "chess", "--feen", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--sfen", "x", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn("export", "chess", "--feen", "--moves", "e2e5", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    proc_free(&r);
    r = ggn("export", "chess4", "--feen", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "two sides"));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status),        cmocka_unit_test(test_perft_moves_and_json),
        cmocka_unit_test(test_perft_suite),   cmocka_unit_test(test_check),
        cmocka_unit_test(test_bestmove_json), cmocka_unit_test(test_export_feen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
