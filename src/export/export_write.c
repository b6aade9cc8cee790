/*
 * export_write.c — ggn_game_export: every piece of each side, in every
 * state it has, on every square, written as GGN in one spelling.
 *
 * A term (square -> set of contents) becomes possibilities by saying each
 * set in the states the spelling has: must-deny and require-prevent can
 * require and forbid "empty", "enemy" or an exact id (must-diff too, with
 * its STN diff for the patch and hands); board-check can only
 * require, but has "occupied" and "ally" too. A set no single state says
 * is split into parts (one possibility per part), so "empty or an unmoved
 * rook" is two possibilities. Possibilities that come out identical (the
 * four promotions of must-deny, which has no patch) are written once.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "export_moves.h"
#include "json/json_doc.h"

#define EX_MAX_EXPANSION 4096   /* possibilities one term may split into */
#define EX_MAX_PARTS (EX_CONTENTS + 1)

typedef struct ex_part {
    const char *must;   /* required state, or NULL */
    const char *deny;   /* forbidden state, or NULL */
} ex_part;

static bool set_equal(const ex_set *a, const ex_set *b) { return memcmp(a, b, sizeof *a) == 0; }

static ex_set set_inter(const ex_set *a, const ex_set *b)
{
    ex_set r;
    for (int i = 0; i < EX_WORDS; i++) r.w[i] = a->w[i] & b->w[i];
    return r;
}

static ex_set set_diff(const ex_set *a, const ex_set *b)
{
    ex_set r;
    for (int i = 0; i < EX_WORDS; i++) r.w[i] = a->w[i] & ~b->w[i];
    return r;
}

static int set_count(const ex_set *s)
{
    int n = 0;
    for (int i = 0; i < EX_WORDS; i++) {
        uint64_t w = s->w[i];
        while (w) {
            w &= w - 1;
            n++;
        }
    }
    return n;
}

static int set_first(const ex_set *s)
{
    for (int c = 0; c < EX_CONTENTS; c++)
        if (ex_has(s, c)) return c;
    return -1;
}

static const char *content_name(const ex_model *md, int c) { return c == EX_EMPTY ? "empty" : md->id[c]; }

/* One part per exact id of s. */
static int each(const ex_model *md, const ex_set *s, ex_part *out, int n)
{
    for (int c = 0; c < EX_CONTENTS; c++)
        if (ex_has(s, c)) out[n++] = (ex_part){ content_name(md, c), NULL };
    return n;
}

/*
 * Says "the square holds something of s" for a mover of `side` in the
 * spelling's states, as a disjunction of parts. Returns the number of
 * parts (one part with no state when s is everything).
 */
static int split_set(const ex_model *md, int side, const ex_set *s, ex_part *out)
{
    const ex_set *ally = &md->side_set[side], *enemy = &md->side_set[1 - side];
    ex_set empty;
    memset(&empty, 0, sizeof empty);
    ex_add(&empty, EX_EMPTY);
    ex_set comp = set_diff(&md->all, s);
    if (set_count(&comp) == 0) {
        out[0] = (ex_part){ NULL, NULL };
        return 1;
    }
    if (set_count(s) == 1) {
        out[0] = (ex_part){ content_name(md, set_first(s)), NULL };
        return 1;
    }
    ex_set s_enemy = set_inter(s, enemy), s_ally = set_inter(s, ally);
    int n = 0;
    if (md->spelling == GGN_SPELLING_BOARD_CHECK) {
        if (set_equal(s, enemy)) {
            out[0] = (ex_part){ "enemy", NULL };
            return 1;
        }
        if (set_equal(s, ally)) {
            out[0] = (ex_part){ "ally", NULL };
            return 1;
        }
        if (set_equal(&comp, &empty)) {
            out[0] = (ex_part){ "occupied", NULL };
            return 1;
        }
        if (ex_has(s, EX_EMPTY)) out[n++] = (ex_part){ "empty", NULL };
        if (set_equal(&s_enemy, enemy)) out[n++] = (ex_part){ "enemy", NULL };
        else n = each(md, &s_enemy, out, n);
        if (set_equal(&s_ally, ally)) out[n++] = (ex_part){ "ally", NULL };
        else n = each(md, &s_ally, out, n);
        return n;
    }
    /* must-deny, require-prevent: empty, enemy or an exact id, required or forbidden */
    if (set_count(&comp) == 1) {
        out[0] = (ex_part){ NULL, content_name(md, set_first(&comp)) };
        return 1;
    }
    if (set_equal(&comp, enemy)) {
        out[0] = (ex_part){ NULL, "enemy" };
        return 1;
    }
    if (ex_has(s, EX_EMPTY)) out[n++] = (ex_part){ "empty", NULL };
    ex_set missing = set_diff(enemy, &s_enemy);
    if (set_count(&s_enemy) > 0) {
        if (set_count(&missing) == 0) out[n++] = (ex_part){ "enemy", NULL };
        else if (set_count(&missing) == 1) out[n++] = (ex_part){ "enemy", content_name(md, set_first(&missing)) };
        else n = each(md, &s_enemy, out, n);
    }
    return each(md, &s_ally, out, n); /* "ally" has no must-deny / require-prevent state */
}

typedef struct exporter {
    ex_model md;
    ex_ctx x;
    char (*label)[GGN_MAX_LABEL];
    ggn_error *err;
    bool failed;
    /*
     * A lower bound of the text's length: what every member put so far takes
     * in the indented text (its line, indent, key and value; not the closing
     * braces, and an object or array value counts only its opening). Once it passes
     * GGN_MAX_FILE_BYTES the export stops there, instead of building a library
     * that ggn could not read back (capahouse's board-check would be 174 MB,
     * and its must-diff takes 2 GB of memory before the final size is known).
     */
    size_t bytes;
} exporter;

static bool oom(exporter *e)
{
    if (!e->failed) ggn_error_set(e->err, GGN_E_NOMEM, "out of memory");
    e->failed = true;
    return false;
}

/*
 * The length of one member at nesting depth `depth` in the text js_text
 * writes (two spaces per level): newline, indent, `"key": `, the value and a
 * comma; an object or array counts its opening and closing only, what it holds
 * being put separately.
 */
static size_t put_bytes(const char *key, const json_t *value, int depth)
{
    size_t n = 1 + 2 * (size_t)depth + strlen(key) + 5;
    if (json_is_string(value)) return n + strlen(json_string_value(value)) + 2;
    if (json_is_integer(value)) return n + 1;
    if (json_is_null(value) || json_is_true(value)) return n + 4;
    return n + 2; /* braces or brackets */
}

/* Sets obj[key] = value (taken), a member at nesting depth `depth` of the document (root members: 1). */
static bool put(exporter *e, json_t *obj, const char *key, json_t *value, int depth)
{
    if (!value) return oom(e);
    e->bytes += put_bytes(key, value, depth);
    if (json_object_set_new(obj, key, value) != 0) return oom(e);
    if (e->bytes > (size_t)GGN_MAX_FILE_BYTES && !e->failed) {
        ggn_error_set(e->err, GGN_E_LIMIT,
                      "cannot export to GGN: the %s library of %s would be more than the %ld bytes that ggn reads "
                      "(GGN_MAX_FILE_BYTES); refused before writing it",
                      ggn_spelling_name(e->md.spelling), e->md.g->def->name, (long)GGN_MAX_FILE_BYTES);
        e->failed = true;
    }
    return !e->failed;
}

/* The possibility for one choice of part per square; NULL on failure. */
static json_t *possibility(exporter *e, const ex_outcome *o, const ex_part *const *parts)
{
    const ex_model *md = &e->md;
    json_t *req = json_object(), *den = json_object(), *out = json_object(), *patch = NULL;
    bool ok = req && den && out;
    for (int i = 0; ok && i < o->term.n; i++) {
        const ex_part *p = parts[i];
        const char *sq = e->label[o->term.sq[i]];
        if (p->must) ok = put(e, req, sq, json_string(p->must), 6);
        if (ok && p->deny) ok = put(e, den, sq, json_string(p->deny), 6);
    }
    if (ok && md->spelling != GGN_SPELLING_MUST_DENY) {
        patch = json_object(); /* must-diff: the diff's board */
        ok = patch != NULL;
        int depth = md->spelling == GGN_SPELLING_MUST_DIFF ? 7 : 6; /* possibility.diff.board or possibility.patch */
        for (int i = 0; ok && i < o->npatch; i++)
            ok = put(e, patch, e->label[o->patch_sq[i]], o->patch[i] == EX_EMPTY ? json_null() : json_string(md->id[o->patch[i]]),
                     depth);
    }
    if (ok) {
        switch (md->spelling) {
        case GGN_SPELLING_MUST_DENY:
            if (json_object_size(req)) ok = put(e, out, "must", json_incref(req), 5);
            if (ok && json_object_size(den)) ok = put(e, out, "deny", json_incref(den), 5);
            break;
        case GGN_SPELLING_REQUIRE_PREVENT:
            if (json_object_size(req)) ok = put(e, out, "require", json_incref(req), 5);
            if (ok && json_object_size(den)) ok = put(e, out, "prevent", json_incref(den), 5);
            if (ok) ok = put(e, out, "perform", json_incref(patch), 5);
            break;
        case GGN_SPELLING_BOARD_CHECK:
            ok = put(e, out, "board_check", json_incref(req), 5) && put(e, out, "board_patch", json_incref(patch), 5);
            if (ok && o->hand_add >= 0) ok = put(e, out, "in_hand_add", json_string(md->id[o->hand_add]), 5);
            if (ok && o->hand_del >= 0) ok = put(e, out, "in_hand_del", json_string(md->id[o->hand_del]), 5);
            break;
        case GGN_SPELLING_MUST_DIFF: {
            /* must and deny always, as the Ruby library writes them; the hand change keyed by the mover's own piece */
            json_t *diff = json_object(), *hands = json_object();
            ok = diff && hands && put(e, out, "must", json_incref(req), 5) && put(e, out, "deny", json_incref(den), 5);
            if (ok && json_object_size(patch)) ok = put(e, diff, "board", json_incref(patch), 6);
            if (ok && o->hand_add >= 0) ok = put(e, hands, md->id[o->hand_add], json_integer(1), 7);
            if (ok && o->hand_del >= 0) ok = put(e, hands, md->id[o->hand_del], json_integer(-1), 7);
            if (ok && json_object_size(hands)) ok = put(e, diff, "hands", json_incref(hands), 6);
            if (ok) ok = put(e, diff, "toggle", json_true(), 6) && put(e, out, "diff", json_incref(diff), 5);
            json_decref(diff);
            json_decref(hands);
            break;
        }
        }
    }
    json_decref(req);
    json_decref(den);
    json_decref(patch);
    if (!ok) {
        json_decref(out);
        oom(e);
        return NULL;
    }
    return out;
}

/* Appends item to arr unless an equal possibility is there already (takes item); a dropped
 * duplicate gives back the bytes counted while it was built (`before`). */
static bool append_unique(exporter *e, json_t *arr, json_t *item, size_t before)
{
    for (size_t i = 0; i < json_array_size(arr); i++) {
        if (json_equal(json_array_get(arr, i), item)) {
            json_decref(item);
            e->bytes = before;
            return true;
        }
    }
    e->bytes += 2 * (1 + 2 * 4) + 3; /* the item's braces on their lines (depth 4) and its comma */
    if (json_array_append_new(arr, item) != 0) return oom(e);
    return true;
}

/* Every possibility of one outcome, into the destination's array. */
static bool write_outcome(exporter *e, const ex_outcome *o, json_t *arr)
{
    ex_part (*p)[EX_MAX_PARTS] = malloc((size_t)(o->term.n ? o->term.n : 1) * sizeof *p);
    int count[EX_MAX_TERM_SQUARES], pick[EX_MAX_TERM_SQUARES];
    const ex_part *chosen[EX_MAX_TERM_SQUARES];
    if (!p) return oom(e);
    long total = 1;
    for (int i = 0; i < o->term.n; i++) {
        count[i] = split_set(&e->md, e->x.side, &o->term.set[i], p[i]);
        pick[i] = 0;
        total *= count[i];
        if (total > EX_MAX_EXPANSION) {
            free(p);
            ggn_error_set(e->err, GGN_E_LIMIT, "a move of %s from %s splits into more than %d possibilities",
                          e->md.id[e->x.mover], e->x.from == EG_NONE ? "*" : e->label[e->x.from], EX_MAX_EXPANSION);
            e->failed = true;
            return false;
        }
    }
    bool ok = true;
    for (long k = 0; ok && k < total; k++) {
        for (int i = 0; i < o->term.n; i++) chosen[i] = &p[i][pick[i]];
        size_t before = e->bytes;
        json_t *item = possibility(e, o, chosen);
        ok = item && append_unique(e, arr, item, before);
        for (int i = 0; i < o->term.n; i++) {
            if (++pick[i] < count[i]) break;
            pick[i] = 0;
        }
    }
    free(p);
    return ok;
}

/* The destinations of one piece on one source (its drops when drops is set); NULL when it has none (or on failure). */
static json_t *write_source(exporter *e, bool drops)
{
    if (!(drops ? ex_piece_drops(&e->x) : ex_piece_source(&e->x))) {
        e->failed = true;
        return NULL;
    }
    if (e->x.nout == 0) return NULL;
    json_t *src = json_object();
    if (!src) {
        oom(e);
        return NULL;
    }
    for (size_t i = 0; i < e->x.nout && !e->failed; i++) {
        const ex_outcome *o = &e->x.out[i];
        const char *dst = e->label[o->to];
        json_t *arr = json_object_get(src, dst);
        if (!arr) {
            arr = json_array();
            if (!put(e, src, dst, arr, 3)) break;
        }
        write_outcome(e, o, arr);
    }
    if (e->failed) {
        json_decref(src);
        return NULL;
    }
    return src;
}

static json_t *write_document(exporter *e)
{
    const ex_model *md = &e->md;
    const ggn_game *g = md->g;
    json_t *root = json_object();
    if (!root) {
        oom(e);
        return NULL;
    }
    for (int side = 0; side < 2 && !e->failed; side++) {
        for (int k = 0; k < md->nk && !e->failed; k++) {
            for (int st = 0; st < EX_STATES && !e->failed; st++) {
                int c = ex_content(md, side, k, st);
                if (!md->valid[c]) continue;
                json_t *piece = json_object();
                if (!piece) {
                    oom(e);
                    break;
                }
                e->x.side = side;
                e->x.player = md->player_of[side];
                e->x.kind = k;
                e->x.state = st;
                for (int sq = 0; sq < g->nsq && !e->failed; sq++) {
                    if (!g->enabled[sq]) continue;
                    e->x.from = sq;
                    json_t *src = write_source(e, false);
                    if (src) put(e, piece, e->label[sq], src, 2);
                }
                /*
                 * A piece in hand is plain. Promoted forms are never there:
                 * a capture gives its captured_as (unmarked, ex_model_init)
                 * and FEN pockets name unpromoted kinds.
                 */
                if (!e->failed && md->hands && st == GGN_STATE_NORMAL && !md->mark[k]) {
                    json_t *src = write_source(e, true);
                    if (src) put(e, piece, "*", src, 2);
                }
                if (!e->failed && json_object_size(piece)) put(e, root, md->id[c], json_incref(piece), 1);
                json_decref(piece);
            }
        }
    }
    if (e->failed) {
        json_decref(root);
        return NULL;
    }
    return root;
}

char *ggn_game_export(const ggn_game *g, ggn_spelling spelling, ggn_error *err)
{
    exporter *e = calloc(1, sizeof *e);
    if (!e) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    char *out = NULL;
    e->err = err;
    e->x.err = err;
    if (!ex_model_init(&e->md, g, spelling, err) || !ex_model_spelling_fits(&e->md, err)) goto done;
    e->x.md = &e->md;
    e->label = malloc((size_t)g->nsq * sizeof *e->label);
    if (!e->label) {
        oom(e);
        goto done;
    }
    for (int sq = 0; sq < g->nsq; sq++) ex_square_label(g, sq, e->label[sq], sizeof e->label[sq]);
    out = js_text(write_document(e), err);
    if (out && strlen(out) > (size_t)GGN_MAX_FILE_BYTES) {
        /* what ggn cannot read back is not written at all */
        ggn_error_set(err, GGN_E_LIMIT,
                      "cannot export to GGN: the %s library of %s would be %zu bytes, more than the %ld that ggn reads "
                      "(GGN_MAX_FILE_BYTES)", ggn_spelling_name(spelling), g->def->name, strlen(out), (long)GGN_MAX_FILE_BYTES);
        free(out);
        out = NULL;
    }
done:
    for (int mi = 0; mi < GGN_MAX_MOVES_PER_KIND; mi++) ex_tl_free(&e->x.produced[mi]);
    free(e->x.out);
    free(e->label);
    free(e);
    return out;
}
