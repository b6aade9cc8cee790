/*
 * test_xboard.c — `ggn xboard` driven through pipes: the protover handshake
 * and its variant list, engine moves that are legal after usermove, go,
 * setboard, force, undo and remove and on a clock, engine-defined variants
 * described with setup and piece lines, lift answered with highlight, games
 * played to mate with the result line, nonsense answered with
 * `Illegal move` or `Error (...)` lines while the session goes on, `?`,
 * `force` and `quit` answered while the engine thinks, XBoard's ranks
 * (from 0 on a ten-rank board) in xiangqi, and the draughts refused.
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

#define TIMEOUT_MS 60000

/* Runs `ggn xboard [spec]` with the given input; the session must end with status. */
static proc_result xboard_with(const char *spec, const char *input, int status)
{
    const char *argv[] = { GGN_BINARY, "xboard", spec, NULL };
    proc_result r = proc_run(argv, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, status);
    return r;
}

static proc_result xboard(const char *input)
{
    return xboard_with(NULL, input, 0);
}

/* The word after the n-th (from 1) "move " at a line start of out, copied into buf. */
static const char *nth_move(const char *out, int n, char *buf, size_t cap)
{
    const char *at = NULL;
    int seen = 0;
    for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
        if (strncmp(p, "move ", 5) == 0 && ++seen == n) {
            at = p + 5;
            break;
        }
    }
    if (!at) fail_msg("no move %d in:\n%s", n, out);
    size_t len = strcspn(at, " \n");
    snprintf(buf, cap, "%.*s", (int)(len < cap - 1 ? len : cap - 1), at);
    return buf;
}

static int count_lines_starting(const char *out, const char *prefix)
{
    int count = 0;
    for (const char *p = out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (strncmp(p, prefix, strlen(prefix)) == 0) count++;
    return count;
}

static void test_handshake(void **state)
{
    (void)state;
    proc_result r = xboard("xboard\nprotover 2\nping 3\nquit\n");
    /* `xboard` itself is not answered; protover at once with done=0, so no GUI takes a slow start for version 1. */
    assert_true(strncmp(r.out, "feature done=0\nfeature ", 23) == 0);
    const char *needed[] = { " usermove=1", " setboard=1", " ping=1", " time=1", " highlight=1", " smp=1", "myname=\"ggn " };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!strstr(r.out, needed[i])) fail_msg("no '%s' in:\n%s", needed[i], r.out);
    const char *variants = strstr(r.out, "feature variants=\"normal,");
    assert_non_null(variants);
    size_t len = strcspn(variants + 18, "\"");
    char list[1024];
    snprintf(list, sizeof list, ",%.*s,", (int)len, variants + 18);
    assert_non_null(strstr(list, ",xiangqi,"));
    assert_non_null(strstr(list, ",shogi,"));
    assert_non_null(strstr(list, ",minishogi,"));
    assert_null(strstr(list, ",chess,"));  /* chess is XBoard's "normal" */
    assert_null(strstr(list, ",chess4,")); /* four players: XBoard cannot play it */
    /* done=1 is the last feature, then the ping is answered. */
    assert_non_null(strstr(r.out, "\nfeature done=1\npong 3\n"));
    proc_free(&r);
}

static void test_moves_are_legal(void **state)
{
    (void)state;
    char move[64];
    /* The engine plays black after new, and answers the user's move. */
    proc_result r = xboard("new\nsd 2\nusermove e2e4\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", nth_move(r.out, 1, move, sizeof move));
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    proc_free(&r);
    /* go: the engine takes the side to move; usermove then gets an answer each time. */
    r = xboard("new\nsd 2\ngo\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
    /* force: no answers; go after it plays black here. */
    r = xboard("new\nforce\nsd 2\nusermove e2e4\nusermove e7e5\nusermove g1f3\ngo\nping 1\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4 e7e5 g1f3", nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
    /* cores: the search runs on that many threads and still answers legally; a bad count is an error. */
    r = xboard("new\ncores 3\ncores none\nsd 5\nusermove e2e4\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", nth_move(r.out, 1, move, sizeof move));
    assert_non_null(strstr(r.out, "Error (cores needs a count): cores none"));
    proc_free(&r);
    /* playother: the engine takes the side not to move, and answers the next move. */
    r = xboard("new\nforce\nsd 2\nusermove e2e4\nplayother\nusermove e7e5\nping 1\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4 e7e5", nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
}

static void test_force_undo_setboard(void **state)
{
    (void)state;
    char move[64];
    /* undo takes one move back, remove two: the same moves are legal again. */
    proc_result r = xboard("new\nforce\nusermove e2e4\nundo\nusermove e2e4\nusermove e7e5\nremove\n"
                           "usermove d2d4\nusermove d7d5\nundo\nusermove d7d5\nsd 2\ngo\nping 1\nquit\n");
    assert_null(strstr(r.out, "Illegal"));
    assert_null(strstr(r.out, "Error"));
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "d2d4 d7d5", nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
    /* Nothing to take back: an error, and the session goes on. */
    r = xboard("new\nundo\nremove\nping 1\nquit\n");
    assert_non_null(strstr(r.out, "Error (no move to take back): undo\n"));
    assert_non_null(strstr(r.out, "Error (no move to take back): remove\n"));
    assert_non_null(strstr(r.out, "pong 1\n"));
    proc_free(&r);
    /* setboard: the engine moves in that position. */
    const char *fen = "4k3/8/8/8/8/8/4P3/4K2R w K - 0 1";
    char input[256];
    snprintf(input, sizeof input, "new\nforce\nsetboard %s\nsd 2\ngo\nping 1\nquit\n", fen);
    r = xboard(input);
    assert_legal_after(GGN_GAMES_DIR "/chess.json", fen, NULL, nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
}

static void test_engine_defined_variant(void **state)
{
    (void)state;
    proc_result r = xboard("new\nvariant minishogi\nnew\nvariant shogi\nvariant xiangqi\nquit\n");
    /* minishogi is not XBoard's: a setup line with the table, the size, the holdings and the start FEN. */
    const char *setup = strstr(r.out, "setup (");
    assert_non_null(setup);
    assert_non_null(strstr(setup, ") 5x5+5_fairy rbsgk/4p/5/P4/KGSBR[] w "));
    assert_int_equal(count_lines_starting(r.out, "setup "), 1); /* shogi and xiangqi are XBoard's own */
    /* One piece line per kind Betza can say: the gold general's, the king's ... */
    assert_non_null(strstr(r.out, "\npiece G& WfF\n"));
    assert_non_null(strstr(r.out, "\npiece K& K\n"));
    /* ... and, for the kinds that promote, their geometry (XBoard judges the promotion): every kind has a line. */
    assert_non_null(strstr(r.out, "\npiece P& fW\n"));
    assert_non_null(strstr(r.out, "\npiece S& FfW\n"));
    /* The table: letters in XBoard's slots of the same letter where they can (P, B, R, G), a kind that
       promotes below slot 11 and its promoted form ('+') 11 slots after it, the king last. */
    assert_non_null(strstr(r.out, "setup (PSBR.......++++G.....Kpsbr.......++++g.....k) "));
    assert_null(strstr(r.out, "Error"));
    proc_free(&r);
    /* Moves in the engine-defined variant: drops and promotions as XBoard writes them. */
    r = xboard("new\nvariant minishogi\nforce\nusermove a2a3\nlift e4\nsd 2\ngo\nping 1\nquit\n");
    assert_null(strstr(r.out, "Illegal"));
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    assert_int_equal(count_lines_starting(r.out, "highlight "), 1);
    proc_free(&r);
    /* A spec file from the command line is a variant under its file name; names are never paths. */
    char dir[] = "/tmp/ggn_xboard_XXXXXX", spec[256], copy[512];
    assert_non_null(mkdtemp(dir));
    snprintf(spec, sizeof spec, "%s/tinyshogi.json", dir);
    snprintf(copy, sizeof copy, "cp %s/minishogi.json %s", GGN_GAMES_DIR, spec);
    assert_int_equal(system(copy), 0);
    r = xboard_with(spec, "protover 2\nvariant tinyshogi\nforce\nusermove a2a3\nquit\n", 0);
    assert_non_null(strstr(r.out, "feature variants=\"tinyshogi,"));
    assert_non_null(strstr(r.out, "\nsetup ("));
    assert_null(strstr(r.out, "Illegal"));
    proc_free(&r);
    remove(spec);
    rmdir(dir);
    /* XBoard writes empty holdings as [-]. */
    r = xboard("new\nvariant minishogi\nforce\nsetboard rbsgk/4p/5/P4/KGSBR[-] w - - 0 1\nusermove a2a3\nping 1\nquit\n");
    assert_null(strstr(r.out, "Illegal"));
    assert_non_null(strstr(r.out, "pong 1\n"));
    proc_free(&r);
    r = xboard("variant /etc/passwd\nvariant chess\nvariant ../games/chess\nquit\n");
    assert_non_null(strstr(r.out, "Error (unknown variant): /etc/passwd\nError (unknown variant): chess\n"
                                  "Error (unknown variant): ../games/chess\n"));
    proc_free(&r);
    r = xboard("variant nosuchgame\nvariant\nping 2\nquit\n");
    assert_non_null(strstr(r.out, "Error (unknown variant): nosuchgame\n"));
    assert_non_null(strstr(r.out, "Error (unknown variant): \n"));
    assert_non_null(strstr(r.out, "pong 2\n"));
    proc_free(&r);
}

/*
 * Issue 41: the draughts are refused, not played wrongly. XBoard 4.9 takes
 * off at most two pieces in one move (the kill squares of a multi-leg move)
 * and a draughts chain may take more, so its board would keep men that ggn
 * took: checkers and draughts are left out of the variant list, `variant`
 * says why, and a spec file with chains given on the command line stops the
 * session at its start (exit 1, the reason on stderr). Chess stays offered.
 */
static void test_draughts_refused(void **state)
{
    (void)state;
    proc_result r = xboard("protover 2\nvariant checkers\nvariant draughts\nping 1\nquit\n");
    const char *list = strstr(r.out, "feature variants=\"");
    assert_non_null(list);
    size_t len = strcspn(list + 18, "\"");
    char variants[4096];
    assert_true(len < sizeof variants - 2);
    snprintf(variants, sizeof variants, ",%.*s,", (int)len, list + 18);
    assert_null(strstr(variants, ",checkers,"));
    assert_null(strstr(variants, ",draughts,"));
    assert_non_null(strstr(variants, ",normal,"));
    static const char why[] = "XBoard removes at most two pieces in one move, and a chain capture may take more";
    char want[256];
    snprintf(want, sizeof want, "Error (cannot be shown: %s): checkers\n", why);
    assert_non_null(strstr(r.out, want));
    snprintf(want, sizeof want, "Error (cannot be shown: %s): draughts\n", why);
    assert_non_null(strstr(r.out, want));
    assert_null(strstr(r.out, "\nsetup ("));
    assert_non_null(strstr(r.out, "pong 1\n"));
    proc_free(&r);
    /* Stones that change owner (Othello, Ataxx) and Go's group captures are refused the same way:
     * by the mechanism, each with its reason. */
    static const char converts[] = "XBoard changes the owner of no piece, and a conversion turns the other player's pieces";
    static const char groups[] = "XBoard removes no piece when one is dropped, and a group capture takes whole groups";
    static const struct {
        const char *game, *why;
    } others[] = {{"othello", converts}, {"ataxx", converts}, {"go9", groups}, {"go13", groups}};
    r = xboard("protover 2\nvariant othello\nvariant ataxx\nvariant go9\nvariant go13\nping 2\nquit\n");
    list = strstr(r.out, "feature variants=\"");
    assert_non_null(list);
    len = strcspn(list + 18, "\"");
    assert_true(len < sizeof variants - 2);
    snprintf(variants, sizeof variants, ",%.*s,", (int)len, list + 18);
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, ",%s,", others[i].game);
        if (strstr(variants, name)) fail_msg("%s is offered to XBoard", others[i].game);
        snprintf(want, sizeof want, "Error (cannot be shown: %s): %s\n", others[i].why, others[i].game);
        if (!strstr(r.out, want)) fail_msg("no refusal of %s: %s", others[i].game, r.out);
    }
    assert_null(strstr(r.out, "\nsetup ("));
    assert_non_null(strstr(r.out, "pong 2\n"));
    proc_free(&r);
    r = xboard_with(GGN_GAMES_DIR "/othello.json", "protover 2\nquit\n", 1);
    assert_non_null(strstr(r.err, converts));
    assert_null(strstr(r.out, "feature done=1"));
    proc_free(&r);
    r = xboard_with(GGN_GAMES_DIR "/go9.json", "protover 2\nquit\n", 1);
    assert_non_null(strstr(r.err, groups));
    assert_null(strstr(r.out, "feature done=1"));
    proc_free(&r);
    /* A game that is not there is still just unknown. */
    r = xboard("variant nosuchgame\nquit\n");
    assert_non_null(strstr(r.out, "Error (unknown variant): nosuchgame\n"));
    proc_free(&r);
    /* A spec file with chain captures stops the session before it starts. */
    r = xboard_with(GGN_GAMES_DIR "/checkers.json", "protover 2\nquit\n", 1);
    assert_non_null(strstr(r.err, why));
    assert_null(strstr(r.out, "feature done=1"));
    proc_free(&r);
}

/*
 * Issue 41: XBoard is told every piece of janggi. Betza cannot say its
 * palace, its cannon's exceptions or its elephant's path as XBoard reads
 * them, so XBoard gets wider pieces (ggn_game_kind_betza_outline) and, since
 * a wider piece would make it see checks that are none, no royal king: the
 * general takes an ordinary slot. The soldier, which does not promote, is
 * kept out of XBoard's pawn slot (XBoard promotes what stands there). A pass
 * is XBoard's null move, @@@@, both ways, and a game that passes is judged
 * by ggn's words, not taken for insufficient material. Chess-like games keep
 * their royal king.
 */
static void test_janggi_described(void **state)
{
    (void)state;
    proc_result r = xboard("xboard\nprotover 2\nvariant janggi\nforce\nusermove @@@@\nusermove @@@@\nping 1\n");
    const char *setup = strstr(r.out, "setup (");
    assert_non_null(setup);
    setup += strlen("setup (");
    assert_int_equal(setup[0], '.');  /* no soldier in the pawn slot */
    assert_int_equal(setup[21], '.'); /* no king in the king's slot */
    assert_non_null(strchr(setup, 'K'));
    const char *const lines[] = { "\npiece P& fFfsW\n", "\npiece A& K\n", "\npiece B& Z\n", "\npiece N& nN\n",
                                  "\npiece C& pQ\n", "\npiece R& Q\n", "\npiece K& K\n" };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        if (!strstr(r.out, lines[i])) fail_msg("no '%s' in:\n%s", lines[i] + 1, r.out);
    assert_null(strstr(r.out, "Illegal"));
    assert_non_null(strstr(r.out, "\n0-1 {BLACK wins: 2 passes in a row"));
    assert_null(strstr(r.out, "Insufficient material"));
    assert_non_null(strstr(r.out, "pong 1\n"));
    proc_free(&r);
    /* Shako's pieces are all said exactly: its king keeps XBoard's king slot, and castles there. */
    r = xboard("xboard\nprotover 2\nvariant shako\nquit\n");
    assert_non_null(strstr(r.out, "setup (PNBRQ.E.C............Kpnbrq.e.c............k) 10x10+0_fairy "));
    proc_free(&r);
}

static void test_lift_highlight(void **state)
{
    (void)state;
    /* The pawn on e2 goes to e3 or e4; the knight on g1 to f3 or h3; an empty square nowhere. */
    proc_result r = xboard("new\nlift e2\nlift g1\nlift e5\nquit\n");
    assert_non_null(strstr(r.out, "highlight 8/8/8/8/4Y3/4Y3/8/8\nhighlight 8/8/8/8/8/5Y1Y/8/8\n"
                                  "highlight 8/8/8/8/8/8/8/8\n"));
    proc_free(&r);
    r = xboard("new\nlift\nlift e9\nlift z1\nlift e2x\nquit\n");
    assert_non_null(strstr(r.out, "Error (no such square): lift \nError (no such square): lift e9\n"
                                  "Error (no such square): lift z1\nError (no such square): lift e2x\n"));
    proc_free(&r);
    /* A promotion is magenta, whether it captures or not. */
    r = xboard("new\nforce\nsetboard 1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1\nlift a7\nquit\n");
    assert_non_null(strstr(r.out, "highlight MM6/8/8/8/8/8/8/8\n"));
    proc_free(&r);
    /* A capture is red. */
    r = xboard("new\nforce\nusermove e2e4\nusermove d7d5\nlift e4\nquit\n");
    assert_non_null(strstr(r.out, "highlight 8/8/8/3RY3/8/8/8/8\n"));
    proc_free(&r);
}

static void test_illegal_and_nonsense(void **state)
{
    (void)state;
    char long_line[70000];
    memset(long_line, 'x', sizeof long_line - 2);
    long_line[sizeof long_line - 2] = '\n';
    long_line[sizeof long_line - 1] = '\0';
    size_t cap = sizeof long_line + 1024;
    char *input = malloc(cap);
    assert_non_null(input);
    snprintf(input, cap,
             "new\nusermove e2e5\nusermove\nusermove zz\nfoo bar\n\x01\x7f\nlevel x\nlevel 40 y 0\nsd -1\n"
             "st 0\ntime soon\nsetboard not a fen\n%sanalyze\nping 9\nquit\n",
             long_line);
    proc_result r = xboard(input);
    free(input);
    assert_non_null(strstr(r.out, "Illegal move ("));
    assert_non_null(strstr(r.out, "): e2e5\n"));
    assert_non_null(strstr(r.out, "Error (no move given): usermove\n"));
    assert_non_null(strstr(r.out, "): zz\n"));
    assert_non_null(strstr(r.out, "Error (unknown command): foo\n"));
    assert_non_null(strstr(r.out, "Error (unknown command): \\x01\\x7f\n")); /* bytes escaped */
    assert_int_equal(count_lines_starting(r.out, "Error (level needs MPS BASE INC)"), 2);
    assert_non_null(strstr(r.out, "Error (sd needs a depth): sd -1\n"));
    assert_non_null(strstr(r.out, "Error (st needs seconds): st 0\n"));
    assert_non_null(strstr(r.out, "Error (time needs centiseconds): time soon\n"));
    assert_non_null(strstr(r.out, "tellusererror Illegal position: "));
    assert_non_null(strstr(r.out, "Error (line too long): "));
    assert_non_null(strstr(r.out, "Error (not supported): analyze\n"));
    assert_non_null(strstr(r.out, "pong 9\n"));
    assert_int_equal(count_lines_starting(r.out, "move "), 0); /* no illegal move was answered */
    proc_free(&r);
    /* A spec that does not load, or that XBoard cannot show: exit 1 with the reason. */
    r = xboard_with("/nonexistent/game.json", "quit\n", 1);
    assert_true(strlen(r.err) > 0);
    proc_free(&r);
    r = xboard_with(GGN_GAMES_DIR "/chess4.json", "quit\n", 1);
    assert_non_null(strstr(r.err, "two players"));
    proc_free(&r);
}

static void test_clock(void **state)
{
    (void)state;
    char move[64];
    /* A tournament clock (40 moves in 2 s), the engine's own time given in centiseconds. */
    proc_result r = xboard("new\nlevel 40 0:02 0\ntime 150\notim 150\nusermove e2e4\n"
                           "time 120\notim 140\nusermove d2d4\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", nth_move(r.out, 1, move, sizeof move));
    char second[64];
    char first_moves[128];
    snprintf(first_moves, sizeof first_moves, "e2e4 %s d2d4", move);
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, first_moves, nth_move(r.out, 2, second, sizeof second));
    proc_free(&r);
    /* Incremental (minutes and seconds), a fixed time per move, and a clock that ran out. */
    r = xboard("new\nlevel 0 1 0.1\nusermove e2e4\nst 0.05\nusermove d2d4\nping 1\nst 0\nnew\ntime -5\nusermove g1f3\n"
               "ping 2\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 3);
    proc_free(&r);
}

static void test_games_to_mate(void **state)
{
    (void)state;
    /* The engine mates in one and announces the result. */
    proc_result r = xboard("new\nforce\nsetboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\nsd 2\ngo\nping 1\nquit\n");
    char move[64];
    nth_move(r.out, 1, move, sizeof move);
    assert_non_null(strstr(r.out, "\n1-0 {White mates}\n"));
    proc_free(&r);
    /* The user mates: the result comes with no engine move. */
    r = xboard("new\nsetboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1\nusermove f7g7\ngo\nquit\n");
    assert_non_null(strstr(r.out, "1-0 {White mates}\n"));
    assert_int_equal(count_lines_starting(r.out, "move "), 0);
    proc_free(&r);
    /* Fool's mate against the engine playing white: usermove answers, then the mate ends it. */
    r = xboard("new\nforce\nusermove f2f3\nusermove e7e5\nusermove g2g4\nusermove d8h4\nquit\n");
    assert_non_null(strstr(r.out, "0-1 {Black mates}\n"));
    proc_free(&r);
    /* After `result` the engine makes no move, until new. */
    r = xboard("new\nsd 1\nresult 1-0 {White resigns}\nusermove e2e4\nnew\nsd 1\nusermove e2e4\nping 1\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    proc_free(&r);
    /* Stalemate is a draw in chess. */
    r = xboard("new\nforce\nsetboard 7k/8/5QK1/8/8/8/8/8 w - - 0 1\nusermove f6f7\nquit\n");
    assert_non_null(strstr(r.out, "1/2-1/2 {Stalemate}\n"));
    proc_free(&r);
}

/*
 * The engine thinks on its own thread: with a whole move's time of 1,000 s
 * (`st 1000`), `?` makes it move now, `force` and `quit` stop it with no move
 * -- a session that did not read while thinking would run into the test's
 * time limit (proc_run kills it, status -1).
 */
static void test_commands_while_thinking(void **state)
{
    (void)state;
    char move[64];
    proc_result r = xboard("new\nst 1000\ngo\n?\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, nth_move(r.out, 1, move, sizeof move));
    assert_non_null(strstr(r.out, "\npong 1\n")); /* after the move: ping waits for it */
    proc_free(&r);
    /* The user moves, the engine thinks, `?` again: its answer is a legal reply. */
    r = xboard("new\nst 1000\nusermove e2e4\n?\nping 1\nquit\n");
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, "e2e4", nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
    /* force: the thinking stops and its move is dropped; the game goes on in force mode. */
    r = xboard("new\nst 1000\ngo\nforce\nping 2\nusermove e2e4\nusermove e7e5\nping 3\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 0);
    assert_non_null(strstr(r.out, "pong 2\npong 3\n"));
    assert_null(strstr(r.out, "Illegal"));
    proc_free(&r);
    /* quit ends the session at once, with no move. */
    r = xboard("new\nst 1000\nusermove e2e4\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 0);
    proc_free(&r);
    /* Clock and output commands are taken while thinking; the move still comes. */
    r = xboard("new\nsd 3\ngo\ntime 100\notim 100\nnopost\nping 4\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "move "), 1);
    assert_non_null(strstr(r.out, "\npong 4\n"));
    proc_free(&r);
}

/*
 * XBoard counts the ranks of a ten-rank board from 0 (xiangqi's "h2e2" is
 * ggn's h3e3), and past 9 writes ':', ';', ... on taller boards.
 */
static void test_xboard_ranks(void **state)
{
    (void)state;
    char out[64];
    assert_true(ggn_protocol_ranks_to_xboard("h3e3", 10, out, sizeof out));
    assert_string_equal(out, "h2e2");
    assert_true(ggn_protocol_ranks_to_xboard("a10a9", 10, out, sizeof out));
    assert_string_equal(out, "a9a8");
    assert_true(ggn_protocol_ranks_from_xboard("h0g2", 10, out, sizeof out));
    assert_string_equal(out, "h1g3");
    assert_true(ggn_protocol_ranks_to_xboard("e7e8q", 8, out, sizeof out)); /* at most nine ranks: the same text */
    assert_string_equal(out, "e7e8q");
    assert_true(ggn_protocol_ranks_to_xboard("P@b12", 12, out, sizeof out));
    assert_string_equal(out, "P@b<");
    assert_true(ggn_protocol_ranks_from_xboard("P@b<", 12, out, sizeof out));
    assert_string_equal(out, "P@b12");
    assert_false(ggn_protocol_ranks_to_xboard("a10a9", 10, out, 4)); /* does not fit */
    /* In the session: xiangqi moves both ways, and lift, in XBoard's ranks. */
    proc_result r = xboard("new\nvariant xiangqi\nforce\nusermove h2e2\nlift h9\nsd 2\ngo\nping 1\nquit\n");
    assert_null(strstr(r.out, "Illegal"));
    assert_non_null(strstr(r.out, "highlight 9/9/6Y1Y/9/9/9/9/9/9/9\n")); /* the horse on h9 (ggn's h10) */
    char move[64], ggn_move_text[64];
    nth_move(r.out, 1, move, sizeof move);
    assert_true(ggn_protocol_ranks_from_xboard(move, 10, ggn_move_text, sizeof ggn_move_text));
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(GGN_GAMES_DIR "/xiangqi.json", &errs);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    ggn_move mv;
    ggn_error err;
    assert_true(ggn_move_parse(pos, "h3e3", &mv, &err) && ggn_position_make(pos, mv));
    if (!ggn_move_parse(pos, ggn_move_text, &mv, &err)) fail_msg("xiangqi reply %s (%s): %s", move, ggn_move_text, err.message);
    ggn_position_free(pos);
    ggn_game_free(g);
    proc_free(&r);
}

static void test_post(void **state)
{
    (void)state;
    /* Thinking output: DEPTH SCORE TIME NODES PV, one line per iteration. */
    proc_result r = xboard("new\npost\nsd 3\ngo\nping 1\nnopost\nusermove e7e5\nping 2\nquit\n");
    assert_int_equal(count_lines_starting(r.out, "1 "), 1);
    assert_int_equal(count_lines_starting(r.out, "3 "), 1);
    assert_int_equal(count_lines_starting(r.out, "4 "), 0); /* sd 3, and nothing after nopost */
    assert_int_equal(count_lines_starting(r.out, "move "), 2);
    proc_free(&r);
}

/*
 * Issue 41: in force mode a game that is over stays over, and its result is
 * said once however many moves the GUI goes on sending; at the end of the
 * input a search on a clock moves at once (an hour's clock would make it
 * think two minutes for no one).
 */
static void test_result_once_and_end_of_input(void **state)
{
    (void)state;
    proc_result r = xboard("xboard\nprotover 2\nnew\nforce\nsetboard 8/8/8/8/8/8/8/K6k w - - 0 1\n"
                           "usermove a1a2\nusermove h1h2\nusermove a2a3\nping 1\n");
    assert_int_equal(count_lines_starting(r.out, "1/2-1/2 {Insufficient material}"), 1);
    assert_non_null(strstr(r.out, "pong 1\n"));
    proc_free(&r);
    const char *argv[] = { GGN_BINARY, "xboard", NULL };
    r = proc_run(argv, "xboard\nprotover 2\nnew\nlevel 0 60 0\ntime 360000\notim 360000\ngo\n", NULL, 20000);
    assert_int_equal(r.status, 0);
    char move[64];
    assert_legal_after(GGN_GAMES_DIR "/chess.json", NULL, NULL, nth_move(r.out, 1, move, sizeof move));
    proc_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handshake),
        cmocka_unit_test(test_moves_are_legal),
        cmocka_unit_test(test_force_undo_setboard),
        cmocka_unit_test(test_engine_defined_variant),
        cmocka_unit_test(test_draughts_refused),
        cmocka_unit_test(test_janggi_described),
        cmocka_unit_test(test_lift_highlight),
        cmocka_unit_test(test_illegal_and_nonsense),
        cmocka_unit_test(test_clock),
        cmocka_unit_test(test_games_to_mate),
        cmocka_unit_test(test_post),
        cmocka_unit_test(test_commands_while_thinking),
        cmocka_unit_test(test_xboard_ranks),
        cmocka_unit_test(test_result_once_and_end_of_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
