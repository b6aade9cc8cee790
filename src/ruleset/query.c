/*
 * query.c — evaluating possibilities: every pseudo-legal transition of a
 * view, and the select → from → to → where chain of one move. Nothing here
 * allocates; a possibility costs a few mask tests.
 */
#include "error/error_text.h"
#include "ggn_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The bitsets of a view, hoisted so that stores into the output cannot force reloads. */
typedef struct bits {
    const uint64_t *occ, *ally, *enemy;
    const uint32_t *piece_at;
} bits;

static inline bool fails(const gg_test *t, const bits *b)
{
    uint32_t w = t->word;
    return (((b->occ[w] & t->occ_mask) ^ t->occ_want) | ((b->ally[w] & t->ally_mask) ^ t->ally_want) |
            ((b->enemy[w] & t->enemy_mask) ^ t->enemy_want)) != 0;
}

static inline bool holds(const ggn_ruleset *rs, const gg_poss *p, const bits *b)
{
    if (fails(&p->head, b)) return false;
    const gg_test *t = rs->tests + p->test_first, *tend = t + p->test_count;
    for (; t < tend; t++)
        if (fails(t, b)) return false;
    const gg_exact *e = rs->exacts + p->exact_first, *eend = e + p->exact_count;
    for (; e < eend; e++)
        if ((b->piece_at[e->square] == e->piece) != (e->want != 0)) return false;
    return true;
}

/* Appends the holding possibilities of one destination; returns the new count. */
static size_t emit_dest(const ggn_ruleset *rs, const ggn_board_view *v, uint32_t d, const char *piece,
                        const char *source, ggn_transition *out, size_t cap, size_t n)
{
    const gg_dest *dest = &rs->dests[d];
    const uint32_t *use = rs->uses + dest->poss_first;
    const bits b = { v->occ, v->ally, v->enemy, v->piece_at };
    for (uint32_t k = 0; k < dest->poss_count; k++) {
        if (!holds(rs, &rs->poss[use[k]], &b)) continue;
        if (n < cap) {
            ggn_transition *t = &out[n];
            t->piece = piece;
            t->source = source;
            t->destination = dest->square == GG_HAND ? "*" : rs->squares[dest->square];
            t->possibility = k;
            t->ruleset_ = rs;
            t->entry_ = dest->poss_first + k;
            t->dest_ = d;
        }
        n++;
    }
    return n;
}

static size_t emit_source(const ggn_ruleset *rs, const ggn_board_view *v, uint32_t s, ggn_transition *out,
                          size_t cap, size_t n)
{
    const gg_source *src = &rs->sources[s];
    const char *piece = rs->pieces[rs->entries[src->entry].piece].id;
    const char *source = src->square == GG_HAND ? "*" : rs->squares[src->square];
    for (uint32_t d = 0; d < src->dest_count; d++) n = emit_dest(rs, v, src->dest_first + d, piece, source, out, cap, n);
    return n;
}

static int finish(size_t n, size_t cap, ggn_error *err)
{
    if (n > cap) {
        ggn_error_set(err, GGN_E_LIMIT, "%zu transitions do not fit in a buffer of %zu", n, cap);
        return -1;
    }
    if (n > (size_t)2147483647) {
        ggn_error_set(err, GGN_E_LIMIT, "too many transitions");
        return -1;
    }
    return (int)n;
}

int ggn_board_view_transitions(const ggn_board_view *v, ggn_transition *out, size_t cap, ggn_error *err)
{
    if (!v || (!out && cap)) {
        ggn_error_set(err, GGN_E_USAGE, "no view or buffer given");
        return -1;
    }
    const ggn_ruleset *rs = v->rs;
    size_t stride = (size_t)rs->nsquares + 1, n = 0;
    for (size_t k = 0; k < v->nmovers; k++) {
        uint32_t sq = v->movers[k];
        uint32_t entry = rs->pieces[v->piece_at[sq]].entry;
        n = emit_source(rs, v, rs->source_at[entry * stride + sq], out, cap, n);
    }
    for (size_t k = 0; k < v->nhand; k++) {
        uint32_t entry = rs->pieces[v->hand_list[k]].entry;
        n = emit_source(rs, v, rs->source_at[entry * stride + rs->nsquares], out, cap, n);
    }
    return finish(n, cap, err);
}

/* GGN_E_NOT_FOUND, with the ruleset's name as the error's file. */
static void not_found(const ggn_ruleset *rs, ggn_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void not_found(const ggn_ruleset *rs, ggn_error *err, const char *fmt, ...)
{
    if (!err) return;
    ggn_error_clear(err);
    err->code = GGN_E_NOT_FOUND;
    snprintf(err->file, sizeof err->file, "%s", rs->name);
    va_list ap;
    va_start(ap, fmt);
    er_vformat(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

bool ggn_ruleset_select(const ggn_ruleset *rs, const char *piece, ggn_selection *out, ggn_error *err)
{
    if (!rs || !piece || !out) {
        ggn_error_set(err, GGN_E_USAGE, "no ruleset, piece or selection given");
        return false;
    }
    uint32_t p = gg_piece_find(rs, piece, strlen(piece));
    if (p == GG_NONE || rs->pieces[p].entry == GG_NONE) {
        not_found(rs, err, "no moves for piece %s", piece);
        return false;
    }
    *out = (ggn_selection){ rs, 1, p, GG_NONE, GG_NONE };
    return true;
}

bool ggn_selection_from(ggn_selection *sel, const char *source, ggn_error *err)
{
    if (!sel || !source || sel->level != 1 || !sel->ruleset) {
        ggn_error_set(err, GGN_E_STATE, "from() needs a selection of a piece (and only a piece)");
        return false;
    }
    const ggn_ruleset *rs = sel->ruleset;
    const char *piece = rs->pieces[sel->piece_].id;
    uint32_t col = strcmp(source, "*") == 0 ? rs->nsquares : gg_square_find(rs, source, strlen(source));
    uint32_t s = GG_NONE;
    if (col != GG_NONE) s = rs->source_at[(size_t)rs->pieces[sel->piece_].entry * (rs->nsquares + 1) + col];
    if (s == GG_NONE) {
        not_found(rs, err, "no moves for %s from %s", piece, source);
        return false;
    }
    sel->source_ = s;
    sel->level = 2;
    return true;
}

bool ggn_selection_to(ggn_selection *sel, const char *destination, ggn_error *err)
{
    if (!sel || !destination || sel->level != 2 || !sel->ruleset) {
        ggn_error_set(err, GGN_E_STATE, "to() needs a selection of a piece and a source");
        return false;
    }
    const ggn_ruleset *rs = sel->ruleset;
    const gg_source *src = &rs->sources[sel->source_];
    uint32_t sq = strcmp(destination, "*") == 0 ? GG_HAND : gg_square_find(rs, destination, strlen(destination));
    for (uint32_t d = 0; sq != GG_NONE && d < src->dest_count; d++) {
        if (rs->dests[src->dest_first + d].square == sq) {
            sel->destination_ = src->dest_first + d;
            sel->level = 3;
            return true;
        }
    }
    not_found(rs, err, "no move for %s from %s to %s", rs->pieces[sel->piece_].id, gg_location_name(rs, src->square),
              destination);
    return false;
}

int ggn_selection_where(const ggn_selection *sel, const ggn_board_view *v, ggn_transition *out, size_t cap,
                        ggn_error *err)
{
    if (!sel || sel->level != 3 || !sel->ruleset) {
        ggn_error_set(err, GGN_E_STATE, "where() needs a selection of a piece, a source and a destination");
        return -1;
    }
    if (!v || v->rs != sel->ruleset || (!out && cap)) {
        ggn_error_set(err, GGN_E_USAGE, "the view was not made for this selection's ruleset");
        return -1;
    }
    const ggn_ruleset *rs = sel->ruleset;
    const gg_source *src = &rs->sources[sel->source_];
    uint32_t piece = sel->piece_;
    bool applies = gg_piece_side(rs, piece) == v->active &&
                   (src->square == GG_HAND ? v->hand[piece] > 0 : v->piece_at[src->square] == piece);
    size_t n = 0;
    if (applies)
        n = emit_dest(rs, v, sel->destination_, rs->pieces[piece].id, gg_location_name(rs, src->square), out, cap, 0);
    return finish(n, cap, err);
}
