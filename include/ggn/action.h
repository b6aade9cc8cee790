/*
 * ggn/action.h — moves as numbers and positions as tensors, for learning
 * programs and language bindings (the Python package, docs/python.md).
 *
 * Every game has a fixed action space: the integers 0 .. ggn_game_action_count
 * - 1. Every legal move of every position of the game has exactly one action
 * id, and the id depends only on what the move does, never on the position
 * or on the order moves are generated in, so ids are stable across
 * positions, runs and versions of the spec's move order. With S = columns x
 * rows squares (holes included; square index y * columns + x) and K kinds:
 *
 *   a board move   (from * S + to) * (K + 1) + promotion
 *                  promotion = 0 for no promotion (or a promotion declined),
 *                  1 + the kind promoted to otherwise, or 1 + the kind gated in
 *                  (gating, docs/game-spec.md; from and to as its coordinate
 *                  text writes them: h1 and e1 for "h1e1e")
 *   a drop         S * S * (K + 1) + kind * S + to   (games with hands only; the kind placed)
 *   the swap       S * S * (K + 1) + K * S           (games with the swap rule only: the last id)
 *
 * so the count is S * S * (K + 1), plus K * S in a game with hands, plus 1 with the swap rule. Two legal
 * moves share an id only when they also share their coordinate text
 * (ggn_move_format), which names source, destination and the kind promoted
 * to or gated in; tests/test_action.c checks on random games of every shipped game that
 * this never happens. The exception: in a game with chain captures
 * (extension "chain"), a chain's id is its source, last landing and crowning,
 * so two chains between the same two squares that take different pieces share
 * an id (the first of them is the one it leads back to).
 *
 * The observation of a position (ggn_position_observation) is a stack of
 * planes of rows x columns floats, row-major with row y = 0 first, seen by
 * one player: players are numbered from the observer (relative player r is
 * (observer + r) mod players), so the observer's pieces come first. Planes,
 * in order:
 *
 *   players x K     1 where a piece of that kind and relative player stands
 *   players x K     (games with hands) that player's count of that kind in hand
 *                   (1 for a supply that never runs out, ggn_game_supply_unlimited)
 *   players         1 everywhere in the plane of the relative player to move
 *   1               1 on every piece that has never moved (castling rights)
 *   1               1 on every square that exists (0 on holes)
 *   1               the half-moves of the no-progress counter (the fifty-move rule)
 *   1               the half-moves played since the position was set up
 *   1               (games with parts, ggn_game_has_parts) 1 on the square the
 *                   pending part of the turn is played from (Amazons: the queen
 *                   that must shoot), 0 everywhere between turns; in a game of
 *                   several moves a turn (turns.parts: Marseillais chess) the
 *                   moves the player to move has left in its turn, everywhere
 *
 * In a game with parts each part is a move and an action of its own, the
 * same player to move for the next (OpenSpiel's way): an arrow is numbered as
 * a board move from its queen's square to its landing.
 */
#ifndef GGN_ACTION_H
#define GGN_ACTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/error.h"
#include "ggn/game.h"

/* The size of the game's action space (every id is below it). */
int32_t ggn_game_action_count(const ggn_game *game);

/*
 * The action id of a move of pos (one of ggn_position_legal_moves), or -1
 * when the move does not fit the position (as ggn_position_make checks).
 */
int32_t ggn_move_action(const ggn_position *pos, ggn_move move);

/*
 * Writes the action ids of every legal move of pos into actions (at most
 * cap) in increasing order, and the moves in the same order into moves
 * (may be NULL). Returns how many legal moves there are (possibly more than
 * cap, as ggn_position_legal_moves).
 */
size_t ggn_position_legal_actions(ggn_position *pos, int32_t *actions, ggn_move *moves, size_t cap);

/*
 * The legal move of pos whose id is action. Returns false with err
 * (GGN_E_RANGE for an id outside the action space, GGN_E_ILLEGAL for one
 * that is no legal move here, naming the move the id stands for in
 * coordinate text: "action 5576 (e2e5) is not a legal move here"). The id
 * is taken as 64 bits so that a binding's wider integer is refused when out
 * of range rather than cut to 32 bits into another move's id (2^32 + 5572
 * is not e2e4).
 */
bool ggn_action_move(ggn_position *pos, int64_t action, ggn_move *move, ggn_error *err);

/*
 * ggn_action_move, then ggn_position_make. Fails with GGN_E_LIMIT (position
 * unchanged) when the undo stack is full (GGN_MAX_PLY).
 */
bool ggn_position_apply_action(ggn_position *pos, int64_t action, ggn_error *err);

/*
 * The loops of learning programs and Monte Carlo players, one call each
 * (src/api/playout.c). A position keeps its legal list, its status and its
 * ids until it changes, so a ply of the ordinary loop (status, legal actions,
 * apply) generates the legal moves once; these calls save the rest of its
 * cost (and a binding's per-call overhead) when many plies or many games go
 * together. Every move made stays on the position's undo stack.
 */

/*
 * Plays random legal moves from pos, each chosen uniformly from the legal
 * list, until the game ends (by its own rules, draw rules included), until
 * max_plies moves have been made, or until the undo stack is full
 * (GGN_MAX_PLY moves kept; the game is then left unfinished). *rng is the
 * random state, read and advanced (any value; 0 is taken as a fixed
 * non-zero seed), so consecutive playouts with one state differ and a saved
 * state repeats them exactly. Writes the status of the last position to *end
 * (may be NULL): GGN_ONGOING when the playout stopped early. Returns the
 * moves made.
 */
size_t ggn_position_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_status *end);

/* How a playout chooses its moves (ggn_position_playout_with). */
typedef enum ggn_playout_policy {
    GGN_PLAYOUT_UNIFORM = 0,   /* every legal move alike (ggn_position_playout) */
    GGN_PLAYOUT_KEEP_EYES = 1  /* group capture: no stone into the mover's own eye, no pass, while another
                                  move exists (docs/ai.md, "Playouts") */
} ggn_playout_policy;

/*
 * ggn_position_playout with a policy. GGN_PLAYOUT_KEEP_EYES, in a game with
 * group capture, chooses uniformly among the legal moves that are neither a
 * pass nor a drop on an eye of the mover: an empty point whose every
 * orthogonal neighbour is the mover's own stone or lies off the board. When
 * every legal move is one of those, it passes if it may, else plays one of
 * them. In a game without group capture it is GGN_PLAYOUT_UNIFORM.
 */
size_t ggn_position_playout_with(ggn_position *pos, uint64_t *rng, size_t max_plies, ggn_playout_policy policy,
                                 ggn_status *end);

/* The policy a Monte Carlo player uses by default in game: GGN_PLAYOUT_KEEP_EYES with group capture. */
ggn_playout_policy ggn_game_playout_policy(const ggn_game *game);

/*
 * Applies actions[i] to positions[i] for i in 0..n-1 (one step of n games,
 * as a batched environment does) and writes each position's status after its
 * move to statuses[i] (may be NULL). Stops at the first action that is not
 * legal in its position, which stays as it was, with err set as
 * ggn_position_apply_action sets it, its message naming the index. Returns how
 * many were applied (n when all were).
 */
size_t ggn_positions_apply_actions(ggn_position *const *positions, size_t n, const int32_t *actions,
                                   ggn_status *statuses, ggn_error *err);

/*
 * ggn_position_playout on each of n positions with one random state, in
 * order; ends[i] (ends may be NULL) and plies[i] (may be NULL) receive each
 * one's final status and its moves made. Returns the moves made in all.
 */
size_t ggn_positions_playout(ggn_position *const *positions, size_t n, uint64_t *rng, size_t max_plies,
                             ggn_status *ends, size_t *plies);

/*
 * The action ids of the last n moves made in pos, oldest first, into
 * actions (n is cut to ggn_position_history): for a caller that let
 * ggn_position_playout or ggn_positions_playout choose the moves and wants
 * them as ids afterwards (the Python package's history). Each move is taken
 * back and made again, so pos ends as it was; a null move
 * (ggn_position_make_null) has no id and is written as -1. Returns how many
 * ids were written.
 */
size_t ggn_position_recent_actions(ggn_position *pos, size_t n, int32_t *actions);

/* Planes of the game's observation (the list above); each is rows x columns floats. */
int ggn_game_observation_planes(const ggn_game *game);

/*
 * Writes the observation of pos seen by player (0 .. players - 1) into buf,
 * which holds cap floats. Returns false with err (GGN_E_RANGE for a player
 * out of range, GGN_E_LIMIT when cap is below planes x rows x columns).
 */
bool ggn_position_observation(const ggn_position *pos, int player, float *buf, size_t cap, ggn_error *err);

#endif
