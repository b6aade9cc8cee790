/*
 * fuzz_uci.c — the UCI, USI and UCCI sessions of the library
 * (src/protocol/uci.c) that `ggn uci`, `ggn usi` and `ggn ucci` run.
 *
 * The input is the GUI's side of a session, fed a line at a time;
 * its first byte picks the dialect (odd: USI; else bit 1: UCCI; else UCI). Every search is capped at a
 * few milliseconds, perft at depth 2 and the hash at its default size, so no
 * input can run long. The session must end (no hang, no crash, no leak, the
 * search thread joined) and everything it wrote must be lines free of
 * control bytes; and every `isready` line read before anything that could
 * be a `quit` must be answered `readyok`, so that a line the reader loses
 * (a NUL byte followed by a second line, issue 41) is a finding.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_session.h"

#define FUZZ_UCI_THINK_MS 5      /* every search's cap */
#define FUZZ_UCI_MAX_INPUT 4096  /* longer inputs add nothing but more of the same commands */

/*
 * The `isready` lines of the input the session must answer: lines of no NUL
 * byte whose first word is isready, counted up to the first line holding
 * "quit" anywhere (where the session may stop, however it reads that line).
 * Lines are at most FUZZ_UCI_MAX_INPUT bytes, far below the session's
 * 64 KiB limit, so none is skipped as too long.
 */
static size_t isready_lines(const uint8_t *text, size_t len)
{
    size_t count = 0;
    for (size_t start = 0; start < len;) {
        const uint8_t *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        const uint8_t *line = text + start;
        size_t n = end - start;
        bool nul = memchr(line, '\0', n) != NULL;
        for (size_t i = 0; i + 4 <= n; i++)
            if (memcmp(line + i, "quit", 4) == 0) return count;
        size_t i = 0;
        while (i < n && (line[i] == ' ' || line[i] == '\t')) i++;
        size_t w = i;
        while (w < n && line[w] != ' ' && line[w] != '\t' && line[w] != '\r') w++;
        size_t rest = w;
        while (rest < n && (line[rest] == ' ' || line[rest] == '\t' || line[rest] == '\r')) rest++;
        bool word_alone = w == n || line[w] == ' ' || line[w] == '\t' || rest == n;
        if (!nul && word_alone && w - i == 7 && memcmp(line + i, "isready", 7) == 0) count++;
        start = end + 1;
    }
    return count;
}

static size_t output_lines(const char *text, size_t len, const char *want)
{
    size_t count = 0, n = strlen(want);
    for (size_t start = 0; start < len;) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        if (end - start == n && memcmp(text + start, want, n) == 0) count++;
        start = end + 1;
    }
    return count;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2 || size > FUZZ_UCI_MAX_INPUT) return 0;
    ggn_protocol protocol = data[0] & 1 ? GGN_PROTOCOL_USI : data[0] & 2 ? GGN_PROTOCOL_UCCI : GGN_PROTOCOL_UCI;
    ggn_session_config config = { .protocol = protocol,
                                  .think_cap_ms = FUZZ_UCI_THINK_MS };
    char *text;
    size_t len;
    fuzz_session_run(&config, data + 1, size - 1, &text, &len);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        FUZZ_CHECK((c >= 0x20 && c != 0x7f) || c == '\n' || c >= 0x80);
    }
    FUZZ_CHECK(len == 0 || text[len - 1] == '\n');
    size_t asked = isready_lines(data + 1, size - 1), answered = output_lines(text, len, "readyok");
    if (answered < asked) fprintf(stderr, "%zu isready lines, %zu readyok\n", asked, answered);
    FUZZ_CHECK(answered >= asked);
    free(text);
    return 0;
}
