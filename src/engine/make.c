/*
 * make.c — playing and taking back moves.
 *
 * Every change to the board goes through lift() and drop(), which keep the
 * three square arrays, the piece's square and the hash in step and record
 * the old contents of each square in the undo record; every piece whose
 * fields change is saved whole first. Unmake restores both lists in reverse,
 * so it needs no knowledge of what the move did.
 */
#include <limits.h>
#include <string.h>

#include "engine.h"

/*
 * The hash of a piece on sq; an unmoved piece of the leader's castling set
 * leaving or entering the board may change the rights (u->rights_dirty).
 */
static inline uint64_t piece_key(const ggn_game *g, eg_undo *u, const eg_piece *p, int sq)
{
    uint64_t k = g->zobrist[((size_t)p->kind * (size_t)g->nplayers + p->owner) * (size_t)g->nsq + (size_t)sq];
    if (p->moves == 0) {
        k ^= g->zobrist_unmoved[(size_t)p->kind * (size_t)g->nsq + (size_t)sq];
        if ((g->rights_kinds >> p->kind) & 1) u->rights_dirty = true;
    }
    return k;
}

static void save_piece(ggn_position *pos, eg_undo *u, int id)
{
    for (int i = 0; i < u->npiece; i++)
        if (u->piece[i].id == id) return;
    /* Bounded by construction: a move touches the mover, its victim and at
     * most GGN_MAX_SIDE_EFFECTS * 2 others; EG_MAX_UNDO_PIECES covers chess and
     * every shipped game, and compile-time validation keeps effects small. */
    if (u->npiece < EG_MAX_UNDO_PIECES) {
        u->piece[u->npiece].id = (uint8_t)id;
        u->piece[u->npiece].saved = pos->piece[id];
        u->npiece++;
    }
}

static void record_cell(ggn_position *pos, eg_undo *u, int sq)
{
    if (u->ncell < EG_MAX_UNDO_CELLS) {
        u->cell[u->ncell].sq = (uint16_t)sq;
        u->cell[u->ncell].side = pos->side_at[sq];
        u->cell[u->ncell].kind = pos->kind_at[sq];
        u->cell[u->ncell].piece = pos->piece_at[sq];
        u->ncell++;
    }
}

/* Takes the piece off sq (which must hold one); returns its id. */
static int lift(ggn_position *pos, eg_undo *u, int sq)
{
    int id = pos->piece_at[sq];
    eg_piece *p = &pos->piece[id];
    save_piece(pos, u, id);
    record_cell(pos, u, sq);
    pos->hash ^= piece_key(pos->g, u, p, sq);
    pos->side_at[sq] = EG_EMPTY_SIDE;
    pos->kind_at[sq] = 0;
    pos->piece_at[sq] = 0;
    p->sq = EG_NONE;
    return id;
}

/* Puts piece id on the empty square sq. */
static void drop(ggn_position *pos, eg_undo *u, int id, int sq)
{
    eg_piece *p = &pos->piece[id];
    record_cell(pos, u, sq);
    pos->side_at[sq] = (int8_t)p->owner;
    pos->kind_at[sq] = p->kind;
    pos->piece_at[sq] = (uint8_t)id;
    p->sq = (int16_t)sq;
    pos->hash ^= piece_key(pos->g, u, p, sq);
}

/* Games with hands: one more (delta 1) or one fewer (-1) piece of a kind in a player's hand. */
static void hand_change(ggn_position *pos, eg_undo *u, int player, int kind, int delta)
{
    int n = pos->hand[player][kind];
    pos->hash ^= eg_hand_key(pos->g, player, kind, delta > 0 ? n + 1 : n);
    pos->hand[player][kind] = (uint8_t)(n + delta);
    if (u->nhand < EG_MAX_UNDO_PIECES) {
        u->hand[u->nhand].player = (uint8_t)player;
        u->hand[u->nhand].kind = (uint8_t)kind;
        u->hand[u->nhand].delta = (int8_t)delta;
        u->nhand++;
    }
}

/* Removes the piece on sq as a capture by `taker`; with hands it goes to the taker's hand. */
static void capture(ggn_position *pos, eg_undo *u, int sq, int taker)
{
    int id = lift(pos, u, sq);
    if (id < pos->free_from) pos->free_from = id;
    u->capture = true;
    if (!pos->g->captures_to_hand) return;
    int kind = pos->g->captured_as[pos->piece[id].kind];
    if (pos->hand[taker][kind] < UINT8_MAX && !((pos->g->supply[taker] >> kind) & 1))
        hand_change(pos, u, taker, kind, +1); /* an unlimited supply counts nothing */
}

static void count_move(eg_piece *p)
{
    if (p->moves < UINT16_MAX) p->moves++;
}

static void apply_effect(ggn_position *pos, eg_undo *u, const eg_effect *e, int mover, int from)
{
    const ggn_game *g = pos->g;
    switch ((sd_effect_kind)e->kind) {
    case SD_EFFECT_SET_STATE:
        save_piece(pos, u, mover);
        pos->piece[mover].flag_until[e->flag] = e->duration < 0 ? INT32_MAX : pos->ply + e->duration + 1;
        if (pos->piece[mover].flag_until[e->flag] > pos->flag_horizon) pos->flag_horizon = pos->piece[mover].flag_until[e->flag];
        break;
    case SD_EFFECT_CAPTURE: {
        int sq = eg_offset(g, from, e->ax, e->ay);
        if (sq == EG_NONE || !pos->piece_at[sq] || pos->piece_at[sq] == mover) break;
        capture(pos, u, sq, pos->piece[mover].owner);
        break;
    }
    case SD_EFFECT_MOVE: {
        int a = eg_offset(g, from, e->ax, e->ay), b = eg_offset(g, from, e->bx, e->by);
        if (a == EG_NONE || b == EG_NONE || !pos->piece_at[a] || pos->piece_at[a] == mover) break;
        if (e->piece != EG_NONE && pos->kind_at[a] != e->piece) break;
        if (a == b || pos->piece_at[b] == mover) break;
        int id = lift(pos, u, a);
        if (pos->piece_at[b]) capture(pos, u, b, pos->piece[mover].owner);
        count_move(&pos->piece[id]);
        drop(pos, u, id, b);
        break;
    }
    }
}

static inline void pass_turn(ggn_position *pos)
{
    const ggn_game *g = pos->g;
    pos->hash ^= g->zobrist_turn[pos->turn];
    pos->turn = eg_turn_after(pos);
    pos->hash ^= g->zobrist_turn[pos->turn];
    pos->ply++;
}

/*
 * A castle move (castle.c): from is the castler's square, to its partner's;
 * both leave the rank and land on the move's files, and both have moved.
 * Generation leaves the landing squares empty; a move from outside that was
 * generated for another position (eg_move_fits) takes what stands there, so
 * that no piece is overwritten.
 */
static void make_castle(ggn_position *pos, eg_undo *u, const eg_move *m, int id, int from, int to)
{
    const ggn_game *g = pos->g;
    int y = g->sq_y[from], pid = pos->piece_at[to], player = pos->piece[id].owner;
    int kto = eg_square(g, m->castle_to[0], y), pto = eg_square(g, m->castle_to[1], y);
    lift(pos, u, from);
    lift(pos, u, to);
    count_move(&pos->piece[id]);
    count_move(&pos->piece[pid]);
    if (pos->piece_at[kto]) capture(pos, u, kto, player);
    drop(pos, u, id, kto);
    if (pos->piece_at[pto]) capture(pos, u, pto, player);
    drop(pos, u, pid, pto);
}

/*
 * A piece leaves the mover's hand (hand_kind) and stands on the empty square
 * sq as placed_kind (a drop rule's "as" may place another kind), as a piece
 * that has moved, so that it never counts as an unmoved castling partner nor
 * opens a gate, unless `unmoved` (a drop rule's "unmoved": then it may castle,
 * and the rights may change: u->rights_dirty). Its instance is the first free
 * one that is not a leader's (none is below pos->free_from), saved first so
 * that unmake brings the old record back (unmake also restores pos->npiece
 * from u->npiece_before).
 */
static void new_piece(ggn_position *pos, eg_undo *u, int player, int placed_kind, bool unmoved, int sq)
{
    const ggn_game *g = pos->g;
    int id = pos->free_from < pos->npiece ? pos->free_from : pos->npiece; /* an unmake may have lowered npiece */
    while (id < pos->npiece && (pos->piece[id].sq != EG_NONE || pos->piece[id].kind == g->leader)) id++;
    pos->free_from = id + 1;
    if (id < pos->npiece) save_piece(pos, u, id);
    else if (pos->npiece < GGN_MAX_PIECES_ON_BOARD) pos->npiece++;
    else return; /* cannot happen: at most GGN_MAX_PIECES_ON_BOARD pieces exist, on the board or in hand */
    eg_piece *p = &pos->piece[id];
    memset(p, 0, sizeof *p);
    p->owner = (uint8_t)player;
    p->kind = (uint8_t)placed_kind;
    p->moves = unmoved ? 0 : 1;
    p->sq = EG_NONE;
    drop(pos, u, id, sq);
    if (placed_kind == g->leader) u->leaders_changed = true;
}

static void from_hand(ggn_position *pos, eg_undo *u, int player, int hand_kind, int placed_kind, bool unmoved, int sq)
{
    if (!((pos->g->supply[player] >> hand_kind) & 1)) hand_change(pos, u, player, hand_kind, -1); /* a supply stays */
    new_piece(pos, u, player, placed_kind, unmoved, sq);
}

/*
 * A clone (extension "clone", clone.c): the piece stays and a copy of it, a
 * new instance that has moved, stands on the empty target. It adds a piece
 * to the board, which counts as progress for the no-progress rule, as a
 * capture does.
 */
static void make_clone(ggn_position *pos, eg_undo *u, const eg_piece *p, int to)
{
    u->cloned = true;
    u->npiece_before = (int16_t)pos->npiece;
    if (!pos->piece_at[to]) new_piece(pos, u, p->owner, p->kind, false, to); /* generation lists empty targets only */
}

/* The pie rule's swap: the first player's one stone becomes the mover's, on the reflected square (mv.to). */
static void make_swap(ggn_position *pos, eg_undo *u, ggn_move mv)
{
    int stone = eg_swap_stone(pos);
    if (stone == EG_NONE) return; /* cannot happen: generated or fitted here */
    int id = lift(pos, u, stone);
    pos->piece[id].owner = (uint8_t)eg_player_to_move(pos);
    drop(pos, u, id, mv.to);
    pos->halfmove++;
}

/*
 * Extension "then" (parts.c): a board move of a kind with a part leaves the
 * turn with its player, the part pending on the arrival square; the part's
 * move puts the kind it places on its landing and passes the turn. The
 * counters of FEN count turns, as Fairy-Stockfish's do: only the part that
 * ends the turn goes a ply forward (eg_unmake knows the other by the part it
 * left pending), and the turn's first part alone moves the no-progress count.
 * In a game of several moves a turn (turns.parts) every move comes here, and
 * series.c says whether the series goes on.
 */
static void open_part(ggn_position *pos, const eg_undo *u, int kind, int to)
{
    const ggn_game *g = pos->g;
    if (g->series) { /* a turn of several moves (series.c): the same player again, or the next turn */
        if (eg_series_goes_on(pos, u)) return;
        pass_turn(pos);
        pos->hash ^= eg_series_key(g, pos->ply, 0);
        return;
    }
    if (to < 0 || pos->side_at[to] != eg_player_to_move(pos) || !eg_part_opens(pos, eg_part_of(g, pos->side_at[to], kind), to)) {
        pass_turn(pos);
        return;
    }
    pos->part_sq = (int16_t)to;
    pos->played = 1;
    pos->hash ^= g->zobrist_part[to];
}

static void make_part(ggn_position *pos, eg_undo *u, ggn_move mv)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos), sq = pos->part_sq;
    u->cloned = true; /* a new piece instance: unmake restores pos->npiece */
    u->npiece_before = (int16_t)pos->npiece;
    if (eg_part_of(g, player, pos->kind_at[sq])->remove) { /* a removal: a capture, so the no-progress count restarts */
        if (pos->piece_at[mv.to] && pos->side_at[mv.to] != player) capture(pos, u, mv.to, player);
        pos->halfmove = 0;
    } else if (!pos->piece_at[mv.to]) {
        new_piece(pos, u, player, eg_part_of(g, player, pos->kind_at[sq])->place, false, mv.to);
    }
    pos->hash ^= g->zobrist_part[sq];
    pos->part_sq = EG_NONE;
    pos->played = 0;
    pass_turn(pos);
}

/* A drop: the piece from the hand is the whole move. */
static void make_drop(ggn_position *pos, eg_undo *u, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (eg_is_swap(g, mv)) {
        make_swap(pos, u, mv);
        return;
    }
    int player = eg_player_to_move(pos), kind = eg_drop_kind(g, mv);
    /* The rule read is the hand kind's (mv.pattern), whatever kind it places. */
    bool unmoved = eg_drops_of(g, player, mv.pattern)->rule[mv.action].unmoved;
    from_hand(pos, u, player, mv.pattern, kind, unmoved, mv.to);
    pos->halfmove = ((g->reset_kinds >> kind) & 1) ? 0 : pos->halfmove + 1;
}

/* Gating: after the board move, the gated piece enters the square the move vacated (gating.c). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void gate_in(ggn_position *pos, eg_undo *u, const eg_move *m, const eg_action *act, ggn_move mv, int player)
{
    u->npiece_before = (int16_t)pos->npiece; /* unmake restores it for every move with a gate */
    int sq = eg_gate_target(pos->g, m, act, mv);
    if (sq == EG_NONE || pos->piece_at[sq]) return; /* generation lists only vacated squares */
    int gated = (mv.gate & ~GGN_GATE_AT_EFFECT) - 1;
    from_hand(pos, u, player, gated, gated, false, sq);
}

/*
 * The cheap check of a move from outside (ggn_position_make, ggn_move_format,
 * ggn_move_is_capture): every index in it is in range, and it moves a piece
 * of the player to move with a move definition that kind has, or drops a
 * kind that player holds onto an empty square. That is what make, formatting
 * and the capture probe read through; with it they stay inside their tables
 * and nothing vanishes from the board. It is not a legality test: a move
 * that passes but was generated for another position is played as that
 * piece's move (docs/limits.md). Perft and the search's own lists go to
 * eg_make unchecked.
 */
bool eg_move_fits(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    if (mv.to >= g->nsq || !g->enabled[mv.to]) return false;
    if (g->parts && pos->part_sq != EG_NONE) return eg_part_fits(pos, mv);
    if (mv.from == EG_DROP_FROM && eg_is_swap(g, mv)) {
        ggn_move open;
        return eg_generate_swap(pos, &open, 1, 0) == 1 && ggn_move_equal(open, mv);
    }
    if (mv.from == EG_DROP_FROM)
        return g->hands && mv.pattern < g->nkinds && eg_holds(pos, player, mv.pattern) &&
               mv.action < eg_drops_of(g, player, mv.pattern)->nrule && !pos->piece_at[mv.to] &&
               !mv.promotion && !mv.modifier;
    if (mv.from >= g->nsq) return false;
    if (g->pass_forced && mv.from == mv.to) /* a forced pass: the passer's square (pass.c), nothing else */
        return mv.from == eg_pass_square(pos, player) && !mv.pattern && !mv.action && !mv.promotion && !mv.modifier;
    if (eg_is_pass(g, mv)) return eg_pass_fits(pos, mv);
    if (!pos->piece_at[mv.from]) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    if (p->owner != player || mv.pattern >= g->nmoves[p->kind]) return false;
    const eg_move *m = eg_move_of(g, player, p->kind, mv.pattern);
    if (m->chain) return eg_chain_index(mv) > 0 && mv.promotion <= GGN_MAX_OPTIONS; /* make looks further */
    if (mv.action >= m->naction) return false;
    if (m->clone) return !pos->piece_at[mv.to] && mv.to != mv.from && !mv.promotion && !mv.modifier;
    if (m->castle) {
        /* make_castle lifts the partner on `to` and drops both on their files of the castler's rank. */
        const eg_piece *pp = &pos->piece[pos->piece_at[mv.to]];
        return !mv.promotion && !mv.modifier && pos->piece_at[mv.to] && mv.to != mv.from && pp->owner == player &&
               pp->kind == m->castle_partner && g->sq_y[mv.to] == g->sq_y[mv.from] &&
               eg_square(g, m->castle_to[0], g->sq_y[mv.from]) != EG_NONE &&
               eg_square(g, m->castle_to[1], g->sq_y[mv.from]) != EG_NONE;
    }
    if (!mv.promotion && mv.gate) { /* without a promotion that byte is a gate, which only gating has */
        int gk = (mv.gate & ~GGN_GATE_AT_EFFECT) - 1;
        if (!g->gating || gk < 0 || gk >= g->nkinds || !((g->gate_kinds >> gk) & 1) || !pos->hand[player][gk])
            return false;
        int sq = eg_gate_square(pos, mv);
        if (sq == EG_NONE || (sq != mv.from && (!pos->piece_at[sq] || pos->side_at[sq] != player))) return false;
    }
    return !mv.promotion || (mv.modifier < m->nmodifier && mv.promotion <= m->modifier[mv.modifier].noption);
}

/*
 * A chain capture (extension "chain", movegen_chain.c): the pieces it took
 * leave the board together at the end, each recorded compactly in the undo
 * entry (a chain may take more pieces than lift's records hold); the mover
 * goes from its source to the last landing, and a TRANSFORM that fired there
 * crowns it. Only a piece's square changes when it is taken.
 */
static void make_chain(ggn_position *pos, eg_undo *u, ggn_move mv, const eg_chain *ch)
{
    for (int i = 0; i < ch->ncap; i++) {
        int sq = ch->cap[i], id = pos->piece_at[sq];
        eg_piece *p = &pos->piece[id];
        u->chain_id[i] = (uint8_t)id;
        u->chain_sq[i] = (uint16_t)sq;
        pos->hash ^= piece_key(pos->g, u, p, sq);
        pos->side_at[sq] = EG_EMPTY_SIDE;
        pos->kind_at[sq] = 0;
        pos->piece_at[sq] = 0;
        p->sq = EG_NONE;
        if (id < pos->free_from) pos->free_from = id;
    }
    u->nchain = (uint8_t)ch->ncap;
    u->capture = true;
    int id = pos->piece_at[mv.from];
    lift(pos, u, mv.from);
    count_move(&pos->piece[id]);
    drop(pos, u, id, mv.to);
}

bool eg_make(ggn_position *pos, ggn_move mv)
{
    if (pos->nundo >= GGN_MAX_PLY) return false;
    pos->cached = 0;
    const ggn_game *g = pos->g;
    if (g->check_series && pos->nundo == 0) eg_record_root(pos);
    eg_undo *u = &pos->undo[pos->nundo++];
    u->move = mv;
    u->turn = pos->turn;
    u->halfmove = pos->halfmove;
    u->hash = pos->hash;
    u->rights_dirty = false;
    u->ncell = 0;
    u->npiece = 0;
    u->capture = false;
    u->leaders_changed = false;
    u->nhand = 0;
    u->out = pos->out;
    u->flag_horizon = pos->flag_horizon;
    u->nchain = 0;
    u->nconv = 0;
    u->cloned = false;
    u->ntaken = 0;
    if (g->turn_parts) {
        u->part_sq = pos->part_sq;
        u->played = pos->played;
        if (pos->part_sq != EG_NONE) {
            make_part(pos, u, mv);
            return true;
        }
    }

    if (mv.from == EG_DROP_FROM) {
        u->npiece_before = (int16_t)pos->npiece;
        make_drop(pos, u, mv);
        if (g->converts) eg_make_conversion(pos, u, mv.to, pos->kind_at[mv.to]);
        if (g->group_capture) eg_capture_groups(pos, u, mv.to);
        if (u->rights_dirty) {
            u->rights = pos->rights;
            uint64_t rights = eg_rights_key(pos);
            pos->hash ^= pos->rights ^ rights;
            pos->rights = rights;
        }
        if (g->series) open_part(pos, u, -1, -1);
        else if (g->parts && pos->piece_at[mv.to]) open_part(pos, u, pos->kind_at[mv.to], mv.to); /* a removing part follows drops too */
        else pass_turn(pos);
        if (u->leaders_changed) eg_index_leaders(pos);
        if (g->count_checks) eg_count_check(pos, u);
        if (g->check_series) eg_record_check(pos, u);
        return true;
    }
    if (eg_is_pass(g, mv)) {
        /* A pass: nothing moves; the turn passes and the no-progress count goes on. */
        pos->halfmove++;
        u->checker = -1;
        pass_turn(pos);
        if (g->check_series) eg_record_check(pos, u);
        return true;
    }
    int from = mv.from, to = mv.to;
    int id = pos->piece_at[from];
    eg_piece *p = &pos->piece[id];
    int player = p->owner, kind = p->kind;
    const eg_move *m = eg_move_of(g, player, kind, mv.pattern);
    eg_chain chain;
    int modifier = mv.modifier;

    if (m->chain) {
        if (!eg_chain_of(pos, mv, &chain)) { /* names no chain of this position: nothing changed yet */
            pos->nundo--;
            return false;
        }
        make_chain(pos, u, mv, &chain);
        modifier = chain.modifier;
    } else if (m->castle) {
        make_castle(pos, u, m, id, from, to);
    } else if (m->clone) {
        make_clone(pos, u, p, to);
    } else {
        const eg_action *act = &m->action[mv.action];
        if (pos->piece_at[to] && pos->piece_at[to] != id) capture(pos, u, to, player);
        lift(pos, u, from);
        count_move(p);
        if (g->series) eg_series_moved(g, p);
        drop(pos, u, id, to);
        for (int i = 0; i < act->neffect; i++) apply_effect(pos, u, &act->effect[i], id, from);
        for (int i = 0; i < m->neffect; i++) apply_effect(pos, u, &m->effect[i], id, from);
    }
    if (mv.promotion) {
        /* The option of the TRANSFORM that fired at generation time; the new
         * piece starts unmoved and without flags, except as a kind of fen_rights,
         * whose first-move privilege belongs to the pieces of the start (FEN
         * could not say it off the first rank). */
        const eg_modifier *mod = &m->modifier[modifier];
        int option_kind = mod->option[mv.promotion - 1];
        if (p->sq != EG_NONE) {
            int sq = p->sq;
            if (g->promotes_to_leader && (option_kind == g->leader || p->kind == g->leader)) u->leaders_changed = true;
            lift(pos, u, sq);
            p->kind = (uint8_t)option_kind;
            p->moves = (uint16_t)((g->fen_rights >> option_kind) & 1);
            for (int f = 0; f < GGN_MAX_FLAGS; f++) p->flag_until[f] = 0;
            drop(pos, u, id, sq);
        }
    } else if (mv.gate && g->gating) { /* .gate is .modifier's byte: a gate only without a promotion */
        gate_in(pos, u, m, &m->action[mv.action], mv, player);
    }
    /* extension "converts": what arrived on `to` (the piece, its copy, or its promoted form) converts. */
    if (g->converts && pos->piece_at[to] && pos->side_at[to] == player) eg_make_conversion(pos, u, to, pos->kind_at[to]);
    /* extension "custodial": what arrived on `to` takes what it encloses. */
    if (g->custodial && pos->piece_at[to] && pos->side_at[to] == player) eg_make_custodial(pos, u, to, pos->kind_at[to]);
    pos->halfmove = (u->capture || u->cloned || ((g->reset_kinds >> kind) & 1)) ? 0 : pos->halfmove + 1;
    if (u->rights_dirty) {
        u->rights = pos->rights;
        uint64_t rights = eg_rights_key(pos);
        pos->hash ^= pos->rights ^ rights;
        pos->rights = rights;
    }
    if (g->turn_parts) open_part(pos, u, kind, to);
    else pass_turn(pos);
    if (u->leaders_changed) eg_index_leaders(pos);
    if (g->count_checks) eg_count_check(pos, u);
    if (g->check_series) eg_record_check(pos, u);
    return true;
}

void eg_unmake(ggn_position *pos)
{
    pos->cached = 0;
    eg_undo *u = &pos->undo[--pos->nundo];
    if (u->ntaken) eg_restore_groups(pos, u);
    if (u->nconv) eg_unmake_conversion(pos, u); /* the last change made, on squares no cell record touches */
    for (int i = u->ncell - 1; i >= 0; i--) {
        int sq = u->cell[i].sq;
        pos->side_at[sq] = u->cell[i].side;
        pos->kind_at[sq] = u->cell[i].kind;
        pos->piece_at[sq] = u->cell[i].piece;
    }
    for (int i = u->npiece - 1; i >= 0; i--) {
        int id = u->piece[i].id;
        pos->piece[id] = u->piece[i].saved;
        if (pos->piece[id].sq == EG_NONE && id < pos->free_from) pos->free_from = id; /* a new piece's record freed again */
    }
    for (int i = 0; i < u->nchain; i++) { /* a chain's taken pieces (their squares were distinct from the mover's) */
        eg_piece *p = &pos->piece[u->chain_id[i]];
        int sq = u->chain_sq[i];
        p->sq = (int16_t)sq;
        pos->side_at[sq] = (int8_t)p->owner;
        pos->kind_at[sq] = p->kind;
        pos->piece_at[sq] = u->chain_id[i];
    }
    if (u->nhand || u->move.from == EG_DROP_FROM) { /* a drop from an unlimited supply changes no hand */
        for (int i = u->nhand - 1; i >= 0; i--)
            pos->hand[u->hand[i].player][u->hand[i].kind] = (uint8_t)(pos->hand[u->hand[i].player][u->hand[i].kind] - u->hand[i].delta);
        if (u->move.from == EG_DROP_FROM || eg_gate_of(pos->g, u->move)) pos->npiece = u->npiece_before;
    }
    if (u->cloned) pos->npiece = u->npiece_before;
    pos->turn = u->turn;
    if (pos->g->turn_parts) {
        if (eg_mid_turn(pos)) pos->ply++; /* the move left its turn under way: it did not count a ply */
        pos->part_sq = u->part_sq;
        pos->played = u->played;
    }
    pos->out = u->out;
    pos->flag_horizon = u->flag_horizon;
    pos->halfmove = u->halfmove;
    pos->hash = u->hash;
    if (u->rights_dirty) pos->rights = u->rights;
    if (pos->g->count_checks && u->checker >= 0) pos->checks[u->checker]--;
    pos->ply--;
    if (u->leaders_changed) eg_index_leaders(pos);
}

void eg_clear(ggn_position *pos)
{
    const ggn_game *g = pos->g;
    memset(pos->side_at, EG_EMPTY_SIDE, sizeof pos->side_at);
    memset(pos->kind_at, 0, sizeof pos->kind_at);
    memset(pos->piece_at, 0, sizeof pos->piece_at);
    memset(pos->piece, 0, sizeof pos->piece);
    memset(pos->hand, 0, sizeof pos->hand);
    memset(pos->checks, 0, sizeof pos->checks);
    pos->root_checked = 0;
    pos->out = 0;
    pos->npiece = 1;
    pos->free_from = 1;
    pos->nundo = 0;
    pos->ntaken = 0;
    pos->ply = 0;
    pos->halfmove = 0;
    pos->turn = g->def->start_at;
    pos->part_sq = EG_NONE;
    pos->played = 0;
    pos->hash = g->zobrist_turn[pos->turn];
    pos->rights = 0;
    pos->flag_key = 0;
    pos->flag_horizon = 0;
    memset(pos->nleader, 0, sizeof pos->nleader);
    pos->leaders_overflow = false;
    pos->assume_unattacked = false;
    pos->cached = 0;
}

bool eg_place(ggn_position *pos, int sq, int kind, int owner, bool unmoved)
{
    if (pos->npiece >= GGN_MAX_PIECES_ON_BOARD || pos->piece_at[sq]) return false;
    int id = pos->npiece++;
    eg_piece *p = &pos->piece[id];
    memset(p, 0, sizeof *p);
    p->owner = (uint8_t)owner;
    p->kind = (uint8_t)kind;
    p->moves = unmoved ? 0 : 1;
    p->sq = (int16_t)sq;
    pos->side_at[sq] = (int8_t)owner;
    pos->kind_at[sq] = (uint8_t)kind;
    pos->piece_at[sq] = (uint8_t)id;
    pos->hash ^= eg_piece_key(pos->g, p, sq); /* rights: eg_rehash once the setup is complete */
    if (kind == pos->g->leader) {
        if (pos->nleader[owner] < EG_MAX_LEADERS) pos->leader[owner][pos->nleader[owner]++] = (uint8_t)id;
        else pos->leaders_overflow = true;
    }
    return true;
}
