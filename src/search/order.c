/*
 * order.c — move ordering: the transposition-table move, then captures by
 * most valuable victim / least valuable attacker, promotions, the two killer
 * moves of the ply, and the other quiet moves by their history of causing
 * cut-offs.
 */
#include <limits.h>

#include "search_internal.h"

#define ORDER_TT      (1 << 30)
#define ORDER_CAPTURE (1 << 25)
#define ORDER_PROMO   (1 << 24)
#define ORDER_KILLER  (1 << 23)
#define HISTORY_MAX   (1 << 20)
#define VALUE_CAP     100000

int ss_kind_on(const ggn_searcher *s, int sq)
{
    int kind;
    if (!ggn_position_piece_at(s->pos, sq % s->cols, sq / s->cols, &kind, NULL, NULL)) return -1;
    return kind;
}

static int capped_value(const ggn_game *g, int kind)
{
    int v = kind < 0 ? 0 : ggn_game_kind_value(g, kind);
    return v < 0 ? 0 : v > VALUE_CAP ? VALUE_CAP : v;
}

void ss_order_moves(ggn_searcher *s, int ply, size_t n, const ggn_move *tt_move, bool tactical_only, int only_to)
{
    ss_ply *L = &s->ply[ply];
    const ggn_game *g = ggn_position_game(s->pos);
    for (size_t i = 0; i < n; i++) {
        ggn_move m = L->moves[i];
        int32_t score;
        if (only_to >= 0 && m.to != only_to) {
            L->order[i] = INT32_MIN;
            continue;
        }
        int attacker = ss_kind_on(s, m.from);
        if (tt_move && ggn_move_equal(m, *tt_move)) {
            score = ORDER_TT;
        } else if (ggn_move_is_capture(s->pos, m)) {
            int victim = ss_kind_on(s, m.to);
            /* A capture by side effect (en passant) takes what the mover is worth, near enough. */
            int vv = victim >= 0 ? capped_value(g, victim) : capped_value(g, attacker);
            score = ORDER_CAPTURE + vv * 64 / 4 - capped_value(g, attacker) / 16 + (m.promotion ? 64 : 0);
        } else if (m.promotion) {
            /* Options come in the spec's order; the first is usually the strongest. */
            score = ORDER_PROMO - m.promotion;
        } else if (tactical_only) {
            score = INT32_MIN;
        } else if (ggn_move_equal(m, s->killer[ply][0])) {
            score = ORDER_KILLER;
        } else if (ggn_move_equal(m, s->killer[ply][1])) {
            score = ORDER_KILLER - 1;
        } else {
            score = attacker >= 0 ? s->history[attacker][m.to] : 0;
        }
        L->order[i] = score;
    }
}

void ss_note_cutoff(ggn_searcher *s, int ply, ggn_move m, int depth)
{
    if (!ggn_move_equal(m, s->killer[ply][0])) {
        s->killer[ply][1] = s->killer[ply][0];
        s->killer[ply][0] = m;
    }
    int kind = ss_kind_on(s, m.from);
    if (kind < 0 || kind >= GGN_MAX_KINDS) return;
    int32_t *h = &s->history[kind][m.to];
    *h += depth * depth;
    if (*h > HISTORY_MAX) {
        for (int k = 0; k < GGN_MAX_KINDS; k++)
            for (int q = 0; q < GGN_MAX_SQUARES; q++) s->history[k][q] /= 2;
    }
}
