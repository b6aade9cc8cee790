/*
 * ggn/display.h — how a game is drawn: the style of its family, the names
 * of its sides, the labels of its pieces, its coordinates, and the marks of
 * its board (river, palaces, star points). All of it comes from the spec's
 * extension "display" (docs/game-spec.md, "display"); a game without one is
 * drawn in the chess style with its players' names and its pieces' letters.
 * ggn_render_svg and the terminal board of `ggn play` read it; no rule does.
 *
 * THREADS — reads the compiled game only; any number of threads may ask.
 */
#ifndef GGN_DISPLAY_H
#define GGN_DISPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/game.h"

/* The drawing styles, one per family of games. */
typedef enum ggn_style {
    GGN_STYLE_CHESS = 0,      /* chequered squares, chess glyphs or lettered discs (the default) */
    GGN_STYLE_XIANGQI,        /* pieces on the intersections of lines; river, palaces; round pieces */
    GGN_STYLE_SHOGI,          /* a plain grid; pentagons pointing at the opponent */
    GGN_STYLE_DRAUGHTS,       /* light and dark squares; men as discs, kings crowned */
    GGN_STYLE_GO,             /* lines and star points; stones on the intersections */
    GGN_STYLE_HEX,            /* a rhombus of hexagons */
    GGN_STYLE_OTHELLO,        /* a green board; discs */
    GGN_STYLE_CONNECT_FOUR,   /* a frame with round holes; discs */
    GGN_STYLE_TIC_TAC_TOE,    /* the lines between the cells; the first player's crosses, the second's rings */
    GGN_STYLE_TAFL            /* a plain grid with marked squares (the star points); men as discs, kings crowned */
} ggn_style;

ggn_style ggn_game_style(const ggn_game *game);
/* The style's name as a spec writes it ("chess", "connect_four"); "?" out of range. */
const char *ggn_style_name(ggn_style style);
/* True when the style puts pieces on the intersections of lines (xiangqi, go). */
bool ggn_style_on_points(ggn_style style);

/* True when the spec asks for Western symbols (letters, chess glyphs) rather than its labels. */
bool ggn_game_prefers_western(const ggn_game *game);

/*
 * The text the spec's "labels" give a kind of `player` (UTF-8, at most four
 * characters: "飛", "帥"), or NULL when it gives none.
 */
const char *ggn_game_kind_label(const ggn_game *game, int kind, int player);

/*
 * The chess piece ('K', 'Q', 'R', 'B', 'N' or 'P') whose glyph draws the kind:
 * the spec's "glyphs" for it (makruk's met drawn as a queen), else its own
 * symbol when that is one of them; '\0' for a kind no chess glyph draws.
 */
char ggn_game_kind_glyph(const ggn_game *game, int kind);

/* True when the spec draws the kind crowned (draughts' kings: "crowned"). */
bool ggn_game_kind_crowned(const ggn_game *game, int kind);

/* True when the spec draws the kind as a blocked square rather than a piece (Amazons' arrows: "walls"). */
bool ggn_game_kind_wall(const ggn_game *game, int kind);

/* The side's name for people ("Black" for shogi's first player): the spec's "sides", else the player's name. */
const char *ggn_game_side_name(const ggn_game *game, int player);

/*
 * The labels along the board's edges, into buf (cap bytes): the file of
 * column x and the rank of row y. With the spec's "coordinates": "shogi",
 * files are numbered from the right ("9".."1" on a 9-file board, left to
 * right) and ranks lettered from the top ("a" is the top row); otherwise they
 * are CELL's ("a".. left to right, "1".. bottom to top). Returns buf.
 */
const char *ggn_game_file_label(const ggn_game *game, int x, char *buf, size_t cap);
const char *ggn_game_rank_label(const ggn_game *game, int y, char *buf, size_t cap);
/* True when the game's coordinates are shogi's (above). */
bool ggn_game_shogi_coordinates(const ggn_game *game);

/*
 * The square the player's forward step [0, 1] leads to from (0, 0) under its
 * direction matrix (docs/game-spec.md, "players"): where its pieces point.
 */
void ggn_game_player_forward(const ggn_game *game, int player, int *dx, int *dy);

/* True when a river runs between the two middle rows ("river"). */
bool ggn_game_has_river(const ggn_game *game);
/* The text written in the river's left (half 0) or right (half 1) half ("river_text"), or NULL. */
const char *ggn_game_river_text(const ggn_game *game, int half);

/*
 * The palaces ("palaces"): writes up to cap rectangles as x0, y0, x1, y1
 * (x0 < x1, y0 < y1, squares of the board) and returns how many there are.
 */
int ggn_game_palaces(const ggn_game *game, int (*out)[4], int cap);
/*
 * The board's lines (extension board.lines: a board of points joined by lines, Nine Men's Morris), each as
 * its two end points {x1, y1, x2, y2}, into out (at most cap); returns how many there are (0: a grid).
 */
int ggn_game_board_lines(const ggn_game *game, int (*out)[4], int cap);

/*
 * The star points: the spec's "star_points", or else, in the go style, Go's
 * usual ones for the board's size (nine on 19 lines: the 4-4 points, the
 * sides' middles and the centre; the corners and the centre on 9 and 13;
 * none below 7 lines); none in other styles. Writes up to cap squares as
 * x, y and returns how many there are.
 */
int ggn_game_star_points(const ggn_game *game, int (*out)[2], int cap);

#endif
