/*
 * scan.c — the members of a GGN document's root object, found in the text
 * without building a tree, so that the loader can parse and compile one
 * piece at a time and keep only that piece's jansson tree in memory.
 *
 * The scanner only splits: it finds each member's key and the extent of its
 * value, and jansson then parses each value on its own. It gives up (returns
 * false) at anything it does not recognise — a root that is not an object,
 * a malformed separator, trailing text, a repeated key — and the loader then
 * parses the whole document the usual way, whose errors say exactly what is
 * wrong. So the scanner never decides that a document is invalid.
 */
#include "ggn_scan.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static size_t skip_ws(const char *t, size_t len, size_t i)
{
    while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r')) i++;
    return i;
}

/* The index just past the string starting at t[i] == '"', or len when it does not end. */
static size_t skip_string(const char *t, size_t len, size_t i)
{
    for (i++; i < len; i++) {
        if (t[i] == '\\') i++;
        else if (t[i] == '"') return i + 1;
    }
    return len;
}

/*
 * The index just past the value starting at t[i]: a string, a bracketed
 * value (brackets counted outside strings; their kinds are left for jansson
 * to check) or a literal up to the next delimiter. len when it does not end.
 */
static size_t skip_value(const char *t, size_t len, size_t i)
{
    if (i >= len) return len;
    if (t[i] == '"') return skip_string(t, len, i);
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        while (i < len) {
            char c = t[i];
            if (c == '"') {
                i = skip_string(t, len, i);
                continue;
            }
            if (c == '{' || c == '[') depth++;
            else if ((c == '}' || c == ']') && --depth == 0) return i + 1;
            i++;
        }
        return len;
    }
    while (i < len && !strchr(" \t\r\n,}]", t[i])) i++;
    return i;
}

void gg_members_free(gg_member *m, size_t n)
{
    for (size_t k = 0; k < n; k++) free(m[k].key);
    free(m);
}

bool gg_scan_members(const char *t, size_t len, gg_member **out, size_t *count)
{
    gg_member *m = NULL;
    size_t n = 0, cap = 0;
    json_t *seen = json_object(); /* the keys so far: a repeated one is jansson's DUPLICATE_KEY to report */
    bool ok = seen != NULL;
    size_t i = skip_ws(t, len, 0);
    if (ok && (i >= len || t[i] != '{')) ok = false;
    if (ok) i = skip_ws(t, len, i + 1);
    bool first = true;
    while (ok) {
        if (first && i < len && t[i] == '}') break;
        if (i >= len || t[i] != '"') {
            ok = false;
            break;
        }
        size_t key_end = skip_string(t, len, i);
        json_t *key = key_end < len ? json_loadb(t + i, key_end - i, JSON_DECODE_ANY, NULL) : NULL;
        const char *key_text = json_string_value(key);
        size_t colon = skip_ws(t, len, key_end);
        size_t v = skip_ws(t, len, colon + 1);
        size_t v_end = colon < len && t[colon] == ':' ? skip_value(t, len, v) : len;
        ok = key_text && v_end < len && v_end > v && !json_object_get(seen, key_text) &&
             json_object_set_new(seen, key_text, json_null()) == 0;
        if (ok && n == cap) {
            size_t want = cap ? cap * 2 : 64;
            gg_member *grown = realloc(m, want * sizeof *m);
            if (grown) {
                m = grown;
                cap = want;
            }
            ok = grown != NULL;
        }
        char *copy = ok ? strdup(key_text) : NULL;
        ok = copy != NULL;
        if (ok) m[n++] = (gg_member){ copy, v, v_end - v };
        json_decref(key);
        if (!ok) break;
        i = skip_ws(t, len, v_end);
        first = false;
        if (i < len && t[i] == ',') {
            i = skip_ws(t, len, i + 1);
            continue;
        }
        if (i < len && t[i] == '}') break;
        ok = false;
    }
    if (ok && skip_ws(t, len, i + 1) != len) ok = false;
    json_decref(seen);
    if (!ok) {
        gg_members_free(m, n);
        return false;
    }
    *out = m;
    *count = n;
    return true;
}

/* ---- cursors over one object or array (see ggn_scan.h) ---- */

bool gg_cursor_open(gg_cursor *c, const char *text, size_t at, size_t len, bool object)
{
    memset(c, 0, sizeof *c);
    c->text = text;
    c->end = at + len;
    c->object = object;
    c->first = true;
    size_t i = skip_ws(text, c->end, at);
    if (i >= c->end || text[i] != (object ? '{' : '[')) {
        c->bad = true;
        return false;
    }
    c->i = skip_ws(text, c->end, i + 1);
    if (object) {
        c->seen = json_object();
        if (!c->seen) c->bad = true;
    }
    return !c->bad;
}

void gg_cursor_close(gg_cursor *c)
{
    free(c->key);
    c->key = NULL;
    json_decref(c->seen);
    c->seen = NULL;
}

/* The key starting at t[i] == '"' and ending before key_end, decoded into a new string; NULL when jansson would refuse it. */
static char *decode_key(const char *t, size_t i, size_t key_end)
{
    bool plain = true;
    for (size_t k = i + 1; k + 1 < key_end && plain; k++) {
        unsigned char ch = (unsigned char)t[k];
        plain = ch >= 0x20 && ch < 0x80 && ch != '\\';
    }
    if (plain) {
        char *copy = malloc(key_end - i - 1);
        if (copy) {
            memcpy(copy, t + i + 1, key_end - i - 2);
            copy[key_end - i - 2] = '\0';
        }
        return copy;
    }
    json_t *key = json_loadb(t + i, key_end - i, JSON_DECODE_ANY, NULL);
    const char *text = json_string_value(key);
    /* a key with a NUL escape is one jansson's objects refuse: left to the whole parse */
    char *copy = text && strlen(text) == json_string_length(key) ? strdup(text) : NULL;
    json_decref(key);
    return copy;
}

bool gg_cursor_next(gg_cursor *c, size_t *value_at, size_t *value_len)
{
    if (c->bad) return false;
    const char *t = c->text;
    size_t end = c->end, i = c->i;
    char close = c->object ? '}' : ']';
    if (i < end && t[i] == close) return false; /* "[1,]" never gets here: the comma is read with the item after it */
    if (!c->first) {
        if (i >= end || t[i] != ',') {
            c->bad = true;
            return false;
        }
        i = skip_ws(t, end, i + 1);
    }
    c->first = false;
    if (c->object) {
        if (i >= end || t[i] != '"') {
            c->bad = true;
            return false;
        }
        size_t key_end = skip_string(t, end, i);
        free(c->key);
        c->key = key_end < end ? decode_key(t, i, key_end) : NULL;
        if (!c->key || json_object_get(c->seen, c->key) || json_object_set_new(c->seen, c->key, json_null()) != 0) {
            c->bad = true;
            return false;
        }
        i = skip_ws(t, end, key_end);
        if (i >= end || t[i] != ':') {
            c->bad = true;
            return false;
        }
        i = skip_ws(t, end, i + 1);
    }
    size_t v_end = skip_value(t, end, i);
    if (v_end >= end || v_end == i) {
        c->bad = true;
        return false;
    }
    *value_at = i;
    *value_len = v_end - i;
    c->i = skip_ws(t, end, v_end);
    if (c->i >= end || (t[c->i] != ',' && t[c->i] != close)) {
        c->bad = true;
        return false;
    }
    return true;
}
