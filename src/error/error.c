/* error.c — codes, texts and the error list (see ggn/error.h). */
#include "ggn/error.h"

#include <stdio.h>
#include <string.h>

static const char *const code_names[] = {
#define GGN_ERROR_NAME_(name, text) #name,
    GGN_ERROR_MAP(GGN_ERROR_NAME_)
#undef GGN_ERROR_NAME_
};

static const char *const code_texts[] = {
#define GGN_ERROR_TEXT_(name, text) text,
    GGN_ERROR_MAP(GGN_ERROR_TEXT_)
#undef GGN_ERROR_TEXT_
};

const char *ggn_code_name(ggn_code code)
{
    if ((unsigned)code >= GGN_E_COUNT_) return "UNKNOWN";
    return code_names[code];
}

const char *ggn_code_text(ggn_code code)
{
    if ((unsigned)code >= GGN_E_COUNT_) return "unknown error";
    return code_texts[code];
}

void ggn_error_clear(ggn_error *err)
{
    if (!err) return;
    memset(err, 0, sizeof *err);
}

void ggn_error_set(ggn_error *err, ggn_code code, const char *fmt, ...)
{
    if (!err) return;
    ggn_error_clear(err);
    err->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

void ggn_errors_init(ggn_errors *list)
{
    list->count = 0;
    list->dropped = 0;
    list->errors = 0;
    list->warnings = 0;
}

void ggn_errors_add(ggn_errors *list, const ggn_error *err)
{
    if (!list) return;
    if (err->severity == GGN_SEVERITY_WARNING) list->warnings++;
    else list->errors++;
    if (list->count < GGN_MAX_ERRORS) list->items[list->count++] = *err;
    else list->dropped++;
}

void ggn_error_format(const ggn_error *err, char *buf, size_t cap)
{
    if (cap == 0) return;
    const char *file = err->file[0] ? err->file : "<input>";
    const char *kind = err->severity == GGN_SEVERITY_WARNING ? "warning" : "error";
    char where[300];
    if (err->line > 0) snprintf(where, sizeof where, "%s:%d:%d", file, err->line, err->column);
    else snprintf(where, sizeof where, "%s", file);
    if (err->pointer[0])
        snprintf(buf, cap, "%s: %s: %s [at %s]", where, kind, err->message, err->pointer);
    else
        snprintf(buf, cap, "%s: %s: %s", where, kind, err->message);
}
