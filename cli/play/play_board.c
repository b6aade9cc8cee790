/*
 * play_board.c — the board of `ggn play` as text.
 *
 * Each cell shows the kind's label (ggn_render_label: its symbol with a
 * promotion mark, "+B" or "Q~", or the first three characters of its code),
 * centred in the width of the widest label. With colours the board takes
 * the family's look where a terminal can (ggn/display.h): the spec's labels
 * (kanji, hanzi: two columns each) on tiles in the players' colours, a
 * promoted kind's text red in the shogi style, chess glyphs (the solid
 * ones, the tile telling whose) in the chess style, men and crowned men in
 * the draughts style, and a round stone for the one kind of a placement game. Edge labels are the
 * game's coordinates (shogi's 9..1 and a..i where its display says so), and
 * the sides are called as the game calls them ("Black" for shogi's first
 * player). In a game with hands each
 * player's hand is written beside the board, one kind after another with
 * its count: "White's hand: R, 2 P". With colours, squares are two-tone and
 * each label is a tile in its player's colour (ggn_game_player_colour, the
 * colours `ggn render` uses) with the label in ggn_render_ink; without,
 * a two-player game uses case (first player upper case), a larger one adds
 * the player's number. Disabled squares are left blank (a hole in the
 * board), empty ones show '.' in plain text, and the squares of the last
 * move are highlighted (colours) or bracketed (plain text).
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/display.h"
#include "ggn/id.h"
#include "ggn/render.h"
#include "play.h"

/* 256-colour palette indices of the board itself. */
enum {
    BG_LIGHT = 137,     /* light squares (#af875f) */
    BG_DARK = 94,       /* dark squares (#875f00) */
    BG_LAST = 136,      /* squares of the last move (#af8700) */
    FG_EDGE = 245       /* edge labels */
};

/* ---- colours ---- */

/* Terminals that say so in COLORTERM take 24-bit colours; the others get the nearest of 256. */
static bool has_truecolor(void)
{
    const char *ct = getenv("COLORTERM");
    return ct && (strcmp(ct, "truecolor") == 0 || strcmp(ct, "24bit") == 0);
}

/* The xterm 256-colour index nearest to rgb: the 6x6x6 cube (16..231) or the grey ramp (232..255). */
static int nearest_256(uint32_t rgb)
{
    static const int level[6] = { 0, 95, 135, 175, 215, 255 };
    int c[3] = { (int)(rgb >> 16) & 0xFF, (int)(rgb >> 8) & 0xFF, (int)rgb & 0xFF };
    int idx[3], cube_d = 0;
    for (int i = 0; i < 3; i++) {
        idx[i] = 0;
        for (int l = 1; l < 6; l++)
            if (abs(level[l] - c[i]) < abs(level[idx[i]] - c[i])) idx[i] = l;
        cube_d += (level[idx[i]] - c[i]) * (level[idx[i]] - c[i]);
    }
    int grey = (c[0] + c[1] + c[2]) / 3;
    int g = grey < 8 ? 0 : grey > 238 ? 23 : (grey - 8 + 5) / 10;
    int gv = 8 + 10 * g, grey_d = 0;
    for (int i = 0; i < 3; i++) grey_d += (gv - c[i]) * (gv - c[i]);
    return grey_d < cube_d ? 232 + g : 16 + 36 * idx[0] + 6 * idx[1] + idx[2];
}

/* The SGR parameters of a colour: "38;..." (foreground) or "48;..." (background). */
static void sgr_colour(char *buf, size_t cap, int ground, uint32_t rgb, bool truecolor)
{
    if (truecolor)
        snprintf(buf, cap, "%d;2;%u;%u;%u", ground, (unsigned)(rgb >> 16) & 0xFFu, (unsigned)(rgb >> 8) & 0xFFu,
                 (unsigned)rgb & 0xFFu);
    else snprintf(buf, cap, "%d;5;%d", ground, nearest_256(rgb));
}

static uint32_t ink_of(const play_session *s, int kind, uint32_t fill);

/* Writes the text of a piece of `kind` as a tile in the player's colour (colours on), or as it is. */
static void put_tile(const play_session *s, int owner, int kind, const char *text, bool truecolor)
{
    if (!s->colour) {
        fputs(text, s->out);
        return;
    }
    uint32_t fill = ggn_game_player_colour(s->game, owner);
    char bg[32], fg[32];
    sgr_colour(bg, sizeof bg, 48, fill, truecolor);
    sgr_colour(fg, sizeof fg, 38, ink_of(s, kind, fill), truecolor);
    fprintf(s->out, "\033[%s;%s;1m%s\033[0m", bg, fg, text);
}

/* ---- labels ---- */

/* Room for a label as the board writes it: a spec's label (4 characters of up to 4 bytes), a number. */
#define TEXT_SIZE 24

/* Columns a UTF-8 text takes in a terminal: two for the wide characters of East Asian scripts. */
static int text_width(const char *text)
{
    int w = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        unsigned cp = *p;
        int len = cp < 0x80 ? 1 : cp < 0xE0 ? 2 : cp < 0xF0 ? 3 : 4;
        if (len > 1) cp &= 0x3Fu >> (len - 1);
        for (int i = 1; i < len && p[i]; i++) cp = cp << 6 | (p[i] & 0x3Fu);
        for (int i = 0; i < len && *p; i++) p++;
        bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                    (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                    (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) ||
                    cp >= 0x20000;
        w += wide ? 2 : 1;
    }
    return w;
}

/*
 * With colours, what the family's look writes on a piece (see the top) into
 * buf (TEXT_SIZE bytes); false when it is the plain label.
 */
static bool styled_text(const play_session *s, int kind, int owner, char *buf)
{
    const ggn_game *g = s->game;
    if (!s->colour || ggn_game_prefers_western(g)) return false;
    const char *label = ggn_game_kind_label(g, kind, owner);
    if (label) {
        snprintf(buf, TEXT_SIZE, "%s", label);
        return true;
    }
    ggn_style style = ggn_game_style(g);
    /* Draughts: a man or a crowned man (U+26C2, U+26C3); stones and discs: a filled circle (U+25CF),
     * when the game has one kind of them (with more, their letters say which). */
    if (style == GGN_STYLE_DRAUGHTS || style == GGN_STYLE_TAFL) {
        snprintf(buf, TEXT_SIZE, "%s", ggn_game_kind_crowned(g, kind) ? "\xE2\x9B\x83" : "\xE2\x9B\x82");
        return true;
    }
    if ((style == GGN_STYLE_GO || style == GGN_STYLE_HEX || style == GGN_STYLE_OTHELLO ||
         style == GGN_STYLE_CONNECT_FOUR) && ggn_game_kind_count(g) == 1) {
        snprintf(buf, TEXT_SIZE, "\xE2\x97\x8F");
        return true;
    }
    char piece = ggn_game_kind_glyph(g, kind);
    const char *glyph = piece ? strchr("KQRBNP", piece) : NULL;
    char mark = ggn_game_kind_mark(g, kind);
    if (style != GGN_STYLE_CHESS || ggn_game_player_count(g) != 2 || !glyph) return false;
    /* The solid glyphs U+265A..U+265F, in UTF-8: E2 99 9A.. */
    int cp = 0x265A + (int)(glyph - "KQRBNP");
    snprintf(buf, TEXT_SIZE, "%s%c%c%c%s", mark == '+' ? "+" : "", 0xE2, 0x80 | ((cp >> 6) & 0x3F), 0x80 | (cp & 0x3F),
             mark == '~' ? "~" : "");
    return true;
}

/* The label of a kind as the board shows it for owner: case or number added (see the top). */
static void piece_label(const play_session *s, int kind, int owner, bool numbered, char *buf)
{
    /* Tic-tac-toe's style writes its two players' marks as crosses and noughts, in colour or not. */
    if (ggn_game_style(s->game) == GGN_STYLE_TIC_TAC_TOE && ggn_game_player_count(s->game) == 2 &&
        !ggn_game_kind_label(s->game, kind, owner)) {
        snprintf(buf, TEXT_SIZE, "%s", owner == 0 ? "X" : "O");
        return;
    }
    if (styled_text(s, kind, owner, buf)) return;
    ggn_render_label(s->game, kind, buf);
    if (ggn_game_player_count(s->game) == 2)
        for (char *p = buf; *p; p++)
            *p = (char)(owner == 0 ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
    if (numbered) {
        size_t n = strlen(buf);
        buf[n] = (char)('1' + owner);
        buf[n + 1] = '\0';
    }
}

/*
 * Whether labels are written flush right in their cells: when a mark comes
 * before the letter ("+B"), so that the letters of "B" and "+B" stand in one
 * column (labels are otherwise centred, which keeps "Q" and "Q~" aligned).
 */
static bool flush_right(const ggn_game *game)
{
    for (int k = 0; k < ggn_game_kind_count(game); k++)
        if (ggn_game_kind_mark(game, k) == '+') return true;
    return false;
}

/* Width of the widest piece label (without the player's number), in columns. */
static int label_width(const play_session *s)
{
    int w = 1;
    char buf[TEXT_SIZE];
    for (int k = 0; k < ggn_game_kind_count(s->game); k++)
        for (int p = 0; p < ggn_game_player_count(s->game); p++) {
            piece_label(s, k, p, false, buf);
            int n = text_width(buf);
            if (n > w) w = n;
        }
    return w;
}

/* The ink of a piece's text on its tile: red for a promoted kind in the shogi style, else the tile's. */
static uint32_t ink_of(const play_session *s, int kind, uint32_t fill)
{
    if (ggn_game_style(s->game) == GGN_STYLE_SHOGI && ggn_game_kind_mark(s->game, kind) == '+') return 0xD62728;
    return ggn_render_ink(fill);
}

/* ---- hands ---- */

/* Writes "White's hand: R, 2 P" (or "... (empty)"), the labels as tiles with colours. */
static void print_hand(const play_session *s, int player, bool truecolor)
{
    char name[GGN_MAX_STRING_BYTES + 1];
    int kinds[GGN_MAX_KINDS], counts[GGN_MAX_KINDS];
    int n = ggn_render_hand(play_pos(s), player, kinds, counts, GGN_MAX_KINDS);
    fprintf(s->out, "%s's hand:", ggn_player_title(s->game, player, name, sizeof name));
    int unlimited = 0; /* supplies that never run out (placement games): "unlimited P" */
    for (int k = 0; k < ggn_game_kind_count(s->game); k++) unlimited += ggn_game_supply_unlimited(s->game, player, k);
    if (n == 0 && !unlimited) fputs(" (empty)", s->out);
    for (int i = 0; i < n && i < GGN_MAX_KINDS; i++) {
        char label[TEXT_SIZE];
        piece_label(s, kinds[i], player, false, label);
        fprintf(s->out, "%s ", i ? "," : "");
        if (counts[i] > 1) fprintf(s->out, "%d ", counts[i]);
        put_tile(s, player, kinds[i], label, truecolor);
    }
    for (int k = 0, i = n; k < ggn_game_kind_count(s->game); k++) {
        if (!ggn_game_supply_unlimited(s->game, player, k)) continue;
        char label[TEXT_SIZE];
        piece_label(s, k, player, false, label);
        fprintf(s->out, "%s unlimited ", i++ ? "," : "");
        put_tile(s, player, k, label, truecolor);
    }
}

/*
 * Which hand is written beside each drawn row (-1: none): in a two-player
 * game the player nearest the viewer beside the bottom row and the other
 * beside the top row; with more players, in player order from the top row.
 * Returns false when the board has too few rows; the hands then go under it.
 */
static bool hand_rows(const play_session *s, int rows, int *row_hand)
{
    int players = ggn_game_player_count(s->game);
    for (int r = 0; r < rows; r++) row_hand[r] = -1;
    if (players == 2) {
        if (rows < 2) return false;
        row_hand[rows - 1] = s->flipped ? 1 : 0;
        row_hand[0] = s->flipped ? 0 : 1;
        return true;
    }
    if (rows < players) return false;
    for (int p = 0; p < players; p++) row_hand[p] = p;
    return true;
}

/* ---- the board ---- */

static void print_files(const play_session *s, int rank_w, int cell_w)
{
    int cols = ggn_game_cols(s->game);
    char row[GGN_MAX_BOARD_SIDE * 16 + 8];
    size_t used = (size_t)snprintf(row, sizeof row, "%*s ", rank_w, "");
    for (int c = 0; c < cols && used < sizeof row; c++) {
        int x = s->flipped ? cols - 1 - c : c;
        char name[GGN_MAX_LABEL];
        ggn_game_file_label(s->game, x, name, sizeof name);
        int n = (int)strlen(name);
        int left = flush_right(s->game) && n < cell_w ? cell_w - 1 - n : (cell_w - n) / 2;
        used += (size_t)snprintf(row + used, sizeof row - used, "%*s%s%*s", left, "", name, cell_w - n - left, "");
    }
    if (used >= sizeof row) used = sizeof row - 1;
    while (used && row[used - 1] == ' ') row[--used] = '\0';
    if (s->colour) fprintf(s->out, "\033[38;5;%dm%s\033[0m\n", FG_EDGE, row);
    else fprintf(s->out, "%s\n", row);
}

/* One cell, cell_w characters: the piece's label centred in w, or '.' / blank. */
static void print_cell(const play_session *s, int x, int y, int w, bool marked, bool truecolor)
{
    FILE *out = s->out;
    int kind, owner;
    bool unmoved;
    bool enabled = ggn_game_square_enabled(s->game, x, y);
    if (!enabled) {
        fprintf(out, "%*s", w + 2, "");
        return;
    }
    bool numbered = !s->colour && ggn_game_player_count(s->game) > 2;
    char text[TEXT_SIZE] = ".";
    bool piece = ggn_position_piece_at(play_pos(s), x, y, &kind, &owner, &unmoved);
    if (piece) piece_label(s, kind, owner, numbered, text);
    else if (s->colour) text[0] = ' ';
    int n = text_width(text), left = flush_right(s->game) ? w - n : (w - n) / 2, right = w - n - left;
    if (!s->colour) {
        fprintf(out, "%c%*s%s%*s%c", marked ? '[' : ' ', left, "", text, right, "", marked ? ']' : ' ');
        return;
    }
    int bg = marked ? BG_LAST : ((x + y) % 2 ? BG_LIGHT : BG_DARK);
    fprintf(out, "\033[48;5;%dm %*s", bg, left, "");
    if (piece) {
        put_tile(s, owner, kind, text, truecolor);
        fprintf(out, "\033[48;5;%dm", bg);
    } else {
        fputs(text, out);
    }
    fprintf(out, "%*s \033[0m", right, "");
}

void play_draw_board(const play_session *s)
{
    const ggn_game *g = s->game;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int players = ggn_game_player_count(g);
    int w = label_width(s) + (!s->colour && players > 2 ? 1 : 0);
    int cell_w = w + 2;
    int rank_w = 1;
    char rank[GGN_MAX_LABEL];
    for (int y = 0; y < rows; y++) {
        int n = (int)strlen(ggn_game_rank_label(g, y, rank, sizeof rank));
        if (n > rank_w) rank_w = n;
    }
    bool truecolor = s->colour && has_truecolor();
    bool hands = ggn_game_has_hands(g);
    int row_hand[GGN_MAX_BOARD_SIDE];
    bool beside = hands && hand_rows(s, rows, row_hand);
    ggn_move last;
    bool has_last = ggn_position_last_move(play_pos(s), &last);
    FILE *out = s->out;

    fputc('\n', out);
    print_files(s, rank_w, cell_w);
    for (int r = 0; r < rows; r++) {
        int y = s->flipped ? r : rows - 1 - r;
        ggn_game_rank_label(g, y, rank, sizeof rank);
        if (s->colour) fprintf(out, "\033[38;5;%dm%*s\033[0m ", FG_EDGE, rank_w, rank);
        else fprintf(out, "%*s ", rank_w, rank);
        for (int c = 0; c < cols; c++) {
            int x = s->flipped ? cols - 1 - c : c;
            int sq = y * cols + x;
            print_cell(s, x, y, w, has_last && (last.from == sq || last.to == sq), truecolor);
        }
        if (s->colour) fprintf(out, " \033[38;5;%dm%s\033[0m", FG_EDGE, rank);
        else fprintf(out, " %s", rank);
        if (beside && row_hand[r] >= 0) {
            fputs("   ", out);
            print_hand(s, row_hand[r], truecolor);
        }
        fputc('\n', out);
    }
    print_files(s, rank_w, cell_w);
    for (int p = 0; hands && !beside && p < players; p++) {
        print_hand(s, p, truecolor);
        fputc('\n', out);
    }
}

void play_print_status(play_session *s)
{
    FILE *out = s->out;
    char name[GGN_MAX_STRING_BYTES + 1];
    ggn_move last;
    if (ggn_position_last_move(play_pos(s), &last)) {
        /* The text of a move is written in the position before it. */
        char text[300];
        ggn_position_unmake(play_pos(s));
        play_move_text(s, last, text, sizeof text);
        int mover = ggn_position_to_move(play_pos(s));
        ggn_position_make(play_pos(s), last);
        fprintf(out, "Last move: %s (%s)\n", text, ggn_player_title(s->game, mover, name, sizeof name));
    }
    ggn_status st = ggn_position_status(play_pos(s));
    int player = ggn_position_to_move(play_pos(s));
    const char *bold = s->colour ? "\033[1m" : "", *reset = s->colour ? "\033[0m" : "";
    if (st.outcome == GGN_ONGOING && !ggn_play_over(s->play)) {
        fprintf(out, "%s%s to move%s.%s%s\n", bold, ggn_player_title(s->game, player, name, sizeof name),
                s->computer[player] ? " (computer)" : "", reset, st.in_check ? " Check!" : "");
        return;
    }
    char result[1024];
    ggn_play_result(s->play, result, sizeof result);
    fprintf(out, "%s%s%s\n", bold, result, reset);
}

size_t play_move_text(const play_session *s, ggn_move mv, char *buf, size_t cap)
{
    const ggn_position *pos = play_pos(s);
    const ggn_game *g = ggn_position_game(pos);
    if (s->wxf) {
        size_t n = ggn_move_format_wxf(pos, mv, buf, cap);
        if (n) return n;
    }
    /* Shogi's coordinates are USI's: a move is written the way its squares are labelled. */
    if (ggn_game_shogi_coordinates(g) && ggn_game_has_usi(g)) {
        size_t n = ggn_move_format_usi(pos, mv, buf, cap);
        if (n) return n;
    }
    return ggn_move_format(pos, mv, buf, cap);
}
