/*
 * read_board_lines.c — a board of points joined by lines (extension
 * board.lines, docs/game-spec.md "Points and lines"): Nine Men's Morris's 24
 * points on a 7×7 grid, each line a list of points in order along one row,
 * column or diagonal. The points are the squares of the board (every square
 * on no line does not exist); two points are neighbours when they follow
 * each other on a line, and a move's step [dx, dy] goes from a point to the
 * next one along a line in that direction, however far apart they stand on
 * the grid. The lines are also what closes_line and in_line read ("then").
 *
 * Everything else in a spec that reads the grid by offsets (conditions on
 * squares near the piece, side effects, hops, rows of k, groups, a leader's
 * attack tables) would see the grid, not the lines: such a spec is refused
 * (sd_check_board_lines), never run as another game.
 *
 * Also here: a move's "to": "any" (extension), which lands on any square of
 * the board but its own rather than along a step (a morris man's flight).
 */
#include <stdlib.h>
#include <string.h>

#include "gamespec/reader.h"

static int sign(int v) { return (v > 0) - (v < 0); }

/* Reads one line's points into out (room for GGN_MAX_BOARD_SIDE); returns how many, -1 on a reported error. */
static int read_line(sd_reader *r, const json_t *line, int (*out)[2])
{
    if (!sd_expect(r, line, JSON_ARRAY)) return -1;
    size_t n = json_array_size(line);
    if (n < 2) {
        sd_error(r, GGN_E_VALUE, "a line joins at least two points, found %zu", n);
        return -1;
    }
    if (n > GGN_MAX_BOARD_SIDE) {
        sd_error(r, GGN_E_LIMIT, "a line of %zu points is longer than GGN_MAX_BOARD_SIDE (%d)", n, GGN_MAX_BOARD_SIDE);
        return -1;
    }
    bool ok = true;
    int dir[2] = {0, 0};
    for (size_t j = 0; j < n && ok; j++) {
        sd_push_index(r, j);
        ok = sd_square_value(r, json_array_get(line, j), out[j]);
        if (ok && sd_is_disabled(r, out[j][0], out[j][1])) {
            sd_error(r, GGN_E_VALUE, "point [%d, %d] is a disabled square", out[j][0], out[j][1]);
            ok = false;
        }
        if (ok && j > 0) {
            int dx = out[j][0] - out[j - 1][0], dy = out[j][1] - out[j - 1][1];
            /* Along a row, a column or a diagonal: a step of one of the eight king directions repeated. */
            bool straight = (dx || dy) && (dx == 0 || dy == 0 || abs(dx) == abs(dy));
            int d[2] = {sign(dx), sign(dy)};
            if (!straight || (j > 1 && (d[0] != dir[0] || d[1] != dir[1]))) {
                sd_error(r, GGN_E_VALUE,
                         "[%d, %d] does not follow [%d, %d] along the line: its points go one after another "
                         "along one row, column or diagonal, in one direction", out[j][0], out[j][1],
                         out[j - 1][0], out[j - 1][1]);
                ok = false;
            }
            dir[0] = d[0];
            dir[1] = d[1];
        }
        sd_pop(r);
    }
    return ok ? (int)n : -1;
}

void sd_read_board_lines(sd_reader *r, const json_t *board)
{
    sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, board, "lines", false, GGN_MAX_SQUARES, "GGN_MAX_SQUARES", &n);
    if (!list) return;
    sd_push_key(r, "lines");
    if (n == 0) sd_error(r, GGN_E_VALUE, "a board of lines needs at least one line");
    if (!r->board_ok || n == 0) {
        sd_pop(r);
        return;
    }
    size_t nsq = (size_t)g->cols * (size_t)g->rows;
    g->line_len = sd_alloc(r, n, sizeof *g->line_len);
    g->lines = sd_alloc(r, n, sizeof *g->lines);
    bool *on = sd_alloc(r, nsq, sizeof *on);
    /* next[sq * 9 + direction]: 1 + the point that follows sq on a line in that direction (a segment listed once). */
    int *next = sd_alloc(r, nsq * 9, sizeof *next);
    bool ok = g->line_len && g->lines && on && next;
    for (size_t i = 0; i < n && ok; i++) {
        int pts[GGN_MAX_BOARD_SIDE][2];
        sd_push_index(r, i);
        int m = read_line(r, json_array_get(list, i), pts);
        if (m > 0) {
            g->lines[i] = sd_alloc(r, (size_t)m, sizeof *g->lines[i]);
            if (!g->lines[i]) ok = false;
            for (int j = 0; ok && j < m; j++) {
                g->lines[i][j][0] = pts[j][0];
                g->lines[i][j][1] = pts[j][1];
                on[pts[j][1] * g->cols + pts[j][0]] = true;
                if (j == 0) continue;
                int a = pts[j - 1][1] * g->cols + pts[j - 1][0], b = pts[j][1] * g->cols + pts[j][0];
                int d = (sign(pts[j][1] - pts[j - 1][1]) + 1) * 3 + sign(pts[j][0] - pts[j - 1][0]) + 1;
                if (next[a * 9 + d] || next[b * 9 + (8 - d)]) {
                    sd_push_index(r, (size_t)j);
                    sd_error(r, GGN_E_DUPLICATE,
                             "another line already leaves [%d, %d] in this direction: a segment belongs to one line",
                             pts[j - 1][0], pts[j - 1][1]);
                    sd_pop(r);
                }
                next[a * 9 + d] = b + 1;
                next[b * 9 + (8 - d)] = a + 1;
            }
            g->line_len[i] = m;
        }
        sd_pop(r);
    }
    if (ok) {
        g->nlines = (int)n;
        for (size_t s = 0; s < nsq; s++)
            if (!on[s]) g->disabled[s] = true; /* a square on no line is no point of the board */
        for (size_t i = 0; i < n; i++)
            if (!g->line_len[i]) g->nlines = 0; /* a line was refused: the error is reported */
    }
    sd_pop(r);
}

void sd_read_to_any(sd_reader *r, const json_t *mobj, sd_move *m)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, mobj, "to", false, word) != SD_OK) return;
    if (strcmp(word, "any") != 0) {
        sd_error_key(r, "to", GGN_E_UNKNOWN, "unknown 'to' '%s'; the one ggn knows is \"any\"", word);
        return;
    }
    m->to_any = true;
    bool plain = m->nactions > 0 && m->neffects == 0 && !m->repeat.present && !m->chain && !m->clone &&
                 !m->giving_check_illegal && !m->attacking_illegal;
    for (int a = 0; a < m->nactions; a++)
        plain = plain && m->actions[a].state == SD_EMPTY && m->actions[a].neffects == 0;
    for (int c = 0; c < m->nconditions; c++)
        plain = plain && (m->conditions[c].kind == SD_COND_PIECE_COUNT || m->conditions[c].kind == SD_COND_NAMED ||
                          m->conditions[c].kind == SD_COND_NAMED_SOURCE);
    if (r->board_ok && r->g->cols * r->g->rows > 256)
        sd_error_key(r, "to", GGN_E_LIMIT, "a move \"to\": \"any\" lists every square, at most 256 of them "
                     "(a board of %d)", r->g->cols * r->g->rows);
    else if (json_object_get(mobj, "step"))
        sd_error_key(r, "to", GGN_E_VALUE, "a move \"to\": \"any\" goes to any square, not along a step: it has no 'step'");
    else if (!plain)
        sd_error_key(r, "to", GGN_E_VALUE,
                     "a move \"to\": \"any\" lands on an empty square (EMPTY actions without side effects), "
                     "with no repeat, side effects, chain or clone, and only PIECE_COUNT and named conditions");
}

/* The first thing of the spec that reads the grid by offsets, which a board of lines does not have; NULL if none. */
static const char *grid_rule(const sd_game *g, char *where, size_t cap)
{
    if (g->leader >= 0) return "a leader (its attack tables are walked on the grid)";
    if (g->end.nlines || g->end.nconnections || g->end.nunited || g->end.nenclosed)
        return "game_end's lines, connections, united or enclosed (they walk the grid)";
    if (g->group_capture || g->swap) return "group_capture or swap";
    for (int k = 0; k < g->nkinds; k++) {
        const sd_kind *kind = &g->kinds[k];
        snprintf(where, cap, "/pieces/%d", k);
        if (kind->convert.how != SD_CONVERT_NONE || kind->custodial.given) return "converts or custodial";
        if (kind->then.place >= 0) return "a part that places a piece along Betza steps";
        for (int d = 0; d < kind->ndrops; d++)
            if (kind->drops[d].gravity) return "gravity";
        for (int j = 0; j < kind->nmoves; j++) {
            const sd_move *m = &kind->moves[j];
            snprintf(where, cap, "/pieces/%d/moves/%d", k, j);
            if (!m->to_any && (abs(m->step[0]) > 1 || abs(m->step[1]) > 1))
                return "a step longer than one point (on a board of lines a step goes to the next point of a "
                       "line: [1, 0], [0, 1], [1, 1] and their opposites)";
            if (m->repeat.hop || m->repeat.line_distance || m->chain || m->clone || m->castle.present)
                return "a hop, chain, clone, castling or a move counted on its line";
            if (m->neffects) return "side effects (they name squares by offsets)";
            for (int c = 0; c < m->nconditions; c++) {
                sd_condition_kind ck = m->conditions[c].kind;
                if (ck != SD_COND_PIECE_COUNT && ck != SD_COND_NAMED && ck != SD_COND_NAMED_SOURCE &&
                    ck != SD_COND_DEPENDS_ON)
                    return "a condition other than PIECE_COUNT, DEPENDS_ON and named squares (it reads offsets)";
            }
            for (int a = 0; a < m->nactions; a++) {
                if (m->actions[a].neffects || m->actions[a].nconditions) return "an action's conditions or side effects";
                if (m->actions[a].state != SD_EMPTY)
                    return "a move that captures or lands on its own piece (attack tables are walked on the grid)";
            }
            for (int i = 0; i < m->nmodifiers; i++)
                for (int c = 0; c < m->modifiers[i].nconditions; c++)
                    if (m->modifiers[i].conditions[c].kind != SD_COND_NAMED &&
                        m->modifiers[i].conditions[c].kind != SD_COND_NAMED_SOURCE)
                        return "a modifier's condition other than named squares";
        }
    }
    where[0] = '\0';
    return NULL;
}

void sd_check_board_lines(sd_reader *r)
{
    const sd_game *g = r->g;
    if (!g->nlines) return;
    char where[64] = "";
    const char *why = grid_rule(g, where, sizeof where);
    if (!why) return;
    sd_push_key(r, "board");
    sd_error_key(r, "lines", GGN_E_VALUE, "a board of lines is not supported with %s%s%s", why,
                 where[0] ? " at " : "", where);
    sd_pop(r);
}
