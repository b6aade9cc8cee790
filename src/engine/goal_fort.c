/*
 * goal_fort.c — game_end's "fort" (docs/game-spec.md, "Custodial capture"):
 * tafl's edge fort. A player of the rule holds one when a piece of its kinds
 * (the king) stands on the board's edge next to an empty square, and the
 * region it reaches by orthogonal steps through empty squares is walled in by
 * the player's own pieces (and the edge), none of which the others can ever
 * take while the player does nothing but move about inside.
 *
 * "Can ever take" is decided statically, by a greatest fixed point over the
 * player's pieces outside the region. A piece stays *safe* while
 *  - along each of the two lines through it (rank and file), one neighbour
 *    never closes an enclosure for another player: it is off the board, a
 *    square of the region no other player reads as hostile, or a safe piece;
 *  - and, standing on the edge (the shield wall), the run of safe pieces
 *    along that edge through it has a member whose neighbour in front (away
 *    from the edge) is such a square, or a square past one of its ends is a
 *    square of the region no other player reads as hostile.
 * Pieces failing this are dropped until none does; the fort holds when every
 * piece next to the region is still safe. Why that is enough: no other
 * player's piece can enter the region while its walls stand; a safe piece has
 * on each line a neighbour that is never another's piece nor an empty
 * hostile square, so it is never taken between two; and a shield wall needs
 * every piece of the row flanked in front and both ends closed, which the
 * second rule denies (a row through the region's piece — the king — is never
 * flanked in front of him, for his front is the region or a wall). So the
 * reading is sound: a fort found here cannot be broken. It asks nothing of
 * the attackers' numbers or reach, which is what makes it decidable at once.
 *
 * Only custodial capture along ranks and files and the shield wall can take
 * a piece in a game with a fort rule (read_goal_line.c refuses the others).
 */
#include <string.h>

#include "engine.h"

static const int8_t step[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

/* Is the empty square sq hostile to p's pieces: listed in the custodial "hostile" of another player's kind? */
static bool hostile_to(const ggn_game *g, int p, int sq)
{
    for (int q = 0; q < g->nplayers; q++) {
        if (q == p) continue;
        for (int k = 0; k < g->nkinds; k++) {
            const eg_custodial *c = &g->custody[(size_t)q * (size_t)g->nkinds + (size_t)k];
            if (c->hostile && c->hostile[sq]) return true;
        }
    }
    return false;
}

typedef struct fort {
    const ggn_position *pos;
    bool region[GGN_MAX_SQUARES]; /* the king's square and the empty squares he reaches */
    bool calm[GGN_MAX_SQUARES];   /* squares of the region no other player reads as hostile */
    bool safe[GGN_MAX_SQUARES];   /* p's pieces still deemed safe */
} fort;

/* Does sq never close an enclosure for another player (off the board, a calm square, a safe piece)? */
static bool holds(const fort *f, int sq)
{
    return sq == EG_NONE || f->calm[sq] || f->safe[sq];
}

/* Is the safe piece on sq, standing on the edge `o` faces, beyond a shield wall? */
static bool row_holds(const fort *f, int sq, int o)
{
    const ggn_game *g = f->pos->g;
    int ox = step[o][0], oy = step[o][1];
    if (holds(f, eg_offset(g, sq, -ox, -oy))) return true;
    for (int way = -1; way <= 1; way += 2) {
        int ax = -oy * way, ay = ox * way;
        int t = eg_offset(g, sq, ax, ay);
        while (t != EG_NONE && f->safe[t] && eg_offset(g, t, ox, oy) == EG_NONE) {
            if (holds(f, eg_offset(g, t, -ox, -oy))) return true;
            t = eg_offset(g, t, ax, ay);
        }
        if (t == EG_NONE || f->calm[t]) return true; /* the row's end is never closed */
    }
    return false;
}

/* Is the safe piece on sq still safe? */
static bool stays_safe(const fort *f, int sq)
{
    const ggn_game *g = f->pos->g;
    for (int axis = 0; axis < 2; axis++)
        if (!holds(f, eg_offset(g, sq, step[axis][0], step[axis][1])) &&
            !holds(f, eg_offset(g, sq, -step[axis][0], -step[axis][1])))
            return false;
    for (int o = 0; o < 4; o++)
        if (eg_offset(g, sq, step[o][0], step[o][1]) == EG_NONE && !row_holds(f, sq, o)) return false;
    return true;
}

/* Is the piece of p on king, on the edge, in a fort? */
static bool in_fort(const ggn_position *pos, int p, int king)
{
    const ggn_game *g = pos->g;
    fort f;
    memset(&f, 0, sizeof f);
    f.pos = pos;
    uint16_t queue[GGN_MAX_SQUARES];
    int head = 0, tail = 0;
    f.region[king] = true;
    queue[tail++] = (uint16_t)king;
    while (head < tail) {
        int sq = queue[head++];
        for (int d = 0; d < 4; d++) {
            int nb = eg_offset(g, sq, step[d][0], step[d][1]);
            if (nb == EG_NONE || f.region[nb]) continue;
            if (pos->side_at[nb] == EG_EMPTY_SIDE) {
                f.region[nb] = true;
                queue[tail++] = (uint16_t)nb;
            } else if (pos->side_at[nb] != p) {
                return false; /* another player's piece stands at the door */
            }
        }
    }
    if (tail < 2) return false; /* the king cannot move */
    for (int i = 0; i < tail; i++) f.calm[queue[i]] = !hostile_to(g, p, queue[i]);
    for (int sq = 0; sq < g->nsq; sq++) f.safe[sq] = !f.region[sq] && pos->side_at[sq] == p;
    for (bool dropped = true; dropped;) {
        dropped = false;
        for (int sq = 0; sq < g->nsq; sq++)
            if (f.safe[sq] && !stays_safe(&f, sq)) f.safe[sq] = false, dropped = true;
    }
    for (int i = 0; i < tail; i++)
        for (int d = 0; d < 4; d++) {
            int nb = eg_offset(g, queue[i], step[d][0], step[d][1]);
            if (nb != EG_NONE && !f.region[nb] && !f.safe[nb]) return false; /* a wall that can be taken */
        }
    return true;
}

static bool on_edge(const ggn_game *g, int sq)
{
    for (int d = 0; d < 4; d++)
        if (eg_offset(g, sq, step[d][0], step[d][1]) == EG_NONE) return true;
    return false;
}

unsigned eg_fort_players(const ggn_position *pos, const sd_fort *x)
{
    const ggn_game *g = pos->g;
    unsigned found = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || !((x->players >> pc->owner) & 1) || !((x->kinds >> pc->kind) & 1)) continue;
        if ((found >> pc->owner) & 1 || !on_edge(g, pc->sq)) continue;
        if (in_fort(pos, pc->owner, pc->sq)) found |= 1u << pc->owner;
    }
    return found;
}
