/* cmd_query.c — `ggn query GGN PIECE FROM TO --position POSITION [--json]`: the transitions of one move. */
#include <errno.h>
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"
#include "ggn_doc_cli.h"

static const char help[] =
    "Usage: ggn query GGN PIECE FROM TO --position POSITION [--json]\n"
    "\n"
    "Asks the GGN move library GGN whether PIECE can go from FROM to TO in\n"
    "POSITION (select → from → to → where): prints each possibility of that\n"
    "move whose conditions hold, or nothing when none does. The move applies\n"
    "only when PIECE stands on FROM (or, for FROM \"*\", is in the hand of the\n"
    "side to move) and belongs to the side to move.\n"
    "\n"
    "PIECE is an id as the library writes it, state included (C:+P, C:P;\n"
    "CHESS:P in the GAN spellings); FROM and TO are squares (e2) or \"*\" for\n"
    "the hand. POSITION is as for `ggn moves`: JSON or FEEN, inline or @FILE\n"
    "(`ggn export GAME --feen` writes a game position as FEEN).\n"
    "\n"
    "Options:\n"
    "  --position POSITION  the position (required)\n"
    "  --json               print a JSON array instead of text\n"
    "\n"
    "Output: as `ggn moves`, one line per possibility that holds; when none\n"
    "does, standard output is empty and standard error says so:\n"
    "  $ ggn export chess -o chess.ggn.json\n"
    "  $ ggn query chess.ggn.json C:+P e2 e4 --position '4k3/8/8/8/8/8/4+P3/4K3 / C/c'\n"
    "  C:+P e2 e4  e2=- e4=C:+P\n"
    "  $ ggn query chess.ggn.json C:P e7 e8 --position '4k3/4P3/8/8/8/8/8/4K3 / C/c'\n"
    "  C:P e7 e8: no possibility's conditions hold in this position\n"
    "\n"
    "Exit status: 0 ok (even when no possibility holds), 1 the library or the\n"
    "position is invalid or the library has no such piece, source or move\n"
    "(NOT_FOUND), or the output cannot be written, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_query = { "query", "the transitions of one move in a position (GGN)", help, run };

static int run(int argc, char **argv)
{
    const char *args[4] = { NULL, NULL, NULL, NULL }, *position = NULL;
    int nargs = 0;
    bool json = false;
    for (int i = 1; i < argc;) {
        int r = cli_option("query", argc, argv, &i, "--position", &position);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("query", "unknown option '%s'", argv[i]);
        else if (nargs < 4) args[nargs++] = argv[i];
        else return cli_usage_error("query", "unexpected argument '%s'", argv[i]);
        i++;
    }
    if (nargs < 4) return cli_usage_error("query", "expected GGN PIECE FROM TO");
    if (!position) return cli_usage_error("query", "--position is required");
    ggn_ruleset *rs = cli_ggn_load(args[0]);
    if (!rs) return CLI_INVALID;
    int status = CLI_INVALID;
    ggn_error err;
    ggn_error_clear(&err);
    ggn_selection sel;
    ggn_board_state *st = NULL;
    ggn_board_view *view = NULL;
    if (ggn_ruleset_select(rs, args[1], &sel, &err) && ggn_selection_from(&sel, args[2], &err) &&
        ggn_selection_to(&sel, args[3], &err)) {
        st = cli_ggn_position(position);
        view = st ? ggn_board_view_new(rs, st, &err) : NULL;
        ggn_transition out[GGN_MAX_MOVES / 4];
        int n = view ? ggn_selection_where(&sel, view, out, sizeof out / sizeof out[0], &err) : -1;
        if (n >= 0) {
            errno = 0;
            if (json) cli_ggn_print_json(stdout, out, n);
            else cli_ggn_print_text(stdout, out, n);
            /* Said on stderr so that scripts still read an empty list on stdout. */
            if (n == 0) fprintf(stderr, "%s %s %s: no possibility's conditions hold in this position\n", args[1], args[2], args[3]);
            status = cli_close_output(stdout, "standard output") ? CLI_OK : CLI_INVALID;
        }
    }
    if (status != CLI_OK && err.code != GGN_E_OK) {
        if (!err.file[0]) snprintf(err.file, sizeof err.file, "%s", args[0]);
        cli_ggn_error(&err);
    }
    ggn_board_view_free(view);
    ggn_board_state_free(st);
    ggn_ruleset_free(rs);
    return status;
}
