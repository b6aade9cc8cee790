/*
 * tt.c — the transposition table: one slot per hash index, replaced when
 * the new result is at least as deep, comes from a newer search, or is for
 * the same position. Mate scores are stored relative to the node so that
 * they stay true wherever the position is met again.
 */
#include <string.h>

#include "search_internal.h"

void ss_tt_clear(ggn_searcher *s)
{
    if (s->tt) memset(s->tt, 0, (s->tt_mask + 1) * sizeof *s->tt);
}

const ss_tt_entry *ss_tt_probe(const ggn_searcher *s, uint64_t key)
{
    if (!s->tt || key == 0) return NULL;
    const ss_tt_entry *e = &s->tt[key & s->tt_mask];
    return e->key == key ? e : NULL;
}

void ss_tt_store(ggn_searcher *s, uint64_t key, int depth, int score, int bound, const ggn_move *move)
{
    if (!s->tt || key == 0) return;
    ss_tt_entry *e = &s->tt[key & s->tt_mask];
    if (e->key == key || e->age != s->age || depth >= e->depth) {
        if (e->key != key || move) {
            e->has_move = move != NULL;
            if (move) e->move = *move;
        }
        e->key = key;
        e->score = (int16_t)score;
        e->depth = (int8_t)(depth > 127 ? 127 : depth);
        e->bound = (uint8_t)bound;
        e->age = s->age;
    }
}

int ss_score_to_tt(int score, int ply)
{
    if (score > GGN_SEARCH_MATE_BOUND) return score + ply;
    if (score < -GGN_SEARCH_MATE_BOUND) return score - ply;
    return score;
}

int ss_score_from_tt(int score, int ply)
{
    if (score > GGN_SEARCH_MATE_BOUND) return score - ply;
    if (score < -GGN_SEARCH_MATE_BOUND) return score + ply;
    return score;
}
