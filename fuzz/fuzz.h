/*
 * fuzz.h — what every fuzz target of ggn shares.
 *
 * Each target is one file defining LLVMFuzzerTestOneInput. The same file is
 * linked two ways: with libFuzzer (clang, -fsanitize=fuzzer, `make fuzz`) to
 * search for new inputs, and with replay_main.c (any compiler, every normal
 * build, under CTest) to run the saved corpus and crashers as regressions.
 *
 * FUZZ_CHECK states a property the library promises (a round trip, a count
 * that must agree). A broken promise aborts, which both drivers report as a
 * failure with the message printed first.
 */
#ifndef GGN_FUZZ_H
#define GGN_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                             \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: fuzz property failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                          \
            abort();                                                                 \
        }                                                                            \
    } while (0)

#endif
