/* cmd_check.c — `ggn check FILE...`: validate GGN documents and game specs. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/check.h"
#include "ggn/ggn.h"

static const char help[] =
    "Usage: ggn check FILE...\n"
    "\n"
    "Validates each FILE, a GGN move library (any of its three spellings) or a\n"
    "game spec, and prints every problem found, one per line:\n"
    "  FILE:LINE:COL: error: message [at /json/pointer]\n"
    "Warnings (things the specifications say SHOULD NOT happen) are printed\n"
    "the same way but do not make a file invalid.\n"
    "\n"
    "Exit status: 0 when every file is valid, 1 when one is not, 2 for usage errors.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_check = { "check", "validate GGN documents and game specs", help, run };

static int check_file(const char *path)
{
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        fprintf(stderr, "ggn check: out of memory\n");
        return CLI_INVALID;
    }
    ggn_errors_init(errs);
    ggn_file_kind kind = ggn_check_file(path, errs);
    cli_print_errors(stderr, errs);
    int status = errs->errors ? CLI_INVALID : CLI_OK;
    if (status == CLI_OK)
        printf("%s: ok (%s%s)\n", path, kind == GGN_FILE_GAME_SPEC ? "game spec" : "GGN document",
               errs->warnings ? ", with warnings" : "");
    free(errs);
    return status;
}

static int run(int argc, char **argv)
{
    if (argc < 2) return cli_usage_error("check", "no FILE given");
    int status = CLI_OK;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check", "unknown option '%s'", argv[i]);
    }
    for (int i = 1; i < argc; i++) {
        if (check_file(argv[i]) != CLI_OK) status = CLI_INVALID;
    }
    return status;
}
