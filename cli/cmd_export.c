/* cmd_export.c — `ggn export GAME`: a game spec's pseudo-legal move library as GGN. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/export.h"
#include "ggn/ggn.h"
#include "ggn/game.h"

static const char help[] =
    "Usage: ggn export GAME [--spelling must-deny|require-prevent|board-check|must-diff] [-o FILE]\n"
    "\n"
    "Writes the whole pseudo-legal move library of GAME as a GGN document: for\n"
    "every piece kind of each side, every square it can stand on, every\n"
    "destination, each possibility with its conditions and (require-prevent,\n"
    "board-check) the board patch it makes: captures, one possibility per\n"
    "promotion option, castling's rook move, en passant's captured pawn.\n"
    "Games with hands: drops come from \"*\", and board-check says what\n"
    "leaves and enters the hand (in_hand_del, in_hand_add per captured kind);\n"
    "require-prevent has no hand and refuses them, board-check refuses\n"
    "FILE_FREE_OF (shogi's nifu), which only must-deny's deny can say.\n"
    "\n"
    "GAME is a game spec file, or a name looked up as games/NAME.json.\n"
    "\n"
    "Piece ids: must-deny uses QPI (\"C:K\", style = first letter of the game\n"
    "name), the two others GAN (\"CHESS:K\"); upper case is the side that moves\n"
    "first. States carry what GGN cannot see: \"+\" an unmoved piece whose first\n"
    "move matters (+K, +R, +P), \"-\" a piece carrying a tested flag (-P: may be\n"
    "taken en passant); a promoted form carries a fixed mark (+P in shogi, -Q\n"
    "for crazyhouse's Q~). Attacked squares (NOT_ATTACKED, PATH_NOT_ATTACKED)\n"
    "and mating pawn drops (no_checkmate) are left to the rule system.\n"
    "docs/export.md has every detail.\n"
    "\n"
    "Options:\n"
    "  --spelling S   must-deny (default), require-prevent, board-check or must-diff\n"
    "  -o FILE        write to FILE instead of standard output\n"
    "\n"
    "Exit status: 0 ok, 1 the game is invalid or cannot be said in GGN\n"
    "(more than two players, a kind without a symbol, hands in a spelling that\n"
    "cannot say them, ...), 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_export = { "export", "write a game spec's pseudo-legal moves as a GGN library", help, run };

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *spelling_arg = NULL, *out_arg = NULL;
    for (int i = 1; i < argc;) {
        int got = cli_option("export", argc, argv, &i, "--spelling", &spelling_arg);
        if (got == 0) got = cli_option("export", argc, argv, &i, "-o", &out_arg);
        if (got == 0) got = cli_option("export", argc, argv, &i, "--output", &out_arg);
        if (got < 0) return CLI_USAGE;
        if (got > 0) continue;
        const char *arg = argv[i];
        if (arg[0] == '-' && arg[1]) return cli_usage_error("export", "unknown option '%s'", arg);
        if (game_arg) return cli_usage_error("export", "unexpected argument '%s'", arg);
        game_arg = arg;
        i++;
    }
    if (!game_arg) return cli_usage_error("export", "no GAME given");
    ggn_spelling spelling = GGN_SPELLING_MUST_DENY;
    if (spelling_arg && !ggn_spelling_parse(spelling_arg, &spelling))
        return cli_usage_error("export", "--spelling must be must-deny, require-prevent, board-check or must-diff, not '%s'",
                               spelling_arg);

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_game_export(game, spelling, &err);
    ggn_game_free(game);
    if (!text) {
        if (!err.file[0]) snprintf(err.file, sizeof err.file, "%.255s", game_arg);
        cli_print_error(stderr, &err);
        return CLI_INVALID;
    }
    int status = CLI_OK;
    FILE *out = out_arg && strcmp(out_arg, "-") != 0 ? fopen(out_arg, "w") : stdout;
    if (!out) {
        fprintf(stderr, "ggn export: cannot write %s\n", out_arg);
        status = CLI_INVALID;
    } else {
        size_t n = strlen(text);
        if (fwrite(text, 1, n, out) != n) status = CLI_INVALID;
        if (out != stdout && fclose(out) != 0) status = CLI_INVALID;
        if (status != CLI_OK) fprintf(stderr, "ggn export: cannot write %s\n", out_arg ? out_arg : "standard output");
    }
    free(text);
    return status;
}
