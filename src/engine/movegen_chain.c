/*
 * movegen_chain.c — chain captures (extension "chain", docs/game-spec.md):
 * the draughts capture. A chain move jumps one enemy piece (its one
 * repeat.hop screen) onto an empty square beyond; from there the same piece
 * must jump again with any of its chain moves while one is possible, and the
 * whole sequence is one move.
 *
 * Rules of the walk, the same for every game that uses it:
 * - the taken pieces stay on the board until the chain ends (removed at the
 *   end, the "Turkish strike" rule): a taken piece cannot be jumped again and
 *   blocks the way like any piece, and the square the piece left is empty;
 * - the piece keeps its kind during the chain; with chain.promotion_ends, a
 *   landing where one of the jump's TRANSFORM modifiers fires ends the chain
 *   there (English draughts), otherwise a TRANSFORM fires only at the last
 *   landing (international draughts);
 * - a chain is identified by its source, its last landing and the set of
 *   pieces it takes: two routes that take the same pieces and end on the same
 *   square give the same position and are one move (the first route walked).
 *
 * The walk is depth first in a fixed order (the kind's moves in spec order,
 * each ray's landings in order), so a chain's index among those of its piece
 * (eg_chain_index: ggn/game.h) names it: make and the move text walk again to find it.
 * Games without chains never come here (eg_generate_hops tests one flag), and
 * chain moves are in no eg_step list, so the ordinary walks never see them.
 */
#include <string.h>

#include "movegen.h"

/* The distinct chains remembered for one piece (beyond this, routes are no longer merged). */
#define CHAIN_FOUND_MAX GGN_MAX_MOVES

typedef struct walker {
    const ggn_position *pos;
    const ggn_game *g;
    int player, kind, from;
    const eg_move *moves;                   /* the kind's moves for the player */
    eg_cond_ctx c;
    uint8_t dead[GGN_MAX_SQUARES];          /* taken in the chain being walked */
    uint16_t cap[GGN_MAX_CHAIN_CAPTURES];   /* the chain being walked: squares taken, */
    uint16_t land[GGN_MAX_CHAIN_CAPTURES];  /* and the landing of each jump */
    int nfound;                             /* distinct chains of this piece so far */
    struct { uint16_t to; uint8_t ncap; uint64_t key; } found[CHAIN_FOUND_MAX];
    /* generating: */
    sink *s;
    uint8_t *ncap_of;                       /* [cap]: pieces taken by each move of the list */
    /* finding one: */
    int want;                               /* the eg_chain_index sought, 0 when generating */
    const uint16_t *path;                   /* or the route sought: its landings, */
    int npath;                              /* how many (0: none sought) */
    eg_chain *out;
    int out_pattern;
    bool done;
} walker;

/* The first TRANSFORM of move m whose conditions hold at sq, or -1. */
static int fires(const walker *w, const eg_move *m, int sq)
{
    for (int i = 0; i < m->nmodifier; i++)
        if (eg_conditions_hold(&w->c, m->modifier[i].cond, m->modifier[i].ncond, sq)) return i;
    return -1;
}

static inline bool empty_for(const walker *w, int sq)
{
    return sq == w->from || w->pos->side_at[sq] == EG_EMPTY_SIDE;
}

/* A chain ends on `to` after ncap jumps, the last by move `pattern`, whose TRANSFORM `mod` fired (-1: none). */
static void finish(walker *w, int to, int ncap, int pattern, int mod)
{
    uint64_t key = 0;
    for (int i = 0; i < ncap; i++) key ^= w->g->zobrist[w->cap[i]]; /* kind 0, player 0: one random word per square */
    int ordinal = 0;
    if (w->nfound >= UINT16_MAX) return; /* no index left to name it: cannot happen below GGN_MAX_MOVES chains */
    for (int i = 0; i < w->nfound && i < CHAIN_FOUND_MAX && !ordinal; i++)
        if (w->found[i].to == to && w->found[i].ncap == ncap && w->found[i].key == key) ordinal = i + 1;
    if (w->npath) { /* a route is sought: any route of a chain names it */
        if (ncap == w->npath && memcmp(w->land, w->path, (size_t)ncap * sizeof *w->land) == 0) {
            w->want = ordinal ? ordinal : w->nfound + 1;
            w->done = true;
        }
    }
    if (ordinal) return; /* the same pieces to the same end: that chain's move already */
    if (w->nfound < CHAIN_FOUND_MAX) {
        w->found[w->nfound].to = (uint16_t)to;
        w->found[w->nfound].ncap = (uint8_t)ncap;
        w->found[w->nfound].key = key;
    }
    ordinal = ++w->nfound;
    if (w->npath) return;
    if (w->want) {
        if (ordinal != w->want) return;
        w->out->ncap = ncap;
        memcpy(w->out->cap, w->cap, (size_t)ncap * sizeof *w->cap);
        memcpy(w->out->land, w->land, (size_t)ncap * sizeof *w->land);
        w->out_pattern = pattern;
        w->out->modifier = mod;
        w->done = true;
        return;
    }
    const eg_move *m = eg_move_of(w->g, w->player, w->kind, pattern);
    int options = mod < 0 ? 1 : m->modifier[mod].noption;
    for (int o = 0; o < options; o++) {
        size_t at = w->s->n;
        push(w->s, w->from, to, pattern, ordinal & 0xFF, mod < 0 ? 0 : o + 1, ordinal >> 8);
        if (at < w->s->cap) w->ncap_of[at] = (uint8_t)ncap;
    }
}

/*
 * Every jump from cur, the piece having taken ncap pieces so far, the last by
 * move `last`. Each chain move's ray is read from the compiled chain steps of
 * cur (only moves with room for a screen and a landing there): the screen is
 * the first piece on it, if it is an enemy not yet taken and not the last
 * square; each empty square after it is a landing, up to the next piece.
 */
static void walk(walker *w, int cur, int ncap, int last)
{
    const ggn_game *g = w->g;
    const ggn_position *pos = w->pos;
    bool jumped = false;
    const eg_step *end;
    for (const eg_step *st = eg_chain_steps_of(g, w->player, w->kind, cur, &end); st < end && !w->done; st++) {
        const uint16_t *ray = g->rays + st->ray;
        int len = st->len, i = 0;
        while (i < len - 1 && empty_for(w, ray[i])) i++;
        int screen = ray[i];
        if (i == len - 1 || w->dead[screen] || pos->side_at[screen] == w->player) continue;
        const eg_move *m = &w->moves[st->move];
        for (i++; i < len && !w->done; i++) {
            int sq = ray[i];
            if (!empty_for(w, sq)) break;
            /* A player has at most GGN_MAX_CHAIN_CAPTURES pieces (compile.c, notation.c), and a
             * piece is taken once: ncap never reaches the bound here. */
            if (ncap >= GGN_MAX_CHAIN_CAPTURES) break;
            jumped = true;
            w->dead[screen] = 1;
            w->cap[ncap] = (uint16_t)screen;
            w->land[ncap] = (uint16_t)sq;
            int mod = m->chain_stops ? fires(w, m, sq) : -1;
            if (mod >= 0) finish(w, sq, ncap + 1, st->move, mod);
            else walk(w, sq, ncap + 1, st->move);
            w->dead[screen] = 0;
        }
    }
    if (!jumped && ncap > 0 && !w->done) finish(w, cur, ncap, last, fires(w, &w->moves[last], cur));
}

static void start(walker *w, const ggn_position *pos, int id)
{
    const eg_piece *pc = &pos->piece[id];
    w->player = pc->owner;
    w->kind = pc->kind;
    w->from = pc->sq;
    w->moves = eg_move_of(pos->g, pc->owner, pc->kind, 0);
    w->c = (eg_cond_ctx){ pos, pc->owner, pc->sq, pc, 0 };
    w->nfound = 0;
    w->done = false;
}

/*
 * Can the piece of `player` on sq make a first jump? walk's first step, on
 * the board as it stands (nothing taken yet, and the piece's own square is
 * on none of its rays): most pieces have none, and so skip the walker.
 */
static inline bool can_jump(const ggn_position *pos, int player, int kind, int sq)
{
    const ggn_game *g = pos->g;
    const eg_step *end;
    for (const eg_step *st = eg_chain_steps_of(g, player, kind, sq, &end); st < end; st++) {
        const uint16_t *ray = g->rays + st->ray;
        int last = st->len - 1, i = 0;
        while (i < last && pos->side_at[ray[i]] == EG_EMPTY_SIDE) i++;
        if (i < last && pos->side_at[ray[i]] != player && pos->side_at[ray[i + 1]] == EG_EMPTY_SIDE) return true;
    }
    return false;
}

size_t eg_generate_chains(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    walker w;
    uint8_t ncap_of[GGN_MAX_MOVES];
    sink s = { buf, cap < GGN_MAX_MOVES ? cap : GGN_MAX_MOVES, n };
    w.pos = pos;
    w.g = g;
    w.s = &s;
    w.ncap_of = ncap_of;
    w.want = 0;
    w.npath = 0;
    bool cleared = false;
    int player = eg_player_to_move(pos);
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != player || !can_jump(pos, player, pc->kind, pc->sq)) continue;
        if (!cleared) memset(w.dead, 0, (size_t)g->nsq);
        cleared = true;
        start(&w, pos, id);
        walk(&w, pc->sq, 0, 0);
    }
    if (!g->capture_most || s.n == n) return s.n;
    /* forced_capture "most": the chains that take the most pieces; a move that is no chain
     * counts as taking one, so it stays only when no chain takes more. */
    size_t end = s.n < s.cap ? s.n : s.cap;
    int most = 0;
    for (size_t i = n; i < end; i++)
        if (ncap_of[i] > most) most = ncap_of[i];
    if (most <= 1) return s.n;
    size_t kept = 0;
    for (size_t i = n; i < end; i++)
        if (ncap_of[i] == most) buf[kept++] = buf[i];
    return kept + (s.n - end);
}

bool eg_chain_of(const ggn_position *pos, ggn_move mv, eg_chain *out)
{
    const ggn_game *g = pos->g;
    if (mv.from >= g->nsq || !pos->piece_at[mv.from] || !eg_chain_index(mv)) return false;
    walker w;
    w.pos = pos;
    w.g = g;
    w.s = NULL;
    w.want = eg_chain_index(mv);
    w.npath = 0;
    w.out = out;
    memset(w.dead, 0, (size_t)g->nsq);
    start(&w, pos, pos->piece_at[mv.from]);
    walk(&w, mv.from, 0, 0);
    if (!w.done || out->land[out->ncap - 1] != mv.to || w.out_pattern != mv.pattern) return false;
    if (out->modifier < 0) return mv.promotion == 0;
    const eg_move *m = eg_move_of(g, w.player, w.kind, w.out_pattern);
    return mv.promotion >= 1 && mv.promotion <= m->modifier[out->modifier].noption;
}

int eg_chain_named(const ggn_position *pos, int from, const uint16_t *landings, int n)
{
    const ggn_game *g = pos->g;
    if (n < 1 || n > GGN_MAX_CHAIN_CAPTURES || from < 0 || from >= g->nsq || !pos->piece_at[from]) return 0;
    walker w;
    w.pos = pos;
    w.g = g;
    w.s = NULL;
    w.want = 0;
    w.path = landings;
    w.npath = n;
    memset(w.dead, 0, (size_t)g->nsq);
    start(&w, pos, pos->piece_at[from]);
    if (w.player != eg_player_to_move(pos)) return 0;
    walk(&w, from, 0, 0);
    return w.done ? w.want : 0;
}

/* Can a move that is no chain capture take a piece (by ggn_move_is_capture's reading: an ENEMY action or a CAPTURE effect)? */
static bool others_capture(const ggn_game *g)
{
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++)
            for (int mi = 0; mi < g->nmoves[k]; mi++) {
                const eg_move *m = eg_move_of(g, p, k, mi);
                if (m->chain) continue;
                for (int e = 0; e < m->neffect; e++)
                    if (m->effect[e].kind == SD_EFFECT_CAPTURE) return true;
                for (int a = 0; a < m->naction; a++) {
                    if (m->action[a].state == SD_ENEMY) return true;
                    for (int e = 0; e < m->action[a].neffect; e++)
                        if (m->action[a].effect[e].kind == SD_EFFECT_CAPTURE) return true;
                }
            }
    return false;
}

bool eg_compile_chains(ggn_game *g)
{
    if (!g->chains) return true;
    size_t lists = (size_t)g->nplayers * (size_t)g->nkinds, total = 0;
    /* A jump needs a screen and a landing beyond it: rays of fewer squares give none. */
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++)
            for (int mi = 0; mi < g->nmoves[k]; mi++)
                for (int s = 0; s < g->nsq; s++)
                    total += eg_move_of(g, p, k, mi)->chain && eg_move_of(g, p, k, mi)->ray_len[s] >= 2;
    g->chain_steps_at = sd_arena_alloc(g->arena, lists * ((size_t)g->nsq + 1), sizeof *g->chain_steps_at);
    g->chain_steps = sd_arena_alloc(g->arena, total ? total : 1, sizeof *g->chain_steps);
    if (!g->chain_steps_at || !g->chain_steps) return false;
    size_t n = 0;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) {
            uint32_t *at = g->chain_steps_at + ((size_t)p * (size_t)g->nkinds + (size_t)k) * ((size_t)g->nsq + 1);
            for (int s = 0; s < g->nsq; s++) {
                at[s] = (uint32_t)n;
                for (int mi = 0; mi < g->nmoves[k]; mi++) {
                    const eg_move *m = eg_move_of(g, p, k, mi);
                    if (!m->chain || m->ray_len[s] < 2) continue;
                    eg_step *st = &g->chain_steps[n++];
                    st->move = (uint8_t)mi;
                    st->len = m->ray_len[s];
                    st->until = m->until;
                    for (int i = 0; i < 3; i++) st->by_state[i] = m->by_state[i];
                    st->ray = m->ray_off[s];
                }
            }
            at[g->nsq] = (uint32_t)n;
        }
    /*
     * Where the chains are the only captures and the forced capture is the
     * only rule between generation and the legal list (no leader to keep
     * safe, no hands, partners, passes, parts, conversions or group rules,
     * no other generator appending moves), the list is the chains when there
     * is one and every other move otherwise: generation can stop at the chains.
     */
    g->chains_first = g->forced_capture && !others_capture(g) && g->leader == EG_NONE && !g->hands && !g->teams &&
                      !g->pass && !g->parts && !g->castles_to_files && !g->clones && !g->line_moves &&
                      !g->converts && !g->custodial && !g->group_capture && !g->superko && !g->no_giving_check &&
                      !g->moves_giving_check_illegal;
    return true;
}
