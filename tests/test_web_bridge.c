/*
 * test_web_bridge.c — the page's bridge (web/ggn_web.c) compiled natively,
 * so that the suite, ASan and valgrind check it without a browser: every
 * call's JSON, its errors, and that sessions and strings are released.
 * test_web drives the same calls through the page in chromium.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn_web.h"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *text = malloc(n + 1);
    assert_non_null(text);
    memcpy(text, buf, n + 1);
    return text;
}

/* Parses a string the bridge returned, and releases it. */
static json_t *take(char *text)
{
    assert_non_null(text);
    json_error_t jerr;
    json_t *v = json_loads(text, 0, &jerr);
    if (!v) fail_msg("not JSON: %s", text);
    web_free(text);
    return v;
}

static web_session *open_game(const char *file)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, file);
    char *text = read_text(path);
    web_session *s = web_open(text, file);
    free(text);
    assert_non_null(s);
    return s;
}

static const char *str(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_string(v)) fail_msg("no string \"%s\"", key);
    return json_string_value(v);
}

/* The index of the move written `text` in a web_state's list, or -1. */
static int move_index(json_t *state, const char *text)
{
    json_t *moves = json_object_get(state, "moves");
    for (size_t i = 0; i < json_array_size(moves); i++)
        if (strcmp(str(json_array_get(moves, i), "text"), text) == 0) return (int)i;
    return -1;
}

static void test_chess_to_mate(void **state)
{
    (void)state;
    web_session *s = open_game("chess.json");
    json_t *report = take(web_errors(s));
    assert_true(json_is_true(json_object_get(report, "ok")));
    assert_int_equal(json_array_size(json_object_get(report, "errors")), 0);
    json_decref(report);

    json_t *info = take(web_info(s));
    assert_string_equal(str(info, "name"), "Chess");
    assert_int_equal(json_integer_value(json_object_get(info, "cols")), 8);
    assert_int_equal(json_array_size(json_object_get(info, "players")), 2);
    assert_true(json_is_false(json_object_get(info, "pass"))); /* chess has no passing */
    json_decref(info);

    json_t *st = take(web_state(s, 0, 0));
    assert_string_equal(str(st, "status"), "White to move");
    assert_int_equal(json_array_size(json_object_get(st, "moves")), 20);
    assert_non_null(strstr(str(st, "svg"), "data-square=\"e2\""));
    assert_string_equal(str(st, "fen"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /* fool's mate: two moves by index, two by text */
    assert_int_equal(web_play(s, move_index(st, "f2f3")), 1);
    assert_int_equal(web_play(s, 0), 0); /* the list belongs to the position before */
    json_decref(st);
    st = take(web_state(s, 0, 0));
    assert_int_equal(web_play(s, move_index(st, "e7e5")), 1);
    json_decref(st);
    /* a move played as text answers with its notation, as the page's move list shows it */
    json_t *r = take(web_play_text(s, "g4"));
    assert_string_equal(str(r, "san"), "g4");
    assert_string_equal(str(r, "text"), "g2g4");
    assert_int_equal(json_integer_value(json_object_get(r, "player")), 0);
    json_decref(r);
    r = take(web_play_text(s, "d8h4"));
    assert_string_equal(str(r, "san"), "Qh4#");
    json_decref(r);
    st = take(web_state(s, 1, 30));
    assert_string_equal(str(st, "status"), "Checkmate — Black wins");
    /* the mated king's square, for the page's check highlight */
    json_t *checked = json_object_get(st, "check_squares");
    assert_int_equal(json_array_size(checked), 1);
    assert_string_equal(json_string_value(json_array_get(checked, 0)), "e1");
    assert_true(json_is_true(json_object_get(st, "over")));
    assert_int_equal(json_array_size(json_object_get(st, "moves")), 0);
    assert_int_equal(json_integer_value(json_object_get(st, "undo")), 4);
    json_decref(st);
    r = take(web_play_text(s, "e2e4"));
    assert_non_null(json_object_get(r, "error"));
    json_decref(r);
    assert_int_equal(web_undo(s), 1);
    st = take(web_state(s, 0, 0));
    assert_string_equal(str(st, "status"), "Black to move");
    json_decref(st);
    /* a draw says so, in the library's words for the outcome */
    web_free(web_set_position(s, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    st = take(web_state(s, 0, 0));
    assert_string_equal(str(st, "status"), "Stalemate — draw");
    json_decref(st);
    web_close(s);
}

static void test_position_perft_search_export(void **state)
{
    (void)state;
    web_session *s = open_game("chess.json");
    assert_true(web_perft(s, 3) == 8902.0);
    assert_true(web_perft(s, -1) < 0);
    json_t *d = take(web_divide(s, 2));
    assert_int_equal(json_array_size(d), 20);
    double total = 0;
    for (size_t i = 0; i < json_array_size(d); i++) total += json_number_value(json_object_get(json_array_get(d, i), "nodes"));
    assert_true(total == 400.0);
    json_decref(d);
    json_t *r = take(web_set_position(s, "not a fen"));
    assert_non_null(json_object_get(r, "error"));
    json_decref(r);
    r = take(web_set_position(s, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"));
    assert_int_equal(json_object_size(r), 0);
    json_decref(r);
    r = take(web_search(s, 3, 0, 0));
    assert_string_equal(str(r, "move"), "a1a8");
    json_decref(r);
    json_t *st = take(web_state(s, 0, 0));
    int capture = 0;
    json_t *moves = json_object_get(st, "moves");
    for (size_t i = 0; i < json_array_size(moves); i++) capture += json_is_true(json_object_get(json_array_get(moves, i), "capture"));
    assert_int_equal(capture, 0);
    json_decref(st);
    r = take(web_export(s, "must-deny"));
    assert_non_null(strstr(str(r, "text"), "\"must\""));
    json_decref(r);
    r = take(web_export(s, "no-such-spelling"));
    assert_string_equal(str(r, "error"), "unknown spelling");
    json_decref(r);
    web_close(s);
}

static void test_shogi_promotion_and_drop(void **state)
{
    (void)state;
    web_session *s = open_game("shogi.json");
    const char *moves[] = { "c3c4", "g7g6" };
    for (size_t i = 0; i < 2; i++) web_free(web_play_text(s, moves[i]));
    json_t *st = take(web_state(s, 0, 0));
    /* b2h8 and b2h8+: the second becomes another kind, the first does not */
    int plain = move_index(st, "b2h8"), promoting = move_index(st, "b2h8+");
    assert_true(plain >= 0 && promoting >= 0);
    json_t *m = json_array_get(json_object_get(st, "moves"), (size_t)promoting);
    json_t *n = json_array_get(json_object_get(st, "moves"), (size_t)plain);
    assert_true(json_is_true(json_object_get(m, "capture")));
    assert_true(json_integer_value(json_object_get(m, "becomes")) != json_integer_value(json_object_get(n, "becomes")));
    assert_int_equal(web_play(s, promoting), 1);
    json_decref(st);
    json_t *r = take(web_play_text(s, "b8h8"));
    assert_string_equal(str(r, "usi"), "8b2b"); /* shogi's own notation, for the move list */
    json_decref(r);
    st = take(web_state(s, 0, 0));
    int drop = move_index(st, "B@e5");
    assert_true(drop >= 0);
    assert_true(json_is_integer(json_object_get(json_array_get(json_object_get(st, "moves"), (size_t)drop), "drop")));
    assert_string_equal(str(st, "sfen"), "lnsgkgsnl/7r1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5"); /* a bishop in each hand */
    json_decref(st);
    web_close(s);
}

/* Janggi: the one pass is flagged (the page offers it by a button), and it passes the turn. */
static void test_janggi_pass(void **state)
{
    (void)state;
    web_session *s = open_game("janggi.json");
    json_t *st = take(web_state(s, 0, 0));
    json_t *moves = json_object_get(st, "moves");
    json_t *info = take(web_info(s));
    assert_true(json_is_true(json_object_get(info, "pass")));
    json_decref(info);
    int passes = 0, pass = -1, to_move = (int)json_integer_value(json_object_get(st, "to_move"));
    for (size_t i = 0; i < json_array_size(moves); i++)
        if (json_is_true(json_object_get(json_array_get(moves, i), "pass"))) passes++, pass = (int)i;
    assert_int_equal(passes, 1);
    assert_string_equal(str(json_array_get(moves, (size_t)pass), "text"), "e2e2");
    assert_int_equal(web_play(s, pass), 1);
    json_decref(st);
    st = take(web_state(s, 0, 0));
    assert_int_not_equal(json_integer_value(json_object_get(st, "to_move")), to_move);
    json_decref(st);
    web_close(s);
}

/* Each side named as its players say it, in the status and web_info: shogi's first player is Black. */
static void test_side_names(void **state)
{
    (void)state;
    static const struct {
        const char *file, *style, *first, *second;
    } games[] = {
        { "chess.json", "chess", "White", "Black" },      /* no display sides: the players' names, title-cased */
        { "shogi.json", "shogi", "Black", "White" },
        { "xiangqi.json", "xiangqi", "Red", "Black" },
        { "janggi.json", "xiangqi", "Cho", "Han" },
        { "checkers.json", "draughts", "Black", "White" },
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        web_session *s = open_game(games[i].file);
        json_t *info = take(web_info(s));
        assert_string_equal(str(info, "style"), games[i].style);
        json_t *players = json_object_get(info, "players");
        assert_string_equal(str(json_array_get(players, 0), "side"), games[i].first);
        assert_string_equal(str(json_array_get(players, 1), "side"), games[i].second);
        json_decref(info);
        char expected[64];
        json_t *st = take(web_state(s, 0, 0));
        snprintf(expected, sizeof expected, "%s to move", games[i].first);
        assert_string_equal(str(st, "status"), expected);
        json_t *moves = json_object_get(st, "moves");
        assert_true(json_array_size(moves) > 0);
        /* any first move hands the turn to the second side (janggi's pass too) */
        assert_int_equal(web_play(s, 0), 1);
        json_decref(st);
        st = take(web_state(s, 0, 0));
        snprintf(expected, sizeof expected, "%s to move", games[i].second);
        assert_string_equal(str(st, "status"), expected);
        json_decref(st);
        web_close(s);
    }
}

/* Kyoto shogi: a pawn in hand drops as a pawn (no "becomes") or as its other face, the rook. */
static void test_drop_as_other_face(void **state)
{
    (void)state;
    web_session *s = open_game("kyotoshogi.json");
    json_t *r = take(web_set_position(s, "2k2/5/5/5/2K2[P] w - - 0 1"));
    assert_int_equal(json_object_size(r), 0);
    json_decref(r);
    json_t *st = take(web_state(s, 0, 0));
    json_t *moves = json_object_get(st, "moves");
    json_t *plain = json_array_get(moves, (size_t)move_index(st, "P@c3"));
    json_t *face = json_array_get(moves, (size_t)move_index(st, "+P@c3"));
    assert_non_null(plain);
    assert_non_null(face);
    assert_true(json_integer_value(json_object_get(plain, "drop")) == json_integer_value(json_object_get(face, "drop")));
    assert_null(json_object_get(plain, "becomes"));
    assert_true(json_is_integer(json_object_get(face, "becomes")));
    assert_true(json_integer_value(json_object_get(face, "becomes")) != json_integer_value(json_object_get(face, "drop")));
    json_decref(st);
    web_close(s);
}

/* A broken spec: no game, and every problem at its line and JSON Pointer, as ggn check says it. */
static void test_broken_spec(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/chess.json", GGN_GAMES_DIR);
    char *text = read_text(path);
    char *at = strstr(text, "\"name\": \"WHITE\"");
    assert_non_null(at);
    memcpy(at, "\"name\": 4242424", 15);
    web_session *s = web_open(text, "bad.json");
    free(text);
    json_t *report = take(web_errors(s));
    assert_true(json_is_false(json_object_get(report, "ok")));
    json_t *e = json_array_get(json_object_get(report, "errors"), 0);
    assert_non_null(e);
    assert_int_equal(json_integer_value(json_object_get(e, "line")), 7);
    assert_string_equal(str(e, "pointer"), "/players/0/name");
    assert_string_equal(str(e, "severity"), "error");
    assert_non_null(strstr(str(e, "text"), "bad.json:7:"));
    json_decref(report);
    /* every other call says there is no game, rather than crashing */
    json_t *r = take(web_state(s, 0, 0));
    assert_string_equal(str(r, "error"), "no game loaded");
    json_decref(r);
    assert_int_equal(web_play(s, 0), 0);
    assert_int_equal(web_undo(s), 0);
    assert_true(web_perft(s, 1) < 0);
    web_free(web_info(s));
    web_free(web_search(s, 1, 0, 0));
    web_free(web_export(s, "must-deny"));
    web_close(s);
    /* not JSON at all */
    s = web_open("{\"board\": ", "cut.json");
    report = take(web_errors(s));
    assert_true(json_array_size(json_object_get(report, "errors")) > 0);
    json_decref(report);
    web_close(s);
}

/*
 * The page plays with the player the spec names: tic-tac-toe's is the Monte
 * Carlo player, which takes the win in one and proves it (its score 100, a
 * win, where alpha-beta's would be a mate score), and the same session
 * keeps its player from move to move.
 */
static void test_spec_player(void **state)
{
    (void)state;
    web_session *s = open_game("tic_tac_toe.json");
    json_t *r = take(web_set_position(s, "PP1/pp1/3 w - - 0 1"));
    assert_int_equal(json_object_size(r), 0);
    json_decref(r);
    for (int round = 0; round < 2; round++) {
        r = take(web_search(s, 0, 0, 1));
        assert_string_equal(str(r, "move"), "c3");
        assert_int_equal(json_integer_value(json_object_get(r, "score")), 100); /* the solver's proven win */
        json_decref(r);
    }
    web_close(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_to_mate),
        cmocka_unit_test(test_position_perft_search_export),
        cmocka_unit_test(test_shogi_promotion_and_drop),
        cmocka_unit_test(test_janggi_pass),
        cmocka_unit_test(test_side_names),
        cmocka_unit_test(test_drop_as_other_face),
        cmocka_unit_test(test_broken_spec),
        cmocka_unit_test(test_spec_player),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
