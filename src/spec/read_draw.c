/* read_draw.c — "draw_conditions", in the shape of the original engine's chess.json. */
#include "spec/reader.h"

static const char *const draw_keys[] = {"repetition_count", "fifty_move_halfmoves",
                                        "fifty_move_pawn_codes", "insufficient_material", NULL};

/* An array of piece codes at r->path into a new kind-index array; *n entries. */
static int *read_codes(sd_reader *r, const json_t *list, size_t n, bool warn_dups)
{
    int *kinds = sd_alloc(r, n, sizeof *kinds);
    for (size_t i = 0; i < n && kinds; i++) {
        sd_push_index(r, i);
        kinds[i] = sd_kind_ref(r, json_array_get(list, i));
        for (size_t j = 0; warn_dups && kinds[i] >= 0 && j < i; j++) {
            if (kinds[j] == kinds[i]) {
                sd_warn(r, GGN_E_DUPLICATE, "piece code '%s' is already listed", r->g->kinds[kinds[i]].code);
                break;
            }
        }
        sd_pop(r);
    }
    return kinds;
}

static void read_insufficient(sd_reader *r, const json_t *obj, sd_draw *d)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "insufficient_material", false, GGN_MAX_PIECES_ON_BOARD,
                                  "GGN_MAX_PIECES_ON_BOARD", &n);
    if (!list || n == 0) return;
    sd_push_key(r, "insufficient_material");
    d->insufficient_sizes = sd_alloc(r, n, sizeof *d->insufficient_sizes);
    d->insufficient = sd_alloc(r, n, sizeof *d->insufficient);
    if (d->insufficient && d->insufficient_sizes) {
        d->ninsufficient = (int)n;
        for (size_t i = 0; i < n; i++) {
            json_t *set = json_array_get(list, i);
            sd_push_index(r, i);
            if (sd_expect(r, set, JSON_ARRAY)) {
                size_t m = json_array_size(set);
                if (m == 0) {
                    sd_error(r, GGN_E_VALUE, "a material set must list at least one piece code");
                } else if (m > GGN_MAX_PIECES_ON_BOARD) {
                    sd_error(r, GGN_E_LIMIT, "%zu entries, more than the limit of %d (GGN_MAX_PIECES_ON_BOARD)",
                             m, GGN_MAX_PIECES_ON_BOARD);
                } else {
                    d->insufficient[i] = read_codes(r, set, m, false);
                    d->insufficient_sizes[i] = (int)m;
                }
            }
            sd_pop(r);
        }
    }
    sd_pop(r);
}

void sd_read_draw(sd_reader *r, const json_t *root)
{
    sd_draw *d = &r->g->draw;
    json_t *obj = sd_field(r, root, "draw_conditions", false);
    if (!obj) return;
    sd_push_key(r, "draw_conditions");
    if (!sd_expect(r, obj, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    d->present = true;
    sd_check_keys(r, obj, draw_keys, "draw_conditions");
    if (sd_int_field(r, obj, "repetition_count", false, 0, GGN_MAX_PLY, "GGN_MAX_PLY", &d->repetition_count) ==
            SD_OK &&
        d->repetition_count == 1) {
        sd_error_key(r, "repetition_count", GGN_E_RANGE,
                     "repetition_count 1 would end every game at once: use 0 (no rule) or at least 2");
        d->repetition_count = 0;
    }
    sd_int_field(r, obj, "fifty_move_halfmoves", false, 0, 2147483647LL, NULL, &d->fifty_move_halfmoves);
    size_t n;
    json_t *codes = sd_array_field(r, obj, "fifty_move_pawn_codes", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (codes && n > 0) {
        sd_push_key(r, "fifty_move_pawn_codes");
        d->reset_kinds = read_codes(r, codes, n, true);
        if (d->reset_kinds) d->nreset_kinds = (int)n;
        if (d->fifty_move_halfmoves == 0)
            sd_warn(r, GGN_E_VALUE, "pawn codes are unused without a positive fifty_move_halfmoves");
        sd_pop(r);
    }
    read_insufficient(r, obj, d);
    sd_pop(r);
}
