/*
 * attack.c — "is this square attacked?", from the reverse tables.
 *
 * A square is attacked by player o when some piece of o has a move with an
 * ENEMY action that could land there, ignoring that move's conditions except
 * SQUARES_EMPTY (a blocked leg) and FIRST_MOVE (a piece that has moved no
 * longer attacks with its first-move capture), with slides stopping at the first piece and
 * hops landing only beyond their screens (docs/game-spec.md). Leapers are
 * looked up from the target; slides walk each direction backwards from the
 * target to the first piece; a leap with a one-square leg is looked up with
 * its leg; an unbounded hop walks back over its screens to the next piece;
 * only the moves marked attack_walk (slides that stop on something other
 * than NOT_EMPTY, bounded hops, legs of several squares) are walked forwards
 * from each piece.
 */
#include "engine.h"

static bool stops_at(int state, int until)
{
    if (until == SD_NOT_EMPTY) return state != SD_EMPTY;
    return state == until;
}

/* A SQUARES_EMPTY leg of m, seen from the attacker on sq, is blocked. */
static bool leg_blocked(const ggn_position *pos, const eg_move *m, int sq)
{
    for (int c = 0; c < m->nsrc; c++) {
        const eg_cond *cond = &m->src[c];
        if (cond->kind != SD_COND_SQUARES_EMPTY) continue;
        for (int i = 0; i < cond->nsquares; i++) {
            int s = eg_offset(pos->g, sq, cond->squares[i][0], cond->squares[i][1]);
            if (s == EG_NONE || pos->piece_at[s]) return true;
        }
    }
    return false;
}

/*
 * What a scan that does not stop at the first attacker reports: the kinds of
 * all the attackers, and with `cheapest` set the square of the cheapest one
 * (by kind value, a leader dearest of all: eg_exchange_value).
 */
typedef struct attack_report {
    uint64_t kinds;
    bool cheapest;
    int cheapest_sq;           /* EG_NONE until an attacker is found */
    int64_t cheapest_value;
} attack_report;

static void note_attacker(const ggn_position *pos, attack_report *r, int kind, int sq)
{
    r->kinds |= 1ULL << kind;
    if (!r->cheapest) return;
    int64_t v = eg_exchange_value(pos->g, kind);
    if (r->cheapest_sq == EG_NONE || v < r->cheapest_value) {
        r->cheapest_value = v;
        r->cheapest_sq = sq;
    }
}

/* Does a walked move of the piece pc (of player o) reach t, as an attack? */
static inline bool walks_to(const ggn_position *pos, const eg_piece *pc, int t, int o)
{
    const ggn_game *g = pos->g;
    for (int mi = 0; mi < g->nmoves[pc->kind]; mi++) {
        const eg_move *m = eg_move_of(g, o, pc->kind, mi);
        if (!m->attack_walk || (m->attack_unmoved && pc->moves)) continue;
        const uint16_t *ray = g->rays + m->ray_off[pc->sq];
        /* Most of a piece's moves cannot reach t at all: t on the ray is a test of a few
         * squares' numbers, without the board, that spares them the leg test and the walk
         * (janggi's and xiangqi's horses, elephants, cannons and palace lines). */
        int reach = 0, len = m->ray_len[pc->sq];
        while (reach < len && ray[reach] != t) reach++;
        if (reach == len || leg_blocked(pos, m, pc->sq)) continue;
        int screens = 0;
        for (int i = 0; i <= reach; i++) {
            int sq = ray[i];
            if (screens < m->hop) {
                if (pos->side_at[sq] == EG_EMPTY_SIDE) continue;
                if ((m->hop_except >> pos->kind_at[sq]) & 1) break; /* no screen (repeat.hop_except) */
                screens++;
                continue;
            }
            if (sq == t) return true;
            int side = pos->side_at[sq];
            int st = side == EG_EMPTY_SIDE ? SD_EMPTY : side == o ? SD_ALLY : SD_ENEMY;
            if (stops_at(st, m->until)) break;
        }
    }
    return false;
}

/*
 * The fallback for unusual moves: walk every such move forwards, of the
 * pieces of o that stand where odd_pool says such a move might reach t
 * (the plain test), or with a report of every such piece, in piece order, that
 * odd_reach does not rule out (so that the cheapest of equals is the one
 * found first, as ever).
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static uint64_t attacked_by_odd(const ggn_position *pos, int t, int o, attack_report *report)
{
    const ggn_game *g = pos->g;
    const eg_attack *at = &g->attack[o];
    if (!report) {
        const eg_leap_src *src = at->odd_pool + at->odd_off[t];
        for (int i = 0, n = at->odd_len[t]; i < n; i++) {
            int s = src[i].sq;
            if (pos->side_at[s] != o || !((src[i].kinds >> pos->kind_at[s]) & 1)) continue;
            if (walks_to(pos, &pos->piece[pos->piece_at[s]], t, o)) return 1;
        }
        return 0;
    }
    uint64_t odd = at->odd_kinds, found = 0;
    const uint64_t *reaches = at->odd_reach ? at->odd_reach + (t >> 6) : NULL;
    uint64_t bit = 1ULL << (t & 63);
    size_t words = (size_t)at->odd_words, nsq = (size_t)g->nsq;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != o || !((odd >> pc->kind) & 1)) continue;
        if (reaches && !(reaches[((size_t)pc->kind * nsq + (size_t)pc->sq) * words] & bit)) continue;
        if (!walks_to(pos, pc, t, o)) continue;
        note_attacker(pos, report, pc->kind, pc->sq);
        found |= 1ULL << pc->kind;
    }
    return found;
}

/*
 * A piece of kind k on square s attacks: without a report, the scan ends
 * there (non-zero); with one, the attacker is noted and the scan goes on, so
 * the kinds of all the attackers (and the cheapest one's square) come back.
 * One scan serves all; `report` is NULL or not at each call as a constant, so
 * the plain test compiles to the early return alone.
 */
#define EG_FOUND(k, s)                                                                                                 \
    do {                                                                                                               \
        if (!report) return 1;                                                                                         \
        note_attacker(pos, report, (k), (s));                                                                          \
        found |= 1ULL << (k);                                                                                          \
    } while (0)

#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline uint64_t attack_scan(const ggn_position *pos, int t, int o, attack_report *report)
{
    const ggn_game *g = pos->g;
    const eg_attack *at = &g->attack[o];
    uint64_t found = 0;
    const eg_leap_src *l = at->leap_pool + at->leap_off[t];
    for (int i = 0, n = at->leap_len[t]; i < n; i++) {
        int s = l[i].sq;
        if (pos->side_at[s] == o && ((l[i].kinds >> pos->kind_at[s]) & 1)) EG_FOUND(pos->kind_at[s], s);
    }
    for (int d = 0; d < at->nslide; d++) {
        const eg_slide_dir *dir = &at->slide[d];
        const uint16_t *ray = dir->rev_pool + dir->rev_off[t];
        for (int j = 0, n = dir->rev_len[t]; j < n; j++) {
            int s = ray[j];
            if (pos->side_at[s] == EG_EMPTY_SIDE) continue;
            if (pos->side_at[s] == o) {
                int k = pos->kind_at[s];
                if (((dir->kinds >> k) & 1) && dir->range[k] > j) EG_FOUND(k, s);
            }
            break;
        }
    }
    if (at->tricky) {
        const eg_leg_src *lg = at->leg_pool + at->leg_off[t];
        for (int i = 0, n = at->leg_len[t]; i < n; i++) {
            int s = lg[i].sq;
            if (pos->side_at[s] == o && ((lg[i].kinds >> pos->kind_at[s]) & 1) && !pos->piece_at[lg[i].leg])
                EG_FOUND(pos->kind_at[s], s);
        }
        for (int d = 0; d < at->nhop; d++) {
            const eg_slide_dir *dir = &at->hop[d];
            const uint16_t *ray = dir->rev_pool + dir->rev_off[t];
            int screens = dir->hop;
            for (int j = 0, n = dir->rev_len[t]; j < n; j++) {
                int s = ray[j];
                if (pos->side_at[s] == EG_EMPTY_SIDE) continue;
                if (screens) {
                    screens--;
                    continue;
                }
                if (pos->side_at[s] == o && ((dir->kinds >> pos->kind_at[s]) & 1)) EG_FOUND(pos->kind_at[s], s);
                break;
            }
        }
    }
    if (at->odd_kinds) found |= attacked_by_odd(pos, t, o, report);
    return found;
}

#undef EG_FOUND

static bool attacked_by(const ggn_position *pos, int t, int o) { return attack_scan(pos, t, o, NULL) != 0; }

/* Does move m of the piece pc have an action that takes (an ENEMY action)? */
static bool takes(const eg_move *m)
{
    for (int a = 0; a < m->naction; a++)
        if (m->action[a].state == SD_ENEMY) return true;
    return false;
}

/*
 * The piece on sq attacks a piece of another player (not a partner): its
 * moves are walked forwards with the same attack semantics as above. Only
 * moves with "attacking_illegal" ask (game_end.c), once per such landing.
 */
bool eg_piece_attacks_enemy(const ggn_position *pos, int sq)
{
    const ggn_game *g = pos->g;
    const eg_piece *pc = &pos->piece[pos->piece_at[sq]];
    int o = pc->owner;
    for (int mi = 0; mi < g->nmoves[pc->kind]; mi++) {
        const eg_move *m = eg_move_of(g, o, pc->kind, mi);
        if (!takes(m) || leg_blocked(pos, m, sq)) continue;
        const uint16_t *ray = g->rays + m->ray_off[sq];
        int screens = 0;
        for (int i = 0; i < m->ray_len[sq]; i++) {
            int s = ray[i], side = pos->side_at[s];
            if (screens < m->hop) {
                screens += side != EG_EMPTY_SIDE;
                continue;
            }
            if (side != EG_EMPTY_SIDE && side != o && (!g->teams || g->team[side] != g->team[o])) return true;
            int st = side == EG_EMPTY_SIDE ? SD_EMPTY : side == o ? SD_ALLY : SD_ENEMY;
            if (!m->repeat || stops_at(st, m->until)) break;
        }
    }
    return false;
}

uint64_t eg_attacker_kinds(const ggn_position *pos, int sq, int player)
{
    attack_report r = { .kinds = 0, .cheapest = false, .cheapest_sq = EG_NONE };
    for (int o = 0; o < pos->g->nplayers; o++)
        if (o != player && !((pos->out >> o) & 1) && (!pos->g->teams || pos->g->team[o] != pos->g->team[player]))
            attack_scan(pos, sq, o, &r);
    return r.kinds;
}

bool eg_attacked_by_others(const ggn_position *pos, int sq, int player)
{
    for (int o = 0; o < pos->g->nplayers; o++)
        if (o != player && !((pos->out >> o) & 1) && (!pos->g->teams || pos->g->team[o] != pos->g->team[player]) &&
            attacked_by(pos, sq, o))
            return true;
    return false;
}

int eg_cheapest_attacker(const ggn_position *pos, int sq, int player)
{
    attack_report r = { .kinds = 0, .cheapest = true, .cheapest_sq = EG_NONE };
    for (int o = 0; o < pos->g->nplayers; o++)
        if (o != player && !((pos->out >> o) & 1) && (!pos->g->teams || pos->g->team[o] != pos->g->team[player]))
            attack_scan(pos, sq, o, &r);
    return r.cheapest_sq;
}
