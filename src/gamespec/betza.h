/*
 * betza.h — Betza's notation for a piece's moves (internal to src/gamespec/).
 *
 * A piece may give its moves as a Betza string ("betza": "fmWfceFifmnD",
 * docs/game-spec.md#betza). sd_betza_compile turns the string into flat
 * move descriptions (sd_bmove), each of which is exactly one move of the
 * long form; the reader (read_betza.c) builds the sd_move structures from
 * them, so the engine sees no difference between the two forms. The writer
 * (write_betza.c) goes the other way: it describes a kind's sd_moves as
 * sd_bmoves, finds a Betza string for them, and keeps it only when that
 * string compiles back to the very same moves.
 */
#ifndef GGN_SPEC_BETZA_H
#define GGN_SPEC_BETZA_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"
#include "ggn/limits.h"
#include "gamespec/spec_def.h"

/* The state flag of en passant: set by an `i` double step, read by `e`. */
#define SD_BETZA_EP_FLAG "EN_PASSANT"

/* One long-form move, as the few shapes Betza compiles to. */
typedef struct sd_bmove {
    int step[2];         /* the offset walked (neutral frame: +y forward, +x right) */
    int range;           /* 1: one leap; n >= 2: "repeat": {"times": n}; 0: "loop": true */
    int hop;             /* 0, or 1: "hop": 1 (p, g, j) */
    bool move;           /* action EMPTY -> MOVE */
    bool capture;        /* action ENEMY -> CAPTURE */
    bool ep;             /* action EMPTY -> MOVE when the piece at (step.x, step.y - 1) carries
                            the en-passant flag, which it captures */
    bool initial;        /* condition FIRST_MOVE */
    bool sets_ep;        /* side effect SET_STATE en passant, duration 1 */
    int nlegs;           /* condition SQUARES_EMPTY over legs[0..nlegs) (none when 0) */
    int legs[GGN_MAX_BOARD_SIDE][2];
} sd_bmove;

/*
 * Why a string was refused: the byte at fault (0-based), what stands there
 * ("unknown modifier 'x'") and, when it needs saying, why it is refused.
 */
typedef struct sd_betza_problem {
    size_t pos;
    ggn_code code;
    char message[64];
    char detail[128];    /* "" when the message says it all */
} sd_betza_problem;

/*
 * Compiles the Betza string s[0..len) for a board of cols x rows (the board
 * bounds only a grasshopper's expansion) into at most cap moves. Returns
 * the number of moves, or -1 with *why filled.
 */
int sd_betza_compile(const char *s, size_t len, int cols, int rows, sd_bmove *out, int cap,
                     sd_betza_problem *why);

/* The moves of atom (a, b), a >= b >= 0, in the order Betza's compiler lists them. */
int sd_betza_atom_moves(int a, int b, int mv[8][2]);
/* The moves (bits of that order) that the direction modifiers `dirs` pick; false when they mean nothing. */
bool sd_betza_pick(const char *dirs, int a, int b, unsigned *mask);

/* Whether two moves are the same long-form move. */
bool sd_bmove_equal(const sd_bmove *a, const sd_bmove *b);

/*
 * Describes a long-form move as an sd_bmove; false (with a reason in why)
 * when it has a part no Betza string compiles to.
 */
bool sd_bmove_describe(const sd_game *g, const sd_move *m, sd_bmove *out, char *why, size_t whycap);

/*
 * Writes kind k's moves as a Betza string into buf. False, with the reason
 * in why, when they cannot be said in Betza (or the string would not fit).
 */
bool sd_betza_write(const sd_game *g, int k, char *buf, size_t cap, char *why, size_t whycap);

/*
 * As sd_betza_write, but a move that promotes is written by where it goes,
 * its promotion left unsaid: the geometry a GUI needs that judges
 * promotions itself (XBoard's `piece` command).
 */
bool sd_betza_write_geometry(const sd_game *g, int k, char *buf, size_t cap, char *why, size_t whycap);

/*
 * As sd_betza_write_geometry, but where a move's conditions (a zone, a named
 * condition, a first move), side effects or hop exceptions cannot be said
 * they are left out, and castling is left to the GUI's king: a piece that
 * has every move of kind k (ggn_game_kind_betza_outline). *wider is set when
 * it has more (something that narrows a move was left out).
 */
bool sd_betza_write_outline(const sd_game *g, int k, char *buf, size_t cap, bool *wider, char *why, size_t whycap);

#endif
