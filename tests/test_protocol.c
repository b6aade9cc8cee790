/*
 * test_protocol.c — the library's engine session (ggn/protocol.h) driven by
 * strings, with no process or pipe: a UCI exchange and an XBoard exchange,
 * UCI's searchmoves keeping the answer to the move given, UCCI's banmoves
 * keeping it off the move banned, the Player option, and the session's
 * output always whole escaped lines.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/protocol.h"

/* What a session said, one line after another with their newlines. */
typedef struct transcript {
    char text[64 * 1024];
    size_t len;
} transcript;

static void collect(const char *line, void *context)
{
    transcript *t = context;
    int n = snprintf(t->text + t->len, sizeof t->text - t->len, "%s\n", line);
    if (n > 0 && (size_t)n < sizeof t->text - t->len) t->len += (size_t)n;
}

/* Shipped games by name, in the source tree's games/. */
static bool resolve(const char *name, char *path, size_t cap, void *context)
{
    (void)context;
    int n = snprintf(path, cap, "%s/%s.json", GGN_GAMES_DIR, name);
    if (n < 0 || (size_t)n >= cap) return false;
    FILE *f = fopen(path, "r");
    if (!f) return false;
    fclose(f);
    return true;
}

/* Runs the lines (separated by '\n') through a new session of protocol; what it said in *t. */
static void run(ggn_protocol protocol, const char *game, const char *lines, transcript *t)
{
    static const char *const names[] = { "chess", "xiangqi" };
    t->len = 0;
    t->text[0] = '\0';
    ggn_session_config config = { .protocol = protocol, .game = game, .game_names = names, .game_count = 2,
                                  .resolve = resolve, .output = collect, .output_context = t };
    ggn_errors errs;
    ggn_session *s = ggn_session_new(&config, &errs);
    assert_non_null(s);
    char line[1024];
    bool quit = false;
    for (const char *p = lines; *p && !quit;) {
        size_t n = strcspn(p, "\n");
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        quit = !ggn_session_input(s, line);
        p += n + (p[n] == '\n');
    }
    ggn_session_close(s, quit);
    ggn_session_free(s);
}

/* The word after "bestmove " (or "move "), into buf. */
static void answer(const transcript *t, const char *word, char *buf, size_t cap)
{
    const char *at = strstr(t->text, word);
    assert_non_null(at);
    at += strlen(word);
    snprintf(buf, cap, "%.*s", (int)strcspn(at, "\n "), at);
}

static void test_uci_exchange(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    run(GGN_PROTOCOL_UCI, "chess", "uci\nisready\nposition startpos moves e2e4\ngo depth 2\n", t);
    assert_non_null(strstr(t->text, "id name ggn "));
    assert_non_null(strstr(t->text, "option name Player type combo default alphabeta var alphabeta var mcts"));
    assert_non_null(strstr(t->text, "option name UCI_Variant type combo default chess var chess var xiangqi\n"));
    assert_non_null(strstr(t->text, "\nuciok\nreadyok\n"));
    assert_non_null(strstr(t->text, "info depth 2 "));
    char move[32];
    answer(t, "bestmove ", move, sizeof move);
    assert_true(strlen(move) == 4 && move[1] == '7'); /* black's reply: from its second rank or ... */
    /* Nonsense is answered with an error line, escaped, and the session goes on. */
    run(GGN_PROTOCOL_UCI, "chess", "bogus\x01\nisready\n", t);
    assert_string_equal(t->text, "info string error: unknown command 'bogus\\x01'\nreadyok\n");
    free(t);
}

static void test_searchmoves(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    /* Black can take the queen on d4 (e5d4): kept to h7h6 it plays h7h6. */
    const char *fen = "position fen 4k3/7p/8/4p3/3Q4/8/8/4K3 b - - 0 1\n";
    char lines[256], move[32];
    snprintf(lines, sizeof lines, "%sgo depth 3\n", fen);
    run(GGN_PROTOCOL_UCI, "chess", lines, t);
    answer(t, "bestmove ", move, sizeof move);
    assert_string_equal(move, "e5d4");
    snprintf(lines, sizeof lines, "%sgo depth 3 searchmoves h7h6 h7h5\n", fen);
    run(GGN_PROTOCOL_UCI, "chess", lines, t);
    answer(t, "bestmove ", move, sizeof move);
    assert_true(strcmp(move, "h7h6") == 0 || strcmp(move, "h7h5") == 0);
    /* A word that is no move here is said and left out; the others still stand. */
    snprintf(lines, sizeof lines, "%sgo searchmoves e2e4 h7h6 depth 2\n", fen);
    run(GGN_PROTOCOL_UCI, "chess", lines, t);
    assert_non_null(strstr(t->text, "info string error: searchmoves: e2e4"));
    answer(t, "bestmove ", move, sizeof move);
    assert_string_equal(move, "h7h6");
    free(t);
}

static void test_banmoves(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    char move[32], lines[256];
    run(GGN_PROTOCOL_UCCI, "xiangqi", "ucci\nposition startpos\ngo depth 2\n", t);
    assert_non_null(strstr(t->text, "\nucciok\n"));
    answer(t, "bestmove ", move, sizeof move);
    /* The move it chose, banned: any other. */
    snprintf(lines, sizeof lines, "position startpos\nbanmoves %s\ngo depth 2\nquit\n", move);
    run(GGN_PROTOCOL_UCCI, "xiangqi", lines, t);
    char again[32];
    answer(t, "bestmove ", again, sizeof again);
    assert_string_not_equal(again, move);
    assert_non_null(strstr(t->text, "\nbye\n"));
    free(t);
}

static void test_xboard_exchange(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    run(GGN_PROTOCOL_XBOARD, NULL, "xboard\nprotover 2\nnew\nsd 2\nusermove e2e4\nping 7\nquit\n", t);
    assert_non_null(strstr(t->text, "feature done=0\n"));
    assert_non_null(strstr(t->text, "feature variants=\"normal,xiangqi\"\n"));
    char move[32];
    answer(t, "\nmove ", move, sizeof move);
    assert_true(strlen(move) == 4 && move[1] == '7');
    /* The engine's move comes before the answer to the ping sent while it thought. */
    assert_true(strstr(t->text, "\nmove ") < strstr(t->text, "\npong 7\n"));
    /* The Player option: offered with the features; the Monte Carlo player moves too; a bad value is refused. */
    assert_non_null(strstr(t->text, "feature option=\"Player -combo *alphabeta /// mcts /// default\"\n"));
    run(GGN_PROTOCOL_XBOARD, NULL, "option Player=mcts\nst 0.2\nnew\nforce\ngo\noption Player=random\n", t);
    assert_non_null(strstr(t->text, "move "));
    assert_non_null(strstr(t->text, "Error (Player is alphabeta, mcts or default): option Player=random\n"));
    run(GGN_PROTOCOL_XBOARD, NULL, "usermove e2e5\n", t);
    assert_true(strncmp(t->text, "Illegal move (", 14) == 0);
    assert_non_null(strstr(t->text, "): e2e5\n"));
    free(t);
}

static void test_player_option(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    run(GGN_PROTOCOL_UCI, "chess",
        "setoption name Player value mcts\nposition startpos\ngo nodes 200\nsetoption name Player value minimax\n", t);
    char move[32];
    answer(t, "bestmove ", move, sizeof move);
    assert_true(strlen(move) == 4 && (move[1] == '2' || move[1] == '1')); /* a white move */
    assert_non_null(strstr(t->text, "info string error: Player must be alphabeta, mcts or default, not 'minimax'"));
    free(t);
}

/* A session that cannot start says why in the list (or nowhere, given none) and is not made. */
static void test_start_failures(void **state)
{
    (void)state;
    transcript *t = malloc(sizeof *t);
    t->len = 0;
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_session_config config = { .protocol = GGN_PROTOCOL_UCI, .game = "nosuchgame", .resolve = resolve,
                                  .output = collect, .output_context = t };
    assert_null(ggn_session_new(&config, errs));
    assert_int_equal(errs->count, 1);
    assert_string_equal(errs->items[0].message, "cannot start with game 'nosuchgame'");
    assert_non_null(strstr(t->text, "info string error: no game 'nosuchgame'"));
    assert_null(ggn_session_new(&config, NULL));
    /* XBoard: a spec file that does not load gives its own errors, with the file. */
    const char *files[] = { GGN_GAMES_DIR "/no_such_file.json" };
    ggn_session_config xb = { .protocol = GGN_PROTOCOL_XBOARD, .spec_files = files, .spec_count = 1,
                              .resolve = resolve, .output = collect, .output_context = t };
    assert_null(ggn_session_new(&xb, errs));
    assert_true(errs->count >= 1);
    assert_string_equal(errs->items[0].file, files[0]);
    /* Neither an output nor a resolver: refused. */
    ggn_session_config bare = { .protocol = GGN_PROTOCOL_UCI };
    assert_null(ggn_session_new(&bare, errs));
    assert_int_equal(errs->items[0].code, GGN_E_USAGE);
    free(errs);
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uci_exchange),   cmocka_unit_test(test_searchmoves),
        cmocka_unit_test(test_banmoves),       cmocka_unit_test(test_xboard_exchange),
        cmocka_unit_test(test_player_option),  cmocka_unit_test(test_start_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
