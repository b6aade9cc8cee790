/* intern.c — squares and piece ids as small indices (one map each). */
#include "ggn_internal.h"

#include <stdlib.h>
#include <string.h>

typedef const char *(*name_of_fn)(const ggn_ruleset *rs, uint32_t index);

static const char *square_name(const ggn_ruleset *rs, uint32_t i) { return rs->squares[i]; }
static const char *piece_name(const ggn_ruleset *rs, uint32_t i) { return rs->pieces[i].id; }

/* Returns the slot holding s, or the free slot where it would go. */
static uint32_t *map_slot(const gg_map *m, const ggn_ruleset *rs, name_of_fn name, const char *s,
                          size_t len, uint32_t h)
{
    uint32_t mask = m->cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        uint32_t *slot = &m->slots[i];
        if (*slot == 0) return slot;
        const char *t = name(rs, *slot - 1);
        if (strncmp(t, s, len) == 0 && t[len] == '\0') return slot;
    }
}

static uint32_t map_find(const gg_map *m, const ggn_ruleset *rs, name_of_fn name, const char *s, size_t len)
{
    if (m->cap == 0) return GG_NONE;
    uint32_t *slot = map_slot(m, rs, name, s, len, gg_hash(s, len));
    return *slot ? *slot - 1 : GG_NONE;
}

/* Keeps the load factor under one half. */
static bool map_reserve(gg_map *m, const ggn_ruleset *rs, name_of_fn name)
{
    if ((m->count + 1) * 2 <= m->cap) return true;
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    gg_map grown = { calloc(cap, sizeof(uint32_t)), cap, m->count };
    if (!grown.slots) return false;
    for (uint32_t i = 0; i < m->cap; i++) {
        uint32_t v = m->slots[i];
        if (!v) continue;
        const char *t = name(rs, v - 1);
        size_t len = strlen(t);
        *map_slot(&grown, rs, name, t, len, gg_hash(t, len)) = v;
    }
    free(m->slots);
    *m = grown;
    return true;
}

uint32_t gg_square_find(const ggn_ruleset *rs, const char *s, size_t len)
{
    return map_find(&rs->square_map, rs, square_name, s, len);
}

uint32_t gg_piece_find(const ggn_ruleset *rs, const char *s, size_t len)
{
    return map_find(&rs->piece_map, rs, piece_name, s, len);
}

uint32_t gg_square_add(ggn_ruleset *rs, const char *s, size_t len)
{
    if (!map_reserve(&rs->square_map, rs, square_name)) return GG_NONE;
    uint32_t *slot = map_slot(&rs->square_map, rs, square_name, s, len, gg_hash(s, len));
    if (*slot) return *slot - 1;
    size_t cap = rs->cap_squares;
    if (!GG_PUSH(rs->squares, rs->nsquares, cap)) return GG_NONE;
    rs->cap_squares = (uint32_t)cap;
    const char *copy = gg_arena_dup(&rs->arena, s, len);
    if (!copy) return GG_NONE;
    rs->squares[rs->nsquares] = copy;
    *slot = ++rs->nsquares;
    rs->square_map.count++;
    return rs->nsquares - 1;
}

uint32_t gg_piece_add(ggn_ruleset *rs, const char *s, size_t len, ggn_side side)
{
    if (!map_reserve(&rs->piece_map, rs, piece_name)) return GG_NONE;
    uint32_t *slot = map_slot(&rs->piece_map, rs, piece_name, s, len, gg_hash(s, len));
    if (*slot) return *slot - 1;
    size_t cap = rs->cap_pieces;
    if (!GG_PUSH(rs->pieces, rs->npieces, cap)) return GG_NONE;
    rs->cap_pieces = (uint32_t)cap;
    const char *copy = gg_arena_dup(&rs->arena, s, len);
    if (!copy) return GG_NONE;
    rs->pieces[rs->npieces] = (gg_piece){ copy, GG_NONE, (uint8_t)side };
    *slot = ++rs->npieces;
    rs->piece_map.count++;
    return rs->npieces - 1;
}

void gg_map_free(gg_map *m)
{
    free(m->slots);
    m->slots = NULL;
    m->cap = m->count = 0;
}

const char *gg_location_name(const ggn_ruleset *rs, uint32_t square)
{
    if (square == GG_HAND) return "*";
    if (square >= rs->nsquares) return "?";
    return rs->squares[square];
}
