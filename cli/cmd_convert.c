/* cmd_convert.c — `ggn convert GGN --to SPELLING [-o FILE]`: a GGN library in another spelling. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"
#include "ggn_doc_cli.h"

static const char help[] =
    "Usage: ggn convert GGN [--to must-deny|require-prevent|board-check|must-diff] [-o FILE]\n"
    "\n"
    "Rewrites the GGN move library GGN in another spelling, keeping the order\n"
    "of its pieces, squares, possibilities and conditions:\n"
    "  must-deny        must / deny, QPI ids (C:K)          the current text\n"
    "  require-prevent  require / prevent / perform, GAN ids (CHESS:K)\n"
    "  board-check      board_check / board_patch / in_hand_add / in_hand_del, GAN ids\n"
    "  must-diff        must / deny / diff (STN: board, hands, toggle), QPI ids\n"
    "                   (the Ruby library 0.8-0.9.1)\n"
    "GAN game ids become one-letter QPI styles (CHESS -> C) and back.\n"
    "\n"
    "Conversion is refused, naming the JSON Pointer of the first place that\n"
    "cannot be written, whenever the target would lose meaning: \"ally\" outside\n"
    "board-check, forbidden states inside it (except forbidding \"empty\",\n"
    "which becomes \"occupied\"), patches other than the plain move into\n"
    "must-deny, hand changes or \"*\" into require-prevent, empty possibility\n"
    "arrays outside must-deny and must-diff, a diff that keeps the same player\n"
    "to move (toggle false) outside must-diff, and ids the target grammar\n"
    "cannot write. A result larger than ggn reads back (64 MiB,\n"
    "GGN_MAX_FILE_BYTES) is refused as soon as it reaches that size, and\n"
    "nothing is written.\n"
    "docs/ggn.md has the whole table.\n"
    "\n"
    "Options:\n"
    "  --to SPELLING  the target spelling (default: must-deny, the current one)\n"
    "  -o FILE        write to FILE instead of standard output\n"
    "\n"
    "Exit status: 0 ok, 1 the library is invalid or cannot be converted, or\n"
    "the output cannot be written, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_convert = { "convert", "rewrite a GGN library in another spelling", help, run };

static int run(int argc, char **argv)
{
    const char *file = NULL, *to = NULL, *output = NULL;
    for (int i = 1; i < argc;) {
        int r = cli_option("convert", argc, argv, &i, "--to", &to);
        if (r == 0) r = cli_option("convert", argc, argv, &i, "-o", &output);
        if (r < 0) return CLI_USAGE;
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("convert", "unknown option '%s'", argv[i]);
        if (file) return cli_usage_error("convert", "unexpected argument '%s'", argv[i]);
        file = argv[i++];
    }
    if (!file) return cli_usage_error("convert", "no GGN file given");
    if (!to) to = "must-deny";
    ggn_spelling spelling;
    if (!ggn_spelling_parse(to, &spelling))
        return cli_usage_error("convert", "unknown spelling '%s' (must-deny, require-prevent, board-check, must-diff)", to);
    ggn_ruleset *rs = cli_ggn_load(file);
    if (!rs) return CLI_INVALID;
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_ruleset_write(rs, spelling, &err);
    ggn_ruleset_free(rs);
    if (!text) {
        cli_ggn_error(&err);
        return CLI_INVALID;
    }
    int status = CLI_INVALID;
    FILE *out = output ? fopen(output, "wb") : stdout;
    if (!out) {
        fprintf(stderr, "%s: error: cannot write: %s\n", output, strerror(errno));
    } else {
        errno = 0;
        fputs(text, out);
        if (cli_close_output(out, output ? output : "standard output")) status = CLI_OK;
    }
    free(text);
    return status;
}
