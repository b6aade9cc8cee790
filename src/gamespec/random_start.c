/*
 * random_start.c — drawing a start of the "random_start" extension.
 *
 * A uniform draw among the arrangements that meet the rules: shuffle the
 * multiset of kinds (Fisher-Yates gives every distinct arrangement the same
 * chance) and keep the first shuffle that meets opposite_colours and
 * between. For Chess960 about one shuffle in five does, so a draw costs a few
 * shuffles; the reader draws once at load to refuse rules no arrangement
 * meets.
 */
#include "gamespec/spec_def.h"

/* splitmix64: the generator behind every draw, so a seed gives the same start everywhere. */
static uint64_t next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static bool meets(const sd_random_start *rs, const int *kinds)
{
    for (int gi = 0; gi < rs->ngroups; gi++) {
        int balance = 0;
        for (int i = 0; i < rs->nsquares; i++)
            if ((rs->groups[gi] >> kinds[i]) & 1) balance += ((rs->squares[0][i][0] + rs->squares[0][i][1]) & 1) ? 1 : -1;
        if (balance != 0) return false;
    }
    for (int b = 0; b < rs->nbetween; b++) {
        int kind = rs->between[2 * b], outer = rs->between[2 * b + 1];
        int first = -1, last = -1;
        for (int i = 0; i < rs->nsquares; i++)
            if (kinds[i] == outer) {
                if (first < 0) first = i;
                last = i;
            }
        for (int i = 0; i < rs->nsquares; i++)
            if (kinds[i] == kind && !(first < i && i < last)) return false;
    }
    return true;
}

bool sd_random_start_draw(const sd_game *game, uint64_t *state, int *out)
{
    const sd_random_start *rs = &game->random_start;
    for (int i = 0; i < rs->nsquares; i++) out[i] = rs->kinds[i];
    for (long draw = 0; draw < GGN_MAX_RANDOM_START_DRAWS; draw++) {
        for (int i = rs->nsquares - 1; i > 0; i--) {
            int j = (int)(next(state) % (uint64_t)(i + 1));
            int t = out[i];
            out[i] = out[j];
            out[j] = t;
        }
        if (meets(rs, out)) return true;
    }
    return false;
}
