/*
 * display.c — ggn/display.h: the spec's "display" (src/gamespec/read_display.c)
 * read through the compiled game, with the defaults a game without one gets.
 */
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "ggn/display.h"
#include "ggn/id.h"

static const char *const style_names[] = {"chess", "xiangqi", "shogi", "draughts",
                                          "go", "hex", "othello", "connect_four", "tic_tac_toe", "tafl"};

ggn_style ggn_game_style(const ggn_game *game)
{
    return (ggn_style)game->def->display.style;
}

const char *ggn_style_name(ggn_style style)
{
    return (unsigned)style < sizeof style_names / sizeof style_names[0] ? style_names[style] : "?";
}

bool ggn_style_on_points(ggn_style style)
{
    return style == GGN_STYLE_XIANGQI || style == GGN_STYLE_GO;
}

bool ggn_game_prefers_western(const ggn_game *game)
{
    return game->def->display.western;
}

const char *ggn_game_kind_label(const ggn_game *game, int kind, int player)
{
    const sd_game *d = game->def;
    if (!d->display.labels || kind < 0 || kind >= d->nkinds || player < 0 || player >= d->nplayers) return NULL;
    return d->display.labels[(size_t)kind * (size_t)d->nplayers + (size_t)player];
}

char ggn_game_kind_glyph(const ggn_game *game, int kind)
{
    const sd_game *d = game->def;
    if (kind < 0 || kind >= d->nkinds) return '\0';
    if (d->display.glyph[kind]) return d->display.glyph[kind];
    char sym = ggn_game_kind_symbol(game, kind);
    return sym && strchr("KQRBNP", sym) ? sym : '\0';
}

bool ggn_game_kind_crowned(const ggn_game *game, int kind)
{
    return kind >= 0 && kind < game->def->nkinds && (game->def->display.crowned >> kind & 1u);
}

bool ggn_game_kind_wall(const ggn_game *game, int kind)
{
    return kind >= 0 && kind < game->def->nkinds && (game->def->display.walls >> kind & 1u);
}

const char *ggn_game_side_name(const ggn_game *game, int player)
{
    const sd_game *d = game->def;
    if (player < 0 || player >= d->nplayers) return "?";
    return d->display.sides[player] ? d->display.sides[player] : d->players[player].name;
}

bool ggn_game_shogi_coordinates(const ggn_game *game)
{
    return game->def->display.coordinates == SD_COORDINATES_SHOGI;
}

const char *ggn_game_file_label(const ggn_game *game, int x, char *buf, size_t cap)
{
    if (ggn_game_shogi_coordinates(game)) {
        snprintf(buf, cap, "%d", game->def->cols - x);
    } else {
        ggn_cell cell = { 1, { x, 0, 0 } };
        if (!ggn_cell_format(&cell, buf, cap) && cap) buf[0] = '\0';
    }
    return buf;
}

const char *ggn_game_rank_label(const ggn_game *game, int y, char *buf, size_t cap)
{
    if (ggn_game_shogi_coordinates(game)) snprintf(buf, cap, "%c", 'a' + (game->def->rows - 1 - y));
    else snprintf(buf, cap, "%d", y + 1);
    return buf;
}

void ggn_game_player_forward(const ggn_game *game, int player, int *dx, int *dy)
{
    *dx = 0;
    *dy = 1;
    if (player < 0 || player >= game->def->nplayers) return;
    const int (*m)[2] = (const int (*)[2])game->def->players[player].dir;
    *dx = m[0][1];
    *dy = m[1][1];
}

bool ggn_game_has_river(const ggn_game *game)
{
    return game->def->display.river;
}

const char *ggn_game_river_text(const ggn_game *game, int half)
{
    return half == 0 || half == 1 ? game->def->display.river_text[half] : NULL;
}

int ggn_game_board_lines(const ggn_game *game, int (*out)[4], int cap)
{
    const sd_game *d = game->def;
    for (int i = 0; i < d->nlines && i < cap; i++) {
        int last = d->line_len[i] - 1;
        out[i][0] = d->lines[i][0][0];
        out[i][1] = d->lines[i][0][1];
        out[i][2] = d->lines[i][last][0];
        out[i][3] = d->lines[i][last][1];
    }
    return d->nlines;
}

int ggn_game_palaces(const ggn_game *game, int (*out)[4], int cap)
{
    const sd_display *d = &game->def->display;
    for (int i = 0; i < d->npalaces && i < cap; i++)
        for (int j = 0; j < 4; j++) out[i][j] = d->palaces[i][j];
    return d->npalaces;
}

/* Go's star lines on one side of `lines` lines: the 4th line from each edge on big boards, the 3rd on
 * small ones, none below 7 lines. */
static int star_lines(int lines, int *at)
{
    if (lines < 7) return 0;
    int edge = lines >= 13 ? 3 : 2;
    at[0] = edge;
    at[1] = lines - 1 - edge;
    return 2;
}

int ggn_game_star_points(const ggn_game *game, int (*out)[2], int cap)
{
    const sd_game *g = game->def;
    const sd_display *d = &g->display;
    if (d->nstars >= 0) {
        for (int i = 0; i < d->nstars && i < cap; i++) {
            out[i][0] = d->stars[i][0];
            out[i][1] = d->stars[i][1];
        }
        return d->nstars;
    }
    if (d->style != SD_STYLE_GO) return 0;
    int n = 0, xs[3], ys[3];
    int nx = star_lines(g->cols, xs), ny = star_lines(g->rows, ys);
    /* The four corner points, then the centre where both sides have one; on 15 lines and more,
     * the middle of each side as well (the nine points of a 19-line board). */
    for (int i = 0; i < nx; i++)
        for (int j = 0; j < ny; j++) {
            if (n < cap) out[n][0] = xs[i], out[n][1] = ys[j];
            n++;
        }
    bool cx = g->cols % 2 == 1, cy = g->rows % 2 == 1;
    if (cx && cy && nx > 0 && ny > 0) {
        if (n < cap) out[n][0] = g->cols / 2, out[n][1] = g->rows / 2;
        n++;
    }
    if (cx && cy && g->cols >= 15 && g->rows >= 15) {
        int mids[4][2] = {{g->cols / 2, ys[0]}, {g->cols / 2, ys[1]}, {xs[0], g->rows / 2}, {xs[1], g->rows / 2}};
        for (int i = 0; i < 4; i++) {
            if (n < cap) out[n][0] = mids[i][0], out[n][1] = mids[i][1];
            n++;
        }
    }
    return n;
}
