/*
 * movegen.h — what the two generators share (internal to the engine): the
 * move sink, the occupancy tests and the emission of a landing.
 *
 * The two walks themselves stay separate on purpose. One inline walk with a
 * constant `hops` flag was tried: chess perft(4) went from 114.2 M to
 * 115.4–116.9 M instructions (callgrind), because the hop-aware loop shape
 * leaks into the specialisation for ordinary games. The hop copy is small;
 * the common loop is the project's headline speed. movegen.c is every game's generator;
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
        m->modifier = (uint8_t)modifier; /* also clears ggn_move.gate */
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

/* The options of a modifier with option_limits, each while still open; kept out of emit's inline body. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void emit_limited(sink *s, const eg_cond_ctx *c, const eg_modifier *mod, int i, int pattern, int action, int to)
{
    for (int o = 0; o < mod->noption; o++)
        if (eg_option_open(c->pos, c->player, mod, o)) push(s, c->from, to, pattern, action, o + 1, i);
}

/*
 * One landing of a move that passed its conditions: the first TRANSFORM
 * whose conditions hold fans it out. Each generator calls it from one
 * place only, which keeps the compiler's inlining of the hot loop as it was.
 */
static inline void emit(sink *s, const eg_cond_ctx *c, const eg_move *m, int pattern, int action, int to)
{
    for (int i = 0; i < m->nmodifier; i++) {
        const eg_modifier *mod = &m->modifier[i];
        if (!eg_conditions_hold(c, mod->cond, mod->ncond, to)) continue;
        if (mod->limit) /* with every option closed the landing gives no move: the modifier fired */
            emit_limited(s, c, mod, i, pattern, action, to);
        else
            for (int o = 0; o < mod->noption; o++) push(s, c->from, to, pattern, action, o + 1, i);
        return;
    }
    push(s, c->from, to, pattern, action, 0, 0);
}

#endif
