/*
 * gating.c — the "gating" extension (docs/game-spec.md, "Gating").
 *
 * When a piece that has not moved leaves a square of the mover's gating zone,
 * the mover may put one piece of a gating kind from its hand on that square,
 * as part of the same move. A castling move leaves two such squares (the
 * castler's and, through its MOVE side effect, the partner's): the piece may
 * enter either. A gate is open exactly while an unmoved piece of its owner
 * stands on it, so the gates need no state of their own: the unmoved states
 * that FEN's castling field carries (fen.c) are the gates.
 *
 * The gating forms of a move are listed after the board moves (and before the
 * drops), one per kind in hand and square, with ggn_move.gate set. That byte
 * is the promotion's modifier in a move that promotes, so a promoting move is
 * never gated (docs/game-spec.md); hands.c
 * judges their legality by making them (the entering piece may block a check
 * the bare move would leave open). Nothing here runs for a game without
 * gating: the hook sits behind the hands flag (eg_generate_all).
 */
#include <string.h>

#include "engine.h"

void eg_compile_gating(ggn_game *g)
{
    const sd_game *def = g->def;
    g->gating = def->hands && def->gating_on >= 0;
    if (!g->gating) return;
    g->gate_kinds = def->gating_kinds;
    g->gate_sq = g->named_sq + (size_t)def->gating_on * (size_t)g->nplayers * (size_t)g->nsq;
}

/* The first MOVE side effect of action a, else of its move m; NULL when there is none. */
static const eg_effect *first_move_effect(const eg_move *m, const eg_action *a)
{
    for (int i = 0; i < a->neffect; i++)
        if (a->effect[i].kind == SD_EFFECT_MOVE) return &a->effect[i];
    for (int i = 0; i < m->neffect; i++)
        if (m->effect[i].kind == SD_EFFECT_MOVE) return &m->effect[i];
    return NULL;
}

/* The same for a board move of this position (its piece still on mv.from). */
static const eg_effect *move_effect(const ggn_position *pos, ggn_move mv)
{
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    const eg_move *m = eg_move_of(pos->g, p->owner, p->kind, mv.pattern);
    return first_move_effect(m, &m->action[mv.action]);
}

int eg_gate_target(const ggn_game *g, const eg_move *m, const eg_action *a, ggn_move mv)
{
    if (!(mv.gate & GGN_GATE_AT_EFFECT)) return mv.from;
    const eg_effect *e = first_move_effect(m, a);
    return e ? eg_offset(g, mv.from, e->ax, e->ay) : EG_NONE;
}

int eg_gate_square(const ggn_position *pos, ggn_move mv)
{
    if (!eg_gate_of(pos->g, mv) || mv.from == EG_DROP_FROM || !pos->piece_at[mv.from]) return EG_NONE;
    if (!(mv.gate & GGN_GATE_AT_EFFECT)) return mv.from;
    const eg_effect *e = move_effect(pos, mv);
    return e ? eg_offset(pos->g, mv.from, e->ax, e->ay) : EG_NONE;
}

/* Does sq open a gate for `player` when its piece leaves: in the zone, holding an unmoved piece of the player? */
static bool opens_gate(const ggn_position *pos, int player, int sq)
{
    const ggn_game *g = pos->g;
    if (sq == EG_NONE || !g->gate_sq[(size_t)player * (size_t)g->nsq + (size_t)sq]) return false;
    if (pos->side_at[sq] != player) return false;
    return pos->piece[pos->piece_at[sq]].moves == 0;
}

static size_t push_gates(ggn_move *buf, size_t cap, size_t n, ggn_move mv, uint64_t avail, unsigned at)
{
    for (int k = 0; avail; k++, avail >>= 1) {
        if (!(avail & 1)) continue;
        if (n < cap) {
            buf[n] = mv;
            buf[n].gate = (uint8_t)((unsigned)(k + 1) | at);
        }
        n++;
    }
    return n;
}

size_t eg_generate_gates(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    uint64_t avail = 0;
    for (int k = 0; k < g->nkinds; k++)
        if (((g->gate_kinds >> k) & 1) && pos->hand[player][k]) avail |= 1ULL << k;
    if (!avail) return n;
    size_t nboard = n < cap ? n : cap;
    for (size_t i = 0; i < nboard; i++) {
        ggn_move mv = buf[i];
        if (mv.from == EG_DROP_FROM || mv.promotion) continue; /* one byte holds the promotion's modifier or the gate */
        const eg_effect *e = move_effect(pos, mv);
        int side = e ? eg_offset(g, mv.from, e->ax, e->ay) : EG_NONE;
        int lands = e ? eg_offset(g, mv.from, e->bx, e->by) : EG_NONE;
        /* The square must be empty after the move: not the destination, not where the effect lands. */
        if (mv.to != mv.from && lands != mv.from && opens_gate(pos, player, mv.from))
            n = push_gates(buf, cap, n, mv, avail, 0);
        if (side != EG_NONE && side != mv.from && side != mv.to && side != lands && opens_gate(pos, player, side))
            n = push_gates(buf, cap, n, mv, avail, GGN_GATE_AT_EFFECT);
    }
    return n;
}

static bool same_move(ggn_move a, ggn_move b)
{
    return a.from == b.from && a.to == b.to && a.pattern == b.pattern && a.action == b.action &&
           a.promotion == b.promotion && a.modifier == b.modifier;
}

/*
 * Legality of the board moves moves[0..nboard) and of their gating forms
 * moves[nboard..n). An own piece added on a square the move empties can only
 * shut lines, never open one, so where attacks are plain (no legs, hops or
 * odd slides: any_odd) a form whose bare move is legal is legal too; any
 * other form is made and tested, since its piece may shut the line its bare
 * move opens. The bare moves' verdicts come from eg_filter_legal, which keeps
 * what it keeps in order; the forms are listed in the order of their bare moves.
 */
size_t eg_filter_legal_gates(ggn_position *pos, ggn_move *moves, size_t nboard, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    ggn_move bare[GGN_MAX_MOVES];
    bool legal[GGN_MAX_MOVES];
    memcpy(bare, moves, nboard * sizeof *moves);
    size_t kept = eg_filter_legal(pos, moves, nboard);
    for (size_t i = 0, j = 0; i < nboard; i++) {
        legal[i] = j < kept && same_move(bare[i], moves[j]);
        if (legal[i]) j++;
    }
    bool fast = !g->any_odd && !pos->leaders_overflow;
    size_t b = 0;
    for (size_t i = nboard; i < n; i++) {
        ggn_move mv = moves[i], base = mv;
        base.gate = 0;
        while (b < nboard && !same_move(bare[b], base)) b++;
        bool ok = fast && b < nboard && legal[b];
        if (!ok && eg_make(pos, mv)) {
            ok = !eg_leader_attacked(pos, player);
            eg_unmake(pos);
        }
        if (ok) moves[kept++] = mv;
    }
    return kept;
}
