/*
 * ggn/sgf.h — game records in the Smart Game Format (SGF, FF[4]), as Go
 * programs keep them: one game tree, its root's game information, setup
 * stones and a main line of moves `;B[dd]` / `;W[]` (a pass). Implemented
 * by the notation layer (src/notation/sgf.c) for placement games on a board
 * of at most 52 x 52 points (Go, and any game whose moves are stones placed
 * from a hand or a pass).
 *
 * A point is two letters, the column then the row, each 'a'..'z' then
 * 'A'..'Z', counted from the TOP-left corner: on 9x9 ggn's a9 (x 0, y 8) is
 * SGF's "aa" and a1 is "ai". Player 0 of the game is SGF's black (B), player
 * 1 its white (W).
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
 * undo stack) as SGF: FF[4], GM[1], CA[UTF-8], AP[ggn], SZ, KM (in a game with
 * area scoring: white's komi less black's), the info's fields, AB/AW/PL when
 * the start holds stones or is not black's turn, then one node per move.
 * A malloc'd string (free it), or NULL with err: GGN_E_CONVERSION for a game
 * SGF cannot write (not two players, a move that is no placement or pass, a
 * board wider than 52), GGN_E_NOMEM.
 */
char *ggn_sgf_write(const ggn_position *pos, const ggn_sgf_info *info, ggn_error *err);

/* What ggn_sgf_read found in the root (empty strings and has_komi false for what it did not hold). */
typedef struct ggn_sgf_record {
    char black[128], white[128], result[64], rules[64], date[64], event[128];
    bool has_komi;
    double komi;                 /* KM */
    int setup;                   /* stones the root set up (AB, AW) */
    int moves;                   /* moves of the main line made on the position */
    size_t end;                  /* the offset just past the game tree read: the next tree of a collection
                                    (several games in one file) starts after it */
} ggn_sgf_record;

/*
 * Reads the first game tree of an SGF text and plays it on pos, which must
 * be at its game's start: the root's AB/AW stones and PL set up the board
 * (through FEN: the game must have one), then every B and W move of the main
 * line (the first variation at each branch) is made. A colour that moves
 * twice running has the other's pass between, as in a handicap record; B[]
 * and, on boards of at most 19x19, B[tt] are passes. Properties ggn does not
 * use (comments, markup, times) are skipped. name is the text's file name
 * for messages. False, with err at the line and column and pos back at its
 * start, when the text is no SGF, its SZ is not the game's board, GM is
 * not 1 (Go), or a move is not legal.
 */
bool ggn_sgf_read(ggn_position *pos, const char *text, size_t len, const char *name, ggn_sgf_record *rec,
                  ggn_error *err);

#endif
