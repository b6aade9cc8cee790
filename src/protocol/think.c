/*
 * think.c — the session's two computer players behind one call (pr_think):
 * alpha-beta (ggn/search.h) or Monte Carlo tree search (ggn/mcts.h), as the
 * Player option says.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "protocol_internal.h"

/* The searcher of the Hash and Threads options, made when first needed: many sessions never think. */
static ggn_searcher *searcher(pr_session *s)
{
    if (!s->searcher) {
        s->searcher = ggn_searcher_new(s->hash_mb);
        if (!s->searcher) return NULL;
        ggn_searcher_set_stop(s->searcher, &s->stop);
    }
    ggn_searcher_set_threads(s->searcher, s->threads);
    ggn_searcher_set_progress(s->searcher, s->progress, s);
    return s->searcher;
}

/*
 * The Monte Carlo player's value (0 a loss, 1 a win) in centipawns, the
 * inverse of how the player scores an evaluation (GGN_MCTS_EVAL_SCALE), so
 * that a GUI's score line reads the same way for both players; a proven
 * result as a mate at its depth.
 */
static int mcts_score(const ggn_mcts_result *r)
{
    if (r->proven == GGN_MCTS_PROVEN_WIN) return GGN_SEARCH_MATE - (r->max_depth > 0 ? r->max_depth : 1);
    if (r->proven == GGN_MCTS_PROVEN_LOSS) return -(GGN_SEARCH_MATE - (r->max_depth > 0 ? r->max_depth : 1));
    if (r->proven == GGN_MCTS_PROVEN_DRAW) return 0;
    double v = r->value < 0.001 ? 0.001 : r->value > 0.999 ? 0.999 : r->value;
    return (int)lround(-GGN_MCTS_EVAL_SCALE * log(1.0 / v - 1.0));
}

/* The Monte Carlo player: nodes are its iterations, time its time; depth means nothing to it. */
static bool think_mcts(pr_session *s, const ggn_search_limits *limits, ggn_search_result *out, bool *no_memory)
{
    memset(out, 0, sizeof *out);
    if (!s->mcts) {
        s->mcts = ggn_mcts_new(0);
        if (!s->mcts) {
            *no_memory = true;
            return false;
        }
        ggn_mcts_set_stop(s->mcts, &s->stop);
    }
    ggn_mcts_set_threads(s->mcts, s->threads);
    long time_ms = limits->time_ms ? limits->time_ms : ggn_search_time_budget(limits, ggn_position_to_move(s->pos));
    ggn_mcts_limits ml = { .iterations = limits->nodes, .time_ms = time_ms, .seed = limits->seed };
    /* Until stopped: as many iterations as there are, in chunks that see the stop flag. */
    if (limits->infinite && !ml.iterations && !ml.time_ms) ml.iterations = UINT64_MAX;
    ggn_mcts_result r;
    if (!ggn_mcts_run(s->mcts, s->pos, &ml, &r)) {
        *no_memory = r.stop != GGN_MCTS_STOP_NO_MOVE;
        return false;
    }
    out->found = true;
    out->best = r.best;
    out->score = mcts_score(&r);
    out->depth = r.max_depth;
    out->seldepth = r.max_depth;
    out->nodes = r.iterations;
    out->pv[0] = r.best;
    out->pv_length = 1;
    return true;
}

bool pr_think(pr_session *s, const ggn_search_limits *limits, ggn_search_result *out, bool *no_memory)
{
    *no_memory = false;
    ggn_player_kind kind = s->player;
    if (kind == GGN_PLAYER_DEFAULT) kind = ggn_game_player(s->game);
    /* The Monte Carlo player has no list of root moves to keep to: alpha-beta answers for such a search. */
    if (kind == GGN_PLAYER_MCTS && !limits->root_moves) return think_mcts(s, limits, out, no_memory);
    ggn_searcher *searching = searcher(s);
    if (!searching) {
        memset(out, 0, sizeof *out);
        *no_memory = true;
        return false;
    }
    return ggn_searcher_run(searching, s->pos, limits, out);
}

void pr_uci_score(char *buf, size_t cap, int score)
{
    if (score > GGN_SEARCH_MATE_BOUND) snprintf(buf, cap, "mate %d", (GGN_SEARCH_MATE - score + 1) / 2);
    else if (score < -GGN_SEARCH_MATE_BOUND) snprintf(buf, cap, "mate -%d", (GGN_SEARCH_MATE + score) / 2);
    else snprintf(buf, cap, "cp %d", score);
}
