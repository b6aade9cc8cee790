/*
 * selfplay.h — `ggn selfplay`: the computer plays a game against itself many
 * times and a designer reads how balanced the game is (docs/selfplay.md).
 *
 * The games are played by the library's selfplay layer (ggn/selfplay.h),
 * each a function of the job alone, so a run of games 0..N-1 and the union
 * of K shards of it (game n in shard n % K + 1) play the very same games,
 * and the report, computed from the games' records in game order, is the
 * same document (docs/cluster.md). This side keeps the job and the records
 * as JSON and prints the report.
 */
#ifndef GGN_CLI_SELFPLAY_H
#define GGN_CLI_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "ggn/game.h"
#include "ggn/selfplay.h"

enum {
    SELFPLAY_MAX_GAMES = GGN_MAX_SELFPLAY_GAMES,  /* --games */
    SELFPLAY_DEFAULT_DEPTH = 2,
    SELFPLAY_DEFAULT_RANDOM_PLIES = 2,
    SELFPLAY_DEFAULT_MAX_PLIES = 400,
    SELFPLAY_MAX_PLIES = GGN_MAX_SELFPLAY_PLIES,
};

/* The games are the library's (ggn/selfplay.h); the CLI adds their job, records as JSON and the report. */
typedef ggn_selfplay_settings selfplay_settings;
typedef ggn_selfplay_game selfplay_record;

/* The job document of a run: {"command": "selfplay", "game", "spec", "players", "games", "seed", ...}. */
json_t *selfplay_job(const ggn_game *game, const char *game_arg, const selfplay_settings *set);

/* A record as JSON, and back (false after shard_corrupt naming file). */
json_t *selfplay_record_json(const selfplay_record *r);
bool selfplay_record_read(const char *file, const json_t *j, int players, selfplay_record *r);

/*
 * Prints the report of the job's games (records in game order, all of them)
 * to stdout: the text table, or with json one JSON document. A CLI_ status.
 * (selfplay_report.c)
 */
int selfplay_report(const json_t *job, const selfplay_record *records, long n, bool json);

#endif
