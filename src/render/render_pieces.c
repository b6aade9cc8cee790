/*
 * render_pieces.c — a piece as its family draws it (ggn/display.h): chess
 * glyphs or lettered discs (chess), round pieces with a character
 * (xiangqi), pentagons pointing at the opponent with a kanji, red when
 * promoted (shogi), men and crowned kings (draughts), stones and discs
 * (go, hex, othello, connect four).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "render/render_internal.h"

#define PROMOTED_RED 0xC0392B

/* Index of a chess symbol in "KQRBNP" (the order of U+2654..U+2659), or -1. */
static int chess_index(char symbol)
{
    const char *p = symbol ? strchr("KQRBNP", symbol) : NULL;
    return p ? (int)(p - "KQRBNP") : -1;
}

static bool ascii(const char *text)
{
    for (const char *p = text; *p; p++)
        if ((unsigned char)*p >= 0x80) return false;
    return true;
}

/* Characters in a UTF-8 string. */
static size_t chars_of(const char *text)
{
    size_t n = 0;
    for (const char *p = text; *p; p++)
        if (((unsigned char)*p & 0xC0) != 0x80) n++;
    return n;
}

/* Text centred on (cx, cy), sized for its length within `room` pixels: characters in a CJK font. */
static void put_text(svg_buf *b, const char *text, double cx, double cy, double room, uint32_t ink, bool bold)
{
    size_t n = chars_of(text);
    bool cjk = !ascii(text);
    double fs = cjk ? room * (n <= 1 ? 0.62 : n == 2 ? 0.42 : 0.3) : room * (n <= 1 ? 0.44 : n == 2 ? 0.36 : 0.27);
    rd_put(b, "<text x=\"%.1f\" y=\"%.1f\" %s font-size=\"%.1f\"%s text-anchor=\"middle\" fill=\"%s\">", cx,
           cy + fs * 0.36, cjk ? RD_CJK_FONT : RD_FONT, fs, bold ? " font-weight=\"bold\"" : "",
           rd_hex(ink).text);
    rd_put_escaped(b, text);
    rd_put(b, "</text>");
}

/* What is written on a piece: the spec's label unless Western symbols are asked for, else its letters. */
static const char *text_of(const rd_frame *f, int kind, int owner, char *buf)
{
    const char *label = f->western ? NULL : ggn_game_kind_label(f->g, kind, owner);
    return label ? label : ggn_render_label(f->g, kind, buf);
}

static void draw_glyph(svg_buf *b, int index, uint32_t fill, double cx, double cy, double size)
{
    double fs = size * 0.82, y = cy + fs * 0.35;
    /* The solid glyph (U+265A..) gives the body in the player's colour; on a light body the
     * outline glyph (U+2654..) is drawn over it in black, so that its lines show. */
    rd_put(b, "<g " RD_FONT " font-size=\"%.1f\" text-anchor=\"middle\">", fs);
    rd_put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">&#%d;&#xFE0E;</text>", cx, y, rd_hex(fill).text,
           0x265A + index);
    if (ggn_render_ink(fill) == 0x000000)
        rd_put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000000\">&#%d;&#xFE0E;</text>", cx, y, 0x2654 + index);
    rd_put(b, "</g>");
}

static void draw_disc(svg_buf *b, const char *label, uint32_t fill, double cx, double cy, double size)
{
    rd_put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"%.1f\"/>", cx,
           cy, size * 0.38, rd_hex(fill).text, size / 32.0 + 0.5);
    put_text(b, label, cx, cy, size * (ascii(label) ? 0.95 : 0.75), ggn_render_ink(fill), true);
}

/* The red badge of a promoted piece, at the top right of its square, showing the mark. */
static void draw_badge(svg_buf *b, char mark, double cx, double cy, double size)
{
    double r = size * 0.14, bx = cx + size * 0.32, by = cy - size * 0.32, fs = size * 0.24;
    rd_put(b, "<g class=\"promoted\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#c0392b\" stroke=\"#ffffff\" "
              "stroke-width=\"%.1f\"/>",
           bx, by, r, size / 48.0 + 0.5);
    rd_put(b, "<text x=\"%.1f\" y=\"%.1f\" " RD_FONT " font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
              "fill=\"#ffffff\">%c</text></g>",
           bx, by + fs * 0.36, fs, mark);
}

/* A xiangqi piece: a round wooden piece ringed and written in its side's colour (a light side: filled with it). */
static void draw_round(svg_buf *b, const char *text, uint32_t colour, double cx, double cy, double size)
{
    bool light = ggn_render_ink(colour) == 0x000000;
    uint32_t body = light ? colour : 0xF6E3BC, ink = light ? 0x202020 : colour;
    rd_put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#5a3a1a\" stroke-width=\"%.2f\"/>", cx,
           cy, size * 0.43, rd_hex(body).text, size / 40.0 + 0.5);
    rd_put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\"/>", cx, cy,
           size * 0.355, rd_hex(ink).text, size / 48.0 + 0.4);
    put_text(b, text, cx, cy, size * 0.86, ink, ascii(text));
}

/*
 * A shogi piece: a pentagon whose point faces the way its owner's forward
 * step goes on the picture, its text turned with it (the far side's pieces
 * upside down, as on a real board); a promoted kind's text red.
 */
static void draw_pentagon(svg_buf *b, const rd_frame *f, const char *text, bool promoted, int owner, double cx,
                          double cy, double size)
{
    int dx, dy;
    ggn_game_player_forward(f->g, owner, &dx, &dy);
    double sx = f->flip ? -dx : dx, sy = f->flip ? dy : -dy; /* on the picture, y down */
    double angle = atan2(sx, -sy) * 180.0 / 3.14159265358979323846;
    double s = size;
    rd_put(b, "<g transform=\"translate(%.1f %.1f) rotate(%.0f)\">", cx, cy, angle);
    rd_put(b, "<polygon points=\"0,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"#f7dfa8\" stroke=\"#6b4f2a\" "
              "stroke-width=\"%.2f\" stroke-linejoin=\"round\"/>",
           -0.44 * s, 0.31 * s, -0.28 * s, 0.38 * s, 0.42 * s, -0.38 * s, 0.42 * s, -0.31 * s, -0.28 * s,
           s / 48.0 + 0.5);
    put_text(b, text, 0, 0.05 * s, s * 0.78, promoted ? PROMOTED_RED : 0x1A1A1A, ascii(text));
    rd_put(b, "</g>");
}

/* A stone, disc or man of radius r in the player's colour, its edge drawn so that it shows on any ground. */
static void draw_stone(svg_buf *b, uint32_t colour, double cx, double cy, double r, double size)
{
    bool light = ggn_render_ink(colour) == 0x000000;
    rd_put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"%s\" stroke-width=\"%.2f\"/>", cx, cy, r,
           rd_hex(colour).text, light ? "#555555" : "#000000", size / 40.0 + 0.5);
}

/*
 * Tic-tac-toe's marks: the first player's a cross, the second's a ring,
 * drawn in ink rather than the players' colours (white on white would not
 * show); a third player's and beyond are stones in their own colours.
 */
static void draw_cross_or_ring(svg_buf *b, int owner, uint32_t colour, double cx, double cy, double size)
{
    double arm = size * 0.28, width = size / 9.0;
    if (owner == 0)
        rd_put(b, "<path class=\"cross\" d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"#1d3557\" stroke-width=\"%.2f\" "
                  "stroke-linecap=\"round\" fill=\"none\"/>",
               cx - arm, cy - arm, cx + arm, cy + arm, cx + arm, cy - arm, cx - arm, cy + arm, width);
    else if (owner == 1)
        rd_put(b, "<circle class=\"ring\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" stroke=\"#c0392b\" stroke-width=\"%.2f\" fill=\"none\"/>",
               cx, cy, arm, width);
    else
        draw_stone(b, colour, cx, cy, size * 0.38, size);
}

/* A draughts man: a disc with a ring; a crowned kind two men stacked, with a crown on top. */
static void draw_man(svg_buf *b, uint32_t colour, bool crowned, double cx, double cy, double size)
{
    bool light = ggn_render_ink(colour) == 0x000000;
    const char *ring = light ? "#9a9a9a" : "#6a6a6a";
    double r = size * 0.38, lift = crowned ? size * 0.07 : 0;
    if (crowned) draw_stone(b, colour, cx, cy + lift, r, size);
    draw_stone(b, colour, cx, cy - lift, r, size);
    rd_put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\"/>", cx,
           cy - lift, r * 0.68, ring, size / 48.0 + 0.4);
    if (crowned) {
        double w = size * 0.17, h = size * 0.13, y = cy - lift + h * 0.45;
        rd_put(b, "<polygon class=\"crown\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f "
                  "%.1f,%.1f\" fill=\"#d4a017\" stroke=\"#7a5a00\" stroke-width=\"%.2f\"/>",
               cx - w, y, cx - w, y - h, cx - w / 2, y - h * 0.55, cx, y - h * 1.2, cx + w / 2, y - h * 0.55, cx + w,
               y - h, cx + w, y, size / 64.0 + 0.3);
    }
}

void rd_draw_piece(svg_buf *b, const rd_frame *f, int kind, int owner, double cx, double cy, double size,
                   const char *cls)
{
    const ggn_game *g = f->g;
    uint32_t colour = ggn_game_player_colour(g, owner);
    char mark = ggn_game_kind_mark(g, kind);
    char letters[GGN_RENDER_LABEL_SIZE];
    /* the owner and kind, by index, so that a page can tell which piece was picked (a drop from a hand) */
    rd_put(b, "<g class=\"%s\" data-player=\"%d\" data-kind=\"%d\">", cls, owner, kind);
    if (ggn_game_kind_wall(g, kind)) {
        /* A wall fills its square, in no player's colour: who put it there changes nothing (Amazons' arrows). */
        double h = size * 0.46;
        double x = h * 0.55, w = size / 40.0 + 0.5;
        rd_put(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"#2e2e38\" "
                  "stroke=\"#111111\" stroke-width=\"%.2f\"/>",
               cx - h, cy - h, 2 * h, 2 * h, size * 0.06, w);
        rd_put(b, "<path d=\"M%.1f %.1fL%.1f %.1fM%.1f %.1fL%.1f %.1f\" stroke=\"#9a9aaa\" stroke-width=\"%.2f\"/></g>\n",
               cx - x, cy - x, cx + x, cy + x, cx - x, cy + x, cx + x, cy - x, 2 * w);
        return;
    }
    bool badge = mark != '\0';
    switch (f->style) {
    case GGN_STYLE_XIANGQI:
        draw_round(b, text_of(f, kind, owner, letters), colour, cx, cy, size);
        break;
    case GGN_STYLE_SHOGI: {
        const char *label = f->western ? NULL : ggn_game_kind_label(g, kind, owner);
        char sym[2] = { ggn_game_kind_symbol(g, kind), '\0' };
        /* Western shogi pieces are the letter alone; the red shows the promotion. */
        draw_pentagon(b, f, label ? label : sym[0] ? sym : ggn_render_label(g, kind, letters), mark == '+', owner, cx,
                      cy, size);
        badge = mark != '\0' && mark != '+';
        break;
    }
    case GGN_STYLE_DRAUGHTS:
    case GGN_STYLE_TAFL: {
        bool crowned = ggn_game_kind_crowned(g, kind);
        draw_man(b, colour, crowned, cx, cy, size);
        const char *label = f->western ? NULL : ggn_game_kind_label(g, kind, owner);
        if (label) put_text(b, label, cx, cy - (crowned ? size * 0.07 : 0), size * 0.7, ggn_render_ink(colour), true);
        break;
    }
    case GGN_STYLE_GO:
    case GGN_STYLE_HEX:
    case GGN_STYLE_OTHELLO:
    case GGN_STYLE_CONNECT_FOUR: {
        double r = size * (f->style == GGN_STYLE_GO ? 0.47 : f->style == GGN_STYLE_HEX ? 0.4 : 0.38);
        draw_stone(b, colour, cx, cy, r, size);
        /* One kind of stone needs no text; with more, each says which it is. */
        const char *label = f->western ? NULL : ggn_game_kind_label(g, kind, owner);
        if (!label && ggn_game_kind_count(g) > 1) label = ggn_render_label(g, kind, letters);
        if (label) put_text(b, label, cx, cy, r * 2, ggn_render_ink(colour), true);
        break;
    }
    case GGN_STYLE_TIC_TAC_TOE:
        draw_cross_or_ring(b, owner, colour, cx, cy, size);
        break;
    case GGN_STYLE_CHESS:
    default: {
        int index = chess_index(ggn_game_kind_glyph(g, kind));
        const char *label = f->western ? NULL : ggn_game_kind_label(g, kind, owner);
        if (f->glyphs && !label && index >= 0 && owner < 2) draw_glyph(b, index, colour, cx, cy, size);
        else draw_disc(b, label ? label : ggn_render_label(g, kind, letters), colour, cx, cy, size);
        break;
    }
    }
    if (badge) draw_badge(b, mark, cx, cy, size);
    rd_put(b, "</g>\n");
}
