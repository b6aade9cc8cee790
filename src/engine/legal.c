/*
 * legal.c — leader safety and the legal move list.
 *
 * In a game with a leader, a pseudo-legal move is legal when, after it,
 * none of the mover's leaders can be captured by another player. Each move
 * is made, judged and taken back; nothing is allocated.
 */
#include "engine.h"

bool eg_leader_attacked(const ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    if (g->leader == EG_NONE) return false;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == g->leader &&
            eg_attacked_by_others(pos, p->sq, player))
            return true;
    }
    return false;
}

/* Keeps the legal moves of pseudo[0..n) at the front; returns how many. */
size_t eg_filter_legal(ggn_position *pos, ggn_move *moves, size_t n)
{
    if (pos->g->leader == EG_NONE) return n;
    int player = eg_player_to_move(pos);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        bool legal = !eg_leader_attacked(pos, player);
        eg_unmake(pos);
        if (legal) moves[kept++] = moves[i];
    }
    return kept;
}

size_t ggn_position_pseudo_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    return eg_generate(pos, buf, cap);
}

size_t ggn_position_legal_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    ggn_move all[GGN_MAX_MOVES];
    size_t n = eg_generate(pos, all, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal(pos, all, n);
    for (size_t i = 0; i < n && i < cap; i++) buf[i] = all[i];
    return n;
}

bool ggn_position_leader_attacked(const ggn_position *pos, int player)
{
    return eg_leader_attacked(pos, player);
}
