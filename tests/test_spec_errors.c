/*
 * test_spec_errors.c — the game-spec error catalogue: every file under
 * tests/data/spec/bad/ and tests/data/spec/warn/ is loaded and the problems
 * reported must be exactly those of the directory's EXPECT manifest (written
 * by tests/data/spec/gen_catalogue.py): same count, order, severity, code,
 * JSON Pointer, line:column, and a message containing the expected text.
 * Files with an expected error must fail to load; the others must load.
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

#include "gamespec/spec_def.h"

#define MAX_EXPECT 512

typedef struct expect {
    char file[128];
    ggn_severity severity;
    char code[32];
    char pointer[256];
    int line, column;
    char message[256];
} expect;

static expect expects[MAX_EXPECT];
static size_t nexpects;


/* Copies one manifest field, failing (never truncating) when it does not fit. */
static void copy_field(char *dst, size_t cap, const char *src, const char *path)
{
    size_t n = strlen(src);
    if (n >= cap) fail_msg("%s: field longer than %zu bytes: %s", path, cap - 1, src);
    memcpy(dst, src, n + 1);
}

static void read_manifest(const char *dir)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/EXPECT", dir);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    char line[1024];
    nexpects = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0') continue;
        assert_true(nexpects < MAX_EXPECT);
        expect *e = &expects[nexpects++];
        memset(e, 0, sizeof *e);
        char *fields[6] = {0};
        char *p = line;
        for (int i = 0; i < 6; i++) {
            fields[i] = p;
            char *tab = i < 5 ? strchr(p, '\t') : NULL;
            if (i < 5 && !tab) fail_msg("%s: malformed line: %s", path, line);
            if (tab) {
                *tab = '\0';
                p = tab + 1;
            }
        }
        copy_field(e->file, sizeof e->file, fields[0], path);
        e->severity = strcmp(fields[1], "warning") == 0 ? GGN_SEVERITY_WARNING : GGN_SEVERITY_ERROR;
        copy_field(e->code, sizeof e->code, fields[2], path);
        copy_field(e->pointer, sizeof e->pointer, strcmp(fields[3], "-") == 0 ? "" : fields[3], path);
        if (sscanf(fields[4], "%d:%d", &e->line, &e->column) != 2) fail_msg("%s: bad LINE:COL %s", path, fields[4]);
        copy_field(e->message, sizeof e->message, fields[5], path);
    }
    fclose(f);
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Checks one file; returns the number of mismatches (printed). */
static int check_file(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    ggn_errors errs;
    ggn_errors_init(&errs);
    sd_game *g = sd_game_load_file(path, &errs);
    size_t want = 0;
    bool want_error = false;
    int bad = 0;
    for (size_t i = 0; i < nexpects; i++) {
        const expect *e = &expects[i];
        if (strcmp(e->file, name) != 0) continue;
        if (e->severity == GGN_SEVERITY_ERROR) want_error = true;
        if (want >= errs.count) {
            fprintf(stderr, "%s: expected problem %zu (%s at %s) was not reported\n", name, want, e->code,
                    e->pointer);
            bad++;
            want++;
            continue;
        }
        const ggn_error *got = &errs.items[want];
        char text[1024];
        ggn_error_format(got, text, sizeof text);
        if (got->severity != e->severity || strcmp(ggn_code_name(got->code), e->code) != 0 ||
            strcmp(got->pointer, e->pointer) != 0 || got->line != e->line || got->column != e->column ||
            !strstr(got->message, e->message)) {
            fprintf(stderr,
                    "%s: problem %zu\n  expected: %s %s at '%s' %d:%d containing \"%s\"\n  got:      %s %s at '%s' %d:%d: %s\n",
                    name, want, e->severity == GGN_SEVERITY_ERROR ? "error" : "warning", e->code, e->pointer,
                    e->line, e->column, e->message, got->severity == GGN_SEVERITY_ERROR ? "error" : "warning",
                    ggn_code_name(got->code), got->pointer, got->line, got->column, got->message);
            bad++;
        }
        want++;
    }
    if (want == 0) {
        fprintf(stderr, "%s: no expectation in EXPECT\n", name);
        bad++;
    }
    for (size_t i = want; i < errs.count; i++) {
        char text[1024];
        ggn_error_format(&errs.items[i], text, sizeof text);
        fprintf(stderr, "%s: unexpected extra problem: %s\n", name, text);
        bad++;
    }
    if (want_error != (g == NULL)) {
        fprintf(stderr, "%s: load %s, expected it to %s\n", name, g ? "succeeded" : "failed",
                want_error ? "fail" : "succeed");
        bad++;
    }
    assert_int_equal(errs.dropped, 0);
    sd_game_free(g);
    return bad;
}

static void check_dir(const char *dir, size_t min_files)
{
    read_manifest(dir);
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s", dir);
    char *names[512];
    size_t n = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len > 5 && strcmp(ent->d_name + len - 5, ".json") == 0) {
            assert_true(n < 512);
            names[n] = malloc(len + 1);
            assert_non_null(names[n]);
            memcpy(names[n], ent->d_name, len + 1);
            n++;
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], cmp_names);
    int bad = 0;
    for (size_t i = 0; i < n; i++) bad += check_file(dir, names[i]);
    /* every manifest entry names an existing file */
    for (size_t i = 0; i < nexpects; i++) {
        bool found = false;
        for (size_t j = 0; j < n && !found; j++) found = strcmp(names[j], expects[i].file) == 0;
        if (!found) {
            fprintf(stderr, "EXPECT names %s, which is not in %s\n", expects[i].file, dir);
            bad++;
        }
    }
    for (size_t i = 0; i < n; i++) free(names[i]);
    assert_true(n >= min_files);
    assert_int_equal(bad, 0);
}

static void test_bad_catalogue(void **state)
{
    (void)state;
    check_dir(GGN_TEST_DATA "/spec/bad", 40);
}

static void test_warning_catalogue(void **state)
{
    (void)state;
    check_dir(GGN_TEST_DATA "/spec/warn", 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_catalogue),
        cmocka_unit_test(test_warning_catalogue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
