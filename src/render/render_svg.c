/*
 * render_svg.c — a position as a standalone SVG document (ggn/render.h).
 *
 * Built on the public API only: the board's shape, the pieces and the last
 * move come from ggn/game.h. Text is written into a growing buffer; a
 * failed allocation is remembered and reported once at the end, so the
 * drawing code needs no error paths.
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

/* Disc fill and label colour of each player (dark labels on light discs). */
static const char *const disc_fill[GGN_MAX_PLAYERS] = { "#ffffff", "#202020", "#d62728", "#1f77b4",
                                                        "#2ca02c", "#9467bd", "#ff7f0e", "#17becf" };
static const char *const disc_text[GGN_MAX_PLAYERS] = { "#000000", "#ffffff", "#ffffff", "#ffffff",
                                                        "#ffffff", "#ffffff", "#000000", "#000000" };

#define FONT "font-family=\"DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif\""

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

static void draw_glyph(svg_buf *b, int index, int owner, double cx, double cy, int size)
{
    double fs = size * 0.82, y = cy + fs * 0.35;
    /* The solid glyph (U+265A..) gives the body; White's is filled white under the outline glyph (U+2654..). */
    put(b, "<g class=\"piece\" " FONT " font-size=\"%.1f\" text-anchor=\"middle\">", fs);
    if (owner == 0) {
        put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#ffffff\">&#%d;&#xFE0E;</text>", cx, y, 0x265A + index);
        put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000000\">&#%d;&#xFE0E;</text>", cx, y, 0x2654 + index);
    } else {
        put(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#000000\">&#%d;&#xFE0E;</text>", cx, y, 0x265A + index);
    }
    put(b, "</g>\n");
}

static void draw_disc(svg_buf *b, const ggn_game *g, int kind, int owner, double cx, double cy, int size)
{
    char label[4];
    char sym = ggn_game_kind_symbol(g, kind);
    if (sym) {
        label[0] = sym;
        label[1] = '\0';
    } else {
        const char *code = ggn_game_kind_code(g, kind);
        snprintf(label, sizeof label, "%s", code ? code : "?");
    }
    int p = owner % GGN_MAX_PLAYERS;
    double fs = size * (strlen(label) == 1 ? 0.42 : strlen(label) == 2 ? 0.34 : 0.26);
    put(b, "<g class=\"piece\"><circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#000000\" "
           "stroke-width=\"%.1f\"/>",
        cx, cy, size * 0.38, disc_fill[p], size / 32.0 + 0.5);
    put(b, "<text x=\"%.1f\" y=\"%.1f\" " FONT " font-size=\"%.1f\" font-weight=\"bold\" text-anchor=\"middle\" "
           "fill=\"%s\">",
        cx, cy + fs * 0.36, fs, disc_text[p]);
    put_escaped(b, label);
    put(b, "</text></g>\n");
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
            put(&b, "<rect class=\"sq %s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n",
                light ? "light" : "dark", px, py, size, size, light ? "#f0d9b5" : "#b58863");
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
            int index = chess_index(ggn_game_kind_symbol(g, kind));
            if (glyphs && index >= 0 && owner < 2) draw_glyph(&b, index, owner, cx, cy, size);
            else draw_disc(&b, g, kind, owner, cx, cy, size);
        }
    }
    put(&b, "</svg>\n");
    if (b.failed) {
        free(b.text);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory rendering SVG");
        return NULL;
    }
    return b.text;
}
