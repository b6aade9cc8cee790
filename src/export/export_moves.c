/*
 * export_moves.c — the possibilities of one piece (side, kind, state) on
 * one source square, worked out from the compiled move tables exactly as
 * movegen.c and make.c would play them, but for every board at once.
 *
 * For each move definition, in order: the source conditions, then each
 * landing of the ray (reaching landing i needs the earlier landings not to
 * stop the slide), the landing conditions, each action whose state fits,
 * its conditions; the first TRANSFORM whose conditions hold fans out its
 * options (later modifiers and "no promotion" get what is left); the side
 * effects run on a symbolic board whose unknown squares are split into
 * cases only when an effect needs to know who stands there. Every case is
 * a term (square -> set of contents) with the board patch it leads to.
 * NOT_ATTACKED and PATH_NOT_ATTACKED hold (docs/export.md).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/conditions.h"
#include "export_moves.h"

/* ---- sets and terms ------------------------------------------------------ */

static bool set_is_empty(const ex_set *s)
{
    for (int i = 0; i < EX_WORDS; i++)
        if (s->w[i]) return false;
    return true;
}

static ex_set set_and(const ex_set *a, const ex_set *b)
{
    ex_set r;
    for (int i = 0; i < EX_WORDS; i++) r.w[i] = a->w[i] & b->w[i];
    return r;
}

static ex_set set_minus(const ex_set *a, const ex_set *b)
{
    ex_set r;
    for (int i = 0; i < EX_WORDS; i++) r.w[i] = a->w[i] & ~b->w[i];
    return r;
}

static ex_set set_one(int c)
{
    ex_set r;
    memset(&r, 0, sizeof r);
    ex_add(&r, c);
    return r;
}

static int term_find(const ex_term *t, int sq)
{
    for (int i = 0; i < t->n; i++)
        if (t->sq[i] == sq) return i;
    return -1;
}

/* The contents square sq may have under t (all of them when unconstrained). */
static ex_set term_get(const ex_ctx *x, const ex_term *t, int sq)
{
    int i = term_find(t, sq);
    return i < 0 ? x->md->all : t->set[i];
}

static bool fail(ex_ctx *x, ggn_code code, const char *what)
{
    if (!x->failed) {
        x->failed = true;
        ggn_error_set(x->err, code, "%s", what);
    }
    return false;
}

/*
 * Narrows t to "sq holds something in s". The source square holds the
 * mover (conditions are judged before the move), so it is decided here and
 * never written. Returns false when t can no longer hold.
 */
static bool term_constrain(ex_ctx *x, ex_term *t, int sq, const ex_set *s)
{
    if (sq == x->from) return ex_has(s, x->mover);
    int i = term_find(t, sq);
    if (i < 0) {
        if (t->n >= EX_MAX_TERM_SQUARES) return fail(x, GGN_E_LIMIT, "a possibility tests more squares than the exporter's EX_MAX_TERM_SQUARES");
        t->sq[t->n] = (uint16_t)sq;
        t->set[t->n] = set_and(&x->md->all, s);
        i = t->n++;
    } else {
        t->set[i] = set_and(&t->set[i], s);
    }
    return !set_is_empty(&t->set[i]);
}

bool ex_term_constrain(ex_ctx *x, ex_term *t, int sq, const ex_set *s) { return term_constrain(x, t, sq, s); }

/* Conjunction of two terms into *out; false when they cannot hold together. */
static bool term_and(ex_ctx *x, const ex_term *a, const ex_term *b, ex_term *out)
{
    *out = *a;
    for (int i = 0; i < b->n; i++)
        if (!term_constrain(x, out, b->sq[i], &b->set[i])) return false;
    return true;
}

/* ---- term lists ---------------------------------------------------------- */

static bool tl_push(ex_ctx *x, ex_tlist *l, const ex_term *t)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        if (cap > EX_MAX_TERMS) cap = EX_MAX_TERMS;
        if (l->n >= cap) return fail(x, GGN_E_LIMIT, "a move splits into more cases than the exporter's EX_MAX_TERMS");
        ex_term *p = realloc(l->t, cap * sizeof *p);
        if (!p) return fail(x, GGN_E_NOMEM, "out of memory");
        l->t = p;
        l->cap = cap;
    }
    l->t[l->n++] = *t;
    return true;
}

void ex_tl_free(ex_tlist *l)
{
    free(l->t);
    l->t = NULL;
    l->n = l->cap = 0;
}

/* Narrows every term of l to "sq in s", dropping those that cannot hold. */
static void tl_constrain(ex_ctx *x, ex_tlist *l, int sq, const ex_set *s)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->n; i++)
        if (term_constrain(x, &l->t[i], sq, s)) l->t[kept++] = l->t[i];
    l->n = kept;
}

static bool tl_copy(ex_ctx *x, ex_tlist *dst, const ex_tlist *src)
{
    dst->n = 0;
    for (size_t i = 0; i < src->n; i++)
        if (!tl_push(x, dst, &src->t[i])) return false;
    return true;
}

/* l becomes l AND (d_0 OR d_1 OR ...). */
static bool tl_and_dnf(ex_ctx *x, ex_tlist *l, const ex_tlist *d)
{
    ex_tlist out = { NULL, 0, 0 };
    ex_term t;
    for (size_t i = 0; i < l->n && !x->failed; i++)
        for (size_t j = 0; j < d->n && !x->failed; j++)
            if (term_and(x, &l->t[i], &d->t[j], &t)) tl_push(x, &out, &t);
    ex_tl_free(l);
    *l = out;
    return !x->failed;
}

/*
 * Appends r minus c to out as disjoint terms: for the k-th square c
 * constrains, the boards that agree with c on the squares before it and
 * disagree on it.
 */
static bool term_subtract(ex_ctx *x, const ex_term *r, const ex_term *c, ex_tlist *out)
{
    ex_term inter;
    if (!term_and(x, r, c, &inter)) return tl_push(x, out, r);
    ex_term prefix = *r;
    for (int k = 0; k < c->n; k++) {
        int sq = c->sq[k];
        ex_set have = term_get(x, &prefix, sq);
        ex_set outside = set_minus(&have, &c->set[k]);
        if (!set_is_empty(&outside)) {
            ex_term piece = prefix;
            if (term_constrain(x, &piece, sq, &outside) && !tl_push(x, out, &piece)) return false;
        }
        if (!term_constrain(x, &prefix, sq, &c->set[k])) break;
    }
    return !x->failed;
}

/* l becomes l minus every term of c. */
static bool tl_subtract(ex_ctx *x, ex_tlist *l, const ex_tlist *c)
{
    for (size_t j = 0; j < c->n && l->n; j++) {
        ex_tlist out = { NULL, 0, 0 };
        for (size_t i = 0; i < l->n && !x->failed; i++) term_subtract(x, &l->t[i], &c->t[j], &out);
        ex_tl_free(l);
        *l = out;
        if (x->failed) return false;
    }
    return true;
}

/* ---- conditions ---------------------------------------------------------- */

/* The unmoved pieces a PIECE_/ROOK_FIRST_MOVE accepts. */
static ex_set first_move_set(const ex_ctx *x, const eg_cond *c)
{
    const ex_model *md = x->md;
    ex_set s;
    memset(&s, 0, sizeof s);
    for (int side = 0; side < 2; side++) {
        for (int k = 0; k < md->nk; k++) {
            if (c->piece != EG_NONE && (k != c->piece || side != x->side)) continue;
            int id = ex_content(md, side, k, GGN_STATE_ENHANCED);
            if (md->valid[id]) ex_add(&s, id);
        }
    }
    return s;
}

/*
 * The pieces a CHECK_STATE on `flag` finds: the opponent's carriers in the
 * '-' state, and the mover's own only for a permanent flag (a one-turn
 * flag has always expired by its owner's next turn).
 */
static ex_set flagged_set(const ex_ctx *x, int flag)
{
    const ex_model *md = x->md;
    ex_set s;
    memset(&s, 0, sizeof s);
    for (int side = 0; side < 2; side++) {
        if (side == x->side && !md->flag_permanent[flag]) continue;
        for (int k = 0; k < md->nk; k++)
            if (md->flag_of[k] == flag) ex_add(&s, ex_content(md, side, k, GGN_STATE_DIMINISHED));
    }
    return s;
}

/* l becomes l AND the condition, judged for a landing on `to` (EG_NONE for source conditions). */
static bool apply_condition(ex_ctx *x, const eg_cond *c, int to, ex_tlist *l)
{
    const ggn_game *g = x->md->g;
    ex_set empty = set_one(EX_EMPTY);
    switch ((sd_condition_kind)c->kind) {
    case SD_COND_FIRST_MOVE:
        if (x->state != GGN_STATE_ENHANCED) l->n = 0;
        return true;
    case SD_COND_DEPENDS_ON:
        return tl_and_dnf(x, l, &x->produced[c->arg]);
    case SD_COND_PIECE_FIRST_MOVE:
    case SD_COND_ROOK_FIRST_MOVE: {
        int sq = eg_offset(g, x->from, c->dx, c->dy);
        if (sq == EG_NONE) {
            if (c->kind == SD_COND_PIECE_FIRST_MOVE) l->n = 0;
            return true;
        }
        ex_set s = first_move_set(x, c);
        if (c->kind == SD_COND_ROOK_FIRST_MOVE) ex_add(&s, EX_EMPTY);
        tl_constrain(x, l, sq, &s);
        return !x->failed;
    }
    case SD_COND_CHECK_STATE: {
        int sq = eg_offset(g, x->from, c->dx, c->dy);
        if (sq == EG_NONE) {
            l->n = 0;
            return true;
        }
        ex_set s = flagged_set(x, c->arg);
        tl_constrain(x, l, sq, &s);
        return !x->failed;
    }
    case SD_COND_SQUARES_EMPTY:
        for (int i = 0; i < c->nsquares && l->n; i++) {
            int sq = eg_offset(g, x->from, c->squares[i][0], c->squares[i][1]);
            if (sq == EG_NONE) l->n = 0;
            else tl_constrain(x, l, sq, &empty);
        }
        return !x->failed;
    case SD_COND_PATH_EMPTY: {
        int path[GGN_MAX_BOARD_SIDE];
        int n = eg_path_squares(g, x->from, to, path);
        for (int i = 0; i < n && l->n; i++) {
            if (path[i] == EG_NONE) l->n = 0;
            else tl_constrain(x, l, path[i], &empty);
        }
        return !x->failed;
    }
    case SD_COND_NOT_ATTACKED:
    case SD_COND_PATH_NOT_ATTACKED:
        return true; /* the rule system's question, not GGN's */
    case SD_COND_NAMED:
        if (!g->named_sq[((size_t)c->arg * (size_t)g->nplayers + (size_t)x->player) * (size_t)g->nsq + (size_t)to]) l->n = 0;
        return true;
    case SD_COND_NAMED_SOURCE:
        if (!g->named_sq[((size_t)c->arg * (size_t)g->nplayers + (size_t)x->player) * (size_t)g->nsq + (size_t)x->from]) l->n = 0;
        return true;
    case SD_COND_FILE_FREE_OF:
        return fail(x, GGN_E_CONVERSION, "FILE_FREE_OF (a drop condition) is not exported: games with hands are refused");
    }
    return true;
}

static bool apply_conditions(ex_ctx *x, const eg_cond *c, int n, int to, ex_tlist *l)
{
    for (int i = 0; i < n && l->n; i++)
        if (!apply_condition(x, &c[i], to, l)) return false;
    return !x->failed;
}

/* ---- side effects on a symbolic board ------------------------------------ */

#define EX_MOVER (-1)     /* the symbolic content "the moving piece" */
#define EX_MAX_TAKEN (2 * GGN_MAX_SIDE_EFFECTS + 1) /* the landing and one per side effect */

/*
 * The squares a move has changed so far and what they hold (a content, or
 * EX_MOVER); in a game whose hands the spelling writes, also the pieces
 * the move has taken off the board, each of which enters the mover's hand
 * (make.c's capture): a known content, or the piece that stood on a square
 * before the move (which the term may leave open).
 */
typedef struct symboard {
    int n;
    int sq[EX_MAX_PATCH];
    int content[EX_MAX_PATCH];
    bool flagged;         /* the mover carries its kind's tested flag */
    int ntaken;
    int taken_sq[EX_MAX_TAKEN];      /* the square's original piece, or EG_NONE: taken_content says */
    int taken_content[EX_MAX_TAKEN];
} symboard;

static int sb_find(const symboard *b, int sq)
{
    for (int i = 0; i < b->n; i++)
        if (b->sq[i] == sq) return i;
    return -1;
}

static bool sb_set(ex_ctx *x, symboard *b, int sq, int content)
{
    int i = sb_find(b, sq);
    if (i < 0) {
        if (b->n >= EX_MAX_PATCH) return fail(x, GGN_E_LIMIT, "a move changes more squares than the exporter's EX_MAX_PATCH");
        i = b->n++;
        b->sq[i] = sq;
    }
    b->content[i] = content;
    return true;
}

/*
 * Whatever stands on sq now is taken off the board. A square the move has
 * not changed still holds its piece from before the move; one it has
 * changed holds a known content (nothing is taken from an emptied square).
 */
static bool sb_take(ex_ctx *x, symboard *b, int sq)
{
    if (!x->md->writes_hands || !x->md->g->captures_to_hand) return true; /* nothing enters a hand */
    int i = sb_find(b, sq), c = i < 0 ? EX_EMPTY : b->content[i];
    if (i >= 0 && c == EX_EMPTY) return true;
    if (b->ntaken >= EX_MAX_TAKEN) return fail(x, GGN_E_LIMIT, "a move takes more pieces than the exporter's EX_MAX_TAKEN");
    b->taken_sq[b->ntaken] = i < 0 ? sq : EG_NONE;
    b->taken_content[b->ntaken] = c;
    b->ntaken++;
    return true;
}

/* The content a piece has after being moved by a side effect: no longer unmoved. */
static int moved_content(const ex_model *md, int c)
{
    if (ex_content_state(c) != GGN_STATE_ENHANCED) return c;
    return ex_content(md, ex_content_side(md, c), ex_content_kind(md, c), GGN_STATE_NORMAL);
}

bool ex_outcome_push(ex_ctx *x, const ex_outcome *o)
{
    if (x->nout == x->capout) {
        size_t cap = x->capout ? x->capout * 2 : 64;
        ex_outcome *p = realloc(x->out, cap * sizeof *p);
        if (!p) return fail(x, GGN_E_NOMEM, "out of memory");
        x->out = p;
        x->capout = cap;
    }
    x->out[x->nout++] = *o;
    return true;
}

static bool record_one(ex_ctx *x, const ex_term *t, int to, const symboard *b, int promote, int hand_add)
{
    const ex_model *md = x->md;
    int mover;
    if (promote >= 0) {
        /* A promoted piece starts unmoved, but not as a kind of fen_rights (make.c). */
        bool fresh = md->unmoved_state[promote] && !((md->def->fen_rights >> promote) & 1);
        mover = ex_content(md, x->side, promote, fresh ? GGN_STATE_ENHANCED : GGN_STATE_NORMAL);
    } else {
        mover = ex_content(md, x->side, x->kind, b->flagged && md->flag_of[x->kind] >= 0 ? GGN_STATE_DIMINISHED : GGN_STATE_NORMAL);
    }
    ex_outcome o;
    o.term = *t;
    o.to = to;
    o.npatch = b->n;
    for (int i = 0; i < b->n; i++) {
        o.patch_sq[i] = b->sq[i];
        o.patch[i] = b->content[i] == EX_MOVER ? mover : b->content[i];
    }
    o.hand_add = hand_add;
    o.hand_del = -1;
    return ex_outcome_push(x, &o);
}

/*
 * Taken pieces k.. of b, under t, with `added` the hand's gain so far (a
 * plain content of the mover's side, or -1). A piece taken from a square
 * the term leaves open enters the hand as its kind's captured_as, so t is
 * split by that: one case per hand kind (and one where the square was
 * empty). board-check's in_hand_add names one piece, so a move that takes
 * two is refused.
 */
static bool record_taken(ex_ctx *x, const ex_term *t, int to, const symboard *b, int promote, int k, int added)
{
    const ex_model *md = x->md;
    if (k == b->ntaken) return record_one(x, t, to, b, promote, added);
    if (b->taken_sq[k] == EG_NONE) {
        if (added >= 0) goto two;
        int h = ex_hand_kind(md, ex_content_kind(md, b->taken_content[k]));
        return record_taken(x, t, to, b, promote, k + 1, ex_plain(md, x->side, h));
    }
    int sq = b->taken_sq[k];
    ex_set have = term_get(x, t, sq);
    if (ex_has(&have, EX_EMPTY)) {
        ex_term te = *t;
        ex_set empty = set_one(EX_EMPTY);
        if (term_constrain(x, &te, sq, &empty) && !record_taken(x, &te, to, b, promote, k + 1, added)) return false;
    }
    for (int h = 0; h < md->nk; h++) {
        ex_set group;
        memset(&group, 0, sizeof group);
        for (int c = 1; c < EX_CONTENTS; c++)
            if (ex_has(&have, c) && ex_hand_kind(md, ex_content_kind(md, c)) == h) ex_add(&group, c);
        if (set_is_empty(&group)) continue;
        if (added >= 0) goto two;
        ex_term th = *t;
        if (term_constrain(x, &th, sq, &group) && !record_taken(x, &th, to, b, promote, k + 1, ex_plain(md, x->side, h)))
            return false;
    }
    return !x->failed;
two:
    return fail(x, GGN_E_CONVERSION, "cannot export to GGN: a move puts two pieces into the hand, and board-check's "
                                     "in_hand_add names one");
}

static bool record(ex_ctx *x, const ex_term *t, int to, const symboard *b, int promote)
{
    return record_taken(x, t, to, b, promote, 0, -1);
}

typedef struct effect_list {
    const eg_effect *e[2 * GGN_MAX_SIDE_EFFECTS];
    int n;
} effect_list;

/* Runs effects k.. of list on board b under term t; splits t where an effect must know a square's piece. */
static bool run_effects(ex_ctx *x, const ex_term *t, int to, symboard b, const effect_list *list, int k, int promote)
{
    const ex_model *md = x->md;
    const ggn_game *g = md->g;
    for (; k < list->n; k++) {
        const eg_effect *e = list->e[k];
        switch ((sd_effect_kind)e->kind) {
        case SD_EFFECT_SET_STATE:
            if (md->flag_of[x->kind] == e->flag) b.flagged = true;
            break;
        case SD_EFFECT_CAPTURE: {
            int sq = eg_offset(g, x->from, e->ax, e->ay);
            if (sq == EG_NONE) break;
            int i = sb_find(&b, sq);
            if (i >= 0 && b.content[i] == EX_MOVER) break;
            if (!sb_take(x, &b, sq) || !sb_set(x, &b, sq, EX_EMPTY)) return false;
            break;
        }
        case SD_EFFECT_MOVE: {
            int a = eg_offset(g, x->from, e->ax, e->ay), dst = eg_offset(g, x->from, e->bx, e->by);
            if (a == EG_NONE || dst == EG_NONE || a == dst) break;
            int ib = sb_find(&b, dst);
            if (ib >= 0 && b.content[ib] == EX_MOVER) break;
            int ia = sb_find(&b, a);
            if (ia >= 0) {
                int c = b.content[ia];
                if (c == EX_MOVER || c == EX_EMPTY) break;
                if (e->piece != EG_NONE && ex_content_kind(md, c) != e->piece) break;
                if (!sb_take(x, &b, dst) || !sb_set(x, &b, a, EX_EMPTY) || !sb_set(x, &b, dst, moved_content(md, c)))
                    return false;
                break;
            }
            /* Who stands on a is not known yet: one case per piece the effect moves, one where it does nothing. */
            ex_set have = term_get(x, t, a), idle = set_one(EX_EMPTY);
            for (int c = 1; c < EX_CONTENTS; c++) {
                if (!ex_has(&have, c)) continue;
                if (e->piece != EG_NONE && ex_content_kind(md, c) != e->piece) {
                    ex_add(&idle, c);
                    continue;
                }
                ex_term tc = *t;
                ex_set one = set_one(c);
                if (!term_constrain(x, &tc, a, &one)) continue;
                symboard bc = b;
                if (!sb_take(x, &bc, dst) || !sb_set(x, &bc, a, EX_EMPTY) || !sb_set(x, &bc, dst, moved_content(md, c)))
                    return false;
                if (!run_effects(x, &tc, to, bc, list, k + 1, promote)) return false;
            }
            ex_term ti = *t;
            if (term_constrain(x, &ti, a, &idle)) return run_effects(x, &ti, to, b, list, k + 1, promote);
            return !x->failed;
        }
        }
    }
    return record(x, t, to, &b, promote);
}

/* One landing that passed its action: effects, then the TRANSFORM fan-out. */
static bool land(ex_ctx *x, const eg_move *m, const eg_action *act, int to, const ex_term *t, int promote)
{
    effect_list list;
    list.n = 0;
    for (int i = 0; i < act->neffect && list.n < 2 * GGN_MAX_SIDE_EFFECTS; i++) list.e[list.n++] = &act->effect[i];
    for (int i = 0; i < m->neffect && list.n < 2 * GGN_MAX_SIDE_EFFECTS; i++) list.e[list.n++] = &m->effect[i];
    symboard b;
    b.n = 0;
    b.ntaken = 0;
    b.flagged = x->state == GGN_STATE_DIMINISHED;
    sb_set(x, &b, x->from, EX_EMPTY);
    sb_take(x, &b, to); /* what stood on the landing (make.c captures it first) */
    sb_set(x, &b, to, EX_MOVER);
    return run_effects(x, t, to, b, &list, 0, promote);
}

/* The first TRANSFORM whose conditions hold fans the landing out; what no modifier takes is a plain move. */
static bool modifiers(ex_ctx *x, const eg_move *m, const eg_action *act, int to, const ex_term *t)
{
    ex_tlist rest = { NULL, 0, 0 }, fire = { NULL, 0, 0 };
    bool ok = tl_push(x, &rest, t);
    for (int i = 0; ok && i < m->nmodifier && rest.n; i++) {
        const eg_modifier *mod = &m->modifier[i];
        ok = tl_copy(x, &fire, &rest) && apply_conditions(x, mod->cond, mod->ncond, to, &fire);
        for (size_t f = 0; ok && f < fire.n; f++)
            for (int o = 0; ok && o < mod->noption; o++) ok = land(x, m, act, to, &fire.t[f], mod->option[o]);
        ok = ok && tl_subtract(x, &rest, &fire);
    }
    for (size_t r = 0; ok && r < rest.n; r++) ok = land(x, m, act, to, &rest.t[r], -1);
    ex_tl_free(&rest);
    ex_tl_free(&fire);
    return ok && !x->failed;
}

/* ---- one move definition ------------------------------------------------- */

/* The set of contents on a square the slide passes over that does not stop it. */
static ex_set passable(const ex_ctx *x, int until)
{
    const ex_model *md = x->md;
    ex_set stop;
    switch (until) {
    case SD_EMPTY: stop = set_one(EX_EMPTY); break;
    case SD_ENEMY: stop = md->side_set[1 - x->side]; break;
    case SD_ALLY: stop = md->side_set[x->side]; break;
    default: {
        ex_set empty = set_one(EX_EMPTY);
        stop = set_minus(&md->all, &empty);
        break;
    }
    }
    return set_minus(&md->all, &stop);
}

static ex_set action_set(const ex_ctx *x, int state)
{
    if (state == SD_EMPTY) return set_one(EX_EMPTY);
    return x->md->side_set[state == SD_ALLY ? x->side : 1 - x->side];
}

/* The landings on `to` of the boards in l: landing conditions, actions, modifiers, effects. */
static bool landings(ex_ctx *x, const eg_move *m, int to, const ex_tlist *l, ex_tlist *at, ex_tlist *act_l, ex_tlist *produced)
{
    bool ok = tl_copy(x, at, l) && apply_conditions(x, m->dst, m->ndst, to, at);
    for (int a = 0; ok && a < m->naction && at->n; a++) {
        const eg_action *act = &m->action[a];
        ex_set s = action_set(x, act->state);
        ok = tl_copy(x, act_l, at);
        if (!ok) break;
        tl_constrain(x, act_l, to, &s);
        ok = apply_conditions(x, act->cond, act->ncond, to, act_l);
        for (size_t k = 0; ok && k < act_l->n; k++) ok = tl_push(x, produced, &act_l->t[k]) && modifiers(x, m, act, to, &act_l->t[k]);
    }
    return ok && !x->failed;
}

/*
 * One move definition. reach[s] holds the boards on which the walk along
 * the ray has passed s screens (repeat.hop: pieces jumped before the first
 * landing); with no hop only reach[0] is used. A square is a landing for
 * the boards that have passed every screen; it lets the slide go on when
 * it does not stop it (repeat.until), and before the last screen it is
 * either empty or the next screen.
 */
static bool export_move(ex_ctx *x, int mi)
{
    const ggn_game *g = x->md->g;
    const eg_move *m = eg_move_of(g, x->player, x->kind, mi);
    ex_tlist *produced = &x->produced[mi];
    produced->n = 0;
    int len = m->ray_len[x->from];
    if (!len) return true;
    const uint16_t *ray = g->rays + m->ray_off[x->from];
    int hop = m->hop;
    ex_tlist reach[EX_MAX_HOP + 2], at = { NULL, 0, 0 }, act_l = { NULL, 0, 0 }, tmp = { NULL, 0, 0 };
    memset(reach, 0, sizeof reach);
    if (hop > EX_MAX_HOP) return fail(x, GGN_E_LIMIT, "a move hops over more pieces than the exporter's EX_MAX_HOP");
    ex_term start;
    start.n = 0;
    bool ok = tl_push(x, &reach[0], &start) && apply_conditions(x, m->src, m->nsrc, EG_NONE, &reach[0]);
    ex_set pass = passable(x, m->until), empty = set_one(EX_EMPTY), occupied = set_minus(&x->md->all, &empty);
    for (int i = 0; ok && i < len; i++) {
        int to = ray[i];
        if (reach[hop].n) ok = landings(x, m, to, &reach[hop], &at, &act_l, produced);
        if (!m->repeat) break;
        tl_constrain(x, &reach[hop], to, &pass);
        /* Walks still before their last screen: this square is empty, or one more screen. */
        for (int sc = hop - 1; ok && sc >= 0; sc--) {
            if (!reach[sc].n) continue;
            ok = tl_copy(x, &tmp, &reach[sc]);
            tl_constrain(x, &tmp, to, &occupied);
            for (size_t k = 0; ok && k < tmp.n; k++) ok = tl_push(x, &reach[sc + 1], &tmp.t[k]);
            tl_constrain(x, &reach[sc], to, &empty);
        }
        bool any = false;
        for (int sc = 0; sc <= hop; sc++) any = any || reach[sc].n;
        if (!any) break;
        ok = ok && !x->failed;
    }
    for (int sc = 0; sc <= EX_MAX_HOP + 1; sc++) ex_tl_free(&reach[sc]);
    ex_tl_free(&at);
    ex_tl_free(&act_l);
    ex_tl_free(&tmp);
    return ok && !x->failed;
}

bool ex_piece_source(ex_ctx *x)
{
    x->nout = 0;
    x->mover = ex_content(x->md, x->side, x->kind, x->state);
    int nmoves = x->md->g->nmoves[x->kind];
    for (int mi = 0; mi < nmoves; mi++)
        if (!export_move(x, mi)) return false;
    return !x->failed;
}
