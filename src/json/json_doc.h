/*
 * json_doc.h — the thin adapter over jansson that every JSON reader in ggn
 * uses (internal; not installed, because it exposes jansson's types).
 *
 * It reads a file or string with duplicate keys rejected and nesting bounded
 * by GGN_MAX_JSON_DEPTH, keeps the source text so that a semantic error found
 * later at a JSON Pointer can still be given a line and column, and builds
 * those pointers as readers walk the tree.
 */
#ifndef GGN_JSON_DOC_H
#define GGN_JSON_DOC_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"

/* A parsed JSON document with its source text. */
typedef struct js_doc {
    json_t *root;        /* owned; NULL when loading failed */
    char *text;          /* owned copy of the source, NUL-terminated */
    size_t len;          /* bytes in text */
    char file[256];      /* name used in errors */
} js_doc;

/*
 * Reads and parses. On failure reports SYNTAX / DUPLICATE_KEY / IO / LIMIT
 * into errs (with line:column where the text shows it) and returns false;
 * doc is then empty but still safe to free.
 */
bool js_doc_load_file(js_doc *doc, const char *path, ggn_errors *errs);
bool js_doc_load_string(js_doc *doc, const char *text, size_t len, const char *name,
                          ggn_errors *errs);
void js_doc_free(js_doc *doc);

/*
 * The two halves of loading, for readers that parse the text piece by piece
 * (the GGN loader): read_* keep the text and check it for NUL bytes and
 * nesting, reporting as load_* do, without building a tree; parse builds
 * doc->root from the kept text (SYNTAX / DUPLICATE_KEY / NOMEM).
 */
bool js_doc_read_file(js_doc *doc, const char *path, ggn_errors *errs);
bool js_doc_read_string(js_doc *doc, const char *text, size_t len, const char *name,
                          ggn_errors *errs);
bool js_doc_parse(js_doc *doc, ggn_errors *errs);

/* A JSON Pointer under construction: push a key or index, pop to go back up. */
typedef struct js_path {
    char buf[256];                      /* the pointer text, "" = root */
    size_t len;                         /* bytes used in buf */
    size_t marks[GGN_MAX_JSON_DEPTH + 2]; /* buf length before each push */
    int depth;                          /* pushes not yet popped */
    bool truncated;                     /* some push did not fit in buf */
} js_path;

void js_path_init(js_path *path);
void js_path_key(js_path *path, const char *key);
void js_path_index(js_path *path, size_t index);
void js_path_pop(js_path *path);

/*
 * Reports one problem at path (NULL = document root): fills file, pointer,
 * line and column (found by js_locate in the kept text) and appends to
 * errs. The line and column are only looked up while errs has room.
 */
void js_doc_report(const js_doc *doc, ggn_errors *errs, ggn_severity severity,
                     ggn_code code, const js_path *path, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/*
 * js_doc_report for a problem inside a string value: the line and column
 * are those of the string's byte `offset` (as decoded, escapes counted by
 * what they decode to), so that an error in a string with a grammar of its
 * own (a piece's Betza) points at the character at fault.
 */
void js_doc_report_char(const js_doc *doc, ggn_errors *errs, ggn_severity severity,
                          ggn_code code, const js_path *path, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 7, 8)))
#endif
    ;

/*
 * Finds where the value named by a JSON Pointer starts in valid JSON text.
 * Returns false when the pointer does not resolve; *line and *column are
 * 1-based (column counts bytes).
 */
bool js_locate(const char *text, size_t len, const char *pointer, int *line, int *column);
/* Like js_locate, for byte `offset` of the string value the pointer names. */
bool js_locate_char(const char *text, size_t len, const char *pointer, size_t offset, int *line,
                          int *column);

/*
 * Writes a tree as pretty JSON (two-space indent, keys in insertion order)
 * ending in a newline, and releases the tree. Returns a new string (the
 * caller free()s it), or NULL with err set when out of memory; root may be
 * NULL, which gives NULL without touching err.
 */
char *js_text(json_t *root, ggn_error *err);

/* "an object", "a string", ... for messages like "expected an array, found a string". */
const char *js_kind(const json_t *value);

#endif
