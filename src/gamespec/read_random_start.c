/*
 * read_random_start.c — extension "random_start": how a random start is
 * drawn (docs/game-spec.md, "random_start").
 *
 * "random_start": {
 *   "squares": {"WHITE": [[0, 0], ..., [7, 0]], "BLACK": [[0, 7], ..., [7, 7]]},
 *   "opposite_colours": [["BISHOP"]],
 *   "between": [{"piece": "KING", "outer": "ROOK"}]
 * }
 *
 * Read after the players and pieces: the squares must hold starting pieces.
 */
#include "gamespec/reader.h"

#include <string.h>

static const char *const random_keys[] = {"squares", "opposite_colours", "between", NULL};
static const char *const between_keys[] = {"piece", "outer", NULL};

/* The kind player p's starting_positions put on (x, y), or -1. */
static int start_kind(const sd_game *g, int p, int x, int y)
{
    for (int i = 0; i < g->players[p].nstarts; i++)
        if (g->players[p].starts[i].x == x && g->players[p].starts[i].y == y) return g->players[p].starts[i].kind;
    return -1;
}

/* One player's list; fills kinds[n] with the starting kinds on it. False after an error. */
static bool read_player_squares(sd_reader *r, const json_t *list, int p, int n, int (*out)[2], int *kinds)
{
    const sd_game *g = r->g;
    bool ok = true;
    for (int i = 0; i < n; i++) {
        sd_push_index(r, (size_t)i);
        if (!sd_square_value(r, json_array_get(list, (size_t)i), out[i])) {
            ok = false;
        } else {
            kinds[i] = start_kind(g, p, out[i][0], out[i][1]);
            for (int j = 0; j < i && ok; j++)
                if (out[j][0] == out[i][0] && out[j][1] == out[i][1]) {
                    sd_error(r, GGN_E_DUPLICATE, "square [%d, %d] is already listed at index %d", out[i][0], out[i][1], j);
                    ok = false;
                }
            if (ok && kinds[i] < 0) {
                sd_error(r, GGN_E_VALUE, "no starting piece of %s stands on [%d, %d]: only starting pieces are shuffled",
                         g->players[p].name, out[i][0], out[i][1]);
                ok = false;
            }
        }
        sd_pop(r);
    }
    return ok;
}

static bool read_squares(sd_reader *r, const json_t *rs_obj, sd_random_start *rs)
{
    sd_game *g = r->g;
    json_t *obj = sd_field(r, rs_obj, "squares", true);
    if (!obj) return false;
    sd_push_key(r, "squares");
    bool ok = sd_expect(r, obj, JSON_OBJECT);
    rs->squares = ok ? sd_alloc(r, (size_t)g->nplayers, sizeof *rs->squares) : NULL;
    ok = ok && rs->squares;
    const char *name;
    json_t *v;
    if (ok)
        json_object_foreach(obj, name, v)
        {
            if (sd_find_player(r, name) < 0) {
                sd_error_key(r, name, GGN_E_REFERENCE, "'%s' is not the name of a player", name);
                ok = false;
            }
        }
    int *first = NULL;
    for (int p = 0; ok && p < g->nplayers; p++) {
        size_t n;
        json_t *list = sd_array_field(r, obj, g->players[p].name, true, GGN_MAX_PIECES_ON_BOARD,
                                      "GGN_MAX_PIECES_ON_BOARD", &n);
        if (!list) {
            ok = false;
            break;
        }
        sd_push_key(r, g->players[p].name);
        if (p == 0) {
            if (n < 2) {
                sd_error(r, GGN_E_VALUE, "a random start shuffles at least 2 squares, found %zu", n);
                ok = false;
            }
            rs->nsquares = (int)n;
        } else if ((int)n != rs->nsquares) {
            sd_error(r, GGN_E_VALUE, "%zu squares, where %s lists %d: square i of every player gets the same kind", n,
                     g->players[0].name, rs->nsquares);
            ok = false;
        }
        int *kinds = ok ? sd_alloc(r, n, sizeof *kinds) : NULL;
        rs->squares[p] = ok ? sd_alloc(r, n, sizeof *rs->squares[p]) : NULL;
        ok = ok && kinds && rs->squares[p] && read_player_squares(r, list, p, (int)n, rs->squares[p], kinds);
        if (ok && p == 0) first = rs->kinds = kinds;
        /* Every player's pieces there are the same multiset, so the drawn kinds fit all of them. */
        for (int k = 0; ok && p > 0 && k < g->nkinds; k++) {
            int a = 0, b = 0;
            for (int i = 0; i < rs->nsquares; i++) {
                a += first[i] == k;
                b += kinds[i] == k;
            }
            if (a != b) {
                sd_error(r, GGN_E_VALUE, "%s starts with %d %s on these squares and %s with %d: the shuffled pieces must be the same",
                         g->players[p].name, b, g->kinds[k].code, g->players[0].name, a);
                ok = false;
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
    return ok;
}

static void read_groups(sd_reader *r, const json_t *rs_obj, sd_random_start *rs)
{
    size_t n;
    json_t *list = sd_array_field(r, rs_obj, "opposite_colours", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list || n == 0) return;
    sd_push_key(r, "opposite_colours");
    rs->groups = sd_alloc(r, n, sizeof *rs->groups);
    for (size_t i = 0; i < n && rs->groups; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_ARRAY)) {
            if (json_array_size(e) == 0) sd_error(r, GGN_E_VALUE, "a group of opposite_colours names at least one kind");
            for (size_t j = 0; j < json_array_size(e); j++) {
                sd_push_index(r, j);
                int k = sd_kind_ref(r, json_array_get(e, j));
                if (k >= 0) rs->groups[i] |= 1ULL << k;
                sd_pop(r);
            }
        }
        sd_pop(r);
    }
    if (rs->groups) rs->ngroups = (int)n;
    sd_pop(r);
}

static void read_between(sd_reader *r, const json_t *rs_obj, sd_random_start *rs)
{
    size_t n;
    json_t *list = sd_array_field(r, rs_obj, "between", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list || n == 0) return;
    sd_push_key(r, "between");
    rs->between = sd_alloc(r, 2 * n, sizeof *rs->between);
    for (size_t i = 0; i < n && rs->between; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            sd_check_keys(r, e, between_keys, "a between rule");
            rs->between[2 * i] = sd_kind_ref_field(r, e, "piece", true);
            rs->between[2 * i + 1] = sd_kind_ref_field(r, e, "outer", true);
            if (rs->between[2 * i] >= 0 && rs->between[2 * i] == rs->between[2 * i + 1])
                sd_error_key(r, "outer", GGN_E_VALUE, "a piece cannot stand between pieces of its own kind");
        }
        sd_pop(r);
    }
    if (rs->between) rs->nbetween = (int)n;
    sd_pop(r);
}

void sd_read_random_start(sd_reader *r, const json_t *root)
{
    json_t *obj = sd_field(r, root, "random_start", false);
    if (!obj) return;
    sd_push_key(r, "random_start");
    sd_random_start *rs = &r->g->random_start;
    if (sd_expect(r, obj, JSON_OBJECT) && r->players_ok && r->kinds_ok && r->board_ok && r->g->players && r->g->kinds) {
        sd_check_keys(r, obj, random_keys, "random_start");
        size_t errors = r->nerrors;
        bool ok = read_squares(r, obj, rs);
        read_groups(r, obj, rs);
        read_between(r, obj, rs);
        if (ok && r->nerrors == errors) {
            int drawn[GGN_MAX_PIECES_ON_BOARD];
            uint64_t state = 0;
            if (!sd_random_start_draw(r->g, &state, drawn))
                sd_error(r, GGN_E_VALUE, "no arrangement of the %d pieces meets opposite_colours and between in %ld "
                                         "draws (GGN_MAX_RANDOM_START_DRAWS)", rs->nsquares, (long)GGN_MAX_RANDOM_START_DRAWS);
            else
                rs->present = true;
        }
    }
    sd_pop(r);
}
