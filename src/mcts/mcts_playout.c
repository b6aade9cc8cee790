/*
 * mcts_playout.c — the Monte Carlo player's playouts (docs/ai.md, "The
 * player's playout rules"): random games whose moves follow a few general
 * rules before chance, each switched on by a mechanism of the spec.
 *
 * - Group capture (extension group_capture): a drop that captures an enemy
 *   group in atari beside the last move is played first; then one that
 *   saves a group of the mover's the last move put in atari, by extending
 *   to its liberty when that leaves it two or more; else a random move, but
 *   never into the mover's own true eye (a point walled by the mover's
 *   stones whose diagonals the opponent holds at most one of, none on the
 *   edge), nor a pass, nor (when drawn lazily) a drop joining a group into
 *   atari, while another move exists.
 * - Winning rows (game_end "lines" that win): a drop that completes one of
 *   the mover's rows is played at once; else a drop on a point where the
 *   opponent would complete one is played to block it. The points looked at
 *   are the ends of the rows through the last two moves, so a ply costs a
 *   few short walks.
 * - Converting pieces (two players, neither of the above): half the plies
 *   play the best of a few sampled moves by the material after them.
 *
 * Every move the rules choose is legal: found in the ply's legal list, or in
 * the lazy list and tested alone (ko and superko included). The same rules
 * give the tree its hints (mc_playout_hints). The policy's random stream is
 * the playout's.
 */
#include "mcts/mcts_playout.h"

#include "engine/engine.h"
#include "engine/playout_tactics.h"
#include "engine/random.h"
#include "ggn/search.h"

/*
 * The moves a ply chooses from: the legal list, or (lazy) the pseudo-legal
 * moves before the group rules' filter, each of which is then tested alone
 * (eg_group_forbids: suicide and superko) before it is played. The legal
 * list of a game with superko makes and unmakes every drop to compare
 * boards; the lazy list tests the one or two moves a ply looks at.
 */
typedef struct ply_list {
    const ggn_move *moves;
    size_t n;
    bool lazy;
} ply_list;

static bool playable(ggn_position *pos, const ply_list *l, size_t i)
{
    return !l->lazy || !eg_group_forbids(pos, l->moves[i]);
}

/* The index in the list of the playable drop (not a swap) on sq, or -1. */
static long drop_on(ggn_position *pos, const ply_list *l, int sq)
{
    for (size_t i = 0; i < l->n; i++) {
        ggn_move m = l->moves[i];
        if (m.from == EG_DROP_FROM && m.to == sq && !eg_is_swap(pos->g, m)) return playable(pos, l, i) ? (long)i : -1;
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

/* Uniform among the legal moves not held back, as src/api/playout.c's eye rule (eg_draw_not_held_back). */
static ggn_move free_move(const ggn_position *pos, const eg_legal_cache *c, uint64_t *rng, int mover)
{
    return eg_draw_not_held_back(pos, c->moves, c->nmoves, rng, held_back, mover);
}

/*
 * Would a drop of the mover's on sq join one of its groups into a group in
 * atari (one liberty), capturing nothing? The liberties counted are sq's
 * empty neighbours and those of the mover's groups beside it, sq aside; a
 * neighbour enemy group in atari would be captured, which opens liberties,
 * so such a drop is never counted. A lone stone put in atari is not
 * counted either: throw-ins and the stones that spoil an eye are such.
 */
static bool joins_into_atari(const ggn_position *pos, int sq, int mover)
{
    const ggn_game *g = pos->g;
    /* Most points answer before any group is walked: two empty neighbours are two liberties, and a
       point beside none of the mover's stones joins nothing. */
    int empty = 0, own = 0;
    for (int d = 0; d < 4; d++) {
        int nb = g->nbr[sq][d];
        if (nb == EG_NONE) continue;
        empty += pos->side_at[nb] == EG_EMPTY_SIDE;
        own += pos->side_at[nb] == mover;
    }
    if (empty >= 2 || own == 0) return false;
    int seen[4], n = 0, libs[3];
    bool joins = false;
    for (int d = 0; d < 4; d++) {
        int nb = g->nbr[sq][d];
        if (nb == EG_NONE) continue;
        int k = 0;
        if (pos->side_at[nb] == EG_EMPTY_SIDE) {
            libs[k++] = nb;
        } else if (pos->side_at[nb] == mover) {
            joins = true;
            k = eg_group_liberties(pos, nb, 3, libs);
        } else if (eg_group_liberties(pos, nb, 2, libs) == 1) {
            return false;
        }
        for (int i = 0; i < k; i++) {
            if (libs[i] == sq) continue;
            bool known = false;
            for (int j = 0; j < n; j++) known |= seen[j] == libs[i];
            if (known) continue;
            if (n == 1) return false; /* a second liberty */
            seen[n++] = libs[i];
        }
    }
    return joins;
}

/*
 * free_move on a lazy list: draws from the pseudo-legal moves until one is
 * neither held back, nor a drop joining a group into atari, nor forbidden.
 * A draw thrown away leaves the kept one uniform among the rest; false after
 * LAZY_DRAWS draws (few such moves left), and the ply then takes the legal
 * list.
 */
#define LAZY_DRAWS 16
static bool lazy_free_move(ggn_position *pos, const ply_list *l, uint64_t *rng, int mover, ggn_move *out)
{
    for (int tries = 0; tries < LAZY_DRAWS && l->n; tries++) {
        size_t i = eg_random_below(rng, l->n);
        ggn_move m = l->moves[i];
        if (held_back(pos, m, mover) || (m.from == EG_DROP_FROM && joins_into_atari(pos, m.to, mover)) ||
            !playable(pos, l, i))
            continue;
        *out = l->moves[i];
        return true;
    }
    return false;
}

/* Appends the playable drop on sq to cand[] (room for 8) unless it is there already. */
static void add_candidate(ggn_position *pos, const ply_list *l, int sq, long *cand, int *n)
{
    for (int k = 0; k < *n; k++)
        if (l->moves[cand[k]].to == sq) return;
    long i = drop_on(pos, l, sq);
    if (i < 0 || *n >= 8) return;
    cand[(*n)++] = i;
}

/*
 * Does the drop m (legal) leave the mover's stone with two liberties or
 * more? Made and unmade to see, with captures counted: asked only of a
 * group in atari, a few times a game.
 */
static bool extends_out(ggn_position *pos, ggn_move m)
{
    if (!eg_make_generated(pos, m)) return false;
    int libs[2];
    bool out = eg_group_liberties(pos, m.to, 2, libs) >= 2;
    ggn_position_unmake(pos);
    return out;
}

/*
 * The capture-first rule: a playable move that captures an enemy group in
 * atari beside the last move (or the last stone itself), else one that
 * saves a group of the mover's put in atari by it. Writes *out and returns
 * true when there is one. A test move of extends_out marks the position's
 * cached list stale (its memory unchanged): a full list is fetched anew.
 */
static bool group_move(ggn_position *pos, const ply_list *l, uint64_t *rng, int mover, ggn_move *out)
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
        if (pos->side_at[s] != mover) add_candidate(pos, l, libs[0], capture, &ncapture);
        else add_candidate(pos, l, libs[0], save, &nsave);
    }
    if (ncapture) {
        *out = l->moves[capture[eg_random_below(rng, (size_t)ncapture)]];
        return true;
    }
    for (int k = 0; k < nsave; k++) {
        ggn_move m = l->moves[save[k]];
        if (extends_out(pos, m)) {
            *out = m;
            return true;
        }
    }
    return false;
}

/*
 * The rows rule: a playable drop completing one of the mover's winning
 * rows, else one on a point where the opponent who moved last would
 * complete one. The points tried are the first empty ones at both ends of
 * the rows through the last two drops, along every direction of every
 * winning lines rule.
 */
static bool row_move(ggn_position *pos, const ply_list *l, int mover, ggn_move *out)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    long block = -1;
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
                    if (who != mover && block >= 0) continue;
                    long i = drop_on(pos, l, s);
                    if (i < 0) continue;
                    if (who == mover) {
                        *out = l->moves[i];
                        return true;
                    }
                    block = i;
                }
        }
    }
    /* A win of the mover's own (through its drop two plies back) is looked for before any block is taken. */
    if (block < 0) return false;
    *out = l->moves[block];
    return true;
}

mc_playout_policy mc_playout_policy_for(const ggn_game *game, int playouts)
{
    mc_playout_policy p = { .base = GGN_PLAYOUT_UNIFORM };
    if (playouts == GGN_MCTS_PLAYOUTS_UNIFORM) return p;
    if (playouts == GGN_MCTS_PLAYOUTS_KEEP_EYES) {
        p.base = GGN_PLAYOUT_KEEP_EYES;
        return p;
    }
    const ggn_game *g = game;
    const sd_draw *draw = &g->def->draw;
    p.base = ggn_game_playout_policy(game);
    p.groups = g->group_capture && g->nbr;
    p.rows = eg_game_has_winning_lines(g);
    p.greedy = g->converts && g->nplayers == 2 && !p.groups && !p.rows;
    /*
     * The lazy lists are exact only where the legal list is the pseudo-legal
     * list less what the group rules forbid, plus the pass: no other filter
     * of the end rules, no parts of turns, no leader, no forced pass. And a
     * playout skips the status between its drops (the game_end rules are
     * judged, nothing else): so no draw rule may end the game there either.
     */
    p.lazy = p.groups && !g->parts && !g->no_giving_check && !g->moves_giving_check_illegal && !g->forced_capture &&
             g->leader == EG_NONE && !g->pass_forced && !g->elimination && draw->repetition_count == 0 &&
             draw->fifty_move_halfmoves == 0 && draw->ninsufficient == 0 && draw->ndead == 0;
    return p;
}

/* One ply's move under the policy, from the legal list (the position's cached one). */
static ggn_move full_move(ggn_position *pos, const mc_playout_policy *policy, uint64_t *rng, int mover)
{
    eg_legal_cache *c = eg_legal_list(pos);
    ply_list l = { c->moves, c->nmoves, false };
    ggn_move move;
    if (policy->rows && row_move(pos, &l, mover, &move)) return move;
    if (policy->groups) {
        if (group_move(pos, &l, rng, mover, &move)) return move;
        c = eg_legal_list(pos); /* a test move of group_move left the list stale */
        return free_move(pos, c, rng, mover);
    }
    return c->moves[eg_random_below(rng, c->nmoves)];
}

/*
 * The lazy playout (policy->lazy): between drops the status is only the
 * game_end rules' verdict (eg_decided, what ggn_position_status asks first);
 * a ply whose lazy list yields nothing — no move left but held-back ones or
 * the pass, or LAZY_DRAWS draws all refused — reads the full status and the
 * legal list, as the plain loop does. The status returned is
 * ggn_position_status's.
 */
static size_t lazy_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, const mc_playout_policy *policy,
                           ggn_status *end)
{
    const ggn_game *g = pos->g;
    ggn_move buf[GGN_MAX_MOVES];
    size_t plies = 0;
    while (plies < max_plies) {
        if (g->end_rules && eg_decided(pos, NULL)) break;
        int mover = eg_player_to_move(pos);
        size_t n = eg_generate_all(pos, buf, GGN_MAX_MOVES);
        if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
        ply_list l = { buf, eg_filter_legal_all(pos, buf, n), true };
        ggn_move move;
        bool chosen = (policy->rows && row_move(pos, &l, mover, &move)) ||
                      group_move(pos, &l, rng, mover, &move) || lazy_free_move(pos, &l, rng, mover, &move);
        if (!chosen) {
            if (ggn_position_status(pos).outcome != GGN_ONGOING) break;
            if (eg_legal_list(pos)->nmoves == 0) break;
            move = full_move(pos, policy, rng, mover);
        }
        if (!eg_make_generated(pos, move)) break; /* the undo stack is full: GGN_MAX_PLY */
        plies++;
    }
    if (end) *end = ggn_position_status(pos);
    return plies;
}

void mc_playout_hints(ggn_position *pos, const mc_playout_policy *policy, const ggn_move *moves, size_t n,
                      int8_t *hint)
{
    for (size_t i = 0; i < n; i++) hint[i] = 0;
    if (!policy->groups && !policy->rows) return;
    int mover = eg_player_to_move(pos);
    eg_legal_cache *c = eg_legal_list(pos);
    ply_list l = { c->moves, c->nmoves, false };
    ggn_move chosen;
    /* The rules' choice, found as a playout would (the capture-first rule draws among several captures: each
       is found by asking with a few streams). */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        uint64_t rng = seed;
        bool found = (policy->rows && row_move(pos, &l, mover, &chosen)) ||
                     (policy->groups && group_move(pos, &l, &rng, mover, &chosen));
        c = eg_legal_list(pos); /* a test move of group_move left it stale */
        l.moves = c->moves;
        l.n = c->nmoves;
        if (!found) break;
        for (size_t i = 0; i < n; i++)
            if (ggn_move_equal(moves[i], chosen)) hint[i] = 1;
    }
    if (!policy->groups) return;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = moves[i];
        if (hint[i]) continue;
        if (held_back(pos, m, mover) ||
            (policy->lazy && m.from == EG_DROP_FROM && m.to < pos->g->nsq && joins_into_atari(pos, m.to, mover)))
            hint[i] = -1;
    }
}

/*
 * The greedy rule (games whose pieces convert others, two players): on half
 * the plies, GREEDY_SAMPLE moves drawn from the legal list are each made and
 * scored by the material after them (ggn_search_evaluate, from the mover's
 * view), and the best is played (the first drawn among equals); on the other
 * half, a uniform move. A conversion game swings on how many pieces a move
 * turns, which uniform playouts ignore.
 */
#define GREEDY_SAMPLE 4
static ggn_move greedy_move(ggn_position *pos, const eg_legal_cache *c, uint64_t *rng)
{
    ggn_move best = c->moves[eg_random_below(rng, c->nmoves)];
    if (c->nmoves < 2 || (eg_random_next(rng) >> 63)) return best;
    int best_score = 0;
    for (int k = 0; k < GREEDY_SAMPLE; k++) {
        ggn_move m = k ? c->moves[eg_random_below(rng, c->nmoves)] : best;
        if (!eg_make_generated(pos, m)) break;
        int score = -ggn_search_evaluate(pos); /* the evaluation is the next player's: the opponent's */
        ggn_position_unmake(pos);
        if (k == 0 || score > best_score) {
            best_score = score;
            best = m;
        }
    }
    return best;
}

static size_t greedy_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_status *end)
{
    size_t plies = 0;
    ggn_status st = ggn_position_status(pos);
    while (st.outcome == GGN_ONGOING && plies < max_plies) {
        const eg_legal_cache *c = eg_legal_list(pos);
        if (c->nmoves == 0) break;
        /* The test makes leave the list's memory as it was (only its cache flags are cleared). */
        ggn_move move = greedy_move(pos, c, rng);
        if (!eg_make_generated(pos, move)) break; /* the undo stack is full: GGN_MAX_PLY */
        plies++;
        st = ggn_position_status(pos);
    }
    if (end) *end = st;
    return plies;
}

size_t mc_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, const mc_playout_policy *policy, ggn_status *end)
{
    if (policy->greedy) return greedy_playout(pos, rng, max_plies, end);
    if (!policy->groups && !policy->rows) return ggn_position_playout_with(pos, rng, max_plies, policy->base, end);
    if (policy->lazy) return lazy_playout(pos, rng, max_plies, policy, end);
    size_t plies = 0;
    ggn_status st = ggn_position_status(pos);
    while (st.outcome == GGN_ONGOING && plies < max_plies) {
        if (eg_legal_list(pos)->nmoves == 0) break;
        ggn_move move = full_move(pos, policy, rng, eg_player_to_move(pos));
        if (!eg_make_generated(pos, move)) break; /* the undo stack is full: GGN_MAX_PLY */
        plies++;
        st = ggn_position_status(pos);
    }
    if (end) *end = st;
    return plies;
}
