/*
 * mcts_internal.h — the Monte Carlo player's tree (ggn/mcts.h): a pool of
 * nodes in one array, each node's children one contiguous block of it.
 */
#ifndef GGN_MCTS_INTERNAL_H
#define GGN_MCTS_INTERNAL_H

#include <stdatomic.h>
#include <stdint.h>

#include "ggn/limits.h"
#include "ggn/mcts.h"
#include "ggn/search.h"

/* A node's proof, from the view of the player who moved into it (MCTS-Solver). */
enum { MC_UNKNOWN = 0, MC_WIN = 1, MC_DRAW = 2, MC_LOSS = 3 };

/* The weight of a child's hint (mc_playout_hints): that many virtual wins (hint 1) or losses (-1) in its mean. */
#define MC_HINT_VISITS 10.0

/* node.flags */
enum { MC_EXPANDED = 1, MC_TERMINAL = 2 };

/*
 * One position of the tree, reached from its parent by `move`. Its value is
 * the sum of the playouts' results (0 loss, 0.5 draw, 1 win) from the view
 * of `mover`, the player who made that move, so a parent choosing among its
 * children reads each child's value as its own player's. The root's move and
 * mover mean nothing.
 */
typedef struct mc_node {
    ggn_move move;
    uint32_t first_child;  /* index of the first child in the pool (valid when nchildren > 0) */
    uint32_t visits;
    double value;
    uint16_t nchildren;
    int8_t mover;
    uint8_t proof;         /* MC_* */
    uint8_t flags;         /* MC_EXPANDED, MC_TERMINAL */
    uint8_t prior;         /* with ggn_mcts_options.prior: the move's share of 255 among its siblings */
    int8_t hint;           /* the playout policy's view of the move (mc_playout_hints): 1 its rules' choice,
                              -1 held back, 0 neither; counted as MC_HINT_VISITS virtual results */
    /* RAVE: the playouts through the parent in which `mover` placed on this move's point later on
       (all moves as first), and the sum of their results for `mover`; 0 without RAVE. */
    uint32_t amaf_visits;
    float amaf_value;
} mc_node;

struct ggn_mcts {
    mc_node *pool;         /* capacity nodes; pool[0] is the root */
    uint32_t capacity;
    uint32_t used;         /* nodes in the tree: 0 when there is none */
    const ggn_game *game;  /* the game of the tree */
    uint64_t root_hash;    /* the root position, to find it again after moves (tree reuse) */
    int root_history;      /* its undo stack's depth */
    ggn_mcts_options options;
    const atomic_bool *stop;
    _Atomic uint64_t iterations;
    ggn_searcher *evaluator;  /* the full evaluation of eval_plies, made when first needed */
    /* Root parallelism (mcts_threads.c): helpers search trees of their own, read at the end. */
    int threads;
    size_t megabytes;
    ggn_mcts *helper[GGN_MAX_SEARCH_THREADS - 1]; /* made at the first search with threads */
    atomic_bool helpers_stop;                       /* the helpers' stop flag, set when the caller's search ends */
};

/* One tree's search on the calling thread (mcts.c): ggn_mcts_run without the helpers. */
bool mc_search(ggn_mcts *m, ggn_position *pos, const ggn_mcts_limits *limits, ggn_mcts_result *out);

/*
 * The move to play by every tree's root (m's and its helpers' after a
 * parallel search, helpers NULL-terminated or `nhelpers` long): proven wins
 * first, then the most visits summed over the trees among moves no tree
 * proved lost. Fills out->best, best_visits, value. mcts.c.
 */
void mc_choose(const ggn_mcts *m, ggn_mcts *const *helpers, int nhelpers, ggn_mcts_result *out);

/*
 * Makes the node reached from the root by moves[0..n-1] (matched with
 * ggn_move_equal) the new root, its subtree packed at the start of the pool,
 * and returns the nodes kept; 0 (the tree forgotten) when the path leaves
 * the tree. mcts_tree.c.
 */
uint32_t mc_tree_reroot(ggn_mcts *m, const ggn_move *moves, int n);

/* True when every move of the game is a placement (a drop) or a pass: no kind moves on the board. mcts_tree.c. */
bool mc_game_places_only(const ggn_game *game);

#endif
