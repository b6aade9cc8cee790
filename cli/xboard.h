/*
 * xboard.h — `ggn xboard`: the Chess Engine Communication Protocol (version 2)
 * of XBoard and WinBoard, with engine-defined variants, so XBoard can show
 * and play any two-player ggn game with FEN on a board of up to 16x16
 * (docs/protocols.md).
 *
 * The session reads commands on one thread and thinks on another, so that
 * `?` (move now), `force` and `quit` are answered while the engine thinks.
 */
#ifndef GGN_CLI_XBOARD_H
#define GGN_CLI_XBOARD_H

#include <stddef.h>
#include <stdio.h>

/*
 * Runs the protocol on in/out until `quit` or the end of input. The shipped
 * games are offered as variants; spec_files (count of them, may be 0) are
 * game spec files offered too, each under its file name
 * without ".json". Every search ends
 * within think_cap_ms (0: no cap beyond the GUI's limits; the fuzz target's
 * bound). Returns CLI_OK, or CLI_INVALID when a spec file does not load or
 * XBoard cannot show its game (the reason on stderr).
 */
int xboard_session_run(FILE *in, FILE *out, const char *const *spec_files, size_t count, long think_cap_ms);

#endif
