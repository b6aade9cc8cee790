/* conditions.h — judging compiled conditions (internal to the engine). */
#ifndef GGN_ENGINE_CONDITIONS_H
#define GGN_ENGINE_CONDITIONS_H

#include "engine.h"

/* What a condition is judged against: the moving piece, where it starts, what it already produced. */
typedef struct eg_cond_ctx {
    const ggn_position *pos;
    int player;            /* the mover's owner */
    int from;              /* the mover's source square */
    const eg_piece *mover;
    uint64_t produced;     /* bit m: move m of this piece produced a landing (DEPENDS_ON) */
} eg_cond_ctx;

/* One condition; the generators call it through eg_conditions_hold, which judges the commonest kinds itself. */
bool eg_condition_holds(const eg_cond_ctx *c, const eg_cond *cond, int to);

/*
 * The squares strictly between from and to when they lie on one rank, file
 * or diagonal (none otherwise: a knight's path is empty), written to out
 * (room for GGN_MAX_BOARD_SIDE); a missing square on the way is EG_NONE,
 * which is neither empty nor safe. Returns how many.
 */
int eg_path_squares(const ggn_game *g, int from, int to, int *out);

/* option_limits: option o of mod is offered, the player having fewer pieces of its kind on the board than its limit. */
bool eg_option_open(const ggn_position *pos, int player, const eg_modifier *mod, int o);

/*
 * All of conds[0..n) hold; an empty list (the common case) costs no call. The
 * conditions the generators meet at nearly every node are judged here, without
 * a call: a named zone (a promotion's, every landing of a pawn), the mover's
 * first move and DEPENDS_ON (a double step); eg_condition_holds judges the rest
 * (and, asked about one of these, asks back here).
 */
static inline bool eg_conditions_hold(const eg_cond_ctx *c, const eg_cond *conds, int n, int to)
{
    for (int i = 0; i < n; i++) {
        const eg_cond *cond = &conds[i];
        bool holds;
        switch (cond->kind) {
        case SD_COND_NAMED: {
            const ggn_game *g = c->pos->g;
            holds = g->named_sq[((size_t)cond->arg * (size_t)g->nplayers + (size_t)c->player) * (size_t)g->nsq + (size_t)to];
            break;
        }
        case SD_COND_FIRST_MOVE:
            holds = c->mover->moves == 0;
            break;
        case SD_COND_DEPENDS_ON:
            holds = (c->produced >> cond->arg) & 1;
            break;
        default:
            holds = eg_condition_holds(c, cond, to);
        }
        if (!holds) return false;
    }
    return true;
}

#endif
