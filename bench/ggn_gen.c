/* ggn_gen.c — generated GGN documents (see ggn_gen.h). */
#include "ggn_gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sbuf {
    char *s;
    size_t len, cap;
    bool failed;
} sbuf;

static void put(sbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put(sbuf *b, const char *fmt, ...)
{
    if (b->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            b->failed = true;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
}

static void square(char *out, int file, int rank) { snprintf(out, 8, "%c%d", (char)('a' + (file & 31)), (rank & 31) + 1); }

/* One possibility object, with its conditions and (when the spelling has them) effects. */
typedef struct poss {
    int nreq;
    char req_sq[32][8];  /* a slide on a 26×26 board tests up to 25 squares */
    const char *req_state[32];
    char patch_sq[4][8];
    const char *patch_piece[4]; /* NULL = null */
    int npatch;
} poss;

static void write_poss(sbuf *b, ggn_spelling sp, const poss *p, bool first)
{
    bool qpi = sp == GGN_SPELLING_MUST_DENY || sp == GGN_SPELLING_MUST_DIFF;
    const char *check = qpi ? "must" : sp == GGN_SPELLING_REQUIRE_PREVENT ? "require" : "board_check";
    put(b, "%s\n          {", first ? "" : ",");
    bool any = false;
    if (p->nreq || sp == GGN_SPELLING_BOARD_CHECK || sp == GGN_SPELLING_MUST_DIFF) {
        put(b, "\n            \"%s\": {", check);
        for (int k = 0; k < p->nreq; k++) put(b, "%s \"%s\": \"%s\"", k ? "," : "", p->req_sq[k], p->req_state[k]);
        put(b, " }");
        any = true;
    }
    if (sp == GGN_SPELLING_MUST_DIFF) put(b, ",\n            \"deny\": {},\n            \"diff\": { \"board\": {");
    else if (sp != GGN_SPELLING_MUST_DENY)
        put(b, "%s\n            \"%s\": {", any ? "," : "", sp == GGN_SPELLING_REQUIRE_PREVENT ? "perform" : "board_patch");
    if (sp != GGN_SPELLING_MUST_DENY) {
        for (int k = 0; k < p->npatch; k++) {
            if (p->patch_piece[k]) put(b, "%s \"%s\": \"%s\"", k ? "," : "", p->patch_sq[k], p->patch_piece[k]);
            else put(b, "%s \"%s\": null", k ? "," : "", p->patch_sq[k]);
        }
        put(b, sp == GGN_SPELLING_MUST_DIFF ? " }, \"toggle\": true }" : " }");
    }
    put(b, "\n          }");
}

/* Names: "CHESS:Q" / "chess:q" (GAN) or "C:Q" / "c:q" (QPI). */
static void piece_id(char *out, ggn_spelling sp, const char *game, int side, char letter)
{
    char g[32];
    if (sp == GGN_SPELLING_MUST_DENY || sp == GGN_SPELLING_MUST_DIFF) snprintf(g, sizeof g, "%c", game[0]);
    else snprintf(g, sizeof g, "%s", game);
    for (char *c = g; *c; c++) *c = (char)(side ? (*c | 32) : (*c & ~32));
    char l = (char)(side ? (letter | 32) : (letter & ~32));
    snprintf(out, 40, "%s:%c", g, l);
}

typedef struct gen {
    sbuf b;
    ggn_spelling sp;
    int n;
    bool first_dest;
    bool first_source;
} gen;

static void begin_dest(gen *g, const char *dst)
{
    put(&g->b, "%s\n        \"%s\": [", g->first_dest ? "" : ",", dst);
    g->first_dest = false;
}

static void end_dest(gen *g) { put(&g->b, "\n        ]"); }

static void begin_source(gen *g, const char *src)
{
    put(&g->b, "%s\n      \"%s\": {", g->first_source ? "" : ",", src);
    g->first_source = false;
    g->first_dest = true;
}

/* A simple move to (f,r) through path[] with "empty" and "enemy" variants; promote lists the new pieces. */
static void move_to(gen *g, const char *self, const char *src, int f, int r, int (*path)[2], int npath,
                    bool quiet, bool capture, const char *const *promote, int npromote)
{
    char dst[8];
    square(dst, f, r);
    begin_dest(g, dst);
    bool first = true;
    const char *states[2] = { "empty", "enemy" };
    for (int v = 0; v < 2; v++) {
        if ((v == 0 && !quiet) || (v == 1 && !capture)) continue;
        int nchoices = npromote && g->sp != GGN_SPELLING_MUST_DENY ? npromote : 1;
        for (int c = 0; c < nchoices; c++) {
            poss p;
            memset(&p, 0, sizeof p);
            for (int k = 0; k < npath; k++) {
                square(p.req_sq[p.nreq], path[k][0], path[k][1]);
                p.req_state[p.nreq++] = "empty";
            }
            snprintf(p.req_sq[p.nreq], 8, "%s", dst);
            p.req_state[p.nreq++] = states[v];
            snprintf(p.patch_sq[0], 8, "%s", src);
            p.patch_piece[0] = NULL;
            snprintf(p.patch_sq[1], 8, "%s", dst);
            p.patch_piece[1] = npromote ? promote[c] : self;
            p.npatch = 2;
            write_poss(&g->b, g->sp, &p, first);
            first = false;
        }
    }
    end_dest(g);
}

static bool on(const gen *g, int f, int r) { return f >= 0 && r >= 0 && f < g->n && r < g->n; }

static void slides(gen *g, const char *self, const char *src, int f, int r, const int (*dirs)[2], int ndirs)
{
    for (int d = 0; d < ndirs; d++) {
        int path[32][2], npath = 0;
        for (int k = 1;; k++) {
            int tf = f + dirs[d][0] * k, tr = r + dirs[d][1] * k;
            if (!on(g, tf, tr)) break;
            move_to(g, self, src, tf, tr, path, npath, true, true, NULL, 0);
            path[npath][0] = tf;
            path[npath][1] = tr;
            npath++;
        }
    }
}

static void leaps(gen *g, const char *self, const char *src, int f, int r, const int (*jumps)[2], int njumps)
{
    for (int d = 0; d < njumps; d++) {
        int tf = f + jumps[d][0], tr = r + jumps[d][1];
        if (on(g, tf, tr)) move_to(g, self, src, tf, tr, NULL, 0, true, true, NULL, 0);
    }
}

static const int ORTHO[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
static const int DIAG[4][2] = { { 1, 1 }, { 1, -1 }, { -1, -1 }, { -1, 1 } };
static const int KING[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } };
static const int KNIGHT[8][2] = { { 1, 2 }, { 2, 1 }, { 2, -1 }, { 1, -2 }, { -1, -2 }, { -2, -1 }, { -2, 1 }, { -1, 2 } };
static const int CAMEL[8][2] = { { 1, 3 }, { 3, 1 }, { 3, -1 }, { 1, -3 }, { -1, -3 }, { -3, -1 }, { -3, 1 }, { -1, 3 } };
static const int ZEBRA[8][2] = { { 2, 3 }, { 3, 2 }, { 3, -2 }, { 2, -3 }, { -2, -3 }, { -3, -2 }, { -3, 2 }, { -2, 3 } };

static void begin_piece(gen *g, const char *id, bool first)
{
    put(&g->b, "%s\n  \"%s\": {", first ? "" : ",", id);
    g->first_source = true;
}

static void end_piece(gen *g) { put(&g->b, "\n  }"); }
static void end_source(gen *g) { put(&g->b, "\n      }"); }

static char *finish(gen *g, size_t *len)
{
    put(&g->b, "\n}\n");
    if (g->b.failed) {
        free(g->b.s);
        return NULL;
    }
    if (len) *len = g->b.len;
    return g->b.s;
}

static void castle(gen *g, int side, const char *king, const char *rook, bool kingside)
{
    int r = side ? 7 : 0;
    char src[8], dst[8], rook_sq[8], rook_to[8];
    square(src, 4, r);
    square(dst, kingside ? 6 : 2, r);
    square(rook_sq, kingside ? 7 : 0, r);
    square(rook_to, kingside ? 5 : 3, r);
    begin_dest(g, dst);
    poss p;
    memset(&p, 0, sizeof p);
    int files_k[2] = { 5, 6 }, files_q[3] = { 3, 2, 1 };
    int *files = kingside ? files_k : files_q, nf = kingside ? 2 : 3;
    for (int k = 0; k < nf; k++) {
        square(p.req_sq[p.nreq], files[k], r);
        p.req_state[p.nreq++] = "empty";
    }
    snprintf(p.req_sq[p.nreq], 8, "%s", rook_sq);
    p.req_state[p.nreq++] = rook;
    snprintf(p.patch_sq[0], 8, "%s", src);
    snprintf(p.patch_sq[1], 8, "%s", rook_to);
    p.patch_piece[1] = rook;
    snprintf(p.patch_sq[2], 8, "%s", dst);
    p.patch_piece[2] = king;
    snprintf(p.patch_sq[3], 8, "%s", rook_sq);
    p.npatch = 4;
    write_poss(&g->b, g->sp, &p, true);
    end_dest(g);
}

char *gen_chess_ggn(ggn_spelling sp, size_t *len)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.sp = sp;
    g.n = 8;
    put(&g.b, "{");
    const char letters[] = "KQRBNP";
    bool first_piece = true;
    for (int side = 0; side < 2; side++) {
        for (const char *l = letters; *l; l++) {
            char self[40];
            piece_id(self, sp, "CHESS", side, *l);
            begin_piece(&g, self, first_piece);
            first_piece = false;
            for (int r = 0; r < 8; r++) {
                for (int f = 0; f < 8; f++) {
                    int fwd = side ? -1 : 1;
                    if (*l == 'P' && (r == 0 || r == 7)) continue;
                    char src[8];
                    square(src, f, r);
                    begin_source(&g, src);
                    switch (*l) {
                    case 'K':
                        leaps(&g, self, src, f, r, KING, 8);
                        if (f == 4 && r == (side ? 7 : 0)) {
                            char rook[40];
                            piece_id(rook, sp, "CHESS", side, 'R');
                            castle(&g, side, self, rook, true);
                            castle(&g, side, self, rook, false);
                        }
                        break;
                    case 'Q': slides(&g, self, src, f, r, KING, 8); break;
                    case 'R': slides(&g, self, src, f, r, ORTHO, 4); break;
                    case 'B': slides(&g, self, src, f, r, DIAG, 4); break;
                    case 'N': leaps(&g, self, src, f, r, KNIGHT, 8); break;
                    default: {
                        char promo_ids[4][40];
                        const char *promo[4];
                        for (int k = 0; k < 4; k++) {
                            piece_id(promo_ids[k], sp, "CHESS", side, "QRBN"[k]);
                            promo[k] = promo_ids[k];
                        }
                        bool last = r + fwd == (side ? 0 : 7);
                        int np = last ? 4 : 0;
                        move_to(&g, self, src, f, r + fwd, NULL, 0, true, false, promo, np);
                        if (r == (side ? 6 : 1)) {
                            int path[1][2] = { { f, r + fwd } };
                            move_to(&g, self, src, f, r + 2 * fwd, path, 1, true, false, NULL, 0);
                        }
                        for (int df = -1; df <= 1; df += 2)
                            if (f + df >= 0 && f + df < 8)
                                move_to(&g, self, src, f + df, r + fwd, NULL, 0, false, true, promo, np);
                    }
                    }
                    end_source(&g);
                }
            }
            end_piece(&g);
        }
    }
    return finish(&g, len);
}

char *gen_big_ggn(int n, ggn_spelling sp, size_t *len)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.sp = sp;
    g.n = n < 1 ? 1 : n > 26 ? 26 : n;
    put(&g.b, "{");
    const char letters[] = "QRBNCZKAM"; /* M: chancellor (rook + knight), A: archbishop (bishop + knight) */
    bool first_piece = true;
    for (int side = 0; side < 2; side++) {
        for (const char *l = letters; *l; l++) {
            char self[40];
            piece_id(self, sp, "BIG", side, *l);
            begin_piece(&g, self, first_piece);
            first_piece = false;
            for (int r = 0; r < g.n; r++) {
                for (int f = 0; f < g.n; f++) {
                    char src[8];
                    square(src, f, r);
                    begin_source(&g, src);
                    switch (*l) {
                    case 'Q': slides(&g, self, src, f, r, KING, 8); break;
                    case 'R': slides(&g, self, src, f, r, ORTHO, 4); break;
                    case 'B': slides(&g, self, src, f, r, DIAG, 4); break;
                    case 'N': leaps(&g, self, src, f, r, KNIGHT, 8); break;
                    case 'C': leaps(&g, self, src, f, r, CAMEL, 8); break;
                    case 'Z': leaps(&g, self, src, f, r, ZEBRA, 8); break;
                    case 'K': leaps(&g, self, src, f, r, KING, 8); break;
                    case 'A':
                        slides(&g, self, src, f, r, DIAG, 4);
                        leaps(&g, self, src, f, r, KNIGHT, 8);
                        break;
                    default:
                        slides(&g, self, src, f, r, ORTHO, 4);
                        leaps(&g, self, src, f, r, KNIGHT, 8);
                    }
                    end_source(&g);
                }
            }
            end_piece(&g);
        }
    }
    return finish(&g, len);
}
