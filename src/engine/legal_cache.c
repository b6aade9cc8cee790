/*
 * legal_cache.c — the legal list of a position, generated once and kept
 * until the position changes. A learning program's or a Monte Carlo player's
 * ply asks for the status (which needs to know whether any move is legal),
 * the legal actions and then one of them by id: three questions that each
 * generated the list before. The bits of pos->cached say what pos->legal
 * holds; everything that changes a position clears them (engine.h), so a
 * list is read only for the position it was made for.
 */
#include "engine.h"

eg_legal_cache *eg_legal_list(ggn_position *pos)
{
    eg_legal_cache *c = &pos->legal;
    if (!(pos->cached & EG_CACHED_MOVES)) {
        /* Generation makes and unmakes moves to judge legality, which clears the bits: they are
         * set once the list is whole, for the position as it then is again. */
        c->nmoves = eg_generate_legal(pos, c->moves);
        pos->cached |= EG_CACHED_MOVES;
    }
    return c;
}
