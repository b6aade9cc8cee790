/*
 * engine/playout_tactics.h — the board questions a playout policy asks
 * between two moves (src/engine/playout_tactics.c): how many liberties a
 * group has and where, and whether a stone on an empty square would make a
 * winning row. Each reads the board as it stands, makes no move and
 * generates none, so a policy can ask them several times a ply. Internal:
 * the Monte Carlo player (src/mcts/mcts_playout.c) and the eye-keeping
 * playouts (src/api/playout.c) read them.
 */
#ifndef GGN_ENGINE_PLAYOUT_TACTICS_H
#define GGN_ENGINE_PLAYOUT_TACTICS_H

#include <stdbool.h>

#include <stddef.h>
#include <stdint.h>

#include "ggn/game.h"

/*
 * The liberties of the group of the stone on sq (group_capture: pieces of
 * one player joined through orthogonal neighbours; its liberties the empty
 * squares next to it): writes up to `max` distinct ones to libs[] and
 * returns how many it found, stopping at max. So max 2 answers "in atari?"
 * (1) after a short walk. 0 for an empty square, or a game without
 * group_capture.
 */
int eg_group_liberties(const ggn_position *pos, int sq, int max, int *libs);

/*
 * Would a piece of player p dropped on the empty square sq complete a row
 * that wins the game for p by one of game_end's "lines" rules (the row's
 * length, exact or not, through sq along one of the rule's directions,
 * counting the pieces of the rule's kinds p has beside sq)? The dropped
 * piece is taken to be of a kind the rule counts. False when sq is not empty
 * or no lines rule is a win.
 */
bool eg_drop_makes_row(const ggn_position *pos, int sq, int p);

/* Has the game a "lines" rule that wins (eg_drop_makes_row can be true)? */
bool eg_game_has_winning_lines(const ggn_game *g);

/* A move a playout policy plays only when nothing else is left (a pass, a drop on an eye). */
typedef bool (*eg_held_back_fn)(const ggn_position *pos, ggn_move m, int mover);

/*
 * A move drawn uniformly from moves[0..n) (n > 0) among those `held` does
 * not hold back for `mover`. A few draws from the whole list settle nearly
 * every ply (held-back moves are few); a draw that hits one is thrown away,
 * so a kept draw is uniform among the rest. After those, the rest are counted
 * and one is drawn among them; when none is left, a pass if there is one,
 * else any move.
 */
ggn_move eg_draw_not_held_back(const ggn_position *pos, const ggn_move *moves, size_t n, uint64_t *rng,
                               eg_held_back_fn held, int mover);

#endif
