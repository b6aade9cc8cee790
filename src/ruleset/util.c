/* util.c — growable arrays, string hashing and the arena for interned names. */
#include "ggn_internal.h"

#include <stdlib.h>
#include <string.h>

bool gg_grow(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap) return true;
    size_t n = *cap ? *cap : 8;
    while (n < need) {
        if (n > ((size_t)-1) / 2 / size) return false;
        n *= 2;
    }
    void *p = realloc(*items, n * size);
    if (!p) return false;
    *items = p;
    *cap = n;
    return true;
}

/* FNV-1a: names are short, so a simple byte loop is as fast as anything. */
uint32_t gg_hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

#define GG_CHUNK 65536
#define GG_LINK sizeof(char *)

const char *gg_arena_dup(gg_arena *a, const char *s, size_t len)
{
    if (!a->chunk || a->used + len + 1 > a->cap) {
        size_t cap = len + 1 + GG_LINK > GG_CHUNK ? len + 1 + GG_LINK : GG_CHUNK;
        char *chunk = malloc(cap);
        if (!chunk) return NULL;
        memcpy(chunk, &a->chunk, GG_LINK); /* link to the previous chunk */
        a->chunk = chunk;
        a->used = GG_LINK;
        a->cap = cap;
    }
    char *out = a->chunk + a->used;
    memcpy(out, s, len);
    out[len] = '\0';
    a->used += len + 1;
    return out;
}

void gg_arena_free(gg_arena *a)
{
    char *chunk = a->chunk;
    while (chunk) {
        char *prev;
        memcpy(&prev, chunk, GG_LINK);
        free(chunk);
        chunk = prev;
    }
    a->chunk = NULL;
    a->used = a->cap = 0;
}
