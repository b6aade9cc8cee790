/* cmd_moves.c — `ggn moves GGN --position POSITION [--json]`: every pseudo-legal transition. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"
#include "ggn_doc_cli.h"

static const char help[] =
    "Usage: ggn moves GGN --position POSITION [--json]\n"
    "\n"
    "Lists every pseudo-legal transition of POSITION under the GGN move\n"
    "library GGN (any of its three spellings): each piece of the side to move\n"
    "standing on a square the library has moves from, and each piece of that\n"
    "side's hand the library can drop, whose conditions hold.\n"
    "\n"
    "POSITION is the text itself or @FILE, either\n"
    "  - JSON: {\"board\": {\"e2\": \"C:+P\", ...}, \"hands\": {\"first\": [...],\n"
    "    \"second\": [...]}, \"active\": \"first\" | \"second\" | a game id}\n"
    "  - FEEN, current form: '<placement> <first-hand>/<second-hand> C/c'\n"
    "  - FEEN, old form:     '<placement> <hands or -> C/c'\n"
    "Squares a position does not name are empty (docs/ggn.md). The ids must\n"
    "be the library's, states included: a library `ggn export` wrote has\n"
    "C:+P for a pawn that may still double-step and C:-P for one that may\n"
    "be taken en passant; `ggn export GAME --feen [--moves LIST]` writes a\n"
    "game position that way.\n"
    "\n"
    "Options:\n"
    "  --position POSITION  the position (required)\n"
    "  --json               print a JSON array instead of text\n"
    "\n"
    "Output, one transition per line:\n"
    "  PIECE SOURCE DESTINATION  SQUARE=PIECE ... [hand:+PIECE] [hand:-PIECE]\n"
    "where SQUARE=- empties a square, hand:+ adds to and hand:- removes from\n"
    "the mover's hand. Examples (the start of chess has 20 moves):\n"
    "  $ ggn export chess -o chess.ggn.json\n"
    "  $ ggn export chess --feen\n"
    "  +rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / C/c\n"
    "  $ ggn moves chess.ggn.json --position '+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / C/c'\n"
    "  C:+P a2 a3  a2=- a3=C:+P\n"
    "  C:+P a2 a4  a2=- a4=C:+P\n"
    "  ...\n"
    "  C:N g1 f3  g1=- f3=C:N\n"
    "\n"
    "Exit status: 0 ok, 1 the library or the position is invalid (errors as\n"
    "FILE:LINE:COL: error: message [at /pointer]) or the output cannot be\n"
    "written, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_moves = { "moves", "list the pseudo-legal transitions of a position (GGN)", help, run };

static int run(int argc, char **argv)
{
    const char *file = NULL, *position = NULL;
    bool json = false;
    for (int i = 1; i < argc;) {
        int r = cli_option("moves", argc, argv, &i, "--position", &position);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("moves", "unknown option '%s'", argv[i]);
        else if (!file) file = argv[i];
        else return cli_usage_error("moves", "unexpected argument '%s'", argv[i]);
        i++;
    }
    if (!file) return cli_usage_error("moves", "no GGN file given");
    if (!position) return cli_usage_error("moves", "--position is required");
    ggn_ruleset *rs = cli_ggn_load(file);
    if (!rs) return CLI_INVALID;
    ggn_board_state *st = cli_ggn_position(position);
    int status = CLI_INVALID;
    ggn_transition *out = malloc(GGN_MAX_MOVES * sizeof *out);
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_view *view = st && out ? ggn_board_view_new(rs, st, &err) : NULL;
    if (view) {
        int n = ggn_board_view_transitions(view, out, GGN_MAX_MOVES, &err);
        if (n >= 0) {
            errno = 0;
            if (json) cli_ggn_print_json(stdout, out, n);
            else cli_ggn_print_text(stdout, out, n);
            status = cli_close_output(stdout, "standard output") ? CLI_OK : CLI_INVALID;
        }
    }
    if (status != CLI_OK && err.code != GGN_E_OK) cli_ggn_error(&err);
    ggn_board_view_free(view);
    free(out);
    ggn_board_state_free(st);
    ggn_ruleset_free(rs);
    return status;
}
