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

/* An order-independent digest of what a possibility says. */
static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

static uint64_t digest(const ggn_ruleset *rs, const gg_poss *p)
{
    uint64_t h = mix(((uint64_t)p->hand_add << 32) ^ p->hand_del ^ ((uint64_t)p->explicit_patch << 63));
    for (uint32_t k = 0; k < p->cond_count; k++) {
        const gg_cond *c = &rs->conds[p->cond_first + k];
        h += mix(((uint64_t)c->square << 32) ^ ((uint64_t)c->piece << 4) ^ ((uint64_t)c->denied << 3) ^ c->state);
    }
    for (uint32_t k = 0; k < p->patch_count; k++) {
        const gg_patch *q = &rs->patches[p->patch_first + k];
        h += mix(((uint64_t)q->square << 32) ^ q->piece ^ 0x5bd1e995ULL);
    }
    return h;
}

typedef struct keyed {
    uint64_t hash;
    size_t index;
} keyed;

static int keyed_cmp(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

static void warn_duplicate(gg_loader *ld, size_t later, size_t earlier)
{
    js_path_index(&ld->path, later);
    gg_report(ld, GGN_SEVERITY_WARNING, GGN_E_DUPLICATE, "possibility %zu is identical to possibility %zu",
              later, earlier);
    js_path_pop(&ld->path);
}

/* Where the items of the array being checked come from: its tree, or its text and their extents. */
typedef struct item_source {
    json_t *array;
    const char *text;
    const size_t *items;
} item_source;

/* Items i and j of the array are equal JSON (a text's items are parsed for it, one pair at a time). */
static bool items_equal(const item_source *src, size_t i, size_t j)
{
    if (src->array) return json_equal(json_array_get(src->array, i), json_array_get(src->array, j));
    json_t *a = gg_parse_item(src->text, src->items[2 * i], src->items[2 * i + 1]);
    json_t *b = a ? gg_parse_item(src->text, src->items[2 * j], src->items[2 * j + 1]) : NULL;
    bool equal = a && b && json_equal(a, b);
    json_decref(a);
    json_decref(b);
    return equal;
}

static void check_duplicates(gg_loader *ld, const item_source *src, size_t first, size_t count);

void gg_check_duplicates(gg_loader *ld, json_t *array, size_t first, size_t count)
{
    if (count != json_array_size(array)) return; /* some items did not load: errors were reported */
    item_source src = { array, NULL, NULL };
    check_duplicates(ld, &src, first, count);
}

void gg_check_duplicates_text(gg_loader *ld, const char *text, const size_t *items, size_t first, size_t count)
{
    item_source src = { NULL, text, items };
    check_duplicates(ld, &src, first, count);
}

static void check_duplicates(gg_loader *ld, const item_source *src, size_t first, size_t count)
{
    const ggn_ruleset *rs = ld->rs;
    keyed small[16];
    keyed *keys = count <= 16 ? small : malloc(count * sizeof *keys);
    if (!keys) return;
    for (size_t k = 0; k < count; k++) keys[k] = (keyed){ digest(rs, &rs->poss[first + k]), k };
    if (count <= 16) {
        /* report in array order */
        for (size_t j = 1; j < count; j++)
            for (size_t i = 0; i < j; i++)
                if (keys[i].hash == keys[j].hash && items_equal(src, i, j)) {
                    warn_duplicate(ld, j, i);
                    break;
                }
    } else {
        qsort(keys, count, sizeof *keys, keyed_cmp);
        size_t run = 0; /* first key of the current run of equal digests */
        for (size_t j = 1; j < count; j++) {
            if (keys[j].hash != keys[run].hash) {
                run = j;
                continue;
            }
            for (size_t i = run; i < j; i++) {
                if (items_equal(src, keys[i].index, keys[j].index)) {
                    warn_duplicate(ld, keys[j].index, keys[i].index);
                    break;
                }
            }
        }
    }
    if (keys != small) free(keys);
}
