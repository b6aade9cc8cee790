/*
 * xboard.c — XBoard's CECP v2 on the session core (protocol_internal.h), with
 * engine-defined variants, so XBoard can show and play any two-player ggn
 * game with FEN on a board of up to 16x16. The reading thread owns the
 * session; the engine thinks on the worker, which owns the position, the
 * players and the game's end state (pos, searcher, over,
 * engine_moves) until it is joined. So while it thinks, `?` makes it move
 * now; `force`, `quit` and the other commands that change the game stop it
 * and drop its move; the clock and output commands are carried out at once;
 * anything else (usermove, ping, lift, ...) waits for the move and is then
 * carried out, in order. Errors are protocol lines (`Illegal move: ...`,
 * `Error (...): ...`); nothing but `quit` or the end of input ends the
 * session.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"
#include "ggn/version.h"
#include "protocol_internal.h"

enum { XB_MAX_VARIANTS = 128 };

typedef struct xb_variant {
    char name[64];              /* the name XBoard knows it by */
    char path[4096];            /* the spec file */
    bool native;                /* XBoard has the rules itself: no setup is sent */
} xb_variant;

typedef struct xb_session {
    pr_session core;            /* first: a pr_session * is an xb_session * */
    xb_variant variants[XB_MAX_VARIANTS];
    size_t nvariants;
    const xb_variant *variant;
    bool force;                 /* the engine plays neither side */
    int engine_side;            /* the player the engine plays when not in force mode */
    bool over;                  /* a result was announced or received: the engine does not move */
    atomic_bool post;           /* thinking output on (read by the search thread) */
    /* Time control: level MPS BASE INC, st, sd; the clocks from time and otim. */
    int mps;
    long base_ms, inc_ms, st_ms;
    int sd;
    long my_cs, their_cs;       /* centiseconds; -1 until the GUI says */
    int engine_moves;           /* moves the engine made since new (for MPS) */
    bool listed;                /* every shipped game is in variants */
    /* The engine thinking, if it is (core.working). */
    ggn_search_limits limits;
    atomic_bool discard;        /* the search's move is dropped, not played */
} xb_session;

/* One line out, through the core (output.c). */
#define say(s, ...) pr_say(&(s)->core, __VA_ARGS__)

/* ---- variants ---------------------------------------------------------------- */

static void add_variant(xb_session *s, const char *name, const char *path, bool native)
{
    if (s->nvariants == XB_MAX_VARIANTS) return;
    for (size_t i = 0; i < s->nvariants; i++)
        if (strcmp(s->variants[i].name, name) == 0) return; /* a spec file given first wins over a shipped game */
    xb_variant *v = &s->variants[s->nvariants++];
    snprintf(v->name, sizeof v->name, "%s", name);
    snprintf(v->path, sizeof v->path, "%s", path);
    v->native = native;
}

/* The game of the spec file at path, its errors dropped (NULL when it does not load). */
static ggn_game *load_quietly(xb_session *s, const char *path)
{
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_game *game = errs ? pr_load_game(&s->core, path, true, errs) : NULL;
    free(errs);
    return game;
}

/* Adds the shipped game NAME (a games/ name, never a path) when XBoard can play it. */
static const xb_variant *add_shipped(xb_session *s, const char *name)
{
    if (!name[0] || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(name)) return NULL;
    char path[4096];
    if (!s->core.resolve(name, path, sizeof path, s->core.resolve_context)) return NULL;
    ggn_game *game = load_quietly(s, path);
    const xb_variant *added = NULL;
    if (game && !pr_xboard_unplayable(game)) {
        const char *native = pr_xboard_native_name(name);
        add_variant(s, native ? native : name, path, native != NULL);
        added = &s->variants[s->nvariants - 1];
        if (strcmp(added->path, path) != 0) added = NULL; /* a spec file of that name came first, or the table is full */
    }
    ggn_game_free(game);
    return added;
}

/* Every shipped game XBoard can play, after the spec files from the command line (for protover). */
static void list_variants(xb_session *s)
{
    if (s->listed) return;
    s->listed = true;
    for (size_t i = 0; i < s->core.nnames; i++) add_shipped(s, s->core.names[i]);
}

/* Why the shipped game NAME (a games/ name, never a path) is not offered, or NULL when there is no such game. */
static const char *refusal(xb_session *s, const char *name)
{
    if (!name[0] || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(name)) return NULL;
    char path[4096];
    if (!s->core.resolve(name, path, sizeof path, s->core.resolve_context)) return NULL;
    ggn_game *game = load_quietly(s, path);
    const char *why = game ? pr_xboard_unplayable(game) : NULL;
    ggn_game_free(game);
    return why;
}

/*
 * The variant XBoard calls name. Shipped games are loaded when first named,
 * not all at the start: most sessions play one game.
 */
static const xb_variant *find_variant(xb_session *s, const char *name)
{
    for (size_t i = 0; i < s->nvariants; i++)
        if (strcmp(s->variants[i].name, name) == 0) return &s->variants[i];
    if (s->listed) return NULL;
    /* XBoard's names: "normal" is chess; "chess" itself is not a name XBoard uses. */
    const char *ggn_name = strcmp(name, "normal") == 0 ? "chess" : name;
    const char *native = pr_xboard_native_name(ggn_name);
    if (native && strcmp(native, name) != 0) return NULL;
    return add_shipped(s, ggn_name);
}

/* Starts variant v at its start position; on failure says why and keeps the old game. */
static bool select_variant(xb_session *s, const xb_variant *v)
{
    ggn_game *game = load_quietly(s, v->path);
    if (!game) {
        say(s, "Error (variant does not load): %s", v->name);
        return false;
    }
    if (!pr_set_game(&s->core, game)) {
        say(s, "Error (out of memory): variant %s", v->name);
        ggn_game_free(game);
        return false;
    }
    s->variant = v;
    return true;
}

/* ---- moves and results ------------------------------------------------------- */

/*
 * Announces the result when the game is over (true then). Once: a game
 * already over (said, or told by `result`) is not announced again when the
 * GUI goes on sending moves in force mode.
 */
static bool check_result(xb_session *s)
{
    if (s->over) return true;
    ggn_status st = ggn_position_status(s->core.pos);
    if (st.outcome == GGN_ONGOING) return false;
    static const char *const side[2] = { "White", "Black" };
    const char *score = st.winner == 0 ? "1-0" : st.winner == 1 ? "0-1" : "1/2-1/2";
    const char *who = st.winner == 0 || st.winner == 1 ? side[st.winner] : "";
    switch (st.outcome) {
    case GGN_CHECKMATE:
        if (st.rule < 0) {
            say(s, "%s {%s mates}", score, who);
        } else { /* a mate that game_end judges by its checks (shatar's): say how */
            char why[512];
            ggn_status_describe(s->core.game, &st, why, sizeof why);
            say(s, "%s {%s}", score, why);
        }
        break;
    case GGN_LEADER_CAPTURED: say(s, "%s {%s captures the king}", score, who); break;
    case GGN_STALEMATE:
        if (st.winner >= 0) say(s, "%s {%s wins by stalemate}", score, who);
        else say(s, "%s {Stalemate}", score);
        break;
    case GGN_DRAW_REPETITION: say(s, "%s {Draw by repetition}", score); break;
    case GGN_DRAW_NO_PROGRESS: say(s, "%s {Draw by the no-progress rule}", score); break;
    case GGN_DRAW_MATERIAL: say(s, "%s {Insufficient material}", score); break;
    default: { /* a game_end rule (a goal, bikjang, passes, ...): said as ggn says it */
        char why[512];
        ggn_status_describe(s->core.game, &st, why, sizeof why);
        say(s, "%s {%s}", score, why);
        break;
    }
    }
    s->over = true;
    return true;
}

/* The move as XBoard writes it: ggn's coordinates with XBoard's ranks (rank_text.h). */
/* A move of pos in XBoard's text (its ranks); 0 when it cannot be written (pr_move_writer). */
static size_t format_move_of(const pr_session *session, const ggn_position *pos, ggn_move move, char *buf, size_t cap)
{
    const xb_session *s = (const xb_session *)session;
    char text[64];
    if (ggn_move_is_pass(s->core.game, move)) {
        /* XBoard's null move: a pass written as the general's square twice is no move XBoard can read. */
        snprintf(buf, cap, "@@@@");
        return strlen(buf);
    }
    /* XBoard reads a drop as P@d3 only, also where ggn writes a placement as its point. */
    if (!ggn_move_format_long(pos, move, text, sizeof text) ||
        !ggn_protocol_ranks_to_xboard(text, ggn_game_rows(s->core.game), buf, cap))
        return 0;
    return strlen(buf);
}

static bool format_move(const xb_session *s, ggn_move move, char *buf, size_t cap)
{
    return format_move_of(&s->core, s->core.pos, move, buf, cap) > 0;
}

/* Called by the search after each iteration when `post` is on: "DEPTH SCORE TIME NODES PV". */
static void report_iteration(const ggn_search_result *r, long elapsed_ms, void *ctx)
{
    xb_session *s = ctx;
    if (!atomic_load(&s->post)) return;
    char move[2048];
    if (!pr_line_text(&s->core, format_move_of, s->core.pos, r->pv, r->pv_length, move, sizeof move) &&
        !format_move(s, r->best, move, sizeof move))
        snprintf(move, sizeof move, "?");
    int score = r->score;
    /* CECP's mate scores: 100000 + moves to mate. */
    if (score > GGN_SEARCH_MATE_BOUND) score = 100000 + (GGN_SEARCH_MATE - score + 1) / 2;
    else if (score < -GGN_SEARCH_MATE_BOUND) score = -100000 - (GGN_SEARCH_MATE + score) / 2;
    say(s, "%d %d %ld %llu %s", r->depth, score, elapsed_ms / 10, (unsigned long long)r->nodes, move);
}

/* The search thread: thinks, then plays and announces its move unless told to drop it. */
static void *search_main(void *arg)
{
    xb_session *s = arg;
    ggn_search_result r;
    bool no_memory;
    bool found = pr_think(&s->core, &s->limits, &r, &no_memory);
    if (atomic_load(&s->discard)) return NULL;
    if (no_memory) {
        say(s, "Error (out of memory): cannot think");
        return NULL;
    }
    if (!found) {
        check_result(s);
        return NULL;
    }
    char move[64];
    if (!format_move(s, r.best, move, sizeof move) || !ggn_position_make(s->core.pos, r.best)) {
        say(s, "Error (internal): the search's move cannot be played");
        return NULL;
    }
    s->engine_moves++;
    say(s, "move %s", move);
    check_result(s);
    return NULL;
}

/* How a running search is ended before the reading thread goes on. */
typedef enum xb_finish {
    XB_WAIT,     /* let it finish and move */
    XB_NOW,      /* stop it now; it moves with the best found so far */
    XB_DISCARD   /* stop it now and drop its move */
} xb_finish;

static void finish_search(xb_session *s, xb_finish how)
{
    if (!s->core.working) return;
    if (how == XB_DISCARD) atomic_store(&s->discard, true);
    pr_worker_join(&s->core, how != XB_WAIT);
}

/* The engine starts thinking on its thread, to play its move (or nothing, when the game is over). */
static void think(xb_session *s)
{
    if (s->over || check_result(s)) return;
    int me = ggn_position_to_move(s->core.pos);
    memset(&s->limits, 0, sizeof s->limits);
    ggn_search_limits *l = &s->limits;
    if (s->st_ms > 0) {
        l->move_time_ms = s->st_ms;
    } else if (s->my_cs >= 0) {
        l->clock_ms[me] = s->my_cs * 10;
        l->clock_ms[1 - me] = s->their_cs >= 0 ? s->their_cs * 10 : s->my_cs * 10;
        l->increment_ms[0] = l->increment_ms[1] = s->inc_ms;
        if (s->mps > 0) l->moves_to_go = s->mps - s->engine_moves % s->mps;
    } else if (s->base_ms > 0) {
        l->clock_ms[me] = l->clock_ms[1 - me] = s->base_ms;
        l->increment_ms[0] = l->increment_ms[1] = s->inc_ms;
        if (s->mps > 0) l->moves_to_go = s->mps - s->engine_moves % s->mps;
    }
    l->overhead_ms = PR_DEFAULT_OVERHEAD_MS;
    l->time_ms = ggn_search_time_budget(l, me);
    l->exact_time = l->move_time_ms > 0; /* st: a fixed time a move is there to be spent */
    long cap = s->core.think_cap_ms;
    if (cap > 0 && (!l->time_ms || l->time_ms > cap)) l->time_ms = cap;
    s->limits.depth = s->sd > GGN_SEARCH_MAX_DEPTH ? GGN_SEARCH_MAX_DEPTH : s->sd;
    /* The players (and their memory) are made when first needed (think.c): many sessions never think. */
    s->core.progress = report_iteration;
    atomic_store(&s->discard, false);
    pr_worker_start(&s->core, search_main); /* without a thread it thinks here: the GUI still gets its move */
}

/* usermove: plays the GUI's move, then the engine's answer when it is the engine's turn. */
static void user_move(xb_session *s, const char *text)
{
    ggn_move mv;
    ggn_error err;
    ggn_error_clear(&err);
    if (!*text) {
        say(s, "Error (no move given): usermove");
        return;
    }
    char ggn_text[64];
    if (!ggn_protocol_ranks_from_xboard(text, ggn_game_rows(s->core.game), ggn_text, sizeof ggn_text)) {
        say(s, "Illegal move (too long): %s", text);
        return;
    }
    if (strcmp(text, "@@@@") == 0) {
        /* XBoard's null move: the pass, where the game has one. */
        ggn_move moves[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(s->core.pos, moves, GGN_MAX_MOVES);
        bool found = false;
        for (size_t i = 0; i < n && i < GGN_MAX_MOVES && !found; i++)
            if (ggn_move_is_pass(s->core.game, moves[i])) {
                mv = moves[i];
                found = true;
            }
        if (!found || !ggn_move_format(s->core.pos, mv, ggn_text, sizeof ggn_text)) {
            say(s, "Illegal move (no pass here): %s", text);
            return;
        }
    }
    if (!ggn_move_parse(s->core.pos, ggn_text, &mv, &err)) {
        say(s, "Illegal move (%s): %s", err.message[0] ? err.message : "not legal here", text);
        return;
    }
    if (!ggn_position_make(s->core.pos, mv)) {
        say(s, "Illegal move (the game is too long): %s", text);
        return;
    }
    if (check_result(s)) return;
    if (!s->force && ggn_position_to_move(s->core.pos) == s->engine_side) think(s);
}

/* `lift SQUARE`: the legal targets of the piece there as a `highlight` board (Y a move, R a capture, M a promotion). */
static void say_highlight(xb_session *s, const char *xboard_square)
{
    int cols = ggn_game_cols(s->core.game), rows = ggn_game_rows(s->core.game);
    char square[64];
    if (!ggn_protocol_ranks_from_xboard(xboard_square, rows, square, sizeof square)) square[0] = '\0';
    /* A square is a file letter and a rank number on the board, as XBoard names it. */
    char *end = NULL;
    long rank = square[0] >= 'a' && square[0] < 'a' + cols && square[1] >= '1' && square[1] <= '9'
                    ? strtol(square + 1, &end, 10)
                    : 0;
    if (rank < 1 || rank > rows || *end) {
        say(s, "Error (no such square): lift %s", xboard_square);
        return;
    }
    char marks[PR_XBOARD_MAX_RANKS][PR_XBOARD_MAX_FILES];
    memset(marks, 0, sizeof marks);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(s->core.pos, moves, GGN_MAX_MOVES);
    size_t len = strlen(square);
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        char text[64];
        if (ggn_move_is_drop(moves[i]) || !ggn_move_format(s->core.pos, moves[i], text, sizeof text)) continue;
        /* "e2e4": the source is the square text exactly, and a file letter follows it. */
        if (strncmp(text, square, len) != 0 || !(text[len] >= 'a' && text[len] <= 'z')) continue;
        char *after;
        int x = text[len] - 'a', y = (int)strtol(text + len + 1, &after, 10) - 1;
        if (x < 0 || x >= cols || y < 0 || y >= rows) continue;
        /* Text after the target square is a promotion ("e7e8q", "h2b8+"); it outranks a capture. */
        char mark = *after ? 'M' : ggn_move_is_capture(s->core.pos, moves[i]) ? 'R' : 'Y';
        if (marks[y][x] != 'M') marks[y][x] = mark;
    }
    char board[PR_XBOARD_MAX_RANKS * (PR_XBOARD_MAX_FILES + 1) + 1];
    size_t b = 0;
    for (int y = rows - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < cols; x++) {
            if (!marks[y][x]) {
                empty++;
                continue;
            }
            if (empty) b += (size_t)snprintf(board + b, sizeof board - b, "%d", empty);
            empty = 0;
            board[b++] = marks[y][x];
        }
        if (empty) b += (size_t)snprintf(board + b, sizeof board - b, "%d", empty);
        if (y) board[b++] = '/';
    }
    board[b] = '\0';
    say(s, "highlight %s", board);
}

/* ---- commands ----------------------------------------------------------------- */

static void say_features(xb_session *s)
{
    /*
     * done=0 first: listing the variants loads every shipped game, which on
     * a busy machine (or under a sanitizer) can take longer than the 2 s a
     * GUI waits before it takes a silent engine for protocol version 1.
     */
    say(s, "feature done=0");
    list_variants(s);
    char list[4096];
    size_t len = 0;
    list[0] = '\0';
    for (size_t i = 0; i < s->nvariants; i++) {
        int n = snprintf(list + len, sizeof list - len, "%s%s", i ? "," : "", s->variants[i].name);
        if (n < 0 || (size_t)n >= sizeof list - len) break;
        len += (size_t)n;
    }
    list[len] = '\0';
    say(s, "feature myname=\"ggn %s\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 "
           "analyze=0 colors=0 name=0 nps=0 memory=0 smp=1 highlight=1 debug=1",
        GGN_VERSION_STRING);
    say(s, "feature variants=\"%s\"", list);
    /* The session's computer player (the default marked '*', as CECP marks it). */
    say(s, "feature option=\"Player -combo *alphabeta /// mcts /// default\"");
    say(s, "feature done=1");
}

/* Reads a whole number >= 0; false when text is no such number. */
static bool read_number(const char *text, long *out)
{
    char *end;
    if (*text < '0' || *text > '9') return false;
    long v = strtol(text, &end, 10);
    if (*end && *end != ' ' && *end != '\t' && *end != ':') return false;
    *out = v > 1000000000L ? 1000000000L : v;
    return true;
}

/* level MPS BASE INC: BASE in minutes or MIN:SEC, INC in seconds (a fraction allowed). */
static void set_level(xb_session *s, const char *args)
{
    long mps, min, sec = 0;
    char base[64], inc[64];
    if (sscanf(args, "%ld %63s %63s", &mps, base, inc) != 3 || mps < 0 || !read_number(base, &min)) {
        say(s, "Error (level needs MPS BASE INC): level %s", args);
        return;
    }
    const char *colon = strchr(base, ':');
    if (colon && !read_number(colon + 1, &sec)) {
        say(s, "Error (level needs MPS BASE INC): level %s", args);
        return;
    }
    double inc_s = strtod(inc, NULL);
    if (inc_s < 0 || inc_s > 3600) inc_s = 0;
    s->mps = mps > 1000 ? 1000 : (int)mps;
    s->base_ms = (min * 60 + sec) * 1000;
    s->inc_ms = (long)(inc_s * 1000);
    s->st_ms = 0;
}

/* new: the start of a chess game, the engine playing black, no depth limit (level and st stay, as XBoard expects). */
static void new_game(xb_session *s)
{
    const xb_variant *chess = find_variant(s, "normal");
    if (chess && s->variant != chess) select_variant(s, chess);
    else if (s->core.game) {
        ggn_position *pos = ggn_position_new(s->core.game);
        if (pos) {
            ggn_position_free(s->core.pos);
            s->core.pos = pos;
        }
    }
    pr_players_clear(&s->core);
    s->force = false;
    s->over = false;
    s->engine_side = 1;
    s->sd = 0;
    s->my_cs = s->their_cs = -1;
    s->engine_moves = 0;
}

static void take_back(xb_session *s, const char *word, int plies)
{
    if (ggn_position_history(s->core.pos) < plies) {
        say(s, "Error (no move to take back): %s", word);
        return;
    }
    for (int i = 0; i < plies; i++) ggn_position_unmake(s->core.pos);
    s->over = false;
}

/* `option NAME=VALUE`: the Player option; the others a GUI may send (it offers none) change nothing. */
static void set_option(xb_session *s, const char *args)
{
    if (strncmp(args, "Player=", 7) == 0 && !pr_set_player(&s->core, args + 7))
        say(s, "Error (Player is alphabeta, mcts or default): option %s", args);
}

/* One command line; false on quit. */
static bool handle(xb_session *s, char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(line);
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r')) line[--n] = '\0';
    size_t w = strcspn(line, " \t");
    const char *rest = line + w + strspn(line + w, " \t");
#define IS(word) (w == strlen(word) && strncmp(line, word, w) == 0)
    long v;
    if (w == 0) return true;
    if (s->core.working) {
        if (IS("?")) {
            atomic_store(&s->core.stop, true); /* move now: the search answers with what it has */
            return true;
        }
        bool at_once = IS("post") || IS("nopost") || IS("time") || IS("otim") || IS("level") || IS("st") ||
                       IS("sd") || IS("easy") || IS("hard") || IS("computer") || IS("name") || IS("rating") ||
                       IS("random") || IS("accepted") || IS("rejected") || IS("draw") || IS(".");
        /* The commands that change the game or end the session: the move being thought of is no longer wanted. */
        bool drop = IS("quit") || IS("force") || IS("new") || IS("variant") || IS("setboard") || IS("undo") ||
                    IS("remove") || IS("result") || IS("edit");
        if (!at_once) finish_search(s, drop ? XB_DISCARD : XB_WAIT);
    }
    if (IS("quit")) return false;
    if (IS("protover")) {
        say_features(s);
    } else if (IS("xboard") || IS("accepted") || IS("rejected") || IS("random") || IS("hard") || IS("easy") ||
               IS("computer") || IS("name") || IS("rating") || IS("ics") || IS("draw") || IS("?") ||
               IS("nps") || IS("memory") || IS("egtpath") || IS("put") ||
               IS("hover") || IS(".") || IS("exit") || IS("bk") || IS("hint")) {
        /* Nothing to do: ggn declines draws, has no book and never ponders (`?` while thinking is above). */
    } else if (IS("option")) {
        set_option(s, rest);
    } else if (IS("new")) {
        new_game(s);
    } else if (IS("variant")) {
        const xb_variant *var = find_variant(s, rest);
        const char *why = var ? NULL : refusal(s, rest);
        if (why) say(s, "Error (cannot be shown: %s): %s", why, rest);
        else if (!var) say(s, "Error (unknown variant): %s", rest);
        else if (select_variant(s, var)) {
            s->over = false;
            if (!var->native) pr_xboard_say_setup(&s->core);
        }
    } else if (IS("force")) {
        s->force = true;
    } else if (IS("go")) {
        s->force = false;
        s->engine_side = ggn_position_to_move(s->core.pos);
        think(s);
    } else if (IS("playother")) {
        s->force = false;
        s->engine_side = 1 - ggn_position_to_move(s->core.pos);
    } else if (IS("usermove")) {
        user_move(s, rest);
    } else if (IS("ping")) {
        say(s, "pong %s", rest);
    } else if (IS("level")) {
        set_level(s, rest);
    } else if (IS("st")) {
        double sec = strtod(rest, NULL);
        if (!(sec > 0 && sec < 1e6)) say(s, "Error (st needs seconds): st %s", rest);
        else s->st_ms = (long)(sec * 1000);
    } else if (IS("cores")) {
        int most = pr_most_threads(&s->core);
        if (!read_number(rest, &v) || v < 1) say(s, "Error (cores needs a count): cores %s", rest);
        else pr_set_threads(&s->core, v > most ? most : v); /* more than ggn can use: as many as it can */
    } else if (IS("sd")) {
        if (!read_number(rest, &v) || v < 1) say(s, "Error (sd needs a depth): sd %s", rest);
        else s->sd = v > GGN_SEARCH_MAX_DEPTH ? GGN_SEARCH_MAX_DEPTH : (int)v;
    } else if (IS("time") || IS("otim")) {
        /* Clocks may run negative in some GUIs: a late move is still a move. */
        char *end;
        long cs = strtol(rest, &end, 10);
        if (end == rest) say(s, "Error (%s needs centiseconds): %s", IS("time") ? "time" : "otim", line);
        else *(IS("time") ? &s->my_cs : &s->their_cs) = cs < 0 ? 0 : cs > 1000000000L ? 1000000000L : cs;
    } else if (IS("undo")) {
        take_back(s, "undo", 1);
    } else if (IS("remove")) {
        take_back(s, "remove", 2);
    } else if (IS("result")) {
        s->over = true;
    } else if (IS("setboard")) {
        ggn_position *pos = ggn_position_new(s->core.game);
        ggn_error err;
        ggn_error_clear(&err);
        /* XBoard writes empty holdings as "[-]"; ggn's FEN as "[]". */
        char fen[GGN_MAX_FEN_BYTES];
        const char *empty = strstr(rest, "[-]");
        if (empty && strlen(rest) < sizeof fen)
            snprintf(fen, sizeof fen, "%.*s[]%s", (int)(empty - rest), rest, empty + 3);
        else
            snprintf(fen, sizeof fen, "%.*s", (int)(sizeof fen - 1), rest);
        if (!pos || !ggn_position_set_fen(pos, fen, &err)) {
            say(s, "tellusererror Illegal position: %s", pos ? err.message : "out of memory");
            ggn_position_free(pos);
        } else {
            ggn_position_free(s->core.pos);
            s->core.pos = pos;
            s->over = false;
        }
    } else if (IS("post")) {
        atomic_store(&s->post, true);
    } else if (IS("nopost")) {
        atomic_store(&s->post, false);
    } else if (IS("lift")) {
        say_highlight(s, rest);
    } else if (IS("analyze") || IS("edit") || IS("pause") || IS("resume")) {
        say(s, "Error (not supported): %.*s", (int)w, line);
    } else {
        say(s, "Error (unknown command): %.*s", (int)(w < 64 ? w : 64), line);
    }
#undef IS
    return true;
}

/* pr_front: one line. */
static bool input(pr_session *core, char *line) { return handle((xb_session *)core, line); }

static void too_long(pr_session *core)
{
    pr_say(core, "Error (line too long): a line longer than %d bytes was ignored", GGN_SESSION_MAX_LINE - 1);
}

/*
 * quit drops a move being thought of; at the end of the input it is let
 * come (scripts), at once when the search has a time limit (no GUI is left
 * to wait for it, and a clock can be long).
 */
static void close_session(pr_session *core, bool quit)
{
    xb_session *s = (xb_session *)core;
    finish_search(s, quit ? XB_DISCARD : s->limits.time_ms > 0 ? XB_NOW : XB_WAIT);
}

static void free_session(pr_session *core) { free(core); }

static const pr_front xboard_front = { input, too_long, close_session, free_session };

/* A spec file's name as a variant: its base name without ".json", with no character XBoard's list cannot hold. */
static void variant_name(const char *file, char *name, size_t cap)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t n = strlen(base);
    if (n > 5 && strcmp(base + n - 5, ".json") == 0) n -= 5;
    snprintf(name, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), base);
    for (char *c = name; *c; c++)
        if (*c == ',' || *c == ' ' || *c == '"' || *c == '\t') *c = '_';
}

pr_session *pr_xboard_new(const ggn_session_config *config, ggn_errors *errs)
{
    xb_session *s = calloc(1, sizeof *s);
    ggn_error e;
    if (!s || !pr_session_init(&s->core, &xboard_front, config)) {
        if (s) pr_session_destroy(&s->core);
        free(s);
        ggn_error_set(&e, GGN_E_NOMEM, "out of memory");
        ggn_errors_add(errs, &e);
        return NULL;
    }
    bool ok = true;
    ggn_errors *own = malloc(sizeof *own);
    for (size_t i = 0; i < config->spec_count && own; i++) {
        const char *file = config->spec_files[i];
        ggn_game *game = pr_load_game(&s->core, file, true, own);
        const char *why = game ? pr_xboard_unplayable(game) : NULL;
        if (!game) {
            /* Each of the file's errors, with its line and column. */
            for (size_t k = 0; k < own->count; k++) ggn_errors_add(errs, &own->items[k]);
            ok = false;
        } else if (why) {
            ggn_error_set(&e, GGN_E_VALUE, "%s", why);
            snprintf(e.file, sizeof e.file, "%s", file);
            ggn_errors_add(errs, &e);
            ok = false;
        } else {
            /* The file's base name, as shipped games are named: a game's own name may have spaces or commas. */
            char name[64];
            variant_name(file, name, sizeof name);
            add_variant(s, name, file, false);
        }
        ggn_game_free(game);
    }
    if (!own) ok = false;
    free(own);
    const xb_variant *start = ok ? find_variant(s, "normal") : NULL;
    if (ok && !start && s->nvariants) start = &s->variants[0];
    if (ok && (!start || !select_variant(s, start))) {
        ggn_error_set(&e, GGN_E_NOT_FOUND, "no game to start with");
        ggn_errors_add(errs, &e);
        ok = false;
    }
    if (!ok) {
        pr_session_destroy(&s->core);
        free(s);
        return NULL;
    }
    new_game(s);
    return &s->core;
}
