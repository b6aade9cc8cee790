/*
 * mcts.c — the Monte Carlo tree search (ggn/mcts.h, docs/ai.md): each
 * iteration descends the tree by UCT, adds the children of the leaf it
 * reaches, plays a random game from there through ggn_position_playout, and
 * adds the result to every node on its way; the solver marks nodes whose
 * result is known for certain and lifts those marks towards the root. With
 * RAVE, every placement of the iteration also counts, as if played first,
 * for the same placement among the children of each node above it.
 *
 * Invariants: a node's children are all moved into by one player, the
 * player to move at the node, so a child's value and proof are read as that
 * player's. Every move made during an iteration is unmade before the next
 * one, so the position is the root between iterations. Between two readings
 * of the clock and the stop flag at most GGN_MCTS_CLOCK_PLIES plies are made.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ggn/action.h"
#include "ggn/search.h"
#include "mcts/mcts_internal.h"
#include "mcts/mcts_playout.h"
#include "engine/random.h"

/* What one search needs beside the player: the root's game, its teams, the clock and the random state. */
typedef struct mc_run {
    ggn_mcts *m;
    ggn_position *pos;
    int nplayers;
    int team[GGN_MAX_PLAYERS];
    int nteams;
    uint64_t rng;
    double start_ms, deadline_ms;   /* deadline 0: none */
    uint64_t node_limit;            /* 0: none */
    double exploration;
    int since_check;                /* plies made since the clock was last read */
    bool halted;
    ggn_mcts_stop why;
    ggn_mcts_result *out;
    mc_playout_policy policy;       /* how the playouts choose their moves (options.playouts) */
    bool hints;                     /* the policy's hints seed new children (mc_playout_hints) */
    /* RAVE (NULL buffers without it): the iteration's moves in order and who made each, and for
       each player and point the first index of the moves from the current node on where the
       player placed there (-1: none), as amaf_update walks the iteration backwards. */
    bool rave;
    double rave_k, rave_exploration;
    ggn_move *seq;
    int8_t *seq_mover;
    int32_t *first;
    int squares;
} mc_run;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* Reads the stop flag and the clock; true (and the reason kept) when the search must end now. */
static bool must_halt(mc_run *R)
{
    if (R->since_check > R->out->max_clock_gap) R->out->max_clock_gap = R->since_check;
    R->since_check = 0;
    if (R->halted) return true;
    if (R->m->stop && atomic_load_explicit(R->m->stop, memory_order_relaxed)) {
        R->halted = true;
        R->why = GGN_MCTS_STOP_FLAG;
    } else if (R->deadline_ms > 0 && now_ms() >= R->deadline_ms) {
        R->halted = true;
        R->why = GGN_MCTS_STOP_TIME;
    }
    return R->halted;
}

/* The result of a finished game for every player: 1 to each member of the winning team, 0.5 each for a draw. */
static void status_rewards(const mc_run *R, const ggn_status *st, double *r)
{
    for (int p = 0; p < R->nplayers; p++)
        r[p] = (st->draw || st->winner < 0) ? 0.5 : R->team[p] == R->team[st->winner] ? 1.0 : 0.0;
}

/*
 * A playout cut before the end: with two teams, a win for the team ahead by
 * GGN_MCTS_CUT_MARGIN centipawns of material (the search's static
 * evaluation), else a draw; with more teams, a draw.
 */
static void cut_rewards(const mc_run *R, double *r)
{
    ggn_status st = { .outcome = GGN_ONGOING, .winner = -1, .draw = true };
    if (R->nteams == 2) {
        int e = ggn_search_evaluate(R->pos), mover = ggn_position_to_move(R->pos);
        int winner = -1;
        if (e >= GGN_MCTS_CUT_MARGIN) winner = mover;
        for (int p = 0; e <= -GGN_MCTS_CUT_MARGIN && p < R->nplayers && winner < 0; p++)
            if (R->team[p] != R->team[mover]) winner = p;
        if (winner >= 0) {
            st.winner = winner;
            st.draw = false;
        }
    }
    status_rewards(R, &st, r);
}

/*
 * A playout stopped after eval_plies (two teams): the full evaluation, from
 * the mover's view, as the mover's team's chance of winning.
 */
static void eval_rewards(const mc_run *R, double *r)
{
    int mover = ggn_position_to_move(R->pos);
    int e = ggn_searcher_evaluate(R->m->evaluator, R->pos);
    double win = 1.0 / (1.0 + exp(-(double)e / GGN_MCTS_EVAL_SCALE));
    for (int p = 0; p < R->nplayers; p++) r[p] = R->team[p] == R->team[mover] ? win : 1.0 - win;
}

/* The result every player gets from a proven node whose proof is `proof` for `mover`. */
static void proof_rewards(const mc_run *R, int proof, int mover, double *r)
{
    for (int p = 0; p < R->nplayers; p++) {
        bool ally = R->team[p] == R->team[mover];
        r[p] = proof == MC_DRAW ? 0.5 : (proof == MC_WIN) == ally ? 1.0 : 0.0;
    }
}

/* A finished game's result as a proof for `mover`. */
static int status_proof(const mc_run *R, const ggn_status *st, int mover)
{
    if (st->draw || st->winner < 0) return MC_DRAW;
    return R->team[st->winner] == R->team[mover] ? MC_WIN : MC_LOSS;
}

/*
 * Gives node `at` (the position now) its children, one per legal move.
 * False when it gets none: the game is over there (the node is then marked
 * terminal), or the pool or the node limit has no room (a playout goes on
 * from the node instead).
 */
static bool expand(mc_run *R, uint32_t at)
{
    ggn_mcts *m = R->m;
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(R->pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    mc_node *node = &m->pool[at];
    if (n == 0) {
        ggn_status st = ggn_position_status(R->pos);
        node->flags |= MC_TERMINAL | MC_EXPANDED;
        node->proof = (uint8_t)status_proof(R, &st, node->mover);
        return false;
    }
    if ((uint64_t)m->used + n > m->capacity) return false;
    if (R->node_limit && (uint64_t)m->used + n > R->node_limit) {
        R->halted = true;
        R->why = GGN_MCTS_STOP_NODES;
        return false;
    }
    int mover = ggn_position_to_move(R->pos);
    node->first_child = m->used;
    node->nchildren = (uint16_t)n;
    node->flags |= MC_EXPANDED;
    for (size_t i = 0; i < n; i++) {
        mc_node *c = &m->pool[m->used + i];
        memset(c, 0, sizeof *c);
        c->move = moves[i];
        c->mover = (int8_t)mover;
    }
    m->used += (uint32_t)n;
    if (R->hints) {
        int8_t hint[GGN_MAX_MOVES];
        mc_playout_hints(R->pos, &R->policy, moves, n, hint);
        for (size_t i = 0; i < n; i++) m->pool[node->first_child + i].hint = hint[i];
    }
    /*
     * With the solver, each child that ends the game is marked at once, so a
     * win in one is seen (and a loss in one avoided) as soon as its parent
     * has children, not after a visit to each of them: one make and status
     * a child, about a fifth of a chess playout's cost for a whole expansion.
     * These makes count towards the clock's plies like any other; a halt
     * leaves the rest unmarked, to be found by visiting them as before.
     */
    bool prior = m->options.prior && R->nteams == 2;
    double weight[GGN_MAX_MOVES], best = -INFINITY;
    size_t seen = 0;
    if (m->options.solver || prior) {
        for (size_t i = 0; i < n; i++) {
            mc_node *c = &m->pool[node->first_child + i];
            if (!ggn_position_make(R->pos, c->move)) break;
            if (m->options.solver) {
                ggn_status st = ggn_position_status(R->pos);
                if (st.outcome != GGN_ONGOING) {
                    c->flags |= MC_TERMINAL | MC_EXPANDED;
                    c->proof = (uint8_t)status_proof(R, &st, c->mover);
                }
            }
            if (prior) {
                /* The material after the move, from the mover's view (the evaluation's is the next player's). */
                int e = ggn_search_evaluate(R->pos);
                bool ally = R->team[ggn_position_to_move(R->pos)] == R->team[mover];
                weight[i] = (double)(ally ? e : -e) / GGN_MCTS_PRIOR_SCALE;
                if (weight[i] > best) best = weight[i];
            }
            seen = i + 1;
            ggn_position_unmake(R->pos);
            if (++R->since_check >= GGN_MCTS_CLOCK_PLIES && must_halt(R)) break;
        }
    }
    /* PUCT's prior: a softmax of the material after each move; moves not reached keep 0. */
    if (prior && seen) {
        double sum = 0.0;
        for (size_t i = 0; i < seen; i++) sum += weight[i] = exp(weight[i] - best);
        for (size_t i = 0; i < seen; i++) {
            long p = lround(255.0 * weight[i] / sum);
            m->pool[node->first_child + i].prior = (uint8_t)(p < 1 ? 1 : p > 255 ? 255 : p);
        }
    }
    return true;
}

/*
 * RAVE's score of a child seen in a playout or visited (Gelly and Silver
 * 2007, with the equivalence parameter of Silver's thesis): the mixed mean
 * plus UCT's bonus with the smaller constant, n + 1 visits in the bonus so
 * that a child known only from AMAF statistics is not forced first.
 */
static double rave_score(const mc_run *R, const mc_node *c, double log_n)
{
    double n = c->visits, a = c->amaf_visits;
    double mean = n ? c->value / n : 0.0, amaf = a ? c->amaf_value / a : 0.5;
    if (c->hint) {
        /* The policy's hint as MC_HINT_VISITS virtual wins (1) or losses (-1) in the child's own mean. */
        mean = (c->value + (c->hint > 0 ? MC_HINT_VISITS : 0.0)) / (n + MC_HINT_VISITS);
        n += MC_HINT_VISITS;
    }
    double beta = a ? a / (n + a + n * a / R->rave_k) : 0.0;
    return (1.0 - beta) * mean + beta * amaf + R->rave_exploration * sqrt(log_n / (n + 1.0));
}

/* UCT: the child with the highest mean plus exploration bonus; unvisited ones first, at random; proven losses last. */
static uint32_t select_child(mc_run *R, const mc_node *node)
{
    const mc_node *pool = R->m->pool;
    double log_n = log((double)node->visits + 1.0), best_score = -INFINITY;
    uint32_t best = node->first_child;
    for (uint32_t i = 0; i < node->nchildren; i++) {
        uint32_t at = node->first_child + i;
        const mc_node *c = &pool[at];
        double score;
        if (c->proof == MC_WIN) return at;
        if (c->proof == MC_LOSS) score = -1e300;
        else if (R->m->options.prior && node->nchildren > 0 && R->nteams == 2)
            /* PUCT: mean (a neutral 0.5 untried) plus c P sqrt(N) / (1 + n); ties broken at random. */
            score = (c->visits ? c->value / c->visits : 0.5) +
                    R->exploration * (c->prior / 255.0) * sqrt((double)node->visits) / (1.0 + c->visits) +
                    (double)(eg_random_next(&R->rng) >> 40) * 1e-18;
        else if (R->rave && (c->visits || c->amaf_visits || c->hint))
            /* RAVE: the AMAF mean weighs beta = a / (n + a + n a / k), fading as the child's own visits grow. */
            score = rave_score(R, c, log_n);
        else if (c->visits == 0 && c->hint >= 0)
            score = (c->hint ? 2e9 : 1e9) + (double)(eg_random_next(&R->rng) >> 40); /* the policy's choice first */
        else if (c->hint) {
            /* UCT over the child's results and the hint's virtual ones. */
            double n = c->visits + MC_HINT_VISITS;
            score = (c->value + (c->hint > 0 ? MC_HINT_VISITS : 0.0)) / n + R->exploration * sqrt(log_n / n);
        } else score = c->value / c->visits + R->exploration * sqrt(log_n / c->visits);
        if (score > best_score) {
            best_score = score;
            best = at;
        }
    }
    return best;
}

/*
 * MCTS-Solver: proves node `at` from its children's proofs when it can. A
 * child won for the player to move there wins the node for that player's
 * team, in any game; children all proven give the best of them, which
 * decides the node for the other player only when two teams play. True when
 * the node is proven (before or now).
 */
static bool try_prove(const mc_run *R, uint32_t at)
{
    mc_node *node = &R->m->pool[at];
    if (node->proof != MC_UNKNOWN) return true;
    if (node->nchildren == 0) return false;
    const mc_node *child = &R->m->pool[node->first_child];
    int to_move = child->mover;
    bool all = true, any_draw = false, all_draw = true;
    for (uint32_t i = 0; i < node->nchildren; i++) {
        int p = child[i].proof;
        if (p == MC_WIN) {
            node->proof = R->team[node->mover] == R->team[to_move] ? MC_WIN : MC_LOSS;
            return true;
        }
        if (p == MC_UNKNOWN) all = false;
        any_draw |= p == MC_DRAW;
        all_draw &= p == MC_DRAW;
    }
    if (!all) return false;
    if (all_draw) node->proof = MC_DRAW;
    else if (R->nteams != 2) return false;
    else if (any_draw) node->proof = MC_DRAW;
    else node->proof = R->team[node->mover] == R->team[to_move] ? MC_LOSS : MC_WIN;
    return true;
}

/* Unmakes the moves of an iteration. */
static void take_back(ggn_position *pos, size_t made)
{
    while (made--) ggn_position_unmake(pos);
}

/* Unmakes the moves of a completed iteration, keeping them and their movers in R->seq for RAVE. */
static void take_back_recording(mc_run *R, size_t made)
{
    while (made--) {
        ggn_move mv;
        if (!ggn_position_last_move(R->pos, &mv)) mv.from = mv.to = 0;
        ggn_position_unmake(R->pos);
        R->seq[made] = mv;
        R->seq_mover[made] = (int8_t)ggn_position_to_move(R->pos);
    }
}

/*
 * RAVE's update after an iteration whose moves are R->seq[0..made-1], the
 * first depth - 1 of them the tree's path: for each node on the path, each
 * child placing on a point its mover placed on later in the iteration (at
 * the node's own move or after) gains an AMAF visit and the result for its
 * mover. Only a player's first placement on a point counts, and only
 * placements (drops) are matched: a pass or a move on the board has none.
 */
static void amaf_update(mc_run *R, const uint32_t *path, int depth, size_t made, const double *r)
{
    mc_node *pool = R->m->pool;
    for (size_t j = made; j-- > 0;) {
        if (ggn_move_is_drop(R->seq[j]) && R->seq[j].to < R->squares)
            R->first[R->seq_mover[j] * R->squares + R->seq[j].to] = (int32_t)j;
        if (j >= (size_t)depth) continue;
        mc_node *node = &pool[path[j]];
        for (uint32_t i = 0; i < node->nchildren; i++) {
            mc_node *c = &pool[node->first_child + i];
            if (!ggn_move_is_drop(c->move) || c->move.to >= R->squares) continue;
            int32_t at = R->first[c->mover * R->squares + c->move.to];
            if (at < 0 || !ggn_move_equal(R->seq[at], c->move)) continue;
            c->amaf_visits++;
            c->amaf_value += (float)r[c->mover];
        }
    }
    for (size_t j = 0; j < made; j++)
        if (ggn_move_is_drop(R->seq[j]) && R->seq[j].to < R->squares)
            R->first[R->seq_mover[j] * R->squares + R->seq[j].to] = -1;
}

/*
 * One iteration. False when the search had to end in its middle (stop flag,
 * clock): nothing is then added to the tree. The position is the root again
 * on return.
 */
static bool iterate(mc_run *R)
{
    ggn_mcts *m = R->m;
    uint32_t path[GGN_MAX_PLY + 1];
    int depth = 0;
    size_t made = 0;
    double r[GGN_MAX_PLAYERS];
    bool decided = false;
    uint32_t at = 0;
    path[depth++] = 0;
    for (;;) {
        mc_node *node = &m->pool[at];
        if (at != 0 && node->proof != MC_UNKNOWN) {
            if (node->flags & MC_TERMINAL) {
                ggn_status st = ggn_position_status(R->pos);
                status_rewards(R, &st, r);
            } else {
                proof_rewards(R, node->proof, node->mover, r);
            }
            decided = true;
            break;
        }
        if (!(node->flags & MC_EXPANDED)) {
            if (at != 0 && node->visits == 0) break; /* a new leaf: its first playout starts here */
            if (!expand(R, at)) {
                if (m->pool[at].flags & MC_TERMINAL) continue; /* read as a proven node above */
                break;
            }
            node = &m->pool[at];
        }
        uint32_t child = select_child(R, node);
        if (!ggn_position_make(R->pos, m->pool[child].move)) break; /* the undo stack is full */
        made++;
        at = child;
        path[depth++] = at;
        /* Halted by the clock or the flag (here or while expanding): the iteration is dropped. */
        bool halt = ++R->since_check >= GGN_MCTS_CLOCK_PLIES ? must_halt(R) : R->halted;
        if (halt && R->why != GGN_MCTS_STOP_NODES) {
            take_back(R->pos, made);
            return false;
        }
        node = &m->pool[at];
        if (node->visits == 0 && !(node->flags & MC_TERMINAL)) {
            ggn_status st = ggn_position_status(R->pos);
            if (st.outcome != GGN_ONGOING) {
                node->flags |= MC_TERMINAL | MC_EXPANDED;
                node->proof = (uint8_t)status_proof(R, &st, node->mover);
            }
        }
    }
    if (!decided) {
        ggn_status st = ggn_position_status(R->pos);
        bool by_eval = m->options.eval_plies > 0 && R->nteams == 2 && m->evaluator;
        size_t left = (size_t)(by_eval ? m->options.eval_plies : m->options.playout_plies);
        while (st.outcome == GGN_ONGOING && left > 0) {
            size_t chunk = (size_t)(GGN_MCTS_CLOCK_PLIES - R->since_check);
            if (chunk > left) chunk = left;
            size_t k = mc_playout(R->pos, &R->rng, chunk, &R->policy, &st);
            made += k;
            left -= k;
            R->since_check += (int)k;
            R->out->playout_plies += k;
            if (k < chunk && st.outcome == GGN_ONGOING) break; /* the undo stack is full */
            if (R->since_check >= GGN_MCTS_CLOCK_PLIES && must_halt(R)) {
                take_back(R->pos, made);
                return false;
            }
        }
        if (st.outcome == GGN_ONGOING && by_eval) eval_rewards(R, r);
        else if (st.outcome == GGN_ONGOING) cut_rewards(R, r);
        else status_rewards(R, &st, r);
    }
    if (R->rave) {
        take_back_recording(R, made);
        amaf_update(R, path, depth, made, r);
    } else {
        take_back(R->pos, made);
    }
    for (int i = depth - 1; i >= 0; i--) {
        mc_node *node = &m->pool[path[i]];
        node->visits++;
        if (i > 0) node->value += r[node->mover];
    }
    if (depth - 1 > R->out->max_depth) R->out->max_depth = depth - 1;
    if (m->options.solver)
        for (int i = depth - 2; i >= 0 && try_prove(R, path[i]); i--) continue;
    return true;
}

/* The child of `root` in pool that makes `move`, found at index `hint` first; NULL when there is none. */
static const mc_node *same_child(const mc_node *pool, const mc_node *root, uint32_t hint, ggn_move move)
{
    if (hint < root->nchildren && ggn_move_equal(pool[root->first_child + hint].move, move))
        return &pool[root->first_child + hint];
    for (uint32_t i = 0; i < root->nchildren; i++)
        if (ggn_move_equal(pool[root->first_child + i].move, move)) return &pool[root->first_child + i];
    return NULL;
}

void mc_choose(const ggn_mcts *m, ggn_mcts *const *helpers, int nhelpers, ggn_mcts_result *out)
{
    const mc_node *root = &m->pool[0];
    long best_rank = -1;
    for (uint32_t i = 0; i < root->nchildren; i++) {
        const mc_node *c = &m->pool[root->first_child + i];
        uint64_t visits = c->visits;
        double value = c->value;
        int proof = c->proof;
        bool terminal = c->flags & MC_TERMINAL;
        for (int h = 0; h < nhelpers; h++) {
            if (!helpers[h]->used) continue;
            const mc_node *o = same_child(helpers[h]->pool, &helpers[h]->pool[0], i, c->move);
            if (!o) continue;
            visits += o->visits;
            value += o->value;
            if (o->proof == MC_WIN) proof = MC_WIN, terminal |= (o->flags & MC_TERMINAL) != 0;
            else if (o->proof == MC_LOSS && proof != MC_WIN) proof = MC_LOSS;
        }
        /* rank: proven wins above everything (immediate ones first), proven losses below. */
        long rank = (long)(visits > 0x3fffffffu ? 0x3fffffffu : visits);
        if (proof == MC_WIN) rank += terminal ? 0x300000000L : 0x200000000L;
        else if (proof != MC_LOSS) rank += 0x100000000L;
        if (rank > best_rank) {
            best_rank = rank;
            out->best = c->move;
            out->best_visits = visits;
            out->value = proof == MC_WIN ? 1.0 : proof == MC_LOSS ? 0.0 : visits ? value / (double)visits : 0.5;
        }
    }
}

/*
 * Turns RAVE on for this search when the options ask for it in this game
 * (ggn_mcts_uses_rave) and its buffers can be had: without memory for them,
 * the search runs without RAVE.
 */
static void start_rave(mc_run *R, const ggn_game *game)
{
    const ggn_mcts_options *o = &R->m->options;
    if (!ggn_mcts_uses_rave(o, game)) return;
    R->squares = ggn_game_cols(game) * ggn_game_rows(game);
    R->seq = malloc((GGN_MAX_PLY + 1) * sizeof *R->seq);
    R->seq_mover = malloc(GGN_MAX_PLY + 1);
    R->first = malloc((size_t)R->nplayers * (size_t)R->squares * sizeof *R->first);
    if (!R->seq || !R->seq_mover || !R->first) {
        free(R->seq);
        free(R->seq_mover);
        free(R->first);
        R->seq = NULL;
        R->seq_mover = NULL;
        R->first = NULL;
        return;
    }
    for (int i = 0; i < R->nplayers * R->squares; i++) R->first[i] = -1;
    R->rave = true;
    R->rave_k = o->rave_equivalence > 0 ? o->rave_equivalence : GGN_MCTS_DEFAULT_RAVE_EQUIVALENCE;
    R->rave_exploration = o->rave_exploration_milli / 1000.0;
}

/* Takes the pool at the first search; with too little memory, a smaller one. */
static bool ensure_pool(ggn_mcts *m)
{
    while (!m->pool) {
        m->pool = malloc((size_t)m->capacity * sizeof *m->pool);
        if (m->pool) break;
        if (m->capacity < 2 * (GGN_MAX_MOVES + 1)) return false;
        m->capacity /= 2;
    }
    return true;
}

/* Finds the position's path from the old root (at most GGN_MCTS_REUSE_PLIES moves) and keeps that subtree. */
static void reuse_tree(ggn_mcts *m, ggn_position *pos)
{
    const ggn_game *game = ggn_position_game(pos);
    if (!m->used || m->game != game || !m->options.reuse) {
        m->used = 0;
        return;
    }
    ggn_move back[GGN_MCTS_REUSE_PLIES];
    int n = 0;
    bool found = false;
    for (;;) {
        if (ggn_position_history(pos) == m->root_history && ggn_position_hash(pos) == m->root_hash) {
            found = true;
            break;
        }
        if (n == GGN_MCTS_REUSE_PLIES || ggn_position_history(pos) <= m->root_history ||
            !ggn_position_last_move(pos, &back[n]) || !ggn_position_unmake(pos))
            break;
        n++;
    }
    /* Made again in order: the position is the caller's once more. */
    ggn_move forward[GGN_MCTS_REUSE_PLIES];
    for (int i = 0; i < n; i++) {
        forward[i] = back[n - 1 - i];
        ggn_position_make(pos, forward[i]);
    }
    if (!found) {
        m->used = 0;
        return;
    }
    mc_tree_reroot(m, forward, n);
}

bool mc_search(ggn_mcts *m, ggn_position *pos, const ggn_mcts_limits *limits, ggn_mcts_result *out)
{
    memset(out, 0, sizeof *out);
    atomic_store_explicit(&m->iterations, 0, memory_order_relaxed);
    ggn_mcts_limits lim = { 0 };
    if (limits) lim = *limits;
    if (!lim.iterations && !lim.nodes && !lim.time_ms) lim.iterations = GGN_MCTS_DEFAULT_ITERATIONS;
    mc_run R = { .m = m, .pos = pos, .out = out, .node_limit = lim.nodes };
    R.start_ms = now_ms();
    if (lim.time_ms > 0) R.deadline_ms = R.start_ms + (double)lim.time_ms;
    R.exploration = m->options.exploration_milli / 1000.0;
    const ggn_game *game = ggn_position_game(pos);
    R.policy = mc_playout_policy_for(game, m->options.playouts);
    R.hints = R.policy.groups || R.policy.rows;
    R.nplayers = ggn_game_player_count(game);
    for (int p = 0; p < R.nplayers; p++) {
        R.team[p] = ggn_game_team(game, p);
        bool seen = false;
        for (int q = 0; q < p; q++) seen |= R.team[q] == R.team[p];
        R.nteams += !seen;
    }
    /* splitmix64 of the seed, so that seeds 1, 2, 3 start far apart. */
    uint64_t z = lim.seed + 0x9E3779B97F4A7C15u;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    R.rng = z ^ (z >> 31);

    out->stop = GGN_MCTS_STOP_NO_MOVE;
    ggn_status st = ggn_position_status(pos);
    if (st.outcome != GGN_ONGOING || !ensure_pool(m)) return false;
    /* Without memory for the evaluator, playouts run to the end as without eval_plies. */
    if (m->options.eval_plies > 0 && !m->evaluator) m->evaluator = ggn_searcher_new(1);
    reuse_tree(m, pos);
    out->reused_nodes = m->used;
    int to_move = ggn_position_to_move(pos);
    if (m->used == 0) {
        memset(&m->pool[0], 0, sizeof m->pool[0]);
        m->used = 1;
    }
    /* The root's proof is kept from the view of the player to move there. */
    m->pool[0].mover = (int8_t)to_move;
    m->pool[0].proof = MC_UNKNOWN;
    m->game = game;
    m->root_hash = ggn_position_hash(pos);
    m->root_history = ggn_position_history(pos);
    R.node_limit = 0; /* the root's children are always made */
    bool root_ready = (m->pool[0].flags & MC_EXPANDED) || expand(&R, 0);
    R.node_limit = lim.nodes;
    if (!root_ready) {
        /* No room even for the root's children: the search cannot answer. */
        m->used = 0;
        return false;
    }
    if (m->options.solver) try_prove(&R, 0);
    start_rave(&R, game);

    /* The root's expansion may already have met the clock (a slow machine, a crowded position): its reason stays. */
    if (!R.halted) R.why = GGN_MCTS_STOP_ITERATIONS;
    while (!R.halted) {
        if (m->pool[0].proof != MC_UNKNOWN) {
            R.why = GGN_MCTS_STOP_SOLVED;
            break;
        }
        if (lim.iterations && out->iterations >= lim.iterations) {
            R.why = GGN_MCTS_STOP_ITERATIONS;
            break;
        }
        if (must_halt(&R)) break;
        if (!iterate(&R)) break;
        out->iterations++;
        atomic_store_explicit(&m->iterations, out->iterations, memory_order_relaxed);
    }
    if (R.since_check > out->max_clock_gap) out->max_clock_gap = R.since_check;

    out->found = true;
    mc_choose(m, NULL, 0, out);
    static const int proven[] = { GGN_MCTS_UNPROVEN, GGN_MCTS_PROVEN_WIN, GGN_MCTS_PROVEN_DRAW, GGN_MCTS_PROVEN_LOSS };
    out->proven = proven[m->pool[0].proof];
    out->stop = R.why;
    out->tree_nodes = m->used;
    out->elapsed_ms = (long)(now_ms() - R.start_ms);
    free(R.seq);
    free(R.seq_mover);
    free(R.first);
    return true;
}
