/*
 * vs_random.c — the computer player against a player that picks one of its
 * legal moves uniformly at random: how many of N games the search wins, in
 * any game (issue 36 asks at least 95 of 100 in each placement game). The
 * search plays the first player in even games and the second in odd ones;
 * a game ends by the spec's own rules (ggn_position_status) or, past
 * MAX_PLIES, unfinished (counted apart). Deterministic: the search's seed and
 * the random player's sequence come from SEED.
 *
 * Usage: vs_random GAME_FILE [GAMES [DEPTH [SEED]]]   (default 100 games, depth 3, seed 1)
 * Prints: won W, drawn D, lost L, unfinished U of N (depth D, seed S).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ggn/game.h"
#include "ggn/search.h"

#define MAX_PLIES 1000

/* xorshift64: a fixed sequence for a seed. */
static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* One game: 1 the search won, 0 a draw, -1 it lost, 2 unfinished. */
static int play(ggn_game *game, ggn_searcher *s, int searcher, int depth, uint64_t *rng)
{
    ggn_position *pos = ggn_position_new(game);
    ggn_search_limits lim = { .depth = depth, .seed = *rng | 1 };
    ggn_status st = ggn_position_status(pos);
    int plies = 0;
    for (; st.outcome == GGN_ONGOING && plies < MAX_PLIES; plies++) {
        ggn_move m;
        if (ggn_position_to_move(pos) == searcher) {
            ggn_search_result r;
            if (!ggn_searcher_run(s, pos, &lim, &r)) break;
            m = r.best;
        } else {
            ggn_move moves[GGN_MAX_MOVES];
            size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            if (n == 0) break;
            m = moves[next_random(rng) % n];
        }
        if (!ggn_position_make(pos, m)) break;
        st = ggn_position_status(pos);
    }
    int result = st.outcome == GGN_ONGOING ? 2 : st.winner == searcher ? 1 : st.winner < 0 ? 0 : -1;
    ggn_position_free(pos);
    return result;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: vs_random GAME_FILE [GAMES [DEPTH [SEED]]]\n");
        return 2;
    }
    long games = argc > 2 ? atol(argv[2]) : 100;
    int depth = argc > 3 ? atoi(argv[3]) : 3;
    uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    if (games < 1 || depth < 1 || seed == 0) {
        fprintf(stderr, "usage: vs_random GAME_FILE [GAMES>0 [DEPTH>0 [SEED>0]]]\n");
        return 2;
    }
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(argv[1], &errs);
    ggn_searcher *s = game ? ggn_searcher_new(16) : NULL;
    if (!game || !s) {
        fprintf(stderr, "vs_random: cannot load %s\n", argv[1]);
        return 1;
    }
    uint64_t rng = seed * 0x9E3779B97F4A7C15ULL | 1;
    long count[4] = { 0, 0, 0, 0 }; /* won, drawn, lost, unfinished */
    for (long g = 0; g < games; g++) {
        ggn_searcher_clear(s);
        int r = play(game, s, (int)(g % 2), depth, &rng);
        count[r == 1 ? 0 : r == 0 ? 1 : r == -1 ? 2 : 3]++;
    }
    printf("won %ld, drawn %ld, lost %ld, unfinished %ld of %ld (depth %d, seed %" PRIu64 ")\n", count[0], count[1],
           count[2], count[3], games, depth, seed);
    ggn_searcher_free(s);
    ggn_game_free(game);
    return 0;
}
