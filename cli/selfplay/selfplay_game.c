/*
 * selfplay_game.c — the job and the games' records of `ggn selfplay` as JSON
 * (selfplay.h); the games themselves are the library's (ggn_selfplay_play).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "cli_player.h"
#include "ggn/notation.h"
#include "selfplay.h"
#include "shard/shard.h"

/* A pair [first player, the others] as JSON. */
static json_t *pair(long first, long others) { return json_pack("[I, I]", (json_int_t)first, (json_int_t)others); }

json_t *selfplay_job(const ggn_game *game, const char *game_arg, const selfplay_settings *set)
{
    json_t *players = json_array();
    for (int p = 0; players && p < ggn_game_player_count(game); p++)
        json_array_append_new(players, cli_json_string(ggn_game_player_name(game, p)));
    json_t *job = json_pack("{s:s, s:o, s:I, s:I, s:o, s:o, s:o, s:i, s:i}", "command", "selfplay", "players", players,
                            "games", (json_int_t)set->games, "seed", (json_int_t)set->seed, "depth",
                            pair(set->depth[0], set->depth[1]), "nodes", pair(set->nodes[0], set->nodes[1]),
                            "think_ms", pair(set->think_ms[0], set->think_ms[1]), "random_plies", set->random_plies,
                            "max_plies", set->max_plies);
    /* Which player moves each side, when one of them is the Monte Carlo player (docs/ai.md). */
    ggn_player_kind first = cli_player_resolve(game, set->player[0]), others = cli_player_resolve(game, set->player[1]);
    if (job && (first == GGN_PLAYER_MCTS || others == GGN_PLAYER_MCTS) &&
        json_object_set_new(job, "player", json_pack("[s, s]", cli_player_name(first), cli_player_name(others))) != 0) {
        json_decref(job);
        return NULL;
    }
    /* Who plays with whom, for a game with teams: the report credits a team's win to each of its players. */
    bool teams = false;
    for (int p = 0; p < ggn_game_player_count(game); p++) teams |= ggn_game_team(game, p) != p;
    if (job && teams) {
        json_t *list = json_array();
        for (int p = 0; list && p < ggn_game_player_count(game); p++)
            json_array_append_new(list, json_integer(ggn_game_team(game, p)));
        if (!list || json_object_set_new(job, "teams", list) != 0) {
            json_decref(job);
            return NULL;
        }
    }
    if (job && !shard_add_game(job, game, game_arg)) {
        json_decref(job);
        return NULL;
    }
    return job;
}

json_t *selfplay_record_json(const selfplay_record *r)
{
    return json_pack("{s:I, s:i, s:s, s:i, s:s}", "game", (json_int_t)r->number, "winner", r->winner, "end", r->end,
                     "plies", r->plies, "first_move", r->first_move);
}

static bool read_text(const char *file, const json_t *j, const char *key, char *buf, size_t cap)
{
    const char *s = json_string_value(json_object_get(j, key));
    if (!s || strlen(s) >= cap) {
        shard_corrupt(file, "a game's \"%s\" is missing or too long", key);
        return false;
    }
    snprintf(buf, cap, "%s", s);
    return true;
}

bool selfplay_record_read(const char *file, const json_t *j, int players, selfplay_record *r)
{
    long long number, winner, plies;
    if (!json_is_object(j)) {
        shard_corrupt(file, "a game record is not an object");
        return false;
    }
    if (!shard_int(file, j, "game", 0, SELFPLAY_MAX_GAMES - 1, &number) ||
        !shard_int(file, j, "winner", -1, players - 1, &winner) ||
        !shard_int(file, j, "plies", 0, SELFPLAY_MAX_PLIES, &plies) || !read_text(file, j, "end", r->end, sizeof r->end) ||
        !read_text(file, j, "first_move", r->first_move, sizeof r->first_move))
        return false;
    r->number = (long)number;
    r->winner = (int)winner;
    r->plies = (int)plies;
    return true;
}
