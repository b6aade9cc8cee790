/*
 * ggn_internal.h — the compiled form of a GGN document (internal).
 *
 * Loading turns the JSON tree into flat arrays, one per level of the
 * document, each level's children contiguous in the next array:
 *
 *   entries (piece keys) → sources → dests → uses → poss (possibilities)
 *
 * A use is one item of a destination's possibility array; it names its
 * possibility, and possibilities that compile the same (the same conditions
 * in the same order, the same effects) are stored once, whatever their
 * destination: a library that repeats one possibility a million times
 * holds it once and a million 4-byte uses (docs/ggn.md, Memory).
 *
 * Every square and piece id is interned into a small index at load, so that
 * strings exist only at the edges. A possibility's conditions are compiled
 * twice: as mask tests over 64-square words plus exact-piece tests (what
 * the evaluator runs) and as the document-ordered list they came from
 * (what the writer converts). "ally" and "enemy" are relative to the side
 * to move, which is always the moving piece's side.
 */
#ifndef GGN_GGN_INTERNAL_H
#define GGN_GGN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/ruleset.h"

#define GG_NONE 0xFFFFFFFFu    /* no index: an empty square, no piece, no entry */
#define GG_HAND 0xFFFFFFFEu    /* the "*" location where a square index goes */
#define GG_UNKNOWN 0xFFFFFFFDu /* a piece on a view's board that the ruleset never names */

/* Condition states, as every spelling can write them. */
typedef enum gg_state { GG_EMPTY, GG_OCCUPIED, GG_ENEMY, GG_ALLY, GG_EXACT } gg_state;

/* One condition as written, in document order (for the writer and the checks). */
typedef struct gg_cond {
    uint32_t square;  /* square index */
    uint32_t piece;   /* piece index for GG_EXACT, else GG_NONE */
    uint8_t denied;   /* 0: must / require / board_check; 1: deny / prevent */
    uint8_t state;    /* gg_state */
} gg_cond;

/* One explicit board change: the square and its new piece (GG_NONE = empty). */
typedef struct gg_patch {
    uint32_t square;
    uint32_t piece;
} gg_patch;

/*
 * The mask tests of one 64-square word: the possibility holds on this word
 * when (occupied & occ_mask) == occ_want, and likewise for the squares held
 * by the mover's side (ally) and by the other side (enemy).
 */
typedef struct gg_test {
    uint32_t word;
    uint64_t occ_mask, occ_want;
    uint64_t ally_mask, ally_want;
    uint64_t enemy_mask, enemy_want;
} gg_test;

/* An exact-piece test: square holds `piece` (want 1) or does not (want 0). */
typedef struct gg_exact {
    uint32_t square;
    uint32_t piece;
    uint32_t want;
} gg_exact;

/*
 * A possibility's turn: only must-diff's STN diff says anything; the other
 * spellings leave turns to the rule system and are read as passing the turn.
 * STN leaves toggle out for "false", and a written false is kept apart so
 * that writing must-diff back reproduces the document.
 */
typedef enum gg_toggle {
    GG_TOGGLE_IMPLIED,  /* not a must-diff possibility: the turn passes */
    GG_TOGGLE_TRUE,     /* "toggle": true */
    GG_TOGGLE_FALSE,    /* "toggle": false */
    GG_TOGGLE_ABSENT    /* a diff without toggle: false, as STN reads it */
} gg_toggle;

typedef struct gg_poss {
    gg_test head;                     /* the first word's test, inline: most possibilities need no other */
    uint32_t test_first, test_count;  /* the other words' tests, into rs->tests */
    uint32_t exact_first, exact_count; /* into rs->exacts */
    uint32_t cond_first, cond_count;  /* into rs->conds */
    uint32_t patch_first, patch_count; /* into rs->patches (explicit patches only) */
    uint32_t hand_add, hand_del;      /* piece indices, GG_NONE when absent */
    uint8_t never;                    /* conflicting conditions (trusted loads): head can never pass */
    uint8_t explicit_patch;           /* board_patch / perform / diff was written */
    uint8_t toggle;                   /* gg_toggle: what the move says about the turn */
} gg_poss;

typedef struct gg_dest {
    uint32_t square;                  /* square index or GG_HAND */
    uint32_t source;                  /* owning source */
    uint32_t poss_first, poss_count;  /* its array's items: into rs->uses, each naming a possibility */
} gg_dest;

typedef struct gg_source {
    uint32_t square;                  /* square index or GG_HAND */
    uint32_t entry;                   /* owning piece entry */
    uint32_t dest_first, dest_count;
} gg_source;

/* A top-level piece key. */
typedef struct gg_entry {
    uint32_t piece;
    uint32_t source_first, source_count;
} gg_entry;

typedef struct gg_piece {
    const char *id;                   /* interned text */
    uint32_t entry;                   /* its top-level entry, GG_NONE when it has none */
    uint8_t side;                     /* ggn_side from the case */
} gg_piece;

/* Open-addressing string → index map over an array of interned names. */
typedef struct gg_map {
    uint32_t *slots;                  /* index + 1, 0 = free */
    uint32_t cap;                     /* power of two */
    uint32_t count;
} gg_map;

/* Chunked storage for interned strings: pointers stay valid. */
typedef struct gg_arena {
    char *chunk;                      /* current chunk, whose first bytes link to the previous */
    size_t used, cap;
} gg_arena;

struct ggn_ruleset {
    char name[256];
    ggn_spelling spelling;
    gg_arena arena;

    const char **squares;   uint32_t nsquares, cap_squares;   gg_map square_map;
    gg_piece *pieces;       uint32_t npieces, cap_pieces;     gg_map piece_map;

    gg_entry *entries;      size_t nentries, cap_entries;
    gg_source *sources;     size_t nsources, cap_sources;
    gg_dest *dests;         size_t ndests, cap_dests;
    uint32_t *uses;         size_t nuses, cap_uses;           /* per array item: its possibility in poss */
    gg_poss *poss;          size_t nposs, cap_poss;           /* each distinct possibility once */
    gg_test *tests;         size_t ntests, cap_tests;
    gg_exact *exacts;       size_t nexacts, cap_exacts;
    gg_cond *conds;         size_t nconds, cap_conds;
    gg_patch *patches;      size_t npatches, cap_patches;

    uint32_t words;         /* 64-bit words in a square bitset */
    uint32_t *source_at;    /* [entry * (nsquares + 1) + square (nsquares = hand)] → source or GG_NONE */
};

/* A board state (ggn/ruleset.h): occupied squares in the order given, hands, side to move. */
typedef struct gs_cell {
    char square[GGN_MAX_LABEL];
    char piece[GGN_MAX_ID];
    uint8_t side;
} gs_cell;

typedef struct gs_hand {
    char piece[GGN_MAX_ID];
    uint8_t side;           /* whose hand */
    uint32_t count;
} gs_hand;

struct ggn_board_state {
    ggn_side active;
    gs_cell *cells;   size_t ncells, cap_cells;
    gs_hand *hands;   size_t nhands, cap_hands;
    size_t hand_total;      /* pieces in both hands, bounded by GGN_MAX_HAND_PIECES */
};

/* state.c: appends without looking for the square first (parsers that know it is new). */
bool gs_put_new(ggn_board_state *st, const char *square, size_t square_len, const char *piece,
                size_t piece_len, ggn_side side, ggn_error *err);
bool gs_hand_add(ggn_board_state *st, ggn_side side, const char *piece, size_t len, uint32_t count,
                 ggn_error *err);

/* feen.c */
ggn_board_state *gs_parse_feen(const char *text, size_t len, ggn_error *err);

/* A board state compiled against one ruleset. */
struct ggn_board_view {
    const ggn_ruleset *rs;
    ggn_side active;
    uint64_t *occ, *ally, *enemy;     /* rs->words each; ally/enemy relative to the side to move */
    uint32_t *piece_at;               /* per square: piece index, GG_NONE empty, GG_UNKNOWN unnamed */
    uint32_t *movers;                 /* squares whose active piece has a source there, state order */
    size_t nmovers;
    uint32_t *hand;                   /* per piece: copies in the active side's hand */
    uint32_t *hand_list;              /* active pieces in hand that have a "*" source, state order */
    size_t nhand;
};

/* util.c */
bool gg_grow(void **items, size_t *cap, size_t need, size_t size);
#define GG_PUSH(arr, n, cap) \
    ((n) < (cap) || gg_grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)))
uint32_t gg_hash(const char *s, size_t len);
const char *gg_arena_dup(gg_arena *a, const char *s, size_t len);
void gg_arena_free(gg_arena *a);

/* intern.c: find or add; returns the index, GG_NONE when out of memory. */
uint32_t gg_square_find(const ggn_ruleset *rs, const char *s, size_t len);
uint32_t gg_piece_find(const ggn_ruleset *rs, const char *s, size_t len);
uint32_t gg_square_add(ggn_ruleset *rs, const char *s, size_t len);
uint32_t gg_piece_add(ggn_ruleset *rs, const char *s, size_t len, ggn_side side);
void gg_map_free(gg_map *m);

/* build.c: mask tests of one possibility, the source index after loading. */
bool gg_poss_compile(ggn_ruleset *rs, gg_poss *p);
bool gg_index_build(ggn_ruleset *rs);

/* names for locations: a square's text or "*" */
const char *gg_location_name(const ggn_ruleset *rs, uint32_t square);

/*
 * spelling.c: the field names of each spelling. Returns the canonical field
 * name when `field` belongs to a spelling, else NULL; *spellings receives
 * the set of spellings that have it (bit 1 << ggn_spelling).
 */
const char *gg_spelling_of_field(const char *field, unsigned *spellings);

/* The first spelling of a set of them. */
ggn_spelling gg_first_spelling(unsigned spellings);

/* Piece ids are QPI in must-deny and must-diff, GAN in the other two. */
static inline bool gg_spelling_is_qpi(ggn_spelling s)
{
    return s == GGN_SPELLING_MUST_DENY || s == GGN_SPELLING_MUST_DIFF;
}

/* The side of a piece index (for GG_UNKNOWN callers pass the view's own record). */
static inline ggn_side gg_piece_side(const ggn_ruleset *rs, uint32_t piece)
{
    return (ggn_side)rs->pieces[piece].side;
}

#endif
