/*
 * ggn/selfplay.h — the computer plays a game against itself many times, and
 * a designer reads how balanced the game is (`ggn selfplay`,
 * docs/selfplay.md; ggn.selfplay in Python).
 *
 * Every game is a function of the settings and its number alone: game n
 * (from 0) draws its random opening plies and its search seeds from its own
 * generator, seeded by (seed, n), and starts with a cleared searcher. So a
 * run of games 0..N-1 and the union of K shards of it play the very same
 * games, and a report computed from the games in game order is the same
 * (docs/cluster.md). A time limit (think_ms) makes the games irreproducible.
 * Nothing is printed.
 */
#ifndef GGN_SELFPLAY_H
#define GGN_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/limits.h"
#include "ggn/mcts.h"

/* How the computer plays: side 0 is the first player, side 1 every other player. */
typedef struct ggn_selfplay_settings {
    int depth[2];               /* search depth, 0: none */
    long nodes[2];              /* node budget per move (the Monte Carlo player: playouts), 0: none */
    long think_ms[2];           /* time per move, 0: none */
    ggn_player_kind player[2];  /* GGN_PLAYER_DEFAULT: the spec's choice, else alpha-beta */
    int random_plies;           /* the first plies are uniformly random legal moves: the openings vary */
    int max_plies;              /* a game still going after this many plies is a draw, "move limit"
                                   (1..GGN_MAX_SELFPLAY_PLIES) */
    uint64_t seed;
    long games;                 /* 1..GGN_MAX_SELFPLAY_GAMES */
} ggn_selfplay_settings;

/* `ggn selfplay`'s defaults: 100 games, seed 1, depth 2 each side, 2 random plies, 400 plies at most. */
void ggn_selfplay_defaults(ggn_selfplay_settings *set);

/* What one game left. */
typedef struct ggn_selfplay_game {
    long number;                                  /* from 0 */
    int winner;                                   /* player index, -1 a draw */
    char end[GGN_SELFPLAY_NAME_BYTES];            /* ggn_outcome_name, "move limit" or "no move" */
    int plies;
    char first_move[GGN_SELFPLAY_NAME_BYTES];     /* coordinates; "" when the game ended before a move */
} ggn_selfplay_game;

/* A run's players: the searchers it keeps from game to game. */
typedef struct ggn_selfplay ggn_selfplay;

/*
 * The players for games of game under set (copied; game is borrowed and must
 * outlive it). NULL with err: GGN_E_RANGE for settings out of range,
 * GGN_E_NOMEM.
 */
ggn_selfplay *ggn_selfplay_new(const ggn_game *game, const ggn_selfplay_settings *set, ggn_error *err);
void ggn_selfplay_free(ggn_selfplay *sp);
/* Plays game `number` of the run into *out. False only when memory ran out. */
bool ggn_selfplay_play(ggn_selfplay *sp, long number, ggn_selfplay_game *out);

/*
 * The balance of a set of games, as numbers. A win is the winning team's:
 * it counts for each of its players (a game without teams: each player its
 * own team). The first player's score counts a win 1, a draw 1/2, a loss 0;
 * its 95 % interval is Wilson's score interval over the games.
 */
typedef struct ggn_selfplay_report {
    long games;
    int players;
    long wins[GGN_MAX_PLAYERS];     /* games won by player p's team */
    long losses[GGN_MAX_PLAYERS];   /* games another team won */
    long draws;
    double first_score;             /* the first player's mean score, 0..1 */
    double first_low, first_high;   /* its 95 % interval */
    int shortest, longest, median;  /* plies of the games */
    double mean_plies;
} ggn_selfplay_report;

/* The report of games[0..n) of game (n >= 1). False when n < 1. */
bool ggn_selfplay_report_of(const ggn_game *game, const ggn_selfplay_game *games, long n, ggn_selfplay_report *out);

/*
 * Plays set->games games and reports them: each game into games[number]
 * when games is not NULL (set->games entries), the balance into *report.
 * False with err (the settings' range, memory).
 */
bool ggn_selfplay_run(const ggn_game *game, const ggn_selfplay_settings *set, ggn_selfplay_game *games,
                      ggn_selfplay_report *report, ggn_error *err);

#endif
