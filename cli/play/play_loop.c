/*
 * play_loop.c — the game of `ggn play`: lines read one by one, each a command
 * (play_commands.c) or a move in any notation the game takes, with the
 * questions a move left unsaid asks (which promotion, whether to promote),
 * why a move is illegal said precisely, and the computer's replies.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/id.h"
#include "play.h"

/* ---- input ---- */

/* Reads one line without its end; false at the end of input. Over-long lines are cut. */
static bool read_line(play_session *s, char *buf, size_t cap)
{
    if (!fgets(buf, (int)cap, s->in)) return false;
    size_t n = strlen(buf);
    if (n && buf[n - 1] != '\n') {
        int c;
        while ((c = fgetc(s->in)) != EOF && c != '\n') {}
    }
    while (n && isspace((unsigned char)buf[n - 1])) buf[--n] = '\0';
    size_t lead = 0;
    while (isspace((unsigned char)buf[lead])) lead++;
    memmove(buf, buf + lead, n - lead + 1);
    return true;
}

static void prompt(play_session *s, const char *text)
{
    if (!s->interactive) return;
    fputs(text, s->out);
    fflush(s->out);
}

/* ---- moves ---- */

/* Reads a square ("e2" or "[4,1]") at *p, advancing it; returns its index or -1. */
static int read_square(const ggn_game *g, const char **p)
{
    const char *s = *p;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g), x, y;
    if (*s == '[') {
        char *end;
        x = (int)strtol(s + 1, &end, 10);
        while (*end == ' ') end++;
        if (*end != ',') return -1;
        y = (int)strtol(end + 1, &end, 10);
        while (*end == ' ') end++;
        if (*end != ']') return -1;
        s = end + 1;
    } else {
        const char *start = s;
        while (islower((unsigned char)*s)) s++;
        while (isdigit((unsigned char)*s)) s++;
        ggn_cell cell;
        if (s == start || ggn_cell_parse(start, (size_t)(s - start), &cell) || cell.dims != 2) return -1;
        x = cell.index[0];
        y = cell.index[1];
    }
    *p = s;
    if (x < 0 || y < 0 || x >= cols || y >= rows) return -1;
    return y * cols + x;
}

static void square_name(const ggn_game *g, int sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { sq % ggn_game_cols(g), sq / ggn_game_cols(g), 0 } };
    ggn_cell_format(&cell, buf, cap);
}

static void lower_copy(char *dst, size_t cap, const char *src)
{
    size_t i = 0;
    for (; src[i] && i + 1 < cap; i++) dst[i] = (char)(src[i] == '_' ? ' ' : tolower((unsigned char)src[i]));
    dst[i] = '\0';
}

/*
 * Says why text is not a legal move, more precisely than the parser can:
 * no piece there, someone else's piece, the leader left attacked, or the
 * piece simply does not move that way.
 */
static void explain_illegal(play_session *s, const char *typed, const ggn_error *err)
{
    const ggn_game *g = s->game;
    FILE *out = s->out;
    /* What was typed, and the parser's message that may quote it, are printed escaped. */
    char text[PLAY_ESCAPED_BYTES], message[PLAY_ESCAPED_BYTES];
    cli_escape(typed, text, sizeof text);
    cli_escape(err->message, message, sizeof message);
    const char *p = typed;
    int from = read_square(g, &p);
    while (*p == ' ' || *p == '-' || *p == 'x') p++;
    int to = from < 0 ? -1 : read_square(g, &p);
    int cols = ggn_game_cols(g);
    if (err->code != GGN_E_ILLEGAL || from < 0 || to < 0) {
        fprintf(out, "%s (type help for the commands)\n", message);
        return;
    }
    char fname[GGN_MAX_LABEL], tname[GGN_MAX_LABEL], name[GGN_MAX_STRING_BYTES + 1];
    square_name(g, from, fname, sizeof fname);
    square_name(g, to, tname, sizeof tname);
    int kind, owner;
    bool unmoved;
    int player = ggn_position_to_move(play_pos(s));
    if (!ggn_position_piece_at(play_pos(s), from % cols, from / cols, &kind, &owner, &unmoved)) {
        fprintf(out, "Illegal move %s: there is no piece on %s.\n", text, fname);
        return;
    }
    if (owner != player) {
        fprintf(out, "Illegal move %s: the piece on %s is %s's.\n", text, fname,
                ggn_player_title(g, owner, name, sizeof name));
        return;
    }
    char kname[GGN_MAX_STRING_BYTES + 1];
    lower_copy(kname, sizeof kname, ggn_game_kind_code(g, kind));
    if (*p == '=' || (*p && !isspace((unsigned char)*p))) {
        fprintf(out, "Illegal move %s: %s\n", text, message);
        return;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_pseudo_moves(play_pos(s), moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n; i++) {
        if (moves[i].from == from && moves[i].to == to) {
            int leader = ggn_game_leader(g);
            char lname[GGN_MAX_STRING_BYTES + 1] = "leader";
            if (leader >= 0) lower_copy(lname, sizeof lname, ggn_game_kind_code(g, leader));
            fprintf(out, "Illegal move %s: it would leave your %s under attack.\n", text, lname);
            return;
        }
    }
    fprintf(out, "Illegal move %s: the %s on %s cannot move to %s.\n", text, kname, fname, tname);
}

/* The promotion choices of the move typed as text, written as "q, r, b, n" into buf. */
static int promotion_choices(play_session *s, const char *text, char *buf, size_t cap)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(play_pos(s), moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    int count = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (!moves[i].promotion) continue;
        char fmt[300], from[GGN_MAX_LABEL], to[GGN_MAX_LABEL], typed[1400];
        ggn_move_format(play_pos(s), moves[i], fmt, sizeof fmt);
        square_name(s->game, moves[i].from, from, sizeof from);
        square_name(s->game, moves[i].to, to, sizeof to);
        const char *choice = fmt + strlen(from) + strlen(to);
        if (*choice == '=') choice++;
        /* Is this option one of the typed move's? Ask the parser with the option spelled out. */
        snprintf(typed, sizeof typed, "%s=%s", text, choice);
        ggn_move mv;
        if (!ggn_move_parse(play_pos(s), typed, &mv, NULL) || !ggn_move_equal(mv, moves[i])) continue;
        size_t used = strlen(buf);
        snprintf(buf + used, cap - used, "%s%s", count ? ", " : "", choice);
        count++;
    }
    return count;
}

/* Asks which piece to promote to (the Transforming phase); false at the end of input or when cancelled. */
static bool ask_promotion(play_session *s, const char *text, ggn_move *mv, bool *eof)
{
    char choices[1024], question[1100], answer[256], typed[1400];
    if (promotion_choices(s, text, choices, sizeof choices) == 0) return false;
    snprintf(question, sizeof question, "Promote to (%s)? ", choices);
    for (;;) {
        if (s->interactive) prompt(s, question);
        else fprintf(s->out, "%.*s\n", (int)strlen(question) - 1, question);
        if (!read_line(s, answer, sizeof answer)) {
            *eof = true;
            return false;
        }
        if (!answer[0] || strcmp(answer, "cancel") == 0) {
            fprintf(s->out, "Promotion cancelled.\n");
            return false;
        }
        snprintf(typed, sizeof typed, "%s=%s", text, answer[0] == '=' ? answer + 1 : answer);
        ggn_error err;
        ggn_error_clear(&err);
        if (ggn_move_parse(play_pos(s), typed, mv, &err)) return true;
        char safe[PLAY_ESCAPED_BYTES];
        fprintf(s->out, "'%s' is not one of %s (an empty answer cancels).\n", cli_escape(answer, safe, sizeof safe), choices);
    }
}

/* Does text begin with prefix, ignoring case? */
static bool starts_with_nocase(const char *text, const char *prefix)
{
    for (; *prefix; text++, prefix++)
        if (tolower((unsigned char)*text) != tolower((unsigned char)*prefix)) return false;
    return true;
}

/* The option's text in notation n: 0 coordinates, 1 SAN, 2 USI; false where the game has none. */
static bool option_text(play_session *s, int n, ggn_move mv, char *buf, size_t cap)
{
    if (n == 0) return ggn_move_format(play_pos(s), mv, buf, cap) > 0;
    if (n == 1) return ggn_game_has_fen(s->game) && ggn_move_format_san(play_pos(s), mv, buf, cap) > 0;
    return ggn_game_has_usi(s->game) && ggn_move_format_usi(play_pos(s), mv, buf, cap) > 0;
}

/*
 * A move typed without saying whether it promotes, where it may: the parser
 * took it one way (the move that does not promote: "8h2b" in USI, "Bxh8" in
 * SAN), while another legal move between the same squares differs only
 * there. Such text is the beginning of the text of two moves in one notation
 * (8h2b and 8h2b+; Bxh8 and Bxh8=H), and ggn play asks which is
 * meant, in that notation. False at the end of input (*eof) or when cancelled.
 */
static bool ask_optional_promotion(play_session *s, const char *text, ggn_move *mv, bool *eof)
{
    if (ggn_move_is_drop(*mv)) return true;
    ggn_move moves[GGN_MAX_MOVES], options[GGN_MAX_OPTIONS + 1];
    size_t n = ggn_position_legal_moves(play_pos(s), moves, GGN_MAX_MOVES), k = 0;
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    options[k++] = *mv;
    for (size_t i = 0; i < n && k < sizeof options / sizeof options[0]; i++)
        if (moves[i].from == mv->from && moves[i].to == mv->to && !ggn_move_equal(moves[i], *mv))
            options[k++] = moves[i];
    if (k == 1) return true;
    /* The notation in which the typed text begins two options' texts, if any. */
    char typed[PLAY_LINE_BYTES];
    size_t t = 0;
    for (const char *p = text; *p && t + 1 < sizeof typed; p++)
        if (*p != ' ' && *p != '-') typed[t++] = *p;
    typed[t] = '\0';
    char texts[GGN_MAX_OPTIONS + 1][300], question[2048], answer[256];
    int notation = -1;
    for (int no = 0; no < 3 && notation < 0; no++) {
        int begun = 0;
        for (size_t i = 0; i < k; i++)
            if (option_text(s, no, options[i], texts[i], sizeof texts[i]) && starts_with_nocase(texts[i], typed))
                begun++;
        if (begun >= 2) notation = no;
    }
    if (notation < 0) return true;
    for (size_t i = 0; i < k; i++) option_text(s, notation, options[i], texts[i], sizeof texts[i]);
    /* With two options, "yes" is the one whose coordinate text names a promotion after its squares
     * ("8h2b+", "e7e8q"): a declined promotion has none, and SAN may mark neither ("Bxh8", "Bxh8=H"). */
    char plain[2][64];
    for (size_t i = 0; i < 2; i++) ggn_move_format(play_pos(s), options[i], plain[i], sizeof plain[i]);
    size_t yes = strlen(plain[1]) > strlen(plain[0]) ? 1 : 0;
    size_t no = 1 - yes;
    size_t used = k == 2 ? (size_t)snprintf(question, sizeof question, "Promote (%s)? yes or no: ", texts[yes])
                         : (size_t)snprintf(question, sizeof question, "Which move? (%s", texts[0]);
    for (size_t i = 1; k > 2 && i < k && used < sizeof question; i++)
        used += (size_t)snprintf(question + used, sizeof question - used, ", %s%s", texts[i], i + 1 == k ? ") " : "");
    for (;;) {
        if (s->interactive) prompt(s, question);
        else fprintf(s->out, "%.*s\n", (int)strlen(question) - 1, question);
        if (!read_line(s, answer, sizeof answer)) {
            *eof = true;
            return false;
        }
        if (!answer[0] || strcmp(answer, "cancel") == 0) {
            fprintf(s->out, "Move cancelled.\n");
            return false;
        }
        /* yes / no, or one of the moves as written */
        if (k == 2 && (strcmp(answer, "y") == 0 || strcmp(answer, "yes") == 0 || strcmp(answer, "+") == 0)) {
            *mv = options[yes];
            return true;
        }
        if (k == 2 && (strcmp(answer, "n") == 0 || strcmp(answer, "no") == 0 || strcmp(answer, "=") == 0)) {
            *mv = options[no];
            return true;
        }
        for (size_t i = 0; i < k; i++)
            if (strcmp(answer, texts[i]) == 0) {
                *mv = options[i];
                return true;
            }
        char safe[PLAY_ESCAPED_BYTES];
        fprintf(s->out, "'%s' is none of them: answer yes, no or the move (an empty answer cancels).\n",
                cli_escape(answer, safe, sizeof safe));
    }
}

/* ---- the game ---- */

static bool any_human(const play_session *s)
{
    for (int p = 0; p < ggn_game_player_count(s->game); p++)
        if (!s->computer[p]) return true;
    return false;
}

static void show(play_session *s)
{
    play_draw_board(s);
    play_print_status(s);
    fflush(s->out);
}

/* Writes the game to --record's file (KIF, PGN, SGF or JSON by its name); a failure is said, not fatal. */
void play_record_game(play_session *s)
{
    if (!s->record) return;
    ggn_error err;
    ggn_error_clear(&err);
    bool ok = play_record_is_kif(s->record)   ? play_record_save_kif(s, s->record, &err)
              : play_record_is_pgn(s->record) ? play_record_save_pgn(s, s->record, &err)
              : play_record_is_sgf(s->record) ? play_record_save_sgf(s, s->record, &err)
                                              : play_record_save(s, s->record, &err);
    if (!ok) fprintf(stderr, "--record: error: %s\n", err.message);
}

/* Plays mv; false (with a message) when the undo stack is full. */
static bool play_move(play_session *s, ggn_move mv)
{
    if (!ggn_position_make(play_pos(s), mv)) {
        fprintf(s->out, "The game is too long to go on (%d moves are kept).\n", GGN_MAX_PLY);
        return false;
    }
    s->draw_offer = s->draw_offer >= 0 && s->draw_offer_ply == ggn_position_ply(play_pos(s)) - 1 ? s->draw_offer : -1;
    /* Against the computer the board is drawn after its reply; between people after every move. */
    ggn_status st = ggn_position_status(play_pos(s));
    if (st.outcome != GGN_ONGOING) play_record_game(s);
    if (st.outcome != GGN_ONGOING || !s->computer[ggn_position_to_move(play_pos(s))] || !any_human(s)) show(s);
    return true;
}

int play_loop(play_session *s)
{
    char line[PLAY_LINE_BYTES], name[GGN_MAX_STRING_BYTES + 1], text[300], question[GGN_MAX_STRING_BYTES + 8];
    show(s);
    if (s->interactive) fprintf(s->out, "Type a move like e2e4, or help.\n");
    for (;;) {
        int player = ggn_position_to_move(play_pos(s));
        bool over = ggn_play_over(s->play);
        if (over) {
            if (!s->interactive) return CLI_OK;
        } else if (s->computer[player]) {
            ggn_move mv;
            if (s->interactive) {
                fprintf(s->out, "%s is thinking...\n", ggn_player_title(s->game, player, name, sizeof name));
                fflush(s->out);
            }
            if (!choose_computer_move(s, &mv)) return CLI_OK;
            play_move_text(s, mv, text, sizeof text);
            fprintf(s->out, "%s plays %s.\n", ggn_player_title(s->game, player, name, sizeof name), text);
            if (!play_move(s, mv) && !s->interactive) return CLI_OK;
            continue;
        }
        snprintf(question, sizeof question, "%s> ", !over ? ggn_player_title(s->game, player, name, sizeof name)
                                                          : "game over");
        prompt(s, question);
        if (!read_line(s, line, sizeof line)) {
            if (s->interactive) fputc('\n', s->out);
            return CLI_OK;
        }
        if (!line[0] || line[0] == '#') continue;
        play_result r = play_command(s, line);
        if (r == PLAY_QUIT) return CLI_OK;
        if (r == PLAY_CHANGED) {
            /* a resignation or a draw agreed ends the game: its record is written then */
            if (!over && ggn_play_over(s->play)) play_record_game(s);
            show(s);
        }
        if (r != PLAY_NOT_COMMAND) continue;

        if (over) {
            fprintf(s->out, "The game is over: undo, save FILE or quit.\n");
            continue;
        }
        ggn_move mv;
        ggn_error err;
        ggn_error_clear(&err);
        /* USI has no mark for a promotion declined: "8h2b=" says it, and is read as "8h2b". */
        size_t len = strlen(line);
        if (isdigit((unsigned char)line[0]) && len > 1 && line[len - 1] == '=') line[len - 1] = '\0';
        bool eof = false;
        bool parsed = ggn_play_parse_move(play_pos(s), line, &mv, &err); /* any notation, WXF ("C2.5") too */
        if (!parsed) {
            if (err.code != GGN_E_STATE) {
                explain_illegal(s, line, &err);
                continue;
            }
            if (!ask_promotion(s, line, &mv, &eof)) {
                if (eof) return CLI_OK;
                continue;
            }
        } else if (err.code == GGN_E_OK && len == strlen(line) && !ask_optional_promotion(s, line, &mv, &eof)) {
            if (eof) return CLI_OK;
            continue;
        }
        if (!play_move(s, mv) && !s->interactive) return CLI_OK;
    }
}

