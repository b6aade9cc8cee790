/*
 * render_svg.c — a position as a standalone SVG document (ggn/render.h).
 *
 * Built on the public API only: the board's shape, the pieces, the hands,
 * the players' colours and the last move come from ggn/game.h. What the
 * terminal board of `ggn play` draws the same way (labels, ink, the order of
 * a hand) is defined here once and public, so the two cannot differ.
 *
 * The board and its pieces are drawn in the game's style (ggn/display.h) by
 * render_board.c and render_pieces.c; this file lays the picture out (the
 * board, the labels around it, the hands) and owns the text buffer.
 *
 * Text is written into a growing buffer; a failed allocation is remembered
 * and reported once at the end, so the drawing code needs no error paths.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/render_internal.h"

#define DEFAULT_SQUARE 48
#define MAX_SQUARE 512

static bool reserve(svg_buf *b, size_t more)
{
    if (b->failed) return false;
    if (b->len + more + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + more + 1) cap *= 2;
    char *grown = realloc(b->text, cap);
    if (!grown) {
        b->failed = true;
        return false;
    }
    b->text = grown;
    b->cap = cap;
    return true;
}

void rd_put(svg_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n >= 0 && reserve(b, (size_t)n)) {
        vsnprintf(b->text + b->len, b->cap - b->len, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void rd_put_escaped(svg_buf *b, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': rd_put(b, "&amp;"); break;
        case '<': rd_put(b, "&lt;"); break;
        case '>': rd_put(b, "&gt;"); break;
        case '"': rd_put(b, "&quot;"); break;
        case '\'': rd_put(b, "&apos;"); break;
        default:
            /* Control characters are not allowed in XML 1.0; show them as '?'. */
            rd_put(b, "%c", (unsigned char)*p < 0x20 && *p != '\t' && *p != '\n' ? '?' : *p);
        }
    }
}

rgb_text rd_hex(uint32_t rgb)
{
    rgb_text t;
    snprintf(t.text, sizeof t.text, "#%06x", (unsigned)(rgb & 0xFFFFFFu));
    return t;
}

const char *ggn_render_label(const ggn_game *g, int kind, char *buf)
{
    char sym = ggn_game_kind_symbol(g, kind);
    char mark = ggn_game_kind_mark(g, kind);
    if (!sym) {
        const char *code = ggn_game_kind_code(g, kind);
        snprintf(buf, GGN_RENDER_LABEL_SIZE, "%.3s", code && *code ? code : "?");
    } else if (mark == '+') {
        snprintf(buf, GGN_RENDER_LABEL_SIZE, "+%c", sym);
    } else if (mark) {
        snprintf(buf, GGN_RENDER_LABEL_SIZE, "%c%c", sym, mark);
    } else {
        snprintf(buf, GGN_RENDER_LABEL_SIZE, "%c", sym);
    }
    return buf;
}

uint32_t ggn_render_ink(uint32_t fill)
{
    /* Perceived brightness (ITU-R BT.601 weights) of 0..255 against the middle. */
    unsigned r = (fill >> 16) & 0xFF, gr = (fill >> 8) & 0xFF, bl = fill & 0xFF;
    return 299 * r + 587 * gr + 114 * bl >= 128000 ? 0x000000 : 0xFFFFFF;
}

int ggn_render_hand(const ggn_position *pos, int player, int *kinds, int *counts, int cap)
{
    const ggn_game *g = ggn_position_game(pos);
    int n = 0;
    if (!ggn_game_has_hands(g)) return 0;
    /* Insertion by value, highest first; equal values keep the game's order. */
    for (int k = 0; k < ggn_game_kind_count(g); k++) {
        int c = ggn_position_hand_count(pos, player, k);
        if (c == 0) continue;
        int at = n < cap ? n : cap;
        while (at > 0 && ggn_game_kind_value(g, kinds[at - 1]) < ggn_game_kind_value(g, k)) at--;
        if (at < cap) {
            int last = n < cap ? n : cap - 1;
            for (int i = last; i > at; i--) {
                kinds[i] = kinds[i - 1];
                counts[i] = counts[i - 1];
            }
            kinds[at] = k;
            counts[at] = c;
        }
        n++;
    }
    return n;
}

static bool game_is_chesslike(const ggn_game *g)
{
    if (ggn_game_player_count(g) != 2) return false;
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (!ggn_game_kind_glyph(g, k) && !ggn_game_kind_wall(g, k)) return false; /* a wall is no piece */
    return true;
}

/*
 * The hands: one tray per player right of the board, each holding its kinds
 * in columns of entries (a piece and its count), as many columns as the
 * fullest tray needs. The order of the trays, top to bottom, is
 * ggn/render.h's: in a two-player game the player nearest the viewer last.
 */
typedef struct hand_layout {
    int players;
    int order[GGN_MAX_PLAYERS];  /* player of each tray, top to bottom */
    double entry_h, entry_w;     /* one piece and its count */
    double inset, gap;           /* inside a tray; between trays and from the board */
    double tray_h;
    int per_column;              /* entries per column of a tray */
    int columns;
    double width, height;        /* the whole panel */
} hand_layout;

static void layout_hands(const ggn_position *pos, bool flip, int size, int rows, hand_layout *h)
{
    const ggn_game *g = ggn_position_game(pos);
    int np = ggn_game_player_count(g);
    h->players = np;
    for (int i = 0; i < np; i++) h->order[i] = i;
    if (np == 2 && !flip) {
        h->order[0] = 1;
        h->order[1] = 0;
    }
    h->entry_h = size * 0.8;
    h->entry_w = size * 1.45;
    h->inset = size * 0.1;
    h->gap = size * 0.25;
    h->tray_h = (rows * size - (np - 1) * h->gap) / np;
    if (h->tray_h < h->entry_h + 2 * h->inset) h->tray_h = h->entry_h + 2 * h->inset;
    h->per_column = (int)((h->tray_h - 2 * h->inset) / h->entry_h);
    int most = 1;
    for (int p = 0; p < np; p++) {
        int n = ggn_render_hand(pos, p, NULL, NULL, 0);
        if (n > most) most = n;
    }
    h->columns = (most + h->per_column - 1) / h->per_column;
    h->width = h->columns * h->entry_w + 2 * h->inset;
    h->height = np * h->tray_h + (np - 1) * h->gap;
}

static void draw_hands(svg_buf *b, const ggn_position *pos, const hand_layout *h, const rd_frame *f, double x0,
                       double y0)
{
    for (int t = 0; t < h->players; t++) {
        int player = h->order[t];
        double ty = y0 + t * (h->tray_h + h->gap);
        rd_put(b, "<rect class=\"hand\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" "
                  "fill=\"#efe7da\" stroke=\"#b5a88f\" stroke-width=\"%.1f\"/>\n",
               x0, ty, h->width, h->tray_h, h->inset, h->inset * 0.3 + 0.5);
        int kinds[GGN_MAX_KINDS], counts[GGN_MAX_KINDS];
        int n = ggn_render_hand(pos, player, kinds, counts, GGN_MAX_KINDS);
        for (int i = 0; i < n && i < GGN_MAX_KINDS; i++) {
            int col = i / h->per_column, row = i % h->per_column;
            double cx = x0 + h->inset + col * h->entry_w + h->entry_h / 2;
            double cy = ty + h->inset + row * h->entry_h + h->entry_h / 2;
            rd_draw_piece(b, f, kinds[i], player, cx, cy, (int)h->entry_h, "held");
            if (counts[i] > 1)
                rd_put(b, "<text class=\"count\" x=\"%.1f\" y=\"%.1f\" " RD_FONT " font-size=\"%.1f\" "
                          "font-weight=\"bold\" fill=\"#333333\">&#215;%d</text>\n",
                       cx + h->entry_h * 0.5, cy + h->entry_h * 0.14, h->entry_h * 0.38, counts[i]);
        }
    }
}

/* Western symbols or the spec's labels: the caller's choice, else the spec's. */
static bool western_of(const ggn_game *g, ggn_render_pieces pieces)
{
    if (pieces == GGN_RENDER_PIECES_WESTERN || pieces == GGN_RENDER_PIECES_GLYPHS || pieces == GGN_RENDER_PIECES_DISCS)
        return true;
    if (pieces == GGN_RENDER_PIECES_CHARACTERS) return false;
    return ggn_game_prefers_western(g);
}

char *ggn_render_svg(const ggn_position *pos, const ggn_render_options *opts, ggn_error *err)
{
    static const ggn_render_options defaults = { 0, false, false, false, GGN_RENDER_PIECES_AUTO };
    if (!opts) opts = &defaults;
    int size = opts->square_size ? opts->square_size : DEFAULT_SQUARE;
    if (size < 8 || size > MAX_SQUARE) {
        ggn_error_set(err, GGN_E_RANGE, "square size %d is out of range (8 to %d pixels)", size, MAX_SQUARE);
        return NULL;
    }
    const ggn_game *g = ggn_position_game(pos);
    rd_frame f;
    memset(&f, 0, sizeof f);
    f.g = g;
    f.style = ggn_game_style(g);
    f.flip = opts->flip;
    f.size = size;
    f.cols = ggn_game_cols(g);
    f.rows = ggn_game_rows(g);
    f.western = western_of(g, opts->pieces);
    f.glyphs = opts->pieces == GGN_RENDER_PIECES_GLYPHS || opts->pieces == GGN_RENDER_PIECES_WESTERN ||
               (opts->pieces != GGN_RENDER_PIECES_DISCS && game_is_chesslike(g));
    rd_board_area(f.style, f.cols, f.rows, size, &f.w, &f.h);
    /* Room around the board: the labels' (or a thin margin), then the hands right of it. */
    double m[4] = { 0, 0, 0, 0 };
    if (!opts->hide_coordinates) rd_coord_margins(g, size, m);
    f.x0 = m[0];
    f.y0 = m[1];
    double width = m[0] + f.w + m[2], height = m[1] + f.h + m[3];
    hand_layout hands;
    bool has_hands = ggn_game_has_hands(g);
    if (has_hands) {
        layout_hands(pos, opts->flip, size, f.rows, &hands);
        double margin = size / 8.0;
        width = m[0] + f.w + m[2] + hands.gap + hands.width + margin;
        double need = f.y0 + hands.height + margin;
        if (need > height) height = need;
    }
    int iw = (int)ceil(width), ih = (int)ceil(height);
    svg_buf b = { NULL, 0, 0, false };

    rd_put(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    rd_put(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" data-style=\"%s\">\n",
           iw, ih, iw, ih, ggn_style_name(f.style));
    rd_put(&b, "<title>");
    rd_put_escaped(&b, ggn_game_name(g));
    rd_put(&b, "</title>\n");
    rd_put(&b, "<defs><pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\" "
               "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#f4f4f4\"/>"
               "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#c8c8c8\" stroke-width=\"3\"/></pattern></defs>\n");
    rd_put(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", iw, ih);
    rd_draw_board(&b, &f, pos, !opts->hide_last_move);
    if (!opts->hide_coordinates) rd_draw_coords(&b, &f);
    for (int y = 0; y < f.rows; y++) {
        for (int x = 0; x < f.cols; x++) {
            int kind, owner;
            bool unmoved;
            if (!ggn_game_square_enabled(g, x, y) || !ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved))
                continue;
            double cx, cy;
            rd_center(&f, x, y, &cx, &cy);
            rd_draw_piece(&b, &f, kind, owner, cx, cy, size, "piece");
        }
    }
    if (has_hands) draw_hands(&b, pos, &hands, &f, m[0] + f.w + m[2] + hands.gap, f.y0);
    rd_put(&b, "</svg>\n");
    if (b.failed) {
        free(b.text);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory rendering SVG");
        return NULL;
    }
    return b.text;
}
