/*
 * ggn_doc_cli.h — what the GGN subcommands (moves, query, convert) share:
 * loading a move library and a position with errors printed, and printing
 * transitions as text or JSON.
 */
#ifndef GGN_CLI_GGN_DOC_H
#define GGN_CLI_GGN_DOC_H

#include <stdbool.h>
#include <stdio.h>

#include "ggn/ruleset.h"

/* Loads a GGN file with full validation; prints every problem to stderr. NULL when invalid. */
ggn_ruleset *cli_ggn_load(const char *path);

/* Reads a position given inline or as @FILE; prints the problem to stderr. NULL when invalid. */
ggn_board_state *cli_ggn_position(const char *arg);

/* One transition per line: "PIECE SRC DST  sq=piece sq=- hand:+ID hand:-ID". */
void cli_ggn_print_text(FILE *out, const ggn_transition *t, int n);

/* A JSON array of {"piece", "source", "destination", "possibility", "diff", "hand"}. */
void cli_ggn_print_json(FILE *out, const ggn_transition *t, int n);

/* Prints one library error (ggn_error) to stderr the usual way. */
void cli_ggn_error(const ggn_error *err);

#endif
