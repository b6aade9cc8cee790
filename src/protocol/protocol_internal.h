/*
 * protocol_internal.h — the engine session core (session.c, output.c,
 * think.c) and the front ends on it (uci.c: UCI, USI, UCCI; xboard.c: CECP).
 *
 * The core holds what every protocol has: the output, the game and its
 * position, the two computer players and their options (Hash, Threads,
 * Player), and one worker thread. The reading thread owns the session;
 * while the worker runs it owns the position and the players, and the
 * reading thread touches neither until it has joined it (pr_worker_join).
 * A front end keeps its own state after the core (pr_session is its first
 * member) and answers lines through its pr_front.
 */
#ifndef GGN_PROTOCOL_INTERNAL_H
#define GGN_PROTOCOL_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>

#include "ggn/game.h"
#include "ggn/mcts.h"
#include "ggn/protocol.h"
#include "ggn/search.h"

enum {
    PR_DEFAULT_OVERHEAD_MS = 30, /* time kept back per move for the GUI and the pipe */
    PR_MAX_OVERHEAD_MS = 5000,
    PR_MAX_HASH_MB = 4096,
    PR_NAME_CAP = 64,            /* a game's name as a protocol offers it */
    PR_XBOARD_MAX_FILES = 16,    /* XBoard's board: at most 16 files ... */
    PR_XBOARD_MAX_RANKS = 16     /* ... and 16 ranks */
};

typedef struct pr_session pr_session;

/* A front end: the session's words. */
typedef struct pr_front {
    bool (*input)(pr_session *s, char *line);   /* one line, trimmed; false on quit */
    void (*too_long)(pr_session *s);            /* a line past GGN_SESSION_MAX_LINE was skipped */
    void (*close)(pr_session *s, bool quit);    /* the end of the session's work (ggn_session_close) */
    void (*free)(pr_session *s);                /* the front end's own state */
} pr_front;

struct pr_session {
    const pr_front *front;
    ggn_protocol protocol;
    /* Output: whole lines under a lock (the worker says its lines too). */
    ggn_session_output output;
    void *output_context;
    pthread_mutex_t out_lock;
    /* Where games are. */
    ggn_session_resolver resolve;
    void *resolve_context;
    char (*names)[PR_NAME_CAP];    /* the shipped games' names (config.game_names) */
    size_t nnames;
    long think_cap_ms;             /* > 0: searches, perft, hash and threads bounded (ggn_session_config) */
    bool closed;
    /* The game. */
    ggn_game *game;
    ggn_position *pos;
    /* The players: alpha-beta's searcher (made when first needed) and the Monte Carlo player. */
    ggn_player_kind player;        /* the Player option: GGN_PLAYER_DEFAULT follows the game's spec */
    ggn_searcher *searcher;
    ggn_mcts *mcts;
    size_t hash_mb;
    int threads;
    ggn_search_progress progress;  /* the front end's info lines after each iteration (alpha-beta) */
    /* The worker thread. */
    bool working;
    pthread_t worker;
    atomic_bool stop;              /* read by the players: stop now */
};

/* ---- output.c ---- */

/* One line out (fmt without its newline), escaped: control bytes and broken UTF-8 as \xNN. */
void pr_say(pr_session *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A move of pos in a protocol's text (the session is the context); 0 when it cannot be written. */
typedef size_t (*pr_move_writer)(const pr_session *s, const ggn_position *pos, ggn_move m, char *buf, size_t cap);

/*
 * A line of play from pos (a principal variation) in the protocol's text,
 * moves separated by spaces, into buf: each move is made on pos to write
 * the next, and pos is given back as it was. It stops at the first move
 * that cannot be made, written or fit: the text is whole moves. Returns its length.
 */
size_t pr_line_text(const pr_session *s, pr_move_writer write, ggn_position *pos, const ggn_move *moves, int count,
                    char *buf, size_t cap);

/* ---- session.c ---- */

/* Sets up the core from config (the front end's part is the caller's); false when out of memory. */
bool pr_session_init(pr_session *s, const pr_front *front, const ggn_session_config *config);
void pr_session_destroy(pr_session *s);

/*
 * Loads the game name names (resolved through the caller) or, with as_path,
 * the file itself; NULL with errs filled when it does not load (errs->count 0:
 * no such game).
 */
ggn_game *pr_load_game(pr_session *s, const char *name, bool as_path, ggn_errors *errs);

/* Makes game (and a new start position of it) the session's; false, nothing changed, when out of memory. */
bool pr_set_game(pr_session *s, ggn_game *game);

/* Seconds on a monotonic clock (for the info lines' times). */
double pr_seconds(void);

/* Forgets what the players learnt (a new game). */
void pr_players_clear(pr_session *s);

/* The options every protocol has; the front end checks the ranges and says why not, in its words. */
bool pr_set_hash(pr_session *s, long mb);                   /* MiB, 1 to pr_most_hash; false: no memory, old kept */
long pr_most_hash(const pr_session *s);
bool pr_set_threads(pr_session *s, long threads);           /* 1 to pr_most_threads; false: out of range */
int pr_most_threads(const pr_session *s);
bool pr_set_player(pr_session *s, const char *name);        /* "alphabeta", "mcts" or "default"; false otherwise */
const char *pr_player_name(const pr_session *s);            /* the Player option's value */

/* ---- think.c ---- */

/*
 * Chooses a move for the session's position within limits, with the player
 * the Player option names (the game's own when it names none): fills out
 * as ggn_searcher_run does (the Monte Carlo player's answer translated:
 * depth its deepest node, nodes its iterations, score from its value). False
 * when there is no move to play, or no memory to think with (*no_memory).
 * Runs on the worker thread.
 */
bool pr_think(pr_session *s, const ggn_search_limits *limits, ggn_search_result *out, bool *no_memory);

/* Starts fn(s) on the worker thread, or runs it here when no thread can be made (false then). */
bool pr_worker_start(pr_session *s, void *(*fn)(void *));
/* Waits for the worker (telling it to stop first with stop); nothing when none runs. */
void pr_worker_join(pr_session *s, bool stop);

/* The score as UCI writes it: "cp N", "mate N", "mate -N". */
void pr_uci_score(char *buf, size_t cap, int score);

/* ---- perft.c ---- */

/*
 * `go perft depth` on the worker: "MOVE: COUNT" for each root move as it is
 * counted (moves in write's text), then "" and "Nodes searched: N"; when
 * stopped, an info string line and no total.
 */
void pr_perft(pr_session *s, int depth, pr_move_writer write);

/* ---- go.c ---- */

/* What a `go` command asked for. */
typedef struct pr_go {
    ggn_search_limits limits;   /* depth, nodes, the clocks by player (ms; UCCI: [0] the side to move's,
                                   "time"/"increment", [1] "opptime"/"oppincrement", in the units sent),
                                   byoyomi, movetime, movestogo, infinite; every other field 0 */
    bool ponder;
    const char *searchmoves;    /* the words after "searchmoves" up to the next keyword (NULL: not given) */
    size_t searchmoves_len;     /* their text's length */
} pr_go;

/*
 * Reads the arguments of `go` (the text after the word) in protocol's words.
 * Unknown words are skipped, as the protocol asks; a malformed number is
 * reported in *bad (the offending word, NULL when all is well) and that
 * limit left out. go->searchmoves points into args.
 */
void pr_go_parse(const char *args, ggn_protocol protocol, pr_go *go, const char **bad);

/* ---- xboard_setup.c ---- */

/* XBoard's own name for a ggn game whose rules XBoard knows (chess is "normal"); NULL for the others. */
const char *pr_xboard_native_name(const char *ggn_name);
/* Why XBoard cannot show or play game (a sentence), or NULL when it can. */
const char *pr_xboard_unplayable(const ggn_game *game);
/* Says `setup (TABLE) WxH+P_fairy FEN` and a `piece X& BETZA` line for every kind Betza can say, for s's game. */
void pr_xboard_say_setup(pr_session *s);

/* ---- the front ends ---- */

pr_session *pr_uci_new(const ggn_session_config *config, ggn_errors *errs);
pr_session *pr_xboard_new(const ggn_session_config *config, ggn_errors *errs);

#endif
