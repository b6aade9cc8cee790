/*
 * export_state.c — a position as the board state an exported GGN library
 * reads (ggn/export.h). It lives in the api layer because it joins the
 * engine (which knows the pieces) and the GGN layer (which owns board
 * states); the ids and states come from the engine's export model.
 */
#include <stdlib.h>

#include "engine/export_internal.h"
#include "ggn/export.h"

ggn_board_state *ggn_position_export_state(const ggn_position *pos, ggn_spelling spelling, bool as_played,
                                           ggn_error *err)
{
    if (!pos) {
        ggn_error_set(err, GGN_E_USAGE, "no position given");
        return NULL;
    }
    const ggn_game *g = pos->g;
    ex_model *md = malloc(sizeof *md);
    if (!md) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    ggn_board_state *st = NULL;
    if (!ex_model_init(md, g, spelling, err)) goto done;
    int ply = pos->ply, player = eg_player_to_move(pos);
    if (as_played) {
        if (pos->nundo == 0) {
            ggn_error_set(err, GGN_E_STATE, "the position has no last move to read as played");
            goto done;
        }
        ply -= 1;
        player = g->def->order[pos->undo[pos->nundo - 1].turn];
    }
    st = ggn_board_state_new(md->side_of[player] ? GGN_SIDE_SECOND : GGN_SIDE_FIRST);
    if (!st) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        goto done;
    }
    for (int sq = 0; sq < g->nsq; sq++) {
        int c = ex_piece_content(md, pos, sq, ply);
        if (c == -1) continue;
        char label[GGN_MAX_LABEL];
        ex_square_label(g, sq, label, sizeof label);
        if (c == -2) {
            const eg_piece *p = &pos->piece[pos->piece_at[sq]];
            ggn_error_set(err, GGN_E_CONVERSION, "the %s on %s is unmoved and carries %s at once; no single state says that",
                          g->def->kinds[p->kind].code, label, g->def->flags[md->flag_of[p->kind]]);
        }
        if (c == -2 || !ggn_board_state_put(st, label, md->id[c], err)) {
            ggn_board_state_free(st);
            st = NULL;
            break;
        }
    }
done:
    free(md);
    return st;
}
