/*
 * test_bad.c — the catalogue of malformed inputs, tests/data/bad/: each
 * input with the exact error it must produce (tests/data/bad/MANIFEST).
 *
 *   check   `ggn check FILE` exits 1 and its first line on stderr is FILE
 *           followed by the manifest's text (":LINE:COL: error: ...").
 *   absent  the same for a path that must not exist.
 *   fen     ggn_position_set_fen on games/chess.json   (CODE, message)
 *   feen    ggn_board_state_parse                       (CODE, LINE:COL, message)
 *   move    ggn_move_parse in the chess start position  (CODE, message)
 *   gan / qpi / cell / location: the parser's reason, exactly.
 *
 * Every file under the five directories must have a manifest line and every
 * line a file. The catalogues of the other formats (tests/data/spec/bad,
 * tests/data/ggn/bad) are checked by their own tests; this one only counts
 * them, so that the total in docs/limits.md stays true.
 *
 *   test_bad --print   prints the actual result of every input in manifest
 *                      form (for writing new lines; review before pasting).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/id.h"
#include "ggn/ruleset.h"

#define BAD_DIR GGN_TEST_DATA "/bad"

static bool print_mode;
static ggn_game *chess;

typedef struct input {
    char *data;
    size_t len;
} input;

static input read_input(const char *path)
{
    input in = { NULL, 0 };
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("%s: cannot open", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    in.data = malloc((size_t)size + 1);
    assert_non_null(in.data);
    in.len = fread(in.data, 1, (size_t)size, f);
    in.data[in.len] = '\0';
    fclose(f);
    return in;
}

/* Makes text printable on one manifest line: \n, \t, \\ and bytes outside ASCII escaped. */
static void escape(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 5 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n') n += (size_t)snprintf(out + n, cap - n, "\\n");
        else if (c == '\t') n += (size_t)snprintf(out + n, cap - n, "\\t");
        else if (c == '\\') n += (size_t)snprintf(out + n, cap - n, "\\\\");
        else if (c < 0x20 || c >= 0x7f) n += (size_t)snprintf(out + n, cap - n, "\\x%02x", c);
        else out[n++] = (char)c;
    }
    out[n] = '\0';
}

/* Runs `ggn check path`; returns the exit status and the first stderr line (escaped). */
static int run_check(const char *path, char *line, size_t cap)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' check '%s' 2>&1 >/dev/null", GGN_BINARY, path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char raw[4096] = "";
    if (!fgets(raw, sizeof raw, p)) raw[0] = '\0';
    char rest[4096];
    while (fgets(rest, sizeof rest, p)) {
    }
    int status = pclose(p);
    raw[strcspn(raw, "\n")] = '\0';
    escape(raw, line, cap);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The actual result of one input, in manifest form after "FILE\tAPI\t". */
static void actual(const char *api, const char *file, char *out, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", BAD_DIR, file);
    char msg[1024];
    if (strcmp(api, "check") == 0 || strcmp(api, "absent") == 0) {
        char line[4096];
        struct stat st;
        bool exists = stat(path, &st) == 0;
        if (exists != (strcmp(api, "check") == 0)) fail_msg("%s: %s", file, exists ? "exists" : "missing");
        int status = run_check(path, line, sizeof line);
        size_t plen = strlen(path);
        if (strncmp(line, path, plen) != 0) snprintf(out, cap, "exit %d\t%s", status, line);
        else snprintf(out, cap, "exit %d\t%s", status, line + plen);
        return;
    }
    input in = read_input(path);
    ggn_error err;
    ggn_error_clear(&err);
    const char *why = NULL;
    bool ok = false;
    if (strcmp(api, "fen") == 0) {
        ggn_position *pos = ggn_position_new(chess);
        ok = ggn_position_set_fen(pos, in.data, &err);
        ggn_position_free(pos);
    } else if (strcmp(api, "feen") == 0) {
        ggn_board_state *st = ggn_board_state_parse(in.data, in.len, &err);
        ok = st != NULL;
        ggn_board_state_free(st);
    } else if (strcmp(api, "move") == 0) {
        ggn_position *pos = ggn_position_new(chess);
        ggn_move m;
        ok = ggn_move_parse(pos, in.data, &m, &err);
        ggn_position_free(pos);
    } else {
        if (strcmp(api, "gan") == 0) {
            ggn_gan v;
            why = ggn_gan_parse(in.data, in.len, &v);
        } else if (strcmp(api, "qpi") == 0) {
            ggn_qpi v;
            why = ggn_qpi_parse(in.data, in.len, &v);
        } else if (strcmp(api, "cell") == 0) {
            ggn_cell v;
            why = ggn_cell_parse(in.data, in.len, &v);
        } else if (strcmp(api, "location") == 0) {
            ggn_location v;
            why = ggn_location_parse(in.data, in.len, &v);
        } else {
            fail_msg("%s: unknown API '%s'", file, api);
        }
        free(in.data);
        snprintf(out, cap, "%s", why ? why : "ACCEPTED");
        return;
    }
    free(in.data);
    if (ok) {
        snprintf(out, cap, "ACCEPTED");
        return;
    }
    escape(err.message, msg, sizeof msg);
    snprintf(out, cap, "%s\t%d:%d\t%s", ggn_code_name(err.code), err.line, err.column, msg);
}

static const char *api_of_dir(const char *dir, const char *name)
{
    if (strcmp(dir, "files") == 0) return "check";
    if (strcmp(dir, "fen") == 0) return "fen";
    if (strcmp(dir, "feen") == 0) return "feen";
    if (strcmp(dir, "move") == 0) return "move";
    if (strncmp(name, "gan_", 4) == 0) return "gan";
    if (strncmp(name, "qpi_", 4) == 0) return "qpi";
    if (strncmp(name, "cell_", 5) == 0) return "cell";
    return "location";
}

static const char *const dirs[] = { "files", "fen", "feen", "move", "id" };

static int count_json(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) fail_msg("%s: cannot open", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) n++;
    }
    closedir(d);
    return n;
}

typedef struct line_t {
    char file[256];
    char api[16];
    char expect[4096];
    bool seen;
} line_t;

static line_t lines[512];
static size_t nlines;

static void load_manifest(void)
{
    FILE *f = fopen(BAD_DIR "/MANIFEST", "r");
    assert_non_null(f);
    char buf[8192];
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (!buf[0] || buf[0] == '#') continue;
        char *tab1 = strchr(buf, '\t');
        char *tab2 = tab1 ? strchr(tab1 + 1, '\t') : NULL;
        if (!tab2) fail_msg("MANIFEST: malformed line: %s", buf);
        *tab1 = *tab2 = '\0';
        assert_true(nlines < sizeof lines / sizeof lines[0]);
        line_t *l = &lines[nlines++];
        if (strlen(buf) >= sizeof l->file || strlen(tab1 + 1) >= sizeof l->api || strlen(tab2 + 1) >= sizeof l->expect)
            fail_msg("MANIFEST: field too long on the line of %.64s", buf);
        memcpy(l->file, buf, strlen(buf) + 1);
        memcpy(l->api, tab1 + 1, strlen(tab1 + 1) + 1);
        memcpy(l->expect, tab2 + 1, strlen(tab2 + 1) + 1);
    }
    fclose(f);
}

static void test_catalogue(void **state)
{
    (void)state;
    load_manifest();
    /* Every line: the exact result. */
    int failures = 0;
    for (size_t i = 0; i < nlines; i++) {
        char got[8192];
        actual(lines[i].api, lines[i].file, got, sizeof got);
        if (strcmp(got, lines[i].expect) != 0) {
            fprintf(stderr, "%s (%s)\n  expected: %s\n  got:      %s\n", lines[i].file, lines[i].api, lines[i].expect, got);
            failures++;
        }
        if (strncmp(got, "ACCEPTED", 8) == 0) {
            fprintf(stderr, "%s: a catalogue input must be refused\n", lines[i].file);
            failures++;
        }
        if ((strcmp(lines[i].api, "check") == 0 || strcmp(lines[i].api, "absent") == 0) &&
            strncmp(got, "exit 1\t", 7) != 0) {
            fprintf(stderr, "%s: ggn check must exit 1\n", lines[i].file);
            failures++;
        }
    }
    /* Every file: a line. */
    int files = 0;
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", BAD_DIR, dirs[d]);
        DIR *dp = opendir(dir);
        assert_non_null(dp);
        struct dirent *e;
        while ((e = readdir(dp)) != NULL) {
            if (e->d_name[0] == '.') continue;
            char file[512];
            snprintf(file, sizeof file, "%s/%s", dirs[d], e->d_name);
            files++;
            bool found = false;
            for (size_t i = 0; i < nlines && !found; i++) found = strcmp(lines[i].file, file) == 0;
            if (!found) {
                fprintf(stderr, "%s: no MANIFEST line\n", file);
                failures++;
            }
        }
        closedir(dp);
    }
    assert_int_equal(failures, 0);
    assert_true(files >= 100);
    assert_true(nlines >= (size_t)files);
    /* The other catalogues, counted. */
    assert_true(count_json(GGN_TEST_DATA "/spec/bad") >= 70);
    assert_true(count_json(GGN_TEST_DATA "/ggn/bad") >= 50);
}

static void print_all(void)
{
    load_manifest();
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", BAD_DIR, dirs[d]);
        struct dirent **names;
        int n = scandir(dir, &names, NULL, alphasort);
        for (int i = 0; i < n; i++) {
            if (names[i]->d_name[0] != '.') {
                char file[512], got[8192];
                snprintf(file, sizeof file, "%s/%s", dirs[d], names[i]->d_name);
                const char *api = api_of_dir(dirs[d], names[i]->d_name);
                actual(api, file, got, sizeof got);
                printf("%s\t%s\t%s\n", file, api, got);
            }
            free(names[i]);
        }
        free(names);
    }
}

int main(int argc, char **argv)
{
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_errors_init(errs);
    chess = ggn_game_load_file(GGN_GAMES_DIR "/chess.json", errs);
    free(errs);
    if (!chess) return 1;
    print_mode = argc > 1 && strcmp(argv[1], "--print") == 0;
    int rc = 0;
    if (print_mode) {
        print_all();
    } else {
        const struct CMUnitTest tests[] = { cmocka_unit_test(test_catalogue) };
        rc = cmocka_run_group_tests(tests, NULL, NULL);
    }
    ggn_game_free(chess);
    return rc;
}
