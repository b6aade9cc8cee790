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
    /* the scanner found the extent; jansson checks the value itself */
    *value = json_loadb(src->text + m->value_at, m->value_len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES, NULL);
    if (!*value) {
        src->failed = true;
        return false;
    }
    *key = m->key;
    return true;
}

/*
 * The pointer (into first) and the spellings of the first spelling-specific
 * field of one piece in document order; with diff_only, of the first "diff".
 * Returns 0 when there is none.
 */
static unsigned find_in_piece(const char *pk, json_t *pv, bool diff_only, char *first, size_t cap)
{
    const char *sk, *dk, *field;
    json_t *sv, *dv, *fv;
    if (!json_is_object(pv)) return 0;
    json_object_foreach(pv, sk, sv) {
        if (!json_is_object(sv)) continue;
        json_object_foreach(sv, dk, dv) {
            if (!json_is_array(dv)) continue;
            size_t i;
            json_t *item;
            json_array_foreach(dv, i, item) {
                if (!json_is_object(item)) continue;
                json_object_foreach(item, field, fv) {
                    unsigned s;
                    if (diff_only ? strcmp(field, "diff") != 0 : !gg_spelling_of_field(field, &s)) continue;
                    ggn_jpath path;
                    ggn_jpath_init(&path);
                    ggn_jpath_key(&path, pk);
                    ggn_jpath_key(&path, sk);
                    ggn_jpath_key(&path, dk);
                    ggn_jpath_index(&path, i);
                    ggn_jpath_key(&path, field);
                    snprintf(first, cap, "%s", path.buf);
                    return diff_only ? 1u << GGN_SPELLING_MUST_DIFF : s;
                }
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
        s = find_in_piece(pk, pv, diff_only, first, cap);
        json_decref(pv);
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
