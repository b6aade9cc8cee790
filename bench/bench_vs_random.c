/*
 * bench_vs_random.c — the computer player against a player that picks a
 * legal move uniformly at random: how many of N games it wins, draws and
 * loses, half of them moving first and half second.
 *
 * Usage: bench_vs_random GAME.json [GAMES [DEPTH]] [--player P] [--iterations N]
 *   GAMES        games to play (default 100)
 *   DEPTH        the alpha-beta player's depth (default 2)
 *   --player P   alphabeta, mcts, or spec: the player the game's spec names
 *                (docs/ai.md, "Which player a game uses"; the default)
 *   --iterations N  the Monte Carlo player's playouts a move (default 2000)
 *
 * Every game has its own seed (its number), for the random player's moves
 * and the computer's (the search's tie-breaking, the playouts), so a run
 * prints the same figures every time: neither player reads the clock. A
 * game still going after GGN_MAX_PLY / 2 plies counts as a draw.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/mcts.h"
#include "ggn/search.h"

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* The computer player of a run: alpha-beta at a depth, or Monte Carlo at a number of playouts. */
typedef struct player {
    bool mcts;
    int depth;
    uint64_t iterations;
    ggn_searcher *searcher;
    ggn_mcts *tree;
} player;

/* The computer's move in pos (false when it has none). */
static bool computer_move(player *p, ggn_position *pos, uint64_t seed, ggn_move *mv)
{
    if (p->mcts) {
        ggn_mcts_limits lim = { .iterations = p->iterations, .seed = seed };
        ggn_mcts_result res;
        if (!ggn_mcts_run(p->tree, pos, &lim, &res) || !res.found) return false;
        *mv = res.best;
        return true;
    }
    ggn_search_limits lim = { 0 };
    lim.depth = p->depth;
    lim.seed = seed;
    ggn_search_result res;
    if (!ggn_searcher_run(p->searcher, pos, &lim, &res) || !res.found) return false;
    *mv = res.best;
    return true;
}

/* One game; returns 1 when the computer (player `engine`) wins, 0 for a draw, -1 for a loss. */
static int play(const ggn_game *g, player *p, int engine, uint64_t seed)
{
    ggn_position *pos = ggn_position_new(g);
    if (!pos) return 0;
    if (p->mcts) ggn_mcts_clear(p->tree);
    else ggn_searcher_clear(p->searcher);
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
            if (!computer_move(p, pos, seed + (uint64_t)ply + 1, &mv)) break;
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

static int usage(const char *argv0)
{
    fprintf(stderr, "usage: %s GAME.json [GAMES [DEPTH]] [--player alphabeta|mcts|spec] [--iterations N]\n", argv0);
    return 2;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *kind = "spec";
    int games = 100, depth = 2, positional = 0;
    long long iterations = 2000;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--player") == 0 && i + 1 < argc) kind = argv[++i];
        else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc) iterations = atoll(argv[++i]);
        else if (argv[i][0] == '-') return usage(argv[0]);
        else if (positional == 0) file = argv[i], positional++;
        else if (positional == 1) games = atoi(argv[i]), positional++;
        else if (positional == 2) depth = atoi(argv[i]), positional++;
        else return usage(argv[0]);
    }
    if (!file || games < 1 || depth < 1 || iterations < 1) return usage(argv[0]);
    if (strcmp(kind, "spec") && strcmp(kind, "mcts") && strcmp(kind, "alphabeta")) return usage(argv[0]);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(file, &errs);
    if (!g) {
        fprintf(stderr, "%s: %s\n", file, errs.count ? errs.items[0].message : "cannot load");
        return 1;
    }
    player p = { .depth = depth, .iterations = (uint64_t)iterations };
    p.mcts = strcmp(kind, "mcts") == 0 || (strcmp(kind, "spec") == 0 && ggn_game_player(g) == GGN_PLAYER_MCTS);
    if (p.mcts) p.tree = ggn_mcts_new(0);
    else p.searcher = ggn_searcher_new(16);
    if (!p.tree && !p.searcher) return 1;
    int won = 0, drawn = 0, lost = 0;
    for (int i = 0; i < games; i++) {
        int r = play(g, &p, i % 2, (uint64_t)i + 1);
        won += r > 0;
        drawn += r == 0;
        lost += r < 0;
    }
    if (p.mcts)
        printf("%s: mcts %lld iterations", ggn_game_name(g), iterations);
    else
        printf("%s: alphabeta depth %d", ggn_game_name(g), depth);
    printf(" against random, %d games (half as each player): %d won, %d drawn, %d lost\n", games, won, drawn,
           lost);
    ggn_searcher_free(p.searcher);
    ggn_mcts_free(p.tree);
    ggn_game_free(g);
    return 0;
}
