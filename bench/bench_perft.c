/*
 * bench_perft.c — move-generation speed: perft from fixed positions, one
 * thread, reported as nodes per second. When Debian's fairy-stockfish is
 * installed, the same perft is run through it for comparison.
 *
 * Usage: bench_perft [GAMES_DIR]   (run on a release build)
 * Cases: chess start perft(6), Kiwipete perft(5), crazyhouse start perft(6),
 * xiangqi start perft(5), shogi start perft(5).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ggn/game.h"
#include "ggn/notation.h"

typedef struct bench_case {
    const char *game;     /* file under the games directory */
    const char *variant;  /* Fairy-Stockfish's UCI_Variant */
    const char *label;
    const char *fen;      /* NULL = the game's start position */
    int depth;
} bench_case;

static const bench_case cases[] = {
    { "chess.json", "chess", "chess start", NULL, 6 },
    { "chess.json", "chess", "Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5 },
    { "crazyhouse.json", "crazyhouse", "crazyhouse", NULL, 6 },
    { "xiangqi.json", "xiangqi", "xiangqi", NULL, 5 },
    { "shogi.json", "shogi", "shogi", NULL, 5 },
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Runs fairy-stockfish's perft on the same position; returns nodes/s or 0 when unavailable. */
static double fairy_nps(const bench_case *c, uint64_t *nodes)
{
    const char *exe = "/usr/games/fairy-stockfish";
    if (access(exe, X_OK) != 0) return 0;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "printf 'uci\\nsetoption name UCI_Variant value %s\\nposition %s%s\\ngo perft %d\\nquit\\n' | %s 2>/dev/null",
             c->variant, c->fen ? "fen " : "startpos", c->fen ? c->fen : "", c->depth, exe);
    double start = now_seconds();
    FILE *p = popen(cmd, "r");
    if (!p) return 0;
    char line[512];
    *nodes = 0;
    while (fgets(line, sizeof line, p))
        if (strncmp(line, "Nodes searched:", 15) == 0) *nodes = strtoull(line + 15, NULL, 10);
    pclose(p);
    double elapsed = now_seconds() - start;
    return *nodes && elapsed > 0 ? (double)*nodes / elapsed : 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : GGN_GAMES_DIR;
    printf("%-14s %5s %14s %9s %12s %12s\n", "position", "depth", "nodes", "seconds", "ggn Mn/s", "fairy Mn/s");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bench_case *c = &cases[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, c->game);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *game = ggn_game_load_file(path, &errs);
        if (!game) {
            fprintf(stderr, "bench_perft: cannot load %s\n", path);
            return 1;
        }
        ggn_position *pos = ggn_position_new(game);
        ggn_error err;
        if (c->fen && !ggn_position_set_fen(pos, c->fen, &err)) {
            fprintf(stderr, "bench_perft: %s\n", err.message);
            return 1;
        }
        double start = now_seconds();
        uint64_t nodes = ggn_perft(pos, c->depth);
        double elapsed = now_seconds() - start;
        uint64_t fs_nodes = 0;
        double fs = fairy_nps(c, &fs_nodes);
        printf("%-14s %5d %14" PRIu64 " %9.2f %12.1f %12.1f%s\n", c->label, c->depth, nodes, elapsed,
               (double)nodes / elapsed / 1e6, fs / 1e6, fs_nodes && fs_nodes != nodes ? "  (node counts differ!)" : "");
        ggn_position_free(pos);
        ggn_game_free(game);
    }
    return 0;
}
