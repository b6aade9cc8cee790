/*
 * fuzz_xboard.c — the `ggn xboard` command loop (cli/xboard_session.c).
 *
 * The input is the GUI's side of a session, fed through an in-memory stream;
 * every search is capped at a few milliseconds so an input's `go` or
 * `usermove` cannot run long. The session must end (no hang, no crash, no
 * leak) and everything it wrote must be lines free of control bytes: the
 * GUI's nonsense is quoted through cli_escape, never echoed raw.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "fuzz.h"
#include "xboard.h"

/* cli_util.c (linked for cli_resolve_game) looks subcommands up here; the session needs none. */
const cli_command *const cli_commands[] = { NULL };

#define FUZZ_XBOARD_THINK_MS 5      /* every search's cap */
#define FUZZ_XBOARD_MAX_INPUT 4096  /* longer inputs add nothing but more of the same commands */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > FUZZ_XBOARD_MAX_INPUT) return 0;
    FILE *in = fmemopen((void *)(uintptr_t)data, size, "r");
    if (!in) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        fclose(in);
        return 0;
    }
    xboard_session_run(in, out, NULL, 0, FUZZ_XBOARD_THINK_MS);
    fclose(in);
    fclose(out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        FUZZ_CHECK((c >= 0x20 && c != 0x7f) || c == '\n');
    }
    FUZZ_CHECK(len == 0 || text[len - 1] == '\n');
    free(text);
    return 0;
}
