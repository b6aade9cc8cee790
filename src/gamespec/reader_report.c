/* reader_report.c — reporting at the reader's JSON Pointer, and arena allocation. */
#include "gamespec/reader.h"
#include "error/error_text.h"

#include <stdarg.h>
#include <stdio.h>

static void vreport(sd_reader *r, ggn_severity sev, ggn_code code, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 0)))
#endif
    ;

static void vreport(sd_reader *r, ggn_severity sev, ggn_code code, const char *fmt, va_list ap)
{
    char msg[256];
    er_vformat(msg, sizeof msg, fmt, ap);
    if (sev == GGN_SEVERITY_ERROR) r->nerrors++;
    js_doc_report(&r->doc, r->errs, sev, code, &r->path, "%s", msg);
}

void sd_error(sd_reader *r, ggn_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(r, GGN_SEVERITY_ERROR, code, fmt, ap);
    va_end(ap);
}

void sd_warn(sd_reader *r, ggn_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(r, GGN_SEVERITY_WARNING, code, fmt, ap);
    va_end(ap);
}

void sd_error_key(sd_reader *r, const char *key, ggn_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sd_push_key(r, key);
    vreport(r, GGN_SEVERITY_ERROR, code, fmt, ap);
    sd_pop(r);
    va_end(ap);
}

void sd_warn_key(sd_reader *r, const char *key, ggn_code code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sd_push_key(r, key);
    vreport(r, GGN_SEVERITY_WARNING, code, fmt, ap);
    sd_pop(r);
    va_end(ap);
}

void sd_push_key(sd_reader *r, const char *key) { js_path_key(&r->path, key); }
void sd_push_index(sd_reader *r, size_t index) { js_path_index(&r->path, index); }
void sd_pop(sd_reader *r) { js_path_pop(&r->path); }

void *sd_alloc(sd_reader *r, size_t count, size_t size)
{
    if (count == 0) count = 1; /* callers never need NULL for an empty list */
    void *p = sd_arena_alloc(r->arena, count, size);
    if (!p && !r->oom) {
        r->oom = true;
        sd_error(r, GGN_E_NOMEM, "out of memory while reading the game spec");
    } else if (!p) {
        r->nerrors++;
    }
    return p;
}
