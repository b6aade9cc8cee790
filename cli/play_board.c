/*
 * play_board.c — the board of `ggn play` as text.
 *
 * Each cell shows the piece's symbol, or the first three characters of its
 * code when the kind has no symbol (seed 004's terminal interface). With
 * colours, pieces take their player's colour on two-tone squares; without,
 * a two-player game uses case (first player upper case), a larger one adds
 * the player's number. Disabled squares are left blank (a hole in the
 * board), empty ones show '.' in plain text, and the squares of the last
 * move are highlighted (colours) or bracketed (plain text).
 */
#include <ctype.h>
#include <string.h>

#include "ggn/id.h"
#include "play.h"

/* 256-colour palette indices. */
enum {
    BG_LIGHT = 137,     /* light squares (#af875f) */
    BG_DARK = 94,       /* dark squares (#875f00) */
    BG_LAST = 136,      /* squares of the last move (#af8700) */
    FG_EDGE = 245       /* edge labels */
};

/* One foreground colour per player, chosen to read on both square tones. */
static const int player_fg[GGN_MAX_PLAYERS] = { 231, 16, 226, 51, 201, 46, 196, 39 };

const char *play_player_name(const ggn_game *game, int player, char *buf, size_t cap)
{
    const char *name = ggn_game_player_name(game, player);
    snprintf(buf, cap, "%s", name ? name : "?");
    bool start = true;
    for (char *p = buf; *p; p++) {
        if (*p == '_') *p = ' ';
        *p = (char)(start ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
        start = *p == ' ';
    }
    return buf;
}

/* The kind's label: its symbol, or the first three characters of its code. */
static void kind_label(const ggn_game *game, int kind, char *buf)
{
    char sym = ggn_game_kind_symbol(game, kind);
    if (sym) {
        buf[0] = sym;
        buf[1] = '\0';
        return;
    }
    const char *code = ggn_game_kind_code(game, kind);
    snprintf(buf, 4, "%s", code ? code : "?");
}

/* Width of the widest piece label (without decoration). */
static int label_width(const ggn_game *game)
{
    int w = 1;
    char buf[4];
    for (int k = 0; k < ggn_game_kind_count(game); k++) {
        kind_label(game, k, buf);
        int n = (int)strlen(buf);
        if (n > w) w = n;
    }
    return w;
}

/* The text of a piece in a cell, w characters wide, centred. */
static void piece_text(const play_session *s, int kind, int owner, int w, char *buf)
{
    char label[8];
    kind_label(s->game, kind, label);
    int players = ggn_game_player_count(s->game);
    if (players == 2) {
        for (char *p = label; *p; p++)
            *p = (char)(owner == 0 ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
    }
    if (!s->colour && players > 2) {
        size_t n = strlen(label);
        label[n] = (char)('1' + owner);
        label[n + 1] = '\0';
    }
    int n = (int)strlen(label);
    int left = (w - n) / 2;
    snprintf(buf, 16, "%*s%s%*s", left, "", label, w - n - left, "");
}

static void file_label(int x, char *buf, size_t cap)
{
    ggn_cell cell = { 1, { x, 0, 0 } };
    if (!ggn_cell_format(&cell, buf, cap)) snprintf(buf, cap, "?");
}

static void print_files(const play_session *s, int rank_w, int cell_w)
{
    int cols = ggn_game_cols(s->game);
    char row[GGN_MAX_BOARD_SIDE * 16 + 8];
    size_t used = (size_t)snprintf(row, sizeof row, "%*s ", rank_w, "");
    for (int c = 0; c < cols && used < sizeof row; c++) {
        int x = s->flipped ? cols - 1 - c : c;
        char name[GGN_MAX_LABEL];
        file_label(x, name, sizeof name);
        int n = (int)strlen(name);
        int left = (cell_w - n) / 2;
        used += (size_t)snprintf(row + used, sizeof row - used, "%*s%s%*s", left, "", name, cell_w - n - left, "");
    }
    if (used >= sizeof row) used = sizeof row - 1;
    while (used && row[used - 1] == ' ') row[--used] = '\0';
    if (s->colour) fprintf(s->out, "\033[38;5;%dm%s\033[0m\n", FG_EDGE, row);
    else fprintf(s->out, "%s\n", row);
}

void play_draw_board(const play_session *s)
{
    const ggn_game *g = s->game;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int players = ggn_game_player_count(g);
    int w = label_width(g) + (!s->colour && players > 2 ? 1 : 0);
    int cell_w = w + 2;
    int rank_w = rows >= 10 ? 2 : 1;
    ggn_move last;
    bool has_last = ggn_position_last_move(s->pos, &last);
    FILE *out = s->out;

    fputc('\n', out);
    print_files(s, rank_w, cell_w);
    for (int r = 0; r < rows; r++) {
        int y = s->flipped ? r : rows - 1 - r;
        if (s->colour) fprintf(out, "\033[38;5;%dm%*d\033[0m ", FG_EDGE, rank_w, y + 1);
        else fprintf(out, "%*d ", rank_w, y + 1);
        for (int c = 0; c < cols; c++) {
            int x = s->flipped ? cols - 1 - c : c;
            int sq = y * cols + x;
            bool marked = has_last && (last.from == sq || last.to == sq);
            char text[16];
            int kind, owner;
            bool unmoved;
            bool enabled = ggn_game_square_enabled(g, x, y);
            bool piece = enabled && ggn_position_piece_at(s->pos, x, y, &kind, &owner, &unmoved);
            if (piece) piece_text(s, kind, owner, w, text);
            else snprintf(text, sizeof text, "%*s%s%*s", (w - 1) / 2, "", enabled && !s->colour ? "." : " ",
                          w - 1 - (w - 1) / 2, "");
            if (!enabled) {
                fprintf(out, "%*s", cell_w, "");
            } else if (s->colour) {
                int bg = marked ? BG_LAST : ((x + y) % 2 ? BG_LIGHT : BG_DARK);
                if (piece) fprintf(out, "\033[48;5;%d;38;5;%d;1m %s \033[0m", bg, player_fg[owner % GGN_MAX_PLAYERS], text);
                else fprintf(out, "\033[48;5;%dm %s \033[0m", bg, text);
            } else {
                fprintf(out, "%c%s%c", marked ? '[' : ' ', text, marked ? ']' : ' ');
            }
        }
        if (s->colour) fprintf(out, " \033[38;5;%dm%d\033[0m\n", FG_EDGE, y + 1);
        else fprintf(out, " %d\n", y + 1);
    }
    print_files(s, rank_w, cell_w);
}

/* A result of a game_end rule, in the library's words: "WHITE wins: KING reached HILL." */
static void play_describe(const play_session *s, ggn_status st, FILE *out, const char *bold, const char *reset)
{
    char why[600];
    ggn_status_describe(s->game, &st, why, sizeof why);
    fprintf(out, "%s%s.%s\n", bold, why, reset);
}

void play_print_status(play_session *s)
{
    FILE *out = s->out;
    char name[GGN_MAX_STRING_BYTES + 1];
    ggn_move last;
    if (ggn_position_last_move(s->pos, &last)) {
        /* The text of a move is written in the position before it. */
        char text[300];
        ggn_position_unmake(s->pos);
        ggn_move_format(s->pos, last, text, sizeof text);
        int mover = ggn_position_to_move(s->pos);
        ggn_position_make(s->pos, last);
        fprintf(out, "Last move: %s (%s)\n", text, play_player_name(s->game, mover, name, sizeof name));
    }
    ggn_status st = ggn_position_status(s->pos);
    int player = ggn_position_to_move(s->pos);
    const char *bold = s->colour ? "\033[1m" : "", *reset = s->colour ? "\033[0m" : "";
    switch (st.outcome) {
    case GGN_ONGOING:
        fprintf(out, "%s%s to move%s.%s%s\n", bold, play_player_name(s->game, player, name, sizeof name),
                s->computer[player] ? " (computer)" : "", reset, st.in_check ? " Check!" : "");
        break;
    case GGN_CHECKMATE:
    case GGN_LEADER_CAPTURED:
        fprintf(out, "%s%s. %s wins.%s\n", bold, st.outcome == GGN_CHECKMATE ? "Checkmate" : "Leader captured",
                st.winner >= 0 ? play_player_name(s->game, st.winner, name, sizeof name) : "Nobody", reset);
        break;
    case GGN_STALEMATE:
        if (st.draw) fprintf(out, "%sStalemate. Draw.%s\n", bold, reset);
        else play_describe(s, st, out, bold, reset); /* game_end gives it another result */
        break;
    case GGN_GOAL:
    case GGN_EXTINCTION:
    case GGN_CHECK_LIMIT:
        play_describe(s, st, out, bold, reset);
        break;
    default: {
        const char *what = ggn_outcome_name(st.outcome);
        fprintf(out, "%s%c%s.%s\n", bold, toupper((unsigned char)what[0]), what + 1, reset);
        break;
    }
    }
}
