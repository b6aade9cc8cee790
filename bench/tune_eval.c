/*
 * tune_eval — fits the evaluation's weights (ggn_search_weights) to scored
 * positions, by coordinate descent on the mean squared difference of
 * expected results (docs/benchmarks-log.md, "Tuning the evaluation").
 *
 *   ./build/bench/tune_eval GAME.json POSITIONS [ROUNDS [NAME,NAME...]]
 *
 * POSITIONS has one position a line, "FEN ; SCORE", SCORE in centipawns
 * from the view of the side to move (bench/label_positions.py writes it
 * from a UCI engine's searches), or the result of the game the position
 * was played in, 1-0, 0-1 or 1/2-1/2 (the first player's win first). Kept
 * are the quiet ones: not in check, no capture that wins material by the
 * exchange evaluation, |SCORE| below DECIDED_SCORE, so that a static
 * evaluation can be asked to match them.
 * One in five is held out and only measured, to show whether the fit
 * carries over to positions it was not made on.
 *
 * A score s is read as an expected result 1 / (1 + 10^(-s/400)), a result
 * as 1, 1/2 or 0 for the side to move; the error
 * is the mean of (expected(ggn's evaluation) - expected(SCORE))^2. Each
 * round tries every weight one step up and then down, and keeps a step while
 * it lowers the error; a weight whose two steps both fail has its step
 * halved, down to 1. Ends when a round changes nothing or after ROUNDS
 * (default 20), and prints the weights as `ggn_search_weights` fields.
 * With a list of names, only those weights move; the others keep their
 * defaults.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"
#include "engine/probe.h"

#define DECIDED_SCORE 2000
#define HOLD_OUT_EVERY 5

typedef struct sample {
    char *fen;
    double target; /* expected result of the side to move, from SCORE */
} sample;

typedef struct samples {
    sample *at;
    size_t count, cap;
} samples;

static double expected(double centipawns) { return 1.0 / (1.0 + pow(10.0, -centipawns / 400.0)); }

static bool push(samples *set, const char *fen, double target)
{
    if (set->count == set->cap) {
        size_t cap = set->cap ? set->cap * 2 : 1024;
        sample *grown = realloc(set->at, cap * sizeof *grown);
        if (!grown) return false;
        set->at = grown;
        set->cap = cap;
    }
    set->at[set->count].fen = strdup(fen);
    set->at[set->count].target = target;
    return set->at[set->count++].fen != NULL;
}

/* Quiet: the side to move is not in check and has no capture that wins material on its square. */
static bool quiet(ggn_position *pos)
{
    if (ggn_position_status(pos).in_check) return false;
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n; i++)
        if (ggn_move_is_capture(pos, moves[i]) && eg_exchange(pos, moves[i]) > 0) return false;
    return true;
}

/* Reads FILE into the training and held-out sets; prints why and returns false on a bad line. */
static bool read_samples(const char *path, ggn_position *pos, samples *train, samples *held, size_t *skipped)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tune_eval: cannot open %s\n", path);
        return false;
    }
    char line[1024];
    size_t lineno = 0, kept = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        char *semi = strrchr(line, ';');
        if (!semi) {
            fprintf(stderr, "%s:%zu: expected \"FEN ; SCORE\"\n", path, lineno);
            ok = false;
            break;
        }
        *semi = '\0';
        char *label = semi + 1, *end;
        while (*label == ' ') label++;
        long score = strtol(label, &end, 10);
        /* A result: the first player's share, turned to the side to move's below. */
        double first = -1;
        if (strncmp(label, "1-0", 3) == 0) first = 1;
        else if (strncmp(label, "0-1", 3) == 0) first = 0;
        else if (strncmp(label, "1/2-1/2", 7) == 0) first = 0.5;
        else if (end == label) {
            fprintf(stderr, "%s:%zu: no score or result after ';'\n", path, lineno);
            ok = false;
            break;
        }
        ggn_error err;
        if (!ggn_position_set_fen(pos, line, &err)) {
            fprintf(stderr, "%s:%zu: %s\n", path, lineno, err.message);
            ok = false;
            break;
        }
        if ((first < 0 && labs(score) >= DECIDED_SCORE) || !quiet(pos)) {
            (*skipped)++;
            continue;
        }
        double target = first < 0 ? expected((double)score) : ggn_position_to_move(pos) == 0 ? first : 1 - first;
        samples *set = kept++ % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1 ? held : train;
        if (!push(set, line, target)) {
            fprintf(stderr, "tune_eval: out of memory\n");
            ok = false;
        }
    }
    fclose(f);
    return ok;
}

/* The mean squared difference between ggn's expected results and the targets over set. */
static double error_of(ggn_searcher *s, ggn_position *pos, const samples *set)
{
    double sum = 0;
    for (size_t i = 0; i < set->count; i++) {
        ggn_position_set_fen(pos, set->at[i].fen, NULL);
        double d = expected(ggn_searcher_evaluate(s, pos)) - set->at[i].target;
        sum += d * d;
    }
    return set->count ? sum / (double)set->count : 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: tune_eval GAME.json POSITIONS [ROUNDS [NAME,NAME...]]\n");
        return 2;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 20;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(argv[1], &errs);
    if (!game) {
        fprintf(stderr, "tune_eval: cannot load %s\n", argv[1]);
        return 1;
    }
    ggn_searcher *s = ggn_searcher_new(1);
    ggn_position *pos = ggn_position_new(game);
    if (!s || !pos) {
        fprintf(stderr, "tune_eval: out of memory\n");
        return 1;
    }
    ggn_search_weights w;
    ggn_searcher_weights(s, &w);
    struct {
        const char *name;
        int *value;
        int step;
    } knob[] = {
        { "mobility", &w.mobility, 1 },        { "mobility_cap", &w.mobility_cap, 2 }, { "king_piece", &w.king_piece, 1 },
        { "king_danger", &w.king_danger, 16 }, { "centre", &w.centre, 4 },            { "leader_centre", &w.leader_centre, 8 },
        { "leader_endgame", &w.leader_endgame, 8 },
        { "shelter", &w.shelter, 4 },          { "advance", &w.advance, 8 },          { "reach", &w.reach, 2 },
        { "goal", &w.goal, 16 },               { "passed", &w.passed, 16 },           { "doubled", &w.doubled, 4 },
        { "isolated", &w.isolated, 4 },        { "promotion", &w.promotion, 4 },
        { "checks", &w.checks, 16 },          { "goal_near", &w.goal_near, 32 },     { "goal_race", &w.goal_race, 250 },
        { "united", &w.united, 16 },
    };
    size_t nknob = sizeof knob / sizeof knob[0];
    if (argc > 4) {
        /* Only the named weights move: ",a,b," holds ",name," exactly when name is listed. */
        char listed[512];
        snprintf(listed, sizeof listed, ",%s,", argv[4]);
        size_t moving = 0;
        for (size_t k = 0; k < nknob; k++) {
            char key[64];
            snprintf(key, sizeof key, ",%s,", knob[k].name);
            if (strstr(listed, key)) moving++;
            else knob[k].step = 0;
        }
        if (moving == 0) {
            fprintf(stderr, "tune_eval: no weight named in '%s'\n", argv[4]);
            return 2;
        }
    }
    samples train = { 0 }, held = { 0 };
    size_t skipped = 0;
    if (!read_samples(argv[2], pos, &train, &held, &skipped)) return 1;
    printf("positions: %zu to fit, %zu held out, %zu not quiet or decided\n", train.count, held.count, skipped);
    double best = error_of(s, pos, &train);
    printf("start: error %.6f, held out %.6f\n", best, error_of(s, pos, &held));
    for (int round = 1; round <= rounds; round++) {
        bool changed = false;
        for (size_t k = 0; k < nknob; k++) {
            if (knob[k].step == 0) continue;
            bool moved = false;
            for (int dir = 1; dir >= -1; dir -= 2) {
                for (;;) {
                    int was = *knob[k].value;
                    *knob[k].value = was + dir * knob[k].step;
                    ggn_searcher_set_weights(s, &w);
                    double e = error_of(s, pos, &train);
                    if (e < best) {
                        best = e;
                        moved = changed = true;
                        continue;
                    }
                    *knob[k].value = was;
                    ggn_searcher_set_weights(s, &w);
                    break;
                }
                if (moved) break;
            }
            if (!moved) knob[k].step /= 2; /* 1 halves to 0: the weight is settled */
            else changed = true;
        }
        printf("round %d: error %.6f, held out %.6f\n", round, best, error_of(s, pos, &held));
        fflush(stdout);
        if (!changed) break;
    }
    printf("weights:");
    for (size_t k = 0; k < nknob; k++) printf(" .%s = %d,", knob[k].name, *knob[k].value);
    printf("\n");
    for (size_t i = 0; i < train.count; i++) free(train.at[i].fen);
    for (size_t i = 0; i < held.count; i++) free(held.at[i].fen);
    free(train.at);
    free(held.at);
    ggn_position_free(pos);
    ggn_searcher_free(s);
    ggn_game_free(game);
    return 0;
}
