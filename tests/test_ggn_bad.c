/*
 * test_ggn_bad.c — the invalid-document corpus: every file under
 * tests/data/ggn/bad/ must report exactly the problems its MANIFEST lines
 * list (code, severity, line:column, JSON Pointer, message), in order, and
 * every file there must be listed.
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

#include "ggn/ruleset.h"

#define BAD_DIR GGN_TEST_DATA "/ggn/bad"
#define MAX_LINES 256

typedef struct expect {
    char file[128];
    char kind[64];    /* "error CODE" or "warning CODE" */
    int line, column;
    char pointer[256];
    char message[256];
} expect;

static expect lines[MAX_LINES];
static size_t nlines;

/* Splits at " | " into at most n fields, trimming the spaces around each. */
static size_t split(char *s, char **out, size_t n)
{
    size_t k = 0;
    out[k++] = s;
    while (k < n) {
        char *bar = strstr(s, " | ");
        if (!bar) break;
        *bar = '\0';
        s = bar + 3;
        out[k++] = s;
    }
    return k;
}

/* Copies with truncation, without the printf family's truncation warnings. */
static void copy(char *dst, size_t cap, const char *src)
{
    size_t n = strlen(src);
    if (n >= cap) n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

/* BAD_DIR "/" name into path. */
static void bad_path(char *path, size_t cap, const char *name)
{
    copy(path, cap, BAD_DIR "/");
    size_t n = strlen(path);
    copy(path + n, cap - n, name);
}

static void read_manifest(void)
{
    FILE *f = fopen(BAD_DIR "/MANIFEST", "r");
    if (!f) fail_msg("cannot open %s", BAD_DIR "/MANIFEST");
    char buf[1024];
    nlines = 0;
    while (fgets(buf, sizeof buf, f)) {
        buf[strcspn(buf, "\n")] = '\0';
        if (buf[0] == '#' || buf[0] == '\0') continue;
        char *field[5] = { NULL, NULL, NULL, NULL, NULL };
        size_t n = split(buf, field, 5);
        if (n != 5) fail_msg("MANIFEST line with %zu fields: %s", n, buf);
        if (nlines == MAX_LINES) fail_msg("MANIFEST has more than %d lines", MAX_LINES);
        expect *e = &lines[nlines++];
        copy(e->file, sizeof e->file, field[0]);
        copy(e->kind, sizeof e->kind, field[1]);
        if (sscanf(field[2], "%d:%d", &e->line, &e->column) != 2) fail_msg("bad line:col %s", field[2]);
        /* an empty pointer (the whole document) is nothing between the bars: "|  |" */
        copy(e->pointer, sizeof e->pointer, field[3]);
        copy(e->message, sizeof e->message, field[4]);
    }
    fclose(f);
}

static void check_file(const char *name)
{
    char path[512];
    bad_path(path, sizeof path, name);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_ruleset *rs = ggn_ruleset_load_file(path, NULL, &errs);
    size_t want = 0;
    bool want_error = false;
    for (size_t k = 0; k < nlines; k++) {
        const expect *e = &lines[k];
        if (strcmp(e->file, name) != 0) continue;
        if (want >= errs.count) fail_msg("%s: expected \"%s\" (%s) but only %zu problems", name, e->message, e->kind, errs.count);
        const ggn_error *got = &errs.items[want++];
        char kind[64];
        snprintf(kind, sizeof kind, "%s %s", got->severity == GGN_SEVERITY_WARNING ? "warning" : "error",
                 ggn_code_name(got->code));
        if (strncmp(e->kind, "error", 5) == 0) want_error = true;
        if (strcmp(kind, e->kind) || got->line != e->line || got->column != e->column ||
            strcmp(got->pointer, e->pointer) || strcmp(got->message, e->message))
            fail_msg("%s: expected\n  %s %d:%d [%s] %s\ngot\n  %s %d:%d [%s] %s", name, e->kind, e->line, e->column,
                     e->pointer, e->message, kind, got->line, got->column, got->pointer, got->message);
        assert_string_equal(got->file, path);
    }
    if (want == 0) fail_msg("%s is not listed in MANIFEST", name);
    if (errs.count != want) fail_msg("%s: %zu problems reported, %zu expected (first extra: %s)", name, errs.count, want,
                                     errs.items[want].message);
    if (want_error) assert_null(rs);
    else assert_non_null(rs);
    ggn_ruleset_free(rs);
}

static void test_corpus(void **state)
{
    (void)state;
    read_manifest();
    DIR *dir = opendir(BAD_DIR);
    assert_non_null(dir);
    size_t files = 0;
    struct dirent *de;
    while ((de = readdir(dir))) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 5, ".json") != 0) continue;
        check_file(de->d_name);
        files++;
    }
    closedir(dir);
    assert_true(files >= 40);
    /* every MANIFEST line names a file that exists */
    for (size_t k = 0; k < nlines; k++) {
        char path[512];
        bad_path(path, sizeof path, lines[k].file);
        FILE *f = fopen(path, "r");
        if (!f) fail_msg("MANIFEST names a missing file %s", lines[k].file);
        fclose(f);
    }
}

/* A trusted load skips the checks but still reports structure errors. */
static void test_trusted(void **state)
{
    (void)state;
    ggn_load_options opts = { .trusted = true };
    static const char *const skipped[] = { "md_cond_source.json", "md_contradiction_same.json",
                                           "md_unknown_field.json", "rp_empty_array.json",
                                           "rp_redundant.json", "md_hand_to_hand.json",
                                           "md_duplicate_possibility.json" };
    for (size_t k = 0; k < sizeof skipped / sizeof skipped[0]; k++) {
        char path[512];
        bad_path(path, sizeof path, skipped[k]);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_ruleset *rs = ggn_ruleset_load_file(path, &opts, &errs);
        if (!rs) fail_msg("%s: trusted load failed: %s", skipped[k], errs.items[0].message);
        assert_int_equal(errs.count, 0);
        ggn_ruleset_free(rs);
    }
    static const char *const still[] = { "md_root_array.json", "md_piece_not_qpi.json", "md_state_occupied.json",
                                         "bc_missing_patch.json", "md_mixed_spelling.json", "md_cond_hand.json",
                                         "md_syntax.json", "rp_perform_bad_value.json" };
    for (size_t k = 0; k < sizeof still / sizeof still[0]; k++) {
        char path[512];
        bad_path(path, sizeof path, still[k]);
        ggn_errors errs;
        ggn_errors_init(&errs);
        assert_null(ggn_ruleset_load_file(path, &opts, &errs));
        if (errs.errors == 0) fail_msg("%s: no error in a trusted load", still[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_trusted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
