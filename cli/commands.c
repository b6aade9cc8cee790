/* commands.c — the table of subcommands, in the order `ggn help` lists them. */
#include <stddef.h>

#include "cli.h"

/* Each cmd_<name>.c defines one of these. */
extern const cli_command cli_cmd_check;
extern const cli_command cli_cmd_perft;
extern const cli_command cli_cmd_render;
extern const cli_command cli_cmd_play;
extern const cli_command cli_cmd_bestmove;
extern const cli_command cli_cmd_moves;
extern const cli_command cli_cmd_query;
extern const cli_command cli_cmd_convert;
extern const cli_command cli_cmd_export;
extern const cli_command cli_cmd_games;
extern const cli_command cli_cmd_pgn;
extern const cli_command cli_cmd_status;
extern const cli_command cli_cmd_uci;
extern const cli_command cli_cmd_usi;
extern const cli_command cli_cmd_ucci;
extern const cli_command cli_cmd_xboard;
extern const cli_command cli_cmd_gtp;
extern const cli_command cli_cmd_sgf;
extern const cli_command cli_cmd_match;
extern const cli_command cli_cmd_selfplay;
extern const cli_command cli_cmd_merge;

const cli_command *const cli_commands[] = {
    &cli_cmd_check,
    &cli_cmd_play,
    &cli_cmd_perft,
    &cli_cmd_render,
    &cli_cmd_bestmove,
    &cli_cmd_moves,
    &cli_cmd_query,
    &cli_cmd_convert,
    &cli_cmd_export,
    &cli_cmd_games,
    &cli_cmd_pgn,
    &cli_cmd_sgf,
    &cli_cmd_status,
    &cli_cmd_uci,
    &cli_cmd_usi,
    &cli_cmd_ucci,
    &cli_cmd_xboard,
    &cli_cmd_gtp,
    &cli_cmd_match,
    &cli_cmd_selfplay,
    &cli_cmd_merge,
    NULL,
};
