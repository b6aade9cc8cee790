/*
 * reader.h — what the parts of the game-spec reader share (internal to
 * src/gamespec/).
 *
 * One sd_reader walks the JSON tree once. Every read_* function reads one
 * section into the sd_game, reports every problem it finds at the JSON
 * Pointer it is visiting (r->path), and goes on: the load fails at the end
 * when at least one error was reported. Names that may be used before they
 * are defined (piece codes, player names, named conditions) are collected
 * first by sd_prescan, so every reference is resolved where it is read.
 */
#ifndef GGN_SPEC_READER_H
#define GGN_SPEC_READER_H

#include <stdbool.h>

#include "json/json_doc.h"
#include "gamespec/arena.h"
#include "gamespec/spec_def.h"

typedef struct sd_reader {
    js_doc doc;
    ggn_errors *errs;      /* may be NULL */
    size_t nerrors;        /* errors reported by this load (warnings not counted) */
    bool oom;              /* an allocation failed (reported once) */
    js_path path;        /* where the reader is in the document */
    sd_arena *arena;
    sd_game *g;
    /* Whether every name of a table was readable: when false, a reference
       that does not resolve is not reported (its cause already was). */
    bool kinds_ok, players_ok, named_ok;
    bool board_ok;         /* g->cols, g->rows and g->disabled are valid */
    bool points_ok;        /* read_game_end.c: the result word being read may be "points" */
} sd_reader;

/* Where a condition list is read: the piece and move it belongs to, if any. */
typedef struct sd_cond_ctx {
    int kind;              /* kind index, -1 outside a piece */
    int move;              /* index of the move in the kind, -1 outside a move */
    const int *ids;        /* ids of the kind's moves (valid where ids_ok) */
    const bool *ids_ok;
    int nmoves;
} sd_cond_ctx;

/* ---- reporting (reader_report.c) ---- */

void sd_error(sd_reader *r, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void sd_warn(sd_reader *r, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Reports at r->path + "/key". */
void sd_error_key(sd_reader *r, const char *key, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
void sd_warn_key(sd_reader *r, const char *key, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

void sd_push_key(sd_reader *r, const char *key);
void sd_push_index(sd_reader *r, size_t index);
void sd_pop(sd_reader *r);

/* Zeroed arena memory; reports NOMEM (once) and returns NULL on failure. */
void *sd_alloc(sd_reader *r, size_t count, size_t size);

/* ---- typed access (reader_fields.c); all report at r->path ---- */

/* Checks that the value at r->path is of JSON type `type` ("expected X, found Y"). */
bool sd_expect(sd_reader *r, const json_t *value, json_type type);

/*
 * Reports every key of obj that is not in allowed (NULL-terminated) as
 * UNKNOWN at its own pointer, naming `what` and the allowed keys.
 */
void sd_check_keys(sd_reader *r, const json_t *obj, const char *const *allowed, const char *what);

/* obj[key], or NULL; when required and absent, reports MISSING at obj. */
json_t *sd_field(sd_reader *r, const json_t *obj, const char *key, bool required);

/* Result of reading an optional field. */
typedef enum sd_got { SD_ABSENT = 0, SD_OK = 1, SD_BAD = 2 } sd_got;

/* An integer field in [lo, hi]; `limit` names the constant behind hi, or NULL. */
sd_got sd_int_field(sd_reader *r, const json_t *obj, const char *key, bool required, long long lo,
                    long long hi, const char *limit, int *out);
/* The value at r->path as an integer in [lo, hi]. */
bool sd_int_value(sd_reader *r, const json_t *v, long long lo, long long hi, const char *limit,
                  int *out);
sd_got sd_bool_field(sd_reader *r, const json_t *obj, const char *key, bool required, bool *out);
/* A non-empty string of at most GGN_MAX_STRING_BYTES bytes, copied into out[GGN_MAX_STRING_BYTES+1]. */
sd_got sd_string_field(sd_reader *r, const json_t *obj, const char *key, bool required, char *out);
bool sd_string_value(sd_reader *r, const json_t *v, char *out);
/* An array with at most max elements (LIMIT naming `limit` otherwise; *n is then max). */
json_t *sd_array_field(sd_reader *r, const json_t *obj, const char *key, bool required, size_t max,
                       const char *limit, size_t *n);

/* The value at r->path as [dx, dy], each within +-GGN_MAX_BOARD_SIDE. */
bool sd_offset_value(sd_reader *r, const json_t *v, int out[2]);
sd_got sd_offset_field(sd_reader *r, const json_t *obj, const char *key, bool required, int out[2]);
/* The value at r->path as [x, y] on the board (reports off-board squares; not disabled ones). */
bool sd_square_value(sd_reader *r, const json_t *v, int out[2]);

/* ---- names (reader_names.c) ---- */

/* Index of the piece code / player name / named condition, or -1. */
int sd_find_kind(const sd_reader *r, const char *code);
int sd_find_player(const sd_reader *r, const char *name);
int sd_find_named(const sd_reader *r, const char *code);

/*
 * Reads the string at r->path as a piece code and resolves it (REFERENCE
 * when undefined). Returns the kind index or -1.
 */
int sd_kind_ref(sd_reader *r, const json_t *v);
int sd_kind_ref_field(sd_reader *r, const json_t *obj, const char *key, bool required);
/* The kinds named by list[0..n) (piece codes, each located when unknown) as a bit set. */
unsigned long long sd_kind_set(sd_reader *r, const json_t *list, size_t n);

/* Index of a state flag name, interned on first use (LIMIT past GGN_MAX_FLAGS). */
/* suggest.c: the candidate closest to a misspelt word, or NULL when none is close. */
const char *sd_closest_name(const char *word, const char *const *names, size_t n);
/* suggest.c: the defined piece code closest to a misspelt one, or NULL. */
const char *sd_closest_kind(const sd_reader *r, const char *code);

int sd_flag(sd_reader *r, const char *name);

/* True when (x, y) is on the board and disabled. */
bool sd_is_disabled(const sd_reader *r, int x, int y);

/* ---- sections ---- */

void sd_prescan(sd_reader *r, const json_t *root);                /* reader_names.c */
void sd_read_board(sd_reader *r, const json_t *root);             /* read_board.c */
void sd_read_players(sd_reader *r, const json_t *root);           /* read_players.c */
void sd_read_turns(sd_reader *r, const json_t *root);             /* read_players.c */
void sd_read_teams(sd_reader *r, const json_t *root);             /* read_teams.c */
void sd_read_named(sd_reader *r, const json_t *root);             /* read_named.c */
void sd_read_pieces(sd_reader *r, const json_t *root);            /* read_pieces.c */
void sd_read_gating(sd_reader *r, const json_t *root);            /* read_gating.c */
void sd_read_draw(sd_reader *r, const json_t *root);              /* read_draw.c */
void sd_read_game_end(sd_reader *r, const json_t *root);          /* read_game_end.c */
/* read_goal_line.c: game_end's "lines" and "connections"; a drop's "gravity". */
void sd_read_end_shapes(sd_reader *r, const json_t *end, sd_game_end *e);
void sd_read_gravity(sd_reader *r, const json_t *dobj, sd_drop *d);
void sd_read_swap(sd_reader *r, const json_t *root);
/* read_game_end.c: a required result word at obj[key]; obj["pieces"] as a kind mask (all when absent). */
bool sd_read_end_result(sd_reader *r, const json_t *obj, const char *key, sd_result *out);
unsigned long long sd_read_end_kinds(sd_reader *r, const json_t *obj);
/* read_game_end.c: obj["players"] as a set of players (bit p; all when absent). */
unsigned sd_read_end_players(sd_reader *r, const json_t *obj);
void sd_read_fen_rights(sd_reader *r, const json_t *root);        /* read_fen_rights.c */
void sd_read_random_start(sd_reader *r, const json_t *root);      /* read_random_start.c */
void sd_read_display(sd_reader *r, const json_t *root);           /* read_display.c */
void sd_read_group_rules(sd_reader *r, const json_t *root);       /* read_group_rules.c */
void sd_read_area(sd_reader *r, const json_t *end, sd_game_end *e); /* read_group_rules.c */
/* A piece's "betza" string, appended to its moves (read_betza.c). */
void sd_read_betza(sd_reader *r, const json_t *pobj, int k);
/* read_betza.c: a problem of the Betza string s (the value at r->path), at the character at fault. */
struct sd_betza_problem;
void sd_report_betza(sd_reader *r, const char *s, const struct sd_betza_problem *why);

/* One move object at r->path, except its id (read_moves.c). */
void sd_read_move(sd_reader *r, const json_t *mobj, const sd_cond_ctx *ctx, sd_move *m);
/* read_chain.c: a move's "chain" (extension), read after the rest of the move it checks. */
void sd_read_chain(sd_reader *r, const json_t *mobj, sd_move *m);

/* read_clone.c: a move's "clone" (extension), read after the rest of the move it checks. */
void sd_read_clone(sd_reader *r, const json_t *mobj, sd_move *m);
/* read_clone.c: one kind clones, not the leader, on a board clones cannot overfill; once the pieces are read. */
void sd_check_clones(sd_reader *r);
/* read_convert.c: a piece's "converts" (extension). */
void sd_read_converts(sd_reader *r, const json_t *pobj, int k);
/* read_convert.c: conversion needs two players who are not partners; once the pieces are read. */
void sd_check_converts(sd_reader *r);
/* read_line_distance.c: a repeat's "distance" (extension), and the shape of a move that has one. */
void sd_read_line_distance(sd_reader *r, const json_t *repeat, sd_repeat *rep);
void sd_check_line_distance(sd_reader *r, const sd_move *m);
/* read_custodial.c: a piece's "custodial" (extension). */
void sd_read_custodial(sd_reader *r, const json_t *pobj, int k);
/* read_custodial.c: custodial capture needs no leader, no hands, no teams; once the pieces are read. */
void sd_check_custodial(sd_reader *r);
/* read_then.c: a piece's "then" (extension: a turn in parts). */
void sd_read_then(sd_reader *r, const json_t *pobj, int k);
/* read_board_lines.c: board.lines, a move's "to": "any", and the rules a board of lines refuses. */
void sd_read_board_lines(sd_reader *r, const json_t *board);
void sd_read_to_any(sd_reader *r, const json_t *mobj, sd_move *m);
void sd_check_board_lines(sd_reader *r);
/* read_then.c: the rules a game with parts cannot have with them; once the pieces are read. */
void sd_check_then(sd_reader *r);
/* read_series.c (extension turns.parts): several moves a turn; read with "turns", checked once the game is read. */
void sd_read_series(sd_reader *r, const json_t *turns);
void sd_check_series(sd_reader *r);
/* read_pass.c: the top-level "pass": true, or "forced". */
void sd_read_pass(sd_reader *r, const json_t *root);
/* read_pass.c: forced passes and moves that may end where they began exclude each other. */
void sd_check_forced_pass(sd_reader *r);

/* A move with "castle" (castling to fixed files), at r->path, of kind `kind` (read_castle.c). */
void sd_read_castle(sd_reader *r, const json_t *mobj, int kind, sd_move *m);
/* Every castle move belongs to the castler (read_castle.c); called once the pieces are read. */
void sd_check_castles(sd_reader *r);

/* A condition list at obj[key] (read_conditions.c). */
void sd_read_conditions(sd_reader *r, const json_t *obj, const char *key, const sd_cond_ctx *ctx,
                        int *n, sd_condition **out);
/* A side-effect list at obj[key] (read_effects.c). */
void sd_read_effects(sd_reader *r, const json_t *obj, const char *key, int *n, sd_effect **out);

#endif
