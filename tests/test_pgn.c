/*
 * test_pgn.c — PGN (src/notation/pgn.c) and `ggn pgn`: reading a file of
 * several games with comments, NAGs, variations and escape lines; syntax
 * errors with their line and column; replaying with the result claim
 * checked; random games of every shipped two-player game written and read
 * back move for move; the CLI's exit codes and messages on the files of
 * tests/data/pgn/, its JSON conversion both ways, and `ggn play --record`
 * / `--load` with PGN.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game_util.h"
#include "ggn/notation.h"
#include "proc_util.h"

static char *read_data(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/pgn/%s", GGN_TEST_DATA, name);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

static ggn_pgn *parse_text(const char *text, ggn_error *err)
{
    ggn_error_clear(err);
    return ggn_pgn_parse(text, strlen(text), "t.pgn", err);
}

/* ---- reading ---- */

static void test_parse_games(void **state)
{
    (void)state;
    size_t len;
    char *text = read_data("games.pgn", &len);
    ggn_error err;
    ggn_error_clear(&err);
    ggn_pgn *pgn = ggn_pgn_parse(text, len, "games.pgn", &err);
    if (!pgn) fail_msg("%s", err.message);
    assert_int_equal(pgn->ngames, 4);
    const ggn_pgn_game *g = &pgn->games[0];
    assert_string_equal(ggn_pgn_tag_value(g, "White"), "Morphy, Paul");
    assert_string_equal(ggn_pgn_tag_value(g, "Black"), "Duke Karl / Count Isouard");
    assert_null(ggn_pgn_tag_value(g, "Variant"));
    /* 17 moves each but the last: 33 plies; the variations' moves are not kept. */
    assert_int_equal(g->nmoves, 33);
    assert_string_equal(g->result, "1-0");
    assert_string_equal(g->moves[16].text, "Bg5");
    assert_string_equal(g->moves[17].text, "b5");   /* its NAG $2 and the variation after it skipped */
    assert_string_equal(g->moves[18].text, "Nxb5!");
    assert_string_equal(g->moves[30].text, "Qb8+!!");
    assert_string_equal(g->moves[32].text, "Rd8#");
    assert_int_equal(g->moves[0].line, 10);
    assert_int_equal(g->moves[0].column, 4);
    assert_string_equal(pgn->games[1].moves[16].text, "N@f6+");
    assert_string_equal(pgn->games[2].moves[0].text, "Ra1#");  /* after "30..." */
    assert_string_equal(ggn_pgn_tag_value(&pgn->games[2], "FEN"), "6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30");
    assert_int_equal(pgn->games[3].nmoves, 10);
    assert_string_equal(pgn->games[3].moves[0].text, "e4");    /* "1.e4": the number glued on */
    assert_string_equal(pgn->games[3].result, "*");
    ggn_pgn_free(pgn);
    free(text);
}

static void test_parse_forms(void **state)
{
    (void)state;
    ggn_error err;
    /* No tags, a missing result, a tag starting the next game, escaped quotes. */
    ggn_pgn *pgn = parse_text("1. e4 e5\n[Event \"a \\\"b\\\" \\\\ c\"]\n1. d4 1-0\n\n1 c4 2 c5", &err);
    if (!pgn) fail_msg("%s", err.message);
    assert_int_equal(pgn->ngames, 3);
    assert_int_equal(pgn->games[0].nmoves, 2);
    assert_string_equal(pgn->games[0].result, "");
    assert_string_equal(ggn_pgn_tag_value(&pgn->games[1], "Event"), "a \"b\" \\ c");
    assert_string_equal(pgn->games[1].result, "1-0");
    assert_int_equal(pgn->games[2].nmoves, 2); /* bare numbers without dots are move numbers */
    ggn_pgn_free(pgn);
    /* A byte order mark first and CR LF line ends are read like plain text. */
    pgn = parse_text("\xEF\xBB\xBF[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n", &err);
    if (!pgn) fail_msg("%s", err.message);
    assert_int_equal(pgn->ngames, 1);
    assert_string_equal(ggn_pgn_tag_value(&pgn->games[0], "Event"), "x");
    assert_int_equal(pgn->games[0].nmoves, 2);
    ggn_pgn_free(pgn);
    /* An empty text is no game, not an error. */
    pgn = parse_text("  \n% only an escape line\n; and a comment\n", &err);
    assert_non_null(pgn);
    assert_int_equal(pgn->ngames, 0);
    ggn_pgn_free(pgn);
}

static void expect_syntax(const char *text, const char *where, const char *why)
{
    ggn_error err;
    ggn_pgn *pgn = parse_text(text, &err);
    if (pgn) fail_msg("'%s' was read", text);
    if (!strstr(err.message, where) || !strstr(err.message, why))
        fail_msg("'%s': '%s', expected '%s' and '%s'", text, err.message, where, why);
}

static void test_parse_errors(void **state)
{
    (void)state;
    expect_syntax("1. e4 {no end", "t.pgn:1:7:", "no closing '}'");
    expect_syntax("1. e4\n ( 1. d4 (1. c4) *", "t.pgn:2:2:", "no closing ')'");
    expect_syntax("1. e4 ) *", "t.pgn:1:7:", "closes no variation");
    expect_syntax("[Event \"open\n1. e4", "t.pgn:1:1:", "no closing '\"'");
    expect_syntax("[Event]\n", "t.pgn:1:7:", "quoted value is missing");
    expect_syntax("[\"x\"]\n", "t.pgn:1:2:", "name is missing");
    expect_syntax("[Event \"x\" junk]\n", "t.pgn:1:12:", "ends with ']'");
    expect_syntax("1. e4 $x", "t.pgn:1:8:", "NAG");
    expect_syntax("1. e4 } *", "t.pgn:1:7:", "closes nothing");
    expect_syntax("1. e4 (1. d4 [Event \"x\"]", "t.pgn:1:7:", "no closing ')'");
    /* A NUL byte inside the text is refused (it once stopped the reader from advancing: a hang). */
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_pgn_parse("1. e4\0\0 e5 *", 12, "t.pgn", &err));
    assert_non_null(strstr(err.message, "t.pgn:1:6: a NUL byte"));
    /* Limits: tags of one game, the nesting of variations, the length of a token. */
    char *many = malloc(100 * 16);
    many[0] = '\0';
    for (int i = 0; i <= GGN_MAX_PGN_TAGS; i++) strcat(many, "[T \"v\"]\n");
    expect_syntax(many, "t.pgn:", "GGN_MAX_PGN_TAGS");
    free(many);
    char deep[GGN_MAX_PGN_DEPTH * 2 + 8] = "1. e4 ";
    for (int i = 0; i <= GGN_MAX_PGN_DEPTH; i++) strcat(deep, "(");
    expect_syntax(deep, "t.pgn:1:", "GGN_MAX_PGN_DEPTH");
    char *token = malloc(GGN_MAX_PGN_TOKEN + 16);
    memset(token, 'e', GGN_MAX_PGN_TOKEN + 8);
    token[GGN_MAX_PGN_TOKEN + 8] = '\0';
    expect_syntax(token, "t.pgn:1:1:", "GGN_MAX_PGN_TOKEN");
    free(token);
}

/* ---- replaying ---- */

static void expect_replay_error(ggn_game *g, const char *text, const char *why)
{
    ggn_error err;
    ggn_pgn *pgn = parse_text(text, &err);
    if (!pgn) fail_msg("%s", err.message);
    ggn_position *pos = ggn_pgn_replay(g, &pgn->games[pgn->ngames - 1], pgn->ngames, &err);
    if (pos) fail_msg("'%s' replays", text);
    if (!strstr(err.message, why)) fail_msg("'%s': '%s', expected '%s'", text, err.message, why);
    ggn_pgn_free(pgn);
}

static void test_replay(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    size_t len;
    char *text = read_data("games.pgn", &len);
    ggn_error err;
    ggn_pgn *pgn = ggn_pgn_parse(text, len, "games.pgn", &err);
    ggn_position *pos = ggn_pgn_replay(g, &pgn->games[0], 1, &err);
    if (!pos) fail_msg("%s", err.message);
    assert_int_equal(ggn_position_history(pos), 33);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_CHECKMATE);
    ggn_position_free(pos);
    pos = ggn_pgn_replay(g, &pgn->games[2], 3, &err);
    if (!pos) fail_msg("%s", err.message);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_CHECKMATE);
    ggn_position_free(pos);
    ggn_pgn_free(pgn);
    free(text);

    expect_replay_error(g, "1. e4 e5 2. Ke3 *", "game 1, ply 3, move 'Ke3' (line 1:13): Ke3 is not a legal move here");
    expect_replay_error(g, "1. e4 *\n\n1. e4 e5 2. Qh7 *", "game 2, ply 3, move 'Qh7'");
    /* Movetext is SAN: a pawn move that is not legal is said so, not taken for half a coordinate move. */
    expect_replay_error(g, "1. e5 *", "move 'e5' (line 1:4): e5 is not a legal move here");
    expect_replay_error(g, "1. e4 e5 2. f9 *", "'f9': f9 is not a square of this board");
    expect_replay_error(g, "1. f3 e5 2. g4 Qh4# 1-0", "the result claimed is 1-0, but after ply 4 the game is over by checkmate: 0-1");
    expect_replay_error(g, "1. f3 e5 2. g4 Qh4#", "the result claimed is missing");
    expect_replay_error(g, "1. f3 e5 2. g4 Qh4# *", "the result claimed is *");
    expect_replay_error(g, "[Result \"1-0\"]\n1. e4 0-1", "the Result tag says 1-0 but the moves end with 0-1");
    expect_replay_error(g, "[Result \"2-0\"]\n1. e4", "'2-0' is no result");
    expect_replay_error(g, "1. f3 e5 2. g4 Qh4# 3. a3 0-1", "the game is over (checkmate)");
    expect_replay_error(g, "[FEN \"8/8 w\"]\n1. e4 *", "FEN tag:");
    /* A game that goes on may claim any result: resignation, time, agreement. */
    ggn_pgn *ok = parse_text("[Result \"1-0\"]\n1. e4 e5 1-0", &err);
    pos = ggn_pgn_replay(g, &ok->games[0], 1, &err);
    assert_non_null(pos);
    ggn_position_free(pos);
    ggn_pgn_free(ok);
    ggn_game_free(g);
}

/* ---- writing and reading back ---- */

/* Plays a random game from fen (NULL: the start), writes it, reads it back and compares move for move. */
static void round_trip(ggn_game *g, const char *fen, uint32_t seed, int plies)
{
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    if (fen && !ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    for (int i = 0; i < plies; i++) {
        ggn_move mv[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
        if (!n || ggn_position_status(pos).outcome != GGN_ONGOING) break;
        seed = seed * 1103515245u + 12345u;
        ggn_position_make(pos, mv[(seed >> 8) % n]);
    }
    ggn_pgn_tag tags[] = { { "White", "random \"one\"" }, { "Annotator", "test_pgn" } };
    char *text = ggn_pgn_write(pos, tags, 2, &err);
    if (!text) fail_msg("%s: %s", ggn_game_name(g), err.message);
    ggn_pgn *pgn = ggn_pgn_parse(text, strlen(text), "written", &err);
    if (!pgn) fail_msg("%s\n%s", err.message, text);
    assert_int_equal(pgn->ngames, 1);
    assert_string_equal(ggn_pgn_tag_value(&pgn->games[0], "White"), "random \"one\"");
    assert_string_equal(ggn_pgn_tag_value(&pgn->games[0], "Annotator"), "test_pgn");
    if (!fen) assert_null(ggn_pgn_tag_value(&pgn->games[0], "FEN")); /* the game's own start needs none */
    ggn_position *back = ggn_pgn_replay(g, &pgn->games[0], 1, &err);
    if (!back) fail_msg("%s: %s\n%s", ggn_game_name(g), err.message, text);
    assert_int_equal(ggn_position_history(back), ggn_position_history(pos));
    assert_true(ggn_position_hash(back) == ggn_position_hash(pos));
    /* Move for move: both undo stacks hold the same moves. */
    while (ggn_position_history(pos) > 0) {
        ggn_move a, b;
        ggn_position_last_move(pos, &a);
        ggn_position_last_move(back, &b);
        assert_true(ggn_move_equal(a, b));
        ggn_position_unmake(pos);
        ggn_position_unmake(back);
    }
    ggn_position_free(back);
    ggn_pgn_free(pgn);
    free(text);
    ggn_position_free(pos);
}

typedef struct trip {
    ggn_game *g;
    uint32_t seed;
} trip;

static void trip_from(const char *fen, void *ctx)
{
    trip *t = ctx;
    char line[4096];
    snprintf(line, sizeof line, "%s", fen);
    size_t n = strlen(line);
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\n')) line[--n] = '\0';
    round_trip(t->g, strcmp(line, "startpos") == 0 ? NULL : line, t->seed++, 60);
}

static void test_round_trip(void **state)
{
    (void)state;
    static const char *const games[] = { "chess", "crazyhouse", "shogi", "minishogi", "xiangqi",
                                         "makruk", "shatranj", "losalamos" };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char file[64], epd[64];
        snprintf(file, sizeof file, "%s.json", games[i]);
        snprintf(epd, sizeof epd, "%s.epd", games[i]);
        trip t = { load(file), 1 };
        for (int k = 0; k < 6; k++) round_trip(t.g, NULL, t.seed++, 200);
        for_each_epd_fen(epd, trip_from, &t);
        ggn_game_free(t.g);
    }
}

static void test_write_tags(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    char *text = ggn_pgn_write(pos, NULL, 0, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                                 "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Variant \"chess\"]\n"
                                 "[Termination \"unterminated\"]\n\n*\n"));
    free(text);
    /* A game the rules ended: its result wins over a Result tag given. */
    ggn_position_set_fen(pos, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", &err);
    ggn_move mv;
    ggn_move_parse(pos, "Ra8", &mv, &err);
    ggn_position_make(pos, mv);
    ggn_pgn_tag tags[] = { { "Result", "0-1" } };
    text = ggn_pgn_write(pos, tags, 1, &err);
    assert_non_null(strstr(text, "[Result \"1-0\"]"));
    assert_non_null(strstr(text, "[SetUp \"1\"]\n[FEN \"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\"]"));
    assert_non_null(strstr(text, "1. Ra8# {checkmate} 1-0\n"));
    free(text);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- the CLI ---- */

static proc_result ggn(const char *a, const char *b, const char *c, const char *d)
{
    const char *argv[] = { GGN_BINARY, "pgn", a, b, c, d, NULL };
    return proc_run(argv, "", NULL, 60000);
}

static void data_path(const char *name, char *buf, size_t cap) { snprintf(buf, cap, "%s/pgn/%s", GGN_TEST_DATA, name); }

static void expect_cli(const char *file, int status, const char *text)
{
    char path[1024];
    data_path(file, path, sizeof path);
    proc_result r = ggn(path, NULL, NULL, NULL);
    if (r.status != status || !strstr(status ? r.err : r.out, text))
        fail_msg("ggn pgn %s: status %d, out '%s', err '%s'; expected %d and '%s'", file, r.status, r.out, r.err,
                 status, text);
    proc_free(&r);
}

static void test_cli_check(void **state)
{
    (void)state;
    expect_cli("games.pgn", 0, "games.pgn: 4 games\n");
    expect_cli("xiangqi.pgn", 0, "xiangqi.pgn: 1 game\n");
    expect_cli("shogi.pgn", 0, "shogi.pgn: 1 game\n");
    expect_cli("makruk.pgn", 0, "makruk.pgn: 1 game\n");
    expect_cli("illegal.pgn", 1, "illegal.pgn: game 2, ply 5, move 'Ne6' (line 9:24): Ne6 is not a legal move here");
    expect_cli("wrong_result.pgn", 1, "game 1 (line 1): the result claimed is 1/2-1/2, but after ply 4 the game is over by checkmate: 0-1");
    expect_cli("tag_mismatch.pgn", 1, "the Result tag says 1-0 but the moves end with 0-1");
    expect_cli("after_mate.pgn", 1, "game 1, ply 5, move 'a3' (line 4:24): the game is over (checkmate)");
    expect_cli("unclosed_comment.pgn", 1, "unclosed_comment.pgn:4:7: the comment '{' has no closing '}'");
    expect_cli("unclosed_variation.pgn", 1, "unclosed_variation.pgn:4:7: the variation '(' has no closing ')'");
    expect_cli("unknown_variant.pgn", 1, "no game \"bughouse\" ('ggn games' lists them)");
    expect_cli("bad_variant.pgn", 1, "Variant \"../games/chess\" is no name of a game");
    expect_cli("bad_fen.pgn", 1, "FEN tag: FEN placement");
    expect_cli("ambiguous.pgn", 1, "Nd2 is ambiguous");
    expect_cli("missing.pgn", 1, "cannot open");
    /* Every file is checked; one bad file makes the status 1. */
    char good[1024], bad[1024];
    data_path("games.pgn", good, sizeof good);
    data_path("illegal.pgn", bad, sizeof bad);
    proc_result r = ggn(bad, good, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.out, "games.pgn: 4 games"));
    proc_free(&r);
    /* --game plays the games on another spec than their Variant says. */
    r = ggn(good, "--game", "xiangqi", NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "game 1, ply 1, move 'e4'"));
    proc_free(&r);
    r = ggn("--to", "xml", good, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
    r = ggn(NULL, NULL, NULL, NULL);
    assert_int_equal(r.status, 2);
    proc_free(&r);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_cli_json(void **state)
{
    (void)state;
    char good[1024], json[] = "/tmp/ggn_test_pgn_XXXXXX", pgn[64];
    data_path("games.pgn", good, sizeof good);
    int fd = mkstemp(json);
    assert_true(fd >= 0);
    close(fd);
    snprintf(pgn, sizeof pgn, "%s.pgn", json);
    /* PGN -> JSON records -> PGN -> the same games (checked by reading the PGN again). */
    proc_result r = ggn(good, "--to", "json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"game\": \"Crazyhouse\""));
    assert_non_null(strstr(r.out, "\"start\": \"6k1/5ppp/8/8/8/8/r4PPP/6K1 b - - 0 30\""));
    assert_non_null(strstr(r.out, "\"a2a1\""));
    write_file(json, r.out);
    proc_free(&r);
    r = ggn("--from", "json", json, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "[Variant \"crazyhouse\"]"));
    assert_non_null(strstr(r.out, "16. Qb8+ Nxb8 17. Rd8# {checkmate} 1-0"));
    write_file(pgn, r.out);
    proc_free(&r);
    r = ggn(pgn, NULL, NULL, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, ": 4 games"));
    proc_free(&r);
    /* -o writes the conversion to a file. */
    r = ggn(good, "--to", "json", "-o");
    assert_int_equal(r.status, 2); /* -o without its file */
    proc_free(&r);
    {
        const char *argv[] = { GGN_BINARY, "pgn", good, "--to", "pgn", "-o", pgn, NULL };
        r = proc_run(argv, "", NULL, 60000);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.out, "");
        proc_free(&r);
        r = ggn(pgn, NULL, NULL, NULL);
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, ": 4 games"));
        proc_free(&r);
    }
    /* A single record is an object; a bad one is named. */
    write_file(json, "{\"game\": \"Chess\", \"start\": null, \"moves\": [\"e2e4\", \"e2e4\"]}");
    r = ggn("--from", "json", json, NULL);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "move 2:"));
    proc_free(&r);
    write_file(json, "{\"game\": \"Chess\", \"start\": null, \"moves\": [\"e2e4\", \"Nf6\"]}");
    r = ggn("--from", "json", json, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "1. e4 Nf6 *"));
    proc_free(&r);
    unlink(json);
    unlink(pgn);
}

static void test_cli_play_record(void **state)
{
    (void)state;
    char path[] = "/tmp/ggn_test_play_XXXXXX", pgn[64];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    unlink(path);
    snprintf(pgn, sizeof pgn, "%s.pgn", path);
    /* SAN typed beside coordinates; the record written at the game's end. */
    const char *argv[] = { GGN_BINARY, "play", "chess", "--players", "human,human", "--record", pgn, NULL };
    proc_result r = proc_run(argv, "f3\ne7e5\ng4\nQh4#\n", NULL, 60000);
    assert_int_equal(r.status, 0);
    proc_free(&r);
    FILE *f = fopen(pgn, "rb");
    assert_non_null(f);
    char text[2048];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    assert_non_null(strstr(text, "[Event \"ggn play\"]"));
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
    assert_non_null(strstr(text, "1. f3 e5 2. g4 Qh4# {checkmate} 0-1"));
    /* --load FILE.pgn starts from the game's end: one more move is refused as the game is over. */
    write_file(pgn, "[Variant \"chess\"]\n1. e4 e5 2. Nf3 *\n");
    const char *load[] = { GGN_BINARY, "play", "chess", "--players", "human,human", "--load", pgn, NULL };
    r = proc_run(load, "fen\n", NULL, 60000);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
    proc_free(&r);
    write_file(pgn, "[Variant \"shogi\"]\n1. e4 *\n");
    r = proc_run(load, "", NULL, 60000);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "is a game of shogi, not chess"));
    proc_free(&r);
    write_file(pgn, "1. e4 e4 *\n");
    r = proc_run(load, "", NULL, 60000);
    assert_int_equal(r.status, 1);
    assert_non_null(strstr(r.err, "game 1, ply 2, move 'e4'"));
    proc_free(&r);
    unlink(pgn);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_games),
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_replay),
        cmocka_unit_test(test_write_tags),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_cli_check),
        cmocka_unit_test(test_cli_json),
        cmocka_unit_test(test_cli_play_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
