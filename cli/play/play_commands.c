/* play_commands.c — the commands typed at the `ggn play` prompt (anything that is not a move). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/display.h"
#include "ggn/id.h"
#include "play.h"

/* The first legal move of pos that pick() accepts, or false. */
static bool find_move(ggn_position *pos, bool (*pick)(const ggn_position *, ggn_move), ggn_move *out)
{
    static ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n; i++)
        if (pick(pos, moves[i])) {
            *out = moves[i];
            return true;
        }
    return false;
}

static bool pick_board_move(const ggn_position *pos, ggn_move m)
{
    return !ggn_move_is_drop(m) && !ggn_move_is_pass(ggn_position_game(pos), m) && !m.promotion;
}

static bool pick_drop(const ggn_position *pos, ggn_move m)
{
    (void)pos;
    return ggn_move_is_drop(m);
}

static bool pick_pass(const ggn_position *pos, ggn_move m)
{
    return ggn_move_is_pass(ggn_position_game(pos), m);
}

/* One line of `help`: a way of writing a move, with an example of it in this game. */
static void example(FILE *out, const char *form, const char *text, const char *note)
{
    if (text && *text) fprintf(out, "  %-13s %-10s %s\n", form, text, note);
}

void play_print_help(const play_session *s)
{
    FILE *out = s->out;
    const ggn_game *g = s->game;
    /* Examples from the position on the board (a copy: the session's stays as it is). */
    ggn_position *pos = ggn_position_new(g);
    bool ours = pos != NULL;
    if (pos) ggn_position_copy(pos, play_pos(s));
    else pos = play_pos(s);
    char coord[300] = "", san[300] = "", usi[300] = "", dsan[300] = "", dusi[300] = "", pass[300] = "";
    ggn_move m;
    bool fen = ggn_game_has_fen(g), has_usi = ggn_game_has_usi(g);
    if (find_move(pos, pick_board_move, &m)) {
        ggn_move_format(pos, m, coord, sizeof coord);
        if (fen) ggn_move_format_san(pos, m, san, sizeof san);
        if (has_usi) ggn_move_format_usi(pos, m, usi, sizeof usi);
    }
    if (find_move(pos, pick_drop, &m)) {
        if (fen) ggn_move_format_san(pos, m, dsan, sizeof dsan);
        if (has_usi) ggn_move_format_usi(pos, m, dusi, sizeof dusi);
    }
    if (find_move(pos, pick_pass, &m) && fen) ggn_move_format_san(pos, m, pass, sizeof pass);
    fputs("Type a move in any of these forms (examples from this position):\n", out);
    example(out, "coordinates", coord,
            ggn_game_shogi_coordinates(g) ? "CELL squares (files a.. from the left, ranks 1.. from the bottom)"
                                          : "source and destination; also e2-e4, e2 e4, [4,1] [4,3]");
    example(out, "SAN", san, "as PGN writes moves (docs/pgn.md): Nf3, exd5, O-O, e8=Q");
    example(out, "USI", usi, "as shogi programs write moves: files from the right, ranks from the top");
    example(out, "drop (SAN)", dsan, "a piece from the hand onto a square");
    example(out, "drop (USI)", dusi, "the same in USI");
    if (fen || has_usi) {
        fputs("  promotion     e7e8q, e7e8=QUEEN, e8=Q in SAN, 8h2b+ in USI; a promotion\n"
              "                left unsaid is asked about, and one that may be declined\n"
              "                is declined by a final = (8h2b= in USI, Bb8= in SAN)\n",
              out);
    } else {
        fputs("  promotion     e7e8=QUEEN, or e7e8 and answer the question\n", out);
    }
    example(out, "pass", pass[0] ? "pass" : NULL, "give up the turn (the leader's square twice works too)");
    fputs("Commands:\n"
          "  moves [SQUARE]  list the legal moves (only those from SQUARE)\n"
          "  undo            take back the last move (and the computer's reply)\n"
          "  resign          give up the game\n"
          "  draw            offer a draw; typed by the other side on its turn, accept it\n"
          "  fen             print the position as FEN\n"
          "  sfen            print the position as SFEN (shogi's USI notation)\n"
          "  save FILE       save the game record as JSON (KIF when FILE ends in .kif)\n"
          "  load FILE       load a game record written by save (or a KIF game)\n"
          "  flip            turn the board around\n"
          "  board           draw the board again\n"
          "  help            this text\n"
          "  quit            leave the game (end of input does the same)\n",
          out);
    if (ours) ggn_position_free(pos);
}

/* `resign`: the player to move gives up; with two players the other wins. */
static play_result resign(play_session *s)
{
    if (ggn_play_over(s->play)) {
        fprintf(s->out, "The game is over already.\n");
        return PLAY_HANDLED;
    }
    ggn_play_resign(s->play, ggn_position_to_move(play_pos(s)));
    return PLAY_CHANGED;
}

/*
 * `draw`: an offer by the player to move, which stands for the next player's
 * turn; typed by another player while an offer made on the turn before
 * stands, the draw is agreed. The computer declines every offer: it plays on.
 */
static play_result draw(play_session *s)
{
    char name[GGN_MAX_STRING_BYTES + 1];
    if (ggn_play_over(s->play)) {
        fprintf(s->out, "The game is over already.\n");
        return PLAY_HANDLED;
    }
    int player = ggn_position_to_move(play_pos(s)), ply = ggn_position_ply(play_pos(s));
    if (s->draw_offer >= 0 && s->draw_offer != player && s->draw_offer_ply == ply - 1) {
        ggn_play_agree_draw(s->play);
        return PLAY_CHANGED;
    }
    s->draw_offer = player;
    s->draw_offer_ply = ply;
    bool computer_answers = false;
    for (int p = 0; p < ggn_game_player_count(s->game); p++) computer_answers |= p != player && s->computer[p];
    fprintf(s->out, "%s offers a draw", ggn_player_title(s->game, player, name, sizeof name));
    if (computer_answers) fprintf(s->out, "; the computer declines and plays on.\n");
    else fprintf(s->out, ": make your move; the next player accepts by typing draw.\n");
    return PLAY_HANDLED;
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
    } else if (ggn_game_shogi_coordinates(g) && isdigit((unsigned char)text[0])) {
        /* "7g": the file numbered from the right, the rank lettered from the top */
        char *end;
        long file = strtol(text, &end, 10);
        if (!islower((unsigned char)*end) || end[1] || file < 1 || file > cols) return -1;
        x = cols - (int)file;
        y = rows - 1 - (*end - 'a');
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
    ggn_status st = ggn_position_status(play_pos(s));
    if (st.outcome != GGN_ONGOING) {
        fprintf(out, "The game is over: no moves.\n");
        return;
    }
    static ggn_move moves[GGN_MAX_MOVES];
    static char text[GGN_MAX_MOVES][300];
    static const char *sorted[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(play_pos(s), moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    size_t shown = 0;
    for (size_t i = 0; i < n; i++) {
        if (from >= 0 && moves[i].from != from) continue;
        play_move_text(s, moves[i], text[shown], sizeof text[shown]);
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
    bool ended_by_players = ggn_play_resigned(s->play) >= 0 || ggn_play_draw_agreed(s->play);
    if (ggn_position_history(play_pos(s)) == 0 && !ended_by_players) {
        fprintf(s->out, "Nothing to undo.\n");
        return PLAY_HANDLED;
    }
    /* A resignation or an agreed draw is taken back first, alone. */
    s->draw_offer = -1;
    ggn_play_undo(s->play);
    if (ended_by_players) return PLAY_CHANGED;
    /* Against the computer, go back to a position where a person is to move. */
    bool any_human = false;
    for (int p = 0; p < ggn_game_player_count(s->game); p++) any_human |= !s->computer[p];
    while (any_human && s->computer[ggn_position_to_move(play_pos(s))] && ggn_position_history(play_pos(s)) > 0)
        ggn_position_unmake(play_pos(s));
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
    if (write(play_pos(s), text, sizeof text)) fprintf(s->out, "%s\n", text);
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
        play_print_help(s);
        return PLAY_HANDLED;
    }
    if (strcmp(word, "resign") == 0) return resign(s);
    if (strcmp(word, "draw") == 0 || strcmp(word, "accept") == 0) return draw(s);
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
        bool kif = play_record_is_kif(arg);
        if (word[0] == 's') {
            if (kif ? play_record_save_kif(s, arg, &err) : play_record_save(s, arg, &err)) fprintf(out, "Saved to %s.\n", cli_escape(arg, safe, sizeof safe));
            else fprintf(out, "Not saved: %s\n", cli_escape(err.message, safe, sizeof safe));
            return PLAY_HANDLED;
        }
        if (!(kif ? play_record_load_kif(s, arg, &err) : play_record_load(s, arg, &err))) {
            fprintf(out, "Not loaded: %s\n", cli_escape(err.message, safe, sizeof safe));
            return PLAY_HANDLED;
        }
        s->draw_offer = -1; /* the load forgot a resignation or a draw agreed (ggn_play_adopt) */
        fprintf(out, "Loaded %s (%d move%s).\n", cli_escape(arg, safe, sizeof safe), ggn_position_history(play_pos(s)),
                ggn_position_history(play_pos(s)) == 1 ? "" : "s");
        return PLAY_CHANGED;
    }
    return PLAY_NOT_COMMAND;
}
