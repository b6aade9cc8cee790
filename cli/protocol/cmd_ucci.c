/* cmd_ucci.c — `ggn ucci [GAME]`: the UCCI protocol of xiangqi programs, on the library's session
 * (ggn/protocol.h, docs/protocols.md). */
#include "cli.h"
#include "engine_session.h"

static const char help[] =
    "Usage: ggn ucci [GAME]\n"
    "\n"
    "Speaks UCCI, the protocol of xiangqi GUIs, on standard input and output:\n"
    "the same session as `ggn uci` in UCCI's words. GAME (default xiangqi) is\n"
    "the game at the start; the gamefile option changes it to any two-player\n"
    "game with FEN.\n"
    "\n"
    "Commands: ucci, isready, setoption NAME [VALUE], position startpos|fen FEN\n"
    "[moves ...], banmoves M..., probe startpos|fen FEN [moves ...] (answered\n"
    "`pophash` with what the search's table holds), go [ponder|draw] [time T\n"
    "[increment I|movestogo M] [opptime T [oppincrement I]] | depth D |\n"
    "nodes N | infinite], stop, ponderhit, quit (answered `bye`); also\n"
    "`go perft N` and `d`. Moves\n"
    "are coordinates with ranks from 0 on a ten-rank board (h2e2), as UCCI and\n"
    "XBoard write them; clocks are in seconds unless `setoption usemillisec\n"
    "true`. A position with no allowed move is answered `nobestmove`.\n"
    "\n"
    "Options: usemillisec, hashsize (MB), threads, newgame, gamefile (a game\n"
    "spec file); the other UCCI options (batch, ponder, usebook, ...) are\n"
    "accepted and have no effect.\n"
    "\n"
    "Exit status: 0 after quit or end of input, 1 the starting GAME is invalid,\n"
    "2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_ucci = { "ucci", "play through the UCCI protocol (xiangqi GUIs)", help, run };

static int run(int argc, char **argv) { return engine_session_command(argc, argv, GGN_PROTOCOL_UCCI, "xiangqi"); }
