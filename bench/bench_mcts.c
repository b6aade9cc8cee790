/*
 * bench_mcts.c — the Monte Carlo player's speed (ggn/mcts.h): iterations a
 * second from each game's start, with the playout plies, tree size and
 * nodes per iteration that explain them. The CPU time is the process's, so
 * the figures hold on a loaded machine better than wall time would.
 *
 * Usage: bench_mcts [--playouts auto|uniform|keep-eyes] [ITERATIONS [GAME ...]]
 *        (default 5000 iterations; breakthrough, chess, checkers, clobber,
 *        jesonmor, xiangqi; the playout policy ggn_mcts_options.playouts,
 *        auto by default, so policies can be compared at equal iterations)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
static bool bench_game(const char *name, uint64_t iterations, int playouts)
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
        ggn_mcts_options o;
        ggn_mcts_default_options(&o);
        o.playouts = playouts;
        ggn_mcts_set_options(m, &o);
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
    int playouts = GGN_MCTS_PLAYOUTS_AUTO, first = 1;
    if (argc > 2 && strcmp(argv[1], "--playouts") == 0) {
        static const char *const names[] = { "auto", "uniform", "keep-eyes" };
        playouts = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(argv[2], names[i]) == 0) playouts = i; /* GGN_MCTS_PLAYOUTS_AUTO, UNIFORM, KEEP_EYES */
        first = 3;
    }
    uint64_t iterations = argc > first ? strtoull(argv[first], NULL, 10) : 5000;
    if (iterations == 0 || playouts < 0) {
        fprintf(stderr, "usage: bench_mcts [--playouts auto|uniform|keep-eyes] [ITERATIONS [GAME ...]]\n");
        return 2;
    }
    static const char *const defaults[] = { "breakthrough", "chess", "checkers", "clobber", "jesonmor", "xiangqi" };
    bool ok = true;
    if (argc > first + 1)
        for (int i = first + 1; i < argc; i++) ok &= bench_game(argv[i], iterations, playouts);
    else
        for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
            ok &= bench_game(defaults[i], iterations, playouts);
    return ok ? 0 : 1;
}
