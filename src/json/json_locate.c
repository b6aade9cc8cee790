/*
 * json_locate.c — from a JSON Pointer back to a line and column.
 *
 * jansson keeps no positions for values, so semantic errors found after
 * parsing would only have a pointer. This scanner walks the kept source text
 * (already known to be valid JSON) along the pointer's tokens and returns
 * where the named value starts. It runs only when an error is reported.
 */
#include "json_doc.h"

#include <stdlib.h>
#include <string.h>

typedef struct scanner {
    const char *s;
    size_t n;
    size_t i;
} scanner;

static void skip_ws(scanner *sc)
{
    while (sc->i < sc->n) {
        char c = sc->s[sc->i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        sc->i++;
    }
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static unsigned read_hex4(scanner *sc)
{
    unsigned v = 0;
    for (int k = 0; k < 4 && sc->i < sc->n; k++) {
        int h = hex_value(sc->s[sc->i++]);
        v = v * 16 + (unsigned)(h < 0 ? 0 : h);
    }
    return v;
}

static size_t put_utf8(unsigned cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) { out[0] = (char)(0xC0 | (cp >> 6)); out[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/*
 * Reads a string at sc->i (on the opening quote) and says whether its decoded
 * bytes equal want[0..want_len). Leaves sc->i after the closing quote.
 */
static bool string_equals(scanner *sc, const char *want, size_t want_len)
{
    sc->i++; /* opening quote */
    size_t matched = 0;
    bool equal = true;
    while (sc->i < sc->n && sc->s[sc->i] != '"') {
        char buf[4];
        size_t len = 1;
        char c = sc->s[sc->i++];
        if (c == '\\' && sc->i < sc->n) {
            char e = sc->s[sc->i++];
            switch (e) {
            case 'b': buf[0] = '\b'; break;
            case 'f': buf[0] = '\f'; break;
            case 'n': buf[0] = '\n'; break;
            case 'r': buf[0] = '\r'; break;
            case 't': buf[0] = '\t'; break;
            case 'u': {
                unsigned cp = read_hex4(sc);
                if (cp >= 0xD800 && cp < 0xDC00 && sc->i + 1 < sc->n && sc->s[sc->i] == '\\' &&
                    sc->s[sc->i + 1] == 'u') {
                    sc->i += 2;
                    unsigned lo = read_hex4(sc);
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                len = put_utf8(cp, buf);
                break;
            }
            default: buf[0] = e; break;
            }
        } else {
            buf[0] = c;
        }
        if (equal && matched + len <= want_len && memcmp(want + matched, buf, len) == 0) matched += len;
        else equal = false;
    }
    sc->i++; /* closing quote */
    return equal && matched == want_len;
}

static bool ends_scalar(char c)
{
    return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* Skips one value of valid JSON, nested containers included, without recursion. */
static void skip_value(scanner *sc)
{
    int depth = 0;
    do {
        skip_ws(sc);
        if (sc->i >= sc->n) return;
        char c = sc->s[sc->i];
        if (c == '"') {
            string_equals(sc, "", 0);
        } else if (c == '{' || c == '[') {
            depth++;
            sc->i++;
        } else if (c == '}' || c == ']') {
            depth--;
            sc->i++;
        } else if (c == ',' || c == ':') {
            sc->i++;
        } else {
            /* A scalar: at least one byte, so that no byte (a NUL included) can stall the scan. */
            do sc->i++;
            while (sc->i < sc->n && !ends_scalar(sc->s[sc->i]));
        }
        skip_ws(sc);
        /* inside a container keep going; a separator after a scalar at depth 0 ends it */
    } while (depth > 0);
}

/* Decodes the next pointer token (after a '/') into tok; returns its length. */
static size_t next_token(const char **p, char *tok, size_t cap)
{
    size_t n = 0;
    const char *s = *p;
    while (*s && *s != '/') {
        char c = *s++;
        if (c == '~' && (*s == '0' || *s == '1')) c = *s++ == '0' ? '~' : '/';
        if (n + 1 < cap) tok[n++] = c;
    }
    tok[n] = '\0';
    *p = s;
    return n;
}

static bool descend(scanner *sc, const char *tok, size_t tok_len)
{
    skip_ws(sc);
    if (sc->i >= sc->n) return false;
    char open = sc->s[sc->i];
    if (open == '{') {
        sc->i++;
        for (;;) {
            skip_ws(sc);
            if (sc->i >= sc->n || sc->s[sc->i] != '"') return false;
            bool hit = string_equals(sc, tok, tok_len);
            skip_ws(sc);
            sc->i++; /* ':' */
            skip_ws(sc);
            if (hit) return true;
            skip_value(sc);
            skip_ws(sc);
            if (sc->i >= sc->n || sc->s[sc->i] != ',') return false;
            sc->i++;
        }
    }
    if (open == '[') {
        char *end;
        unsigned long want = strtoul(tok, &end, 10);
        if (tok_len == 0 || *end) return false;
        sc->i++;
        for (unsigned long k = 0;; k++) {
            skip_ws(sc);
            if (sc->i >= sc->n || sc->s[sc->i] == ']') return false;
            if (k == want) return true;
            skip_value(sc);
            skip_ws(sc);
            if (sc->i >= sc->n || sc->s[sc->i] != ',') return false;
            sc->i++;
        }
    }
    return false;
}

/* Where the value named by pointer starts: sc->i on its first byte. */
static bool find_value(scanner *sc, const char *pointer)
{
    const char *p = pointer;
    char tok[256];
    while (*p == '/') {
        p++;
        size_t tok_len = next_token(&p, tok, sizeof tok);
        if (!descend(sc, tok, tok_len)) return false;
    }
    skip_ws(sc);
    return true;
}

/*
 * Moves sc->i from the opening quote of a string to the raw byte that
 * decodes to its byte `offset` (an escape counts as the bytes it decodes to,
 * and a position inside one maps to its backslash); stops at the closing
 * quote when the string is shorter.
 */
static void advance_in_string(scanner *sc, size_t offset)
{
    sc->i++; /* opening quote */
    size_t decoded = 0;
    while (sc->i < sc->n && sc->s[sc->i] != '"') {
        size_t start = sc->i, len = 1;
        if (sc->s[sc->i] == '\\' && sc->i + 1 < sc->n) {
            char e = sc->s[sc->i + 1];
            sc->i += 2;
            if (e == 'u') {
                unsigned cp = read_hex4(sc);
                if (cp >= 0xD800 && cp < 0xDC00 && sc->i + 1 < sc->n && sc->s[sc->i] == '\\' &&
                    sc->s[sc->i + 1] == 'u') {
                    sc->i += 2;
                    (void)read_hex4(sc);
                    cp = 0x10000;
                }
                char buf[4];
                len = put_utf8(cp, buf);
            }
        } else {
            sc->i++;
        }
        if (decoded + len > offset) {
            sc->i = start;
            return;
        }
        decoded += len;
    }
}

static void line_column(const char *text, size_t len, size_t at, int *line, int *column)
{
    int l = 1, c = 1;
    for (size_t k = 0; k < at && k < len; k++) {
        if (text[k] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *column = c;
}

bool js_locate(const char *text, size_t len, const char *pointer, int *line, int *column)
{
    scanner sc = { text, len, 0 };
    if (!find_value(&sc, pointer)) return false;
    line_column(text, len, sc.i, line, column);
    return true;
}

bool js_locate_char(const char *text, size_t len, const char *pointer, size_t offset, int *line,
                          int *column)
{
    scanner sc = { text, len, 0 };
    if (!find_value(&sc, pointer)) return false;
    if (sc.i < len && text[sc.i] == '"') advance_in_string(&sc, offset);
    line_column(text, len, sc.i, line, column);
    return true;
}
