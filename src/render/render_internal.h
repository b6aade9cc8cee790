/*
 * render_internal.h — what the parts of the SVG renderer share (internal to
 * src/render/): the text buffer, and the frame that places a game's squares
 * or points on the picture in its family's style (ggn/display.h).
 */
#ifndef GGN_RENDER_INTERNAL_H
#define GGN_RENDER_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/display.h"
#include "ggn/game.h"
#include "ggn/render.h"

/* Text written into a growing buffer; a failed allocation is remembered and reported once, at the end. */
typedef struct svg_buf {
    char *text;
    size_t len, cap;
    bool failed;
} svg_buf;

void rd_put(svg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Text content or attribute value with the five XML specials escaped. */
void rd_put_escaped(svg_buf *b, const char *text);

#define RD_FONT "font-family=\"DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif\""
/* Characters (kanji, hanzi): fonts that hold them first, as players see them in their own programs. */
#define RD_CJK_FONT \
    "font-family=\"Noto Serif CJK JP, Noto Sans CJK JP, Source Han Serif, MS Mincho, SimSun, WenQuanYi Zen Hei, serif\""

/* A colour as SVG writes it ("#rrggbb"). */
typedef struct rgb_text {
    char text[8];
} rgb_text;
rgb_text rd_hex(uint32_t rgb);

/* Where the board goes, and how its pieces are written. */
typedef struct rd_frame {
    const ggn_game *g;
    ggn_style style;
    bool flip;              /* seen from the far side: rotated by 180 degrees */
    int size;               /* pixels per square, or between points */
    int cols, rows;
    double x0, y0;          /* top left of the board's area */
    double w, h;            /* the board's area: every square (or point with its half-square around it) */
    bool western;           /* letters (and chess glyphs) rather than the spec's labels */
    bool glyphs;            /* chess glyphs for the kinds whose symbol is K Q R B N P */
} rd_frame;

/* The board area of a style for cols x rows squares of `size` pixels. */
void rd_board_area(ggn_style style, int cols, int rows, int size, double *w, double *h);
/* The centre of square (x, y) on the picture. */
void rd_center(const rd_frame *f, int x, int y, double *cx, double *cy);

/* The board: its ground, lines and marks, one "sq" element per enabled square, and the last move. */
void rd_draw_board(svg_buf *b, const rd_frame *f, const ggn_position *pos, bool last_move);
/* The labels along the edges (class "coord"); their room is rd_coord_margins'. */
void rd_draw_coords(svg_buf *b, const rd_frame *f);
/* Room the labels need on each side: left, top, right, bottom. */
void rd_coord_margins(const ggn_game *g, int size, double m[4]);

/*
 * One piece as a group of class cls ("piece" on the board, "held" in a hand),
 * centred on (cx, cy) in a cell of `size` pixels, with data-player and
 * data-kind for a page.
 */
void rd_draw_piece(svg_buf *b, const rd_frame *f, int kind, int owner, double cx, double cy, double size,
                   const char *cls);

#endif
