/*
 * playout_tactics.c — board questions for playout policies
 * (engine/playout_tactics.h): liberties of a group and winning rows, read
 * from the board without a move. Both walk a few squares from one point, so
 * a policy asking them about the last move's neighbours stays cheap beside
 * the ply's move generation.
 */
#include "engine/playout_tactics.h"

#include <string.h>

#include "engine.h"
#include "random.h"

int eg_group_liberties(const ggn_position *pos, int sq, int max, int *libs)
{
    const ggn_game *g = pos->g;
    if (!g->group_capture || !g->nbr || sq < 0 || sq >= g->nsq || pos->side_at[sq] == EG_EMPTY_SIDE || max <= 0)
        return 0;
    /* seen[] marks the group's stones and the liberties already counted, so each is met once. */
    uint8_t seen[GGN_MAX_SQUARES];
    uint16_t group[GGN_MAX_SQUARES];
    memset(seen, 0, (size_t)g->nsq);
    int side = pos->side_at[sq], n = 0, next = 0, found = 0;
    group[n++] = (uint16_t)sq;
    seen[sq] = 1;
    while (next < n) {
        int at = group[next++];
        for (int d = 0; d < 4; d++) {
            int nb = g->nbr[at][d];
            if (nb == EG_NONE || seen[nb]) continue;
            if (pos->side_at[nb] == EG_EMPTY_SIDE) {
                seen[nb] = 1;
                libs[found++] = nb;
                if (found == max) return found;
            } else if (pos->side_at[nb] == side) {
                seen[nb] = 1;
                group[n++] = (uint16_t)nb;
            }
        }
    }
    return found;
}

/* Is a piece of p of the rule's kinds on sq? */
static bool counted(const ggn_position *pos, int sq, int p, unsigned long long kinds)
{
    return sq != EG_NONE && pos->piece_at[sq] && pos->side_at[sq] == p && ((kinds >> pos->kind_at[sq]) & 1);
}

bool eg_drop_makes_row(const ggn_position *pos, int sq, int p)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    if (sq < 0 || sq >= g->nsq || !g->enabled[sq] || pos->piece_at[sq]) return false;
    for (int r = 0; r < e->nlines; r++) {
        const sd_line *line = &e->lines[r];
        if (line->result != SD_RESULT_WIN) continue;
        for (int d = 0; d < line->ndirs; d++) {
            int dx = line->dirs[d][0], dy = line->dirs[d][1], n = 1;
            for (int s = eg_offset(g, sq, dx, dy); counted(pos, s, p, line->kinds); s = eg_offset(g, s, dx, dy)) n++;
            for (int s = eg_offset(g, sq, -dx, -dy); counted(pos, s, p, line->kinds); s = eg_offset(g, s, -dx, -dy)) n++;
            if (line->exact ? n == line->length : n >= line->length) return true;
        }
    }
    return false;
}

bool eg_game_has_winning_lines(const ggn_game *g)
{
    const sd_game_end *e = &g->def->end;
    for (int r = 0; r < e->nlines; r++)
        if (e->lines[r].result == SD_RESULT_WIN) return true;
    return false;
}

ggn_move eg_draw_not_held_back(const ggn_position *pos, const ggn_move *moves, size_t n, uint64_t *rng,
                               eg_held_back_fn held, int mover)
{
    for (int tries = 0; tries < 4; tries++) {
        ggn_move m = moves[eg_random_below(rng, n)];
        if (!held(pos, m, mover)) return m;
    }
    size_t free_moves = 0, pass = n;
    for (size_t i = 0; i < n; i++) {
        if (!held(pos, moves[i], mover)) free_moves++;
        else if (eg_is_pass(pos->g, moves[i])) pass = i;
    }
    if (free_moves == 0) return moves[pass < n ? pass : eg_random_below(rng, n)];
    size_t pick = eg_random_below(rng, free_moves);
    for (size_t i = 0;; i++)
        if (!held(pos, moves[i], mover) && pick-- == 0) return moves[i];
}
