/*
 * test_play.c — `ggn play` driven as a person would: through a pipe (one
 * line per move or command, plain text) and through a pseudo-terminal
 * (prompts, colours). Every read is bounded by a timeout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc_util.h"

#define TIMEOUT_MS 30000
#define START_FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define E4_E5_FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"
#define PROMO_FEN "8/4P3/8/8/8/8/k6p/4K3 w - - 0 1"

/* ---- helpers ---- */

/* Runs `ggn play ARGS... --players human,human` (unless args name players) with input on a pipe. */
static proc_result play_pipe(const char *input, const char *const *env, ...)
{
    const char *argv[32] = { GGN_BINARY, "play" };
    int n = 2;
    bool players = false;
    va_list ap;
    va_start(ap, env);
    for (const char *a; (a = va_arg(ap, const char *)) != NULL && n < 28;) {
        if (strcmp(a, "--players") == 0) players = true;
        argv[n++] = a;
    }
    va_end(ap);
    if (!players) {
        argv[n++] = "--players";
        argv[n++] = "human,human";
    }
    argv[n] = NULL;
    return proc_run(argv, input, env, TIMEOUT_MS);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what)) n++;
    return n;
}

/* The FEN lines of the output (lines with six fields ending in two numbers), in order. */
static int fens(const char *out, char found[][128], int max)
{
    int n = 0;
    const char *line = out;
    while (*line && n < max) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (len < 128 && len > 20 && memchr(line, '/', len) && line[0] != ' ') {
            int spaces = 0;
            for (size_t i = 0; i < len; i++) spaces += line[i] == ' ';
            if (spaces == 5) {
                memcpy(found[n], line, len);
                found[n][len] = '\0';
                n++;
            }
        }
        if (!end) break;
        line = end + 1;
    }
    return n;
}

static void temp_path(char *buf, size_t cap, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, cap, "%s/ggn_test_play_%ld_%s", dir && *dir ? dir : "/tmp", (long)getpid(), name);
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* ---- through a pipe ---- */

/* A game_end rule's result is named with its reason (issue 11). */
static void test_pipe_names_game_end(void **state)
{
    (void)state;
    proc_result r = play_pipe("e3d4\n", NULL, "kingofthehill", "--fen", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "WHITE wins: KING reached HILL."));
    proc_free(&r);
}

static void test_pipe_fools_mate(void **state)
{
    (void)state;
    /* The line after the mate is never read: the game is over. */
    proc_result r = play_pipe("f2f3\ne7e5\ng2g4\nd8h4\nfen\n", NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Checkmate. Black wins."));
    assert_null(strstr(r.out, "\033"));
    assert_null(strstr(r.out, "> "));
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 0);
    /* The mating move is marked on the board: the queen on h4 in brackets, d8 empty in brackets. */
    assert_non_null(strstr(r.out, "Last move: d8h4 (Black)"));
    assert_non_null(strstr(r.out, "8  r  n  b [.] k  b  n  r  8"));
    assert_non_null(strstr(r.out, "4  .  .  .  .  .  .  P [q] 4"));
    proc_free(&r);
}

static void test_pipe_input_forms(void **state)
{
    (void)state;
    proc_result r = play_pipe("e2-e4\ne7 e5\n[6,0] [5,2]\nfen\n", NULL, NULL);
    assert_int_equal(r.status, 0);
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 1);
    assert_string_equal(f[0], "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    proc_free(&r);
}

static void test_pipe_promotion(void **state)
{
    (void)state;
    /* Asked, a wrong answer, then a knight. */
    proc_result r = play_pipe("e7e8\nx\nn\nfen\n", NULL, "--fen", PROMO_FEN, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Promote to (q, r, b, n)?"));
    assert_non_null(strstr(r.out, "'x' is not one of q, r, b, n"));
    assert_non_null(strstr(r.out, "Last move: e7e8n (White)"));
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 1);
    assert_string_equal(f[0], "4N3/8/8/8/8/8/k6p/4K3 b - - 0 1");
    proc_free(&r);

    /* Named in the move: by symbol and by code. */
    r = play_pipe("e7e8r\nfen\n", NULL, "--fen", PROMO_FEN, NULL);
    assert_null(strstr(r.out, "Promote to"));
    assert_non_null(strstr(r.out, "4R3/8/8/8/8/8/k6p/4K3 b - - 0 1"));
    proc_free(&r);
    r = play_pipe("e7e8=QUEEN\nfen\n", NULL, "--fen", PROMO_FEN, NULL);
    assert_non_null(strstr(r.out, "4Q3/8/8/8/8/8/k6p/4K3 b - - 0 1"));
    proc_free(&r);
    /* An empty answer cancels; the board stays as it was. */
    r = play_pipe("e7e8\n\nfen\n", NULL, "--fen", PROMO_FEN, NULL);
    assert_non_null(strstr(r.out, "Promotion cancelled."));
    assert_non_null(strstr(r.out, "\n" PROMO_FEN "\n"));
    proc_free(&r);
}

static void test_pipe_illegal(void **state)
{
    (void)state;
    proc_result r = play_pipe("fen\ne2e5\ne3e4\ne7e5\nhello\ne2e9\nfen\n", NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Illegal move e2e5: the pawn on e2 cannot move to e5.\n"));
    assert_non_null(strstr(r.out, "Illegal move e3e4: there is no piece on e3.\n"));
    assert_non_null(strstr(r.out, "Illegal move e7e5: the piece on e7 is Black's.\n"));
    assert_non_null(strstr(r.out, "'hello' is not a move"));
    assert_non_null(strstr(r.out, "'e2e9' is not a move"));
    /* One line each, and the board never drawn again: only the first drawing. */
    assert_int_equal(count(r.out, "White to move."), 1);
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 2);
    assert_string_equal(f[0], START_FEN);
    assert_string_equal(f[1], START_FEN);
    proc_free(&r);

    /* A pinned piece. */
    r = play_pipe("e2d3\nfen\n", NULL, "--fen", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", NULL);
    assert_non_null(strstr(r.out, "Illegal move e2d3: it would leave your king under attack.\n"));
    assert_non_null(strstr(r.out, "\n4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1\n"));
    proc_free(&r);
}

static void test_pipe_undo_moves_flip(void **state)
{
    (void)state;
    proc_result r = play_pipe("undo\ne2e4\ne7e5\nundo\nfen\nundo\nfen\nmoves e2\nmoves\nmoves e5\nmoves z9\nflip\n",
                              NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Nothing to undo."));
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 2);
    assert_string_equal(f[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_string_equal(f[1], START_FEN);
    assert_non_null(strstr(r.out, "2 legal moves from e2:\n  e2e3 e2e4\n"));
    assert_non_null(strstr(r.out, "20 legal moves:"));
    assert_non_null(strstr(r.out, "No legal move from e5."));
    assert_non_null(strstr(r.out, "'z9' is not a square of this board."));
    /* Flipped: rank 1 at the top, files from h to a. */
    assert_non_null(strstr(r.out, "   h  g  f  e  d  c  b  a\n1  R  N  B  K  Q  B  N  R  1\n"));
    proc_free(&r);
}

static void test_pipe_save_load(void **state)
{
    (void)state;
    char path[512], cmd[600];
    temp_path(path, sizeof path, "record.json");
    snprintf(cmd, sizeof cmd, "e2e4\ne7e5\nsave %s\nquit\ne2e4\n", path);
    proc_result r = play_pipe(cmd, NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Saved to "));
    proc_free(&r);
    const char *text = read_file(path);
    assert_non_null(text);
    assert_non_null(strstr(text, "\"game\": \"Chess\""));
    assert_non_null(strstr(text, "\"start\": null"));
    assert_non_null(strstr(text, "\"e2e4\""));
    assert_non_null(strstr(text, "\"e7e5\""));

    /* load inside a game (which it replaces), then with --load. */
    snprintf(cmd, sizeof cmd, "d2d4\nload %s\nfen\nundo\nfen\n", path);
    r = play_pipe(cmd, NULL, NULL);
    assert_non_null(strstr(r.out, "Loaded "));
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 2);
    assert_string_equal(f[0], E4_E5_FEN);
    assert_string_equal(f[1], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    proc_free(&r);
    r = play_pipe("fen\n", NULL, "--load", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\n" E4_E5_FEN "\n"));
    assert_non_null(strstr(r.out, "Last move: e7e5 (Black)"));
    proc_free(&r);

    /* A record from a FEN keeps its start, and so does its round trip. */
    snprintf(cmd, sizeof cmd, "e7e8q\nsave %s\n", path);
    r = play_pipe(cmd, NULL, "--fen", PROMO_FEN, NULL);
    proc_free(&r);
    text = read_file(path);
    assert_non_null(strstr(text, "\"start\": \"" PROMO_FEN "\""));
    assert_non_null(strstr(text, "\"e7e8q\""));
    snprintf(cmd, sizeof cmd, "load %s\nfen\nundo\nfen\n", path);
    r = play_pipe(cmd, NULL, NULL);
    assert_int_equal(fens(r.out, f, 4), 2);
    assert_string_equal(f[0], "4Q3/8/8/8/8/8/k6p/4K3 b - - 0 1");
    assert_string_equal(f[1], PROMO_FEN);
    proc_free(&r);

    /* Bad records change nothing. */
    FILE *bad = fopen(path, "w");
    fputs("{\"game\": \"Chess\", \"start\": null, \"moves\": [\"e2e4\", \"e2e4\"]}\n", bad);
    fclose(bad);
    snprintf(cmd, sizeof cmd, "d2d4\nload %s\nload /nonexistent/x.json\nsave /nonexistent/x.json\nfen\n", path);
    r = play_pipe(cmd, NULL, NULL);
    assert_non_null(strstr(r.out, "Not loaded: "));
    assert_non_null(strstr(r.out, "move 2: e2e4 is not a legal move here"));
    assert_non_null(strstr(r.out, "Not saved: "));
    assert_non_null(strstr(r.out, "\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"));
    proc_free(&r);
    bad = fopen(path, "w");
    fputs("{\"game\": \"Shogi\", \"start\": null, \"moves\": []}\n", bad);
    fclose(bad);
    /* GAME named and the record of another game (without GAME, the record's game is played: test_first_hour). */
    r = play_pipe("", NULL, "chess", "--load", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "is a game of Shogi, not Chess"));
    proc_free(&r);
    remove(path);
}

static void test_pipe_computer(void **state)
{
    (void)state;
    const char *env[] = { "GGN_SEED=7", NULL };
    proc_result r = play_pipe("e2e4\nfen\n", env, "--players", "human,computer", "--depth", "1", "--think", "2s", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Black plays "));
    char f[4][128];
    assert_int_equal(fens(r.out, f, 4), 1);
    assert_non_null(strstr(f[0], " w KQkq "));
    /* undo takes back the computer's reply and the move before it. */
    proc_free(&r);
    r = play_pipe("e2e4\nundo\nfen\n", env, "--players", "human,computer", "--depth", "1", NULL);
    assert_non_null(strstr(r.out, "\n" START_FEN "\n"));
    proc_free(&r);
}

static void test_pipe_other_games(void **state)
{
    (void)state;
    /* Four players, kinds without symbols (first three letters of the code), holes in the board. */
    proc_result r = play_pipe("d2d3\nfen\nmoves\n", NULL, GGN_TEST_DATA "/play/cross4.json", "--players",
                              "human,human,human,human", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "   a     b     c     d     e     f     g     h\n"
                                  "8               .     .    CHI3   .                8\n"));
    assert_non_null(strstr(r.out, "3   .    WAR4   .   [WAR1]  .     .    WAR2   .    3\n"));
    assert_non_null(strstr(r.out, "East to move."));
    assert_non_null(strstr(r.out, "This game has no FEN"));
    assert_non_null(strstr(r.out, "8 legal moves:"));
    proc_free(&r);
}

static void test_pipe_hands_and_promoted(void **state)
{
    (void)state;
    /* Shogi after 7g7f 3c3d 8h2b+: the horse shows as "+B", and the bishop taken is in Black's hand (the
     * first player is Black, sente, as shogi calls it), written beside Black's edge of the board; White's
     * hand, empty, beside the other edge. Files 9..1 and ranks a..i, as shogi's coordinates (and USI) are. */
    proc_result r = play_pipe("7g7f\n3c3d\n8h2b+\n", NULL, "shogi", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "    9   8   7   6   5   4   3   2   1\n"
                                  "a   l   n   s   g   k   g   s   n   l  a   White's hand: (empty)\n"
                                  "b   .   r   .   .   .   .   . [+B]  .  b\n"));
    assert_non_null(strstr(r.out, "i   L   N   S   G   K   G   S   N   L  i   Black's hand: B\n"));
    assert_non_null(strstr(r.out, "Last move: 8h2b+ (Black)\n"));
    proc_free(&r);
    /* Flipped: White's hand beside the bottom row now. */
    r = play_pipe("7g7f\n3c3d\n8h2b+\nflip\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, "i   L   N   S   G   K   G   S   N   L  i   Black's hand: B\n"
                                  "h   .   R   .   .   .   .   . [ .]  .  h\n"));
    assert_non_null(strstr(r.out, "a   l   n   s   g   k   g   s   n   l  a   White's hand: (empty)\n"
                                  "    1   2   3   4   5   6   7   8   9\n"));
    proc_free(&r);

    /* Crazyhouse: the promoted queen "Q~"; taken, it goes to the hand as a pawn. Counts per kind,
     * highest value first. */
    r = play_pipe("d2d1\n", NULL, "crazyhouse", "--fen", "4k3/8/8/8/8/8/3q4/3Q~K3[NPPr] b - - 0 1", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "8  .   .   .   .   k   .   .   .   8   Black's hand: r\n"));
    assert_non_null(strstr(r.out, "1  .   .   .   Q~  K   .   .   .   1   White's hand: N, 2 P\n"));
    assert_non_null(strstr(r.out, "8  .   .   .   .   k   .   .   .   8   Black's hand: r, p\n"));
    assert_non_null(strstr(r.out, "1  .   .   .  [q ] K   .   .   .   1   White's hand: N, 2 P\n"));
    proc_free(&r);
}

/* The colour codes of a tile: background then foreground, bold, then the label. */
static void expect_tile(const char *out, const char *bg, const char *fg, const char *label)
{
    char want[128];
    snprintf(want, sizeof want, "\033[%s;%s;1m%s\033[0m", bg, fg, label);
    if (!strstr(out, want)) fail_msg("no tile \\033[%s;%s;1m%s in the output", bg, fg, label);
}

static void test_pipe_player_colours(void **state)
{
    (void)state;
    /* Four-player chess: "Red to move" and Red's pieces red (chess4.json's colours, the ones
     * `ggn render` draws), the labels in the ink that reads on each. 24-bit where COLORTERM says so. */
    const char *truecolor[] = { "COLORTERM=truecolor", NULL };
    proc_result r = play_pipe("", truecolor, "chess4", "--players", "human,human,human,human", "--color", "always", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Red to move."));
    expect_tile(r.out, "48;2;214;39;40", "38;2;255;255;255", "K");
    expect_tile(r.out, "48;2;31;119;180", "38;2;255;255;255", "K");
    expect_tile(r.out, "48;2;242;200;30", "38;2;0;0;0", "K");
    expect_tile(r.out, "48;2;44;160;44", "38;2;255;255;255", "K");
    assert_null(strstr(r.out, "38;5;231;1mK"));
    proc_free(&r);
    /* Otherwise the nearest of the 256 colours. */
    const char *plain_term[] = { "COLORTERM=", NULL };
    r = play_pipe("", plain_term, "chess4", "--players", "human,human,human,human", "--color", "always", NULL);
    expect_tile(r.out, "48;5;160", "38;5;231", "K");
    expect_tile(r.out, "48;5;31", "38;5;231", "K");
    expect_tile(r.out, "48;5;220", "38;5;16", "K");
    expect_tile(r.out, "48;5;34", "38;5;231", "K");
    assert_null(strstr(r.out, "48;2;"));
    proc_free(&r);
    /* A game without colours in its spec: the palette by player index, white and black first; chess
     * pieces as their glyphs (the solid ones: the tile says whose). */
    r = play_pipe("", truecolor, "--color", "always", NULL);
    expect_tile(r.out, "48;2;255;255;255", "38;2;0;0;0", "\xe2\x99\x9a");
    expect_tile(r.out, "48;2;32;32;32", "38;2;255;255;255", "\xe2\x99\x9a");
    expect_tile(r.out, "48;2;32;32;32", "38;2;255;255;255", "\xe2\x99\x9f");
    proc_free(&r);
    /* --color never (and a pipe by default) stays plain. */
    r = play_pipe("", truecolor, "chess4", "--players", "human,human,human,human", NULL);
    assert_null(strstr(r.out, "\033"));
    assert_non_null(strstr(r.out, "K1"));
    proc_free(&r);
}

/*
 * A game that draws its start (random_start): --seed N gives the same start every time, printed with
 * its FEN first; the game's own fen command and undo come back to it, and the FEN read back with
 * --fen is the same position. Without --seed a start is drawn too.
 */
static void test_pipe_random_start(void **state)
{
    (void)state;
    static const char start[] = "qnrkrbbn/pppppppp/8/8/8/8/PPPPPPPP/QNRKRBBN w ECec - 0 1";
    proc_result r = play_pipe("fen\nb1c3\nundo\nfen\n", NULL, "fischerandom", "--seed", "7", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "random start, seed 7: qnrkrbbn/pppppppp/8/8/8/8/PPPPPPPP/QNRKRBBN w ECec - 0 1\n"));
    char found[4][128];
    assert_int_equal(fens(r.out, found, 4), 2);
    assert_string_equal(found[0], start);
    assert_string_equal(found[1], start);
    proc_free(&r);
    r = play_pipe("fen\n", NULL, "fischerandom", "--fen", start, NULL);
    assert_int_equal(r.status, 0);
    assert_int_equal(fens(r.out, found, 4), 1);
    assert_string_equal(found[0], start);
    assert_null(strstr(r.out, "random start"));
    proc_free(&r);
    /* Another seed, another start (these two differ); the 10-file game draws too. */
    r = play_pipe("", NULL, "fischerandom", "--seed", "8", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "random start, seed 8: "));
    assert_null(strstr(r.out, start));
    proc_free(&r);
    r = play_pipe("", NULL, "caparandom", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "random start, seed "));
    assert_non_null(strstr(r.out, "/pppppppppp/10/10/10/10/PPPPPPPPPP/"));
    proc_free(&r);
}

static void test_usage(void **state)
{
    (void)state;
    proc_result r = play_pipe("", NULL, "--players", "human", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = play_pipe("", NULL, "--players", "human,robot", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = play_pipe("", NULL, "--think", "soon", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = play_pipe("", NULL, "--depth", "0", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = play_pipe("", NULL, "--bogus", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    /* --seed: a number, for a game that draws its start, and not beside a start given otherwise. */
    r = play_pipe("", NULL, "fischerandom", "--seed", "-1", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "--seed takes a whole number"));
    proc_free(&r);
    r = play_pipe("", NULL, "chess", "--seed", "1", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "chess does not draw its start"));
    proc_free(&r);
    r = play_pipe("", NULL, "fischerandom", "--seed", "1", "--fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = play_pipe("", NULL, "no-such-game", NULL);
    assert_int_equal(r.status, 1);
    proc_free(&r);
    r = play_pipe("", NULL, "--fen", "not a fen", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "--fen: error: "));
    proc_free(&r);
    const char *argv[] = { GGN_BINARY, "play", "--help", NULL };
    r = proc_run(argv, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Usage: ggn play"));
    assert_non_null(strstr(r.out, "--players"));
    proc_free(&r);
    /* The end of input at once: the board, then a clean exit. */
    r = play_pipe("", NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "White to move."));
    proc_free(&r);
}

/* ---- through a pseudo-terminal ---- */

static void start_tty(pty_proc *p, const char *const *env, const char *fen)
{
    const char *argv[] = { GGN_BINARY, "play", "--players", "human,human", fen ? "--fen" : NULL, fen, NULL };
    assert_true(pty_start(p, argv, env));
}

static void expect(pty_proc *p, const char *text)
{
    if (!pty_expect(p, text, TIMEOUT_MS)) {
        char *plain = pty_plain(p);
        print_error("--- terminal so far ---\n%s\n--- end ---\n", plain);
        free(plain);
        fail_msg("the terminal never showed \"%s\"", text);
    }
}

static void test_tty_fools_mate(void **state)
{
    (void)state;
    pty_proc p;
    start_tty(&p, NULL, NULL);
    expect(&p, "White> ");
    const char *moves[] = { "f2f3", "e7e5", "g2g4", "d8h4" };
    const char *next[] = { "Black> ", "White> ", "Black> ", "Checkmate. Black wins." };
    for (int i = 0; i < 4; i++) {
        pty_send(&p, moves[i]);
        expect(&p, next[i]);
    }
    /* After the end a person may still look around; moves are refused. */
    expect(&p, "game over> ");
    pty_send(&p, "e2e4");
    expect(&p, "The game is over");
    pty_send(&p, "quit");
    assert_int_equal(pty_finish(&p, TIMEOUT_MS), 0);
    /* Colours on a terminal: the pieces' 256-colour codes. */
    assert_non_null(strstr(p.raw, "\033[48;5;"));
    pty_free(&p);
}

static void test_tty_promotion_illegal_undo_fen(void **state)
{
    (void)state;
    pty_proc p;
    start_tty(&p, NULL, PROMO_FEN);
    expect(&p, "White> ");
    pty_send(&p, "e7e6");
    expect(&p, "Illegal move e7e6: the pawn on e7 cannot move to e6.");
    expect(&p, "White> ");
    pty_send(&p, "e7e8");
    expect(&p, "Promote to (q, r, b, n)? ");
    pty_send(&p, "n");
    expect(&p, "Last move: e7e8n (White)");
    expect(&p, "Black> ");
    pty_send(&p, "fen");
    expect(&p, "4N3/8/8/8/8/8/k6p/4K3 b - - 0 1");
    pty_send(&p, "undo");
    expect(&p, "White> ");
    pty_send(&p, "fen");
    expect(&p, PROMO_FEN);
    pty_send(&p, "quit");
    assert_int_equal(pty_finish(&p, TIMEOUT_MS), 0);
    pty_free(&p);
}

static void test_tty_save_load(void **state)
{
    (void)state;
    char path[512], line[600];
    temp_path(path, sizeof path, "tty.json");
    pty_proc p;
    start_tty(&p, NULL, NULL);
    expect(&p, "White> ");
    pty_send(&p, "e2e4");
    expect(&p, "Black> ");
    pty_send(&p, "e7e5");
    expect(&p, "White> ");
    snprintf(line, sizeof line, "save %s", path);
    pty_send(&p, line);
    expect(&p, "Saved to ");
    pty_send(&p, "undo");
    expect(&p, "Black> ");
    snprintf(line, sizeof line, "load %s", path);
    pty_send(&p, line);
    expect(&p, "Loaded ");
    pty_send(&p, "fen");
    expect(&p, E4_E5_FEN);
    /* Ctrl-D leaves like quit. */
    assert_int_equal(write(p.fd, "\004", 1), 1);
    assert_int_equal(pty_finish(&p, TIMEOUT_MS), 0);
    pty_free(&p);
    remove(path);
}

static void test_tty_no_color(void **state)
{
    (void)state;
    const char *env[] = { "NO_COLOR=1", NULL };
    pty_proc p;
    start_tty(&p, env, NULL);
    expect(&p, "White> ");
    pty_send(&p, "e2e4");
    expect(&p, "Black> ");
    pty_send(&p, "quit");
    assert_int_equal(pty_finish(&p, TIMEOUT_MS), 0);
    assert_null(strstr(p.raw, "\033["));
    assert_non_null(strstr(p.raw, "[P]"));
    pty_free(&p);
}

/* A promotion that may be declined, typed without saying which, is asked about (USI's "8h2b" and SAN's
 * "Bxh8" were played unpromoted; SAN writes the promotion "Bxh8=H", as Fairy-Stockfish does). */
static void test_pipe_optional_promotion(void **state)
{
    (void)state;
    proc_result r = play_pipe("7g7f\n3c3d\n8h2b\nyes\n", NULL, "shogi", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Promote (8h2b+)? yes or no:\n"));
    assert_non_null(strstr(r.out, "b   .   r   .   .   .   .   . [+B]  .  b\n"));
    assert_non_null(strstr(r.out, "Last move: 8h2b+ (Black)\n"));
    proc_free(&r);
    r = play_pipe("7g7f\n3c3d\n8h2b\nno\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, "b   .   r   .   .   .   .   . [ B]  .  b\n"));
    proc_free(&r);
    /* In SAN (read as the promotion) and in coordinates (read as none) alike, in the notation typed. */
    r = play_pipe("7g7f\n3c3d\nBxh8\nno\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, "Promote (Bxh8=H)? yes or no:\n"));
    assert_non_null(strstr(r.out, "Last move: 8h2b (Black)\n"));
    proc_free(&r);
    r = play_pipe("7g7f\n3c3d\nb2h8\nyes\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, "Promote (b2h8+)? yes or no:\n"));
    assert_non_null(strstr(r.out, "Last move: 8h2b+ (Black)\n"));
    proc_free(&r);
    /* A final '=' declines without a question; '+' promotes without one. */
    r = play_pipe("7g7f\n3c3d\n8h2b=\n", NULL, "shogi", NULL);
    assert_null(strstr(r.out, "Promote"));
    assert_non_null(strstr(r.out, "Last move: 8h2b (Black)\n"));
    proc_free(&r);
    r = play_pipe("7g7f\n3c3d\n8h2b+\nBxh8=\n", NULL, "shogi", NULL);
    assert_null(strstr(r.out, "Promote"));
    proc_free(&r);
    r = play_pipe("7g7f\n3c3d\nBxh8=\n", NULL, "shogi", NULL);
    assert_null(strstr(r.out, "Promote"));
    assert_non_null(strstr(r.out, "Last move: 8h2b (Black)\n"));
    proc_free(&r);
    /* An empty answer cancels: nothing is played. */
    r = play_pipe("7g7f\n3c3d\n8h2b\n\nsfen\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, "Move cancelled.\n"));
    assert_non_null(strstr(r.out, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n"));
    proc_free(&r);
}

static void test_pipe_resign_and_draw(void **state)
{
    (void)state;
    char path[512];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/ggn_test_play_resign_%ld.pgn", dir && *dir ? dir : "/tmp", (long)getpid());
    proc_result r = play_pipe("e2e4\nresign\n", NULL, "chess", "--record", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Black resigned. White wins.\n"));
    proc_free(&r);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char pgn[4096];
    size_t n = fread(pgn, 1, sizeof pgn - 1, f);
    pgn[n] = '\0';
    fclose(f);
    remove(path);
    assert_non_null(strstr(pgn, "[Result \"1-0\"]"));
    assert_non_null(strstr(pgn, "1. e4 1-0"));
    /* An offer stands for the next player's turn: accepted then, it draws; after a move it lapses. */
    r = play_pipe("e2e4\ndraw\ne7e5\ndraw\n", NULL, "chess", NULL);
    assert_non_null(strstr(r.out, "Black offers a draw"));
    assert_non_null(strstr(r.out, "Draw agreed.\n"));
    proc_free(&r);
    r = play_pipe("draw\ne2e4\ne7e5\ndraw\nfen\n", NULL, "chess", NULL);
    assert_null(strstr(r.out, "Draw agreed."));
    assert_int_equal(count(r.out, "offers a draw"), 2);
    proc_free(&r);
    /* The computer declines. */
    r = play_pipe("draw\n", NULL, "chess", "--players", "human,computer", "--depth", "1", NULL);
    assert_non_null(strstr(r.out, "the computer declines"));
    assert_null(strstr(r.out, "Draw agreed."));
    proc_free(&r);
}

/* help names every move form the game takes, each with an example from the position. */
static void test_pipe_help_forms(void **state)
{
    (void)state;
    proc_result r = play_pipe("help\n", NULL, "chess", NULL);
    assert_non_null(strstr(r.out, "  coordinates   a2a3 "));
    assert_non_null(strstr(r.out, "  SAN           a3 "));
    assert_non_null(strstr(r.out, "  USI           8g8f "));
    assert_non_null(strstr(r.out, "  resign "));
    assert_non_null(strstr(r.out, "  draw "));
    proc_free(&r);
    /* Shogi: USI, and with a piece in hand the drops, in both notations. */
    r = play_pipe("help\n", NULL, "shogi", "--sfen", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", NULL);
    assert_non_null(strstr(r.out, "  USI           9a9b "));
    assert_null(strstr(r.out, "  drop ")); /* White holds nothing */
    proc_free(&r);
    r = play_pipe("help\n", NULL, "shogi", "--sfen", "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b B 5", NULL);
    assert_non_null(strstr(r.out, "  drop (SAN)    B@"));
    assert_non_null(strstr(r.out, "  drop (USI)    B*"));
    proc_free(&r);
    /* Janggi: a pass. */
    r = play_pipe("help\n", NULL, "janggi", NULL);
    assert_non_null(strstr(r.out, "  pass          pass "));
    proc_free(&r);
}

/* The sides called as their games call them; characters on the tiles where colours are on. */
static void test_pipe_family_looks(void **state)
{
    (void)state;
    const char *truecolor[] = { "COLORTERM=truecolor", NULL };
    proc_result r = play_pipe("", truecolor, "xiangqi", "--color", "always", NULL);
    assert_non_null(strstr(r.out, "Red to move."));
    /* 帥 on a red tile, 將 on a black one */
    expect_tile(r.out, "48;2;214;39;40", "38;2;255;255;255", "\xe5\xb8\xa5");
    expect_tile(r.out, "48;2;32;32;32", "38;2;255;255;255", "\xe5\xb0\x87");
    proc_free(&r);
    r = play_pipe("", NULL, "checkers", NULL);
    assert_non_null(strstr(r.out, "Black to move."));
    proc_free(&r);
    /* Checkers' men: Black's (the first player's) on dark tiles, as their name says. */
    r = play_pipe("", truecolor, "checkers", "--color", "always", NULL);
    expect_tile(r.out, "48;2;32;32;32", "38;2;255;255;255", "\xe2\x9b\x82");
    expect_tile(r.out, "48;2;255;255;255", "38;2;0;0;0", "\xe2\x9b\x82");
    proc_free(&r);
    r = play_pipe("", NULL, "janggi", NULL);
    assert_non_null(strstr(r.out, "Cho to move."));
    proc_free(&r);
    /* Shogi's promoted pieces red on their tile. */
    r = play_pipe("", truecolor, "shogi", "--color", "always", "--sfen",
                  "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4", NULL);
    expect_tile(r.out, "48;2;32;32;32", "38;2;214;39;40", "\xe9\xa6\xac");
    proc_free(&r);
}

/* Shogi games as KIF: a record written by hand as Japanese programs write it is read; ggn's is read back. */
static void test_pipe_kif(void **state)
{
    (void)state;
    static const char after[] = "ln1g1g1nl/1r1sk2s1/pppppp1pp/6B2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Pb 9\n";
    proc_result r = play_pipe("sfen\n", NULL, "shogi", "--load", GGN_TEST_DATA "/play/shogi.kif", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, after));
    proc_free(&r);
    /* The same moves in USI give the same position. */
    r = play_pipe("7g7f\n3c3d\n8h2b+\n3a2b\nB*4e\n5a5b\n4e3d\n7a6b\nsfen\n", NULL, "shogi", NULL);
    assert_non_null(strstr(r.out, after));
    proc_free(&r);
    /* Written by --record with 成, 不成, 同, 打 and the resignation, then read back. */
    char path[512];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/ggn_test_play_%ld.kif", dir && *dir ? dir : "/tmp", (long)getpid());
    r = play_pipe("7g7f\n3c3d\n8h2b\nno\n3a2b\nB*4e\n5a5b\n4e3d\n7a6b\n3d4c+\nresign\n", NULL, "shogi", "--record",
                  path, NULL);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char kif[4096];
    size_t n = fread(kif, 1, sizeof kif - 1, f);
    kif[n] = '\0';
    fclose(f);
    assert_non_null(strstr(kif, "手合割：平手\n"));
    assert_non_null(strstr(kif, "   3 ２二角不成(88)"));
    assert_non_null(strstr(kif, "   4 同　銀(31)"));
    assert_non_null(strstr(kif, "   5 ４五角打"));
    assert_non_null(strstr(kif, "   7 ３四角(45)"));
    assert_non_null(strstr(kif, "   9 ４三角成(34)"));
    assert_non_null(strstr(kif, "  10 投了\n"));
    assert_non_null(strstr(kif, "まで9手で先手の勝ち\n"));
    r = play_pipe("sfen\n", NULL, "shogi", "--load", path, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "ln1g1g1nl/1r1sk2s1/ppppp+B1pp/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w 2Pb 10\n"));
    proc_free(&r);
    remove(path);
    /* An illegal move is refused at its line; a game without kanji labels cannot be KIF. */
    FILE *bad = fopen(path, "w");
    assert_non_null(bad);
    fputs("手合割：平手\n   1 ７五歩(77)\n", bad);
    fclose(bad);
    r = play_pipe("", NULL, "shogi", "--load", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, ":2: move 1 (7g7e) is not legal"));
    proc_free(&r);
    r = play_pipe("", NULL, "chess", "--load", path, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "no label for every piece"));
    proc_free(&r);
    remove(path);
}

/* Xiangqi in WXF: printed with --wxf, read always; tandem pieces named front and rear. */
static void test_pipe_wxf(void **state)
{
    (void)state;
    proc_result r = play_pipe("C2.5\nh8+7\nH2+3\nR9.8\nfen\n", NULL, "xiangqi", "--wxf", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Last move: C2.5 (Red)\n"));
    assert_non_null(strstr(r.out, "Last move: H8+7 (Black)\n"));
    assert_non_null(strstr(r.out, "Last move: H2+3 (Red)\n"));
    assert_non_null(strstr(r.out, "Last move: R9.8 (Black)\n"));
    /* the same moves in coordinates */
    assert_non_null(strstr(r.out, "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3\n"));
    proc_free(&r);
    /* Without --wxf a WXF move is read all the same, and printed in coordinates. */
    static const char tandem[] = "3k5/9/9/9/9/9/9/R8/9/R3K4 w - - 0 1";
    r = play_pipe("R-+1\n", NULL, "xiangqi", "--fen", tandem, NULL);
    assert_non_null(strstr(r.out, "Last move: a1a2 (Red)\n"));
    proc_free(&r);
    r = play_pipe("R+.8\nfen\n", NULL, "xiangqi", "--fen", tandem, "--wxf", NULL);
    assert_non_null(strstr(r.out, "Last move: R+.8 (Red)\n"));
    assert_non_null(strstr(r.out, "3k5/9/9/9/9/9/9/1R7/9/R3K4 b "));
    proc_free(&r);
    /* A game without WXF refuses the option. */
    r = play_pipe("", NULL, "chess", "--wxf", NULL);
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "chess has no WXF notation"));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pipe_fools_mate),
        cmocka_unit_test(test_pipe_input_forms),
        cmocka_unit_test(test_pipe_promotion),
        cmocka_unit_test(test_pipe_illegal),
        cmocka_unit_test(test_pipe_undo_moves_flip),
        cmocka_unit_test(test_pipe_save_load),
        cmocka_unit_test(test_pipe_computer),
        cmocka_unit_test(test_pipe_other_games),
        cmocka_unit_test(test_pipe_hands_and_promoted),
        cmocka_unit_test(test_pipe_player_colours),
        cmocka_unit_test(test_pipe_random_start),
        cmocka_unit_test(test_usage),
        cmocka_unit_test(test_tty_fools_mate),
        cmocka_unit_test(test_tty_promotion_illegal_undo_fen),
        cmocka_unit_test(test_tty_save_load),
        cmocka_unit_test(test_tty_no_color),
        cmocka_unit_test(test_pipe_names_game_end),
        cmocka_unit_test(test_pipe_optional_promotion),
        cmocka_unit_test(test_pipe_resign_and_draw),
        cmocka_unit_test(test_pipe_help_forms),
        cmocka_unit_test(test_pipe_family_looks),
        cmocka_unit_test(test_pipe_kif),
        cmocka_unit_test(test_pipe_wxf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
