/*
 * uci.c — UCI, USI and UCCI on the session core (protocol_internal.h): the
 * three differ in words, position text and move text, not in how they
 * work. While a search runs, the worker owns the position and the players,
 * and the reading thread touches neither: a command that needs them
 * (position, setoption, ucinewgame, go) first ends the search.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"
#include "ggn/version.h"
#include "protocol_internal.h"

typedef struct uci_session {
    pr_session core;              /* first: a pr_session * is a uci_session * */
    const char *protocol;         /* "uci", "usi" or "ucci": the handshake word, and the name in messages */
    char variant[256];            /* the UCI_Variant value, or the GameFile path */
    long overhead_ms;
    bool millisec;                /* UCCI: clocks in milliseconds (setoption usemillisec true), else seconds */
    ggn_move banned[GGN_MAX_MOVES]; /* UCCI's banmoves: moves the engine must not play here (until the next position) */
    size_t nbanned;
    ggn_move allowed[GGN_MAX_MOVES]; /* the running search's root moves (searchmoves, or all but the banned) */
    size_t nallowed;
    /* The running search, if any (core.working). */
    pr_go go;
    ggn_search_limits limits;
    bool endless;                 /* go infinite, go ponder, or a bare go: only stop (or quit, or the end of input) ends it */
    int perft_depth;              /* > 0: the thread counts `go perft` to this depth instead of searching */
    bool past_cap;                /* the last position's moves went past GGN_MAX_PLY: there is no position to search */
    pthread_mutex_t wait_lock;    /* with wait_cond: an infinite search waits for `stop` before answering */
    pthread_cond_t wait_cond;
    bool released;
} uci_session;

/* One line out, through the core (output.c). */
#define say(s, ...) pr_say(&(s)->core, __VA_ARGS__)

/* The dialect: USI (SFEN, USI moves, sente's clock first) or UCCI (XBoard's ranks, the mover's clock first). */
static bool is_usi(const uci_session *s) { return s->core.protocol == GGN_PROTOCOL_USI; }
static bool is_ucci(const uci_session *s) { return s->core.protocol == GGN_PROTOCOL_UCCI; }

/* The answer to `go` when there is no move to give. */
static void say_no_move(uci_session *s)
{
    if (is_ucci(s)) say(s, "nobestmove");
    else say(s, "bestmove %s", is_usi(s) ? "resign" : "(none)");
}

/* ---- the dialect ----------------------------------------------------------- */

/* A move of pos as the dialect writes it: coordinates (e2e4, P@e4) or USI (7g7f, P*5e). */
static size_t write_move_of(const uci_session *s, const ggn_position *pos, ggn_move move, char *buf, size_t cap)
{
    char text[64];
    size_t n = is_usi(s) ? ggn_move_format_usi(pos, move, buf, cap)
                                             : ggn_move_format(pos, move, buf, cap);
    /* UCCI writes ranks as XBoard does: from 0 on xiangqi's ten ranks. */
    if (n && is_ucci(s)) {
        snprintf(text, sizeof text, "%s", buf);
        if (!ggn_protocol_ranks_to_xboard(text, ggn_game_rows(s->core.game), buf, cap)) n = 0;
    }
    if (!n) snprintf(buf, cap, "0000");
    return n;
}

/* A move of the session's position, as the dialect writes it. */
static size_t write_move(const uci_session *s, ggn_move move, char *buf, size_t cap)
{
    return write_move_of(s, s->core.pos, move, buf, cap);
}

/* Reads a move as the dialect writes it (USI and coordinates are both read by ggn_move_parse; UCCI's ranks are converted). */
static bool read_move(const uci_session *s, ggn_position *pos, const char *text, ggn_move *mv, ggn_error *err)
{
    char ggn_text[64];
    if (is_ucci(s)) {
        if (!ggn_protocol_ranks_from_xboard(text, ggn_game_rows(s->core.game), ggn_text, sizeof ggn_text)) {
            ggn_error_set(err, GGN_E_ILLEGAL, "'%.20s...' is too long for a move", text);
            return false;
        }
        text = ggn_text;
    }
    return ggn_move_parse(pos, text, mv, err);
}

/* The position as the dialect writes it (FEN or SFEN); false when it does not fit. */
static bool write_position(const uci_session *s, const ggn_position *pos, char *buf, size_t cap)
{
    return is_usi(s) ? ggn_position_sfen(pos, buf, cap) > 0 : ggn_position_fen(pos, buf, cap) > 0;
}

/* ---- the game ------------------------------------------------------------ */

/*
 * Loads a game for UCI: two players and FEN are needed. On failure says why
 * and keeps the old game. With name_only (UCI_Variant), name must be a
 * game's name as `ggn games` lists them, never a path: no file the GUI names
 * is read, nor any of its text said back.
 */
static bool select_game(uci_session *s, const char *name, bool name_only)
{
    if (name_only && (!name[0] || strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") !=
                                      strlen(name))) {
        say(s, "info string error: UCI_Variant takes the name of a game ('ggn games'), not '%.64s'; a file is "
               "loaded with GameFile",
            name);
        return false;
    }
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        say(s, "info string error: out of memory");
        return false;
    }
    ggn_game *game = pr_load_game(&s->core, name, false, errs);
    if (!game) {
        if (!errs->count)
            say(s, "info string error: no game '%s' (not a file, nor a game 'ggn games' lists)", name);
        /* As `ggn check` writes them: FILE:LINE:COL: error: MESSAGE [at POINTER]. */
        for (size_t i = 0; i < errs->count && i < GGN_MAX_ERRORS; i++) {
            char text[1024];
            ggn_error_format(&errs->items[i], text, sizeof text);
            say(s, "info string error: %s", text);
        }
        free(errs);
        return false;
    }
    free(errs);
    if (ggn_game_player_count(game) != 2 || !ggn_game_has_fen(game) ||
        (is_usi(s) && !ggn_game_has_usi(game))) {
        say(s, "info string error: %s: %s needs a game of two players with FEN (a symbol for every kind)%s", name,
            is_usi(s) ? "USI" : "UCI",
            is_usi(s) ? " of at most 9 files and 26 ranks" : "");
        ggn_game_free(game);
        return false;
    }
    if (!pr_set_game(&s->core, game)) {
        say(s, "info string error: out of memory");
        ggn_game_free(game);
        return false;
    }
    snprintf(s->variant, sizeof s->variant, "%s", name);
    return true;
}

/* "info string variant NAME files F ranks R pocket P startpos FEN", as Fairy-Stockfish describes a variant. */
static void say_variant(uci_session *s)
{
    char fen[GGN_MAX_FEN_BYTES];
    ggn_position *start = ggn_position_new(s->core.game);
    if (!start || !write_position(s, start, fen, sizeof fen)) fen[0] = '\0';
    ggn_position_free(start);
    int pocket = ggn_game_has_hands(s->core.game) ? ggn_game_kind_count(s->core.game) : 0;
    say(s, "info string variant %s files %d ranks %d pocket %d startpos %s", s->variant, ggn_game_cols(s->core.game),
        ggn_game_rows(s->core.game), pocket, fen);
}

/* ---- the search thread ----------------------------------------------------- */

static void say_score(const uci_session *s, char *buf, size_t cap, int score)
{
    if (is_ucci(s)) {
        snprintf(buf, cap, "%d", score); /* UCCI's score is a bare number; a mate is a large one */
        return;
    }
    pr_uci_score(buf, cap, score);
}

/* write_move_of for pr_line_text. */
static size_t pv_move(const pr_session *session, const ggn_position *pos, ggn_move m, char *buf, size_t cap)
{
    return write_move_of((const uci_session *)session, pos, m, buf, cap);
}

/* The result's expected line, in the dialect's moves ("pv ..."); its best move alone when the line has none. */
static void pv_text(uci_session *s, const ggn_search_result *r, char *buf, size_t cap)
{
    if (r->pv_length > 0 && pr_line_text(&s->core, pv_move, s->core.pos, r->pv, r->pv_length, buf, cap)) return;
    write_move(s, r->best, buf, cap);
}

/* Called by the search after every completed iteration (the position is then the root). */
static void report_iteration(const ggn_search_result *r, long elapsed_ms, void *ctx)
{
    uci_session *s = ctx;
    char score[32], pv[2048];
    say_score(s, score, sizeof score, r->score);
    pv_text(s, r, pv, sizeof pv);
    unsigned long long nps = elapsed_ms > 0 ? (unsigned long long)(r->nodes * 1000 / (uint64_t)elapsed_ms) : 0;
    say(s, "info depth %d seldepth %d score %s nodes %llu nps %llu time %ld pv %s", r->depth, r->seldepth, score,
        (unsigned long long)r->nodes, nps, elapsed_ms, pv);
}

static bool is_banned(const uci_session *s, ggn_move mv)
{
    for (size_t i = 0; i < s->nbanned; i++)
        if (ggn_move_equal(s->banned[i], mv)) return true;
    return false;
}

static void *search_main(void *arg)
{
    uci_session *s = arg;
    ggn_search_result r;
    double start = pr_seconds();
    bool no_memory;
    bool found = pr_think(&s->core, &s->limits, &r, &no_memory);
    long elapsed = (long)((pr_seconds() - start) * 1000.0);
    /* "go infinite" and "go ponder" answer only when told to stop. */
    if (s->go.limits.infinite || s->go.ponder) {
        pthread_mutex_lock(&s->wait_lock);
        while (!s->released) pthread_cond_wait(&s->wait_cond, &s->wait_lock);
        pthread_mutex_unlock(&s->wait_lock);
    }
    if (!found) {
        if (no_memory) say(s, "info string error: out of memory: no move is searched");
        say_no_move(s);
        return NULL;
    }
    char move[64], pv[2048];
    write_move(s, r.best, move, sizeof move);
    pv_text(s, &r, pv, sizeof pv);
    char score[32];
    say_score(s, score, sizeof score, r.score);
    say(s, "info depth %d seldepth %d score %s nodes %llu time %ld pv %s", r.depth, r.seldepth, score,
        (unsigned long long)r.nodes, elapsed, pv);
    say(s, "bestmove %s", move);
    return NULL;
}

/* ---- go perft on the search thread ------------------------------------------ */

/* pr_perft's moves in the dialect's text. */
static size_t perft_move(const pr_session *session, const ggn_position *pos, ggn_move m, char *buf, size_t cap)
{
    return write_move_of((const uci_session *)session, pos, m, buf, cap);
}

/* `go perft N` on the search thread (perft.c). */
static void *perft_main(void *arg)
{
    uci_session *s = arg;
    pr_perft(&s->core, s->perft_depth, perft_move);
    return NULL;
}

/* Starts `go perft DEPTH` on the search thread (so isready, stop and quit are answered meanwhile). */
static void start_perft(uci_session *s, const char *args)
{
    char *end;
    long depth = strtol(args, &end, 10);
    if (s->core.think_cap_ms > 0 && depth > 2) depth = 2;
    if (end == args || depth < 1 || depth > GGN_MAX_PERFT_DEPTH) {
        say(s, "info string error: go perft needs a depth of 1 to %d", GGN_MAX_PERFT_DEPTH);
        return;
    }
    s->perft_depth = (int)depth;
    s->endless = false;
    memset(&s->go, 0, sizeof s->go);
    memset(&s->limits, 0, sizeof s->limits);
    s->released = true;
    pr_worker_start(&s->core, perft_main); /* so isready, stop and quit are answered meanwhile */
}

/*
 * Waits for the running search (if any) to write its answer. With stop, or
 * when the search would never end by itself (infinite, ponder), it is told
 * to stop first.
 */
static void finish_search(uci_session *s, bool stop)
{
    if (!s->core.working) return;
    if (stop || s->endless) atomic_store(&s->core.stop, true);
    pthread_mutex_lock(&s->wait_lock);
    s->released = true;
    pthread_cond_signal(&s->wait_cond);
    pthread_mutex_unlock(&s->wait_lock);
    pr_worker_join(&s->core, false);
    s->perft_depth = 0;
}

/*
 * The root moves the search may play (limits.root_moves): UCI's searchmoves,
 * or every legal move but UCCI's banmoves; NULL (all) when neither is given.
 * A searchmoves word that is no legal move here is said and left out.
 */
static void set_root_moves(uci_session *s)
{
    s->limits.root_moves = NULL;
    s->limits.root_move_count = 0;
    s->nallowed = 0;
    if (s->go.searchmoves && s->go.searchmoves_len) {
        const char *p = s->go.searchmoves, *end = p + s->go.searchmoves_len;
        while (p < end) {
            size_t n = strcspn(p, " \t");
            char word[64];
            snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
            p += n;
            p += strspn(p, " \t");
            ggn_move mv;
            ggn_error err;
            ggn_error_clear(&err);
            if (!read_move(s, s->core.pos, word, &mv, &err))
                say(s, "info string error: searchmoves: %s: %s", word, err.message);
            else if (s->nallowed < GGN_MAX_MOVES) s->allowed[s->nallowed++] = mv;
        }
    } else if (s->nbanned) {
        ggn_move moves[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(s->core.pos, moves, GGN_MAX_MOVES);
        for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++)
            if (!is_banned(s, moves[i])) s->allowed[s->nallowed++] = moves[i];
    } else {
        return;
    }
    s->limits.root_moves = s->allowed;
    s->limits.root_move_count = s->nallowed;
}

static void start_search(uci_session *s, const char *args)
{
    if (s->past_cap) {
        /* The GUI's position could not be set: searching the one ggn has would answer for another game. */
        say(s, "info string error: the position is past %d plies (GGN_MAX_PLY): no move is searched", GGN_MAX_PLY);
        say_no_move(s);
        return;
    }
    const char *bad;
    pr_go_parse(args, s->core.protocol, &s->go, &bad);
    if (bad) say(s, "info string error: go: '%.*s' needs a whole number", (int)strcspn(bad, " \t"), bad);
    ggn_search_limits *l = &s->go.limits;
    if (is_ucci(s)) {
        /* UCCI's clocks are the mover's and the opponent's, in seconds unless usemillisec is on. */
        long scale = s->millisec ? 1 : 1000;
        for (int i = 0; i < 2; i++) {
            l->clock_ms[i] = l->clock_ms[i] > 1000000000L / scale ? 1000000000L : l->clock_ms[i] * scale;
            l->increment_ms[i] = l->increment_ms[i] > 1000000000L / scale ? 1000000000L : l->increment_ms[i] * scale;
        }
        if (ggn_position_to_move(s->core.pos) == 1) {
            long t = l->clock_ms[0], inc = l->increment_ms[0];
            l->clock_ms[0] = l->clock_ms[1], l->increment_ms[0] = l->increment_ms[1];
            l->clock_ms[1] = t, l->increment_ms[1] = inc;
        }
    }
    if (l->depth > GGN_SEARCH_MAX_DEPTH) l->depth = GGN_SEARCH_MAX_DEPTH;
    l->overhead_ms = s->overhead_ms;
    if (s->go.ponder) l->infinite = true; /* pondering is thinking until told to stop */
    s->limits = *l;
    s->limits.time_ms = ggn_search_time_budget(l, ggn_position_to_move(s->core.pos));
    s->limits.exact_time = l->move_time_ms > 0; /* a fixed time a move is there to be spent */
    s->endless = l->infinite || (!s->limits.time_ms && !s->limits.depth && !s->limits.nodes);
    s->limits.infinite = s->endless; /* think until told to stop */
    if (s->core.think_cap_ms > 0 && (!s->limits.time_ms || s->limits.time_ms > s->core.think_cap_ms))
        s->limits.time_ms = s->core.think_cap_ms;
    set_root_moves(s);
    s->released = false;
    s->core.progress = report_iteration;
    if (!pr_worker_start(&s->core, search_main)) {
        /* The search ran here: an endless one answered at once, having no reader to stop it. */
    }
}

/* ---- commands ---------------------------------------------------------------- */

/* True when the shipped game loads and has two players and FEN (and USI's board size, for USI). */
static bool playable(const uci_session *s, const char *name)
{
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_game *game = errs ? pr_load_game((pr_session *)&s->core, name, false, errs) : NULL;
    free(errs);
    bool ok = game && ggn_game_player_count(game) == 2 && ggn_game_has_fen(game) &&
              (!is_usi(s) || ggn_game_has_usi(game));
    ggn_game_free(game);
    return ok;
}

/* The options, with the shipped games UCI can play in the UCI_Variant combo. */
static void say_options(uci_session *s)
{
    if (is_ucci(s)) {
        /* UCCI's own words: no UCI_Variant (a UCCI GUI plays xiangqi), but the game can still be a file. */
        say(s, "option usemillisec type check default false");
        say(s, "option hashsize type spin min 1 max %d default %d", PR_MAX_HASH_MB, GGN_SEARCH_DEFAULT_TT_MB);
        say(s, "option threads type spin min 1 max %d default 1", pr_most_threads(&s->core));
        say(s, "option newgame type button");
        say(s, "option gamefile type string default <empty>");
        return;
    }
    char vars[4096];
    size_t len = 0;
    for (size_t i = 0; i < s->core.nnames; i++) {
        if (!playable(s, s->core.names[i])) continue;
        int n = snprintf(vars + len, sizeof vars - len, " var %s", s->core.names[i]);
        if (n < 0 || (size_t)n >= sizeof vars - len) break;
        len += (size_t)n;
    }
    vars[len] = '\0';
    say(s, "option name UCI_Variant type combo default %s%s", s->variant, vars);
    say(s, "option name GameFile type string default <empty>");
    say(s, "option name %s type spin default %d min 1 max %d", is_usi(s) ? "USI_Hash" : "Hash",
        GGN_SEARCH_DEFAULT_TT_MB, PR_MAX_HASH_MB);
    say(s, "option name Clear Hash type button");
    say(s, "option name Threads type spin default 1 min 1 max %d", pr_most_threads(&s->core));
    say(s, "option name Move Overhead type spin default %d min 0 max %d", PR_DEFAULT_OVERHEAD_MS,
        PR_MAX_OVERHEAD_MS);
    say(s, "option name Player type combo default %s var alphabeta var mcts var default",
           pr_player_name(&s->core));
}

/* Sets the hash to mb MiB (a new searcher); says why not when it cannot. */
static void set_hash(uci_session *s, const char *value);
/* Sets the search's thread count; says why not when the value is out of range. */
static void set_threads(uci_session *s, const char *value);

/* UCCI's "setoption NAME [VALUE]": the words UCCI GUIs send, most of which ggn has nothing for. */
static void set_ucci_option(uci_session *s, const char *args)
{
    size_t n = strcspn(args, " ");
    const char *value = args + n + strspn(args + n, " ");
#define KEY(k) (n == strlen(k) && strncmp(args, k, n) == 0)
    if (KEY("usemillisec")) {
        s->millisec = strcmp(value, "true") == 0 || strcmp(value, "on") == 0;
    } else if (KEY("hashsize")) {
        set_hash(s, value);
    } else if (KEY("threads")) {
        set_threads(s, value);
    } else if (KEY("newgame")) {
        pr_players_clear(&s->core);
    } else if (KEY("gamefile")) {
        if (*value && strcmp(value, "<empty>") != 0 && select_game(s, value, false)) say_variant(s);
    } else if (!(KEY("batch") || KEY("debug") || KEY("ponder") || KEY("usehash") || KEY("usebook") ||
                 KEY("useegtb") || KEY("bookfiles") || KEY("egtbpaths") || KEY("evalapi") || KEY("loadbook") ||
                 KEY("knowledge") || KEY("pruning") || KEY("randomness") || KEY("selectivity") || KEY("promotion") ||
                 KEY("idle") || KEY("drawmoves") || KEY("repetition") || KEY("style"))) {
        say(s, "info string error: no option '%.*s'", (int)(n < 64 ? n : 64), args);
    }
#undef KEY
}

static void set_hash(uci_session *s, const char *value)
{
    long mb = strtol(value, NULL, 10);
    long most = pr_most_hash(&s->core); /* the fuzz bound keeps memory small too */
    if (mb < 1 || mb > most) {
        say(s, "info string error: Hash must be 1 to %ld (MB), not '%s'", most, value);
        return;
    }
    if (!pr_set_hash(&s->core, mb)) say(s, "info string error: no memory for a %ld MB hash; the old one is kept", mb);
}

static void set_threads(uci_session *s, const char *value)
{
    char *end;
    long n = strtol(value, &end, 10);
    if (end == value || *end || n < 1 || n > pr_most_threads(&s->core)) {
        say(s, "info string error: Threads must be 1 to %d, not '%s'", pr_most_threads(&s->core), value);
        return;
    }
    pr_set_threads(&s->core, n);
}

/* "setoption name NAME [value VALUE]" (names are case-insensitive, as the protocol says). */
static void set_option(uci_session *s, const char *args)
{
    if (is_ucci(s)) {
        set_ucci_option(s, args);
        return;
    }
    const char *name = strstr(args, "name ");
    if (!name) {
        say(s, "info string error: setoption needs 'name'");
        return;
    }
    name += 5;
    while (*name == ' ') name++;
    const char *value = strstr(name, " value ");
    size_t name_len = value ? (size_t)(value - name) : strlen(name);
    while (name_len && name[name_len - 1] == ' ') name_len--;
    if (value) {
        value += 7;
        while (*value == ' ') value++;
    }
    char key[64];
    snprintf(key, sizeof key, "%.*s", (int)(name_len < sizeof key - 1 ? name_len : sizeof key - 1), name);
    if (strcasecmp(key, "Clear Hash") == 0) {
        pr_players_clear(&s->core);
        return;
    }
    if (!value || !*value) {
        say(s, "info string error: option '%s' needs a value", key);
        return;
    }
    if (strcasecmp(key, "UCI_Variant") == 0 || strcasecmp(key, "GameFile") == 0) {
        bool name_only = strcasecmp(key, "UCI_Variant") == 0;
        if (strcmp(value, "<empty>") != 0 && select_game(s, value, name_only)) say_variant(s);
    } else if (strcasecmp(key, "Hash") == 0 || strcasecmp(key, "USI_Hash") == 0) {
        set_hash(s, value);
    } else if (strcasecmp(key, "Threads") == 0) {
        set_threads(s, value);
    } else if (strcasecmp(key, "Player") == 0) {
        if (!pr_set_player(&s->core, value))
            say(s, "info string error: Player must be alphabeta, mcts or default, not '%s'", value);
    } else if (strcasecmp(key, "Move Overhead") == 0) {
        long ms = strtol(value, NULL, 10);
        if (ms < 0 || ms > PR_MAX_OVERHEAD_MS) say(s, "info string error: Move Overhead must be 0 to %d", PR_MAX_OVERHEAD_MS);
        else s->overhead_ms = ms;
    } else if (strcasecmp(key, "UCI_Chess960") == 0 || strcasecmp(key, "Ponder") == 0 ||
               strcasecmp(key, "USI_Ponder") == 0) {
        /* GUIs send these to every engine; ggn does not ponder, and writes castling as Fairy-Stockfish does
         * for the game: the king's move (chess), or king takes rook where it castles to fixed files
         * (fischerandom's castle moves), whatever UCI_Chess960 says. */
    } else {
        say(s, "info string error: no option '%s'", key);
    }
}

/*
 * Reads "startpos|fen FEN [moves M...]" (position's and UCCI probe's words) into a new position;
 * NULL, said, when there is none. An illegal move ends the list: the moves before it stand. A list
 * longer than GGN_MAX_PLY is said too, and *past_cap set: the position is not the GUI's.
 */
static ggn_position *read_position(uci_session *s, const char *args, bool *past_cap)
{
    *past_cap = false;
    while (*args == ' ') args++;
    const char *moves = strstr(args, "moves");
    ggn_position *pos = ggn_position_new(s->core.game);
    if (!pos) {
        say(s, "info string error: out of memory");
        return NULL;
    }
    ggn_error err;
    ggn_error_clear(&err);
    const char *kind = is_usi(s) ? "sfen" : "fen";
    size_t wlen = strlen(kind);
    if (strncmp(args, kind, wlen) == 0 && (args[wlen] == ' ' || !args[wlen])) {
        const char *f = args + wlen;
        while (*f == ' ') f++;
        size_t n = moves ? (size_t)(moves - f) : strlen(f);
        char fen[GGN_MAX_FEN_BYTES];
        if (n >= sizeof fen) {
            say(s, "info string error: position: the FEN is longer than %d bytes", GGN_MAX_FEN_BYTES - 1);
            ggn_position_free(pos);
            return NULL;
        }
        memcpy(fen, f, n);
        fen[n] = '\0';
        bool set = is_usi(s) ? ggn_position_set_sfen(pos, fen, &err)
                                                 : ggn_position_set_fen(pos, fen, &err);
        if (!set) {
            say(s, "info string error: position %s: %s", kind, err.message);
            ggn_position_free(pos);
            return NULL;
        }
    } else if (strncmp(args, "startpos", 8) != 0) {
        say(s, "info string error: position needs 'startpos' or '%s'", kind);
        ggn_position_free(pos);
        return NULL;
    }
    if (moves) {
        const char *p = moves + 5;
        char word[64];
        for (int number = 1;; number++) {
            while (*p == ' ') p++;
            if (!*p) break;
            size_t n = strcspn(p, " ");
            snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
            p += n;
            ggn_move mv;
            if (ggn_position_history(pos) >= GGN_MAX_PLY) {
                say(s, "info string error: position: move %d (%s) is past %d plies (GGN_MAX_PLY), the longest game ggn "
                       "plays",
                    number, word, GGN_MAX_PLY);
                *past_cap = true;
                break;
            }
            if (!read_move(s, pos, word, &mv, &err) || !ggn_position_make(pos, mv)) {
                say(s, "info string error: Illegal move: %s (move %d): %s", word, number,
                    err.message[0] ? err.message : "too many moves");
                break; /* the moves before it stand, as Fairy-Stockfish does */
            }
        }
    }
    return pos;
}

/* "position startpos|fen FEN [moves M...]": on any error the position is left as the start or FEN before it. */
static void set_position(uci_session *s, const char *args)
{
    bool past_cap;
    ggn_position *pos = read_position(s, args, &past_cap);
    if (!pos) return;
    ggn_position_free(s->core.pos);
    s->core.pos = pos;
    s->past_cap = past_cap;
    s->nbanned = 0; /* banmoves hold for the position they came with */
}

/*
 * UCCI's "probe startpos|fen FEN [moves M...]": what the search's table holds for that position,
 * "pophash [bestmove M] [lowerbound V depth D] [upperbound V depth D]" (both bounds: the exact
 * score); a bare "pophash" when it holds nothing.
 */
static void probe(uci_session *s, const char *args)
{
    bool past_cap;
    ggn_position *pos = read_position(s, args, &past_cap);
    if (!pos) return;
    char line[256] = "pophash";
    size_t len = strlen(line);
    ggn_search_probe hit;
    if (ggn_searcher_probe(s->core.searcher, pos, &hit)) {
        char move[64];
        if (hit.has_move && write_move_of(s, pos, hit.move, move, sizeof move))
            len += (size_t)snprintf(line + len, sizeof line - len, " bestmove %s", move);
        if (hit.lower) len += (size_t)snprintf(line + len, sizeof line - len, " lowerbound %d depth %d", hit.score, hit.depth);
        if (hit.upper) snprintf(line + len, sizeof line - len, " upperbound %d depth %d", hit.score, hit.depth);
    }
    say(s, "%s", line);
    ggn_position_free(pos);
}

/* UCCI's "banmoves M...": the engine must not answer with these here (repetition rules the GUI judges). */
static void ban_moves(uci_session *s, const char *args)
{
    s->nbanned = 0;
    for (const char *p = args + strspn(args, " "); *p; p += strspn(p, " ")) {
        size_t n = strcspn(p, " ");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
        p += n;
        ggn_move mv;
        ggn_error err;
        ggn_error_clear(&err);
        if (!read_move(s, s->core.pos, word, &mv, &err)) {
            say(s, "info string error: banmoves: %s: %s", word, err.message);
            continue;
        }
        if (s->nbanned < GGN_MAX_MOVES && !is_banned(s, mv)) s->banned[s->nbanned++] = mv;
    }
}

/* One command line; false on quit. */
static bool handle(uci_session *s, char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(line);
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r')) line[--n] = '\0';
    size_t w = strcspn(line, " \t");
    const char *rest = line + w + strspn(line + w, " \t");
#define IS(word) (w == strlen(word) && strncmp(line, word, w) == 0)
    if (w == 0) return true;
    if (IS("quit")) return false;
    if (IS("isready")) {
        say(s, "readyok");
    } else if (IS("stop") || IS("ponderhit")) {
        finish_search(s, true);
    } else if (s->core.working) {
        /* A command that needs the position: a search with limits is let finish, an endless one is ended. */
        finish_search(s, false);
        return handle(s, line);
    } else if (w == strlen(s->protocol) && strncmp(line, s->protocol, w) == 0) {
        say(s, "id name ggn %s", GGN_VERSION_STRING);
        say(s, "id author the ggn developers");
        say_options(s);
        say(s, "%sok", s->protocol);
    } else if (IS("setoption")) {
        set_option(s, rest);
    } else if (IS("banmoves") && is_ucci(s)) {
        ban_moves(s, rest);
    } else if (IS("probe") && is_ucci(s)) {
        probe(s, rest);
    } else if (IS("ucinewgame") || IS("usinewgame")) {
        pr_players_clear(&s->core);
        set_position(s, "startpos");
    } else if (IS("position")) {
        set_position(s, rest);
    } else if (IS("go")) {
        if (strncmp(rest, "perft", 5) == 0 && (rest[5] == ' ' || !rest[5])) {
            start_perft(s, rest + 5);
        } else {
            start_search(s, rest);
        }
    } else if (IS("d")) {
        char fen[GGN_MAX_FEN_BYTES];
        if (write_position(s, s->core.pos, fen, sizeof fen)) say(s, "%s: %s", is_usi(s) ? "Sfen" : "Fen", fen);
    } else if (IS("gameover")) {
        /* USI's "gameover win|lose|draw": nothing to do until the next game. */
    } else {
        say(s, "info string error: unknown command '%.*s'", (int)(w < 64 ? w : 64), line);
    }
#undef IS
    return true;
}

/* pr_front: one line. */
static bool input(pr_session *core, char *line) { return handle((uci_session *)core, line); }

static void too_long(pr_session *core)
{
    pr_say(core, "info string error: a line longer than %d bytes was ignored", GGN_SESSION_MAX_LINE - 1);
}

/*
 * quit ends a search at once. At the end of the input a search with a time
 * limit is ended too (it answers with its best move so far: no GUI is left
 * to wait for it, and a clock can be long); one limited by depth or nodes,
 * or a perft, answers first (scripts).
 */
static void close_session(pr_session *core, bool quit)
{
    uci_session *s = (uci_session *)core;
    finish_search(s, quit || s->limits.time_ms > 0);
    if (quit && core->protocol == GGN_PROTOCOL_UCCI) pr_say(core, "bye"); /* UCCI's last word */
}

static void free_session(pr_session *core)
{
    uci_session *s = (uci_session *)core;
    pthread_cond_destroy(&s->wait_cond);
    pthread_mutex_destroy(&s->wait_lock);
    free(s);
}

static const pr_front uci_front = { input, too_long, close_session, free_session };

pr_session *pr_uci_new(const ggn_session_config *config, ggn_errors *errs)
{
    uci_session *s = calloc(1, sizeof *s);
    ggn_error e;
    if (!s || !pr_session_init(&s->core, &uci_front, config)) {
        if (s) pr_session_destroy(&s->core);
        free(s);
        ggn_error_set(&e, GGN_E_NOMEM, "out of memory");
        ggn_errors_add(errs, &e);
        return NULL;
    }
    ggn_protocol p = config->protocol;
    s->protocol = p == GGN_PROTOCOL_USI ? "usi" : p == GGN_PROTOCOL_UCCI ? "ucci" : "uci";
    pthread_mutex_init(&s->wait_lock, NULL);
    pthread_cond_init(&s->wait_cond, NULL);
    s->overhead_ms = PR_DEFAULT_OVERHEAD_MS;
    const char *game = config->game                 ? config->game
                       : p == GGN_PROTOCOL_USI  ? "shogi"
                       : p == GGN_PROTOCOL_UCCI ? "xiangqi"
                                                : "chess";
    if (!select_game(s, game, false)) {
        ggn_error_set(&e, GGN_E_VALUE, "cannot start with game '%s'", game);
        ggn_errors_add(errs, &e);
        pr_session_destroy(&s->core);
        free_session(&s->core);
        return NULL;
    }
    return &s->core;
}
