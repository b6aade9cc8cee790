/* play_commands.c — the commands typed at the `ggn play` prompt (anything that is not a move). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/id.h"
#include "play.h"

void play_print_help(FILE *out)
{
    fputs("Type a move as its source and destination squares: e2e4, e2-e4, e2 e4,\n"
          "or as board coordinates: [4,1] [4,3]. Promotions: e7e8q or e7e8=QUEEN,\n"
          "or just e7e8 and answer the question.\n"
          "Commands:\n"
          "  moves [SQUARE]  list the legal moves (only those from SQUARE)\n"
          "  undo            take back the last move (and the computer's reply)\n"
          "  fen             print the position as FEN\n"
          "  sfen            print the position as SFEN (shogi's USI notation)\n"
          "  save FILE       save the game record as JSON\n"
          "  load FILE       load a game record written by save\n"
          "  flip            turn the board around\n"
          "  board           draw the board again\n"
          "  help            this text\n"
          "  quit            leave the game (end of input does the same)\n",
          out);
}

/* Reads a square written as a CELL label ("e4") or "[x,y]"; returns its index or -1. */
static int parse_square(const ggn_game *g, const char *text)
{
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int x = -1, y = -1;
    if (text[0] == '[') {
        char *end;
        x = (int)strtol(text + 1, &end, 10);
        while (*end == ' ') end++;
        if (*end != ',') return -1;
        y = (int)strtol(end + 1, &end, 10);
        while (*end == ' ') end++;
        if (*end != ']' || end[1]) return -1;
    } else {
        ggn_cell cell;
        if (ggn_cell_parse(text, strlen(text), &cell) || cell.dims != 2) return -1;
        x = cell.index[0];
        y = cell.index[1];
    }
    if (x < 0 || y < 0 || x >= cols || y >= rows || !ggn_game_square_enabled(g, x, y)) return -1;
    return y * cols + x;
}

static int compare_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void list_moves(play_session *s, const char *square)
{
    FILE *out = s->out;
    int from = -1;
    if (square && *square) {
        from = parse_square(s->game, square);
        if (from < 0) {
            char safe[PLAY_ESCAPED_BYTES];
            fprintf(out, "'%s' is not a square of this board.\n", cli_escape(square, safe, sizeof safe));
            return;
        }
    }
    ggn_status st = ggn_position_status(s->pos);
    if (st.outcome != GGN_ONGOING) {
        fprintf(out, "The game is over: no moves.\n");
        return;
    }
    static ggn_move moves[GGN_MAX_MOVES];
    static char text[GGN_MAX_MOVES][300];
    static const char *sorted[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(s->pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) {
        if (from >= 0 && moves[i].from != from) continue;
        ggn_move_format(s->pos, moves[i], text[shown], sizeof text[shown]);
        sorted[shown] = text[shown];
        shown++;
    }
    qsort(sorted, shown, sizeof sorted[0], compare_text);
    if (shown == 0) {
        fprintf(out, "No legal move from %s.\n", square);
        return;
    }
    fprintf(out, "%zu legal move%s%s%s:", shown, shown == 1 ? "" : "s", from >= 0 ? " from " : "",
            from >= 0 ? square : "");
    int col = 80;
    for (size_t i = 0; i < shown; i++) {
        int len = (int)strlen(sorted[i]) + 1;
        if (col + len > 72) {
            fputs("\n ", out);
            col = 1;
        }
        fprintf(out, " %s", sorted[i]);
        col += len;
    }
    fputc('\n', out);
}

static play_result undo(play_session *s)
{
    if (ggn_position_history(s->pos) == 0) {
        fprintf(s->out, "Nothing to undo.\n");
        return PLAY_HANDLED;
    }
    ggn_position_unmake(s->pos);
    /* Against the computer, go back to a position where a person is to move. */
    bool any_human = false;
    for (int p = 0; p < ggn_game_player_count(s->game); p++) any_human |= !s->computer[p];
    while (any_human && s->computer[ggn_position_to_move(s->pos)] && ggn_position_history(s->pos) > 0)
        ggn_position_unmake(s->pos);
    return PLAY_CHANGED;
}

/* The "fen" and "sfen" commands: the position in the notation `name`, written by `write`. */
static void print_notation(play_session *s, const char *name, size_t (*write)(const ggn_position *, char *, size_t))
{
    if (!ggn_game_has_fen(s->game)) {
        fprintf(s->out, "This game has no %s (it needs two players and a symbol for every piece).\n", name);
        return;
    }
    char text[4096];
    if (write(s->pos, text, sizeof text)) fprintf(s->out, "%s\n", text);
    else fprintf(s->out, "The %s of this position does not fit.\n", name);
}

play_result play_command(play_session *s, const char *line)
{
    char word[32];
    size_t n = 0;
    while (line[n] && !isspace((unsigned char)line[n]) && n + 1 < sizeof word) {
        word[n] = (char)tolower((unsigned char)line[n]);
        n++;
    }
    word[n] = '\0';
    const char *arg = line + n;
    while (isspace((unsigned char)*arg)) arg++;
    FILE *out = s->out;

    if (strcmp(word, "quit") == 0 || strcmp(word, "exit") == 0 || strcmp(word, "q") == 0) return PLAY_QUIT;
    if (strcmp(word, "help") == 0 || strcmp(word, "?") == 0) {
        play_print_help(out);
        return PLAY_HANDLED;
    }
    if (strcmp(word, "moves") == 0) {
        list_moves(s, arg);
        return PLAY_HANDLED;
    }
    if (strcmp(word, "undo") == 0) return undo(s);
    if (strcmp(word, "fen") == 0 || strcmp(word, "sfen") == 0) {
        print_notation(s, word[0] == 'f' ? "FEN" : "SFEN", word[0] == 'f' ? ggn_position_fen : ggn_position_sfen);
        return PLAY_HANDLED;
    }
    if (strcmp(word, "flip") == 0) {
        s->flipped = !s->flipped;
        return PLAY_CHANGED;
    }
    if (strcmp(word, "board") == 0) return PLAY_CHANGED;
    if (strcmp(word, "save") == 0 || strcmp(word, "load") == 0) {
        if (!*arg) {
            fprintf(out, "%s needs a file name: %s FILE\n", word, word);
            return PLAY_HANDLED;
        }
        /* The file name is typed and the message may quote the file: both are printed escaped. */
        ggn_error err;
        ggn_error_clear(&err);
        char safe[PLAY_ESCAPED_BYTES];
        if (word[0] == 's') {
            if (play_record_save(s, arg, &err)) fprintf(out, "Saved to %s.\n", cli_escape(arg, safe, sizeof safe));
            else fprintf(out, "Not saved: %s\n", cli_escape(err.message, safe, sizeof safe));
            return PLAY_HANDLED;
        }
        if (!play_record_load(s, arg, &err)) {
            fprintf(out, "Not loaded: %s\n", cli_escape(err.message, safe, sizeof safe));
            return PLAY_HANDLED;
        }
        fprintf(out, "Loaded %s (%d move%s).\n", cli_escape(arg, safe, sizeof safe), ggn_position_history(s->pos),
                ggn_position_history(s->pos) == 1 ? "" : "s");
        return PLAY_CHANGED;
    }
    return PLAY_NOT_COMMAND;
}
