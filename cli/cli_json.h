/*
 * cli_json.h — the --json output of the game commands (check, perft,
 * bestmove, status), built with jansson. --json changes only standard
 * output: what goes to standard error and the exit status stay those of
 * the text output, so a script reads one JSON document on stdout and
 * tells success from failure by the exit status.
 */
#ifndef GGN_CLI_JSON_H
#define GGN_CLI_JSON_H

#include <jansson.h>

#include "ggn/error.h"

/*
 * Writes doc to standard output (two-space indent, numbers that are not
 * whole to 10 significant digits, a final newline) and
 * releases it. Returns CLI_OK, or CLI_INVALID after saying why on stderr
 * when doc is NULL (jansson ran out of memory building it) or the write
 * fails. cmd names the command in that message.
 */
int cli_json_print(const char *cmd, json_t *doc);

/*
 * A JSON string of s: the text as it is when it is valid UTF-8, else with
 * every non-ASCII byte written as '?' (a FEN or a file name typed with a
 * stray byte must not make the whole document fail). NULL when out of
 * memory.
 */
json_t *cli_json_string(const char *s);

/* One problem as {"file", "line", "column", "pointer", "severity", "code", "message"}; NULL when out of memory. */
json_t *cli_json_error(const ggn_error *err);

#endif
