/*
 * ggn/notation.h — positions and moves as text: FEN (as Fairy-Stockfish
 * writes it, any board size), SFEN and USI (shogi programs), ggn's
 * coordinate move text, SAN, and game records in PGN. Implemented by the notation layer (src/notation/)
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

/*
 * True when the game has chain captures (extension "chain", the draughts):
 * one move takes any number of pieces, and its text names every landing
 * ("c3xe5xg7"). A program that follows a move by its source and destination
 * alone, or removes only so many pieces in one move (XBoard: two), cannot
 * show such a game.
 */
bool ggn_game_has_chains(const ggn_game *game);

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
 * ggn_move_format, but a drop always in its long form ("P@d3"), also in a
 * placement game, where ggn_move_format writes the point alone ("d3"): for
 * protocols whose GUIs read only that form (XBoard).
 */
size_t ggn_move_format_long(const ggn_position *pos, ggn_move move, char *buf, size_t cap);

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
 *
 * Any other text, in a game with FEN, is read as SAN (ggn_move_format_san):
 * "Nf3", "exd5", "O-O" (or "0-0"), "e8=Q", "P@e4", and ggn's classic spelling
 * too ("Bxh8+", "Bxh8=", "+Bh2", "pass"); check marks may be left
 * out, and what names one legal move leniently ("Ng1f3", "exd5" as "ed5",
 * "e8Q") is taken (docs/pgn.md). A SAN text that names several legal moves is
 * GGN_E_VALUE, a promotion without its piece GGN_E_STATE.
 */
bool ggn_move_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

/*
 * The move in Standard Algebraic Notation as PGN and Fairy-Stockfish write
 * it: "Nf3", "exd5", "Nbd2", "e8=Q", "O-O", "O-O-O", "P@e4", shogi's "Pa4",
 * "Bxh8=H" (a promotion), "Bxh8" (one declined) and "Hh2" (the horse),
 * xiangqi's "Hc3", janggi's pass "Ke2", then "+" for check and "#" when no
 * move is left after it. The piece is its kind's "san" letter, else its FEN
 * symbol; the pawn (the kind whose plain symbol is 'P', or whose "san" is
 * "") has none. docs/pgn.md has every rule. The position is used to judge
 * check and left as it was. Returns the length; 0 (and "") when the game has
 * no FEN (ggn_game_has_fen), the move does not fit the position (as
 * ggn_move_format) or cap is too small.
 */
size_t ggn_move_format_san(ggn_position *pos, ggn_move move, char *buf, size_t cap);

/* ---- PGN ------------------------------------------------------------------ */

/* A tag pair: [Name "value"]. */
typedef struct ggn_pgn_tag {
    char *name;
    char *value;
} ggn_pgn_tag;

/* A move of a PGN game as written, and where. */
typedef struct ggn_pgn_move {
    char *text;             /* the SAN token, annotations ("!", "?") included */
    int line, column;       /* 1-based */
} ggn_pgn_move;

/* One game of a PGN file, as read: nothing is checked against a game spec yet. */
typedef struct ggn_pgn_game {
    ggn_pgn_tag *tags;
    size_t ntags;
    ggn_pgn_move *moves;    /* the main line: comments, NAGs, variations and numbers left out */
    size_t nmoves;
    char result[8];         /* the movetext's result: "1-0", "0-1", "1/2-1/2", "*", or "" when missing */
    int line;               /* where the game starts */
} ggn_pgn_game;

typedef struct ggn_pgn {
    ggn_pgn_game *games;
    size_t ngames;
} ggn_pgn;

/*
 * Reads every game of a PGN text: tag pairs, movetext with move numbers,
 * comments ("{...}" and "; ..." to the end of the line), "%" escape lines,
 * NAGs ("$1"), variations ("(...)", nested, skipped) and the result. name is
 * the text's file name for messages. NULL, with err at the line and column,
 * when the text is not PGN or passes a limit (GGN_MAX_PGN_*). Free with
 * ggn_pgn_free.
 */
ggn_pgn *ggn_pgn_parse(const char *text, size_t len, const char *name, ggn_error *err);
void ggn_pgn_free(ggn_pgn *pgn);

/*
 * The games of a PGN text one at a time, as ggn_pgn_parse reads them, so
 * that only the game in hand is kept (a file of a million games needs no
 * more memory than one). The text must outlive the reader. _new: NULL with
 * err when the text passes GGN_MAX_PGN_BYTES or memory runs out. _next:
 * 1 with *game the next game (valid until the next call or _free), 0 at
 * the end of the text, -1 with err (as ggn_pgn_parse gives it) when the
 * text is not PGN there; the games before it were good.
 */
typedef struct ggn_pgn_reader ggn_pgn_reader;
ggn_pgn_reader *ggn_pgn_reader_new(const char *text, size_t len, const char *name, ggn_error *err);
int ggn_pgn_reader_next(ggn_pgn_reader *reader, const ggn_pgn_game **game, ggn_error *err);
void ggn_pgn_reader_free(ggn_pgn_reader *reader);

/* The value of the game's tag `name` (as PGN spells it: "FEN"), or NULL. */
const char *ggn_pgn_tag_value(const ggn_pgn_game *game, const char *name);

/*
 * Plays a game of a PGN (number is its 1-based place, for messages) on
 * `game`: from the FEN tag or the start, every move read by ggn_move_parse
 * (SAN, or any text it takes), and checks the result claim against how the
 * game ended. Returns the position after the last move, its undo stack the
 * game; NULL with err ("game 2, ply 7, move 'Nf6' (line 12:5): ...") on the
 * first illegal move, a wrong result claim, or moves after a leader was
 * taken. Requires ggn_game_has_fen.
 */
ggn_position *ggn_pgn_replay(const ggn_game *game, const ggn_pgn_game *pgn, size_t number, ggn_error *err);

/*
 * The game on pos's undo stack as one PGN game: the Seven Tag Roster
 * (Event, Site, Date, Round, White, Black: "?" unless given in tags), Result
 * (from the game's end when it has ended; else the tag given, else "*"),
 * Variant (the tag given, else the game's name in lower case without spaces
 * and punctuation), SetUp and FEN when the game did not start from the
 * game's start, Termination ("normal", or "unterminated" for "*", unless
 * given), the other tags given in their order, then the moves in SAN. A
 * string to free(), or NULL with err filled.
 */
char *ggn_pgn_write(const ggn_position *pos, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err);

#endif
