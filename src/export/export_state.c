/*
 * export_state.c — a position as the board state an exported GGN library
 * reads (ggn/export.h), hands included. It joins the engine (which knows
 * the pieces) and the GGN layer (which owns board states); the ids and
 * states come from the export model.
 */
#include <stdlib.h>

#include "export_internal.h"
#include "ggn/export.h"

/* Each player's hand, one entry per piece, as the plain id of its kind (a piece in hand has no state). */
static bool put_hands(const ex_model *md, const ggn_position *pos, ggn_board_state *st, ggn_error *err)
{
    for (int p = 0; p < 2; p++) {
        ggn_side side = md->side_of[p] ? GGN_SIDE_SECOND : GGN_SIDE_FIRST;
        for (int k = 0; k < md->nk; k++) {
            int n = ggn_position_hand_count(pos, p, k);
            if (n && md->mark[k]) {
                ggn_error_set(err, GGN_E_CONVERSION, "a %s (a promoted form) is in a hand, where a GGN id carries no mark",
                              md->def->kinds[k].code);
                return false;
            }
            for (int i = 0; i < n; i++)
                if (!ggn_board_state_hand_add(st, side, md->id[ex_plain(md, md->side_of[p], k)], err)) return false;
        }
    }
    return true;
}

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
    if (st && md->hands && !put_hands(md, pos, st, err)) {
        ggn_board_state_free(st);
        st = NULL;
    }
done:
    free(md);
    return st;
}
