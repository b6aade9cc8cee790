/*
 * ggn/id.h — piece identifiers (GAN, QPI) and locations (CELL, HAND).
 *
 * Parsing never allocates: results go into small caller-owned structs, and
 * every parser takes an explicit length so it can read from inside a larger
 * buffer. A parser returns NULL on success, or a static English sentence
 * saying why the text is not valid ("mixed case", "empty game id", ...).
 * Formatting writes the canonical text and returns its length, or 0 when
 * the buffer is too small (the buffer then holds "").
 *
 * Thread safety: all functions are pure and reentrant.
 */
#ifndef GGN_ID_H
#define GGN_ID_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/limits.h"

/* The two sides named by case: upper case is the first player. */
typedef enum ggn_side { GGN_SIDE_FIRST = 0, GGN_SIDE_SECOND = 1 } ggn_side;

/* PNN/PIN state prefix: none, '+' (enhanced) or '-' (diminished). */
typedef enum ggn_state { GGN_STATE_NORMAL = 0, GGN_STATE_ENHANCED = 1, GGN_STATE_DIMINISHED = 2 } ggn_state;

/* GAN actor (seed 003): <game-id>:<piece-id>, e.g. "CHESS:K", "shogi:+p". */
typedef struct ggn_gan {
    char game[GGN_MAX_GAME_ID + 1]; /* game id as written, all one case */
    char letter;                    /* piece letter as written (case = side) */
    ggn_side side;                  /* from the case */
    ggn_state state;                /* '+' / '-' prefix */
    bool intermediate;              /* the "'" suffix */
} ggn_gan;

/* QPI (seed 001's ids): <style>:<pin>, e.g. "C:K", "c:-p", "S:+P", "C:K^". */
typedef struct ggn_qpi {
    char style;                     /* style letter as written (case = side) */
    char letter;                    /* piece letter as written */
    ggn_side side;
    ggn_state state;
    bool terminal;                  /* the '^' marker */
} ggn_qpi;

const char *ggn_gan_parse(const char *text, size_t len, ggn_gan *out);
size_t ggn_gan_format(const ggn_gan *gan, char *buf, size_t cap);

const char *ggn_qpi_parse(const char *text, size_t len, ggn_qpi *out);
size_t ggn_qpi_format(const ggn_qpi *qpi, char *buf, size_t cap);

/*
 * The side of any piece id ggn reads (GAN, QPI, or bare PNN/PIN): the case
 * of its first letter. Returns false when text has no letter before ':' or
 * at its start. Does not validate the rest.
 */
bool ggn_piece_side(const char *text, size_t len, ggn_side *out);

/*
 * CELL coordinate: dimension 0 is lower-case letters (bijective base 26 from
 * 0: a=0, z=25, aa=26), dimension 1 a number from 1 (index = number - 1),
 * dimension 2 upper-case letters, and so on cyclically, up to
 * GGN_MAX_CELL_DIMS dimensions with indices up to GGN_MAX_CELL_INDEX.
 * "e4" is {4, 3}; "a1A" is {0, 0, 0}.
 */
typedef struct ggn_cell {
    int dims;                       /* 1..GGN_MAX_CELL_DIMS */
    int index[GGN_MAX_CELL_DIMS];   /* 0-based indices */
} ggn_cell;

const char *ggn_cell_parse(const char *text, size_t len, ggn_cell *out);
size_t ggn_cell_format(const ggn_cell *cell, char *buf, size_t cap);

/* A location is a CELL square or the HAND ("*"). */
typedef struct ggn_location {
    bool hand;                      /* true for "*"; cell is then unused */
    ggn_cell cell;
} ggn_location;

const char *ggn_location_parse(const char *text, size_t len, ggn_location *out);
size_t ggn_location_format(const ggn_location *loc, char *buf, size_t cap);

#endif
