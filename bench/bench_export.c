/*
 * bench_export.c — how fast an exported library (chess, crazyhouse) evaluates, beside
 * the engine's own generator, on the same positions.
 *
 * The positions are 1,000 reached by random legal play from the start
 * (fixed seed, games of at most 160 half-moves). For each of the three
 * spellings the exported library is loaded once, every position is turned
 * into a board state (ggn_position_export_state) and a board view, and the
 * time to list all pseudo-legal transitions (ggn_board_view_transitions)
 * is measured, alone and with the view rebuilt from the state
 * (ggn_board_view_update). The engine's time is its pseudo-legal generator
 * (ggn_position_pseudo_moves) on the same positions, replayed move by move;
 * the replay's make/unmake cost is measured separately and taken out.
 *
 * Usage: bench_export [GAME.json|-] [REPEATS]   (run on a release build;
 * with no game, or "-", chess and then crazyhouse)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ggn/export.h"
#include "ggn/game.h"
#include "ggn/ruleset.h"

#define POSITIONS 1000
#define MAX_PLIES 160

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The sample: games as move lists; position i is game[i] after ply[i] moves. */
typedef struct sample {
    ggn_move moves[POSITIONS];   /* the move played from each position (or unused at a game's end) */
    int game_start[POSITIONS + 1];
    int ngames;
} sample;

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "bench_export: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

/* One game: the sample, the engine, then each spelling the export does not refuse. */
static void bench_game(const char *path, int repeats)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) die("cannot load", path);

    /* Random legal play, recording every position's move. */
    sample *smp = calloc(1, sizeof *smp);
    ggn_position *pos = ggn_position_new(g), *start = ggn_position_new(g);
    if (!smp || !pos || !start) die("out of memory", NULL);
    static ggn_move legal[GGN_MAX_MOVES];
    uint64_t seed = 0x2545F4914F6CDD1DULL;
    int n = 0;
    while (n < POSITIONS) {
        ggn_position_copy(pos, start);
        smp->game_start[smp->ngames++] = n;
        for (int ply = 0; ply < MAX_PLIES && n < POSITIONS; ply++) {
            size_t k = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
            if (k == 0) break;
            if (k > GGN_MAX_MOVES) k = GGN_MAX_MOVES;
            smp->moves[n++] = legal[rng_next(&seed) % k];
            ggn_position_make(pos, smp->moves[n - 1]);
        }
    }
    smp->game_start[smp->ngames] = n;

    /* Engine: replay with generation, and replay alone. */
    static ggn_move buf[GGN_MAX_MOVES];
    double engine_best = 1e30, replay_best = 1e30;
    size_t engine_moves = 0;
    for (int r = 0; r < repeats; r++) {
        for (int with_gen = 0; with_gen < 2; with_gen++) {
            size_t total = 0;
            double t0 = now_seconds();
            for (int gi = 0; gi < smp->ngames; gi++) {
                ggn_position_copy(pos, start);
                for (int i = smp->game_start[gi]; i < smp->game_start[gi + 1]; i++) {
                    if (with_gen) total += ggn_position_pseudo_moves(pos, buf, GGN_MAX_MOVES);
                    ggn_position_make(pos, smp->moves[i]);
                }
            }
            double t = now_seconds() - t0;
            if (with_gen) {
                engine_moves = total;
                if (t < engine_best) engine_best = t;
            } else if (t < replay_best) {
                replay_best = t;
            }
        }
    }
    double engine_gen = engine_best - replay_best;

    printf("game: %s, %d positions from %d random games, best of %d runs\n", ggn_game_name(g), n, smp->ngames, repeats);
    printf("%-28s %12s %14s %12s\n", "generator", "moves", "us/position", "Mmoves/s");
    printf("%-28s %12zu %14.3f %12.2f\n", "engine pseudo-legal", engine_moves, engine_gen / n * 1e6,
           engine_moves / engine_gen / 1e6);

    static ggn_transition tr[4 * GGN_MAX_MOVES];
    for (int sp = 0; sp < 3; sp++) {
        ggn_error err;
        ggn_error_clear(&err);
        double t_export = now_seconds();
        char *text = ggn_game_export(g, (ggn_spelling)sp, &err);
        t_export = now_seconds() - t_export;
        if (!text && err.code == GGN_E_CONVERSION) {
            /* a spelling that cannot say the game (docs/export.md, "Hands") */
            printf("GGN %-24s refused: %s\n", ggn_spelling_name((ggn_spelling)sp), err.message);
            continue;
        }
        if (!text) die("export failed", err.message);
        size_t bytes = strlen(text);
        double t_load = now_seconds();
        ggn_ruleset *rs = ggn_ruleset_load_string(text, bytes, "export", NULL, &errs);
        t_load = now_seconds() - t_load;
        free(text);
        if (!rs) die("exported library does not load", NULL);
        ggn_board_state **st = calloc((size_t)n, sizeof *st);
        ggn_board_view **view = calloc((size_t)n, sizeof *view);
        if (!st || !view) die("out of memory", NULL);
        int k = 0;
        for (int gi = 0; gi < smp->ngames; gi++) {
            ggn_position_copy(pos, start);
            for (int i = smp->game_start[gi]; i < smp->game_start[gi + 1]; i++, k++) {
                st[k] = ggn_position_export_state(pos, (ggn_spelling)sp, false, &err);
                if (!st[k]) die("export_state failed", err.message);
                view[k] = ggn_board_view_new(rs, st[k], &err);
                if (!view[k]) die("view failed", err.message);
                ggn_position_make(pos, smp->moves[i]);
            }
        }
        double only_best = 1e30, update_best = 1e30;
        size_t transitions = 0;
        for (int r = 0; r < repeats; r++) {
            size_t total = 0;
            double t0 = now_seconds();
            for (int i = 0; i < n; i++) {
                int c = ggn_board_view_transitions(view[i], tr, 4 * GGN_MAX_MOVES, &err);
                if (c < 0) die("transitions failed", err.message);
                total += (size_t)c;
            }
            double t = now_seconds() - t0;
            if (t < only_best) only_best = t;
            transitions = total;
            t0 = now_seconds();
            for (int i = 0; i < n; i++) {
                ggn_board_view_update(view[0], st[i], &err);
                total += (size_t)ggn_board_view_transitions(view[0], tr, 4 * GGN_MAX_MOVES, &err);
            }
            t = now_seconds() - t0;
            if (t < update_best) update_best = t;
            ggn_board_view_update(view[0], st[0], &err);
        }
        char label[64];
        snprintf(label, sizeof label, "GGN %s", ggn_spelling_name((ggn_spelling)sp));
        printf("%-28s %12zu %14.3f %12.2f\n", label, transitions, only_best / n * 1e6, transitions / only_best / 1e6);
        snprintf(label, sizeof label, "  + view update from state");
        printf("%-28s %12zu %14.3f %12.2f\n", label, transitions, update_best / n * 1e6,
               transitions / update_best / 1e6);
        ggn_ruleset_stats stats;
        ggn_ruleset_stats_get(rs, &stats);
        printf("    (library: %zu bytes, %zu possibilities; export %.3f s, load %.3f s)\n", bytes, stats.possibilities,
               t_export, t_load);
        for (int i = 0; i < n; i++) {
            ggn_board_view_free(view[i]);
            ggn_board_state_free(st[i]);
        }
        free(view);
        free(st);
        ggn_ruleset_free(rs);
    }
    ggn_position_free(pos);
    ggn_position_free(start);
    free(smp);
    ggn_game_free(g);
}

int main(int argc, char **argv)
{
    int repeats = argc > 2 ? atoi(argv[2]) : 20;
    if (repeats < 1) repeats = 1;
    if (argc > 1 && strcmp(argv[1], "-") != 0) {
        bench_game(argv[1], repeats);
        return 0;
    }
    /* By default chess, and crazyhouse for a game with hands (drops, captures into the hand). */
    const char *games[] = { "chess.json", "crazyhouse.json" };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, games[i]);
        if (i) printf("\n");
        bench_game(path, repeats);
    }
    return 0;
}
