/*
 * goal_united.c — game_end's "united" (docs/game-spec.md, "Moves counted on
 * the line"): a player whose pieces of the rule's kinds on the board, at
 * least one, stand in one group — each reached from another by neighbour
 * steps through the player's own such pieces — gets the rule's result
 * (Lines of Action: all of a player's pieces joined, diagonals included).
 *
 * Judged on the whole board (a capture elsewhere can unite the other
 * player), one flood fill per player: a few hundred steps on 8×8.
 *
 * And game_end's "enclosed" (docs/game-spec.md, "Custodial capture"): a
 * player none of whose pieces can reach the board's edge by orthogonal
 * steps through squares free of other players' pieces (tafl's encirclement:
 * a ring of attackers, closed orthogonally or diagonally, round the king and
 * every defender). One flood fill from the player's pieces.
 */
#include "engine.h"

/* The eight king steps; the first four are the orthogonal ones. Hexagonal cells take eg_neighbour's six. */
static const int8_t king_step[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static inline bool counts(const ggn_position *pos, int sq, int p, unsigned long long kinds)
{
    return sq != EG_NONE && pos->piece_at[sq] && pos->side_at[sq] == p && ((kinds >> pos->kind_at[sq]) & 1);
}

static bool united(const ggn_position *pos, const sd_united *u, int p)
{
    const ggn_game *g = pos->g;
    bool hex = g->def->cells == SD_CELLS_HEX;
    int nsteps = hex ? 6 : u->diagonal ? 8 : 4;
    uint16_t queue[GGN_MAX_PIECES_ON_BOARD];
    bool seen[GGN_MAX_SQUARES] = { false };
    int total = 0, head = 0, tail = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != p || !((u->kinds >> pc->kind) & 1)) continue;
        if (total++ == 0) {
            seen[pc->sq] = true;
            queue[tail++] = (uint16_t)pc->sq;
        }
    }
    while (head < tail) {
        int sq = queue[head++];
        for (int d = 0; d < nsteps; d++) {
            int nb = hex ? eg_neighbour(g, sq, d) : eg_offset(g, sq, king_step[d][0], king_step[d][1]);
            if (!counts(pos, nb, p, u->kinds) || seen[nb] || tail >= GGN_MAX_PIECES_ON_BOARD) continue;
            seen[nb] = true;
            queue[tail++] = (uint16_t)nb;
        }
    }
    return total > 0 && tail == total;
}

unsigned eg_united_players(const ggn_position *pos, const sd_united *u)
{
    unsigned found = 0;
    for (int p = 0; p < pos->g->nplayers; p++)
        if (united(pos, u, p)) found |= 1u << p;
    return found;
}

/* Is a square on the edge of the board: one of its four orthogonal neighbours is off it (or disabled)? */
static bool on_edge(const ggn_game *g, int sq)
{
    for (int d = 0; d < 4; d++)
        if (eg_offset(g, sq, king_step[d][0], king_step[d][1]) == EG_NONE) return true;
    return false;
}

static bool enclosed(const ggn_position *pos, int p)
{
    const ggn_game *g = pos->g;
    uint16_t queue[GGN_MAX_SQUARES];
    bool seen[GGN_MAX_SQUARES] = { false };
    int head = 0, tail = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != p || seen[pc->sq]) continue;
        seen[pc->sq] = true;
        queue[tail++] = (uint16_t)pc->sq;
    }
    if (tail == 0) return false;
    while (head < tail) {
        int sq = queue[head++];
        if (on_edge(g, sq)) return false;
        for (int d = 0; d < 4; d++) {
            int nb = eg_offset(g, sq, king_step[d][0], king_step[d][1]);
            if (nb == EG_NONE || seen[nb] || (pos->side_at[nb] != EG_EMPTY_SIDE && pos->side_at[nb] != p)) continue;
            seen[nb] = true;
            queue[tail++] = (uint16_t)nb;
        }
    }
    return true;
}

unsigned eg_enclosed_players(const ggn_position *pos, const sd_enclosed *x)
{
    unsigned found = 0;
    for (int p = 0; p < pos->g->nplayers; p++)
        if (((x->players >> p) & 1) && enclosed(pos, p)) found |= 1u << p;
    return found;
}
