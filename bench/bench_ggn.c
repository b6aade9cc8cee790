/*
 * bench_ggn.c — speed of the GGN layer: loading a large generated move
 * library (every sliding and leaping move of a 12×12 board, > 5 MB) in MB/s,
 * and listing every pseudo-legal transition of chess positions from a chess
 * library (µs per position, transitions per second).
 *
 * Positions come from random playouts of the chess library itself, applying
 * each transition's diff to a board state; they are compiled into views
 * once, then listed many times. Run on a release build:
 *   ./build/bench/bench_ggn [positions] [rounds]
 * or write a generated library to a file (for /usr/bin/time -v ggn check …):
 *   ./build/bench/bench_ggn --write N SPELLING FILE
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ggn/ggn.h"
#include "ggn_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void bench_load(const char *label, ggn_spelling spelling, bool trusted)
{
    size_t len;
    char *text = gen_big_ggn(12, spelling, &len);
    if (!text) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    ggn_load_options opts = { .trusted = trusted };
    ggn_ruleset_stats stats = { 0, 0, 0, 0, 0 };
    double best = 1e30;
    for (int k = 0; k < 5; k++) {
        double t0 = now();
        ggn_ruleset *rs = ggn_ruleset_load_string(text, len, "big", &opts, NULL);
        double t = now() - t0;
        if (!rs) {
            fprintf(stderr, "the generated document did not load\n");
            exit(1);
        }
        ggn_ruleset_stats_get(rs, &stats);
        ggn_ruleset_free(rs);
        if (t < best) best = t;
    }
    printf("load %-16s %-9s %6.2f MB  %7zu possibilities  %7.1f ms  %6.1f MB/s\n", label,
           trusted ? "trusted" : "validated", (double)len / 1e6, stats.possibilities, best * 1e3,
           (double)len / 1e6 / best);
    free(text);
}

/* Applies a transition's diff (and hand changes) to st and passes the turn. */
static void apply(ggn_board_state *st, const ggn_transition *t)
{
    ggn_side side = ggn_board_state_active(st);
    for (size_t i = 0; i < ggn_transition_diff_count(t); i++) {
        const char *sq, *piece;
        ggn_transition_diff(t, i, &sq, &piece);
        ggn_board_state_put(st, sq, piece, NULL);
    }
    ggn_board_state_set_active(st, side == GGN_SIDE_FIRST ? GGN_SIDE_SECOND : GGN_SIDE_FIRST);
}

static void bench_moves(ggn_spelling spelling, size_t npos, int rounds)
{
    size_t len;
    char *text = gen_chess_ggn(spelling, &len);
    ggn_ruleset *rs = text ? ggn_ruleset_load_string(text, len, "chess", NULL, NULL) : NULL;
    free(text);
    if (!rs) {
        fprintf(stderr, "the chess library did not load\n");
        exit(1);
    }
    const char *start = spelling == GGN_SPELLING_MUST_DENY ? "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"
                                                            : "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - CHESS/chess";
    ggn_board_view **views = calloc(npos, sizeof *views);
    ggn_transition *moves = malloc(GGN_MAX_MOVES * sizeof *moves);
    ggn_board_state *st = NULL;
    ggn_error err;
    size_t made = 0;
    double compile = 0;
    int ply = 0;
    while (views && moves && made < npos) {
        if (!st || ply >= 80) {
            ggn_board_state_free(st);
            st = ggn_board_state_parse(start, strlen(start), &err);
            ply = 0;
        }
        double t0 = now();
        ggn_board_view *v = ggn_board_view_new(rs, st, &err);
        compile += now() - t0;
        int n = ggn_board_view_transitions(v, moves, GGN_MAX_MOVES, &err);
        if (n <= 0) {
            ggn_board_view_free(v);
            ply = 80; /* a dead end: start again */
            continue;
        }
        views[made++] = v;
        apply(st, &moves[next_random() % (uint64_t)n]);
        ply++;
    }
    ggn_board_state_free(st);
    /* reuse one view per position to time the compilation without allocation */
    size_t total = 0;
    double t0 = now();
    for (int r = 0; r < rounds; r++) {
        for (size_t k = 0; k < made; k++) {
            int n = ggn_board_view_transitions(views[k], moves, GGN_MAX_MOVES, &err);
            if (n < 0) {
                fprintf(stderr, "%s\n", err.message);
                exit(1);
            }
            total += (size_t)n;
        }
    }
    double t = now() - t0;
    double calls = (double)made * rounds;
    printf("moves %-15s %zu positions x %d rounds: %.3f us per position, %.1f transitions per position, "
           "%.1f M transitions/s (view compile with allocation: %.2f us)\n",
           ggn_spelling_name(spelling), made, rounds, t / calls * 1e6, (double)total / calls, (double)total / t / 1e6,
           compile / (double)made * 1e6);
    for (size_t k = 0; k < made; k++) ggn_board_view_free(views[k]);
    free(views);
    free(moves);
    ggn_ruleset_free(rs);
}

/* Compiling a state into an existing view: the per-position cost before listing. */
static void bench_update(void)
{
    size_t len;
    char *text = gen_chess_ggn(GGN_SPELLING_REQUIRE_PREVENT, &len);
    ggn_ruleset *rs = ggn_ruleset_load_string(text, len, "chess", NULL, NULL);
    free(text);
    const char *fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R - CHESS/chess";
    ggn_board_state *st = ggn_board_state_parse(fen, strlen(fen), NULL);
    ggn_board_view *v = ggn_board_view_new(rs, st, NULL);
    int iters = 200000;
    double t0 = now();
    for (int k = 0; k < iters; k++) ggn_board_view_update(v, st, NULL);
    double t = now() - t0;
    printf("view update (Kiwipete, 32 pieces): %.3f us\n", t / iters * 1e6);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    ggn_ruleset_free(rs);
}

/* `--write N SPELLING FILE`: the n×n library to a file, for measuring the CLI on it. */
static int write_library(int n, const char *spelling_name, const char *path)
{
    ggn_spelling spelling;
    if (n < 1 || n > 26 || !ggn_spelling_parse(spelling_name, &spelling)) {
        fprintf(stderr, "usage: bench_ggn --write N(1..26) SPELLING FILE\n");
        return 2;
    }
    size_t len;
    char *text = gen_big_ggn(n, spelling, &len);
    FILE *f = text ? fopen(path, "wb") : NULL;
    bool ok = f && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = false;
    free(text);
    if (!ok) {
        fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    printf("%s: %zu bytes (%.1f MiB), %dx%d, %s\n", path, len, (double)len / (1 << 20), n, n, spelling_name);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--write") == 0) return write_library(atoi(argv[2]), argv[3], argv[4]);
    size_t npos = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 2000;
    int rounds = argc > 2 ? atoi(argv[2]) : 200;
    if (npos == 0) npos = 1;
    if (rounds <= 0) rounds = 1;
    bench_load("12x12 must-deny", GGN_SPELLING_MUST_DENY, false);
    bench_load("12x12 req-prevent", GGN_SPELLING_REQUIRE_PREVENT, false);
    bench_load("12x12 board-check", GGN_SPELLING_BOARD_CHECK, false);
    bench_load("12x12 req-prevent", GGN_SPELLING_REQUIRE_PREVENT, true);
    bench_moves(GGN_SPELLING_REQUIRE_PREVENT, npos, rounds);
    bench_moves(GGN_SPELLING_MUST_DENY, npos, rounds);
    bench_update();
    return 0;
}
