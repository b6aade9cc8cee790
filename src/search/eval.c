/*
 * eval.c — the evaluation: material from the kinds' values, plus a small
 * mobility term. Two sides: the mover's material minus the opponent's.
 * More players (paranoid): the root player's material minus the average of
 * the others', negated for the others, who play as one side against it.
 * Values are used as the spec gives them, unless a kind is worth more than
 * SS_VALUE_SCALE: then every value is divided alike, so that material never
 * reaches the mate scores (and the 16-bit scores of the table).
 */
#include "search_internal.h"

/* Keeps evaluations clear of the mate scores. */
static int clamp_eval(long v)
{
    const long cap = GGN_SEARCH_MATE_BOUND - 1;
    return (int)(v > cap ? cap : v < -cap ? -cap : v);
}

int ss_value_divisor(const ggn_game *g)
{
    int top = 0;
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (ggn_game_kind_value(g, k) > top) top = ggn_game_kind_value(g, k);
    return top > SS_VALUE_SCALE ? (top + SS_VALUE_SCALE - 1) / SS_VALUE_SCALE : 1;
}

/* Material from the view of `me` (its side's view when more than two play). */
static long material_for(const ggn_position *pos, int nplayers, int me, int divisor)
{
    int mat[GGN_MAX_PLAYERS];
    ggn_position_material(pos, mat);
    long others = 0;
    for (int p = 0; p < nplayers; p++)
        if (p != me) others += mat[p];
    long v = nplayers <= 1 ? mat[me] : (long)mat[me] - others / (nplayers - 1);
    return v / divisor;
}

int ss_material(const ggn_searcher *s, const ggn_position *pos)
{
    if (s->nplayers <= 2) return clamp_eval(material_for(pos, s->nplayers, ggn_position_to_move(pos), s->value_divisor));
    long root_view = material_for(pos, s->nplayers, s->root, s->value_divisor);
    return clamp_eval(ggn_position_to_move(pos) == s->root ? root_view : -root_view);
}

int ss_evaluate(const ggn_searcher *s, const ggn_position *pos, int mobility, int parent_mob)
{
    long v = ss_material(s, pos);
    if (parent_mob >= 0) v += (long)SS_MOBILITY_WEIGHT * (mobility - parent_mob);
    return clamp_eval(v);
}

int ggn_search_evaluate(const ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    int n = ggn_game_player_count(g);
    return clamp_eval(material_for(pos, n, ggn_position_to_move(pos), ss_value_divisor(g)));
}
