/*
 * test_chain.c — chain captures (extension "chain", docs/game-spec.md) and
 * forced_capture "most", on games/checkers.json and games/draughts.json: a
 * chain is one move with its own text; routes taking the same pieces to the
 * same end are one move, other routes between the same squares are not; a
 * TRANSFORM ends the chain only with promotion_ends; the majority rule;
 * make/unmake and the hash over random games; moves that name no chain are
 * refused. (The perft tables are tests/data/perft/checkers.epd and
 * draughts.epd; the refused specs are in tests/data/spec/bad/chain_*.json.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/action.h"
#include "ggn/file.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

static ggn_position *from_fen(const ggn_game *g, const char *fen)
{
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    return pos;
}

/* The legal moves, written out and joined by spaces in generation order. */
static void list_moves(ggn_position *pos, char *out, size_t cap)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES), used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char text[128];
        assert_true(ggn_move_format(pos, mv[i], text, sizeof text) > 0);
        used += (size_t)snprintf(out + used, cap - used, "%s%s", i ? " " : "", text);
        assert_true(used < cap);
    }
}

static ggn_move parse(ggn_position *pos, const char *text)
{
    ggn_move m;
    ggn_error err;
    if (!ggn_move_parse(pos, text, &m, &err)) fail_msg("%s: %s", text, err.message);
    return m;
}

/*
 * A king (upper case: the first player) on c5 may take b6 alone and stop on
 * a7, or run a3, c1, e3, back through c5 and on to a7, taking five men: two
 * chains from c5 to a7 that take different pieces, two moves with two texts.
 */
static void test_two_routes_between_the_same_squares(void **state)
{
    (void)state;
    ggn_game *g = load("checkers.json");
    ggn_position *pos = from_fen(g, "7m/8/1m1m4/m1K1m1m1/1m1k4/8/1m1m3m/8 w - - 0 1");
    assert_true(has_move(pos, "c5xa7"));
    assert_true(has_move(pos, "c5xa3xc1xe3xc5xa7"));
    ggn_move short_one = parse(pos, "c5xa7"), long_one = parse(pos, "c5xa3xc1xe3xc5xa7");
    assert_int_equal(short_one.from, long_one.from);
    assert_int_equal(short_one.to, long_one.to);
    assert_false(ggn_move_equal(short_one, long_one));
    assert_true(ggn_move_is_capture(pos, short_one));
    /* The action space (ggn/action.h) names source, end and crowning: the two share an id. */
    assert_int_equal(ggn_move_action(pos, short_one), ggn_move_action(pos, long_one));
    ggn_move back;
    assert_true(ggn_action_move(pos, ggn_move_action(pos, long_one), &back, NULL));
    assert_true(ggn_move_equal(back, short_one)); /* the first generated */
    /* "c5a7" is the one-jump route's text without its mark. */
    assert_true(ggn_move_equal(parse(pos, "c5a7"), short_one));
    ggn_move m;
    ggn_error err;
    assert_false(ggn_move_parse(pos, "c5xa3xc1", &m, &err)); /* a chain must go on while it can */
    assert_int_equal(err.code, GGN_E_ILLEGAL);

    char before[256], after[256];
    ggn_position_fen(pos, before, sizeof before);
    uint64_t hash = ggn_position_hash(pos);
    assert_true(ggn_position_make(pos, short_one));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, "7m/K7/3m4/m3m1m1/1m1k4/8/1m1m3m/8 b - - 0 1");
    assert_true(ggn_position_unmake(pos));
    assert_true(ggn_position_hash(pos) == hash);
    assert_true(ggn_position_make(pos, long_one));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, "7m/K7/3m4/m3m1m1/8/8/7m/8 b - - 0 1");
    assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, before);
    assert_true(ggn_position_hash(pos) == hash);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Two chains of two jumps from c1 to a7, by a3 or by e3: source and end alone are ambiguous. */
static void test_source_and_end_alone_may_be_ambiguous(void **state)
{
    (void)state;
    ggn_game *g = load("checkers.json");
    ggn_position *pos = from_fen(g, "8/2m3m1/1m1k4/4k3/1k1k1m2/8/1m1m4/2K3m1 w - - 0 1");
    assert_false(ggn_move_equal(parse(pos, "c1xa3xc5xa7"), parse(pos, "c1xe3xc5xa7")));
    ggn_move m;
    ggn_error err;
    assert_false(ggn_move_parse(pos, "c1xa7", &m, &err));
    assert_int_equal(err.code, GGN_E_STATE);
    assert_non_null(strstr(err.message, "more than one capture ends there"));
    /* To g5 too: directly by e3, or round by a3, c5 and e3, taking two more. */
    assert_false(ggn_move_equal(parse(pos, "c1xe3xg5"), parse(pos, "c1xa3xc5xe3xg5")));
    assert_false(ggn_move_parse(pos, "c1g5", &m, &err));
    assert_int_equal(err.code, GGN_E_STATE);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Around four men and back to d2 either way: the same men, the same end, one move. */
static void test_same_pieces_same_end_is_one_move(void **state)
{
    (void)state;
    ggn_game *g = load("checkers.json");
    ggn_position *pos = from_fen(g, "8/8/8/2m1m3/8/2m1m3/3K4/8 w - - 0 1");
    char moves[512];
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "d2xb4xd6xf4xd2");
    /* The other route's text names the same move. */
    assert_true(ggn_move_equal(parse(pos, "d2xf4xd6xb4xd2"), parse(pos, "d2xb4xd6xf4xd2")));
    assert_true(ggn_position_make(pos, parse(pos, "d2xb4xd6xf4xd2")));
    char fen[128];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "8/8/8/8/8/8/3K4/8 b - - 0 1");
    /* The second player has no piece and so no move: it loses. */
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.winner, 0);
    assert_int_equal(st.player, 1);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* English draughts: a man jumping onto the last rank is crowned and the move ends there. */
static void test_crowning_ends_the_chain(void **state)
{
    (void)state;
    ggn_game *g = load("checkers.json");
    ggn_position *pos = from_fen(g, "8/2m1m3/1M6/8/8/8/8/m7 w - - 0 1");
    char moves[512];
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "b6xd8k");
    assert_true(ggn_move_equal(parse(pos, "b6xd8"), parse(pos, "b6xd8k"))); /* one crowning: no need to say it */
    assert_true(ggn_position_make(pos, parse(pos, "b6xd8")));
    char fen[128];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "3K4/4m3/8/8/8/8/8/m7 b - - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * International draughts: a man passing over the last rank in a chain goes on
 * capturing and is not crowned; the same spec with promotion_ends stops it
 * there, crowned.
 */
static void test_promotion_only_at_the_end(void **state)
{
    (void)state;
    const char *fen = "10/2m1m5/1M8/10/10/10/10/10/10/m9 w - - 0 1";
    ggn_game *g = load("draughts.json");
    ggn_position *pos = from_fen(g, fen);
    char moves[512];
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "b8xd10xf8");
    ggn_position_free(pos);
    ggn_game_free(g);

    char path[1024];
    snprintf(path, sizeof path, "%s/draughts.json", GGN_GAMES_DIR);
    size_t len = 0;
    ggn_error err;
    char *text = ggn_file_read(path, &len, &err);
    assert_non_null(text);
    /* Every "chain": {} of the spec becomes "chain": {"promotion_ends": true}. */
    const char *from = "\"chain\": {}", *to = "\"chain\": {\"promotion_ends\": true}";
    char *out = malloc(len * 2 + 1);
    assert_non_null(out);
    size_t o = 0, replaced = 0;
    for (size_t i = 0; i < len;) {
        if (strncmp(text + i, from, strlen(from)) == 0) {
            memcpy(out + o, to, strlen(to));
            o += strlen(to);
            i += strlen(from);
            replaced++;
        } else {
            out[o++] = text[i++];
        }
    }
    out[o] = '\0';
    assert_int_equal(replaced, 8);
    ggn_errors errs;
    ggn_errors_init(&errs);
    g = ggn_game_load_string(out, o, "draughts-promotion-ends", &errs);
    if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
    pos = from_fen(g, fen);
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "b8xd10k");
    ggn_position_free(pos);
    ggn_game_free(g);
    free(out);
    free(text);
}

/* forced_capture "most": g3 takes two, c3 one; only g3's chain is legal (checkers, without the rule, has both). */
static void test_majority_capture(void **state)
{
    (void)state;
    ggn_game *g = load("draughts.json");
    ggn_position *pos = from_fen(g, "9m/10/10/10/3m6/10/1m3m4/2M3M3/10/10 w - - 0 1");
    char moves[512];
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "g3xe5xc7");
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("checkers.json");
    pos = from_fen(g, "7m/8/3m4/8/1m3m2/2M3M1/8/8 w - - 0 1");
    list_moves(pos, moves, sizeof moves);
    assert_string_equal(moves, "c3xa5 g3xe5xc7");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Moves that name no chain of the position are refused by make, format and the capture probe. */
static void test_moves_naming_no_chain_are_refused(void **state)
{
    (void)state;
    ggn_game *g = load("checkers.json");
    ggn_position *pos = from_fen(g, "8/8/8/2m1m3/8/2m1m3/3K4/8 w - - 0 1");
    ggn_move m = parse(pos, "d2xb4xd6xf4xd2");
    ggn_move bad = m;
    assert_int_equal(m.action | m.modifier << 8, 1); /* the first chain of the piece (ggn/game.h) */
    bad.action = 2; /* there is one chain only */
    assert_false(ggn_position_make(pos, bad));
    char text[64];
    assert_int_equal(ggn_move_format(pos, bad, text, sizeof text), 0);
    bad = m;
    bad.action = 0; /* index 0 names no chain (a jump played as a plain move would take nothing) */
    assert_false(ggn_position_make(pos, bad));
    assert_false(ggn_move_is_capture(pos, bad));
    assert_int_equal(ggn_move_format(pos, bad, text, sizeof text), 0);
    bad = m;
    bad.to = (uint16_t)(m.to + 2); /* the chain ends on d2, not f2 */
    assert_false(ggn_position_make(pos, bad));
    char fen[128];
    ggn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "8/8/8/2m1m3/8/2m1m3/3K4/8 w - - 0 1");
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * The legal list is the pseudo-legal list narrowed by the forced capture:
 * its captures when it has one, all of it otherwise, in the same order. The
 * legal list is generated captures first (engine.h, chains_first); the
 * pseudo-legal list is every move, filtered here by ggn_move_is_capture.
 */
static void assert_captures_forced(ggn_position *pos, const ggn_move *legal, size_t n)
{
    ggn_move all[GGN_MAX_MOVES], captures[GGN_MAX_MOVES];
    size_t nall = ggn_position_pseudo_moves(pos, all, GGN_MAX_MOVES), ncap = 0;
    assert_true(nall <= GGN_MAX_MOVES);
    for (size_t i = 0; i < nall; i++)
        if (ggn_move_is_capture(pos, all[i])) captures[ncap++] = all[i];
    const ggn_move *want = ncap ? captures : all;
    assert_int_equal(n, ncap ? ncap : nall);
    for (size_t i = 0; i < n; i++) assert_true(ggn_move_equal(legal[i], want[i]));
}

/*
 * Random games: at every position the legal list is the forced capture's
 * narrowing of every move, each legal move is made and taken back (FEN and
 * hash restored), the hash after a move equals the hash of its FEN read
 * afresh, and every move's text reads back as that move.
 */
static void random_games(const char *file, int games)
{
    ggn_game *g = load(file);
    unsigned seed = 12345;
    int chains = 0;
    ggn_position *fresh = ggn_position_new(g);
    for (int game = 0; game < games; game++) {
        ggn_position *pos = ggn_position_new(g);
        for (int ply = 0; ply < 200; ply++) {
            ggn_move mv[GGN_MAX_MOVES];
            size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
            assert_captures_forced(pos, mv, n);
            if (n == 0) break;
            char before[256];
            ggn_position_fen(pos, before, sizeof before);
            uint64_t hash = ggn_position_hash(pos);
            for (size_t i = 0; i < n; i++) {
                char text[256], after[256];
                assert_true(ggn_move_format(pos, mv[i], text, sizeof text) > 0);
                assert_true(ggn_move_equal(parse(pos, text), mv[i]));
                chains += strchr(text, 'x') != NULL;
                assert_true(ggn_position_make(pos, mv[i]));
                ggn_position_fen(pos, after, sizeof after);
                ggn_error err;
                if (!ggn_position_set_fen(fresh, after, &err)) fail_msg("%s: %s", after, err.message);
                assert_true(ggn_position_hash(fresh) == ggn_position_hash(pos));
                assert_true(ggn_position_unmake(pos));
                ggn_position_fen(pos, after, sizeof after);
                assert_string_equal(after, before);
                assert_true(ggn_position_hash(pos) == hash);
            }
            seed = seed * 1103515245u + 12345u;
            assert_true(ggn_position_make(pos, mv[(seed >> 8) % n]));
        }
        ggn_position_free(pos);
    }
    assert_true(chains > 0);
    ggn_position_free(fresh);
    ggn_game_free(g);
}

static void test_random_games_checkers(void **state)
{
    (void)state;
    random_games("checkers.json", 12);
}

static void test_random_games_draughts(void **state)
{
    (void)state;
    random_games("draughts.json", 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_routes_between_the_same_squares),
        cmocka_unit_test(test_source_and_end_alone_may_be_ambiguous),
        cmocka_unit_test(test_same_pieces_same_end_is_one_move),
        cmocka_unit_test(test_crowning_ends_the_chain),
        cmocka_unit_test(test_promotion_only_at_the_end),
        cmocka_unit_test(test_majority_capture),
        cmocka_unit_test(test_moves_naming_no_chain_are_refused),
        cmocka_unit_test(test_random_games_checkers),
        cmocka_unit_test(test_random_games_draughts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
