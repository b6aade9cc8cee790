/*
 * fuzz_xboard.c — the XBoard session of the library (src/protocol/xboard.c)
 * that `ggn xboard` runs.
 *
 * The input is the GUI's side of a session, fed a line at a time;
 * every search is capped at a few milliseconds so an input's `go` or
 * `usermove` cannot run long. The session must end (no hang, no crash, no
 * leak) and everything it wrote must be lines free of control bytes: the
 * GUI's nonsense is escaped by the session, never echoed raw.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_session.h"

#define FUZZ_XBOARD_THINK_MS 5      /* every search's cap */
#define FUZZ_XBOARD_MAX_INPUT 4096  /* longer inputs add nothing but more of the same commands */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > FUZZ_XBOARD_MAX_INPUT) return 0;
    ggn_session_config config = { .protocol = GGN_PROTOCOL_XBOARD,
                                  .think_cap_ms = FUZZ_XBOARD_THINK_MS };
    char *text;
    size_t len;
    fuzz_session_run(&config, data, size, &text, &len);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        FUZZ_CHECK((c >= 0x20 && c != 0x7f) || c == '\n');
    }
    FUZZ_CHECK(len == 0 || text[len - 1] == '\n');
    free(text);
    return 0;
}
