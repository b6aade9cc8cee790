/* test_id.c — GAN, QPI, CELL and HAND: parse, format back, and every rejection with its reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "ggn/id.h"

static void gan_roundtrip(const char *text, const char *game, char letter, ggn_side side,
                          ggn_state state, bool intermediate)
{
    ggn_gan gan;
    const char *why = ggn_gan_parse(text, strlen(text), &gan);
    if (why) fail_msg("%s: %s", text, why);
    assert_string_equal(gan.game, game);
    assert_int_equal(gan.letter, letter);
    assert_int_equal(gan.side, side);
    assert_int_equal(gan.state, state);
    assert_int_equal(gan.intermediate, intermediate);
    char buf[GGN_MAX_ID];
    assert_int_equal(ggn_gan_format(&gan, buf, sizeof buf), strlen(text));
    assert_string_equal(buf, text);
}

static void gan_rejects(const char *text, const char *reason)
{
    ggn_gan gan;
    const char *why = ggn_gan_parse(text, strlen(text), &gan);
    if (!why) fail_msg("%s was accepted", text);
    assert_string_equal(why, reason);
}

static void test_gan_valid(void **state)
{
    (void)state;
    gan_roundtrip("CHESS:K", "CHESS", 'K', GGN_SIDE_FIRST, GGN_STATE_NORMAL, false);
    gan_roundtrip("chess:k", "chess", 'k', GGN_SIDE_SECOND, GGN_STATE_NORMAL, false);
    gan_roundtrip("SHOGI:+P", "SHOGI", 'P', GGN_SIDE_FIRST, GGN_STATE_ENHANCED, false);
    gan_roundtrip("shogi:+p", "shogi", 'p', GGN_SIDE_SECOND, GGN_STATE_ENHANCED, false);
    gan_roundtrip("MAKRUK:-R'", "MAKRUK", 'R', GGN_SIDE_FIRST, GGN_STATE_DIMINISHED, true);
    gan_roundtrip("x:c'", "x", 'c', GGN_SIDE_SECOND, GGN_STATE_NORMAL, true);
}

static void test_gan_invalid(void **state)
{
    (void)state;
    gan_rejects("", "empty identifier");
    gan_rejects("CHESS", "missing ':' between game id and piece");
    gan_rejects(":K", "empty game id");
    gan_rejects("Chess:K", "game id mixes upper and lower case");
    gan_rejects("CHESS:k", "game id and piece letter differ in case");
    gan_rejects("CH3SS:K", "game id must be ASCII letters only");
    gan_rejects("CHESS:", "missing piece letter");
    gan_rejects("CHESS:+", "missing piece letter after state prefix");
    gan_rejects("CHESS:++K", "more than one state prefix");
    gan_rejects("CHESS:KQ", "piece must be exactly one letter");
    gan_rejects("CHESS:K^", "unexpected text after piece (only \"'\" may follow the letter)");
    gan_rejects("CHESS:1", "piece must be one ASCII letter");
    gan_rejects("ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFG:K", "game id is longer than 32 letters (GGN_MAX_GAME_ID)");
}

static void test_qpi(void **state)
{
    (void)state;
    ggn_qpi q;
    char buf[GGN_MAX_ID];
    assert_null(ggn_qpi_parse("C:K", 3, &q));
    assert_int_equal(q.style, 'C');
    assert_int_equal(q.side, GGN_SIDE_FIRST);
    assert_int_equal(q.terminal, false);
    assert_null(ggn_qpi_parse("c:-p", 4, &q));
    assert_int_equal(q.side, GGN_SIDE_SECOND);
    assert_int_equal(q.state, GGN_STATE_DIMINISHED);
    assert_null(ggn_qpi_parse("S:+P", 4, &q));
    assert_int_equal(q.state, GGN_STATE_ENHANCED);
    assert_null(ggn_qpi_parse("C:K^", 4, &q));
    assert_true(q.terminal);
    assert_int_equal(ggn_qpi_format(&q, buf, sizeof buf), 4);
    assert_string_equal(buf, "C:K^");
    assert_string_equal(ggn_qpi_parse("CHESS:K", 7, &q), "style must be exactly one letter");
    assert_string_equal(ggn_qpi_parse("C:k", 3, &q), "style and piece letter differ in case");
    assert_string_equal(ggn_qpi_parse("C:K'", 4, &q),
                        "unexpected text after piece (only \"^\" may follow the letter)");
    assert_string_equal(ggn_qpi_parse("CK", 2, &q), "missing ':' between style and piece");
    assert_string_equal(ggn_qpi_parse("1:K", 3, &q), "style must be an ASCII letter");
}

static void cell_is(const char *text, int dims, int a, int b, int c)
{
    ggn_cell cell;
    const char *why = ggn_cell_parse(text, strlen(text), &cell);
    if (why) fail_msg("%s: %s", text, why);
    assert_int_equal(cell.dims, dims);
    assert_int_equal(cell.index[0], a);
    if (dims > 1) assert_int_equal(cell.index[1], b);
    if (dims > 2) assert_int_equal(cell.index[2], c);
    char buf[GGN_MAX_LABEL];
    assert_int_equal(ggn_cell_format(&cell, buf, sizeof buf), strlen(text));
    assert_string_equal(buf, text);
}

static void test_cell_valid(void **state)
{
    (void)state;
    cell_is("e4", 2, 4, 3, 0);
    cell_is("a1", 2, 0, 0, 0);
    cell_is("a1A", 3, 0, 0, 0);
    cell_is("z26", 2, 25, 25, 0);
    cell_is("aa26", 2, 26, 25, 0);
    cell_is("hz1", 2, 233, 0, 0);
    cell_is("h8C", 3, 7, 7, 2);
    cell_is("c", 1, 2, 0, 0);
    cell_is("iv256", 2, 255, 255, 0);
}

static void test_cell_invalid(void **state)
{
    (void)state;
    ggn_cell cell;
    assert_string_equal(ggn_cell_parse("", 0, &cell), "empty coordinate");
    assert_string_equal(ggn_cell_parse("a0", 2, &cell), "numbers start at 1 and have no leading zero");
    assert_string_equal(ggn_cell_parse("a01", 3, &cell), "numbers start at 1 and have no leading zero");
    assert_string_equal(ggn_cell_parse("1a", 2, &cell), "a coordinate starts with a lower-case letter");
    assert_string_equal(ggn_cell_parse("a1a", 3, &cell),
                        "dimensions must alternate lower-case letters, a number, upper-case letters");
    assert_string_equal(ggn_cell_parse("a1Aa", 4, &cell), "more than 3 dimensions (GGN_MAX_CELL_DIMS)");
    assert_string_equal(ggn_cell_parse("*", 1, &cell), "\"*\" is the hand, not a square");
    assert_string_equal(ggn_cell_parse("e-4", 3, &cell), "a coordinate holds only letters and digits");
    assert_string_equal(ggn_cell_parse("a257", 4, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    assert_string_equal(ggn_cell_parse("aaa1", 4, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    assert_string_equal(ggn_cell_parse("aB", 2, &cell),
                        "dimensions must alternate lower-case letters, a number, upper-case letters");
}

static void test_location(void **state)
{
    (void)state;
    ggn_location loc;
    char buf[GGN_MAX_LABEL];
    assert_null(ggn_location_parse("*", 1, &loc));
    assert_true(loc.hand);
    assert_int_equal(ggn_location_format(&loc, buf, sizeof buf), 1);
    assert_string_equal(buf, "*");
    assert_null(ggn_location_parse("e4", 2, &loc));
    assert_false(loc.hand);
    assert_int_equal(loc.cell.index[0], 4);
    assert_string_equal(ggn_location_parse("**", 2, &loc), "a coordinate starts with a lower-case letter");
}

static void test_format_too_small(void **state)
{
    (void)state;
    ggn_gan gan;
    char buf[4] = "xyz";
    assert_null(ggn_gan_parse("CHESS:K", 7, &gan));
    assert_int_equal(ggn_gan_format(&gan, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gan_valid),   cmocka_unit_test(test_gan_invalid),
        cmocka_unit_test(test_qpi),         cmocka_unit_test(test_cell_valid),
        cmocka_unit_test(test_cell_invalid), cmocka_unit_test(test_location),
        cmocka_unit_test(test_format_too_small),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
