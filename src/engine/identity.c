/*
 * identity.c — what makes two positions the same position: the hash, the
 * repetition rule and the search's repetition detection all use it.
 *
 * The identity is the placement, the player to move, the hands, and the
 * rights that matter now (docs/game-spec.md, "Game end"):
 *
 *  - a piece's "has not moved" state counts only where some rule can read
 *    it: kinds with FIRST_MOVE in an ordinary move (a pawn's double step)
 *    and kinds named by PIECE_FIRST_MOVE / ROOK_FIRST_MOVE there
 *    (ggn_game.unmoved_kinds); a knight that went out and came back is the
 *    same knight (in a game with gating every kind's state counts: it says
 *    which gates are open);
 *  - castling rights: the castler (the leader, or the one kind that castles
 *    in a game without one) and its castling partners count as unmoved
 *    only while a right exists — an unmoved leader with an unmoved partner
 *    of its own on its rank (the pairs FEN writes as rights). Kept
 *    incrementally in pos->rights, recomputed only when such a piece moves
 *    for the first time, is taken or appears by promotion;
 *  - a state flag counts only through the moves it makes possible now: the
 *    legal moves that pass a CHECK_STATE condition (an en-passant capture),
 *    in pos->flag_key, which the public make computes when a timed flag is
 *    visible (none is from pos->flag_horizon on, which make keeps and unmake
 *    restores: most positions are judged by that alone). Perft's internal
 *    make never pays for it.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static void mark_unmoved_refs(uint64_t *kinds, const sd_condition *conds, int n, int self)
{
    for (int i = 0; i < n; i++) {
        if (conds[i].kind == SD_COND_FIRST_MOVE) *kinds |= 1ULL << self;
        if (conds[i].kind == SD_COND_PIECE_FIRST_MOVE || conds[i].kind == SD_COND_ROOK_FIRST_MOVE)
            *kinds |= conds[i].piece >= 0 ? 1ULL << conds[i].piece : ~0ULL;
    }
}

static bool has_move_effect(const sd_effect *effects, int n)
{
    for (int i = 0; i < n; i++)
        if (effects[i].kind == SD_EFFECT_MOVE) return true;
    return false;
}

/*
 * A castling move is a castler's move with a MOVE side effect. Its unmoved
 * tests are covered by the rights when they name the partner kinds; an
 * unfiltered test (any piece) or a partner outside castle_partners falls back
 * to keying that kind's unmoved state always.
 */
static void mark_castling_refs(ggn_game *g, const sd_move *sm)
{
    for (int i = 0; i < sm->nconditions; i++) {
        const sd_condition *c = &sm->conditions[i];
        if (c->kind != SD_COND_PIECE_FIRST_MOVE && c->kind != SD_COND_ROOK_FIRST_MOVE) continue;
        if (c->piece < 0) g->unmoved_kinds = ~0ULL;
        else if (!((g->castle_partners >> c->piece) & 1)) g->unmoved_kinds |= 1ULL << c->piece;
    }
    for (int a = 0; a < sm->nactions; a++) mark_unmoved_refs(&g->unmoved_kinds, sm->actions[a].conditions,
                                                            sm->actions[a].nconditions, g->castler);
    for (int e = 0; e < sm->neffects; e++)
        if (sm->effects[e].kind == SD_EFFECT_MOVE && sm->effects[e].piece < 0) g->unmoved_kinds = ~0ULL;
}

/* Do any of the conditions read a state flag? *reach grows to the farthest of them (king steps from the source). */
static bool conds_read_flag(const eg_cond *conds, int n, int *reach)
{
    bool any = false;
    for (int i = 0; i < n; i++) {
        if (conds[i].kind != SD_COND_CHECK_STATE) continue;
        int d = abs(conds[i].dx) > abs(conds[i].dy) ? abs(conds[i].dx) : abs(conds[i].dy);
        if (d > *reach) *reach = d;
        any = true;
    }
    return any;
}

/* The kinds that have, for some player, a move eg_reads_flag can say yes to; g->flag_reach, how far such moves look. */
static uint64_t flag_reader_kinds(ggn_game *g)
{
    uint64_t kinds = 0;
    g->flag_reach = 0;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++)
            for (int mi = 0; mi < g->nmoves[k]; mi++) {
                const eg_move *em = eg_move_of(g, p, k, mi);
                bool reads = conds_read_flag(em->src, em->nsrc, &g->flag_reach);
                reads |= conds_read_flag(em->dst, em->ndst, &g->flag_reach);
                for (int a = 0; a < em->naction; a++)
                    reads |= conds_read_flag(em->action[a].cond, em->action[a].ncond, &g->flag_reach);
                if (reads) kinds |= 1ULL << k;
            }
    return kinds;
}

void eg_compile_identity(ggn_game *g)
{
    const sd_game *def = g->def;
    g->unmoved_kinds = 0;
    g->flag_reader_kinds = flag_reader_kinds(g);
    g->rights_kinds = g->castles ? (1ULL << g->castler) | g->castle_partners : 0;
    for (int k = 0; k < g->nkinds; k++)
        for (int mi = 0; mi < def->kinds[k].nmoves; mi++) {
            const sd_move *sm = &def->kinds[k].moves[mi];
            bool castling = k == g->castler && has_move_effect(sm->effects, sm->neffects);
            for (int a = 0; a < sm->nactions && !castling; a++)
                castling = k == g->castler && has_move_effect(sm->actions[a].effects, sm->actions[a].neffects);
            if (castling) {
                mark_castling_refs(g, sm);
                continue;
            }
            mark_unmoved_refs(&g->unmoved_kinds, sm->conditions, sm->nconditions, k);
            for (int a = 0; a < sm->nactions; a++)
                mark_unmoved_refs(&g->unmoved_kinds, sm->actions[a].conditions, sm->actions[a].nconditions, k);
            for (int m = 0; m < sm->nmodifiers; m++)
                mark_unmoved_refs(&g->unmoved_kinds, sm->modifiers[m].conditions, sm->modifiers[m].nconditions, k);
        }
    /* Gating: whether a piece in the gating zone has moved decides which gates are open. */
    if (g->gating) g->unmoved_kinds = ~0ULL;
    for (int k = 0; k < g->nkinds; k++)
        if (!((g->unmoved_kinds >> k) & 1))
            memset(g->zobrist_unmoved + (size_t)k * (size_t)g->nsq, 0, (size_t)g->nsq * sizeof *g->zobrist_unmoved);
}

uint64_t eg_rights_key(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    if (!g->rights_kinds) return 0;
    bool keyed[GGN_MAX_PIECES_ON_BOARD] = { false };
    uint64_t key = 0;
    for (int l = 1; l < pos->npiece; l++) {
        const eg_piece *lp = &pos->piece[l];
        if (lp->sq == EG_NONE || lp->kind != g->castler || lp->moves != 0) continue;
        bool any = false;
        for (int id = 1; id < pos->npiece; id++) {
            const eg_piece *p = &pos->piece[id];
            if (p->sq == EG_NONE || p->owner != lp->owner || p->moves != 0 || id == l) continue;
            if (!((g->castle_partners >> p->kind) & 1) || g->sq_y[p->sq] != g->sq_y[lp->sq]) continue;
            any = true;
            if (!keyed[id]) key ^= g->zobrist_rights[p->sq];
            keyed[id] = true;
        }
        if (any && !keyed[l]) key ^= g->zobrist_rights[lp->sq];
        if (any) keyed[l] = true;
    }
    return key;
}

bool eg_reads_flag(const ggn_position *pos, ggn_move m)
{
    if (m.from == EG_DROP_FROM || eg_is_pass(pos->g, m)) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[m.from]];
    const eg_move *em = eg_move_of(pos->g, p->owner, p->kind, m.pattern);
    int reach = 0;
    if (conds_read_flag(em->src, em->nsrc, &reach) || conds_read_flag(em->dst, em->ndst, &reach)) return true;
    if (em->chain) return false; /* a chain capture's action byte holds its chain's index, not an action */
    return conds_read_flag(em->action[m.action].cond, em->action[m.action].ncond, &reach);
}

/*
 * The legal moves that read a flag. Where each move's legality stands alone
 * (no hands, no rule that narrows the list as a whole, no passes, no game_end
 * rule that can empty it) only the moves that read a flag are tested, and
 * only the pieces that could make one generate theirs: of a kind with such
 * moves, within g->flag_reach of a piece whose flag is visible (the pawns
 * beside one that has just stepped twice; a full generation here once cost a
 * tenth of the search's time). Elsewhere the whole legal list is made.
 */
size_t eg_flag_moves(ggn_position *pos, ggn_move *moves)
{
    const ggn_game *g = pos->g;
    if (g->def->nflags == 0 || pos->flag_horizon <= pos->ply) return 0;
    int flagged[GGN_MAX_PIECES_ON_BOARD], nflagged = 0;
    for (int id = 1; id < pos->npiece; id++) {
        if (pos->piece[id].sq == EG_NONE) continue;
        for (int f = 0; f < g->def->nflags; f++)
            if (pos->piece[id].flag_until[f] > pos->ply) {
                flagged[nflagged++] = pos->piece[id].sq;
                break;
            }
    }
    if (nflagged == 0) return 0;
    bool alone = !g->hands && !g->narrows_moves && !g->pass && !g->end_rules && !g->converts_required;
    size_t n;
    if (!alone) {
        n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    } else if (g->any_hop) { /* the hop-aware generator has no per-piece form: every piece */
        n = eg_generate_all(pos, moves, GGN_MAX_MOVES);
    } else { /* eg_generate, for the pieces that may read a flag */
        uint8_t ids[GGN_MAX_PIECES_ON_BOARD];
        int nids = 0;
        for (int id = 1; id < pos->npiece; id++) {
            const eg_piece *p = &pos->piece[id];
            if (p->sq == EG_NONE || !((g->flag_reader_kinds >> p->kind) & 1)) continue;
            for (int f = 0; f < nflagged; f++)
                if (abs(g->sq_x[p->sq] - g->sq_x[flagged[f]]) <= g->flag_reach &&
                    abs(g->sq_y[p->sq] - g->sq_y[flagged[f]]) <= g->flag_reach) {
                    ids[nids++] = (uint8_t)id;
                    break;
                }
        }
        n = eg_generate_pieces(pos, moves, GGN_MAX_MOVES, ids, nids);
        if (g->castles_to_files && g->castler >= 0 && ((g->flag_reader_kinds >> g->castler) & 1))
            n = eg_generate_castles(pos, moves, GGN_MAX_MOVES, n);
        if (g->teams) n = eg_without_partner_captures(pos, moves, n, GGN_MAX_MOVES);
    }
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (eg_reads_flag(pos, moves[i])) moves[kept++] = moves[i];
    return alone && kept > 0 ? eg_filter_legal(pos, moves, kept) : kept;
}

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t eg_flag_key(ggn_position *pos)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = eg_flag_moves(pos, moves);
    uint64_t key = 0;
    for (size_t i = 0; i < n; i++)
        key ^= mix(0x5EEDF1A6ULL ^ ((uint64_t)moves[i].from << 16) ^ ((uint64_t)moves[i].to << 32) ^
                   ((uint64_t)moves[i].pattern << 48) ^ ((uint64_t)moves[i].action << 56));
    return key;
}

void eg_rehash(ggn_position *pos)
{
    const ggn_game *g = pos->g;
    uint64_t h = g->zobrist_turn[pos->turn];
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE) h ^= eg_piece_key(g, &pos->piece[id], pos->piece[id].sq);
    if (g->hands)
        for (int p = 0; p < g->nplayers; p++)
            for (int k = 0; k < g->nkinds; k++)
                for (int n = 1; n <= pos->hand[p][k]; n++) h ^= eg_hand_key(g, p, k, n);
    if (g->count_checks)
        for (int p = 0; p < g->nplayers; p++) h ^= eg_check_key(p, 0) ^ eg_check_key(p, pos->checks[p]);
    for (int p = 0; p < g->nplayers; p++)
        if ((pos->out >> p) & 1) h ^= eg_out_key(p);
    if (g->parts && pos->part_sq != EG_NONE) h ^= g->zobrist_part[pos->part_sq]; /* a pending part (parts.c) */
    if (g->series) h ^= eg_series_key(g, pos->ply, pos->played); /* the moves left in the turn (series.c) */
    pos->rights = eg_rights_key(pos);
    pos->hash = h ^ pos->rights;
    pos->flag_horizon = 0;
    for (int id = 1; id < pos->npiece; id++)
        for (int f = 0; f < g->def->nflags; f++)
            if (pos->piece[id].flag_until[f] > pos->flag_horizon) pos->flag_horizon = pos->piece[id].flag_until[f];
    pos->flag_key = eg_flag_key(pos);
    pos->cached = 0;
}
