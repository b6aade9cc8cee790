/*
 * play_computer.c — the computer player of `ggn play`.
 *
 * The move comes from the library's search (ggn/search.h) within the
 * --think and --depth limits; random_move, a uniformly random legal move,
 * is kept as the fallback choice and for experiments. GGN_SEED in the
 * environment makes the choices repeatable (tests, bug reports): it seeds
 * the search's tie-breaking and the random player.
 */
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli_player.h"
#include "ggn/search.h"
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

/* A uniformly random legal move. */
static bool random_move(ggn_position *pos, ggn_move *out)
{
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

bool choose_computer_move(play_session *s, ggn_move *out)
{
    ggn_search_limits search = { .depth = s->limits.depth, .time_ms = s->limits.think_ms, .seed = rng_next() | 1 };
    if (cli_player_resolve(s->game, s->player) == GGN_PLAYER_MCTS) {
        if (!s->mcts) s->mcts = ggn_mcts_new(0);
        ggn_mcts_result r;
        if (s->mcts && cli_mcts_run(s->mcts, play_pos(s), &search, &r) && r.found) {
            *out = r.best;
            return true;
        }
        return random_move(play_pos(s), out);
    }
    ggn_search_result result;
    if (!s->searcher) s->searcher = ggn_searcher_new(GGN_SEARCH_DEFAULT_TT_MB);
    bool found = s->searcher ? ggn_searcher_run(s->searcher, play_pos(s), &search, &result)
                             : ggn_search_best(play_pos(s), &search, &result);
    if (found && result.found) {
        *out = result.best;
        return true;
    }
    return random_move(play_pos(s), out);
}
