/*
 * gives_check.c — does a move attack a leader of the player who moves next,
 * judged without making it?
 *
 * The search never prunes a move that gives check, and it asks that of every
 * move it is about to prune (docs/ai.md, "Pruning"); most of those moves are
 * never searched, so making each one (hashes, flags, the undo record, the
 * table's prefetch) only to ask is most of their cost. A move that changes no
 * square but its own source and destination (legal.c's "plain" move, a drop
 * from the hand) changes what the attack scan reads in those two squares and
 * in its own piece's record alone. So the move is played on those arrays
 * only, eg_leader_attacked asks its question of them exactly as it would after
 * the make, and they are put back: the same answer, for the price of the scan.
 */
#include "engine.h"

/* A drop: a new piece record past the list (its index is no attack's business) on the empty square `to`. */
static int drop_checks(ggn_position *pos, ggn_move mv, int player, int next)
{
    const ggn_game *g = pos->g;
    int kind = eg_drop_kind(g, mv), to = mv.to;
    if (kind == g->leader || pos->npiece >= GGN_MAX_PIECES_ON_BOARD) return -1; /* the leaders to watch change */
    int id = pos->npiece++;
    eg_piece saved = pos->piece[id], *p = &pos->piece[id];
    p->sq = (int16_t)to;
    p->owner = (uint8_t)player;
    p->kind = (uint8_t)kind;
    p->moves = eg_drops_of(g, player, mv.pattern)->rule[mv.action].unmoved ? 0 : 1;
    pos->side_at[to] = (int8_t)player;
    pos->kind_at[to] = (uint8_t)kind;
    pos->piece_at[to] = (uint8_t)id;
    bool checks = eg_leader_attacked(pos, next);
    pos->side_at[to] = EG_EMPTY_SIDE;
    pos->kind_at[to] = 0;
    pos->piece_at[to] = 0;
    *p = saved;
    pos->npiece--;
    return checks;
}

int eg_move_checks(ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (g->leader == EG_NONE) return 0;
    if (g->elimination) return -1; /* the make may take a player out, which changes who attacks */
    if (g->series) return -1; /* who moves next, the mover again or the checked player, is the make's to say */
    int player = eg_player_to_move(pos), next = g->def->order[eg_turn_after(pos)];
    if (mv.from == EG_DROP_FROM) return drop_checks(pos, mv, player, next);
    if (eg_is_pass(g, mv)) return -1;
    int from = mv.from, to = mv.to, id = pos->piece_at[from];
    eg_piece *p = &pos->piece[id];
    const eg_move *m = eg_move_of(g, player, p->kind, mv.pattern);
    if (m->chain || m->castle || !((m->plain_actions >> mv.action) & 1) || (!mv.promotion && mv.gate)) return -1;

    /* As eg_make leaves them: the victim off the board, the piece on `to` (as its promoted kind, unmoved then). */
    int victim = to != from ? pos->piece_at[to] : 0;
    int8_t side_from = pos->side_at[from], side_to = pos->side_at[to];
    uint8_t kind_from = pos->kind_at[from], kind_to = pos->kind_at[to], id_to = pos->piece_at[to];
    int16_t victim_sq = victim ? pos->piece[victim].sq : EG_NONE;
    eg_piece before = *p;
    if (victim) pos->piece[victim].sq = EG_NONE;
    if (mv.promotion) {
        p->kind = (uint8_t)m->modifier[mv.modifier].option[mv.promotion - 1];
        p->moves = (uint16_t)((g->fen_rights >> p->kind) & 1);
    } else if (p->moves < UINT16_MAX) {
        p->moves++;
    }
    p->sq = (int16_t)to;
    pos->side_at[from] = EG_EMPTY_SIDE;
    pos->kind_at[from] = 0;
    pos->piece_at[from] = 0;
    pos->side_at[to] = (int8_t)player;
    pos->kind_at[to] = p->kind;
    pos->piece_at[to] = (uint8_t)id;
    bool checks = eg_leader_attacked(pos, next);
    *p = before;
    if (victim) pos->piece[victim].sq = victim_sq;
    pos->side_at[to] = side_to;
    pos->kind_at[to] = kind_to;
    pos->piece_at[to] = id_to;
    pos->side_at[from] = side_from;
    pos->kind_at[from] = kind_from;
    pos->piece_at[from] = (uint8_t)id;
    return checks;
}
