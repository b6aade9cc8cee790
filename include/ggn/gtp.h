/*
 * ggn/gtp.h — the Go Text Protocol, version 2 (GTP), as an engine speaks it:
 * a session that reads the controller's commands one line at a time and
 * answers through a callback, and the protocol's vertices (`D4`, `pass`).
 * Implemented by the protocol layer (src/protocol/); `ggn gtp` runs it on
 * standard input and output (docs/protocols.md, "GTP").
 *
 * GTP plays placement games on a board of points: Go (games/go9.json,
 * go13.json, go.json, chosen by `boardsize`) and any other game whose moves
 * are stones placed from a hand or a pass, such as Hex. Player 0 of the game
 * is GTP's black, player 1 its white. A vertex is a column letter, then the
 * row counted from 1 (ggn's y = 0, Go's bottom row). On square points the
 * letters are Go's, A to Z without I (so the ninth column is J), written in
 * upper case; on hexagonal cells they are Hex programs' (HexGui, MoHex):
 * every letter, a to y, written in lower case, so a vertex is ggn's own
 * coordinate text. Letters are read in either case. In a game with the swap
 * (pie) rule the swap is "swap-pieces", as MoHex and HexGui write it (ggn's
 * "swap" is read too).
 *
 * The session never prints: every answer goes whole to the caller's write
 * callback, as GTP frames it ("=ID text\n\n" or "?ID message\n\n").
 */
#ifndef GGN_GTP_H
#define GGN_GTP_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/mcts.h"

/* The largest board a vertex can name: 25 columns (A..Z without I), and as many rows. */
#define GGN_GTP_MAX_SIZE 25

/*
 * Writes the vertex of a stone placed on the board (a drop), "pass" or
 * "swap-pieces" into buf (NUL-terminated). Returns its length; 0 (and ""
 * when cap allows) for a move that is none of them, a board wider than
 * GGN_GTP_MAX_SIZE or a short cap.
 */
size_t ggn_gtp_move_format(const ggn_position *pos, ggn_move move, char *buf, size_t cap);

/*
 * The legal move of pos that a vertex names: a stone on that point, the
 * pass for "pass", the swap for "swap-pieces" or "swap" (either case).
 * False with err: GGN_E_SYNTAX for text that
 * is no vertex, GGN_E_RANGE for a point off the board, GGN_E_ILLEGAL for a
 * move the rules do not allow now.
 */
bool ggn_gtp_move_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

/*
 * Where the session gets its games. load returns a new game (the session
 * frees it) for a board of size x size points with `komi` points for white
 * (negative: for black), or NULL with why filled (cap bytes): GTP's
 * "unacceptable size" for boardsize. Called for boardsize, for komi when it
 * changes, and once by ggn_gtp_new with the size and komi given there.
 */
typedef ggn_game *(*ggn_gtp_load)(void *context, int size, double komi, char *why, size_t cap);

/* Receives each answer whole (len bytes, not NUL-terminated). */
typedef void (*ggn_gtp_write)(void *context, const char *text, size_t len);

/*
 * Writes text (len bytes) to the file path for `printsgf FILE`; false with
 * why filled (cap bytes) when it cannot. The session writes no file itself.
 */
typedef bool (*ggn_gtp_save)(void *context, const char *path, const char *text, size_t len, char *why, size_t cap);

typedef struct ggn_gtp_config {
    ggn_gtp_load load;
    ggn_gtp_write write;
    void *context;            /* given to load and write */
    int size;                 /* the board at the start (19 when 0) */
    double komi;              /* komi at the start */
    ggn_player_kind player;   /* the computer player; GGN_PLAYER_DEFAULT: the one the game's spec names,
                                 else alpha-beta (docs/ai.md) */
    long move_ms;             /* time a move when the controller gives no clock (0: 1000) */
    long max_move_ms;         /* > 0: never more than this a move, whatever the clock allows */
    int threads;              /* the player's search threads (0: 1) */
    const char *name;         /* answers to name and version ("ggn", the library's version when NULL) */
    const char *version;
    ggn_gtp_save save;        /* printsgf FILE (NULL: printsgf answers the record only, and refuses a FILE) */
} ggn_gtp_config;

typedef struct ggn_gtp ggn_gtp;

/*
 * A session on the board config->size with config->komi. NULL with err when
 * that game cannot be loaded (err says why) or memory is lacking. The config
 * is copied; its strings and context must outlive the session.
 */
ggn_gtp *ggn_gtp_new(const ggn_gtp_config *config, ggn_error *err);
void ggn_gtp_free(ggn_gtp *s);

/*
 * Handles one line from the controller (its newline may be left on) and
 * writes the answer, if the line is a command (an empty line or a comment
 * has none). Returns false after quit: the session then takes no more.
 * Nothing a controller sends ends it otherwise: bad input gets "? message".
 */
bool ggn_gtp_line(ggn_gtp *s, const char *line);

/* The game and position the session plays now (valid until its next line). */
const ggn_position *ggn_gtp_position(const ggn_gtp *s);

#endif
