/*
 * test_action.c — action ids and observations (ggn/action.h): on random
 * games of every shipped game, every legal move has one id of its own,
 * within the action space, listed in increasing order, which leads back to
 * the same move and agrees with the move's coordinate text; ids outside the
 * space or not legal are refused; the observation counts the pieces, hands
 * and the player to move.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "game_util.h"
#include "ggn/action.h"

#define PLAYOUT_PLIES 120

/* Random games per shipped game: 3, or the first argument (the valgrind subset runs 1). */
static int rounds = 3;

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint32_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

/* The jumps of a chain capture's text ("c3xe5xg7": 2); 0 for other moves. */
static int jumps(const char *text)
{
    int n = 0;
    for (; *text; text++) n += *text == 'x';
    return n;
}

/* Checks the ids of every legal move of pos against the moves and their text. */
static void check_actions(ggn_position *pos, const char *name)
{
    const ggn_game *g = ggn_position_game(pos);
    int32_t count = ggn_game_action_count(g);
    ggn_move moves[GGN_MAX_MOVES], listed[GGN_MAX_MOVES];
    int32_t ids[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    assert_int_equal(ggn_position_legal_actions(pos, ids, listed, GGN_MAX_MOVES), n);
    static char text[GGN_MAX_MOVES][64];
    for (size_t i = 0; i < n; i++) {
        if (ids[i] < 0 || ids[i] >= count) fail_msg("%s: id %ld outside 0..%ld", name, (long)ids[i], (long)count);
        ggn_move_format(pos, listed[i], text[i], sizeof text[i]);
        /* ggn/action.h's one exception: two chain captures (each of two jumps or more, "c3xe5xg7")
         * between the same squares share an id, which leads back to the first of them. */
        bool shared = i > 0 && ids[i] == ids[i - 1] && jumps(text[i]) >= 2 && jumps(text[i - 1]) >= 2;
        if (i > 0 && ids[i] <= ids[i - 1] && !shared)
            fail_msg("%s: ids not increasing and distinct: %ld after %ld (ply %d)", name, (long)ids[i],
                     (long)ids[i - 1], ggn_position_ply(pos));
        assert_int_equal(ggn_move_action(pos, listed[i]), ids[i]);
        ggn_move back;
        ggn_error err;
        ggn_error_clear(&err);
        assert_true(ggn_action_move(pos, ids[i], &back, &err));
        if (!shared) assert_true(ggn_move_equal(back, listed[i]));
    }
    /* The same text is the same id: ids sorted and distinct, so texts must be distinct too. */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (strcmp(text[i], text[j]) == 0) fail_msg("%s: two legal moves written %s", name, text[i]);
    /* Every legal move generated is listed: each one's id is among ids. */
    for (size_t i = 0; i < n; i++) {
        int32_t id = ggn_move_action(pos, moves[i]);
        bool found = false;
        for (size_t j = 0; j < n && !found; j++) found = ids[j] == id;
        assert_true(found);
    }
}

/* Checks that the piece planes hold exactly the board's pieces and the mover plane the player to move. */
static void check_observation(ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    int np = ggn_game_player_count(g), nk = ggn_game_kind_count(g);
    size_t area = (size_t)ggn_game_cols(g) * (size_t)ggn_game_rows(g);
    size_t size = (size_t)ggn_game_observation_planes(g) * area;
    float *obs = malloc(size * sizeof *obs);
    assert_non_null(obs);
    for (int observer = 0; observer < np; observer++) {
        ggn_error err;
        ggn_error_clear(&err);
        assert_true(ggn_position_observation(pos, observer, obs, size, &err));
        for (int y = 0; y < ggn_game_rows(g); y++) {
            for (int x = 0; x < ggn_game_cols(g); x++) {
                size_t sq = (size_t)y * (size_t)ggn_game_cols(g) + (size_t)x;
                int kind = -1, owner = -1;
                bool unmoved;
                bool here = ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved);
                for (int r = 0; r < np; r++)
                    for (int k = 0; k < nk; k++) {
                        float want = here && k == kind && (observer + r) % np == owner ? 1.0f : 0.0f;
                        assert_true(obs[((size_t)r * (size_t)nk + (size_t)k) * area + sq] == want);
                    }
            }
        }
        size_t at = (size_t)np * (size_t)nk * area;
        if (ggn_game_has_hands(g)) {
            for (int r = 0; r < np; r++)
                for (int k = 0; k < nk; k++)
                    assert_true(obs[at + ((size_t)r * (size_t)nk + (size_t)k) * area] ==
                                (ggn_game_supply_unlimited(g, (observer + r) % np, k)
                                     ? 1.0f
                                     : (float)ggn_position_hand_count(pos, (observer + r) % np, k)));
            at += (size_t)np * (size_t)nk * area;
        }
        int rel = (ggn_position_to_move(pos) - observer + np) % np;
        for (int r = 0; r < np; r++) assert_true(obs[at + (size_t)r * area] == (r == rel ? 1.0f : 0.0f));
        at += (size_t)np * area;
        assert_true(obs[at + 3 * area] == (float)ggn_position_ply(pos));
        assert_false(ggn_position_observation(pos, observer, obs, size - 1, &err));
        assert_int_equal(err.code, GGN_E_LIMIT);
    }
    ggn_error err;
    assert_false(ggn_position_observation(pos, np, obs, size, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    free(obs);
}

static void playout(const char *file)
{
    ggn_game *g = load(file);
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    for (int ply = 0; ply < PLAYOUT_PLIES; ply++) {
        check_actions(pos, file);
        if (ply % 16 == 0) check_observation(pos);
        int32_t ids[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_actions(pos, ids, NULL, GGN_MAX_MOVES);
        if (n == 0 || ggn_position_status(pos).outcome != GGN_ONGOING) break;
        ggn_error err;
        ggn_error_clear(&err);
        assert_true(ggn_position_apply_action(pos, ids[next_random() % n], &err));
    }
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_every_game(void **state)
{
    (void)state;
    DIR *dir = opendir(GGN_GAMES_DIR);
    assert_non_null(dir);
    int games = 0;
    for (struct dirent *d; (d = readdir(dir));) {
        size_t len = strlen(d->d_name);
        if (len <= 5 || strcmp(d->d_name + len - 5, ".json") != 0) continue;
        for (int round = 0; round < rounds; round++) playout(d->d_name);
        games++;
    }
    closedir(dir);
    assert_true(games >= 40);
}

/* The layout of ggn/action.h on chess: 64 squares, 6 kinds, no hands. */
static void test_chess_layout(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = ggn_position_new(g);
    assert_int_equal(ggn_game_action_count(g), 64 * 64 * 7);
    ggn_move mv;
    ggn_error err;
    ggn_error_clear(&err);
    assert_true(ggn_move_parse(pos, "e2e4", &mv, &err));
    assert_int_equal(ggn_move_action(pos, mv), (12 * 64 + 28) * 7);
    /* An id that is a move, but not a legal one here; then one outside the space. */
    assert_false(ggn_action_move(pos, (12 * 64 + 36) * 7, &mv, &err));
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_string_equal(err.message, "action 5628 (e2e5) is not a legal move here");
    assert_false(ggn_action_move(pos, (48 * 64 + 56) * 7 + 1 + kind_of(g, "QUEEN"), &mv, &err));
    assert_non_null(strstr(err.message, "(a7a8q)"));
    assert_false(ggn_position_apply_action(pos, 64 * 64 * 7, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_false(ggn_position_apply_action(pos, -1, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    /* A wider id is refused, never cut to 32 bits into another move's (these low halves are e2e4's). */
    assert_false(ggn_position_apply_action(pos, ((int64_t)1 << 32) + (12 * 64 + 28) * 7, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_string_equal(err.message, "action 4294972868 is out of range 0..28671 of this game");
    assert_false(ggn_action_move(pos, INT64_MIN + (12 * 64 + 28) * 7, &mv, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_false(ggn_action_move(pos, -((int64_t)1 << 32) + (12 * 64 + 28) * 7, &mv, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    assert_int_equal(ggn_position_ply(pos), 0);
    /* A promotion: a7 to a8 as a queen is slot 1 + the queen's kind. */
    assert_true(ggn_position_set_fen(pos, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", &err));
    assert_true(ggn_move_parse(pos, "a7a8q", &mv, &err));
    assert_int_equal(ggn_move_action(pos, mv), (48 * 64 + 56) * 7 + 1 + kind_of(g, "QUEEN"));
    assert_true(ggn_position_apply_action(pos, (48 * 64 + 56) * 7 + 1 + kind_of(g, "KNIGHT"), &err));
    int kind, owner;
    bool unmoved;
    assert_true(ggn_position_piece_at(pos, 0, 7, &kind, &owner, &unmoved));
    assert_int_equal(kind, kind_of(g, "KNIGHT"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Drops come after the board moves: S * S * (K + 1) + kind * S + square. */
static void test_drop_layout(void **state)
{
    (void)state;
    ggn_game *g = load("crazyhouse.json");
    ggn_position *pos = ggn_position_new(g);
    int k = ggn_game_kind_count(g);
    assert_int_equal(ggn_game_action_count(g), 64 * 64 * (k + 1) + k * 64);
    ggn_error err;
    ggn_error_clear(&err);
    assert_true(ggn_position_set_fen(pos, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", &err));
    ggn_move mv;
    assert_true(ggn_move_parse(pos, "N@d4", &mv, &err));
    assert_int_equal(ggn_move_action(pos, mv), 64 * 64 * (k + 1) + kind_of(g, "KNIGHT") * 64 + 27);
    /* A drop onto the king's square is an id of the space, but no legal move. */
    assert_false(ggn_action_move(pos, 64 * 64 * (k + 1) + kind_of(g, "KNIGHT") * 64 + 4, &mv, &err));
    assert_int_equal(err.code, GGN_E_ILLEGAL);
    assert_non_null(strstr(err.message, "(N@e1)"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(int argc, char **argv)
{
    if (argc > 1) rounds = atoi(argv[1]);
    if (rounds < 1) rounds = 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_layout),
        cmocka_unit_test(test_drop_layout),
        cmocka_unit_test(test_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
