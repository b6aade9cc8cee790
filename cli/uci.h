/*
 * uci.h — `ggn uci`: the Universal Chess Interface as Fairy-Stockfish speaks
 * it, so GUIs and match runners that drive Fairy-Stockfish can drive ggn in
 * any two-player game with FEN (docs/protocols.md).
 *
 * The session reads commands on one thread and searches on another, so that
 * `stop`, `isready` and `quit` are answered while the computer thinks.
 */
#ifndef GGN_CLI_UCI_H
#define GGN_CLI_UCI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* What a `go` command asked for; every field 0 (or false) when not given. */
typedef struct uci_go {
    long wtime, btime, winc, binc;  /* milliseconds */
    int movestogo;
    long movetime;                  /* milliseconds */
    int depth;
    uint64_t nodes;
    bool infinite;
    bool ponder;
} uci_go;

/*
 * Reads the arguments of `go` (the text after the word). Unknown words are
 * skipped, as the protocol asks; a malformed number is reported in *bad
 * (the offending word, NULL when all is well) and that limit left out.
 */
void uci_go_parse(const char *args, uci_go *go, const char **bad);

/*
 * The time budget in milliseconds for the side to move (first = the first
 * player, "white"), from the clock fields of go, or 0 when go sets no time
 * limit. It keeps a safety margin for the GUI's own overhead (overhead_ms)
 * and never spends more than a fraction of the time left, so a game at 1 s
 * + 10 ms increment, or 10 s for 40 moves, is not lost on time.
 */
long uci_time_budget(const uci_go *go, bool first, long overhead_ms);

/* Runs the protocol on in/out until `quit` or end of input; game_arg is the starting game. */
int uci_session_run(FILE *in, FILE *out, const char *game_arg);

#endif
