/*
 * test_ggn_write_limit.c — what ggn writes, ggn can read back: a conversion
 * whose text would pass GGN_MAX_FILE_BYTES stops with GGN_E_LIMIT while it
 * is written. (Its own program: writing 64 MiB is too slow for the valgrind
 * subset that test_ggn belongs to.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/ruleset.h"

/* What ggn writes, ggn can read back: a text past GGN_MAX_FILE_BYTES is refused while it is written. */
static void test_write_limit(void **state_)
{
    (void)state_;
    /* 340000 empty possibilities: about 1 MB here, about 70 MB written out as must-diff */
    size_t n = 340000;
    const char head[] = "{\"C:K\": {\"a1\": {\"b1\": [", tail[] = "{}]}}}";
    size_t len = sizeof head - 1 + 3 * (n - 1) + sizeof tail - 1;
    char *text = malloc(len + 1);
    assert_non_null(text);
    memcpy(text, head, sizeof head - 1);
    size_t at = sizeof head - 1;
    for (size_t k = 0; k + 1 < n; k++, at += 3) memcpy(text + at, "{},", 3);
    memcpy(text + at, tail, sizeof tail);
    ggn_load_options trusted = { .trusted = true }; /* identical possibilities: no duplicate warnings to count */
    ggn_ruleset *rs = ggn_ruleset_load_string(text, len, "t.json", &trusted, NULL);
    free(text);
    assert_non_null(rs);
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_ruleset_write(rs, GGN_SPELLING_MUST_DIFF, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.file, "t.json");
    assert_memory_equal(err.pointer, "/C:K/a1/b1/", 11);
    assert_non_null(strstr(err.message, "cannot write must-diff: the text would be larger than 67108864 bytes (GGN_MAX_FILE_BYTES)"));
    /* must-deny says the same in a few MB, and reads back */
    char *out = ggn_ruleset_write(rs, GGN_SPELLING_MUST_DENY, &err);
    assert_non_null(out);
    assert_true(strlen(out) < (size_t)GGN_MAX_FILE_BYTES);
    ggn_ruleset *again = ggn_ruleset_load_string(out, strlen(out), "again", &trusted, NULL);
    assert_non_null(again);
    ggn_ruleset_stats stats;
    ggn_ruleset_stats_get(again, &stats);
    assert_int_equal(stats.possibilities, n);
    ggn_ruleset_free(again);
    free(out);
    ggn_ruleset_free(rs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
