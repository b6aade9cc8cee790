/* read_players.c — "players" (names, direction matrices, starting squares, colours) and "turns". */
#include "gamespec/reader.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const player_keys[] = {"name", "direction", "starting_positions", "starting_hand", "colour", NULL};
static const char *const start_keys[] = {"piece", "positions", NULL};
static const char *const hand_keys[] = {"piece", "count", NULL};
static const char *const turns_keys[] = {"order", "start_at", "parts", "check_ends_turn", "states_first_move", NULL};

/*
 * The colours a spec may name (extension "colour", docs/game-spec.md). The
 * first GGN_MAX_PLAYERS are also the palette: a player that names no colour
 * gets the one of its index, so the terminal and the pictures draw it alike.
 */
static const struct { const char *name; uint32_t rgb; } named_colours[] = {
    {"white", 0xFFFFFF}, {"black", 0x202020}, {"red", 0xD62728},    {"blue", 0x1F77B4},
    {"green", 0x2CA02C}, {"purple", 0x9467BD}, {"orange", 0xFF7F0E}, {"cyan", 0x17BECF},
    {"yellow", 0xF2C81E}, {"grey", 0x808080},
};
#define NCOLOURS (sizeof named_colours / sizeof named_colours[0])
_Static_assert(NCOLOURS >= GGN_MAX_PLAYERS, "the palette needs a colour for every player index");

/* "#rrggbb" (either case) into *rgb. */
static bool parse_hex_colour(const char *text, uint32_t *rgb)
{
    if (text[0] != '#' || strlen(text) != 7) return false;
    uint32_t v = 0;
    for (int i = 1; i < 7; i++) {
        if (!isxdigit((unsigned char)text[i])) return false;
        int c = tolower((unsigned char)text[i]);
        v = v * 16 + (uint32_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    *rgb = v;
    return true;
}

/* The player's "colour": "#rrggbb" or one of named_colours (any case); the palette's when absent. */
static void read_colour(sd_reader *r, const json_t *pobj, sd_player *pl, size_t index)
{
    pl->colour = named_colours[index].rgb;
    char text[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, pobj, "colour", false, text) != SD_OK) return;
    if (parse_hex_colour(text, &pl->colour)) return;
    for (size_t i = 0; i < NCOLOURS; i++)
        if (strcasecmp(text, named_colours[i].name) == 0) {
            pl->colour = named_colours[i].rgb;
            return;
        }
    const char *names[NCOLOURS];
    char list[160];
    size_t len = 0;
    for (size_t i = 0; i < NCOLOURS; i++) {
        names[i] = named_colours[i].name;
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", names[i]);
    }
    const char *near = sd_closest_name(text, names, NCOLOURS);
    char hint[64] = "";
    if (near) snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    sd_error_key(r, "colour", GGN_E_VALUE, "'%s' is not a colour%s: write \"#rrggbb\" or one of %s", text, hint, list);
}


/* Who first claimed a starting square, to name it when a second one does. */
typedef struct claim {
    int player, entry, index; /* player + 1; 0 = free */
} claim;

static bool read_direction(sd_reader *r, const json_t *v, int dir[2][2])
{
    if (!sd_expect(r, v, JSON_ARRAY)) return false;
    if (json_array_size(v) != 2) {
        sd_error(r, GGN_E_VALUE, "direction must be a 2x2 matrix [[a, b], [c, d]], found %zu rows",
                 json_array_size(v));
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < 2; i++) {
        json_t *row = json_array_get(v, i);
        sd_push_index(r, i);
        if (!sd_expect(r, row, JSON_ARRAY)) {
            ok = false;
        } else if (json_array_size(row) != 2) {
            sd_error(r, GGN_E_VALUE, "each row of direction must hold 2 integers, found %zu",
                     json_array_size(row));
            ok = false;
        } else {
            for (size_t j = 0; j < 2; j++) {
                sd_push_index(r, j);
                if (!sd_int_value(r, json_array_get(row, j), -GGN_MAX_BOARD_SIDE, GGN_MAX_BOARD_SIDE,
                                  "GGN_MAX_BOARD_SIDE", &dir[i][j]))
                    ok = false;
                sd_pop(r);
            }
        }
        sd_pop(r);
    }
    if (!ok) return false;
    int det = dir[0][0] * dir[1][1] - dir[0][1] * dir[1][0];
    if (det != 1 && det != -1) {
        sd_error(r, GGN_E_VALUE, "direction [[%d, %d], [%d, %d]] has determinant %d; it must be 1 or -1",
                 dir[0][0], dir[0][1], dir[1][0], dir[1][1], det);
        return false;
    }
    if (abs(dir[0][0]) + abs(dir[0][1]) != 1 || abs(dir[1][0]) + abs(dir[1][1]) != 1)
        sd_warn(r, GGN_E_VALUE,
                "direction [[%d, %d], [%d, %d]] is a shear, not a rotation or reflection: steps change length",
                dir[0][0], dir[0][1], dir[1][0], dir[1][1]);
    return true;
}

static void read_starts(sd_reader *r, const json_t *pobj, int p, claim *grid, int *total)
{
    sd_player *pl = &r->g->players[p];
    size_t n;
    json_t *list = sd_array_field(r, pobj, "starting_positions", false, GGN_MAX_PIECES_ON_BOARD,
                                  "GGN_MAX_PIECES_ON_BOARD", &n);
    if (!list) return;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        json_t *pos = json_object_get(json_array_get(list, i), "positions");
        if (json_is_array(pos)) cap += json_array_size(pos);
    }
    if (cap > 0) {
        pl->starts = sd_alloc(r, cap, sizeof *pl->starts);
        if (!pl->starts) return;
    }
    sd_push_key(r, "starting_positions");
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            sd_check_keys(r, e, start_keys, "a starting-position entry");
            int kind = sd_kind_ref_field(r, e, "piece", true);
            size_t m;
            json_t *squares = sd_array_field(r, e, "positions", true, GGN_MAX_PIECES_ON_BOARD,
                                             "GGN_MAX_PIECES_ON_BOARD", &m);
            if (squares) sd_push_key(r, "positions");
            for (size_t j = 0; squares && j < m; j++) {
                int sq[2];
                sd_push_index(r, j);
                if (sd_square_value(r, json_array_get(squares, j), sq) && r->board_ok) {
                    claim *c = &grid[sq[1] * r->g->cols + sq[0]];
                    if (sd_is_disabled(r, sq[0], sq[1])) {
                        sd_error(r, GGN_E_VALUE, "square [%d, %d] is disabled", sq[0], sq[1]);
                    } else if (c->player) {
                        sd_error(r, GGN_E_DUPLICATE,
                                 "square [%d, %d] is already a starting square at /players/%d/starting_positions/%d/positions/%d",
                                 sq[0], sq[1], c->player - 1, c->entry, c->index);
                    } else if (*total >= GGN_MAX_PIECES_ON_BOARD) {
                        if (*total == GGN_MAX_PIECES_ON_BOARD) /* reported once, at the first piece too many */
                            sd_error(r, GGN_E_LIMIT, "more than %d starting pieces (GGN_MAX_PIECES_ON_BOARD)",
                                     GGN_MAX_PIECES_ON_BOARD);
                        ++*total;
                    } else {
                        c->player = p + 1;
                        c->entry = (int)i;
                        c->index = (int)j;
                        ++*total;
                        if (kind >= 0) {
                            sd_start *s = &pl->starts[pl->nstarts++];
                            s->kind = kind;
                            s->x = sq[0];
                            s->y = sq[1];
                        }
                    }
                }
                sd_pop(r);
            }
            if (squares) sd_pop(r);
        }
        sd_pop(r);
    }
    sd_pop(r);
}

/*
 * A starting-hand entry's "count": 1..GGN_MAX_PIECES_ON_BOARD pieces, or the
 * word "unlimited" for a supply that never runs out (the stones of the
 * placement games: a drop takes one and the hand stays as it was).
 */
static sd_got read_hand_count(sd_reader *r, const json_t *e, int *count, bool *unlimited)
{
    const json_t *v = json_object_get(e, "count");
    if (v && json_is_string(v)) {
        if (strcmp(json_string_value(v), "unlimited") == 0) {
            *unlimited = true;
            /* Every square could be filled from it: the board must not hold more than a position can. */
            int squares = 0;
            for (int i = 0; r->board_ok && i < r->g->cols * r->g->rows; i++) squares += !r->g->disabled[i];
            if (squares > GGN_MAX_PIECES_ON_BOARD - 1) {
                sd_error_key(r, "count", GGN_E_LIMIT, "an unlimited supply could fill all %d squares of this board, and a "
                             "position holds at most %d pieces (GGN_MAX_PIECES_ON_BOARD)", squares,
                             GGN_MAX_PIECES_ON_BOARD - 1);
                return SD_BAD;
            }
            return SD_OK;
        }
        sd_error_key(r, "count", GGN_E_VALUE, "count is a number of pieces or \"unlimited\", not '%s'",
                     json_string_value(v));
        return SD_BAD;
    }
    return sd_int_field(r, e, "count", true, 1, GGN_MAX_PIECES_ON_BOARD, "GGN_MAX_PIECES_ON_BOARD", count);
}

/* Extension "starting_hand": [{piece, count}], each kind once, in a game with hands. */
static void read_starting_hand(sd_reader *r, const json_t *pobj, int p)
{
    sd_player *pl = &r->g->players[p];
    size_t n;
    json_t *list = sd_array_field(r, pobj, "starting_hand", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    if (!r->g->hands) {
        sd_error_key(r, "starting_hand", GGN_E_VALUE, "starting_hand needs \"hands\": true (a game without hands has none)");
        return;
    }
    if (n > 0) {
        pl->hand = sd_alloc(r, n, sizeof *pl->hand);
        if (!pl->hand) return;
    }
    sd_push_key(r, "starting_hand");
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            sd_check_keys(r, e, hand_keys, "a starting-hand entry");
            int kind = sd_kind_ref_field(r, e, "piece", true);
            int count = 0;
            bool unlimited = false;
            sd_got got = read_hand_count(r, e, &count, &unlimited);
            for (int j = 0; kind >= 0 && j < pl->nhand; j++)
                if (pl->hand[j].kind == kind) {
                    sd_error_key(r, "piece", GGN_E_DUPLICATE, "this piece is already in the starting hand (entry %d)", j);
                    kind = -1;
                }
            if (kind >= 0 && got == SD_OK) {
                pl->hand[pl->nhand].kind = kind;
                pl->hand[pl->nhand].count = count;
                pl->hand[pl->nhand].unlimited = unlimited;
                pl->nhand++;
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
}

void sd_read_players(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, root, "players", true, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (!list) return;
    sd_push_key(r, "players");
    if (n == 0) sd_error(r, GGN_E_VALUE, "a game needs at least one player");
    claim *grid = NULL;
    if (r->board_ok) grid = sd_alloc(r, (size_t)g->cols * (size_t)g->rows, sizeof *grid);
    int total = 0;
    for (size_t i = 0; i < n && g->players; i++) {
        json_t *pobj = json_array_get(list, i);
        sd_player *pl = &g->players[i];
        sd_push_index(r, i);
        if (sd_expect(r, pobj, JSON_OBJECT)) {
            sd_check_keys(r, pobj, player_keys, "a player");
            char name[GGN_MAX_STRING_BYTES + 1];
            if (sd_string_field(r, pobj, "name", true, name) == SD_OK) {
                int first = sd_find_player(r, name);
                if (first >= 0 && first < (int)i)
                    sd_error_key(r, "name", GGN_E_DUPLICATE, "player name '%s' is already used by /players/%d",
                                 name, first);
            }
            json_t *dir = sd_field(r, pobj, "direction", true);
            if (dir) {
                sd_push_key(r, "direction");
                read_direction(r, dir, pl->dir);
                sd_pop(r);
            }
            if (grid || !r->board_ok) read_starts(r, pobj, (int)i, grid, &total);
            read_starting_hand(r, pobj, (int)i);
            read_colour(r, pobj, pl, i);
        }
        sd_pop(r);
    }
    sd_pop(r);
}

void sd_read_turns(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *turns = sd_field(r, root, "turns", true);
    if (!turns) return;
    sd_push_key(r, "turns");
    if (!sd_expect(r, turns, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    sd_check_keys(r, turns, turns_keys, "turns");
    size_t n;
    json_t *order = sd_array_field(r, turns, "order", true, GGN_MAX_TURNS, "GGN_MAX_TURNS", &n);
    if (order) {
        sd_push_key(r, "order");
        if (n == 0) sd_error(r, GGN_E_VALUE, "turn order must name at least one player");
        g->order = sd_alloc(r, n, sizeof *g->order);
        for (size_t i = 0; i < n && g->order; i++) {
            char name[GGN_MAX_STRING_BYTES + 1];
            sd_push_index(r, i);
            g->order[i] = -1;
            if (sd_string_value(r, json_array_get(order, i), name)) {
                g->order[i] = sd_find_player(r, name);
                if (g->order[i] < 0 && r->players_ok)
                    sd_error(r, GGN_E_REFERENCE, "'%s' is not the name of a player", name);
            }
            sd_pop(r);
        }
        g->norder = (int)n;
        sd_pop(r);
        if (r->players_ok && g->order) {
            for (int p = 0; p < g->nplayers; p++) {
                bool seen = false;
                for (int i = 0; i < g->norder; i++) seen |= g->order[i] == p;
                if (!seen && n > 0 && sd_find_player(r, g->players[p].name) == p)
                    sd_warn_key(r, "order", GGN_E_VALUE, "player '%s' never gets a turn",
                                g->players[p].name);
            }
        }
    }
    if (sd_int_field(r, turns, "start_at", false, 0, 2147483647LL, NULL, &g->start_at) == SD_OK &&
        order && n > 0 && g->start_at >= (int)n)
        sd_error_key(r, "start_at", GGN_E_RANGE, "start_at %d is out of range: turn order has %zu entries",
                     g->start_at, n);
    sd_read_series(r, turns);
    sd_pop(r);
}
