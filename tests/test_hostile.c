/*
 * test_hostile.c — input and callers that do not play by the rules
 * (docs/limits.md, "Hostile input"):
 *
 *   - special files (a FIFO, a directory, a device) given wherever a file is
 *     read: refused at once, saying what the path is, never waited on;
 *   - output that cannot be written (/dev/full): the command exits 1 and
 *     says which output and why;
 *   - an API caller's out-of-range player and moves that do not belong to
 *     the position (stale, another side's, garbage): refused, the position
 *     unchanged, never played into a corrupt board or a crash;
 *   - control bytes in typed lines and in files: printed escaped, never
 *     passed to the terminal.
 *
 * The CLI is run through tests/proc_util.c with a timeout, so a command that
 * blocks fails the test instead of hanging it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ggn/check.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/ruleset.h"
#include "proc_util.h"

#define TIMEOUT_MS 20000
#define KING_GGN GGN_TEST_DATA "/ggn/good/seed2_king.json"
#define KING_ONLY "8/8/8/8/8/8/8/4K3 - CHESS/chess"
#define DROP_GGN GGN_TEST_DATA "/ggn/good/seed1_drop.json" /* one that converts to must-deny */

static char tmpdir[256];

static int make_tmpdir(void **state)
{
    (void)state;
    const char *dir = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/ggn-hostile-XXXXXX", dir && *dir ? dir : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    return rmdir(tmpdir);
}

static ggn_game *load_game(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", GGN_GAMES_DIR, name);
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    ggn_game *g = ggn_game_load_file(path, errs);
    if (!g) fail_msg("%s: %s", path, errs->count ? errs->items[0].message : "?");
    free(errs);
    return g;
}

/* Runs argv (argv[0] = the ggn program or a shell) and checks exit 1 with `needle` on stderr. */
static void expect_refused(const char *const *argv, const char *input, const char *needle)
{
    proc_result r = proc_run(argv, input, NULL, TIMEOUT_MS);
    char cmd[512] = "";
    for (int i = 0; argv[i]; i++) {
        size_t n = strlen(cmd);
        snprintf(cmd + n, sizeof cmd - n, "%s%s", i ? " " : "", argv[i]);
    }
    if (r.status == -1) fail_msg("%s: did not end within %d ms (blocked?)", cmd, TIMEOUT_MS);
    if (r.status != 1) fail_msg("%s: exit %d, expected 1; stderr: %s", cmd, r.status, r.err);
    if (!strstr(r.err, needle)) fail_msg("%s: stderr lacks \"%s\": %s", cmd, needle, r.err);
    proc_free(&r);
}

/* ---- special files ------------------------------------------------------------- */

static void test_special_files_refused(void **state)
{
    (void)state;
    char fifo[512], fifo_arg[520], needle[600];
    snprintf(fifo, sizeof fifo, "%s/pipe.json", tmpdir);
    snprintf(fifo_arg, sizeof fifo_arg, "@%s", fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    snprintf(needle, sizeof needle, "%s: error: not a regular file: it is a FIFO (named pipe)", fifo);

    /* Every command that reads a file, and --position @FILE: nobody ever writes to the FIFO. */
    const char *const check[] = { GGN_BINARY, "check", fifo, NULL };
    const char *const perft[] = { GGN_BINARY, "perft", fifo, "1", NULL };
    const char *const convert[] = { GGN_BINARY, "convert", fifo, NULL };
    const char *const moves[] = { GGN_BINARY, "moves", fifo, "--position", KING_ONLY, NULL };
    const char *const position[] = { GGN_BINARY, "moves", KING_GGN, "--position", fifo_arg, NULL };
    const char *const query[] = { GGN_BINARY, "query", KING_GGN, "CHESS:K", "e1", "e2", "--position", fifo_arg, NULL };
    expect_refused(check, NULL, needle);
    expect_refused(perft, NULL, needle);
    expect_refused(convert, NULL, needle);
    expect_refused(moves, NULL, needle);
    expect_refused(position, NULL, needle);
    expect_refused(query, NULL, needle);
    /* A perft suite and a PGN file are files too. */
    const char *const suite[] = { GGN_BINARY, "perft", "chess", "--epd", fifo, NULL };
    expect_refused(suite, NULL, needle);
    const char *const pgn[] = { GGN_BINARY, "pgn", fifo, NULL };
    char pgn_needle[700];
    snprintf(pgn_needle, sizeof pgn_needle, "cannot read %s: not a regular file: it is a FIFO", fifo);
    expect_refused(pgn, NULL, pgn_needle);

    /* A game record: at the command line, and with the load command at the prompt. */
    const char *const load[] = { GGN_BINARY, "play", "chess", "--players", "human,human", "--load", fifo, NULL };
    char load_needle[700];
    snprintf(load_needle, sizeof load_needle, "--load: error: cannot read %s: not a regular file: it is a FIFO", fifo);
    expect_refused(load, NULL, load_needle);
    char input[600];
    snprintf(input, sizeof input, "load %s\nquit\n", fifo);
    const char *const play[] = { GGN_BINARY, "play", "chess", "--players", "human,human", NULL };
    proc_result r = proc_run(play, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "Not loaded: cannot read") || !strstr(r.out, "not a regular file: it is a FIFO"))
        fail_msg("load at the prompt: %s", r.out);
    proc_free(&r);

    /* The library itself: an alarm ends the test program should it block. */
    alarm(TIMEOUT_MS / 1000);
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    assert_null(ggn_game_load_file(fifo, errs));
    assert_int_equal(errs->items[0].code, GGN_E_IO);
    assert_string_equal(errs->items[0].message, "not a regular file: it is a FIFO (named pipe)");
    ggn_errors_init(errs);
    assert_null(ggn_ruleset_load_file(fifo, NULL, errs));
    assert_string_equal(errs->items[0].message, "not a regular file: it is a FIFO (named pipe)");
    alarm(0);
    assert_int_equal(unlink(fifo), 0);

    /* A directory and a character device say what they are too. */
    snprintf(needle, sizeof needle, "%s: error: not a regular file: it is a directory", tmpdir);
    const char *const dir[] = { GGN_BINARY, "check", tmpdir, NULL };
    expect_refused(dir, NULL, needle);
    snprintf(fifo_arg, sizeof fifo_arg, "@%s", tmpdir);
    expect_refused(position, NULL, needle);
    ggn_errors_init(errs);
    assert_int_equal(ggn_check_file("/dev/null", errs), GGN_FILE_UNKNOWN);
    assert_string_equal(errs->items[0].message, "not a regular file: it is a character device");
    free(errs);
}

/* ---- output that cannot be written ------------------------------------------------ */

/* Runs a shell command line whose ggn output goes to /dev/full. */
static void expect_write_error(const char *line, const char *needle)
{
    const char *const argv[] = { "/bin/sh", "-c", line, NULL };
    expect_refused(argv, NULL, needle);
}

static void test_write_errors_exit_1(void **state)
{
    (void)state;
    struct stat st;
    if (stat("/dev/full", &st) != 0 || !S_ISCHR(st.st_mode)) {
        /* Not a silent pass: the program fails, the message says why. */
        fail_msg("/dev/full is missing: write errors cannot be provoked on this machine");
    }
    char line[2048];
    static const char full[] = "/dev/full: error: cannot write: No space left on device";
    static const char stdout_full[] = "standard output: error: cannot write: No space left on device";
    snprintf(line, sizeof line, "exec '%s' render chess -o /dev/full", GGN_BINARY);
    expect_write_error(line, full);
    snprintf(line, sizeof line, "exec '%s' render chess > /dev/full", GGN_BINARY);
    expect_write_error(line, stdout_full);
    snprintf(line, sizeof line, "exec '%s' moves '%s' --position '%s' > /dev/full", GGN_BINARY, KING_GGN, KING_ONLY);
    expect_write_error(line, stdout_full);
    snprintf(line, sizeof line, "exec '%s' moves '%s' --position '%s' --json > /dev/full", GGN_BINARY, KING_GGN, KING_ONLY);
    expect_write_error(line, stdout_full);
    snprintf(line, sizeof line, "exec '%s' query '%s' CHESS:K e1 e2 --position '%s' > /dev/full", GGN_BINARY, KING_GGN,
             KING_ONLY);
    expect_write_error(line, stdout_full);
    snprintf(line, sizeof line, "exec '%s' convert '%s' > /dev/full", GGN_BINARY, DROP_GGN);
    expect_write_error(line, stdout_full);
    snprintf(line, sizeof line, "exec '%s' convert '%s' -o /dev/full", GGN_BINARY, DROP_GGN);
    expect_write_error(line, full);
    /* Every other command's standard output is checked once it is done (cli/main.c). */
    static const char *const others[] = { "perft chess 2", "perft chess 2 --json", "check chess", "status chess",
                                          "bestmove chess --depth 1", "games", "help", "help perft", "--version",
                                          "perft --help", "pgn " GGN_TEST_DATA "/pgn/games.pgn" };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        snprintf(line, sizeof line, "exec '%s' %s > /dev/full", GGN_BINARY, others[i]);
        expect_write_error(line, stdout_full);
    }

    /* The same commands with somewhere to write succeed (the checks are not always-fail). */
    snprintf(line, sizeof line, "exec '%s' moves '%s' --position '%s' > /dev/null", GGN_BINARY, KING_GGN, KING_ONLY);
    const char *const ok[] = { "/bin/sh", "-c", line, NULL };
    proc_result r = proc_run(ok, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    proc_free(&r);
}

/* ---- the API: players and moves out of range ---------------------------------------------- */

/*
 * Two rook-like leaders facing each other on a 1 x 3 board, the leader kind
 * first: the old code, asked about player 8, took the bytes after nleader[]
 * for a leader count and a piece id and so judged piece 0 (a zeroed record:
 * square 0, kind 0, the leader kind here) attacked. -1 and 99 read other
 * bytes outside the arrays, which the sanitizer build reports.
 */
static const char facing_leaders[] =
    "{\"name\": \"FACING\", \"leader\": \"KING\", \"board\": {\"dimensions\": [1, 3]},"
    " \"players\": ["
    "  {\"name\": \"SOUTH\", \"direction\": [[1, 0], [0, 1]],"
    "   \"starting_positions\": [{\"piece\": \"KING\", \"positions\": [[0, 0]]}]},"
    "  {\"name\": \"NORTH\", \"direction\": [[1, 0], [0, -1]],"
    "   \"starting_positions\": [{\"piece\": \"KING\", \"positions\": [[0, 2]]}]}],"
    " \"turns\": {\"order\": [\"SOUTH\", \"NORTH\"]},"
    " \"pieces\": [{\"code\": \"KING\", \"symbol\": \"k\", \"moves\": [{\"id\": 0, \"step\": [0, 1],"
    "   \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}, {\"state\": \"ENEMY\", \"action\": \"CAPTURE\"}],"
    "   \"repeat\": {\"loop\": true}}]}]}";

static void test_leader_attacked_player_range(void **state)
{
    (void)state;
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    ggn_game *g = ggn_game_load_string(facing_leaders, strlen(facing_leaders), "facing.json", errs);
    if (!g) fail_msg("facing.json: %s", errs->items[0].message);
    free(errs);
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    /* Both leaders are attacked; indices outside 0..1 name no player and are false. */
    assert_true(ggn_position_leader_attacked(pos, 0));
    assert_true(ggn_position_leader_attacked(pos, 1));
    assert_false(ggn_position_leader_attacked(pos, 2));
    assert_false(ggn_position_leader_attacked(pos, GGN_MAX_PLAYERS));
    assert_false(ggn_position_leader_attacked(pos, 99));
    assert_false(ggn_position_leader_attacked(pos, -1));
    assert_false(ggn_position_leader_attacked(pos, -1000000));
    ggn_position_free(pos);
    ggn_game_free(g);
}

static ggn_move parse(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    if (!ggn_move_parse(pos, text, &m, &err)) fail_msg("%s: %s", text, err.message);
    return m;
}

/* The move is refused by make, format and the capture probe, and the position is as it was. */
static void assert_refused(ggn_position *pos, ggn_move m, const char *what)
{
    uint64_t hash = ggn_position_hash(pos);
    int history = ggn_position_history(pos), turn = ggn_position_to_move(pos);
    char fen[256], after[256];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    char text[64] = "untouched";
    if (ggn_move_format(pos, m, text, sizeof text) != 0 || text[0]) fail_msg("%s: formatted as \"%s\"", what, text);
    if (ggn_move_is_capture(pos, m)) fail_msg("%s: said to capture", what);
    if (ggn_position_make(pos, m)) fail_msg("%s: made", what);
    assert_int_equal(ggn_position_hash(pos), hash);
    assert_int_equal(ggn_position_history(pos), history);
    assert_int_equal(ggn_position_to_move(pos), turn);
    assert_true(ggn_position_fen(pos, after, sizeof after) > 0);
    assert_string_equal(after, fen);
}

static void play(ggn_position *pos, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) assert_true(ggn_position_make(pos, parse(pos, w)));
}

static void test_foreign_moves_refused(void **state)
{
    (void)state;
    ggn_game *g = load_game("chess");
    ggn_position *a = ggn_position_new(g), *b = ggn_position_new(g);
    assert_non_null(a);
    assert_non_null(b);

    /* Black's e7e5, kept from the position after 1.e4, used after 1.e4 e5 2.Nf3: e7 is empty and
     * the old code made "nothing" capture the pawn on e5, which vanished. */
    play(a, "e2e4");
    ggn_move e7e5 = parse(a, "e7e5");
    play(b, "e2e4 e7e5 g1f3");
    assert_refused(b, e7e5, "a stale move from an empty square");
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(b, 4, 4, &kind, &owner, &unmoved));
    assert_int_equal(owner, 1);

    /* White's d2d4 from the start, with Black to move: the piece is not the mover's. */
    ggn_position *start = ggn_position_new(g);
    assert_non_null(start);
    ggn_move d2d4 = parse(start, "d2d4");
    assert_refused(a, d2d4, "the other side's move");

    /* Garbage in every field: the old code crashed on pattern 200 in make.c. */
    ggn_move e2e4 = parse(start, "e2e4");
    ggn_move bad = e2e4;
    bad.pattern = 200;
    assert_refused(start, bad, "pattern 200");
    bad = e2e4;
    bad.action = 200;
    assert_refused(start, bad, "action 200");
    bad = e2e4;
    bad.promotion = 9;
    bad.modifier = 7;
    assert_refused(start, bad, "promotion option 9 of modifier 7");
    bad = e2e4;
    bad.from = 5000;
    assert_refused(start, bad, "source 5000");
    bad = e2e4;
    bad.to = 5000;
    assert_refused(start, bad, "destination 5000");
    bad = e2e4;
    bad.from = 36; /* e5: empty */
    assert_refused(start, bad, "an empty source");
    ggn_move drop = { .from = GGN_MOVE_DROP, .to = 28 };
    assert_refused(start, drop, "a drop in a game without hands");
    bad = e2e4;
    bad.gate = 1;
    assert_refused(start, bad, "a gated piece in a game without gating");

    /* The real move still plays, and the same position accepts it again after unmake. */
    assert_true(ggn_move_format(start, e2e4, (char[16]){ 0 }, 16) == 4);
    assert_true(ggn_position_make(start, e2e4));
    assert_true(ggn_position_unmake(start));
    assert_true(ggn_position_make(start, e2e4));

    ggn_position_free(start);
    ggn_position_free(a);
    ggn_position_free(b);
    ggn_game_free(g);
}

static void test_foreign_drops_refused(void **state)
{
    (void)state;
    ggn_game *g = load_game("crazyhouse");
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    ggn_error err;
    assert_true(ggn_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] w KQkq - 0 1", &err));
    ggn_move drop = parse(pos, "P@e4");
    assert_true(ggn_move_is_drop(drop));
    ggn_move bad = drop;
    bad.to = 12; /* e2: occupied */
    assert_refused(pos, bad, "a drop onto a piece");
    bad = drop;
    bad.pattern = 200;
    assert_refused(pos, bad, "a drop of kind 200");
    bad = drop;
    bad.action = 50;
    assert_refused(pos, bad, "a drop with rule 50");
    /* White holds a pawn but no knight: the knight is Black's. */
    ggn_position *black = ggn_position_new(g);
    assert_non_null(black);
    assert_true(ggn_position_set_fen(black, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pn] b KQkq - 0 1", &err));
    ggn_move knight = parse(black, "N@e5");
    assert_refused(pos, knight, "a drop of a kind not in hand");
    /* Played, the pawn leaves the hand; a pawn drop elsewhere then has none to take. */
    ggn_move e3 = parse(pos, "P@e3");
    assert_true(ggn_position_make(pos, drop));
    assert_true(ggn_position_make(pos, parse(pos, "g8f6")));
    assert_refused(pos, e3, "a drop from an empty hand");
    ggn_position_free(black);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * The check refuses nothing that was generated: in every shipped game, 60
 * plies of a fixed pseudo-random walk, every legal move of every position
 * formats, makes and unmakes through the public, checked functions.
 */
/* The white pieces on the board. */
static int white_pieces(const ggn_position *pos)
{
    int n = 0, kind, owner;
    bool unmoved;
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) n += ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved) && owner == 0;
    return n;
}

/*
 * A castle move (castling to fixed files: king takes rook) kept from another position: refused when
 * its rook is not there; played when it is, and then whatever stands on a landing square is taken
 * like the target of any move, never overwritten (unmake brings it back).
 */
static void test_foreign_castles(void **state)
{
    (void)state;
    ggn_game *g = load_game("fischerandom");
    ggn_position *a = ggn_position_new(g), *b = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_set_fen(a, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", &err));
    ggn_move castle = parse(a, "e1g1");
    assert_true(ggn_position_set_fen(b, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1N1 w Bb - 0 1", &err));
    assert_refused(b, castle, "a castle move whose partner is a knight");
    assert_true(ggn_position_set_fen(b, "1r2k1r1/pppppppp/8/8/8/6R1/PPPPPPPP/1R2K3 w Bb - 0 1", &err));
    assert_refused(b, castle, "a castle move whose partner left the rank");
    assert_true(ggn_position_set_fen(b, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2KNR1 w GBgb - 0 1", &err));
    char before[256], after[256];
    assert_true(ggn_position_fen(b, before, sizeof before) > 0);
    assert_int_equal(white_pieces(b), 12);
    assert_true(ggn_position_make(b, castle));
    assert_true(ggn_position_fen(b, after, sizeof after) > 0);
    assert_string_equal(after, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b gb - 0 1");
    assert_int_equal(white_pieces(b), 11); /* the knight on f1 was taken, not overwritten */
    ggn_position *c = ggn_position_new(g);
    assert_true(ggn_position_set_fen(c, after, &err));
    assert_int_equal(ggn_position_hash(b), ggn_position_hash(c)); /* no ghost knight left in the hash */
    ggn_position_free(c);
    assert_true(ggn_position_unmake(b));
    assert_true(ggn_position_fen(b, after, sizeof after) > 0);
    assert_string_equal(after, before);
    ggn_position_free(a);
    ggn_position_free(b);
    ggn_game_free(g);
}

static void test_generated_moves_all_fit(void **state)
{
    (void)state;
    static const char *const games[] = { "chess", "crazyhouse", "xiangqi", "shogi", "minishogi", "makruk",
                                          "shatranj", "losalamos", "chess4", "fischerandom", "caparandom" };
    static ggn_move moves[GGN_MAX_MOVES];
    unsigned seed = 12345;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        ggn_game *g = load_game(games[k]);
        ggn_position *pos = ggn_position_new(g);
        assert_non_null(pos);
        for (int ply = 0; ply < 60; ply++) {
            size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
            if (n == 0) break;
            for (size_t i = 0; i < n; i++) {
                char text[64];
                if (!ggn_move_format(pos, moves[i], text, sizeof text))
                    fail_msg("%s ply %d: move %zu does not format", games[k], ply, i);
                if (!ggn_position_make(pos, moves[i])) fail_msg("%s ply %d: %s refused", games[k], ply, text);
                assert_true(ggn_position_unmake(pos));
            }
            seed = seed * 1103515245u + 12345u;
            assert_true(ggn_position_make(pos, moves[(seed >> 16) % n]));
        }
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

/* ---- control bytes ------------------------------------------------------------ */

static void assert_no_escape(const char *text, const char *what)
{
    for (const char *p = text; *p; p++)
        if (*p == '\033' || *p == '\007') fail_msg("%s: a raw control byte 0x%02x reached the terminal", what, *p);
}

static void test_control_bytes_escaped(void **state)
{
    (void)state;
    /* A game record whose "game" holds an escape sequence. */
    char path[512];
    snprintf(path, sizeof path, "%s/record.json", tmpdir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("{\"game\": \"Che\\u001b[31mss\\u001b]0;owned\\u0007\", \"start\": null, \"moves\": []}\n", f);
    assert_int_equal(fclose(f), 0);
    const char *const load[] = { GGN_BINARY, "play", "chess", "--players", "human,human", "--load", path, NULL };
    proc_result r = proc_run(load, "", NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_no_escape(r.err, "--load");
    if (!strstr(r.err, "is a game of Che\\x1b[31mss\\x1b]0;owned\\x07, not Chess")) fail_msg("--load: %s", r.err);
    proc_free(&r);

    /* Typed lines: a move, a command's argument, the load command's file name and its message. */
    char input[1024];
    snprintf(input, sizeof input,
             "e2\033[31mX\nmoves \033[2J\nload %s\nload \033]0;t\007\ne2e5\033\nquit\n", path);
    const char *const play[] = { GGN_BINARY, "play", "chess", "--players", "human,human", NULL };
    r = proc_run(play, input, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_no_escape(r.out, "play");
    const char *expected[] = { "'e2\\x1b[31mX' is not a move", "'\\x1b[2J' is not a square of this board.",
                               "Not loaded: ", "is a game of Che\\x1b[31mss", "cannot read \\x1b]0;t\\x07:",
                               "Illegal move e2e5\\x1b: e2e5\\x1b is not a legal move here" };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        if (!strstr(r.out, expected[i])) fail_msg("play: output lacks \"%s\":\n%s", expected[i], r.out);
    proc_free(&r);

    /* --moves on the command line: its error quotes the move, escaped. */
    const char *const moves[] = { GGN_BINARY, "perft", "chess", "1", "--moves", "e2e4 \033[31mxx", NULL };
    r = proc_run(moves, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_no_escape(r.err, "--moves");
    if (!strstr(r.err, "--moves: error: move 2: '\\x1b[31mxx'")) fail_msg("--moves: %s", r.err);
    proc_free(&r);

    /* Error lines of every command: here a file name given on the command line. */
    const char *const check[] = { GGN_BINARY, "check", "/nonexistent/\033[2J\302\233.json", NULL };
    r = proc_run(check, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_no_escape(r.err, "check");
    if (!strstr(r.err, "/nonexistent/\\x1b[2J\\xc2\\x9b.json: error: cannot open")) fail_msg("check: %s", r.err);
    /* UTF-8 text that is not a control character is left as it is. */
    proc_free(&r);
    const char *const check_utf8[] = { GGN_BINARY, "check", "/nonexistent/\xc3\xa9" "chec.json", NULL };
    r = proc_run(check_utf8, NULL, NULL, TIMEOUT_MS);
    if (!strstr(r.err, "/nonexistent/\xc3\xa9" "chec.json: error: cannot open")) fail_msg("check: %s", r.err);
    proc_free(&r);
    assert_int_equal(unlink(path), 0);

    /* Issue 41: an argument quoted by a usage error, a game name found nowhere, a PGN's Variant tag. */
    const char *const usage[] = { GGN_BINARY, "match", "chess", "--engine", "x", "--engine", "y", "--games",
                                  "1\033[2J", NULL };
    r = proc_run(usage, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 2);
    assert_no_escape(r.err, "usage error");
    if (!strstr(r.err, "not '1\\x1b[2J'")) fail_msg("usage error: %s", r.err);
    proc_free(&r);
    const char *const nogame[] = { GGN_BINARY, "perft", "ch\033[2Jess", "1", NULL };
    r = proc_run(nogame, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_no_escape(r.err, "no game");
    if (!strstr(r.err, "no game 'ch\\x1b[2Jess'")) fail_msg("no game: %s", r.err);
    proc_free(&r);
    snprintf(path, sizeof path, "%s/variant.pgn", tmpdir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("[Event \"x\"]\n[Variant \"evil\033]0;owned\007\"]\n\n1. e4 *\n", f);
    assert_int_equal(fclose(f), 0);
    const char *const pgn[] = { GGN_BINARY, "pgn", path, NULL };
    r = proc_run(pgn, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 1);
    assert_no_escape(r.err, "pgn Variant");
    if (!strstr(r.err, "Variant \"evil\\x1b]0;owned\\x07\" is no name")) fail_msg("pgn Variant: %s", r.err);
    proc_free(&r);
    assert_int_equal(unlink(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_special_files_refused),
        cmocka_unit_test(test_write_errors_exit_1),
        cmocka_unit_test(test_leader_attacked_player_range),
        cmocka_unit_test(test_foreign_moves_refused),
        cmocka_unit_test(test_foreign_drops_refused),
        cmocka_unit_test(test_foreign_castles),
        cmocka_unit_test(test_generated_moves_all_fit),
        cmocka_unit_test(test_control_bytes_escaped),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
