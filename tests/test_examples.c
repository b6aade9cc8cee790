/*
 * test_examples.c — every console example of the documentation runs as
 * printed.
 *
 * Usage: test_examples REPO_DIR FILE.md...
 *
 * Examples come from two places:
 *   - the ```console blocks of each FILE.md, all blocks of one file run in
 *     order in one fresh directory (so a file an earlier example writes is
 *     there for a later one);
 *   - the `--help` text of every command `ggn help` lists, each text in a
 *     fresh directory of its own: an example line there is "  $ ggn ...",
 *     its output the lines indented by two spaces that follow it, up to a
 *     blank or unindented line.
 * The directory has `games` and `tests` linking to the repository's, as if
 * the examples were typed in a clone.
 *
 * An example is "$ ggn ARGS" (words split as the shell splits them: quotes,
 * backslashes; no variables, pipes or redirections) followed by the lines
 * it prints: its standard output, then its standard error. A line that is
 * exactly "..." stands for any number of lines, and "..." inside a line for
 * any text. An example that shows no output is only checked for its exit
 * status. The exit status must be 0, unless the example is followed by
 * "$ echo $?" and the number. `ggn play` is interactive and is not run
 * (the test says so for each one).
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
#include <unistd.h>

#include "proc_util.h"

#define TIMEOUT_MS 300000  /* one example; generous for sanitizer builds */
#define MAX_WORDS 64
#define MAX_LINES 4096

static const char *repo_dir;
static char **md_files;
static int md_count;

/* ---- text helpers ------------------------------------------------------------ */

typedef struct lines {
    char **at;
    int n;
} lines;

static void lines_add(lines *l, const char *s, size_t len)
{
    if (l->n >= MAX_LINES) fail_msg("more than %d lines in one example", MAX_LINES);
    if (!l->at) l->at = calloc(MAX_LINES, sizeof *l->at);
    assert_non_null(l->at);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\r')) len--; /* editors strip trailing blanks */
    char *copy = malloc(len + 1);
    assert_non_null(copy);
    memcpy(copy, s, len);
    copy[len] = '\0';
    l->at[l->n++] = copy;
}

static void lines_free(lines *l)
{
    for (int i = 0; i < l->n; i++) free(l->at[i]);
    free(l->at);
    l->at = NULL;
    l->n = 0;
}

/* Appends every line of text (a last line without '\n' too). */
static void lines_split(lines *l, const char *text)
{
    while (*text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        lines_add(l, text, len);
        if (!end) break;
        text = end + 1;
    }
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

/* ---- matching ----------------------------------------------------------------- */

/* Does text match pattern, where each "..." in pattern stands for any text? */
static bool line_matches(const char *pattern, const char *text)
{
    const char *dots = strstr(pattern, "...");
    if (!dots) return strcmp(pattern, text) == 0;
    size_t head = (size_t)(dots - pattern);
    if (strncmp(pattern, text, head) != 0) return false;
    for (const char *t = text + head;; t++) {
        if (line_matches(dots + 3, t)) return true;
        if (!*t) return false;
    }
}

/* Do the lines got[g..] match want[w..], a "..." line standing for any number of lines? */
static bool lines_match(const lines *want, int w, const lines *got, int g)
{
    if (w == want->n) return g == got->n;
    if (strcmp(want->at[w], "...") == 0) {
        for (int k = g; k <= got->n; k++)
            if (lines_match(want, w + 1, got, k)) return true;
        return false;
    }
    return g < got->n && line_matches(want->at[w], got->at[g]) && lines_match(want, w + 1, got, g + 1);
}

/* ---- command lines -------------------------------------------------------------- */

/*
 * Splits a command line as the shell would: blanks separate words, '...'
 * is literal, "..." keeps blanks and takes \" \\ \$ \` escapes, a
 * backslash outside quotes escapes the next character. Returns the number
 * of words (stored in buf), or -1 with why set for what the shell would do
 * more with (variables, pipes, redirections, unbalanced quotes).
 */
static int split_words(const char *line, char *buf, size_t cap, char **words, const char **why)
{
    int n = 0;
    size_t out = 0;
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return n;
        if (n == MAX_WORDS) {
            *why = "too many words";
            return -1;
        }
        words[n++] = buf + out;
        while (*p && *p != ' ' && *p != '\t') {
            if (out + 2 > cap) {
                *why = "line too long";
                return -1;
            }
            if (*p == '\'') {
                const char *end = strchr(p + 1, '\'');
                if (!end || out + (size_t)(end - p) + 1 > cap) {
                    *why = "unbalanced '";
                    return -1;
                }
                memcpy(buf + out, p + 1, (size_t)(end - p - 1));
                out += (size_t)(end - p - 1);
                p = end + 1;
            } else if (*p == '"') {
                for (p++; *p != '"'; p++) {
                    if (!*p || out + 2 > cap) {
                        *why = "unbalanced \"";
                        return -1;
                    }
                    if (*p == '$' || *p == '`') {
                        *why = "a variable or command substitution";
                        return -1;
                    }
                    if (*p == '\\' && p[1] && strchr("\"\\$`", p[1])) p++;
                    buf[out++] = *p;
                }
                p++;
            } else if (*p == '\\' && p[1]) {
                buf[out++] = p[1];
                p += 2;
            } else if (strchr("|&;<>()$`*?[#~", *p)) {
                *why = "a shell operator, variable or pattern";
                return -1;
            } else {
                buf[out++] = *p++;
            }
        }
        buf[out++] = '\0';
    }
}

/* ---- examples -------------------------------------------------------------------- */

typedef struct example {
    char *where;    /* "README.md:42" or "ggn perft --help" */
    char *command;  /* the text after "$ " */
    lines output;   /* the lines shown after it */
    int status;     /* expected exit status */
} example;

typedef struct group {
    char *name;
    example *ex;
    int n, cap;
} group;

static example *group_add(group *gr, const char *where, const char *command)
{
    if (gr->n == gr->cap) {
        gr->cap = gr->cap ? gr->cap * 2 : 16;
        gr->ex = realloc(gr->ex, (size_t)gr->cap * sizeof *gr->ex);
        assert_non_null(gr->ex);
    }
    example *e = &gr->ex[gr->n++];
    memset(e, 0, sizeof *e);
    e->where = strdup(where);
    e->command = strdup(command);
    assert_non_null(e->where);
    assert_non_null(e->command);
    return e;
}

static void group_free(group *gr)
{
    for (int i = 0; i < gr->n; i++) {
        free(gr->ex[i].where);
        free(gr->ex[i].command);
        lines_free(&gr->ex[i].output);
    }
    free(gr->ex);
    free(gr->name);
    memset(gr, 0, sizeof *gr);
}

/*
 * Adds one example line ("ggn ..." or "echo $?") with its output lines. An
 * "echo $?" sets the expected status of the example before it (its single
 * output line is the number) instead of being run.
 */
static void add_line(group *gr, const char *where, const char *command, const lines *out)
{
    if (strcmp(command, "echo $?") == 0) {
        if (!gr->n || out->n != 1) fail_msg("%s: \"$ echo $?\" follows an example and shows one number", where);
        char *end;
        long v = strtol(out->at[0], &end, 10);
        if (*end || end == out->at[0]) fail_msg("%s: \"$ echo $?\" shows '%s', not a number", where, out->at[0]);
        gr->ex[gr->n - 1].status = (int)v;
        return;
    }
    example *e = group_add(gr, where, command);
    for (int i = 0; i < out->n; i++) lines_add(&e->output, out->at[i], strlen(out->at[i]));
}

/* The examples of the ```console blocks of a markdown file. */
static void read_markdown(group *gr, const char *path)
{
    char *text = read_file(path);
    lines all = { NULL, 0 };
    lines_split(&all, text);
    free(text);
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    gr->name = strdup(name);
    bool in_block = false;
    int blocks = 0;
    for (int i = 0; i < all.n; i++) {
        const char *l = all.at[i];
        if (!in_block) {
            if (strcmp(l, "```console") == 0) {
                in_block = true;
                blocks++;
            }
            continue;
        }
        if (strncmp(l, "```", 3) == 0) {
            in_block = false;
            continue;
        }
        if (strncmp(l, "$ ", 2) != 0) fail_msg("%s:%d: a console block's first line is a \"$ \" command", path, i + 1);
        lines out = { NULL, 0 };
        int j = i + 1;
        for (; j < all.n && strncmp(all.at[j], "$ ", 2) != 0 && strncmp(all.at[j], "```", 3) != 0; j++)
            lines_add(&out, all.at[j], strlen(all.at[j]));
        char where[1024];
        snprintf(where, sizeof where, "%s:%d", name, i + 1);
        add_line(gr, where, l + 2, &out);
        lines_free(&out);
        i = j - 1;
    }
    if (in_block) fail_msg("%s: a ```console block is not closed", path);
    printf("%s: %d console blocks, %d examples\n", name, blocks, gr->n);
    lines_free(&all);
}

/* The examples of one help text: "  $ ggn ..." lines and the two-space indented lines after them. */
static void read_help(group *gr, const char *cmd, const char *text)
{
    lines all = { NULL, 0 };
    lines_split(&all, text);
    char name[256];
    snprintf(name, sizeof name, "ggn %.64s --help", cmd);
    gr->name = strdup(name);
    for (int i = 0; i < all.n; i++) {
        if (strncmp(all.at[i], "  $ ", 4) != 0) continue;
        lines out = { NULL, 0 };
        int j = i + 1;
        for (; j < all.n && strncmp(all.at[j], "  ", 2) == 0 && strncmp(all.at[j], "  $ ", 4) != 0; j++)
            lines_add(&out, all.at[j] + 2, strlen(all.at[j] + 2));
        add_line(gr, name, all.at[i] + 4, &out);
        lines_free(&out);
        i = j - 1;
    }
    lines_free(&all);
}

/* ---- running ----------------------------------------------------------------------- */

/* A fresh directory with `games` and `tests` linking to the repository's; its path in dir. */
static void make_dir(char *dir, size_t cap)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, cap, "%s/ggn-examples-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) fail_msg("cannot make a directory from %s", dir);
    const char *links[] = { "games", "tests" };
    for (size_t i = 0; i < 2; i++) {
        char target[4096], link[4096];
        snprintf(target, sizeof target, "%.2000s/%s", repo_dir, links[i]);
        snprintf(link, sizeof link, "%.2000s/%s", dir, links[i]);
        if (symlink(target, link) != 0) fail_msg("cannot link %s to %s", link, target);
    }
}

/* Removes what make_dir made and what the examples wrote (they write files, not directories). */
static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0) printf("  note: could not remove %s\n", path);
    }
    closedir(d);
    if (rmdir(dir) != 0) printf("  note: could not remove %s\n", dir);
}

static void print_lines(const char *title, const lines *l)
{
    printf("    %s:\n", title);
    for (int i = 0; i < l->n; i++) printf("      | %s\n", l->at[i]);
}

/* Runs one example in the current directory; returns false (after saying why) when it does not hold. */
static bool run_example(const example *e)
{
    char buf[8192];
    char *words[MAX_WORDS + 1];
    const char *why = NULL;
    int n = split_words(e->command, buf, sizeof buf, words, &why);
    if (n < 0 || n == 0 || strcmp(words[0], "ggn") != 0) {
        printf("  FAIL %s: $ %s\n    not a ggn command this test can run (%s)\n", e->where, e->command,
               n < 0 ? why : "the first word is not ggn");
        return false;
    }
    if (n >= 2 && strcmp(words[1], "play") == 0) {
        printf("  skipped %s: $ %s\n    (ggn play is interactive: it waits for the players' moves)\n", e->where,
               e->command);
        return true;
    }
    const char *argv[MAX_WORDS + 1];
    argv[0] = GGN_BINARY;
    for (int i = 1; i < n; i++) argv[i] = words[i];
    argv[n] = NULL;
    /* `ggn` inside an example (an engine of `ggn match`) is the ggn under test, as for the example itself. */
    char path[8192];
    const char *slash = strrchr(GGN_BINARY, '/');
    snprintf(path, sizeof path, "PATH=%.*s:%s", slash ? (int)(slash - GGN_BINARY) : 1, slash ? GGN_BINARY : ".",
             getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin");
    const char *env[] = { "NO_COLOR=1", path, NULL };
    proc_result r = proc_run(argv, "", env, TIMEOUT_MS);
    lines got = { NULL, 0 };
    lines_split(&got, r.out);
    lines_split(&got, r.err);
    bool status_ok = r.status == e->status;
    bool output_ok = e->output.n == 0 || lines_match(&e->output, 0, &got, 0);
    if (status_ok && output_ok) {
        printf("  ok %s: $ %s\n", e->where, e->command);
    } else {
        printf("  FAIL %s: $ %s\n", e->where, e->command);
        if (!status_ok) printf("    exit status %d, the example says %d\n", r.status, e->status);
        if (!output_ok) {
            print_lines("shown", &e->output);
            print_lines("printed (standard output, then standard error)", &got);
        }
    }
    lines_free(&got);
    proc_free(&r);
    return status_ok && output_ok;
}

/* Runs a group in a fresh directory; returns the number of examples that failed. */
static int run_group(const group *gr)
{
    char dir[2048], cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) fail_msg("cannot read the current directory");
    make_dir(dir, sizeof dir);
    if (chdir(dir) != 0) fail_msg("cannot enter %s", dir);
    printf("%s (%d examples, in %s):\n", gr->name, gr->n, dir);
    int failed = 0;
    for (int i = 0; i < gr->n; i++)
        if (!run_example(&gr->ex[i])) failed++;
    if (chdir(cwd) != 0) fail_msg("cannot go back to %s", cwd);
    remove_dir(dir);
    return failed;
}

/* ---- tests ---------------------------------------------------------------------------- */

static void test_markdown(void **state)
{
    (void)state;
    int failed = 0, total = 0;
    for (int i = 0; i < md_count; i++) {
        group gr = { 0 };
        read_markdown(&gr, md_files[i]);
        if (gr.n == 0) fail_msg("%s has no console example: nothing would be checked", md_files[i]);
        total += gr.n;
        failed += run_group(&gr);
        group_free(&gr);
    }
    printf("%d examples, %d failed\n", total, failed);
    assert_int_equal(failed, 0);
}

/* The command names of `ggn help`: the words indented under "Commands:". */
static int command_names(char names[][64], int cap)
{
    const char *argv[] = { GGN_BINARY, "help", NULL };
    proc_result r = proc_run(argv, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    lines l = { NULL, 0 };
    lines_split(&l, r.out);
    int n = 0;
    bool in_list = false;
    for (int i = 0; i < l.n; i++) {
        if (strcmp(l.at[i], "Commands:") == 0) {
            in_list = true;
            continue;
        }
        if (!in_list) continue;
        if (strncmp(l.at[i], "  ", 2) != 0) break;
        if (n < cap && sscanf(l.at[i], " %63s", names[n]) == 1) n++;
    }
    lines_free(&l);
    proc_free(&r);
    return n;
}

static void test_help_texts(void **state)
{
    (void)state;
    char names[64][64];
    int ncmd = command_names(names, 64);
    assert_true(ncmd >= 10);
    int failed = 0, total = 0, with_examples = 0;
    for (int c = 0; c < ncmd; c++) {
        const char *argv[] = { GGN_BINARY, names[c], "--help", NULL };
        proc_result r = proc_run(argv, "", NULL, TIMEOUT_MS);
        assert_int_equal(r.status, 0);
        group gr = { 0 };
        read_help(&gr, names[c], r.out);
        proc_free(&r);
        if (gr.n) {
            with_examples++;
            total += gr.n;
            failed += run_group(&gr);
        } else {
            printf("ggn %s --help: no example\n", names[c]);
        }
        group_free(&gr);
    }
    printf("%d commands, %d with examples, %d examples, %d failed\n", ncmd, with_examples, total, failed);
    assert_true(with_examples > 0);
    assert_int_equal(failed, 0);
}

/* The matcher itself: "..." lines and "..." inside lines, and what they must not match. */
static void test_matcher(void **state)
{
    (void)state;
    lines want = { NULL, 0 }, got = { NULL, 0 };
    lines_split(&want, "Nodes: 20\nperft 1: ... nodes/s");
    lines_split(&got, "Nodes: 20\nperft 1: 0.001 s, 20000 nodes/s");
    assert_true(lines_match(&want, 0, &got, 0));
    lines_free(&got);
    lines_split(&got, "Nodes: 21\nperft 1: 0.001 s, 20000 nodes/s");
    assert_false(lines_match(&want, 0, &got, 0));
    lines_free(&got);
    lines_split(&got, "Nodes: 20");
    assert_false(lines_match(&want, 0, &got, 0));
    lines_free(&want);
    lines_free(&got);
    lines_split(&want, "a\n...\nz");
    lines_split(&got, "a\nz");
    assert_true(lines_match(&want, 0, &got, 0));
    lines_free(&got);
    lines_split(&got, "a\nb\nc\nz");
    assert_true(lines_match(&want, 0, &got, 0));
    lines_free(&got);
    lines_split(&got, "a\nb\nc\nz\nextra");
    assert_false(lines_match(&want, 0, &got, 0));
    lines_free(&want);
    lines_free(&got);

    char buf[256];
    char *words[MAX_WORDS + 1];
    const char *why;
    assert_int_equal(split_words("ggn perft chess 3 --moves \"e2e4 e7e5\" --fen 'a b'", buf, sizeof buf, words, &why), 8);
    assert_string_equal(words[6], "--fen");
    assert_string_equal(words[5], "e2e4 e7e5");
    assert_string_equal(words[7], "a b");
    assert_int_equal(split_words("ggn moves x --position '{\"a\": 1}'", buf, sizeof buf, words, &why), 5);
    assert_string_equal(words[4], "{\"a\": 1}");
    assert_int_equal(split_words("ggn export chess > out.json", buf, sizeof buf, words, &why), -1);
    assert_int_equal(split_words("ggn check $FILE", buf, sizeof buf, words, &why), -1);
    assert_int_equal(split_words("ggn check 'open", buf, sizeof buf, words, &why), -1);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s REPO_DIR FILE.md...\n", argv[0]);
        return 2;
    }
    repo_dir = argv[1];
    md_files = argv + 2;
    md_count = argc - 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matcher),
        cmocka_unit_test(test_markdown),
        cmocka_unit_test(test_help_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
