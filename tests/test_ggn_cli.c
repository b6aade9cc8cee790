/* test_ggn_cli.c — `ggn moves`, `ggn query` and `ggn convert`: output, exit codes, errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define GOOD GGN_TEST_DATA "/ggn/good"
#define BAD GGN_TEST_DATA "/ggn/bad"

/* Runs `ggn ARGS` (a shell fragment); returns the exit status and what it printed (stdout + stderr). */
static int run(const char *args, char *out, size_t cap)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s 2>&1", GGN_BINARY, args);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t n = fread(out, 1, cap - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_moves(void **state)
{
    (void)state;
    char out[8192];
    assert_int_equal(run("moves " GOOD "/seed2_king.json --position '{\"board\": {\"e1\": \"CHESS:K\", \"h1\": \"CHESS:R\"}, \"active\": \"CHESS\"}'",
                         out, sizeof out),
                     0);
    assert_string_equal(out, "CHESS:K e1 e2  e1=- e2=CHESS:K\n"
                             "CHESS:K e1 g1  e1=- f1=CHESS:R g1=CHESS:K h1=-\n");
    assert_int_equal(run("moves " GOOD "/seed1_drop.json --json --position '4p3/4P3 P/ S/s'", out, sizeof out), 0);
    assert_string_equal(out, "[\n"
                             "  {\"piece\": \"S:P\", \"source\": \"*\", \"destination\": \"e5\", \"possibility\": 0, "
                             "\"diff\": {\"e5\": \"S:P\"}, \"hand\": {\"add\": null, \"remove\": \"S:P\"}}\n"
                             "]\n");
    /* on e5 the pawn steps to e6, and the drop square is taken */
    assert_int_equal(run("moves " GOOD "/seed1_drop.json --position '8/8/8/4P3/8/8/8/8 P/ S/s'", out, sizeof out), 0);
    assert_string_equal(out, "S:P e5 e6  e5=- e6=S:P\n");
}

static void test_moves_errors(void **state)
{
    (void)state;
    char out[8192];
    assert_int_equal(run("moves " BAD "/md_mixed_spelling.json --position '8 - A/a'", out, sizeof out), 1);
    assert_non_null(strstr(out, "md_mixed_spelling.json:6:22: error: \"require\" is require-prevent spelling"));
    assert_int_equal(run("moves " GOOD "/seed1_drop.json --position '{\"board\": {\"e0\": \"S:P\"}, \"active\": \"S\"}'", out, sizeof out), 1);
    assert_string_equal(out, "<position>:1:18: error: \"e0\" is not a CELL coordinate: numbers start at 1 and have no leading zero"
                             " [at /board/e0]\n");
    assert_int_equal(run("moves " GOOD "/seed1_drop.json", out, sizeof out), 2);
    assert_int_equal(run("moves --position x", out, sizeof out), 2);
    assert_int_equal(run("moves " GOOD "/seed1_drop.json --position", out, sizeof out), 2);
    assert_int_equal(run("moves --help", out, sizeof out), 0);
    assert_non_null(strstr(out, "Usage: ggn moves GGN --position POSITION [--json]"));
}

static void test_query(void **state)
{
    (void)state;
    char out[8192];
    const char *pos = "'{\"board\": {\"e1\": \"CHESS:K\", \"h1\": \"CHESS:R\", \"f1\": \"CHESS:B\"}, \"active\": \"first\"}'";
    char args[1024];
    snprintf(args, sizeof args, "query %s/seed2_king.json CHESS:K e1 g1 --position %s", GOOD, pos);
    assert_int_equal(run(args, out, sizeof out), 0);
    /* No transition: nothing on stdout, one line of explanation on stderr (run merges the two). */
    assert_string_equal(out, "CHESS:K e1 g1: no possibility's conditions hold in this position\n");
    snprintf(args, sizeof args, "query %s/seed2_king.json CHESS:K e1 e2 --position %s --json", GOOD, pos);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_string_equal(out, "[\n  {\"piece\": \"CHESS:K\", \"source\": \"e1\", \"destination\": \"e2\", \"possibility\": 0, "
                             "\"diff\": {\"e1\": null, \"e2\": \"CHESS:K\"}, \"hand\": {\"add\": null, \"remove\": null}}\n]\n");
    snprintf(args, sizeof args, "query %s/seed2_king.json CHESS:Q d1 d2 --position %s", GOOD, pos);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_string_equal(out, GOOD "/seed2_king.json: error: no moves for piece CHESS:Q\n");
    snprintf(args, sizeof args, "query %s/seed2_king.json CHESS:K e1 e3 --position %s", GOOD, pos);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_string_equal(out, GOOD "/seed2_king.json: error: no move for CHESS:K from e1 to e3\n");
    assert_int_equal(run("query " GOOD "/seed2_king.json CHESS:K e1 --position x", out, sizeof out), 2);
}

static void test_convert(void **state)
{
    (void)state;
    char out[8192];
    assert_int_equal(run("convert " GOOD "/seed1_drop.json --to board-check", out, sizeof out), 0);
    assert_non_null(strstr(out, "\"in_hand_del\": \"S:P\""));
    assert_int_equal(run("convert " GOOD "/seed2_king.json --to must-deny", out, sizeof out), 1);
    assert_string_equal(out, GOOD "/seed2_king.json: error: cannot write must-deny: the changes its perform writes differ "
                             "from what must-deny implies (source emptied, destination taking the piece) [at /CHESS:K/e1/g1/0]\n");
    char path[] = "/tmp/ggn_convert_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char args[512];
    snprintf(args, sizeof args, "convert %s/seed1_drop.json --to require-prevent -o %s", GOOD, path);
    assert_int_equal(run(args, out, sizeof out), 1);
    assert_string_equal(out, GOOD "/seed1_drop.json: error: cannot write require-prevent: require-prevent has no moves to or from "
                             "the hand (\"*\") [at /S:P/*/e5/0]\n");
    snprintf(args, sizeof args, "convert %s/seed2_king.json --to=board-check -o %s", GOOD, path);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_string_equal(out, "");
    snprintf(args, sizeof args, "convert %s --to require-prevent", path);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "\"perform\": {\n            \"e1\": null,\n            \"f1\": \"CHESS:R\","));
    remove(path);
    assert_int_equal(run("convert " GOOD "/seed1_drop.json --to must_deny", out, sizeof out), 2);
    /* must-deny by default */
    assert_int_equal(run("convert " GOOD "/seed1_drop.json", out, sizeof out), 0);
    assert_string_equal(out, "{\n  \"S:P\": {\n    \"*\": {\n      \"e5\": [\n        {\n          \"must\": {\n"
                             "            \"e5\": \"empty\"\n          }\n        }\n      ]\n    },\n"
                             "    \"e5\": {\n      \"e6\": [\n        {\n          \"must\": {\n            \"e6\": \"empty\"\n"
                             "          }\n        },\n        {\n          \"must\": {\n            \"e6\": \"enemy\"\n"
                             "          }\n        }\n      ]\n    }\n  }\n}\n");
    assert_int_equal(run("convert", out, sizeof out), 2);
    /* the Ruby library's must / deny / diff: read, listed, written, named in the usage error */
    assert_int_equal(run("moves " GOOD "/lib09_drop.json --position '8/8/8/8/8/8/8/8 P/ S/s'", out, sizeof out), 0);
    assert_string_equal(out, "S:P * e5  e5=S:P hand:-S:P\n");
    assert_int_equal(run("moves " GOOD "/lib09_drop.json --position '8/8/8/4P3/8/8/8/8 P/ S/s'", out, sizeof out), 0);
    assert_string_equal(out, "S:P e5 e6  e5=- e6=S:P\n");
    assert_int_equal(run("convert " GOOD "/lib09_drop.json --to must-deny", out, sizeof out), 0);
    char *again = strdup(out);
    assert_int_equal(run("convert " GOOD "/seed1_drop.json", out, sizeof out), 0);
    assert_string_equal(again, out);
    free(again);
    assert_int_equal(run("convert " GOOD "/seed1_drop.json --to must-diff", out, sizeof out), 0);
    assert_non_null(strstr(out, "\"hands\": {\n              \"S:P\": -1\n            },\n            \"toggle\": true"));
    assert_int_equal(run("convert " GOOD "/seed1_drop.json --to stn", out, sizeof out), 2);
    assert_non_null(strstr(out, "must-diff"));
    assert_int_equal(run("convert --help", out, sizeof out), 0);
    assert_non_null(strstr(out, "must-diff        must / deny / diff"));
}

/* `ggn export --spelling must-diff`: a library ggn reads back, or a refusal naming the limit. */
static void test_export_must_diff(void **state)
{
    (void)state;
    static char out[1 << 16];
    char path[] = "/tmp/ggn_export_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char args[512];
    snprintf(args, sizeof args, "export chess --spelling must-diff -o %s", path);
    assert_int_equal(run(args, out, sizeof out), 0);
    snprintf(args, sizeof args, "check %s", path);
    assert_int_equal(run(args, out, sizeof out), 0);
    /* the exported promotions are diffs: e7 to e8 has one possibility per promoted piece */
    snprintf(args, sizeof args, "moves %s --position '3k4/4P3/8/8/8/8/8/4K3 / C/c'", path);
    assert_int_equal(run(args, out, sizeof out), 0);
    assert_non_null(strstr(out, "e8=C:Q"));
    assert_non_null(strstr(out, "e8=C:N"));
    remove(path);
    /* crazyhouse's must-diff library is larger than ggn reads: refused while it is built, nothing written */
    assert_int_equal(run("export crazyhouse --spelling must-diff", out, sizeof out), 1);
    assert_non_null(strstr(out, "more than the 67108864 bytes that ggn reads (GGN_MAX_FILE_BYTES); refused before writing it"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_moves_errors),
        cmocka_unit_test(test_query),
        cmocka_unit_test(test_convert),
        cmocka_unit_test(test_export_must_diff),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
