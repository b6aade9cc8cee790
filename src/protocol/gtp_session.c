/*
 * gtp_session.c — a GTP version 2 engine session (ggn/gtp.h): one command a
 * line, each answered "=ID result" or "?ID error" and an empty line, through
 * the caller's write callback. The session keeps the game's start (the
 * game's own, or a position loadsgf set up) and its moves, so that a new
 * komi (a new game from the loader) replays them, and so that undo takes
 * back a GTP move whole (one that needed a pass before it takes both).
 */
#include "ggn/gtp.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ggn/file.h"
#include "ggn/notation.h"
#include "ggn/search.h"
#include "ggn/sgf.h"
#include "protocol/gtp_internal.h"

enum {
    GTP_MAX_LINE = 4096,      /* a command's text after the preprocessing below */
    GTP_MAX_ARGS = 8,
    GTP_MAX_ANSWER = 16384    /* the longest answer: showboard of 25 x 25 points fits many times */
};

struct ggn_gtp {
    ggn_gtp_config config;
    ggn_game *game;
    ggn_position *pos;
    int size;
    double komi;
    char start[GGN_MAX_FEN_BYTES];   /* the FEN the moves start from; "" the game's own start */
    /* Every ply made, and for each GTP move how many plies it took (2 when a pass had to come first). */
    ggn_move plies[GGN_MAX_PLY];
    int nplies;
    unsigned char move_plies[GGN_MAX_PLY];
    int nmoves;
    gtp_clock clock;
    ggn_mcts *mcts;
    ggn_searcher *searcher;
    uint64_t seed;
    char answer[GTP_MAX_ANSWER];
    size_t len;
};

/* ---- answers ------------------------------------------------------------------ */

static void put(ggn_gtp *s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends to the answer being built; text that would not fit is cut (never past the buffer). */
static void put(ggn_gtp *s, const char *fmt, ...)
{
    if (s->len >= sizeof s->answer - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->answer + s->len, sizeof s->answer - s->len, fmt, ap);
    va_end(ap);
    if (n > 0) s->len += (size_t)n < sizeof s->answer - s->len ? (size_t)n : sizeof s->answer - 1 - s->len;
}

/* Starts an answer: '=' or '?', then the command's id when it had one, then a space. */
static void start(ggn_gtp *s, bool ok, long id)
{
    s->len = 0;
    if (id >= 0) put(s, "%c%ld ", ok ? '=' : '?', id);
    else put(s, "%c ", ok ? '=' : '?');
}

/* Ends the answer with its empty line and hands it to the caller. */
static void send_answer(ggn_gtp *s)
{
    /* An answer never holds an empty line of its own: that would end it early. */
    while (s->len > 0 && (s->answer[s->len - 1] == '\n' || s->answer[s->len - 1] == ' ')) s->len--;
    if (s->len > sizeof s->answer - 3) s->len = sizeof s->answer - 3;
    memcpy(s->answer + s->len, "\n\n", 3);
    s->config.write(s->config.context, s->answer, s->len + 2);
}

static void fail(ggn_gtp *s, long id, const char *message)
{
    start(s, false, id);
    put(s, "%s", message);
    send_answer(s);
}

static void succeed(ggn_gtp *s, long id, const char *text)
{
    start(s, true, id);
    put(s, "%s", text);
    send_answer(s);
}

/* ---- the game ------------------------------------------------------------------- */

/* A game GTP can play: two players, a board of points it can name. */
static bool playable(const ggn_game *g, char *why, size_t cap)
{
    if (ggn_game_player_count(g) != 2) {
        snprintf(why, cap, "%s has %d players; GTP has two", ggn_game_name(g), ggn_game_player_count(g));
        return false;
    }
    if (ggn_game_cols(g) > GGN_GTP_MAX_SIZE || ggn_game_rows(g) > GGN_GTP_MAX_SIZE) {
        snprintf(why, cap, "%s's board is wider than GTP's vertices can name", ggn_game_name(g));
        return false;
    }
    return true;
}

/*
 * Loads the game for size and komi and replays the moves made so far on it
 * from the session's start (keep_moves), or starts it from `from` (a FEN, ""
 * for the game's own start) with no moves. On failure the session is
 * unchanged and why says what went wrong.
 */
static bool set_game(ggn_gtp *s, int size, double komi, bool keep_moves, const char *from, char *why, size_t cap)
{
    if (keep_moves) from = s->start;
    ggn_game *g = s->config.load(s->config.context, size, komi, why, cap);
    if (!g) return false;
    ggn_position *pos = playable(g, why, cap) ? ggn_position_new(g) : NULL;
    ggn_error err;
    ggn_error_clear(&err);
    if (pos && from[0] && !ggn_position_set_fen(pos, from, &err)) {
        snprintf(why, cap, "the position set up is none of the new game: %s", err.message);
        ggn_position_free(pos);
        pos = NULL;
    }
    if (!pos) {
        if (!why[0]) snprintf(why, cap, "out of memory");
        ggn_game_free(g);
        return false;
    }
    for (int i = 0; keep_moves && i < s->nplies; i++) {
        if (!ggn_position_make(pos, s->plies[i])) {
            snprintf(why, cap, "the moves so far do not fit the new game");
            ggn_position_free(pos);
            ggn_game_free(g);
            return false;
        }
    }
    ggn_position_free(s->pos);
    ggn_game_free(s->game);
    s->game = g;
    s->pos = pos;
    s->size = size;
    s->komi = komi;
    if (from != s->start) snprintf(s->start, sizeof s->start, "%s", from);
    if (!keep_moves) s->nplies = s->nmoves = 0;
    /* A tree or table of the old game means nothing in the new one. */
    if (s->mcts) ggn_mcts_clear(s->mcts);
    if (s->searcher) ggn_searcher_clear(s->searcher);
    return true;
}

static bool make_ply(ggn_gtp *s, ggn_move m)
{
    if (s->nplies >= GGN_MAX_PLY || !ggn_position_make(s->pos, m)) return false;
    s->plies[s->nplies++] = m;
    return true;
}

static void unmake_ply(ggn_gtp *s)
{
    if (s->nplies > 0 && ggn_position_unmake(s->pos)) s->nplies--;
}

/* The game's pass, when it has one and it is legal now. */
static bool legal_pass(ggn_gtp *s, ggn_move *pass)
{
    ggn_error err;
    ggn_error_clear(&err);
    return ggn_gtp_move_parse(s->pos, "pass", pass, &err);
}

/*
 * Brings the colour to move: GTP lets a colour move twice in a row, which
 * a game of alternating turns takes as the other colour's pass. Returns the
 * plies made (0 or 1), or -1 when the other colour cannot pass.
 */
static int bring_to_move(ggn_gtp *s, int colour)
{
    if (ggn_position_to_move(s->pos) == colour) return 0;
    ggn_move pass;
    if (!legal_pass(s, &pass) || !make_ply(s, pass)) return -1;
    return 1;
}

static void record_move(ggn_gtp *s, int plies)
{
    if (s->nmoves < GGN_MAX_PLY) s->move_plies[s->nmoves++] = (unsigned char)plies;
}

/* ---- arguments ------------------------------------------------------------------ */

/* "b", "black", "w", "white" in any case: 0 black, 1 white, -1 otherwise. */
static int read_colour(const char *text)
{
    if (strcasecmp(text, "b") == 0 || strcasecmp(text, "black") == 0) return 0;
    if (strcasecmp(text, "w") == 0 || strcasecmp(text, "white") == 0) return 1;
    return -1;
}

static bool read_int(const char *text, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

static bool read_float(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || *end || !isfinite(v)) return false;
    *out = v;
    return true;
}

/* ---- the player ------------------------------------------------------------------- */

static int empty_points(const ggn_gtp *s)
{
    const ggn_game *g = s->game;
    ggn_piece_place pieces[GGN_MAX_PLY];
    size_t on_board = ggn_position_pieces(s->pos, pieces, sizeof pieces / sizeof pieces[0]);
    int empty = ggn_game_cols(g) * ggn_game_rows(g) - (int)on_board;
    return empty > 0 ? empty : 0;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The computer player's move for the side to move, within the clock; false when it has none. */
static bool choose(ggn_gtp *s, ggn_move *best)
{
    int colour = ggn_position_to_move(s->pos);
    long budget = gtp_clock_budget(&s->clock, colour, empty_points(s), s->config.move_ms > 0 ? s->config.move_ms : 1000);
    if (s->config.max_move_ms > 0 && budget > s->config.max_move_ms) budget = s->config.max_move_ms;
    int threads = s->config.threads > 0 ? s->config.threads : 1;
    ggn_player_kind kind = s->config.player;
    if (kind == GGN_PLAYER_DEFAULT) kind = ggn_game_player(s->game);
    long started = now_ms();
    bool found = false;
    s->seed = s->seed * 6364136223846793005u + 1442695040888963407u;
    if (kind == GGN_PLAYER_MCTS) {
        if (!s->mcts && !(s->mcts = ggn_mcts_new(0))) return false;
        ggn_mcts_set_threads(s->mcts, threads);
        ggn_mcts_limits lim = { .time_ms = budget, .seed = s->seed | 1 };
        ggn_mcts_result r;
        found = ggn_mcts_run(s->mcts, s->pos, &lim, &r) && r.found;
        if (found) *best = r.best;
    } else {
        if (!s->searcher && !(s->searcher = ggn_searcher_new(0))) return false;
        ggn_searcher_set_threads(s->searcher, threads);
        ggn_search_limits lim = { .time_ms = budget, .seed = s->seed | 1 };
        ggn_search_result r;
        found = ggn_searcher_run(s->searcher, s->pos, &lim, &r) && r.found;
        if (found) *best = r.best;
    }
    gtp_clock_spent(&s->clock, colour, now_ms() - started);
    return found;
}

/* ---- commands ---------------------------------------------------------------------- */

typedef struct command {
    const char *name;
    void (*run)(ggn_gtp *s, long id, int argc, char **argv);
} command;

static const command *command_list(void);

static void cmd_protocol_version(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    succeed(s, id, "2");
}

static void cmd_name(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    succeed(s, id, s->config.name ? s->config.name : "ggn");
}

static void cmd_version(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    succeed(s, id, s->config.version ? s->config.version : "");
}

static const command *find_command(const char *name);

static void cmd_known_command(ggn_gtp *s, long id, int argc, char **argv)
{
    succeed(s, id, argc >= 1 && find_command(argv[0]) ? "true" : "false");
}

static void cmd_list_commands(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    start(s, true, id);
    for (const command *c = command_list(); c->name; c++) put(s, "%s%s", c == command_list() ? "" : "\n", c->name);
    send_answer(s);
}

static void cmd_quit(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    succeed(s, id, "");
}

static void cmd_boardsize(ggn_gtp *s, long id, int argc, char **argv)
{
    long size;
    if (argc < 1 || !read_int(argv[0], 1, 1000, &size)) {
        fail(s, id, "boardsize needs a size (an integer)");
        return;
    }
    char why[512] = "";
    if (!set_game(s, (int)size, s->komi, false, "", why, sizeof why)) {
        /* GTP's own words, which controllers look for; then ours. */
        start(s, false, id);
        put(s, "unacceptable size (%s)", why);
        send_answer(s);
        return;
    }
    succeed(s, id, "");
}

static void cmd_clear_board(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    /* A board loadsgf set up is cleared too: the game starts again from its own start. */
    char why[512] = "";
    if (s->start[0] && !set_game(s, s->size, s->komi, false, "", why, sizeof why)) {
        start(s, false, id);
        put(s, "cannot clear the board: %s", why);
        send_answer(s);
        return;
    }
    while (s->nplies > 0) unmake_ply(s);
    s->nmoves = 0;
    if (s->mcts) ggn_mcts_clear(s->mcts);
    if (s->searcher) ggn_searcher_clear(s->searcher);
    succeed(s, id, "");
}

static void cmd_komi(ggn_gtp *s, long id, int argc, char **argv)
{
    double komi;
    if (argc < 1 || !read_float(argv[0], &komi) || fabs(komi) > 10000) {
        fail(s, id, "komi needs a number of points (from -10000 to 10000)");
        return;
    }
    char why[512] = "";
    if (komi != s->komi && !set_game(s, s->size, komi, true, NULL, why, sizeof why)) {
        start(s, false, id);
        put(s, "komi %g cannot be taken: %s", komi, why);
        send_answer(s);
        return;
    }
    succeed(s, id, "");
}

static void cmd_play(ggn_gtp *s, long id, int argc, char **argv)
{
    int colour = argc >= 2 ? read_colour(argv[0]) : -1;
    if (colour < 0) {
        fail(s, id, "play needs a colour (b or w) and a vertex");
        return;
    }
    int before = bring_to_move(s, colour);
    ggn_move m;
    ggn_error err;
    ggn_error_clear(&err);
    if (before < 0 || !ggn_gtp_move_parse(s->pos, argv[1], &m, &err) || !make_ply(s, m)) {
        if (before > 0) unmake_ply(s);
        start(s, false, id);
        /* "illegal move" is the spec's answer; the reason follows for people. */
        if (err.code == GGN_E_SYNTAX) put(s, "invalid vertex: %s", err.message);
        else if (before < 0) put(s, "illegal move: %s cannot play now", colour ? "white" : "black");
        else if (err.code != GGN_E_OK) put(s, "illegal move: %s", err.message);
        else put(s, "illegal move: the game's record is full");
        send_answer(s);
        return;
    }
    record_move(s, before + 1);
    succeed(s, id, "");
}

/* genmove, reg_genmove and kgs-genmove_cleanup: the player's move, made unless `make` is false. */
static void genmove(ggn_gtp *s, long id, int argc, char **argv, bool make)
{
    int colour = argc >= 1 ? read_colour(argv[0]) : -1;
    if (colour < 0) {
        fail(s, id, "genmove needs a colour (b or w)");
        return;
    }
    /* A game over is passed in: GTP's controllers ask on after two passes to settle a dispute. */
    if (ggn_position_status(s->pos).outcome != GGN_ONGOING) {
        succeed(s, id, "pass");
        return;
    }
    int before = bring_to_move(s, colour);
    if (before < 0) {
        fail(s, id, "it is not this colour's turn, and the other cannot pass");
        return;
    }
    ggn_move m;
    char text[16] = "pass";
    bool found = ggn_position_status(s->pos).outcome == GGN_ONGOING && choose(s, &m);
    if (found && !ggn_gtp_move_format(s->pos, m, text, sizeof text)) found = false;
    if (!found) {
        /* No move (or none GTP can write): a pass when the game has one, else the game is lost. */
        ggn_move pass;
        if (legal_pass(s, &pass)) {
            m = pass;
            found = true;
            snprintf(text, sizeof text, "pass");
        } else {
            if (before > 0) unmake_ply(s);
            succeed(s, id, "resign");
            return;
        }
    }
    if (make && make_ply(s, m)) record_move(s, before + 1);
    else if (before > 0) unmake_ply(s);
    succeed(s, id, text);
}

static void cmd_genmove(ggn_gtp *s, long id, int argc, char **argv) { genmove(s, id, argc, argv, true); }
static void cmd_reg_genmove(ggn_gtp *s, long id, int argc, char **argv) { genmove(s, id, argc, argv, false); }

static void cmd_undo(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    if (s->nmoves == 0) {
        fail(s, id, "cannot undo");
        return;
    }
    for (int n = s->move_plies[--s->nmoves]; n > 0; n--) unmake_ply(s);
    succeed(s, id, "");
}

static void cmd_final_score(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    double score[2];
    if (!ggn_position_area_scores(s->pos, score)) {
        /* A game won otherwise (Hex's chain): its winner alone, as MoHex answers. */
        ggn_status st = ggn_position_status(s->pos);
        if (st.outcome == GGN_ONGOING) fail(s, id, "cannot score: this game does not count area, and is not over");
        else succeed(s, id, st.winner == 0 ? "B+" : st.winner == 1 ? "W+" : "0");
        return;
    }
    double margin = score[0] - score[1];
    start(s, true, id);
    if (margin == 0) put(s, "0");
    else put(s, "%c+%g", margin > 0 ? 'B' : 'W', fabs(margin));
    send_answer(s);
}

/* Area scoring counts every stone standing: none is dead, none in seki by agreement. */
static void cmd_final_status_list(ggn_gtp *s, long id, int argc, char **argv)
{
    if (argc < 1 || (strcmp(argv[0], "alive") != 0 && strcmp(argv[0], "dead") != 0 && strcmp(argv[0], "seki") != 0)) {
        fail(s, id, "final_status_list needs alive, dead or seki");
        return;
    }
    start(s, true, id);
    if (strcmp(argv[0], "alive") == 0) {
        ggn_piece_place pieces[GGN_MAX_PLY];
        size_t n = ggn_position_pieces(s->pos, pieces, sizeof pieces / sizeof pieces[0]);
        for (size_t i = 0; i < n && i < sizeof pieces / sizeof pieces[0]; i++) {
            char text[16];
            ggn_move stone = { .from = GGN_MOVE_DROP, .to = (uint16_t)pieces[i].square };
            if (ggn_gtp_move_format(s->pos, stone, text, sizeof text)) put(s, "%s%s", i ? " " : "", text);
        }
    }
    send_answer(s);
}

static void cmd_showboard(ggn_gtp *s, long id, int argc, char **argv)
{
    (void)argc, (void)argv;
    const ggn_game *g = s->game;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    start(s, true, id);
    put(s, "\n   ");
    for (int x = 0; x < cols; x++) put(s, " %c", gtp_column_letter(g, x));
    for (int y = rows - 1; y >= 0; y--) {
        put(s, "\n%2d ", y + 1);
        for (int x = 0; x < cols; x++) {
            int kind, owner;
            bool unmoved;
            char c = !ggn_game_square_enabled(g, x, y) ? ' '
                     : !ggn_position_piece_at(s->pos, x, y, &kind, &owner, &unmoved) ? '.'
                     : owner == 0 ? 'X' : 'O';
            put(s, " %c", c);
        }
        put(s, " %d", y + 1);
    }
    put(s, "\n   ");
    for (int x = 0; x < cols; x++) put(s, " %c", gtp_column_letter(g, x));
    put(s, "\n%s to move (X black, O white), komi %g", ggn_position_to_move(s->pos) == 0 ? "black" : "white", s->komi);
    send_answer(s);
}

static void cmd_time_settings(ggn_gtp *s, long id, int argc, char **argv)
{
    long main_s, byo_s, stones;
    if (argc < 3 || !read_int(argv[0], 0, 1000000, &main_s) || !read_int(argv[1], 0, 1000000, &byo_s) ||
        !read_int(argv[2], 0, 1000000, &stones)) {
        fail(s, id, "time_settings needs main time, byo-yomi time (seconds) and byo-yomi stones");
        return;
    }
    /* No time at all is no clock: each move takes the default time again. */
    if (main_s == 0 && byo_s == 0) memset(&s->clock, 0, sizeof s->clock);
    else gtp_clock_settings(&s->clock, main_s * 1000, byo_s * 1000, (int)stones);
    succeed(s, id, "");
}

static void cmd_time_left(ggn_gtp *s, long id, int argc, char **argv)
{
    int colour = argc >= 3 ? read_colour(argv[0]) : -1;
    long secs, stones;
    if (colour < 0 || !read_int(argv[1], 0, 1000000, &secs) || !read_int(argv[2], 0, 1000000, &stones)) {
        fail(s, id, "time_left needs a colour, seconds and stones");
        return;
    }
    if (!s->clock.set) gtp_clock_settings(&s->clock, 0, 0, 0);
    s->clock.left_ms[colour] = secs * 1000;
    s->clock.left_stones[colour] = (int)stones;
    s->clock.left_known[colour] = true;
    succeed(s, id, "");
}

static void cmd_kgs_genmove_cleanup(ggn_gtp *s, long id, int argc, char **argv)
{
    /* Area scoring counts what stands, so the player already captures the dead: genmove as ever. */
    genmove(s, id, argc, argv, true);
}

/* printsgf [FILE]: the game so far as an SGF record, written to FILE (through the caller), else in the answer. */
static void cmd_printsgf(ggn_gtp *s, long id, int argc, char **argv)
{
    if (argc > 0 && !s->config.save) {
        fail(s, id, "printsgf cannot write files here: give no file name, and the record is the answer");
        return;
    }
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_sgf_write(s->pos, NULL, &err);
    if (!text) {
        fail(s, id, err.message);
        return;
    }
    if (argc > 0) {
        char why[512] = "";
        bool saved = s->config.save(s->config.context, argv[0], text, strlen(text), why, sizeof why);
        free(text);
        start(s, saved, id);
        if (!saved) put(s, "cannot write %s: %s", argv[0], why[0] ? why : "the file could not be written");
        send_answer(s);
        return;
    }
    start(s, true, id);
    put(s, "%s", text);
    free(text);
    send_answer(s);
}

/*
 * loadsgf FILE [MOVE]: the record's board, komi, setup and main line, up to
 * (not with) move number MOVE. A record that sets stones up (AB, AW: a
 * handicap, a problem) becomes the session's start, which undo does not take
 * back and clear_board clears.
 */
static void cmd_loadsgf(ggn_gtp *s, long id, int argc, char **argv)
{
    long upto = 0;
    if (argc < 1 || (argc > 1 && !read_int(argv[1], 1, GGN_MAX_PLY, &upto))) {
        fail(s, id, "loadsgf needs a file name, and may take a move number");
        return;
    }
    ggn_error err;
    ggn_error_clear(&err);
    size_t len;
    char *text = ggn_file_read(argv[0], &len, &err);
    if (!text) {
        fail(s, id, "cannot load file");
        return;
    }
    /* The board first (the record is read on a game of its size: SGF's default is 19, Hex's 11), then the record. */
    const char *sz = strstr(text, "SZ["), *km = strstr(text, "KM["), *gm = strstr(text, "GM[");
    int size = sz ? atoi(sz + 3) : gm && atoi(gm + 3) == 11 ? 11 : 19;
    double komi = km ? atof(km + 3) : s->komi;
    char why[512] = "";
    ggn_game *g = s->config.load(s->config.context, size, komi, why, sizeof why);
    ggn_position *pos = g ? ggn_position_new(g) : NULL;
    ggn_sgf_record rec;
    bool ok = pos && ggn_sgf_read_moves(pos, text, len, argv[0], upto > 0 ? (int)upto - 1 : -1, &rec, &err);
    free(text);
    if (!ok) {
        start(s, false, id);
        if (!g) put(s, "cannot load file: %s", why);
        else if (!pos) put(s, "cannot load file: out of memory");
        else put(s, "cannot load file: %d:%d: %s", err.line, err.column, err.message);
        send_answer(s);
        ggn_position_free(pos);
        ggn_game_free(g);
        return;
    }
    /* The record's moves, taken back on its position down to its start (the last setup), become the session's plies. */
    int n = ggn_position_history(pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n + 1));
    for (int i = n - 1; moves && i >= 0; i--) {
        ggn_position_last_move(pos, &moves[i]);
        ggn_position_unmake(pos);
    }
    /* A start that is the game's own is kept as "", so that a new komi starts from the new game's own. */
    ggn_position *own = ggn_position_new(g);
    char fen[GGN_MAX_FEN_BYTES] = "";
    bool set_up = own && ggn_position_hash(own) != ggn_position_hash(pos);
    bool fen_ok = !set_up || ggn_position_fen(pos, fen, sizeof fen);
    ggn_position_free(own);
    ggn_position_free(pos);
    ggn_game_free(g);
    if (!moves || !fen_ok || !set_game(s, size, komi, false, fen, why, sizeof why)) {
        free(moves);
        start(s, false, id);
        put(s, "cannot load file%s%s", why[0] ? ": " : "", why);
        send_answer(s);
        return;
    }
    for (int i = 0; i < n && make_ply(s, moves[i]); i++) record_move(s, 1);
    free(moves);
    succeed(s, id, ggn_position_to_move(s->pos) == 0 ? "black" : "white");
}

static const command commands[] = {
    { "boardsize", cmd_boardsize },
    { "clear_board", cmd_clear_board },
    { "final_score", cmd_final_score },
    { "final_status_list", cmd_final_status_list },
    { "genmove", cmd_genmove },
    { "kgs-genmove_cleanup", cmd_kgs_genmove_cleanup },
    { "known_command", cmd_known_command },
    { "komi", cmd_komi },
    { "list_commands", cmd_list_commands },
    { "loadsgf", cmd_loadsgf },
    { "name", cmd_name },
    { "play", cmd_play },
    { "printsgf", cmd_printsgf },
    { "protocol_version", cmd_protocol_version },
    { "quit", cmd_quit },
    { "reg_genmove", cmd_reg_genmove },
    { "showboard", cmd_showboard },
    { "time_left", cmd_time_left },
    { "time_settings", cmd_time_settings },
    { "undo", cmd_undo },
    { "version", cmd_version },
    { NULL, NULL }
};

static const command *command_list(void) { return commands; }

static const command *find_command(const char *name)
{
    for (const command *c = commands; c->name; c++)
        if (strcmp(c->name, name) == 0) return c;
    return NULL;
}

/* ---- the session ---------------------------------------------------------------------- */

ggn_gtp *ggn_gtp_new(const ggn_gtp_config *config, ggn_error *err)
{
    if (!config || !config->load || !config->write) {
        ggn_error_set(err, GGN_E_USAGE, "a GTP session needs a loader and a writer");
        return NULL;
    }
    ggn_gtp *s = calloc(1, sizeof *s);
    if (!s) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    s->config = *config;
    s->seed = 0x5EED;
    char why[512] = "";
    if (!set_game(s, config->size > 0 ? config->size : 19, config->komi, false, "", why, sizeof why)) {
        ggn_error_set(err, GGN_E_VALUE, "%s", why);
        free(s);
        return NULL;
    }
    return s;
}

void ggn_gtp_free(ggn_gtp *s)
{
    if (!s) return;
    ggn_mcts_free(s->mcts);
    ggn_searcher_free(s->searcher);
    ggn_position_free(s->pos);
    ggn_game_free(s->game);
    free(s);
}

const ggn_position *ggn_gtp_position(const ggn_gtp *s) { return s->pos; }

bool ggn_gtp_line(ggn_gtp *s, const char *line)
{
    /*
     * GTP's preprocessing: control characters other than tab and newline go,
     * a tab is a space, a '#' starts a comment to the end of the line, and a
     * line left empty (or all spaces) is no command.
     */
    char text[GTP_MAX_LINE];
    size_t n = 0;
    for (const char *p = line; *p && *p != '\n' && *p != '#'; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '\t') c = ' ';
        if (c < 32 || c == 127) continue;
        if (n < sizeof text - 1) text[n++] = (char)c;
    }
    text[n] = '\0';
    char *argv[GTP_MAX_ARGS + 2];
    int argc = 0;
    char *rest = NULL;
    for (char *tok = strtok_r(text, " ", &rest); tok; tok = strtok_r(NULL, " ", &rest))
        if (argc < GTP_MAX_ARGS + 2) argv[argc++] = tok;
    if (argc == 0) return true;
    long id = -1;
    int first = 0;
    if (isdigit((unsigned char)argv[0][0])) {
        if (!read_int(argv[0], 0, 2147483647L, &id)) {
            fail(s, -1, "an id is a number");
            return true;
        }
        first = 1;
    }
    if (first >= argc) {
        fail(s, id, "no command after the id");
        return true;
    }
    const command *c = find_command(argv[first]);
    if (!c) {
        fail(s, id, "unknown command");
        return true;
    }
    c->run(s, id, argc - first - 1, argv + first + 1);
    return c->run != cmd_quit;
}
