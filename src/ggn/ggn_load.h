/* ggn_load.h — what the loader's files share while walking one document (internal). */
#ifndef GGN_GGN_LOAD_H
#define GGN_GGN_LOAD_H

#include "ggn_internal.h"
#include "ggn_scan.h"
#include "json/json_doc.h"

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

/* Reads one possibility object at ld->path into rs->poss. */
void gg_read_possibility(gg_loader *ld, json_t *item, uint32_t dest, uint32_t index);

/* Checks of one possibility's conditions: contradictions. */
void gg_check_contradictions(gg_loader *ld, const gg_poss *p);

/* Warns about identical possibilities in one array (items first..first+count of rs->poss). */
void gg_check_duplicates(gg_loader *ld, json_t *array, size_t first, size_t count);

/* The same for an array read from the text: item k lies at items[2k] (offset) and items[2k + 1] (length). */
void gg_check_duplicates_text(gg_loader *ld, const char *text, const size_t *items, size_t first, size_t count);

#endif
