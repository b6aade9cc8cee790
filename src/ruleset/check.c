/*
 * check.c — the semantic checks of a possibility: conditions that can never
 * hold together (GGN_E_CONTRADICTION) and identical possibilities in one
 * array (a warning). Conditions on the source square are caught while
 * reading (GGN_E_REDUNDANT).
 */
#include "ggn_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * What a square can hold, for a mover of a known side: empty, a piece of
 * either side that no condition names, or one of the named pieces.
 */
typedef struct candidate {
    bool empty;
    ggn_side side;
    uint32_t piece; /* GG_NONE: a piece no condition names */
} candidate;

static bool holds(const ggn_ruleset *rs, const candidate *c, const gg_cond *cond, ggn_side mover)
{
    switch ((gg_state)cond->state) {
    case GG_EMPTY: return c->empty;
    case GG_OCCUPIED: return !c->empty;
    case GG_ENEMY: return !c->empty && c->side != mover;
    case GG_ALLY: return !c->empty && c->side == mover;
    default: return !c->empty && c->piece == cond->piece && cond->piece != GG_NONE && c->side == gg_piece_side(rs, cond->piece);
    }
}

/* True when some content of the square meets `req` and not `den`. */
static bool satisfiable(const ggn_ruleset *rs, const gg_cond *req, const gg_cond *den, ggn_side mover)
{
    candidate cands[5] = {
        { true, GGN_SIDE_FIRST, GG_NONE },
        { false, GGN_SIDE_FIRST, GG_NONE },
        { false, GGN_SIDE_SECOND, GG_NONE },
    };
    size_t n = 3;
    const gg_cond *named[2] = { req, den };
    for (size_t k = 0; k < 2; k++) {
        if (named[k]->state == GG_EXACT && named[k]->piece != GG_NONE)
            cands[n++] = (candidate){ false, gg_piece_side(rs, named[k]->piece), named[k]->piece };
    }
    for (size_t k = 0; k < n; k++)
        if (holds(rs, &cands[k], req, mover) && !holds(rs, &cands[k], den, mover)) return true;
    return false;
}

static const char *state_text(const ggn_ruleset *rs, const gg_cond *c)
{
    static const char *const names[] = { "empty", "occupied", "enemy", "ally" };
    if (c->state == GG_EXACT) return c->piece != GG_NONE ? rs->pieces[c->piece].id : "?";
    return names[c->state];
}

void gg_check_contradictions(gg_loader *ld, const gg_poss *p)
{
    const ggn_ruleset *rs = ld->rs;
    const char *denied_field = gg_spelling_is_qpi(rs->spelling) ? "deny" : "prevent";
    const char *required_field = gg_spelling_is_qpi(rs->spelling) ? "must" : "require";
    for (uint32_t d = 0; d < p->cond_count; d++) {
        const gg_cond *den = &rs->conds[p->cond_first + d];
        if (!den->denied) continue;
        for (uint32_t r = 0; r < p->cond_count; r++) {
            const gg_cond *req = &rs->conds[p->cond_first + r];
            if (req->denied || req->square != den->square) continue;
            const char *sq = rs->squares[den->square];
            js_path_key(&ld->path, denied_field);
            js_path_key(&ld->path, sq);
            if (req->state == den->state && req->piece == den->piece)
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_CONTRADICTION,
                          "%s is both required and forbidden to be %s (%s and %s)", sq, state_text(rs, den),
                          required_field, denied_field);
            else if (!satisfiable(rs, req, den, ld->side))
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_CONTRADICTION,
                          "%s can never be %s without being %s for a %s-side mover (%s and %s)", sq,
                          state_text(rs, req), state_text(rs, den), ld->side == GGN_SIDE_FIRST ? "first" : "second",
                          required_field, denied_field);
            js_path_pop(&ld->path);
            js_path_pop(&ld->path);
        }
    }
}

/* ---- duplicates in one possibility array ---- */

void gg_dup_begin(gg_loader *ld)
{
    ld->dup_dest++;
    ld->nreps = 0;
    ld->nfound = 0;
    ld->more_found = 0;
}

/*
 * A duplicate, kept to be reported at the array's end. Only the first
 * GGN_MAX_ERRORS are kept: no list holds more problems, so the others are
 * counted, to be reported (and dropped) after them.
 */
static void found(gg_loader *ld, uint32_t later, uint32_t earlier)
{
    if (ld->nfound >= 2 * (size_t)GGN_MAX_ERRORS || !GG_PUSH(ld->found, ld->nfound, ld->cap_found) ||
        !GG_PUSH(ld->found, ld->nfound + 1, ld->cap_found)) {
        ld->more_found++;
        return;
    }
    ld->found[ld->nfound++] = later;
    ld->found[ld->nfound++] = earlier;
}

static void warn_duplicate(gg_loader *ld, uint32_t later, uint32_t earlier)
{
    js_path_index(&ld->path, later);
    gg_report(ld, GGN_SEVERITY_WARNING, GGN_E_DUPLICATE, "possibility %u is identical to possibility %u", later,
              earlier);
    js_path_pop(&ld->path);
}

void gg_dup_end(gg_loader *ld, bool all_loaded)
{
    if (!all_loaded || ld->stop) return;
    for (size_t k = 0; k < ld->nfound; k += 2) warn_duplicate(ld, ld->found[k], ld->found[k + 1]);
    /* past GGN_MAX_ERRORS kept: the list is full, so these are only counted (their text is not kept) */
    for (size_t k = 0; k < ld->more_found; k++) warn_duplicate(ld, 0, 0);
}

/* Room for the per-possibility stamps up to possibility poss. */
static bool rep_room(gg_loader *ld, uint32_t poss)
{
    if (poss < ld->rep_cap) return true;
    size_t cap = ld->rep_cap ? ld->rep_cap : 1024;
    while (cap <= poss) cap *= 2;
    uint32_t *stamp = realloc(ld->rep_stamp, cap * sizeof *stamp);
    if (stamp) ld->rep_stamp = stamp;
    uint32_t *head = stamp ? realloc(ld->rep_head, cap * sizeof *head) : NULL;
    if (!head) return false;
    ld->rep_head = head;
    memset(ld->rep_stamp + ld->rep_cap, 0, (cap - ld->rep_cap) * sizeof *stamp);
    ld->rep_cap = cap;
    return true;
}

void gg_dup_item(gg_loader *ld, uint32_t index, uint32_t poss, json_t *item, json_t *array, size_t at, size_t len)
{
    if (ld->trusted || poss == GG_NONE || !rep_room(ld, poss)) return;
    uint32_t last = GG_NONE;
    if (ld->rep_stamp[poss] == ld->dup_dest) {
        for (uint32_t r = ld->rep_head[poss]; r != GG_NONE; r = ld->reps[r].next) {
            const gg_rep *rep = &ld->reps[r];
            json_t *earlier = array ? json_incref(json_array_get(array, rep->item))
                                    : gg_parse_item(ld->doc->text, rep->at, rep->len);
            bool equal = earlier && json_equal(earlier, item);
            json_decref(earlier);
            if (equal) {
                found(ld, index, rep->item);
                return;
            }
            last = r;
        }
    }
    /* the first item of its JSON among those of its possibility: a rep */
    if (!GG_PUSH(ld->reps, ld->nreps, ld->cap_reps)) return;
    uint32_t r = (uint32_t)ld->nreps++;
    ld->reps[r] = (gg_rep){ index, GG_NONE, at, len };
    if (last == GG_NONE) {
        ld->rep_stamp[poss] = ld->dup_dest;
        ld->rep_head[poss] = r;
    } else {
        ld->reps[last].next = r;
    }
}

void gg_loader_release(gg_loader *ld)
{
    free(ld->poss_slots);
    free(ld->rep_stamp);
    free(ld->rep_head);
    free(ld->reps);
    free(ld->found);
    ld->poss_slots = ld->rep_stamp = ld->rep_head = ld->found = NULL;
    ld->reps = NULL;
}
