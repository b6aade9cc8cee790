/*
 * play.h — what the files of `ggn play` share: the session (game, position,
 * who plays which side, how the board is shown) and the functions of each
 * part: drawing (play_board.c), the typed commands (play_commands.c), the
 * game record (play_record.c), the loop (play_loop.c) and the computer
 * player (play_computer.c).
 */
#ifndef GGN_CLI_PLAY_H
#define GGN_CLI_PLAY_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/limits.h"
#include "ggn/mcts.h"
#include "ggn/play.h"
#include "ggn/search.h"

/* Bytes of one line typed at the prompt, its NUL included (cmd_play.c cuts longer lines). */
#define PLAY_LINE_BYTES 1024

/*
 * Room for a typed line or a message printed through cli_escape (cli.h),
 * which writes a control byte as four characters.
 */
#define PLAY_ESCAPED_BYTES (4 * PLAY_LINE_BYTES + 1)

/* How long and how deep the computer may think (0 = no limit of that kind). */
typedef struct play_limits {
    int think_ms;   /* wall-clock budget per move in milliseconds */
    int depth;      /* maximum search depth in half-moves */
} play_limits;

typedef struct play_session {
    ggn_game *game;                     /* owned */
    const char *game_arg;               /* the game as named on the command line (PGN's Variant tag) */
    const char *record;                 /* --record FILE: where the game is written when it ends or at quit */
    ggn_play *play;                     /* owned: the position (its undo stack is the game record), its
                                           start, a resignation or a draw agreed (ggn/play.h) */
    bool computer[GGN_MAX_PLAYERS];     /* which players the computer moves */
    play_limits limits;
    ggn_searcher *searcher;             /* owned; made at the computer's first move, kept so its
                                           transposition table carries over from move to move */
    ggn_player_kind player;             /* --player; GGN_PLAYER_DEFAULT: the spec's choice */
    ggn_mcts *mcts;                     /* owned; the Monte Carlo player, made at its first move, kept so
                                           its tree carries over from move to move */
    bool flipped;                       /* board seen from the top edge */
    bool wxf;                           /* --wxf: moves printed in WXF notation (xiangqi) */
    bool colour;                        /* ANSI colours on out */
    bool interactive;                   /* in is a terminal: print prompts, keep going after the end */
    int draw_offer;                     /* the player whose draw offer stands, or -1 */
    int draw_offer_ply;                 /* the ply at which it was made: it stands for the next player's turn */
    FILE *in;                           /* moves and commands, one per line */
    FILE *out;                          /* board, messages */
} play_session;

/* The session's position now: the game in progress's (ggn_play_position). */
static inline ggn_position *play_pos(const play_session *s) { return ggn_play_position(s->play); }

/* ---- play_board.c ---- */

/* Draws the board with its edge labels and the last move marked. */
void play_draw_board(const play_session *s);
/* Prints the last move and whose turn it is, or how the game ended. */
void play_print_status(play_session *s);
/*
 * A move of the session's position as the board's coordinates write it: WXF
 * with --wxf, USI ("7g7f") in a game with shogi's coordinates, else
 * coordinate text (ggn_move_format). Returns the length.
 */
size_t play_move_text(const play_session *s, ggn_move mv, char *buf, size_t cap);

/* ---- play_commands.c ---- */

typedef enum play_result {
    PLAY_NOT_COMMAND = 0,   /* the line is not a command: treat it as a move */
    PLAY_HANDLED,           /* done, nothing on the board changed */
    PLAY_CHANGED,           /* done, the position changed: draw it again */
    PLAY_QUIT               /* leave the game */
} play_result;

/* Runs the line when its first word is a command. */
play_result play_command(play_session *s, const char *line);
/* The text of `help`: every move form the game takes, with an example of each from the position. */
void play_print_help(const play_session *s);

/* ---- play_record.c ---- */

/* Writes the game record {"game", "start", "moves"} as JSON to path. */
bool play_record_save(const play_session *s, const char *path, ggn_error *err);
/*
 * Reads a record written by play_record_save and replays it; on success the
 * session's position and start FEN are replaced. On error nothing changes.
 */
bool play_record_load(play_session *s, const char *path, ggn_error *err);

/* True when path ends in ".pgn": the record is PGN, else JSON. */
bool play_record_is_pgn(const char *path);
/* The game as PGN (ggn_pgn_write) with Event, Date, White, Black and Variant filled in. */
bool play_record_save_pgn(const play_session *s, const char *path, ggn_error *err);
/*
 * Replays the first game of a PGN file (its Variant must be the session's
 * game); on success the session's position and start FEN are replaced.
 */
bool play_record_load_pgn(play_session *s, const char *path, ggn_error *err);
/* PGN's Variant for a game named on the command line: the file name without directory and ".json", lower case. */
void play_record_variant(const char *game_arg, char *buf, size_t cap);
/*
 * The games/ name a Variant tag stands for: "chess" for none, "standard"
 * or "chess", else the name in lower case; false for a name with other
 * characters than letters, digits, '-' and '_' (never a path).
 */
bool play_record_variant_game(const char *variant, char *buf, size_t cap);
/*
 * The JSON record {"game", "start", "moves"} of the game on pos's undo
 * stack, with "tags" (name → value, in order) when tags are given: a PGN
 * game's tags but Variant, SetUp and FEN, which "game" and "start" say.
 * NULL with err.
 */
json_t *play_record_json(const ggn_position *pos, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err);
/*
 * Replays a JSON record (where names it in messages) on game, which the
 * record's "game" must name: the spec's name ("3-check", any case, with or
 * without the characters that are not letters or digits) or the name
 * game_arg was given by ("3check"; game_arg may be NULL). The position, or
 * NULL with err.
 */
ggn_position *play_record_replay(const ggn_game *game, const char *game_arg, const json_t *record, const char *where,
                                 ggn_error *err);
/*
 * The game a record's "game" names, as a path to load (free()): a name of
 * games/ as `ggn games` lists them ("3check"), the spec's name written
 * without what is not a letter or digit ("Crazyhouse"), or the name in a
 * spec of the search path ("Capablanca chess"). NULL when none is found.
 */
char *play_record_find_game(const char *name);
/*
 * The game a record file (PGN by its ending, else JSON) is of: its first
 * game's Variant tag, or its (first) record's "game", found as above. A
 * path to free(), or NULL with err.
 */
char *play_record_game_of(const char *path, ggn_error *err);
/* A whole regular file (ggn_file_read), NUL-terminated, to free(); NULL with err naming the path. */
char *play_record_read_file(const char *path, size_t *len, ggn_error *err);

/* True when path ends in ".kif": the record is KIF (shogi's, ggn_play_kif). */
bool play_record_is_kif(const char *path);
/* The game as KIF (UTF-8) from the start position; a game without kanji labels or USI is refused. */
bool play_record_save_kif(const play_session *s, const char *path, ggn_error *err);
/* Replays a KIF game from the start; on success the session's position is replaced. On error nothing changes. */
bool play_record_load_kif(play_session *s, const char *path, ggn_error *err);

/* ---- play_sgf.c ---- */

/* True when path ends in ".sgf": the record is SGF (Go's). */
bool play_record_is_sgf(const char *path);
/* The game as SGF (ggn_sgf_write); a game SGF cannot write (no stones placed) is refused. */
bool play_record_save_sgf(const play_session *s, const char *path, ggn_error *err);

/* ---- play_loop.c ---- */

/*
 * Plays the session's game until its input ends or `quit`; a CLI_ status.
 * The session is set up (game, position, players, streams) by cmd_play.c.
 */
int play_loop(play_session *s);
/* Writes the game to --record's file (KIF, PGN, SGF or JSON by its name); a failure is said on stderr, not fatal. */
void play_record_game(play_session *s);

/* ---- play_computer.c ---- */

/*
 * The computer's move in the session's position (which is left as it was).
 * Returns false when there is no legal move.
 */
bool choose_computer_move(play_session *s, ggn_move *out);

#endif
