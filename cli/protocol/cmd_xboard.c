/* cmd_xboard.c — `ggn xboard [SPEC...]`: speak CECP v2 to XBoard/WinBoard (ggn/protocol.h, docs/protocols.md). */
#include "cli.h"
#include "engine_session.h"

static const char help[] =
    "Usage: ggn xboard [SPEC...]\n"
    "\n"
    "Speaks the Chess Engine Communication Protocol (version 2) of XBoard and\n"
    "WinBoard on standard input and output. Every shipped two-player game with\n"
    "FEN on a board of at most 16x16 is offered in `feature variants`: chess as\n"
    "`normal`, the games XBoard knows by their own names (crazyhouse, xiangqi,\n"
    "shogi, makruk, shatranj, losalamos), the others as engine-defined variants\n"
    "that ggn describes with `setup` and one `piece X& BETZA` line per kind.\n"
    "Each SPEC file is offered too, under its file name without .json.\n"
    "\n"
    "Commands: xboard, protover, new, variant, force, go, playother, usermove,\n"
    "undo, remove, setboard, level, st, sd, time, otim, cores (threads to\n"
    "search on), option Player=alphabeta|mcts|default (the computer player),\n"
    "ping, result, post, nopost, lift (answered with highlight), quit. An\n"
    "illegal move is answered\n"
    "`Illegal move (why): MOVE`, anything else wrong `Error (why): ...`.\n"
    "\n"
    "Use it from XBoard with:\n"
    "  xboard -fcp \"ggn xboard\" -variant minishogi\n"
    "\n"
    "Exit status: 0 after quit or end of input, 1 a SPEC is invalid or cannot\n"
    "be shown by XBoard, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_xboard = { "xboard", "play through XBoard's protocol (CECP v2, any two-player game)", help,
                                     run };

static int run(int argc, char **argv) { return engine_session_command(argc, argv, GGN_PROTOCOL_XBOARD, NULL); }
