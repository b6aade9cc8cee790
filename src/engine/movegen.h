/*
 * movegen.h — what the two generators share (internal to the engine): the
 * move sink and the occupancy tests. movegen.c is every game's generator;
 * movegen_hops.c is the copy for games with a repeat.hop, chosen once per
 * call so that the common generator compiles exactly as before.
 */
#ifndef GGN_ENGINE_MOVEGEN_H
#define GGN_ENGINE_MOVEGEN_H

#include "conditions.h"

typedef struct sink {
    ggn_move *buf;
    size_t cap;
    size_t n;
} sink;

static inline void push(sink *s, int from, int to, int pattern, int action, int promotion, int modifier)
{
    if (s->n < s->cap) {
        ggn_move *m = &s->buf[s->n];
        m->from = (uint16_t)from;
        m->to = (uint16_t)to;
        m->pattern = (uint8_t)pattern;
        m->action = (uint8_t)action;
        m->promotion = (uint8_t)promotion;
        m->modifier = (uint8_t)modifier;
    }
    s->n++;
}

static inline int occupancy(const ggn_position *pos, int sq, int player)
{
    int side = pos->side_at[sq];
    if (side == EG_EMPTY_SIDE) return SD_EMPTY;
    return side == player ? SD_ALLY : SD_ENEMY;
}

/* Does a slide stop after landing on a square of this occupancy? */
static inline bool stops(int state, int until)
{
    if (until == SD_NOT_EMPTY) return state != SD_EMPTY;
    return state == until;
}

#endif
