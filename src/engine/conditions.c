/*
 * conditions.c — judging one compiled condition for a move from `from` to
 * `to` in the position as it stands (before the move).
 */
#include <stdlib.h>

#include "conditions.h"

int eg_path_squares(const ggn_game *g, int from, int to, int *out)
{
    int dx = g->sq_x[to] - g->sq_x[from], dy = g->sq_y[to] - g->sq_y[from];
    if (dx != 0 && dy != 0 && abs(dx) != abs(dy)) return 0;
    int ux = (dx > 0) - (dx < 0), uy = (dy > 0) - (dy < 0);
    int steps = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    int n = 0;
    for (int i = 1; i < steps; i++) {
        int x = g->sq_x[from] + i * ux, y = g->sq_y[from] + i * uy;
        /* A missing square on the path is reported as -1: it is neither empty nor safe. */
        out[n++] = eg_square(g, x, y);
    }
    return n;
}

static const eg_piece *occupant(const ggn_position *pos, int sq)
{
    if (sq == EG_NONE || pos->piece_at[sq] == 0) return NULL;
    return &pos->piece[pos->piece_at[sq]];
}

bool eg_condition_holds(const eg_cond_ctx *c, const eg_cond *cond, int to)
{
    const ggn_position *pos = c->pos;
    const ggn_game *g = pos->g;
    switch ((sd_condition_kind)cond->kind) {
    case SD_COND_FIRST_MOVE:
    case SD_COND_DEPENDS_ON:
    case SD_COND_NAMED:
        return eg_conditions_hold(c, cond, 1, to); /* judged inline there, without calling back here */
    case SD_COND_PIECE_FIRST_MOVE:
    case SD_COND_ROOK_FIRST_MOVE: {
        int sq = eg_offset(g, c->from, cond->dx, cond->dy);
        const eg_piece *p = occupant(pos, sq);
        if (!p) return cond->kind == SD_COND_ROOK_FIRST_MOVE;
        if (cond->piece != EG_NONE && (p->kind != cond->piece || p->owner != c->player)) return false;
        return p->moves == 0;
    }
    case SD_COND_CHECK_STATE: {
        const eg_piece *p = occupant(pos, eg_offset(g, c->from, cond->dx, cond->dy));
        return p && eg_flag_seen(pos, p, cond->arg);
    }
    case SD_COND_SQUARES_EMPTY:
        for (int i = 0; i < cond->nsquares; i++) {
            int sq = eg_offset(g, c->from, cond->squares[i][0], cond->squares[i][1]);
            if (sq == EG_NONE || pos->piece_at[sq]) return false;
        }
        return true;
    case SD_COND_PATH_EMPTY: {
        int path[GGN_MAX_BOARD_SIDE];
        int n = eg_path_squares(g, c->from, to, path);
        for (int i = 0; i < n; i++)
            if (path[i] == EG_NONE || pos->piece_at[path[i]]) return false;
        return true;
    }
    case SD_COND_NOT_ATTACKED:
        return pos->assume_unattacked || !eg_attacked_by_others(pos, to, c->player);
    case SD_COND_PATH_NOT_ATTACKED: {
        if (pos->assume_unattacked) return true;
        int path[GGN_MAX_BOARD_SIDE];
        int n = eg_path_squares(g, c->from, to, path);
        if (eg_attacked_by_others(pos, c->from, c->player)) return false;
        for (int i = 0; i < n; i++)
            if (path[i] == EG_NONE || eg_attacked_by_others(pos, path[i], c->player)) return false;
        return !eg_attacked_by_others(pos, to, c->player);
    }
    case SD_COND_NAMED_SOURCE:
        return g->named_sq[((size_t)cond->arg * (size_t)g->nplayers + (size_t)c->player) * (size_t)g->nsq + (size_t)c->from];
    case SD_COND_FILE_FREE_OF:
        return true; /* drops only (hands.c); the reader keeps it out of moves */
    case SD_COND_PIECE_COUNT: {
        /* Counted when asked: only the moves that carry it pay (sittuyin's promotion of a last pawn). */
        int n = 0;
        for (int id = 1; id < pos->npiece; id++) {
            const eg_piece *p = &pos->piece[id];
            if (p->sq != EG_NONE && p->owner == c->player && p->kind == cond->piece && ++n > cond->arg) return false;
        }
        return n >= cond->at_least;
    }
    case SD_COND_NAMED_PATH:
        return true; /* applied to the rays when they are compiled (compile.c); never in a list */
    }
    return false;
}

/* Counts the player's pieces of the option's kind on the board: only promotions of a limited
 * modifier ask, so no count is kept up to date for it. */
bool eg_option_open(const ggn_position *pos, int player, const eg_modifier *mod, int o)
{
    int limit = mod->limit[o], kind = mod->option[o], n = 0;
    if (!limit) return true;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == kind && ++n >= limit) return false;
    }
    return true;
}
