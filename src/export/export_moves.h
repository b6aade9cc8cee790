/*
 * export_moves.h — the possibilities of one piece on one source, as terms
 * with their board patches (internal to the GGN export).
 */
#ifndef GGN_EXPORT_MOVES_H
#define GGN_EXPORT_MOVES_H

#include "export_internal.h"

#define EX_MAX_TERM_SQUARES 72  /* squares one possibility may test */
#define EX_MAX_PATCH 40         /* squares one move may change */
#define EX_MAX_TERMS 65536      /* cases one list may hold */
#define EX_MAX_HOP 8            /* screens a hop may jump (repeat.hop) */

/* A conjunction: square sq[i] holds a content of set[i]; squares not listed hold anything. */
typedef struct ex_term {
    int n;
    uint16_t sq[EX_MAX_TERM_SQUARES];
    ex_set set[EX_MAX_TERM_SQUARES];
} ex_term;

/* A disjunction of terms. */
typedef struct ex_tlist {
    ex_term *t;
    size_t n, cap;
} ex_tlist;

/* One way the piece reaches `to`: the boards it needs and the squares it changes. */
typedef struct ex_outcome {
    ex_term term;
    int to;
    int npatch;
    int patch_sq[EX_MAX_PATCH];
    int patch[EX_MAX_PATCH];     /* content index; EX_EMPTY empties the square */
    int hand_add;                /* games with hands, board-check: the plain content entering the
                                    mover's hand (a capture), or -1 */
    int hand_del;                /* a drop: the plain content leaving the mover's hand, or -1 */
} ex_outcome;

/* The piece being exported and what has been worked out for it. */
typedef struct ex_ctx {
    const ex_model *md;
    int side, player, kind, state, from; /* from is EG_NONE for the hand ("*") */
    int mover;                   /* content index of the piece on its source */
    ex_tlist produced[GGN_MAX_MOVES_PER_KIND]; /* per move: the boards on which it lands (DEPENDS_ON) */
    ex_outcome *out;
    size_t nout, capout;
    ggn_error *err;
    bool failed;
} ex_ctx;

/* Fills x->out with every outcome of the piece (x->side, kind, state) on x->from. */
bool ex_piece_source(ex_ctx *x);

/* Fills x->out with every drop of x->kind from x->side's hand (export_drops.c). */
bool ex_piece_drops(ex_ctx *x);

/* Narrows t to "sq holds something in s"; false when t can no longer hold (or on failure). */
bool ex_term_constrain(ex_ctx *x, ex_term *t, int sq, const ex_set *s);

/* Appends one outcome to x->out. */
bool ex_outcome_push(ex_ctx *x, const ex_outcome *o);

void ex_tl_free(ex_tlist *l);

#endif
