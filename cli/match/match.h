/*
 * match.h — `ggn match`: engines that speak UCI or CECP (XBoard's protocol)
 * play each other in any two-player ggn game with FEN, and ggn is the
 * arbiter: it keeps the clocks,
 * checks every move against the game spec and judges every game end by the
 * spec's rules (docs/protocols.md).
 */
#ifndef GGN_CLI_MATCH_H
#define GGN_CLI_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include <stdio.h>

#include <jansson.h>

#include "ggn/game.h"
#include "shard/shard.h"

enum {
    MATCH_MAX_LINE = 64 * 1024,   /* longest line read from an engine */
    MATCH_HANDSHAKE_MS = 10000,   /* an engine must say uciok / readyok within this */
    MATCH_MAX_ENGINES = 2,
    MATCH_MAX_GAMES = 100000      /* --games */
};

/* ---- one engine process (match_engine.c) ---------------------------------- */

/* The protocol an engine speaks: `--engine CMD` is UCI, `--engine xboard:CMD` CECP, `--engine gtp:CMD` GTP. */
typedef enum match_protocol {
    MATCH_PROTOCOL_UCI,
    MATCH_PROTOCOL_XBOARD,
    MATCH_PROTOCOL_GTP
} match_protocol;

typedef struct match_engine {
    const char *command;   /* as given: run by /bin/sh -c "exec COMMAND" */
    match_protocol protocol;
    char name[128];        /* from "id name" (UCI) or feature myname (CECP), else the command */
    pid_t pid;
    int to, from;          /* pipes to its standard input, from its standard output */
    char buf[MATCH_MAX_LINE];
    size_t len;            /* bytes of buf not yet returned as lines */
    bool dead;             /* it closed its output or could not be written to */
    /* CECP only (match_xboard.c): what the engine said it can do, and what it knows of the game. */
    bool usermove, setboard, ping;  /* its features */
    char variants[1024];   /* feature variants="...", "" when it gave none */
    int rows;              /* the board's ranks: XBoard writes them its own way (rank_text.h) */
    int known;             /* plies of the game the engine has been told or has played */
    bool playing;          /* out of force mode: it answers a usermove with its own move */
    int awaited;           /* GTP only (match_gtp.c): the id of the genmove whose answer is awaited */
} match_engine;

/* Starts the engine; false with why filled when it cannot be started. */
bool match_engine_start(match_engine *e, const char *command, match_protocol protocol, char *why, size_t cap);

/* Writes one line to the engine; false when it is gone. */
bool match_engine_send(match_engine *e, const char *line);

/*
 * Reads the engine's next line into line (without its newline) until
 * deadline_ms (a match_now_ms time): 1 a line, 0 the deadline passed, -1 the
 * engine closed its output.
 */
int match_engine_read(match_engine *e, int64_t deadline_ms, char *line, size_t cap);

/*
 * UCI: uci / uciok (taking its name), setoption name UCI_Variant (when
 * variant is not NULL), the options (NAME=VALUE strings, may be NULL),
 * isready / readyok. CECP: match_xboard_handshake. False with why filled
 * when it does not answer in time.
 */
bool match_engine_handshake(match_engine *e, const char *variant, const char *const *options, char *why, size_t cap);

/* quit, then kill it if it has not ended within a second; reaps it. */
void match_engine_stop(match_engine *e);

/* A monotonic clock in milliseconds. */
int64_t match_now_ms(void);

/* ---- one game (match_game.c) ----------------------------------------------- */

typedef struct match_clock {
    long base_ms, inc_ms;  /* --tc BASE+INC */
    long movetime_ms;      /* --movetime: a fixed time per move instead */
    long margin_ms;        /* how far past its clock an engine may go before it loses on time */
} match_clock;

/* ---- CECP engines (match_xboard.c) ------------------------------------------ */

/*
 * xboard, protover 2 and the engine's feature lines (until done=1; an engine
 * that sends none within 2 s is taken as protocol version 1), accepted /
 * rejected, then `option NAME=VALUE` for each option. False with why filled
 * when it does not answer in time, or offers a variant list without variant
 * (NULL or "chess": XBoard's "normal", always played).
 */
bool match_xboard_handshake(match_engine *e, const char *variant, const char *const *options, char *why, size_t cap);

/*
 * The start of a game: new, variant (unless chess), force, setboard FEN
 * (when start_fen is not NULL), the time control (level, or st for a fixed
 * time a move), easy, and ping / pong when the engine has ping. False with
 * why filled when the engine answers with an error or not in time.
 */
bool match_xboard_new_game(match_engine *e, const ggn_game *game, const char *variant, const char *start_fen,
                           const match_clock *clock, char *why, size_t cap);

/*
 * Asks the engine for its move at ply `plies` of the game whose moves so far
 * are `moves` (ggn's coordinates, space-separated; sent with XBoard's ranks): the moves it does not know yet (usermove
 * when it is playing and only the opponent's last move is new; else force,
 * the moves, go), preceded by time / otim (centiseconds) when there is a clock.
 */
bool match_xboard_request(match_engine *e, const char *moves, int plies, long my_ms, long their_ms,
                          const match_clock *clock);

/* ---- GTP engines (match_gtp.c) ------------------------------------------------ */

/* protocol_version (which must be 2), then name and version for the engine's name. */
bool match_gtp_handshake(match_engine *e, char *why, size_t cap);

/*
 * boardsize, clear_board, the opening start_fen (when given) as an SGF file
 * of its stones through loadsgf, komi (the game's area komi, white's less
 * black's) and time_settings (byo-yomi of --movetime for one stone, or the
 * main time of --tc). False with why when the engine refuses the board, the
 * opening or komi, or the board is not square.
 */
bool match_gtp_new_game(match_engine *e, const ggn_game *game, const char *start_fen, const match_clock *clock,
                        char *why, size_t cap);

/*
 * The moves (from start_fen, or the game's start when NULL) the engine has
 * not seen as `play`, time_left with a clock, then `genmove` for the side to move.
 */
bool match_gtp_request(match_engine *e, const ggn_game *game, const char *start_fen, const char *moves, int plies,
                       long my_ms, const match_clock *clock);

/*
 * What a line answers: 1 the genmove's vertex (into best), 2 resign, -1 a
 * refused play or genmove (the line into best), 0 anything else.
 */
int match_gtp_reply(const match_engine *e, const char *line, char *best, size_t cap);

/*
 * Appends one game to out as an SGF game tree (match_sgf.c): the moves
 * (ggn's coordinates, space-separated) replayed from start_fen (NULL: the
 * game's start; an opening is written as AB/AW/AE and PL), black and
 * white the engines' commands, RE from winner and end (a match_end): the
 * area margin (B+3.5), +R for a resignation, +T on time, +F for a forfeit,
 * 0 for a draw. False with why when SGF cannot write the game.
 */
bool match_write_sgf(FILE *out, const ggn_game *game, const char *start_fen, const char *black, const char *white,
                     int winner, int end, const char *reason, const char *moves, time_t started, char *why, size_t cap);

typedef enum match_end {
    MATCH_END_RULE,        /* the game spec decided (mate, a draw rule, ...) */
    MATCH_END_TIME,        /* a side ran out of time */
    MATCH_END_ILLEGAL,     /* a side played an illegal move */
    MATCH_END_DISCONNECT,  /* an engine died or stopped answering */
    MATCH_END_MOVE_LIMIT   /* GGN_MAX_PLY plies: adjudicated a draw */
} match_end;

typedef struct match_result {
    int winner;            /* player index (0 = first), -1 for a draw */
    match_end end;
    char reason[640];      /* "checkmate", "Black's engine played e2e5, not a legal move", ... */
    int plies;
    char *moves;           /* the moves played, space-separated (malloc'd) */
} match_result;

/*
 * Plays one game of game from start_fen (NULL: the start position): engines
 * [0] moves first. Fills out (free out->moves). False only when out of
 * memory; every way a game can end is a result.
 */
bool match_play_game(const ggn_game *game, const char *start_fen, match_engine *const engines[2],
                     const match_clock *clock, match_result *out);

/* ---- results (match_stats.c) ----------------------------------------------- */

typedef struct match_score {
    int wins, draws, losses;   /* from the first engine's view */
} match_score;

/* Elo difference of the first engine and its 95 % error (0 when it cannot be told: no games, all won or lost). */
void match_elo(const match_score *sc, double *elo, double *error95);

/*
 * The log-likelihood ratio of the sequential probability ratio test that the
 * first engine is elo1 rather than elo0 stronger (normal approximation of the
 * game results). With alpha = beta = 0.05, stop at LLR <= -2.94 (H0) or
 * >= 2.94 (H1).
 */
double match_sprt_llr(const match_score *sc, double elo0, double elo1);

/* ---- the lines and the merge of shards (match_report.c) ------------------------- */

typedef struct match_tally {
    match_score score;     /* engine 0's view */
    int forfeits[5];       /* by match_end */
} match_tally;

/* One finished game as the match reports it. */
typedef struct match_game_line {
    int number;                 /* from 1 */
    const char *engines[2];     /* the commands, by seat: [0] moved first */
    const char *players[2];     /* the game's names of the seats */
    int first;                  /* the engine (0 or 1, in --engine order) that moved first */
    int winner;                 /* player index, -1 a draw */
    int end;                    /* match_end */
    int plies;
    const char *reason;
} match_game_line;

/* Prints "Game N: A (White) - B (Black): 1-0 (reason, P plies)" to out and counts the game. */
void match_count_game(FILE *out, match_tally *t, const match_game_line *g);

/* The score, the Elo difference and the forfeits, to stdout. */
void match_print_summary(const char *engine0, const char *engine1, const match_tally *t);

/* A game of a shard document: {"game", "first", "winner", "end", "plies", "reason"}. */
json_t *match_game_json(const match_game_line *g);

/* `ggn merge` of match shards: the games in order, then the summary (or JSON). A CLI_ status. */
int match_merge(const shard_set *set, bool json);

#endif
