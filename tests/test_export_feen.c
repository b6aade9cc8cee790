/*
 * test_export_feen.c — ggn_position_export_feen: the FEEN of a position
 * reads back (ggn_board_state_parse) as exactly the board state
 * ggn_position_export_state gives, for every shipped two-player game and
 * the export test specs (hands, promoted forms, a disabled square), in the
 * three spellings, on positions from random legal play (fixed seed); and a
 * few positions written out in full.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_util.h"
#include "ggn/export.h"
#include "ggn/game.h"
#include "ggn/id.h"
#include "ggn/ruleset.h"
#include "engine/probe.h"

#define POSITIONS_PER_GAME 300
#define MAX_GAME_PLIES 160

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static ggn_game *load_path(const char *path)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
    return g;
}

/* The "NAME" of an id "NAME:..." of the given side found on the board of st; false when that side has no piece there. */
static bool side_name(const ggn_game *g, const ggn_board_state *st, bool upper, char *name, size_t cap)
{
    for (int y = 0; y < ggn_game_rows(g); y++) {
        for (int x = 0; x < ggn_game_cols(g); x++) {
            ggn_cell cell = { 2, { x, y, 0 } };
            char label[GGN_MAX_LABEL];
            ggn_cell_format(&cell, label, sizeof label);
            const char *id = ggn_board_state_at(st, label);
            if (!id || (id[0] >= 'A' && id[0] <= 'Z') != upper) continue;
            snprintf(name, cap, "%.*s", (int)strcspn(id, ":"), id);
            return true;
        }
    }
    return false;
}

/* The player whose pieces the state writes in upper (or lower) case: the export's sides. */
static int player_of_case(const ggn_game *g, const ggn_position *pos, const ggn_board_state *st, bool upper)
{
    for (int y = 0; y < ggn_game_rows(g); y++) {
        for (int x = 0; x < ggn_game_cols(g); x++) {
            int kind, owner;
            bool unmoved;
            if (!ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) continue;
            ggn_cell cell = { 2, { x, y, 0 } };
            char label[GGN_MAX_LABEL];
            ggn_cell_format(&cell, label, sizeof label);
            const char *id = ggn_board_state_at(st, label);
            assert_non_null(id);
            return (id[0] >= 'A' && id[0] <= 'Z') == upper ? owner : 1 - owner;
        }
    }
    fail_msg("no piece on the board");
    return -1;
}

/* Compares the parsed FEEN with the export state, square by square and hand by hand. */
static void compare(const ggn_game *g, const ggn_position *pos, const ggn_board_state *want, const ggn_board_state *got,
                    const char *feen, const char *where)
{
    if (ggn_board_state_active(want) != ggn_board_state_active(got)) fail_msg("%s: side to move differs in '%s'", where, feen);
    for (int y = 0; y < ggn_game_rows(g); y++) {
        for (int x = 0; x < ggn_game_cols(g); x++) {
            ggn_cell cell = { 2, { x, y, 0 } };
            char label[GGN_MAX_LABEL];
            ggn_cell_format(&cell, label, sizeof label);
            const char *a = ggn_board_state_at(want, label), *b = ggn_board_state_at(got, label);
            if ((a == NULL) != (b == NULL) || (a && strcmp(a, b) != 0))
                fail_msg("%s: %s holds %s, the FEEN '%s' says %s", where, label, a ? a : "nothing", feen, b ? b : "nothing");
        }
    }
    if (!ggn_game_has_hands(g)) return;
    for (int side = 0; side < 2; side++) {
        char name[64];
        if (!side_name(g, want, side == 0, name, sizeof name)) fail_msg("%s: no piece of side %d on the board", where, side);
        int player = player_of_case(g, pos, want, side == 0);
        int in_hand = 0, counted = 0;
        for (int k = 0; k < ggn_game_kind_count(g); k++) {
            in_hand += ggn_position_hand_count(pos, player, k);
            char letter = ggn_game_kind_symbol(g, k);
            bool first = true;
            for (int j = 0; j < k; j++) first = first && ggn_game_kind_symbol(g, j) != letter;
            if (!letter || !first) continue; /* a promoted form shares its base kind's letter, and never sits in a hand */
            char id[GGN_MAX_ID];
            snprintf(id, sizeof id, "%.32s:%c", name, side == 0 ? letter : (char)(letter - 'A' + 'a'));
            ggn_side s = side ? GGN_SIDE_SECOND : GGN_SIDE_FIRST;
            size_t a = ggn_board_state_hand_count(want, s, id), b = ggn_board_state_hand_count(got, s, id);
            if (a != b) fail_msg("%s: %zu %s in hand, the FEEN '%s' says %zu", where, a, id, feen, b);
            counted += (int)a;
        }
        assert_int_equal(counted, in_hand);
    }
}

/* Checks one position in the three spellings; returns how many FEENs were compared. */
static int check_position(const ggn_game *g, const ggn_position *pos, const char *name)
{
    int compared = 0;
    for (int sp = 0; sp < 3; sp++) {
        ggn_error e1, e2;
        ggn_error_clear(&e1);
        ggn_error_clear(&e2);
        ggn_board_state *want = ggn_position_export_state(pos, (ggn_spelling)sp, false, &e1);
        char *feen = ggn_position_export_feen(pos, (ggn_spelling)sp, &e2);
        char where[256];
        snprintf(where, sizeof where, "%s (%s)", name, ggn_spelling_name((ggn_spelling)sp));
        if (!want) {
            /* Whatever the state cannot say, the FEEN cannot either, for the same reason. */
            if (feen) fail_msg("%s: FEEN '%s' written where the state is refused (%s)", where, feen, e1.message);
            assert_int_equal(e1.code, e2.code);
            assert_string_equal(e1.message, e2.message);
            continue;
        }
        if (!feen) fail_msg("%s: no FEEN: %s", where, e2.message);
        ggn_board_state *got = ggn_board_state_parse(feen, strlen(feen), &e2);
        if (!got) fail_msg("%s: the FEEN '%s' does not read back: %s (column %d)", where, feen, e2.message, e2.column);
        compare(g, pos, want, got, feen, where);
        compared++;
        ggn_board_state_free(got);
        ggn_board_state_free(want);
        free(feen);
    }
    return compared;
}

static void random_play(const char *path, const char *name)
{
    ggn_game *g = load_path(path);
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    uint64_t seed = 0x2545F4914F6CDD1DULL;
    int positions = 0, compared = 0, with_hands = 0;
    while (positions < POSITIONS_PER_GAME) {
        while (ggn_position_unmake(pos)) {
        }
        for (int ply = 0; ply < MAX_GAME_PLIES && positions < POSITIONS_PER_GAME; ply++) {
            compared += check_position(g, pos, name);
            positions++;
            for (int p = 0; p < 2; p++)
                for (int k = 0; k < ggn_game_kind_count(g); k++)
                    if (ggn_position_hand_count(pos, p, k)) {
                        with_hands++;
                        p = 2;
                        break;
                    }
            ggn_move legal[GGN_MAX_MOVES];
            size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
            if (n == 0 || eg_leader_captured(pos)) break;
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            assert_true(ggn_position_make(pos, legal[rng_next(&seed) % n]));
        }
    }
    printf("%s: %d positions, %d FEENs read back as the export state", name, positions, compared);
    if (ggn_game_has_hands(g)) printf(" (%d positions with pieces in hand)", with_hands);
    printf("\n");
    assert_true(compared >= positions); /* at least one spelling per position */
    if (ggn_game_has_hands(g)) assert_true(with_hands >= POSITIONS_PER_GAME / 4);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_games(void **state)
{
    (void)state;
    const char *games[] = { "chess", "losalamos", "shatranj", "makruk", "xiangqi", "crazyhouse", "shogi", "minishogi" };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.json", GGN_GAMES_DIR, games[i]);
        random_play(path, games[i]);
    }
}

/* The export test specs: hands with promoted forms (hands.json), a disabled centre square (constructs.json). */
static void test_export_specs(void **state)
{
    (void)state;
    const char *specs[] = { "hands.json", "constructs.json" };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/export/%s", GGN_TEST_DATA, specs[i]);
        random_play(path, specs[i]);
    }
}

static char *feen_after(const ggn_game *g, const char *fen, const char *moves, ggn_spelling sp)
{
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    ggn_error err;
    ggn_error_clear(&err);
    if (fen && !ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    char list[512];
    snprintf(list, sizeof list, "%s", moves);
    for (char *mv = strtok(list, " "); mv; mv = strtok(NULL, " ")) {
        ggn_move m;
        if (!ggn_move_parse(pos, mv, &m, &err)) fail_msg("%s: %s", mv, err.message);
        assert_true(ggn_position_make(pos, m));
    }
    char *feen = ggn_position_export_feen(pos, sp, &err);
    if (!feen) fail_msg("no FEEN: %s", err.message);
    ggn_position_free(pos);
    return feen;
}

/* Positions written out in full: states (+ unmoved, - en passant), hands with counts, names per spelling. */
static void test_written(void **state)
{
    (void)state;
    ggn_game *chess = load("chess.json");
    struct {
        const char *fen, *moves;
        ggn_spelling sp;
        const char *want;
    } cases[] = {
        { NULL, "", GGN_SPELLING_MUST_DENY, "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / C/c" },
        { NULL, "e2e4", GGN_SPELLING_MUST_DENY, "+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / c/C" },
        /* the flag lasts one turn: after Black's reply the e4 pawn is plain again */
        { NULL, "e2e4 g8f6", GGN_SPELLING_BOARD_CHECK,
          "+rnbq+kb1+r/+p+p+p+p+p+p+p+p/5n2/8/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+KBN+R / CHESS/chess" },
        { "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "", GGN_SPELLING_REQUIRE_PREVENT, "4k3/8/8/8/8/8/8/+R3+K2+R / CHESS/chess" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *feen = feen_after(chess, cases[i].fen, cases[i].moves, cases[i].sp);
        assert_string_equal(feen, cases[i].want);
        free(feen);
    }
    ggn_game_free(chess);

    ggn_game *shogi = load("shogi.json");
    /* the bishop takes on 2b and promotes, the silver takes it back: a bishop in each hand */
    char *feen = feen_after(shogi, NULL, "7g7f 3c3d 8h2b+ 3a2b", GGN_SPELLING_MUST_DENY);
    assert_string_equal(feen, "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL B/b S/s");
    free(feen);
    ggn_game_free(shogi);

    ggn_game *zh = load("crazyhouse.json");
    feen = feen_after(zh, "4k3/8/8/8/8/8/8/4K3[PPNq] w - - 0 1", "", GGN_SPELLING_BOARD_CHECK);
    assert_string_equal(feen, "4k3/8/8/8/8/8/8/4K3 2PN/q CRAZYHOUSE/crazyhouse");
    free(feen);
    ggn_game_free(zh);
}

/* What the export refuses, the FEEN refuses: four players; and no position at all. */
static void test_refused(void **state)
{
    (void)state;
    ggn_game *g = load("chess4.json");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_position_export_feen(pos, GGN_SPELLING_MUST_DENY, &err));
    assert_int_equal(err.code, GGN_E_CONVERSION);
    assert_non_null(strstr(err.message, "two sides"));
    ggn_position_free(pos);
    ggn_game_free(g);
    ggn_error_clear(&err);
    assert_null(ggn_position_export_feen(NULL, GGN_SPELLING_MUST_DENY, &err));
    assert_int_equal(err.code, GGN_E_USAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_written),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_games),
        cmocka_unit_test(test_export_specs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
