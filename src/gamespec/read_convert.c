/*
 * read_convert.c — a piece's "converts" (extension, docs/game-spec.md
 * "Conversion"): when a piece of the kind arrives on a square — by a move, a
 * clone or a drop — pieces of the other player change owner, either those
 * next to the arrival square ("adjacent", Ataxx) or every unbroken run of
 * them that the arriving piece and another of its owner's pieces enclose
 * along a direction ("flanked", Othello). "required" makes an arrival that
 * converts nothing illegal (Othello's placement must flank).
 *
 * The engine records a conversion compactly (one count per offset) and gives
 * the pieces back to their old owner on unmake, which is "the other player":
 * so conversion needs two players who are not partners (sd_check_converts).
 */
#include "gamespec/reader.h"

static const char *const convert_keys[] = {"adjacent", "flanked", "required", NULL};

/* obj[key] as a list of distinct non-zero offsets; false when absent. */
static bool read_offsets(sd_reader *r, const json_t *obj, const char *key, sd_convert *c)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_CONVERT_OFFSETS, "GGN_MAX_CONVERT_OFFSETS", &n);
    if (!list) return false;
    sd_push_key(r, key);
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list converts nothing: give at least one offset");
    c->offsets = n ? sd_alloc(r, n, sizeof *c->offsets) : NULL;
    for (size_t i = 0; i < n && c->offsets; i++) {
        sd_push_index(r, i);
        int *o = c->offsets[c->noffsets];
        if (sd_offset_value(r, json_array_get(list, i), o)) {
            bool twice = false;
            for (int j = 0; j < c->noffsets && !twice; j++)
                twice = c->offsets[j][0] == o[0] && c->offsets[j][1] == o[1];
            if (o[0] == 0 && o[1] == 0)
                sd_error(r, GGN_E_VALUE, "offset [0, 0] is the arrival square itself, which holds the arriving piece");
            else if (twice)
                sd_error(r, GGN_E_DUPLICATE, "offset [%d, %d] is listed twice", o[0], o[1]);
            else
                c->noffsets++;
        }
        sd_pop(r);
    }
    sd_pop(r);
    return true;
}

void sd_read_converts(sd_reader *r, const json_t *pobj, int k)
{
    json_t *obj = sd_field(r, pobj, "converts", false);
    if (!obj) return;
    sd_convert *c = &r->g->kinds[k].convert;
    sd_push_key(r, "converts");
    if (sd_expect(r, obj, JSON_OBJECT)) {
        sd_check_keys(r, obj, convert_keys, "converts");
        bool adjacent = json_object_get(obj, "adjacent") != NULL, flanked = json_object_get(obj, "flanked") != NULL;
        if (adjacent == flanked) {
            sd_error(r, GGN_E_VALUE, "converts needs exactly one of \"adjacent\" (the pieces next to the arrival "
                                     "square) and \"flanked\" (the runs enclosed along directions)");
        } else {
            c->how = adjacent ? SD_CONVERT_ADJACENT : SD_CONVERT_FLANKED;
            read_offsets(r, obj, adjacent ? "adjacent" : "flanked", c);
        }
        sd_bool_field(r, obj, "required", false, &c->required);
    }
    sd_pop(r);
}

void sd_check_converts(sd_reader *r)
{
    const sd_game *g = r->g;
    for (int k = 0; k < g->nkinds; k++) {
        if (g->kinds[k].convert.how == SD_CONVERT_NONE) continue;
        sd_push_key(r, "pieces");
        sd_push_index(r, (size_t)k);
        if (g->nplayers != 2)
            sd_error_key(r, "converts", GGN_E_VALUE,
                         "conversion needs a game of two players (a converted piece goes back to the other one "
                         "when the move is taken back); this game has %d", g->nplayers);
        else if (g->leader >= 0)
            sd_error_key(r, "converts", GGN_E_VALUE,
                         "conversion in a game with a leader is not supported: the legality and check tests judge "
                         "a move by the squares it leaves and enters, and a conversion changes others");
        else if (g->nteams > 0)
            sd_error_key(r, "converts", GGN_E_VALUE, "conversion in a game of teams is not supported");
        sd_pop(r);
        sd_pop(r);
    }
}
