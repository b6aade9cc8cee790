/*
 * bench_mcts.c — the Monte Carlo player's speed (ggn/mcts.h): iterations a
 * second from each game's start, with the playout plies, tree size and
 * nodes per iteration that explain them. The CPU time is the process's, so
 * the figures hold on a loaded machine better than wall time would.
 *
 * Usage: bench_mcts [ITERATIONS [GAME ...]]
 *        (default 5000 iterations; breakthrough, chess, checkers, clobber,
 *        jesonmor, xiangqi)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ggn/game.h"
#include "ggn/mcts.h"

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One search of `iterations` from the start of games/NAME.json; false when it does not load. */
static bool bench_game(const char *name, uint64_t iterations)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.json", GGN_GAMES_DIR, name);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(path, &errs);
    if (!game) {
        fprintf(stderr, "bench_mcts: %s does not load\n", path);
        return false;
    }
    ggn_position *pos = ggn_position_new(game);
    ggn_mcts *m = ggn_mcts_new(0);
    bool ok = pos && m;
    if (ok) {
        ggn_mcts_limits lim = { .iterations = iterations, .seed = 1 };
        ggn_mcts_result r;
        double start = cpu_seconds();
        ok = ggn_mcts_run(m, pos, &lim, &r);
        double cpu = cpu_seconds() - start;
        if (ok)
            printf("%-14s %8" PRIu64 " iterations %7.2f s CPU %9.0f iterations/s %6.1f playout plies each "
                   "%9" PRIu64 " tree nodes\n",
                   name, r.iterations, cpu, cpu > 0 ? (double)r.iterations / cpu : 0.0,
                   r.iterations ? (double)r.playout_plies / (double)r.iterations : 0.0, r.tree_nodes);
    }
    ggn_mcts_free(m);
    ggn_position_free(pos);
    ggn_game_free(game);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t iterations = argc > 1 ? strtoull(argv[1], NULL, 10) : 5000;
    if (iterations == 0) {
        fprintf(stderr, "usage: bench_mcts [ITERATIONS [GAME ...]]\n");
        return 2;
    }
    static const char *const defaults[] = { "breakthrough", "chess", "checkers", "clobber", "jesonmor", "xiangqi" };
    bool ok = true;
    if (argc > 2)
        for (int i = 2; i < argc; i++) ok &= bench_game(argv[i], iterations);
    else
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++) ok &= bench_game(defaults[i], iterations);
    return ok ? 0 : 1;
}
