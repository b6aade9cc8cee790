/*
 * proc_util.h — running the `ggn` program from tests: through pipes (the
 * whole input at once, output collected) or through a pseudo-terminal
 * (expect-style: send a line, wait for a text). Every wait is bounded.
 */
#ifndef GGN_TEST_PROC_UTIL_H
#define GGN_TEST_PROC_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The result of proc_run. */
typedef struct proc_result {
    int status;     /* exit status, or -1 when the program was killed (timeout) or did not start */
    char *out;      /* standard output (malloc'd, NUL-terminated) */
    char *err;      /* standard error (malloc'd, NUL-terminated) */
} proc_result;

/*
 * Runs argv (argv[0] is the program path) with input on standard input and
 * env ("NAME=VALUE" strings, NULL-terminated; may be NULL) added to the
 * environment; kills it after timeout_ms. Free the result with proc_free.
 */
proc_result proc_run(const char *const *argv, const char *input, const char *const *env, int timeout_ms);
void proc_free(proc_result *r);

/* The last non-empty line of text, copied into buf. */
const char *proc_last_line(const char *text, char *buf, size_t cap);

/* A program running on a pseudo-terminal. */
typedef struct pty_proc {
    pid_t pid;
    int fd;             /* the master side */
    char *raw;          /* everything read so far, as written (escape codes included) */
    size_t len, cap;
    size_t mark;        /* proc_expect searches the plain text from here */
} pty_proc;

/* Starts argv on a new pseudo-terminal (80x40, TERM=xterm-256color, plus env). False when it cannot. */
bool pty_start(pty_proc *p, const char *const *argv, const char *const *env);
/* Writes line and a carriage return, as typed. */
void pty_send(pty_proc *p, const char *line);
/*
 * Waits until text appears in the output after the mark, escape codes
 * removed; then moves the mark past it. False after timeout_ms.
 */
bool pty_expect(pty_proc *p, const char *text, int timeout_ms);
/* The output read so far with escape codes removed (malloc'd). */
char *pty_plain(const pty_proc *p);
/* Waits for the program to end (killing it after timeout_ms); returns its exit status or -1. */
int pty_finish(pty_proc *p, int timeout_ms);
/* Releases what pty_start allocated (after pty_finish). */
void pty_free(pty_proc *p);

#endif
