/* error.c — codes, texts and the error list (see ggn/error.h). */
#include "ggn/error.h"
#include "error/error_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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
    er_vformat(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* Start of the UTF-8 character holding byte i (never inside a multi-byte character). */
static size_t char_start(const char *text, size_t i)
{
    while (i > 0 && ((unsigned char)text[i] & 0xC0) == 0x80) i--;
    return i;
}

/*
 * Fits text (len bytes) into out[cap]: by eliding the middle of its longest
 * word (quoted input, as a 10,000-byte piece key) when that word can give
 * up enough and keep 16 bytes, so the message's reason survives; else by
 * ending after the last whole word that leaves room for " ...".
 */
static void fit(char *out, size_t cap, const char *text, size_t len)
{
    static const char dots[] = "...", mark[] = " ...";
    size_t best = 0, best_len = 0;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        while (j < len && text[j] != ' ') j++;
        if (j - i > best_len) {
            best = i;
            best_len = j - i;
        }
        i = j + 1;
    }
    size_t excess = len - (cap - 1);
    if (best_len >= excess + (sizeof dots - 1) + 16) {
        size_t keep = best_len - excess - (sizeof dots - 1);
        size_t head = char_start(text, best + keep * 2 / 3) - best;
        size_t tail_from = best + best_len - (keep - keep * 2 / 3);
        while (tail_from < best + best_len && ((unsigned char)text[tail_from] & 0xC0) == 0x80) tail_from++;
        size_t n = 0;
        memcpy(out + n, text, best + head);
        n += best + head;
        memcpy(out + n, dots, sizeof dots - 1);
        n += sizeof dots - 1;
        memcpy(out + n, text + tail_from, len - tail_from);
        n += len - tail_from;
        out[n] = '\0';
        return;
    }
    if (cap < sizeof mark + 1) {
        size_t n = char_start(text, cap - 1);
        memcpy(out, text, n);
        out[n] = '\0';
        return;
    }
    size_t room = cap - sizeof mark; /* bytes of text before the mark */
    size_t cut = room;
    while (cut > 0 && text[cut] != ' ') cut--;
    while (cut > 0 && text[cut - 1] == ' ') cut--;
    if (cut == 0) cut = char_start(text, room); /* one word longer than the buffer: cut it */
    memcpy(out, text, cut);
    memcpy(out + cut, mark, sizeof mark);
}

void er_vformat(char *out, size_t cap, const char *fmt, va_list ap)
{
    if (!cap) return;
    char small[1024];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    char *text = small;
    if (n >= (int)sizeof small) {
        /* the whole text, so that what follows a long quote is kept; without memory, its first 1023 bytes */
        char *big = malloc((size_t)n + 1);
        if (big && vsnprintf(big, (size_t)n + 1, fmt, again) == n) text = big;
        else free(big);
    }
    va_end(again);
    if (n < 0) {
        out[0] = '\0';
        return;
    }
    size_t len = strlen(text);
    if (len < cap) memcpy(out, text, len + 1);
    else fit(out, cap, text, len);
    if (text != small) free(text);
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
