/*
 * mcts_playout.c — the Monte Carlo player's playouts (docs/ai.md,
 * "Playouts"): random games whose moves follow a few general rules before
 * chance, each switched on by what the spec says the game is.
 *
 * - Group capture (extension group_capture): a move that captures an enemy
 *   group left in atari next to the last move is played first; then a move
 *   that saves one of the mover's groups that the last move put in atari, by
 *   capturing or by extending to its one liberty when that leaves it two or
 *   more; else a random move, but never into the mover's own true eye (a
 *   point walled by the mover's stones whose diagonals the opponent holds at
 *   most one of, none on the edge) nor a pass, while another move exists.
 * - Winning rows (game_end "lines" that win): a drop that completes one of
 *   the mover's rows is played at once; else a drop on a point where the
 *   opponent would complete one is played to block it. The points looked at
 *   are the ends of the rows through the last two moves, so a ply costs a
 *   few short walks.
 *
 * Every move the rules choose is first found in the ply's legal list, so a
 * playout plays only legal moves (ko and superko included) whatever the
 * rules suggest. The policy's own random stream is the playout's.
 */
#include "mcts/mcts_playout.h"

#include "engine/engine.h"
#include "engine/playout_tactics.h"

/* xorshift64*, as the playouts of src/api/playout.c. */
static uint64_t next_random(uint64_t *state)
{
    if (*state == 0) *state = 0x9E3779B97F4A7C15u;
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

static size_t uniform_below(uint64_t *state, size_t n)
{
    return (size_t)(((next_random(state) >> 32) * (uint64_t)n) >> 32);
}

mc_playout_policy mc_playout_policy_for(const ggn_game *game, int playouts)
{
    mc_playout_policy p = { .base = GGN_PLAYOUT_UNIFORM };
    if (playouts == GGN_MCTS_PLAYOUTS_UNIFORM) return p;
    if (playouts == GGN_MCTS_PLAYOUTS_KEEP_EYES) {
        p.base = GGN_PLAYOUT_KEEP_EYES;
        return p;
    }
    p.base = ggn_game_playout_policy(game);
    p.groups = game->group_capture && game->nbr;
    p.rows = eg_game_has_winning_lines(game);
    return p;
}

/* The index in the legal list of the drop (not a swap) on sq, or -1. */
static long drop_on(const ggn_position *pos, const eg_legal_cache *c, int sq)
{
    for (size_t i = 0; i < c->nmoves; i++) {
        ggn_move m = c->moves[i];
        if (m.from == EG_DROP_FROM && m.to == sq && !eg_is_swap(pos->g, m)) return (long)i;
    }
    return -1;
}

/* The square of the drop made k moves ago (1: the last) and who made it; -1 when it was no drop or there is none. */
static int drop_back(const ggn_position *pos, int k, int *who)
{
    if (pos->nundo < k) return -1;
    const eg_undo *u = &pos->undo[pos->nundo - k];
    if (u->move.from != EG_DROP_FROM || eg_is_swap(pos->g, u->move)) return -1;
    *who = pos->g->def->order[u->turn];
    return u->move.to;
}

/*
 * Is sq a true eye of `mover`: an empty point whose every orthogonal
 * neighbour is the mover's stone or off the board, and whose diagonals hold
 * fewer than two of the opponent's stones (none when a diagonal is off the
 * board)? A point walled but false is left to chance: it is often where the
 * wall must be joined.
 */
static bool true_eye(const ggn_position *pos, int sq, int mover)
{
    const ggn_game *g = pos->g;
    for (int d = 0; d < 4; d++) {
        int nb = g->nbr[sq][d];
        if (nb != EG_NONE && pos->side_at[nb] != mover) return false;
    }
    static const int8_t diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    int enemy = 0, off = 0;
    for (int d = 0; d < 4; d++) {
        int s = eg_offset(g, sq, diag[d][0], diag[d][1]);
        if (s == EG_NONE) off = 1;
        else if (pos->side_at[s] != EG_EMPTY_SIDE && pos->side_at[s] != mover) enemy++;
    }
    return enemy + off < 2;
}

/* A move the group policy plays only when nothing else is left: a pass, or a drop on the mover's true eye. */
static bool held_back(const ggn_position *pos, ggn_move m, int mover)
{
    if (eg_is_pass(pos->g, m)) return true;
    return m.from == EG_DROP_FROM && !eg_is_swap(pos->g, m) && m.to < pos->g->nsq && true_eye(pos, m.to, mover);
}

/* Uniform among the moves not held back (a few draws first, then a count), as src/api/playout.c's eye rule. */
static ggn_move free_move(const ggn_position *pos, const eg_legal_cache *c, uint64_t *rng, int mover)
{
    for (int tries = 0; tries < 4; tries++) {
        ggn_move m = c->moves[uniform_below(rng, c->nmoves)];
        if (!held_back(pos, m, mover)) return m;
    }
    size_t free_moves = 0, pass = c->nmoves;
    for (size_t i = 0; i < c->nmoves; i++) {
        if (!held_back(pos, c->moves[i], mover)) free_moves++;
        else if (eg_is_pass(pos->g, c->moves[i])) pass = i;
    }
    if (free_moves == 0) return c->moves[pass < c->nmoves ? pass : uniform_below(rng, c->nmoves)];
    size_t pick = uniform_below(rng, free_moves);
    for (size_t i = 0;; i++)
        if (!held_back(pos, c->moves[i], mover) && pick-- == 0) return c->moves[i];
}

/* Appends the legal drop on sq to cand[] (room for 8) unless it is there already. */
static void add_candidate(const ggn_position *pos, const eg_legal_cache *c, int sq, long *cand, int *n)
{
    long i = drop_on(pos, c, sq);
    if (i < 0 || *n >= 8) return;
    for (int k = 0; k < *n; k++)
        if (cand[k] == i) return;
    cand[(*n)++] = i;
}

/*
 * Does dropping on sq (the legal move c->moves[i]) leave the mover's stone
 * with two liberties or more? Made and unmade to see, with captures counted:
 * asked only of a group in atari, a few times a game.
 */
static bool extends_out(ggn_position *pos, const eg_legal_cache *c, long i)
{
    ggn_move m = c->moves[i];
    if (!eg_make_generated(pos, m)) return false;
    int libs[2];
    bool out = eg_group_liberties(pos, m.to, 2, libs) >= 2;
    ggn_position_unmake(pos);
    return out;
}

/*
 * The capture-first rule: a legal move that captures an enemy group in
 * atari beside the last move (or the last stone itself), else one that
 * saves a group of the mover's put in atari by it. Writes *out and returns
 * true when there is one. A test move of extends_out is unmade before c
 * is read again; it marks the list stale, so the caller fetches it anew.
 */
static bool group_move(ggn_position *pos, const eg_legal_cache *c, uint64_t *rng, int mover, ggn_move *out)
{
    const ggn_game *g = pos->g;
    int who, last = drop_back(pos, 1, &who);
    if (last < 0 || last >= g->nsq || pos->side_at[last] == EG_EMPTY_SIDE) return false;
    long capture[8], save[8];
    int ncapture = 0, nsave = 0, libs[2];
    int around[5] = { last, g->nbr[last][0], g->nbr[last][1], g->nbr[last][2], g->nbr[last][3] };
    for (int k = 0; k < 5; k++) {
        int s = around[k];
        if (s == EG_NONE || pos->side_at[s] == EG_EMPTY_SIDE) continue;
        if (eg_group_liberties(pos, s, 2, libs) != 1) continue;
        if (pos->side_at[s] != mover) add_candidate(pos, c, libs[0], capture, &ncapture);
        else add_candidate(pos, c, libs[0], save, &nsave);
    }
    if (ncapture) {
        *out = c->moves[capture[uniform_below(rng, (size_t)ncapture)]];
        return true;
    }
    for (int k = 0; k < nsave; k++) {
        /* The test move clears the position's cache flags but leaves the list's memory as it was. */
        ggn_move m = c->moves[save[k]];
        if (extends_out(pos, c, save[k])) {
            *out = m;
            return true;
        }
    }
    return false;
}

/*
 * The rows rule: a legal drop completing one of the mover's winning rows,
 * else one on a point where the opponent who moved last would complete one.
 * The points tried are the first empty ones at both ends of the rows through
 * the last two drops, along every direction of every winning lines rule.
 */
static bool row_move(const ggn_position *pos, const eg_legal_cache *c, int mover, ggn_move *out)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    int block = -1;
    for (int back = 1; back <= 2; back++) {
        int who, from = drop_back(pos, back, &who);
        if (from < 0 || from >= g->nsq || pos->side_at[from] != who) continue;
        for (int r = 0; r < e->nlines; r++) {
            const sd_line *line = &e->lines[r];
            if (line->result != SD_RESULT_WIN) continue;
            for (int d = 0; d < line->ndirs; d++)
                for (int sign = -1; sign <= 1; sign += 2) {
                    int dx = sign * line->dirs[d][0], dy = sign * line->dirs[d][1], s = from;
                    while (s != EG_NONE && pos->side_at[s] == who) s = eg_offset(g, s, dx, dy);
                    if (s == EG_NONE || pos->piece_at[s] || !eg_drop_makes_row(pos, s, who)) continue;
                    long i = drop_on(pos, c, s);
                    if (i < 0) continue;
                    if (who == mover) {
                        *out = c->moves[i];
                        return true;
                    }
                    if (block < 0) block = (int)i;
                }
        }
    }
    /* A win of the mover's own through the last drop's rows (another row of the opponent's end) is
       looked for above before any block is taken. */
    if (block < 0) return false;
    *out = c->moves[block];
    return true;
}

size_t mc_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, const mc_playout_policy *policy, ggn_status *end)
{
    if (!policy->groups && !policy->rows) return ggn_position_playout_with(pos, rng, max_plies, policy->base, end);
    size_t plies = 0;
    ggn_status st = ggn_position_status(pos);
    while (st.outcome == GGN_ONGOING && plies < max_plies) {
        eg_legal_cache *c = eg_legal_list(pos);
        if (c->nmoves == 0) break;
        int mover = eg_player_to_move(pos);
        ggn_move move;
        bool chosen = policy->rows && row_move(pos, c, mover, &move);
        if (!chosen && policy->groups) {
            chosen = group_move(pos, c, rng, mover, &move);
            /* A test move of group_move clears the position's cache: its list is made again. */
            c = eg_legal_list(pos);
            if (!chosen) move = free_move(pos, c, rng, mover);
        } else if (!chosen) {
            move = c->moves[uniform_below(rng, c->nmoves)];
        }
        if (!eg_make_generated(pos, move)) break; /* the undo stack is full: GGN_MAX_PLY */
        plies++;
        st = ggn_position_status(pos);
    }
    if (end) *end = st;
    return plies;
}
