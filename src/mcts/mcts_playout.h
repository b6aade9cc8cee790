/*
 * mcts/mcts_playout.h — the Monte Carlo player's playout policies
 * (src/mcts/mcts_playout.c, docs/ai.md "Playouts").
 */
#ifndef GGN_MCTS_PLAYOUT_H
#define GGN_MCTS_PLAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/action.h"
#include "ggn/mcts.h"

/* How one search's playouts choose their moves. */
typedef struct mc_playout_policy {
    ggn_playout_policy base; /* without groups and rows: ggn_position_playout_with's policy */
    bool groups;             /* capture first, save groups in atari, keep true eyes (group_capture) */
    bool rows;               /* complete a winning row, else block the opponent's ("lines" that win) */
    bool lazy;               /* with groups: test only the moves looked at, not the whole legal list */
    bool greedy;             /* converting pieces (two players): half the plies the best of a few moves by material */
} mc_playout_policy;

/* The policy of ggn_mcts_options.playouts (ggn_mcts_playouts) in game: AUTO turns on every rule the game has. */
mc_playout_policy mc_playout_policy_for(const ggn_game *game, int playouts);

/*
 * ggn_position_playout_with under `policy`: plays from pos until the game
 * ends or max_plies moves are made (or the undo stack is full), every move
 * legal; writes the last status to *end (may be NULL) and returns the moves
 * made, which stay on pos's undo stack.
 */
size_t mc_playout(ggn_position *pos, uint64_t *rng, size_t max_plies, const mc_playout_policy *policy,
                  ggn_status *end);

/*
 * The policy's view of the moves of a tree node (pos's legal moves, in any
 * order): hint[i] 1 for a move its rules would play at once (a capture, a
 * save, a winning or blocking drop), -1 for one it holds back (a true eye,
 * the pass, with lazy legality a drop joining a group into atari), 0 for the
 * rest. The search gives the first a head start of
 * virtual wins and the second of virtual losses (docs/ai.md). pos is
 * unchanged.
 */
void mc_playout_hints(ggn_position *pos, const mc_playout_policy *policy, const ggn_move *moves, size_t n,
                      int8_t *hint);

#endif
