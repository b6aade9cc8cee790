/*
 * render_svg.c — a position as a standalone SVG document (ggn/render.h).
 *
 * Built on the public API only: the board's shape, the pieces, the hands,
 * the players' colours and the last move come from ggn/game.h. What the
 * terminal board of `ggn play` draws the same way (labels, ink, the order of
 * a hand) is defined here once and public, so the two cannot differ.
 *
 * Text is written into a growing buffer; a failed allocation is remembered
 * and reported once at the end, so the drawing code needs no error paths.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/id.h"
#include "ggn/render.h"

#define DEFAULT_SQUARE 48
#define MAX_SQUARE 512

typedef struct svg_buf {
    char *text;
    size_t len, cap;
    bool failed;
} svg_buf;

static void put(svg_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

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

static void put(svg_buf *b, const char *fmt, ...)
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

/* Text content or attribute value with the five XML specials escaped. */
static void put_escaped(svg_buf *b, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '&': put(b, "&amp;"); break;
        case '<': put(b, "&lt;"); break;
        case '>': put(b, "&gt;"); break;
        case '"': put(b, "&quot;"); break;
        case '\'': put(b, "&apos;"); break;
        default:
            /* Control characters are not allowed in XML 1.0; show them as '?'. */
            put(b, "%c", (unsigned char)*p < 0x20 && *p != '\t' && *p != '\n' ? '?' : *p);
        }
    }
}

#define FONT "font-family=\"DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif\""

/* A colour as SVG writes it. */
typedef struct rgb_text {
    char text[8];
} rgb_text;

static rgb_text hex(uint32_t rgb)
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

/* Index of a chess symbol in "KQRBNP" (the order of U+2654..U+2659), or -1. */
static int chess_index(char symbol)
{
    const char *p = symbol ? strchr("KQRBNP", symbol) : NULL;
    return p ? (int)(p - "KQRBNP") : -1;
}

static bool game_is_chesslike(const ggn_game *g)
{
    if (ggn_game_player_count(g) != 2) return false;
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (chess_index(ggn_game_kind_symbol(g, k)) < 0) return false;
    return true;
}

static void draw_glyph(svg_buf *b, int index, uint32_t fill, double cx, double cy, int size)
{
    double fs = size * 0.82, y = cy + fs * 0.35;
    /* The solid glyph (U+265A..) gives the body in the player's colour; on a light body the
     * outline glyph (U+2654..) is drawn over it in black, so that its lines show. */
    put(b, "<g " FONT " font-size=\"%.1f\" text-anchor=\"middle\">", fs);
    put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">&#%d;&#xFE0E;</text>", cx, y, hex(fill).text, 0x265A + index);
    if (ggn_render_ink(fill) == 0x000000)
        put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000000\">&#%d;&#xFE0E;</text>", cx, y, 0x2654 + index);
    put(b, "</g>");
}

static void draw_disc(svg_buf *b, const char *label, uint32_t fill, double cx, double cy, int size)
{
    size_t len = strlen(label);
    double fs = size * (len == 1 ? 0.42 : len == 2 ? 0.34 : 0.26);
    put(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#000000\" stroke-width=\"%.1f\"/>", cx, cy,
        size * 0.38, hex(fill).text, size / 32.0 + 0.5);
    put(b, "<text x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
           "fill=\"%s\">",
        cx, cy + fs * 0.36, fs, hex(ggn_render_ink(fill)).text);
    put_escaped(b, label);
    put(b, "</text>");
}

/* The red badge of a promoted piece, at the top right of its square, showing the mark. */
static void draw_badge(svg_buf *b, char mark, double cx, double cy, int size)
{
    double r = size * 0.14, bx = cx + size * 0.32, by = cy - size * 0.32, fs = size * 0.24;
    put(b, "<g class=\"promoted\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"#c0392b\" stroke=\"#ffffff\" "
           "stroke-width=\"%.1f\"/>",
        bx, by, r, size / 48.0 + 0.5);
    put(b, "<text x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
           "fill=\"#ffffff\">%c</text></g>",
        bx, by + fs * 0.36, fs, mark);
}

/* One piece in a group of class cls ("piece" on the board, "held" in a hand), centred on (cx, cy). */
static void draw_piece(svg_buf *b, const ggn_game *g, bool glyphs, int kind, int owner, double cx, double cy, int size,
                       const char *cls)
{
    uint32_t fill = ggn_game_player_colour(g, owner);
    int index = chess_index(ggn_game_kind_symbol(g, kind));
    /* the owner and kind, by index, so that a page can tell which piece was picked (a drop from a hand) */
    put(b, "<g class=\"%s\" data-player=\"%d\" data-kind=\"%d\">", cls, owner, kind);
    if (glyphs && index >= 0 && owner < 2) {
        draw_glyph(b, index, fill, cx, cy, size);
    } else {
        char label[GGN_RENDER_LABEL_SIZE];
        draw_disc(b, ggn_render_label(g, kind, label), fill, cx, cy, size);
    }
    char mark = ggn_game_kind_mark(g, kind);
    if (mark) draw_badge(b, mark, cx, cy, size);
    put(b, "</g>\n");
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

static void draw_hands(svg_buf *b, const ggn_position *pos, const hand_layout *h, bool glyphs, double x0, double y0)
{
    const ggn_game *g = ggn_position_game(pos);
    for (int t = 0; t < h->players; t++) {
        int player = h->order[t];
        double ty = y0 + t * (h->tray_h + h->gap);
        put(b, "<rect class=\"hand\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"%.1f\" fill=\"#efe7da\" "
               "stroke=\"#b5a88f\" stroke-width=\"%.1f\"/>\n",
            x0, ty, h->width, h->tray_h, h->inset, h->inset * 0.3 + 0.5);
        int kinds[GGN_MAX_KINDS], counts[GGN_MAX_KINDS];
        int n = ggn_render_hand(pos, player, kinds, counts, GGN_MAX_KINDS);
        for (int i = 0; i < n && i < GGN_MAX_KINDS; i++) {
            int col = i / h->per_column, row = i % h->per_column;
            double cx = x0 + h->inset + col * h->entry_w + h->entry_h / 2;
            double cy = ty + h->inset + row * h->entry_h + h->entry_h / 2;
            draw_piece(b, g, glyphs, kinds[i], player, cx, cy, (int)h->entry_h, "held");
            if (counts[i] > 1)
                put(b, "<text class=\"count\" x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" font-weight=\"bold\" "
                       "fill=\"#333333\">&#215;%d</text>\n",
                    cx + h->entry_h * 0.5, cy + h->entry_h * 0.14, h->entry_h * 0.38, counts[i]);
        }
    }
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
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    bool coords = !opts->hide_coordinates;
    int left = coords ? size / 2 : 0, bottom = coords ? size / 2 : 0, pad = coords ? size / 8 : 0;
    int width = left + cols * size + pad, height = pad + rows * size + bottom;
    bool glyphs = opts->pieces == GGN_RENDER_PIECES_GLYPHS ||
                  (opts->pieces == GGN_RENDER_PIECES_AUTO && game_is_chesslike(g));
    hand_layout hands;
    bool has_hands = ggn_game_has_hands(g);
    if (has_hands) {
        layout_hands(pos, opts->flip, size, rows, &hands);
        int margin = size / 8;
        width = left + cols * size + (int)(hands.gap + hands.width + 0.999) + margin;
        int need = pad + (int)(hands.height + 0.999) + margin;
        if (need > height) height = need;
    }
    svg_buf b = { NULL, 0, 0, false };

    put(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\">\n", width, height, width, height);
    put(&b, "<title>");
    put_escaped(&b, ggn_game_name(g));
    put(&b, "</title>\n");
    put(&b, "<defs><pattern id=\"hatch\" patternUnits=\"userSpaceOnUse\" width=\"8\" height=\"8\" "
            "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#f4f4f4\"/>"
            "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"8\" stroke=\"#c8c8c8\" stroke-width=\"3\"/></pattern></defs>\n");
    put(&b, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", width, height);

    ggn_move last;
    bool has_last = !opts->hide_last_move && ggn_position_last_move(pos, &last);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
            int c = opts->flip ? cols - 1 - x : x, r = opts->flip ? y : rows - 1 - y;
            int px = left + c * size, py = pad + r * size;
            if (!ggn_game_square_enabled(g, x, y)) {
                put(&b, "<rect class=\"off\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"url(#hatch)\"/>\n",
                    px, py, size, size);
                continue;
            }
            bool light = (x + y) % 2 == 1;
            char name[GGN_MAX_LABEL];
            ggn_cell cell = { 2, { x, y, 0 } };
            ggn_cell_format(&cell, name, sizeof name);
            put(&b, "<rect class=\"sq %s\" data-square=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                    "fill=\"%s\"/>\n",
                light ? "light" : "dark", name, px, py, size, size, light ? "#f0d9b5" : "#b58863");
            int sq = y * cols + x;
            if (has_last && (last.from == sq || last.to == sq))
                put(&b, "<rect class=\"last\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f6f669\" "
                        "fill-opacity=\"0.55\"/>\n", px, py, size, size);
        }
    }
    if (coords) {
        double fs = size * 0.28;
        for (int x = 0; x < cols; x++) {
            char name[GGN_MAX_LABEL];
            ggn_cell cell = { 1, { x, 0, 0 } };
            ggn_cell_format(&cell, name, sizeof name);
            int c = opts->flip ? cols - 1 - x : x;
            put(&b, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" text-anchor=\"middle\" "
                    "fill=\"#555555\">%s</text>\n",
                left + c * size + size / 2.0, pad + rows * size + bottom * 0.7, fs, name);
        }
        for (int y = 0; y < rows; y++) {
            int r = opts->flip ? y : rows - 1 - y;
            put(&b, "<text class=\"coord\" x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" text-anchor=\"middle\" "
                    "fill=\"#555555\">%d</text>\n",
                left / 2.0, pad + r * size + size / 2.0 + fs * 0.36, fs, y + 1);
        }
    }
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
            int kind, owner;
            bool unmoved;
            if (!ggn_game_square_enabled(g, x, y) || !ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved))
                continue;
            int c = opts->flip ? cols - 1 - x : x, r = opts->flip ? y : rows - 1 - y;
            double cx = left + c * size + size / 2.0, cy = pad + r * size + size / 2.0;
            draw_piece(&b, g, glyphs, kind, owner, cx, cy, size, "piece");
        }
    }
    if (has_hands) draw_hands(&b, pos, &hands, glyphs, left + cols * size + hands.gap, pad);
    put(&b, "</svg>\n");
    if (b.failed) {
        free(b.text);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory rendering SVG");
        return NULL;
    }
    return b.text;
}
