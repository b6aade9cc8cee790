/*
 * cmd_play.c — `ggn play [GAME]`: play a game in the terminal, against
 * people or the computer. The board drawing, the typed commands, the game
 * record and the computer player live in play_*.c (play.h).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_player.h"
#include "ggn/ggn.h"
#include "ggn/id.h"
#include "play/play.h"

static const char help[] =
    "Usage: ggn play [GAME] [--players LIST] [--fen FEN | --sfen SFEN]\n"
    "                [--load FILE] [--record FILE] [--think TIME] [--depth N]\n"
    "                [--flip] [--color WHEN] [--seed N] [--wxf] [--player P]\n"
    "\n"
    "Plays GAME (a game spec file or a name ggn games lists; chess by default) in\n"
    "the terminal, drawn in its family's look where the terminal can (the\n"
    "spec's display: characters, chess glyphs, shogi's coordinates, the sides'\n"
    "names). The board is drawn after every move; type a move as its source\n"
    "and destination (e2e4, e2-e4, e2 e4, [4,1] [4,3], e7e8q, e7e8=QUEEN), in\n"
    "SAN (Nf3, exd5, O-O, e8=Q, P@e4, pass; docs/pgn.md), in USI (7g7f,\n"
    "8h2b+, P*5e) or one of the commands (help lists them with examples):\n"
    "  moves [SQUARE]  list the legal moves (only those from SQUARE)\n"
    "  undo            take back the last move (and the computer's reply)\n"
    "  resign          give up the game\n"
    "  draw            offer a draw, or accept the other side's offer\n"
    "  fen             print the position as FEN\n"
    "  sfen            print the position as SFEN (shogi's USI notation)\n"
    "  save FILE       save the game record as JSON\n"
    "  load FILE       load a game record written by save\n"
    "  flip            turn the board around\n"
    "  board           draw the board again\n"
    "  help            list the commands\n"
    "  quit            leave (end of input does the same)\n"
    "A promotion typed without its piece asks which piece to promote to; one\n"
    "that may be declined, typed without + or =, asks whether to promote.\n"
    "\n"
    "Options:\n"
    "  --players LIST  who moves each player, in the game's player order,\n"
    "                  comma-separated: human or computer (default: the first\n"
    "                  player human, the others computer; e.g. human,human)\n"
    "  --fen FEN       start from this position\n"
    "  --sfen SFEN     start from this position written as SFEN\n"
    "  --load FILE     start from a game record written by save, from the\n"
    "                  first game of a PGN file (FILE ending in .pgn) or from a\n"
    "                  shogi game in KIF (FILE ending in .kif); without GAME,\n"
    "                  the game is the one the file names\n"
    "  --record FILE   write the game to FILE when it ends and when ggn play\n"
    "                  stops: PGN when FILE ends in .pgn, KIF (shogi's record,\n"
    "                  UTF-8) when it ends in .kif, else the JSON record\n"
    "  --think TIME    the computer's time per move: 500ms, 1s, 2.5s, 1m (default 1s)\n"
    "  --depth N       the computer's maximum search depth in half-moves (1 to 48)\n"
    "  --player P      the computer player: alphabeta or mcts (default: the one\n"
    "                  the game's spec names, else alphabeta; mcts uses --think\n"
    "                  only)\n"
    "  --seed N        a game that draws its start (fischerandom, caparandom:\n"
    "                  random_start) starts from the start N draws, the same on\n"
    "                  every machine (0 to 18446744073709551615); without it,\n"
    "                  from a start drawn at random. The seed and the start's\n"
    "                  FEN are printed first, so a game can be started again\n"
    "  --flip          draw the board from the other side\n"
    "  --wxf           print moves in WXF notation (xiangqi: C2.5, H8+7, R+.3);\n"
    "                  moves typed in WXF are read without it\n"
    "  --color WHEN    auto (default), always or never; auto uses colours when\n"
    "                  both standard input and output are terminals and NO_COLOR\n"
    "                  is not set\n"
    "\n"
    "When standard input is not a terminal, ggn play reads one move or command\n"
    "per line, prints plain text without prompts, colours or cursor codes, and\n"
    "stops at the end of the game or of the input:\n"
    "  printf 'f2f3\\ne7e5\\ng2g4\\nd8h4\\n' | ggn play chess --players human,human\n"
    "\n"
    "See docs/play.md for the details and the record format, docs/pgn.md for\n"
    "SAN and PGN.\n"
    "\n"
    "Exit status: 0 when the game ends or is left, 1 when GAME, the FEN, the\n"
    "SFEN or the record is invalid, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_play = { "play", "play a game in the terminal against people or the computer", help, run };

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

/* Writes the game to --record's file (PGN or JSON by its name); a failure is said, not fatal. */
static void record_game(play_session *s)
{
    if (!s->record) return;
    ggn_error err;
    ggn_error_clear(&err);
    bool ok = play_record_is_kif(s->record)   ? play_record_save_kif(s, s->record, &err)
              : play_record_is_pgn(s->record) ? play_record_save_pgn(s, s->record, &err)
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
    if (st.outcome != GGN_ONGOING) record_game(s);
    if (st.outcome != GGN_ONGOING || !s->computer[ggn_position_to_move(play_pos(s))] || !any_human(s)) show(s);
    return true;
}

static int game_loop(play_session *s)
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
            if (!over && ggn_play_over(s->play)) record_game(s);
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

/* ---- the command line ---- */

static int parse_players(play_session *s, const char *list)
{
    int count = ggn_game_player_count(s->game), n = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (n >= count)
            return cli_usage_error("play", "--players lists more than the %d players of %s", count,
                                   ggn_game_name(s->game));
        if (len == 5 && strncmp(p, "human", 5) == 0) s->computer[n] = false;
        else if (len == 8 && strncmp(p, "computer", 8) == 0) s->computer[n] = true;
        else return cli_usage_error("play", "--players: '%.*s' is neither human nor computer", (int)len, p);
        n++;
        p += len;
        if (*p == ',') p++;
    }
    if (n != count)
        return cli_usage_error("play", "--players needs one entry for each of the %d players of %s", count,
                               ggn_game_name(s->game));
    return CLI_OK;
}

static bool colour_wanted(const char *when)
{
    if (strcmp(when, "always") == 0) return true;
    if (strcmp(when, "never") == 0) return false;
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    if (no && *no) return false;
    if (term && strcmp(term, "dumb") == 0) return false;
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

/*
 * The start as the game record keeps it (always FEN): the text given, or the
 * FEN of a position given as SFEN. NULL (after saying why) on failure.
 */
static char *start_fen_of(const ggn_position *pos, const char *fen)
{
    char buf[GGN_MAX_FEN_BYTES + 1];
    if (!fen && !ggn_position_fen(pos, buf, sizeof buf)) {
        fprintf(stderr, "--sfen: error: the position's FEN, which the game record keeps, is longer than %d bytes\n",
                GGN_MAX_FEN_BYTES);
        return NULL;
    }
    char *copy = strdup(fen ? fen : buf);
    if (!copy) fprintf(stderr, "ggn: out of memory\n");
    return copy;
}

/* --seed: a whole decimal number that fits 64 bits. */
static bool parse_seed(const char *text, uint64_t *out)
{
    if (!isdigit((unsigned char)text[0])) return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end) return false;
    *out = (uint64_t)v;
    return true;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *fen = NULL, *sfen = NULL, *players = NULL, *think = NULL, *depth = NULL,
               *load = NULL, *record = NULL, *seed = NULL, *player = NULL;
    const char *colour = "auto";
    bool flip = false, wxf = false;
    for (int i = 1; i < argc;) {
        static const char *const names[] = { "--fen",   "--sfen", "--players", "--think",
                                             "--depth", "--load", "--color",   "--record", "--seed",
                                             "--player" };
        const char **slots[] = { &fen, &sfen, &players, &think, &depth, &load, &colour, &record, &seed, &player };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("play", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--flip") == 0) flip = true;
        else if (strcmp(arg, "--wxf") == 0) wxf = true;
        else if (arg[0] == '-' && arg[1]) return cli_usage_error("play", "unknown option '%s'", arg);
        else if (!game_arg) game_arg = arg;
        else return cli_usage_error("play", "unexpected argument '%s'", arg);
        i++;
    }
    if (strcmp(colour, "auto") != 0 && strcmp(colour, "always") != 0 && strcmp(colour, "never") != 0)
        return cli_usage_error("play", "--color is auto, always or never, not '%s'", colour);
    play_session s;
    memset(&s, 0, sizeof s);
    long think_ms = 1000;
    if (think && !cli_parse_think(think, 0, 86400000L, &think_ms))
        return cli_usage_error("play", "--think takes a time like 500ms, 1s or 2.5s, not '%s'", think);
    s.limits.think_ms = (int)think_ms;
    if (depth) {
        char *end;
        long d = strtol(depth, &end, 10);
        if (end == depth || *end || d < 1 || d > GGN_MAX_SEARCH_DEPTH)
            return cli_usage_error("play", "--depth takes a whole number from 1 to %d, not '%s'", GGN_MAX_SEARCH_DEPTH,
                                   depth);
        s.limits.depth = (int)d;
    }
    if (player && !cli_player_parse(player, &s.player))
        return cli_usage_error("play", "--player takes alphabeta or mcts, not '%s'", player);
    if (cli_check_start("play", fen, sfen) != CLI_OK) return CLI_USAGE;
    if ((fen || sfen) && load)
        return cli_usage_error("play", "%s and --load both say where to start: give one", fen ? "--fen" : "--sfen");
    if (!game_arg && !load) game_arg = "chess";
    uint64_t seed_value = 0;
    if (seed && !parse_seed(seed, &seed_value))
        return cli_usage_error("play", "--seed takes a whole number from 0 to %" PRIu64 ", not '%s'", UINT64_MAX, seed);
    if (seed && (fen || sfen || load))
        return cli_usage_error("play", "--seed draws the start, and %s gives it: give one",
                               fen ? "--fen" : sfen ? "--sfen" : "--load");

    char *load_game = NULL; /* with --load and no GAME: the game the file names */
    if (!game_arg && load) {
        ggn_error err;
        ggn_error_clear(&err);
        if (!(load_game = play_record_game_of(load, &err))) {
            char safe[PLAY_ESCAPED_BYTES];
            fprintf(stderr, "--load: error: %s\n", cli_escape(err.message, safe, sizeof safe));
            return CLI_INVALID;
        }
        game_arg = load_game;
    }
    s.game_arg = game_arg;
    s.record = record;
    s.game = cli_load_game(game_arg);
    if (!s.game) {
        free(load_game);
        return CLI_INVALID;
    }
    int status = CLI_OK;
    s.draw_offer = -1;
    for (int p = 1; p < ggn_game_player_count(s.game); p++) s.computer[p] = true;
    if (players && (status = parse_players(&s, players)) != CLI_OK) goto done;
    ggn_position *start = cli_open_position(s.game, fen, sfen, NULL);
    if (!start) {
        status = CLI_INVALID;
        goto done;
    }
    char *start_fen = NULL;
    if (seed && !ggn_game_has_random_start(s.game)) {
        ggn_position_free(start);
        status = cli_usage_error("play", "--seed: %s does not draw its start (it has no random_start)", game_arg);
        goto done;
    }
    if (!fen && !sfen && !load && ggn_game_has_random_start(s.game)) {
        if (!seed) seed_value = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
        if (!ggn_position_random_start(start, seed_value) || !(start_fen = start_fen_of(start, NULL))) {
            ggn_position_free(start);
            status = CLI_INVALID;
            goto done;
        }
        printf("random start, seed %" PRIu64 ": %s\n", seed_value, start_fen);
    }
    ggn_error err;
    ggn_error_clear(&err);
    if ((fen || sfen) && !(start_fen = start_fen_of(start, fen))) {
        ggn_position_free(start);
        status = CLI_INVALID;
        goto done;
    }
    /* The game in progress, from that start (which its record keeps as FEN). */
    s.play = ggn_play_new(s.game);
    bool adopted = s.play && ggn_play_adopt(s.play, start, start_fen, &err);
    if (!s.play) ggn_position_free(start);
    free(start_fen);
    if (!adopted) {
        fprintf(stderr, "ggn: out of memory\n");
        status = CLI_INVALID;
        goto done;
    }
    if (load && !(play_record_is_kif(load)   ? play_record_load_kif(&s, load, &err)
                  : play_record_is_pgn(load) ? play_record_load_pgn(&s, load, &err)
                                             : play_record_load(&s, load, &err))) {
        char safe[PLAY_ESCAPED_BYTES];
        fprintf(stderr, "--load: error: %s\n", cli_escape(err.message, safe, sizeof safe));
        status = CLI_INVALID;
        goto done;
    }
    s.in = stdin;
    s.out = stdout;
    s.interactive = isatty(STDIN_FILENO);
    s.colour = colour_wanted(colour);
    if (wxf && !ggn_wxf_available(s.game)) {
        status = cli_usage_error("play", "--wxf: %s has no WXF notation (xiangqi's: the xiangqi style, two players)",
                                 game_arg);
        goto done;
    }
    s.wxf = wxf;
    /* Against the computer, a person playing the second side sees the board from their side. */
    s.flipped = flip != (ggn_game_player_count(s.game) == 2 && s.computer[0] && !s.computer[1]);
    status = game_loop(&s);
    record_game(&s);
done:
    ggn_searcher_free(s.searcher);
    ggn_mcts_free(s.mcts);
    ggn_play_free(s.play);
    ggn_game_free(s.game);
    free(load_game);
    return status;
}
