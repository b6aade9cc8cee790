/*
 * engine/probe.h — what the search asks the rules core beyond the public API
 * (src/engine/probe.c, exchange.c, game_end.c): questions about game ends,
 * material and exchanges that it puts at every node, answered without a move
 * generation. Internal: the library's layers above the engine include it; a
 * program outside the library has ggn/game.h, whose answers these refine.
 * The search's one door into the engine, with engine/engine.h for its hot
 * path (docs/architecture.md).
 */
#ifndef GGN_ENGINE_PROBE_H
#define GGN_ENGINE_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/game.h"

/*
 * True when the last move made captured a leader of another player (the
 * GGN_LEADER_CAPTURED condition of ggn_position_status, without its move
 * generation). False at the root of the undo stack.
 */
bool eg_leader_captured(const ggn_position *pos);

/*
 * True when move, a capture, takes a piece whose owner then has fewer pieces
 * of some game_end.extinction rule's kinds than the rule allows: the capture
 * decides the game (won, lost or drawn by that rule; with "answer" the game may
 * still go on for a move). A hint for move ordering, read before the move is
 * made; the status after the make is the judge. False in games without
 * extinction rules.
 */
bool eg_capture_decides(const ggn_position *pos, ggn_move move);

/*
 * True when a game_end rule (goal, extinction, check limit) has decided the
 * game; *st (may be NULL) then says how, as ggn_position_status would. Free
 * for games without such rules.
 */
bool eg_game_over(const ggn_position *pos, ggn_status *st);

/*
 * The result for the player to move when it has no legal move in pos
 * (game_end.no_move): 1 a win, 0 a draw, -1 a loss. Chess: -1 in check, 0
 * otherwise; "fewest_pieces" compares the players' pieces in pos.
 */
int eg_no_move_result(const ggn_position *pos, bool in_check);

/*
 * True when game_end narrows the legal moves beyond leader safety (forced
 * capture, no giving check): a pseudo-legal move that keeps the leaders safe
 * may then still be illegal, so callers should take ggn_position_legal_moves.
 */
bool eg_narrows_moves(const ggn_game *game);

/*
 * Writes the hashes (ggn_position_hash) of the positions before each move
 * still on the undo stack, oldest first (at most cap; returns ggn_position_history). With the
 * current hash they give the game's repetitions.
 */
size_t eg_hash_history(const ggn_position *pos, uint64_t *buf, size_t cap);

/*
 * Static exchange evaluation of mv, a move of the player to move's piece to
 * its landing square: a capture of the piece standing there, or a step to an
 * empty square. The material it wins for the mover's team once the players
 * have taken back on that square in turn, each with its cheapest attacker,
 * each stopping where taking on would lose: for a step, 0 or less (the piece
 * lost when it is taken and taking it pays). In kind values; a leader is
 * worth more than everything else, so it takes only what nothing takes back.
 * From the reverse attack tables, without making moves: a pinned piece still
 * takes, and promotions and side effects (the victim of en passant, a
 * castling partner) are not counted. At most GGN_MAX_EXCHANGE captures. 0
 * for a drop, a pass, or a move that does not fit the position. The position
 * is left as it was.
 */
int64_t eg_exchange(ggn_position *pos, ggn_move mv);

/*
 * Adds up, per player, the ggn_game_kind_value of every piece on the board
 * and in the player's hand: out[player] for each of the game's players (out
 * has ggn_game_player_count entries).
 */
void eg_material(const ggn_position *pos, int *out);

/*
 * The game's draw rules: *repetitions is draw_conditions.repetition_count and
 * *no_progress is fifty_move_halfmoves (0 when the rule is absent). Either
 * pointer may be NULL.
 */
void eg_draw_rules(const ggn_game *game, int *repetitions, int *no_progress);
/* The player who loses when a position repeats (draw_conditions.repetition_loser), or -1: a draw. */
int eg_repetition_loser(const ggn_game *game);

/*
 * game_end.check_limit: the player who gives this many checks wins (3check);
 * 0 when the game has no such rule.
 */
int eg_check_limit(const ggn_game *game);

/*
 * True when no move may leave another player's leader attacked
 * (game_end.giving_check_illegal, racingkings): leaders are then never in
 * check and never captured, so nothing but the squares on their way stops them.
 */
bool eg_leaders_unassailable(const ggn_game *game);

/*
 * True when a player wins by running out of pieces: a game_end.extinction rule
 * over every kind with the result "win" (antichess, giveaway, suicide, losers).
 * Every piece a player keeps is then a burden to it, not a strength.
 */
bool eg_wins_by_losing_pieces(const ggn_game *game);
/* Does a player win by standing in one group (game_end.united with the result "win")? */
bool eg_wins_by_uniting(const ggn_game *game);

/*
 * True when a checkmate wins for the mated player (game_end.no_move.in_check
 * "win": losers). Attacking another player's leader then helps it, and
 * sheltering one's own helps nothing.
 */
bool eg_mate_wins(const ggn_game *game);

/* True when a capture, where one is legal, must be made (game_end.forced_capture). */
bool eg_forces_captures(const ggn_game *game);

/* Is a turn a series of moves (turns.parts, series.c)? Its parts place nothing: no walls to count. */
bool eg_game_has_series(const ggn_game *game);

/* The checks `player` has given so far in the game that led to pos (0 for a bad player). */
int eg_checks_given(const ggn_position *pos, int player);

#endif
