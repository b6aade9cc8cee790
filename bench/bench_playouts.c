/*
 * bench_playouts.c — random playouts, the loop a learning program or a Monte
 * Carlo player runs, in two forms: through the action API (ggn/action.h) a ply
 * at a time — the game's status, the legal action ids, one chosen at random,
 * applied — and as one ggn_position_playout call per game. bench/playouts.py
 * runs the first loop from Python (the ggn package); docs/benchmarks.md
 * compares them.
 *
 * Usage: bench_playouts [--threads N] [--one-call] [--keep-eyes] [GAME_FILE [GAMES [SEED]]]
 *        (default chess, 300 games, seed 1, one thread, the per-ply loop)
 * --keep-eyes: one call a game with the eye-keeping policy (GGN_PLAYOUT_KEEP_EYES,
 * docs/ai.md), the Monte Carlo player's playouts in a game with group capture.
 * With N threads each plays GAMES games on positions of its own (seeds SEED,
 * SEED + 1, ...); the figures are the sums over the wall time.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ggn/action.h"
#include "ggn/game.h"

#define MAX_THREADS 64

typedef struct worker {
    const ggn_game *game;
    long games;
    uint64_t seed;
    bool one_call;
    ggn_playout_policy policy; /* with one_call */
    uint64_t plies;  /* out */
    bool failed;     /* out: out of memory */
} worker;

static double seconds_of(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* xorshift64: any fixed sequence will do; the figure is per ply. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void *run_worker(void *arg)
{
    worker *w = arg;
    ggn_position *start = ggn_position_new(w->game), *pos = ggn_position_new(w->game);
    if (!start || !pos) {
        w->failed = true;
        ggn_position_free(start);
        ggn_position_free(pos);
        return NULL;
    }
    int32_t ids[GGN_MAX_MOVES];
    uint64_t seed = w->seed;
    for (long g = 0; g < w->games; g++) {
        ggn_position_copy(pos, start);
        if (w->one_call) {
            w->plies += ggn_position_playout_with(pos, &seed, GGN_MAX_PLY, w->policy, NULL);
            continue;
        }
        for (;;) {
            if (ggn_position_status(pos).outcome != GGN_ONGOING) break;
            size_t n = ggn_position_legal_actions(pos, ids, NULL, GGN_MAX_MOVES);
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            if (!ggn_position_apply_action(pos, ids[next_random(&seed) % n], NULL)) break; /* GGN_MAX_PLY */
            w->plies++;
        }
    }
    ggn_position_free(pos);
    ggn_position_free(start);
    return NULL;
}

static int usage(void)
{
    fprintf(stderr, "usage: bench_playouts [--threads N (1..%d)] [--one-call] [--keep-eyes] [GAME_FILE [GAMES>0 [SEED>0]]]\n",
            MAX_THREADS);
    return 2;
}

int main(int argc, char **argv)
{
    int threads = 1;
    bool one_call = false;
    ggn_playout_policy policy = GGN_PLAYOUT_UNIFORM;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--one-call") == 0) one_call = true;
        else if (strcmp(argv[i], "--keep-eyes") == 0) one_call = true, policy = GGN_PLAYOUT_KEEP_EYES;
        else if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) threads = atoi(argv[++i]);
        else return usage();
    }
    const char *path = i < argc ? argv[i] : GGN_GAMES_DIR "/chess.json";
    long games = i + 1 < argc ? atol(argv[i + 1]) : 300;
    uint64_t seed = i + 2 < argc ? strtoull(argv[i + 2], NULL, 10) : 1;
    if (games < 1 || seed == 0 || threads < 1 || threads > MAX_THREADS) return usage();
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(path, &errs);
    if (!game) {
        fprintf(stderr, "bench_playouts: cannot load %s\n", path);
        return 1;
    }
    worker w[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    for (int t = 0; t < threads; t++) w[t] = (worker){ game, games, seed + (uint64_t)t, one_call, policy, 0, false };
    double t0 = seconds_of(CLOCK_MONOTONIC), c0 = seconds_of(CLOCK_PROCESS_CPUTIME_ID);
    int started = 0;
    if (threads == 1) run_worker(&w[0]);
    else
        for (; started < threads; started++)
            if (pthread_create(&tid[started], NULL, run_worker, &w[started]) != 0) break;
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    double secs = seconds_of(CLOCK_MONOTONIC) - t0, cpu = seconds_of(CLOCK_PROCESS_CPUTIME_ID) - c0;
    uint64_t plies = 0;
    bool failed = threads > 1 && started < threads;
    for (int t = 0; t < threads; t++) {
        plies += w[t].plies;
        failed = failed || w[t].failed;
    }
    ggn_game_free(game);
    if (failed) {
        fprintf(stderr, "bench_playouts: out of memory or threads\n");
        return 1;
    }
    long total = games * threads;
    /* Per second of wall time (what threads add up to), and per CPU second (what a shared
     * machine's load leaves alone, and what docs/benchmarks.md compares with other programs). */
    printf("C%s%s: %ld games, %" PRIu64 " plies, %d thread%s, %.2f s: %.1f games/s, %.0f plies/s; "
           "%.2f CPU s: %.0f plies per CPU s\n",
           one_call ? " (one call a game)" : "", policy == GGN_PLAYOUT_KEEP_EYES ? " (eyes kept)" : "", total, plies, threads, threads == 1 ? "" : "s", secs,
           (double)total / secs, (double)plies / secs, cpu, (double)plies / cpu);
    return 0;
}
