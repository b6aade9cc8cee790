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
 * coordinate text: "action 5576 (e2e5) is not a legal move here").
 */
bool ggn_action_move(ggn_position *pos, int32_t action, ggn_move *move, ggn_error *err);

/*
 * ggn_action_move, then ggn_position_make. Fails with GGN_E_LIMIT (position
 * unchanged) when the undo stack is full (GGN_MAX_PLY).
 */
bool ggn_position_apply_action(ggn_position *pos, int32_t action, ggn_error *err);

/* Planes of the game's observation (the list above); each is rows x columns floats. */
int ggn_game_observation_planes(const ggn_game *game);

/*
 * Writes the observation of pos seen by player (0 .. players - 1) into buf,
 * which holds cap floats. Returns false with err (GGN_E_RANGE for a player
 * out of range, GGN_E_LIMIT when cap is below planes x rows x columns).
 */
bool ggn_position_observation(const ggn_position *pos, int player, float *buf, size_t cap, ggn_error *err);

#endif
