/*
 * read_pieces.c — "pieces": codes, names, move lists, and the extensions
 * symbol, value, captured_as and drops (with "as", check_drops_as).
 */
#include "gamespec/reader.h"

#include <limits.h>
#include <string.h>

static const char *const piece_keys[] = {"code", "name", "moves", "symbol", "value", "captured_as", "drops", "drops_opposite_colours", "betza", "san", "converts", "custodial", "then", NULL};
static const char *const drop_keys[] = {"conditions", "no_checkmate", "as", "unmoved", "gravity", NULL};

/* Largest accepted piece value, in centipawns: far above any real material scale. */
#define MAX_PIECE_VALUE 1000000

static void read_symbol(sd_reader *r, const json_t *pobj, int k)
{
    sd_game *g = r->g;
    json_t *v = sd_field(r, pobj, "symbol", false);
    if (!v) return;
    sd_push_key(r, "symbol");
    if (sd_expect(r, v, JSON_STRING)) {
        const char *s = json_string_value(v);
        char c = s[0];
        bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        size_t len = json_string_length(v);
        bool plus = len == 2 && c == '+';
        if (plus) {
            c = s[1];
            letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        }
        bool promoted = plus || (len == 2 && s[1] == '~');
        if ((len != 1 && !promoted) || !letter) {
            sd_error(r, GGN_E_VALUE, "symbol must be one ASCII letter, found \"%.32s\" (or a letter and '~', or '+' and a letter: the promoted forms)", s);
        } else {
            if (c >= 'a') c = (char)(c - 'a' + 'A');
            int first = -1;
            for (int i = 0; i < k && first < 0; i++)
                if (g->kinds[i].symbol == c && g->kinds[i].symbol_promoted == promoted) first = i;
            if (first >= 0)
                sd_error(r, GGN_E_DUPLICATE, "symbol '%s%c%s' is already used by piece '%s' (symbols ignore case)",
                         plus ? "+" : "", c, promoted && !plus ? "~" : "", g->kinds[first].code);
            else {
                g->kinds[k].symbol = c;
                g->kinds[k].symbol_promoted = promoted;
                g->kinds[k].symbol_plus = plus;
            }
        }
    }
    sd_pop(r);
}

/* "san": the kind's letter in SAN, one upper-case letter, or "" for none (docs/pgn.md). */
static void read_san(sd_reader *r, const json_t *pobj, int k)
{
    json_t *v = sd_field(r, pobj, "san", false);
    if (!v) return;
    sd_push_key(r, "san");
    if (sd_expect(r, v, JSON_STRING)) {
        const char *s = json_string_value(v);
        size_t len = json_string_length(v);
        if (len > 1 || (len == 1 && (s[0] < 'A' || s[0] > 'Z')))
            sd_error(r, GGN_E_VALUE, "san must be one upper-case ASCII letter, or \"\" for a piece written without "
                                     "one, found \"%.32s\"", s);
        else {
            r->g->kinds[k].san_given = true;
            r->g->kinds[k].san_letter = s[0];
        }
    }
    sd_pop(r);
}

/* Ids of the moves, read silently so that DEPENDS_ON can tell "later" from "missing". */
static void prescan_ids(const json_t *moves, size_t n, int *ids, bool *ids_ok)
{
    for (size_t j = 0; j < n; j++) {
        json_t *id = json_object_get(json_array_get(moves, j), "id");
        ids_ok[j] = json_is_integer(id) && json_integer_value(id) >= INT_MIN &&
                    json_integer_value(id) <= INT_MAX;
        ids[j] = ids_ok[j] ? (int)json_integer_value(id) : 0;
    }
}

static void read_moves(sd_reader *r, const json_t *pobj, int k)
{
    sd_kind *kind = &r->g->kinds[k];
    size_t n;
    bool required = !json_object_get(pobj, "betza"); /* a Betza string may stand for all the moves */
    json_t *moves = sd_array_field(r, pobj, "moves", required, GGN_MAX_MOVES_PER_KIND,
                                   "GGN_MAX_MOVES_PER_KIND", &n);
    if (!moves || n == 0) return;
    int ids[GGN_MAX_MOVES_PER_KIND];
    bool ids_ok[GGN_MAX_MOVES_PER_KIND];
    prescan_ids(moves, n, ids, ids_ok);
    kind->moves = sd_alloc(r, n, sizeof *kind->moves);
    if (!kind->moves) return;
    kind->nmoves = (int)n;
    sd_cond_ctx ctx = {k, -1, ids, ids_ok, (int)n};
    sd_push_key(r, "moves");
    for (size_t j = 0; j < n; j++) {
        json_t *mobj = json_array_get(moves, j);
        sd_move *m = &kind->moves[j];
        sd_push_index(r, j);
        if (sd_expect(r, mobj, JSON_OBJECT)) {
            if (sd_int_field(r, mobj, "id", true, INT_MIN, INT_MAX, NULL, &m->id) == SD_OK) {
                for (size_t i = 0; i < j; i++) {
                    if (ids_ok[i] && ids[i] == m->id) {
                        sd_error_key(r, "id", GGN_E_DUPLICATE,
                                     "move id %d is already used by /pieces/%d/moves/%zu", m->id, k, i);
                        break;
                    }
                }
            }
            ctx.move = (int)j;
            sd_read_move(r, mobj, &ctx, m);
        }
        sd_pop(r);
    }
    sd_pop(r);
}

/* Extension "drops": each entry a way to drop the kind, with conditions on the drop square. */
static void read_drops(sd_reader *r, const json_t *pobj, int k)
{
    sd_kind *kind = &r->g->kinds[k];
    size_t n;
    json_t *list = sd_array_field(r, pobj, "drops", false, GGN_MAX_MOVES_PER_KIND, "GGN_MAX_MOVES_PER_KIND", &n);
    if (!list) {
        /* Absent: dropped on any empty square. */
        kind->drops = sd_alloc(r, 1, sizeof *kind->drops);
        kind->ndrops = kind->drops ? 1 : 0;
        if (kind->drops) kind->drops[0].as = k;
        return;
    }
    if (!r->g->hands) sd_warn_key(r, "drops", GGN_E_VALUE, "drops have no effect without \"hands\": true");
    if (n == 0) return;
    kind->drops = sd_alloc(r, n, sizeof *kind->drops);
    if (!kind->drops) return;
    kind->ndrops = (int)n;
    sd_cond_ctx ctx = {k, -1, NULL, NULL, 0};
    sd_push_key(r, "drops");
    for (size_t j = 0; j < n; j++) {
        json_t *dobj = json_array_get(list, j);
        sd_drop *d = &kind->drops[j];
        sd_push_index(r, j);
        if (sd_expect(r, dobj, JSON_OBJECT)) {
            sd_check_keys(r, dobj, drop_keys, "a drop");
            sd_read_conditions(r, dobj, "conditions", &ctx, &d->nconditions, &d->conditions);
            sd_bool_field(r, dobj, "no_checkmate", false, &d->no_checkmate);
            d->as = k;
            if (json_object_get(dobj, "as")) {
                int as = sd_kind_ref_field(r, dobj, "as", false);
                if (as == k)
                    sd_error_key(r, "as", GGN_E_VALUE, "\"as\" names the dropped piece itself; leave it out");
                else if (as >= 0)
                    d->as = as;
            }
            sd_read_gravity(r, dobj, d);
            if (sd_bool_field(r, dobj, "unmoved", false, &d->unmoved) == SD_OK && d->unmoved && !r->g->hands)
                sd_error_key(r, "unmoved", GGN_E_VALUE, "\"unmoved\" needs \"hands\": true (a game without hands has no drops)");
            sd_push_key(r, "conditions");
            int files = 0;
            for (int i = 0; i < d->nconditions; i++) {
                sd_condition_kind ck = d->conditions[i].kind;
                if (ck == SD_COND_FILE_FREE_OF && ++files > 1) {
                    sd_push_index(r, (size_t)i);
                    sd_error(r, GGN_E_VALUE, "a drop takes at most one FILE_FREE_OF");
                    sd_pop(r);
                }
                if (ck == SD_COND_NAMED || ck == SD_COND_FILE_FREE_OF) continue;
                sd_push_index(r, (size_t)i);
                sd_error(r, GGN_E_VALUE,
                         "a drop takes only named POSITION conditions (judged on the drop square) and FILE_FREE_OF");
                sd_pop(r);
            }
            sd_pop(r);
        }
        sd_pop(r);
    }
    sd_pop(r);
}

/*
 * Extension "as": a drop that puts another kind on the board. A drop is
 * written by the kind it places (+P@e3), so each placed kind must come from
 * one hand only: a kind placed by another's "as" is placed by no other
 * kind's drops, not even its own (it says "drops": []).
 */
static void check_drops_as(sd_reader *r)
{
    const sd_game *g = r->g;
    sd_push_key(r, "pieces");
    for (int a = 0; a < g->nkinds; a++)
        for (int j = 0; j < g->kinds[a].ndrops; j++) {
            int c = g->kinds[a].drops[j].as;
            if (c == a) continue;
            /* The placed kind's own drops first; else an earlier kind placing it too (reported once, at the later). */
            int other = -1;
            for (int i = 0; i < g->kinds[c].ndrops && other < 0; i++)
                if (g->kinds[c].drops[i].as == c) other = c;
            for (int b = 0; b < a && other < 0; b++)
                for (int i = 0; i < g->kinds[b].ndrops && other < 0; i++)
                    if (g->kinds[b].drops[i].as == c) other = b;
            if (other < 0) continue;
            sd_push_index(r, (size_t)a);
            sd_push_key(r, "drops");
            sd_push_index(r, (size_t)j);
            if (other == c)
                sd_error_key(r, "as", GGN_E_VALUE,
                             "'%s' is also dropped from its own hand, so %s@ would not say which hand it leaves; "
                             "give '%s' \"drops\": []",
                             g->kinds[c].code, g->kinds[c].code, g->kinds[c].code);
            else
                sd_error_key(r, "as", GGN_E_DUPLICATE,
                             "the drops of '%s' already put '%s' on the board; a placed kind comes from one hand only",
                             g->kinds[other].code, g->kinds[c].code);
            sd_pop(r);
            sd_pop(r);
            sd_pop(r);
        }
    sd_pop(r);
}

void sd_read_pieces(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, root, "pieces", true, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    sd_push_key(r, "pieces");
    if (n == 0) sd_error(r, GGN_E_VALUE, "a game needs at least one piece");
    for (size_t i = 0; i < n && g->kinds; i++) {
        json_t *pobj = json_array_get(list, i);
        sd_kind *kind = &g->kinds[i];
        sd_push_index(r, i);
        if (sd_expect(r, pobj, JSON_OBJECT)) {
            sd_check_keys(r, pobj, piece_keys, "a piece");
            char code[GGN_MAX_STRING_BYTES + 1];
            if (sd_string_field(r, pobj, "code", true, code) == SD_OK) {
                int first = sd_find_kind(r, code);
                if (first >= 0 && first < (int)i)
                    sd_error_key(r, "code", GGN_E_DUPLICATE, "piece code '%s' is already defined by /pieces/%d",
                                 code, first);
            }
            sd_string_field(r, pobj, "name", false, kind->name);
            read_symbol(r, pobj, (int)i);
            read_san(r, pobj, (int)i);
            sd_int_field(r, pobj, "value", false, 0, MAX_PIECE_VALUE, NULL, &kind->value);
            kind->captured_as = (int)i;
            kind->then.place = -1;
            if (json_object_get(pobj, "captured_as")) {
                int as = sd_kind_ref_field(r, pobj, "captured_as", false);
                if (as >= 0) kind->captured_as = as;
                if (!g->hands)
                    sd_warn_key(r, "captured_as", GGN_E_VALUE, "captured_as has no effect without \"hands\": true");
            }
            read_drops(r, pobj, (int)i);
            if (sd_bool_field(r, pobj, "drops_opposite_colours", false, &kind->drops_opposite_colours) == SD_OK &&
                kind->drops_opposite_colours && !g->hands)
                sd_error_key(r, "drops_opposite_colours", GGN_E_VALUE,
                             "drops_opposite_colours needs \"hands\": true (a game without hands has no drops)");
            sd_read_converts(r, pobj, (int)i);
            sd_read_custodial(r, pobj, (int)i);
            read_moves(r, pobj, (int)i);
            sd_read_betza(r, pobj, (int)i);
            sd_read_then(r, pobj, (int)i);
        }
        sd_pop(r);
    }
    sd_pop(r);
    if (g->kinds && r->kinds_ok) check_drops_as(r);
}
