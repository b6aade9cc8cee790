/*
 * goal_line.c — game_end's "lines" (k in a row) and "connections" (a chain
 * of a player's pieces joining two regions), docs/game-spec.md "Rows,
 * connections and gravity".
 *
 * Both are judged where they can have changed: after a move, only through
 * the squares that move changed (the undo record's cells) — a row or a
 * chain that the move did not touch was there before, and the game would
 * have ended then. A position with no move behind it (set up, or read from
 * FEN), or a move whose record may be incomplete, is judged on the whole
 * board. So a placement costs a few short walks from its point.
 */
#include "engine.h"

/* The neighbours of a cell: the first four on square cells, all six on hexagonal ones. */
static const int8_t neighbour[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};

int eg_neighbours(const ggn_game *g) { return g->def->cells == SD_CELLS_HEX ? 6 : 4; }

int eg_neighbour(const ggn_game *g, int sq, int i)
{
    return eg_offset(g, sq, neighbour[i][0], neighbour[i][1]);
}

/* Is a piece of player p of the rule's kinds on sq? */
static inline bool own(const ggn_position *pos, int sq, int p, unsigned long long kinds)
{
    return sq != EG_NONE && pos->piece_at[sq] && pos->side_at[sq] == p && ((kinds >> pos->kind_at[sq]) & 1);
}

int eg_changed_squares(const ggn_position *pos, int *sq)
{
    if (pos->nundo == 0) return -1;
    const eg_undo *u = &pos->undo[pos->nundo - 1];
    if (u->ncell >= EG_MAX_UNDO_CELLS || u->nchain) return -1; /* the record may not name every square */
    for (int i = 0; i < u->ncell; i++) sq[i] = u->cell[i].sq;
    return u->ncell;
}

/*
 * The next square from each square along each direction of each line rule,
 * and back (EG_NONE off the board): [rule's first direction + d][2][nsq], the
 * rules' directions one after another. A row's walk then reads one entry a
 * step instead of computing the square from its coordinates.
 */
bool eg_compile_rows(ggn_game *g)
{
    const sd_game_end *e = &g->def->end;
    size_t ndirs = 0;
    for (int r = 0; r < e->nlines; r++) ndirs += (size_t)e->lines[r].ndirs;
    if (ndirs == 0) return true;
    g->row_next = sd_arena_alloc(g->arena, ndirs * 2 * (size_t)g->nsq, sizeof *g->row_next);
    if (!g->row_next) return false;
    int16_t *t = g->row_next;
    for (int r = 0; r < e->nlines; r++) {
        for (int d = 0; d < e->lines[r].ndirs; d++) {
            for (int sense = 1; sense >= -1; sense -= 2) {
                int dx = sense * e->lines[r].dirs[d][0], dy = sense * e->lines[r].dirs[d][1];
                for (int sq = 0; sq < g->nsq; sq++) t[sq] = (int16_t)eg_offset(g, sq, dx, dy);
                t += g->nsq;
            }
        }
    }
    return true;
}

/* The length of the row of p's pieces through sq: next[] steps one way along it, back[] the other. */
static inline int row_through(const ggn_position *pos, const int16_t *next, const int16_t *back, int sq, int p,
                              unsigned long long kinds)
{
    int n = 1;
    for (int s = next[sq]; own(pos, s, p, kinds); s = next[s]) n++;
    for (int s = back[sq]; own(pos, s, p, kinds); s = back[s]) n++;
    return n;
}

static bool row_counts(const sd_line *line, int n)
{
    return line->exact ? n == line->length : n >= line->length;
}

/* Does the row through sq along next/back (whoever's piece stands there) make the rule? Bit of its owner. */
static unsigned row_at(const ggn_position *pos, const sd_line *line, const int16_t *next, const int16_t *back, int sq)
{
    if (sq == EG_NONE || !pos->piece_at[sq] || !((line->kinds >> pos->kind_at[sq]) & 1)) return 0;
    int p = pos->side_at[sq];
    return row_counts(line, row_through(pos, next, back, sq, p, line->kinds)) ? 1u << p : 0;
}

/* The players (bit p) with a row of the rule; table: its directions' part of g->row_next. */
static unsigned rows_made(const ggn_position *pos, const sd_line *line, const int16_t *table)
{
    const ggn_game *g = pos->g;
    int sq[EG_MAX_UNDO_CELLS], n = eg_changed_squares(pos, sq);
    unsigned found = 0;
    if (n >= 0 && !line->exact) {
        /* Square by square, each checked once: the rows through it are its piece's, and one is enough. */
        size_t nsq = (size_t)g->nsq;
        for (int i = 0; i < n; i++) {
            int s = sq[i];
            if (!pos->piece_at[s] || !((line->kinds >> pos->kind_at[s]) & 1)) continue;
            int p = pos->side_at[s];
            if ((found >> p) & 1) continue;
            for (int d = 0; d < line->ndirs; d++) {
                const int16_t *next = table + (size_t)(2 * d) * nsq;
                if (row_through(pos, next, next + nsq, s, p, line->kinds) >= line->length) {
                    found |= 1u << p;
                    break;
                }
            }
        }
        return found;
    }
    for (int d = 0; d < line->ndirs; d++) {
        const int16_t *next = table + (size_t)(2 * d) * (size_t)g->nsq, *back = next + g->nsq;
        if (n < 0) {
            /* The whole board: each row once, from the square it starts on. */
            for (int s = 0; s < g->nsq; s++) {
                if (!pos->piece_at[s]) continue;
                if (own(pos, back[s], pos->side_at[s], line->kinds)) continue;
                found |= row_at(pos, line, next, back, s);
            }
            continue;
        }
        for (int i = 0; i < n; i++) {
            found |= row_at(pos, line, next, back, sq[i]);
            /* A piece removed from the end of an overline can leave a row of exactly the length. */
            if (line->exact) found |= row_at(pos, line, next, back, next[sq[i]]) |
                                      row_at(pos, line, next, back, back[sq[i]]);
        }
    }
    return found;
}

/* Does the chain of p's pieces through the seeds join both regions of c? seen[] is cleared by the caller. */
static bool joins(const ggn_position *pos, const sd_connection *c, int p, const int *seed, int nseed, bool *seen)
{
    const ggn_game *g = pos->g;
    const bool *a = g->named_sq + ((size_t)c->region[0] * (size_t)g->nplayers + (size_t)p) * (size_t)g->nsq;
    const bool *b = g->named_sq + ((size_t)c->region[1] * (size_t)g->nplayers + (size_t)p) * (size_t)g->nsq;
    int stack[GGN_MAX_SQUARES], nnb = eg_neighbours(g);
    for (int i = 0; i < nseed; i++) {
        if (seen[seed[i]] || !own(pos, seed[i], p, c->kinds)) continue;
        /* One chain: does it touch both regions? */
        bool in_a = false, in_b = false;
        int top = 0;
        stack[top++] = seed[i];
        seen[seed[i]] = true;
        while (top) {
            int s = stack[--top];
            in_a = in_a || a[s];
            in_b = in_b || b[s];
            for (int k = 0; k < nnb; k++) {
                int t = eg_neighbour(g, s, k);
                if (t != EG_NONE && !seen[t] && own(pos, t, p, c->kinds)) {
                    seen[t] = true;
                    stack[top++] = t;
                }
            }
        }
        if (in_a && in_b) return true;
    }
    return false;
}

/* The players (bit p) whose pieces join the rule's regions. */
static unsigned chains_made(const ggn_position *pos, const sd_connection *c)
{
    const ggn_game *g = pos->g;
    int changed[EG_MAX_UNDO_CELLS], n = eg_changed_squares(pos, changed);
    int all[GGN_MAX_SQUARES];
    const int *seed = changed;
    if (n < 0) {
        n = 0;
        for (int s = 0; s < g->nsq; s++)
            if (pos->piece_at[s]) all[n++] = s;
        seed = all;
    }
    unsigned found = 0;
    for (int p = 0; p < g->nplayers; p++) {
        bool seen[GGN_MAX_SQUARES] = { false };
        if (joins(pos, c, p, seed, n, seen)) found |= 1u << p;
    }
    return found;
}

/* The first player of `found` in the order rules are judged: the one who moved last, then in turn order. */
static int first_judged(const ggn_position *pos, unsigned found)
{
    const sd_game *def = pos->g->def;
    int last = (pos->turn + def->norder - 1) % def->norder;
    for (int i = 0; i < def->norder; i++) {
        int p = def->order[(last + i) % def->norder];
        if ((found >> p) & 1) return p;
    }
    return -1;
}

static void decide(const ggn_position *pos, ggn_status *st, ggn_outcome outcome, int p, int rule, sd_result r)
{
    if (!st) return;
    st->outcome = outcome;
    st->player = p;
    st->rule = rule;
    st->kind = -1;
    st->draw = r == SD_RESULT_DRAW;
    if (r == SD_RESULT_WIN) st->winner = p;
    else if (r == SD_RESULT_DRAW) st->winner = -1;
    else st->winner = pos->g->nplayers == 2 ? 1 - p : eg_winner_over(pos, p);
}

bool eg_shape_decided(const ggn_position *pos, ggn_status *st)
{
    const sd_game_end *e = &pos->g->def->end;
    const int16_t *table = pos->g->row_next;
    for (int r = 0; r < e->nlines; r++) {
        int p = first_judged(pos, rows_made(pos, &e->lines[r], table));
        table += (size_t)(2 * e->lines[r].ndirs) * (size_t)pos->g->nsq;
        if (p < 0) continue;
        decide(pos, st, GGN_LINE, p, r, e->lines[r].result);
        return true;
    }
    for (int r = 0; r < e->nconnections; r++) {
        int p = first_judged(pos, chains_made(pos, &e->connections[r]));
        if (p < 0) continue;
        decide(pos, st, GGN_CONNECTION, p, r, e->connections[r].result);
        return true;
    }
    for (int r = 0; r < e->nunited; r++) {
        int p = first_judged(pos, eg_united_players(pos, &e->united[r]));
        if (p < 0) continue;
        decide(pos, st, GGN_UNITED, p, r, e->united[r].result);
        return true;
    }
    for (int r = 0; r < e->nenclosed; r++) {
        int p = first_judged(pos, eg_enclosed_players(pos, &e->enclosed[r]));
        if (p < 0) continue;
        decide(pos, st, GGN_ENCLOSED, p, r, e->enclosed[r].result);
        return true;
    }
    for (int r = 0; r < e->nforts; r++) {
        int p = first_judged(pos, eg_fort_players(pos, &e->forts[r]));
        if (p < 0) continue;
        decide(pos, st, GGN_FORT, p, r, e->forts[r].result);
        return true;
    }
    return false;
}

ggn_cells ggn_game_cells(const ggn_game *game)
{
    return game->def->cells == SD_CELLS_HEX ? GGN_CELLS_HEX : GGN_CELLS_SQUARE;
}

int eg_swap_stone(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    const sd_game *def = g->def;
    /* Open to the player who moves second from the start, while the board holds one stone, not its own. */
    if (!g->swap || eg_player_to_move(pos) != def->order[(def->start_at + 1) % def->norder]) return EG_NONE;
    int stone = EG_NONE;
    for (int id = 1; id < pos->npiece; id++) {
        if (pos->piece[id].sq == EG_NONE) continue;
        if (stone != EG_NONE || pos->piece[id].owner == eg_player_to_move(pos)) return EG_NONE;
        stone = pos->piece[id].sq;
    }
    if (stone == EG_NONE || g->def->kinds[pos->kind_at[stone]].ndrops == 0) return EG_NONE;
    return stone;
}

size_t eg_generate_swap(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int stone = eg_swap_stone(pos);
    if (stone == EG_NONE) return n;
    int x = g->sq_x[stone], y = g->sq_y[stone];
    const sd_game *def = g->def;
    int to = eg_square(g, def->swap_reflect[0][0] * x + def->swap_reflect[0][1] * y,
                       def->swap_reflect[1][0] * x + def->swap_reflect[1][1] * y); /* the reader checked it is one */
    if (to == EG_NONE) return n;
    if (n < cap) buf[n] = (ggn_move){ .from = EG_DROP_FROM, .to = (uint16_t)to, .pattern = pos->kind_at[stone],
                                      .action = 0, .promotion = 0, .modifier = EG_SWAP };
    return n + 1;
}
