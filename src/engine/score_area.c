/*
 * score_area.c — the result "area" (docs/game-spec.md, "Groups, superko and
 * area scoring"): a player's area is its pieces on the board plus every
 * empty region (empty squares joined through orthogonal neighbours) whose
 * neighbours are all its own pieces; a region that touches two players' pieces,
 * or none, counts for nobody. Komi is added; the most area wins, a tie is a
 * draw. Counted in half points so that komi 7.5 stays exact.
 */
#include <string.h>

#include "engine.h"

void eg_area_halves(const ggn_position *pos, int *halves)
{
    const ggn_game *g = pos->g;
    for (int p = 0; p < g->nplayers; p++) halves[p] = g->def->end.komi_halves[p];
    if (!g->nbr) return;
    uint8_t seen[GGN_MAX_SQUARES];
    uint16_t region[GGN_MAX_SQUARES];
    memset(seen, 0, (size_t)g->nsq);
    for (int sq = 0; sq < g->nsq; sq++) {
        if (!g->enabled[sq] || seen[sq]) continue;
        int side = pos->side_at[sq];
        if (side != EG_EMPTY_SIDE) {
            halves[side] += 2;
            continue;
        }
        /* An empty region: its size, and the players whose pieces border it (bit p). */
        int n = 0, next = 0;
        unsigned borders = 0;
        region[n++] = (uint16_t)sq;
        seen[sq] = 1;
        while (next < n) {
            int at = region[next++];
            for (int d = 0; d < 4; d++) {
                int nb = g->nbr[at][d];
                if (nb == EG_NONE) continue;
                if (pos->side_at[nb] != EG_EMPTY_SIDE) borders |= 1u << pos->side_at[nb];
                else if (!seen[nb]) {
                    seen[nb] = 1;
                    region[n++] = (uint16_t)nb;
                }
            }
        }
        for (int p = 0; p < g->nplayers; p++)
            if (borders == 1u << p) halves[p] += 2 * n;
    }
}

int eg_area_winner(const ggn_position *pos)
{
    int halves[GGN_MAX_PLAYERS];
    eg_area_halves(pos, halves);
    int best = 0, sharing = 0;
    for (int p = 1; p < pos->g->nplayers; p++)
        if (halves[p] > halves[best]) best = p;
    for (int p = 0; p < pos->g->nplayers; p++) sharing += halves[p] == halves[best];
    return sharing == 1 ? best : -1;
}

bool ggn_position_area_scores(const ggn_position *pos, double *scores)
{
    if (!pos->g->area) return false;
    int halves[GGN_MAX_PLAYERS];
    eg_area_halves(pos, halves);
    for (int p = 0; p < pos->g->nplayers; p++) scores[p] = halves[p] / 2.0;
    return true;
}
