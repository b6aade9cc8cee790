/* cmd_uci.c — `ggn uci [GAME]`: speak UCI on standard input and output (ggn/protocol.h, docs/protocols.md). */
#include "cli.h"
#include "engine_session.h"

static const char help[] =
    "Usage: ggn uci [GAME]\n"
    "\n"
    "Speaks the Universal Chess Interface on standard input and output, as\n"
    "Fairy-Stockfish does, so chess GUIs and match runners can play ggn in any\n"
    "two-player game with FEN. GAME (default chess) is the game at the start;\n"
    "the GUI may change it with the UCI_Variant option (a shipped game's name)\n"
    "or the GameFile option (any game spec file).\n"
    "\n"
    "Commands: uci, isready, setoption, ucinewgame, position startpos|fen ...\n"
    "[moves ...], go [wtime|btime|winc|binc|movestogo|movetime|depth|nodes N]\n"
    "[infinite] [searchmoves M...], stop, ponderhit, quit; also `go perft N` and\n"
    "`d` (the FEN), as Fairy-Stockfish has them. Moves are written as ggn writes\n"
    "coordinates (e2e4, e7e8q, P@e4, shogi promotions h2b8+). Errors are\n"
    "answered with an `info string error: ...` line; nothing ends the session but\n"
    "quit or the end of input. docs/protocols.md shows a whole exchange.\n"
    "\n"
    "Options (setoption name NAME value VALUE): UCI_Variant, GameFile, Hash\n"
    "(MB), Clear Hash, Threads (1 to 64), Move Overhead (ms kept back per move),\n"
    "Player (alphabeta, mcts, or default: the player the game's spec names).\n"
    "\n"
    "A session (what the GUI sends after >):\n"
    "  > uci\n"
    "  ... id, option lines ...\n"
    "  uciok\n"
    "  > position startpos moves e2e4\n"
    "  > go depth 2\n"
    "  info depth 1 score cp -27 nodes 24 nps 0 time 0 pv e7e5\n"
    "  info depth 2 score cp -3 nodes 115 nps 0 time 0 pv e7e5\n"
    "  bestmove e7e5\n"
    "\n"
    "Exit status: 0 after quit or end of input, 1 the starting GAME is invalid,\n"
    "2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_uci = { "uci", "play through the UCI protocol (GUIs, match runners)", help, run };

static int run(int argc, char **argv) { return engine_session_command(argc, argv, GGN_PROTOCOL_UCI, "chess"); }
