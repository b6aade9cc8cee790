/*
 * search.c — iterative-deepening alpha-beta over any game.
 *
 * Sides. The player to move at the root maximises; in a two-player game the
 * other player minimises (plain negamax). With more players the search is
 * "paranoid": every other player is assumed to play against the root player,
 * so the tree still has two sides. A score is always from the view of the
 * side to move at its node; it is negated only where the side changes, which
 * also covers turn orders in which one player moves twice in a row.
 *
 * Legality. Interior nodes generate pseudo-legal moves and drop, after
 * making it, any move that leaves one of the mover's leaders attacked: the
 * same rule as ggn_position_legal_moves, without making each move twice
 * (and without the test for most moves out of check, which the engine
 * judges legal before they are made: legal_before()).
 * The root list comes from ggn_position_legal_moves itself. So "no legal
 * move" is learnt from the move loop, and game end needs no call to
 * ggn_position_status: mate or stalemate at the end of the loop, a captured
 * leader or a draw rule checked on entry.
 *
 * Leaves. Quiescence search over captures and promotions (all moves when in
 * check), standing pat on the evaluation: material and position, plus the
 * difference in mobility and king attack between the side to move (read off
 * its pseudo-legal moves, already generated) and the side that just moved
 * (its moves at the same position, after a pass: evaluate()).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"
#include "engine/random.h"
#include "search_internal.h"

/* ---- limits ------------------------------------------------------------- */

static int64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Counts a node; true (and aborted set) when a node or time budget is spent. */
static bool visit(ggn_searcher *s)
{
    s->nodes++;
    if (s->node_limit && s->nodes >= s->node_limit) s->aborted = true;
    if ((s->deadline_ns || s->stop) && s->work >= s->next_clock) {
        s->next_clock = s->work + SS_CLOCK_WORK;
        if (s->deadline_ns && now_ns() >= s->deadline_ns) s->aborted = true;
        if (s->stop && atomic_load_explicit(s->stop, memory_order_relaxed)) s->aborted = true;
        if (s->helper_id) atomic_store_explicit(&s->nodes_published, s->nodes, memory_order_relaxed);
    }
    return !s->aborted;
}

/* ---- game end inside the tree ------------------------------------------- */

/* Score of a lost (or won) game decided `ply` plies below the root. */
static int mated_in(int ply) { return -(GGN_SEARCH_MATE - ply); }

/*
 * The last mover won (leader captured, or the side to move is mated):
 * a loss for the side to move when the last mover was on the other side.
 */
static int last_mover_wins(int ply, bool flipped) { return flipped ? mated_in(ply) : -mated_in(ply); }

static bool root_side(const ggn_searcher *s) { return ggn_position_to_move(s->pos) == s->root || s->nplayers < 2; }

/*
 * The value, for the side to move, of a game won by `winner` `ply` plies
 * below the root: a win when the winner is on the side to move's side.
 */
static int won_by(const ggn_searcher *s, int winner, int ply)
{
    bool winner_root_side = winner == s->root || s->nplayers < 2;
    return winner_root_side == root_side(s) ? -mated_in(ply) : mated_in(ply);
}

/*
 * A game_end rule (goal, extinction, check limit) decided the game here:
 * *score is its value for the side to move, as for a mate. (A winner on the
 * side to move is a win even when that side also made the last move.)
 */
static bool decided_here(const ggn_searcher *s, int ply, int *score)
{
    ggn_status st;
    if (!eg_game_over(s->pos, &st)) return false;
    *score = st.draw ? 0 : won_by(s, st.winner, ply);
    return true;
}

/* No legal move: game_end.no_move's result for the side to move (chess: mated or stalemated). */
static int no_move_score(const ggn_searcher *s, int ply, bool flipped, bool in_check)
{
    int r = eg_no_move_result(s->pos, in_check);
    return r < 0 ? last_mover_wins(ply, flipped) : r > 0 ? -last_mover_wins(ply, flipped) : 0;
}

enum draw_rule { NO_DRAW_RULE, NO_PROGRESS, REPETITION };

/* A draw rule ended the game here (repetition within the reversible moves, or no progress). */
static enum draw_rule draw_by_rule(const ggn_searcher *s)
{
    int clock = ggn_position_halfmove_clock(s->pos);
    if (s->progress_rule > 0 && clock >= s->progress_rule) return NO_PROGRESS;
    if (s->rep_rule > 0) {
        uint64_t key = s->keys[s->nkeys - 1];
        int oldest = s->nkeys - 1 - clock;
        /* Nothing before a null move on the path: those positions did not lead here by moves. */
        if (oldest < s->null_floor) oldest = s->null_floor;
        if (oldest < 0) oldest = 0;
        /* One earlier occurrence is enough: if repeating is good, it is good again. */
        for (int i = s->nkeys - 2; i >= oldest; i--)
            if (s->keys[i] == key) return REPETITION;
    }
    return NO_DRAW_RULE;
}

/*
 * The value of a draw rule's end for the side to move: 0, except a repetition
 * in a game where it loses for one player (Copenhagen tafl's defenders): a
 * loss for that player's side, decided here.
 */
static int draw_rule_score(const ggn_searcher *s, enum draw_rule rule, int ply)
{
    if (rule != REPETITION || s->rep_loser < 0) return 0;
    if (s->rep_loser == s->root) return won_by(s, s->root == 0 ? 1 : 0, ply);
    return s->nplayers == 2 ? won_by(s, s->root, ply) : 0;
}

/* ---- the tree ----------------------------------------------------------- */

static int search(ggn_searcher *s, int depth, int alpha, int beta, int ply, bool flipped, int parent_ply, bool null_ok);
static int qsearch(ggn_searcher *s, int qply, int alpha, int beta, int ply, int parent_ply, bool flipped);

/*
 * Makes m, a move of the ply's own list (so it fits the position: the
 * engine's make skips that check), for `mover`; false (position unchanged)
 * when illegal or the undo stack is full. known_legal: no need to test the
 * mover's leaders after making it (see legal_before()).
 */
static bool try_move(ggn_searcher *s, ggn_move m, int mover, bool known_legal)
{
    /* A drop the legal list leaves out for more than leader safety (uchifuzume, colours). */
    if (!known_legal && eg_drop_forbidden(s->pos, m)) return false;
    if (!eg_make_generated(s->pos, m)) return false;
    uint64_t key = ss_table_key(s->pos);
    ss_tt_prefetch(s, key); /* while the legality test runs */
    ss_eval_prefetch(s, key);
    if (!known_legal && s->has_leader && ggn_position_leader_attacked(s->pos, mover)) {
        ggn_position_unmake(s->pos);
        return false;
    }
    s->keys[s->nkeys++] = ggn_position_hash(s->pos);
    return true;
}

/*
 * Is m of the ply's list legal, seen before making it? Out of check most moves
 * are (they open no line onto a leader: eg_known_legal); false means unknown.
 */
static bool legal_before(const ggn_searcher *s, ggn_move m, bool in_check)
{
    /* Without leaders nothing is in check; a drop under a drop rule is never known legal (try_move asks). */
    return !in_check && eg_known_legal(s->pos, m);
}

/*
 * The depth a move just made uses up: 1, or 0 when it left a part of its turn to play (extension
 * "then", engine/parts.c, or a series' next move, engine/series.c) — depth counts whole turns, as perft does, so that no leaf is judged in
 * the middle of one (Amazons' queen moved, its arrow not yet shot).
 */
static int turn_ply(const ggn_searcher *s) { return eg_mid_turn(s->pos) ? 0 : 1; }

static void take_back(ggn_searcher *s)
{
    s->nkeys--;
    ggn_position_unmake(s->pos);
}

/*
 * Searches the child just made, from the parent's view: negates when the
 * side changed. depth <= 0 goes to quiescence, -depth plies below the horizon.
 * The child's evaluation may fall back on the parent's activity
 * (s->act[ply - 1]) when the parent was the other side (evaluate()).
 */
static int child(ggn_searcher *s, bool parent_side, int depth, int alpha, int beta, int ply)
{
    bool flip = root_side(s) != parent_side;
    int pm = flip ? ply - 1 : -1;
    if (flip) {
        return depth > 0 ? -search(s, depth, -beta, -alpha, ply, true, pm, true)
                         : -qsearch(s, -depth, -beta, -alpha, ply, pm, true);
    }
    return depth > 0 ? search(s, depth, alpha, beta, ply, false, pm, true) : qsearch(s, -depth, alpha, beta, ply, pm, false);
}

/*
 * The ply's moves. Without all_drops, of the drops only ss_drops_counted(), for a node that tries
 * none: quiescence out of check. In shogi most of a list is drops, and quiescence most of the nodes.
 */
static size_t generate(ggn_searcher *s, int ply, bool all_drops)
{
    /* With forced capture or checks forbidden a pseudo-legal move may be illegal: take the legal list. */
    ggn_move *moves = s->ply[ply].moves;
    size_t n = eg_narrows_moves(s->game) ? ggn_position_legal_moves(s->pos, moves, GGN_MAX_MOVES)
               : all_drops                     ? ggn_position_pseudo_moves(s->pos, moves, GGN_MAX_MOVES)
                                               : eg_generate_few_drops(s->pos, moves, GGN_MAX_MOVES, ss_drops_counted(s));
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    s->work += n + 1;
    return n;
}

/*
 * The static evaluation at ply, whose side's activity is s->act[ply], against
 * the other side's: its moves at this very position (a pass made and its
 * moves generated), not the list its side had one ply up, which is blind to
 * what the last move did for the side that made it. That costs a move
 * generation, so where the estimate with the stale list is more than
 * SS_LAZY_MARGIN outside (alpha, beta) the estimate stands: the fresh list
 * would not bring it back into the window. (-SS_INF, SS_INF): always afresh.
 * A fresh evaluation depends on the position alone, so it is kept by the
 * position's key (ss_eval_store) and read back, exact, when the position is
 * met again in this search.
 */
static int evaluate(ggn_searcher *s, uint64_t key, int ply, int parent_ply, int alpha, int beta)
{
    int kept;
    if (ss_eval_cached(s, key, &kept)) return kept;
    const ss_activity *parent = parent_ply >= 0 ? &s->act[parent_ply] : NULL;
    int position = ss_position_eval(s, s->pos);
    if (alpha > -SS_INF || beta < SS_INF) {
        int stale = ss_evaluate(s, position, &s->act[ply], parent);
        if (stale >= beta + SS_LAZY_MARGIN || stale <= alpha - SS_LAZY_MARGIN) return stale;
    }
    ss_activity other;
    if (!ss_opponent_activity(s, &other)) return ss_evaluate(s, position, &s->act[ply], parent);
    int v = ss_evaluate(s, position, &s->act[ply], &other);
    ss_eval_store(s, key, v);
    return v;
}

/* Deep enough that another move could not be made or searched: judge statically. */
static bool at_horizon(const ggn_searcher *s, int ply)
{
    return ply >= GGN_SEARCH_MAX_PLY - 1 || ggn_position_history(s->pos) >= GGN_MAX_PLY - 1;
}

/* Every move of moves[0..n) is a capture (n > 0): in a game of forced captures, the legal list holds nothing else. */
static bool captures_only(const ggn_searcher *s, const ggn_move *moves, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!ggn_move_is_capture(s->pos, moves[i])) return false;
    return n > 0;
}

/*
 * Quiescence `qply` plies below the horizon. Bounded, so that a position
 * full of mutual captures costs at most tens of thousands of nodes below a
 * leaf, whatever the game, instead of growing exponentially: SS_QS_MAX_PLIES
 * deep at most; SS_QS_WIDTH moves made at most at a node; and past
 * SS_QS_FULL_PLIES a single line: the first recapture on the square the last
 * move went to (the cheapest attacker retakes, as in a static exchange), or
 * in check the first legal evasion. Captures that lose material by the
 * exchange estimate (ss_capture_gain) are not tried, nor those that could not
 * bring the score up to alpha (delta pruning). The table's move comes first
 * when it is a capture or promotion. A move left out can
 * only lower the score of the side to move (which may still stand pat when
 * not in check), and never makes a mate: that needs every move to be illegal.
 * Where captures are forced and only captures are legal, the side to move may
 * not stand pat either: it must take, as it must answer a check.
 */
static int qsearch(ggn_searcher *s, int qply, int alpha, int beta, int ply, int parent_ply, bool flipped)
{
    if (s->aborted) return 0;
    if (ply > s->seldepth) s->seldepth = ply;
    if (ply > 0 && eg_leader_captured(s->pos)) return last_mover_wins(ply, flipped);
    int over;
    if (ply > 0 && decided_here(s, ply, &over)) return over;
    if (!visit(s)) return 0;
    if (at_horizon(s, ply) || qply >= SS_QS_MAX_PLIES) return ss_material(s, s->pos);

    /* The table: any stored result bounds this one (quiescence is depth 0). */
    uint64_t key = ss_table_key(s->pos);
    ss_tt_entry e;
    bool pv = beta - alpha > 1;
    bool tt_hit = ss_tt_probe(s, key, &e);
    if (tt_hit && !pv && e.bound != SS_BOUND_NONE) {
        int v = ss_score_from_tt(e.score, ply);
        if (e.bound == SS_BOUND_EXACT || (e.bound == SS_BOUND_LOWER && v >= beta) || (e.bound == SS_BOUND_UPPER && v <= alpha))
            return v;
    }

    int mover = ggn_position_to_move(s->pos);
    bool in_check = s->has_leader && ggn_position_leader_attacked(s->pos, mover);
    /* Standing pat on an evaluation kept from earlier needs no move list: evaluate() would return it as it
       is (not where captures are forced: only the list says whether standing pat is allowed). */
    int kept;
    if (!in_check && !s->forced_capture && ss_eval_cached(s, key, &kept) && kept >= beta) return kept;
    ss_ply *L = &s->ply[ply];
    size_t n = generate(s, ply, in_check);
    bool side = root_side(s);
    int best = -SS_INF, old_alpha = alpha;
    ggn_move best_move = { .from = 0 };
    bool has_best = false;
    ss_activity_of(s, ply, L->moves, n);
    /* Where captures are forced and the list holds nothing else, there is no quiet move to stand on
       (the list is the legal one there, so at least one of its captures is made below). */
    bool must_move = in_check || (s->forced_capture && captures_only(s, L->moves, n));
    if (!must_move) {
        best = evaluate(s, key, ply, parent_ply, alpha, beta);
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
    }
    /* Past the full plies, one move: the first recapture on the square just moved to, or the first evasion. */
    bool tail = qply >= SS_QS_FULL_PLIES;
    ggn_move last;
    int only_to = tail && !must_move && ggn_position_last_move(s->pos, &last) && last.to != GGN_MOVE_DROP ? last.to : -1;
    int width = tail ? 1 : SS_QS_WIDTH;
    ss_order_moves(s, ply, n, tt_hit && e.has_move ? &e.move : NULL, !must_move, only_to);
    int legal = 0;
    for (size_t i = 0; i < n; i++) {
        ss_pick(s, ply, i, n);
        if (L->order[i] == INT32_MIN) break;
        ggn_move m = L->moves[i];
        /* Delta: a capture that cannot reach alpha even if nothing takes back (its victim counted
           twice where captures fill a hand: the capturer gains the piece the other side loses). */
        if (!must_move && L->capture[i] && !L->promotes[i]) {
            int victim = ss_kind_on(s, m.to);
            if (victim >= 0 && best + s->value[victim] * (s->has_hands ? 2 : 1) + SS_DELTA_MARGIN <= alpha &&
                !eg_capture_decides(s->pos, m)) /* taking the last of a kind is worth the game */
                continue;
        }
        if (!try_move(s, m, mover, legal_before(s, m, in_check))) continue;
        legal++;
        s->moved[ply] = ss_piece_to(s, m, mover); /* an evasion below is ordered by it */
        int v = child(s, side, -(qply + 1), alpha, beta, ply + 1);
        take_back(s);
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                best_move = m;
                has_best = true;
            }
            if (alpha >= beta) break;
        }
        if (legal >= width) break;
    }
    if (in_check && legal == 0) return no_move_score(s, ply, flipped, true);
    /* Only the full plies are stored: past them one line is tried, a weaker result. */
    if (!tail) {
        int bound = best <= old_alpha ? SS_BOUND_UPPER : best >= beta ? SS_BOUND_LOWER : SS_BOUND_EXACT;
        ss_tt_store(s, key, 0, ss_score_to_tt(best, ply), bound, has_best ? &best_move : NULL);
    }
    return best;
}

/* Pieces of `player` on the board other than leaders (for the zugzwang test of the null move). */
static int pieces_besides_leaders(const ggn_searcher *s, int player)
{
    const ggn_game *g = s->game;
    int leader = ggn_game_leader(g), rows = ggn_game_rows(g), count = 0;
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < s->cols; x++) {
            int kind, owner;
            if (ggn_position_piece_at(s->pos, x, y, &kind, &owner, NULL) && owner == player && kind != leader) count++;
        }
    return count;
}

/*
 * Null-move pruning: when the side to move could pass and still score at
 * least beta, searched with reduced depth, the node fails high. Unsound where
 * passing would help (zugzwang), so where that is likely — a mover with few
 * pieces besides its leaders, or a game without leaders or with forced moves
 * (docs/ai.md) — the cut is taken only when a reduced search of the node's
 * own moves, without null moves, confirms it. Returns a score >= beta to cut,
 * or SS_NONE. Uses the ply's move list only for the verification, which the
 * caller generates again.
 */
static int try_null_move(ggn_searcher *s, int depth, int beta, int ply, bool flipped, int parent_ply, int eval,
                         bool *clobbered)
{
    int mover = ggn_position_to_move(s->pos);
    bool side = root_side(s);
    if (!ggn_position_make_null(s->pos)) return SS_NONE;
    if (root_side(s) == side) { /* the same side moves again: a pass proves nothing */
        ggn_position_unmake(s->pos);
        return SS_NONE;
    }
    int saved_floor = s->null_floor;
    s->keys[s->nkeys++] = ggn_position_hash(s->pos);
    s->moved[ply] = -1;
    s->null_floor = s->nkeys - 1;
    int r = SS_NULL_REDUCTION + depth / 4 + ((eval - beta) / 200 > 2 ? 2 : (eval - beta) / 200);
    int d = depth - 1 - r;
    int v = d > 0 ? -search(s, d, -beta, -beta + 1, ply + 1, true, ply, false)
                  : -qsearch(s, 0, -beta, -beta + 1, ply + 1, ply, true);
    s->null_floor = saved_floor;
    take_back(s);
    if (s->aborted || v < beta) return SS_NONE;
    if (v > GGN_SEARCH_MATE_BOUND) v = beta; /* a mate found after a pass is not a mate */
    bool verify = s->zugzwang_game || pieces_besides_leaders(s, mover) <= SS_ZUGZWANG_PIECES;
    if (!verify) return v;
    *clobbered = true;
    int dv = depth - r;
    int w = dv > 0 ? search(s, dv, beta - 1, beta, ply, flipped, parent_ply, false) : beta;
    return !s->aborted && w >= beta ? v : SS_NONE;
}

/*
 * In check, the side to move can win material by taking the piece that just
 * moved (by the exchange estimate, ss_capture_gain): the check was a
 * sacrifice that does not pay at once, and the node is not extended for it;
 * a check that holds its ground is. n: the node's moves, generated.
 */
static bool checker_hangs(ggn_searcher *s, int ply, size_t n)
{
    ggn_move last;
    if (!ggn_position_last_move(s->pos, &last) || last.to == GGN_MOVE_DROP) return false;
    const ss_ply *L = &s->ply[ply];
    for (size_t i = 0; i < n; i++) {
        ggn_move m = L->moves[i];
        if (m.to == last.to && eg_is_capture_generated(s->pos, m) && ss_capture_gain(s, m) > 0) /* a drop takes nothing */
            return true;
    }
    return false;
}

static int search(ggn_searcher *s, int depth, int alpha, int beta, int ply, bool flipped, int parent_ply, bool null_ok)
{
    if (s->aborted) return 0;
    if (ply > s->seldepth) s->seldepth = ply;
    if (eg_leader_captured(s->pos)) return last_mover_wins(ply, flipped);
    int over;
    if (decided_here(s, ply, &over)) return over;
    enum draw_rule rule = draw_by_rule(s);
    if (rule != NO_DRAW_RULE) return draw_rule_score(s, rule, ply);
    if (!visit(s)) return 0;
    if (at_horizon(s, ply)) return ss_material(s, s->pos);

    /* Mate-distance pruning: no result here is better than a win now or worse than a loss now. */
    if (alpha < mated_in(ply)) alpha = mated_in(ply);
    if (beta > -mated_in(ply)) beta = -mated_in(ply);
    if (alpha >= beta) return alpha;
    bool pv = beta - alpha > 1;

    uint64_t key = ss_table_key(s->pos);
    ss_tt_entry e;
    bool has_tt_move = false;
    if (ss_tt_probe(s, key, &e)) {
        has_tt_move = e.has_move;
        if (e.depth >= depth && !pv) {
            int v = ss_score_from_tt(e.score, ply);
            if (e.bound == SS_BOUND_EXACT) return v;
            if (e.bound == SS_BOUND_LOWER && v >= beta) return v;
            if (e.bound == SS_BOUND_UPPER && v <= alpha) return v;
        }
    }

    ss_ply *L = &s->ply[ply];
    size_t n = generate(s, ply, true);
    int mover = ggn_position_to_move(s->pos);
    bool side = root_side(s);
    bool in_check = s->has_leader && ggn_position_leader_attacked(s->pos, mover);
    ss_activity_of(s, ply, L->moves, n);
    int eval = in_check ? SS_NONE : evaluate(s, key, ply, parent_ply, -SS_INF, SS_INF);
    bool decisive = beta > GGN_SEARCH_MATE_BOUND || alpha < -GGN_SEARCH_MATE_BOUND;
    /* Improving: the evaluation is better than at this player's previous turn on the path. */
    s->eval_at[ply] = eval;
    s->mover_at[ply] = mover;
    bool improving = !in_check && ply >= 2 && s->mover_at[ply - 2] == mover && s->eval_at[ply - 2] != SS_NONE &&
                     eval > s->eval_at[ply - 2];

    if (!pv && !in_check && !decisive) {
        /*
         * Reverse futility: so far above beta that a few plies will not bring it back. Not with
         * few moves to choose from: a mating net or zugzwang is likely, and the subtree is small.
         */
        if (depth <= SS_RFP_DEPTH && (int)n >= SS_RFP_MIN_MOVES && eval - SS_RFP_MARGIN * (depth - improving) >= beta)
            return eval;
        if (null_ok && s->null_ok && depth >= SS_NULL_MIN_DEPTH && eval >= beta) {
            bool clobbered = false;
            int v = try_null_move(s, depth, beta, ply, flipped, parent_ply, eval, &clobbered);
            if (s->aborted) return 0;
            if (v != SS_NONE) return v;
            if (clobbered) n = generate(s, ply, true);
        }
    }

    int stored_depth = depth;
    /* Internal iterative reduction: with no move from the table the ordering is a guess; search less. */
    if (!has_tt_move && depth >= SS_IIR_DEPTH) depth--;
    if (in_check && ply < GGN_SEARCH_MAX_PLY / 2 && !checker_hangs(s, ply, n)) depth++;
    ss_order_moves(s, ply, n, has_tt_move ? &e.move : NULL, false, -1);

    int best = -SS_INF, old_alpha = alpha, legal = 0, nquiet = 0;
    ggn_move quiets[64];
    ggn_move best_move = { .from = 0 };
    bool prune_ok = !pv && !in_check && !decisive;
    int lmp_count = improving ? 3 + depth * depth : (3 + depth * depth) / 2;
    for (size_t i = 0; i < n; i++) {
        ss_pick(s, ply, i, n);
        ggn_move m = L->moves[i];
        bool quiet = !L->promotes[i] && !L->capture[i];
        /*
         * Not searched, at shallow depth once a move has been: late quiet moves, quiet moves that
         * cannot reach alpha, and moves that lose material on their square by the exchange
         * evaluation, unless they give check (tested after making them, below).
         */
        bool prunable = false;
        if (prune_ok && legal > 0 && best > -GGN_SEARCH_MATE_BOUND && L->order[i] < SS_ORDER_REFUTATION) {
            if (quiet)
                prunable = (depth <= SS_LMP_DEPTH && legal >= lmp_count) ||
                           (depth <= SS_FUTILITY_DEPTH && eval + SS_FUTILITY_MARGIN * (depth + 1) <= alpha) ||
                           (depth <= SS_SEE_DEPTH &&
                            eg_exchange(s->pos, m) / s->value_divisor < -SS_SEE_QUIET_MARGIN * depth * depth);
            else if (depth <= SS_SEE_DEPTH && L->order[i] < 0 && !L->promotes[i])
                prunable = ss_capture_gain(s, m) < -SS_SEE_CAPTURE_MARGIN * depth;
        }
        bool known_legal = legal_before(s, m, in_check);
        /* Most moves to prune are legal before they are made and give no check seen without the make: counted, skipped. */
        if (prunable && known_legal && (!s->has_leader || eg_move_checks(s->pos, m) == 0)) {
            legal++;
            continue;
        }
        if (!try_move(s, m, mover, known_legal)) continue;
        legal++;
        s->moved[ply] = ss_piece_to(s, m, mover);
        /* A move that attacks a leader may mate: never pruned, never reduced. */
        bool checks = s->has_leader && (prunable || (quiet && depth >= SS_LMR_MIN_DEPTH && legal > 1)) &&
                      ggn_position_leader_attacked(s->pos, ggn_position_to_move(s->pos));
        if (prunable && !checks) {
            take_back(s);
            continue;
        }
        int v, nd = depth - turn_ply(s);
        if (legal == 1) {
            v = child(s, side, nd, alpha, beta, ply + 1);
        } else {
            int r = 0;
            if (quiet && depth >= SS_LMR_MIN_DEPTH && !in_check && !checks) {
                r = s->lmr[depth < SS_LMR_TABLE ? depth : SS_LMR_TABLE - 1][legal < SS_LMR_TABLE ? legal : SS_LMR_TABLE - 1];
                if (pv) r--;
                if (!improving) r++;
                if (L->order[i] >= SS_ORDER_REFUTATION) r--; /* killers and the counter-move */
                else r -= L->order[i] / SS_LMR_HISTORY_DIV;  /* the order score of any other quiet move is its history */
                if (r < 0) r = 0;
                if (r > nd - 1) r = nd - 1 > 0 ? nd - 1 : 0;
            }
            v = child(s, side, nd - r, alpha, alpha + 1, ply + 1);
            if (r > 0 && v > alpha && !s->aborted) v = child(s, side, nd, alpha, alpha + 1, ply + 1);
            if (v > alpha && v < beta && !s->aborted) v = child(s, side, nd, alpha, beta, ply + 1);
        }
        take_back(s);
        if (s->aborted) return 0;
        if (v > best) {
            best = v;
            best_move = m;
            if (v > alpha) alpha = v;
            if (alpha >= beta) {
                if (quiet) ss_note_cutoff(s, ply, m, depth, quiets, nquiet);
                break;
            }
        }
        if (quiet && nquiet < 64) quiets[nquiet++] = m;
    }
    if (legal == 0) return no_move_score(s, ply, flipped, in_check);
    int bound = best <= old_alpha ? SS_BOUND_UPPER : best >= beta ? SS_BOUND_LOWER : SS_BOUND_EXACT;
    ss_tt_store(s, key, stored_depth, ss_score_to_tt(best, ply), bound, bound == SS_BOUND_UPPER ? NULL : &best_move);
    return best;
}

/* ---- the root ----------------------------------------------------------- */

/* Sets up the per-search state, the clock started at `started`; build_eval: the evaluation's tables too (every search builds them). */
static void prepare(ggn_searcher *s, ggn_position *pos, const ggn_search_limits *lim, int64_t started, bool build_eval)
{
    const ggn_game *g = ggn_position_game(pos);
    int root = ggn_position_to_move(pos);
    int nplayers = ggn_game_player_count(g);
    /* A searcher without a game is clear already (new, or just cleared): no 16 MiB to touch. */
    if (s->game && (s->game != g || (nplayers > 2 && s->last_root != root))) ggn_searcher_clear(s);
    s->game = g;
    s->last_root = root;
    if (!s->helper_id) s->age++; /* a helper was given its main searcher's (threads.c) */
    s->pos = pos;
    s->cols = ggn_game_cols(g);
    s->nplayers = nplayers;
    ss_order_prepare(s);
    s->root = root;
    s->has_leader = ggn_game_leader(g) >= 0;
    s->null_ok = nplayers == 2;
    s->zugzwang_game = !s->has_leader || eg_narrows_moves(g);
    s->forced_capture = eg_forces_captures(g);
    s->null_floor = 0;
    if (build_eval) ss_eval_prepare(s); /* also sets value_divisor */
    eg_draw_rules(g, &s->rep_rule, &s->progress_rule);
    s->rep_loser = eg_repetition_loser(g);
    s->nodes = 0;
    s->seldepth = 0;
    s->node_limit = lim->nodes;
    s->work = 0;
    s->next_clock = SS_CLOCK_WORK;
    s->deadline_ns = lim->time_ms > 0 ? started + (int64_t)lim->time_ms * 1000000 : 0;
    s->exact_time = lim->exact_time;
    s->aborted = false;
    size_t h = eg_hash_history(pos, s->keys, GGN_MAX_PLY);
    s->nkeys = (int)(h > GGN_MAX_PLY ? GGN_MAX_PLY : h);
    s->keys[s->nkeys++] = ggn_position_hash(pos);
    memset(s->killer, 0, sizeof s->killer);
    /* The root is not evaluated: nothing below it is "improving" on it. */
    s->eval_at[0] = SS_NONE;
    s->mover_at[0] = root;
}

/*
 * One iteration at the root over moves[0..n) with the window (alpha, beta).
 * Returns the index of the move that raised alpha last (-1 when none did:
 * every move searched failed low, or the budget ran out before the first),
 * and in *score the best score seen (a bound when outside the window).
 */
static int search_root(ggn_searcher *s, ggn_move *moves, size_t n, int depth, int alpha, int beta, int *score)
{
    int mover = s->root, best = -1, best_score = -SS_INF, searched = 0;
    bool side = root_side(s);
    for (size_t i = 0; i < n; i++) {
        if (!try_move(s, moves[i], mover, true)) continue; /* the root's list is legal */
        s->moved[0] = ss_piece_to(s, moves[i], mover);
        int v;
        if (searched == 0) {
            v = child(s, side, depth - turn_ply(s), alpha, beta, 1);
        } else {
            v = child(s, side, depth - turn_ply(s), alpha, alpha + 1, 1);
            if (v > alpha && v < beta && !s->aborted) v = child(s, side, depth - turn_ply(s), alpha, beta, 1);
        }
        take_back(s);
        if (s->aborted) break;
        searched++;
        if (v > best_score) best_score = v;
        if (v > alpha) {
            alpha = v;
            best = (int)i;
            if (alpha >= beta) break;
        }
    }
    *score = best_score;
    return best;
}

/*
 * The expected line from the root: `first`, then the table's move at each
 * position after it while that move is legal there, the game goes on and no
 * position repeats. Made on the root and taken back.
 */
static void collect_pv(ggn_searcher *s, ggn_move first, ggn_search_result *out)
{
    ggn_position *pos = s->pos;
    uint64_t seen[GGN_SEARCH_MAX_PV + 1];
    int n = 0;
    seen[0] = ggn_position_hash(pos);
    ggn_move m = first;
    while (n < GGN_SEARCH_MAX_PV && ggn_position_make(pos, m)) {
        out->pv[n++] = m;
        uint64_t key = ggn_position_hash(pos);
        bool repeated = false;
        for (int i = 0; i < n && !repeated; i++) repeated = seen[i] == key;
        seen[n] = key;
        ggn_status st;
        ss_tt_entry e;
        if (repeated || eg_game_over(pos, &st) || !ss_tt_probe(s, ss_table_key(pos), &e) || !e.has_move) break;
        ggn_move legal[GGN_MAX_MOVES];
        size_t count = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
        bool ok = false;
        for (size_t i = 0; i < count && i < GGN_MAX_MOVES && !ok; i++) ok = ggn_move_equal(legal[i], e.move);
        if (!ok) break;
        m = e.move;
    }
    for (int i = 0; i < n; i++) ggn_position_unmake(pos);
    out->pv_length = n;
}

/* Moves moves[i] to the front, keeping the order of the others. */
static void to_front(ggn_move *moves, size_t i)
{
    ggn_move m = moves[i];
    memmove(moves + 1, moves, i * sizeof *moves);
    moves[0] = m;
}

/* Keeps those of moves[0..n) that are in allowed[0..count), in their order; returns how many. */
static size_t keep_allowed(ggn_move *moves, size_t n, const ggn_move *allowed, size_t count)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        bool in = false;
        for (size_t j = 0; j < count && !in; j++) in = ggn_move_equal(moves[i], allowed[j]);
        if (in) moves[kept++] = moves[i];
    }
    return kept;
}

/*
 * The limits as this search applies them: the clocks turned into a time
 * budget when no time_ms is given, an infinite search as deep as the
 * search goes. Read once, here: nothing below the root looks at limits.
 */
static ggn_search_limits effective_limits(const ggn_search_limits *lim, const ggn_position *pos)
{
    ggn_search_limits eff = *lim;
    if (!eff.time_ms && !eff.infinite) {
        eff.time_ms = ggn_search_time_budget(lim, ggn_position_to_move(pos));
        if (eff.move_time_ms > 0) eff.exact_time = true; /* a fixed time a move is there to be spent */
    }
    if (eff.infinite && !eff.depth) eff.depth = GGN_SEARCH_MAX_DEPTH; /* a time_ms given still caps it */
    return eff;
}

bool ggn_searcher_run(ggn_searcher *s, ggn_position *pos, const ggn_search_limits *limits, ggn_search_result *out)
{
    static const ggn_search_limits none = { 0 };
    memset(out, 0, sizeof *out);
    /* The time limit counts from here: generating the root moves is part of the answer. */
    int64_t started = now_ns();
    ggn_search_limits eff = effective_limits(limits ? limits : &none, pos);
    const ggn_search_limits *lim = &eff;

    ss_ply *root = &s->ply[0];
    size_t n = ggn_position_legal_moves(pos, root->moves, GGN_MAX_MOVES);
    if (n == 0) return false;
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    prepare(s, pos, lim, started, true);
    ss_activity_of(s, 0, root->moves, n); /* the root side's, for its children; before the list is shuffled or sorted */
    /* Only now narrowed to the allowed moves: the root side's activity counts all it could play. */
    s->root_moves = lim->root_moves;
    s->root_move_count = lim->root_move_count;
    if (lim->root_moves) {
        n = keep_allowed(root->moves, n, lim->root_moves, lim->root_move_count);
        if (n == 0) {
            s->pos = NULL;
            return false;
        }
    }

    /* The root list lives in its own array: ply 0's lists are reused below. */
    ggn_move moves[GGN_MAX_MOVES];
    if (lim->seed) {
        uint64_t state = lim->seed ^ 0x9E3779B97F4A7C15ULL;
        if (!state) state = 1;
        for (size_t i = n - 1; i > 0; i--) {
            size_t j = (size_t)(eg_random_next(&state) % (i + 1));
            ggn_move t = root->moves[i];
            root->moves[i] = root->moves[j];
            root->moves[j] = t;
        }
    }
    ss_tt_entry e;
    bool has_tt_move = ss_tt_probe(s, ss_table_key(pos), &e) && e.has_move;
    ss_order_moves(s, 0, n, has_tt_move ? &e.move : NULL, false, -1);
    for (size_t i = 0; i < n; i++) {
        ss_pick(s, 0, i, n);
        moves[i] = root->moves[i];
    }
    out->found = true;
    out->best = moves[0];

    int max_depth = lim->depth > 0 ? lim->depth : (lim->time_ms > 0 || lim->nodes > 0) ? GGN_SEARCH_MAX_DEPTH : GGN_SEARCH_DEFAULT_DEPTH;
    if (max_depth > GGN_SEARCH_MAX_DEPTH) max_depth = GGN_SEARCH_MAX_DEPTH;
    if (ggn_position_history(pos) >= GGN_MAX_PLY) max_depth = 0; /* no move can be made: answer unsearched */

    if (max_depth > 1 && n > 1) ss_threads_start(s, pos);

    int prev = 0;
    for (int depth = 1; depth <= max_depth; depth++) {
        /* Helpers take every other iteration, odd helpers the odd ones, even helpers the even ones. */
        if (s->helper_id && depth > 1 && (depth + s->helper_id) % 2 == 1) continue;
        /*
         * Aspiration: from SS_ASPIRATION_DEPTH the window is centred on the
         * last score and widened (doubling) on the side that failed. A move
         * that failed high is better than the others whatever its exact score,
         * so it goes first at once; a fail low changes nothing until the
         * re-search finds a move.
         */
        int delta = SS_ASPIRATION_WINDOW, score = 0, best = -1;
        int alpha = -SS_INF, beta = SS_INF;
        if (depth >= SS_ASPIRATION_DEPTH && prev > -GGN_SEARCH_MATE_BOUND && prev < GGN_SEARCH_MATE_BOUND) {
            alpha = prev - delta;
            beta = prev + delta;
        }
        for (;;) {
            best = search_root(s, moves, n, depth, alpha, beta, &score);
            if (best >= 0) {
                /* A cut-short iteration still proved this move better than those before it. */
                to_front(moves, (size_t)best);
                out->best = moves[0];
                if (s->aborted) break;
            }
            if (s->aborted) break;
            if (score <= alpha && alpha > -SS_INF) {
                alpha = score - delta > -SS_INF ? score - delta : -SS_INF;
            } else if (score >= beta && beta < SS_INF) {
                beta = score + delta < SS_INF ? score + delta : SS_INF;
            } else {
                break;
            }
            delta *= 2;
            if (delta > 1000) alpha = -SS_INF, beta = SS_INF;
        }
        if (s->aborted) {
            /* Only a full iteration's score is reported, except when depth 1 was cut short. */
            if (out->depth == 0 && best >= 0) out->score = score;
            break;
        }
        out->score = score;
        out->depth = depth;
        prev = score;
        ss_tt_store(s, ss_table_key(pos), depth, ss_score_to_tt(score, 0), SS_BOUND_EXACT, &moves[0]);
        out->seldepth = s->seldepth;
        if (s->progress && !s->helper_id) collect_pv(s, moves[0], out);
        if (s->progress) {
            out->nodes = s->nodes + ss_threads_nodes(s);
            s->progress(out, (long)((now_ns() - started) / 1000000), s->progress_context);
        }
        if (n == 1) break;
        int mate_plies = GGN_SEARCH_MATE - (score < 0 ? -score : score);
        if ((score > GGN_SEARCH_MATE_BOUND || score < -GGN_SEARCH_MATE_BOUND) && mate_plies <= depth) break;
        /* The next iteration costs several times this one: do not start what cannot finish. */
        if (s->deadline_ns && !s->exact_time && now_ns() + (now_ns() - started) * 2 >= s->deadline_ns) break;
    }
    out->nodes = s->nodes + ss_threads_stop(s);
    if (out->seldepth < s->seldepth) out->seldepth = s->seldepth;
    if (!s->helper_id) collect_pv(s, out->best, out);
    s->pos = NULL;
    return true;
}

/* ---- lifecycle ---------------------------------------------------------- */

ggn_searcher *ggn_searcher_new(size_t tt_megabytes)
{
    ggn_searcher *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    size_t mb = tt_megabytes ? tt_megabytes : GGN_SEARCH_DEFAULT_TT_MB;
    size_t want = mb * 1024 * 1024 / sizeof(ss_tt_slot), slots = 1; /* the stored form, not the unpacked entry */
    while (slots * 2 <= want) slots *= 2;
    s->tt = ss_tt_alloc(slots);
    if (!s->tt) {
        free(s);
        return NULL;
    }
    s->tt_mask = slots - 1;
    ss_searcher_init(s);
    return s;
}

void ss_searcher_init(ggn_searcher *s)
{
    s->last_root = -1;
    ss_init_reductions(s);
    ggn_search_default_weights(&s->w);
}

void ggn_searcher_free(ggn_searcher *s)
{
    if (!s) return;
    ss_threads_free(s);
    if (!s->helper_id) ss_tt_free(s->tt, s->tt_mask + 1);
    free(s->pst);
    free(s->cont);
    free(s->eval_cache);
    free(s);
}

void ggn_searcher_set_stop(ggn_searcher *s, const atomic_bool *stop) { s->stop = stop; }

void ggn_searcher_set_progress(ggn_searcher *s, ggn_search_progress progress, void *context)
{
    s->progress = progress;
    s->progress_context = context;
}

void ggn_searcher_clear(ggn_searcher *s)
{
    if (!s->helper_id) ss_tt_clear(s); /* a helper's table is its main searcher's */
    ss_threads_clear(s);
    memset(s->killer, 0, sizeof s->killer);
    memset(s->history, 0, sizeof s->history);
    memset(s->counter, 0, sizeof s->counter);
    if (s->cont) memset(s->cont, 0, (size_t)s->cont_rows * (size_t)s->cont_cols * sizeof *s->cont);
    s->game = NULL;
    s->eval_game = NULL;
    s->last_root = -1;
}

/*
 * The leaf evaluation alone. A search builds the evaluation's tables afresh;
 * here, called for position after position, they are kept while the game
 * (and its shape, should another game come at a freed one's address) and the
 * weights stay the same.
 */
int ggn_searcher_evaluate(ggn_searcher *s, ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    const ggn_game *built = s->eval_game;
    bool same = built == g && s->pst_kinds == ggn_game_kind_count(g) &&
                s->pst_squares == ggn_game_rows(g) * ggn_game_cols(g) && s->nplayers == ggn_game_player_count(g);
    ggn_search_limits none = { 0 };
    prepare(s, pos, &none, 0, !same);
    size_t n = generate(s, 0, false); /* the activity reads no more drops */
    ss_activity_of(s, 0, s->ply[0].moves, n);
    int v = evaluate(s, ss_table_key(pos), 0, -1, -SS_INF, SS_INF);
    s->pos = NULL;
    return v;
}

bool ggn_search_best(ggn_position *pos, const ggn_search_limits *limits, ggn_search_result *out)
{
    ggn_searcher *s = ggn_searcher_new(GGN_SEARCH_DEFAULT_TT_MB);
    if (!s) {
        /* Without memory for the table: search without one. */
        s = calloc(1, sizeof *s);
        if (!s) {
            memset(out, 0, sizeof *out);
            ggn_move first[GGN_MAX_MOVES];
            if (ggn_position_legal_moves(pos, first, GGN_MAX_MOVES) == 0) return false;
            out->best = first[0];
            out->found = true;
            return true;
        }
        ss_searcher_init(s);
    }
    bool found = ggn_searcher_run(s, pos, limits, out);
    ggn_searcher_free(s);
    return found;
}
