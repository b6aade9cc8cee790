/*
 * engine_session.h — the engine protocols' commands (`ggn uci`, `usi`,
 * `ucci`, `xboard`) on the library's session (ggn/protocol.h): standard
 * input read a line at a time, each answer written to standard output and
 * flushed at once (a GUI waits for each line).
 */
#ifndef GGN_CLI_ENGINE_SESSION_H
#define GGN_CLI_ENGINE_SESSION_H

#include <stddef.h>
#include <stdio.h>

#include "ggn/protocol.h"

/*
 * Runs protocol until `quit` or the end of input: game is the starting game
 * (UCI, USI, UCCI), spec_files (count of them) the files XBoard is offered
 * besides the shipped games. Returns CLI_OK, or CLI_INVALID when the session
 * cannot start (the reasons on stderr).
 */
int engine_session_run(ggn_protocol protocol, const char *game, const char *const *spec_files, size_t count);

/*
 * A protocol command's run (`ggn uci [GAME]`, `ggn xboard [SPEC...]`): its
 * arguments checked (no options; one GAME at most, default_game when none;
 * XBoard's are spec files), then engine_session_run. Returns the exit status.
 */
int engine_session_command(int argc, char **argv, ggn_protocol protocol, const char *default_game);

typedef enum engine_line_read { LINE_OK, LINE_TOO_LONG, LINE_END } engine_line_read;

/*
 * One line of at most cap - 1 bytes from in into buf, without its newline,
 * read byte by byte rather than with fgets: fgets cannot say how much it
 * read when the line holds a NUL. A NUL ends the line's text (the bytes
 * after it, up to the newline, are dropped), never the line: the next line
 * is the next command. LINE_TOO_LONG has consumed the whole line.
 */
engine_line_read engine_read_line(FILE *in, char *buf, size_t cap);

#endif
