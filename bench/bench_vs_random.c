/*
 * bench_vs_random.c — the computer player against a player that picks a
 * legal move uniformly at random: how many of N games it wins, draws and
 * loses, half of them moving first and half second.
 *
 * Usage: bench_vs_random GAME.json [GAMES [DEPTH]]   (defaults 100 and 2)
 *
 * Every game has its own seed (its number), for the random player's moves
 * and the search's tie-breaking, so a run prints the same figures every
 * time. A game still going after GGN_MAX_PLY / 2 plies counts as a draw.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ggn/game.h"
#include "ggn/search.h"

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* One game; returns 1 when the computer (player `engine`) wins, 0 for a draw, -1 for a loss. */
static int play(const ggn_game *g, ggn_searcher *s, int engine, int depth, uint64_t seed)
{
    ggn_position *pos = ggn_position_new(g);
    if (!pos) return 0;
    ggn_searcher_clear(s);
    uint64_t rng = seed;
    int result = 0;
    for (int ply = 0; ply < GGN_MAX_PLY / 2; ply++) {
        ggn_status st = ggn_position_status(pos);
        if (st.outcome != GGN_ONGOING) {
            result = st.winner < 0 ? 0 : st.winner == engine ? 1 : -1;
            break;
        }
        ggn_move moves[GGN_MAX_MOVES], mv;
        if (ggn_position_to_move(pos) == engine) {
            ggn_search_limits lim = { 0 };
            lim.depth = depth;
            lim.seed = seed + (uint64_t)ply + 1;
            ggn_search_result res;
            if (!ggn_searcher_run(s, pos, &lim, &res) || !res.found) break;
            mv = res.best;
        } else {
            size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
            if (n == 0) break;
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            mv = moves[next_random(&rng) % n];
        }
        if (!ggn_position_make(pos, mv)) break;
    }
    ggn_position_free(pos);
    return result;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s GAME.json [GAMES [DEPTH]]\n", argv[0]);
        return 2;
    }
    int games = argc > 2 ? atoi(argv[2]) : 100, depth = argc > 3 ? atoi(argv[3]) : 2;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(argv[1], &errs);
    if (!g) {
        fprintf(stderr, "%s: %s\n", argv[1], errs.count ? errs.items[0].message : "cannot load");
        return 1;
    }
    ggn_searcher *s = ggn_searcher_new(16);
    if (!s) return 1;
    int won = 0, drawn = 0, lost = 0;
    for (int i = 0; i < games; i++) {
        int r = play(g, s, i % 2, depth, (uint64_t)i + 1);
        won += r > 0;
        drawn += r == 0;
        lost += r < 0;
    }
    printf("%s: depth %d against random, %d games (half as each player): %d won, %d drawn, %d lost\n",
           ggn_game_name(g), depth, games, won, drawn, lost);
    ggn_searcher_free(s);
    ggn_game_free(g);
    return 0;
}
