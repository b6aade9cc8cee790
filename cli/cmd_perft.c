/* cmd_perft.c — `ggn perft GAME DEPTH`: count the leaves of the legal move tree. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"
#include "ggn/game.h"

static const char help[] =
    "Usage: ggn perft GAME DEPTH [--fen FEN | --sfen SFEN] [--divide [--usi]]\n"
    "\n"
    "Counts the leaf nodes of the legal move tree of GAME to DEPTH half-moves\n"
    "(draw rules ignored), the standard test of a move generator.\n"
    "\n"
    "GAME is a game spec file, or a name looked up as games/NAME.json (the\n"
    "source tree's games/, $GGN_GAMES, and the installed share/ggn/games).\n"
    "DEPTH is 0 to 32.\n"
    "\n"
    "Options:\n"
    "  --fen FEN   start from this position instead of the game's start\n"
    "  --sfen SFEN the same, the position written as SFEN (shogi's USI\n"
    "              notation)\n"
    "  --divide    first print every legal move of the root position in\n"
    "              coordinate notation with the count below it, one per line\n"
    "              and sorted, as \"e2e4: 20\" (the form Stockfish and\n"
    "              Fairy-Stockfish print, so the lists can be diffed)\n"
    "  --usi       write the moves of --divide in USI, as shogi programs do\n"
    "              (7g7f, 8h2b+, P*5e); only for games with FEN of at most\n"
    "              9 files and 26 ranks\n"
    "\n"
    "Output: the last line of standard output is always \"Nodes: N\".\n"
    "The elapsed time and the speed in nodes per second go to standard error.\n"
    "\n"
    "Examples:\n"
    "  $ ggn perft chess 4\n"
    "  Nodes: 197281\n"
    "  $ ggn perft shogi 2 --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'\n"
    "  Nodes: 900\n"
    "\n"
    "Exit status: 0 ok, 1 the game or the FEN or SFEN is invalid, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_perft = { "perft", "count the legal move tree of a game to a depth", help, run };

typedef struct divide_line {
    char move[300];
    uint64_t nodes;
} divide_line;

static int compare_lines(const void *a, const void *b)
{
    return strcmp(((const divide_line *)a)->move, ((const divide_line *)b)->move);
}

/* Perft with the root split by move, each written by write_move; prints the lines, returns the total. */
static uint64_t divide(ggn_position *pos, int depth, cli_move_writer write_move)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    divide_line *lines = calloc(n ? n : 1, sizeof *lines);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t count = 0;
        if (ggn_position_make(pos, moves[i])) {
            count = ggn_perft(pos, depth - 1);
            ggn_position_unmake(pos);
        }
        total += count;
        if (lines) {
            write_move(pos, moves[i], lines[i].move, sizeof lines[i].move);
            lines[i].nodes = count;
        }
    }
    if (lines) {
        qsort(lines, n, sizeof *lines, compare_lines);
        for (size_t i = 0; i < n; i++) printf("%s: %" PRIu64 "\n", lines[i].move, lines[i].nodes);
        printf("\n");
        free(lines);
    }
    return total;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *depth_arg = NULL, *fen = NULL, *sfen = NULL;
    bool want_divide = false, want_usi = false;
    for (int i = 1; i < argc;) {
        int got = cli_option("perft", argc, argv, &i, "--fen", &fen);
        if (got == 0) got = cli_option("perft", argc, argv, &i, "--sfen", &sfen);
        if (got < 0) return CLI_USAGE;
        if (got > 0) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--divide") == 0) {
            want_divide = true;
        } else if (strcmp(arg, "--usi") == 0) {
            want_usi = true;
        } else if (arg[0] == '-' && arg[1] && !(arg[1] >= '0' && arg[1] <= '9')) {
            return cli_usage_error("perft", "unknown option '%s'", arg);
        } else if (!game_arg) {
            game_arg = arg;
        } else if (!depth_arg) {
            depth_arg = arg;
        } else {
            return cli_usage_error("perft", "unexpected argument '%s'", arg);
        }
        i++;
    }
    if (!game_arg) return cli_usage_error("perft", "no GAME given");
    if (!depth_arg) return cli_usage_error("perft", "no DEPTH given");
    if (cli_check_start("perft", fen, sfen) != CLI_OK) return CLI_USAGE;
    if (want_usi && !want_divide) return cli_usage_error("perft", "--usi writes the moves of --divide: give both");
    char *end;
    long depth = strtol(depth_arg, &end, 10);
    if (end == depth_arg || *end || depth < 0 || depth > GGN_MAX_PERFT_DEPTH)
        return cli_usage_error("perft", "DEPTH must be a whole number from 0 to %d, not '%s'", GGN_MAX_PERFT_DEPTH,
                               depth_arg);

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    cli_move_writer write_move = cli_move_writer_for("perft", game, want_usi);
    if (!write_move) {
        ggn_game_free(game);
        return CLI_USAGE;
    }
    ggn_position *pos = cli_open_position(game, fen, sfen, NULL);
    if (!pos) {
        ggn_game_free(game);
        return CLI_INVALID;
    }

    double start = cli_seconds();
    uint64_t nodes = (want_divide && depth > 0) ? divide(pos, (int)depth, write_move) : ggn_perft(pos, (int)depth);
    double elapsed = cli_seconds() - start;
    printf("Nodes: %" PRIu64 "\n", nodes);
    fflush(stdout);
    fprintf(stderr, "perft %ld: %.3f s, %.0f nodes/s\n", depth, elapsed, elapsed > 0 ? (double)nodes / elapsed : 0.0);

    ggn_position_free(pos);
    ggn_game_free(game);
    return CLI_OK;
}
