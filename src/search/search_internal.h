/*
 * search_internal.h — the searcher's state, shared by the files of the
 * search layer (internal). The search reads the game only through the
 * public API (ggn/game.h), so it runs any game a spec describes.
 */
#ifndef GGN_SEARCH_INTERNAL_H
#define GGN_SEARCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ggn/limits.h"
#include "ggn/search.h"
#include "engine/probe.h"

/* Score bounds: beyond every mate score, and "no score yet". */
#define SS_INF (GGN_SEARCH_MATE + 1)
#define SS_NONE (-GGN_SEARCH_MATE - 2)

/* Kinds worth more than this are scaled down (with all others) to keep scores clear of mates. */
#define SS_VALUE_SCALE 2000

/*
 * The evaluation's weights are a ggn_search_weights (ggn/search.h) in each
 * searcher, ggn_search_default_weights' unless set. Fixed here: the cap on
 * the king danger, the centrality scale, and the quiescence's lazy margin.
 */
#define SS_KING_DANGER_MAX 500
#define SS_LAZY_MARGIN 200      /* a quiescence estimate this far outside the window skips the fresh activity */
#define SS_CENTRE_SCALE 16      /* centrality of a square: 0 (farthest corner) to this (centre) */
#define SS_EVAL_CACHE_SLOTS (1 << 16) /* evaluations kept by position (1 MiB a searcher) */

/*
 * Quiescence bounds (docs/ai.md, "Bounded quiescence"). Without them a position in
 * which every capture can be answered by another (sixteen queens a side)
 * makes the capture tree below one horizon node exponential in its length.
 */
#define SS_QS_MAX_PLIES 16  /* quiescence plies below the horizon; deeper is judged by material */
#define SS_QS_FULL_PLIES 4  /* plies that try up to SS_QS_WIDTH moves; deeper, one: the first
                               recapture on the square just moved to, or the first evasion */
#define SS_QS_WIDTH 8       /* moves made at most at a quiescence node (captures by MVV/LVA) */
#define SS_DELTA_MARGIN 200 /* a quiescence capture is skipped when standing pat plus its victim (twice
                               that where captures fill a hand) plus this cannot reach alpha */

/*
 * Work between clock readings, in moves generated: a node costs about its
 * move count, so this is about 100 chess nodes (0.1 ms) and a few nodes of
 * a 32x32 board full of queens alike; a reading costs tens of nanoseconds.
 */
#define SS_CLOCK_WORK 4096

/*
 * Selectivity (docs/ai.md, "How it searches"). Margins are in centipawns of
 * the evaluation; depths in plies of remaining depth.
 */
#define SS_ASPIRATION_WINDOW 40 /* half-width of the first root window from depth SS_ASPIRATION_DEPTH */
#define SS_ASPIRATION_DEPTH 4
#define SS_NULL_MIN_DEPTH 3     /* null move tried at this remaining depth and more */
#define SS_NULL_REDUCTION 3     /* R: the null move's reply is searched depth - 1 - R (- depth / 4) */
#define SS_ZUGZWANG_PIECES 3    /* a mover with this few pieces besides leaders: null move verified */
#define SS_RFP_DEPTH 7          /* static eval this far above beta at depth <= this: cut */
#define SS_RFP_MARGIN 80        /* per ply of depth (one ply less while the eval improves) */
#define SS_RFP_MIN_MOVES 10     /* ... and when the mover has at least this many pseudo-legal moves */
#define SS_FUTILITY_DEPTH 6     /* quiet moves skipped when eval + margin * (depth + 1) cannot reach alpha */
#define SS_FUTILITY_MARGIN 80
#define SS_LMP_DEPTH 6          /* late quiet moves skipped at depth <= this past 3 + depth^2 moves (half that
                                   while the eval does not improve) */
#define SS_SEE_DEPTH 6          /* at depth <= this, moves the exchange evaluation says lose material: */
#define SS_SEE_CAPTURE_MARGIN 90 /* a capture skipped when it loses more than this * depth */
#define SS_SEE_QUIET_MARGIN 50  /* a quiet move when it loses more than this * depth^2 */
#define SS_IIR_DEPTH 4          /* a node with no table move searched one ply less from this depth */
#define SS_LMR_MIN_DEPTH 3      /* late-move reductions from this remaining depth */
#define SS_LMR_HISTORY_DIV 6000 /* a quiet move's history score over this: plies reduced less (or more) */
#define SS_LMR_TABLE 64         /* reductions tabulated for depths and move numbers below this */
#define SS_HISTORY_MAX (1 << 14) /* history scores stay within +/- this (gravity) */
#define SS_CONT_MAX_ENTRIES (1 << 22) /* continuation history: at most this many entries (8 MiB), else none */
/* Order scores from here up are the table move, good captures, promotions, killers and the counter-move. */
#define SS_ORDER_REFUTATION ((1 << 23) - 2)

enum { SS_BOUND_NONE = 0, SS_BOUND_UPPER = 1, SS_BOUND_LOWER = 2, SS_BOUND_EXACT = 3 };

/* One transposition-table result, as read from (or written to) a slot. */
typedef struct ss_tt_entry {
    ggn_move move;         /* best or refuting move found, when has_move */
    int score;             /* from the view of the side to move, mates relative to this node */
    int depth;             /* remaining depth the score was searched to */
    int bound;             /* SS_BOUND_* */
    bool has_move;
} ss_tt_entry;

/*
 * A slot of the table, shared by the threads of one search (threads.c):
 * three words written and read one at a time, with no lock. `check` is
 * key ^ move ^ meta, so a slot whose words come from two different writes
 * (one thread stored while another read) yields a key that matches nothing
 * and is a miss, never another position's result. An empty slot is all
 * zeros: key 0, which no probe asks for.
 */
typedef struct ss_tt_slot {
    _Atomic uint64_t check;
    _Atomic uint64_t move; /* the ggn_move's eight bytes */
    _Atomic uint64_t meta; /* score, depth, bound, age and has_move, packed by tt.c */
} ss_tt_slot;

/* What one side's pseudo-legal moves at a node say about its pieces (activity.c). */
typedef struct ss_activity {
    int mobility; /* its moves, at most weights.mobility_cap of each piece */
    int attack;   /* centipawns its attack on the squares around enemy leaders is worth */
} ss_activity;

/* A full evaluation kept for its position (eval.c): key 0 is an empty slot. */
typedef struct ss_eval_slot {
    uint64_t key;
    int32_t eval;
} ss_eval_slot;

/* The move list of one ply, with ordering scores. */
typedef struct ss_ply {
    ggn_move moves[GGN_MAX_MOVES];
    int32_t order[GGN_MAX_MOVES];
    bool capture[GGN_MAX_MOVES]; /* the move takes a piece (set with the order; not for moves left out by only_to) */
    bool promotes[GGN_MAX_MOVES]; /* the move changes its piece's kind (set with capture; not a shogi piece's
                                     choice to stay as it is, which is a quiet move) */
    bool unjudged[GGN_MAX_MOVES]; /* a capture whose order assumes it does not lose material (ss_pick judges it) */
    bool tactical_only;           /* the list's order was asked with tactical_only */
} ss_ply;

struct ggn_searcher {
    /* Kept between searches. */
    ss_tt_slot *tt;        /* NULL when running without a table; a helper's is its main searcher's */
    size_t tt_mask;        /* slots - 1 (slots a power of two) */
    uint8_t age;           /* generation, bumped by every search; a helper takes its main searcher's */
    const ggn_game *game;  /* game of the last search: another game clears the tables */
    int last_root;         /* root player of the last search (paranoid scores depend on it) */
    ggn_move killer[GGN_SEARCH_MAX_PLY][2];
    int16_t history[GGN_MAX_PLAYERS][GGN_MAX_KINDS][GGN_MAX_SQUARES]; /* quiet-move successes by (mover, kind, destination) */
    ggn_move counter[GGN_MAX_KINDS][GGN_MAX_SQUARES]; /* quiet reply that refuted (kind, destination) */
    /*
     * Continuation history (order.c): quiet-move successes by the move one or two plies up
     * (its owner, kind and destination: a "piece-to") and this move (kind, destination).
     * cont_rows x cont_cols entries, allocated per game; NULL when too large or out of memory.
     */
    int16_t *cont;
    int cont_rows, cont_cols;
    int cont_squares;      /* the board's squares: a piece-to is (owner x kinds + kind) x this + destination */
    int8_t lmr[SS_LMR_TABLE][SS_LMR_TABLE];          /* reduction by [depth][move number] */
    ss_ply ply[GGN_SEARCH_MAX_PLY];
    /* Per ply of the current path: the static evaluation (SS_NONE in check) and the player to move. */
    int eval_at[GGN_SEARCH_MAX_PLY];
    int mover_at[GGN_SEARCH_MAX_PLY];
    int moved[GGN_SEARCH_MAX_PLY];       /* piece-to of the move made at each ply of the path (-1: a pass);
                                            every make on the path sets it, quiescence's too */
    ss_activity act[GGN_SEARCH_MAX_PLY]; /* the side to move's activity at each ply (activity.c) */
    ggn_move scratch[GGN_MAX_MOVES];      /* the other side's moves, for its activity (activity.c) */
    uint32_t zone_mark[GGN_MAX_SQUARES];  /* == zone_stamp: next to an enemy leader at the node being read */
    uint32_t zone_stamp;
    ggn_search_weights w;               /* the evaluation's weights (ggn_searcher_set_weights) */
    /* Evaluation tables of s->game (eval.c, ss_eval_prepare). */
    uint8_t centre[GGN_MAX_SQUARES];    /* 0..SS_CENTRE_SCALE */
    int advance_dir[GGN_MAX_PLAYERS];   /* +1: forward is up the rows, -1 down, 0 neither (eval.c) */
    int pawn_kind;                      /* the cheapest non-leader kind, -1 none */
    long start_material[GGN_MAX_PLAYERS]; /* material at the start, for the game phase */
    int value[GGN_MAX_KINDS];           /* kind values, divided by value_divisor */
    bool zone_attacker[GGN_MAX_KINDS];  /* the kind's moves next to an enemy leader count as an attack */
    bool has_hands;
    int check_limit;        /* game_end.check_limit (0: none): the evaluation's check race, the winning check's order */
    bool leaders_unassailable; /* no move may attack a leader (eg_leaders_unassailable): its goal is a race */
    bool pieces_burden;     /* a player wins by losing its pieces (eg_wins_by_losing_pieces): material counts against */
    bool unites;            /* a player wins by uniting its pieces (eg_wins_by_uniting): their spread counts against,
                               material not at all */
    bool drops_uncapped;    /* a game with conversion and hands (Othello's placements): which drops are legal is
                               what the position allows, so each counts for mobility, uncapped */
    bool moves_uncapped;    /* a game whose turns wall the board ("then": Amazons): every move counts for mobility */
    int fill_squares;       /* games with conversion: the board's squares, against which material is weighed by how
                               full the board is (a piece may change owner until the end); 0 in other games */
    bool mate_wins;         /* the mated player wins (eg_mate_wins): no leader is attacked or sheltered for gain */
    bool leader_zone_wide;  /* some leader lands beyond one king step (a royal knight): its zone holds those landings */
    int16_t *pst;                       /* [player][kind][square] piece-square values (eval.c) */
    size_t pst_cap;                     /* entries allocated */
    int pst_kinds, pst_squares;         /* the table's shape for s->game */
    bool has_pst;                       /* false only when the table could not be allocated */
    bool has_goals;                     /* some kind wins on a goal zone (ggn_game_goal_square) */
    const ggn_game *eval_game;          /* the game the tables were last built for (NULL: build them again) */
    ss_eval_slot *eval_cache;           /* SS_EVAL_CACHE_SLOTS evaluations, emptied with the tables; NULL: none */

    /* Set up by each search. */
    ggn_position *pos;
    int cols;
    int nplayers;
    int root;              /* the player to move at the root: the maximising side */
    bool has_leader;       /* legality = leader safety, and mates exist */
    bool null_ok;          /* two players: a pass hands the move to the other side */
    bool zugzwang_game;    /* no leader, or moves narrowed (forced capture): null moves always verified */
    bool forced_capture;   /* game_end.forced_capture: quiescence may not stand pat where only captures are legal */
    int null_floor;        /* keys[] index of the position after the latest null move on the path */
    int value_divisor;     /* material is divided by this (1 unless a kind is worth > SS_VALUE_SCALE) */
    int rep_rule, progress_rule; /* draw rules of the game, 0 = none */
    int rep_loser;               /* the player a repetition loses for, -1: a repetition draws */
    uint64_t nodes, node_limit;
    int seldepth;          /* deepest ply reached in this search */
    uint64_t work, next_clock; /* moves generated so far; the clock is read again at next_clock */
    int64_t deadline_ns;   /* CLOCK_MONOTONIC, 0 = none; read in every iteration, depth 1 included */
    bool exact_time;       /* ggn_search_limits.exact_time: iterate until the deadline */
    const ggn_move *root_moves;     /* ggn_search_limits.root_moves of the running search (NULL: all), */
    size_t root_move_count;         /* which its helpers keep to as well */
    const atomic_bool *stop;        /* ggn_searcher_set_stop (NULL = never) */
    ggn_search_progress progress;   /* ggn_searcher_set_progress (NULL = none) */
    void *progress_context;
    bool aborted;
    /* Hashes of the game so far and of the search path: keys[nkeys - 1] is the current position. */
    uint64_t keys[GGN_MAX_PLY + GGN_SEARCH_MAX_PLY + 1];
    int nkeys;

    /* Threads (threads.c). A main searcher's helpers live in its crew; a helper has helper_id > 0. */
    int threads;                      /* ggn_searcher_set_threads; 0 or 1: the caller's thread alone */
    struct ss_crew *crew;             /* the helpers, made at the first search with threads > 1 */
    int helper_id;                    /* 0: a main searcher; i > 0: helper i (skips every other iteration) */
    ggn_position *own_pos;            /* a helper's copy of the root */
    _Atomic uint64_t nodes_published; /* a helper's node count, for the main thread's progress reports */
};

/* search.c: what a searcher holds before its first search, table aside: reductions, default weights. */
void ss_searcher_init(ggn_searcher *s);
/* threads.c: starts the helpers on copies of root (nothing when the searcher has one thread). */
void ss_threads_start(ggn_searcher *s, const ggn_position *root);
/*
 * The drops a list needs where none is tried (quiescence out of check, the other side's
 * activity): as many as the mobility counts, weights.mobility_cap (a list's drops share one source).
 */
static inline size_t ss_drops_counted(const ggn_searcher *s)
{
    if (s->drops_uncapped) return GGN_MAX_MOVES;
    return s->w.mobility_cap > 0 ? (size_t)s->w.mobility_cap : 0;
}

/* threads.c: the helpers' nodes so far, as last published (for progress reports). */
uint64_t ss_threads_nodes(const ggn_searcher *s);
/* threads.c: stops and joins the helpers; returns the nodes they visited. */
uint64_t ss_threads_stop(ggn_searcher *s);
/* threads.c: clears the helpers' move-ordering tables (the shared table is the caller's to clear). */
void ss_threads_clear(ggn_searcher *s);
/* threads.c: stops the helpers and frees them. */
void ss_threads_free(ggn_searcher *s);

/* tt.c: a table of `slots` empty slots, NULL when out of memory; ss_tt_free frees it. */
ss_tt_slot *ss_tt_alloc(size_t slots);
void ss_tt_free(ss_tt_slot *tt, size_t slots);
void ss_tt_clear(ggn_searcher *s);
/*
 * The table's key of a position: its hash, and the passes made in a row before
 * it (which the hash leaves out, and which decide whether a pass ends the game).
 */
uint64_t ss_table_key(const ggn_position *pos);
/*
 * Starts loading key's slot into the processor's cache (a hint, where the
 * compiler offers one; nothing elsewhere): the probe at the child, some work
 * later, then finds it there.
 */
void ss_tt_prefetch(const ggn_searcher *s, uint64_t key);
/* Fills *out with the result stored for key; false when there is none. */
bool ss_tt_probe(const ggn_searcher *s, uint64_t key, ss_tt_entry *out);
void ss_tt_store(ggn_searcher *s, uint64_t key, int depth, int score, int bound, const ggn_move *move);
int ss_score_to_tt(int score, int ply);
int ss_score_from_tt(int score, int ply);

/* eval.c: material from the view of the side to move's team (see docs/ai.md). */
int ss_material(const ggn_searcher *s, const ggn_position *pos);
/* eval.c: the divisor that brings the game's largest kind value within SS_VALUE_SCALE. */
int ss_value_divisor(const ggn_game *g);
/* eval.c: fills the evaluation tables for s->game (once per game). */
void ss_eval_prepare(ggn_searcher *s);
/* eval.c: the full evaluation stored for the position with this table key; false when none is. */
bool ss_eval_cached(const ggn_searcher *s, uint64_t key, int *eval);
/* eval.c: starts loading the cache slot of that key (a hint, as ss_tt_prefetch). */
void ss_eval_prefetch(const ggn_searcher *s, uint64_t key);
/* eval.c: keeps the full evaluation of the position with this table key. */
void ss_eval_store(ggn_searcher *s, uint64_t key, int eval);
/* eval.c: material and position from the view of the side to move (the evaluation without activity). */
int ss_position_eval(const ggn_searcher *s, const ggn_position *pos);
/* territory.c: the empty squares `me` reaches first less those the other player does, weighted (two players). */
long ss_territory(const ggn_searcher *s, const ggn_position *pos, int me);
/*
 * eval.c: the full leaf evaluation: ss_position_eval's score plus, with `opponent` (the other
 * side's activity at this position, or one ply up; NULL when neither is known), the difference
 * in mobility and king attack between `mine` (the side to move's) and it.
 */
int ss_evaluate(const ggn_searcher *s, int position_eval, const ss_activity *mine, const ss_activity *opponent);
/* activity.c: which kinds' moves count in a king attack (once per search, after the cheapest kind is known). */
void ss_activity_prepare(ggn_searcher *s);
/* activity.c: fills s->act[ply] from the side to move's moves[0..n) at the current position, in generation order. */
void ss_activity_of(ggn_searcher *s, int ply, const ggn_move *moves, size_t n);
/*
 * activity.c: the other side's activity at the current position, as if it were to move (its
 * pseudo-legal moves after a pass); false when no pass can be made (more than two players, the
 * undo stack is full) or the pass leaves the same player to move (a turn of several moves).
 */
bool ss_opponent_activity(ggn_searcher *s, ss_activity *out);

/*
 * order.c: fills s->ply[ply].order for moves[0..n); tactical_only keeps captures and promotions,
 * only_to >= 0 keeps only moves to that square (the others get INT32_MIN).
 */
void ss_order_moves(ggn_searcher *s, int ply, size_t n, const ggn_move *tt_move, bool tactical_only, int only_to);
/*
 * order.c: swaps the best-ordered move of s->ply[ply].moves[from..n) to `from`. A capture's
 * exchange is judged only when it comes first, so that captures never reached cost nothing:
 * the order is the one every capture judged at once would give.
 */
void ss_pick(ggn_searcher *s, int ply, size_t from, size_t n);
/* order.c: the kind standing on a square, or -1. */
int ss_kind_on(const ggn_searcher *s, int sq);
/*
 * order.c: quiet move m refuted the position at `depth`: remember it (killer,
 * counter-move, history), and lower the history of the quiet moves tried
 * before it, quiets[0..nquiet).
 */
void ss_note_cutoff(ggn_searcher *s, int ply, ggn_move m, int depth, const ggn_move *quiets, int nquiet);
/*
 * order.c: a cheap static exchange estimate of a capture by the mover: the
 * victim's value, less the capturer's when the destination is attacked by
 * another player (it is taken back). Negative: the capture loses material.
 */
int ss_capture_gain(const ggn_searcher *s, ggn_move m);
/* order.c: shapes (and clears, when its shape changes) the continuation history for s->game. */
void ss_order_prepare(ggn_searcher *s);
/* order.c: the piece-to of move m by `mover`, just made (the kind now on its destination), -1 when none. */
int ss_piece_to(const ggn_searcher *s, ggn_move m, int mover);
/* order.c: fills s->lmr once per searcher. */
void ss_init_reductions(ggn_searcher *s);

#endif
