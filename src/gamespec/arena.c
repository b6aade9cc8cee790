/* arena.c — chunked bump allocation for sd_game (see arena.h). */
#include "gamespec/arena.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Most games fit in one chunk; bigger requests get a chunk of their own. */
#define ARENA_CHUNK_BYTES ((size_t)16 * 1024)

typedef struct chunk {
    struct chunk *next;
    size_t cap;        /* usable bytes after the header */
    size_t used;
    max_align_t data[]; /* the blocks, aligned for anything */
} chunk;

struct sd_arena {
    chunk *head;       /* the chunk being filled; older ones follow */
};

sd_arena *sd_arena_new(void)
{
    return calloc(1, sizeof(sd_arena));
}

static chunk *chunk_new(size_t cap)
{
    if (cap > SIZE_MAX - sizeof(chunk)) return NULL;
    chunk *c = malloc(sizeof(chunk) + cap);
    if (!c) return NULL;
    c->next = NULL;
    c->cap = cap;
    c->used = 0;
    return c;
}

void *sd_arena_alloc(sd_arena *arena, size_t count, size_t size)
{
    if (!arena || count == 0 || size == 0) return NULL;
    if (count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    const size_t align = alignof(max_align_t);
    if (bytes > SIZE_MAX - align) return NULL;
    bytes = (bytes + align - 1) / align * align;

    chunk *c = arena->head;
    if (!c || c->cap - c->used < bytes) {
        if (bytes > ARENA_CHUNK_BYTES / 4) {
            /* a large block gets its own chunk, kept behind the current one */
            chunk *big = chunk_new(bytes);
            if (!big) return NULL;
            if (c) {
                big->next = c->next;
                c->next = big;
            } else {
                arena->head = big;
            }
            big->used = bytes;
            memset(big->data, 0, bytes);
            return big->data;
        }
        chunk *fresh = chunk_new(ARENA_CHUNK_BYTES);
        if (!fresh) return NULL;
        fresh->next = c;
        arena->head = fresh;
        c = fresh;
    }
    void *p = (char *)c->data + c->used;
    c->used += bytes;
    memset(p, 0, bytes);
    return p;
}

void sd_arena_free(sd_arena *arena)
{
    if (!arena) return;
    chunk *c = arena->head;
    while (c) {
        chunk *next = c->next;
        free(c);
        c = next;
    }
    free(arena);
}
