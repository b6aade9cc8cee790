/*
 * ggn/protocol.h — the engine protocols of chess-like GUIs as a library: one
 * engine session (options, the position, go/stop with the search on a
 * thread of its own, clocks, info lines) spoken as UCI, USI, UCCI or XBoard's
 * CECP v2 (docs/protocols.md). GTP, whose shape differs (a board game's
 * stones and scores, no search thread), has a front end of its own.
 *
 * The session never reads or prints: the caller hands it the GUI's lines
 * one at a time (ggn_session_input) and it answers through the caller's
 * output function, one whole line (without its newline) per call, text
 * escaped so that no control byte reaches the GUI. While a search runs,
 * that function is called from the search thread too, never from two
 * threads at once. Where the games are is the caller's to say: the session
 * asks it to turn a game's name into a spec file's path.
 *
 * THREADS — one thread calls ggn_session_*; the session starts and joins its
 * own search thread.
 */
#ifndef GGN_PROTOCOL_H
#define GGN_PROTOCOL_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"

/* The longest line a session reads: a `position` with GGN_MAX_PLY moves, or a large FEN, fits. */
#define GGN_SESSION_MAX_LINE (64 * 1024)

typedef enum ggn_protocol {
    GGN_PROTOCOL_UCI,    /* FEN, coordinate moves (e2e4, P@e4); "wtime" is the first player's clock */
    GGN_PROTOCOL_USI,    /* SFEN, USI moves (7g7f, P*5e); "btime" is the first player's (sente's) clock */
    GGN_PROTOCOL_UCCI,   /* FEN, coordinates with XBoard's ranks (h2e2); "time" is the mover's clock */
    GGN_PROTOCOL_XBOARD  /* CECP v2 with engine-defined variants (setup, piece lines) */
} ggn_protocol;

/* One line the session says (no newline). Called with context, from the caller's thread or the search's. */
typedef void (*ggn_session_output)(const char *line, void *context);

/*
 * The spec file of the game called name (a shipped game's name, or a path
 * the caller allows), written into path (cap bytes); false when there is
 * none. The session checks a UCI_Variant value is a name before it asks.
 */
typedef bool (*ggn_session_resolver)(const char *name, char *path, size_t cap, void *context);

typedef struct ggn_session_config {
    ggn_protocol protocol;
    const char *game;                 /* UCI, USI, UCCI: the game at the start, a name or a file */
    const char *const *spec_files;    /* XBoard: game spec files offered besides the shipped games, */
    size_t spec_count;                /* each under its file name without ".json" */
    const char *const *game_names;    /* the shipped games, offered as UCI_Variant values and XBoard variants */
    size_t game_count;
    ggn_session_resolver resolve;     /* names to files (required) */
    void *resolve_context;
    ggn_session_output output;        /* where the session speaks (required) */
    void *output_context;
    long think_cap_ms;                /* > 0: every search ends within it, `go perft` stays at depth 2, the hash
                                         and threads stay small (a fuzz target's bounds); 0 for a GUI */
} ggn_session_config;

typedef struct ggn_session ggn_session;

/*
 * A new session, its starting game loaded (UCI, USI, UCCI: config->game;
 * XBoard: chess, else the first spec file). NULL when it cannot start: errs
 * (may be NULL) then says why — a spec file's own errors with their file,
 * line and column, or one error naming the game or file at fault. The
 * session copies what it keeps of config (names, paths); a starting game
 * that does not load is also said through the output, as the protocol
 * would say it later.
 */
ggn_session *ggn_session_new(const ggn_session_config *config, ggn_errors *errs);

/* Carries out one line from the GUI (without its newline). False on quit: the caller then closes. */
bool ggn_session_input(ggn_session *s, const char *line);

/* Tells the GUI that a line longer than GGN_SESSION_MAX_LINE - 1 bytes was skipped, in the protocol's words. */
void ggn_session_input_too_long(ggn_session *s);

/*
 * Ends the session's work: after quit (quit true) a running search is
 * stopped and its move dropped or said as the protocol wants (UCCI says
 * "bye"); at the end of the input a search with a time limit is stopped
 * and one limited by depth or nodes answers first (scripts).
 */
void ggn_session_close(ggn_session *s, bool quit);

/* Frees a session (NULL is allowed), closing it first when it was not. */
void ggn_session_free(ggn_session *s);

/*
 * Moves and squares as XBoard and UCCI write them: ranks as one character
 * each, counted from '0' on a board of exactly ten ranks (xiangqi: "h0g2"
 * is ggn's "h1g3") and from '1' otherwise, past '9' on to ':', ';', ... On
 * boards of at most nine ranks the two texts agree. False when the result
 * does not fit in cap bytes.
 */
bool ggn_protocol_ranks_to_xboard(const char *ggn_text, int rows, char *out, size_t cap);
bool ggn_protocol_ranks_from_xboard(const char *xboard_text, int rows, char *out, size_t cap);

#endif
