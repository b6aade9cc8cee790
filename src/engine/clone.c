/*
 * clone.c — extension "clone" (docs/game-spec.md, "Clone moves"): a piece
 * copies itself onto an empty square one step away and stays where it was
 * (Ataxx's one-step move).
 *
 * Two pieces that copy themselves onto one square leave the same position —
 * the reader keeps a clone to one plain step of one kind, whose result depends
 * on its target alone — and a clone is written by its target alone (`b2`), as
 * Fairy-Stockfish and libataxx count and write it. So one move is listed per
 * target: the first piece, in the order of the board's other moves, that can
 * make it. Clone moves have no place in the step lists (compile.c): only this
 * walk generates them, after the other board moves. make.c places the copy.
 */
#include <string.h>

#include "engine.h"

size_t eg_generate_clones(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    uint64_t seen[GGN_MAX_SQUARES / 64];
    memset(seen, 0, sizeof seen);
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != player) continue;
        for (int mi = 0; mi < g->nmoves[pc->kind]; mi++) {
            const eg_move *m = eg_move_of(g, player, pc->kind, mi);
            if (!m->clone || !m->ray_len[pc->sq]) continue;
            int to = g->rays[m->ray_off[pc->sq]];
            if (pos->piece_at[to] || ((seen[to / 64] >> (to % 64)) & 1)) continue;
            seen[to / 64] |= 1ULL << (to % 64);
            if (n < cap) buf[n] = (ggn_move){ .from = (uint16_t)pc->sq, .to = (uint16_t)to, .pattern = (uint8_t)mi };
            n++;
        }
    }
    return n;
}
