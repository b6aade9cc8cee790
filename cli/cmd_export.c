/*
 * cmd_export.c — `ggn export GAME`: a game spec's pseudo-legal move library
 * as GGN, or (--feen) one position of the game as the FEEN that library reads.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/export.h"
#include "ggn/ggn.h"
#include "ggn/game.h"

static const char help[] =
    "Usage: ggn export GAME [--spelling must-deny|require-prevent|board-check|must-diff] [-o FILE]\n"
    "       ggn export GAME --feen [--fen FEN | --sfen SFEN] [--moves LIST]\n"
    "                       [--spelling S] [-o FILE]\n"
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
    "With --feen, writes instead one position of GAME as the FEEN the library\n"
    "of the same spelling reads, states included, ready for `ggn moves\n"
    "--position` and `ggn query --position`: the start, or --fen / --sfen,\n"
    "then --moves. One line: <placement> <first-hand>/<second-hand> <A/o>,\n"
    "the last field naming the side to move first.\n"
    "\n"
    "Options:\n"
    "  --spelling S   must-deny (default), require-prevent, board-check or must-diff\n"
    "  -o FILE        write to FILE instead of standard output\n"
    "  --feen         write a position as FEEN instead of the library\n"
    "  --fen FEN      (--feen) start from this position instead of the start\n"
    "  --sfen SFEN    (--feen) the same, the position written as SFEN\n"
    "  --moves LIST   (--feen) then play these moves, space- or comma-\n"
    "                 separated, in coordinate notation or USI\n"
    "\n"
    "Examples:\n"
    "  $ ggn export chess -o chess.ggn.json\n"
    "  $ ggn check chess.ggn.json\n"
    "  chess.ggn.json: ok (GGN document)\n"
    "  $ ggn export chess --feen --moves \"e2e4\"\n"
    "  +rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / c/C\n"
    "\n"
    "Exit status: 0 ok, 1 the game, the position or a move is invalid or the\n"
    "game cannot be said in GGN (more than two players, a kind without a\n"
    "symbol, hands in a spelling that cannot say them, ...), 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_export = { "export", "write a game spec's pseudo-legal moves as a GGN library", help, run };

/* The position's FEEN as one line of output (a newline added), or NULL with err filled. */
static char *feen_line(const ggn_position *pos, ggn_spelling spelling, ggn_error *err)
{
    char *feen = ggn_position_export_feen(pos, spelling, err);
    if (!feen) return NULL;
    size_t n = strlen(feen);
    char *line = realloc(feen, n + 2);
    if (!line) {
        free(feen);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    memcpy(line + n, "\n", 2);
    return line;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *spelling_arg = NULL, *out_arg = NULL, *fen = NULL, *sfen = NULL, *moves = NULL;
    bool want_feen = false;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--spelling", "-o", "--output", "--fen", "--sfen", "--moves" };
        const char **slots[] = { &spelling_arg, &out_arg, &out_arg, &fen, &sfen, &moves };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("export", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got > 0) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--feen") == 0) {
            want_feen = true;
            i++;
            continue;
        }
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
    if (!want_feen && (fen || sfen || moves))
        return cli_usage_error("export", "--fen, --sfen and --moves give the position of --feen: give --feen too");
    if (cli_check_start("export", fen, sfen) != CLI_OK) return CLI_USAGE;

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    ggn_error err;
    ggn_error_clear(&err);
    char *text = NULL;
    if (want_feen) {
        ggn_position *pos = cli_open_position(game, fen, sfen, moves);
        if (!pos) {
            ggn_game_free(game);
            return CLI_INVALID;
        }
        text = feen_line(pos, spelling, &err);
        ggn_position_free(pos);
    } else {
        text = ggn_game_export(game, spelling, &err);
    }
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
