/*
 * cmd_merge.c — `ggn merge FILE...`: the shards of one job (shard.h) back
 * into the result of the unsplit run: the perft count, the self-play report,
 * the match's score.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "match/match.h"
#include "selfplay/selfplay.h"
#include "shard/shard.h"

static const char help[] =
    "Usage: ggn merge [--json] FILE...\n"
    "\n"
    "Combines the shard documents written by `ggn perft GAME D --split K\n"
    "--part I --json`, `ggn selfplay ... --shard I/K --json` or `ggn match ...\n"
    "--shard I/K` into what the same command prints without splitting: the\n"
    "same node count, the same self-play report (text, or JSON with --json),\n"
    "the same match score. The files may come in any order.\n"
    "\n"
    "The merge refuses, naming the file (exit 1), a file that is not a whole\n"
    "shard document (corrupt or truncated), shards of different jobs (another\n"
    "game, spec file, position, depth, seed, ...), a shard given twice and a\n"
    "shard that is missing: it never prints a total of a part of the work.\n"
    "\n"
    "Options:\n"
    "  --json   for perft {\"depth\": D, \"nodes\": N} as `ggn perft --json`;\n"
    "           for self-play the report of `ggn selfplay --json`; for a\n"
    "           match the games and the score as JSON\n"
    "\n"
    "Example (each part may run on another machine):\n"
    "  ggn perft chess 6 --split 3 --part 1 --json > part1.json\n"
    "  ggn perft chess 6 --split 3 --part 2 --json > part2.json\n"
    "  ggn perft chess 6 --split 3 --part 3 --json > part3.json\n"
    "  ggn merge part1.json part2.json part3.json      prints Nodes: 119060324\n"
    "\n"
    "Running shards on many machines with GNU parallel or Slurm: docs/cluster.md.\n"
    "\n"
    "Exit status: 0 ok, 1 a shard is unreadable, corrupt, of another job, a\n"
    "duplicate or missing, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_merge = { "merge", "combine the shards of a split perft, self-play or match", help, run };

/* ---- self-play -------------------------------------------------------------- */

/* Every game of the job once, each in the shard it belongs to; then the report of the unsplit run. */
static int merge_selfplay(const shard_set *set, bool json)
{
    long long games;
    if (!shard_int(set->files[0], set->job, "games", 1, SELFPLAY_MAX_GAMES, &games)) return CLI_INVALID;
    int players = (int)json_array_size(json_object_get(set->job, "players"));
    if (players < 1 || players > GGN_MAX_PLAYERS)
        return shard_corrupt(set->files[0], "the job's \"players\" is not a list of 1 to %d names", GGN_MAX_PLAYERS);
    selfplay_record *records = calloc((size_t)games, sizeof *records);
    bool *seen = calloc((size_t)games, sizeof *seen);
    int status = records && seen ? CLI_OK : CLI_INVALID;
    if (status != CLI_OK) shard_corrupt(set->files[0], "out of memory");
    for (int i = 0; i < set->count && status == CLI_OK; i++) {
        const char *file = set->files[i];
        const json_t *list = shard_games(set, i, games);
        if (!list) {
            status = CLI_INVALID;
            break;
        }
        for (size_t k = 0; k < json_array_size(list); k++) {
            selfplay_record r;
            if (!selfplay_record_read(file, json_array_get(list, k), players, &r)) {
                status = CLI_INVALID;
                break;
            }
            if (r.number >= games || !shard_owns(r.number, i + 1, set->count) || seen[r.number]) {
                status = shard_corrupt(file, "game %ld is not a game of shard %d of %d, or is there twice", r.number,
                                       i + 1, set->count);
                break;
            }
            seen[r.number] = true;
            records[r.number] = r;
        }
    }
    if (status == CLI_OK) status = selfplay_report(set->job, records, (long)games, json);
    free(records);
    free(seen);
    return status;
}

/* ---- the command -------------------------------------------------------------- */

static int run(int argc, char **argv)
{
    bool want_json = false;
    int nfiles = 0;
    char **files = calloc((size_t)argc, sizeof *files);
    if (!files) return CLI_INVALID;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            want_json = true;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            free(files);
            return cli_usage_error("merge", "unknown option '%s'", argv[i]);
        } else {
            files[nfiles++] = argv[i];
        }
    }
    if (nfiles == 0) {
        free(files);
        return cli_usage_error("merge", "no FILE given");
    }
    shard_set set;
    if (!shard_load(nfiles, files, &set)) {
        free(files);
        return CLI_INVALID;
    }
    const char *command = json_string_value(json_object_get(set.job, "command"));
    int status;
    if (strcmp(command, "perft") == 0) status = perft_split_merge(&set, want_json);
    else if (strcmp(command, "selfplay") == 0) status = merge_selfplay(&set, want_json);
    else if (strcmp(command, "match") == 0) status = match_merge(&set, want_json);
    else status = shard_corrupt(set.files[0], "a shard of \"%s\", which ggn merge does not know", command);
    shard_set_free(&set);
    free(files);
    return status;
}
