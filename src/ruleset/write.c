/*
 * write.c — a ruleset back to JSON in any spelling, refusing (with
 * GGN_E_CONVERSION and the pointer of the first offending place of the
 * loaded document) whatever the target cannot say. docs/ggn.md has the
 * table this file implements.
 *
 * The text is written as it goes, one possibility's small tree at a time,
 * in the layout jansson's two-space indent gives; it stops with GGN_E_LIMIT
 * before it grows past GGN_MAX_FILE_BYTES, the most ggn reads back.
 */
#include "error/error_text.h"
#include "ggn_internal.h"
#include "json/json_doc.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct writer {
    const ggn_ruleset *rs;
    ggn_spelling to;
    ggn_error *err;
    js_path path;                   /* where we are in the loaded document */
    bool failed;
    char *out;                        /* the text so far */
    size_t len, cap;
    char games[26][GGN_MAX_GAME_ID + 1]; /* GAN → QPI: the game (lower case) each style letter stands for */
    uint32_t dest;                    /* the destination being written (a possibility may serve several) */
} writer;

static bool refuse(writer *w, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool refuse(writer *w, const char *fmt, ...)
{
    if (w->failed) return false;
    w->failed = true;
    if (w->err) {
        char msg[256];
        va_list ap;
        va_start(ap, fmt);
        er_vformat(msg, sizeof msg, fmt, ap);
        va_end(ap);
        ggn_error_set(w->err, GGN_E_CONVERSION, "cannot write %s: %s", ggn_spelling_name(w->to), msg);
        snprintf(w->err->file, sizeof w->err->file, "%s", w->rs->name);
        snprintf(w->err->pointer, sizeof w->err->pointer, "%s", w->path.buf);
    }
    return false;
}

/*
 * A piece id in the target's grammar. QPI → GAN keeps the text (a one-letter
 * style is a valid game id) unless it has the terminal marker. GAN → QPI
 * keeps the first letter of the game id, refusing the "'" suffix and two
 * games that would share a letter.
 */
static bool convert_id(writer *w, uint32_t piece, char *out, size_t cap)
{
    const char *id = w->rs->pieces[piece].id;
    bool from_qpi = gg_spelling_is_qpi(w->rs->spelling), to_qpi = gg_spelling_is_qpi(w->to);
    if (from_qpi == to_qpi) {
        snprintf(out, cap, "%s", id);
        return true;
    }
    if (from_qpi) {
        if (strchr(id, '^')) return refuse(w, "%s has the terminal marker \"^\", which GAN cannot write", id);
        snprintf(out, cap, "%s", id);
        return true;
    }
    ggn_gan gan;
    if (ggn_gan_parse(id, strlen(id), &gan)) return refuse(w, "%s is not a GAN id", id);
    if (gan.intermediate) return refuse(w, "%s has the \"'\" suffix, which QPI cannot write", id);
    char game[GGN_MAX_GAME_ID + 1];
    size_t n = strlen(gan.game);
    for (size_t i = 0; i <= n; i++) game[i] = (char)(gan.game[i] >= 'A' && gan.game[i] <= 'Z' ? gan.game[i] + 32 : gan.game[i]);
    char *slot = w->games[game[0] - 'a'];
    if (!slot[0]) snprintf(slot, GGN_MAX_GAME_ID + 1, "%s", game);
    else if (strcmp(slot, game) != 0)
        return refuse(w, "games %s and %s would both become style %c", slot, game, gan.game[0]);
    const char *piece_part = strchr(id, ':') + 1;
    snprintf(out, cap, "%c:%s", gan.game[0], piece_part);
    return true;
}

static json_t *id_value(writer *w, uint32_t piece)
{
    if (piece == GG_NONE) return json_null();
    char buf[GGN_MAX_ID];
    if (!convert_id(w, piece, buf, sizeof buf)) return NULL;
    return json_string(buf);
}

static const char *state_name(gg_state s)
{
    static const char *const names[] = { "empty", "occupied", "enemy", "ally" };
    return names[s];
}

/* The changes a must-deny possibility implies, as patch entries and hand changes. */
typedef struct effects {
    gg_patch patch[2];
    size_t npatch;
    uint32_t hand_add, hand_del;
} effects;

static effects implied_effects(const ggn_ruleset *rs, uint32_t dest)
{
    const gg_dest *d = &rs->dests[dest];
    const gg_source *s = &rs->sources[d->source];
    uint32_t piece = rs->entries[s->entry].piece;
    effects e = { { { 0, 0 }, { 0, 0 } }, 0, GG_NONE, GG_NONE };
    if (s->square != GG_HAND) e.patch[e.npatch++] = (gg_patch){ s->square, GG_NONE };
    if (d->square != GG_HAND) e.patch[e.npatch++] = (gg_patch){ d->square, piece };
    if (s->square == GG_HAND && d->square != GG_HAND) e.hand_del = piece;
    if (d->square == GG_HAND && s->square != GG_HAND) e.hand_add = piece;
    return e;
}

/* True when an explicit possibility changes exactly what must-deny implies. */
static bool is_implied(const ggn_ruleset *rs, const gg_poss *p, uint32_t dest)
{
    effects e = implied_effects(rs, dest);
    if (p->patch_count != e.npatch || p->hand_add != e.hand_add || p->hand_del != e.hand_del) return false;
    for (size_t k = 0; k < e.npatch; k++) {
        bool found = false;
        for (uint32_t j = 0; j < p->patch_count; j++) {
            const gg_patch *q = &rs->patches[p->patch_first + j];
            if (q->square == e.patch[k].square && q->piece == e.patch[k].piece) found = true;
        }
        if (!found) return false;
    }
    return true;
}

/* True when the possibility has a required (denied false) or forbidden (true) condition on square. */
static bool square_tested(const ggn_ruleset *rs, const gg_poss *p, uint32_t square, bool denied)
{
    for (uint32_t j = 0; j < p->cond_count; j++) {
        const gg_cond *o = &rs->conds[p->cond_first + j];
        if ((o->denied != 0) == denied && o->square == square) return true;
    }
    return false;
}

static bool set_new(writer *w, json_t *obj, const char *key, json_t *value)
{
    if (!value) return false;
    if (json_object_set_new(obj, key, value) != 0) return refuse(w, "out of memory");
    return true;
}

/* The name of the field holding a spelling's explicit changes, for messages. */
static const char *effects_field(ggn_spelling s)
{
    switch (s) {
    case GGN_SPELLING_BOARD_CHECK: return "board_patch / in_hand_*";
    case GGN_SPELLING_MUST_DIFF: return "diff";
    default: return "perform";
    }
}

/*
 * must-diff's STN diff: board as patched, hands as counts keyed by id (the
 * id's side naming the hand, which must be the mover's), the toggle as the
 * source said it (true when the source is another spelling: a move passes
 * the turn).
 */
static json_t *write_stn_diff(writer *w, const gg_poss *p, const gg_patch *patches, size_t npatch,
                              uint32_t hand_add, uint32_t hand_del)
{
    const ggn_ruleset *rs = w->rs;
    uint32_t mover = rs->entries[rs->sources[rs->dests[w->dest].source].entry].piece;
    json_t *diff = json_object(), *board = json_object(), *hands = json_object();
    bool ok = diff && board && hands;
    if (!ok) refuse(w, "out of memory");
    for (size_t k = 0; ok && k < npatch; k++)
        ok = set_new(w, board, rs->squares[patches[k].square], id_value(w, patches[k].piece));
    if (ok && hand_add != GG_NONE && hand_add == hand_del)
        ok = refuse(w, "%s both enters and leaves the hand, which STN counts as no change", rs->pieces[hand_add].id);
    uint32_t hand[2] = { hand_add, hand_del };
    for (int k = 0; ok && k < 2; k++) {
        if (hand[k] == GG_NONE) continue;
        if (gg_piece_side(rs, hand[k]) != gg_piece_side(rs, mover)) {
            ok = refuse(w, "%s goes to or from the mover's hand, but an STN hands key of its side names the other player's hand",
                        rs->pieces[hand[k]].id);
            break;
        }
        char id[GGN_MAX_ID];
        ok = convert_id(w, hand[k], id, sizeof id) && set_new(w, hands, id, json_integer(k == 0 ? 1 : -1));
    }
    if (ok && json_object_size(board)) ok = set_new(w, diff, "board", json_incref(board));
    if (ok && json_object_size(hands)) ok = set_new(w, diff, "hands", json_incref(hands));
    if (ok && p->toggle != GG_TOGGLE_ABSENT) ok = set_new(w, diff, "toggle", json_boolean(p->toggle != GG_TOGGLE_FALSE));
    json_decref(board);
    json_decref(hands);
    if (!ok) {
        json_decref(diff);
        return NULL;
    }
    return diff;
}

static json_t *write_possibility(writer *w, const gg_poss *p)
{
    const ggn_ruleset *rs = w->rs;
    ggn_spelling to = w->to;
    bool to_qpi = gg_spelling_is_qpi(to);
    const char *req_name = to_qpi ? "must" : to == GGN_SPELLING_REQUIRE_PREVENT ? "require" : "board_check";
    const char *den_name = to_qpi ? "deny" : "prevent";
    const char *from_den = gg_spelling_is_qpi(rs->spelling) ? "deny" : "prevent"; /* as the source wrote it */
    json_t *req = json_object(), *den = json_object(), *patch = NULL, *out = json_object();
    bool ok = req && den && out;
    /* conditions, in document order */
    for (uint32_t k = 0; ok && k < p->cond_count; k++) {
        const gg_cond *c = &rs->conds[p->cond_first + k];
        const char *sq = rs->squares[c->square];
        gg_state st = (gg_state)c->state;
        json_t *value = st == GG_EXACT ? id_value(w, c->piece) : json_string(state_name(st));
        if (!value) {
            ok = false;
            break;
        }
        json_t *into = NULL;
        if (to == GGN_SPELLING_BOARD_CHECK) {
            if (!c->denied) {
                into = req;
            } else if (st == GG_EMPTY) {
                /* forbidding empty is requiring occupied, when the square is not checked already */
                json_decref(value);
                if (square_tested(rs, p, c->square, false)) {
                    ok = refuse(w, "%s \"empty\" on %s would become board_check \"occupied\", but %s is already checked",
                                from_den, sq, sq);
                    break;
                }
                value = json_string("occupied");
                into = req;
            } else {
                json_decref(value);
                ok = refuse(w, "board-check has no forbidden states (%s \"%s\" on %s)", from_den,
                            st == GG_EXACT ? rs->pieces[c->piece].id : state_name(st), sq);
                break;
            }
        } else if (st == GG_ALLY) {
            json_decref(value);
            ok = refuse(w, "\"ally\" on %s has no %s equivalent", sq, ggn_spelling_name(to));
            break;
        } else if (st == GG_OCCUPIED) {
            json_decref(value);
            if (square_tested(rs, p, c->square, true)) {
                ok = refuse(w, "\"occupied\" on %s would become %s \"empty\", but %s already forbids something there", sq, den_name, den_name);
                break;
            }
            value = json_string("empty");
            into = den;
        } else {
            into = c->denied ? den : req;
        }
        ok = set_new(w, into, sq, value);
    }
    /* effects */
    uint32_t hand_add = p->hand_add, hand_del = p->hand_del;
    const gg_patch *patches = rs->patches + p->patch_first;
    size_t npatch = p->patch_count;
    effects e;
    if (ok && !p->explicit_patch) {
        e = implied_effects(rs, w->dest);
        patches = e.patch;
        npatch = e.npatch;
        hand_add = e.hand_add;
        hand_del = e.hand_del;
    }
    if (ok && to != GGN_SPELLING_MUST_DIFF && (p->toggle == GG_TOGGLE_FALSE || p->toggle == GG_TOGGLE_ABSENT))
        ok = refuse(w, "its diff keeps the same player to move (toggle %s), which %s cannot say: it leaves turns to the rule system",
                    p->toggle == GG_TOGGLE_FALSE ? "false" : "left out", ggn_spelling_name(to));
    if (ok && to == GGN_SPELLING_MUST_DENY && p->explicit_patch && !is_implied(rs, p, w->dest))
        ok = refuse(w, "the changes its %s writes differ from what must-deny implies (source emptied, destination taking the piece)",
                    effects_field(rs->spelling));
    if (ok && to == GGN_SPELLING_REQUIRE_PREVENT && (hand_add != GG_NONE || hand_del != GG_NONE))
        ok = refuse(w, "require-prevent cannot change a hand");
    if (ok && to == GGN_SPELLING_MUST_DIFF) {
        patch = write_stn_diff(w, p, patches, npatch, hand_add, hand_del);
        ok = patch != NULL;
    } else if (ok && to != GGN_SPELLING_MUST_DENY) {
        patch = json_object();
        ok = patch != NULL;
        for (size_t k = 0; ok && k < npatch; k++) ok = set_new(w, patch, rs->squares[patches[k].square], id_value(w, patches[k].piece));
    }
    if (ok && to == GGN_SPELLING_BOARD_CHECK) {
        uint32_t hands[2] = { hand_add, hand_del };
        for (int k = 0; ok && k < 2; k++) {
            if (hands[k] == GG_NONE) continue;
            const char *id = rs->pieces[hands[k]].id;
            if (strchr(id, '+') || strchr(id, '-') || strchr(id, '^'))
                ok = refuse(w, "%s goes to or from a hand, where board-check ids carry no modifier", id);
        }
    }
    /* assemble in the target's field order */
    if (ok) {
        if (to == GGN_SPELLING_BOARD_CHECK) {
            ok = set_new(w, out, "board_check", json_incref(req)) && set_new(w, out, "board_patch", json_incref(patch));
            if (ok && hand_add != GG_NONE) ok = set_new(w, out, "in_hand_add", id_value(w, hand_add));
            if (ok && hand_del != GG_NONE) ok = set_new(w, out, "in_hand_del", id_value(w, hand_del));
        } else if (to == GGN_SPELLING_MUST_DIFF) {
            /* must and deny always, even empty: every possibility of the Ruby library's must-diff writes them */
            ok = set_new(w, out, "must", json_incref(req)) && set_new(w, out, "deny", json_incref(den)) &&
                 set_new(w, out, "diff", json_incref(patch));
        } else {
            if (json_object_size(req)) ok = set_new(w, out, req_name, json_incref(req));
            if (ok && json_object_size(den)) ok = set_new(w, out, den_name, json_incref(den));
            if (ok && patch) ok = set_new(w, out, "perform", json_incref(patch));
        }
    }
    json_decref(req);
    json_decref(den);
    json_decref(patch);
    if (!ok) {
        json_decref(out);
        if (!w->failed) refuse(w, "out of memory");
        return NULL;
    }
    return out;
}

/* ---- the text -------------------------------------------------------- */

/* Appends n bytes, refusing past what ggn reads back (GGN_MAX_FILE_BYTES, the final newline included). */
static bool emit(writer *w, const char *text, size_t n)
{
    if (w->failed) return false;
    if (w->len + n + 1 > (size_t)GGN_MAX_FILE_BYTES) {
        w->failed = true;
        if (w->err) {
            ggn_error_set(w->err, GGN_E_LIMIT,
                          "cannot write %s: the text would be larger than %ld bytes (GGN_MAX_FILE_BYTES), more than "
                          "ggn reads back; stopped here", ggn_spelling_name(w->to), (long)GGN_MAX_FILE_BYTES);
            snprintf(w->err->file, sizeof w->err->file, "%s", w->rs->name);
            snprintf(w->err->pointer, sizeof w->err->pointer, "%s", w->path.buf);
        }
        return false;
    }
    if (w->len + n + 2 > w->cap) {
        size_t cap = w->cap ? w->cap : 1 << 16;
        while (cap < w->len + n + 2) cap *= 2;
        char *grown = realloc(w->out, cap);
        if (!grown) return refuse(w, "out of memory");
        w->out = grown;
        w->cap = cap;
    }
    memcpy(w->out + w->len, text, n);
    w->len += n;
    return true;
}

static bool emit_str(writer *w, const char *text) { return emit(w, text, strlen(text)); }

static bool emit_indent(writer *w, int depth)
{
    static const char spaces[] = "                                ";
    for (size_t n = (size_t)depth * 2; n > 0;) {
        size_t k = n < sizeof spaces - 1 ? n : sizeof spaces - 1;
        if (!emit(w, spaces, k)) return false;
        n -= k;
    }
    return true;
}

/* A JSON string as jansson writes it (ids and squares never need escapes, but a name might). */
static bool emit_string(writer *w, const char *s)
{
    bool ok = emit(w, "\"", 1);
    while (ok && *s) {
        size_t plain = 0;
        while (s[plain] && s[plain] != '"' && s[plain] != '\\' && (unsigned char)s[plain] >= 0x20) plain++;
        if (plain) {
            ok = emit(w, s, plain);
            s += plain;
            continue;
        }
        unsigned char c = (unsigned char)*s++;
        char esc[8];
        const char *named = c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == '\b' ? "\\b" : c == '\f' ? "\\f" : c == '\n' ? "\\n"
                          : c == '\r' ? "\\r" : c == '\t' ? "\\t" : NULL;
        if (!named) {
            snprintf(esc, sizeof esc, "\\u%04X", c);
            named = esc;
        }
        ok = emit_str(w, named);
    }
    return ok && emit(w, "\"", 1);
}

/* A small tree (one possibility) at a nesting depth, in jansson's two-space layout. */
static bool emit_value(writer *w, json_t *v, int depth)
{
    char num[32];
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        if (json_object_size(v) == 0) return emit_str(w, "{}");
        bool ok = emit_str(w, "{\n");
        size_t k = 0, n = json_object_size(v);
        const char *key;
        json_t *item;
        json_object_foreach(v, key, item) {
            ok = ok && emit_indent(w, depth + 1) && emit_string(w, key) && emit_str(w, ": ") && emit_value(w, item, depth + 1) &&
                 emit_str(w, ++k < n ? ",\n" : "\n");
        }
        return ok && emit_indent(w, depth) && emit_str(w, "}");
    }
    case JSON_ARRAY: {
        if (json_array_size(v) == 0) return emit_str(w, "[]");
        bool ok = emit_str(w, "[\n");
        size_t i, n = json_array_size(v);
        json_t *item;
        json_array_foreach(v, i, item) {
            ok = ok && emit_indent(w, depth + 1) && emit_value(w, item, depth + 1) && emit_str(w, i + 1 < n ? ",\n" : "\n");
        }
        return ok && emit_indent(w, depth) && emit_str(w, "]");
    }
    case JSON_STRING: return emit_string(w, json_string_value(v));
    case JSON_INTEGER:
        snprintf(num, sizeof num, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        return emit_str(w, num);
    case JSON_TRUE: return emit_str(w, "true");
    case JSON_FALSE: return emit_str(w, "false");
    default: return emit_str(w, "null");
    }
}

/* "key": at a depth, after the separator of the previous member. */
static bool emit_key(writer *w, const char *key, int depth, bool first)
{
    return emit_str(w, first ? "\n" : ",\n") && emit_indent(w, depth) && emit_string(w, key) && emit_str(w, ": ");
}

/* Closes an object or array opened with "{" / "[": empty ones stay "{}" / "[]". */
static bool emit_close(writer *w, const char *bracket, int depth, bool empty)
{
    if (empty) return emit_str(w, bracket);
    return emit_str(w, "\n") && emit_indent(w, depth) && emit_str(w, bracket);
}

static void write_destination(writer *w, const gg_dest *d)
{
    const ggn_ruleset *rs = w->rs;
    const gg_source *s = &rs->sources[d->source];
    if (d->poss_count == 0 && !gg_spelling_is_qpi(w->to)) {
        refuse(w, "an empty possibility array has no %s equivalent (at least one possibility)", ggn_spelling_name(w->to));
        return;
    }
    if (!emit_str(w, "[")) return;
    for (uint32_t k = 0; k < d->poss_count && !w->failed; k++) {
        js_path_index(&w->path, k);
        if (w->to == GGN_SPELLING_REQUIRE_PREVENT && (s->square == GG_HAND || d->square == GG_HAND)) {
            refuse(w, "require-prevent has no moves to or from the hand (\"*\")");
        } else {
            w->dest = (uint32_t)(d - rs->dests);
            json_t *item = write_possibility(w, &rs->poss[rs->uses[d->poss_first + k]]);
            if (item && emit_str(w, k ? ",\n" : "\n") && emit_indent(w, 4)) emit_value(w, item, 4);
            json_decref(item);
        }
        js_path_pop(&w->path);
    }
    emit_close(w, "]", 3, d->poss_count == 0);
}

static void write_document(writer *w)
{
    const ggn_ruleset *rs = w->rs;
    emit_str(w, "{");
    for (size_t e = 0; e < rs->nentries && !w->failed; e++) {
        const gg_entry *entry = &rs->entries[e];
        js_path_key(&w->path, rs->pieces[entry->piece].id);
        char id[GGN_MAX_ID];
        if (convert_id(w, entry->piece, id, sizeof id) && emit_key(w, id, 1, e == 0) && emit_str(w, "{")) {
            for (uint32_t s = 0; s < entry->source_count && !w->failed; s++) {
                const gg_source *src = &rs->sources[entry->source_first + s];
                const char *sname = gg_location_name(rs, src->square);
                js_path_key(&w->path, sname);
                /* a hand source with no destinations has no possibility to refuse it (write_destination) */
                if (w->to == GGN_SPELLING_REQUIRE_PREVENT && src->square == GG_HAND && src->dest_count == 0)
                    refuse(w, "require-prevent has no moves to or from the hand (\"*\")");
                if (!w->failed && emit_key(w, sname, 2, s == 0) && emit_str(w, "{")) {
                    for (uint32_t d = 0; d < src->dest_count && !w->failed; d++) {
                        const gg_dest *dest = &rs->dests[src->dest_first + d];
                        const char *dname = gg_location_name(rs, dest->square);
                        js_path_key(&w->path, dname);
                        if (emit_key(w, dname, 3, d == 0)) write_destination(w, dest);
                        js_path_pop(&w->path);
                    }
                    emit_close(w, "}", 2, src->dest_count == 0);
                }
                js_path_pop(&w->path);
            }
            emit_close(w, "}", 1, entry->source_count == 0);
        }
        js_path_pop(&w->path);
    }
    emit_close(w, "}", 0, rs->nentries == 0);
    emit_str(w, "\n");
}

char *ggn_ruleset_write(const ggn_ruleset *rs, ggn_spelling to, ggn_error *err)
{
    if (!rs || (unsigned)to > GGN_SPELLING_LAST) {
        ggn_error_set(err, GGN_E_USAGE, "no ruleset or an unknown spelling");
        return NULL;
    }
    writer *w = calloc(1, sizeof *w);
    if (!w) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    w->rs = rs;
    w->to = to;
    w->err = err;
    js_path_init(&w->path);
    write_document(w);
    char *out = w->out;
    if (w->failed) {
        free(out);
        out = NULL;
    } else {
        out[w->len] = '\0';
    }
    free(w);
    return out;
}
