/*
 * cmd_selfplay.c — `ggn selfplay GAME --games N`: the computer plays GAME
 * against itself and reports how balanced it is (selfplay.h); with
 * --shard I/K only the games of one shard, as a shard document for
 * `ggn merge` (shard.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_player.h"
#include "selfplay/selfplay.h"
#include "shard/shard.h"

static const char help[] =
    "Usage: ggn selfplay GAME [--games N] [--seed S] [--depth D[,D]]\n"
    "                         [--nodes N[,N]] [--think TIME[,TIME]]\n"
    "                         [--player P[,P]] [--random-plies N] [--max-plies N]\n"
    "                         [--json] [--shard I/K]\n"
    "\n"
    "The computer plays GAME against itself N times and reports what a game\n"
    "designer asks of a variant: the first player's score (win 1, draw 1/2)\n"
    "with its 95 % interval, the draw rate, how the games ended (by the rule\n"
    "that ended them: checkmate, stalemate, repetition, a goal, ...), the game\n"
    "lengths, and the first moves that scored best.\n"
    "\n"
    "Every game is played from its own seed, made of --seed and the game's\n"
    "number, so the same command always prints the same report (without\n"
    "--think), however the games are shared out (--shard).\n"
    "\n"
    "Options:\n"
    "  --games N         games to play (default 100, at most 1000000)\n"
    "  --seed S          the seed of the run (default 1; 0 to 2^63-1)\n"
    "  --depth D[,D]     the search depth (1 to 48) of the first player, and\n"
    "                    after the comma of every other player (one number:\n"
    "                    both).\n"
    "                    Default 2 when no --depth, --nodes or --think is given\n"
    "  --nodes N[,N]     a node budget per move instead of (or beside) a depth\n"
    "  --think TIME[,TIME]  a time per move, as bestmove and play take it:\n"
    "                    500ms, 2s, 1.5s, 1m (a bare number is seconds; 0 is\n"
    "                    none). A time limit depends on the machine, so the\n"
    "                    report is no longer repeatable\n"
    "  --player P[,P]    the computer player of the first player, and after\n"
    "                    the comma of every other player: alphabeta or mcts\n"
    "                    (default: the one the game's spec names, else\n"
    "                    alphabeta; docs/ai.md). For mcts, --nodes counts\n"
    "                    playouts and --depth is not used\n"
    "  --random-plies N  the first N plies are random legal moves, so the games\n"
    "                    differ (default 2)\n"
    "  --max-plies N     a game still going after N plies is a draw, counted\n"
    "                    as \"move limit\" (default 400, at most 1000)\n"
    "  --json            print the report as one JSON document\n"
    "  --shard I/K       play only the games of shard I of K (game n, from 0,\n"
    "                    belongs to shard n % K + 1) and print them as a shard\n"
    "                    document (needs --json); `ggn merge` makes the report\n"
    "                    of the whole run from the K shards (docs/cluster.md)\n"
    "\n"
    "A progress bar goes to standard error when it is a terminal.\n"
    "\n"
    "Examples:\n"
    "  $ ggn selfplay 3check --games 6 --depth 2,1\n"
    "  Self-play of ...\n"
    "  ...\n"
    "\n"
    "  ggn selfplay chess --games 2000 --depth 3,2     a handicap of one ply\n"
    "\n"
    "Exit status: 0 ok, 1 the game is invalid, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_selfplay = { "selfplay", "play a game against itself and report its balance", help, run };

/* A whole number in [lo, hi]. */
static bool parse_long(const char *text, long lo, long hi, long *out)
{
    if (text[0] < '0' || text[0] > '9') return false;
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = (long)v;
    return true;
}

/* One side's value of a pair option: a whole number in [lo, hi], or a --think time. */
static bool parse_one(const char *text, long lo, long hi, bool time, long *out)
{
    return time ? cli_parse_think(text, lo, hi, out) : parse_long(text, lo, hi, out);
}

/* "A" or "A,B" into the two sides. */
static bool parse_pair(const char *text, long lo, long hi, bool time, long out[2])
{
    char first[32];
    const char *comma = strchr(text, ',');
    size_t len = comma ? (size_t)(comma - text) : strlen(text);
    if (len == 0 || len >= sizeof first) return false;
    memcpy(first, text, len);
    first[len] = '\0';
    if (!parse_one(first, lo, hi, time, &out[0])) return false;
    if (!comma) {
        out[1] = out[0];
        return true;
    }
    return parse_one(comma + 1, lo, hi, time, &out[1]);
}

/* "[#####.....] 12/100 games" rewritten in place on a terminal. */
static void progress(long done, long total)
{
    int filled = total ? (int)(done * 30 / total) : 30;
    fprintf(stderr, "\r[%.*s%.*s] %ld/%ld games", filled, "##############################", 30 - filled,
            "..............................", done, total);
    if (done == total) fputc('\n', stderr);
    fflush(stderr);
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *games = NULL, *seed = NULL, *depth = NULL, *nodes = NULL, *think = NULL,
               *random_plies = NULL, *max_plies = NULL, *shard = NULL, *player = NULL;
    bool want_json = false;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--games", "--seed", "--depth", "--nodes", "--think", "--random-plies", "--max-plies",
                                "--shard", "--player" };
        const char **slots[] = { &games, &seed, &depth, &nodes, &think, &random_plies, &max_plies, &shard, &player };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("selfplay", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        if (strcmp(argv[i], "--json") == 0) want_json = true;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("selfplay", "unknown option '%s'", argv[i]);
        else if (game_arg) return cli_usage_error("selfplay", "unexpected argument '%s'", argv[i]);
        else game_arg = argv[i];
        i++;
    }
    if (!game_arg) return cli_usage_error("selfplay", "no GAME given");
    selfplay_settings set;
    memset(&set, 0, sizeof set);
    set.games = 100;
    set.seed = 1;
    set.random_plies = SELFPLAY_DEFAULT_RANDOM_PLIES;
    set.max_plies = SELFPLAY_DEFAULT_MAX_PLIES;
    long v, pair[2];
    if (games && !parse_long(games, 1, SELFPLAY_MAX_GAMES, &set.games))
        return cli_usage_error("selfplay", "--games must be 1 to %d, not '%s'", SELFPLAY_MAX_GAMES, games);
    if (seed) {
        if (!parse_long(seed, 0, LONG_MAX, &v)) return cli_usage_error("selfplay", "--seed must be a whole number, not '%s'", seed);
        set.seed = (uint64_t)v;
    }
    if (depth) {
        if (!parse_pair(depth, 1, GGN_SEARCH_MAX_DEPTH, false, pair))
            return cli_usage_error("selfplay", "--depth takes D or D,D with D 1 to %d, not '%s'", GGN_SEARCH_MAX_DEPTH, depth);
        set.depth[0] = (int)pair[0];
        set.depth[1] = (int)pair[1];
    }
    if (nodes && !parse_pair(nodes, 0, 1000000000L, false, set.nodes))
        return cli_usage_error("selfplay", "--nodes takes N or N,N (0 to 1000000000), not '%s'", nodes);
    if (think && !parse_pair(think, 0, 3600000L, true, set.think_ms))
        return cli_usage_error("selfplay", "--think takes TIME or TIME,TIME such as 500ms or 2s (at most 1 hour), "
                               "not '%s'", think);
    if (player) {
        char first[16] = "", others[16] = "";
        const char *comma = strchr(player, ',');
        snprintf(first, sizeof first, "%.*s", comma ? (int)(comma - player) : (int)strlen(player), player);
        snprintf(others, sizeof others, "%s", comma ? comma + 1 : first);
        if (!cli_player_parse(first, &set.player[0]) || !cli_player_parse(others, &set.player[1]))
            return cli_usage_error("selfplay", "--player takes P or P,P with P alphabeta or mcts, not '%s'", player);
    }
    if (!depth && !nodes && !think) set.depth[0] = set.depth[1] = SELFPLAY_DEFAULT_DEPTH;
    if (random_plies) {
        if (!parse_long(random_plies, 0, SELFPLAY_MAX_PLIES, &v))
            return cli_usage_error("selfplay", "--random-plies must be 0 to %d, not '%s'", SELFPLAY_MAX_PLIES, random_plies);
        set.random_plies = (int)v;
    }
    if (max_plies) {
        if (!parse_long(max_plies, 1, SELFPLAY_MAX_PLIES, &v))
            return cli_usage_error("selfplay", "--max-plies must be 1 to %d, not '%s'", SELFPLAY_MAX_PLIES, max_plies);
        set.max_plies = (int)v;
    }
    int part = 1, parts = 1;
    if (shard) {
        if (!shard_parse(shard, &part, &parts))
            return cli_usage_error("selfplay", "--shard takes I/K with 1 <= I <= K <= %d, not '%s'", SHARD_MAX, shard);
        if (!want_json) return cli_usage_error("selfplay", "--shard writes a shard document: add --json");
    }

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    json_t *job = selfplay_job(game, game_arg, &set);
    ggn_selfplay *players = ggn_selfplay_new(game, &set, NULL); /* the settings are in range: checked above */
    long mine = set.games / parts + (set.games % parts >= part ? 1 : 0);
    selfplay_record *records = calloc((size_t)(mine ? mine : 1), sizeof *records);
    int status = CLI_OK;
    if (!job || !players || !records) {
        fprintf(stderr, "ggn selfplay: out of memory, or the game's file cannot be read again\n");
        status = CLI_INVALID;
    }
    bool bar = isatty(STDERR_FILENO);
    long n = 0;
    double start = cli_seconds();
    for (long g = 0; status == CLI_OK && g < set.games; g++) {
        if (!shard_owns(g, part, parts)) continue;
        if (!ggn_selfplay_play(players, g, &records[n])) {
            fprintf(stderr, "ggn selfplay: out of memory\n");
            status = CLI_INVALID;
            break;
        }
        n++;
        if (bar) progress(n, mine);
    }
    if (status == CLI_OK) {
        double elapsed = cli_seconds() - start;
        if (shard) {
            json_t *list = json_array();
            for (long i = 0; list && i < n; i++) json_array_append_new(list, selfplay_record_json(&records[i]));
            status = shard_print("selfplay", json_incref(job), part, parts, json_pack("{s:o}", "games", list));
        } else {
            status = selfplay_report(job, records, n, want_json);
        }
        fprintf(stderr, "selfplay: %ld games in %.1f s\n", n, elapsed);
    }
    free(records);
    ggn_selfplay_free(players);
    json_decref(job);
    ggn_game_free(game);
    return status;
}
