/*
 * territory.c — who reaches the empty squares first, for games whose turns
 * wall the board (extension "then": Amazons, where every turn leaves an
 * arrow). There mobility says little: what decides the game is the room each
 * side keeps. Each player's pieces spread over the empty squares by their
 * own moves (landings on empty squares, slides stopping at any piece), one
 * move a step; an empty square is the player's whose pieces reach it in
 * fewer moves, nobody's on a tie or when none reaches it. The term is the
 * difference of the two counts (docs/ai.md, "The evaluation").
 */
#include <string.h>

#include "engine/engine.h"
#include "search_internal.h"

/* Moves from each square to reach it, for `player`'s pieces (0xFF: never). */
static void spread(const ggn_position *pos, int player, uint8_t *dist)
{
    const ggn_game *g = pos->g;
    uint16_t queue[GGN_MAX_SQUARES];
    uint8_t kind_of[GGN_MAX_SQUARES]; /* the kind whose moves reached the square (the first to) */
    int head = 0, tail = 0;
    memset(dist, 0xFF, (size_t)g->nsq);
    for (int sq = 0; sq < g->nsq; sq++)
        if (pos->piece_at[sq] && pos->side_at[sq] == player) {
            dist[sq] = 0;
            kind_of[sq] = pos->kind_at[sq];
            queue[tail++] = (uint16_t)sq;
        }
    while (head < tail) {
        int from = queue[head++];
        const eg_step *end;
        const eg_step *st = eg_steps_of(g, player, kind_of[from], from, &end);
        for (; st < end; st++) {
            const uint16_t *ray = g->rays + st->ray;
            for (int i = 0; i < st->len; i++) {
                int to = ray[i];
                if (pos->piece_at[to]) break;
                if (dist[to] != 0xFF) continue;
                dist[to] = (uint8_t)(dist[from] + 1 < 0xFE ? dist[from] + 1 : 0xFE);
                kind_of[to] = kind_of[from];
                queue[tail++] = (uint16_t)to;
            }
        }
    }
}

long ss_territory(const ggn_searcher *s, const ggn_position *pos, int me)
{
    uint8_t mine[GGN_MAX_SQUARES], theirs[GGN_MAX_SQUARES];
    spread(pos, me, mine);
    spread(pos, 1 - me, theirs);
    long v = 0;
    for (int sq = 0; sq < pos->g->nsq; sq++) {
        if (pos->piece_at[sq] || !pos->g->enabled[sq]) continue;
        v += mine[sq] < theirs[sq] ? 1 : theirs[sq] < mine[sq] ? -1 : 0;
    }
    return v * s->w.territory;
}
