/*
 * ggn/render.h — pictures of positions: a standalone SVG image of the board
 * of any game (any size, holes included) with its pieces.
 *
 * The picture is drawn in the style the game's spec asks for (ggn/display.h,
 * docs/game-spec.md "display"): chess (squares in two tones, pieces as chess
 * glyphs when the game has two players and every kind's symbol is one of
 * K Q R B N P, or else as discs in their player's colour, ggn_game_player_colour,
 * labelled like ggn_render_label or with the spec's label), xiangqi (round
 * pieces on the points of the lines, river and palaces), shogi (a plain grid,
 * pentagons pointing the way their player moves, promoted kinds' text red),
 * draughts (discs, crowned kings), go (lines, star points, stones), hex (a
 * rhombus of hexagons), othello (a green board) or connect four (a frame
 * with round holes). Everywhere: disabled squares hatched, coordinates along
 * the edges (CELL's, or shogi's files 9..1 and ranks a..i), the squares of
 * the last move highlighted, and a promoted piece of a chess-like game (its
 * kind's mark, ggn_game_kind_mark) a small red badge with its mark. In a
 * game with hands a tray per player stands right of the board, holding one
 * piece of each kind in hand and its count when above one: in a two-player
 * game the tray of the player nearest the viewer at the bottom, the other's
 * at the top; with more players, in player order from the top.
 *
 * Every element has a class, so tools and tests can find them: "sq light" /
 * "sq dark" for the squares of a chequered board, "sq plain" for the squares
 * of a plain one (and hexagons), "sq point" for the points of a board of
 * lines and "sq hole" for the holes of a frame (each a <rect>, rounded, so
 * that a page colours it like a square), "off" for disabled squares, "last"
 * for the last-move highlights, "piece" for each piece on the board (a <g>),
 * "promoted" for the badge of a promoted piece, "coord" for the edge labels,
 * "hand" for each tray, "held" for each kind in a hand and "count" for its
 * count; the <svg> names its style as data-style="xiangqi". Each enabled
 * square also carries its CELL label as data-square="e2", and each piece
 * (on the board or held) its owner's and kind's indices as data-player and
 * data-kind, so that a page showing the picture can tell what was clicked
 * (web/, docs/web.md).
 *
 * THREADS — reads the position only; any number of threads may render
 * positions at once.
 */
#ifndef GGN_RENDER_H
#define GGN_RENDER_H

#include <stdbool.h>
#include <stdint.h>

#include "ggn/error.h"
#include "ggn/game.h"

/* How pieces are drawn. */
typedef enum ggn_render_pieces {
    GGN_RENDER_PIECES_AUTO = 0, /* the spec's choice: its labels (or Western symbols), and in the chess
                                   style chess glyphs when the game's kinds are chess's, discs otherwise */
    GGN_RENDER_PIECES_GLYPHS,   /* chess glyphs where a kind's symbol is K Q R B N P, discs for the rest */
    GGN_RENDER_PIECES_DISCS,    /* discs for every kind (the chess style), letters in every style */
    GGN_RENDER_PIECES_WESTERN,  /* Western symbols in the game's style: letters for the spec's labels, chess
                                   glyphs where the chess style draws them */
    GGN_RENDER_PIECES_CHARACTERS /* the spec's labels even where its display asks for Western symbols */
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

/* ---- what the terminal board of `ggn play` draws the same way ---- */

/* Room for a label of ggn_render_label, its terminating zero included. */
#define GGN_RENDER_LABEL_SIZE 8

/*
 * The kind's label, upper case, into buf (GGN_RENDER_LABEL_SIZE bytes):
 * its symbol with its promotion mark ("B", "+B", "Q~"), or the first three
 * characters of its code when it has no symbol. Returns buf.
 */
const char *ggn_render_label(const ggn_game *game, int kind, char *buf);

/*
 * The colour of a label written on a fill colour (0xRRGGBB): black
 * (0x000000) on light fills, white (0xFFFFFF) on dark ones.
 */
uint32_t ggn_render_ink(uint32_t fill);

/*
 * The kinds in the hand of `player`, in the order they are shown (highest
 * ggn_game_kind_value first, then the game's order): writes up to cap kind
 * indices into kinds and their counts into counts and returns how many
 * kinds are held (0 in games without hands; may be more than cap).
 */
int ggn_render_hand(const ggn_position *pos, int player, int *kinds, int *counts, int cap);

#endif
