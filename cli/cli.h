/*
 * cli.h — what the subcommands of the `ggn` program share.
 *
 * The program is a thin shell over the public API: every subcommand lives in
 * its own cmd_<name>.c, does its argument parsing and printing, and calls the
 * library for everything else. Exit codes are the same everywhere.
 */
#ifndef GGN_CLI_H
#define GGN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "ggn/error.h"
#include "ggn/file.h"
#include "ggn/game.h"
#include "ggn/notation.h"

enum {
    CLI_OK = 0,       /* success */
    CLI_INVALID = 1,  /* the input is invalid (errors printed) */
    CLI_USAGE = 2     /* the command line is wrong */
};

typedef struct cli_command {
    const char *name;     /* as typed: "check" */
    const char *summary;  /* one line for `ggn help` */
    const char *help;     /* full text for `ggn CMD --help` */
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
} cli_command;

/* The table of subcommands (commands.c), ended by NULL. */
extern const cli_command *const cli_commands[];

const cli_command *cli_find_command(const char *name);

/* Prints "ggn CMD: message" and a hint to stderr; returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* True when argv has --help or -h; prints the command's help to stdout. */
bool cli_wants_help(const cli_command *cmd, int argc, char **argv);

/*
 * Option parsing. At argv[*i]: when it is `name` followed by a value, or
 * `name=value`, stores the value, advances *i past it and returns 1; returns 0
 * when argv[*i] is another word; returns -1 (after printing a usage error)
 * when the value is missing.
 */
int cli_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value);

/*
 * --think's TIME, read one way by bestmove, play and selfplay: "500ms",
 * "2s", "1.5s", "1m" or "1min"; a bare number is seconds. The milliseconds
 * go to *ms. False when the text is no such time, or is outside
 * [min_ms, max_ms], or is a part of a millisecond other than 0.
 */
bool cli_parse_think(const char *text, long min_ms, long max_ms, long *ms);

/* Prints every problem of a list as "FILE:LINE:COL: error: message [at /ptr]". */
void cli_print_errors(FILE *out, const ggn_errors *errs);

/* Prints one error the same way (through cli_escape: messages quote input). */
void cli_print_error(FILE *out, const ggn_error *err);

/*
 * Text from outside (a typed line, a field of a file, a message quoting
 * either) made safe to print on a terminal: every control character (C0,
 * DEL, and C1 written in UTF-8) and every byte that does not belong to a
 * UTF-8 sequence becomes "\xNN", so an escape sequence shows as text instead
 * of acting on the terminal. Writes into buf (cut before an escape or a
 * character that would not fit; 4 x strlen(text) + 1 bytes always suffice)
 * and returns buf.
 */
const char *cli_escape(const char *text, char *buf, size_t cap);

/*
 * Reads an argument that may be inline text or "@FILE" (read by
 * ggn_file_read). Returns a malloc'd NUL-terminated copy (caller frees), or
 * NULL with err set.
 */
char *cli_read_arg(const char *arg, ggn_error *err);

/*
 * Ends the output of a command: flushes out and closes it unless it is
 * stdout. When anything written to it failed (ferror, flush or close) prints
 * "NAME: error: cannot write: REASON" to stderr and returns false; the
 * command then exits CLI_INVALID. Call it with errno as the writes left it.
 */
bool cli_close_output(FILE *out, const char *name);

/*
 * Where game names are looked up, in this order (cli_game.c; the same order
 * is written in docs/ggn.1, README.md and `ggn help`):
 *   1. each directory of $GGN_PATH (colon-separated),
 *   2. the installed games, found from the program's own location
 *      (BINDIR/../share/ggn/games for the usual layout), so an install works
 *      under any prefix,
 *   3. the current directory,
 *   4. the source tree's games/, only for the program in its build tree.
 */
typedef struct cli_game_dir {
    char *path;          /* malloc'd */
    const char *origin;  /* why it is searched: "GGN_PATH", "installed games", ... */
    bool listed;         /* false for the current directory, which may hold any JSON */
} cli_game_dir;

/* The search path (malloc'd; *count entries, possibly 0). Free with cli_game_dirs_free. */
cli_game_dir *cli_game_dirs(size_t *count);
void cli_game_dirs_free(cli_game_dir *dirs, size_t count);

/*
 * Resolves a game argument to a spec file: an argument with a '/' or naming
 * an existing file is a path, used as is; otherwise it is a game name, NAME
 * or NAME.json matched case-insensitively in the search path (an exact match
 * first). Returns the file's path (malloc'd), or NULL when the name is found
 * nowhere.
 */
char *cli_resolve_game(const char *name);

/* A game of the search path: its name (the file name without ".json") and its file. */
typedef struct cli_game_file {
    char *name;  /* malloc'd */
    char *path;  /* malloc'd */
} cli_game_file;

/*
 * The games of the listed directories of the search path, each name once with the file a lookup of it finds, sorted by
 * name. Malloc'd; *count entries, NULL when there are none or memory ran
 * out. Free with cli_game_files_free.
 */
cli_game_file *cli_game_files(size_t *count);
void cli_game_files_free(cli_game_file *files, size_t count);

/*
 * Loads a game by path or name (cli_resolve_game); prints its errors, or for
 * an unknown name where it looked and which games there are, and returns NULL
 * on failure.
 */
/*
 * Loads the spec file at path, its problems into errs when errs is not NULL
 * (NULL: they are not kept); NULL when it does not load. Prints nothing: the
 * protocol sessions answer in their own words.
 */
ggn_game *cli_load_game_file(const char *path, ggn_errors *errs);

ggn_game *cli_load_game(const char *name);

/*
 * The usage check of the commands that take --fen and --sfen: both give the
 * start, so at most one may be given. Returns CLI_OK, or CLI_USAGE after
 * printing the usage error.
 */
int cli_check_start(const char *cmd, const char *fen, const char *sfen);

/*
 * A new position of game: the start, or fen or sfen when given (at most one,
 * cli_check_start), then the moves of the list (space- or comma-separated, as
 * players type them) when given. Prints "--fen: error: ..." / "--sfen: error:
 * ..." / "--moves: error: ..." and returns NULL on failure.
 */
ggn_position *cli_open_position(const ggn_game *game, const char *fen, const char *sfen, const char *moves);

/* How a command writes moves: ggn_move_format (coordinates) or ggn_move_format_usi (--usi). */
typedef size_t (*cli_move_writer)(const ggn_position *pos, ggn_move move, char *buf, size_t cap);

/*
 * The writer for a command's --usi flag (usi) on game. NULL, after printing
 * the usage error, when --usi is asked for a game without USI
 * (ggn_game_has_usi); the caller exits with CLI_USAGE.
 */
cli_move_writer cli_move_writer_for(const char *cmd, const ggn_game *game, bool usi);

/* Plays a space- or comma-separated list of moves; prints the first bad one and returns false. */
bool cli_play_moves(ggn_position *pos, const char *list);

/* A monotonic clock in seconds, for timings printed to stderr. */
double cli_seconds(void);

#endif
