/*
 * board_lines.c — a board of points joined by lines (extension board.lines,
 * docs/game-spec.md "Points and lines"). The spec's lines (read_board_lines.c)
 * become three tables: the next point along a line in each of the eight
 * king directions, the points of each line, and the lines through each
 * point. Moves walk the first when their rays are compiled (a step [1, 0]
 * from a1 reaches d1 on the morris board); a part's closes_line and in_line
 * (parts.c) read the other two. Also the rays of a move "to": "any".
 */
#include "engine.h"

static int direction(int dx, int dy) { return (dy + 1) * 3 + dx + 1; }

static int sign(int v) { return (v > 0) - (v < 0); }

bool eg_compile_lines(ggn_game *g)
{
    const sd_game *def = g->def;
    if (!def->nlines) return true;
    size_t npoints = 0;
    for (int i = 0; i < def->nlines; i++) npoints += (size_t)def->line_len[i];
    g->line_next = sd_arena_alloc(g->arena, (size_t)g->nsq * 9, sizeof *g->line_next);
    g->line_start = sd_arena_alloc(g->arena, (size_t)def->nlines + 1, sizeof *g->line_start);
    g->line_sq = sd_arena_alloc(g->arena, npoints, sizeof *g->line_sq);
    g->lines_at_start = sd_arena_alloc(g->arena, (size_t)g->nsq + 1, sizeof *g->lines_at_start);
    g->lines_at = sd_arena_alloc(g->arena, npoints, sizeof *g->lines_at);
    if (!g->line_next || !g->line_start || !g->line_sq || !g->lines_at_start || !g->lines_at) return false;
    for (size_t i = 0; i < (size_t)g->nsq * 9; i++) g->line_next[i] = EG_NONE;
    size_t n = 0;
    for (int i = 0; i < def->nlines; i++) {
        g->line_start[i] = (uint16_t)n;
        for (int j = 0; j < def->line_len[i]; j++) {
            int sq = def->lines[i][j][1] * g->cols + def->lines[i][j][0];
            g->line_sq[n++] = (uint16_t)sq;
            if (j == 0) continue;
            int prev = g->line_sq[n - 2];
            int dx = sign(g->sq_x[sq] - g->sq_x[prev]), dy = sign(g->sq_y[sq] - g->sq_y[prev]);
            g->line_next[prev * 9 + direction(dx, dy)] = (int16_t)sq;
            g->line_next[sq * 9 + direction(-dx, -dy)] = (int16_t)prev;
        }
    }
    g->line_start[def->nlines] = (uint16_t)n;
    /* The lines through each point, in the spec's order: counted, then filled. */
    size_t at = 0;
    for (int s = 0; s < g->nsq; s++) {
        g->lines_at_start[s] = (uint16_t)at;
        for (int i = 0; i < def->nlines; i++)
            for (int k = g->line_start[i]; k < g->line_start[i + 1]; k++)
                if (g->line_sq[k] == s) g->lines_at[at++] = (uint16_t)i;
    }
    g->lines_at_start[g->nsq] = (uint16_t)at;
    g->nlines = def->nlines;
    return true;
}

int eg_walk_points(const ggn_game *g, int from, int dx, int dy, bool repeat, int times, bool to_any, uint16_t *out,
                   const bool *on)
{
    int n = 0;
    if (on && !on[from]) return 0;
    if (to_any) {
        for (int s = 0; s < g->nsq && n < 255; s++) {
            if (s == from || !g->enabled[s] || (on && !on[s])) continue;
            if (out) out[n] = (uint16_t)s;
            n++;
        }
        return n;
    }
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (!dx && !dy)) return 0; /* the reader keeps steps to one point */
    for (int at = from;;) {
        at = g->line_next[at * 9 + direction(dx, dy)];
        if (at == EG_NONE || (on && !on[at])) break;
        if (out) out[n] = (uint16_t)at;
        n++;
        if (!repeat || (times > 0 && n >= times) || n >= 255) break;
    }
    return n;
}

/* Does every point of line i hold a piece of player? */
static bool line_full(const ggn_position *pos, int i, int player)
{
    const ggn_game *g = pos->g;
    for (int k = g->line_start[i]; k < g->line_start[i + 1]; k++)
        if (pos->side_at[g->line_sq[k]] != player) return false;
    return true;
}

bool eg_in_full_line(const ggn_position *pos, int sq)
{
    const ggn_game *g = pos->g;
    int player = pos->side_at[sq];
    if (!g->nlines || player == EG_EMPTY_SIDE) return false;
    for (int k = g->lines_at_start[sq]; k < g->lines_at_start[sq + 1]; k++)
        if (line_full(pos, g->lines_at[k], player)) return true;
    return false;
}
