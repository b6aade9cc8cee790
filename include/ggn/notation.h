/*
 * ggn/notation.h — positions and moves as text: FEN (as Fairy-Stockfish
 * writes it, any board size), SFEN and USI (shogi programs), and ggn's
 * coordinate move text. Implemented by the notation layer (src/notation/)
 * on top of the engine's positions (ggn/game.h).
 */
#ifndef GGN_NOTATION_H
#define GGN_NOTATION_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/game.h"

/* ---- which notations a game has ------------------------------------------ */

/* True when every kind has a symbol and the game has two players (FEN works). */
bool ggn_game_has_fen(const ggn_game *game);

/*
 * True when moves of the game can be written in USI (ggn_move_format_usi):
 * ggn_game_has_fen holds and the board has at most 9 columns and 26 rows.
 */
bool ggn_game_has_usi(const ggn_game *game);

/* ---- positions ------------------------------------------------------------ */

/*
 * Sets the position from FEN (as Fairy-Stockfish writes it, any board size):
 * placement, side to move, castling rights (which become the unmoved state of
 * the leader and its castling partners), en-passant square (which becomes
 * the state flag on the piece that just made the flagged move), half-move
 * clock and full-move number (the last three fields optional). Requires
 * ggn_game_has_fen. On error the position is unchanged.
 */
bool ggn_position_set_fen(ggn_position *pos, const char *fen, ggn_error *err);
/* Writes FEN; returns its length, or 0 when the game has no FEN or cap is too small. */
size_t ggn_position_fen(const ggn_position *pos, char *buf, size_t cap);

/*
 * Sets the position from SFEN, the USI protocol's position text (shogi):
 * board, side to move ("b" is the first player, upper case; "w" the second),
 * hands ("-" when empty, else "S2Pb3p": a count before a piece when above
 * one, in any order) and move count (plies from 1: ply = count - 1), all four
 * required. A promoted kind is "+X" whatever its symbol. Every piece is
 * unmoved exactly when it stands on a starting square of its kind; no flag is
 * set. Requires ggn_game_has_fen; a game without hands takes only "-". On
 * error the position is unchanged.
 */
bool ggn_position_set_sfen(ggn_position *pos, const char *sfen, ggn_error *err);
/*
 * Writes SFEN, hands in USI's order (R B G S N L P, then the game's other
 * kinds in its own order; the first player's first); returns its length, or 0
 * when the game has no FEN or cap is too small.
 */
size_t ggn_position_sfen(const ggn_position *pos, char *buf, size_t cap);

/* ---- moves ---------------------------------------------------------------- */

/*
 * Coordinate text of a move: source and destination CELL labels, then the
 * promotion: the lower-case symbol ("e7e8q"), or "=CODE" when the kind has
 * no symbol. Returns the length; 0 (and "" when cap allows) if cap is too
 * small or the move does not fit the position (as ggn_position_make checks).
 */
size_t ggn_move_format(const ggn_position *pos, ggn_move move, char *buf, size_t cap);

/*
 * The move in USI, as shogi programs write it: source and destination
 * squares, each the file number counted from the right edge as the first
 * player sees the board (1 .. columns: file = columns - x) and the rank
 * letter counted from the top ('a' = the last row), so shogi's "7g7f" is
 * "c3c4"; then "+" when the move promotes to a kind whose symbol is "+X", the
 * lower-case symbol when it promotes to another kind, nothing when it does
 * not promote or declines to. A drop is the kind as SFEN writes it, upper
 * case whoever drops ("P", "+P" for a promoted kind), '*' and the square:
 * "P*5e". Returns the length; 0 (and "") when the game has no USI
 * (ggn_game_has_usi), cap is too small or the move does not fit the position.
 */
size_t ggn_move_format_usi(const ggn_position *pos, ggn_move move, char *buf, size_t cap);

/*
 * Finds the legal move written as text: "e2e4", "e2-e4", "e2 e4", "e7e8q",
 * "e7e8=QUEEN", or the seed CLI's "[4,1] [4,3]". A promotion move written
 * without its option is reported as GGN_E_STATE (ambiguous) unless only one
 * option exists. Returns false with err set when no legal move matches.
 *
 * Text that starts with a digit or has a '*' is USI, exactly as
 * ggn_move_format_usi writes it ("7g7f", "8h2b+", "P*5e"; spaces around it
 * are ignored), and strict: without a mark it is the move that does not
 * promote, and when the piece must promote that is an error, not the
 * promotion. USI text in a game without USI is an error (GGN_E_STATE).
 */
bool ggn_move_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

#endif
