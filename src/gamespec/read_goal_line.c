/*
 * read_goal_line.c — the placement games' vocabulary (docs/game-spec.md,
 * "Rows, connections and gravity"): game_end's "lines" (k in a row) and
 * "connections" (a chain joining two regions), and a drop's "gravity".
 *
 * Each rule is checked against the board it will be judged on, so that a
 * rule that could never fire is an error where it is written, not a game
 * that silently never ends: a row longer than any line of the board,
 * regions that no chain of squares can join, gravity on hexagonal cells.
 */
#include <stdlib.h>
#include <string.h>

#include "gamespec/reader.h"

static const char *const line_keys[] = {"length", "directions", "exact", "pieces", "result", NULL};
static const char *const connection_keys[] = {"between", "pieces", "result", NULL};

/* The directions of a row when the spec names none: every line through a cell, each once. */
static const int square_lines[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
static const int hex_lines[3][2] = {{1, 0}, {0, 1}, {1, -1}};

/* Neighbours of a cell: the first four on square cells, all six on hexagonal ones (spec_def.h). */
static const int neighbours[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};

static bool live(const sd_game *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->cols && y < g->rows && !g->disabled[y * g->cols + x];
}

/* The most squares of the board in a row along (dx, dy). */
static int longest_row(const sd_game *g, int dx, int dy)
{
    int best = 0;
    for (int y = 0; y < g->rows; y++)
        for (int x = 0; x < g->cols; x++) {
            if (!live(g, x, y) || live(g, x - dx, y - dy)) continue; /* only from where a row starts */
            int n = 0;
            for (int cx = x, cy = y; live(g, cx, cy); cx += dx, cy += dy) n++;
            if (n > best) best = n;
        }
    return best;
}

static void read_directions(sd_reader *r, const json_t *obj, sd_line *line)
{
    const sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, obj, "directions", false, GGN_MAX_LINE_DIRECTIONS, "GGN_MAX_LINE_DIRECTIONS", &n);
    if (!list) {
        bool hex = g->cells == SD_CELLS_HEX;
        line->ndirs = hex ? 3 : 4;
        for (int i = 0; i < line->ndirs; i++) {
            line->dirs[i][0] = hex ? hex_lines[i][0] : square_lines[i][0];
            line->dirs[i][1] = hex ? hex_lines[i][1] : square_lines[i][1];
        }
        return;
    }
    sd_push_key(r, "directions");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list of directions names no row: leave it out to mean every line");
    for (size_t i = 0; i < n; i++) {
        int d[2];
        sd_push_index(r, i);
        if (sd_offset_value(r, json_array_get(list, i), d)) {
            bool again = false;
            for (int j = 0; j < line->ndirs && !again; j++)
                again = (line->dirs[j][0] == d[0] && line->dirs[j][1] == d[1]) ||
                        (line->dirs[j][0] == -d[0] && line->dirs[j][1] == -d[1]);
            if (d[0] == 0 && d[1] == 0) sd_error(r, GGN_E_VALUE, "direction [0, 0] goes nowhere");
            else if (again)
                sd_error(r, GGN_E_DUPLICATE, "[%d, %d] is on a line already listed (a direction and its opposite are one line)",
                         d[0], d[1]);
            else {
                line->dirs[line->ndirs][0] = d[0];
                line->dirs[line->ndirs][1] = d[1];
                line->ndirs++;
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
}

static void read_line(sd_reader *r, const json_t *obj, sd_line *line)
{
    sd_check_keys(r, obj, line_keys, "a line rule");
    bool length_ok = sd_int_field(r, obj, "length", true, 2, GGN_MAX_BOARD_SIDE, "GGN_MAX_BOARD_SIDE", &line->length) ==
                     SD_OK;
    read_directions(r, obj, line);
    sd_bool_field(r, obj, "exact", false, &line->exact);
    line->kinds = sd_read_end_kinds(r, obj);
    sd_read_end_result(r, obj, "result", &line->result);
    if (!length_ok || !r->board_ok || line->ndirs == 0) return;
    int best = 0;
    for (int i = 0; i < line->ndirs; i++) {
        int n = longest_row(r->g, line->dirs[i][0], line->dirs[i][1]);
        if (n > best) best = n;
    }
    if (best < line->length)
        sd_error_key(r, "length", GGN_E_VALUE,
                     "no row of %d squares fits on this board in the directions given (the longest has %d), so this "
                     "rule could never apply", line->length, best);
}

/* Can a chain of board squares (the cells' neighbours) join a square of a to one of b, for player p? */
static bool regions_touch(sd_reader *r, const sd_named *a, const sd_named *b, int p)
{
    const sd_game *g = r->g;
    int nsq = g->cols * g->rows, nnb = g->cells == SD_CELLS_HEX ? 6 : 4;
    bool *seen = calloc((size_t)nsq, sizeof *seen), *goal = calloc((size_t)nsq, sizeof *goal);
    int *queue = malloc((size_t)nsq * sizeof *queue);
    if (!seen || !goal || !queue) {
        free(seen);
        free(goal);
        free(queue);
        return true; /* nothing to report against: the load fails on memory elsewhere if it must */
    }
    int head = 0, tail = 0;
    for (int i = 0; i < b->nsquares[p]; i++) goal[b->squares[p][i][1] * g->cols + b->squares[p][i][0]] = true;
    for (int i = 0; i < a->nsquares[p]; i++) {
        int x = a->squares[p][i][0], y = a->squares[p][i][1], s = y * g->cols + x;
        if (live(g, x, y) && !seen[s]) seen[s] = true, queue[tail++] = s;
    }
    bool joined = false;
    while (head < tail && !joined) {
        int s = queue[head++], x = s % g->cols, y = s / g->cols;
        joined = goal[s];
        for (int d = 0; d < nnb; d++) {
            int nx = x + neighbours[d][0], ny = y + neighbours[d][1];
            if (live(g, nx, ny) && !seen[ny * g->cols + nx]) seen[ny * g->cols + nx] = true, queue[tail++] = ny * g->cols + nx;
        }
    }
    free(seen);
    free(goal);
    free(queue);
    return joined;
}

static void read_connection(sd_reader *r, const json_t *obj, sd_connection *c)
{
    const sd_game *g = r->g;
    sd_check_keys(r, obj, connection_keys, "a connection rule");
    c->region[0] = c->region[1] = -1;
    c->kinds = sd_read_end_kinds(r, obj);
    sd_read_end_result(r, obj, "result", &c->result);
    size_t n;
    json_t *list = sd_array_field(r, obj, "between", true, GGN_MAX_NAMED_CONDITIONS, "GGN_MAX_NAMED_CONDITIONS", &n);
    if (!list) return;
    sd_push_key(r, "between");
    if (n != 2) sd_error(r, GGN_E_VALUE, "between names two regions (named POSITION conditions), found %zu", n);
    for (size_t i = 0; i < n && i < 2; i++) {
        char code[GGN_MAX_STRING_BYTES + 1];
        sd_push_index(r, i);
        if (sd_string_value(r, json_array_get(list, i), code)) {
            c->region[i] = sd_find_named(r, code);
            if (c->region[i] < 0 && r->named_ok)
                sd_error(r, GGN_E_REFERENCE, "'%s' is no named condition of /conditions", code);
        }
        sd_pop(r);
    }
    if (c->region[0] >= 0 && c->region[0] == c->region[1])
        sd_error(r, GGN_E_VALUE, "a connection joins two different regions; '%s' is named twice", g->named[c->region[0]].code);
    if (c->region[0] < 0 || c->region[1] < 0 || c->region[0] == c->region[1] || !r->board_ok) {
        sd_pop(r);
        return;
    }
    const sd_named *a = &g->named[c->region[0]], *b = &g->named[c->region[1]];
    int players = 0, refused = 0;
    for (int p = 0; p < g->nplayers && a->nsquares && b->nsquares; p++) {
        if (!a->nsquares[p] && !b->nsquares[p]) continue;
        if (!a->nsquares[p] || !b->nsquares[p])
            refused++, sd_error(r, GGN_E_VALUE, "%s has squares in '%s' but none in '%s', so it could never join them",
                     g->players[p].name, a->nsquares[p] ? a->code : b->code, a->nsquares[p] ? b->code : a->code);
        else if (!regions_touch(r, a, b, p))
            refused++, sd_error(r, GGN_E_VALUE, "no chain of squares joins %s's '%s' to its '%s' on this board, so this "
                     "connection could never be made", g->players[p].name, a->code, b->code);
        else players++;
    }
    if (players == 0 && refused == 0)
        sd_error(r, GGN_E_VALUE, "'%s' and '%s' list squares for no player in both, so no one could join them",
                 a->code, b->code);
    sd_pop(r);
}

/* A list of rule objects at obj[key], each read by `one` into n elements of `size` bytes. */
static void *read_rules(sd_reader *r, const json_t *obj, const char *key, size_t size, int *count,
                        void (*one)(sd_reader *, const json_t *, void *))
{
    size_t n;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_NAMED_CONDITIONS, "GGN_MAX_NAMED_CONDITIONS", &n);
    if (!list || n == 0) return NULL;
    unsigned char *items = sd_alloc(r, n, size);
    if (!items) return NULL;
    sd_push_key(r, key);
    for (size_t i = 0; i < n; i++) {
        json_t *item = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, item, JSON_OBJECT)) one(r, item, items + i * size);
        sd_pop(r);
    }
    sd_pop(r);
    *count = (int)n;
    return items;
}

static const char *const united_keys[] = {"pieces", "diagonal", "result", NULL};

static void read_united(sd_reader *r, const json_t *obj, sd_united *u)
{
    sd_check_keys(r, obj, united_keys, "a united rule");
    u->kinds = sd_read_end_kinds(r, obj);
    u->diagonal = true;
    sd_bool_field(r, obj, "diagonal", false, &u->diagonal);
    sd_read_end_result(r, obj, "result", &u->result);
}

static const char *const enclosed_keys[] = {"players", "result", NULL};

static void read_enclosed(sd_reader *r, const json_t *obj, sd_enclosed *x)
{
    sd_check_keys(r, obj, enclosed_keys, "an enclosed rule");
    x->players = sd_read_end_players(r, obj);
    sd_read_end_result(r, obj, "result", &x->result);
}

static const char *const fort_keys[] = {"pieces", "players", "result", NULL};

/*
 * A fort is judged by what could ever take its walls (goal_fort.c), which
 * knows custodial capture along ranks and files and the shield wall only: a
 * game where pieces are taken otherwise — by moving onto them, by conversion,
 * diagonally — is refused rather than judged by a test that overlooks a threat.
 */
static const char *fort_refused(const sd_game *g)
{
    if (g->cells == SD_CELLS_HEX) return "a fort on hexagonal cells is not supported: its walls are judged along ranks and files";
    bool custodial = false;
    for (int k = 0; k < g->nkinds; k++) {
        const sd_kind *kind = &g->kinds[k];
        if (kind->convert.how != SD_CONVERT_NONE) return "a fort in a game with conversion is not supported";
        for (int m = 0; m < kind->nmoves; m++) {
            const sd_move *mv = &kind->moves[m];
            if (mv->neffects > 0 || mv->chain) return "a fort in a game whose moves have side effects or chains is not supported";
            for (int a = 0; a < mv->nactions; a++)
                if (mv->actions[a].action == SD_ACTION_CAPTURE || mv->actions[a].neffects > 0)
                    return "a fort in a game whose moves take pieces is not supported: a fort is judged by custodial "
                           "capture alone";
        }
        const sd_custodial *c = &kind->custodial;
        if (!c->given) continue;
        custodial = true;
        for (int i = 0; i < c->ndirections; i++)
            if (c->directions[i][0] != 0 && c->directions[i][1] != 0)
                return "a fort in a game with diagonal custodial capture is not supported: its walls are judged along "
                       "ranks and files";
    }
    if (!custodial) return "a fort needs custodial capture (a piece's \"custodial\"): it is judged by what that can take";
    return NULL;
}

static void read_fort(sd_reader *r, const json_t *obj, sd_fort *f)
{
    sd_check_keys(r, obj, fort_keys, "a fort rule");
    f->kinds = sd_read_end_kinds(r, obj);
    f->players = sd_read_end_players(r, obj);
    sd_read_end_result(r, obj, "result", &f->result);
    const char *why = r->kinds_ok ? fort_refused(r->g) : NULL;
    if (why) sd_error(r, GGN_E_VALUE, "%s", why);
}

static void one_line(sd_reader *r, const json_t *obj, void *out) { read_line(r, obj, out); }
static void one_fort(sd_reader *r, const json_t *obj, void *out) { read_fort(r, obj, out); }
static void one_enclosed(sd_reader *r, const json_t *obj, void *out) { read_enclosed(r, obj, out); }
static void one_united(sd_reader *r, const json_t *obj, void *out) { read_united(r, obj, out); }
static void one_connection(sd_reader *r, const json_t *obj, void *out) { read_connection(r, obj, out); }

void sd_read_end_shapes(sd_reader *r, const json_t *end, sd_game_end *e)
{
    e->lines = read_rules(r, end, "lines", sizeof *e->lines, &e->nlines, one_line);
    e->connections = read_rules(r, end, "connections", sizeof *e->connections, &e->nconnections, one_connection);
    e->united = read_rules(r, end, "united", sizeof *e->united, &e->nunited, one_united);
    e->enclosed = read_rules(r, end, "enclosed", sizeof *e->enclosed, &e->nenclosed, one_enclosed);
    e->forts = read_rules(r, end, "fort", sizeof *e->forts, &e->nforts, one_fort);
}

void sd_read_gravity(sd_reader *r, const json_t *dobj, sd_drop *d)
{
    if (sd_offset_field(r, dobj, "gravity", false, d->fall) != SD_OK) return;
    if (d->fall[0] == 0 && d->fall[1] == 0) sd_error_key(r, "gravity", GGN_E_VALUE, "gravity [0, 0] falls nowhere");
    else if (!r->g->hands)
        sd_error_key(r, "gravity", GGN_E_VALUE, "gravity needs \"hands\": true (a game without hands has no drops)");
    else if (r->g->cells == SD_CELLS_HEX)
        sd_error_key(r, "gravity", GGN_E_VALUE, "gravity on hexagonal cells is not supported: such a board has no "
                     "columns drawn upright for a piece to fall along");
    else d->gravity = true;
}

/*
 * Extension "swap" (the pie rule): {"reflect": [[a, b], [c, d]]}, optional
 * (the identity: the stone changes owner where it stands). Hex's is the
 * reflection in the long diagonal, [[0, 1], [1, 0]], so that the stone
 * taken over serves its new owner's edges as it served the old one's.
 */
void sd_read_swap(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    static const char *const swap_keys[] = {"reflect", NULL};
    json_t *obj = sd_field(r, root, "swap", false);
    g->swap_reflect[0][0] = g->swap_reflect[1][1] = 1;
    if (!obj) return;
    sd_push_key(r, "swap");
    if (!sd_expect(r, obj, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    sd_check_keys(r, obj, swap_keys, "swap");
    size_t n;
    json_t *m = sd_array_field(r, obj, "reflect", false, 2, "a 2x2 matrix", &n);
    bool ok = true;
    if (m) {
        sd_push_key(r, "reflect");
        if (n != 2) ok = false, sd_error(r, GGN_E_VALUE, "reflect is a 2x2 matrix [[a, b], [c, d]]");
        for (size_t i = 0; i < n && i < 2; i++) {
            sd_push_index(r, i);
            ok = sd_offset_value(r, json_array_get(m, i), g->swap_reflect[i]) && ok;
            sd_pop(r);
        }
        sd_pop(r);
    }
    if (g->nplayers != 2 || !g->hands)
        sd_error(r, GGN_E_VALUE, "the swap rule needs two players and \"hands\": true (the first player's stone is "
                                 "one of a placement game's drops)");
    else if (ok && r->board_ok)
        for (int y = 0; y < g->rows && ok; y++)
            for (int x = 0; x < g->cols && ok; x++) {
                if (!live(g, x, y)) continue;
                int tx = g->swap_reflect[0][0] * x + g->swap_reflect[0][1] * y;
                int ty = g->swap_reflect[1][0] * x + g->swap_reflect[1][1] * y;
                if (!live(g, tx, ty))
                    ok = false, sd_error(r, GGN_E_VALUE, "reflect takes [%d, %d] to [%d, %d], which is no square of "
                                         "the board", x, y, tx, ty);
            }
    g->swap = ok;
    sd_pop(r);
}
