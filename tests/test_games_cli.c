/*
 * test_games_cli.c — how the program finds a game by name (cli_game.c):
 * `ggn games` and `ggn games --path`, the search order ($GGN_PATH, then the
 * installed games, then the current directory, then the build tree's source
 * games/), names in any case, and what an unknown name prints. The search
 * order is shown by putting differently-behaving games under the same name
 * in several directories: their perft(1) counts say which file was read.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdbool.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_util.h"

#define TIMEOUT_MS 60000

/* perft(1) of the games copied around: each says which file a name found. */
#define CHESS_1 "Nodes: 20"
#define MINISHOGI_1 "Nodes: 14"
#define LOSALAMOS_1 "Nodes: 10"


static char tmp[64];                  /* the scratch directory */
static char dir_a[128], dir_b[128], dir_c[128];

static void copy_game(const char *game, const char *dir, const char *file)
{
    char from[512], to[512];
    snprintf(from, sizeof from, "%s/%s.json", GGN_GAMES_DIR, game);
    snprintf(to, sizeof to, "%s/%s", dir, file);
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, in)) > 0;) assert_int_equal(fwrite(buf, 1, n, out), n);
    fclose(in);
    assert_int_equal(fclose(out), 0);
}

static void write_file(const char *dir, const char *file, const char *text)
{
    char to[512];
    snprintf(to, sizeof to, "%s/%s", dir, file);
    FILE *out = fopen(to, "wb");
    assert_non_null(out);
    fputs(text, out);
    assert_int_equal(fclose(out), 0);
}

/*
 * A: chess.json (really minishogi), MyGame.json (losalamos).
 * B: chess.json (really losalamos).
 * C, used as the current directory: chess.json (losalamos), mine.json (minishogi), bad.json.
 */
static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/ggn-games-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    snprintf(dir_a, sizeof dir_a, "%s/a", tmp);
    snprintf(dir_b, sizeof dir_b, "%s/b", tmp);
    snprintf(dir_c, sizeof dir_c, "%s/c", tmp);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "mkdir %s %s %s", dir_a, dir_b, dir_c);
    if (system(cmd) != 0) return -1;
    copy_game("minishogi", dir_a, "chess.json");
    copy_game("losalamos", dir_a, "MyGame.json");
    copy_game("losalamos", dir_b, "chess.json");
    copy_game("losalamos", dir_c, "chess.json");
    copy_game("minishogi", dir_c, "mine.json");
    write_file(dir_c, "bad.json", "{\"name\": \"no board\"}\n");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* ggn ARGS... with GGN_PATH set to path ("" for none), run in cwd (NULL: the test's own). */
static proc_result ggn(const char *path, const char *cwd, const char *a1, const char *a2, const char *a3)
{
    char env_path[600];
    snprintf(env_path, sizeof env_path, "GGN_PATH=%s", path);
    const char *env[] = { env_path, NULL };
    if (cwd) {
        const char *argv[] = { "/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", cwd, GGN_BINARY, a1, a2, a3, NULL };
        return proc_run(argv, NULL, env, TIMEOUT_MS);
    }
    const char *argv[] = { GGN_BINARY, a1, a2, a3, NULL };
    return proc_run(argv, NULL, env, TIMEOUT_MS);
}

/* The last line of `ggn perft NAME 1` (exit status 0 asserted). */
static void assert_perft1(const char *path, const char *cwd, const char *name, const char *want)
{
    proc_result r = ggn(path, cwd, "perft", name, "1");
    if (r.status != 0) fprintf(stderr, "ggn perft %s 1 (GGN_PATH=%s, in %s): %s", name, path, cwd ? cwd : ".", r.err);
    assert_int_equal(r.status, 0);
    char last[128];
    assert_string_equal(proc_last_line(r.out, last, sizeof last), want);
    proc_free(&r);
}

/* True when text has line as a whole line. */
static bool has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)); p++)
        if ((p == text || p[-1] == '\n') && p[n] == '\n') return true;
    return false;
}

/* True when text has the line `ggn games` writes for name: the name padded to width, two spaces, rest. */
static bool has_game(const char *text, int width, const char *name, const char *rest)
{
    char line[256];
    snprintf(line, sizeof line, "%-*s  %s", width, name, rest);
    return has_line(text, line);
}

/* The width of the name column: the longest name listed (at least 4). */
static int name_width(char names[][64], size_t n, const char *extra)
{
    size_t w = extra ? strlen(extra) : 4;
    if (w < 4) w = 4;
    for (size_t k = 0; k < n; k++)
        if (strlen(names[k]) > w) w = strlen(names[k]);
    return (int)w;
}

/* Room for the shipped games (games/ holds 88; 256 leaves room to grow). */
#define SHIPPED_MAX 256

/* The shipped games, sorted: the names of the .json files of games/. */
static size_t shipped_games(char names[][64], size_t cap)
{
    DIR *d = opendir(GGN_GAMES_DIR);
    assert_non_null(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        assert_true(n < cap);
        snprintf(names[n++], 64, "%.*s", (int)(len - 5), e->d_name);
    }
    closedir(d);
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[64];
            memcpy(t, names[j], 64);
            memcpy(names[j], names[j - 1], 64);
            memcpy(names[j - 1], t, 64);
        }
    return n;
}

/* `ggn games`: one line per shipped game, sorted, with players, board and the spec's own name. */
static void test_games_list(void **state)
{
    (void)state;
    char names[SHIPPED_MAX][64];
    size_t n = shipped_games(names, SHIPPED_MAX);
    assert_true(n >= 9);
    proc_result r = ggn("", NULL, "games", NULL, NULL);
    assert_int_equal(r.status, 0);
    const char *line = r.out;
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(names[k]);
        assert_int_equal(strncmp(line, names[k], len), 0);
        assert_true(line[len] == ' ');
        line = strchr(line, '\n');
        assert_non_null(line);
        line++;
    }
    assert_string_equal(line, "");
    int w = name_width(names, n, NULL);
    assert_true(has_game(r.out, w, "chess", "2 players  8x8    Chess"));
    assert_true(has_game(r.out, w, "chess4", "4 players  14x14  Four-player chess"));
    assert_true(has_game(r.out, w, "xiangqi", "2 players  9x10   Xiangqi"));
    proc_free(&r);
}

/* A name in any case finds the same file; NAME.json works as well as NAME. */
static void test_any_case(void **state)
{
    (void)state;
    assert_perft1("", NULL, "CHESS", CHESS_1);
    assert_perft1("", NULL, "Chess.JSON", CHESS_1);
    assert_perft1("", NULL, "MiniShogi", MINISHOGI_1);
    assert_perft1(dir_a, NULL, "mygame", LOSALAMOS_1);
    assert_perft1(dir_a, NULL, "MYGAME.json", LOSALAMOS_1);
}

/* GGN_PATH first, in its own order (empty entries skipped); then the current directory; then the source tree. */
static void test_search_order(void **state)
{
    (void)state;
    char path[512];
    assert_perft1("", NULL, "chess", CHESS_1);
    assert_perft1(dir_a, NULL, "chess", MINISHOGI_1);
    snprintf(path, sizeof path, "::%s::%s:", dir_b, dir_a);
    assert_perft1(path, NULL, "chess", LOSALAMOS_1);
    snprintf(path, sizeof path, "%s:%s", dir_a, dir_b);
    assert_perft1(path, NULL, "chess", MINISHOGI_1);
    /* The current directory comes after GGN_PATH and before the source tree's games/. */
    assert_perft1("", dir_c, "chess", LOSALAMOS_1);
    assert_perft1(dir_a, dir_c, "chess", MINISHOGI_1);
    assert_perft1("", dir_c, "mine", MINISHOGI_1);
    assert_perft1("", dir_c, "xiangqi", "Nodes: 44");
    /* A name is not a path: "mine" is only found from dir_c. */
    proc_result r = ggn("", NULL, "perft", "mine", "1");
    assert_int_equal(r.status, 1);
    proc_free(&r);
    /* An existing file named on the command line is that file, even when a directory has the name. */
    assert_perft1(dir_a, dir_c, "chess.json", LOSALAMOS_1);

    /* --path: the same order, each directory with its reason. */
    snprintf(path, sizeof path, "%s::%s", dir_b, dir_a);
    r = ggn(path, NULL, "games", "--path", NULL);
    assert_int_equal(r.status, 0);
    char want[1024];
    snprintf(want, sizeof want, "%s (GGN_PATH)\n%s (GGN_PATH)\n", dir_b, dir_a);
    assert_int_equal(strncmp(r.out, want, strlen(want)), 0);
    const char *installed = strstr(r.out, "(installed games)\n");
    const char *cwd = strstr(r.out, "\n. (current directory)\n");
    const char *source = strstr(r.out, GGN_GAMES_DIR " (source tree");
    assert_non_null(installed);
    assert_non_null(cwd);
    assert_non_null(source);
    assert_true(installed < cwd && cwd < source);
    proc_free(&r);

    /* ggn games lists the first file of each name: A's chess is minishogi, and MyGame is there. */
    r = ggn(dir_a, NULL, "games", NULL, NULL);
    assert_int_equal(r.status, 0);
    char names[SHIPPED_MAX][64];
    int w = name_width(names, shipped_games(names, SHIPPED_MAX), "MyGame");
    assert_true(has_game(r.out, w, "chess", "2 players  5x5    Minishogi"));
    assert_true(has_game(r.out, w, "MyGame", "2 players  6x6    Los Alamos chess"));
    assert_null(strstr(r.out, "Chess\n"));
    proc_free(&r);
}

/* An invalid spec in a listed directory: its line says so, its errors go to stderr, the others are listed, exit 1. */
static void test_games_invalid(void **state)
{
    (void)state;
    proc_result r = ggn(dir_c, NULL, "games", NULL, NULL);
    assert_int_equal(r.status, 1);
    char names[SHIPPED_MAX][64];
    int w = name_width(names, shipped_games(names, SHIPPED_MAX), NULL);
    char want[128];
    snprintf(want, sizeof want, "%-*s  (not a valid game spec: ", w, "bad");
    assert_non_null(strstr(r.out, want));
    assert_true(has_game(r.out, w, "xiangqi", "2 players  9x10   Xiangqi"));
    assert_non_null(strstr(r.err, "bad.json:"));
    proc_free(&r);
    /* The current directory is searched, not listed: its bad.json does not appear. */
    r = ggn("", dir_c, "games", NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.out, "bad"));
    proc_free(&r);
}

/* An unknown name: where ggn looked, and the games there are; a missing path: the file's error. */
static void test_unknown(void **state)
{
    (void)state;
    proc_result r = ggn(dir_a, NULL, "play", "chesss", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "no game 'chesss'"));
    assert_non_null(strstr(r.err, "chesss.json"));
    char want[256];
    snprintf(want, sizeof want, "  %s (GGN_PATH)\n", dir_a);
    assert_non_null(strstr(r.err, want));
    assert_non_null(strstr(r.err, "(installed games"));
    assert_non_null(strstr(r.err, "  . (current directory)\n"));
    const char *list = strstr(r.err, "Games there: ");
    assert_non_null(list);
    char names[SHIPPED_MAX][64];
    size_t n = shipped_games(names, SHIPPED_MAX);
    for (size_t k = 0; k < n; k++) {
        char word[80];
        snprintf(word, sizeof word, " %.63s%s", names[k], k + 1 < n ? "," : " ");
        if (!strstr(list, word)) fprintf(stderr, "'%s' missing from: %s", names[k], list);
        assert_non_null(strstr(list, word));
    }
    assert_non_null(strstr(list, " MyGame,"));
    proc_free(&r);

    r = ggn("", NULL, "perft", "no/such.json", "1");
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "no/such.json"));
    assert_null(strstr(r.err, "Games there"));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games_list),
        cmocka_unit_test(test_any_case),
        cmocka_unit_test(test_search_order),
        cmocka_unit_test(test_games_invalid),
        cmocka_unit_test(test_unknown),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
