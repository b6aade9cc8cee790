/*
 * match_run.h — a match as `ggn match` plays it (match_run.c): the plan its
 * command line makes (cmd_match.c), and the match run from it. The engines,
 * one game between two of them and the statistics are match.h's.
 */
#ifndef GGN_CLI_MATCH_RUN_H
#define GGN_CLI_MATCH_RUN_H

#include <jansson.h>
#include <stdio.h>

#include "match.h"

enum {
    MATCH_MAX_JOBS = 64,
    MATCH_MAX_OPTIONS = 16,
    MATCH_MAX_OPENINGS = 100000,
    /*
     * --movetime's default --margin: an engine told "movetime 30" answers in
     * about 30 ms, but on a machine busy with other work its process may wait
     * that long again and more to be scheduled, and so may the arbiter; a
     * second absorbs that and still ends a game whose engine ignores the time.
     */
    MATCH_MOVETIME_MARGIN_MS = 1000
};

typedef struct match_plan {
    const char *game_path;
    const char *engine[MATCH_MAX_ENGINES];  /* the command, without its protocol prefix */
    match_protocol protocol[MATCH_MAX_ENGINES];
    const char *variant;           /* NULL: none sent */
    const char *options[MATCH_MAX_OPTIONS + 1];
    match_clock clock;
    int games, jobs;
    char **openings;               /* NULL: the start position */
    int *opening_lines;            /* the line of the file each opening is on */
    int nopenings;
    bool sprt;
    double elo0, elo1;
    FILE *pgn;                     /* --pgn, or NULL */
    const char *pgn_path;
    FILE *sgf;                     /* --sgf, or NULL */
    const char *sgf_path;
    int shard, shards;             /* --shard I/K; 1/1 without */
    json_t *shard_games;           /* with --shard: the games played, for the shard document */
} match_plan;

/* From here on SIGINT and SIGTERM end the match (after its summary), never leaving an engine running. */
void match_catch_interrupts(void);
/* The signal that ended the match, or 0. */
int match_interrupted(void);
/* Starts each engine once and shakes hands: a CLI_ status, the failure printed. */
int match_check_engines(const match_plan *plan, const ggn_game *game);
/* Plays the plan's games (its shard of them), prints the score and writes the PGN: a CLI_ status. */
int match_run(const match_plan *plan, const ggn_game *game);
/* The job document of a shard of the match (shard.h), or NULL. */
json_t *match_shard_job(const match_plan *plan, const ggn_game *game, const char *game_arg);

#endif
