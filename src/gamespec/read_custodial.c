/*
 * read_custodial.c — a piece's "custodial" (extension, docs/game-spec.md
 * "Custodial capture"): when a piece of the kind arrives on a square by a
 * move, each piece of another player next to it along one of the directions
 * is taken when the square beyond it holds a partner (a piece of the mover
 * of a listed kind) or is an empty hostile square; a kind listed in
 * "surround" is taken only when every direction around it is closed so.
 *
 * The taken pieces leave the game (the engine keeps them on the position's
 * taken stack, as group_capture's stones): so no hands, where they would go
 * to a hand; no leader, whose safety the legality test judges by the squares
 * a move leaves and enters; no teams (sd_check_custodial).
 */
#include "gamespec/reader.h"

static const char *const custodial_keys[] = {"directions", "captures", "partners", "surround", "hostile", "shield_wall", NULL};

static const int orthogonal[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

static void read_directions(sd_reader *r, const json_t *obj, sd_custodial *c)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "directions", false, GGN_MAX_CONVERT_OFFSETS, "GGN_MAX_CONVERT_OFFSETS", &n);
    if (!list) {
        c->directions = sd_alloc(r, 4, sizeof *c->directions);
        for (int i = 0; i < 4 && c->directions; i++) {
            c->directions[i][0] = orthogonal[i][0];
            c->directions[i][1] = orthogonal[i][1];
            c->ndirections++;
        }
        return;
    }
    sd_push_key(r, "directions");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list encloses nothing: give at least one direction");
    c->directions = n ? sd_alloc(r, n, sizeof *c->directions) : NULL;
    for (size_t i = 0; i < n && c->directions; i++) {
        sd_push_index(r, i);
        int *d = c->directions[c->ndirections];
        if (sd_offset_value(r, json_array_get(list, i), d)) {
            bool twice = false;
            for (int j = 0; j < c->ndirections && !twice; j++)
                twice = c->directions[j][0] == d[0] && c->directions[j][1] == d[1];
            if (d[0] == 0 && d[1] == 0)
                sd_error(r, GGN_E_VALUE, "direction [0, 0] points at the arrival square itself");
            else if (twice)
                sd_error(r, GGN_E_DUPLICATE, "direction [%d, %d] is listed twice", d[0], d[1]);
            else
                c->ndirections++;
        }
        sd_pop(r);
    }
    sd_pop(r);
}

/* obj[key] as a non-empty set of kinds; `fallback` when absent. */
static unsigned long long read_kinds(sd_reader *r, const json_t *obj, const char *key, unsigned long long fallback)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return fallback;
    sd_push_key(r, key);
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list of kinds: leave \"%s\" out for its default", key);
    unsigned long long kinds = sd_kind_set(r, list, n);
    sd_pop(r);
    return kinds;
}

void sd_read_custodial(sd_reader *r, const json_t *pobj, int k)
{
    json_t *obj = sd_field(r, pobj, "custodial", false);
    if (!obj) return;
    sd_game *g = r->g;
    sd_custodial *c = &g->kinds[k].custodial;
    sd_push_key(r, "custodial");
    if (sd_expect(r, obj, JSON_OBJECT)) {
        c->given = true;
        c->hostile = -1;
        sd_check_keys(r, obj, custodial_keys, "custodial");
        read_directions(r, obj, c);
        unsigned long long all = g->nkinds >= 64 ? ~0ULL : (1ULL << g->nkinds) - 1;
        c->surround = read_kinds(r, obj, "surround", 0);
        c->captures = read_kinds(r, obj, "captures", all & ~c->surround);
        c->partners = read_kinds(r, obj, "partners", all);
        if (c->captures & c->surround)
            sd_error(r, GGN_E_VALUE, "a kind is both in \"captures\" (taken between two pieces) and in \"surround\" "
                                     "(taken only when enclosed on every side): list it in one");
        if (sd_bool_field(r, obj, "shield_wall", false, &c->shield_wall) == SD_OK && c->shield_wall &&
            g->cells == SD_CELLS_HEX)
            sd_error_key(r, "shield_wall", GGN_E_VALUE, "a shield wall on hexagonal cells is not supported: its rows "
                                                        "run along the edges of a board of ranks and files");
        char code[GGN_MAX_STRING_BYTES + 1];
        if (sd_string_field(r, obj, "hostile", false, code) == SD_OK) {
            c->hostile = sd_find_named(r, code);
            if (c->hostile < 0 && r->named_ok)
                sd_error_key(r, "hostile", GGN_E_REFERENCE, "'%s' is no named condition of /conditions", code);
        }
    }
    sd_pop(r);
}

void sd_check_custodial(sd_reader *r)
{
    const sd_game *g = r->g;
    for (int k = 0; k < g->nkinds; k++) {
        if (!g->kinds[k].custodial.given) continue;
        sd_push_key(r, "pieces");
        sd_push_index(r, (size_t)k);
        if (g->leader >= 0)
            sd_error_key(r, "custodial", GGN_E_VALUE,
                         "custodial capture in a game with a leader is not supported: the legality and check tests "
                         "judge a move by the squares it leaves and enters, and an enclosure takes others");
        else if (g->hands)
            sd_error_key(r, "custodial", GGN_E_VALUE,
                         "custodial capture in a game with hands is not supported: the pieces it takes leave the game");
        else if (g->nteams > 0)
            sd_error_key(r, "custodial", GGN_E_VALUE, "custodial capture in a game of teams is not supported");
        sd_pop(r);
        sd_pop(r);
    }
}
