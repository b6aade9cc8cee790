/* test_perft_cli.c — `ggn perft`: its output lines, --divide, --fen, --sfen, and exit statuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proc_util.h"

#define TIMEOUT_MS 60000
#define KIWIPETE "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1pPPPBBPPP/R3K2R w KQkq - 0 1"
#define SHOGI_START_SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

static proc_result perft(const char *a1, const char *a2, const char *a3, const char *a4, const char *a5)
{
    const char *argv[] = { GGN_BINARY, "perft", a1, a2, a3, a4, a5, NULL };
    return proc_run(argv, NULL, NULL, TIMEOUT_MS);
}

static void test_counts(void **state)
{
    (void)state;
    char last[256];
    proc_result r = perft("chess", "3", NULL, NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(proc_last_line(r.out, last, sizeof last), "Nodes: 8902");
    assert_non_null(strstr(r.err, "nodes/s"));
    proc_free(&r);
    r = perft(GGN_GAMES_DIR "/chess.json", "0", NULL, NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "Nodes: 1\n");
    proc_free(&r);
    r = perft("chess", "2", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(proc_last_line(r.out, last, sizeof last), "Nodes: 2039");
    proc_free(&r);
}

static void test_divide(void **state)
{
    (void)state;
    char last[256];
    proc_result r = perft("chess", "2", "--divide", NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(proc_last_line(r.out, last, sizeof last), "Nodes: 400");
    int moves = 0;
    char prev[64] = "";
    for (const char *line = r.out; *line;) {
        const char *end = strchr(line, '\n');
        char text[128];
        snprintf(text, sizeof text, "%.*s", (int)(end ? end - line : (long)strlen(line)), line);
        char mv[64];
        unsigned long nodes;
        if (sscanf(text, "%63[a-z0-9]: %lu", mv, &nodes) == 2) {
            moves++;
            assert_int_equal(nodes, 20);
            assert_true(strcmp(prev, mv) < 0); /* sorted */
            snprintf(prev, sizeof prev, "%s", mv);
        }
        if (!end) break;
        line = end + 1;
    }
    assert_int_equal(moves, 20);
    assert_non_null(strstr(r.out, "e2e4: 20\n"));
    assert_non_null(strstr(r.out, "g1f3: 20\n"));
    proc_free(&r);
}

static void test_errors(void **state)
{
    (void)state;
    const char *bad_depths[] = { "x", "-1", "33", "2.5", "" };
    for (size_t i = 0; i < sizeof bad_depths / sizeof bad_depths[0]; i++) {
        proc_result r = perft("chess", bad_depths[i], NULL, NULL, NULL);
        assert_int_equal(r.status, 2);
        proc_free(&r);
    }
    proc_result r = perft("chess", NULL, NULL, NULL, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = perft(NULL, NULL, NULL, NULL, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = perft("chess", "1", "--bogus", NULL, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = perft("chess", "1", "--fen", NULL, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = perft("/nonexistent/game.json", "1", NULL, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "/nonexistent/game.json"));
    proc_free(&r);
    r = perft(GGN_TEST_DATA "/spec/bad/disabled_off_board_and_twice.json", "1", NULL, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "error"));
    proc_free(&r);
    r = perft("chess", "1", "--fen", KIWIPETE, NULL); /* seven ranks */
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "--fen: error: "));
    proc_free(&r);
    const char *help[] = { GGN_BINARY, "perft", "--help", NULL };
    r = proc_run(help, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Usage: ggn perft GAME DEPTH"));
    proc_free(&r);
}

/* --sfen: shogi's start as USI writes it gives the published perft(2); it excludes --fen. */
static void test_sfen(void **state)
{
    (void)state;
    char last[256];
    proc_result r = perft("shogi", "--sfen", SHOGI_START_SFEN, "2", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(proc_last_line(r.out, last, sizeof last), "Nodes: 900");
    proc_free(&r);
    r = perft("shogi", "1", "--sfen", SHOGI_START_SFEN " 2", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "--sfen: error: SFEN has more than four fields: '2'"));
    proc_free(&r);
    const char *both[] = { GGN_BINARY, "perft", "shogi", "1", "--fen", "9/9/9/9/9/9/9/9/9", "--sfen",
                           SHOGI_START_SFEN, NULL };
    r = proc_run(both, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--fen and --sfen both give the start position"));
    proc_free(&r);
}

/*
 * A position with more legal moves than GGN_MAX_MOVES (32 rooks on a 32x32
 * diagonal: 1,984) is counted on its first 1,024: the count is then said to
 * be a lower bound, on the Nodes line, in JSON and on standard error, in
 * `ggn perft` and in `ggn uci`'s go perft (issue 41).
 */
static void test_capped_count_said(void **state)
{
    (void)state;
    char last[256];
    const char *diag = GGN_TEST_DATA "/search/diag32.json";
    proc_result r = perft(diag, "1", NULL, NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(proc_last_line(r.out, last, sizeof last), "Nodes: 1024 (a lower bound: capped by GGN_MAX_MOVES)");
    assert_non_null(strstr(r.err, "warning: a position had more than 1024 legal moves (GGN_MAX_MOVES)"));
    proc_free(&r);
    r = perft(diag, "2", "--divide", "--json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"capped\": true"));
    proc_free(&r);
    /* An ordinary count says nothing of the kind. */
    r = perft("chess", "2", "--json", NULL, NULL);
    assert_null(strstr(r.out, "capped"));
    assert_null(strstr(r.err, "warning"));
    proc_free(&r);
    char input[512];
    snprintf(input, sizeof input, "setoption name GameFile value %s\ngo perft 2\n", diag);
    const char *argv[] = { GGN_BINARY, "uci", NULL };
    r = proc_run(argv, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "info string perft: a position had more than 1024 moves (GGN_MAX_MOVES)"));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts),
        cmocka_unit_test(test_divide),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_sfen),
        cmocka_unit_test(test_capped_count_said),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
