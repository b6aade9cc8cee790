/*
 * test_uci.c — `ggn uci`: the handshake, positions and moves in several
 * games, searches that answer with a legal move (also after stop and on a
 * clock), perft through `go perft`, and every kind of nonsense answered with
 * an `info string error` line while the session goes on; `ggn ucci` with
 * XBoard's ranks, clocks in seconds or milliseconds, banmoves and
 * nobestmove. The `go` reader and the search's time manager
 * (ggn_search_time_budget) are checked directly.
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
#include "ggn/notation.h"
#include "game_util.h"
#include "proc_util.h"
#include "ggn/protocol.h"
#include "protocol/protocol_internal.h"

#define TIMEOUT_MS 60000

/* Runs `ggn uci` with the given input; the session must end cleanly. */
static proc_result uci(const char *input)
{
    const char *argv[] = { GGN_BINARY, "uci", NULL };
    proc_result r = proc_run(argv, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    return r;
}

/* The text after the last "bestmove " of out (one word), copied into buf. */
static const char *last_bestmove(const char *out, char *buf, size_t cap)
{
    const char *at = NULL;
    for (const char *p = strstr(out, "bestmove "); p; p = strstr(p + 1, "bestmove ")) at = p;
    assert_non_null(at);
    at += strlen("bestmove ");
    size_t n = strcspn(at, " \n");
    snprintf(buf, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), at);
    return buf;
}

static void test_handshake(void **state)
{
    (void)state;
    proc_result r = uci("uci\nisready\nquit\n");
    assert_true(strncmp(r.out, "id name ggn ", 12) == 0); /* nothing before the id */
    assert_non_null(strstr(r.out, "\nid author "));
    assert_non_null(strstr(r.out, "\noption name UCI_Variant type combo default chess"));
    assert_non_null(strstr(r.out, " var xiangqi"));
    assert_null(strstr(r.out, " var chess4")); /* four players: not a UCI game */
    assert_non_null(strstr(r.out, "\noption name Hash type spin"));
    assert_non_null(strstr(r.out, "\nuciok\nreadyok\n"));
    proc_free(&r);
}

static void test_search_answers_legally(void **state)
{
    (void)state;
    char move[64];
    /* Without quit, the end of input lets the search finish. */
    proc_result r = uci("position startpos moves e2e4 e7e5 g1f3\ngo depth 3\n");
    assert_non_null(strstr(r.out, "info depth 3 seldepth "));
    assert_non_null(strstr(r.out, " score cp "));
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4 e7e5 g1f3", last_bestmove(r.out, move, sizeof move));
    proc_free(&r);

    /* Mate in one is found and scored as mate. */
    r = uci("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\ngo depth 3\n");
    assert_string_equal(last_bestmove(r.out, move, sizeof move), "a1a8");
    assert_non_null(strstr(r.out, "score mate 1 "));
    proc_free(&r);

    /* On a clock (1 s + 10 ms), with movetime, and after stop: always a legal move. */
    r = uci("position startpos\ngo wtime 1000 btime 1000 winc 10 binc 10\nisready\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, last_bestmove(r.out, move, sizeof move));
    proc_free(&r);
    r = uci("position startpos moves d2d4\ngo movetime 50\nisready\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "d2d4", last_bestmove(r.out, move, sizeof move));
    proc_free(&r);
    r = uci("position startpos\ngo infinite\nstop\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, last_bestmove(r.out, move, sizeof move));
    proc_free(&r);
    /* quit ends a long search at once, and an endless one ends with the input. */
    r = uci("position startpos\ngo depth 40\nquit\n");
    proc_free(&r);
    r = uci("position startpos\ngo infinite\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, last_bestmove(r.out, move, sizeof move));
    proc_free(&r);

    /* A finished game: no move to give. */
    r = uci("position fen R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1\ngo depth 2\n");
    assert_non_null(strstr(r.out, "bestmove (none)\n"));
    proc_free(&r);
}

static void test_variants(void **state)
{
    (void)state;
    char move[64];
    proc_result r = uci("setoption name UCI_Variant value crazyhouse\n"
                        "position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4\nd\ngo depth 2\n");
    assert_non_null(strstr(r.out, "info string variant crazyhouse files 8 ranks 8 "));
    assert_non_null(strstr(r.out, "Fen: rnb1kbnr/ppp1pppp/8/q7/4P3/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 0 4\n"));
    assert_legal_after(GGN_GAMES_DIR "/crazyhouse.json", NULL, "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@e4",
                 last_bestmove(r.out, move, sizeof move));
    proc_free(&r);

    r = uci("setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3 h10g8\ngo depth 2\n");
    assert_non_null(strstr(r.out, "info string variant xiangqi files 9 ranks 10 pocket 0 startpos "));
    assert_legal_after(GGN_GAMES_DIR "/xiangqi.json", NULL, "h3e3 h10g8", last_bestmove(r.out, move, sizeof move));
    proc_free(&r);

    /* go perft counts on the search thread: the end of the input lets it finish (quit would stop it). */
    r = uci("setoption name GameFile value " GGN_GAMES_DIR "/shogi.json\nposition startpos\ngo perft 2\n");
    assert_non_null(strstr(r.out, "\nNodes searched: 900\n"));
    proc_free(&r);

    r = uci("go perft 3\n");
    assert_non_null(strstr(r.out, "e2e4: 600\n"));
    assert_non_null(strstr(r.out, "\nNodes searched: 8902\n"));
    proc_free(&r);
}

/*
 * Castling to fixed files (fischerandom's castle moves) is written as Fairy-Stockfish writes it for
 * its Chess960 games, king takes rook (`e1g1` with the rook on g1: the king lands on g1 and the rook
 * on f1), whether or not the GUI sets UCI_Chess960; the FEN's rights come back as file letters.
 */
static void test_castling_to_files(void **state)
{
    (void)state;
    proc_result r = uci("setoption name UCI_Chess960 value true\n"
                        "setoption name UCI_Variant value fischerandom\n"
                        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1 moves e1g1\nd\n"
                        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1 moves e1g1 e8b8\nd\n"
                        "position fen 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\ngo perft 1\n");
    assert_non_null(strstr(r.out, "startpos rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"));
    assert_non_null(strstr(r.out, "Fen: 1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b gb - 1 1\n"));
    assert_non_null(strstr(r.out, "Fen: 2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2\n"));
    assert_non_null(strstr(r.out, "\ne1g1: 1\n"));
    assert_non_null(strstr(r.out, "\ne1b1: 1\n"));
    assert_null(strstr(r.out, "\ne1c1: 1\n")); /* the king's landing square is not how the move is written */
    assert_non_null(strstr(r.out, "\nNodes searched: 25\n"));
    proc_free(&r);
}

/* Threads: offered up to GGN_MAX_SEARCH_THREADS; a search on three answers with a legal move and its info lines. */
static void test_threads(void **state)
{
    (void)state;
    char move[64];
    proc_result r = uci("uci\nsetoption name Threads value 3\nposition startpos moves e2e4\ngo depth 6\nisready\n");
    assert_non_null(strstr(r.out, "option name Threads type spin default 1 min 1 max 64\n"));
    assert_null(strstr(r.out, "info string error"));
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", last_bestmove(r.out, move, sizeof move));
    /* The last iteration's line: seldepth, then a pv that starts with the answer and is legal move by move. */
    const char *info = strstr(r.out, "info depth 6 seldepth ");
    assert_non_null(info);
    const char *pv = strstr(info, " pv ");
    assert_non_null(pv);
    char line[1024], played[1024] = "e2e4";
    snprintf(line, sizeof line, "%.*s", (int)strcspn(pv + 4, "\n"), pv + 4);
    assert_true(strncmp(line, move, strlen(move)) == 0 && line[strlen(move)] == ' ');
    int count = 0;
    for (char *w = line; *w; count++) {
        size_t n = strcspn(w, " ");
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)n, w);
        assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, played, word);
        strncat(played, " ", sizeof played - strlen(played) - 1);
        strncat(played, word, sizeof played - strlen(played) - 1);
        w += n;
        w += strspn(w, " ");
    }
    assert_true(count >= 2);
    proc_free(&r);
}

static void test_nonsense(void **state)
{
    (void)state;
    char move[64];
    proc_result r = uci("position startpos moves e2e4 e2e5 d7d5\nd\n"
                        "flubber\n"
                        "position sideways\n"
                        "position fen not/a/fen w - - 0 1\n"
                        "setoption name UCI_Variant value nosuchgame\n"
                        "setoption name GameFile value " GGN_TEST_DATA "/spec/bad/moves_limit.json\n"
                        "setoption name UCI_Variant value chess4\n"
                        "setoption name Hash value 0\n"
                        "setoption name Threads value 0\n"
                        "setoption name Threads value 65\n"
                        "setoption name Colour value blue\n"
                        "setoption name\n"
                        "go depth x\n"
                        "isready\n");
    /* The moves before the illegal one stand. */
    assert_non_null(strstr(r.out, "info string error: Illegal move: e2e5 (move 2)"));
    assert_non_null(strstr(r.out, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"));
    assert_non_null(strstr(r.out, "info string error: unknown command 'flubber'"));
    assert_non_null(strstr(r.out, "info string error: position needs 'startpos' or 'fen'"));
    assert_non_null(strstr(r.out, "info string error: position fen: "));
    assert_non_null(strstr(r.out, "info string error: no game 'nosuchgame'"));
    assert_non_null(strstr(r.out, "moves_limit.json:")); /* a bad spec's errors, located */
    assert_non_null(strstr(r.out, "info string error: chess4: UCI needs a game of two players"));
    assert_non_null(strstr(r.out, "info string error: Hash must be 1 to "));
    assert_non_null(strstr(r.out, "info string error: Threads must be 1 to 64, not '0'"));
    assert_non_null(strstr(r.out, "info string error: Threads must be 1 to 64, not '65'"));
    assert_non_null(strstr(r.out, "info string error: no option 'Colour'"));
    assert_non_null(strstr(r.out, "info string error: go: 'depth' needs a whole number"));
    /* Still chess after e2e4, still answering. */
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", last_bestmove(r.out, move, sizeof move));
    assert_non_null(strstr(r.out, "\nreadyok\n"));
    proc_free(&r);

    /* A line too long to be a command is skipped whole; the next one is read. */
    size_t n = 200 * 1024;
    char *input = malloc(n + 64);
    assert_non_null(input);
    memcpy(input, "position startpos moves ", 24);
    memset(input + 24, 'x', n - 24);
    strcpy(input + n, "\nisready\nquit\n");
    r = uci(input);
    assert_non_null(strstr(r.out, "info string error: a line longer than "));
    assert_non_null(strstr(r.out, "readyok\n"));
    proc_free(&r);
    free(input);

    /* Binary junk is quoted, never echoed raw; the end of input ends the session. */
    r = uci("\x01\x02\xff\n\n   \ngo\x7f\x1b[2J\n");
    assert_non_null(strstr(r.out, "info string error: unknown command '\\x01\\x02\\xff'\n"));
    assert_non_null(strstr(r.out, "info string error: unknown command 'go\\x7f\\x1b[2J'\n"));
    for (const char *p = r.out; *p; p++) assert_true(*p == '\n' || (*p >= 0x20 && *p != 0x7f));
    proc_free(&r);
}

/* The time manager's budget for player with the usual 30 ms overhead. */
static long budget(pr_go *go, int player)
{
    go->limits.overhead_ms = 30;
    return ggn_search_time_budget(&go->limits, player);
}

static void test_time_budget(void **state)
{
    (void)state;
    pr_go go;
    const char *bad;
    pr_go_parse("wtime 1000 btime 2000 winc 10 binc 20 movestogo 0", GGN_PROTOCOL_UCI, &go, &bad);
    assert_null(bad);
    assert_int_equal(go.limits.clock_ms[0], 1000); /* white moves first in chess */
    assert_int_equal(go.limits.increment_ms[1], 20);
    /* 1 s + 10 ms: a small slice, far below what is left. */
    long w = budget(&go, 0);
    assert_true(w >= 1 && w <= 60);
    long b = budget(&go, 1);
    assert_true(b > w && b <= 100);
    /* In USI black (sente) moves first: btime is player 0's clock. */
    pr_go_parse("btime 3000 wtime 1000 byoyomi 500", GGN_PROTOCOL_USI, &go, &bad);
    assert_int_equal(go.limits.clock_ms[0], 3000);
    assert_int_equal(go.limits.clock_ms[1], 1000);
    assert_int_equal(go.limits.byoyomi_ms, 500);
    /* Byoyomi is spent each move anyway: at least it, less the overhead, never past it by more than a slice. */
    long by = budget(&go, 0);
    assert_true(by >= 470 && by <= 470 + 3000 / 30);
    pr_go_parse("btime 0 wtime 0 byoyomi 1000", GGN_PROTOCOL_USI, &go, &bad);
    assert_int_equal(budget(&go, 1), 970);
    /* 10 s for 40 moves, 3 moves before the control: at most 2/5 of what is left. */
    pr_go_parse("wtime 600 btime 600 movestogo 3", GGN_PROTOCOL_UCI, &go, &bad);
    assert_true(budget(&go, 0) <= (600 - 30) * 2 / 5);
    assert_true(budget(&go, 0) >= (600 - 5 * 30) / 3 - 1); /* five overheads stay in reserve */
    /* Below the reserve, less than the increment: the clock grows back. */
    pr_go_parse("wtime 100 btime 100 winc 10 binc 10", GGN_PROTOCOL_UCI, &go, &bad);
    assert_true(budget(&go, 0) >= 1 && budget(&go, 0) < 10);
    /* The last move before the control may use most, never all, of the clock. */
    pr_go_parse("wtime 500 btime 500 movestogo 1", GGN_PROTOCOL_UCI, &go, &bad);
    long last = budget(&go, 0);
    assert_true(last > 200 && last < 470);
    /* Almost out of time: still a positive budget, below what is left. */
    pr_go_parse("wtime 5 btime 5", GGN_PROTOCOL_UCI, &go, &bad);
    assert_true(budget(&go, 0) >= 1 && budget(&go, 0) < 5);
    /* movetime keeps the overhead back, at most a tenth of it; infinite and no clock mean no time limit. */
    pr_go_parse("movetime 1000", GGN_PROTOCOL_UCI, &go, &bad);
    assert_int_equal(budget(&go, 0), 970);
    pr_go_parse("movetime 100", GGN_PROTOCOL_UCI, &go, &bad);
    assert_int_equal(budget(&go, 0), 90);
    pr_go_parse("movetime 5", GGN_PROTOCOL_UCI, &go, &bad);
    assert_int_equal(budget(&go, 0), 5);
    pr_go_parse("infinite", GGN_PROTOCOL_UCI, &go, &bad);
    assert_true(go.limits.infinite);
    assert_int_equal(budget(&go, 0), 0);
    pr_go_parse("depth 7 nodes 5000 searchmoves e2e4", GGN_PROTOCOL_UCI, &go, &bad);
    assert_int_equal(go.limits.depth, 7);
    assert_int_equal(go.limits.nodes, 5000);
    assert_int_equal(budget(&go, 0), 0);
    assert_int_equal(go.searchmoves_len, 4);
    assert_memory_equal(go.searchmoves, "e2e4", 4);
    /* searchmoves' list ends at the next keyword, wherever it stands. */
    pr_go_parse("searchmoves e2e4  d2d4 movetime 50", GGN_PROTOCOL_UCI, &go, &bad);
    assert_int_equal(go.searchmoves_len, strlen("e2e4  d2d4"));
    assert_int_equal(go.limits.move_time_ms, 50);
    pr_go_parse("wtime -40 btime 100", GGN_PROTOCOL_UCI, &go, &bad); /* a clock already run out is read as 0 */
    assert_null(bad);
    assert_int_equal(go.limits.clock_ms[0], 0);
    pr_go_parse("depth many nodes 9", GGN_PROTOCOL_UCI, &go, &bad);
    assert_non_null(bad);
    assert_int_equal(go.limits.nodes, 9);
}

/* `ggn usi`: shogi's words, SFEN positions, USI moves, resign when lost. */
static void test_usi(void **state)
{
    (void)state;
    const char *argv[] = { GGN_BINARY, "usi", NULL };
    proc_result r = proc_run(argv,
                             "usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d 8h2b+\nd\n"
                             "go btime 0 wtime 0 byoyomi 100\n",
                             NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_true(strncmp(r.out, "id name ggn ", 12) == 0);
    assert_non_null(strstr(r.out, "\noption name USI_Hash type spin"));
    assert_non_null(strstr(r.out, "\nusiok\nreadyok\n"));
    assert_non_null(strstr(r.out, "Sfen: lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4\n"));
    /* The answer is a USI move of that position. */
    char move[64];
    last_bestmove(r.out, move, sizeof move);
    assert_true(move[0] >= '1' && move[0] <= '9');
    assert_legal_after(GGN_GAMES_DIR "/shogi.json", NULL, "7g7f 3c3d 8h2b+", move);
    proc_free(&r);

    /* SFEN positions; a mated side resigns; four-player chess is none. */
    r = proc_run(argv,
                 "position sfen 4k4/4G4/4G4/9/9/9/9/9/4K4 w - 1\ngo depth 2\n"
                 "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                 "setoption name UCI_Variant value chess4\n"
                 "setoption name UCI_Variant value minishogi\nposition startpos\ngo perft 1\n",
                 NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "bestmove resign\n"));
    assert_non_null(strstr(r.out, "info string error: position needs 'startpos' or 'sfen'"));
    assert_non_null(strstr(r.out, "info string error: chess4: USI needs a game of two players with FEN"));
    assert_non_null(strstr(r.out, "\nNodes searched: 14\n"));
    proc_free(&r);
}

/* Runs `ggn ucci` with the given input; the session must end cleanly. */
static proc_result ucci(const char *input)
{
    const char *argv[] = { GGN_BINARY, "ucci", NULL };
    proc_result r = proc_run(argv, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    return r;
}

/* The last bestmove of a ucci session, in ggn's ranks (UCCI's h0 is ggn's h1). */
static const char *ucci_bestmove(const char *out, char *buf, size_t cap)
{
    char text[64];
    last_bestmove(out, text, sizeof text);
    assert_true(ggn_protocol_ranks_from_xboard(text, 10, buf, cap));
    return buf;
}

static void test_ucci(void **state)
{
    (void)state;
    const char *xiangqi = GGN_GAMES_DIR "/xiangqi.json";
    proc_result r = ucci("ucci\nsetoption batch on\nisready\nquit\n");
    assert_non_null(strstr(r.out, "\noption usemillisec type check default false\n"));
    assert_non_null(strstr(r.out, "\nucciok\nreadyok\nbye\n"));
    assert_null(strstr(r.out, "error"));
    proc_free(&r);
    /* h2e2 is UCCI's (ranks from 0) for ggn's h3e3; the answer comes in the same ranks. */
    char move[64], first[64];
    r = ucci("position startpos moves h2e2\ngo depth 2\n");
    assert_legal_after(xiangqi, NULL, "h3e3", ucci_bestmove(r.out, first, sizeof first));
    proc_free(&r);
    /* banmoves: the search's own choice is banned, so another legal move comes. */
    char input[512], banned[64];
    assert_true(ggn_protocol_ranks_to_xboard(first, 10, banned, sizeof banned));
    snprintf(input, sizeof input, "position startpos moves h2e2\nbanmoves %s\ngo depth 2\n", banned);
    r = ucci(input);
    ucci_bestmove(r.out, move, sizeof move);
    assert_legal_after(xiangqi, NULL, "h3e3", move);
    assert_string_not_equal(move, first);
    proc_free(&r);
    /* A new position forgets the banned moves: the first choice again. */
    snprintf(input, sizeof input,
             "position startpos moves h2e2\nbanmoves %s\nposition startpos moves h2e2\ngo depth 2\n", banned);
    r = ucci(input);
    assert_string_equal(ucci_bestmove(r.out, move, sizeof move), first);
    proc_free(&r);
    /* Every legal move banned: nobestmove. */
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(xiangqi, &errs);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    size_t cap = 8192, len = 0;
    char *all = malloc(cap);
    assert_non_null(all);
    len += (size_t)snprintf(all, cap, "position startpos\nbanmoves");
    for (size_t i = 0; i < n; i++) {
        char text[64], ucci_text[64];
        assert_true(ggn_move_format(pos, moves[i], text, sizeof text));
        assert_true(ggn_protocol_ranks_to_xboard(text, 10, ucci_text, sizeof ucci_text));
        len += (size_t)snprintf(all + len, cap - len, " %s", ucci_text);
    }
    snprintf(all + len, cap - len, "\ngo depth 2\n");
    r = ucci(all);
    assert_non_null(strstr(r.out, "nobestmove\n"));
    assert_null(strstr(r.out, "bestmove "));
    proc_free(&r);
    free(all);
    ggn_position_free(pos);
    ggn_game_free(g);
    /* Clocks: seconds by default, milliseconds after usemillisec; black to move reads "time" as its own. */
    r = ucci("position startpos moves h2e2\ngo time 2 increment 0 opptime 2 oppincrement 0\n"
             "setoption usemillisec true\nposition startpos\ngo time 300 opptime 300\n");
    int answers = 0;
    for (const char *p = strstr(r.out, "bestmove "); p; p = strstr(p + 1, "bestmove ")) answers++;
    assert_int_equal(answers, 2);
    assert_legal_after(xiangqi, NULL, NULL, ucci_bestmove(r.out, move, sizeof move));
    proc_free(&r);
    /*
     * probe: nothing known before a search; after one, the root's entry is the search's own result
     * (its move, the exact score as both bounds, the depth), and a position the search went
     * through is known too.
     */
    r = ucci("probe startpos\nposition startpos\ngo depth 4\nprobe startpos\nprobe startpos moves h2e2\n"
             "probe fen zz\nisready\n");
    assert_true(strncmp(r.out, "pophash\n", 8) == 0);
    const char *root = strstr(r.out, "pophash bestmove ");
    assert_non_null(root);
    char best[16], final[16];
    int lower, upper, dl, du;
    assert_int_equal(sscanf(root, "pophash bestmove %15s lowerbound %d depth %d upperbound %d depth %d", best, &lower,
                            &dl, &upper, &du), 5);
    const char *answer = strstr(r.out, "\nbestmove ");
    assert_non_null(answer);
    assert_int_equal(sscanf(answer, "\nbestmove %15s", final), 1);
    assert_string_equal(best, final); /* both in UCCI's ranks */
    assert_int_equal(lower, upper);
    assert_int_equal(dl, 4);
    assert_int_equal(du, 4);
    assert_non_null(strstr(root + 1, "\npophash"));      /* after h2e2: an answer, with what it holds */
    assert_non_null(strstr(r.out, "info string error: position fen: ")); /* a FEN that is none: said, and no answer */
    assert_non_null(strstr(r.out, "readyok\n"));
    proc_free(&r);
    /* Nonsense: an unknown option, a move that is no move; the session goes on. */
    r = ucci("setoption nosuch 1\nposition startpos\nbanmoves zz\nisready\nquit\n");
    assert_non_null(strstr(r.out, "info string error: no option 'nosuch'\n"));
    assert_non_null(strstr(r.out, "info string error: banmoves: zz: "));
    assert_non_null(strstr(r.out, "readyok\nbye\n"));
    proc_free(&r);
}

static int count_text(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

/*
 * The edges of the protocol loop (issue 41): a NUL byte ends its line's text
 * but not the line, so the next command is read; `go perft` counts on the
 * search thread, so isready, stop and quit are answered while it runs; the
 * end of the input stops a search with a time limit at once; UCI_Variant
 * takes a game's name and reads no file the GUI names; a GameFile's errors
 * are located as `ggn check` writes them; a move list past GGN_MAX_PLY is
 * said, and no other position is searched in its place.
 */
static void test_protocol_edges(void **state)
{
    (void)state;
    /* printf in sh, since a NUL cannot be in proc_run's input string. */
    const char *nul[] = { "/bin/sh", "-c", "printf 'isready\\000junk\\nisready\\n' | \"$0\" uci", GGN_BINARY, NULL };
    proc_result r = proc_run(nul, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    if (count_text(r.out, "readyok\n") != 2) fail_msg("a NUL byte swallowed a command:\n%s", r.out);
    proc_free(&r);

    /* Perft 9 of chess takes hours: stop ends it within the test's 20 s, and isready is answered meanwhile. */
    const char *argv[] = { GGN_BINARY, "uci", NULL };
    r = proc_run(argv, "position startpos\ngo perft 9\nisready\nstop\nisready\nquit\n", NULL, 20000);
    assert_int_equal(r.status, 0);
    assert_int_equal(count_text(r.out, "readyok\n"), 2);
    assert_non_null(strstr(r.out, "info string perft stopped after "));
    assert_null(strstr(r.out, "Nodes searched"));
    proc_free(&r);
    r = proc_run(argv, "position startpos\ngo perft 9\nquit\n", NULL, 20000);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    /* A perft that ends by itself says its total, as before. */
    r = uci("go perft 3\n");
    assert_non_null(strstr(r.out, "\nNodes searched: 8902\n"));
    proc_free(&r);

    /* An hour on the clock, then the end of the input: the answer comes at once, not two minutes later. */
    r = proc_run(argv, "position startpos\ngo wtime 3600000 btime 3600000\n", NULL, 20000);
    assert_int_equal(r.status, 0);
    char move[64];
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, last_bestmove(r.out, move, sizeof move));
    proc_free(&r);

    /* UCI_Variant is a name: a path is refused before any file is read, so none of its text comes back. */
    char path[] = "/tmp/ggn_uci_secret_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *secret = "ggnsecretword: not a spec\n";
    assert_int_equal(write(fd, secret, strlen(secret)), (long)strlen(secret));
    close(fd);
    char input[512];
    snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nsetoption name UCI_Variant value ../games/chess\n"
                                  "setoption name GameFile value %s\nisready\n", path,
             GGN_TEST_DATA "/spec/bad/moves_limit.json");
    r = uci(input);
    assert_null(strstr(r.out, "ggnsecretword"));
    assert_int_equal(count_text(r.out, "info string error: UCI_Variant takes the name of a game"), 2);
    /* The GameFile's errors as `ggn check` writes them: FILE:LINE:COL: error: MESSAGE [at POINTER]. */
    const char *located = strstr(r.out, "moves_limit.json:");
    assert_non_null(located);
    unsigned line, col;
    assert_int_equal(sscanf(strchr(located, ':') + 1, "%u:%u: error: ", &line, &col), 2);
    assert_non_null(strstr(located, " [at /"));
    proc_free(&r);
    unlink(path);

    /* 1,030 moves: the position cannot be the GUI's, and go says so instead of searching the 1,024th. */
    size_t cap = 1100 * 5 + 64, len = 0;
    char *longgame = malloc(cap);
    assert_non_null(longgame);
    len += (size_t)snprintf(longgame, cap, "position startpos moves");
    static const char *const shuffle[4] = { "g1f3", "g8f6", "f3g1", "f6g8" };
    for (int i = 0; i < 1030; i++) len += (size_t)snprintf(longgame + len, cap - len, " %s", shuffle[i % 4]);
    snprintf(longgame + len, cap - len, "\ngo depth 1\nisready\n");
    r = uci(longgame);
    assert_non_null(strstr(r.out, "info string error: position: move 1025 (g1f3) is past 1024 plies (GGN_MAX_PLY)"));
    assert_non_null(strstr(r.out, "\nbestmove (none)\n"));
    proc_free(&r);
    free(longgame);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshake),
        cmocka_unit_test(test_search_answers_legally),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_castling_to_files),
        cmocka_unit_test(test_threads),
        cmocka_unit_test(test_nonsense),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_usi),
        cmocka_unit_test(test_ucci),
        cmocka_unit_test(test_protocol_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
