/*
 * ggn/file.h — reading an input file whole, the one way ggn does it.
 *
 * Only a regular file is read: the path is opened without blocking and
 * looked at before anything is read, because opening a FIFO for reading
 * waits for a writer and a device never ends. Its size is then known and
 * bounded by GGN_MAX_FILE_BYTES. The library's loaders and the command-line
 * program both read through this function.
 */
#ifndef GGN_FILE_H
#define GGN_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"

/*
 * The bytes of the file at path, NUL-terminated, to free(); their count in
 * *len when len is not NULL. NULL on failure with err set: GGN_E_IO (cannot
 * open, not a regular file — the message says what it is —, read error),
 * GGN_E_LIMIT (larger than GGN_MAX_FILE_BYTES) or GGN_E_NOMEM. The message
 * does not name the path; err->file is left to the caller.
 */
char *ggn_file_read(const char *path, size_t *len, ggn_error *err);

/*
 * Games by name. A game is a spec file NAME.json; its name is that file's
 * name. Every program that looks games up (the `ggn` program, its protocol
 * sessions and match arbiter, the Python package) does it through these,
 * each with its own list of directories (docs/ggn.1 and docs/python.md say
 * which).
 */

/* True when name ends in ".json" (any case) after at least one character. */
bool ggn_file_name_is_json(const char *name);

/*
 * The game name of a spec file's path: its last component without a final
 * ".json" (any case), as written ("games/Shogi.json" is "Shogi"). Written
 * into buf (cut to cap - 1 bytes); returns the whole name's length.
 */
size_t ggn_game_name_of_path(const char *path, char *buf, size_t cap);

/*
 * The spec file of a game given by name or path. A name with a '/', or
 * naming an existing regular file, is a path and is answered as it is.
 * Otherwise NAME.json (NAME itself when it ends in ".json") is looked for in
 * dirs[0..ndirs) in order (NULL entries skipped), in each the exact spelling
 * first, then the least (strcmp) of the spellings equal ignoring case, so
 * the answer never depends on the order a directory lists its files. The
 * path is written into buf (cut to cap - 1 bytes) and its whole length
 * returned, as snprintf does: a caller whose buffer was short calls again
 * with a larger one. 0 with err set when it is found nowhere
 * (GGN_E_NOT_FOUND) or memory ran out (GGN_E_NOMEM).
 */
size_t ggn_game_file_find(const char *name, const char *const *dirs, size_t ndirs, char *buf, size_t cap,
                          ggn_error *err);

#endif
