/* json_path.c — building RFC 6901 JSON Pointers while walking a document. */
#include "json_doc.h"

#include <stdio.h>
#include <string.h>

void js_path_init(js_path *path)
{
    path->buf[0] = '\0';
    path->len = 0;
    path->depth = 0;
    path->truncated = false;
}

static void append(js_path *path, const char *s, size_t n)
{
    if (path->len + n + 1 > sizeof path->buf) {
        path->truncated = true;
        return;
    }
    memcpy(path->buf + path->len, s, n);
    path->len += n;
    path->buf[path->len] = '\0';
}

static bool push_mark(js_path *path)
{
    if (path->depth >= (int)(sizeof path->marks / sizeof path->marks[0])) {
        path->truncated = true;
        path->depth++;
        return false;
    }
    path->marks[path->depth++] = path->len;
    return true;
}

void js_path_key(js_path *path, const char *key)
{
    if (!push_mark(path)) return;
    append(path, "/", 1);
    for (const char *p = key; *p; p++) {
        if (*p == '~') append(path, "~0", 2);
        else if (*p == '/') append(path, "~1", 2);
        else append(path, p, 1);
    }
}

void js_path_index(js_path *path, size_t index)
{
    if (!push_mark(path)) return;
    char tmp[32];
    int n = snprintf(tmp, sizeof tmp, "/%zu", index);
    append(path, tmp, (size_t)n);
}

void js_path_pop(js_path *path)
{
    if (path->depth <= 0) return;
    path->depth--;
    if (path->depth >= (int)(sizeof path->marks / sizeof path->marks[0])) return;
    path->len = path->marks[path->depth];
    path->buf[path->len] = '\0';
    if (path->depth == 0) path->truncated = false;
}
