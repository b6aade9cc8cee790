/* cmd_check.c — `ggn check FILE...`: validate GGN documents and game specs. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "ggn/check.h"
#include "ggn/ggn.h"

static const char help[] =
    "Usage: ggn check [--json] FILE...\n"
    "\n"
    "Validates each FILE, a GGN move library (any of its three spellings) or a\n"
    "game spec, and prints every problem found, one per line:\n"
    "  FILE:LINE:COL: error: message [at /json/pointer]\n"
    "Warnings (things the specifications say SHOULD NOT happen) are printed\n"
    "the same way but do not make a file invalid. A FILE that does not exist\n"
    "is looked up as a game name, as GAME is by the other commands (games/NAME.json\n"
    "in the source tree's games/, $GGN_GAMES, and the installed share/ggn/games).\n"
    "\n"
    "Options:\n"
    "  --json   print one JSON document on standard output instead of the\n"
    "           \"ok\" lines (the problems still go to standard error):\n"
    "           {\"files\": [{\"file\": FILE, \"path\": the file read,\n"
    "                        \"kind\": \"game spec\" | \"GGN document\" | null,\n"
    "                        \"valid\": true | false,\n"
    "                        \"problems\": [{\"file\", \"line\", \"column\",\n"
    "                                      \"pointer\", \"severity\", \"code\",\n"
    "                                      \"message\"}, ...]}, ...],\n"
    "            \"valid\": true when every file is}\n"
    "\n"
    "Examples:\n"
    "  $ ggn check chess\n"
    "  chess: ok (game spec)\n"
    "  $ ggn check games/chess.json\n"
    "  games/chess.json: ok (game spec)\n"
    "\n"
    "Exit status: 0 when every file is valid, 1 when one is not, 2 for usage errors.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_check = { "check", "validate GGN documents and game specs", help, run };

/* The kind as the output names it; NULL when the file is neither. */
static const char *kind_name(ggn_file_kind kind)
{
    if (kind == GGN_FILE_GAME_SPEC) return "game spec";
    if (kind == GGN_FILE_GGN) return "GGN document";
    return NULL;
}

/* Checks one file (or game name); adds its entry to files when given (--json). */
static int check_file(const char *arg, json_t *files)
{
    char path[4096];
    if (!cli_resolve_game(arg, path, sizeof path)) snprintf(path, sizeof path, "%s", arg);
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        fprintf(stderr, "ggn check: out of memory\n");
        return CLI_INVALID;
    }
    ggn_errors_init(errs);
    ggn_file_kind kind = ggn_check_file(path, errs);
    cli_print_errors(stderr, errs);
    int status = errs->errors ? CLI_INVALID : CLI_OK;
    const char *kind_text = kind_name(kind);
    if (files) {
        json_t *problems = json_array();
        for (size_t k = 0; k < errs->count; k++) json_array_append_new(problems, cli_json_error(&errs->items[k]));
        json_t *kind_json = kind_text && status == CLI_OK ? json_string(kind_text) : json_null();
        json_array_append_new(files, json_pack("{s:o, s:o, s:o, s:b, s:o}", "file", cli_json_string(arg), "path",
                                               cli_json_string(path), "kind", kind_json, "valid", status == CLI_OK,
                                               "problems", problems));
    } else if (status == CLI_OK) {
        printf("%s: ok (%s%s)\n", arg, kind_text ? kind_text : "?", errs->warnings ? ", with warnings" : "");
    }
    free(errs);
    return status;
}

static int run(int argc, char **argv)
{
    bool json = false;
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = true;
        else if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("check", "unknown option '%s'", argv[i]);
        else nfiles++;
    }
    if (!nfiles) return cli_usage_error("check", "no FILE given");
    json_t *files = json ? json_array() : NULL;
    int status = CLI_OK;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) continue;
        if (check_file(argv[i], files) != CLI_OK) status = CLI_INVALID;
    }
    if (json) {
        int printed = cli_json_print("check", json_pack("{s:o, s:b}", "files", files, "valid", status == CLI_OK));
        if (printed != CLI_OK) status = printed;
    }
    return status;
}
