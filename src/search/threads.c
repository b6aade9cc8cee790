/*
 * threads.c — several threads on one search ("lazy SMP").
 *
 * A searcher set to N threads keeps N - 1 helper searchers. While the main
 * searcher (the caller's thread) runs its iterations, each helper searches
 * the same root on a copy of the position, on a thread of its own, with its
 * own killers, history and move lists, and writes what it learns into the
 * main searcher's transposition table, which all of them read. Helpers skip
 * every other iteration, odd and even helpers alternately, so that they are
 * a ply ahead of the main search part of the time: their deeper results are
 * what makes the main search faster. Only the main searcher's iterations
 * give the answer; when they end, the helpers are told to stop and are
 * joined, so nothing runs between searches.
 *
 * Sharing: the game is read-only (ggn/game.h allows that from any thread),
 * each helper owns its position and searcher, and the table's slots are
 * read and written word by word with atomics (tt.c). The helpers' node
 * counts are published atomically for the main thread's progress reports.
 *
 * Where threads cannot be made (a build without them, or the system refuses
 * one), the search runs with those it has, down to the caller's alone.
 */
#include <pthread.h>
#include <stdlib.h>

#include "search_internal.h"

struct ss_crew {
    int count;                                     /* helpers allocated */
    ggn_searcher *helper[GGN_MAX_SEARCH_THREADS - 1];
    pthread_t thread[GGN_MAX_SEARCH_THREADS - 1];
    bool running[GGN_MAX_SEARCH_THREADS - 1];
    atomic_bool stop;                              /* set by the main searcher: helpers end their search */
};

int ggn_searcher_set_threads(ggn_searcher *s, int threads)
{
    if (threads < 1) threads = 1;
    if (threads > GGN_MAX_SEARCH_THREADS) threads = GGN_MAX_SEARCH_THREADS;
    if (s->helper_id) return 1; /* helpers do not have helpers */
    s->threads = threads;
    return threads;
}

int ggn_searcher_threads(const ggn_searcher *s) { return s->threads > 1 ? s->threads : 1; }

/* A helper for main: no table of its own (it uses main's), its own everything else. */
static ggn_searcher *new_helper(ggn_searcher *main, int id)
{
    ggn_searcher *h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->helper_id = id;
    h->tt = main->tt;
    h->tt_mask = main->tt_mask;
    ss_searcher_init(h); /* its weights are main's from each search on (ss_threads_start) */
    return h;
}

static void free_helper(ggn_searcher *h)
{
    ggn_position_free(h->own_pos);
    free(h->pst);
    free(h->cont);
    free(h->eval_cache);
    free(h);
}

static void *helper_main(void *arg)
{
    ggn_searcher *h = arg;
    ggn_search_limits lim = { .depth = GGN_SEARCH_MAX_DEPTH, .root_moves = h->root_moves,
                              .root_move_count = h->root_move_count };
    ggn_search_result r;
    ggn_searcher_run(h, h->own_pos, &lim, &r);
    return NULL;
}

/* Gives helper h a copy of root; false when out of memory. */
static bool copy_root(ggn_searcher *h, const ggn_position *root)
{
    const ggn_game *g = ggn_position_game(root);
    if (h->own_pos && ggn_position_game(h->own_pos) != g) {
        ggn_position_free(h->own_pos);
        h->own_pos = NULL;
    }
    if (!h->own_pos) h->own_pos = ggn_position_new(g);
    if (!h->own_pos) return false;
    ggn_position_copy(h->own_pos, root);
    return true;
}

void ss_threads_start(ggn_searcher *s, const ggn_position *root)
{
    if (s->threads <= 1 || s->helper_id || !s->tt) return;
    if (!s->crew) {
        s->crew = calloc(1, sizeof *s->crew);
        if (!s->crew) return;
    }
    struct ss_crew *c = s->crew;
    atomic_store(&c->stop, false);
    for (int i = 0; i < s->threads - 1; i++) {
        if (i == c->count) {
            c->helper[i] = new_helper(s, i + 1);
            if (!c->helper[i]) break;
            c->count++;
        }
        ggn_searcher *h = c->helper[i];
        h->age = s->age; /* its results belong to this search: the table's replacement sees one generation */
        h->w = s->w;
        h->stop = &c->stop;
        h->root_moves = s->root_moves; /* the caller's list: it outlives the helpers, which end before the search */
        h->root_move_count = s->root_move_count;
        atomic_store_explicit(&h->nodes_published, 0, memory_order_relaxed);
        if (!copy_root(h, root)) break;
        c->running[i] = pthread_create(&c->thread[i], NULL, helper_main, h) == 0;
        if (!c->running[i]) break;
    }
}

uint64_t ss_threads_nodes(const ggn_searcher *s)
{
    uint64_t sum = 0;
    if (!s->crew) return 0;
    for (int i = 0; i < s->crew->count; i++)
        if (s->crew->running[i]) sum += atomic_load_explicit(&s->crew->helper[i]->nodes_published, memory_order_relaxed);
    return sum;
}

uint64_t ss_threads_stop(ggn_searcher *s)
{
    uint64_t sum = 0;
    struct ss_crew *c = s->crew;
    if (!c) return 0;
    atomic_store(&c->stop, true);
    for (int i = 0; i < c->count; i++) {
        if (!c->running[i]) continue;
        pthread_join(c->thread[i], NULL);
        c->running[i] = false;
        sum += c->helper[i]->nodes;
    }
    return sum;
}

void ss_threads_clear(ggn_searcher *s)
{
    if (!s->crew) return;
    for (int i = 0; i < s->crew->count; i++) ggn_searcher_clear(s->crew->helper[i]);
}

void ss_threads_free(ggn_searcher *s)
{
    if (!s->crew) return;
    ss_threads_stop(s);
    for (int i = 0; i < s->crew->count; i++) free_helper(s->crew->helper[i]);
    free(s->crew);
    s->crew = NULL;
}
