/*
 * ggn/search.h — the generic computer player: chooses a move in any game a
 * spec describes (docs/ai.md explains how it plays).
 *
 * Iterative-deepening alpha-beta (negamax for two sides; "paranoid" for more
 * than two players: the player to move at the root against all the others),
 * a transposition table keyed by ggn_position_hash, a bounded quiescence on
 * captures, and an evaluation from the kinds' values plus a small mobility
 * term.
 *
 * A ggn_searcher holds the transposition table and the move-ordering tables
 * between searches, so a program playing a whole game allocates it once.
 * ggn_search_best is the one-call convenience that makes and frees a
 * temporary one. The position searched is the caller's: it is changed during
 * the search and given back exactly as it was. Nothing is printed.
 *
 * THREADS — a searcher and the position it searches belong to one thread at
 * a time; several searchers may share one ggn_game. A searcher may itself
 * search on several threads (ggn_searcher_set_threads): those it starts end
 * before ggn_searcher_run returns.
 */
#ifndef GGN_SEARCH_H
#define GGN_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/game.h"
#include "ggn/limits.h"

/* Deepest iteration the search runs: the limit of ggn/limits.h, by the search's name. */
#define GGN_SEARCH_MAX_DEPTH GGN_MAX_SEARCH_DEPTH
/* Plies the search may reach below the root, quiescence and extensions included. */
#define GGN_SEARCH_MAX_PLY 96
/* Depth used when a search is given no limit at all. */
#define GGN_SEARCH_DEFAULT_DEPTH 4
/* Transposition table of ggn_search_best, and of ggn_searcher_new(0). */
#define GGN_SEARCH_DEFAULT_TT_MB 16

/*
 * Score of a win: a forced win in n plies scores GGN_SEARCH_MATE - n, a
 * forced loss -(GGN_SEARCH_MATE - n). Any score beyond +/-GGN_SEARCH_MATE_BOUND
 * is such a result.
 */
#define GGN_SEARCH_MATE 30000
#define GGN_SEARCH_MATE_BOUND (GGN_SEARCH_MATE - 1000)

/*
 * When to stop, and which moves to consider: the one description of a
 * search's limits that every front end fills (a protocol's go, the
 * terminal, the page, Python). Every field 0 (NULL, false) means "no such
 * limit"; when all are 0 the search stops after GGN_SEARCH_DEFAULT_DEPTH
 * plies. A node or time limit may cut any iteration short, depth 1
 * included: the answer is then the best move of the last complete
 * iteration, or of the root moves searched so far, or (nothing searched
 * yet) the first legal move in search order. A depth limit alone is
 * bounded too: quiescence is (docs/ai.md). The search reads the struct once,
 * when it starts.
 *
 * The clocks (move_time_ms, clock_ms, increment_ms, byoyomi_ms,
 * moves_to_go) are what a GUI says about time; when time_ms is 0 the search
 * turns them into its budget with ggn_search_time_budget. A caller that
 * wants the budget itself (to cap it) calls that and sets time_ms.
 */
typedef struct ggn_search_limits {
    int depth;          /* plies of full-width search, 0 = no depth limit (capped at GGN_MAX_SEARCH_DEPTH) */
    long time_ms;       /* wall-clock budget in milliseconds from the call, 0 = none (or from the clocks); the
                           answer comes within it plus a few milliseconds, in any position (docs/ai.md) */
    uint64_t nodes;     /* node budget, 0 = none */
    uint64_t seed;      /* tie-breaking among equal moves; 0 = move generation order. Same seed, same answer */
    bool exact_time;    /* time_ms is this move's fixed time (UCI's movetime): search until it runs
                           out. false: time_ms is a budget not to exceed, and an iteration that
                           could not finish in what is left of it is not started */
    /* The clocks, in milliseconds, by player index (0: the player who moves first). */
    long move_time_ms;      /* this move's fixed time (UCI's movetime, XBoard's st): spent whole, less a margin */
    long clock_ms[2];       /* time left on each player's clock */
    long increment_ms[2];   /* added to each player's clock after each of its moves */
    long byoyomi_ms;        /* shogi's byoyomi: what each move gets once the main time is spent */
    int moves_to_go;        /* moves to the next time control, 0 = the whole game (sudden death) */
    long overhead_ms;       /* kept back from every budget for the GUI and the pipe */
    bool infinite;          /* search until stopped (ggn_searcher_set_stop): the clocks are not read, and
                               with no depth the search goes to GGN_SEARCH_MAX_DEPTH; time_ms and nodes
                               still apply (a caller's cap). A protocol's "go infinite", "go ponder" */
    /*
     * The root moves the search may choose among (UCI's searchmoves; UCCI's
     * banmoves is the complement). NULL: every legal move. Moves that are not
     * legal in the position are ignored; when none of the list is legal the
     * search answers as for a position with no legal move.
     */
    const ggn_move *root_moves;
    size_t root_move_count;
} ggn_search_limits;

/*
 * The time manager: milliseconds the player to move (0 or 1) may spend on
 * this move by the clocks of limits (move_time_ms, clock_ms, increment_ms,
 * byoyomi_ms, moves_to_go, overhead_ms), or 0 when they set no time limit
 * or limits->infinite is set. It keeps overhead_ms back for the GUI and
 * never spends more than a fraction of the time left, so a game at 1 s +
 * 10 ms a move, or 10 s for 40 moves, is not lost on time (docs/ai.md).
 */
long ggn_search_time_budget(const ggn_search_limits *limits, int player);

/* Moves of the expected line kept in a result (ggn_search_result.pv). */
#define GGN_SEARCH_MAX_PV 32

typedef struct ggn_search_result {
    ggn_move best;      /* the chosen move (valid when found) */
    int score;          /* centipawns from the mover's view; see GGN_SEARCH_MATE */
    int depth;          /* deepest iteration completed */
    uint64_t nodes;     /* positions visited, quiescence included */
    bool found;         /* false when the position has no legal move */
    int seldepth;       /* deepest ply below the root the search reached, quiescence included */
    /*
     * The expected line (principal variation) from the position: pv[0] is
     * best, each move legal after the ones before it; read back from the
     * transposition table, so it may stop short of the depth. 0 moves when
     * nothing was searched.
     */
    int pv_length;
    ggn_move pv[GGN_SEARCH_MAX_PV];
} ggn_search_result;

typedef struct ggn_searcher ggn_searcher;

/*
 * A new searcher with a transposition table of about tt_megabytes MiB
 * (0 gives GGN_SEARCH_DEFAULT_TT_MB; the size is rounded down to a power
 * of two entries). Its first search also takes 1 MiB for evaluations and
 * up to 8 MiB of move-ordering history (per thread), by the game's size
 * (docs/ai.md). Returns NULL when out of memory. Free it with
 * ggn_searcher_free. A searcher may be used for any game, one search at a
 * time.
 */
ggn_searcher *ggn_searcher_new(size_t tt_megabytes);

/*
 * Searches with `threads` threads from the next search on (1, the default:
 * the caller's thread alone; at most GGN_MAX_SEARCH_THREADS; returns the
 * count set). The caller's thread searches and decides; the others search
 * the same position on copies and share the transposition table ("lazy
 * SMP", docs/ai.md), so the same time reaches deeper. With more than one
 * thread the answer to a depth or node limit may differ from run to run,
 * and a node limit counts the caller's thread's nodes only; the result's
 * nodes count every thread's. A build or system that cannot make threads
 * searches with those it could make.
 */
int ggn_searcher_set_threads(ggn_searcher *s, int threads);
/* The thread count set (1 unless ggn_searcher_set_threads set more). */
int ggn_searcher_threads(const ggn_searcher *s);

/* What a searcher's transposition table holds for one position (ggn_searcher_probe). */
typedef struct ggn_search_probe {
    bool has_move;   /* move is the best (or refuting) move found there */
    ggn_move move;
    int score;       /* centipawns from the view of the side to move there (mates as in ggn_search_result) */
    int depth;       /* plies the score was searched to */
    bool lower;      /* the score is at least `score` */
    bool upper;      /* the score is at most `score` (both: exactly) */
} ggn_search_probe;

/*
 * Fills out with what the searcher's table holds for pos (UCCI's `probe`);
 * false when it holds nothing. The move, when there is one, is checked to
 * be one of pos's legal moves (a table slot is shared by many positions):
 * pos is changed while they are generated and given back as it was.
 */
bool ggn_searcher_probe(const ggn_searcher *s, ggn_position *pos, ggn_search_probe *out);

/* Releases a searcher (NULL is allowed). */
void ggn_searcher_free(ggn_searcher *s);

/*
 * Forgets everything learnt by earlier searches (transposition table, killer
 * moves, history), e.g. before a new game. A searcher also clears itself when
 * it is handed a position of another game.
 */
void ggn_searcher_clear(ggn_searcher *s);

/*
 * Lets another thread end this searcher's searches: while *stop is true (it
 * is read every few thousand positions) a search stops at once and answers
 * with the best move found so far, as when its time runs out (a protocol's
 * "stop"). NULL (the default) turns it off. The flag stays the caller's.
 */
void ggn_searcher_set_stop(ggn_searcher *s, const atomic_bool *stop);

/*
 * Called on the searching thread after every completed iteration of this
 * searcher's searches, with the result so far and the milliseconds since
 * the search began (a protocol's "info depth ..." line). The position is
 * then the root, as given; the callback must change neither it nor the
 * searcher. NULL (the default) turns it off.
 */
typedef void (*ggn_search_progress)(const ggn_search_result *so_far, long elapsed_ms, void *context);
void ggn_searcher_set_progress(ggn_searcher *s, ggn_search_progress progress, void *context);

/*
 * Searches pos within limits (NULL: no limit, see ggn_search_limits) and
 * fills out (which must not be NULL). Returns false, with out->found false,
 * when the position has no legal move; otherwise true with out->best one of
 * ggn_position_legal_moves(pos). The position is restored before returning.
 * With the same searcher state, position, limits and seed, and no time
 * limit, the answer is always the same.
 */
bool ggn_searcher_run(ggn_searcher *s, ggn_position *pos, const ggn_search_limits *limits, ggn_search_result *out);

/*
 * ggn_searcher_run with a temporary searcher (GGN_SEARCH_DEFAULT_TT_MB; if
 * that much memory is not available, a search without a transposition
 * table). Deterministic for a fixed seed without a time limit.
 */
bool ggn_search_best(ggn_position *pos, const ggn_search_limits *limits, ggn_search_result *out);

/*
 * The static evaluation the search uses at its leaves, in centipawns from
 * the view of the player to move (material only: the mobility term needs
 * the search's move counts). Meant for tools and tests.
 */
int ggn_search_evaluate(const ggn_position *pos);

/*
 * The weights of the evaluation's terms beside material (docs/ai.md, "The
 * evaluation"), in centipawns at full strength. The same for every game;
 * bench/tune_eval fits them to scored positions (docs/benchmarks.md).
 */
typedef struct ggn_search_weights {
    int mobility;      /* per pseudo-legal move of difference between the sides, */
    int mobility_cap;  /* counting at most this many moves of each piece */
    int king_piece;    /* king danger: (king_piece x attackers + their moves next to the enemy leader)^2 */
    int king_danger;   /* x this / 100, from two attackers on */
    int centre;        /* a piece other than a leader on the centre square */
    int leader_centre; /* a leader on the centre square against full enemy material: -this (it hides), */
    int leader_endgame; /* against none: +this (it comes out to help); in between, in proportion */
    int shelter;       /* a leader's own piece beside it (up to three), at full enemy material */
    int advance;       /* the cheapest kind at the far edge */
    int reach;         /* another kind, per square it reaches beyond its average on an empty board */
    int goal;          /* a kind that wins on a goal zone: up to this, less this / (longest side - 1) a move away */
    int goal_near;     /* more for the same, a quarter as much for each move further (up to four) */
    int goal_race;     /* instead of both, an unassailable leader one move from its zone: 5/8 as much a move further */
    int promotion;     /* % of what a kind other than the cheapest gains by promoting, standing where it can */
    int checks;        /* with a check limit: checks given / checks still wanted x this */
    int passed;        /* a passed piece of the cheapest kind at the far edge (up to twice with no enemy material) */
    int doubled;       /* penalty: a second piece of the cheapest kind on one file */
    int isolated;      /* penalty: a piece of the cheapest kind with none of its own on the files beside it */
    int unexposed;     /* games with conversion: a piece on a square no conversion reaches (a corner in Othello),
                          less the more ways one does (ggn_game_conversion_exposure) */
    int united;        /* games won by uniting one's pieces (game_end.united): penalty per king step of the
                          pieces' mean distance from their centre, in hundredths */
    int territory;     /* games whose turns wall the board (Amazons): per empty square a side's pieces reach
                          in fewer moves than the other's */
} ggn_search_weights;

/* Fills *w with the weights every searcher starts with. */
void ggn_search_default_weights(ggn_search_weights *w);
/* The weights s evaluates with from its next search or evaluation on (its threads' too). */
void ggn_searcher_set_weights(ggn_searcher *s, const ggn_search_weights *w);
void ggn_searcher_weights(const ggn_searcher *s, ggn_search_weights *w);

/*
 * The full evaluation s gives pos at a leaf, with its weights: material,
 * position and both sides' activity, in centipawns from the view of the
 * player to move (the root player's side when more than two play). pos is
 * changed while reading the other side's moves and given back as it was.
 * Meant for tuning and tools; a search does not need it.
 */
int ggn_searcher_evaluate(ggn_searcher *s, ggn_position *pos);

#endif
