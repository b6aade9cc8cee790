/*
 * shard.h — work split into independent shards and merged back
 * (docs/cluster.md).
 *
 * A job (a deep perft, a self-play run, a match) is cut into K shards by a
 * rule that depends only on the job: item n (a root move in sorted order, a
 * game number from 0) belongs to shard n % K + 1. Each shard runs anywhere
 * and writes one JSON document:
 *
 *   {"format": "ggn-shard/1", "job": {...}, "shard": I, "shards": K,
 *    "result": {...}, "digest": "16 hex digits"}
 *
 * "job" says everything that decides the result (the command, the game and
 * a digest of its spec file, the position, the depth or the seed, ...), so
 * `ggn merge` can tell shards of one job from shards of another by comparing
 * it whole. "digest" (FNV-1a of the job and the result) tells a damaged or
 * edited file from a good one. The merge refuses anything but exactly the K shards of one job,
 * each once, naming the file at fault: it never prints a wrong total.
 */
#ifndef GGN_CLI_SHARD_H
#define GGN_CLI_SHARD_H

#include <stdbool.h>

#include <jansson.h>

#include "ggn/game.h"

#define SHARD_FORMAT "ggn-shard/1"

enum {
    SHARD_MAX = 100000,            /* K of --split K / --shard I/K */
    PERFT_UNITS_PER_PART = 8,      /* a split perft deals out at least this many lines of play a part... */
    PERFT_MAX_UNITS = 1 << 18      /* ...unless that would list more lines than this (perft_split.c) */
};

/* Reads "I/K" (1 <= I <= K <= SHARD_MAX); false when it is not that. */
bool shard_parse(const char *text, int *index, int *count);

/* True when item n (from 0) belongs to shard index (from 1) of count. */
static inline bool shard_owns(long n, int index, int count) { return n % count == index - 1; }

/*
 * The job's identity of a game: its name and the FNV-1a digest of its spec
 * file as 16 hex digits, added to job as "game" and "spec". game_arg is the
 * argument the game was loaded by (cli_resolve_game). False when out of
 * memory or the file cannot be read again.
 */
bool shard_add_game(json_t *job, const ggn_game *game, const char *game_arg);

/* Prints {"format", "job", "shard", "shards", "result", "digest"} to stdout (takes job and result); a CLI_ status. */
int shard_print(const char *cmd, json_t *job, int index, int count, json_t *result);

/*
 * The shards of one job, read from files: results[i] is the result of shard
 * i + 1 and files[i] the file it came from. Free with shard_set_free.
 */
typedef struct shard_set {
    json_t *job;        /* the job all the shards share */
    int count;          /* K */
    json_t **results;   /* count entries */
    const char **files; /* count entries (the caller's strings) */
} shard_set;

/*
 * Reads every file and checks that together they are the K shards of one
 * job, each exactly once. On failure prints "FILE: error: WHY" (or names the
 * missing shard) to stderr and returns false.
 */
bool shard_load(int nfiles, char **files, shard_set *set);
void shard_set_free(shard_set *set);

/* Prints "FILE: error: MESSAGE" to stderr for a shard whose result does not hold together; returns CLI_INVALID. */
int shard_corrupt(const char *file, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * Reads an integer field of obj in [lo, hi] into *out; false (after
 * shard_corrupt naming the field) when it is absent, not an integer or out
 * of range.
 */
bool shard_int(const char *file, const json_t *obj, const char *key, long long lo, long long hi, long long *out);

/*
 * The "games" list of shard i (0-based) of a split of `games` games: shard i
 * holds games n with n % K == i, so exactly games / K (+1 for the first
 * games % K shards). NULL (after shard_corrupt naming the file) otherwise.
 */
const json_t *shard_games(const shard_set *set, int i, long long games);

/* ---- perft (perft_split.c) ------------------------------------------------ */

/* `ggn perft GAME DEPTH --split parts --part part --json` from pos: prints the shard; a CLI_ status. */
int perft_split_run(const ggn_game *game, const char *game_arg, ggn_position *pos, int depth, int part, int parts,
                    const char *moves_arg);

/* `ggn merge` of perft shards: "Nodes: N", or {"depth", "nodes"} with json. A CLI_ status. */
int perft_split_merge(const shard_set *set, bool json);

#endif
