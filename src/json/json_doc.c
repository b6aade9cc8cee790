/* json_doc.c — loading JSON through jansson with ggn's limits and errors. */
#include "json_doc.h"

#include "ggn/file.h"
#include "error/error_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report_at(const js_doc *doc, ggn_errors *errs, ggn_code code, int line, int column,
                      const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

static void report_at(const js_doc *doc, ggn_errors *errs, ggn_code code, int line, int column,
                      const char *fmt, ...)
{
    ggn_error err;
    ggn_error_clear(&err);
    err.code = code;
    err.line = line;
    err.column = column;
    snprintf(err.file, sizeof err.file, "%s", doc->file);
    va_list ap;
    va_start(ap, fmt);
    er_vformat(err.message, sizeof err.message, fmt, ap);
    va_end(ap);
    ggn_errors_add(errs, &err);
}

/*
 * Bounds nesting before jansson sees the text, so that the limit is ours
 * (named, with the line and column of the first bracket past it) and not
 * jansson's compile-time one. Refuses NUL bytes on the same pass.
 */
static bool check_depth(const js_doc *doc, ggn_errors *errs)
{
    int depth = 0, line = 1, col = 0;
    bool in_string = false, escaped = false;
    for (size_t i = 0; i < doc->len; i++) {
        char c = doc->text[i];
        col++;
        if (c == '\n') {
            line++;
            col = 0;
            continue;
        }
        if (c == '\0') {
            /* jansson takes some NUL bytes for the end of a token and reads on; JSON has none. */
            report_at(doc, errs, GGN_E_SYNTAX, line, col, "NUL byte in JSON text");
            return false;
        }
        if (in_string) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') in_string = false;
            continue;
        }
        if (c == '"') in_string = true;
        else if (c == '{' || c == '[') {
            if (++depth > GGN_MAX_JSON_DEPTH) {
                report_at(doc, errs, GGN_E_LIMIT, line, col,
                          "nesting deeper than %d levels (GGN_MAX_JSON_DEPTH)", GGN_MAX_JSON_DEPTH);
                return false;
            }
        } else if (c == '}' || c == ']') depth--;
    }
    return true;
}

bool js_doc_parse(js_doc *doc, ggn_errors *errs)
{
    json_error_t jerr;
    doc->root = json_loadb(doc->text, doc->len, JSON_REJECT_DUPLICATES, &jerr);
    if (doc->root) return true;
    ggn_code code = GGN_E_SYNTAX;
    if (json_error_code(&jerr) == json_error_duplicate_key) code = GGN_E_DUPLICATE_KEY;
    else if (json_error_code(&jerr) == json_error_out_of_memory) code = GGN_E_NOMEM;
    int line = jerr.line > 0 ? jerr.line : 0;
    /* jansson says column 0 for an error before the first byte of a line (empty input): that is column 1. */
    int column = jerr.column > 0 ? jerr.column : (line > 0 ? 1 : 0);
    report_at(doc, errs, code, line, column, "%s", jerr.text);
    return false;
}

static void doc_init(js_doc *doc, const char *name)
{
    memset(doc, 0, sizeof *doc);
    snprintf(doc->file, sizeof doc->file, "%s", name ? name : "<string>");
}

bool js_doc_read_string(js_doc *doc, const char *text, size_t len, const char *name,
                          ggn_errors *errs)
{
    doc_init(doc, name);
    if (len > (size_t)GGN_MAX_FILE_BYTES) {
        report_at(doc, errs, GGN_E_LIMIT, 0, 0, "input of %zu bytes is larger than %ld (GGN_MAX_FILE_BYTES)",
                  len, (long)GGN_MAX_FILE_BYTES);
        return false;
    }
    doc->text = malloc(len + 1);
    if (!doc->text) {
        report_at(doc, errs, GGN_E_NOMEM, 0, 0, "out of memory reading %zu bytes", len);
        return false;
    }
    memcpy(doc->text, text, len);
    doc->text[len] = '\0';
    doc->len = len;
    return check_depth(doc, errs);
}

bool js_doc_load_string(js_doc *doc, const char *text, size_t len, const char *name,
                          ggn_errors *errs)
{
    return js_doc_read_string(doc, text, len, name, errs) && js_doc_parse(doc, errs);
}

bool js_doc_read_file(js_doc *doc, const char *path, ggn_errors *errs)
{
    doc_init(doc, path);
    ggn_error err;
    ggn_error_clear(&err);
    size_t size = 0;
    doc->text = ggn_file_read(path, &size, &err);
    if (!doc->text) {
        report_at(doc, errs, err.code, 0, 0, "%s", err.message);
        return false;
    }
    doc->len = size;
    return check_depth(doc, errs);
}

bool js_doc_load_file(js_doc *doc, const char *path, ggn_errors *errs)
{
    return js_doc_read_file(doc, path, errs) && js_doc_parse(doc, errs);
}

void js_doc_free(js_doc *doc)
{
    if (!doc) return;
    json_decref(doc->root);
    free(doc->text);
    doc->root = NULL;
    doc->text = NULL;
    doc->len = 0;
}

/* offset: a byte of the string value at path, or (size_t)-1 for the value itself. */
static void vreport(const js_doc *doc, ggn_errors *errs, ggn_severity severity, ggn_code code,
                    const js_path *path, size_t offset, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 0)))
#endif
    ;

static void vreport(const js_doc *doc, ggn_errors *errs, ggn_severity severity, ggn_code code,
                    const js_path *path, size_t offset, const char *fmt, va_list ap)
{
    if (!errs) return;
    ggn_error err;
    ggn_error_clear(&err);
    err.code = code;
    err.severity = severity;
    snprintf(err.file, sizeof err.file, "%s", doc->file);
    if (path) snprintf(err.pointer, sizeof err.pointer, "%s", path->buf);
    er_vformat(err.message, sizeof err.message, fmt, ap);
    if (errs->count < GGN_MAX_ERRORS && doc->text && !(path && path->truncated)) {
        if (offset == (size_t)-1)
            js_locate(doc->text, doc->len, err.pointer, &err.line, &err.column);
        else
            js_locate_char(doc->text, doc->len, err.pointer, offset, &err.line, &err.column);
    }
    ggn_errors_add(errs, &err);
}

void js_doc_report(const js_doc *doc, ggn_errors *errs, ggn_severity severity,
                     ggn_code code, const js_path *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(doc, errs, severity, code, path, (size_t)-1, fmt, ap);
    va_end(ap);
}

void js_doc_report_char(const js_doc *doc, ggn_errors *errs, ggn_severity severity,
                          ggn_code code, const js_path *path, size_t offset, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(doc, errs, severity, code, path, offset, fmt, ap);
    va_end(ap);
}

char *js_text(json_t *root, ggn_error *err)
{
    if (!root) return NULL;
    char *text = json_dumps(root, JSON_INDENT(2));
    json_decref(root);
    size_t n = text ? strlen(text) : 0;
    char *out = text ? malloc(n + 2) : NULL;
    if (out) {
        memcpy(out, text, n);
        out[n] = '\n';
        out[n + 1] = '\0';
    } else {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    }
    free(text);
    return out;
}

const char *js_kind(const json_t *value)
{
    switch (json_typeof(value)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}
