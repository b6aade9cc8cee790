/* cmd_bestmove.c — `ggn bestmove GAME`: the computer player's choice in a position. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "cli_player.h"
#include "ggn/ggn.h"
#include "ggn/game.h"
#include "ggn/search.h"

static const char help[] =
    "Usage: ggn bestmove GAME [--fen FEN | --sfen SFEN] [--moves M1,M2,...]\n"
    "                         [--depth N] [--think TIME] [--nodes N] [--seed N]\n"
    "                         [--threads N] [--player P] [--usi] [--json]\n"
    "\n"
    "Searches a position of GAME with the generic computer player (alpha-beta\n"
    "over the game's own rules, or Monte Carlo tree search; docs/ai.md) and\n"
    "prints the move it chooses.\n"
    "\n"
    "GAME is a game spec file, or a game's name: NAME.json, in any case, in\n"
    "$GGN_PATH, the installed games or the current directory (ggn games).\n"
    "\n"
    "Options:\n"
    "  --fen FEN      start from this position instead of the game's start\n"
    "  --sfen SFEN    the same, the position written as SFEN (shogi's USI\n"
    "                 notation)\n"
    "  --moves LIST   then play these moves, comma-separated, in coordinate\n"
    "                 notation (e2e4,e7e5,g1f3; promotions as e7e8q) or in\n"
    "                 USI (7g7f,3c3d,8h2b+,P*5e)\n"
    "  --depth N      search N plies deep (1 to 48)\n"
    "  --think TIME   think for at most TIME: 500ms, 2s, 1.5s, 1m (a bare\n"
    "                 number is seconds); the move comes within TIME plus a few\n"
    "                 milliseconds, in any position\n"
    "  --nodes N      visit at most N positions\n"
    "  --seed N       break ties between equally good moves with this seed\n"
    "                 (0, the default, keeps the move generation order); the\n"
    "                 same seed gives the same move unless --think or\n"
    "                 --threads is used\n"
    "  --threads N    search on N threads (1, the default, to 64); they share\n"
    "                 what they learn, so the same time reaches deeper\n"
    "  --player P     alphabeta or mcts (default: the one the game's spec\n"
    "                 names, else alphabeta). mcts takes --nodes as its\n"
    "                 playouts (each thread's), --think, --seed (its\n"
    "                 playouts' random state) and --threads (a tree a\n"
    "                 thread), not --depth; with no limit it plays 10000\n"
    "                 playouts\n"
    "  --usi          print the move in USI, as shogi programs do (7g7f,\n"
    "                 8h2b+, P*5e); only for games with FEN of at most 9\n"
    "                 files and 26 ranks\n"
    "  --json         print one JSON document instead of the move:\n"
    "                 {\"move\": \"e2e4\", \"score\": centipawns | null,\n"
    "                  \"mate\": plies | null, \"depth\": D, \"nodes\": N}\n"
    "                 (\"mate\" N > 0: the mover mates in N plies, N < 0: is\n"
    "                 mated in -N; \"score\" is null then); with mcts:\n"
    "                 {\"move\", \"player\": \"mcts\", \"value\": 0 to 1 (the\n"
    "                  mover's expected result), \"proven\": \"win\" | \"draw\"\n"
    "                  | \"loss\" | null, \"iterations\": N, \"nodes\": tree}\n"
    "With no limit, the search goes 4 plies deep. With several, the first\n"
    "one reached stops it.\n"
    "\n"
    "Output: the last line of standard output is the move, as \"e2e4\" (with\n"
    "--usi, as \"7g7f\").\n"
    "The score (centipawns from the mover's view; \"mate N\" / \"mated N\" in\n"
    "N plies), depth, nodes and speed go to standard error.\n"
    "\n"
    "Example:\n"
    "  $ ggn bestmove chess --fen '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'\n"
    "  a1a8\n"
    "  ...\n"
    "\n"
    "Exit status: 0 ok, 1 the game, the position or a move is invalid or the\n"
    "game is already over, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_bestmove = { "bestmove", "choose a move with the computer player", help, run };

/* A whole number in [lo, hi]; false when the text is not one. */
static bool parse_number(const char *text, unsigned long long lo, unsigned long long hi, unsigned long long *out)
{
    if (!isdigit((unsigned char)text[0])) return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* "500ms", "2s", "1.5s", "3" (seconds) -> milliseconds; false when malformed or not positive. */
static void print_score(FILE *out, int score)
{
    if (score > GGN_SEARCH_MATE_BOUND) fprintf(out, "mate %d", GGN_SEARCH_MATE - score);
    else if (score < -GGN_SEARCH_MATE_BOUND) fprintf(out, "mated %d", GGN_SEARCH_MATE + score);
    else fprintf(out, "%d", score);
}

/* The --json document of a search result: the move, the score or the mate distance, depth and nodes. */
static json_t *result_json(const char *move, const ggn_search_result *r)
{
    json_t *score = json_null(), *mate = json_null();
    if (r->score > GGN_SEARCH_MATE_BOUND) mate = json_integer(GGN_SEARCH_MATE - r->score);
    else if (r->score < -GGN_SEARCH_MATE_BOUND) mate = json_integer(-(GGN_SEARCH_MATE + r->score));
    else score = json_integer(r->score);
    return json_pack("{s:s, s:o, s:o, s:i, s:I}", "move", move, "score", score, "mate", mate, "depth", r->depth, "nodes",
                     (json_int_t)r->nodes);
}

static int search_and_print(ggn_position *pos, const ggn_search_limits *lim, int threads, cli_move_writer write_move,
                            bool json)
{
    ggn_searcher *s = ggn_searcher_new(GGN_SEARCH_DEFAULT_TT_MB);
    if (!s) {
        fprintf(stderr, "ggn bestmove: out of memory\n");
        return CLI_INVALID;
    }
    ggn_searcher_set_threads(s, threads);
    double start = cli_seconds();
    ggn_search_result r;
    bool found = ggn_searcher_run(s, pos, lim, &r);
    double elapsed = cli_seconds() - start;
    ggn_searcher_free(s);
    if (!found) {
        ggn_status st = ggn_position_status(pos);
        fprintf(stderr, "ggn bestmove: no legal move: the game is over (%s)\n", ggn_outcome_name(st.outcome));
        return CLI_INVALID;
    }
    char text[64];
    if (!write_move(pos, r.best, text, sizeof text)) snprintf(text, sizeof text, "?");
    int status = CLI_OK;
    if (json) status = cli_json_print("bestmove", result_json(text, &r));
    else printf("%s\n", text);
    fflush(stdout);
    fprintf(stderr, "score ");
    print_score(stderr, r.score);
    fprintf(stderr, " depth %d nodes %" PRIu64 " time %.0f ms %.0f nodes/s\n", r.depth, r.nodes, elapsed * 1000.0,
            elapsed > 0 ? (double)r.nodes / elapsed : 0.0);
    return status;
}

/* The Monte Carlo player's answer (--player mcts): the move, then its value and counts on stderr. */
static int mcts_and_print(ggn_position *pos, const ggn_search_limits *lim, int threads, cli_move_writer write_move,
                          bool json)
{
    ggn_mcts *m = ggn_mcts_new(0);
    if (!m) {
        fprintf(stderr, "ggn bestmove: out of memory\n");
        return CLI_INVALID;
    }
    ggn_mcts_set_threads(m, threads);
    ggn_mcts_result r;
    bool found = cli_mcts_run(m, pos, lim, &r);
    ggn_mcts_free(m);
    if (!found) {
        ggn_status st = ggn_position_status(pos);
        fprintf(stderr, "ggn bestmove: no legal move: the game is over (%s)\n", ggn_outcome_name(st.outcome));
        return CLI_INVALID;
    }
    char text[64];
    if (!write_move(pos, r.best, text, sizeof text)) snprintf(text, sizeof text, "?");
    static const char *const proven[] = { NULL, "win", "draw", "loss" };
    int status = CLI_OK;
    if (json)
        status = cli_json_print("bestmove", json_pack("{s:s, s:s, s:f, s:o, s:I, s:I}", "move", text, "player", "mcts",
                                                      "value", r.value,
                                                      "proven", proven[r.proven] ? json_string(proven[r.proven]) : json_null(),
                                                      "iterations", (json_int_t)r.iterations, "nodes",
                                                      (json_int_t)r.tree_nodes));
    else printf("%s\n", text);
    fflush(stdout);
    fprintf(stderr, "value %.3f%s%s iterations %" PRIu64 " nodes %" PRIu64 " time %ld ms %.0f iterations/s\n", r.value,
            proven[r.proven] ? " proven " : "", proven[r.proven] ? proven[r.proven] : "", r.iterations, r.tree_nodes,
            r.elapsed_ms, r.elapsed_ms > 0 ? (double)r.iterations * 1000.0 / (double)r.elapsed_ms : 0.0);
    return status;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *fen = NULL, *sfen = NULL, *moves = NULL, *depth = NULL, *think = NULL,
               *nodes = NULL, *seed = NULL, *threads = NULL, *player = NULL;
    bool want_usi = false, want_json = false;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--fen", "--sfen", "--moves", "--depth", "--think", "--nodes", "--seed", "--threads",
                                "--player" };
        const char **slots[] = { &fen, &sfen, &moves, &depth, &think, &nodes, &seed, &threads, &player };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("bestmove", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--usi") == 0) {
            want_usi = true;
            i++;
            continue;
        }
        if (strcmp(arg, "--json") == 0) {
            want_json = true;
            i++;
            continue;
        }
        if (arg[0] == '-' && arg[1]) return cli_usage_error("bestmove", "unknown option '%s'", arg);
        if (game_arg) return cli_usage_error("bestmove", "unexpected argument '%s'", arg);
        game_arg = arg;
        i++;
    }
    if (!game_arg) return cli_usage_error("bestmove", "no GAME given");
    if (cli_check_start("bestmove", fen, sfen) != CLI_OK) return CLI_USAGE;

    ggn_search_limits lim = { 0 };
    unsigned long long v;
    if (depth) {
        if (!parse_number(depth, 1, GGN_MAX_SEARCH_DEPTH, &v))
            return cli_usage_error("bestmove", "--depth must be a whole number from 1 to %d, not '%s'",
                                   GGN_MAX_SEARCH_DEPTH, depth);
        lim.depth = (int)v;
    }
    if (think && !cli_parse_think(think, 1, 1000000000L, &lim.time_ms))
        return cli_usage_error("bestmove", "--think takes a time such as 500ms or 2s, not '%s'", think);
    if (nodes) {
        if (!parse_number(nodes, 1, UINT64_MAX, &v))
            return cli_usage_error("bestmove", "--nodes must be a positive whole number, not '%s'", nodes);
        lim.nodes = v;
    }
    if (seed) {
        if (!parse_number(seed, 0, UINT64_MAX, &v))
            return cli_usage_error("bestmove", "--seed must be a whole number, not '%s'", seed);
        lim.seed = v;
    }
    int nthreads = 1;
    if (threads) {
        if (!parse_number(threads, 1, GGN_MAX_SEARCH_THREADS, &v))
            return cli_usage_error("bestmove", "--threads must be a whole number from 1 to %d, not '%s'",
                                   GGN_MAX_SEARCH_THREADS, threads);
        nthreads = (int)v;
    }

    ggn_player_kind kind = GGN_PLAYER_DEFAULT;
    if (player && !cli_player_parse(player, &kind))
        return cli_usage_error("bestmove", "--player takes alphabeta or mcts, not '%s'", player);
    if (kind == GGN_PLAYER_MCTS && depth)
        return cli_usage_error("bestmove", "--depth means nothing to the mcts player: give --nodes or --think");

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    kind = cli_player_resolve(game, kind);
    cli_move_writer write_move = cli_move_writer_for("bestmove", game, want_usi);
    if (!write_move) {
        ggn_game_free(game);
        return CLI_USAGE;
    }
    int status = CLI_INVALID;
    ggn_position *pos = cli_open_position(game, fen, sfen, moves);
    if (pos && kind == GGN_PLAYER_MCTS) status = mcts_and_print(pos, &lim, nthreads, write_move, want_json);
    else if (pos) status = search_and_print(pos, &lim, nthreads, write_move, want_json);
    ggn_position_free(pos);
    ggn_game_free(game);
    return status;
}
