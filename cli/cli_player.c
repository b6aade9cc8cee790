/* cli_player.c — --player and the Monte Carlo player under the CLI's limits (cli_player.h). */
#include "cli_player.h"

#include <string.h>

bool cli_player_parse(const char *text, ggn_player_kind *out)
{
    if (strcmp(text, "alphabeta") == 0) *out = GGN_PLAYER_ALPHABETA;
    else if (strcmp(text, "mcts") == 0) *out = GGN_PLAYER_MCTS;
    else return false;
    return true;
}

ggn_player_kind cli_player_resolve(const ggn_game *game, ggn_player_kind asked)
{
    if (asked != GGN_PLAYER_DEFAULT) return asked;
    ggn_player_kind spec = ggn_game_player(game);
    return spec == GGN_PLAYER_DEFAULT ? GGN_PLAYER_ALPHABETA : spec;
}

const char *cli_player_name(ggn_player_kind kind) { return kind == GGN_PLAYER_MCTS ? "mcts" : "alphabeta"; }

bool cli_mcts_run(ggn_mcts *m, ggn_position *pos, const ggn_search_limits *lim, ggn_mcts_result *out)
{
    ggn_mcts_limits ml = { .iterations = lim->nodes, .time_ms = lim->time_ms, .seed = lim->seed };
    return ggn_mcts_run(m, pos, &ml, out);
}
