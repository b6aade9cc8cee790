/*
 * test_manpage.c MANPAGE — docs/ggn.1 keeps up with the program: every
 * command of `ggn help` has an entry, every option any help text names
 * (`ggn help`, `ggn CMD --help`: --long and -s) appears in it, and so does
 * every shipped game. A new option or game without its man page line fails
 * here, naming what is missing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <ctype.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proc_util.h"

#define TIMEOUT_MS 60000

static const char *man_path;
static char *man;     /* the man page as read, roff escapes for '-' and fonts removed */
static int missing;   /* things not found, each printed */

/* The page with "\-" read as "-" and font changes (\fB, \fI, \fR, \fP) dropped: the text a reader sees. */
static char *read_man(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *raw = NULL;
    size_t len = 0;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0; len += n) {
        char *grown = realloc(raw, len + n + 1);
        if (!grown) break;
        raw = grown;
        memcpy(raw + len, buf, n);
    }
    fclose(f);
    if (!raw) return NULL;
    raw[len] = '\0';
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (raw[i] == '\\' && raw[i + 1] == '-') {
            raw[o++] = '-';
            i++;
        } else if (raw[i] == '\\' && raw[i + 1] == 'f' && raw[i + 2]) {
            i += 2;
        } else {
            raw[o++] = raw[i];
        }
    }
    raw[o] = '\0';
    return raw;
}

static bool word_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_';
}

/* True when text has word with no word character right before or after it. */
static bool has_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = text; (p = strstr(p, word)); p++)
        if ((p == text || !word_char(p[-1])) && !word_char(p[n])) return true;
    return false;
}

/* Every option named in a help text: "--name" anywhere, "-x" (lower case) standing alone as a word. */
static void check_options(const char *what, const char *help)
{
    for (const char *p = help; *p; p++) {
        if (*p != '-' || (p > help && (word_char(p[-1]) || p[-1] == '='))) continue;
        char opt[64];
        size_t n = 0;
        if (p[1] == '-' && islower((unsigned char)p[2])) {
            n = 2;
            while (n < sizeof opt - 1 && (islower((unsigned char)p[n]) || isdigit((unsigned char)p[n]) || p[n] == '-')) n++;
        } else if (islower((unsigned char)p[1]) && (p[2] == ' ' || p[2] == ',' || p[2] == ']' || p[2] == '\n')) {
            n = 2;
        } else {
            continue;
        }
        memcpy(opt, p, n);
        opt[n] = '\0';
        const char *first = help;
        while ((first = strstr(first, opt)) && ((first > help && word_char(first[-1])) || word_char(first[n]))) first++;
        if (first == p && !has_word(man, opt)) { /* reported once per help text */
            fprintf(stderr, "%s: option %s (from %s) is missing\n", man_path, opt, what);
            missing++;
        }
        p += n - 1;
    }
}

/* A command's entry: a line after .TP that starts with the command's name (after its font macro). */
static bool has_command_entry(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = man; (p = strstr(p, ".TP\n")); p++) {
        const char *line = p + 4;
        if (*line == '.') {
            while (*line && *line != ' ' && *line != '\n') line++;
            while (*line == ' ' || *line == '"') line++;
        }
        if (strncmp(line, name, n) == 0 && !word_char(line[n])) return true;
    }
    return false;
}

static char *run_ggn(const char *a1, const char *a2)
{
    const char *argv[] = { GGN_BINARY, a1, a2, NULL };
    proc_result r = proc_run(argv, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    free(r.err);
    return r.out;
}

static void test_commands_and_options(void **state)
{
    (void)state;
    missing = 0;
    char *overview = run_ggn("help", NULL);
    check_options("ggn help", overview);
    const char *p = strstr(overview, "\nCommands:\n");
    assert_non_null(p);
    p += strlen("\nCommands:\n");
    int commands = 0;
    while (p[0] == ' ' && p[1] == ' ' && islower((unsigned char)p[2])) {
        char name[32];
        size_t n = strcspn(p + 2, " \n");
        assert_true(n < sizeof name);
        memcpy(name, p + 2, n);
        name[n] = '\0';
        commands++;
        if (!has_command_entry(name)) {
            fprintf(stderr, "%s: command %s has no entry (a .TP line starting with it)\n", man_path, name);
            missing++;
        }
        char *help = run_ggn(name, "--help");
        char what[64];
        snprintf(what, sizeof what, "ggn %s --help", name);
        check_options(what, help);
        free(help);
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
    assert_true(commands >= 10);
    free(overview);
    assert_int_equal(missing, 0);
}

static void test_games(void **state)
{
    (void)state;
    missing = 0;
    DIR *d = opendir(GGN_GAMES_DIR);
    assert_non_null(d);
    int games = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
        games++;
        if (!has_word(man, name)) {
            fprintf(stderr, "%s: shipped game %s is missing\n", man_path, name);
            missing++;
        }
    }
    closedir(d);
    assert_true(games >= 9);
    assert_int_equal(missing, 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_manpage MANPAGE\n");
        return 2;
    }
    man_path = argv[1];
    man = read_man(man_path);
    if (!man) {
        fprintf(stderr, "test_manpage: cannot read %s\n", man_path);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_commands_and_options),
        cmocka_unit_test(test_games),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    free(man);
    return failed;
}
