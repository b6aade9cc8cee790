/* test_json.c — the JSON adapter: syntax and duplicate-key positions, depth limit, pointers, locate. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "json/json_doc.h"

static void test_syntax_error_has_line_and_column(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    js_doc doc;
    const char *text = "{\n  \"a\": 1,\n  \"b\": ]\n}";
    assert_false(js_doc_load_string(&doc, text, strlen(text), "x.json", &errs));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].code, GGN_E_SYNTAX);
    assert_int_equal(errs.items[0].line, 3);
    assert_int_equal(errs.items[0].column, 8);
    assert_string_equal(errs.items[0].file, "x.json");
    js_doc_free(&doc);
}

static void test_duplicate_key_rejected(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    js_doc doc;
    const char *text = "{\"deny\": {\"e4\": \"C:K\", \"e4\": \"C:Q\"}}";
    assert_false(js_doc_load_string(&doc, text, strlen(text), NULL, &errs));
    assert_int_equal(errs.items[0].code, GGN_E_DUPLICATE_KEY);
    assert_int_equal(errs.items[0].line, 1);
    assert_non_null(strstr(errs.items[0].message, "e4"));
    js_doc_free(&doc);
}

static void test_depth_limit(void **state)
{
    (void)state;
    char text[2 * (GGN_MAX_JSON_DEPTH + 1) + 1];
    size_t n = 0;
    for (int i = 0; i <= GGN_MAX_JSON_DEPTH; i++) text[n++] = '[';
    for (int i = 0; i <= GGN_MAX_JSON_DEPTH; i++) text[n++] = ']';
    text[n] = '\0';
    ggn_errors errs;
    ggn_errors_init(&errs);
    js_doc doc;
    assert_false(js_doc_load_string(&doc, text, n, NULL, &errs));
    assert_int_equal(errs.items[0].code, GGN_E_LIMIT);
    assert_int_equal(errs.items[0].column, GGN_MAX_JSON_DEPTH + 1);
    js_doc_free(&doc);
    /* exactly at the limit is fine */
    ggn_errors_init(&errs);
    assert_true(js_doc_load_string(&doc, text + 1, n - 2, NULL, &errs));
    js_doc_free(&doc);
}

static void test_pointer_escapes(void **state)
{
    (void)state;
    js_path p;
    js_path_init(&p);
    js_path_key(&p, "a/b");
    js_path_index(&p, 3);
    js_path_key(&p, "m~n");
    assert_string_equal(p.buf, "/a~1b/3/m~0n");
    js_path_pop(&p);
    js_path_pop(&p);
    assert_string_equal(p.buf, "/a~1b");
    js_path_pop(&p);
    assert_string_equal(p.buf, "");
}

static void test_locate(void **state)
{
    (void)state;
    const char *text = "{\n \"x\": [1, {\"a/b\": true}],\n \"C:K\": {\"e\\u0034\": [ {\"must\": 5} ]}\n}";
    int line = 0, col = 0;
    assert_true(js_locate(text, strlen(text), "/x/1/a~1b", &line, &col));
    assert_int_equal(line, 2);
    assert_int_equal(col, 19);
    assert_true(js_locate(text, strlen(text), "/C:K/e4/0/must", &line, &col));
    assert_int_equal(line, 3);
    assert_int_equal(col, 32);
    assert_true(js_locate(text, strlen(text), "", &line, &col));
    assert_int_equal(line, 1);
    assert_false(js_locate(text, strlen(text), "/nope", &line, &col));
    assert_false(js_locate(text, strlen(text), "/x/7", &line, &col));
}

static void test_report_fills_position(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    js_doc doc;
    const char *text = "{\"pieces\": [\n  {\"code\": 7}\n]}";
    assert_true(js_doc_load_string(&doc, text, strlen(text), "g.json", &errs));
    js_path p;
    js_path_init(&p);
    js_path_key(&p, "pieces");
    js_path_index(&p, 0);
    js_path_key(&p, "code");
    js_doc_report(&doc, &errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, &p, "expected %s", "a string");
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].line, 2);
    assert_int_equal(errs.items[0].column, 12);
    char line[512];
    ggn_error_format(&errs.items[0], line, sizeof line);
    assert_string_equal(line, "g.json:2:12: error: expected a string [at /pieces/0/code]");
    js_doc_free(&doc);
}

static void test_missing_file(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    js_doc doc;
    assert_false(js_doc_load_file(&doc, "/nonexistent/ggn.json", &errs));
    assert_int_equal(errs.items[0].code, GGN_E_IO);
    js_doc_free(&doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_syntax_error_has_line_and_column),
        cmocka_unit_test(test_duplicate_key_rejected),
        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_pointer_escapes),
        cmocka_unit_test(test_locate),
        cmocka_unit_test(test_report_fills_position),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
