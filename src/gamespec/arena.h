/*
 * arena.h — the bump allocator that owns everything of one sd_game
 * (internal to src/gamespec/).
 *
 * Memory is handed out from chunks that are only released together, so a
 * loaded game is freed with one call and no part of it can leak on its own.
 */
#ifndef GGN_SPEC_ARENA_H
#define GGN_SPEC_ARENA_H

#include <stddef.h>

typedef struct sd_arena sd_arena;

/* A new empty arena, or NULL when out of memory. */
sd_arena *sd_arena_new(void);

/*
 * count * size zeroed bytes aligned for any object, or NULL when out of
 * memory or when count * size overflows. count == 0 gives NULL too.
 */
void *sd_arena_alloc(sd_arena *arena, size_t count, size_t size);

/* Releases the arena and every block it handed out. NULL is allowed. */
void sd_arena_free(sd_arena *arena);

#endif
