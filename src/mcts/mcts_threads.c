/*
 * mcts_threads.c — root parallelism for the Monte Carlo player: with N
 * threads, N - 1 helpers each grow a tree of their own from a copy of the
 * position, with seeds of their own, while the caller's thread grows its
 * tree; at the end the root moves' visits are added up over the trees
 * (mcts.c, mc_choose). The trees share nothing while they search, so no
 * lock is needed; each keeps its own tree for the next move (tree reuse).
 * The pool is shared out: each tree gets megabytes / N.
 */
#include <pthread.h>
#include <stdlib.h>

#include "mcts/mcts_internal.h"

int ggn_mcts_set_threads(ggn_mcts *m, int threads)
{
    if (threads < 1) threads = 1;
    if (threads > GGN_MAX_SEARCH_THREADS) threads = GGN_MAX_SEARCH_THREADS;
    m->threads = threads;
    return threads;
}

int ggn_mcts_threads(const ggn_mcts *m) { return m->threads; }

typedef struct mc_helper_job {
    ggn_mcts *m;
    ggn_position *pos;
    ggn_mcts_limits limits;
    ggn_mcts_result result;
    bool ok;
} mc_helper_job;

static void *helper_main(void *arg)
{
    mc_helper_job *job = arg;
    job->ok = mc_search(job->m, job->pos, &job->limits, &job->result);
    return NULL;
}

bool ggn_mcts_run(ggn_mcts *m, ggn_position *pos, const ggn_mcts_limits *limits, ggn_mcts_result *out)
{
    if (m->threads <= 1) return mc_search(m, pos, limits, out);
    int helpers = m->threads - 1;
    size_t share = m->megabytes / (size_t)m->threads;
    mc_helper_job job[GGN_MAX_SEARCH_THREADS - 1];
    pthread_t thread[GGN_MAX_SEARCH_THREADS - 1];
    bool started[GGN_MAX_SEARCH_THREADS - 1] = { false };
    ggn_mcts_limits lim = { 0 };
    if (limits) lim = *limits;
    atomic_store(&m->helpers_stop, false);
    for (int i = 0; i < helpers; i++) {
        job[i].pos = NULL;
        if (!m->helper[i]) {
            m->helper[i] = ggn_mcts_new(share ? share : 1);
            if (!m->helper[i]) continue;
            ggn_mcts_set_options(m->helper[i], &m->options);
            ggn_mcts_set_stop(m->helper[i], &m->helpers_stop);
        }
        job[i].m = m->helper[i];
        job[i].pos = ggn_position_new(ggn_position_game(pos));
        if (!job[i].pos) continue;
        ggn_position_copy(job[i].pos, pos);
        job[i].limits = lim;
        job[i].limits.seed = lim.seed + 0x9E3779B97F4A7C15u * (uint64_t)(i + 1);
        /* A system that cannot make the thread searches with those it could make. */
        started[i] = pthread_create(&thread[i], NULL, helper_main, &job[i]) == 0;
    }
    bool found = mc_search(m, pos, limits, out);
    /*
     * Stopped, out of time, out of nodes or solved: the helpers stop too. At
     * an iteration limit each tree finishes its own, so that the answer is the
     * same from run to run.
     */
    if (!found || out->stop != GGN_MCTS_STOP_ITERATIONS) atomic_store(&m->helpers_stop, true);
    ggn_mcts *done[GGN_MAX_SEARCH_THREADS - 1];
    int ndone = 0;
    for (int i = 0; i < helpers; i++) {
        if (started[i]) {
            pthread_join(thread[i], NULL);
            if (job[i].ok && job[i].result.found) {
                done[ndone++] = job[i].m;
                out->iterations += job[i].result.iterations;
                out->playout_plies += job[i].result.playout_plies;
                out->tree_nodes += job[i].result.tree_nodes;
                out->reused_nodes += job[i].result.reused_nodes;
            }
        }
        ggn_position_free(job[i].pos);
    }
    if (found && ndone) mc_choose(m, done, ndone, out);
    return found;
}
