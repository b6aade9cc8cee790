/*
 * ggn/mcts.h — the Monte Carlo tree search player: chooses a move in any game
 * a spec describes without needing an evaluation (docs/ai.md, "Monte Carlo
 * tree search").
 *
 * UCT selection over a tree kept in a fixed pool of nodes, random playouts
 * to the end of the game through ggn_position_playout, results for any
 * number of players (each node holds its value from the view of the player
 * who moved into it; a team's win is a win for each of its members), a
 * solver that proves wins, losses and draws near the end (MCTS-Solver),
 * RAVE (all-moves-as-first statistics) in games of placements, and
 * the tree kept between moves when the new position follows the old root by
 * up to GGN_MCTS_REUSE_PLIES moves.
 *
 * A ggn_mcts holds its node pool and the tree between searches, so a program
 * playing a whole game allocates it once. The position searched is the
 * caller's: it is changed during the search and given back exactly as it
 * was. Nothing is printed.
 *
 * THREADS — a ggn_mcts and the position it searches belong to one thread at a
 * time; several may share one ggn_game. It may itself search on several
 * threads (ggn_mcts_set_threads): those it starts end before ggn_mcts_run
 * returns. Another thread may set the stop flag
 * (ggn_mcts_set_stop) and read ggn_mcts_iterations while a search runs.
 */
#ifndef GGN_MCTS_H
#define GGN_MCTS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/game.h"

/* Node pool of ggn_mcts_new(0), in MiB (40 bytes a node: some 1.7 million nodes). */
#define GGN_MCTS_DEFAULT_MB 64
/* Iterations of a search given no limit at all. */
#define GGN_MCTS_DEFAULT_ITERATIONS 10000
/* Plies a playout may run before it is cut and scored (ggn_mcts_options.playout_plies). */
#define GGN_MCTS_DEFAULT_PLAYOUT_PLIES 200
/* Exploration constant of UCT, x 1000 (ggn_mcts_options.exploration_milli). */
#define GGN_MCTS_DEFAULT_EXPLORATION_MILLI 1000
/* With eval_plies, an evaluation of e centipawns scores 1 / (1 + exp(-e / this)) for the mover. */
#define GGN_MCTS_EVAL_SCALE 200
/* With prior, a move's prior weight is exp(material after it, in centipawns, / this). */
#define GGN_MCTS_PRIOR_SCALE 100
/* A cut playout is a win for the side ahead by at least this many centipawns of material. */
#define GGN_MCTS_CUT_MARGIN 100
/* Moves between the old root and the new position up to which the tree is kept. */
#define GGN_MCTS_REUSE_PLIES 4
/* Plies a playout runs between two readings of the clock and the stop flag. */
#define GGN_MCTS_CLOCK_PLIES 16
/* RAVE's equivalence parameter k (ggn_mcts_options.rave_equivalence): a move's AMAF mean weighs as much
   as its own mean after about k visits. */
#define GGN_MCTS_DEFAULT_RAVE_EQUIVALENCE 1000
/* With RAVE, UCT's exploration constant x 1000 (ggn_mcts_options.rave_exploration_milli): the AMAF
   statistics do most of the exploring. */
#define GGN_MCTS_DEFAULT_RAVE_EXPLORATION_MILLI 100

/* ggn_mcts_options.rave. */
typedef enum ggn_mcts_rave {
    GGN_MCTS_RAVE_AUTO = 0, /* on where every move of the game is a placement or a pass (the default) */
    GGN_MCTS_RAVE_ON,       /* on: placements carry AMAF statistics, other moves none */
    GGN_MCTS_RAVE_OFF
} ggn_mcts_rave;

/* ggn_mcts_options.playouts: how a playout chooses its moves (ggn_playout_policy, ggn/action.h). */
typedef enum ggn_mcts_playouts {
    GGN_MCTS_PLAYOUTS_AUTO = 0,  /* the default: every rule the game has (docs/ai.md): captures first, saves
                                    and true eyes with group capture, winning and blocking drops with winning
                                    rows, and those choices as hints in the tree; greedy plies where pieces
                                    convert; else uniform */
    GGN_MCTS_PLAYOUTS_UNIFORM,   /* every legal move alike */
    GGN_MCTS_PLAYOUTS_KEEP_EYES  /* the eye rule alone: no stone into the mover's own eye, no pass, while
                                    another move exists (GGN_PLAYOUT_KEEP_EYES) */
} ggn_mcts_playouts;

/* When to stop. Every field 0 means "no such limit"; all 0: GGN_MCTS_DEFAULT_ITERATIONS. */
typedef struct ggn_mcts_limits {
    uint64_t iterations; /* playouts (one descent, expansion, playout and update each), 0 = none */
    uint64_t nodes;      /* stop when the tree holds this many nodes, 0 = none (the pool still bounds it) */
    long time_ms;        /* wall-clock budget from the call, 0 = none: the clock is read between every
                            GGN_MCTS_CLOCK_PLIES plies, so the answer comes within it plus one chunk */
    uint64_t seed;       /* the playouts' random state; 0 is a fixed seed. Same seed, same answer
                            (no time limit, same tree kept from before) */
} ggn_mcts_limits;

/* Why a search ended (ggn_mcts_result.stop). */
typedef enum ggn_mcts_stop {
    GGN_MCTS_STOP_ITERATIONS = 0, /* the iteration limit (or the default one) */
    GGN_MCTS_STOP_NODES,          /* the node limit */
    GGN_MCTS_STOP_TIME,           /* the time limit */
    GGN_MCTS_STOP_FLAG,           /* the stop flag was set */
    GGN_MCTS_STOP_SOLVED,         /* the root was proven: more playouts cannot change the answer */
    GGN_MCTS_STOP_NO_MOVE         /* the position has no legal move */
} ggn_mcts_stop;

/* A proven result, from the view of the player to move at the root (ggn_mcts_result.proven). */
enum { GGN_MCTS_UNPROVEN = 0, GGN_MCTS_PROVEN_WIN = 1, GGN_MCTS_PROVEN_DRAW = 2, GGN_MCTS_PROVEN_LOSS = 3 };

typedef struct ggn_mcts_result {
    ggn_move best;            /* the chosen move (valid when found) */
    bool found;               /* false when the position has no legal move */
    double value;             /* mean result of best for the player to move, 0 (loss) to 1 (win) */
    int proven;               /* GGN_MCTS_*: what the solver proved about the root */
    ggn_mcts_stop stop;       /* why the search ended */
    uint64_t iterations;      /* iterations completed by this search */
    uint64_t best_visits;     /* iterations that went through best (reused ones included) */
    uint64_t tree_nodes;      /* nodes in the tree at the end */
    uint64_t reused_nodes;    /* nodes kept from the previous search (tree reuse) */
    uint64_t playout_plies;   /* plies played in playouts */
    int max_depth;            /* deepest tree node reached below the root */
    int max_clock_gap;        /* most plies made between two readings of the clock and the stop flag */
    long elapsed_ms;          /* the search's own wall clock */
} ggn_mcts_result;

/* Settings beside the limits; ggn_mcts_default_options gives every player's defaults. */
typedef struct ggn_mcts_options {
    int exploration_milli;    /* UCT's constant c x 1000: child value + c sqrt(ln N / n) */
    int playout_plies;        /* a playout longer than this is cut and scored (docs/ai.md) */
    int eval_plies;           /* > 0: a playout stops after this many plies and is scored by the full
                              evaluation, as a probability of winning (docs/ai.md); 0: to the end */
    bool solver;              /* prove wins and losses (MCTS-Solver) */
    bool prior;               /* PUCT: each move's prior from the material after it (two teams;
                                 docs/ai.md), off by default */
    bool reuse;               /* keep the subtree of the new position between searches */
    int rave;                 /* ggn_mcts_rave: RAVE (AMAF) for placements (docs/ai.md), GGN_MCTS_RAVE_AUTO */
    int rave_equivalence;     /* RAVE's k, > 0 (GGN_MCTS_DEFAULT_RAVE_EQUIVALENCE) */
    int rave_exploration_milli; /* with RAVE, UCT's constant x 1000 instead of exploration_milli */
    int playouts;             /* ggn_mcts_playouts: the playout policy (docs/ai.md), GGN_MCTS_PLAYOUTS_AUTO */
} ggn_mcts_options;

/* Whether a search of `game` with options `o` uses RAVE (GGN_MCTS_RAVE_AUTO decided by the game's moves). */
bool ggn_mcts_uses_rave(const ggn_mcts_options *o, const ggn_game *game);

typedef struct ggn_mcts ggn_mcts;

/* Fills *o with the defaults above (solver and reuse on, RAVE where every move is a placement or a pass). */
void ggn_mcts_default_options(ggn_mcts_options *o);

/*
 * A new player with a node pool of about megabytes MiB (0 gives
 * GGN_MCTS_DEFAULT_MB; taken at its first search). A full pool stops the tree
 * growing, never the search: playouts go on from its leaves. NULL when out
 * of memory. Free it with ggn_mcts_free. One search at a time, any game.
 */
ggn_mcts *ggn_mcts_new(size_t megabytes);
void ggn_mcts_free(ggn_mcts *m);
/* Forgets the tree (e.g. before a new game). A player also forgets it on a position of another game. */
void ggn_mcts_clear(ggn_mcts *m);
void ggn_mcts_set_options(ggn_mcts *m, const ggn_mcts_options *o);
void ggn_mcts_options_get(const ggn_mcts *m, ggn_mcts_options *o);

/*
 * Lets another thread end this player's searches: while *stop is true (read
 * between every GGN_MCTS_CLOCK_PLIES plies) a search stops and answers with
 * its best move so far. NULL (the default) turns it off. The flag stays the
 * caller's.
 */
void ggn_mcts_set_stop(ggn_mcts *m, const atomic_bool *stop);

/*
 * Searches with `threads` threads from the next search on (1, the default;
 * at most GGN_MAX_SEARCH_THREADS; returns the count set): root parallelism,
 * each thread growing a tree of its own from the same position with seeds
 * of its own, the pool shared out among them, the root moves' visits added
 * up at the end (docs/ai.md). An iteration limit is each tree's (every tree
 * completes it, so the answer to it is the same from run to run); the
 * result's counts are every tree's. A build or system that cannot make threads
 * searches with those it could make.
 */
int ggn_mcts_set_threads(ggn_mcts *m, int threads);
int ggn_mcts_threads(const ggn_mcts *m);

/*
 * Iterations the caller's thread's tree has completed in the running (or
 * last) search; safe to call from another thread.
 */
uint64_t ggn_mcts_iterations(const ggn_mcts *m);

/*
 * Searches pos within limits (NULL: GGN_MCTS_DEFAULT_ITERATIONS) and fills
 * out (not NULL). Returns false, with out->found false, when the position has
 * no legal move or memory for the pool is lacking (out->stop says which);
 * otherwise true with out->best one of ggn_position_legal_moves(pos). The
 * position is restored before returning.
 */
bool ggn_mcts_run(ggn_mcts *m, ggn_position *pos, const ggn_mcts_limits *limits, ggn_mcts_result *out);

/* Which player a game's spec asks for ("player", docs/game-spec.md). */
typedef enum ggn_player_kind {
    GGN_PLAYER_DEFAULT = 0, /* the spec does not say: alpha-beta (docs/ai.md) */
    GGN_PLAYER_ALPHABETA,
    GGN_PLAYER_MCTS
} ggn_player_kind;

ggn_player_kind ggn_game_player(const ggn_game *game);

#endif
