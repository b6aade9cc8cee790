/*
 * eval.c — the evaluation: material from the kinds' values, a positional
 * term from the board's geometry, and a small mobility term. Two sides: the
 * mover's score minus the opponent's. More players (paranoid): the root
 * player's score minus the average of the others', negated for the others,
 * who play as one side against it. Values are used as the spec gives them,
 * unless a kind is worth more than SS_VALUE_SCALE: then every value is
 * divided alike, so that material never reaches the mate scores (and the
 * 16-bit scores of the table).
 *
 * The positional term knows no game: it reads only the board's shape, the
 * start position and the kinds' values (docs/ai.md, "The evaluation").
 */
#include <stdlib.h>

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

void ss_eval_prepare(ggn_searcher *s)
{
    const ggn_game *g = s->game;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g), leader = ggn_game_leader(g);
    /* Centrality: Manhattan distance from the board's middle, scaled to 0..SS_CENTRE_SCALE (doubled coordinates stay integral). */
    int far = (cols - 1) + (rows - 1);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int d = abs(2 * x - (cols - 1)) + abs(2 * y - (rows - 1));
            s->centre[y * cols + x] = (uint8_t)(far > 0 ? SS_CENTRE_SCALE * (far - d) / far : 0);
        }
    /* The cheapest kind that is not the leader: it is the one that gains by advancing (pawns, soldiers). */
    s->pawn_kind = -1;
    for (int k = 0; k < ggn_game_kind_count(g); k++) {
        int v = ggn_game_kind_value(g, k);
        if (k != leader && v > 0 && (s->pawn_kind < 0 || v < ggn_game_kind_value(g, s->pawn_kind))) s->pawn_kind = k;
    }
    /* Home rows and material from the start position. */
    long sum[GGN_MAX_PLAYERS] = { 0 }, count[GGN_MAX_PLAYERS] = { 0 };
    int mat[GGN_MAX_PLAYERS] = { 0 };
    ggn_position *start = ggn_position_new(g);
    if (start) {
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++) {
                int kind, owner;
                if (!ggn_position_piece_at(start, x, y, &kind, &owner, NULL)) continue;
                sum[owner] += y;
                count[owner]++;
            }
        ggn_position_material(start, mat);
        ggn_position_free(start);
    }
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) {
        /* Forward is away from the half of the board the player's pieces start in (none: in the middle). */
        long twice_mean = count[p] ? 2 * sum[p] / count[p] : rows - 1;
        s->advance_dir[p] = twice_mean < rows - 1 ? 1 : twice_mean > rows - 1 ? -1 : 0;
        s->start_material[p] = mat[p] > 0 ? mat[p] : 0;
    }
}

/*
 * Positional score of each player's pieces: centrality for pieces, the
 * cheapest kind's advance away from its home edge (for a player whose
 * pieces start in one half of the board), and for leaders centrality scaled from
 * -SS_LEADER_WEIGHT (the enemy has all its start material: hide) to
 * +SS_LEADER_WEIGHT (it has none left: come out and help).
 */
static void positional(const ggn_searcher *s, const ggn_position *pos, long *out, const int *mat)
{
    const ggn_game *g = s->game;
    int cols = s->cols, rows = ggn_game_rows(g), leader = ggn_game_leader(g), np = s->nplayers;
    for (int p = 0; p < np; p++) out[p] = 0;
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int kind, owner;
            if (!ggn_position_piece_at(pos, x, y, &kind, &owner, NULL) || owner >= np) continue;
            int c = s->centre[y * cols + x];
            if (kind == leader) {
                /* Enemy strength: the others' material against what they started with, 0..SS_CENTRE_SCALE. */
                long have = 0, had = 0;
                for (int o = 0; o < np; o++)
                    if (o != owner) have += mat[o], had += s->start_material[o];
                long phase = had > 0 ? SS_CENTRE_SCALE * (have < had ? have : had) / had : 0;
                out[owner] += (long)SS_LEADER_WEIGHT * c * (SS_CENTRE_SCALE - 2 * phase) / (SS_CENTRE_SCALE * SS_CENTRE_SCALE);
                continue;
            }
            out[owner] += (long)SS_CENTRE_WEIGHT * c / SS_CENTRE_SCALE;
            int dir = s->advance_dir[owner];
            if (kind == s->pawn_kind && dir != 0) {
                /* Advance: rows from the home edge towards the far one. */
                int adv = dir > 0 ? y : rows - 1 - y;
                out[owner] += (long)SS_ADVANCE_WEIGHT * adv * adv / ((rows - 1) * (rows - 1));
            }
        }
}

/* Material (and, when s is given, the positional term) from the view of `me` (its side's view when more than two play). */
static long score_for(const ggn_searcher *s, const ggn_position *pos, int nplayers, int me, int divisor)
{
    int mat[GGN_MAX_PLAYERS];
    ggn_position_material(pos, mat);
    long total[GGN_MAX_PLAYERS];
    for (int p = 0; p < nplayers; p++) total[p] = mat[p] / divisor;
    if (s) {
        long pos_term[GGN_MAX_PLAYERS];
        positional(s, pos, pos_term, mat);
        for (int p = 0; p < nplayers; p++) total[p] += pos_term[p];
    }
    long others = 0;
    for (int p = 0; p < nplayers; p++)
        if (p != me) others += total[p];
    return nplayers <= 1 ? total[me] : total[me] - others / (nplayers - 1);
}

static int view(const ggn_searcher *s, const ggn_position *pos, bool positional_terms)
{
    const ggn_searcher *t = positional_terms ? s : NULL;
    if (s->nplayers <= 2) return clamp_eval(score_for(t, pos, s->nplayers, ggn_position_to_move(pos), s->value_divisor));
    long root_view = score_for(t, pos, s->nplayers, s->root, s->value_divisor);
    return clamp_eval(ggn_position_to_move(pos) == s->root ? root_view : -root_view);
}

int ss_material(const ggn_searcher *s, const ggn_position *pos) { return view(s, pos, false); }

int ss_evaluate(const ggn_searcher *s, const ggn_position *pos, int mobility, int parent_mob)
{
    long v = view(s, pos, true);
    if (parent_mob >= 0) v += (long)SS_MOBILITY_WEIGHT * (mobility - parent_mob);
    return clamp_eval(v);
}

int ggn_search_evaluate(const ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    int n = ggn_game_player_count(g);
    return clamp_eval(score_for(NULL, pos, n, ggn_position_to_move(pos), ss_value_divisor(g)));
}
