/*
 * test_first_hour.c — what a new user meets in the first hour (issue 41,
 * item 16), through the program: --think read one way by bestmove, play and
 * selfplay; selfplay's --depth 0 refused as elsewhere; play --load playing
 * the game its file names; ggn pgn's JSON records naming games as
 * `ggn games` does and keeping PGN tags; a ggn check message never cut in
 * the middle of a word.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_util.h"

#define TIMEOUT_MS 60000

/* Runs ggn with the arguments (NULL-terminated) and input. */
static proc_result ggn(const char *input, ...)
{
    const char *argv[32] = { GGN_BINARY };
    int n = 1;
    va_list ap;
    va_start(ap, input);
    for (const char *a; (a = va_arg(ap, const char *)) != NULL && n < 31;) argv[n++] = a;
    va_end(ap);
    argv[n] = NULL;
    return proc_run(argv, input, NULL, TIMEOUT_MS);
}

/* A temporary file holding text; its path goes to path. */
static void temp_file(char *path, size_t cap, const char *suffix, const char *text)
{
    snprintf(path, cap, "/tmp/ggn-first-hour-XXXXXX%s", suffix);
    int fd = mkstemps(path, (int)strlen(suffix));
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
}

static void test_think_read_one_way(void **state)
{
    (void)state;
    const char *times[] = { "500ms", "2s", "1.5s", "1m", "1" };
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++) {
        /* depth 1 ends every search long before the time */
        proc_result r = ggn("", "bestmove", "chess", "--depth", "1", "--think", times[k], NULL);
        if (r.status != 0) fprintf(stderr, "bestmove --think %s: %s", times[k], r.err);
        assert_int_equal(r.status, 0);
        proc_free(&r);
        r = ggn("", "play", "chess", "--players", "human,human", "--think", times[k], NULL);
        if (r.status != 0) fprintf(stderr, "play --think %s: %s", times[k], r.err);
        assert_int_equal(r.status, 0);
        proc_free(&r);
        char pair[32];
        snprintf(pair, sizeof pair, "%s,%s", times[k], times[k]);
        r = ggn("", "selfplay", "chess", "--games", "1", "--depth", "1", "--max-plies", "2", "--random-plies", "0",
                "--think", pair, NULL);
        if (r.status != 0) fprintf(stderr, "selfplay --think %s: %s", pair, r.err);
        assert_int_equal(r.status, 0);
        proc_free(&r);
    }
    /* the same words refused by all three */
    const char *bad[] = { "soon", "2h", "-1s" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        proc_result r = ggn("", "bestmove", "chess", "--think", bad[k], NULL);
        assert_int_equal(r.status, 2);
        proc_free(&r);
        r = ggn("", "play", "chess", "--players", "human,human", "--think", bad[k], NULL);
        assert_int_equal(r.status, 2);
        proc_free(&r);
        r = ggn("", "selfplay", "chess", "--games", "1", "--think", bad[k], NULL);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "--think"));
        proc_free(&r);
    }
}

static void test_selfplay_depth_zero_refused(void **state)
{
    (void)state;
    const char *depths[] = { "0", "0,2", "2,0" };
    for (size_t k = 0; k < sizeof depths / sizeof depths[0]; k++) {
        proc_result r = ggn("", "selfplay", "chess", "--games", "1", "--depth", depths[k], NULL);
        assert_int_equal(r.status, 2);
        assert_non_null(strstr(r.err, "1 to 48"));
        proc_free(&r);
        r = ggn("", "bestmove", "chess", "--depth", "0", NULL);
        assert_int_equal(r.status, 2);
        proc_free(&r);
    }
}

/* ggn play --load FILE with no GAME plays the file's game: a JSON record of shogi, a PGN of 3check. */
static void test_play_load_plays_the_files_game(void **state)
{
    (void)state;
    char json[64], pgn[64];
    temp_file(json, sizeof json, ".json", "{\"game\": \"Shogi\", \"start\": null, \"moves\": [\"7g7f\"]}\n");
    temp_file(pgn, sizeof pgn, ".pgn", "[Variant \"3check\"]\n\n1. e4 *\n");
    proc_result r = ggn("fen\n", "play", "--load", json, "--players", "human,human", "--color", "never", NULL);
    if (r.status != 0) fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] b"));
    proc_free(&r);
    r = ggn("fen\n", "play", "--load", pgn, "--players", "human,human", "--color", "never", NULL);
    if (r.status != 0) fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3+3 0 1"));
    proc_free(&r);
    /* a GAME given still has to be the file's */
    r = ggn("", "play", "chess", "--load", json, "--players", "human,human", NULL);
    assert_int_equal(r.status, 1);
    proc_free(&r);
    unlink(json);
    unlink(pgn);
}

/* A record naming its game as `ggn games` lists it ("3check"), or by the spec's own name. */
static void test_pgn_from_json_game_names(void **state)
{
    (void)state;
    const char *names[] = { "3check", "3-check", "3CHECK" };
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char text[256], path[64];
        snprintf(text, sizeof text, "{\"game\": \"%s\", \"start\": null, \"moves\": [\"e2e4\"]}\n", names[k]);
        temp_file(path, sizeof path, ".json", text);
        proc_result r = ggn("", "pgn", "--from", "json", path, NULL);
        if (r.status != 0) fprintf(stderr, "%s: %s", names[k], r.err);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, "[Variant \"3check\"]"));
        assert_non_null(strstr(r.out, "1. e4"));
        proc_free(&r);
        unlink(path);
    }
    char path[64];
    temp_file(path, sizeof path, ".json", "{\"game\": \"Capablanca chess\", \"start\": null, \"moves\": [\"e2e4\"]}\n");
    proc_result r = ggn("", "pgn", "--from", "json", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "[Variant \"capablanca\"]"));
    proc_free(&r);
    unlink(path);
}

/* PGN -> JSON -> PGN keeps every tag, the standard seven and the others. */
static void test_pgn_tags_survive_json(void **state)
{
    (void)state;
    const char *pgn_text = "[Event \"Club match\"]\n[Site \"Leeds\"]\n[Date \"2024.05.01\"]\n[Round \"3\"]\n"
                           "[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Variant \"3check\"]\n"
                           "[Annotator \"Cy\"]\n[TimeControl \"40/7200\"]\n\n1. e4 e5 2. Nf3 *\n";
    char pgn[64], json[80];
    temp_file(pgn, sizeof pgn, ".pgn", pgn_text);
    snprintf(json, sizeof json, "%s.json", pgn);
    proc_result r = ggn("", "pgn", pgn, "--to", "json", "-o", json, NULL);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    r = ggn("", "pgn", "--from", "json", json, NULL);
    if (r.status != 0) fprintf(stderr, "%s", r.err);
    assert_int_equal(r.status, 0);
    const char *tags[] = { "[Event \"Club match\"]", "[Site \"Leeds\"]", "[Date \"2024.05.01\"]", "[Round \"3\"]",
                           "[White \"Ann\"]",        "[Black \"Bob\"]",  "[Variant \"3check\"]",  "[Annotator \"Cy\"]",
                           "[TimeControl \"40/7200\"]" };
    for (size_t k = 0; k < sizeof tags / sizeof tags[0]; k++) {
        if (!strstr(r.out, tags[k])) fprintf(stderr, "lost %s:\n%s", tags[k], r.out);
        assert_non_null(strstr(r.out, tags[k]));
    }
    assert_non_null(strstr(r.out, "1. e4 e5 2. Nf3 *"));
    proc_free(&r);
    unlink(pgn);
    unlink(json);
}

/*
 * A message longer than ggn_error's 256 bytes is never cut in the middle of
 * a word: a long quote of input gives up its middle ("...") and the reason
 * after it is whole.
 */
static void test_check_message_whole_words(void **state)
{
    (void)state;
    char key[300], text[400], path[64];
    memset(key, 'Q', sizeof key);
    memcpy(key, "C:", 2);
    key[230] = '\0';
    snprintf(text, sizeof text, "{\"%s\": {\"a1\": {\"a2\": [{}]}}}\n", key);
    temp_file(path, sizeof path, ".json", text);
    proc_result r = ggn("", "check", path, NULL);
    assert_int_equal(r.status, 1);
    const char *message = strstr(r.err, "error: piece key \"C:QQQQ");
    const char *reason = "QQ\" is not a QPI id: piece must be exactly one letter [at /C:QQQ";
    if (!message || !strstr(message, "QQ...QQ") || !strstr(message, reason)) fprintf(stderr, "%s", r.err);
    assert_non_null(message);
    assert_non_null(strstr(message, "QQ...QQ"));
    assert_non_null(strstr(message, reason));
    proc_free(&r);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_think_read_one_way),
        cmocka_unit_test(test_selfplay_depth_zero_refused),
        cmocka_unit_test(test_play_load_plays_the_files_game),
        cmocka_unit_test(test_pgn_from_json_game_names),
        cmocka_unit_test(test_pgn_tags_survive_json),
        cmocka_unit_test(test_check_message_whole_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
