/*
 * notation.h — what the text notations share (internal): FEN (fen.c) and
 * SFEN (sfen.c) for positions, coordinate text (movetext.c), USI (usi.c)
 * and SAN (san.c) for moves; PGN (pgn.c) for game records.
 *
 * Both notations write the board the same way: ranks from the last row down
 * to the first, files from the first column, runs of empty squares as
 * numbers, '*' for a disabled square, the first player's pieces in upper
 * case. They differ in how a promoted piece is marked: FEN writes a kind's
 * symbol as the spec gives it ("Q~" or "+P") and reads "X~" loosely (as the
 * plain kind when there is no promoted one); SFEN marks every promoted kind
 * "+X" and reads only that, strictly.
 */
#ifndef GGN_NOTATION_INTERNAL_H
#define GGN_NOTATION_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/engine.h"
#include "ggn/notation.h"

typedef enum eg_notation { EG_NOTATION_FEN, EG_NOTATION_SFEN } eg_notation;

/* A piece as text: at most a mark, a letter and a mark ("+P", "Q~"), and the NUL. */
#define EG_PIECE_TEXT 4

/* "FEN" or "SFEN": the word every error message of the notation starts with. */
const char *eg_notation_name(eg_notation notation);

/* The kind written c (promoted: its promoted form, else the plain kind), or EG_NONE. */
int eg_kind_of_symbol(const ggn_game *g, char c, bool promoted);

/* Fills err as GGN_E_VALUE with the formatted message; returns false. */
bool eg_fail(ggn_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * Reads the piece written at s[*i] (its mark included) and returns its kind,
 * or EG_NONE; *i is left on the letter, whose case says the owner. The piece
 * as written goes to shown, for messages.
 */
int eg_read_piece(const ggn_game *g, const char *s, size_t len, size_t *i, eg_notation notation,
                  char shown[EG_PIECE_TEXT]);

/* Writes a kind of owner as the notation writes it: "P", "p", "Q~", "+P". */
void eg_piece_text(const ggn_game *g, int kind, int owner, eg_notation notation, char out[EG_PIECE_TEXT]);

/*
 * The checks both notations make before reading: the game can be written
 * this way (two players, every piece with a symbol) and the text is within
 * GGN_MAX_FEN_BYTES. Fills err and returns false otherwise.
 */
bool eg_notation_admits(const ggn_game *g, eg_notation notation, const char *text, ggn_error *err);

/*
 * A cleared position of g to read into, so that an error leaves the caller's
 * position as it was (the caller copies it over and frees it); NULL with err
 * filled when memory runs out.
 */
ggn_position *eg_notation_scratch(const ggn_game *g, ggn_error *err);

/*
 * Places the pieces of the board field s[0..len) on a cleared position
 * (eg_clear). A piece is unmoved exactly when it stands on one of its kind's
 * starting squares. Errors name the notation and what is wrong.
 */
bool eg_parse_board(ggn_position *pos, const char *s, size_t len, eg_notation notation, ggn_error *err);

/* Gives the move to `player`: the first entry of the turn order that is theirs. */
void eg_set_player_to_move(ggn_position *pos, int player);

/*
 * Appends s to buf, which holds n characters; returns the new length. Past
 * cap nothing more is written but the length still grows, so the caller
 * sees that the text did not fit (the result is >= cap).
 */
size_t eg_put(char *buf, size_t cap, size_t n, const char *s);

/* Appends the board field of pos (eg_put's contract). */
size_t eg_write_board(const ggn_position *pos, eg_notation notation, char *buf, size_t cap, size_t n);

/* ---- moves (movetext.c, usi.c) ---- */

/* Room for a promotion mark: "+", a letter, or "=CODE" (a kind without a symbol), and the NUL. */
#define EG_PROMOTION_TEXT (GGN_MAX_STRING_BYTES + 2)

/*
 * The squares and the kind a board move's coordinate text names: its own
 * squares and the kind promoted to, but for gating (docs/game-spec.md) the
 * gated kind, and for a piece gated where a castling partner stood the
 * partner's square then the castler's ("h1e1e"). ggn_move_format and the
 * action ids (src/api/action.c) both read them, so the two agree.
 */
void eg_move_text_squares(const ggn_position *pos, ggn_move mv, int *from, int *to);
int eg_move_suffix_kind(const ggn_position *pos, ggn_move mv);

/*
 * The mark after the squares of a move turning a piece of kind mover into
 * kind, the same in coordinate text and USI: "" for EG_NONE, "-" for a
 * "+X" kind becoming the plain "X" (eg_is_demotion), "+" for a kind whose
 * symbol is "+X", the symbol in lower case ("q"), or "=CODE" without a
 * symbol. mover may be EG_NONE (unknown: no "-").
 */
void eg_promotion_text(const ggn_game *g, int mover, int kind, char *buf, size_t cap);

/* True when mover's symbol is "+X" and kind's the plain "X": Fairy-Stockfish writes that change "-". */
bool eg_is_demotion(const ggn_game *g, int mover, int kind);

/* eg_promotion_text for the move mv of pos (which fits pos). */
void eg_move_mark(const ggn_position *pos, ggn_move mv, char *buf, size_t cap);

/* The start of a drop's text, its placed kind and '@': "P@", "+P@", or "CODE@" without a symbol. */
void eg_drop_text(const ggn_game *g, int kind, char *buf, size_t cap);

/* True when text is written in USI (it starts with a digit, or has a '*'): ggn_move_parse hands it to usi.c. */
bool eg_is_usi_text(const char *text);

/* ggn_move_parse for USI text (eg_is_usi_text), in any game: it fails where USI is not defined. */
bool eg_usi_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

/* ---- SAN (san.c) ---- */

/* True when text is castling as SAN writes or people type it: O-O, O-O-O, 0-0, 0-0-0. */
bool eg_is_castling_text(const char *text);

/*
 * ggn_move_parse for SAN: the legal move whose SAN (ggn_move_format_san) is
 * text, check marks optional, or failing that the one move text names
 * leniently (docs/pgn.md). Errors: GGN_E_VALUE for text that names no move
 * or several, GGN_E_STATE for a promotion without its piece, GGN_E_ILLEGAL
 * for a well-formed move that is not legal.
 */
bool eg_san_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

#endif
