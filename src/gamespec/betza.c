/*
 * betza.c — compiling a Betza string into long-form moves (sd_bmove).
 *
 * A string is a sequence of terms; a term is modifiers (lower case) then an
 * atom (upper case), optionally doubled (a rider) or followed by a range.
 * An atom (a, b), a >= b >= 0, stands for its up to eight moves, listed in
 * one fixed order, clockwise from the forward-right one nearest the file:
 * (b,a) (a,b) (a,-b) (b,-a) (-b,-a) (-a,-b) (-a,b) (-b,a), repeats dropped.
 * Direction modifiers pick a subset of that list (a bit mask); the other
 * modifiers decide what each picked move becomes. docs/game-spec.md#betza
 * is the grammar in prose, with the reasons for each decision.
 */
#include "gamespec/betza.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { MAX_DIRS = 8, MAX_TOKENS = 16 };

typedef struct atom {
    int a, b;            /* the leap, a >= b >= 0 */
    int n;               /* distinct moves */
    int mv[MAX_DIRS][2];
} atom;

static void atom_init(atom *t, int a, int b)
{
    const int all[8][2] = {{b, a}, {a, b}, {a, -b}, {b, -a}, {-b, -a}, {-a, -b}, {-a, b}, {-b, a}};
    t->a = a;
    t->b = b;
    t->n = 0;
    for (int i = 0; i < 8; i++) {
        bool seen = false;
        for (int j = 0; j < t->n; j++) seen |= t->mv[j][0] == all[i][0] && t->mv[j][1] == all[i][1];
        if (!seen) {
            t->mv[t->n][0] = all[i][0];
            t->mv[t->n][1] = all[i][1];
            t->n++;
        }
    }
}

static bool oblique(const atom *t) { return t->a > t->b && t->b > 0; }
static bool orthogonal(const atom *t) { return t->b == 0; }

/* How far move m goes towards direction letter L (f, b, l, r). */
static int along(const int m[2], char L)
{
    switch (L) {
    case 'f': return m[1];
    case 'b': return -m[1];
    case 'r': return m[0];
    default: return -m[0]; /* 'l' */
    }
}

/* The moves a single letter picks: those going towards it at least as far as across. */
static unsigned pick1(const atom *t, char L)
{
    if (L == 'v') return pick1(t, 'f') | pick1(t, 'b');
    if (L == 's') return pick1(t, 'l') | pick1(t, 'r');
    unsigned mask = 0;
    for (int i = 0; i < t->n; i++) {
        int go = along(t->mv[i], L);
        int across = (L == 'f' || L == 'b') ? t->mv[i][0] : t->mv[i][1];
        if (across < 0) across = -across;
        if (go > 0 && go >= across) mask |= 1u << i;
    }
    return mask;
}

static bool vertical(char c) { return c == 'f' || c == 'b' || c == 'v'; }
static bool horizontal(char c) { return c == 'l' || c == 'r' || c == 's'; }
static bool direction_letter(char c) { return vertical(c) || horizontal(c) || c == 'h'; }

/*
 * A pair XY of letters from the two axes: on an orthogonal atom both
 * directions; otherwise the members of Y's pick that also go towards X
 * (fr on F is the one forward-right move; on N, fr is the forward member
 * of the right pair and rf the right member of the forward pair).
 */
static unsigned pick_pair(const atom *t, char X, char Y)
{
    if (orthogonal(t)) return pick1(t, X) | pick1(t, Y);
    const char *xs = X == 'v' ? "fb" : X == 's' ? "lr" : (char[]){X, 0};
    const char *ys = Y == 'v' ? "fb" : Y == 's' ? "lr" : (char[]){Y, 0};
    unsigned mask = 0;
    for (const char *x = xs; *x; x++)
        for (const char *y = ys; *y; y++) {
            unsigned p = pick1(t, *y);
            for (int i = 0; i < t->n; i++)
                if ((p >> i & 1) && along(t->mv[i], *x) > 0) mask |= 1u << i;
        }
    return mask;
}

static void problem(sd_betza_problem *why, size_t pos, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* What is at fault (shown before the position), and why (shown after it). */
static void problem(sd_betza_problem *why, size_t pos, ggn_code code, const char *fmt, ...)
{
    why->pos = pos;
    why->code = code;
    why->detail[0] = '\0';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why->message, sizeof why->message, fmt, ap);
    va_end(ap);
}

static void because(sd_betza_problem *why, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void because(sd_betza_problem *why, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why->detail, sizeof why->detail, fmt, ap);
    va_end(ap);
}

/* A direction token as read: its letters and where it starts. */
typedef struct token {
    char x, y;           /* y == x for a single letter */
    size_t pos;
} token;

/*
 * Reads the direction token at s[i]: two letters when they name one thing
 * (the same letter twice, letters of the two axes, or h with another),
 * else one. Returns the letters read.
 */
static size_t read_token(const char *s, size_t len, size_t i, token *t)
{
    char c = s[i], c2 = i + 1 < len ? s[i + 1] : '\0';
    bool pair = direction_letter(c2) && (c2 == c || c == 'h' || c2 == 'h' || (vertical(c) && horizontal(c2)) ||
                                        (horizontal(c) && vertical(c2)));
    t->x = c;
    t->y = pair ? c2 : c;
    t->pos = i;
    return pair ? 2 : 1;
}

/*
 * The moves the tokens pick (all when there are none). Returns false, with
 * *why filled, for a token that means nothing on this atom.
 */
static bool pick(const atom *t, char name, const token *tok, int ntok, unsigned *out,
                 sd_betza_problem *why)
{
    if (ntok == 0) {
        *out = (1u << t->n) - 1;
        return true;
    }
    unsigned mask = 0;
    for (int i = 0; i < ntok; i++) {
        char x = tok[i].x, y = tok[i].y;
        bool half = x == 'h' || y == 'h';
        if (half && !oblique(t)) {
            problem(why, tok[i].pos, GGN_E_VALUE, "direction '%c%c'", x, y);
            because(why, "h (half) applies only to oblique atoms (N, C, Z), not to %c", name);
            return false;
        }
        if (x == y && x == 'h') {
            problem(why, tok[i].pos, GGN_E_VALUE, "direction 'h'");
            because(why, "h (half) needs a direction beside it: fh, bh, lh, rh, hl, hr");
            return false;
        }
        if (x == y) {
            mask |= pick1(t, x);
        } else if (y == 'h' && x != 'v' && x != 's') {
            for (int j = 0; j < t->n; j++)
                if (along(t->mv[j], x) > 0) mask |= 1u << j;
        } else if (x == 'h' && (y == 'l' || y == 'r')) {
            /* hr: the narrow forward-right move turned by quarter turns (a chiral set); hl its mirror */
            mask |= y == 'r' ? 0x55u : 0xAAu;
        } else if (half) {
            problem(why, tok[i].pos, GGN_E_VALUE, "unknown direction '%c%c'", x, y);
            because(why, "with h: fh, bh, lh, rh, hl, hr");
            return false;
        } else {
            mask |= pick_pair(t, x, y);
        }
    }
    mask &= (1u << t->n) - 1;
    if (!mask) {
        problem(why, tok[0].pos, GGN_E_VALUE, "directions");
        because(why, "they pick no move of %c", name);
        return false;
    }
    *out = mask;
    return true;
}

/* The squares a lame leap passes: one square at a time along the axis with
   more distance left, diagonally when both are equal. */
static int lame_path(const int d[2], int legs[][2])
{
    int x = 0, y = 0, n = 0;
    int sx = d[0] > 0 ? 1 : d[0] < 0 ? -1 : 0, sy = d[1] > 0 ? 1 : d[1] < 0 ? -1 : 0;
    for (;;) {
        int rx = d[0] - x, ry = d[1] - y;
        int ax = rx < 0 ? -rx : rx, ay = ry < 0 ? -ry : ry;
        if (ax > ay) x += sx;
        else if (ay > ax) y += sy;
        else { x += sx; y += sy; }
        if (x == d[0] && y == d[1]) return n;
        legs[n][0] = x;
        legs[n][1] = y;
        n++;
    }
}

/* Modifiers of one term other than directions, with where each was written. */
typedef struct mods {
    bool m, c, e, i, n, p, g, j;
    size_t pos_e, pos_n, pos_p, pos_g, pos_j;
} mods;

typedef struct compiler {
    const char *s;
    size_t len;
    int cols, rows;
    bool has_e;          /* the string has an e somewhere: its i double steps set the flag */
    sd_bmove *out;
    int cap, n;
    sd_betza_problem *why;
} compiler;

static bool emit(compiler *cp, const sd_bmove *b, size_t term)
{
    if (cp->n >= cp->cap) {
        problem(cp->why, term, GGN_E_LIMIT, "term");
        because(cp->why, "with it the piece has more than %d moves (GGN_MAX_MOVES_PER_KIND)", GGN_MAX_MOVES_PER_KIND);
        return false;
    }
    cp->out[cp->n++] = *b;
    return true;
}

/* The moves of one atom for the picked directions. */
static bool emit_atom(compiler *cp, const atom *t, char name, unsigned mask, int range, const mods *md,
                      size_t term)
{
    for (int k = 0; k < t->n; k++) {
        if (!(mask >> k & 1)) continue;
        const int *d = t->mv[k];
        sd_bmove b;
        memset(&b, 0, sizeof b);
        b.step[0] = d[0];
        b.step[1] = d[1];
        b.range = range;
        b.initial = md->i;
        bool plain = !md->m && !md->c && !md->e;
        b.move = md->m || plain;
        b.capture = md->c || plain;
        if (md->e) {
            if (range != 1 || d[1] != 1 || d[0] == 0) {
                problem(cp->why, md->pos_e, GGN_E_VALUE, "en passant 'e'");
                because(cp->why, "e takes one-square leaps forward and sideways (as fF); %c here has other moves", name);
                return false;
            }
            b.ep = true;
        }
        if (md->n) {
            b.nlegs = lame_path(d, b.legs);
            if (cp->has_e && md->i && d[0] == 0 && d[1] == 2) b.sets_ep = true;
        }
        if (md->j) {
            /* over the middle square, which must hold a piece: one screen within two steps */
            b.step[0] = d[0] / 2;
            b.step[1] = d[1] / 2;
            b.range = 2;
            b.hop = 1;
        }
        if (md->p) b.hop = 1;
        if (!md->g) {
            if (!emit(cp, &b, term)) return false;
            continue;
        }
        /* A grasshopper lands just behind its screen: for a screen k steps away, the
           ray of k + 1 steps over one screen with the k - 1 squares before it empty. */
        b.hop = 1;
        for (int s = 1;; s++) {
            int fx = (s + 1) * d[0], fy = (s + 1) * d[1];
            if (fx < 0) fx = -fx;
            if (fy < 0) fy = -fy;
            if (fx >= cp->cols || fy >= cp->rows) break;
            b.range = s + 1;
            b.nlegs = s - 1;
            for (int q = 0; q < s - 1; q++) {
                b.legs[q][0] = (q + 1) * d[0];
                b.legs[q][1] = (q + 1) * d[1];
            }
            if (!emit(cp, &b, term)) return false;
        }
    }
    return true;
}

/* The XBoard modifiers ggn knows but cannot honour, and why. */
static const char *unsupported(char c)
{
    switch (c) {
    case 'a': return "XBoard's multi-leg moves have no long form in ggn";
    case 'o': return "XBoard's cylinder moves have no long form in ggn";
    case 'z': return "XBoard's crooked moves have no long form in ggn";
    case 'q': return "XBoard's circular moves have no long form in ggn";
    default: return NULL; /* an "unknown modifier" */
    }
}

/* One atom letter: its base atoms, and the range it has without a suffix. */
static int atom_letter(char c, int ab[2][2], int *range)
{
    static const struct { char c; int a, b; } leapers[] = {
        {'W', 1, 0}, {'F', 1, 1}, {'D', 2, 0}, {'N', 2, 1}, {'A', 2, 2},
        {'H', 3, 0}, {'C', 3, 1}, {'Z', 3, 2}, {'G', 3, 3}};
    *range = 1;
    for (size_t i = 0; i < sizeof leapers / sizeof leapers[0]; i++)
        if (leapers[i].c == c) {
            ab[0][0] = leapers[i].a;
            ab[0][1] = leapers[i].b;
            return 1;
        }
    switch (c) {
    case 'K': case 'Q':
        ab[0][0] = 1; ab[0][1] = 0; ab[1][0] = 1; ab[1][1] = 1;
        *range = c == 'Q' ? 0 : 1;
        return 2;
    case 'R': ab[0][0] = 1; ab[0][1] = 0; *range = 0; return 1;
    case 'B': ab[0][0] = 1; ab[0][1] = 1; *range = 0; return 1;
    default: return 0;
    }
}

/* Reads the atom at s[*i] with its suffix and compiles the term. */
static bool term(compiler *cp, size_t *ip, size_t start, const token *tok, int ntok, const mods *md)
{
    const char *s = cp->s;
    size_t i = *ip, at = i;
    char name = s[i];
    int ab[2][2], range;
    int natoms = atom_letter(name, ab, &range);
    if (!natoms) {
        if (name == 'L' || name == 'J') {
            problem(cp->why, at, GGN_E_VALUE, "atom '%c'", name);
            because(cp->why, "it means the camel in some programs and the zebra in others; write C (3,1) or Z (3,2)");
        } else if (name == 'O' || name == 'U') {
            problem(cp->why, at, GGN_E_VALUE, "atom '%c'", name);
            because(cp->why, "the %s has no long form in ggn", name == 'O' ? "null move" : "universal leaper");
        } else {
            problem(cp->why, at, GGN_E_UNKNOWN, "unknown atom '%c'", name);
        }
        return false;
    }
    i++;
    bool slider = name == 'R' || name == 'B' || name == 'Q';
    if (i < cp->len && s[i] == name) {
        if (slider) {
            problem(cp->why, i, GGN_E_VALUE, "doubled '%c'", name);
            because(cp->why, "%c is already a rider", name);
            return false;
        }
        range = 0;
        i++;
        if (i < cp->len && s[i] >= '0' && s[i] <= '9') {
            problem(cp->why, i, GGN_E_VALUE, "range '%c'", s[i]);
            because(cp->why, "a doubled atom is already a rider: give a range or double it, not both");
            return false;
        }
    } else if (i < cp->len && s[i] >= '0' && s[i] <= '9') {
        size_t dpos = i;
        long v = 0;
        while (i < cp->len && s[i] >= '0' && s[i] <= '9') {
            if (v <= GGN_MAX_BOARD_SIDE) v = v * 10 + (s[i] - '0');
            i++;
        }
        if (v > GGN_MAX_BOARD_SIDE) {
            problem(cp->why, dpos, GGN_E_LIMIT, "range %.*s", (int)(i - dpos), s + dpos);
            because(cp->why, "it is above GGN_MAX_BOARD_SIDE (%d)", GGN_MAX_BOARD_SIDE);
            return false;
        }
        range = (int)v; /* 0: without limit, as XBoard writes it */
    }
    *ip = i;

    /* Which modifiers make sense here: refused rather than read some other way. */
    bool rider = range != 1;
    if (md->n && (rider || md->p || md->g || md->j)) {
        problem(cp->why, md->pos_n, GGN_E_VALUE, "lame 'n'");
        because(cp->why, "%s", rider ? "ggn cannot block a rider's leaps between its landings"
                                     : "it cannot be combined with p, g or j");
        return false;
    }
    if ((md->p || md->g) && !rider) {
        size_t pos = md->p ? md->pos_p : md->pos_g;
        char h = md->p ? 'p' : 'g';
        problem(cp->why, pos, GGN_E_VALUE, "hopper '%c'", h);
        because(cp->why, "it needs a rider (%cR, %cNN): a single leap has no screen to pass", h, h);
        return false;
    }
    if (md->p && md->g) {
        problem(cp->why, md->pos_g, GGN_E_VALUE, "grasshopper 'g'");
        because(cp->why, "p and g together: a move hops one way or the other");
        return false;
    }
    if (md->g && range != 0) {
        problem(cp->why, md->pos_g, GGN_E_VALUE, "grasshopper 'g'");
        because(cp->why, "it takes an unlimited rider, without a range");
        return false;
    }
    if (md->e && md->m) {
        problem(cp->why, md->pos_e, GGN_E_VALUE, "en passant 'e'");
        because(cp->why, "e with m: both act on an empty square; write e alone, or ce");
        return false;
    }
    if (md->e && (md->p || md->g || md->j || md->n)) {
        problem(cp->why, md->pos_e, GGN_E_VALUE, "en passant 'e'");
        because(cp->why, "it cannot be combined with n, p, g or j");
        return false;
    }
    for (int a = 0; a < natoms; a++) {
        atom t;
        atom_init(&t, ab[a][0], ab[a][1]);
        if (md->n && (t.a == 1)) {
            problem(cp->why, md->pos_n, GGN_E_VALUE, "lame 'n'");
            because(cp->why, "on a one-square step there is no square to block");
            return false;
        }
        if (md->j && (rider || t.a != 2 || (t.b != 0 && t.b != 2))) {
            problem(cp->why, md->pos_j, GGN_E_VALUE, "must-jump 'j'");
            because(cp->why, "only D and A take it, which jump over one square; for other leaps ggn cannot say "
                             "which squares must be occupied");
            return false;
        }
        unsigned mask;
        if (!pick(&t, name, tok, ntok, &mask, cp->why)) return false;
        if (!emit_atom(cp, &t, name, mask, range, md, start)) return false;
    }
    return true;
}

int sd_betza_compile(const char *s, size_t len, int cols, int rows, sd_bmove *out, int cap,
                     sd_betza_problem *why)
{
    compiler cp = {s, len, cols, rows, false, out, cap, 0, why};
    for (size_t i = 0; i < len; i++) cp.has_e |= s[i] == 'e';
    token tok[MAX_TOKENS];
    int ntok = 0;
    mods md;
    memset(&md, 0, sizeof md);
    size_t start = 0;
    bool open = false;   /* modifiers read since the last atom */
    size_t i = 0;
    while (i < len) {
        char c = s[i];
        if (!open) start = i;
        if (direction_letter(c)) {
            if (ntok == MAX_TOKENS) {
                problem(why, i, GGN_E_LIMIT, "direction '%c'", c);
                because(why, "more than %d direction modifiers on one atom", MAX_TOKENS);
                return -1;
            }
            i += read_token(s, len, i, &tok[ntok++]);
            open = true;
            continue;
        }
        if (c >= 'a' && c <= 'z') {
            switch (c) {
            case 'm': md.m = true; break;
            case 'c': md.c = true; break;
            case 'e': md.e = true; md.pos_e = i; break;
            case 'i': md.i = true; break;
            case 'n': md.n = true; md.pos_n = i; break;
            case 'p': md.p = true; md.pos_p = i; break;
            case 'g': md.g = true; md.pos_g = i; break;
            case 'j': md.j = true; md.pos_j = i; break;
            default: {
                const char *no = unsupported(c);
                if (no) {
                    problem(why, i, GGN_E_VALUE, "modifier '%c'", c);
                    because(why, "%s", no);
                } else {
                    problem(why, i, GGN_E_UNKNOWN, "unknown modifier '%c'", c);
                }
                return -1;
            }
            }
            i++;
            open = true;
            continue;
        }
        if (c >= 'A' && c <= 'Z') {
            if (!term(&cp, &i, start, tok, ntok, &md)) return -1;
            ntok = 0;
            memset(&md, 0, sizeof md);
            open = false;
            continue;
        }
        if (c >= '0' && c <= '9') {
            problem(why, i, GGN_E_VALUE, "range '%c'", c);
            because(why, "a range must follow an atom");
        }
        else if (c >= ' ' && c < 127) problem(why, i, GGN_E_UNKNOWN, "unknown character '%c'", c);
        else problem(why, i, GGN_E_UNKNOWN, "unknown character (byte 0x%02X)", (unsigned)(unsigned char)c);
        return -1;
    }
    if (open) {
        problem(why, start, GGN_E_VALUE, "modifiers");
        because(why, "no atom follows them");
        return -1;
    }
    if (len == 0) {
        problem(why, 0, GGN_E_VALUE, "empty string");
        because(why, "a Betza string needs at least one atom");
        return -1;
    }
    return cp.n;
}

bool sd_bmove_equal(const sd_bmove *a, const sd_bmove *b)
{
    if (a->step[0] != b->step[0] || a->step[1] != b->step[1] || a->range != b->range || a->hop != b->hop ||
        a->move != b->move || a->capture != b->capture || a->ep != b->ep || a->initial != b->initial ||
        a->sets_ep != b->sets_ep || a->nlegs != b->nlegs)
        return false;
    for (int i = 0; i < a->nlegs; i++) {
        /* legs are a set: compare regardless of order */
        bool found = false;
        for (int j = 0; j < b->nlegs && !found; j++)
            found = a->legs[i][0] == b->legs[j][0] && a->legs[i][1] == b->legs[j][1];
        if (!found) return false;
    }
    return true;
}

int sd_betza_atom_moves(int a, int b, int mv[8][2])
{
    atom t;
    atom_init(&t, a, b);
    memcpy(mv, t.mv, (size_t)t.n * sizeof mv[0]);
    return t.n;
}

bool sd_betza_pick(const char *dirs, int a, int b, unsigned *mask)
{
    atom t;
    atom_init(&t, a, b);
    token tok[MAX_TOKENS];
    int ntok = 0;
    size_t len = strlen(dirs);
    for (size_t i = 0; i < len;) {
        if (!direction_letter(dirs[i]) || ntok == MAX_TOKENS) return false;
        i += read_token(dirs, len, i, &tok[ntok++]);
    }
    sd_betza_problem why;
    return pick(&t, '?', tok, ntok, mask, &why);
}
