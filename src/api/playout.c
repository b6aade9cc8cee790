/*
 * playout.c — random playouts and batched steps (ggn/action.h): the loop of
 * a learning program or a Monte Carlo player as one call. A playout reads the
 * position's cached legal list and status (engine/legal_cache.c), so each ply
 * generates the legal moves once and computes no action ids at all.
 */
#include "ggn/action.h"

#include <stdio.h>

#include "engine/engine.h"
#include "engine/playout_tactics.h"
#include "engine/random.h"

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
 * uniform among the moves not held back (eg_draw_not_held_back).
 */
static ggn_move keep_eyes_move(const ggn_position *pos, const eg_legal_cache *c, uint64_t *rng)
{
    return eg_draw_not_held_back(pos, c->moves, c->nmoves, rng, held_back, eg_player_to_move(pos));
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
        ggn_move move = keep_eyes ? keep_eyes_move(pos, c, rng) : c->moves[eg_random_below(rng, c->nmoves)];
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
