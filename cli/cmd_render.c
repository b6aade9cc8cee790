/* cmd_render.c — `ggn render GAME`: draw a position as an SVG picture. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"
#include "ggn/game.h"
#include "ggn/render.h"

static const char help[] =
    "Usage: ggn render GAME [--fen FEN | --sfen SFEN] [--moves MOVES] [-o FILE]\n"
    "                  [--flip] [--size PX] [--western | --characters | --discs | --glyphs]\n"
    "                  [--no-coordinates]\n"
    "\n"
    "Draws a position of GAME (a game spec file or a name ggn games lists) as a\n"
    "standalone SVG picture in the style its spec's \"display\" asks for\n"
    "(docs/game-spec.md): chess (two-tone squares, chess glyphs when every\n"
    "kind's symbol is one of K Q R B N P, lettered discs in the player's colour\n"
    "otherwise), xiangqi (pieces on the points, river and palaces), shogi\n"
    "(pentagons pointing at the opponent, promoted kanji red, hands beside the\n"
    "board), draughts, go, hex, othello, connect four or tic-tac-toe. Hatched\n"
    "disabled squares, coordinates as the game writes them, the last move\n"
    "highlighted.\n"
    "Without --fen, --sfen and --moves it is the game's start position.\n"
    "\n"
    "Options:\n"
    "  --fen FEN          start from this position\n"
    "  --sfen SFEN        start from this position written as SFEN (shogi's USI\n"
    "                     notation)\n"
    "  --moves MOVES      then play these moves, separated by spaces or commas\n"
    "                     (\"e2e4 e7e5\"); the last one is highlighted\n"
    "  -o, --output FILE  write the picture to FILE (default: standard output)\n"
    "  --flip             the board seen from the far side\n"
    "  --size PX          pixels per square, 8 to 512 (default 48)\n"
    "  --western          Western symbols (letters, chess glyphs) instead of the\n"
    "                     spec's characters\n"
    "  --characters       the spec's characters even where it prefers Western\n"
    "                     symbols\n"
    "  --discs            letters for every piece (the chess style: discs)\n"
    "  --glyphs           chess glyphs wherever a kind's symbol allows one\n"
    "  --no-coordinates   no labels along the edges\n"
    "\n"
    "Example:\n"
    "  ggn render chess --moves \"e2e4 e7e5 g1f3\" -o board.svg\n"
    "\n"
    "Exit status: 0 ok, 1 the game, FEN, SFEN or a move is invalid (or FILE cannot\n"
    "be written), 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_render = { "render", "draw a position as an SVG picture", help, run };

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *fen = NULL, *sfen = NULL, *moves = NULL, *output = NULL, *size = NULL;
    ggn_render_options opts;
    memset(&opts, 0, sizeof opts);
    for (int i = 1; i < argc;) {
        static const char *const names[] = { "--fen", "--sfen", "--moves", "-o", "--output", "--size" };
        const char **slots[] = { &fen, &sfen, &moves, &output, &output, &size };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("render", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--flip") == 0) opts.flip = true;
        else if (strcmp(arg, "--discs") == 0) opts.pieces = GGN_RENDER_PIECES_DISCS;
        else if (strcmp(arg, "--glyphs") == 0) opts.pieces = GGN_RENDER_PIECES_GLYPHS;
        else if (strcmp(arg, "--western") == 0) opts.pieces = GGN_RENDER_PIECES_WESTERN;
        else if (strcmp(arg, "--characters") == 0) opts.pieces = GGN_RENDER_PIECES_CHARACTERS;
        else if (strcmp(arg, "--no-coordinates") == 0) opts.hide_coordinates = true;
        else if (arg[0] == '-' && arg[1]) return cli_usage_error("render", "unknown option '%s'", arg);
        else if (!game_arg) game_arg = arg;
        else return cli_usage_error("render", "unexpected argument '%s'", arg);
        i++;
    }
    if (!game_arg) return cli_usage_error("render", "no GAME given");
    if (cli_check_start("render", fen, sfen) != CLI_OK) return CLI_USAGE;
    if (size) {
        char *end;
        long px = strtol(size, &end, 10);
        if (end == size || *end || px < 8 || px > 512)
            return cli_usage_error("render", "--size takes a number of pixels from 8 to 512, not '%s'", size);
        opts.square_size = (int)px;
    }

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    int status = CLI_INVALID;
    char *svg = NULL;
    ggn_error err;
    ggn_error_clear(&err);
    ggn_position *pos = cli_open_position(game, fen, sfen, moves);
    if (!pos) goto done;
    svg = ggn_render_svg(pos, &opts, &err);
    if (!svg) {
        cli_print_error(stderr, &err);
        goto done;
    }
    FILE *out = output ? fopen(output, "w") : stdout;
    if (!out) {
        fprintf(stderr, "%s: error: cannot write: %s\n", output, strerror(errno));
        goto done;
    }
    errno = 0;
    fputs(svg, out);
    if (cli_close_output(out, output ? output : "standard output")) status = CLI_OK;
done:
    free(svg);
    ggn_position_free(pos);
    ggn_game_free(game);
    return status;
}
