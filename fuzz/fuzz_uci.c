/*
 * fuzz_uci.c — the `ggn uci` / `ggn usi` / `ggn ucci` command loop
 * (cli/uci_session.c).
 *
 * The input is the GUI's side of a session, fed through an in-memory stream;
 * its first byte picks the dialect (odd: USI; else bit 1: UCCI; else UCI). Every search is capped at a
 * few milliseconds, perft at depth 2 and the hash at its default size, so no
 * input can run long. The session must end (no hang, no crash, no leak, the
 * search thread joined) and everything it wrote must be lines free of
 * control bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "fuzz.h"
#include "uci.h"

/* cli_util.c (linked for cli_resolve_game) looks subcommands up here; the session needs none. */
const cli_command *const cli_commands[] = { NULL };

#define FUZZ_UCI_THINK_MS 5      /* every search's cap */
#define FUZZ_UCI_MAX_INPUT 4096  /* longer inputs add nothing but more of the same commands */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > FUZZ_UCI_MAX_INPUT) return 0;
    uci_dialect dialect = data[0] & 1 ? UCI_DIALECT_USI : data[0] & 2 ? UCI_DIALECT_UCCI : UCI_DIALECT_UCI;
    FILE *in = fmemopen((void *)(uintptr_t)(data + 1), size - 1, "r");
    if (!in) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        fclose(in);
        return 0;
    }
    const char *game = dialect == UCI_DIALECT_USI ? "shogi" : dialect == UCI_DIALECT_UCCI ? "xiangqi" : "chess";
    uci_session_run(in, out, game, dialect, FUZZ_UCI_THINK_MS);
    fclose(in);
    fclose(out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        FUZZ_CHECK((c >= 0x20 && c != 0x7f) || c == '\n' || c >= 0x80);
    }
    FUZZ_CHECK(len == 0 || text[len - 1] == '\n');
    free(text);
    return 0;
}
