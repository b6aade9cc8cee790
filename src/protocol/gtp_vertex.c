/*
 * gtp_vertex.c — GTP's vertices (ggn/gtp.h): a column letter, the row from 1,
 * "pass", or "swap-pieces"; and the legal move one names. Go's programs
 * leave the letter I out and write upper case; Hex's (HexGui, MoHex) use
 * every letter, lower case: the board's cells (square or hexagonal) say
 * which. The swap of the pie rule is Hex programs' "swap-pieces" (MoHex's
 * HexPoint, HexGui's move): the first stone changes hands, reflected as
 * the spec says, which is ggn's swap.
 */
#include "ggn/gtp.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "protocol/gtp_internal.h"

/* GTP's column letters on square points: I is left out, as Go players leave it out (it looks like J and 1). */
static const char go_columns[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
/* On hexagonal cells, as Hex programs write them: every letter. */
static const char hex_columns[] = "abcdefghijklmnopqrstuvwxy";

char gtp_column_letter(const ggn_game *game, int x)
{
    const char *columns = ggn_game_cells(game) == GGN_CELLS_HEX ? hex_columns : go_columns;
    return x >= 0 && x < GGN_GTP_MAX_SIZE ? columns[x] : '?';
}

size_t ggn_gtp_move_format(const ggn_position *pos, ggn_move move, char *buf, size_t cap)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int n = -1;
    if (ggn_move_is_pass(g, move))
        n = snprintf(buf, cap, "pass");
    else if (ggn_move_is_swap(g, move))
        n = snprintf(buf, cap, "swap-pieces");
    else if (ggn_move_is_drop(move) && cols <= GGN_GTP_MAX_SIZE && move.to < cols * rows)
        n = snprintf(buf, cap, "%c%d", gtp_column_letter(g, move.to % cols), move.to / cols + 1);
    if (n < 0 || (size_t)n >= cap) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    return (size_t)n;
}

bool gtp_vertex_read(const char *text, bool hex, int *x, int *y, bool *pass)
{
    const char *columns = hex ? hex_columns : go_columns;
    *pass = false;
    if (strlen(text) == 4 && tolower((unsigned char)text[0]) == 'p' && tolower((unsigned char)text[1]) == 'a' &&
        tolower((unsigned char)text[2]) == 's' && tolower((unsigned char)text[3]) == 's') {
        *pass = true;
        return true;
    }
    int c = hex ? tolower((unsigned char)text[0]) : toupper((unsigned char)text[0]);
    const char *letter = text[0] ? strchr(columns, c) : NULL;
    if (!letter || !isdigit((unsigned char)text[1]) || text[1] == '0') return false;
    int row = 0;
    for (const char *p = text + 1; *p; p++) {
        if (!isdigit((unsigned char)*p) || row > 1000) return false;
        row = row * 10 + (*p - '0');
    }
    *x = (int)(letter - columns);
    *y = row - 1;
    return true;
}

bool ggn_gtp_move_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = ggn_position_game(pos);
    int x = 0, y = 0;
    bool pass = false;
    bool hex = ggn_game_cells(g) == GGN_CELLS_HEX;
    /* The swap: Hex programs' word, or ggn's own. */
    bool swap = strcasecmp(text, "swap-pieces") == 0 || strcasecmp(text, "swap") == 0;
    if (!swap && !gtp_vertex_read(text, hex, &x, &y, &pass)) {
        ggn_error_set(err, GGN_E_SYNTAX, "'%.40s' is no vertex (a letter %s and a row from 1, %s)", text,
                      hex ? "a-y" : "A-Z without I", hex ? "pass or swap-pieces" : "or pass");
        return false;
    }
    if (!pass && !swap && (x >= ggn_game_cols(g) || y >= ggn_game_rows(g) || !ggn_game_square_enabled(g, x, y))) {
        ggn_error_set(err, GGN_E_RANGE, "%.40s is off the board", text);
        return false;
    }
    ggn_move legal[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    int sq = y * ggn_game_cols(g) + x;
    for (size_t i = 0; i < n; i++) {
        bool is_pass = ggn_move_is_pass(g, legal[i]), is_swap = ggn_move_is_swap(g, legal[i]);
        bool fits = pass ? is_pass
                    : swap ? is_swap
                    : !is_pass && !is_swap && ggn_move_is_drop(legal[i]) && legal[i].to == sq;
        if (fits) {
            *move = legal[i];
            return true;
        }
    }
    ggn_error_set(err, GGN_E_ILLEGAL, "%.40s is not a legal move here", text);
    return false;
}
