/*
 * playout.c — random playouts and batched steps (ggn/action.h): the loop of
 * a learning program or a Monte Carlo player as one call. A playout reads the
 * position's cached legal list and status (engine/legal_cache.c), so each ply
 * generates the legal moves once and computes no action ids at all.
 */
#include "ggn/action.h"

#include <stdio.h>

#include "engine/engine.h"

/* xorshift64*: small, fast and good enough to choose among a few hundred moves. */
static uint64_t next_random(uint64_t *state)
{
    if (*state == 0) *state = 0x9E3779B97F4A7C15u;
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

/* A uniform index below n (n > 0): the high bits of the product, without the bias of a modulo. */
static size_t uniform_below(uint64_t *state, size_t n)
{
    return (size_t)(((next_random(state) >> 32) * (uint64_t)n) >> 32);
}

size_t ggn_position_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_status *end)
{
    size_t plies = 0;
    ggn_status st = ggn_position_status(pos);
    while (st.outcome == GGN_ONGOING && plies < max_plies) {
        const eg_legal_cache *c = eg_legal_list(pos);
        /* A position with no legal move has a status other than ongoing; kept as a guard. */
        if (c->nmoves == 0) break;
        ggn_move move = c->moves[uniform_below(rng, c->nmoves)];
        if (!eg_make_generated(pos, move)) break; /* the undo stack is full: GGN_MAX_PLY */
        plies++;
        st = ggn_position_status(pos);
    }
    if (end) *end = st;
    return plies;
}

size_t ggn_positions_apply_actions(ggn_position *const *positions, size_t n, const int32_t *actions,
                                   ggn_status *statuses, ggn_error *err)
{
    for (size_t i = 0; i < n; i++) {
        if (!ggn_position_apply_action(positions[i], actions[i], err)) {
            if (err) {
                char why[sizeof err->message];
                snprintf(why, sizeof why, "%s", err->message);
                ggn_error_set(err, err->code, "position %zu: %.200s", i, why);
            }
            return i;
        }
        if (statuses) statuses[i] = ggn_position_status(positions[i]);
    }
    return n;
}

size_t ggn_positions_playout(ggn_position *const *positions, size_t n, uint64_t *rng, size_t max_plies,
                             ggn_status *ends, size_t *plies)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        size_t made = ggn_position_playout(positions[i], rng, max_plies, ends ? &ends[i] : NULL);
        if (plies) plies[i] = made;
        total += made;
    }
    return total;
}
