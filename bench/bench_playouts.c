/*
 * bench_playouts.c — random playouts through the action API (ggn/action.h),
 * the loop a learning program runs: per ply, the game's status, the legal
 * action ids, one chosen at random, applied. bench/playouts.py runs the same
 * loop from Python (the ggn package); docs/benchmarks.md compares the two.
 *
 * Usage: bench_playouts [GAME_FILE [GAMES [SEED]]]   (default chess, 300 games, seed 1)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ggn/action.h"
#include "ggn/game.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
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

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : GGN_GAMES_DIR "/chess.json";
    long games = argc > 2 ? atol(argv[2]) : 300;
    uint64_t seed = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (games < 1 || seed == 0) {
        fprintf(stderr, "usage: bench_playouts [GAME_FILE [GAMES>0 [SEED>0]]]\n");
        return 2;
    }
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(path, &errs);
    if (!game) {
        fprintf(stderr, "bench_playouts: cannot load %s\n", path);
        return 1;
    }
    ggn_position *start = ggn_position_new(game), *pos = ggn_position_new(game);
    if (!start || !pos) {
        fprintf(stderr, "bench_playouts: out of memory\n");
        return 1;
    }
    int32_t ids[GGN_MAX_MOVES];
    uint64_t plies = 0;
    double t0 = now_seconds();
    for (long g = 0; g < games; g++) {
        ggn_position_copy(pos, start);
        for (;;) {
            if (ggn_position_status(pos).outcome != GGN_ONGOING) break;
            size_t n = ggn_position_legal_actions(pos, ids, NULL, GGN_MAX_MOVES);
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            if (!ggn_position_apply_action(pos, ids[next_random(&seed) % n], NULL)) break; /* GGN_MAX_PLY */
            plies++;
        }
    }
    double secs = now_seconds() - t0;
    printf("C: %ld games, %" PRIu64 " plies, %.2f s: %.1f games/s, %.0f plies/s\n", games, plies, secs,
           (double)games / secs, (double)plies / secs);
    ggn_position_free(pos);
    ggn_position_free(start);
    ggn_game_free(game);
    return 0;
}
