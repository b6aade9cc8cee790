/*
 * bench_search.c — speed of the computer player: a fixed-depth search from
 * a few chess positions, reported as nodes per second (quiescence nodes
 * included, every thread's) with the move chosen and its score.
 *
 * Usage: bench_search [GAMES_DIR [DEPTH_DELTA [THREADS]]]   (on a release build)
 * DEPTH_DELTA (e.g. -2) shortens every search, for a quick run. THREADS
 * (default 1) searches on that many threads: the total time against the
 * one-thread run's is the speed-up to the same depths (docs/benchmarks.md).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"

typedef struct bench_case {
    const char *label;
    const char *fen;      /* NULL = the start position */
    int depth;
} bench_case;

static const bench_case cases[] = {
    { "start", NULL, 10 },
    { "Italian", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 9 },
    { "Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 8 },
    { "middlegame", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 8 },
    { "rook endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14 },
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : GGN_GAMES_DIR;
    int delta = argc > 2 ? atoi(argv[2]) : 0;
    int threads = argc > 3 ? atoi(argv[3]) : 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/chess.json", dir);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(path, &errs);
    if (!game) {
        fprintf(stderr, "bench_search: cannot load %s\n", path);
        return 1;
    }
    ggn_searcher *s = ggn_searcher_new(64);
    ggn_position *pos = ggn_position_new(game);
    if (!s || !pos) {
        fprintf(stderr, "bench_search: out of memory\n");
        return 1;
    }
    threads = ggn_searcher_set_threads(s, threads);
    printf("threads: %d\n", threads);
    printf("%-14s %5s %12s %9s %12s  %-7s %s\n", "position", "depth", "nodes", "seconds", "nodes/s", "move", "score");
    uint64_t total_nodes = 0;
    double total_time = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case *c = &cases[i];
        ggn_position *fresh = ggn_position_new(game);
        if (!fresh) return 1;
        ggn_position_copy(pos, fresh);
        ggn_position_free(fresh);
        ggn_error err;
        if (c->fen && !ggn_position_set_fen(pos, c->fen, &err)) {
            fprintf(stderr, "bench_search: %s: %s\n", c->label, err.message);
            return 1;
        }
        int depth = c->depth + delta < 1 ? 1 : c->depth + delta;
        ggn_search_limits lim = { .depth = depth };
        ggn_search_result r;
        ggn_searcher_clear(s);
        double start = now_seconds();
        if (!ggn_searcher_run(s, pos, &lim, &r)) {
            fprintf(stderr, "bench_search: %s: no legal move\n", c->label);
            return 1;
        }
        double elapsed = now_seconds() - start;
        char move[64];
        ggn_move_format(pos, r.best, move, sizeof move);
        printf("%-14s %5d %12" PRIu64 " %9.3f %12.0f  %-7s %d\n", c->label, r.depth, r.nodes, elapsed,
               elapsed > 0 ? (double)r.nodes / elapsed : 0.0, move, r.score);
        total_nodes += r.nodes;
        total_time += elapsed;
    }
    printf("%-14s %5s %12" PRIu64 " %9.3f %12.0f\n", "total", "", total_nodes, total_time,
           total_time > 0 ? (double)total_nodes / total_time : 0.0);
    ggn_position_free(pos);
    ggn_searcher_free(s);
    ggn_game_free(game);
    return 0;
}
