/*
 * ggn/play.h — a game in progress, as the terminal (`ggn play`), the page and
 * the Python package need it: a start, moves typed in any notation the game
 * takes, undo, a resignation or a draw agreed, the result in words, and the
 * record (PGN, and KIF for shogi-like games). Side names and results are put
 * into words here once, so every front end capitalises them alike.
 *
 * A ggn_play borrows its game, which must outlive it, and owns its position.
 * The position's undo stack is the game's record: moves made on it directly
 * (ggn_position_make on ggn_play_position) belong to the game as much as
 * those of ggn_play_move. Nothing is printed.
 */
#ifndef GGN_PLAY_H
#define GGN_PLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/notation.h"

typedef struct ggn_play ggn_play;

/* A game at the game's start; NULL when memory ran out. */
ggn_play *ggn_play_new(const ggn_game *game);
void ggn_play_free(ggn_play *play);

const ggn_game *ggn_play_game(const ggn_play *play);
/* The position now (owned by play; replaced by ggn_play_adopt and ggn_play_set_start). */
ggn_position *ggn_play_position(const ggn_play *play);

/*
 * Starts again from fen or sfen (at most one; neither: the game's start),
 * which the record keeps as its start (always as FEN). On error nothing
 * changes.
 */
bool ggn_play_set_start(ggn_play *play, const char *fen, const char *sfen, ggn_error *err);
/*
 * Starts again from pos, taken (freed on failure), with the moves on its
 * undo stack; start_fen is the FEN it started from (copied), NULL for the
 * game's start. A resignation or a draw agreed is forgotten. False only when
 * memory ran out (pos freed, nothing changed).
 */
bool ggn_play_adopt(ggn_play *play, ggn_position *pos, const char *start_fen, ggn_error *err);
/* The FEN the game started from, NULL for the game's start. */
const char *ggn_play_start_fen(const ggn_play *play);

/*
 * A legal move of pos written in any notation the game takes: what
 * ggn_move_parse reads (coordinates, SAN, USI, a point's text), else WXF
 * (ggn_move_parse_wxf). On failure err is ggn_move_parse's: GGN_E_STATE when
 * the text fits several moves (a promotion left unsaid).
 */
bool ggn_play_parse_move(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);
/* Plays the move text stands for (ggn_play_parse_move); GGN_E_STATE when the game is over. */
bool ggn_play_move(ggn_play *play, const char *text, ggn_error *err);
/*
 * Takes back a resignation or a draw agreed when there is one, else the last
 * move; false when there is nothing to take back.
 */
bool ggn_play_undo(ggn_play *play);

/* The player gives up (a player out of range is ignored); with two players the other wins. */
void ggn_play_resign(ggn_play *play, int player);
void ggn_play_agree_draw(ggn_play *play);
/* The player who resigned, or -1. */
int ggn_play_resigned(const ggn_play *play);
bool ggn_play_draw_agreed(const ggn_play *play);
/* True when the game is over: by its rules, a resignation or a draw agreed. */
bool ggn_play_over(const ggn_play *play);

/*
 * A side's name for people, the one way every front end writes it: the
 * spec's display name for the side when it has its own ("Black" for shogi's
 * first player, "Cho"), else the player's name as words, '_' a space and
 * each word capitalised ("WHITE" is "White"). Written into buf; returns buf.
 */
const char *ggn_player_title(const ggn_game *game, int player, char *buf, size_t cap);
/*
 * The result in one sentence, "" while the game goes on: "Checkmate. White
 * wins.", "White resigned. Black wins.", "Draw agreed.", "Stalemate. Draw.",
 * or for a rule of game_end its ggn_status_describe text and the area
 * scores when the game counts area ("WHITE wins: KING reached HILL.").
 * Returns the length (snprintf's convention).
 */
size_t ggn_play_result(const ggn_play *play, char *buf, size_t cap);
/* The same sentence for a position judged by its rules alone (no resignation, no draw agreed). */
size_t ggn_position_result(ggn_position *pos, char *buf, size_t cap);

/*
 * The game as PGN (ggn_pgn_write with tags), its Result tag the
 * resignation's or the draw's when the game ended so (the rules alone would
 * leave it going on). A string to free(), or NULL with err.
 */
char *ggn_play_pgn(const ggn_play *play, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err);

/*
 * KIF, the record Japanese shogi programs exchange (kif.c says what is read
 * and written): the game as KIF text (UTF-8), sente and gote the players'
 * names and date the 開始日時 written; a game that did not start at the
 * start, or whose game has no kanji labels or USI moves, is refused
 * (GGN_E_VALUE). A string to free(), or NULL with err.
 */
char *ggn_play_kif(const ggn_play *play, const char *sente, const char *gote, const char *date, ggn_error *err);
/*
 * Replays KIF text (len bytes; where names it in messages) from the start
 * and makes it the game (ggn_play_adopt). On error nothing changes.
 */
bool ggn_play_load_kif(ggn_play *play, const char *text, size_t len, const char *where, ggn_error *err);

/* True when moves of the game can be written in WXF: the xiangqi style, two players moving along the files. */
bool ggn_wxf_available(const ggn_game *game);
/* The move in WXF ("C2.5", "H8+7", "R+.3"); 0 (and "") when it has none (a drop, a pass, no WXF). */
size_t ggn_move_format_wxf(const ggn_position *pos, ggn_move move, char *buf, size_t cap);
/* The legal move written as text in WXF ('=' for '.', any case), or false. */
bool ggn_move_parse_wxf(ggn_position *pos, const char *text, ggn_move *move);

#endif
