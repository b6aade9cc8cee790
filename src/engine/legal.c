/*
 * legal.c — leader safety and the legal move list.
 *
 * In a game with a leader, a pseudo-legal move is legal when, after it,
 * none of the mover's leaders can be captured by another player.
 *
 * The exact test makes the move, asks whether a leader is attacked, and
 * takes it back. Most moves can be judged without that: when no leader of
 * the mover is attacked now, a move that is not a leader's, changes no
 * square but its source and destination (SET_STATE flags are fine: attacks
 * ignore conditions), and the game has only ordinary slides (stopping at the first
 * piece) can expose a leader in one way only — by opening a slide line onto
 * it through the square it leaves. That is checked along the precomputed
 * reverse rays, with the move applied in the walk (source empty, destination
 * ours). A plain move of a game's only leader is judged by testing its
 * destination with its source emptied. Anything else takes the exact path.
 * Nothing is allocated.
 */
#include "engine.h"

void eg_index_leaders(ggn_position *pos)
{
    const ggn_game *g = pos->g;
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) pos->nleader[p] = 0;
    pos->leaders_overflow = false;
    if (g->leader == EG_NONE) return;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->kind != g->leader) continue;
        if (pos->nleader[pc->owner] < EG_MAX_LEADERS) pos->leader[pc->owner][pos->nleader[pc->owner]++] = (uint8_t)id;
        else pos->leaders_overflow = true;
    }
}

/* leaders_may_not_face: the first piece up or down the file from sq is another player's leader. */
static bool faces_on_file(const ggn_position *pos, int sq, int player)
{
    const ggn_game *g = pos->g;
    for (int dy = -1; dy <= 1; dy += 2) {
        for (int y = g->sq_y[sq] + dy;; y += dy) {
            int s = eg_square(g, g->sq_x[sq], y);
            if (s == EG_NONE) break;
            if (pos->side_at[s] == EG_EMPTY_SIDE) continue;
            if (pos->side_at[s] != player && pos->kind_at[s] == g->leader) return true;
            break;
        }
    }
    return false;
}

/* leaders_may_not_face: some leader of `player` sees another player's leader along its file. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool leaders_face(const ggn_position *pos, int player)
{
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == pos->g->leader && faces_on_file(pos, p->sq, player))
            return true;
    }
    return false;
}

bool eg_leader_attacked(const ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    if (g->leader == EG_NONE) return false;
    if (g->leaders_may_not_face && leaders_face(pos, player)) return true;
    if (!pos->leaders_overflow) {
        for (int i = 0; i < pos->nleader[player]; i++) {
            const eg_piece *p = &pos->piece[pos->leader[player][i]];
            if (p->sq != EG_NONE && p->kind == g->leader && eg_attacked_by_others(pos, p->sq, player)) return true;
        }
        return false;
    }
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == g->leader &&
            eg_attacked_by_others(pos, p->sq, player))
            return true;
    }
    return false;
}

/* Is `from` on the reverse ray of direction (dx, dy) from `l`, i.e. l - from = k * (dx, dy), k >= 1? */
static bool behind(const ggn_game *g, int l, int from, int dx, int dy)
{
    int ex = g->sq_x[l] - g->sq_x[from], ey = g->sq_y[l] - g->sq_y[from];
    int k;
    if (dx) {
        if (ex % dx) return false;
        k = ex / dx;
    } else {
        if (ex) return false;
        k = ey / dy;
        if (ey % dy) return false;
    }
    return k >= 1 && ey == k * dy;
}

/* Index of the lowest set bit of a non-zero mask. */
static inline int lowest_bit(uint32_t mask)
{
#if defined(__GNUC__)
    return __builtin_ctz(mask);
#else
    int i = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        i++;
    }
    return i;
#endif
}

/* Does the reverse ray of slide d of player o from l, with the move applied, reach an attacker? */
static bool ray_reaches_attacker(const ggn_position *pos, const eg_slide_dir *dir, int o, int l, int from, int to)
{
    const uint16_t *ray = dir->rev_pool + dir->rev_off[l];
    for (int j = 0, n = dir->rev_len[l]; j < n; j++) {
        int s = ray[j];
        if (s == to) return false;
        if (s == from || pos->side_at[s] == EG_EMPTY_SIDE) continue;
        if (pos->side_at[s] != o) return false;
        int k = pos->kind_at[s];
        return ((dir->kinds >> k) & 1) && dir->range[k] > j;
    }
    return false;
}

/* Would vacating `from` and occupying `to` open a slide of another player onto square l? */
static bool opens_line(const ggn_position *pos, int player, int l, int from, int to)
{
    const ggn_game *g = pos->g;
    for (int o = 0; o < g->nplayers; o++) {
        if (o == player) continue;
        const eg_attack *at = &g->attack[o];
        if (at->align) {
            for (uint32_t through = at->align[(size_t)l * (size_t)g->nsq + (size_t)from]; through; through &= through - 1)
                if (ray_reaches_attacker(pos, &at->slide[lowest_bit(through)], o, l, from, to)) return true;
            continue;
        }
        for (int d = 0; d < at->nslide; d++)
            if (behind(g, l, from, at->slide[d].dx, at->slide[d].dy) &&
                ray_reaches_attacker(pos, &at->slide[d], o, l, from, to))
                return true;
    }
    return false;
}

/*
 * A plain move of the only leader: safe when its destination is not
 * attacked once the source is empty. Whatever stood on the destination is
 * captured and cannot attack from there; nothing else changes.
 */
static bool leader_step_safe(ggn_position *pos, int player, int from, int to)
{
    int8_t side = pos->side_at[from];
    pos->side_at[from] = EG_EMPTY_SIDE;
    bool safe = !eg_attacked_by_others(pos, to, player);
    pos->side_at[from] = side;
    return safe;
}

static bool legal_by_making(ggn_position *pos, ggn_move m, int player)
{
    if (!eg_make(pos, m)) return false;
    bool legal = !eg_leader_attacked(pos, player);
    eg_unmake(pos);
    return legal;
}

size_t eg_filter_legal(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    if (g->leader == EG_NONE) return n;
    int player = eg_player_to_move(pos);
    bool fast = !g->any_odd && !pos->leaders_overflow && !eg_leader_attacked(pos, player);
    /* The squares of the mover's leaders, found once for the whole list. */
    int leaders[EG_MAX_LEADERS], nleaders = 0;
    for (int k = 0; fast && k < pos->nleader[player]; k++)
        if (pos->piece[pos->leader[player][k]].sq != EG_NONE) leaders[nleaders++] = pos->piece[pos->leader[player][k]].sq;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = moves[i];
        int kind = pos->kind_at[m.from];
        bool legal;
        bool plain = (eg_move_of(g, player, kind, m.pattern)->plain_actions >> m.action) & 1;
        if (fast && plain && kind != g->leader) {
            legal = true;
            for (int k = 0; k < nleaders && legal; k++)
                if (opens_line(pos, player, leaders[k], m.from, m.to)) legal = false;
        } else if (plain && kind == g->leader && nleaders == 1 && !g->any_odd && !pos->leaders_overflow) {
            legal = leader_step_safe(pos, player, m.from, m.to);
        } else {
            legal = legal_by_making(pos, m, player);
        }
        if (legal) moves[kept++] = m;
    }
    return kept;
}

size_t ggn_position_pseudo_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    return eg_generate_all(pos, buf, cap);
}

size_t ggn_position_legal_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    ggn_move all[GGN_MAX_MOVES];
    size_t n = eg_generate_all(pos, all, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal_all(pos, all, n);
    for (size_t i = 0; i < n && i < cap; i++) buf[i] = all[i];
    return n;
}

bool ggn_position_leader_attacked(const ggn_position *pos, int player)
{
    return eg_leader_attacked(pos, player);
}
