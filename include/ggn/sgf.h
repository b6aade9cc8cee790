/*
 * ggn/sgf.h — game records in the Smart Game Format (SGF, FF[4]), as Go
 * and Hex programs keep them: one game tree, its root's game information,
 * setup stones and a main line of moves `;B[dd]` / `;W[]` (a pass).
 * Implemented by the notation layer (src/notation/sgf.c) for placement games
 * on a board of at most 52 x 52 points (Go, and any game whose moves are
 * stones placed from a hand, a pass, or the swap of the pie rule).
 *
 * On square points the record is Go's (GM[1]): a point is two letters, the
 * column then the row, each 'a'..'z' then 'A'..'Z', counted from the
 * TOP-left corner: on 9x9 ggn's a9 (x 0, y 8) is SGF's "aa" and a1 is "ai".
 * On hexagonal cells it is Hex's (GM[11]) as HexGui and MoHex write it: a
 * point is ggn's own text, the column's letter and the row from 1 ("a1",
 * "k11"; two letters "ak", column then row from a, are read too), and the
 * swap is "swap-pieces". Player 0 of the game is SGF's black (B), player 1
 * its white (W).
 */
#ifndef GGN_SGF_H
#define GGN_SGF_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"
#include "ggn/game.h"

/* The longest SGF text read (bigger files are refused with GGN_E_LIMIT). */
#define GGN_MAX_SGF_BYTES (4u << 20)

/* The root's game information written by ggn_sgf_write; a NULL field is left out. */
typedef struct ggn_sgf_info {
    const char *black, *white;   /* PB, PW: the players' names */
    const char *result;          /* RE: "B+3.5", "W+R" (resignation), "B+T" (time), "B+F" (forfeit), "0" (draw) */
    const char *rules;           /* RU: "Chinese" */
    const char *date;            /* DT: "2026-11-29" */
    const char *event;           /* EV */
    const char *comment;         /* C on the root: how the game ended, in words */
} ggn_sgf_info;

/*
 * The game that led to pos, from the start of its record (every move on its
 * undo stack) as SGF: FF[4], GM[1] (GM[11] on hexagonal cells), CA[UTF-8],
 * AP[ggn], SZ, KM (in a game with area scoring: white's komi less black's),
 * the info's fields; when that start is not the game's own (set up from
 * FEN: an opening, handicap stones), AB and AW for the stones it adds, AE
 * for those it takes off, and PL[W] when it is not black's turn; then one
 * node per move. A malloc'd string (free it), or NULL with err:
 * GGN_E_CONVERSION for a game SGF cannot write (not two players, a move
 * that is no placement, pass or swap, a board wider than 52, or than 26 on
 * hexagonal cells), GGN_E_NOMEM.
 */
char *ggn_sgf_write(const ggn_position *pos, const ggn_sgf_info *info, ggn_error *err);

/* What ggn_sgf_read found in the root (empty strings and has_komi false for what it did not hold). */
typedef struct ggn_sgf_record {
    char black[128], white[128], result[64], rules[64], date[64], event[128];
    bool has_komi;
    double komi;                 /* KM */
    int setup;                   /* stones set up (AB, AW) on the main line */
    int moves;                   /* moves of the main line made on the position */
    size_t end;                  /* the offset just past the game tree read: the next tree of a collection
                                    (several games in one file) starts after it */
} ggn_sgf_record;

/*
 * Reads the first game tree of an SGF text and plays it on pos, which must
 * be at its game's start. Down the main line (the first variation at each
 * branch), node by node: setup (AB, AW, AE, PL) changes the board (through
 * FEN: the game must have one, and a stone to place; the position's history
 * then starts there), and every B and W move is made. A point is named once
 * a node, and a stone is set (AB, AW) only on an empty point: one taken off
 * with AE first. A colour that moves twice running has the other's pass
 * between, as in a handicap record; B[] and, on Go boards of at most 19x19,
 * B[tt] are passes; B[swap-pieces] (or ggn's B[swap]) is the pie rule's swap.
 * Properties ggn does not use (comments, markup, times) are skipped. name is
 * the text's file name for messages. False, with err at the line and column
 * and pos back at its start, when the text is no SGF, its SZ is not the
 * game's board, GM is not the board's game (1 Go on square points, 11 Hex on
 * hexagons), a setup point is off the board, occupied or named twice, or a
 * move is not legal.
 */
bool ggn_sgf_read(ggn_position *pos, const char *text, size_t len, const char *name, ggn_sgf_record *rec,
                  ggn_error *err);

/*
 * ggn_sgf_read, stopping at the main line's move max_moves + 1: the setup
 * of the nodes before it is made, nothing after it; a negative max_moves
 * reads the whole line. GTP's `loadsgf FILE N` is max_moves N - 1.
 */
bool ggn_sgf_read_moves(ggn_position *pos, const char *text, size_t len, const char *name, int max_moves,
                        ggn_sgf_record *rec, ggn_error *err);

#endif
