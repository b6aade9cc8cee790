/*
 * ggn/limits.h — every explicit limit of ggn, in one place.
 *
 * Going past a limit is always a reported error (GGN_E_LIMIT, naming the
 * limit), never undefined behaviour. Raising a limit is a recompile; the
 * values are chosen so that the compiled tables stay small for every game in
 * the variant literature while still refusing hostile input early.
 */
#ifndef GGN_LIMITS_H
#define GGN_LIMITS_H

/* Input files. */
#define GGN_MAX_FILE_BYTES      (64L * 1024 * 1024) /* largest JSON file read */
#define GGN_MAX_JSON_DEPTH      64          /* nesting depth of a JSON document */
#define GGN_MAX_STRING_BYTES    255         /* longest name, code or label */
#define GGN_MAX_ERRORS          64          /* problems kept per load; more are counted */

/* Identifiers and locations. */
#define GGN_MAX_GAME_ID         32          /* letters in a GAN game id */
#define GGN_MAX_CELL_DIMS       3           /* dimensions of a CELL coordinate */
#define GGN_MAX_CELL_INDEX      255         /* largest index on any CELL axis */
#define GGN_MAX_LABEL           16          /* bytes of a CELL label, with NUL */
#define GGN_MAX_ID              48          /* bytes of a GAN/QPI id, with NUL */

/* GGN documents. */
#define GGN_MAX_GGN_SQUARES     4096        /* distinct squares named in one document */
#define GGN_MAX_GGN_PIECES      1024        /* distinct piece ids in one document */
#define GGN_MAX_HAND_PIECES     1024        /* pieces in both hands of one GGN board state */

/* Game specs. */
#define GGN_MAX_BOARD_SIDE      32          /* columns or rows of a board */
#define GGN_MAX_SQUARES         (GGN_MAX_BOARD_SIDE * GGN_MAX_BOARD_SIDE)
#define GGN_MAX_PLAYERS         8
#define GGN_MAX_TURNS           64          /* entries in turns.order */
#define GGN_MAX_KINDS           64          /* piece kinds in one game */
#define GGN_MAX_MOVES_PER_KIND  64          /* move definitions of one piece kind */
#define GGN_MAX_ACTIONS         8           /* actions of one move */
#define GGN_MAX_CONDITIONS      16          /* conditions of one list */
#define GGN_MAX_SIDE_EFFECTS    8           /* side effects of one list */
#define GGN_MAX_OPTIONS         16          /* options of one TRANSFORM */
#define GGN_MAX_NAMED_CONDITIONS 32         /* global named conditions */
#define GGN_MAX_FLAGS           8           /* distinct SET_STATE flag names in one game */
#define GGN_MAX_PIECES_ON_BOARD 255         /* pieces placed in one position (ids fit a byte) */
#define GGN_MAX_CHAIN_CAPTURES  32          /* pieces one chain capture takes (extension "chain"); also
                                               the pieces of one player in a game with chains */
#define GGN_MAX_CONVERT_OFFSETS 24          /* neighbours or directions of one "converts" or "custodial" (extension) */
#define GGN_MAX_TABLE_ENTRIES   (4L * 1024 * 1024) /* players x kinds x moves x squares compiled */
#define GGN_MAX_RAY_ENTRIES     (16L * 1024 * 1024) /* landing squares over all compiled rays */
#define GGN_MAX_RANDOM_START_DRAWS 100000   /* arrangements tried to draw one random_start */
#define GGN_MAX_LINE_DIRECTIONS 16          /* directions of one game_end line rule */

/* Positions and search. */
#define GGN_MAX_MOVES           1024        /* legal moves of one position (buffer size) */
#define GGN_MAX_PLY             1024        /* moves kept for undo in one position */
#define GGN_MAX_EXCHANGE        32          /* captures on one square that eg_exchange plays out */
#define GGN_MAX_PERFT_DEPTH     32
#define GGN_MAX_SEARCH_DEPTH    48          /* plies of full-width search (bestmove and play --depth) */
#define GGN_MAX_SEARCH_THREADS  64          /* threads of one search (ggn_searcher_set_threads, UCI Threads) */
#define GGN_MAX_FEN_BYTES       8192        /* longest FEN read (a full 32x32 board fits) */

/* Game records (PGN). */
#define GGN_MAX_PGN_BYTES       (64L * 1024 * 1024) /* longest PGN text read */
#define GGN_MAX_PGN_TOKEN       GGN_MAX_FEN_BYTES   /* longest tag value, comment-free token or name */
#define GGN_MAX_PGN_TAGS        64          /* tag pairs of one game */
#define GGN_MAX_PGN_DEPTH       64          /* nesting of variations "( ... )" */

/* Self-play (ggn/selfplay.h, ggn selfplay). */
#define GGN_MAX_SELFPLAY_GAMES  1000000     /* games of one run */
#define GGN_MAX_SELFPLAY_PLIES  1000        /* plies of one game (below GGN_MAX_PLY: the undo stack holds it) */
#define GGN_SELFPLAY_NAME_BYTES 64          /* an end's name or a first move kept, its NUL included */

#endif
