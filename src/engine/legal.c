/*
 * legal.c — leader safety and the legal move list.
 *
 * In a game with a leader, a pseudo-legal move is legal when, after it,
 * none of the mover's leaders can be captured by another player.
 *
 * The exact test makes the move, asks whether a leader is attacked, and
 * takes it back. Most moves are judged without that. When no leader of the
 * mover is attacked now, a move that is not a leader's and changes no square
 * but its source and destination (SET_STATE flags are fine: attacks ignore
 * conditions) can only expose a leader by changing what attacks look at
 * between an attacker and the leader:
 * - in every game, by opening a slide line onto it through the square it
 *   leaves: checked along the precomputed reverse rays, with the move
 *   applied in the walk (source empty, destination ours) — filter_lines;
 * - in games with legged leaps, hops or leaders_may_not_face (xiangqi), also
 *   by emptying the leg of a horse aimed at the leader, by changing the
 *   number of screens between a cannon and the leader (leaving a line or
 *   arriving on one), or by leaving the file between two leaders. Once per
 *   list, mark_hot() walks each line from each leader to its first few
 *   pieces and marks the squares whose emptying or filling can do any of
 *   that (its comment has the argument); a move touching no marked square is
 *   legal with two lookups, and one that does is walked exactly by exposes()
 *   — filter_tricky.
 * A plain move of a player's only leader is judged by testing its
 * destination with its source emptied, in check or not. Anything else —
 * moves in check, moves with board-changing effects (castling, en passant),
 * moves that may promote into or out of the leader kind (compile.c clears
 * their plain bits: the leaders to keep safe change), leaders beyond
 * EG_MAX_LEADERS, and every move of a game where some attack
 * is walked forward from the attacker (odd_kinds: slides stopping on other
 * than the first piece, bounded hops, legs of several squares) — takes the
 * exact path. Nothing is allocated.
 */
#include <string.h>

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

/*
 * leaders_may_not_face: the first piece up or down the file from sq is another
 * player's leader. The walk can see a move applied to the board: `from` read
 * as empty and `to` as a piece of `player` (EG_NONE for the board as it is).
 */
static bool faces_on_file(const ggn_position *pos, int sq, int player, int from, int to)
{
    const ggn_game *g = pos->g;
    for (int dy = -1; dy <= 1; dy += 2) {
        for (int y = g->sq_y[sq] + dy;; y += dy) {
            int s = eg_square(g, g->sq_x[sq], y);
            if (s == EG_NONE || s == to) break;
            if (s == from || pos->side_at[s] == EG_EMPTY_SIDE) continue;
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
    const ggn_game *g = pos->g;
    if (!pos->leaders_overflow) {
        /* The index lists every leader of the player (see eg_index_leaders). */
        for (int i = 0; i < pos->nleader[player]; i++) {
            const eg_piece *p = &pos->piece[pos->leader[player][i]];
            if (p->sq != EG_NONE && p->kind == g->leader && faces_on_file(pos, p->sq, player, EG_NONE, EG_NONE))
                return true;
        }
        return false;
    }
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == g->leader &&
            faces_on_file(pos, p->sq, player, EG_NONE, EG_NONE))
            return true;
    }
    return false;
}

bool eg_leaders_face(const ggn_position *pos, int player) { return leaders_face(pos, player); }

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
static inline bool opens_line(const ggn_position *pos, int player, int l, int from, int to)
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
 * Does the hop line d of player o onto square l, with the move applied,
 * reach an attacker? The walk back from l passes empty squares, counts the
 * first dir->hop pieces as screens, and the piece after them attacks when it
 * is one of o's hopping kinds. `from` reads as empty and `to` as the mover's.
 */
static bool hop_reaches_attacker(const ggn_position *pos, const eg_slide_dir *dir, int o, int l, int from, int to)
{
    const uint16_t *ray = dir->rev_pool + dir->rev_off[l];
    int screens = dir->hop;
    for (int j = 0, n = dir->rev_len[l]; j < n; j++) {
        int s = ray[j];
        if (s == from) continue;
        if (s != to && pos->side_at[s] == EG_EMPTY_SIDE) continue;
        if (screens) {
            screens--;
            continue;
        }
        return s != to && pos->side_at[s] == o && ((dir->kinds >> pos->kind_at[s]) & 1);
    }
    return false;
}

/*
 * The exact line test of games with legs, hops or facing leaders
 * (eg_game.any_tricky), for a move that mark_hot() flagged: the slide test of
 * opens_line, and the three more ways such a move can expose l.
 * - A leg: a horse of another player attacks l over its leg only while the
 *   leg is empty; the move empties `from` and nothing else, so only entries
 *   of leg_pool whose leg is `from` can start to attack (an attacker on `to`
 *   is captured).
 * - A hop line: a cannon attacks over exactly .hop screens, so a piece that
 *   leaves a line onto l or arrives on one (`from` or `to`) can create an
 *   attack; those lines are walked again with the move applied.
 * - The file: l can come to face another leader only when the square that
 *   empties is on its file; a piece arriving there only blocks.
 * Leapers without legs attack from fixed squares, which the move can only
 * fill, so they never start to attack.
 */
static bool exposes(const ggn_position *pos, int player, int l, int from, int to)
{
    const ggn_game *g = pos->g;
    if (opens_line(pos, player, l, from, to)) return true;
    for (int o = 0; o < g->nplayers; o++) {
        const eg_attack *at = &g->attack[o];
        if (o == player || !at->tricky) continue;
        const eg_leg_src *lg = at->leg_pool + at->leg_off[l];
        for (int i = 0, n = at->leg_len[l]; i < n; i++) {
            int s = lg[i].sq;
            if (lg[i].leg == from && s != to && pos->side_at[s] == o && ((lg[i].kinds >> pos->kind_at[s]) & 1))
                return true;
        }
        for (int d = 0; d < at->nhop; d++) {
            const eg_slide_dir *dir = &at->hop[d];
            if ((behind(g, l, from, dir->dx, dir->dy) || behind(g, l, to, dir->dx, dir->dy)) &&
                hop_reaches_attacker(pos, dir, o, l, from, to))
                return true;
        }
    }
    return g->leaders_may_not_face && g->sq_x[from] == g->sq_x[l] && faces_on_file(pos, l, player, from, to);
}

/* mark_hot bits: emptying the square, or filling it, may expose a leader. */
#define HOT_FROM 1u
#define HOT_TO 2u

/* Does the piece on s belong to o and slide or hop along dir (within range at ray index j)? */
static bool attacker_on(const ggn_position *pos, const eg_slide_dir *dir, int o, int s, int j)
{
    if (pos->side_at[s] != o) return false;
    int k = pos->kind_at[s];
    return ((dir->kinds >> k) & 1) && (dir->hop || dir->range[k] > j);
}

/*
 * Marks in hot[] the squares where a move of `player` (not a leader's, plain)
 * can expose the unattacked leader on l, so that a move touching none of
 * them needs no further look. A line from l is the sequence of
 * pieces S[0], S[1], ... on one reverse ray. A move removes at most one of
 * them (its source, a piece of `player`), inserts at most one (its
 * destination, when empty; a capture only turns another player's piece into
 * one of `player`'s), and both at once shift later pieces by at most one in
 * opposite directions, so S'[i] is S[i-1], S[i], S[i+1] or the mover. Hence:
 * - a slide attacks through S[0] only: S[0] is hot to empty when it is
 *   `player`'s and S[1] an attacker in range; filling never opens a slide;
 * - a hop of .hop = h attacks with S[h] (after h screens): before the move
 *   S[h] is not an attacker (no check), so one appears only as S[h+1], when a
 *   piece of `player` among S[0..h] leaves (those are hot to empty), or as
 *   S[h-1], when a piece arrives on an empty square nearer to l than S[h-1]
 *   (those are hot to fill);
 * - a leg is hot to empty when it holds a piece of `player` and a horse of
 *   another player would attack l over it (an empty leg would mean check);
 * - the file: S[0] is hot to empty when it is `player`'s and S[1] another
 *   player's leader.
 * A flagged move is then judged exactly by exposes().
 */
static void mark_hot(const ggn_position *pos, int player, int l, uint8_t *hot)
{
    const ggn_game *g = pos->g;
    int seq[GGN_MAX_BOARD_SIDE + 2], at_j[GGN_MAX_BOARD_SIDE + 2];
    for (int o = 0; o < g->nplayers; o++) {
        if (o == player) continue;
        const eg_attack *at = &g->attack[o];
        for (int d = 0; d < at->nslide + at->nhop; d++) {
            const eg_slide_dir *dir = d < at->nslide ? &at->slide[d] : &at->hop[d - at->nslide];
            const uint16_t *ray = dir->rev_pool + dir->rev_off[l];
            int h = dir->hop, npieces = 0;
            for (int j = 0, n = dir->rev_len[l]; j < n && npieces < h + 2; j++) {
                if (pos->side_at[ray[j]] == EG_EMPTY_SIDE) continue;
                seq[npieces] = ray[j];
                at_j[npieces++] = j;
            }
            if (npieces > h + 1 && attacker_on(pos, dir, o, seq[h + 1], at_j[h + 1]))
                for (int i = 0; i <= h; i++)
                    if (pos->side_at[seq[i]] == player) hot[seq[i]] |= HOT_FROM;
            if (h >= 1 && npieces > h - 1 && attacker_on(pos, dir, o, seq[h - 1], at_j[h - 1]))
                for (int j = 0; j < at_j[h - 1]; j++)
                    if (pos->side_at[ray[j]] == EG_EMPTY_SIDE) hot[ray[j]] |= HOT_TO;
        }
        if (!at->tricky) continue;
        const eg_leg_src *lg = at->leg_pool + at->leg_off[l];
        for (int i = 0, n = at->leg_len[l]; i < n; i++) {
            int s = lg[i].sq;
            if (pos->side_at[s] == o && ((lg[i].kinds >> pos->kind_at[s]) & 1) && pos->side_at[lg[i].leg] == player)
                hot[lg[i].leg] |= HOT_FROM;
        }
    }
    for (int dy = -1; g->leaders_may_not_face && dy <= 1; dy += 2) {
        int first = EG_NONE;
        for (int y = g->sq_y[l] + dy;; y += dy) {
            int s = eg_square(g, g->sq_x[l], y);
            if (s == EG_NONE) break;
            if (pos->side_at[s] == EG_EMPTY_SIDE) continue;
            if (first != EG_NONE) {
                if (pos->side_at[s] != player && pos->kind_at[s] == g->leader) hot[first] |= HOT_FROM;
                break;
            }
            if (pos->side_at[s] != player) break;
            first = s;
        }
    }
}

/*
 * A plain move of the only leader: safe when its destination is not
 * attacked once the source is empty. Whatever stood on the destination is
 * captured and cannot attack from there (nor be a leg or a screen of an
 * attack on it: those lie beyond it); nothing else changes.
 */
static bool leader_step_safe(ggn_position *pos, int player, int from, int to)
{
    int8_t side = pos->side_at[from];
    pos->side_at[from] = EG_EMPTY_SIDE;
    bool safe = !eg_attacked_by_others(pos, to, player);
    pos->side_at[from] = side;
    return safe;
}

/* The same in a game with legs (which read piece_at, so it is emptied too) or facing leaders. */
static bool leader_step_safe_tricky(ggn_position *pos, int player, int from, int to)
{
    int8_t side = pos->side_at[from];
    uint8_t id = pos->piece_at[from];
    pos->side_at[from] = EG_EMPTY_SIDE;
    pos->piece_at[from] = 0;
    bool safe = !eg_attacked_by_others(pos, to, player) &&
                !(pos->g->leaders_may_not_face && faces_on_file(pos, to, player, EG_NONE, EG_NONE));
    pos->side_at[from] = side;
    pos->piece_at[from] = id;
    return safe;
}

static bool legal_by_making(ggn_position *pos, ggn_move m, int player)
{
    if (!eg_make(pos, m)) return false;
    bool legal = !eg_leader_attacked(pos, player);
    eg_unmake(pos);
    return legal;
}

/*
 * In a game with walked attacks (any_walk), the squares where a move may
 * change one on a leader's square: the paths (odd_path) of the walked moves
 * of the pieces that stand where such a move could attack it from. A move
 * makes no new attacker (a plain move of `player` only moves its own piece
 * and may take one), so a move that empties or fills none of these squares
 * changes no walked attack, and the lines are judged as in every tricky
 * game; one that does is made and judged.
 */
static void mark_walk_zone(const ggn_position *pos, int player, const int *leaders, int nleaders, uint64_t *zone)
{
    const ggn_game *g = pos->g;
    for (int o = 0; o < g->nplayers; o++) {
        const eg_attack *at = &g->attack[o];
        if (o == player || !at->odd_kinds) continue;
        size_t words = (size_t)at->odd_words;
        for (int k = 0; k < nleaders; k++) {
            uint32_t first = at->odd_off[leaders[k]];
            for (uint32_t e = first, end = first + at->odd_len[leaders[k]]; e < end; e++) {
                int s = at->odd_pool[e].sq;
                if (pos->side_at[s] != o || !((at->odd_pool[e].kinds >> pos->kind_at[s]) & 1)) continue;
                for (size_t w = 0; w < words; w++) zone[w] |= at->odd_path[(size_t)e * words + w];
            }
        }
    }
}

/*
 * The filter of games with legs, hops or facing leaders. Like filter_lines,
 * but the line test is two lookups in the hot map that mark_hot() builds once
 * per call, and exposes() for the moves it flags. It is kept apart so that the
 * loop of ordinary games compiles as it did (sharing one inline body cost
 * chess 3 % more instructions). The leader's squares are found even in check,
 * where the leader's own plain moves still take leader_step_safe_tricky.
 * With walked attacks (`walk`), a move in their walk zone is made and judged.
 */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t filter_tricky_body(ggn_position *pos, ggn_move *moves, size_t n, bool walk)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    bool lookup = (walk ? g->walk_zoned : !g->any_walk) && !pos->leaders_overflow;
    bool fast = lookup && !eg_leader_attacked(pos, player);
    int leaders[EG_MAX_LEADERS], nleaders = 0;
    for (int k = 0; lookup && k < pos->nleader[player]; k++)
        if (pos->piece[pos->leader[player][k]].sq != EG_NONE) leaders[nleaders++] = pos->piece[pos->leader[player][k]].sq;
    uint8_t hot[GGN_MAX_SQUARES];
    uint64_t zone[(EG_ALIGN_MAX_SQUARES + 63) / 64] = { 0 };
    if (fast) {
        memset(hot, 0, (size_t)g->nsq);
        for (int k = 0; k < nleaders; k++) mark_hot(pos, player, leaders[k], hot);
        if (walk) mark_walk_zone(pos, player, leaders, nleaders, zone);
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = moves[i];
        int kind = pos->kind_at[m.from];
        bool legal;
        bool plain = (eg_move_of(g, player, kind, m.pattern)->plain_actions >> m.action) & 1;
        if (fast && plain && kind != g->leader) {
            if (walk && (((zone[m.from >> 6] >> (m.from & 63)) | (zone[m.to >> 6] >> (m.to & 63))) & 1)) {
                legal = legal_by_making(pos, m, player);
            } else {
                legal = true;
                if ((hot[m.from] & HOT_FROM) | (hot[m.to] & HOT_TO))
                    for (int k = 0; k < nleaders && legal; k++)
                        if (exposes(pos, player, leaders[k], m.from, m.to)) legal = false;
            }
        } else if (plain && kind == g->leader && nleaders == 1) {
            legal = leader_step_safe_tricky(pos, player, m.from, m.to);
        } else {
            legal = legal_by_making(pos, m, player);
        }
        if (legal) moves[kept++] = m;
    }
    return kept;
}

/* Two copies of the body, `walk` a constant in each: the test of the walk zone costs the other
 * tricky games (xiangqi) nothing. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t filter_tricky(ggn_position *pos, ggn_move *moves, size_t n)
{
    return filter_tricky_body(pos, moves, n, false);
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t filter_walked(ggn_position *pos, ggn_move *moves, size_t n)
{
    return filter_tricky_body(pos, moves, n, true);
}

/* The filter of every other game with a leader: the line test. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t filter_lines(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    /* Attacks walked forward (odd_kinds) can change anywhere: always the exact path. */
    bool fast = !g->any_walk && !pos->leaders_overflow && !eg_leader_attacked(pos, player);
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
        } else if (plain && kind == g->leader && nleaders == 1 && !g->any_walk && !pos->leaders_overflow) {
            legal = leader_step_safe(pos, player, m.from, m.to);
        } else {
            legal = legal_by_making(pos, m, player);
        }
        if (legal) moves[kept++] = m;
    }
    return kept;
}

bool eg_known_legal(const ggn_position *pos, ggn_move m)
{
    const ggn_game *g = pos->g;
    /* filter_lines' fast path, one move at a time: its preconditions but the check, which the caller knows. */
    if (m.from == EG_DROP_FROM) return eg_drop_known_legal(pos, m);
    if (g->leader == EG_NONE) return true;
    if (g->any_walk || g->any_tricky || pos->leaders_overflow) return false;
    int player = eg_player_to_move(pos), kind = pos->kind_at[m.from];
    if (kind == g->leader || !((eg_move_of(g, player, kind, m.pattern)->plain_actions >> m.action) & 1)) return false;
    for (int k = 0; k < pos->nleader[player]; k++) {
        int sq = pos->piece[pos->leader[player][k]].sq;
        if (sq != EG_NONE && opens_line(pos, player, sq, m.from, m.to)) return false;
    }
    return true;
}

/*
 * checked_leader_only_captures (makpong): a leader that stands attacked may
 * move only onto a piece of another player that is, alone, the whole attack
 * on it: with that piece taken off the board, the leader's square is no longer
 * attacked. A separate pass before the safety filter, so games without the
 * rule pay one test per list. Where removing the taken piece changes no other
 * attack on the leader's square (no screen of a hop, no leg of a leap; the
 * line through it is the one the leader steps onto) this is "the move takes
 * the only checking piece".
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t filter_checked_leader(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = moves[i];
        bool keep = true;
        if (m.from != EG_DROP_FROM && pos->kind_at[m.from] == g->leader && pos->side_at[m.from] == player &&
            eg_attacked_by_others(pos, m.from, player)) {
            int8_t side = pos->side_at[m.to];
            uint8_t id = pos->piece_at[m.to];
            keep = side != EG_EMPTY_SIDE && side != player;
            if (keep) {
                pos->side_at[m.to] = EG_EMPTY_SIDE;
                pos->piece_at[m.to] = 0;
                keep = !eg_attacked_by_others(pos, m.from, player);
                pos->side_at[m.to] = side;
                pos->piece_at[m.to] = id;
            }
        }
        if (keep) moves[kept++] = m;
    }
    return kept;
}

size_t eg_filter_legal(ggn_position *pos, ggn_move *moves, size_t n)
{
    if (pos->g->leader == EG_NONE) return n;
    if (pos->g->checked_leader_only_captures) n = filter_checked_leader(pos, moves, n);
    if (!pos->g->any_tricky) return filter_lines(pos, moves, n);
    return pos->g->any_walk ? filter_walked(pos, moves, n) : filter_tricky(pos, moves, n);
}

size_t ggn_position_pseudo_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    return eg_generate_all(pos, buf, cap);
}

/* The legal moves of pos into all (GGN_MAX_MOVES of room); legal_cache.c keeps them. */
size_t eg_generate_legal(ggn_position *pos, ggn_move *all)
{
    /* game_end: the game is over (unless the status, judging first, found it is not) */
    if (pos->g->end_rules && !(pos->cached & EG_CACHED_UNDECIDED) && eg_decided(pos, NULL)) return 0;
    /* chains_first: the generator applies the forced capture, the only rule eg_end_filter would apply */
    bool first = pos->g->chains_first;
    size_t n = first ? eg_generate_captures_first(pos, all, GGN_MAX_MOVES) : eg_generate_all(pos, all, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal_all(pos, all, n);
    if (pos->g->narrows_moves && !first) n = eg_end_filter(pos, all, n);
    if (pos->g->pass && n < GGN_MAX_MOVES) n = eg_pass_rules(pos, all, n);
    if (pos->g->parts) n = eg_complete_turns(pos, all, n);
    return n;
}

size_t ggn_position_legal_moves(ggn_position *pos, ggn_move *buf, size_t cap)
{
    const eg_legal_cache *c = eg_legal_list(pos);
    size_t kept = c->nmoves < cap ? c->nmoves : cap;
    if (kept) memcpy(buf, c->moves, kept * sizeof *buf);
    return c->nmoves;
}

bool ggn_position_leader_attacked(const ggn_position *pos, int player)
{
    if (player < 0 || player >= pos->g->nplayers) return false;
    return eg_leader_attacked(pos, player);
}
