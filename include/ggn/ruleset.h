/*
 * ggn/ruleset.h — GGN move libraries: load (three spellings), validate,
 * query, list pseudo-legal transitions, convert between spellings.
 *
 * A GGN document answers "can this piece, on this source, reach that
 * destination, and under which conditions?". ggn reads the four spellings
 * the format has had (see docs/ggn.md):
 *
 *   must-deny        `must` / `deny`, QPI piece ids       (the current text)
 *   require-prevent  `require` / `prevent` / `perform`, GAN ids
 *   board-check      `board_check` / `board_patch` / `in_hand_add` /
 *                    `in_hand_del`, GAN ids
 *   must-diff        `must` / `deny` / `diff` (an STN state transition:
 *                    board, hands, toggle), QPI ids
 *
 * Loading interns every square and piece id into small integers and compiles
 * each possibility's conditions into square bitsets, so that evaluating a
 * possibility against a position is a few mask tests.
 *
 * Typical use:
 *
 *   ggn_ruleset *rs = ggn_ruleset_load_file("chess.ggn.json", NULL, &errs);
 *   ggn_board_state *st = ggn_board_state_parse(text, len, &err);
 *   ggn_board_view *view = ggn_board_view_new(rs, st, &err);
 *   ggn_transition moves[GGN_MAX_MOVES];
 *   int n = ggn_board_view_transitions(view, moves, GGN_MAX_MOVES, &err);
 *
 * Ownership and threads follow the one rule of ggn/ggn.h: a loaded ruleset
 * is read-only and may be shared by threads; a board state and a board view
 * are used by one thread at a time.
 */
#ifndef GGN_RULESET_H
#define GGN_RULESET_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/error.h"
#include "ggn/id.h"
#include "ggn/limits.h"

/* ------------------------------------------------------------------------ */
/* Spellings                                                                */
/* ------------------------------------------------------------------------ */

/* The four spellings of GGN (docs/ggn.md has them side by side). */
typedef enum ggn_spelling {
    GGN_SPELLING_MUST_DENY,       /* "must-deny": must / deny, QPI ids */
    GGN_SPELLING_REQUIRE_PREVENT, /* "require-prevent": require / prevent / perform, GAN ids */
    GGN_SPELLING_BOARD_CHECK,     /* "board-check": board_check / board_patch / in_hand_*, GAN ids */
    GGN_SPELLING_MUST_DIFF        /* "must-diff": must / deny / diff (STN), QPI ids */
} ggn_spelling;

/* The last spelling, for loops over all of them. */
#define GGN_SPELLING_LAST GGN_SPELLING_MUST_DIFF

/*
 * Name of a spelling: "must-deny", "require-prevent", "board-check" or
 * "must-diff" ("?" for a value outside the enum). The string is static.
 * Thread safety: pure.
 */
const char *ggn_spelling_name(ggn_spelling spelling);

/*
 * Parses a spelling name as ggn_spelling_name writes it.
 * name: NUL-terminated text; out: receives the spelling (may be NULL).
 * Returns false when the name is not one of the four.
 * Thread safety: pure.
 */
bool ggn_spelling_parse(const char *name, ggn_spelling *out);

/* ------------------------------------------------------------------------ */
/* Rulesets                                                                 */
/* ------------------------------------------------------------------------ */

typedef struct ggn_ruleset ggn_ruleset;

/* Load options; a zero-initialised struct (or NULL) means full validation. */
typedef struct ggn_load_options {
    /*
     * Skip the validation that the evaluator does not need: unknown fields,
     * empty arrays and objects the schemas forbid, hand-to-hand entries,
     * conditions on the source square, contradictions and duplicate
     * possibilities. Structure errors (wrong types, unreadable ids or
     * squares, mixed spellings, limits) are still reported, so a trusted
     * load never crashes on bad input; it may accept documents a full load
     * refuses.
     */
    bool trusted;
} ggn_load_options;

/*
 * Loads a GGN document from a file, detecting its spelling.
 * path: file to read; opts: NULL for defaults; errs: receives every problem
 * up to GGN_MAX_ERRORS (warnings included), may be NULL.
 * Returns a new ruleset (free with ggn_ruleset_free), or NULL when the
 * document has at least one error; warnings alone do not fail the load.
 * Thread safety: reentrant.
 */
ggn_ruleset *ggn_ruleset_load_file(const char *path, const ggn_load_options *opts, ggn_errors *errs);

/*
 * Loads a GGN document from text (len bytes, need not be NUL-terminated).
 * name: used as the file name in errors (NULL: "<string>").
 * Otherwise as ggn_ruleset_load_file.
 */
ggn_ruleset *ggn_ruleset_load_string(const char *text, size_t len, const char *name,
                                     const ggn_load_options *opts, ggn_errors *errs);

/* Releases a ruleset; NULL is allowed. Views made from it must be freed first. */
void ggn_ruleset_free(ggn_ruleset *rs);

/* The spelling the document was written in. Thread safety: read-only. */
ggn_spelling ggn_ruleset_spelling(const ggn_ruleset *rs);

/* The name the ruleset was loaded under (file path or the name given). */
const char *ggn_ruleset_name(const ggn_ruleset *rs);

/* Counts of what was loaded, for reports and benchmarks. */
typedef struct ggn_ruleset_stats {
    size_t squares;       /* distinct squares named in the document */
    size_t pieces;        /* distinct piece ids named in the document */
    size_t sources;       /* piece-on-source entries */
    size_t destinations;  /* piece-on-source-to-destination entries */
    size_t possibilities; /* possibility objects */
} ggn_ruleset_stats;

/* Fills *out with the counts of rs. Thread safety: read-only. */
void ggn_ruleset_stats_get(const ggn_ruleset *rs, ggn_ruleset_stats *out);

/*
 * Writes the ruleset as pretty JSON (two-space indent) in spelling `to`,
 * keeping the document's order of pieces, sources, destinations,
 * possibilities and conditions. Converting is refused with GGN_E_CONVERSION
 * when the target cannot say the same thing; the error's pointer names the
 * first offending place of the loaded document (docs/ggn.md lists every
 * case). A text that would pass GGN_MAX_FILE_BYTES, more than ggn reads
 * back, is refused with GGN_E_LIMIT as soon as it reaches it, its pointer
 * naming the place of the document being written then.
 * Returns a new string (release with free()), or NULL with err filled.
 * Thread safety: read-only on rs.
 */
char *ggn_ruleset_write(const ggn_ruleset *rs, ggn_spelling to, ggn_error *err);

/* ------------------------------------------------------------------------ */
/* Board states (positions to query)                                        */
/* ------------------------------------------------------------------------ */

/*
 * A position independent of any ruleset: pieces on named squares (absent
 * squares are empty), the pieces in each side's hand, and the active side.
 */
typedef struct ggn_board_state ggn_board_state;

/*
 * Parses a position, either
 *   - a JSON object {"board": {"e2": "CHESS:P", "e3": null, ...},
 *     "hands": {"first": [ids...], "second": [ids...]},
 *     "active": "first" | "second" | a game id or style whose case gives
 *     the side}, "hands" optional; or
 *   - a FEEN string, old form `<placement> <hands> <GAME/game>` or current
 *     form `<placement> <first-hand>/<second-hand> <S/s>`, pieces qualified
 *     with the name of their case ("P" with CHESS/chess is "CHESS:P").
 * text: len bytes; err: receives the first problem, may be NULL.
 * Returns a new state (free with ggn_board_state_free) or NULL.
 * Thread safety: reentrant.
 */
ggn_board_state *ggn_board_state_parse(const char *text, size_t len, ggn_error *err);

/* An empty board with empty hands and `active` to move; NULL when out of memory. */
ggn_board_state *ggn_board_state_new(ggn_side active);

/* Releases a state; NULL is allowed. */
void ggn_board_state_free(ggn_board_state *st);

/*
 * Puts a piece on a square (piece NULL empties it). square must be a CELL
 * coordinate, piece a GAN or QPI id. Returns false with err filled
 * (GGN_E_LOCATION, GGN_E_IDENTIFIER, GGN_E_LIMIT, GGN_E_NOMEM).
 * Thread safety: mutates st.
 */
bool ggn_board_state_put(ggn_board_state *st, const char *square, const char *piece, ggn_error *err);

/* Adds one piece to a side's hand. Errors as ggn_board_state_put. */
bool ggn_board_state_hand_add(ggn_board_state *st, ggn_side side, const char *piece, ggn_error *err);

/* Sets / reads the side to move. */
void ggn_board_state_set_active(ggn_board_state *st, ggn_side side);
ggn_side ggn_board_state_active(const ggn_board_state *st);

/* The piece id on a square, or NULL when it is empty. Points into st. */
const char *ggn_board_state_at(const ggn_board_state *st, const char *square);

/* How many copies of a piece id a side holds in hand. */
size_t ggn_board_state_hand_count(const ggn_board_state *st, ggn_side side, const char *piece);

/* ------------------------------------------------------------------------ */
/* Board views: a state compiled against one ruleset                        */
/* ------------------------------------------------------------------------ */

/*
 * A board state compiled for one ruleset: occupancy and side bitsets over
 * the ruleset's squares, the piece index on each square, hand counts. Build
 * it once per position; every query on it then allocates nothing.
 */
typedef struct ggn_board_view ggn_board_view;

/*
 * Compiles st for rs. Returns a new view (free with ggn_board_view_free)
 * or NULL with err filled (GGN_E_NOMEM). The view keeps a pointer to rs,
 * not to st. Thread safety: reads rs and st.
 */
ggn_board_view *ggn_board_view_new(const ggn_ruleset *rs, const ggn_board_state *st, ggn_error *err);

/*
 * Recompiles the view for another state of the same ruleset, reusing its
 * memory (no allocation). Returns false only for NULL arguments.
 * Thread safety: mutates view.
 */
bool ggn_board_view_update(ggn_board_view *view, const ggn_board_state *st, ggn_error *err);

/* Releases a view; NULL is allowed. */
void ggn_board_view_free(ggn_board_view *view);

/* ------------------------------------------------------------------------ */
/* Transitions                                                              */
/* ------------------------------------------------------------------------ */

/* One possibility whose conditions hold in a position. */
typedef struct ggn_transition {
    const char *piece;        /* the moving piece's id (points into the ruleset) */
    const char *source;       /* a square, or "*" for a drop */
    const char *destination;  /* a square, or "*" for a move into the hand */
    size_t possibility;       /* index in the destination's possibility array */
    const ggn_ruleset *ruleset_; /* private: the ruleset it comes from */
    unsigned entry_;          /* private: the array item (its compiled possibility) */
    unsigned dest_;           /* private: its destination */
} ggn_transition;

/*
 * Lists every pseudo-legal transition of the view's position: each piece
 * of the active side standing on a square the ruleset has moves from (in
 * the state's order of squares), then each piece of the active side's hand
 * that the ruleset can drop (in the order the hand lists them); within a
 * source, destinations and possibilities come in document order.
 * out: caller buffer of cap entries (GGN_MAX_MOVES is a good size).
 * Returns the number written, or -1 with err filled (GGN_E_LIMIT when more
 * than cap transitions hold; out then holds the first cap).
 * Allocates nothing. Thread safety: read-only on view and its ruleset.
 */
int ggn_board_view_transitions(const ggn_board_view *view, ggn_transition *out, size_t cap,
                               ggn_error *err);

/*
 * The select → from → to chain of one move. A selection is a small value
 * the caller keeps; it points into its ruleset.
 */
typedef struct ggn_selection {
    const ggn_ruleset *ruleset; /* the ruleset selected from */
    int level;                  /* 1: piece chosen, 2: source too, 3: destination too */
    unsigned piece_;            /* private indices into the ruleset */
    unsigned source_;
    unsigned destination_;
} ggn_selection;

/*
 * Chooses a piece id. Returns false with GGN_E_NOT_FOUND when the ruleset
 * has no entry for it. Thread safety: read-only on rs.
 */
bool ggn_ruleset_select(const ggn_ruleset *rs, const char *piece, ggn_selection *out, ggn_error *err);

/*
 * Narrows a piece selection to a source ("*" for drops). Returns false
 * with GGN_E_NOT_FOUND when the piece has no moves from it, GGN_E_STATE
 * when sel is not at the piece level; sel is then unchanged.
 */
bool ggn_selection_from(ggn_selection *sel, const char *source, ggn_error *err);

/* Narrows a source selection to a destination; errors as ggn_selection_from. */
bool ggn_selection_to(ggn_selection *sel, const char *destination, ggn_error *err);

/*
 * The transitions of a selected move whose conditions hold in the view's
 * position: none unless the piece stands on the source (or, for "*", is in
 * the active side's hand) and belongs to the active side. Returns the count
 * written to out, or -1 with err filled (GGN_E_STATE when sel is not at the
 * destination level, GGN_E_USAGE when the view was made for another
 * ruleset, GGN_E_LIMIT when cap is too small). Allocates nothing.
 */
int ggn_selection_where(const ggn_selection *sel, const ggn_board_view *view, ggn_transition *out,
                        size_t cap, ggn_error *err);

/*
 * The board changes of a transition, in document order: explicit patches
 * as written (board-check, require-prevent, must-diff's diff.board); for
 * must-deny the implied
 * ones — the source emptied, the destination taking the piece (a drop only
 * fills the destination; a move into the hand only empties the source).
 */
size_t ggn_transition_diff_count(const ggn_transition *t);

/*
 * The i-th change: *square receives the square name, *piece the new piece
 * id or NULL when the square becomes empty. Returns false when i is out of
 * range. Strings point into the ruleset.
 */
bool ggn_transition_diff(const ggn_transition *t, size_t i, const char **square, const char **piece);

/*
 * The mover's hand changes: *added the piece put into the hand, *removed
 * the piece taken out of it, NULL when none. must-deny drops remove the
 * dropped piece; must-deny moves to "*" add the moving piece.
 */
void ggn_transition_hand(const ggn_transition *t, const char **added, const char **removed);

/*
 * Whether the move passes the turn to the other player: false only for a
 * must-diff possibility whose diff says "toggle": false or leaves toggle
 * out (STN's default); the other spellings leave turns to the rule system
 * and are read as passing it.
 */
bool ggn_transition_toggles(const ggn_transition *t);

#endif
