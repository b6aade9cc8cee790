/*
 * custodial.c — extension "custodial" (docs/game-spec.md, "Custodial
 * capture"): when a piece of a kind with "custodial" arrives on a square by a
 * move, each piece of another player next to it along one of the kind's
 * directions is taken when the square beyond it closes the enclosure — a
 * partner (a piece of the mover of a kind in .partners) or an empty square of
 * the hostile region read for the mover. A kind in .surround is taken only
 * when the squares next to it along every direction close it (the arriving
 * piece closes its own side). The board edge closes nothing.
 *
 * With .shield_wall, a piece arriving on the board's edge also takes a row of
 * two or more of the others' pieces along that edge which it brackets at one
 * end, when the square past the row's other end closes and every piece of the
 * row has a partner in front of it (on its neighbour away from the edge). The
 * row's .surround kinds (the king) are part of it but are not taken.
 *
 * Every enclosure is judged on the board after the move and before any piece
 * is taken, so the taking of one never opens or closes another. The taken
 * pieces go on the position's taken stack (eg_take_off, as group_capture's
 * stones), which unmake empties. Games without custodial capture never come
 * here (ggn_game.custodial).
 */
#include "engine.h"

static inline const eg_custodial *custodial_of(const ggn_game *g, int player, int kind)
{
    return &g->custody[(size_t)player * (size_t)g->nkinds + (size_t)kind];
}

bool eg_compile_custodial(ggn_game *g)
{
    const sd_game *def = g->def;
    for (int k = 0; k < g->nkinds; k++)
        if (def->kinds[k].custodial.given) g->custodial = true;
    if (!g->custodial) return true;
    g->custody = sd_arena_alloc(g->arena, (size_t)g->nplayers * (size_t)g->nkinds, sizeof *g->custody);
    if (!g->custody) return false;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) {
            const sd_custodial *sc = &def->kinds[k].custodial;
            eg_custodial *c = &g->custody[(size_t)p * (size_t)g->nkinds + (size_t)k];
            if (!sc->given) continue;
            const sd_player *pl = &def->players[p];
            c->n = (uint8_t)sc->ndirections;
            for (int i = 0; i < sc->ndirections; i++) {
                c->d[i][0] = (int8_t)(pl->dir[0][0] * sc->directions[i][0] + pl->dir[0][1] * sc->directions[i][1]);
                c->d[i][1] = (int8_t)(pl->dir[1][0] * sc->directions[i][0] + pl->dir[1][1] * sc->directions[i][1]);
            }
            c->captures = sc->captures;
            c->partners = sc->partners;
            c->surround = sc->surround;
            c->shield_wall = sc->shield_wall;
            c->hostile = sc->hostile < 0 ? NULL
                                         : g->named_sq + ((size_t)sc->hostile * (size_t)g->nplayers + (size_t)p) * (size_t)g->nsq;
        }
    return true;
}

/* Does sq close an enclosure for `player`: a partner of its, or an empty hostile square? (not off the board) */
static inline bool closes(const ggn_position *pos, const eg_custodial *c, int sq, int player)
{
    if (sq == EG_NONE) return false;
    if (pos->side_at[sq] == EG_EMPTY_SIDE) return c->hostile && c->hostile[sq];
    return pos->side_at[sq] == player && ((c->partners >> pos->kind_at[sq]) & 1);
}

/* Is the piece on t, of a .surround kind, closed in along every direction? `at` holds the arriving piece. */
static bool surrounded(const ggn_position *pos, const eg_custodial *c, int t, int at, int player)
{
    for (int j = 0; j < c->n; j++) {
        int nb = eg_offset(pos->g, t, c->d[j][0], c->d[j][1]);
        if (nb != at && !closes(pos, c, nb, player)) return false;
    }
    return true;
}

static const int8_t orthogonal[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

/* Is the piece on sq a partner of `player` (a piece of it of a .partners kind)? */
static inline bool partner_on(const ggn_position *pos, const eg_custodial *c, int sq, int player)
{
    return sq != EG_NONE && pos->side_at[sq] == player && ((c->partners >> pos->kind_at[sq]) & 1);
}

/*
 * The shield walls the piece arriving on sq closes: for each side of sq that
 * faces off the board (step o), the two ways along that edge. Adds the taken
 * squares to taken[n..), each once (a square is on at most four rays from sq,
 * so they fit), and returns the new count.
 */
static int shield_walls(const ggn_position *pos, const eg_custodial *c, int sq, int player, int *taken, int n)
{
    const ggn_game *g = pos->g;
    for (int o = 0; o < 4; o++) {
        int ox = orthogonal[o][0], oy = orthogonal[o][1];
        if (eg_offset(g, sq, ox, oy) != EG_NONE) continue; /* not an edge of sq */
        for (int way = -1; way <= 1; way += 2) {
            int ax = -oy * way, ay = ox * way; /* along the edge */
            int row[GGN_MAX_BOARD_SIDE], len = 0, t = eg_offset(g, sq, ax, ay);
            bool flanked = true;
            /* The row: the others' pieces on this edge, each with a partner in front of it. */
            while (t != EG_NONE && pos->side_at[t] != EG_EMPTY_SIDE && pos->side_at[t] != player &&
                   eg_offset(g, t, ox, oy) == EG_NONE && len < GGN_MAX_BOARD_SIDE) {
                if (!partner_on(pos, c, eg_offset(g, t, -ox, -oy), player)) {
                    flanked = false;
                    break;
                }
                row[len++] = t;
                t = eg_offset(g, t, ax, ay);
            }
            if (!flanked || len < 2 || !closes(pos, c, t, player)) continue;
            for (int i = 0; i < len; i++) {
                bool listed = false; /* taken between two already (by a direction of .d other than a step) */
                for (int j = 0; j < n && !listed; j++) listed = taken[j] == row[i];
                if (!listed && ((c->captures >> pos->kind_at[row[i]]) & 1)) taken[n++] = row[i];
            }
        }
    }
    return n;
}

void eg_make_custodial(ggn_position *pos, eg_undo *u, int sq, int kind)
{
    const ggn_game *g = pos->g;
    int player = pos->side_at[sq];
    const eg_custodial *c = custodial_of(g, player, kind);
    /* Between two, every direction once; the shield walls, at most the squares of four rays from sq. */
    int taken[GGN_MAX_CONVERT_OFFSETS + 4 * GGN_MAX_BOARD_SIDE], n = 0;
    for (int i = 0; i < c->n; i++) {
        int t = eg_offset(g, sq, c->d[i][0], c->d[i][1]);
        if (t == EG_NONE || pos->side_at[t] == EG_EMPTY_SIDE || pos->side_at[t] == player) continue;
        int tk = pos->kind_at[t];
        /* Distinct directions reach distinct squares: no piece is listed twice. */
        if ((c->captures >> tk) & 1) {
            if (closes(pos, c, eg_offset(g, t, c->d[i][0], c->d[i][1]), player)) taken[n++] = t;
        } else if (((c->surround >> tk) & 1) && surrounded(pos, c, t, sq, player)) {
            taken[n++] = t;
        }
    }
    if (c->shield_wall) n = shield_walls(pos, c, sq, player, taken, n);
    for (int i = 0; i < n; i++) eg_take_off(pos, u, taken[i]);
}
