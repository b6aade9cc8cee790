/*
 * write_betza.c — a kind's moves said in Betza, when they can be.
 *
 * Each move is described as an sd_bmove (or the kind cannot be said), the
 * moves are grouped into terms (same atom, range and modifiers; the
 * directions united into one mask), each mask gets the shortest direction
 * modifiers that pick exactly it, and the string is kept only when it
 * compiles back to the same moves, counted as a multiset. So a string the
 * writer gives always reads back as the moves it was written from.
 */
#include "gamespec/betza.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool fail(char *why, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static bool fail(char *why, size_t cap, const char *fmt, ...)
{
    if (why && cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, cap, fmt, ap);
        va_end(ap);
    }
    return false;
}

static const char *const condition_names[] = {
    "FIRST_MOVE", "DEPENDS_ON", "PIECE_FIRST_MOVE", "ROOK_FIRST_MOVE", "CHECK_STATE", "PATH_EMPTY",
    "NOT_ATTACKED", "PATH_NOT_ATTACKED", "a named condition", "SQUARES_EMPTY", "a named condition on the source",
    "FILE_FREE_OF"};

static bool is_ep_flag(const sd_game *g, int flag)
{
    return flag >= 0 && flag < g->nflags && strcmp(g->flags[flag], SD_BETZA_EP_FLAG) == 0;
}

static bool plain_action(const sd_action *a, sd_occupancy state, sd_action_kind kind)
{
    return a->state == state && a->action == kind && a->nconditions == 0 && a->neffects == 0;
}

static bool ep_action(const sd_game *g, const sd_move *m, const sd_action *a)
{
    int vx = m->step[0], vy = m->step[1] - 1;
    return a->state == SD_EMPTY && a->action == SD_ACTION_MOVE && a->nconditions == 1 && a->neffects == 1 &&
           a->conditions[0].kind == SD_COND_CHECK_STATE && is_ep_flag(g, a->conditions[0].flag) &&
           a->conditions[0].pos[0] == vx && a->conditions[0].pos[1] == vy &&
           a->effects[0].kind == SD_EFFECT_CAPTURE && a->effects[0].target[0] == vx &&
           a->effects[0].target[1] == vy;
}

/*
 * How much of a move a Betza string must say: all of it (exact), all but its
 * promotion (geometry), or only where it may go, with the conditions that
 * restrict where it may start or land (zones, named conditions), its side
 * effects and which kinds a hop may use left out (outline: the moves of a
 * wider piece, for a GUI that must accept every move but need not refuse
 * any).
 */
typedef enum betza_mode { BETZA_EXACT, BETZA_GEOMETRY, BETZA_OUTLINE } betza_mode;

/* The action as a Betza mode: a move to an empty square, a capture, or NULL (no Betza); in outline, whatever it requires. */
static bool *action_slot(const sd_game *g, const sd_move *m, const sd_action *a, sd_bmove *b, betza_mode mode)
{
    if (plain_action(a, SD_EMPTY, SD_ACTION_MOVE)) return &b->move;
    if (plain_action(a, SD_ENEMY, SD_ACTION_CAPTURE)) return &b->capture;
    if (ep_action(g, m, a)) return &b->ep;
    if (mode != BETZA_OUTLINE) return NULL;
    if (a->state == SD_EMPTY && a->action == SD_ACTION_MOVE) return &b->move;
    if (a->state == SD_ENEMY && a->action == SD_ACTION_CAPTURE) return &b->capture;
    return NULL;
}

/*
 * sd_bmove_describe; with geometry or outline (betza_mode), a promotion
 * (TRANSFORM) is left unsaid rather than refused. In outline, *wider is set
 * when something that narrows a capture was left out (a condition, a hop's
 * exceptions, an action that asks more than Betza says): the piece said
 * then attacks squares the move does not. A narrowing left out of a move
 * that cannot capture (a pawn's double step through an empty square) only
 * lets the piece said go where the kind cannot.
 */
static bool describe(const sd_game *g, const sd_move *m, sd_bmove *b, betza_mode mode, bool *wider, char *why,
                     size_t cap)
{
    memset(b, 0, sizeof *b);
    if (m->castle.present) return fail(why, cap, "it is castling to fixed files (castle), which Betza does not say");
    if (m->repeat.line_distance)
        return fail(why, cap, "it goes as far as there are pieces on its line (distance), which Betza does not say");
    b->step[0] = m->step[0];
    b->step[1] = m->step[1];
    if (m->nmodifiers && mode == BETZA_EXACT) return fail(why, cap, "it promotes (TRANSFORM), which Betza does not say");
    const sd_repeat *rp = &m->repeat;
    b->range = 1;
    if (rp->present) {
        if (rp->until != SD_NOT_EMPTY) return fail(why, cap, "its repeat stops at another square than the first piece");
        if (rp->hop > 1) return fail(why, cap, "it hops over %d screens", rp->hop);
        if (rp->hop_except && mode == BETZA_OUTLINE) *wider = true; /* moves by hopping: its captures too */
        b->hop = rp->hop;
        b->range = rp->loop ? 0 : rp->times;
    }
    for (int i = 0; i < m->nactions; i++) {
        const sd_action *a = &m->actions[i];
        bool *slot = action_slot(g, m, a, b, mode);
        if (!slot) return fail(why, cap, "its action %d is not a plain move, capture or en passant", i);
        if (mode == BETZA_OUTLINE && (a->nconditions || a->neffects) && !ep_action(g, m, a) && slot == &b->capture)
            *wider = true;
        if (*slot && mode == BETZA_OUTLINE) continue; /* two ways to the same: the outline says it once */
        if (*slot) return fail(why, cap, "two of its actions do the same");
        *slot = true;
    }
    for (int i = 0; i < m->nconditions; i++) {
        const sd_condition *c = &m->conditions[i];
        if (c->kind == SD_COND_FIRST_MOVE && !b->initial) {
            b->initial = true;
        } else if (c->kind == SD_COND_SQUARES_EMPTY && b->nlegs == 0 && c->nsquares <= GGN_MAX_BOARD_SIDE) {
            b->nlegs = c->nsquares;
            memcpy(b->legs, c->squares, (size_t)c->nsquares * sizeof b->legs[0]);
        } else if (mode != BETZA_OUTLINE) {
            return fail(why, cap, "its condition %d (%s) has no Betza", i, condition_names[c->kind]);
        } else if (b->capture || b->ep) {
            *wider = true; /* a condition that only narrows where or when the move may be made: left out */
        }
    }
    if (mode == BETZA_OUTLINE) return true; /* its side effects change nothing of where it goes */
    for (int i = 0; i < m->neffects; i++) {
        const sd_effect *e = &m->effects[i];
        if (e->kind != SD_EFFECT_SET_STATE || !is_ep_flag(g, e->flag) || e->duration != 1 || b->sets_ep)
            return fail(why, cap, "its side effect %d (%s) has no Betza", i,
                        e->kind == SD_EFFECT_SET_STATE ? "SET_STATE" : e->kind == SD_EFFECT_CAPTURE ? "CAPTURE" : "MOVE");
        b->sets_ep = true;
    }
    return true;
}

bool sd_bmove_describe(const sd_game *g, const sd_move *m, sd_bmove *b, char *why, size_t cap)
{
    bool wider = false;
    return describe(g, m, b, BETZA_EXACT, &wider, why, cap);
}

/* ---- grouping into terms ---- */

typedef enum { T_LEAP, T_HOP, T_GRASS } term_type;

typedef struct term {
    term_type type;
    int a, b;            /* the atom */
    int range;
    bool move, capture, ep, initial, lame, sets_ep;
    unsigned mask;       /* directions, bits of sd_betza_atom_moves order */
    bool merged;         /* folded into a K or Q term */
    char kq;             /* 'K' or 'Q' when this term stands for W and F together */
} term;

static const struct { char c; int a, b; } atoms[] = {
    {'W', 1, 0}, {'F', 1, 1}, {'D', 2, 0}, {'N', 2, 1}, {'A', 2, 2},
    {'H', 3, 0}, {'C', 3, 1}, {'Z', 3, 2}, {'G', 3, 3}};

static char atom_name(int a, int b)
{
    for (size_t i = 0; i < sizeof atoms / sizeof atoms[0]; i++)
        if (atoms[i].a == a && atoms[i].b == b) return atoms[i].c;
    return 0;
}

/* The atom and direction bit of a step, or false. */
static bool atom_of(const int step[2], int *a, int *b, int *bit)
{
    int x = step[0] < 0 ? -step[0] : step[0], y = step[1] < 0 ? -step[1] : step[1];
    *a = x > y ? x : y;
    *b = x > y ? y : x;
    if (!atom_name(*a, *b)) return false;
    int mv[8][2];
    int n = sd_betza_atom_moves(*a, *b, mv);
    for (int i = 0; i < n; i++)
        if (mv[i][0] == step[0] && mv[i][1] == step[1]) {
            *bit = i;
            return true;
        }
    return false;
}

static bool same_kind(const term *t, const term *u)
{
    return t->type == u->type && t->a == u->a && t->b == u->b && t->range == u->range && t->move == u->move &&
           t->capture == u->capture && t->ep == u->ep && t->initial == u->initial && t->lame == u->lame &&
           t->sets_ep == u->sets_ep;
}

/* Adds one direction to the first term of the same kind without it, or opens a new term. */
static bool add(term *terms, int *nterms, const term *proto, int bit)
{
    for (int i = 0; i < *nterms; i++)
        if (same_kind(&terms[i], proto) && !(terms[i].mask >> bit & 1)) {
            terms[i].mask |= 1u << bit;
            return true;
        }
    if (*nterms >= GGN_MAX_MOVES_PER_KIND) return false;
    terms[*nterms] = *proto;
    terms[*nterms].mask = 1u << bit;
    (*nterms)++;
    return true;
}

/*
 * The grasshopper family of step d from move index i on: the moves over one
 * screen k steps away for every k the board allows (see betza.c). Marks
 * them used and returns true when all are there.
 */
static bool grasshopper(const sd_game *g, const sd_bmove *bm, int n, bool *used, int i)
{
    const sd_bmove *f = &bm[i];
    if (f->hop != 1 || f->range != 2 || f->nlegs != 0 || f->ep || f->sets_ep) return false;
    const int *d = f->step;
    bool take[GGN_MAX_MOVES_PER_KIND] = {false};
    for (int s = 1;; s++) {
        int fx = (s + 1) * d[0], fy = (s + 1) * d[1];
        if ((fx < 0 ? -fx : fx) >= g->cols || (fy < 0 ? -fy : fy) >= g->rows) break;
        sd_bmove want = *f;
        want.range = s + 1;
        want.nlegs = s - 1;
        for (int q = 0; q < s - 1; q++) {
            want.legs[q][0] = (q + 1) * d[0];
            want.legs[q][1] = (q + 1) * d[1];
        }
        int found = -1;
        for (int j = i; j < n && found < 0; j++)
            if (!used[j] && !take[j] && sd_bmove_equal(&bm[j], &want)) found = j;
        if (found < 0) return false;
        take[found] = true;
    }
    for (int j = 0; j < n; j++) used[j] |= take[j];
    return true;
}

/* Direction modifiers, in the order the writer tries them. */
static const char *const tokens[] = {"f", "b", "l", "r", "v", "s", "fl", "fr", "bl", "br", "lf", "rf",
                                     "lb", "rb", "fs", "bs", "lv", "rv", "sv", "vs", "fh", "bh", "lh", "rh",
                                     "hl", "hr"};
enum { NTOKENS = sizeof tokens / sizeof tokens[0] };

/* The shortest run of up to three tokens that picks exactly mask; else one token per move. */
static void directions(int a, int b, unsigned mask, char *out, size_t cap)
{
    int mv[8][2];
    int n = sd_betza_atom_moves(a, b, mv);
    out[0] = '\0';
    if (mask == (1u << n) - 1) return;
    char best[16] = "";
    size_t best_len = 0;
    for (int depth = 1; depth <= 3 && !best_len; depth++) {
        int idx[3] = {0, 0, 0};
        for (;;) {
            char s[16] = "";
            for (int k = 0; k < depth; k++) strcat(s, tokens[idx[k]]);
            unsigned got;
            if (sd_betza_pick(s, a, b, &got) && got == mask && (!best_len || strlen(s) < best_len)) {
                snprintf(best, sizeof best, "%s", s);
                best_len = strlen(s);
            }
            int k = depth - 1;
            while (k >= 0 && ++idx[k] == NTOKENS) idx[k--] = 0;
            if (k < 0) break;
        }
    }
    if (best_len) {
        snprintf(out, cap, "%s", best);
        return;
    }
    /* One move per token: a letter on W-like atoms, else the pair naming that move. */
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        if (!(mask >> i & 1)) continue;
        int x = mv[i][0], y = mv[i][1];
        int ax = x < 0 ? -x : x, ay = y < 0 ? -y : y;
        char fb = y > 0 ? 'f' : 'b', lr = x > 0 ? 'r' : 'l';
        char t[3] = {0};
        if (b == 0) t[0] = ay ? fb : lr;
        else if (ay >= ax) { t[0] = lr; t[1] = fb; } /* the side's member of the forward/backward pair */
        else { t[0] = fb; t[1] = lr; }
        if (a == b) { t[0] = fb; t[1] = lr; }
        used += (size_t)snprintf(out + used, used < cap ? cap - used : 0, "%s", t);
        if (used >= cap) return;
    }
}

static void write_term(const term *t, char *out, size_t cap)
{
    char dirs[32];
    directions(t->a, t->b, t->mask, dirs, sizeof dirs);
    const char *modality = t->move && t->capture ? "" : t->move ? "m" : t->capture && t->ep ? "ce" : t->capture ? "c" : "e";
    const char *how = t->type == T_GRASS ? "g" : t->type == T_HOP ? "p" : t->lame ? "n" : "";
    char name = t->kq ? t->kq : atom_name(t->a, t->b);
    char atom[8];
    if (t->kq || t->range == 1) snprintf(atom, sizeof atom, "%c", name);
    else if (t->range == 0 && name == 'W') snprintf(atom, sizeof atom, "R");
    else if (t->range == 0 && name == 'F') snprintf(atom, sizeof atom, "B");
    else if (t->range == 0) snprintf(atom, sizeof atom, "%c%c", name, name);
    else snprintf(atom, sizeof atom, "%c%d", name, t->range);
    snprintf(out, cap, "%s%s%s%s%s", t->initial ? "i" : "", t->kq ? "" : dirs, modality, how, atom);
}

/* Folds a full W term and a full F term of the same kind into K (leaps) or Q (slides). */
static void merge_kq(term *terms, int nterms)
{
    for (int i = 0; i < nterms; i++) {
        term *w = &terms[i];
        if (w->merged || w->a != 1 || w->b != 0 || w->mask != 0xF || (w->range != 1 && w->range != 0)) continue;
        for (int j = 0; j < nterms; j++) {
            term *f = &terms[j];
            term probe = *f;
            probe.a = 1;
            probe.b = 0;
            if (j == i || f->merged || f->a != 1 || f->b != 1 || f->mask != 0xF || !same_kind(&probe, w)) continue;
            w->kq = w->range == 1 ? 'K' : 'Q';
            if (j < i) { /* keep the place of the first of the two */
                *f = *w;
                w->merged = true;
            } else {
                f->merged = true;
            }
            break;
        }
    }
}

static bool write_betza(const sd_game *g, int k, betza_mode mode, char *buf, size_t cap, bool *wider, char *why,
                        size_t whycap)
{
    *wider = false;
    if (cap) buf[0] = '\0';
    const sd_kind *kind = &g->kinds[k];
    if (kind->nmoves == 0) return fail(why, whycap, "piece '%s' has no moves", kind->code);
    sd_bmove bm[GGN_MAX_MOVES_PER_KIND];
    int ids[GGN_MAX_MOVES_PER_KIND];
    bool used[GGN_MAX_MOVES_PER_KIND] = {false};
    int n = 0;
    for (int i = 0; i < kind->nmoves; i++) {
        char reason[128];
        if (mode == BETZA_OUTLINE && kind->moves[i].castle.present) continue; /* the GUI's king castles */
        if (!describe(g, &kind->moves[i], &bm[n], mode, wider, reason, sizeof reason))
            return fail(why, whycap, "move %d of piece '%s' cannot be said in Betza: %s", kind->moves[i].id,
                        kind->code, reason);
        ids[n++] = kind->moves[i].id;
    }
    if (n == 0) return fail(why, whycap, "piece '%s' has no move Betza can say", kind->code);
    term terms[GGN_MAX_MOVES_PER_KIND];
    int nterms = 0;
    for (int i = 0; i < n; i++) {
        if (used[i]) continue;
        const sd_bmove *b = &bm[i];
        term t;
        memset(&t, 0, sizeof t);
        t.move = b->move;
        t.capture = b->capture;
        t.ep = b->ep;
        t.initial = b->initial;
        t.sets_ep = b->sets_ep;
        t.range = b->range;
        int bit;
        if (grasshopper(g, bm, n, used, i)) {
            t.type = T_GRASS;
            t.range = 0;
        } else {
            used[i] = true;
            t.type = b->hop ? T_HOP : T_LEAP;
            if (b->nlegs) {
                sd_bmove lame = *b;
                if (b->hop || b->range != 1) return fail(why, whycap, "move %d of piece '%s' cannot be said in Betza: it has squares that must be empty", ids[i], kind->code);
                t.lame = true;
                (void)lame;
            }
        }
        if (!atom_of(b->step, &t.a, &t.b, &bit))
            return fail(why, whycap, "move %d of piece '%s' cannot be said in Betza: step [%d, %d] is no Betza atom",
                        ids[i], kind->code, b->step[0], b->step[1]);
        if (!add(terms, &nterms, &t, bit)) return fail(why, whycap, "too many terms");
    }
    merge_kq(terms, nterms);
    size_t len = 0;
    for (int i = 0; i < nterms; i++) {
        if (terms[i].merged) continue;
        char one[64];
        write_term(&terms[i], one, sizeof one);
        size_t l = strlen(one);
        if (len + l >= cap || len + l > GGN_MAX_STRING_BYTES)
            return fail(why, whycap, "the Betza of piece '%s' is longer than %d bytes", kind->code,
                        GGN_MAX_STRING_BYTES);
        memcpy(buf + len, one, l + 1);
        len += l;
    }
    /* Kept only when it reads back as exactly these moves. */
    sd_bmove back[GGN_MAX_MOVES_PER_KIND];
    sd_betza_problem problem;
    int nb = sd_betza_compile(buf, len, g->cols, g->rows, back, GGN_MAX_MOVES_PER_KIND, &problem);
    bool same = nb == n;
    bool taken[GGN_MAX_MOVES_PER_KIND] = {false};
    for (int i = 0; same && i < nb; i++) {
        int j = 0;
        while (j < n && (taken[j] || !sd_bmove_equal(&back[i], &bm[j]))) j++;
        if (j == n) same = false;
        else taken[j] = true;
    }
    if (!same) {
        if (cap) buf[0] = '\0';
        return fail(why, whycap, "no Betza string gives exactly the moves of piece '%s' (its lame legs, "
                                 "en-passant marks or hops differ from what Betza compiles to)", kind->code);
    }
    return true;
}

bool sd_betza_write(const sd_game *g, int k, char *buf, size_t cap, char *why, size_t whycap)
{
    bool wider;
    return write_betza(g, k, BETZA_EXACT, buf, cap, &wider, why, whycap);
}

bool sd_betza_write_geometry(const sd_game *g, int k, char *buf, size_t cap, char *why, size_t whycap)
{
    bool wider;
    return write_betza(g, k, BETZA_GEOMETRY, buf, cap, &wider, why, whycap);
}

bool sd_betza_write_outline(const sd_game *g, int k, char *buf, size_t cap, bool *wider, char *why, size_t whycap)
{
    return write_betza(g, k, BETZA_OUTLINE, buf, cap, wider, why, whycap);
}
