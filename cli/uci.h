/*
 * uci.h — `ggn uci`: the Universal Chess Interface as Fairy-Stockfish speaks
 * it, so GUIs and match runners that drive Fairy-Stockfish can drive ggn in
 * any two-player game with FEN; and `ggn usi`, its shogi sibling (SFEN
 * positions, USI moves), and `ggn ucci`, its xiangqi sibling (UCCI), on the
 * same session (docs/protocols.md).
 *
 * The session reads commands on one thread and searches on another, so that
 * `stop`, `isready` and `quit` are answered while the computer thinks.
 */
#ifndef GGN_CLI_UCI_H
#define GGN_CLI_UCI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ggn/search.h"

/* The two dialects: they differ in words, position text and move text, not in how they work. */
typedef enum uci_dialect {
    UCI_DIALECT_UCI,   /* FEN, coordinate moves; "wtime" is the first player's clock */
    UCI_DIALECT_USI,   /* SFEN, USI moves (7g7f, P*5e); "btime" is the first player's (sente's) clock */
    UCI_DIALECT_UCCI   /* FEN, coordinates with XBoard's ranks (h2e2: from 0 on ten ranks); "time" is the mover's clock */
} uci_dialect;

/* What a `go` command asked for. */
typedef struct uci_go {
    ggn_search_limits limits;   /* depth, nodes, the clocks by player (ms; UCCI: [0] the side to move's,
                                   "time"/"increment", [1] "opptime"/"oppincrement", in the units sent),
                                   byoyomi, movetime, movestogo, infinite; every other field 0 */
    bool ponder;
    const char *searchmoves;    /* the words after "searchmoves" up to the next keyword (NULL: not given) */
    size_t searchmoves_len;     /* their text's length */
} uci_go;

/*
 * Reads the arguments of `go` (the text after the word). Unknown words are
 * skipped, as the protocol asks; a malformed number is reported in *bad
 * (the offending word, NULL when all is well) and that limit left out.
 * go->searchmoves points into args.
 */
void uci_go_parse(const char *args, uci_dialect dialect, uci_go *go, const char **bad);

/*
 * Runs the protocol on in/out until `quit` or end of input; game_arg is the
 * starting game. think_cap_ms > 0 ends every search within that many
 * milliseconds, keeps `go perft` to depth 2 and the hash to the default size
 * (the fuzz target's bounds, so no input can run long or grow large); the
 * commands pass 0.
 */
int uci_session_run(FILE *in, FILE *out, const char *game_arg, uci_dialect dialect, long think_cap_ms);

#endif
