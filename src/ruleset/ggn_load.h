/* ggn_load.h — what the loader's files share while walking one document (internal). */
#ifndef GGN_GGN_LOAD_H
#define GGN_GGN_LOAD_H

#include "ggn_internal.h"
#include "ggn_scan.h"
#include "json/json_doc.h"

/* An item of the array being read that is the first of its JSON text among items of its possibility. */
typedef struct gg_rep {
    uint32_t item, next;        /* its index in the array; the next such item of the same possibility, or GG_NONE */
    size_t at, len;             /* where it lies in the text (text mode) */
} gg_rep;

typedef struct gg_loader {
    ggn_ruleset *rs;
    const js_doc *doc;
    ggn_errors *errs;           /* may be NULL */
    js_path path;             /* pointer to the value being read */
    bool trusted;               /* skip the checks the evaluator does not need */
    bool stop;                  /* out of memory or past a limit: stop walking */
    size_t errors;              /* errors reported, counted even when errs is NULL */
    char first_field[256];      /* pointer of the first field of the detected spelling */
    bool mixed[GGN_SPELLING_LAST + 1]; /* a mixing error was reported for this spelling */
    uint32_t source;            /* current source square, GG_HAND or GG_NONE */
    ggn_side side;              /* side of the current piece key (the mover) */
    bool side_known;            /* false when the piece key did not parse */
    bool scan_failed;           /* the text did not scan below a piece: parse the whole document instead */
    /* storing each distinct possibility once (poss.c) */
    uint32_t *poss_slots;       /* open addressing: possibility index + 1, 0 = free */
    size_t poss_slot_cap;       /* a power of two, at least twice rs->nposs */
    /* duplicates within one array (check.c): items are grouped by their possibility */
    uint32_t dup_dest;          /* a stamp for the array being read */
    uint32_t *rep_stamp;        /* per possibility: the stamp of the array it was last met in */
    uint32_t *rep_head;         /* per possibility: its first rep in that array (into reps) */
    size_t rep_cap;
    gg_rep *reps;               /* the array's reps */
    size_t nreps, cap_reps;
    uint32_t *found;            /* the array's duplicates as (item, earlier item) pairs, reported at its end */
    size_t nfound, cap_found;   /* entries of found: two per duplicate, at most 2 * GGN_MAX_ERRORS */
    size_t more_found;          /* duplicates past those, counted */
} gg_loader;

/*
 * The pieces of a document, one at a time: from its parsed tree (root), or
 * from the members scanned in its text, whose values are walked in the text
 * level by level (gg_cursor), so that only one possibility at a time is a
 * jansson tree (docs/ggn.md, Memory).
 */
typedef struct gg_pieces {
    json_t *root;               /* the whole tree, or NULL */
    const char *text;           /* else: the text and its members */
    const gg_member *members;
    size_t n;
    size_t next;                /* cursor over members */
    void *iter;                 /* cursor over root */
    size_t value_at, value_len; /* text mode: where the current piece's value lies */
    bool failed;                /* the text did not scan: the caller parses the whole text instead */
} gg_pieces;

void gg_pieces_rewind(gg_pieces *src);

/*
 * The next piece key and its value: from the tree, a new reference (the
 * caller json_decref()s it); from the text, NULL, the value lying at
 * src->value_at. False at the end.
 */
bool gg_pieces_next(gg_pieces *src, const char **key, json_t **value);

/* A possibility item of the text (value_at, value_len), parsed alone; NULL when jansson refuses it. */
json_t *gg_parse_item(const char *text, size_t at, size_t len);

/* detect.c: the document's spelling; first receives the pointer of the field that decided ("" when none). */
ggn_spelling gg_detect_spelling(gg_pieces *src, char *first, size_t cap);

/* Reports one problem at ld->path (see js_doc_report). */
void gg_report(gg_loader *ld, ggn_severity severity, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Interns a location read at ld->path; reports and returns GG_NONE when invalid. */
uint32_t gg_read_square(gg_loader *ld, const char *text, bool allow_hand, const char *role);

/* Interns a piece id in the document's grammar; reports and returns GG_NONE when invalid. */
uint32_t gg_read_piece(gg_loader *ld, const char *text, const char *role);

/*
 * Reads one possibility object at ld->path: its possibility goes to
 * rs->poss unless an equal one is there, and a use of it to rs->uses.
 * Returns the possibility's index, GG_NONE when the item did not load.
 */
uint32_t gg_read_possibility(gg_loader *ld, json_t *item);

/* Checks of one possibility's conditions: contradictions. */
void gg_check_contradictions(gg_loader *ld, const gg_poss *p);

/*
 * Duplicates in one possibility array, found as the items are read: an
 * item whose JSON equals an earlier item's is warned about (DUPLICATE,
 * naming the first such item). JSON-equal items compile to the same
 * possibility, so only earlier items of the same possibility are compared.
 * gg_dup_begin starts an array; gg_dup_item is told of each item read
 * (poss: the possibility it compiled to; its tree, and either the array's
 * tree or the item's place in the text).
 */
void gg_dup_begin(gg_loader *ld);
void gg_dup_item(gg_loader *ld, uint32_t index, uint32_t poss, json_t *item, json_t *array, size_t at, size_t len);
/* Reports the array's duplicates, in array order after its items' own problems, when every item loaded. */
void gg_dup_end(gg_loader *ld, bool all_loaded);

/* Releases what loading alone needed (the possibility table, the duplicate check's). */
void gg_loader_release(gg_loader *ld);

#endif
