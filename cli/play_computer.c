/*
 * play_computer.c — the computer player of `ggn play`.
 *
 * Until the search (include/ggn/search.h, ggn_search_best) lands, the
 * computer plays a uniformly random legal move; wiring the search in is a
 * change to choose_computer_move alone. GGN_SEED in the environment makes
 * the choices repeatable (tests, bug reports).
 */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "play.h"

static uint64_t rng_state;

/* xorshift64*: small, fast, good enough to pick a move. */
static uint64_t rng_next(void)
{
    if (!rng_state) {
        const char *seed = getenv("GGN_SEED");
        if (seed && *seed) {
            rng_state = strtoull(seed, NULL, 10);
        } else {
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            rng_state = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
        }
        if (!rng_state) rng_state = 0x9e3779b97f4a7c15u;
    }
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1du;
}

bool choose_computer_move(ggn_position *pos, const play_limits *limits, ggn_move *out)
{
    (void)limits; /* used by the search, not by the random player */
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    if (n == 0) return false;
    /* Rejection sampling keeps the choice uniform. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, r;
    do r = rng_next();
    while (r >= limit);
    *out = moves[r % n];
    return true;
}
