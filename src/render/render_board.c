/*
 * render_board.c — the board of each style (ggn/display.h): its ground, its
 * lines and marks, one "sq" element per enabled square or point (with its
 * CELL label as data-square, for a page), the last move, and the labels
 * along the edges. Where a square's element is not a plain square (a point,
 * a hole), it is still a <rect>, rounded, so that a page colours it alike.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ggn/id.h"
#include "render/render_internal.h"

/* The hexagons are pointy-topped: a cell `size` wide is size/sqrt(3) from its centre to a corner. */
#define SQRT3 1.7320508075688772
#define HEX_ROW (SQRT3 / 2.0) /* rows of hexagons are this many widths apart */

void rd_board_area(ggn_style style, int cols, int rows, int size, double *w, double *h)
{
    if (style == GGN_STYLE_HEX) {
        *w = (cols + (rows - 1) / 2.0) * size;
        *h = (rows - 1) * HEX_ROW * size + 2.0 * size / SQRT3;
    } else {
        *w = (double)cols * size;
        *h = (double)rows * size;
    }
}

void rd_center(const rd_frame *f, int x, int y, double *cx, double *cy)
{
    int c = f->flip ? f->cols - 1 - x : x;
    if (f->style == GGN_STYLE_HEX) {
        /* Rank r sits half a cell right of rank r - 1, so that (f, r) touches (f - 1, r + 1). */
        int r = f->flip ? f->rows - 1 - y : y;
        *cx = f->x0 + f->size / 2.0 + (c + r / 2.0) * f->size;
        *cy = f->y0 + f->size / SQRT3 + (f->rows - 1 - r) * HEX_ROW * f->size;
    } else {
        int r = f->flip ? y : f->rows - 1 - y;
        *cx = f->x0 + c * f->size + f->size / 2.0;
        *cy = f->y0 + r * f->size + f->size / 2.0;
    }
}

static void hexagon_points(svg_buf *b, double cx, double cy, double size)
{
    double r = size / SQRT3;
    for (int i = 0; i < 6; i++) {
        double a = (60.0 * i - 90.0) * 3.14159265358979323846 / 180.0;
        rd_put(b, "%s%.1f,%.1f", i ? " " : "", cx + r * cos(a), cy + r * sin(a));
    }
}

typedef struct style_look {
    const char *ground;     /* behind the board, or NULL */
    const char *light, *dark; /* the squares' fills ("none": the ground shows) */
    const char *stroke;     /* the squares' outline, or NULL */
    const char *lines;      /* the lines through the points, or NULL */
    double hole;            /* a square drawn as a rounded rect of this share of the cell (0: the whole cell) */
} style_look;

static style_look look_of(ggn_style style)
{
    switch (style) {
    case GGN_STYLE_XIANGQI: return (style_look){ "#f1d49c", "none", "none", NULL, "#5a3a1a", 0.8 };
    case GGN_STYLE_GO: return (style_look){ "#dcb35c", "none", "none", NULL, "#3a2a10", 0.8 };
    case GGN_STYLE_SHOGI: return (style_look){ NULL, "#f3d59b", "#f3d59b", "#3b2a1a", NULL, 0 };
    case GGN_STYLE_DRAUGHTS: return (style_look){ NULL, "#f3e3c3", "#7d5a3c", NULL, NULL, 0 };
    case GGN_STYLE_OTHELLO: return (style_look){ NULL, "#2f8f46", "#2f8f46", "#123d1d", NULL, 0 };
    case GGN_STYLE_CONNECT_FOUR: return (style_look){ "#1f53c2", "#f2f5fc", "#f2f5fc", "#163d91", NULL, 0.78 };
    case GGN_STYLE_HEX: return (style_look){ NULL, "#f0d9b5", "#f0d9b5", "#8b6b4a", NULL, 0 };
    case GGN_STYLE_TIC_TAC_TOE: return (style_look){ NULL, "#ffffff", "#ffffff", NULL, NULL, 0 };
    case GGN_STYLE_TAFL: return (style_look){ NULL, "#e9cf9f", "#e9cf9f", "#6b4a2a", NULL, 0 };
    case GGN_STYLE_CHESS:
    default: return (style_look){ NULL, "#f0d9b5", "#b58863", NULL, NULL, 0 };
    }
}

/*
 * A xiangqi board's mark of a point where a cannon or a soldier starts: a
 * small right angle in each quarter around it, leaving the lines free, and
 * none past the board's edge.
 */
static void draw_mark(svg_buf *b, const rd_frame *f, int x, double cx, double cy, const char *colour, double width)
{
    double gap = f->size * 0.07, arm = f->size * 0.16;
    rd_put(b, "<path class=\"star\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" d=\"", colour, width);
    for (int sx = -1; sx <= 1; sx += 2) {
        int col = (f->flip ? -sx : sx) + x; /* the column on that side, as the picture shows it */
        if (col < 0 || col >= f->cols) continue;
        for (int sy = -1; sy <= 1; sy += 2) {
            double px = cx + sx * gap, py = cy + sy * gap;
            rd_put(b, "M%.1f %.1fL%.1f %.1fL%.1f %.1f", px + sx * arm, py, px, py, px, py + sy * arm);
        }
    }
    rd_put(b, "\"/>\n");
}

/* A board of points joined by lines (Nine Men's Morris): those lines, and a dot on each point. */
static bool draw_board_lines(svg_buf *b, const rd_frame *f, const char *colour, double width)
{
    static int lines[GGN_MAX_SQUARES][4];
    int n = ggn_game_board_lines(f->g, lines, GGN_MAX_SQUARES);
    if (n <= 0) return false;
    rd_put(b, "<g class=\"lines\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"square\">\n", colour,
           1.6 * width);
    for (int i = 0; i < n && i < GGN_MAX_SQUARES; i++) {
        double ax, ay, bx, by;
        rd_center(f, lines[i][0], lines[i][1], &ax, &ay);
        rd_center(f, lines[i][2], lines[i][3], &bx, &by);
        rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ax, ay, bx, by);
    }
    rd_put(b, "</g>\n");
    for (int y = 0; y < f->rows; y++)
        for (int x = 0; x < f->cols; x++) {
            double cx, cy;
            if (!ggn_game_square_enabled(f->g, x, y)) continue;
            rd_center(f, x, y, &cx, &cy);
            rd_put(b, "<circle class=\"star\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", cx, cy,
                   f->size * 0.12 + 0.5, colour);
        }
    return true;
}

/* The lines through the points (xiangqi, go): a river cuts the files between the middle rows. */
static void draw_lines(svg_buf *b, const rd_frame *f, const char *colour)
{
    const ggn_game *g = f->g;
    double width = f->size / 36.0 + 0.6;
    bool river = ggn_game_has_river(g);
    if (draw_board_lines(b, f, colour, width)) return;
    rd_put(b, "<g class=\"lines\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"square\">\n", colour, width);
    for (int y = 0; y < f->rows; y++) {
        double ax, ay, bx, by;
        rd_center(f, 0, y, &ax, &ay);
        rd_center(f, f->cols - 1, y, &bx, &by);
        rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ax, ay, bx, by);
    }
    int below = f->rows / 2 - 1; /* with a river: the last row on the near side */
    for (int x = 0; x < f->cols; x++) {
        bool edge = x == 0 || x == f->cols - 1;
        double ax, ay, bx, by;
        if (river && !edge) {
            rd_center(f, x, 0, &ax, &ay);
            rd_center(f, x, below, &bx, &by);
            rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ax, ay, bx, by);
            rd_center(f, x, below + 1, &ax, &ay);
        } else {
            rd_center(f, x, 0, &ax, &ay);
        }
        rd_center(f, x, f->rows - 1, &bx, &by);
        rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", ax, ay, bx, by);
    }
    int pal[GGN_MAX_PLAYERS][4];
    int np = ggn_game_palaces(g, pal, GGN_MAX_PLAYERS);
    for (int i = 0; i < np && i < GGN_MAX_PLAYERS; i++) {
        double ax, ay, bx, by, cx, cy, dx, dy;
        rd_center(f, pal[i][0], pal[i][1], &ax, &ay);
        rd_center(f, pal[i][2], pal[i][3], &bx, &by);
        rd_center(f, pal[i][0], pal[i][3], &cx, &cy);
        rd_center(f, pal[i][2], pal[i][1], &dx, &dy);
        rd_put(b, "<line class=\"palace\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
                  "<line class=\"palace\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
              ax, ay, bx, by, cx, cy, dx, dy);
    }
    rd_put(b, "</g>\n");
    /* The river's texts, each centred in its half of the river (turned with the board). */
    for (int half = 0; river && half < 2; half++) {
        const char *text = ggn_game_river_text(g, f->flip ? 1 - half : half);
        if (!text) continue;
        double ax, ay, bx, by;
        rd_center(f, 0, below, &ax, &ay);
        rd_center(f, f->cols - 1, below + 1, &bx, &by);
        double fs = f->size * 0.42, cx = ax + (bx - ax) * (half == 0 ? 0.25 : 0.75), cy = (ay + by) / 2 + fs * 0.36;
        rd_put(b, "<text class=\"river\" x=\"%.1f\" y=\"%.1f\" " RD_CJK_FONT " font-size=\"%.1f\" "
                  "text-anchor=\"middle\" fill=\"%s\" letter-spacing=\"%.1f\">",
               cx, cy, fs, colour, f->size * 0.25);
        rd_put_escaped(b, text);
        rd_put(b, "</text>\n");
    }
    /* The outer frame of a xiangqi board stands a little outside its lines. */
    if (f->style == GGN_STYLE_XIANGQI) {
        double m = f->size * 0.5 - f->size * 0.12;
        rd_put(b, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                  "stroke=\"%s\" stroke-width=\"%.2f\"/>\n",
              f->x0 + m, f->y0 + m, f->w - 2 * m, f->h - 2 * m, colour, 2.5 * width);
    }
    int stars[GGN_MAX_SQUARES][2];
    int ns = ggn_game_star_points(g, stars, GGN_MAX_SQUARES);
    for (int i = 0; i < ns && i < GGN_MAX_SQUARES; i++) {
        double cx, cy;
        rd_center(f, stars[i][0], stars[i][1], &cx, &cy);
        if (f->style == GGN_STYLE_XIANGQI) draw_mark(b, f, stars[i][0], cx, cy, colour, width);
        else
            rd_put(b, "<circle class=\"star\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", cx, cy,
                   f->size * 0.09 + 0.5, colour);
    }
}

/* Tic-tac-toe's grid: the lines between the cells, none around the board. */
static void draw_inner_lines(svg_buf *b, const rd_frame *f)
{
    double width = f->size / 16.0 + 0.5;
    rd_put(b, "<g class=\"lines\" stroke=\"#333333\" stroke-width=\"%.2f\" stroke-linecap=\"round\">\n", width);
    for (int x = 1; x < f->cols; x++) {
        double lx = f->x0 + x * f->size, inset = f->size * 0.08;
        rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", lx, f->y0 + inset, lx,
               f->y0 + f->h - inset);
    }
    for (int y = 1; y < f->rows; y++) {
        double ly = f->y0 + y * f->size, inset = f->size * 0.08;
        rd_put(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", f->x0 + inset, ly,
               f->x0 + f->w - inset, ly);
    }
    rd_put(b, "</g>\n");
}

/* The square's element at (cx, cy), of class cls, filled with fill; the attributes between are extra. */
static void cell_shape(svg_buf *b, const rd_frame *f, double hole, double cx, double cy, const char *cls,
                       const char *extra, const char *fill, const char *stroke)
{
    if (f->style == GGN_STYLE_HEX) {
        rd_put(b, "<polygon class=\"%s\"%s points=\"", cls, extra);
        hexagon_points(b, cx, cy, f->size);
        rd_put(b, "\" fill=\"%s\"", fill);
    } else {
        double s = hole > 0 ? f->size * hole : f->size, r = hole > 0 ? s / 2 : 0;
        rd_put(b, "<rect class=\"%s\"%s x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"", cls, extra, cx - s / 2,
               cy - s / 2, s, s);
        if (r > 0) rd_put(b, " rx=\"%.1f\"", r);
        rd_put(b, " fill=\"%s\"", fill);
    }
    if (stroke) rd_put(b, " stroke=\"%s\" stroke-width=\"%.2f\"", stroke, f->size / 40.0 + 0.5);
    /* a point's element has no paint of its own: clicks must find it all the same */
    if (hole > 0 && strcmp(fill, "none") == 0) rd_put(b, " pointer-events=\"all\"");
    rd_put(b, "/>\n");
}

/* Is (x, y) one of the game's star points (the tafl style marks them: the throne and the corners)? */
static bool star_point(const ggn_game *g, int x, int y)
{
    int stars[GGN_MAX_SQUARES][2];
    int n = ggn_game_star_points(g, stars, GGN_MAX_SQUARES);
    for (int i = 0; i < n && i < GGN_MAX_SQUARES; i++)
        if (stars[i][0] == x && stars[i][1] == y) return true;
    return false;
}

/* A marked square of the tafl style: a darker inset square with its diagonals. */
static void draw_marked(svg_buf *b, const rd_frame *f, double cx, double cy, const char *colour)
{
    double s = f->size * 0.82, h = s / 2;
    rd_put(b, "<g class=\"marked\" pointer-events=\"none\" stroke=\"%s\" stroke-width=\"%.2f\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
              "height=\"%.1f\" fill=\"#c9a066\"/><path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\"/></g>\n",
           colour, f->size / 40.0 + 0.5, cx - h, cy - h, s, s, cx - h, cy - h, cx + h, cy + h, cx - h, cy + h, cx + h,
           cy - h);
}

void rd_draw_board(svg_buf *b, const rd_frame *f, const ggn_position *pos, bool last_move)
{
    const ggn_game *g = f->g;
    style_look look = look_of(f->style);
    if (look.ground) {
        double rx = f->style == GGN_STYLE_CONNECT_FOUR ? f->size * 0.15 : 0;
        rd_put(b, "<rect class=\"ground\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" "
                  "fill=\"%s\"/>\n",
              f->x0, f->y0, f->w, f->h, rx, look.ground);
    }
    if (look.lines) draw_lines(b, f, look.lines);
    bool points = ggn_style_on_points(f->style);
    ggn_move last;
    bool has_last = last_move && ggn_position_last_move(pos, &last);
    for (int y = 0; y < f->rows; y++) {
        for (int x = 0; x < f->cols; x++) {
            double cx, cy;
            rd_center(f, x, y, &cx, &cy);
            if (!ggn_game_square_enabled(g, x, y)) {
                /* Between the points of a board of lines there is only the board: no hole to show. */
                if (!points || ggn_game_board_lines(g, NULL, 0) == 0) cell_shape(b, f, 0, cx, cy, "off", "", "url(#hatch)", NULL);
                continue;
            }
            char name[GGN_MAX_LABEL], extra[GGN_MAX_LABEL + 20];
            ggn_cell cell = { 2, { x, y, 0 } };
            ggn_cell_format(&cell, name, sizeof name);
            snprintf(extra, sizeof extra, " data-square=\"%s\"", name);
            bool light = (x + y) % 2 == 1;
            const char *cls = points ? "sq point"
                              : look.hole > 0 ? "sq hole"
                              : f->style == GGN_STYLE_CHESS || f->style == GGN_STYLE_DRAUGHTS ? (light ? "sq light" : "sq dark")
                                                                                               : "sq plain";
            cell_shape(b, f, look.hole, cx, cy, cls, extra, light ? look.light : look.dark, look.stroke);
            int sq = y * f->cols + x;
            if (f->style == GGN_STYLE_TAFL && star_point(g, x, y)) draw_marked(b, f, cx, cy, look.stroke);
            if (has_last && (last.from == sq || last.to == sq))
                cell_shape(b, f, look.hole, cx, cy, "last", " fill-opacity=\"0.55\"", "#f6f669", NULL);
        }
    }
    if (f->style == GGN_STYLE_TIC_TAC_TOE) draw_inner_lines(b, f);
}

void rd_coord_margins(const ggn_game *g, int size, double m[4])
{
    double wide = size / 2.0, narrow = size / 8.0;
    bool shogi = ggn_game_shogi_coordinates(g);
    m[0] = shogi ? narrow : wide;
    m[1] = shogi ? wide : narrow;
    m[2] = shogi ? wide : narrow;
    m[3] = shogi ? narrow : wide;
}

void rd_draw_coords(svg_buf *b, const rd_frame *f)
{
    const ggn_game *g = f->g;
    bool shogi = ggn_game_shogi_coordinates(g);
    double fs = f->size * 0.28;
    /* The files along the bottom (shogi: the top) of the row nearest that edge in the picture; the ranks
     * left (shogi: right) of the column nearest that edge. */
    int edge_row = shogi ? (f->flip ? 0 : f->rows - 1) : (f->flip ? f->rows - 1 : 0);
    int edge_col = shogi ? (f->flip ? 0 : f->cols - 1) : (f->flip ? f->cols - 1 : 0);
    double half = f->style == GGN_STYLE_HEX ? f->size / SQRT3 : f->size / 2.0;
    for (int x = 0; x < f->cols; x++) {
        char label[GGN_MAX_LABEL];
        double cx, cy;
        rd_center(f, x, edge_row, &cx, &cy);
        double ty = shogi ? cy - half - f->size * 0.14 : cy + half + f->size * 0.14 + fs * 0.72;
        rd_put(b, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" " RD_FONT " font-size=\"%.1f\" text-anchor=\"middle\" "
                  "fill=\"#555555\">%s</text>\n",
              cx, ty, fs, ggn_game_file_label(g, x, label, sizeof label));
    }
    for (int y = 0; y < f->rows; y++) {
        char label[GGN_MAX_LABEL];
        double cx, cy;
        rd_center(f, edge_col, y, &cx, &cy);
        double tx = shogi ? cx + f->size / 2.0 + f->size * 0.25 : cx - f->size / 2.0 - f->size * 0.25;
        rd_put(b, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" " RD_FONT " font-size=\"%.1f\" text-anchor=\"middle\" "
                  "fill=\"#555555\">%s</text>\n",
              tx, cy + fs * 0.36, fs, ggn_game_rank_label(g, y, label, sizeof label));
    }
}
