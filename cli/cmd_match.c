/*
 * cmd_match.c — `ggn match GAME --engine A --engine B`: a match between two
 * UCI or CECP engines with ggn as the arbiter. This file reads the command
 * line into a plan and checks it; the match itself (a child process a game,
 * the score, the PGN) is cli/match/ (match_run.h, match.h).
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "match/match_run.h"
#include "shard/shard.h"

static const char help[] =
    "Usage: ggn match GAME --engine CMD --engine CMD [--games N]\n"
    "                 [--tc BASE+INC | --movetime MS] [--margin MS]\n"
    "                 [--openings FILE] [--variant NAME] [--option NAME=VALUE]...\n"
    "                 [-j N] [--sprt ELO0,ELO1] [--pgn FILE] [--sgf FILE]\n"
    "                 [--shard I/K]\n"
    "\n"
    "Plays two engines that speak UCI or CECP (XBoard's protocol) against each\n"
    "other in GAME, with ggn as the arbiter: ggn keeps both clocks, checks\n"
    "every move against the game\n"
    "spec and ends every game by the spec's own rules (checkmate, stalemate,\n"
    "repetition, ...) or by a forfeit (an illegal move, time, an engine that\n"
    "dies or falls silent). Any two-player game with FEN can be played, also\n"
    "one that no other match runner knows, as long as the engines do.\n"
    "\n"
    "Options:\n"
    "  --engine CMD      an engine's command line (run by /bin/sh); give two.\n"
    "                    The first plays first in odd games, second in even ones.\n"
    "                    CMD speaks UCI; xboard:CMD speaks CECP (XBoard's protocol,\n"
    "                    version 2), gtp:CMD the Go Text Protocol (version 2),\n"
    "                    uci:CMD says UCI outright\n"
    "  --games N         games to play (default 2); each opening is played twice,\n"
    "                    once with each engine first\n"
    "  --tc BASE+INC     a clock of BASE seconds plus INC seconds a move\n"
    "                    (default 10+0.1; 1+0.01 and 60 work as well)\n"
    "  --movetime MS     instead, MS milliseconds for every move\n"
    "  --margin MS       how far past its clock an engine may go (default 0 with\n"
    "                    --tc, whose engines keep their own reserve; 1000 with\n"
    "                    --movetime, where a loaded machine's delays in starting\n"
    "                    and reading an answer are not the engine's)\n"
    "  --openings FILE   start positions, one FEN a line (EPD operations after\n"
    "                    ';' and lines starting with '#' are ignored), in turn;\n"
    "                    a bad one is said as FILE:LINE: error: ...\n"
    "  --variant NAME    the UCI_Variant value sent to the engines, CECP's\n"
    "                    `variant NAME` (default: the game's name; chess is\n"
    "                    CECP's normal); --variant none sends none\n"
    "  --option N=V      `setoption name N value V` for both engines, CECP's\n"
    "                    `option N=V` (repeatable)\n"
    "  -j N              play N games at once (default 1)\n"
    "  --sprt E0,E1      stop when the sequential probability ratio test decides\n"
    "                    between \"the first engine is E0 Elo stronger\" and \"E1\n"
    "                    Elo stronger\" (alpha = beta = 0.05)\n"
    "  --pgn FILE        write every game to FILE as PGN, each as it ends\n"
    "  --sgf FILE        the same as SGF (Go and other games of stones)\n"
    "  --shard I/K       play only the games of shard I of K (game n, from 1,\n"
    "                    belongs to shard (n - 1) % K + 1; not with --sprt) and\n"
    "                    print them as a shard document (JSON, the game lines\n"
    "                    go to standard error); `ggn merge` prints the whole\n"
    "                    match from the K shards (docs/cluster.md)\n"
    "\n"
    "Output: one line per game (\"Game 3: A - B 1-0 (checkmate, 57 plies)\"),\n"
    "then the score from the first engine's view, its Elo difference with the\n"
    "95 % error, the forfeits by kind and, with --sprt, the test's verdict.\n"
    "\n"
    "Example (ggn in UCI against ggn in CECP):\n"
    "  $ ggn match minishogi --engine 'ggn uci' --engine 'xboard:ggn xboard' --games 2 --movetime 50\n"
    "  Game 1: ggn uci (WHITE) - ggn xboard (BLACK): ...\n"
    "  ...\n"
    "\n"
    "Before the first game each engine is started once and given the game (its\n"
    "handshake): one that cannot be started, or refuses the game, stops the\n"
    "match there with the reason. SIGINT (Ctrl-C) or SIGTERM ends the running\n"
    "games and their engines, prints the score of the games played, keeps the\n"
    "PGN written so far and ends ggn by the signal.\n"
    "\n"
    "Exit status: 0 the match was played (whatever its results), 1 the game\n"
    "or the openings are invalid or an engine cannot be started or play the\n"
    "game, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_match = { "match", "play UCI, CECP or GTP engines against each other, ggn as the arbiter", help, run };

/* ---- options --------------------------------------------------------------- */

static bool parse_seconds(const char *text, long *ms)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || !(v >= 0) || v > 1e6) return false;
    *ms = (long)(v * 1000.0 + 0.5);
    return *end == '\0' || *end == '+';
}

/* "BASE+INC" or "BASE" in seconds. */
static bool parse_tc(const char *text, match_clock *c)
{
    if (!isdigit((unsigned char)text[0]) && text[0] != '.') return false;
    if (!parse_seconds(text, &c->base_ms)) return false;
    const char *plus = strchr(text, '+');
    c->inc_ms = 0;
    if (plus && !parse_seconds(plus + 1, &c->inc_ms)) return false;
    if (plus && strchr(plus + 1, '+')) return false;
    return c->base_ms > 0;
}

static bool parse_count(const char *text, long lo, long hi, long *out)
{
    if (!isdigit((unsigned char)text[0])) return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* Reads the openings file: one FEN a line, each with its line number. False (printed) when unreadable or empty. */
static bool read_openings(const char *path, match_plan *plan)
{
    ggn_error err;
    ggn_error_clear(&err);
    char at[4096];
    snprintf(at, sizeof at, "@%s", path);
    char *text = cli_read_arg(at, &err);
    char safe[4 * sizeof err.message];
    if (!text) {
        fprintf(stderr, "ggn match: --openings: %s\n", cli_escape(err.message, safe, sizeof safe));
        return false;
    }
    int cap = 0, number = 0;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        number++;
        line[strcspn(line, ";\r")] = '\0';
        while (*line == ' ' || *line == '\t') line++;
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t')) line[--n] = '\0';
        if (!n || line[0] == '#') continue;
        if (plan->nopenings == MATCH_MAX_OPENINGS) break;
        if (plan->nopenings == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(plan->openings, (size_t)cap * sizeof *grown);
            if (grown) plan->openings = grown;
            int *lines = grown ? realloc(plan->opening_lines, (size_t)cap * sizeof *lines) : NULL;
            if (lines) plan->opening_lines = lines;
            if (!grown || !lines) break;
        }
        plan->openings[plan->nopenings] = strdup(line);
        if (!plan->openings[plan->nopenings]) break;
        plan->opening_lines[plan->nopenings] = number;
        plan->nopenings++;
    }
    free(text);
    if (plan->nopenings == 0) {
        fprintf(stderr, "ggn match: --openings: %s holds no position\n", cli_escape(path, safe, sizeof safe));
        return false;
    }
    return true;
}

static int run(int argc, char **argv)
{
    match_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.games = 2;
    plan.jobs = 1;
    plan.clock.base_ms = 10000;
    plan.clock.inc_ms = 100;
    const char *game_arg = NULL, *tc = NULL, *movetime = NULL, *margin = NULL, *openings = NULL, *games = NULL,
               *jobs = NULL, *sprt = NULL, *variant = NULL, *pgn = NULL, *shard = NULL, *sgf = NULL;
    int nengines = 0, noptions = 0;
    for (int i = 1; i < argc;) {
        const char *value = NULL;
        int got;
        if ((got = cli_option("match", argc, argv, &i, "--engine", &value)) != 0) {
            if (got < 0) return CLI_USAGE;
            if (nengines == MATCH_MAX_ENGINES) return cli_usage_error("match", "give exactly two --engine options");
            /* "xboard:CMD" is an engine that speaks CECP, "uci:CMD" (or a bare CMD) one that speaks UCI. */
            plan.protocol[nengines] = MATCH_PROTOCOL_UCI;
            if (strncmp(value, "xboard:", 7) == 0) {
                plan.protocol[nengines] = MATCH_PROTOCOL_XBOARD;
                value += 7;
            } else if (strncmp(value, "gtp:", 4) == 0) {
                plan.protocol[nengines] = MATCH_PROTOCOL_GTP;
                value += 4;
            } else if (strncmp(value, "uci:", 4) == 0) {
                value += 4;
            }
            if (!*value) return cli_usage_error("match", "--engine needs a command after its protocol");
            plan.engine[nengines++] = value;
            continue;
        }
        if ((got = cli_option("match", argc, argv, &i, "--option", &value)) != 0) {
            if (got < 0) return CLI_USAGE;
            if (noptions == MATCH_MAX_OPTIONS) return cli_usage_error("match", "at most %d --option", MATCH_MAX_OPTIONS);
            if (!strchr(value, '=')) return cli_usage_error("match", "--option takes NAME=VALUE, not '%s'", value);
            plan.options[noptions++] = value;
            continue;
        }
        const char *names[] = { "--tc", "--movetime", "--margin", "--openings", "--games", "-j", "--sprt", "--variant",
                                "--pgn", "--shard", "--sgf" };
        const char **slots[] = { &tc, &movetime, &margin, &openings, &games, &jobs, &sprt, &variant, &pgn, &shard, &sgf };
        got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("match", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("match", "unknown option '%s'", argv[i]);
        if (game_arg) return cli_usage_error("match", "unexpected argument '%s'", argv[i]);
        game_arg = argv[i++];
    }
    if (!game_arg) return cli_usage_error("match", "no GAME given");
    if (nengines != 2) return cli_usage_error("match", "give exactly two --engine options");
    long v;
    if (games) {
        if (!parse_count(games, 1, MATCH_MAX_GAMES, &v))
            return cli_usage_error("match", "--games must be 1 to %d, not '%s'", MATCH_MAX_GAMES, games);
        plan.games = (int)v;
    }
    if (jobs) {
        if (!parse_count(jobs, 1, MATCH_MAX_JOBS, &v))
            return cli_usage_error("match", "-j must be 1 to %d, not '%s'", MATCH_MAX_JOBS, jobs);
        plan.jobs = (int)v;
    }
    if (tc && movetime) return cli_usage_error("match", "--tc and --movetime both set the time: give one");
    if (tc && !parse_tc(tc, &plan.clock))
        return cli_usage_error("match", "--tc takes BASE+INC in seconds (10+0.1, 60), not '%s'", tc);
    if (movetime) {
        if (!parse_count(movetime, 1, 86400000, &v))
            return cli_usage_error("match", "--movetime takes milliseconds, not '%s'", movetime);
        plan.clock.movetime_ms = v;
        plan.clock.margin_ms = MATCH_MOVETIME_MARGIN_MS; /* unless --margin says otherwise, below */
    }
    if (margin) {
        if (!parse_count(margin, 0, 60000, &v))
            return cli_usage_error("match", "--margin takes 0 to 60000 milliseconds, not '%s'", margin);
        plan.clock.margin_ms = v;
    }
    if (sprt) {
        char *end;
        plan.elo0 = strtod(sprt, &end);
        if (end == sprt || *end != ',') return cli_usage_error("match", "--sprt takes ELO0,ELO1, not '%s'", sprt);
        const char *second = end + 1;
        plan.elo1 = strtod(second, &end);
        if (end == second || *end || !(plan.elo1 > plan.elo0))
            return cli_usage_error("match", "--sprt takes ELO0,ELO1 with ELO0 < ELO1, not '%s'", sprt);
        plan.sprt = true;
    }
    plan.shard = plan.shards = 1;
    if (shard && !shard_parse(shard, &plan.shard, &plan.shards))
        return cli_usage_error("match", "--shard takes I/K with 1 <= I <= K <= %d, not '%s'", SHARD_MAX, shard);
    if (shard && sprt) return cli_usage_error("match", "--sprt stops on the games played so far: it does not go with --shard");
    /* The variant name the engines are told: the game's file name without .json unless given. */
    char name[256];
    if (variant) {
        plan.variant = strcmp(variant, "none") == 0 ? NULL : variant;
    } else {
        ggn_game_name_of_path(game_arg, name, sizeof name);
        plan.variant = name;
    }

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    int status = CLI_OK;
    if (ggn_game_player_count(game) != 2 || !ggn_game_has_fen(game)) {
        fprintf(stderr, "ggn match: %s: a match needs a game of two players with FEN\n", game_arg);
        status = CLI_INVALID;
    } else if (openings && !read_openings(openings, &plan)) {
        status = CLI_INVALID;
    } else {
        /* Every opening must be a position of the game before any engine starts. */
        for (int i = 0; i < plan.nopenings && status == CLI_OK; i++) {
            ggn_position *pos = ggn_position_new(game);
            ggn_error err;
            ggn_error_clear(&err);
            if (!pos || !ggn_position_set_fen(pos, plan.openings[i], &err)) {
                char file[4 * 256], why[4 * sizeof err.message];
                fprintf(stderr, "%s:%d: error: %s\n", cli_escape(openings, file, sizeof file), plan.opening_lines[i],
                        cli_escape(pos ? err.message : "out of memory", why, sizeof why));
                status = CLI_INVALID;
            }
            ggn_position_free(pos);
        }
    }
    if (status == CLI_OK) {
        signal(SIGPIPE, SIG_IGN);
        match_catch_interrupts(); /* from here on a signal ends the match, never leaves an engine running */
        status = match_check_engines(&plan, game);
    }
    if (status == CLI_OK && pgn) {
        plan.pgn = fopen(pgn, "w");
        plan.pgn_path = pgn;
        if (!plan.pgn) {
            fprintf(stderr, "ggn match: --pgn: cannot write %s: %s\n", pgn, strerror(errno));
            status = CLI_INVALID;
        }
    }
    if (status == CLI_OK && sgf) {
        plan.sgf = fopen(sgf, "w");
        plan.sgf_path = sgf;
        if (!plan.sgf) {
            fprintf(stderr, "ggn match: --sgf: cannot write %s: %s\n", sgf, strerror(errno));
            status = CLI_INVALID;
        }
    }
    json_t *job = NULL;
    if (status == CLI_OK && shard) {
        job = match_shard_job(&plan, game, game_arg);
        plan.shard_games = json_array();
        if (!job || !plan.shard_games) {
            fprintf(stderr, "ggn match: out of memory, or the game's file cannot be read again\n");
            status = CLI_INVALID;
        }
    }
    if (status == CLI_OK && !match_interrupted()) status = match_run(&plan, game);
    if (status == CLI_OK && job) {
        status = shard_print("match", job, plan.shard, plan.shards, json_pack("{s:O}", "games", plan.shard_games));
        job = NULL;
    }
    json_decref(job);
    json_decref(plan.shard_games);
    if (plan.pgn && (ferror(plan.pgn) | fclose(plan.pgn))) {
        fprintf(stderr, "ggn match: --pgn: writing %s failed\n", plan.pgn_path);
        status = CLI_INVALID;
    }
    if (plan.sgf && (ferror(plan.sgf) | fclose(plan.sgf))) {
        fprintf(stderr, "ggn match: --sgf: writing %s failed\n", plan.sgf_path);
        status = CLI_INVALID;
    }
    for (int i = 0; i < plan.nopenings; i++) free(plan.openings[i]);
    free(plan.openings);
    free(plan.opening_lines);
    ggn_game_free(game);
    int sig = match_interrupted();
    if (sig) {
        /* Ended by a signal: after the summary and the PGN, end by it too, as the caller (a shell, a scheduler) expects. */
        fflush(stdout);
        signal(sig, SIG_DFL);
        raise(sig);
    }
    return status;
}
