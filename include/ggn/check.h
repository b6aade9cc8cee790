/*
 * ggn/check.h — validating any file ggn reads, whatever it is.
 *
 * `ggn check` and programs that accept both kinds of input use this: it
 * tells a game spec from a GGN move library and runs the matching loader
 * with full validation.
 */
#ifndef GGN_CHECK_H
#define GGN_CHECK_H

#include "ggn/error.h"

typedef enum ggn_file_kind {
    GGN_FILE_UNKNOWN = 0,   /* unreadable or not JSON: see the errors */
    GGN_FILE_GGN,           /* a GGN move library (any spelling) */
    GGN_FILE_GAME_SPEC      /* a game spec */
} ggn_file_kind;

/*
 * Validates the file at path and appends every problem (errors and
 * warnings) to errs. A JSON object with any of the top-level keys "board",
 * "players", "turns" or "pieces" is a game spec (compiled as well, so the
 * engine's limits are checked too); any other JSON object is a GGN document.
 * Returns the kind; the file is valid when errs->errors is 0.
 * Thread safety: reentrant.
 */
ggn_file_kind ggn_check_file(const char *path, ggn_errors *errs);

#endif
