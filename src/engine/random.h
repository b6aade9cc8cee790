/*
 * engine/random.h — the library's one pseudo-random stream: xorshift64*,
 * small and fast, good enough to choose among a few hundred moves and to
 * shuffle a root list. The state is the caller's, so a seed gives the same
 * games on every machine and in every thread. Used by the playouts
 * (api/playout.c), the Monte Carlo player and the search's seeded root order.
 */
#ifndef GGN_ENGINE_RANDOM_H
#define GGN_ENGINE_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/* The next number of the stream; a zero state (which xorshift would never leave) is moved off zero first. */
static inline uint64_t eg_random_next(uint64_t *state)
{
    if (*state == 0) *state = 0x9E3779B97F4A7C15u;
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Du;
}

/* A uniform index below n (n > 0): the high bits of the product, without the bias of a modulo. */
static inline size_t eg_random_below(uint64_t *state, size_t n)
{
    return (size_t)(((eg_random_next(state) >> 32) * (uint64_t)n) >> 32);
}

#endif
