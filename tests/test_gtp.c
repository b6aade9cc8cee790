/*
 * test_gtp.c — the Go Text Protocol: vertices both ways on go9 (no I column,
 * rows from the bottom), the clock budget, and `ggn gtp` driven through pipes
 * by scripted exchanges: ids echoed, illegal moves, unknown commands and
 * garbage answered "?" with the session going on, undo, komi and
 * final_score, boardsize choosing the game or refusing the size, the
 * computer player's moves legal on the board it was given; Hex's swap as
 * MoHex plays it (swap-pieces) and a Hex game's winner as final_score; SGF
 * through GTP (loadsgf with setup stones, printsgf to a file or the answer)
 * and a match from an opening kept as SGF with its setup, read back.
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

#include "ggn/game.h"
#include "ggn/gtp.h"
#include "ggn/notation.h"
#include "proc_util.h"
#include "protocol/gtp_internal.h"

#define TIMEOUT_MS 120000

static ggn_game *load(const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, name);
    ggn_game *g = ggn_game_load_file(path, NULL);
    assert_non_null(g);
    return g;
}

static void test_vertices(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_move m;
    ggn_error err;
    char text[16];
    /* The ninth column is J: I is left out; row 1 is ggn's y = 0. */
    assert_true(ggn_gtp_move_parse(pos, "J9", &m, &err));
    assert_int_equal(m.to, 8 * 9 + 8);
    assert_true(ggn_gtp_move_parse(pos, "a1", &m, &err));
    assert_int_equal(m.to, 0);
    assert_true(ggn_gtp_move_parse(pos, "H2", &m, &err));
    assert_int_equal(m.to, 1 * 9 + 7);
    assert_false(ggn_gtp_move_parse(pos, "I5", &m, &err));
    assert_int_equal(err.code, GGN_E_SYNTAX);
    assert_false(ggn_gtp_move_parse(pos, "K1", &m, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_false(ggn_gtp_move_parse(pos, "A10", &m, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_false(ggn_gtp_move_parse(pos, "A0", &m, &err));
    assert_false(ggn_gtp_move_parse(pos, "", &m, &err));
    assert_false(ggn_gtp_move_parse(pos, "E5x", &m, &err));
    assert_true(ggn_gtp_move_parse(pos, "PASS", &m, &err));
    assert_true(ggn_move_is_pass(g, m));
    assert_int_equal(ggn_gtp_move_format(pos, m, text, sizeof text), 4);
    assert_string_equal(text, "pass");
    /* Every point's vertex reads back as the same point, and ggn's own text agrees on the row. */
    ggn_move legal[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
    assert_int_equal(n, 82);
    int stones = 0;
    for (size_t i = 0; i < n; i++) {
        assert_true(ggn_gtp_move_format(pos, legal[i], text, sizeof text) > 0);
        assert_true(ggn_gtp_move_parse(pos, text, &m, &err));
        assert_true(ggn_move_equal(m, legal[i]));
        if (ggn_move_is_pass(g, m)) continue;
        stones++;
        assert_null(strchr(text, 'I'));
        assert_int_equal(atoi(text + 1), legal[i].to / 9 + 1);
    }
    assert_int_equal(stones, 81);
    /* An occupied point is illegal, not unknown. */
    assert_true(ggn_gtp_move_parse(pos, "E5", &m, &err));
    assert_true(ggn_position_make(pos, m));
    assert_false(ggn_gtp_move_parse(pos, "e5", &m, &err));
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_int_equal(ggn_gtp_move_format(pos, m, text, 2), 0); /* no room for "E5" */
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* On hexagonal cells the vertices are Hex programs': every letter, lower case, so ggn's own text. */
static void test_hex_vertices(void **state)
{
    (void)state;
    ggn_game *g = load("hex.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_move m;
    ggn_error err;
    assert_true(ggn_gtp_move_parse(pos, "I5", &m, &err));
    assert_int_equal(m.to, 4 * 11 + 8);
    assert_true(ggn_gtp_move_parse(pos, "k11", &m, &err));
    assert_int_equal(m.to, 10 * 11 + 10);
    assert_false(ggn_gtp_move_parse(pos, "l1", &m, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_false(ggn_gtp_move_parse(pos, "pass", &m, &err)); /* Hex has no pass */
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    ggn_move legal[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
    assert_int_equal(n, 121);
    for (size_t i = 0; i < n; i++) {
        char vertex[16], own[16];
        assert_true(ggn_gtp_move_format(pos, legal[i], vertex, sizeof vertex) > 0);
        assert_true(ggn_move_format(pos, legal[i], own, sizeof own) > 0);
        assert_string_equal(vertex, own);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* games/hex.json with the swap rule put in (docs/game-spec.md), as a spec text. */
static char *hex_swap_spec(void)
{
    char path[1024];
    static char text[16384];
    snprintf(path, sizeof path, "%s/hex.json", GGN_GAMES_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *at = strstr(text, "\"hands\": true,");
    assert_non_null(at);
    char *spec = malloc(sizeof text + 64);
    assert_non_null(spec);
    snprintf(spec, sizeof text + 64, "%.*s\"swap\": {\"reflect\": [[0, 1], [1, 0]]}, %s", (int)(at - text), text, at);
    return spec;
}

/* The swap is "swap-pieces" both ways (ggn's "swap" read too); the point it lands on is still a plain stone's vertex. */
static void test_swap_vertices(void **state)
{
    (void)state;
    char *spec = hex_swap_spec();
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "hexswap.json", &errs);
    free(spec);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    ggn_move m, swap;
    ggn_error err;
    char text[16];
    assert_false(ggn_gtp_move_parse(pos, "swap-pieces", &m, &err)); /* no stone to take over yet */
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_true(ggn_gtp_move_parse(pos, "b1", &m, &err));
    assert_true(ggn_position_make(pos, m));
    assert_true(ggn_gtp_move_parse(pos, "swap-pieces", &swap, &err));
    assert_true(ggn_move_is_swap(g, swap));
    assert_int_equal(ggn_gtp_move_format(pos, swap, text, sizeof text), 11);
    assert_string_equal(text, "swap-pieces");
    assert_true(ggn_gtp_move_parse(pos, "SWAP", &m, &err));
    assert_true(ggn_move_equal(m, swap));
    /* a2, where the swap puts the stone, is a plain placement when named as a vertex. */
    assert_true(ggn_gtp_move_parse(pos, "a2", &m, &err));
    assert_false(ggn_move_is_swap(g, m));
    assert_int_equal(m.to, swap.to);
    assert_false(ggn_gtp_move_parse(pos, "swap-sides", &m, &err));
    assert_int_equal(err.code, GGN_E_SYNTAX);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_clock(void **state)
{
    (void)state;
    gtp_clock c;
    memset(&c, 0, sizeof c);
    /* No clock: the default. */
    assert_int_equal(gtp_clock_budget(&c, 0, 81, 700), 700);
    /* Byo-yomi of 10 s for 5 stones, no main time: about 2 s a stone, less the reserve. */
    gtp_clock_settings(&c, 0, 10000, 5);
    long t = gtp_clock_budget(&c, 0, 81, 700);
    assert_true(t > 1500 && t < 2000);
    /* Five moves of 100 ms: the period starts again, with its 5 stones. */
    for (int i = 0; i < 5; i++) gtp_clock_spent(&c, 0, 100);
    assert_int_equal(c.left_stones[0], 5);
    assert_int_equal(c.left_ms[0], 10000);
    /* Main time only: a share of what is left by the empty points, never the whole. */
    gtp_clock_settings(&c, 60000, 0, 0);
    t = gtp_clock_budget(&c, 1, 80, 700);
    assert_true(t > 1000 && t < 1500);
    c.left_ms[1] = 3000;
    t = gtp_clock_budget(&c, 1, 80, 700);
    assert_true(t >= 10 && t < 100);
    /* byo-yomi time with no stones: GTP's "no time limit", so the default. */
    gtp_clock_settings(&c, 0, 5000, 0);
    assert_int_equal(gtp_clock_budget(&c, 0, 81, 700), 700);
}

/* Runs `ggn gtp ARGS` on input; the session must end cleanly. */
static proc_result gtp(const char *const *args, const char *input)
{
    const char *argv[16] = { GGN_BINARY, "gtp" };
    int n = 2;
    for (int i = 0; args && args[i] && n < 15; i++) argv[n++] = args[i];
    argv[n] = NULL;
    proc_result r = proc_run(argv, input, NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "ggn gtp ended with %d: %s\n", r.status, r.err);
    assert_int_equal(r.status, 0);
    return r;
}

static void test_exchange(void **state)
{
    (void)state;
    const char *input = "protocol_version\n"
                        "1 name\n"
                        "# a comment line: no answer\n"
                        "\n"
                        "2 boardsize 9\n"
                        "3 komi 7.5\n"
                        "4 play black E5   # a comment after a command\n"
                        "5 play white E5\n"
                        "6 final_score\n"
                        "7 play white I3\n"
                        "8 play purple A1\n"
                        "9 frobnicate\n"
                        "\x01\x02 \t garbage \xff\n"
                        "10 known_command undo\n"
                        "11 known_command frobnicate\n"
                        "12 undo\n"
                        "13 undo\n"
                        "14 final_score\n"
                        "15 play b C3\n"
                        "16 komi 0.5\n"
                        "17 final_score\n"
                        "18 komi -3\n"
                        "19 final_score\n"
                        "20 boardsize 10\n"
                        "21 boardsize 13\n"
                        "22 final_score\n"
                        "23 quit\n"
                        "24 name\n";
    proc_result r = gtp(NULL, input);
    const char *want = "= 2\n\n"
                       "=1 ggn\n\n"
                       "=2\n\n"
                       "=3\n\n"
                       "=4\n\n"
                       "?5 illegal move: E5 is not a legal move here\n\n"
                       "=6 B+73.5\n\n"
                       "?7 invalid vertex: 'I3' is no vertex (a letter A-Z without I and a row from 1, or pass)\n\n"
                       "?8 play needs a colour (b or w) and a vertex\n\n"
                       "?9 unknown command\n\n"
                       "? unknown command\n\n"
                       "=10 true\n\n"
                       "=11 false\n\n"
                       "=12\n\n"
                       "?13 cannot undo\n\n"
                       "=14 W+7.5\n\n"
                       "=15\n\n"
                       "=16\n\n"
                       "=17 B+80.5\n\n"
                       "=18\n\n"
                       "=19 B+84\n\n"
                       "?20 unacceptable size (no game of 10 x 10 points here)\n\n"
                       "=21\n\n"
                       "=22 B+3\n\n" /* 13x13 empty, komi -3 kept: black's 3 points */
                       "=23\n\n";
    if (strcmp(r.out, want) != 0) fprintf(stderr, "got:\n%s\nwanted:\n%s\n", r.out, want);
    assert_string_equal(r.out, want);
    proc_free(&r);
}

/* Hex through GTP: board 11 from the game given, vertices with i, no pass to put between two moves of one colour. */
static void test_hex_session(void **state)
{
    (void)state;
    const char *args[] = { "hex", "--think", "50ms", NULL };
    proc_result r = gtp(args, "1 boardsize 11\n2 play b i5\n3 play b j5\n4 genmove w\n5 boardsize 9\n6 final_score\n");
    assert_non_null(strstr(r.out, "=1\n\n=2\n\n?3 illegal move: black cannot play now\n\n=4 "));
    assert_non_null(strstr(r.out, "?5 unacceptable size"));
    assert_non_null(strstr(r.out, "?6 cannot score"));
    proc_free(&r);
}

/*
 * Hex with the swap rule over GTP, as MoHex plays it: `play w swap-pieces` takes the stone over (b1 becomes
 * White's a2), undo takes it back, a second swap is refused, printsgf writes it HexGui's way; and final_score of
 * a game won by a chain names the winner ("B+"), as MoHex answers.
 */
static void test_hex_swap_session(void **state)
{
    (void)state;
    char dir[] = "/tmp/ggn_gtp_hex_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/hexswap.json", dir);
    char *spec = hex_swap_spec();
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(spec, f);
    fclose(f);
    free(spec);
    const char *args[] = { path, "--think", "50ms", NULL };
    proc_result r = gtp(args, "1 boardsize 11\n2 play b b1\n3 play w swap-pieces\n4 showboard\n5 undo\n6 play w SWAP\n"
                              "7 play b swap-pieces\n8 printsgf\n9 final_score\n");
    const char *want = "=1\n\n=2\n\n=3\n\n";
    if (strncmp(r.out, want, strlen(want)) != 0) fail_msg("%s", r.out);
    assert_non_null(strstr(r.out, "\n 2  O . . . . . . . . . . 2\n"));  /* White's stone on a2 */
    assert_non_null(strstr(r.out, "\n 1  . . . . . . . . . . . 1\n"));  /* b1 taken off */
    assert_non_null(strstr(r.out, "=5\n\n=6\n\n?7 illegal move: swap-pieces is not a legal move here\n\n"));
    assert_non_null(strstr(r.out, "=8 (;FF[4]GM[11]CA[UTF-8]AP[ggn]SZ[11]\n;B[b1];W[swap-pieces])\n\n"));
    assert_non_null(strstr(r.out, "?9 cannot score: this game does not count area, and is not over\n\n"));
    proc_free(&r);
    unlink(path);
    rmdir(dir);
    /* Black joins row 1 to row 11 up column a, white's stones on column k join nothing: B+. */
    char script[2048];
    size_t n = 0;
    for (int row = 1; row <= 11; row++) {
        n += (size_t)snprintf(script + n, sizeof script - n, "play b a%d\n", row);
        if (row < 11) n += (size_t)snprintf(script + n, sizeof script - n, "play w k%d\n", row);
    }
    snprintf(script + n, sizeof script - n, "1 final_score\n");
    const char *hex[] = { "hex", NULL };
    r = gtp(hex, script);
    if (!strstr(r.out, "=1 B+\n\n")) fail_msg("%s", r.out);
    proc_free(&r);
}

/*
 * list_commands names exactly the commands the session runs (each known_command true); final_status_list
 * calls every stone alive, as ggn scores the board as played; kgs-genmove_cleanup plays as genmove does.
 */
static void test_command_list(void **state)
{
    (void)state;
    static const char *const names[] = { "boardsize", "clear_board", "final_score", "final_status_list", "genmove",
                                         "kgs-genmove_cleanup", "known_command", "komi", "list_commands", "loadsgf",
                                         "name", "play", "printsgf", "protocol_version", "quit", "reg_genmove",
                                         "showboard", "time_left", "time_settings", "undo", "version" };
    char script[2048] = "1 list_commands\n";
    size_t n = strlen(script);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        n += (size_t)snprintf(script + n, sizeof script - n, "known_command %s\n", names[i]);
    snprintf(script + n, sizeof script - n,
             "2 boardsize 9\n3 play b E5\n4 play w C3\n5 final_status_list alive\n6 final_status_list dead\n"
             "7 final_status_list seki\n8 final_status_list\n9 kgs-genmove_cleanup b\n");
    const char *args[] = { "--think", "50ms", NULL };
    proc_result r = gtp(args, script);
    char want[1024] = "=1 ";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s", names[i],
                 i + 1 < sizeof names / sizeof names[0] ? "\n" : "\n\n");
    if (strncmp(r.out, want, strlen(want)) != 0) fail_msg("got:\n%s\nwanted:\n%s", r.out, want);
    const char *at = r.out + strlen(want);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        assert_memory_equal(at, "= true\n\n", 8);
        at += 8;
    }
    assert_true(strstr(at, "=5 E5 C3\n\n") || strstr(at, "=5 C3 E5\n\n"));
    assert_non_null(strstr(at, "=6\n\n=7\n\n?8 final_status_list needs alive, dead or seki\n\n=9 "));
    /* The cleanup move is black's, made: a vertex other than the two stones, or pass. */
    char move[16];
    assert_int_equal(sscanf(strstr(at, "=9 "), "=9 %15s", move), 1);
    assert_string_not_equal(move, "E5");
    assert_string_not_equal(move, "C3");
    proc_free(&r);
}

/* Two moves in a row by one colour: the other passes between them, and undo takes both back. */
static void test_same_colour_twice(void **state)
{
    (void)state;
    proc_result r = gtp(NULL, "boardsize 9\nplay b A1\nplay b B1\nshowboard\nundo\nshowboard\nundo\nfinal_score\n");
    /* After both stones, white to move; after one undo only A1, and white to move again. */
    const char *first = strstr(r.out, " 1  X X . . . . . . . 1\n");
    assert_non_null(first);
    assert_non_null(strstr(first, "white to move"));
    const char *second = strstr(first + 1, " 1  X . . . . . . . . 1\n");
    assert_non_null(second);
    assert_non_null(strstr(second, "white to move"));
    assert_non_null(strstr(r.out, "= W+7.5\n\n"));
    proc_free(&r);
}

/* genmove with each player gives a legal move that is then on the board (and reg_genmove leaves it off). */
static void test_genmove(void **state)
{
    (void)state;
    const char *players[] = { "mcts", "alphabeta" };
    for (int p = 0; p < 2; p++) {
        const char *args[] = { "--player", players[p], "--think", "100ms", NULL };
        proc_result r = gtp(args, "boardsize 9\nplay b E5\n1 reg_genmove w\n2 genmove w\n3 genmove b\nshowboard\n"
                                  "time_settings 0 1 1\n4 genmove w\n5 play b pass\n6 play w pass\n7 genmove b\n"
                                  "8 final_score\n");
        char first[8], second[8], third[8];
        const char *at = strstr(r.out, "=2 ");
        assert_non_null(at);
        assert_int_equal(sscanf(at, "=2 %7s", first), 1);
        at = strstr(r.out, "=3 ");
        assert_non_null(at);
        assert_int_equal(sscanf(at, "=3 %7s", second), 1);
        at = strstr(r.out, "=4 ");
        assert_non_null(at);
        assert_int_equal(sscanf(at, "=4 %7s", third), 1);
        assert_non_null(strstr(r.out, "=1 "));
        /* Two stones (or passes) and E5: the board shows three stones in all unless a pass came. */
        int stones = 0;
        for (const char *c = strstr(r.out, "= \n"); c && *c && !(c[0] == '\n' && c[1] == '\n'); c++)
            stones += *c == 'X' || *c == 'O';
        int passes = (strcmp(first, "pass") == 0) + (strcmp(second, "pass") == 0);
        assert_int_equal(stones - 2 /* the legend's X and O */, 3 - passes);
        assert_string_not_equal(first, "E5");
        /* Two passes ended the game: genmove passes, final_score counts it. */
        assert_non_null(strstr(r.out, "=7 pass\n\n"));
        assert_non_null(strstr(r.out, "=8 "));
        proc_free(&r);
    }
}

/* Bad command lines: a usage error, an unknown game, a board GTP cannot name. */
static void test_command_line(void **state)
{
    (void)state;
    const char *argv1[] = { GGN_BINARY, "gtp", "--player", "random", NULL };
    proc_result r = proc_run(argv1, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    const char *argv2[] = { GGN_BINARY, "gtp", "no-such-game", NULL };
    r = proc_run(argv2, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    proc_free(&r);
    const char *argv3[] = { GGN_BINARY, "gtp", "chess4", NULL };
    r = proc_run(argv3, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    proc_free(&r);
    const char *argv4[] = { GGN_BINARY, "gtp", "--help", NULL };
    r = proc_run(argv4, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Usage: ggn gtp"));
    proc_free(&r);
}

/* `ggn play --record x.sgf`, `ggn sgf` reading it back, and a bad record said at its line and column. */
static void test_sgf_commands(void **state)
{
    (void)state;
    char dir[] = "/tmp/ggn_gtp_sgf_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char record[256], bad[256];
    snprintf(record, sizeof record, "%s/game.sgf", dir);
    snprintf(bad, sizeof bad, "%s/bad.sgf", dir);
    const char *play[] = { GGN_BINARY, "play", "go9", "--players", "human,human", "--record", record, NULL };
    proc_result r = proc_run(play, "e5\nd5\nd4\ne4\npass\npass\nquit\n", NULL, TIMEOUT_MS);
    proc_free(&r);
    r = proc_run((const char *const[]){ "/bin/cat", record, NULL }, "", NULL, TIMEOUT_MS);
    assert_non_null(strstr(r.out, "SZ[9]KM[7.5]"));
    assert_non_null(strstr(r.out, ";B[ee];W[de];B[df];W[ef];B[];W[])"));
    assert_non_null(strstr(r.out, "RE[W+7.5]"));
    proc_free(&r);
    const char *check[] = { GGN_BINARY, "sgf", record, NULL };
    r = proc_run(check, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "game.sgf: 1 game\n"));
    proc_free(&r);
    /* ggn gtp reads it (loadsgf, up to a move number) and writes it again (printsgf). */
    char script[2048];
    snprintf(script, sizeof script, "1 loadsgf %s 4\n2 printsgf\n3 loadsgf %s\n4 final_score\n5 loadsgf /no/such.sgf\n",
             record, record);
    r = gtp(NULL, script);
    assert_non_null(strstr(r.out, "=1 white\n\n=2 (;FF[4]GM[1]CA[UTF-8]AP[ggn]SZ[9]KM[7.5]\n;B[ee];W[de];B[df])\n\n"
                                  "=3 black\n\n=4 W+7.5\n\n?5 cannot load file\n\n"));
    proc_free(&r);
    /* printsgf FILE writes the file (and says why it cannot); loadsgf sets up AB, AW and PL, which undo keeps and
       clear_board clears. */
    char written[256], setup[256];
    snprintf(written, sizeof written, "%s/written.sgf", dir);
    snprintf(setup, sizeof setup, "%s/setup.sgf", dir);
    FILE *f = fopen(setup, "w");
    assert_non_null(f);
    fputs("(;GM[1]SZ[9]KM[7.5]AB[cc][gg]AW[ee]PL[W];W[dd]\n;B[ff])\n", f);
    fclose(f);
    snprintf(script, sizeof script,
             "1 loadsgf %s\n2 showboard\n3 printsgf %s\n4 undo\n5 undo\n6 undo\n7 printsgf\n8 clear_board\n"
             "9 printsgf\n10 printsgf %s/no/such/dir.sgf\n11 loadsgf %s 2\n12 printsgf\n",
             setup, written, dir, setup);
    r = gtp(NULL, script);
    assert_non_null(strstr(r.out, "=1 white\n\n"));
    assert_non_null(strstr(r.out, "\n 7  . . X . . . . . . 7\n")); /* cc = C7 */
    assert_non_null(strstr(r.out, "\n 5  . . . . O . . . . 5\n")); /* ee = E5 */
    assert_non_null(strstr(r.out, "=3\n\n=4\n\n=5\n\n?6 cannot undo\n\n"));
    assert_non_null(strstr(r.out, "=7 (;FF[4]GM[1]CA[UTF-8]AP[ggn]SZ[9]KM[7.5]AB[cc][gg]AW[ee]PL[W]\n)\n\n"));
    assert_non_null(strstr(r.out, "=8\n\n=9 (;FF[4]GM[1]CA[UTF-8]AP[ggn]SZ[9]KM[7.5]\n)\n\n"));
    assert_non_null(strstr(r.out, "?10 cannot write "));
    assert_non_null(strstr(r.out, "=11 black\n\n=12 (;FF[4]GM[1]CA[UTF-8]AP[ggn]SZ[9]KM[7.5]AB[cc][gg]AW[ee]PL[W]\n"
                                  ";W[dd])\n\n"));
    proc_free(&r);
    r = proc_run((const char *const[]){ "/bin/cat", written, NULL }, "", NULL, TIMEOUT_MS);
    assert_string_equal(r.out, "(;FF[4]GM[1]CA[UTF-8]AP[ggn]SZ[9]KM[7.5]AB[cc][gg]AW[ee]PL[W]\n;W[dd];B[ff])\n");
    proc_free(&r);
    /* A setup GTP cannot take: a stone on an occupied point, at its line and column. */
    f = fopen(setup, "w");
    assert_non_null(f);
    fputs("(;GM[1]SZ[9]\n;B[ee]\n;AW[ee])\n", f);
    fclose(f);
    snprintf(script, sizeof script, "1 loadsgf %s\n2 showboard\n", setup);
    r = gtp(NULL, script);
    assert_non_null(strstr(r.out, "?1 cannot load file: 3:4: AW[ee]: e5 is occupied"));
    proc_free(&r);
    /* ggn sgf takes a Hex record (GM[11]) on hex, and says which board it lacks. */
    f = fopen(setup, "w");
    assert_non_null(f);
    fputs("(;FF[4]AP[HexGui:0.9]GM[11]SZ[11];B[f6];W[e7];B[swap-sides])\n(;GM[11]SZ[11];B[a1];W[k11])\n"
          "(;GM[11]SZ[13];B[a1])\n", f);
    fclose(f);
    const char *check_hex[] = { GGN_BINARY, "sgf", setup, NULL };
    r = proc_run(check_hex, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "setup.sgf:1:48: error: B[swap-sides]: the players trading colours"));
    proc_free(&r);
    f = fopen(setup, "w");
    assert_non_null(f);
    fputs("(;GM[11]SZ[11];B[a1];W[k11])\n(;GM[11]SZ[13];B[a1])\n", f);
    fclose(f);
    r = proc_run(check_hex, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "setup.sgf: game 2: error: no Hex of 13 x 13 points (give --game)"));
    proc_free(&r);
    unlink(written);
    unlink(setup);
    f = fopen(bad, "w");
    assert_non_null(f);
    fputs("(;GM[1]SZ[9];B[ee])\n(;SZ[9]\n;B[ee]\n;W[ee])\n", f);
    fclose(f);
    const char *check_bad[] = { GGN_BINARY, "sgf", bad, NULL };
    r = proc_run(check_bad, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    /* The second tree's error, at its line in the file. */
    assert_non_null(strstr(r.err, "bad.sgf:4:3: error: W[ee] (e5): not a legal move here"));
    proc_free(&r);
    unlink(record);
    unlink(bad);
    rmdir(dir);
}

/* Two `ggn gtp` through the arbiter: a whole 9x9 game, kept as SGF that `ggn sgf` reads back. */
static void test_match_gtp(void **state)
{
    (void)state;
    char dir[] = "/tmp/ggn_gtp_match_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char record[256], engine[1024];
    snprintf(record, sizeof record, "%s/match.sgf", dir);
    snprintf(engine, sizeof engine, "gtp:%s gtp --player mcts --think 10ms", GGN_BINARY);
    const char *match[] = { GGN_BINARY, "match", "go9", "--engine", engine, "--engine", engine, "--games", "1",
                            "--movetime", "1000", "--sgf", record, NULL };
    proc_result r = proc_run(match, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Forfeits: illegal move 0, time 0, disconnect 0"));
    assert_non_null(strstr(r.out, "Game 1: "));
    proc_free(&r);
    const char *check[] = { GGN_BINARY, "sgf", record, NULL };
    r = proc_run(check, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "match.sgf: 1 game\n"));
    proc_free(&r);
    unlink(record);
    rmdir(dir);
}

/*
 * A match from an opening (four black stones, white to move) kept as SGF: the opening written as AB and PL,
 * and `ggn sgf` replays the game from it to its count; between UCI engines, then GTP ones (loadsgf).
 */
static void test_match_opening_sgf(void **state)
{
    (void)state;
    char dir[] = "/tmp/ggn_gtp_open_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char record[256], openings[256];
    snprintf(record, sizeof record, "%s/open.sgf", dir);
    snprintf(openings, sizeof openings, "%s/open.epd", dir);
    FILE *f = fopen(openings, "w");
    assert_non_null(f);
    fputs("9/9/2S3S2/9/9/9/2S3S2/9/9 b - - 0 1\n", f);
    fclose(f);
    const char *match[] = { GGN_BINARY, "match", "go9", "--engine", GGN_BINARY " uci", "--engine", GGN_BINARY " uci",
                            "--games", "1", "--movetime", "20", "--openings", openings, "--sgf", record, NULL };
    proc_result r = proc_run(match, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    r = proc_run((const char *const[]){ "/bin/cat", record, NULL }, "", NULL, TIMEOUT_MS);
    assert_non_null(strstr(r.out, "AB[cc][gc][cg][gg]PL[W]\n;W["));
    proc_free(&r);
    const char *check[] = { GGN_BINARY, "sgf", record, NULL };
    r = proc_run(check, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "open.sgf: 1 game\n"));
    proc_free(&r);
    /* GTP engines from the same opening: the arbiter hands it over as an SGF file through loadsgf. */
    unlink(record);
    char engine[1024];
    snprintf(engine, sizeof engine, "gtp:%s gtp --think 10ms", GGN_BINARY);
    const char *gtp_match[] = { GGN_BINARY, "match", "go9", "--engine", engine, "--engine", engine, "--games", "2",
                                "--movetime", "1000", "--openings", openings, "--sgf", record, NULL };
    r = proc_run(gtp_match, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Forfeits: illegal move 0, time 0, disconnect 0"));
    proc_free(&r);
    r = proc_run(check, "", NULL, TIMEOUT_MS);
    if (r.status != 0) fprintf(stderr, "%s%s", r.out, r.err);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "open.sgf: 2 games\n"));
    proc_free(&r);
    r = proc_run((const char *const[]){ "/bin/cat", record, NULL }, "", NULL, TIMEOUT_MS);
    assert_non_null(strstr(r.out, "AB[cc][gc][cg][gg]PL[W]\n;W["));
    proc_free(&r);
    /* An engine that refuses loadsgf cannot play the match, and says why before any game. */
    char script[512];
    snprintf(script, sizeof script, "%s/noload.sh", dir);
    f = fopen(script, "w");
    assert_non_null(f);
    fputs("while read -r cmd rest; do\n"
          "  case \"$cmd\" in\n"
          "    protocol_version) printf '= 2\\n\\n';;\n"
          "    loadsgf) printf '? cannot load file\\n\\n';;\n"
          "    quit) printf '=\\n\\n'; exit 0;;\n"
          "    *) printf '=\\n\\n';;\n"
          "  esac\n"
          "done\n", f);
    fclose(f);
    char noload[600];
    snprintf(noload, sizeof noload, "gtp:sh %s", script);
    const char *refused[] = { GGN_BINARY, "match", "go9", "--engine", noload, "--engine", engine, "--games", "1",
                              "--movetime", "1000", "--openings", openings, NULL };
    r = proc_run(refused, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    if (!strstr(r.err, "does not take the opening through loadsgf: cannot load file")) fprintf(stderr, "%s", r.err);
    assert_non_null(strstr(r.err, "does not take the opening through loadsgf: cannot load file"));
    proc_free(&r);
    unlink(script);
    unlink(record);
    unlink(openings);
    rmdir(dir);
}

/*
 * Scripted GTP engines through the arbiter: one that plays E5 at every genmove (illegal from its
 * second move on), one that refuses every play, one that resigns: each loses the right way.
 */
static void test_match_bad_engines(void **state)
{
    (void)state;
    char dir[] = "/tmp/ggn_gtp_bad_XXXXXX";
    assert_non_null(mkdtemp(dir));
    static const struct {
        const char *name, *genmove, *play, *want;
    } engines[] = {
        { "repeats", "E5", "", "played an illegal move: 'E5'" },
        { "refuses", "E5", "?", "refused a legal move" },
        { "resigns", "resign", "", "resigns" },
    };
    for (size_t i = 0; i < sizeof engines / sizeof engines[0]; i++) {
        char path[512], engine[1024], ggn[1024];
        snprintf(path, sizeof path, "%s/%s.sh", dir, engines[i].name);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        /* The engine answers every command by its id: "=ID" (or "?ID" for a refused play), then an empty line. */
        fprintf(f, "while read -r line; do\n"
                   "  set -- $line; id=''\n"
                   "  case \"$1\" in [0-9]*) id=$1; shift;; esac\n"
                   "  case \"$1\" in\n"
                   "    protocol_version) printf '=%%s 2\\n\\n' \"$id\";;\n"
                   "    genmove) printf '=%%s %s\\n\\n' \"$id\";;\n"
                   "    play) if [ '%s' = '?' ]; then printf '?%%s illegal move\\n\\n' \"$id\"; "
                   "else printf '=%%s\\n\\n' \"$id\"; fi;;\n"
                   "    quit) printf '=%%s\\n\\n' \"$id\"; exit 0;;\n"
                   "    *) printf '=%%s\\n\\n' \"$id\";;\n"
                   "  esac\n"
                   "done\n",
                engines[i].genmove, engines[i].play);
        fclose(f);
        snprintf(engine, sizeof engine, "gtp:sh %s", path);
        snprintf(ggn, sizeof ggn, "gtp:%s gtp --think 10ms", GGN_BINARY);
        const char *match[] = { GGN_BINARY, "match", "go9", "--engine", engine, "--engine", ggn, "--games", "2",
                                "--movetime", "1000", NULL };
        proc_result r = proc_run(match, "", NULL, TIMEOUT_MS);
        if (r.status != 0 || !strstr(r.out, engines[i].want)) fprintf(stderr, "%s:\n%s%s", engines[i].name, r.out, r.err);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, engines[i].want));
        /* The scripted engine loses both games, as black and as white. */
        assert_non_null(strstr(r.out, ": 0 - 2 - 0 "));
        proc_free(&r);
        unlink(path);
    }
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vertices),
        cmocka_unit_test(test_hex_vertices),
        cmocka_unit_test(test_swap_vertices),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_exchange),
        cmocka_unit_test(test_same_colour_twice),
        cmocka_unit_test(test_command_list),
        cmocka_unit_test(test_hex_session),
        cmocka_unit_test(test_hex_swap_session),
        cmocka_unit_test(test_genmove),
        cmocka_unit_test(test_command_line),
        cmocka_unit_test(test_sgf_commands),
        cmocka_unit_test(test_match_gtp),
        cmocka_unit_test(test_match_opening_sgf),
        cmocka_unit_test(test_match_bad_engines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
