/*
 * report.c — the balance of a set of self-play games as numbers
 * (ggn_selfplay_report_of, ggn/selfplay.h).
 *
 * The first player's 95 % interval is Wilson's score interval with the
 * score taken as a proportion of n games: it stays inside [0, 1] and is not
 * empty when every game had the same result; with draws it is a little
 * wider than it need be (a draw varies less than a coin toss), which errs on
 * the side of caution. `ggn selfplay` prints the same figures.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/selfplay.h"

static int by_int(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

static void wilson(double p, long n, double *lo, double *hi)
{
    const double z = 1.959964;
    double d = 1.0 + z * z / (double)n;
    double centre = (p + z * z / (2.0 * (double)n)) / d;
    double half = z / d * sqrt(p * (1.0 - p) / (double)n + z * z / (4.0 * (double)n * (double)n));
    *lo = fmax(0.0, centre - half);
    *hi = fmin(1.0, centre + half);
}

bool ggn_selfplay_report_of(const ggn_game *game, const ggn_selfplay_game *games, long n, ggn_selfplay_report *out)
{
    memset(out, 0, sizeof *out);
    if (n < 1) return false;
    int players = ggn_game_player_count(game);
    out->games = n;
    out->players = players;
    double score = 0, plies = 0;
    out->shortest = games[0].plies;
    out->longest = games[0].plies;
    for (long i = 0; i < n; i++) {
        const ggn_selfplay_game *g = &games[i];
        plies += g->plies;
        if (g->plies < out->shortest) out->shortest = g->plies;
        if (g->plies > out->longest) out->longest = g->plies;
        if (g->winner < 0 || g->winner >= players) {
            out->draws++;
            score += 0.5;
            continue;
        }
        /* a team's win counts for each of its players */
        int won = ggn_game_team(game, g->winner);
        for (int p = 0; p < players; p++) {
            if (ggn_game_team(game, p) == won) out->wins[p]++;
            else out->losses[p]++;
        }
        if (ggn_game_team(game, 0) == won) score += 1.0;
    }
    out->first_score = score / (double)n;
    out->mean_plies = plies / (double)n;
    wilson(out->first_score, n, &out->first_low, &out->first_high);
    /* the median by nearest rank, as `ggn selfplay` prints it */
    int *sorted = malloc((size_t)n * sizeof *sorted);
    if (sorted) {
        for (long i = 0; i < n; i++) sorted[i] = games[i].plies;
        qsort(sorted, (size_t)n, sizeof *sorted, by_int);
        long rank = (50 * n + 99) / 100;
        out->median = sorted[rank < 1 ? 0 : rank - 1];
        free(sorted);
    } else {
        out->median = -1; /* out of memory: unknown */
    }
    return true;
}
