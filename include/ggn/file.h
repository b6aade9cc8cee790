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

#endif
