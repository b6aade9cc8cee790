/*
 * test_compat.c — the original engine's spec files (../shared/compat/
 * modern-chess, GGN_COMPAT_DIR) run in ggn: every file loads and compiles,
 * its chess.json is FIDE chess by perft, and its 4player_chess.json survives
 * a few hundred random legal moves.
 *
 * Usage: test_compat [--slow]   (--slow adds perft 5 of chess.json)
 *
 * Those files are not ours and are not copied into the project: when the
 * directory is absent the tests say so loudly, skip, and the program exits
 * 77 (CTest's SKIP_RETURN_CODE), so a missing directory never reads as a pass.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ggn/game.h"
#include "ggn/notation.h"

#define COMPAT GGN_COMPAT_DIR "/modern-chess"

static bool slow;
static bool skipped;

static bool compat_present(void)
{
    struct stat st;
    if (stat(COMPAT, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    skipped = true;
    fprintf(stderr,
            "\n*** SKIPPED: %s is absent: the original engine's spec files were NOT run ***\n\n", COMPAT);
    return false;
}

static ggn_game *load(const char *path)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) fail_msg("%s: %zu errors, first: %s", path, errs.count, errs.count ? errs.items[0].message : "?");
    return g;
}

static bool is_json(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcmp(name + n - 5, ".json") == 0;
}

/* Loads every *.json in dir; returns how many. */
static int load_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) fail_msg("cannot open %s", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!is_json(e->d_name)) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ggn_game *g = load(path);
        /* Compiled and playable: a start position with its moves. */
        ggn_position *pos = ggn_position_new(g);
        assert_non_null(pos);
        ggn_move mv[GGN_MAX_MOVES];
        size_t moves = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
        printf("  %s: %d players, %d kinds, %zu legal moves at the start\n", path, ggn_game_player_count(g),
               ggn_game_kind_count(g), moves);
        ggn_position_free(pos);
        ggn_game_free(g);
        n++;
    }
    closedir(d);
    return n;
}

static void test_every_file_loads(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    int top = load_dir(COMPAT);
    int sub = load_dir(COMPAT "/tests");
    /* chess.json and 4player_chess.json, and the specs of its tests. */
    assert_true(top >= 2);
    assert_true(sub >= 1);
}

static void test_chess_perft(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    ggn_game *g = load(COMPAT "/chess.json");
    /* Its pieces have no symbols: no FEN, so the start position it is. */
    assert_false(ggn_game_has_fen(g));
    ggn_position *pos = ggn_position_new(g);
    static const uint64_t fide[] = { 1, 20, 400, 8902, 197281, 4865609 };
    int depth = slow ? 5 : 4;
    for (int d = 1; d <= depth; d++) {
        uint64_t got = ggn_perft(pos, d);
        printf("  compat chess.json perft(%d) = %" PRIu64 "%s\n", d, got, got == fide[d] ? "" : "  <-- WRONG");
        assert_int_equal(got, fide[d]);
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

static uint64_t rng = 0x636F6D706174ULL;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static void test_four_player_random(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    ggn_game *g = load(COMPAT "/4player_chess.json");
    int players = ggn_game_player_count(g), cols = ggn_game_cols(g);
    assert_int_equal(players, 4);
    int played = 0, games = 0;
    while (played < 400) {
        ggn_position *pos = ggn_position_new(g);
        uint64_t start = ggn_position_hash(pos);
        int n = 0;
        for (; n < 150 && played < 400; n++) {
            ggn_status st = ggn_position_status(pos);
            if (st.outcome != GGN_ONGOING) break;
            ggn_move mv[GGN_MAX_MOVES];
            size_t k = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
            assert_true(k > 0 && k <= GGN_MAX_MOVES);
            ggn_move m = mv[rnd((unsigned)k)];
            assert_true(ggn_game_square_enabled(g, m.from % cols, m.from / cols));
            assert_true(ggn_game_square_enabled(g, m.to % cols, m.to / cols));
            char text[64];
            assert_true(ggn_move_format(pos, m, text, sizeof text) > 0);
            ggn_move back;
            ggn_error err;
            if (!ggn_move_parse(pos, text, &back, &err)) fail_msg("%s: %s", text, err.message);
            int mover = ggn_position_to_move(pos);
            uint64_t before = ggn_position_hash(pos);
            assert_true(ggn_position_make(pos, m));
            assert_int_not_equal(ggn_position_to_move(pos), mover);
            /* Take it back and play it again: the same position both times. */
            uint64_t after = ggn_position_hash(pos);
            assert_true(ggn_position_unmake(pos));
            assert_int_equal(ggn_position_hash(pos), before);
            assert_true(ggn_position_make(pos, m));
            assert_int_equal(ggn_position_hash(pos), after);
            played++;
        }
        while (ggn_position_unmake(pos)) {}
        assert_int_equal(ggn_position_hash(pos), start);
        ggn_position_free(pos);
        games++;
    }
    printf("  compat 4player_chess.json: %d random moves in %d games\n", played, games);
    assert_int_equal(played, 400);
    ggn_game_free(g);
}

int main(int argc, char **argv)
{
    slow = argc > 1 && strcmp(argv[1], "--slow") == 0;
    const struct CMUnitTest fast[] = {
        cmocka_unit_test(test_every_file_loads),
        cmocka_unit_test(test_chess_perft),
        cmocka_unit_test(test_four_player_random),
    };
    const struct CMUnitTest deep[] = { cmocka_unit_test(test_chess_perft) };
    int failed = slow ? cmocka_run_group_tests(deep, NULL, NULL) : cmocka_run_group_tests(fast, NULL, NULL);
    if (failed == 0 && skipped) return 77;
    return failed;
}
