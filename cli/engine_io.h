/*
 * engine_io.h — the line I/O the engine protocols share (`ggn uci`, `ggn usi`,
 * `ggn xboard`): whole lines out under a lock, escaped and flushed at once,
 * and lines in with a bound on their length.
 */
#ifndef GGN_CLI_ENGINE_IO_H
#define GGN_CLI_ENGINE_IO_H

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "ggn/game.h"

/* Where a session writes: one stream, one lock (the search thread writes too). */
typedef struct engine_out {
    FILE *out;
    pthread_mutex_t lock;
} engine_out;

void engine_out_init(engine_out *o, FILE *out);
void engine_out_destroy(engine_out *o);

/*
 * Writes one line (fmt without its newline) and flushes: a GUI waits for each
 * line. The text goes through cli_escape (control bytes and broken UTF-8 come
 * out as \xNN): error lines quote what the GUI sent, and a protocol line never
 * carries raw control bytes.
 */
void engine_vsay(engine_out *o, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;

typedef enum engine_line {
    ENGINE_LINE_OK,        /* buf holds the line, without its newline */
    ENGINE_LINE_TOO_LONG,  /* a line of cap bytes or more was skipped whole; buf holds nothing of it to use */
    ENGINE_LINE_END        /* end of input */
} engine_line;

/*
 * Reads one line of at most cap - 1 bytes into buf. A NUL byte ends the
 * line's text (the bytes after it, up to the newline, are dropped), never
 * the line: the next line is the next command.
 */
engine_line engine_read_line(FILE *in, char *buf, size_t cap);

/* A move of pos in a protocol's text (its session is the context); 0 when it cannot be written. */
typedef size_t (*engine_move_writer)(const void *session, const ggn_position *pos, ggn_move m, char *buf, size_t cap);

/*
 * A line of play from pos (a search's principal variation) as the protocol
 * writes it, the moves separated by spaces, into buf. Each move is made on
 * pos to write the next; pos is given back as it was. The line stops at the
 * first move that cannot be made or written, or that would not fit: the
 * text is always whole moves. Returns its length.
 */
size_t engine_line_text(const void *session, engine_move_writer write_move, ggn_position *pos, const ggn_move *moves,
                        int count, char *buf, size_t cap);

#endif
