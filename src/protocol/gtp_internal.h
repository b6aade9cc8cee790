/*
 * gtp_internal.h — what the GTP session's files share inside the protocol
 * layer (src/protocol/): reading a vertex, and the time a move may take.
 */
#ifndef GGN_PROTOCOL_GTP_INTERNAL_H
#define GGN_PROTOCOL_GTP_INTERNAL_H

#include <stdbool.h>

#include "ggn/game.h"

/*
 * Reads a vertex's text: "pass" (any case) sets *pass; a column letter
 * (A..Z without I, or with hex every letter a..y; any case) and a row from 1
 * set *x and *y (from 0; y = 0 is row 1), which may lie off the board.
 * False for other text.
 */
bool gtp_vertex_read(const char *text, bool hex, int *x, int *y, bool *pass);

/* The letter of column x on the game's board: Go's (no I, upper case) on square points, Hex's on hexagons. */
char gtp_column_letter(const ggn_game *game, int x);

/* The controller's clock for one colour (time_settings, time_left). */
typedef struct gtp_clock {
    long main_ms;         /* time_settings: main time, byo-yomi time and stones (0 stones: no byo-yomi) */
    long byo_ms;
    int byo_stones;
    bool set;             /* time_settings was given */
    long left_ms[2];      /* time_left for black and white, in ms */
    int left_stones[2];   /* 0: main time; > 0: stones left to play in this byo-yomi period */
    bool left_known[2];
} gtp_clock;

/*
 * The time the colour's next move may take: from time_left when known, else
 * from time_settings, else default_ms. empty_points estimates the moves
 * still to come in main time. Always at least 10 ms.
 */
long gtp_clock_budget(const gtp_clock *c, int colour, int empty_points, long default_ms);

/* time_settings: both colours start with the main time (until a time_left says otherwise). */
void gtp_clock_settings(gtp_clock *c, long main_ms, long byo_ms, int byo_stones);

/*
 * The colour's move took ms: its own count of what is left goes down, into
 * byo-yomi when the main time is spent and to a new period when one ends,
 * so that a controller that never sends time_left is still followed.
 */
void gtp_clock_spent(gtp_clock *c, int colour, long ms);

#endif
