/*
 * cmd_gtp.c — `ggn gtp [GAME]`: speak the Go Text Protocol on standard input
 * and output (ggn/gtp.h, docs/protocols.md). The session is the library's;
 * this file finds its games (by board size, with the controller's komi
 * written into the spec) and moves the lines.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "cli_player.h"
#include "protocol/engine_session.h"
#include "ggn/ggn.h"
#include "ggn/gtp.h"

static const char help[] =
    "Usage: ggn gtp [GAME] [--player alphabeta|mcts] [--think TIME] [--threads N]\n"
    "\n"
    "Speaks the Go Text Protocol (GTP, version 2) on standard input and output,\n"
    "as GNU Go and other Go programs do, so Go GUIs (GoGui, Sabaki) and match\n"
    "runners (ggn match --engine gtp:CMD, gogui-twogtp) can play ggn. GAME is\n"
    "the game at the start (default go, 19x19); `boardsize N` takes GAME when\n"
    "its board is N x N, else (when GAME counts area, or none was given) go9,\n"
    "go13 or go for 9, 13 and 19, and answers any other size \"unacceptable\n"
    "size\". `komi K` gives white K points (black -K when negative): the game's\n"
    "area scoring counts with it.\n"
    "\n"
    "Commands: protocol_version, name, version, known_command, list_commands,\n"
    "quit, boardsize, clear_board, komi, play COLOUR VERTEX, genmove COLOUR,\n"
    "reg_genmove, kgs-genmove_cleanup, undo, final_score (W+7.5; B+ or W+ for a\n"
    "game won otherwise, as Hex's), final_status_list alive|dead|seki (area\n"
    "scoring counts every stone standing: all alive, none dead), showboard,\n"
    "time_settings, time_left, loadsgf FILE [N] (setup stones AB/AW/AE/PL\n"
    "included), printsgf [FILE] (the record written to FILE, else answered). A\n"
    "vertex is a column letter without I (A-H, J-T on 19x19) and a row from 1\n"
    "at the bottom, or pass; on Hex's boards every letter, lower case (i5). In a\n"
    "game with the swap (pie) rule the swap is swap-pieces, as MoHex and HexGui\n"
    "write it (play w swap-pieces; genmove may answer it). Every error (an\n"
    "illegal move, an unknown command, garbage) is answered \"? message\" and\n"
    "the session goes on; only quit or the end of input ends it.\n"
    "\n"
    "Options:\n"
    "  --player P     alphabeta or mcts (default: the one the game's spec names,\n"
    "                 else alphabeta); mcts is the Monte Carlo player (docs/ai.md)\n"
    "  --think TIME   time a move when the controller gives no clock (default\n"
    "                 1s), and the most a move takes when it gives one\n"
    "                 (time_settings, time_left: the clock decides within it)\n"
    "  --threads N    search on N threads (1 to 64)\n"
    "\n"
    "A session (what the controller sends after >):\n"
    "  > boardsize 9\n"
    "  =\n"
    "  > 1 play black E5\n"
    "  =1\n"
    "  > 2 play white E5\n"
    "  ?2 illegal move: E5 is not a legal move here\n"
    "  > final_score\n"
    "  = B+73.5\n"
    "\n"
    "Exit status: 0 after quit or end of input, 1 the starting GAME cannot be\n"
    "played, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_gtp = { "gtp", "play through the Go Text Protocol (Go GUIs, match runners)", help, run };

typedef struct gtp_games {
    const char *start;     /* the GAME argument, or NULL */
    bool go_sizes;         /* boardsize may also take go9, go13 and go */
    int start_size;        /* the GAME's board when square, else 0 */
} gtp_games;

/* The spec's komi as GTP counts it: white's points less black's (0 without area scoring). */
static double spec_komi(json_t *spec)
{
    json_t *komi = json_object_get(json_object_get(json_object_get(spec, "game_end"), "area"), "komi");
    json_t *players = json_object_get(spec, "players");
    double k = 0;
    for (size_t i = 0; i < 2 && komi; i++) {
        json_t *name = json_object_get(json_array_get(players, i), "name");
        json_t *v = json_is_string(name) ? json_object_get(komi, json_string_value(name)) : NULL;
        if (json_is_number(v)) k += (i == 0 ? -1 : 1) * json_number_value(v);
    }
    return k;
}

/*
 * The spec file at path with game_end.area.komi made komi (white's, or
 * black's when negative); a spec without area scoring is loaded as it is.
 */
static ggn_game *load_with_komi(const char *path, double komi, char *why, size_t cap)
{
    json_error_t jerr;
    json_t *spec = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
    if (!spec) {
        snprintf(why, cap, "%s:%d:%d: %s", path, jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    json_t *area = json_object_get(json_object_get(spec, "game_end"), "area");
    json_t *players = json_object_get(spec, "players");
    if (json_is_object(area) && spec_komi(spec) != komi) {
        json_t *name = json_object_get(json_array_get(players, komi < 0 ? 0 : 1), "name");
        if (!json_is_string(name)) {
            snprintf(why, cap, "%s: its players have no names to give komi to", path);
            json_decref(spec);
            return NULL;
        }
        json_object_set_new(area, "komi", json_pack("{s:f}", json_string_value(name), fabs(komi)));
    }
    char *text = json_dumps(spec, JSON_COMPACT);
    json_decref(spec);
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_game *game = NULL;
    if (text && errs) {
        ggn_errors_init(errs);
        game = ggn_game_load_string(text, strlen(text), path, errs);
        if (!game) snprintf(why, cap, "%s", errs->count ? errs->items[0].message : "the game does not load");
    } else {
        snprintf(why, cap, "out of memory");
    }
    free(errs);
    free(text);
    return game;
}

static ggn_game *load_game(void *context, int size, double komi, char *why, size_t cap)
{
    const gtp_games *games = context;
    const char *name = NULL;
    if (games->start && games->start_size == size) name = games->start;
    else if (games->go_sizes) name = size == 9 ? "go9" : size == 13 ? "go13" : size == 19 ? "go" : NULL;
    if (!name) {
        snprintf(why, cap, "no game of %d x %d points here", size, size);
        return NULL;
    }
    char *path = cli_resolve_game(name);
    if (!path) {
        snprintf(why, cap, "the game %s is not found", name);
        return NULL;
    }
    ggn_game *g = load_with_komi(path, komi, why, cap);
    free(path);
    return g;
}

static void write_stdout(void *context, const char *text, size_t len)
{
    (void)context;
    fwrite(text, 1, len, stdout);
    fflush(stdout);
}

/* printsgf FILE: the record written whole, or the reason it was not. */
static bool save_file(void *context, const char *path, const char *text, size_t len, char *why, size_t cap)
{
    (void)context;
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(why, cap, "%s", strerror(errno));
        return false;
    }
    bool ok = fwrite(text, 1, len, f) == len;
    if (fclose(f) != 0) ok = false;
    if (!ok) snprintf(why, cap, "writing failed");
    return ok;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *player = NULL, *think = NULL, *threads = NULL;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--player", "--think", "--threads" };
        const char **slots[] = { &player, &think, &threads };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("gtp", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("gtp", "unknown option '%s'", argv[i]);
        if (game_arg) return cli_usage_error("gtp", "unexpected argument '%s'", argv[i]);
        game_arg = argv[i++];
    }
    ggn_gtp_config config;
    memset(&config, 0, sizeof config);
    if (player && !cli_player_parse(player, &config.player))
        return cli_usage_error("gtp", "--player takes alphabeta or mcts, not '%s'", player);
    config.move_ms = 1000;
    if (think && !cli_parse_think(think, 1, 1000000000L, &config.move_ms))
        return cli_usage_error("gtp", "--think takes a time such as 500ms or 2s, not '%s'", think);
    if (think) config.max_move_ms = config.move_ms;
    config.threads = 1;
    if (threads) {
        char *end;
        long v = strtol(threads, &end, 10);
        if (end == threads || *end || v < 1 || v > GGN_MAX_SEARCH_THREADS)
            return cli_usage_error("gtp", "--threads takes 1 to %d, not '%s'", GGN_MAX_SEARCH_THREADS, threads);
        config.threads = (int)v;
    }

    /* The starting game, read once here to learn its size and komi (and to report a bad one now). */
    gtp_games games = { game_arg, game_arg == NULL, 0 };
    ggn_game *first = cli_load_game(game_arg ? game_arg : "go");
    if (!first) return CLI_INVALID;
    int cols = ggn_game_cols(first), rows = ggn_game_rows(first);
    games.start_size = cols == rows ? cols : 0;
    ggn_game_free(first);
    char *path = cli_resolve_game(game_arg ? game_arg : "go");
    json_t *spec = path ? json_load_file(path, 0, NULL) : NULL;
    free(path);
    config.komi = spec ? spec_komi(spec) : 0;
    if (spec && json_is_object(json_object_get(json_object_get(spec, "game_end"), "area"))) games.go_sizes = true;
    json_decref(spec);
    if (!games.start_size) {
        fprintf(stderr, "ggn gtp: %s: GTP plays on a square board; this one is %d x %d\n", game_arg, cols, rows);
        return CLI_INVALID;
    }
    config.size = games.start_size;
    config.load = load_game;
    config.write = write_stdout;
    config.save = save_file;
    config.context = &games;
    config.name = "ggn";
    config.version = GGN_VERSION_STRING;
    ggn_error err;
    ggn_error_clear(&err);
    ggn_gtp *session = ggn_gtp_new(&config, &err);
    if (!session) {
        char safe[4 * sizeof err.message];
        fprintf(stderr, "ggn gtp: %s\n", cli_escape(err.message, safe, sizeof safe));
        return CLI_INVALID;
    }
    char line[4096];
    for (;;) {
        engine_line_read got = engine_read_line(stdin, line, sizeof line);
        if (got == LINE_END) break;
        if (got == LINE_TOO_LONG) {
            write_stdout(NULL, "? command line too long\n\n", 25);
            continue;
        }
        if (!ggn_gtp_line(session, line)) break;
    }
    ggn_gtp_free(session);
    return CLI_OK;
}
