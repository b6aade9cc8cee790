/* read_draw.c — "draw_conditions", in the shape of the original engine's chess.json. */
#include "gamespec/reader.h"

static const char *const draw_keys[] = {"repetition_count", "fifty_move_halfmoves", "fifty_move_pawn_codes",
                                        "insufficient_material", "repetition_loser", NULL};

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

/* One set of piece codes at r->path (an array); empty allowed only when allow_empty. */
static int *read_set(sd_reader *r, const json_t *set, bool allow_empty, int *size)
{
    *size = 0;
    if (!sd_expect(r, set, JSON_ARRAY)) return NULL;
    size_t m = json_array_size(set);
    if (m == 0 && !allow_empty) {
        sd_error(r, GGN_E_VALUE, "a material set must list at least one piece code");
    } else if (m > GGN_MAX_PIECES_ON_BOARD) {
        sd_error(r, GGN_E_LIMIT, "%zu entries, more than the limit of %d (GGN_MAX_PIECES_ON_BOARD)", m,
                 GGN_MAX_PIECES_ON_BOARD);
    } else if (m > 0) {
        *size = (int)m;
        return read_codes(r, set, m, false);
    }
    return NULL;
}

static const char *const dead_keys[] = {"material", "same_square_colour", NULL};

/*
 * Extension: {"material": [one set per player], "same_square_colour": [codes]}
 * states the whole position's material at once (K+N v K), matched with the
 * players in any order; same_square_colour asks every piece of those kinds on
 * the board to stand on squares of one colour (same-coloured bishops).
 */
static void read_dead(sd_reader *r, const json_t *obj, sd_dead *d)
{
    sd_check_keys(r, obj, dead_keys, "a dead-position entry");
    size_t n;
    json_t *sides = sd_array_field(r, obj, "material", true, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (sides) {
        sd_push_key(r, "material");
        if ((int)n != r->g->nplayers) {
            sd_error(r, GGN_E_VALUE, "%zu material sets for %d players: give one set per player", n, r->g->nplayers);
        } else {
            d->nsides = (int)n;
            d->sizes = sd_alloc(r, n, sizeof *d->sizes);
            d->kinds = sd_alloc(r, n, sizeof *d->kinds);
            for (size_t i = 0; i < n && d->sizes && d->kinds; i++) {
                sd_push_index(r, i);
                d->kinds[i] = read_set(r, json_array_get(sides, i), true, &d->sizes[i]);
                sd_pop(r);
            }
        }
        sd_pop(r);
    }
    json_t *colour = sd_array_field(r, obj, "same_square_colour", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (colour && n > 0) {
        sd_push_key(r, "same_square_colour");
        int *kinds = read_codes(r, colour, n, true);
        for (size_t i = 0; i < n && kinds; i++) {
            if (kinds[i] < 0) continue;
            d->same_colour |= 1ULL << kinds[i];
            bool listed = false;
            for (int s = 0; s < d->nsides && !listed; s++)
                for (int j = 0; j < d->sizes[s] && !listed; j++) listed = d->kinds[s][j] == kinds[i];
            if (!listed && d->nsides > 0) {
                sd_push_index(r, i);
                sd_error(r, GGN_E_VALUE, "'%s' is in no material set of this entry, so the colour rule could never apply",
                         r->g->kinds[kinds[i]].code);
                sd_pop(r);
            }
        }
        sd_pop(r);
    }
}

/*
 * "insufficient_material": each entry is either the original engine's shape,
 * an array of codes that one player's material may equal (every player must
 * match one), or an object stating the whole position (read_dead).
 */
static void read_insufficient(sd_reader *r, const json_t *obj, sd_draw *d)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "insufficient_material", false, GGN_MAX_PIECES_ON_BOARD,
                                  "GGN_MAX_PIECES_ON_BOARD", &n);
    if (!list || n == 0) return;
    sd_push_key(r, "insufficient_material");
    d->insufficient_sizes = sd_alloc(r, n, sizeof *d->insufficient_sizes);
    d->insufficient = sd_alloc(r, n, sizeof *d->insufficient);
    d->dead = sd_alloc(r, n, sizeof *d->dead);
    for (size_t i = 0; i < n && d->insufficient && d->insufficient_sizes && d->dead; i++) {
        json_t *set = json_array_get(list, i);
        sd_push_index(r, i);
        if (json_is_object(set)) {
            read_dead(r, set, &d->dead[d->ndead++]);
        } else {
            int size;
            int *kinds = read_set(r, set, false, &size);
            if (kinds) {
                d->insufficient[d->ninsufficient] = kinds;
                d->insufficient_sizes[d->ninsufficient++] = size;
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
}

void sd_read_draw(sd_reader *r, const json_t *root)
{
    sd_draw *d = &r->g->draw;
    d->repetition_loser = -1;
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
    char loser[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "repetition_loser", false, loser) == SD_OK) {
        int p = sd_find_player(r, loser);
        if (p < 0 && r->players_ok)
            sd_error_key(r, "repetition_loser", GGN_E_REFERENCE, "'%s' is not the name of a player", loser);
        else if (d->repetition_count == 0)
            sd_error_key(r, "repetition_loser", GGN_E_VALUE,
                         "a repetition_loser without a repetition_count (2 or more) would never lose");
        else
            d->repetition_loser = p;
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
