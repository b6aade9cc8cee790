/*
 * cli_player.h — which computer player a command uses (--player), and the
 * Monte Carlo player (ggn/mcts.h) driven by the alpha-beta player's limits,
 * so that bestmove, play and selfplay take the same options for both
 * (docs/ai.md, "Which player a game uses").
 */
#ifndef GGN_CLI_PLAYER_H
#define GGN_CLI_PLAYER_H

#include <stdbool.h>

#include "ggn/mcts.h"
#include "ggn/search.h"

/* "alphabeta" or "mcts" -> *out; false for anything else. */
bool cli_player_parse(const char *text, ggn_player_kind *out);
/* The player to use: the one asked for, else the one the game's spec names, else alpha-beta. */
ggn_player_kind cli_player_resolve(const ggn_game *game, ggn_player_kind asked);
/* "alphabeta" or "mcts". */
const char *cli_player_name(ggn_player_kind kind);

/*
 * Runs the Monte Carlo player within alpha-beta limits: --nodes counts its
 * iterations (playouts), --think its time, --seed its playouts' random
 * state; --depth means nothing to it, and with neither nodes nor time it
 * plays GGN_MCTS_DEFAULT_ITERATIONS iterations.
 */
bool cli_mcts_run(ggn_mcts *m, ggn_position *pos, const ggn_search_limits *lim, ggn_mcts_result *out);

#endif
