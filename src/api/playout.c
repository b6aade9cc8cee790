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

/*
 * Is m a move the eye-keeping policy plays only when nothing else is left: a
 * pass, or a drop on a point every orthogonal neighbour of which is the
 * mover's own stone or off the board (an eye)? Filling one's own eye is what
 * turns a living group into a dead one in a random game, and a pass among
 * the moves ends playouts before the dead stones are taken.
 */
static bool held_back(const ggn_position *pos, ggn_move m, int mover)
{
    const ggn_game *g = pos->g;
    if (eg_is_pass(g, m)) return true;
    if (m.from != EG_DROP_FROM) return false;
    for (int d = 0; d < 4; d++) {
        int nb = g->nbr[m.to][d];
        if (nb != EG_NONE && g->enabled[nb] && pos->side_at[nb] != mover) return false;
    }
    return true;
}

/*
 * One move of the eye-keeping policy from the legal list c (c->nmoves > 0):
 * uniform among the moves not held back. A few draws from the whole list
 * settle nearly every ply (eyes and the pass are few); a draw that hits a
 * held-back move is thrown away, so a kept draw is uniform among the rest.
 * After those, the rest are counted and one is drawn among them; when none
 * is left, the pass if there is one, else a drop on an eye.
 */
static ggn_move keep_eyes_move(const ggn_position *pos, const eg_legal_cache *c, uint64_t *rng)
{
    int mover = eg_player_to_move(pos);
    for (int tries = 0; tries < 4; tries++) {
        ggn_move m = c->moves[uniform_below(rng, c->nmoves)];
        if (!held_back(pos, m, mover)) return m;
    }
    size_t free_moves = 0, pass = c->nmoves;
    for (size_t i = 0; i < c->nmoves; i++) {
        if (!held_back(pos, c->moves[i], mover)) free_moves++;
        else if (eg_is_pass(pos->g, c->moves[i])) pass = i;
    }
    if (free_moves == 0) return c->moves[pass < c->nmoves ? pass : uniform_below(rng, c->nmoves)];
    size_t pick = uniform_below(rng, free_moves);
    for (size_t i = 0;; i++)
        if (!held_back(pos, c->moves[i], mover) && pick-- == 0) return c->moves[i];
}

ggn_playout_policy ggn_game_playout_policy(const ggn_game *game)
{
    return game->group_capture ? GGN_PLAYOUT_KEEP_EYES : GGN_PLAYOUT_UNIFORM;
}

size_t ggn_position_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_status *end)
{
    return ggn_position_playout_with(pos, rng, max_plies, GGN_PLAYOUT_UNIFORM, end);
}

size_t ggn_position_playout_with(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_playout_policy policy,
                                 ggn_status *end)
{
    size_t plies = 0;
    /* The eye test reads the neighbour table, which only group capture (or area scoring) builds. */
    bool keep_eyes = policy == GGN_PLAYOUT_KEEP_EYES && pos->g->group_capture && pos->g->nbr;
    ggn_status st = ggn_position_status(pos);
    while (st.outcome == GGN_ONGOING && plies < max_plies) {
        const eg_legal_cache *c = eg_legal_list(pos);
        /* A position with no legal move has a status other than ongoing; kept as a guard. */
        if (c->nmoves == 0) break;
        ggn_move move = keep_eyes ? keep_eyes_move(pos, c, rng) : c->moves[uniform_below(rng, c->nmoves)];
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
