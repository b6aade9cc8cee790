/*
 * ggn/error.h — the one error type of ggn.
 *
 * Every fallible function reports through a ggn_error (one problem) or a
 * ggn_errors list (validation, which reports every problem up to
 * GGN_MAX_ERRORS). Codes, their names and their default texts come from one
 * X-macro table, GGN_ERROR_MAP, so they can never drift apart.
 *
 * Where: `line`/`column` are 1-based positions in the source text (0 when
 * unknown); `pointer` is an RFC 6901 JSON Pointer to the offending value
 * ("" for the whole document). `file` names the input ("<string>" when none).
 */
#ifndef GGN_ERROR_H
#define GGN_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "ggn/limits.h"

#define GGN_ERROR_MAP(X)                                                     \
    X(OK,            "ok")                                                   \
    X(NOMEM,         "out of memory")                                        \
    X(IO,            "cannot read input")                                    \
    X(SYNTAX,        "invalid JSON")                                         \
    X(DUPLICATE_KEY, "duplicate key")                                        \
    X(TYPE,          "wrong type")                                           \
    X(MISSING,       "missing field")                                        \
    X(UNKNOWN,       "unknown field or name")                                \
    X(VALUE,         "invalid value")                                        \
    X(RANGE,         "value out of range")                                   \
    X(LIMIT,         "limit exceeded")                                       \
    X(IDENTIFIER,    "invalid identifier")                                   \
    X(LOCATION,      "invalid location")                                     \
    X(SPELLING,      "mixed or unknown GGN spelling")                        \
    X(CONTRADICTION, "conditions that can never hold")                       \
    X(REDUNDANT,     "condition on the source square")                       \
    X(DUPLICATE,     "duplicate entry")                                      \
    X(REFERENCE,     "reference to something not defined")                   \
    X(NOT_FOUND,     "not found")                                            \
    X(CONVERSION,    "conversion would lose meaning")                        \
    X(ILLEGAL,       "illegal move")                                         \
    X(STATE,         "operation not valid in this state")                    \
    X(USAGE,         "invalid argument")

typedef enum ggn_code {
#define GGN_ERROR_ENUM_(name, text) GGN_E_##name,
    GGN_ERROR_MAP(GGN_ERROR_ENUM_)
#undef GGN_ERROR_ENUM_
    GGN_E_COUNT_
} ggn_code;

/* A warning is reported but does not make a document invalid. */
typedef enum ggn_severity { GGN_SEVERITY_ERROR = 0, GGN_SEVERITY_WARNING = 1 } ggn_severity;

typedef struct ggn_error {
    ggn_code code;          /* what kind of problem; GGN_E_OK means none */
    ggn_severity severity;  /* error or warning */
    int line;               /* 1-based line in the source text, 0 if unknown */
    int column;             /* 1-based column (bytes), 0 if unknown */
    char file[256];         /* input name, "<string>" for in-memory text */
    char pointer[256];      /* JSON Pointer to the value at fault, "" = whole document */
    char message[256];      /* the full sentence: what is wrong and why */
} ggn_error;

/* A caller-allocated list of problems. Clear it with ggn_errors_init. */
typedef struct ggn_errors {
    ggn_error items[GGN_MAX_ERRORS];
    size_t count;           /* problems kept in items[] */
    size_t dropped;         /* problems seen after items[] was full */
    size_t errors;          /* errors seen (kept or dropped) */
    size_t warnings;        /* warnings seen (kept or dropped) */
} ggn_errors;

/* Name of a code as spelled in GGN_ERROR_MAP ("SYNTAX", "DUPLICATE_KEY", ...). */
const char *ggn_code_name(ggn_code code);

/* Default English text of a code ("invalid JSON", ...). */
const char *ggn_code_text(ggn_code code);

/* Clears an error to GGN_E_OK with empty fields. */
void ggn_error_clear(ggn_error *err);

/* Fills an error: code, severity error, no location, formatted message. NULL err is allowed. */
void ggn_error_set(ggn_error *err, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Empties a list. */
void ggn_errors_init(ggn_errors *list);

/* Appends a copy of err (counted only when the list is full). NULL list is allowed. */
void ggn_errors_add(ggn_errors *list, const ggn_error *err);

/* Writes "FILE:LINE:COL: error: message [at /pointer]" into buf (always NUL-terminated). */
void ggn_error_format(const ggn_error *err, char *buf, size_t cap);

#endif
