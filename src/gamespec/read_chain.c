/*
 * read_chain.c — a move's "chain" (extension, docs/game-spec.md "Chain
 * captures"): the draughts capture, a jump over one enemy piece onto an
 * empty square beyond, that the same piece must go on making while it can,
 * the whole chain being one move.
 *
 * The engine runs a chain move by its own walk (movegen_chain.c), which reads
 * only the step, the ray (repeat.times / loop) and the TRANSFORM modifiers.
 * So everything else a move can say is refused here rather than ignored:
 * the move must be exactly "jump one piece, land on an empty square".
 */
#include "gamespec/reader.h"

#include <string.h>

static const char *const chain_keys[] = {"promotion_ends", NULL};

/* Columns of a board whose move text can separate landings with 'x' (the 24th file is 'x'). */
#define CHAIN_MAX_COLUMNS 23

void sd_read_chain(sd_reader *r, const json_t *mobj, sd_move *m)
{
    json_t *obj = sd_field(r, mobj, "chain", false);
    if (!obj) return;
    sd_push_key(r, "chain");
    if (!sd_expect(r, obj, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    sd_check_keys(r, obj, chain_keys, "chain");
    sd_bool_field(r, obj, "promotion_ends", false, &m->chain_promotion_ends);
    m->chain = true;
    const sd_game *g = r->g;
    if (!m->repeat.present || m->repeat.hop != 1)
        sd_error(r, GGN_E_VALUE,
                 "a chain move captures by jumping one enemy piece, so it needs \"repeat\": {\"hop\": 1} "
                 "(with \"times\": 2 for a short jump, \"loop\": true for a flying one); this move captures nothing");
    else if (m->repeat.until != SD_NOT_EMPTY)
        sd_error(r, GGN_E_VALUE, "a chain move lands on the empty squares after its one screen: leave repeat.until out");
    if (m->nactions != 1 || m->actions[0].state != SD_EMPTY || m->actions[0].action != SD_ACTION_MOVE ||
        m->actions[0].nconditions || m->actions[0].neffects)
        sd_error(r, GGN_E_VALUE,
                 "a chain move has exactly one action, {\"state\": \"EMPTY\", \"action\": \"MOVE\"} without "
                 "conditions or side effects: it lands on an empty square and takes the piece it jumps");
    if (m->nconditions || m->neffects)
        sd_error(r, GGN_E_VALUE,
                 "a chain move takes no conditions or side effects (each jump of the chain is judged the same way)");
    for (int i = 0; i < m->nmodifiers; i++)
        if (m->modifiers[i].limits)
            sd_error(r, GGN_E_VALUE, "a chain move's TRANSFORM cannot have option_limits");
    if (g->leader >= 0)
        sd_error(r, GGN_E_VALUE,
                 "chain moves in a game with a leader are not supported: a jump is no attack, so the leader's "
                 "safety could not see it");
    if (g->hands) sd_error(r, GGN_E_VALUE, "chain moves in a game with hands are not supported");
    if (g->nteams > 0) sd_error(r, GGN_E_VALUE, "chain moves in a game of teams are not supported");
    if (g->cols > CHAIN_MAX_COLUMNS)
        sd_error(r, GGN_E_VALUE,
                 "chain moves need a board of at most %d columns: their text separates landings with 'x', "
                 "which is also the 24th file", CHAIN_MAX_COLUMNS);
    sd_pop(r);
}
