/*
 * export_internal.h — what the GGN exporter's files share (internal).
 *
 * The exporter reasons about what a square may hold as a set over a small
 * alphabet of contents: index 0 is "empty", and every other index is one
 * exported piece id (side x kind x state). A condition of the game spec
 * becomes "this square's content is in this set"; a possibility is a
 * conjunction of such sets (a term); a disjunction is a list of terms.
 * Writing a term splits each set into the states the target spelling can
 * say (empty, enemy, an exact id, ...).
 */
#ifndef GGN_EXPORT_INTERNAL_H
#define GGN_EXPORT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "ggn/export.h"

#define EX_MAX_KINDS 26              /* one letter per kind */
#define EX_STATES 3                  /* normal, '+', '-' (ggn_state order) */
#define EX_CONTENTS (1 + 2 * EX_MAX_KINDS * EX_STATES)
#define EX_WORDS ((EX_CONTENTS + 63) / 64)
#define EX_EMPTY 0

/* A set of contents. */
typedef struct ex_set {
    uint64_t w[EX_WORDS];
} ex_set;

/* What the exporter knows about a game, for one spelling. */
typedef struct ex_model {
    const ggn_game *g;
    const sd_game *def;
    ggn_spelling spelling;
    int nk;
    int side_of[2];                  /* player index -> side (0 = upper case, moves first) */
    int player_of[2];                /* side -> player index */
    bool unmoved_state[EX_MAX_KINDS]; /* the kind has the '+' state (its unmoved status is tested) */
    int flag_of[EX_MAX_KINDS];       /* the tested flag the kind carries as '-', or -1 */
    bool flag_tested[GGN_MAX_FLAGS];
    bool flag_permanent[GGN_MAX_FLAGS]; /* set for ever (else for one turn) */
    char mark[EX_MAX_KINDS];         /* the promoted form's fixed mark: '+' for "+X" symbols (shogi),
                                        '-' for "X~" ones (crazyhouse); '\0' for other kinds */
    bool hands;                      /* extension "hands": captures go to the hand, drops are moves */
    bool writes_hands;               /* the spelling writes hand changes (board-check's in_hand_*) */
    bool valid[EX_CONTENTS];         /* content index names a state the kind has */
    char id[EX_CONTENTS][GGN_MAX_ID]; /* exported id text of each valid content */
    ex_set all;                      /* empty and every valid id */
    ex_set side_set[2];              /* valid ids of each side */
} ex_model;

static inline int ex_content(const ex_model *md, int side, int kind, int state)
{
    return 1 + (side * md->nk + kind) * EX_STATES + state;
}
static inline int ex_content_side(const ex_model *md, int c) { return (c - 1) / (md->nk * EX_STATES); }
static inline int ex_content_kind(const ex_model *md, int c) { return ((c - 1) / EX_STATES) % md->nk; }
static inline int ex_content_state(int c) { return (c - 1) % EX_STATES; }

static inline bool ex_has(const ex_set *s, int c) { return (s->w[c >> 6] >> (c & 63)) & 1; }
static inline void ex_add(ex_set *s, int c) { s->w[c >> 6] |= (uint64_t)1 << (c & 63); }

/* The content of a kind in its plain state: what stands in a hand, and what a drop puts down. */
static inline int ex_plain(const ex_model *md, int side, int kind) { return ex_content(md, side, kind, GGN_STATE_NORMAL); }

/* The kind a captured piece of `kind` becomes in the capturer's hand. */
static inline int ex_hand_kind(const ex_model *md, int kind) { return md->def->kinds[kind].captured_as; }

/*
 * Reads the game for `spelling`: sides, which kinds have which states,
 * the id texts. Returns false with err filled (GGN_E_CONVERSION) when the
 * game cannot be exported.
 */
bool ex_model_init(ex_model *md, const ggn_game *g, ggn_spelling spelling, ggn_error *err);

/*
 * What `spelling` cannot say about a game with hands (the hand itself in
 * require-prevent, FILE_FREE_OF in board-check): false with err filled
 * (GGN_E_CONVERSION). Only the export asks; a board state of such a game
 * is still written in any spelling.
 */
bool ex_model_spelling_fits(const ex_model *md, ggn_error *err);

/*
 * The content of the piece on square sq of pos, with one-turn flags judged
 * at `ply`: -1 when the square is empty, -2 when the piece is unmoved and
 * flagged at once (no single state says that).
 */
int ex_piece_content(const ex_model *md, const ggn_position *pos, int sq, int ply);

/* Label of a square index ("e4"). */
void ex_square_label(const ggn_game *g, int sq, char *buf, size_t cap);

#endif
