/*
 * wxf.c — xiangqi moves in WXF notation, as the World Xiangqi
 * Federation writes them and its players exchange them: `ggn play xiangqi
 * --wxf` prints moves so, and a move typed so is read in any game that has it.
 *
 * A move is the piece's letter (K A E H R C P: FEN's B and N are WXF's E
 * and H), the file it stands on counted from the mover's right (1..9), and
 * either '+' (forward) or '-' (backward) with the ranks moved (a piece going
 * straight) or the file it reaches (one going aslant: horse, elephant,
 * advisor), or '.' (sideways) with the file it reaches: "C2.5", "H8+7",
 * "R1+1". Where pieces of a kind share a file, '+' names the front one and
 * '-' the rear in place of the file ("R+.3"); with three, the middle keeps its
 * file; with four or five, "++" and "--" stand for the outermost in place of
 * the letter; and where two files each hold several, the file's digit stands
 * in place of the letter ("3+.4"). A move is written by these rules and read
 * by writing every legal move so and comparing, so the two cannot differ.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/display.h"
#include "ggn/play.h"

bool ggn_wxf_available(const ggn_game *g)
{
    if (ggn_game_style(g) != GGN_STYLE_XIANGQI || ggn_game_player_count(g) != 2 || ggn_game_cols(g) > 9) return false;
    /* Files are counted from each player's right: both must move along the files. */
    for (int p = 0; p < 2; p++) {
        int dx, dy;
        ggn_game_player_forward(g, p, &dx, &dy);
        if (dx != 0 || dy == 0) return false;
    }
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (!ggn_game_kind_symbol(g, k)) return false;
    return true;
}

/* The kind's WXF letter. */
static char wxf_letter(const ggn_game *g, int kind)
{
    char sym = ggn_game_kind_symbol(g, kind);
    return sym == 'B' ? 'E' : sym == 'N' ? 'H' : sym;
}

/* The file of column x for player, counted from the player's right (1..cols). */
static int wxf_file(const ggn_game *g, int player, int x)
{
    int dx, dy;
    ggn_game_player_forward(g, player, &dx, &dy);
    return dy > 0 ? ggn_game_cols(g) - x : x + 1;
}

/* The rows of player's pieces of kind on column x, front first (furthest forward for the player). */
static int column_pieces(const ggn_position *pos, int player, int kind, int x, int *rows)
{
    const ggn_game *g = ggn_position_game(pos);
    int dx, dy, n = 0;
    ggn_game_player_forward(g, player, &dx, &dy);
    for (int i = 0; i < ggn_game_rows(g); i++) {
        int y = dy > 0 ? ggn_game_rows(g) - 1 - i : i;
        int k, o;
        bool unmoved;
        if (ggn_position_piece_at(pos, x, y, &k, &o, &unmoved) && k == kind && o == player) rows[n++] = y;
    }
    return n;
}

size_t ggn_move_format_wxf(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    const ggn_game *g = ggn_position_game(pos);
    if (cap) buf[0] = '\0';
    int cols = ggn_game_cols(g);
    if (!ggn_wxf_available(g) || ggn_move_is_drop(mv) || ggn_move_is_pass(g, mv) || mv.from >= cols * ggn_game_rows(g))
        return 0;
    int x1 = mv.from % cols, y1 = mv.from / cols, x2 = mv.to % cols, y2 = mv.to / cols;
    int kind, player;
    bool unmoved;
    if (!ggn_position_piece_at(pos, x1, y1, &kind, &player, &unmoved)) return 0;
    int dx, dy;
    ggn_game_player_forward(g, player, &dx, &dy);
    /* Who the moving piece is: its letter and file, or its place among pieces sharing the file. */
    int rows[GGN_MAX_BOARD_SIDE];
    int n = column_pieces(pos, player, kind, x1, rows), at = 0;
    while (at < n && rows[at] != y1) at++;
    int tandem_files = 0;
    for (int x = 0; x < cols; x++) {
        int other[GGN_MAX_BOARD_SIDE];
        if (column_pieces(pos, player, kind, x, other) >= 2) tandem_files++;
    }
    char who[8];
    char letter = wxf_letter(g, kind);
    int file = wxf_file(g, player, x1);
    if (n < 2) {
        snprintf(who, sizeof who, "%c%d", letter, file);
    } else {
        /* front '+', rear '-'; the middle of three keeps its file; four or five: "++", "--" outermost */
        char place[4];
        if (n >= 4 && at == 0) snprintf(place, sizeof place, "++");
        else if (n >= 4 && at == n - 1) snprintf(place, sizeof place, "--");
        else if (at == (n >= 4 ? 1 : 0)) snprintf(place, sizeof place, "+");
        else if (at == (n >= 4 ? n - 2 : n - 1)) snprintf(place, sizeof place, "-");
        else snprintf(place, sizeof place, "%d", file);
        if (strlen(place) == 2) snprintf(who, sizeof who, "%s", place);
        else if (tandem_files >= 2) snprintf(who, sizeof who, "%d%s", file, place);
        else snprintf(who, sizeof who, "%c%s", letter, place);
    }
    int ahead = (y2 - y1) * (dy > 0 ? 1 : -1);
    char op = ahead > 0 ? '+' : ahead < 0 ? '-' : '.';
    int last = x1 == x2 ? abs(y2 - y1) : wxf_file(g, player, x2);
    return (size_t)snprintf(buf, cap, "%s%c%d", who, op, last);
}

bool ggn_move_parse_wxf(ggn_position *pos, const char *text, ggn_move *out)
{
    const ggn_game *g = ggn_position_game(pos);
    if (!ggn_wxf_available(g)) return false;
    /* Read leniently: letters in any case, '=' for '.', FEN's B and N for E and H. */
    char want[16];
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < sizeof want; p++) {
        char c = (char)toupper((unsigned char)*p);
        if (isspace((unsigned char)c)) continue;
        want[n++] = c == '=' ? '.' : c == 'B' ? 'E' : c == 'N' ? 'H' : c;
    }
    want[n] = '\0';
    if (n < 3 || n >= sizeof want - 1) return false;
    ggn_move moves[GGN_MAX_MOVES];
    size_t count = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (count > GGN_MAX_MOVES) count = GGN_MAX_MOVES;
    for (size_t i = 0; i < count; i++) {
        char text_i[16];
        if (ggn_move_format_wxf(pos, moves[i], text_i, sizeof text_i) && strcmp(text_i, want) == 0) {
            *out = moves[i];
            return true;
        }
    }
    return false;
}
