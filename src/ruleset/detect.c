/*
 * detect.c — which spelling a document is written in, and the pieces of a
 * document one at a time (from its parsed tree, or parsed member by member
 * from its text; see scan.c).
 */
#include "ggn_load.h"

#include <stdio.h>
#include <string.h>

void gg_pieces_rewind(gg_pieces *src)
{
    src->next = 0;
    src->iter = src->root && json_is_object(src->root) ? json_object_iter(src->root) : NULL;
}

bool gg_pieces_next(gg_pieces *src, const char **key, json_t **value)
{
    if (src->failed) return false;
    if (src->root) {
        if (!src->iter) return false;
        *key = json_object_iter_key(src->iter);
        *value = json_incref(json_object_iter_value(src->iter));
        src->iter = json_object_iter_next(src->root, src->iter);
        return true;
    }
    if (src->next >= src->n) return false;
    const gg_member *m = &src->members[src->next++];
    *value = NULL;
    src->value_at = m->value_at;
    src->value_len = m->value_len;
    *key = m->key;
    return true;
}

/* The first byte at or after i that is not JSON white space (the text ends in a NUL). */
static size_t skip_ws_at(const char *t, size_t i)
{
    while (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r') i++;
    return i;
}

json_t *gg_parse_item(const char *text, size_t at, size_t len)
{
    return json_loadb(text + at, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, NULL);
}

/* One possibility's fields, for find_in_piece and find_in_text; path ends at the item. */
static unsigned find_in_item(json_t *item, bool diff_only, js_path *path, char *first, size_t cap)
{
    const char *field;
    json_t *fv;
    if (!json_is_object(item)) return 0;
    json_object_foreach(item, field, fv) {
        unsigned s;
        if (diff_only ? strcmp(field, "diff") != 0 : !gg_spelling_of_field(field, &s)) continue;
        js_path_key(path, field);
        snprintf(first, cap, "%s", path->buf);
        return diff_only ? 1u << GGN_SPELLING_MUST_DIFF : s;
    }
    return 0;
}

/*
 * find_in_piece for a piece in the text, walked with cursors and one item
 * parsed at a time; sets *failed when the text does not scan (a value of
 * another type than the loader wants is skipped, as find_in_piece does,
 * when it scans).
 */
static unsigned find_in_text(const char *pk, const char *t, size_t at, size_t len, bool diff_only, char *first,
                             size_t cap, bool *failed)
{
    gg_cursor sc, dc, ic;
    unsigned found = 0;
    size_t s_at, s_len, d_at, d_len, i_at, i_len;
    if (!gg_cursor_open(&sc, t, at, len, true)) {
        gg_cursor_close(&sc);
        return 0; /* not an object: skipped here, reported by the loader */
    }
    js_path path;
    js_path_init(&path);
    js_path_key(&path, pk);
    while (!found && gg_cursor_next(&sc, &s_at, &s_len)) {
        js_path_key(&path, sc.key);
        if (gg_cursor_open(&dc, t, s_at, s_len, true)) {
            while (!found && gg_cursor_next(&dc, &d_at, &d_len)) {
                js_path_key(&path, dc.key);
                if (gg_cursor_open(&ic, t, d_at, d_len, false)) {
                    for (size_t i = 0; !found && gg_cursor_next(&ic, &i_at, &i_len); i++) {
                        json_t *item = gg_parse_item(t, i_at, i_len);
                        if (!item) {
                            ic.bad = true;
                            break;
                        }
                        js_path_index(&path, i);
                        found = find_in_item(item, diff_only, &path, first, cap);
                        js_path_pop(&path);
                        json_decref(item);
                    }
                }
                if (ic.bad && !found && t[skip_ws_at(t, d_at)] == '[') *failed = true;
                gg_cursor_close(&ic);
                js_path_pop(&path);
            }
        }
        if (dc.bad && !found && t[skip_ws_at(t, s_at)] == '{') *failed = true;
        gg_cursor_close(&dc);
        js_path_pop(&path);
    }
    if (sc.bad && !found) *failed = true;
    gg_cursor_close(&sc);
    return found;
}

/*
 * The pointer (into first) and the spellings of the first spelling-specific
 * field of one piece in document order; with diff_only, of the first "diff".
 * Returns 0 when there is none.
 */
static unsigned find_in_piece(const char *pk, json_t *pv, bool diff_only, char *first, size_t cap)
{
    const char *sk, *dk;
    json_t *sv, *dv;
    if (!json_is_object(pv)) return 0;
    json_object_foreach(pv, sk, sv) {
        if (!json_is_object(sv)) continue;
        json_object_foreach(sv, dk, dv) {
            if (!json_is_array(dv)) continue;
            size_t i;
            json_t *item;
            json_array_foreach(dv, i, item) {
                js_path path;
                js_path_init(&path);
                js_path_key(&path, pk);
                js_path_key(&path, sk);
                js_path_key(&path, dk);
                js_path_index(&path, i);
                unsigned s = find_in_item(item, diff_only, &path, first, cap);
                if (s) return s;
            }
        }
    }
    return 0;
}

/* The first field of the document (or its first "diff"), piece by piece. */
static unsigned find_field(gg_pieces *src, bool diff_only, char *first, size_t cap)
{
    unsigned s = 0;
    const char *pk;
    json_t *pv;
    gg_pieces_rewind(src);
    while (!s && gg_pieces_next(src, &pk, &pv)) {
        if (pv) {
            s = find_in_piece(pk, pv, diff_only, first, cap);
            json_decref(pv);
        } else {
            s = find_in_text(pk, src->text, src->value_at, src->value_len, diff_only, first, cap, &src->failed);
            if (src->failed) return 0;
        }
    }
    return s;
}

/*
 * Whether a "diff" key may be in the document: certainly not when its text
 * has neither "diff" in quotes nor a \u escape (which could spell one), so
 * a must-deny document's text is searched instead of parsed a second time.
 */
static bool may_have_diff(const gg_pieces *src)
{
    if (src->root) return true;
    size_t len = src->n ? src->members[src->n - 1].value_at + src->members[src->n - 1].value_len : 0;
    for (size_t i = 0; i + 1 < len; i++) {
        if (src->text[i] == '\\' && src->text[i + 1] == 'u') return true;
        if (src->text[i] == '"' && i + 5 < len && memcmp(src->text + i, "\"diff\"", 6) == 0) return true;
    }
    return false;
}

/*
 * The spelling is that of the first spelling-specific field in document
 * order. must and deny belong to must-deny and must-diff alike: a document
 * whose first such field is one of them is must-diff when a "diff" appears
 * anywhere (first then points at the first diff, the field that decided),
 * must-deny otherwise. A document with no field at all (only empty arrays
 * or empty possibilities) is must-deny, unless its first piece key is GAN
 * and not QPI: it is then read as board-check, the oldest GAN spelling,
 * which says why it is invalid. Mixing is found while reading.
 */
ggn_spelling gg_detect_spelling(gg_pieces *src, char *first, size_t cap)
{
    unsigned s = find_field(src, false, first, cap);
    if (src->failed) return GGN_SPELLING_MUST_DENY;
    if (s & (1u << GGN_SPELLING_MUST_DENY)) {
        char diff[256];
        if (may_have_diff(src) && find_field(src, true, diff, sizeof diff)) {
            snprintf(first, cap, "%s", diff);
            return GGN_SPELLING_MUST_DIFF;
        }
        return GGN_SPELLING_MUST_DENY;
    }
    if (s) return gg_first_spelling(s);
    snprintf(first, cap, "%s", "");
    /* No field at all: the piece keys tell a QPI document from a GAN one. */
    const char *pk = NULL;
    if (src->root) {
        void *it = json_is_object(src->root) ? json_object_iter(src->root) : NULL;
        if (it) pk = json_object_iter_key(it);
    } else if (src->n) {
        pk = src->members[0].key;
    }
    if (pk && ggn_qpi_parse(pk, strlen(pk), NULL) && !ggn_gan_parse(pk, strlen(pk), NULL))
        return GGN_SPELLING_BOARD_CHECK;
    return GGN_SPELLING_MUST_DENY;
}
