/*
 * view.c — compiling a board state against one ruleset: occupancy and side
 * bitsets over the ruleset's squares, the piece index on each square, the
 * active side's hand, and the list of squares whose piece can move.
 */
#include "ggn_internal.h"

#include <stdlib.h>
#include <string.h>

ggn_board_view *ggn_board_view_new(const ggn_ruleset *rs, const ggn_board_state *st, ggn_error *err)
{
    if (!rs || !st) {
        ggn_error_set(err, GGN_E_USAGE, "no ruleset or state given");
        return NULL;
    }
    ggn_board_view *v = calloc(1, sizeof *v);
    size_t sq = rs->nsquares ? rs->nsquares : 1, pc = rs->npieces ? rs->npieces : 1;
    if (v) {
        v->rs = rs;
        v->occ = calloc(3 * (size_t)rs->words, sizeof(uint64_t));
        v->piece_at = malloc(sq * sizeof(uint32_t));
        v->movers = malloc(sq * sizeof(uint32_t));
        v->hand = calloc(pc, sizeof(uint32_t));
        v->hand_list = malloc(pc * sizeof(uint32_t));
    }
    if (!v || !v->occ || !v->piece_at || !v->movers || !v->hand || !v->hand_list) {
        ggn_board_view_free(v);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    v->ally = v->occ + rs->words;
    v->enemy = v->ally + rs->words;
    ggn_board_view_update(v, st, err);
    return v;
}

void ggn_board_view_free(ggn_board_view *v)
{
    if (!v) return;
    free(v->occ);
    free(v->piece_at);
    free(v->movers);
    free(v->hand);
    free(v->hand_list);
    free(v);
}

bool ggn_board_view_update(ggn_board_view *v, const ggn_board_state *st, ggn_error *err)
{
    if (!v || !st) {
        ggn_error_set(err, GGN_E_USAGE, "no view or state given");
        return false;
    }
    const ggn_ruleset *rs = v->rs;
    size_t stride = (size_t)rs->nsquares + 1;
    v->active = st->active;
    memset(v->occ, 0, 3 * (size_t)rs->words * sizeof(uint64_t));
    for (uint32_t k = 0; k < rs->nsquares; k++) v->piece_at[k] = GG_NONE;
    memset(v->hand, 0, (rs->npieces ? rs->npieces : 1) * sizeof(uint32_t));
    v->nmovers = 0;
    v->nhand = 0;
    for (size_t k = 0; k < st->ncells; k++) {
        const gs_cell *c = &st->cells[k];
        uint32_t sq = gg_square_find(rs, c->square, strlen(c->square));
        if (sq == GG_NONE) continue; /* no condition or move of this ruleset names it */
        uint32_t piece = gg_piece_find(rs, c->piece, strlen(c->piece));
        uint64_t bit = (uint64_t)1 << (sq & 63);
        v->occ[sq >> 6] |= bit;
        if (c->side == v->active) v->ally[sq >> 6] |= bit;
        else v->enemy[sq >> 6] |= bit;
        v->piece_at[sq] = piece == GG_NONE ? GG_UNKNOWN : piece;
        if (piece == GG_NONE || c->side != v->active) continue;
        uint32_t entry = rs->pieces[piece].entry;
        if (entry != GG_NONE && rs->source_at[entry * stride + sq] != GG_NONE) v->movers[v->nmovers++] = sq;
    }
    for (size_t k = 0; k < st->nhands; k++) {
        const gs_hand *h = &st->hands[k];
        if (h->side != v->active || h->count == 0) continue;
        uint32_t piece = gg_piece_find(rs, h->piece, strlen(h->piece));
        if (piece == GG_NONE) continue;
        bool first = v->hand[piece] == 0;
        v->hand[piece] += h->count;
        uint32_t entry = rs->pieces[piece].entry;
        if (first && gg_piece_side(rs, piece) == v->active && entry != GG_NONE &&
            rs->source_at[entry * stride + rs->nsquares] != GG_NONE)
            v->hand_list[v->nhand++] = piece;
    }
    return true;
}
