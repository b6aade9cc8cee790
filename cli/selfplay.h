/*
 * selfplay.h — `ggn selfplay`: the computer plays a game against itself many
 * times and a designer reads how balanced the game is (docs/selfplay.md).
 *
 * Every game is a function of the job alone: game number n (from 0) draws
 * its random opening plies and its search seeds from its own generator,
 * seeded by (seed, n), and starts with a cleared searcher. So a run of
 * games 0..N-1 and the union of K shards of it (game n in shard n % K + 1)
 * play the very same games, and the report, computed from the games' records
 * in game order, is the same document (docs/cluster.md).
 */
#ifndef GGN_CLI_SELFPLAY_H
#define GGN_CLI_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "ggn/game.h"
#include "ggn/mcts.h"
#include "ggn/search.h"

enum {
    SELFPLAY_MAX_GAMES = 1000000,  /* --games */
    SELFPLAY_DEFAULT_DEPTH = 2,
    SELFPLAY_DEFAULT_RANDOM_PLIES = 2,
    SELFPLAY_DEFAULT_MAX_PLIES = 400,
    SELFPLAY_MAX_PLIES = 1000,     /* below GGN_MAX_PLY: the undo stack holds the whole game */
    SELFPLAY_MAX_NAME = 64         /* longest end name or first move kept */
};

/* How the computer plays: side 0 is the first player, side 1 every other player. */
typedef struct selfplay_settings {
    int depth[2];        /* search depth, 0: none */
    long nodes[2];       /* node budget per move, 0: none */
    long think_ms[2];    /* time per move, 0: none (a time limit makes the games irreproducible) */
    ggn_player_kind player[2]; /* --player; GGN_PLAYER_DEFAULT: the spec's choice (cli_player.h) */
    int random_plies;    /* the first plies are uniformly random legal moves: the openings vary */
    int max_plies;       /* a game still going after this many plies is a draw, "move limit" */
    uint64_t seed;
    long games;
} selfplay_settings;

/* What one game left: all the report needs. */
typedef struct selfplay_record {
    long number;                         /* from 0 */
    int winner;                          /* player index, -1 a draw */
    char end[SELFPLAY_MAX_NAME];         /* ggn_outcome_name, or "move limit" */
    int plies;
    char first_move[SELFPLAY_MAX_NAME];  /* coordinates; "" when the game ended before a move */
} selfplay_record;

/* Plays game `number` of the job (selfplay_game.c). False only when out of memory. */
bool selfplay_play(const ggn_game *game, ggn_searcher *searcher, ggn_mcts *mcts, const selfplay_settings *set,
                   long number, selfplay_record *out);

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
