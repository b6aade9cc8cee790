/*
 * ggn/render.h — pictures of positions: a standalone SVG image of the board
 * of any game (any size, holes included) with its pieces.
 *
 * The picture: squares in two tones, disabled squares hatched, CELL
 * coordinates along the left and bottom edges, the squares of the last move
 * highlighted, and each piece either as a chess glyph (when the game has two
 * players and every kind's symbol is one of K Q R B N P) or as a disc in its
 * player's colour labelled with the kind's symbol (or the first three
 * characters of its code).
 *
 * Every element has a class, so tools and tests can find them: "sq light" /
 * "sq dark" for the enabled squares, "off" for disabled ones, "last" for the
 * last-move highlights, "piece" for each piece (a <g> or <text>), "coord"
 * for the edge labels.
 *
 * THREADS — reads the position only; any number of threads may render
 * positions at once.
 */
#ifndef GGN_RENDER_H
#define GGN_RENDER_H

#include <stdbool.h>

#include "ggn/error.h"
#include "ggn/game.h"

/* How pieces are drawn. */
typedef enum ggn_render_pieces {
    GGN_RENDER_PIECES_AUTO = 0, /* chess glyphs when the game's kinds are chess's, discs otherwise */
    GGN_RENDER_PIECES_GLYPHS,   /* chess glyphs where a kind's symbol is K Q R B N P, discs for the rest */
    GGN_RENDER_PIECES_DISCS     /* discs for every kind */
} ggn_render_pieces;

/* Rendering options. All zero (or a NULL pointer) gives the defaults. */
typedef struct ggn_render_options {
    int square_size;            /* pixels per square; 0 = 48, at most 512 */
    bool flip;                  /* seen from the far side: board rotated by 180 degrees */
    bool hide_coordinates;      /* no CELL labels along the edges */
    bool hide_last_move;        /* no highlight of the last move's squares */
    ggn_render_pieces pieces;   /* glyphs or discs */
} ggn_render_options;

/*
 * Renders pos as a standalone SVG 1.1 document (UTF-8, no external
 * resources). opts may be NULL. Returns a new string the caller releases
 * with free(), or NULL with err set (GGN_E_NOMEM, or GGN_E_RANGE for a
 * square size out of range).
 */
char *ggn_render_svg(const ggn_position *pos, const ggn_render_options *opts, ggn_error *err);

#endif
