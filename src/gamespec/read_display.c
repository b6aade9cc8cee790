/*
 * read_display.c — extension "display": how the game is drawn
 * (docs/game-spec.md, "display"). No rule reads it; the renderers (SVG, the
 * terminal) do, so that a new game is drawn in its family's style from data.
 */
#include "gamespec/reader.h"

#include <stdio.h>
#include <string.h>

static const char *const display_keys[] = {"style", "symbols", "coordinates", "sides", "labels",
                                           "crowned", "walls", "glyphs", "river", "river_text", "palaces", "star_points", NULL};

/* In the order of sd_style. */
static const char *const style_names[] = {"chess", "xiangqi", "shogi", "draughts",
                                          "go", "hex", "othello", "connect_four", "tic_tac_toe", "tafl"};
#define NSTYLES (sizeof style_names / sizeof style_names[0])

/* Most characters (code points) in one label: it is written inside one piece. */
#define MAX_LABEL_CHARS 4
/* Most characters of a side's name. */
#define MAX_SIDE_CHARS 24

/* Reads obj[key] as one of names[0..n); returns its index, or -1 (absent or reported). */
static int read_word(sd_reader *r, const json_t *obj, const char *key, const char *const *names, size_t n)
{
    char text[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, key, false, text) != SD_OK) return -1;
    for (size_t i = 0; i < n; i++)
        if (strcmp(text, names[i]) == 0) return (int)i;
    char list[160];
    size_t len = 0;
    for (size_t i = 0; i < n && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s\"%s\"", i ? ", " : "", names[i]);
    const char *near = sd_closest_name(text, names, n);
    char hint[64] = "";
    if (near) snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    sd_error_key(r, key, GGN_E_VALUE, "%s '%s' is not known%s: write one of %s", key, text, hint, list);
    return -1;
}

/* Code points of a UTF-8 string (jansson hands over valid UTF-8 only). */
static size_t utf8_chars(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) n++;
    return n;
}

/* The string at r->path copied into the arena, at most max_chars characters; NULL when reported. */
static const char *read_text(sd_reader *r, const json_t *v, size_t max_chars, const char *what)
{
    char text[GGN_MAX_STRING_BYTES + 1];
    if (!sd_string_value(r, v, text)) return NULL;
    size_t chars = utf8_chars(text);
    if (chars > max_chars) {
        sd_error(r, GGN_E_VALUE, "%s '%s' has %zu characters; at most %zu fit", what, text, chars, max_chars);
        return NULL;
    }
    char *copy = sd_alloc(r, strlen(text) + 1, 1);
    if (copy) memcpy(copy, text, strlen(text) + 1);
    return copy;
}

/* "sides": one name for people per player, in the order of /players. */
static void read_sides(sd_reader *r, const json_t *disp, sd_display *d)
{
    size_t n;
    json_t *list = sd_array_field(r, disp, "sides", false, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (!list) return;
    sd_push_key(r, "sides");
    if (r->players_ok && n != (size_t)r->g->nplayers)
        sd_error(r, GGN_E_VALUE, "sides names %zu side%s; the game has %d player%s", n, n == 1 ? "" : "s",
                 r->g->nplayers, r->g->nplayers == 1 ? "" : "s");
    for (size_t i = 0; i < n && i < (size_t)r->g->nplayers; i++) {
        sd_push_index(r, i);
        d->sides[i] = read_text(r, json_array_get(list, i), MAX_SIDE_CHARS, "side name");
        sd_pop(r);
    }
    sd_pop(r);
}

/*
 * "labels": {CODE: "text"} (every player's piece alike) or {CODE: ["text",
 * ...]} (one per player, in the order of /players).
 */
static void read_labels(sd_reader *r, const json_t *disp, sd_display *d)
{
    json_t *labels = sd_field(r, disp, "labels", false);
    if (!labels) return;
    sd_push_key(r, "labels");
    sd_game *g = r->g;
    if (sd_expect(r, labels, JSON_OBJECT) && r->kinds_ok && r->players_ok) {
        d->labels = sd_alloc(r, (size_t)g->nkinds * (size_t)g->nplayers, sizeof *d->labels);
        const char *code;
        json_t *v;
        json_object_foreach(labels, code, v) {
            sd_push_key(r, code);
            int k = sd_find_kind(r, code);
            if (k < 0) {
                const char *close = sd_closest_kind(r, code);
                if (close)
                    sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces; did you mean '%s'?",
                             code, close);
                else
                    sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces", code);
            } else if (d->labels && json_is_array(v)) {
                size_t n = json_array_size(v);
                if (n != (size_t)g->nplayers)
                    sd_error(r, GGN_E_VALUE, "%zu labels for '%s'; write one for all players or one per player (%d)",
                             n, code, g->nplayers);
                for (size_t p = 0; p < n && p < (size_t)g->nplayers; p++) {
                    sd_push_index(r, p);
                    d->labels[(size_t)k * (size_t)g->nplayers + p] =
                        read_text(r, json_array_get(v, p), MAX_LABEL_CHARS, "label");
                    sd_pop(r);
                }
            } else if (d->labels) {
                const char *text = read_text(r, v, MAX_LABEL_CHARS, "label");
                for (int p = 0; p < g->nplayers; p++) d->labels[(size_t)k * (size_t)g->nplayers + (size_t)p] = text;
            }
            sd_pop(r);
        }
    }
    sd_pop(r);
}

/* "glyphs": {CODE: "Q"}: the chess piece whose glyph draws a kind of another name (makruk's met). */
static void read_glyphs(sd_reader *r, const json_t *disp, sd_display *d)
{
    json_t *glyphs = sd_field(r, disp, "glyphs", false);
    if (!glyphs) return;
    sd_push_key(r, "glyphs");
    if (sd_expect(r, glyphs, JSON_OBJECT) && r->kinds_ok) {
        const char *code;
        json_t *v;
        json_object_foreach(glyphs, code, v) {
            sd_push_key(r, code);
            int k = sd_find_kind(r, code);
            char text[GGN_MAX_STRING_BYTES + 1];
            if (k < 0) {
                const char *close = sd_closest_kind(r, code);
                if (close)
                    sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces; did you mean '%s'?",
                             code, close);
                else
                    sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces", code);
            } else if (sd_string_value(r, v, text)) {
                if (strlen(text) != 1 || !strchr("KQRBNP", text[0]))
                    sd_error(r, GGN_E_VALUE, "'%s' is not a chess piece: write one of K, Q, R, B, N, P", text);
                else d->glyph[k] = text[0];
            }
            sd_pop(r);
        }
    }
    sd_pop(r);
}

/* "crowned": the piece codes drawn crowned (draughts' kings). */
static void read_crowned(sd_reader *r, const json_t *disp, sd_display *d)
{
    size_t n;
    json_t *list = sd_array_field(r, disp, "crowned", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    sd_push_key(r, "crowned");
    d->crowned = sd_kind_set(r, list, n);
    sd_pop(r);
}

/* "walls": the piece codes drawn as blocked squares (Amazons' arrows). */
static void read_walls(sd_reader *r, const json_t *disp, sd_display *d)
{
    size_t n;
    json_t *list = sd_array_field(r, disp, "walls", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    sd_push_key(r, "walls");
    d->walls = sd_kind_set(r, list, n);
    sd_pop(r);
}

/* A list of squares at disp[key] (star points) into the arena; returns how many, -1 when absent. */
static int read_squares(sd_reader *r, const json_t *disp, const char *key, int (**out)[2])
{
    size_t n;
    json_t *list = sd_array_field(r, disp, key, false, GGN_MAX_SQUARES, "GGN_MAX_SQUARES", &n);
    if (!list) return -1;
    *out = n ? sd_alloc(r, n, sizeof **out) : NULL;
    if (n && !*out) return 0;
    sd_push_key(r, key);
    for (size_t i = 0; i < n; i++) {
        sd_push_index(r, i);
        sd_square_value(r, json_array_get(list, i), (*out)[i]);
        sd_pop(r);
    }
    sd_pop(r);
    return (int)n;
}

/* "palaces": [[corner, corner], ...], two opposite corners of each rectangle. */
static void read_palaces(sd_reader *r, const json_t *disp, sd_display *d)
{
    size_t n;
    json_t *list = sd_array_field(r, disp, "palaces", false, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (!list) return;
    d->palaces = n ? sd_alloc(r, n, sizeof *d->palaces) : NULL;
    if (n && !d->palaces) return;
    sd_push_key(r, "palaces");
    for (size_t i = 0; i < n; i++) {
        json_t *pair = json_array_get(list, i);
        sd_push_index(r, i);
        int a[2] = {0, 0}, b[2] = {0, 0};
        if (sd_expect(r, pair, JSON_ARRAY)) {
            if (json_array_size(pair) != 2) {
                sd_error(r, GGN_E_VALUE, "a palace is two opposite corners [[x, y], [x, y]], found %zu entries",
                         json_array_size(pair));
            } else {
                sd_push_index(r, 0);
                bool ok = sd_square_value(r, json_array_get(pair, 0), a);
                sd_pop(r);
                sd_push_index(r, 1);
                ok = sd_square_value(r, json_array_get(pair, 1), b) && ok;
                sd_pop(r);
                if (ok && (a[0] == b[0] || a[1] == b[1]))
                    sd_error(r, GGN_E_VALUE, "palace corners [%d, %d] and [%d, %d] do not span a rectangle", a[0],
                             a[1], b[0], b[1]);
            }
        }
        int *p = d->palaces[i];
        p[0] = a[0] < b[0] ? a[0] : b[0];
        p[1] = a[1] < b[1] ? a[1] : b[1];
        p[2] = a[0] < b[0] ? b[0] : a[0];
        p[3] = a[1] < b[1] ? b[1] : a[1];
        sd_pop(r);
    }
    d->npalaces = (int)n;
    sd_pop(r);
}

void sd_read_display(sd_reader *r, const json_t *root)
{
    sd_display *d = &r->g->display;
    d->nstars = -1;
    json_t *disp = sd_field(r, root, "display", false);
    if (!disp) return;
    sd_push_key(r, "display");
    if (!sd_expect(r, disp, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    sd_check_keys(r, disp, display_keys, "display");
    int style = read_word(r, disp, "style", style_names, NSTYLES);
    if (style >= 0) d->style = (sd_style)style;
    static const char *const symbols[] = {"characters", "western"};
    d->western = read_word(r, disp, "symbols", symbols, 2) == 1;
    static const char *const coordinates[] = {"cell", "shogi"};
    int coords = read_word(r, disp, "coordinates", coordinates, 2);
    if (coords == 1) {
        d->coordinates = SD_COORDINATES_SHOGI;
        if (r->board_ok && r->g->rows > 26)
            sd_error_key(r, "coordinates", GGN_E_VALUE, "shogi coordinates letter the ranks a..z: %d rows are too many",
                         r->g->rows);
    }
    read_sides(r, disp, d);
    read_labels(r, disp, d);
    read_crowned(r, disp, d);
    read_walls(r, disp, d);
    read_glyphs(r, disp, d);
    /* Lines drawn between the points: only the styles that put pieces on intersections have them. */
    bool lines = d->style == SD_STYLE_XIANGQI || d->style == SD_STYLE_GO;
    if (sd_bool_field(r, disp, "river", false, &d->river) == SD_OK && d->river) {
        if (!lines)
            sd_warn_key(r, "river", GGN_E_VALUE, "a river is drawn only in the styles \"xiangqi\" and \"go\"");
        if (r->board_ok && r->g->rows % 2 != 0)
            sd_error_key(r, "river", GGN_E_VALUE, "a river runs between the two middle rows: %d rows have none",
                         r->g->rows);
    }
    /* "river_text": one or two texts for the river's halves (xiangqi's 楚河 and 漢界). */
    size_t nriver;
    json_t *texts = sd_array_field(r, disp, "river_text", false, 2, "one for each half of the river", &nriver);
    if (texts) {
        sd_push_key(r, "river_text");
        if (nriver == 0) sd_error(r, GGN_E_VALUE, "river_text needs one or two texts");
        for (size_t i = 0; i < nriver && i < 2; i++) {
            sd_push_index(r, i);
            d->river_text[i] = read_text(r, json_array_get(texts, i), MAX_SIDE_CHARS, "river text");
            sd_pop(r);
        }
        if (!d->river) sd_warn(r, GGN_E_VALUE, "river_text is written only on a river (\"river\": true)");
        sd_pop(r);
    }
    read_palaces(r, disp, d);
    if (d->npalaces > 0 && !lines)
        sd_warn_key(r, "palaces", GGN_E_VALUE, "palaces are drawn only in the styles \"xiangqi\" and \"go\"");
    d->nstars = read_squares(r, disp, "star_points", &d->stars);
    if (d->nstars >= 0 && !lines && d->style != SD_STYLE_TAFL)
        sd_warn_key(r, "star_points", GGN_E_VALUE,
                    "star points are drawn only in the styles \"xiangqi\", \"go\" and \"tafl\"");
    sd_pop(r);
}
