/* cmd_usi.c — `ggn usi [GAME]`: the USI protocol of shogi programs, on the library's session
 * (ggn/protocol.h, docs/protocols.md). */
#include "cli.h"
#include "engine_session.h"

static const char help[] =
    "Usage: ggn usi [GAME]\n"
    "\n"
    "Speaks USI, the protocol of shogi GUIs, on standard input and output: the\n"
    "same session as `ggn uci` with shogi's words. GAME (default shogi) is the\n"
    "game at the start; UCI_Variant and GameFile change it to any two-player\n"
    "game with USI notation (FEN symbols, at most 9 files and 26 ranks).\n"
    "\n"
    "Commands: usi, isready, setoption, usinewgame, position startpos|sfen SFEN\n"
    "[moves ...], go [btime|wtime|binc|winc|byoyomi|movetime|depth|nodes N]\n"
    "[infinite], stop, ponderhit, gameover, quit; also `go perft N` and `d`.\n"
    "Moves are USI (7g7f, 8h2b+, P*5e); btime is the first player's (sente's)\n"
    "clock; a lost position is answered `bestmove resign`.\n"
    "\n"
    "Options: UCI_Variant, GameFile, USI_Hash (MB), Clear Hash, Threads (1 to 64),\n"
    "Move Overhead (ms), Player (alphabeta, mcts or default).\n"
    "\n"
    "Exit status: 0 after quit or end of input, 1 the starting GAME is invalid,\n"
    "2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_usi = { "usi", "play through the USI protocol (shogi GUIs)", help, run };

static int run(int argc, char **argv) { return engine_session_command(argc, argv, GGN_PROTOCOL_USI, "shogi"); }
