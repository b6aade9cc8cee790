/*
 * match_stats.c — what a match's results say: the Elo difference with its
 * 95 % error, and the sequential probability ratio test of "A is elo1
 * stronger rather than elo0". Both use the normal approximation of the mean
 * game score (win 1, draw 1/2, loss 0), as match runners do.
 */
#include <math.h>

#include "match.h"

/* The expected score of a side elo points stronger (logistic model). */
static double expected_score(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

static double elo_of(double score) { return -400.0 * log10(1.0 / score - 1.0); }

/* Mean and variance of one game's score. */
static void moments(const match_score *sc, double *mean, double *var)
{
    double n = sc->wins + sc->draws + sc->losses;
    *mean = (sc->wins + 0.5 * sc->draws) / n;
    double second = (sc->wins + 0.25 * sc->draws) / n;
    *var = second - *mean * *mean;
}

void match_elo(const match_score *sc, double *elo, double *error95)
{
    *elo = *error95 = 0;
    int n = sc->wins + sc->draws + sc->losses;
    if (n == 0) return;
    double mean, var;
    moments(sc, &mean, &var);
    if (mean <= 0.0 || mean >= 1.0) {
        *elo = mean <= 0.0 ? -INFINITY : INFINITY;
        return;
    }
    *elo = elo_of(mean) + 0.0; /* + 0.0: an even score is 0, not -0 */
    if (var <= 0.0) {
        *error95 = INFINITY; /* every game the same result (all drawn): no spread to measure an error by */
        return;
    }
    double margin = 1.959964 * sqrt(var / n);
    double lo = mean - margin, hi = mean + margin;
    if (lo <= 0.0 || hi >= 1.0) {
        *error95 = INFINITY;
        return;
    }
    *error95 = (elo_of(hi) - elo_of(lo)) / 2.0;
}

double match_sprt_llr(const match_score *sc, double elo0, double elo1)
{
    int n = sc->wins + sc->draws + sc->losses;
    if (n == 0) return 0.0;
    double mean, var;
    moments(sc, &mean, &var);
    if (var <= 0.0) return 0.0; /* every game the same result: no spread to judge by yet */
    double s0 = expected_score(elo0), s1 = expected_score(elo1);
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
}
