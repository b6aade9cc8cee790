/*
 * build.c — from conditions as written to what the evaluator runs: mask
 * tests per 64-square word and exact-piece tests; and the index from
 * (piece entry, square) to its source.
 */
#include "ggn_internal.h"

#include <stdlib.h>
#include <string.h>

/* Finds or appends the test for `word` among the possibility's tests. */
static gg_test *test_for(ggn_ruleset *rs, gg_poss *p, uint32_t word)
{
    for (uint32_t k = 0; k < p->test_count; k++) {
        gg_test *t = &rs->tests[p->test_first + k];
        if (t->word == word) return t;
    }
    if (!GG_PUSH(rs->tests, rs->ntests, rs->cap_tests)) return NULL;
    gg_test *t = &rs->tests[rs->ntests++];
    *t = (gg_test){ word, 0, 0, 0, 0, 0, 0 };
    p->test_count++;
    return t;
}

/*
 * Adds "bit must read `want`" to a mask pair. A bit already constrained to
 * the other value can never hold (only trusted loads get that far).
 */
static void constrain(gg_poss *p, uint64_t *mask, uint64_t *want, uint64_t bit, bool value)
{
    if ((*mask & bit) && ((*want & bit) != 0) != value) p->never = 1;
    *mask |= bit;
    if (value) *want |= bit;
}

bool gg_poss_compile(ggn_ruleset *rs, gg_poss *p)
{
    p->test_first = (uint32_t)rs->ntests;
    p->test_count = 0;
    p->exact_first = (uint32_t)rs->nexacts;
    p->exact_count = 0;
    for (uint32_t k = 0; k < p->cond_count; k++) {
        const gg_cond *c = &rs->conds[p->cond_first + k];
        if (c->square >= rs->nsquares) continue; /* only in documents that failed to load */
        if (c->state == GG_EXACT) {
            if (!GG_PUSH(rs->exacts, rs->nexacts, rs->cap_exacts)) return false;
            rs->exacts[rs->nexacts++] = (gg_exact){ c->square, c->piece, c->denied ? 0u : 1u };
            p->exact_count++;
            continue;
        }
        gg_test *t = test_for(rs, p, c->square >> 6);
        if (!t) return false;
        uint64_t bit = (uint64_t)1 << (c->square & 63);
        bool req = !c->denied;
        switch ((gg_state)c->state) {
        case GG_EMPTY: constrain(p, &t->occ_mask, &t->occ_want, bit, !req); break;
        case GG_OCCUPIED: constrain(p, &t->occ_mask, &t->occ_want, bit, req); break;
        case GG_ENEMY: constrain(p, &t->enemy_mask, &t->enemy_want, bit, req); break;
        case GG_ALLY: constrain(p, &t->ally_mask, &t->ally_want, bit, req); break;
        default: break;
        }
    }
    /* The first test moves inline; the possibility's tests are the last ones appended. */
    p->head = (gg_test){ 0, 0, 0, 0, 0, 0, 0 };
    if (p->test_count) {
        p->head = rs->tests[p->test_first];
        memmove(&rs->tests[p->test_first], &rs->tests[p->test_first + 1], (p->test_count - 1) * sizeof(gg_test));
        rs->ntests--;
        p->test_count--;
    }
    if (p->never) {
        /* (x & 0) == 1 never holds */
        p->head.occ_mask = 0;
        p->head.occ_want = 1;
    }
    return true;
}

bool gg_index_build(ggn_ruleset *rs)
{
    /*
     * Every array the evaluator indexes as `base + first` gets at least one
     * slot, so that an empty one (a document with no conditions, no patches,
     * no possibilities) is never null-pointer arithmetic (fuzz/crashers/ggn).
     */
    if (!GG_PUSH(rs->dests, 0, rs->cap_dests) || !GG_PUSH(rs->poss, 0, rs->cap_poss) || !GG_PUSH(rs->uses, 0, rs->cap_uses) ||
        !GG_PUSH(rs->tests, 0, rs->cap_tests) || !GG_PUSH(rs->exacts, 0, rs->cap_exacts) ||
        !GG_PUSH(rs->conds, 0, rs->cap_conds) || !GG_PUSH(rs->patches, 0, rs->cap_patches))
        return false;
    rs->words = (rs->nsquares + 63) / 64;
    if (rs->words == 0) rs->words = 1;
    size_t stride = (size_t)rs->nsquares + 1;
    size_t n = rs->nentries * stride;
    free(rs->source_at);
    rs->source_at = malloc((n ? n : 1) * sizeof *rs->source_at);
    if (!rs->source_at) return false;
    for (size_t i = 0; i < n; i++) rs->source_at[i] = GG_NONE;
    for (size_t s = 0; s < rs->nsources; s++) {
        const gg_source *src = &rs->sources[s];
        if (src->entry == GG_NONE) continue;
        size_t col = src->square == GG_HAND ? rs->nsquares : src->square;
        if (col > rs->nsquares) continue;
        rs->source_at[src->entry * stride + col] = (uint32_t)s;
    }
    return true;
}
