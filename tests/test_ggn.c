/*
 * test_ggn.c — the GGN layer: every example of seeds 000, 001 and 002 (and
 * of the Ruby library's must / deny / diff spelling) loads and evaluates to
 * exactly the transitions the text describes; queries,
 * pseudo-legal transitions, board states (JSON and both FEEN forms),
 * conversions (round trips and every refusal), not-found errors, limits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/ruleset.h"
#include "../bench/ggn_gen.h"

/* ---------------------------------------------------------------------- */
/* helpers                                                                */
/* ---------------------------------------------------------------------- */

static ggn_ruleset *load(const char *text)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_ruleset *rs = ggn_ruleset_load_string(text, strlen(text), "t.json", NULL, &errs);
    if (!rs || errs.count) {
        char buf[600];
        ggn_error_format(&errs.items[0], buf, sizeof buf);
        fail_msg("load failed: %s", buf);
    }
    return rs;
}

/* Loads text that must fail; returns the first problem. */
static ggn_error load_fails(const char *text)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_ruleset *rs = ggn_ruleset_load_string(text, strlen(text), "t.json", NULL, &errs);
    if (rs) fail_msg("loaded: %s", text);
    assert_true(errs.count > 0);
    return errs.items[0];
}

static ggn_board_state *state(const char *text)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_state *st = ggn_board_state_parse(text, strlen(text), &err);
    if (!st) fail_msg("state %s: %s", text, err.message);
    return st;
}

/* "PIECE SRC DST #i: sq=piece sq=- [+added] [-removed]" */
static void describe(const ggn_transition *t, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%s %s %s #%zu:", t->piece, t->source, t->destination, t->possibility);
    for (size_t k = 0; k < ggn_transition_diff_count(t); k++) {
        const char *sq, *pc;
        assert_true(ggn_transition_diff(t, k, &sq, &pc));
        n += snprintf(buf + n, cap - (size_t)n, " %s=%s", sq, pc ? pc : "-");
    }
    const char *add, *del;
    ggn_transition_hand(t, &add, &del);
    if (add) n += snprintf(buf + n, cap - (size_t)n, " +%s", add);
    if (del) snprintf(buf + n, cap - (size_t)n, " -%s", del);
}

/* All transitions of a position, joined by "; ". */
static void all_moves(const ggn_ruleset *rs, const char *position, char *out, size_t cap)
{
    ggn_board_state *st = state(position);
    ggn_error err;
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    assert_non_null(v);
    ggn_transition t[GGN_MAX_MOVES];
    int n = ggn_board_view_transitions(v, t, GGN_MAX_MOVES, &err);
    if (n < 0) fail_msg("transitions: %s", err.message);
    out[0] = '\0';
    size_t len = 0;
    for (int k = 0; k < n; k++) {
        char one[512];
        describe(&t[k], one, sizeof one);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", k ? "; " : "", one);
    }
    ggn_board_view_free(v);
    ggn_board_state_free(st);
}

static int count_moves(const ggn_ruleset *rs, const char *position)
{
    ggn_board_state *st = state(position);
    ggn_error err;
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    static ggn_transition t[GGN_MAX_MOVES];
    int n = ggn_board_view_transitions(v, t, GGN_MAX_MOVES, &err);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    return n;
}

/* The transitions of one move (select → from → to → where), joined by "; ". */
static void where(const ggn_ruleset *rs, const char *piece, const char *from, const char *to, const char *position,
                  char *out, size_t cap)
{
    ggn_selection sel;
    ggn_error err;
    if (!ggn_ruleset_select(rs, piece, &sel, &err) || !ggn_selection_from(&sel, from, &err) ||
        !ggn_selection_to(&sel, to, &err))
        fail_msg("select %s %s %s: %s", piece, from, to, err.message);
    ggn_board_state *st = state(position);
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    ggn_transition t[64];
    int n = ggn_selection_where(&sel, v, t, 64, &err);
    if (n < 0) fail_msg("where: %s", err.message);
    out[0] = '\0';
    size_t len = 0;
    for (int k = 0; k < n; k++) {
        char one[512];
        describe(&t[k], one, sizeof one);
        len += (size_t)snprintf(out + len, cap - len, "%s%s", k ? "; " : "", one);
    }
    ggn_board_view_free(v);
    ggn_board_state_free(st);
}

#define ASSERT_MOVES(rs, pos, want)                                                                                    \
    do {                                                                                                               \
        char got_[8192];                                                                                               \
        all_moves(rs, pos, got_, sizeof got_);                                                                         \
        assert_string_equal(got_, want);                                                                               \
    } while (0)

#define ASSERT_WHERE(rs, piece, from, to, pos, want)                                                                   \
    do {                                                                                                               \
        char got_[4096];                                                                                               \
        where(rs, piece, from, to, pos, got_, sizeof got_);                                                            \
        assert_string_equal(got_, want);                                                                               \
    } while (0)

/* ---------------------------------------------------------------------- */
/* spellings                                                              */
/* ---------------------------------------------------------------------- */

static void test_spelling_names(void **state_)
{
    (void)state_;
    assert_string_equal(ggn_spelling_name(GGN_SPELLING_MUST_DENY), "must-deny");
    assert_string_equal(ggn_spelling_name(GGN_SPELLING_REQUIRE_PREVENT), "require-prevent");
    assert_string_equal(ggn_spelling_name(GGN_SPELLING_BOARD_CHECK), "board-check");
    assert_string_equal(ggn_spelling_name(GGN_SPELLING_MUST_DIFF), "must-diff");
    assert_string_equal(ggn_spelling_name((ggn_spelling)(GGN_SPELLING_LAST + 1)), "?");
    ggn_spelling s;
    assert_true(ggn_spelling_parse("must-diff", &s));
    assert_int_equal(s, GGN_SPELLING_MUST_DIFF);
    assert_true(ggn_spelling_parse("board-check", &s));
    assert_int_equal(s, GGN_SPELLING_BOARD_CHECK);
    assert_true(ggn_spelling_parse("must-deny", &s));
    assert_int_equal(s, GGN_SPELLING_MUST_DENY);
    assert_false(ggn_spelling_parse("must_deny", &s));
    assert_false(ggn_spelling_parse("", &s));
}

static void test_detection(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DENY);
    ggn_ruleset_free(rs);
    rs = load("{\"C:K\": {\"e1\": {\"e2\": []}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DENY);
    ggn_ruleset_free(rs);
    rs = load("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_REQUIRE_PREVENT);
    ggn_ruleset_free(rs);
    rs = load("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"board_check\": {}, \"board_patch\": {}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_BOARD_CHECK);
    ggn_ruleset_stats stats;
    ggn_ruleset_stats_get(rs, &stats);
    assert_int_equal(stats.squares, 2);
    assert_int_equal(stats.pieces, 1);
    assert_int_equal(stats.possibilities, 1);
    assert_string_equal(ggn_ruleset_name(rs), "t.json");
    ggn_ruleset_free(rs);
}

/* ---------------------------------------------------------------------- */
/* seed 000: board_check / board_patch / in_hand_*                         */
/* ---------------------------------------------------------------------- */

static const char SEED0_SIMPLE[] =
    "{\"GAME:X\": {\"c3\": {\"c5\": [{\"board_check\": {\"c4\": \"empty\", \"c5\": \"empty\"},"
    " \"board_patch\": {\"c3\": null, \"c5\": \"GAME:X\"}}]}}}";
static const char SEED0_CAPTURE[] =
    "{\"GAME:X\": {\"c3\": {\"d4\": [{\"board_check\": {\"d4\": \"enemy\"},"
    " \"board_patch\": {\"c3\": null, \"d4\": \"GAME:X\"}}]}}}";
static const char SEED0_PROMOTION[] =
    "{\"GAME:P\": {\"e7\": {\"e8\": [{\"board_check\": {\"e8\": \"empty\"},"
    " \"board_patch\": {\"e7\": null, \"e8\": \"GAME:Q\"}}]}}}";
static const char SEED0_DROP[] =
    "{\"GAME:P\": {\"*\": {\"f5\": [{\"board_check\": {\"f5\": \"empty\"},"
    " \"board_patch\": {\"f5\": \"GAME:P\"}, \"in_hand_del\": \"GAME:P\"}]}}}";

static void test_seed0_simple_move(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(SEED0_SIMPLE);
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_BOARD_CHECK);
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\"}, \"active\": \"GAME\"}", "GAME:X c3 c5 #0: c3=- c5=GAME:X");
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\", \"c4\": \"game:x\"}, \"active\": \"GAME\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\", \"c5\": \"game:x\"}, \"active\": \"GAME\"}", "");
    /* the piece belongs to the first player: nothing when the second is to move */
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\"}, \"active\": \"game\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed0_capture(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(SEED0_CAPTURE);
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\", \"d4\": \"game:p\"}, \"active\": \"first\"}",
                 "GAME:X c3 d4 #0: c3=- d4=GAME:X");
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\", \"d4\": \"GAME:P\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\"}, \"active\": \"first\"}", "");
    /* a piece of another game is still an enemy when its case is the other side's */
    ASSERT_MOVES(rs, "{\"board\": {\"c3\": \"GAME:X\", \"d4\": \"shogi:p\"}, \"active\": \"first\"}",
                 "GAME:X c3 d4 #0: c3=- d4=GAME:X");
    ggn_ruleset_free(rs);
}

static void test_seed0_promotion_and_drop(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(SEED0_PROMOTION);
    ASSERT_MOVES(rs, "{\"board\": {\"e7\": \"GAME:P\"}, \"active\": \"first\"}", "GAME:P e7 e8 #0: e7=- e8=GAME:Q");
    ASSERT_MOVES(rs, "{\"board\": {\"e7\": \"GAME:P\", \"e8\": \"game:k\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
    rs = load(SEED0_DROP);
    ASSERT_MOVES(rs, "{\"board\": {}, \"hands\": {\"first\": [\"GAME:P\"]}, \"active\": \"first\"}",
                 "GAME:P * f5 #0: f5=GAME:P -GAME:P");
    ASSERT_MOVES(rs, "{\"board\": {}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"f5\": \"game:p\"}, \"hands\": {\"first\": [\"GAME:P\"]}, \"active\": \"first\"}", "");
    /* in the other side's hand it cannot be dropped by the first player */
    ASSERT_MOVES(rs, "{\"board\": {}, \"hands\": {\"second\": [\"GAME:P\"]}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {}, \"hands\": {\"first\": [\"GAME:P\"]}, \"active\": \"second\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed0_five_states(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"GAME:X\": {\"a1\": {\"a2\": ["
                           "{\"board_check\": {\"a2\": \"occupied\"}, \"board_patch\": {\"a1\": null, \"a2\": \"GAME:X\"}},"
                           "{\"board_check\": {\"a2\": \"ally\"}, \"board_patch\": {\"a1\": \"GAME:X\"}},"
                           "{\"board_check\": {\"a2\": \"GAME:Y\"}, \"board_patch\": {\"a2\": null}, \"in_hand_add\": \"GAME:Y\"}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"GAME:X\", \"a2\": \"game:y\"}, \"active\": \"first\"}",
                 "GAME:X a1 a2 #0: a1=- a2=GAME:X");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"GAME:X\", \"a2\": \"GAME:Y\"}, \"active\": \"first\"}",
                 "GAME:X a1 a2 #0: a1=- a2=GAME:X; GAME:X a1 a2 #1: a1=GAME:X; GAME:X a1 a2 #2: a2=- +GAME:Y");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"GAME:X\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

/* ---------------------------------------------------------------------- */
/* seed 001: must / deny, QPI                                             */
/* ---------------------------------------------------------------------- */

static void test_seed1_possibilities(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:K\": {\"e3\": {\"e4\": [{\"must\": {\"e4\": \"empty\"}}, {\"must\": {\"e4\": \"enemy\"}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DENY);
    ASSERT_WHERE(rs, "C:K", "e3", "e4", "{\"board\": {\"e3\": \"C:K\"}, \"active\": \"C\"}", "C:K e3 e4 #0: e3=- e4=C:K");
    ASSERT_WHERE(rs, "C:K", "e3", "e4", "{\"board\": {\"e3\": \"C:K\", \"e4\": \"c:p\"}, \"active\": \"C\"}",
                 "C:K e3 e4 #1: e3=- e4=C:K");
    ASSERT_WHERE(rs, "C:K", "e3", "e4", "{\"board\": {\"e3\": \"C:K\", \"e4\": \"C:P\"}, \"active\": \"C\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed1_empty_array(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:K\": {\"e3\": {\"e4\": []}}}");
    ASSERT_WHERE(rs, "C:K", "e3", "e4", "{\"board\": {\"e3\": \"C:K\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"e3\": \"C:K\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed1_deny_repeats_a_key(void **state_)
{
    (void)state_;
    /* seed 001's deny example writes "e4" twice; JSON objects cannot, so ggn refuses the document */
    ggn_error e = load_fails("{\"C:Q\": {\"d1\": {\"e4\": [{\"deny\": {\"e4\": \"C:K\", \"e4\": \"C:Q\"}}]}}}");
    assert_int_equal(e.code, GGN_E_DUPLICATE_KEY);
    assert_int_equal(e.line, 1);
    assert_non_null(strstr(e.message, "e4"));
}

static void test_seed1_must_and_deny(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:Q\": {\"d3\": {\"e4\": [{\"must\": {\"e4\": \"enemy\"}, \"deny\": {\"e4\": \"c:k\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"d3\": \"C:Q\", \"e4\": \"c:q\"}, \"active\": \"first\"}", "C:Q d3 e4 #0: d3=- e4=C:Q");
    ASSERT_MOVES(rs, "{\"board\": {\"d3\": \"C:Q\", \"e4\": \"c:k\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"d3\": \"C:Q\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

static const char SEED1_ROOK[] =
    "{\"C:R\": {\"a1\": {\"a4\": [{\"must\": {\"a2\": \"empty\", \"a3\": \"empty\", \"a4\": \"empty\"}},"
    " {\"must\": {\"a2\": \"empty\", \"a3\": \"empty\", \"a4\": \"enemy\"}}]}}}";

static void test_seed1_rook(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:R\": {\"a1\": {\"a4\": [{\"must\": {\"a2\": \"empty\", \"a3\": \"empty\", \"a4\": \"empty\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"C:R\"}, \"active\": \"first\"}", "C:R a1 a4 #0: a1=- a4=C:R");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"C:R\", \"a3\": \"c:p\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
    rs = load(SEED1_ROOK);
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"C:R\", \"a4\": \"c:n\"}, \"active\": \"first\"}", "C:R a1 a4 #1: a1=- a4=C:R");
    ASSERT_MOVES(rs, "{\"board\": {\"a1\": \"C:R\", \"a4\": \"C:N\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

/* 7.3: every must condition holds at once */
static void test_seed1_must_conjunction(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:R\": {\"e1\": {\"e4\": [{\"must\": {\"e2\": \"empty\", \"e3\": \"empty\", \"e4\": \"empty\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:R\"}, \"active\": \"first\"}", "C:R e1 e4 #0: e1=- e4=C:R");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:R\", \"e2\": \"c:p\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:R\", \"e3\": \"C:P\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:R\", \"e4\": \"c:p\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed1_castling_drop_cannon(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"C:+K\": {\"e1\": {\"g1\": [{\"must\": {\"f1\": \"empty\", \"g1\": \"empty\", \"h1\": \"C:+R\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:+K\", \"h1\": \"C:+R\"}, \"active\": \"first\"}", "C:+K e1 g1 #0: e1=- g1=C:+K");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:+K\", \"h1\": \"C:R\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:K\", \"h1\": \"C:+R\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);

    rs = load("{\"S:P\": {\"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {}, \"hands\": {\"first\": [\"S:P\", \"S:P\"]}, \"active\": \"S\"}", "S:P * e5 #0: e5=S:P -S:P");
    ASSERT_MOVES(rs, "{\"board\": {\"e5\": \"s:p\"}, \"hands\": {\"first\": [\"S:P\"]}, \"active\": \"S\"}", "");
    ggn_ruleset_free(rs);

    rs = load("{\"x:c\": {\"b2\": {\"b8\": [{\"must\": {\"b3\": \"empty\", \"b4\": \"empty\", \"b5\": \"empty\", "
              "\"b6\": \"empty\", \"b8\": \"enemy\"}, \"deny\": {\"b7\": \"empty\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"b2\": \"x:c\", \"b7\": \"x:p\", \"b8\": \"X:R\"}, \"active\": \"x\"}",
                 "x:c b2 b8 #0: b2=- b8=x:c");
    ASSERT_MOVES(rs, "{\"board\": {\"b2\": \"x:c\", \"b7\": \"X:P\", \"b8\": \"X:R\"}, \"active\": \"x\"}",
                 "x:c b2 b8 #0: b2=- b8=x:c");
    ASSERT_MOVES(rs, "{\"board\": {\"b2\": \"x:c\", \"b8\": \"X:R\"}, \"active\": \"x\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"b2\": \"x:c\", \"b5\": \"X:P\", \"b7\": \"X:P\", \"b8\": \"X:R\"}, \"active\": \"x\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed1_moves_to_hand(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"S:P\": {\"e5\": {\"*\": [{}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e5\": \"S:P\"}, \"active\": \"first\"}", "S:P e5 * #0: e5=- +S:P");
    ggn_ruleset_free(rs);
}

/* ---------------------------------------------------------------------- */
/* seed 002: require / prevent / perform                                  */
/* ---------------------------------------------------------------------- */

static void test_seed2_quick_start(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"CHESS:P\": {\"e2\": {\"e4\": [{\"require\": {\"e3\": \"empty\", \"e4\": \"empty\"},"
                           " \"perform\": {\"e2\": null, \"e4\": \"CHESS:P\"}}]}}}");
    ASSERT_WHERE(rs, "CHESS:P", "e2", "e4", "{\"board\": {\"e2\": \"CHESS:P\", \"e3\": null, \"e4\": null}, \"active\": \"CHESS\"}",
                 "CHESS:P e2 e4 #0: e2=- e4=CHESS:P");
    ASSERT_WHERE(rs, "CHESS:P", "e2", "e4", "{\"board\": {\"e2\": \"CHESS:P\", \"e3\": \"chess:n\"}, \"active\": \"CHESS\"}", "");
    /* the piece is not on its source */
    ASSERT_WHERE(rs, "CHESS:P", "e2", "e4", "{\"board\": {\"e3\": \"CHESS:P\"}, \"active\": \"CHESS\"}", "");
    ggn_ruleset_free(rs);
    /* the string example: perform only */
    rs = load("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"CHESS:K\", \"e2\": \"CHESS:P\"}, \"active\": \"CHESS\"}",
                 "CHESS:K e1 e2 #0: e1=- e2=CHESS:K");
    ggn_ruleset_free(rs);
}

static void test_seed2_move_types(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(
        "{\"CHESS:K\": {\"e1\": {"
        "\"e2\": [{\"require\": {\"e2\": \"empty\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}],"
        "\"f1\": [{\"require\": {\"f1\": \"empty\"}, \"perform\": {\"e1\": null, \"f1\": \"CHESS:K\"}}],"
        "\"d1\": [{\"require\": {\"d1\": \"empty\"}, \"perform\": {\"e1\": null, \"d1\": \"CHESS:K\"}}],"
        "\"g1\": [{\"require\": {\"f1\": \"empty\", \"g1\": \"empty\", \"h1\": \"CHESS:R\"},"
        "          \"perform\": {\"e1\": null, \"f1\": \"CHESS:R\", \"g1\": \"CHESS:K\", \"h1\": null}}]}},"
        "\"CHESS:P\": {\"e4\": {\"f5\": [{\"require\": {\"f5\": \"enemy\"}, \"perform\": {\"e4\": null, \"f5\": \"CHESS:P\"}}]},"
        "  \"d5\": {\"e6\": [{\"require\": {\"e5\": \"chess:p\", \"e6\": \"empty\"}, \"perform\": {\"d5\": null, \"e5\": null, \"e6\": \"CHESS:P\"}}]},"
        "  \"e7\": {\"e8\": ["
        "    {\"require\": {\"e8\": \"empty\"}, \"perform\": {\"e7\": null, \"e8\": \"CHESS:Q\"}},"
        "    {\"require\": {\"e8\": \"empty\"}, \"perform\": {\"e7\": null, \"e8\": \"CHESS:R\"}},"
        "    {\"require\": {\"e8\": \"empty\"}, \"perform\": {\"e7\": null, \"e8\": \"CHESS:B\"}},"
        "    {\"require\": {\"e8\": \"empty\"}, \"perform\": {\"e7\": null, \"e8\": \"CHESS:N\"}}]}},"
        "\"CHESS:R\": {\"a1\": {\"a3\": [{\"require\": {\"a2\": \"empty\", \"a3\": \"empty\"}, \"perform\": {\"a1\": null, \"a3\": \"CHESS:R\"}}]}}}");
    /* king: three simple moves */
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"CHESS:K\"}, \"active\": \"CHESS\"}",
                 "CHESS:K e1 e2 #0: e1=- e2=CHESS:K; CHESS:K e1 f1 #0: e1=- f1=CHESS:K; CHESS:K e1 d1 #0: e1=- d1=CHESS:K");
    /* castling moves both pieces */
    ASSERT_WHERE(rs, "CHESS:K", "e1", "g1", "{\"board\": {\"e1\": \"CHESS:K\", \"f1\": null, \"g1\": null, \"h1\": \"CHESS:R\"}, \"active\": \"CHESS\"}",
                 "CHESS:K e1 g1 #0: e1=- f1=CHESS:R g1=CHESS:K h1=-");
    ASSERT_WHERE(rs, "CHESS:K", "e1", "g1", "{\"board\": {\"e1\": \"CHESS:K\", \"h1\": \"chess:r\"}, \"active\": \"CHESS\"}", "");
    /* pawn capture, en passant, promotion */
    ASSERT_WHERE(rs, "CHESS:P", "e4", "f5", "{\"board\": {\"e4\": \"CHESS:P\", \"f5\": \"chess:p\"}, \"active\": \"CHESS\"}",
                 "CHESS:P e4 f5 #0: e4=- f5=CHESS:P");
    ASSERT_WHERE(rs, "CHESS:P", "e4", "f5", "{\"board\": {\"e4\": \"CHESS:P\"}, \"active\": \"CHESS\"}", "");
    ASSERT_WHERE(rs, "CHESS:P", "d5", "e6", "{\"board\": {\"d5\": \"CHESS:P\", \"e5\": \"chess:p\"}, \"active\": \"CHESS\"}",
                 "CHESS:P d5 e6 #0: d5=- e5=- e6=CHESS:P");
    ASSERT_WHERE(rs, "CHESS:P", "d5", "e6", "{\"board\": {\"d5\": \"CHESS:P\", \"e5\": \"chess:n\"}, \"active\": \"CHESS\"}", "");
    ASSERT_WHERE(rs, "CHESS:P", "e7", "e8", "{\"board\": {\"e7\": \"CHESS:P\", \"e8\": null}, \"active\": \"CHESS\"}",
                 "CHESS:P e7 e8 #0: e7=- e8=CHESS:Q; CHESS:P e7 e8 #1: e7=- e8=CHESS:R; "
                 "CHESS:P e7 e8 #2: e7=- e8=CHESS:B; CHESS:P e7 e8 #3: e7=- e8=CHESS:N");
    /* sliding */
    ASSERT_WHERE(rs, "CHESS:R", "a1", "a3", "{\"board\": {\"a1\": \"CHESS:R\"}, \"active\": \"CHESS\"}",
                 "CHESS:R a1 a3 #0: a1=- a3=CHESS:R");
    ASSERT_WHERE(rs, "CHESS:R", "a1", "a3", "{\"board\": {\"a1\": \"CHESS:R\", \"a2\": \"CHESS:P\"}, \"active\": \"CHESS\"}", "");
    /* the second player cannot move first-player pieces */
    ASSERT_WHERE(rs, "CHESS:R", "a1", "a3", "{\"board\": {\"a1\": \"CHESS:R\"}, \"active\": \"chess\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed2_prevent(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"GAME:B\": {\"c1\": {\"f4\": [{\"require\": {\"d2\": \"empty\", \"e3\": \"empty\"},"
                           " \"prevent\": {\"g5\": \"GAME:K\", \"h6\": \"GAME:Q\"}, \"perform\": {\"c1\": null, \"f4\": \"GAME:B\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"GAME:B\"}, \"active\": \"GAME\"}", "GAME:B c1 f4 #0: c1=- f4=GAME:B");
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"GAME:B\", \"g5\": \"GAME:K\"}, \"active\": \"GAME\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"GAME:B\", \"h6\": \"GAME:Q\"}, \"active\": \"GAME\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"GAME:B\", \"g5\": \"game:k\"}, \"active\": \"GAME\"}", "GAME:B c1 f4 #0: c1=- f4=GAME:B");
    ggn_ruleset_free(rs);
}

static void test_seed2_validation(void **state_)
{
    (void)state_;
    ggn_error e = load_fails("{\"CHESS:B\": {\"c1\": {\"f4\": [{\"require\": {\"d2\": \"empty\"}, \"prevent\": {\"d2\": \"empty\"},"
                             " \"perform\": {\"c1\": null, \"f4\": \"CHESS:B\"}}]}}}");
    assert_int_equal(e.code, GGN_E_CONTRADICTION);
    assert_string_equal(e.pointer, "/CHESS:B/c1/f4/0/prevent/d2");
    e = load_fails("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"require\": {\"e1\": \"CHESS:K\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}");
    assert_int_equal(e.code, GGN_E_REDUNDANT);
    assert_string_equal(e.pointer, "/CHESS:K/e1/e2/0/require/e1");
    /* validate: false loads both */
    ggn_load_options trusted = { .trusted = true };
    const char *doc = "{\"CHESS:B\": {\"c1\": {\"f4\": [{\"require\": {\"d2\": \"empty\"}, \"prevent\": {\"d2\": \"empty\"},"
                      " \"perform\": {\"c1\": null, \"f4\": \"CHESS:B\"}}]}}}";
    ggn_ruleset *rs = ggn_ruleset_load_string(doc, strlen(doc), NULL, &trusted, NULL);
    assert_non_null(rs);
    /* a contradiction never holds */
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"CHESS:B\"}, \"active\": \"first\"}", "");
    ASSERT_MOVES(rs, "{\"board\": {\"c1\": \"CHESS:B\", \"d2\": \"CHESS:P\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
}

static void test_seed2_integration(void **state_)
{
    (void)state_;
    size_t len;
    char *text = gen_chess_ggn(GGN_SPELLING_REQUIRE_PREVENT, &len);
    assert_non_null(text);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_ruleset *rs = ggn_ruleset_load_string(text, len, "chess", NULL, &errs);
    free(text);
    assert_non_null(rs);
    assert_int_equal(errs.count, 0);
    /* the README's white position: 8 pawn moves, 9 + 9 rook moves, 5 queen moves, king f1 and castling g1 */
    assert_int_equal(count_moves(rs, "{\"board\": {\"e1\": \"CHESS:K\", \"d1\": \"CHESS:Q\", \"a1\": \"CHESS:R\", \"h1\": \"CHESS:R\","
                                     " \"e2\": \"CHESS:P\", \"d2\": \"CHESS:P\", \"f2\": \"CHESS:P\", \"g2\": \"CHESS:P\"}, \"active\": \"CHESS\"}"),
                     33);
    assert_int_equal(count_moves(rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - CHESS/chess"), 20);
    assert_int_equal(count_moves(rs, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - chess/CHESS"), 20);
    /* "Kiwipete": 48 pseudo-legal moves, both castlings included (no en passant square in this library) */
    assert_int_equal(count_moves(rs, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R - CHESS/chess"), 48);
    ggn_ruleset_free(rs);
}

/* The README's shogi query: select works; "5e" is shogi notation, not a CELL square, so from() finds nothing */
static void test_seed2_shogi_select(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"SHOGI:+P\": {\"e5\": {\"e6\": [{\"require\": {\"e6\": \"empty\"}, \"perform\": {\"e5\": null, \"e6\": \"SHOGI:+P\"}}]}}}");
    ggn_selection sel;
    ggn_error err;
    assert_true(ggn_ruleset_select(rs, "SHOGI:+P", &sel, &err));
    assert_int_equal(sel.level, 1);
    assert_false(ggn_selection_from(&sel, "5e", &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_string_equal(err.message, "no moves for SHOGI:+P from 5e");
    assert_true(ggn_selection_from(&sel, "e5", &err));
    assert_int_equal(sel.level, 2);
    ggn_ruleset_free(rs);
    ggn_error e = load_fails("{\"SHOGI:+P\": {\"5e\": {\"5d\": [{\"perform\": {\"5e\": null, \"5d\": \"SHOGI:+P\"}}]}}}");
    assert_int_equal(e.code, GGN_E_LOCATION);
    assert_string_equal(e.pointer, "/SHOGI:+P/5e");
}

static void test_seed2_cross_game(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"require\": {\"e2\": \"empty\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}},"
                           " \"SHOGI:G\": {\"f1\": {\"f2\": [{\"require\": {\"f2\": \"empty\"}, \"perform\": {\"f1\": null, \"f2\": \"SHOGI:G\"}}]}},"
                           " \"XIANGQI:E\": {\"g1\": {\"i3\": [{\"require\": {\"h2\": \"empty\", \"i3\": \"empty\"}, \"perform\": {\"g1\": null, \"i3\": \"XIANGQI:E\"}}]}},"
                           " \"xiangqi:e\": {\"g9\": {\"e7\": [{\"require\": {\"f8\": \"empty\"}, \"perform\": {\"g9\": null, \"e7\": \"xiangqi:e\"}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"CHESS:K\", \"f1\": \"SHOGI:G\", \"g1\": \"XIANGQI:E\", \"g9\": \"xiangqi:e\"}, \"active\": \"MIXED\"}",
                 "CHESS:K e1 e2 #0: e1=- e2=CHESS:K; SHOGI:G f1 f2 #0: f1=- f2=SHOGI:G; XIANGQI:E g1 i3 #0: g1=- i3=XIANGQI:E");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"CHESS:K\", \"f1\": \"SHOGI:G\", \"g1\": \"XIANGQI:E\", \"g9\": \"xiangqi:e\"}, \"active\": \"mixed\"}",
                 "xiangqi:e g9 e7 #0: g9=- e7=xiangqi:e");
    ggn_ruleset_free(rs);
}

/* ---------------------------------------------------------------------- */
/* queries: not found, state, limits                                      */
/* ---------------------------------------------------------------------- */

static void test_not_found(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(SEED1_ROOK);
    ggn_selection sel;
    ggn_error err;
    assert_false(ggn_ruleset_select(rs, "C:Q", &sel, &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_string_equal(err.message, "no moves for piece C:Q");
    assert_string_equal(err.file, "t.json");
    assert_false(ggn_ruleset_select(rs, "garbage", &sel, &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_true(ggn_ruleset_select(rs, "C:R", &sel, &err));
    assert_false(ggn_selection_to(&sel, "a4", &err));
    assert_int_equal(err.code, GGN_E_STATE);
    assert_false(ggn_selection_from(&sel, "a2", &err)); /* a2 is a square of the document, not a source */
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_string_equal(err.message, "no moves for C:R from a2");
    assert_false(ggn_selection_from(&sel, "zz99", &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_false(ggn_selection_from(&sel, "*", &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_true(ggn_selection_from(&sel, "a1", &err));
    assert_false(ggn_selection_to(&sel, "a5", &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_string_equal(err.message, "no move for C:R from a1 to a5");
    assert_false(ggn_selection_to(&sel, "*", &err));
    ggn_board_state *st = state("{\"board\": {\"a1\": \"C:R\"}, \"active\": \"first\"}");
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    ggn_transition t[4];
    assert_int_equal(ggn_selection_where(&sel, v, t, 4, &err), -1);
    assert_int_equal(err.code, GGN_E_STATE);
    assert_true(ggn_selection_to(&sel, "a4", &err));
    assert_int_equal(ggn_selection_where(&sel, v, t, 4, &err), 1);
    /* a view of another ruleset */
    ggn_ruleset *other = load(SEED0_SIMPLE);
    ggn_board_view *ov = ggn_board_view_new(other, st, &err);
    assert_int_equal(ggn_selection_where(&sel, ov, t, 4, &err), -1);
    assert_int_equal(err.code, GGN_E_USAGE);
    /* buffer too small */
    assert_int_equal(ggn_selection_where(&sel, v, t, 0, &err), -1);
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_int_equal(ggn_board_view_transitions(v, t, 0, &err), -1);
    assert_int_equal(err.code, GGN_E_LIMIT);
    ggn_board_view_free(ov);
    ggn_ruleset_free(other);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    ggn_ruleset_free(rs);
}

static void test_view_update(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(SEED1_ROOK);
    ggn_board_state *st = ggn_board_state_new(GGN_SIDE_FIRST);
    ggn_error err;
    assert_true(ggn_board_state_put(st, "a1", "C:R", &err));
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    ggn_transition t[4];
    assert_int_equal(ggn_board_view_transitions(v, t, 4, &err), 1);
    assert_int_equal(t[0].possibility, 0);
    assert_true(ggn_board_state_put(st, "a3", "C:P", &err));
    assert_true(ggn_board_view_update(v, st, &err));
    assert_int_equal(ggn_board_view_transitions(v, t, 4, &err), 0);
    assert_true(ggn_board_state_put(st, "a3", NULL, &err));
    assert_true(ggn_board_state_put(st, "a4", "c:p", &err));
    assert_true(ggn_board_view_update(v, st, &err));
    assert_int_equal(ggn_board_view_transitions(v, t, 4, &err), 1);
    assert_int_equal(t[0].possibility, 1);
    assert_true(ggn_board_state_put(st, "a4", NULL, &err));
    assert_null(ggn_board_state_at(st, "a4"));
    assert_string_equal(ggn_board_state_at(st, "a1"), "C:R");
    assert_true(ggn_board_view_update(v, st, &err));
    assert_int_equal(ggn_board_view_transitions(v, t, 4, &err), 1);
    assert_int_equal(t[0].possibility, 0);
    assert_false(ggn_board_state_put(st, "a0", "C:R", &err));
    assert_int_equal(err.code, GGN_E_LOCATION);
    assert_false(ggn_board_state_put(st, "a2", "C:", &err));
    assert_int_equal(err.code, GGN_E_IDENTIFIER);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    ggn_ruleset_free(rs);
}

static void test_limits(void **state_)
{
    (void)state_;
    /* one source plus GGN_MAX_GGN_SQUARES destinations: one square too many */
    size_t cap = (size_t)GGN_MAX_GGN_SQUARES * 16 + 64, n = 0;
    char *doc = malloc(cap);
    assert_non_null(doc);
    n += (size_t)snprintf(doc + n, cap - n, "{\"C:K\": {\"a1\": {");
    for (int k = 0; k < GGN_MAX_GGN_SQUARES; k++)
        n += (size_t)snprintf(doc + n, cap - n, "%s\"%c%c%d\": []", k ? "," : "", 'a' + k / 26 / 26 % 26, 'a' + k / 26 % 26, k % 26 + 2);
    n += (size_t)snprintf(doc + n, cap - n, "}}}");
    ggn_error e = load_fails(doc);
    assert_int_equal(e.code, GGN_E_LIMIT);
    assert_string_equal(e.message, "more than 4096 distinct squares in one document (GGN_MAX_GGN_SQUARES)");
    /* GGN_MAX_GGN_PIECES + 1 GAN piece keys */
    n = 0;
    n += (size_t)snprintf(doc + n, cap - n, "{");
    for (int k = 0; k <= GGN_MAX_GGN_PIECES; k++)
        n += (size_t)snprintf(doc + n, cap - n, "%s\"%c%c%c:K\": {}", k ? "," : "", 'A' + k / 676 % 26, 'A' + k / 26 % 26, 'A' + k % 26);
    snprintf(doc + n, cap - n, "}");
    e = load_fails(doc);
    assert_int_equal(e.code, GGN_E_LIMIT);
    assert_string_equal(e.message, "more than 1024 distinct piece ids in one document (GGN_MAX_GGN_PIECES)");
    free(doc);
}

/* ---------------------------------------------------------------------- */
/* board states                                                           */
/* ---------------------------------------------------------------------- */

static void test_state_json(void **state_)
{
    (void)state_;
    ggn_board_state *st = state("{\"board\": {\"e1\": \"SHOGI:K\", \"e2\": null, \"e9\": \"shogi:k\", \"a1\": \"C:R\"},"
                                " \"hands\": {\"first\": [\"SHOGI:P\", \"SHOGI:P\"], \"second\": [\"shogi:b\"]}, \"active\": \"shogi\"}");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_SECOND);
    assert_string_equal(ggn_board_state_at(st, "e1"), "SHOGI:K");
    assert_null(ggn_board_state_at(st, "e2"));
    assert_string_equal(ggn_board_state_at(st, "a1"), "C:R");
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "SHOGI:P"), 2);
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_SECOND, "shogi:b"), 1);
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_SECOND, "SHOGI:P"), 0);
    ggn_board_state_free(st);
    st = state("{\"active\": \"second\", \"board\": {}}");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_SECOND);
    ggn_board_state_free(st);
}

static void state_fails(const char *text, ggn_code code, const char *pointer, int line, int column, const char *message)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_state *st = ggn_board_state_parse(text, strlen(text), &err);
    if (st) fail_msg("accepted: %s", text);
    assert_int_equal(err.code, code);
    assert_string_equal(err.pointer, pointer);
    assert_int_equal(err.line, line);
    assert_int_equal(err.column, column);
    assert_string_equal(err.message, message);
}

static void test_state_json_errors(void **state_)
{
    (void)state_;
    state_fails("{\"board\": {}}", GGN_E_MISSING, "", 1, 1, "missing active (whose turn it is)");
    state_fails("{\"active\": \"first\"}", GGN_E_MISSING, "", 1, 1, "missing board");
    state_fails("{\"board\": {\"e0\": \"C:K\"}, \"active\": \"first\"}", GGN_E_LOCATION, "/board/e0", 1, 18,
                "\"e0\" is not a CELL coordinate: numbers start at 1 and have no leading zero");
    state_fails("{\"board\": {\"e1\": \"Chess:K\"}, \"active\": \"first\"}", GGN_E_IDENTIFIER, "/board/e1", 1, 18,
                "\"Chess:K\" is neither a GAN nor a QPI id");
    state_fails("{\"board\": {\"e1\": 3}, \"active\": \"first\"}", GGN_E_TYPE, "/board/e1", 1, 18,
                "expected a piece id or null, found an integer");
    state_fails("{\"board\": {},\n \"active\": \"Mixed\"}", GGN_E_VALUE, "/active", 2, 12,
                "active must be \"first\", \"second\" or a game id or style in one case");
    state_fails("{\"board\": {}, \"hands\": {\"third\": []}, \"active\": \"first\"}", GGN_E_UNKNOWN, "/hands/third", 1, 34,
                "unknown hand \"third\" (hands are \"first\" and \"second\")");
    state_fails("{\"board\": {}, \"turn\": 1, \"active\": \"first\"}", GGN_E_UNKNOWN, "/turn", 1, 23,
                "unknown field \"turn\" (a position has board, hands and active)");
    state_fails("{\"board\": {}, \"active\": \"first\",}", GGN_E_SYNTAX, "", 1, 33, "string or '}' expected near '}'");
}

static void test_state_feen_old(void **state_)
{
    (void)state_;
    ggn_board_state *st = state("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - CHESS/chess");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_FIRST);
    assert_string_equal(ggn_board_state_at(st, "a1"), "CHESS:R");
    assert_string_equal(ggn_board_state_at(st, "e1"), "CHESS:K");
    assert_string_equal(ggn_board_state_at(st, "d1"), "CHESS:Q");
    assert_string_equal(ggn_board_state_at(st, "e2"), "CHESS:P");
    assert_string_equal(ggn_board_state_at(st, "e8"), "chess:k");
    assert_string_equal(ggn_board_state_at(st, "h8"), "chess:r");
    assert_null(ggn_board_state_at(st, "e4"));
    ggn_board_state_free(st);
    st = state("4k3/8/8/8/8/8/8/4K3 2Pp shogi/SHOGI");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_SECOND);
    assert_string_equal(ggn_board_state_at(st, "e1"), "SHOGI:K");
    assert_string_equal(ggn_board_state_at(st, "e8"), "shogi:k");
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "SHOGI:P"), 2);
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_SECOND, "shogi:p"), 1);
    ggn_board_state_free(st);
    /* a 12-wide rank and two-digit runs */
    st = state("12/5+Q'6 - GRAND/grand");
    assert_string_equal(ggn_board_state_at(st, "f1"), "GRAND:+Q'");
    assert_null(ggn_board_state_at(st, "l2"));
    ggn_board_state_free(st);
}

static void test_state_feen_current(void **state_)
{
    (void)state_;
    ggn_board_state *st = state("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL 2P/p S/s");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_FIRST);
    assert_string_equal(ggn_board_state_at(st, "e1"), "S:K^");
    assert_string_equal(ggn_board_state_at(st, "b2"), "S:B");
    assert_string_equal(ggn_board_state_at(st, "h2"), "S:R");
    assert_string_equal(ggn_board_state_at(st, "b8"), "s:r");
    assert_string_equal(ggn_board_state_at(st, "i9"), "s:l");
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "S:P"), 2);
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_SECOND, "s:p"), 1);
    ggn_board_state_free(st);
    st = state("+rnbq+kbn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+KBN+R / c/C");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_SECOND);
    assert_string_equal(ggn_board_state_at(st, "e1"), "C:+K");
    assert_string_equal(ggn_board_state_at(st, "a1"), "C:+R");
    assert_string_equal(ggn_board_state_at(st, "b1"), "C:N");
    assert_string_equal(ggn_board_state_at(st, "e7"), "c:+p");
    ggn_board_state_free(st);
    /* 3-D: layers separated by //, the first written is layer A */
    st = state("K1/2//3/1k1 / R/r");
    assert_string_equal(ggn_board_state_at(st, "a2A"), "R:K");
    assert_string_equal(ggn_board_state_at(st, "b1B"), "r:k");
    assert_null(ggn_board_state_at(st, "a2"));
    ggn_board_state_free(st);
}

static void feen_fails(const char *text, int column, const char *message)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_state *st = ggn_board_state_parse(text, strlen(text), &err);
    if (st) fail_msg("accepted: %s", text);
    assert_int_equal(err.code, GGN_E_VALUE);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, column);
    assert_string_equal(err.message, message);
}

static void test_state_feen_errors(void **state_)
{
    (void)state_;
    feen_fails("8/8 -", 6, "FEEN: expected <placement> <hands> <active>/<other>");
    feen_fails("8/8 - A/a x", 11, "FEEN: more than three fields");
    feen_fails("8/7? - A/a", 4, "FEEN: unexpected character in a rank");
    feen_fails("8/08 - A/a", 3, "FEEN: a run of empty squares has no leading zero");
    feen_fails("8/8/ - A/a", 5, "FEEN: empty rank");
    feen_fails("8/8 - A/B", 7, "FEEN: one name is upper case and the other lower case");
    feen_fails("8/8 - Ab/a", 8, "FEEN: a game or style name is letters all in one case");
    feen_fails("8/8 - CHESS", 7, "FEEN: the last field is <active>/<other>, e.g. CHESS/chess or C/c");
    feen_fails("8/8 1P/ A/a", 5, "FEEN: a count in hand starts at 2");
    feen_fails("8/8 P/p/ A/a", 8, "FEEN: hands are <first>/<second>");
    feen_fails("8/8 P+ A/a", 6, "FEEN: expected a piece in hand");
}

/* ---------------------------------------------------------------------- */
/* the Ruby library 0.8-0.9.1: must / deny / diff (STN)                   */
/* ---------------------------------------------------------------------- */

/* The library README's examples, as JSON. */
static const char DIFF_PAWN[] =
    "{\"C:P\": {\"e2\": {\"e4\": [{\"must\": {\"e3\": \"empty\", \"e4\": \"empty\"}, \"deny\": {},"
    " \"diff\": {\"board\": {\"e2\": null, \"e4\": \"C:P\"}, \"toggle\": true}}]}}}";
static const char DIFF_PROMOTION[] =
    "{\"C:P\": {\"e7\": {\"e8\": ["
    "{\"must\": {\"e8\": \"empty\"}, \"deny\": {}, \"diff\": {\"board\": {\"e7\": null, \"e8\": \"C:Q\"}, \"toggle\": true}},"
    " {\"must\": {\"e8\": \"empty\"}, \"deny\": {}, \"diff\": {\"board\": {\"e7\": null, \"e8\": \"C:N\"}, \"toggle\": true}}]}}}";
static const char DIFF_CASTLING[] =
    "{\"C:+K\": {\"e1\": {\"g1\": [{\"must\": {\"f1\": \"empty\", \"g1\": \"empty\", \"h1\": \"C:+R\"}, \"deny\": {},"
    " \"diff\": {\"board\": {\"e1\": null, \"g1\": \"C:K\", \"h1\": null, \"f1\": \"C:R\"}, \"toggle\": true}}]}}}";
static const char DIFF_DROP[] =
    "{\"S:P\": {\"*\": {\"e4\": [{\"must\": {\"e4\": \"empty\"},"
    " \"deny\": {\"e1\": \"S:P\", \"e2\": \"S:P\", \"e3\": \"S:P\", \"e5\": \"S:P\", \"e6\": \"S:P\", \"e7\": \"S:P\", \"e8\": \"S:P\", \"e9\": \"S:P\"},"
    " \"diff\": {\"board\": {\"e4\": \"S:P\"}, \"hands\": {\"S:P\": -1}, \"toggle\": true}}]}}}";

/* The first transition of a one-possibility position, for its toggle. */
static bool first_toggles(const ggn_ruleset *rs, const char *position)
{
    ggn_board_state *st = state(position);
    ggn_board_view *v = ggn_board_view_new(rs, st, NULL);
    ggn_transition t[8];
    int n = ggn_board_view_transitions(v, t, 8, NULL);
    assert_true(n >= 1);
    bool toggles = ggn_transition_toggles(&t[0]);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    return toggles;
}

static void test_diff_examples(void **state_)
{
    (void)state_;
    ggn_ruleset *rs = load(DIFF_PAWN);
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DIFF);
    ASSERT_MOVES(rs, "{\"board\": {\"e2\": \"C:P\"}, \"active\": \"first\"}", "C:P e2 e4 #0: e2=- e4=C:P");
    ASSERT_MOVES(rs, "{\"board\": {\"e2\": \"C:P\", \"e3\": \"c:p\"}, \"active\": \"first\"}", "");
    assert_true(first_toggles(rs, "{\"board\": {\"e2\": \"C:P\"}, \"active\": \"first\"}"));
    ggn_ruleset_free(rs);
    /* capture */
    rs = load("{\"C:P\": {\"e4\": {\"f5\": [{\"must\": {\"f5\": \"enemy\"}, \"deny\": {},"
              " \"diff\": {\"board\": {\"e4\": null, \"f5\": \"C:P\"}, \"toggle\": true}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e4\": \"C:P\", \"f5\": \"c:p\"}, \"active\": \"first\"}", "C:P e4 f5 #0: e4=- f5=C:P");
    ASSERT_MOVES(rs, "{\"board\": {\"e4\": \"C:P\", \"f5\": \"C:N\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
    /* promotion choices: one transition each */
    rs = load(DIFF_PROMOTION);
    ASSERT_MOVES(rs, "{\"board\": {\"e7\": \"C:P\"}, \"active\": \"first\"}",
                 "C:P e7 e8 #0: e7=- e8=C:Q; C:P e7 e8 #1: e7=- e8=C:N");
    ggn_ruleset_free(rs);
    /* castling: four board changes in the order written */
    rs = load(DIFF_CASTLING);
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:+K\", \"h1\": \"C:+R\"}, \"active\": \"first\"}",
                 "C:+K e1 g1 #0: e1=- g1=C:K h1=- f1=C:R");
    ASSERT_MOVES(rs, "{\"board\": {\"e1\": \"C:+K\", \"h1\": \"C:R\"}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
    /* drop: the hand gives the pawn up; a pawn on the file forbids it */
    rs = load(DIFF_DROP);
    ASSERT_MOVES(rs, "{\"board\": {}, \"hands\": {\"first\": [\"S:P\"]}, \"active\": \"first\"}", "S:P * e4 #0: e4=S:P -S:P");
    ASSERT_MOVES(rs, "{\"board\": {\"e7\": \"S:P\"}, \"hands\": {\"first\": [\"S:P\"]}, \"active\": \"first\"}", "");
    ggn_ruleset_free(rs);
    /* a capture into the hand: the mover's own side names the mover's hand */
    rs = load("{\"S:R\": {\"e5\": {\"e6\": [{\"must\": {\"e6\": \"enemy\"}, \"deny\": {},"
              " \"diff\": {\"board\": {\"e5\": null, \"e6\": \"S:R\"}, \"hands\": {\"S:P\": 1}, \"toggle\": true}}]}}}");
    ASSERT_MOVES(rs, "{\"board\": {\"e5\": \"S:R\", \"e6\": \"s:p\"}, \"active\": \"first\"}", "S:R e5 e6 #0: e5=- e6=S:R +S:P");
    ggn_ruleset_free(rs);
}

static void test_diff_toggle(void **state_)
{
    (void)state_;
    const char *pos = "{\"board\": {\"e1\": \"C:K\"}, \"active\": \"first\"}";
    ggn_ruleset *rs = load("{\"C:K\": {\"e1\": {\"e2\": [{\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}, \"toggle\": false}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DIFF);
    assert_false(first_toggles(rs, pos));
    ggn_ruleset_free(rs);
    /* STN leaves toggle out for false */
    rs = load("{\"C:K\": {\"e1\": {\"e2\": [{\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}}}]}}}");
    assert_false(first_toggles(rs, pos));
    ggn_ruleset_free(rs);
    /* the other spellings leave the turn to the rule system: it passes */
    rs = load("{\"C:K\": {\"e1\": {\"e2\": [{}]}}}");
    assert_true(first_toggles(rs, pos));
    ggn_ruleset_free(rs);
}

static void test_diff_detection(void **state_)
{
    (void)state_;
    /* must alone is must-deny; one diff anywhere makes the document must-diff */
    ggn_ruleset *rs = load("{\"C:K\": {\"e1\": {\"e2\": [{\"must\": {\"e2\": \"empty\"}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DENY);
    ggn_ruleset_free(rs);
    rs = load("{\"C:K\": {\"e1\": {\"e2\": []}}, \"C:Q\": {\"d1\": {\"d2\": [{\"deny\": {}, \"diff\": {\"toggle\": true}}]}}}");
    assert_int_equal(ggn_ruleset_spelling(rs), GGN_SPELLING_MUST_DIFF);
    ggn_ruleset_free(rs);
    /* a must-deny possibility next to a must-diff one: the error names both places */
    ggn_error e = load_fails("{\"C:K\": {\"e1\": {\"e2\": [{\"must\": {\"e2\": \"empty\"}}], \"f2\": [{\"diff\": {\"toggle\": true}}]}}}");
    assert_int_equal(e.code, GGN_E_MISSING);
    assert_string_equal(e.pointer, "/C:K/e1/e2/0");
    assert_non_null(strstr(e.message, "first diff at /C:K/e1/f2/0/diff"));
    /* diff in a GAN document is mixing, whichever comes first */
    e = load_fails("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"diff\": {}}], \"f2\": [{\"perform\": {\"e1\": null, \"f2\": \"CHESS:K\"}}]}}}");
    assert_int_equal(e.code, GGN_E_IDENTIFIER); /* read as must-diff, CHESS:K is not QPI */
    e = load_fails("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}], \"f2\": [{\"diff\": {}}]}}}");
    assert_int_equal(e.code, GGN_E_SPELLING);
    assert_string_equal(e.pointer, "/CHESS:K/e1/f2/0/diff");
    /* a trusted load ignores unknown diff fields but still refuses what it cannot run */
    ggn_load_options trusted = { .trusted = true };
    const char *odd = "{\"S:P\": {\"*\": {\"e5\": [{\"diff\": {\"board\": {\"e5\": \"S:P\"}, \"hands\": {\"S:P\": -1}, \"note\": 1}}]}}}";
    rs = ggn_ruleset_load_string(odd, strlen(odd), "t.json", &trusted, NULL);
    assert_non_null(rs);
    ggn_ruleset_free(rs);
    const char *two = "{\"S:P\": {\"*\": {\"e5\": [{\"diff\": {\"board\": {\"e5\": \"S:P\"}, \"hands\": {\"S:P\": -2}}}]}}}";
    assert_null(ggn_ruleset_load_string(two, strlen(two), "t.json", &trusted, NULL));
}

/* ---------------------------------------------------------------------- */
/* conversion                                                             */
/* ---------------------------------------------------------------------- */

static char *convert(const char *doc, ggn_spelling to)
{
    ggn_ruleset *rs = load(doc);
    ggn_error err;
    char *out = ggn_ruleset_write(rs, to, &err);
    if (!out) fail_msg("convert to %s: %s", ggn_spelling_name(to), err.message);
    ggn_ruleset_free(rs);
    return out;
}

static void convert_refused(const char *doc, ggn_spelling to, const char *pointer, const char *message)
{
    ggn_ruleset *rs = load(doc);
    ggn_error err;
    char *out = ggn_ruleset_write(rs, to, &err);
    if (out) fail_msg("converted to %s:\n%s", ggn_spelling_name(to), out);
    assert_int_equal(err.code, GGN_E_CONVERSION);
    assert_string_equal(err.pointer, pointer);
    assert_string_equal(err.message, message);
    assert_string_equal(err.file, "t.json");
    ggn_ruleset_free(rs);
}

static void test_convert_exact_text(void **state_)
{
    (void)state_;
    char *out = convert(SEED0_DROP, GGN_SPELLING_MUST_DENY);
    assert_string_equal(out, "{\n"
                             "  \"G:P\": {\n"
                             "    \"*\": {\n"
                             "      \"f5\": [\n"
                             "        {\n"
                             "          \"must\": {\n"
                             "            \"f5\": \"empty\"\n"
                             "          }\n"
                             "        }\n"
                             "      ]\n"
                             "    }\n"
                             "  }\n"
                             "}\n");
    free(out);
    out = convert("{\"C:K\": {\"e1\": {\"e2\": [{}], \"d1\": [{\"deny\": {\"d1\": \"empty\"}}]}}}", GGN_SPELLING_BOARD_CHECK);
    assert_string_equal(out, "{\n"
                             "  \"C:K\": {\n"
                             "    \"e1\": {\n"
                             "      \"e2\": [\n"
                             "        {\n"
                             "          \"board_check\": {},\n"
                             "          \"board_patch\": {\n"
                             "            \"e1\": null,\n"
                             "            \"e2\": \"C:K\"\n"
                             "          }\n"
                             "        }\n"
                             "      ],\n"
                             "      \"d1\": [\n"
                             "        {\n"
                             "          \"board_check\": {\n"
                             "            \"d1\": \"occupied\"\n"
                             "          },\n"
                             "          \"board_patch\": {\n"
                             "            \"e1\": null,\n"
                             "            \"d1\": \"C:K\"\n"
                             "          }\n"
                             "        }\n"
                             "      ]\n"
                             "    }\n"
                             "  }\n"
                             "}\n");
    free(out);
    /* occupied becomes deny empty; CHESS becomes style C */
    out = convert("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"board_check\": {\"e2\": \"occupied\"}, \"board_patch\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}",
                  GGN_SPELLING_MUST_DENY);
    assert_string_equal(out, "{\n  \"C:K\": {\n    \"e1\": {\n      \"e2\": [\n        {\n          \"deny\": {\n"
                             "            \"e2\": \"empty\"\n          }\n        }\n      ]\n    }\n  }\n}\n");
    free(out);
    /* a drop written out in board-check gets its hand change */
    out = convert("{\"S:P\": {\"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}}]}, \"e5\": {\"*\": [{}]}}}", GGN_SPELLING_BOARD_CHECK);
    assert_non_null(strstr(out, "\"board_patch\": {\n            \"e5\": \"S:P\"\n          },\n          \"in_hand_del\": \"S:P\""));
    assert_non_null(strstr(out, "\"board_patch\": {\n            \"e5\": null\n          },\n          \"in_hand_add\": \"S:P\""));
    free(out);
    /* into must-diff: must and deny always, the implied change as an STN diff that passes the turn */
    out = convert("{\"S:P\": {\"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}}]}}}", GGN_SPELLING_MUST_DIFF);
    assert_string_equal(out, "{\n"
                             "  \"S:P\": {\n"
                             "    \"*\": {\n"
                             "      \"e5\": [\n"
                             "        {\n"
                             "          \"must\": {\n"
                             "            \"e5\": \"empty\"\n"
                             "          },\n"
                             "          \"deny\": {},\n"
                             "          \"diff\": {\n"
                             "            \"board\": {\n"
                             "              \"e5\": \"S:P\"\n"
                             "            },\n"
                             "            \"hands\": {\n"
                             "              \"S:P\": -1\n"
                             "            },\n"
                             "            \"toggle\": true\n"
                             "          }\n"
                             "        }\n"
                             "      ]\n"
                             "    }\n"
                             "  }\n"
                             "}\n");
    free(out);
}

/* Converting a to b and back gives a's own writing back. */
static void round_trip(const char *doc, ggn_spelling via)
{
    ggn_ruleset *rs = load(doc);
    ggn_spelling home = ggn_ruleset_spelling(rs);
    ggn_error err;
    char *original = ggn_ruleset_write(rs, home, &err);
    assert_non_null(original);
    char *there = ggn_ruleset_write(rs, via, &err);
    if (!there) fail_msg("to %s: %s", ggn_spelling_name(via), err.message);
    ggn_ruleset *rs2 = load(there);
    assert_int_equal(ggn_ruleset_spelling(rs2), via);
    char *back = ggn_ruleset_write(rs2, home, &err);
    if (!back) fail_msg("back to %s: %s", ggn_spelling_name(home), err.message);
    assert_string_equal(back, original);
    free(original);
    free(there);
    free(back);
    ggn_ruleset_free(rs2);
    ggn_ruleset_free(rs);
}

static void test_convert_round_trips(void **state_)
{
    (void)state_;
    round_trip(SEED1_ROOK, GGN_SPELLING_REQUIRE_PREVENT);
    round_trip(SEED1_ROOK, GGN_SPELLING_BOARD_CHECK);
    round_trip("{\"x:c\": {\"b2\": {\"b8\": [{\"must\": {\"b3\": \"empty\", \"b8\": \"enemy\"}, \"deny\": {\"b7\": \"empty\"}}]}}}",
               GGN_SPELLING_BOARD_CHECK);
    round_trip("{\"C:Q\": {\"d3\": {\"e4\": [{\"must\": {\"e4\": \"enemy\"}, \"deny\": {\"e4\": \"c:k\"}}]}}}",
               GGN_SPELLING_REQUIRE_PREVENT);
    round_trip(SEED0_SIMPLE, GGN_SPELLING_REQUIRE_PREVENT);
    round_trip(SEED0_CAPTURE, GGN_SPELLING_REQUIRE_PREVENT);
    round_trip(SEED0_PROMOTION, GGN_SPELLING_REQUIRE_PREVENT);
    round_trip("{\"S:P\": {\"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}}]}}}", GGN_SPELLING_BOARD_CHECK);
    round_trip("{\"GAME:B\": {\"c1\": {\"f4\": [{\"require\": {\"d2\": \"empty\", \"e3\": \"empty\"}, \"prevent\": {\"g5\": \"empty\"},"
               " \"perform\": {\"c1\": null, \"f4\": \"GAME:B\"}}]}}}", GGN_SPELLING_BOARD_CHECK);
    /* must-diff and every other spelling, both ways, for what both can say */
    static const ggn_spelling others[] = { GGN_SPELLING_MUST_DENY, GGN_SPELLING_REQUIRE_PREVENT, GGN_SPELLING_BOARD_CHECK };
    for (size_t k = 0; k < 3; k++) {
        round_trip(DIFF_PAWN, others[k]);
        round_trip(SEED1_ROOK, GGN_SPELLING_MUST_DIFF);
    }
    /* GAN documents whose game ids are one letter (longer ones become one letter in QPI) */
    round_trip("{\"G:X\": {\"c3\": {\"c5\": [{\"board_check\": {\"c4\": \"empty\", \"c5\": \"empty\"},"
               " \"board_patch\": {\"c3\": null, \"c5\": \"G:X\"}}]}}}", GGN_SPELLING_MUST_DIFF);
    round_trip("{\"G:P\": {\"e7\": {\"e8\": [{\"board_check\": {\"e8\": \"empty\"}, \"board_patch\": {\"e7\": null, \"e8\": \"G:Q\"}}]},"
               " \"*\": {\"f5\": [{\"board_check\": {\"f5\": \"empty\"}, \"board_patch\": {\"f5\": \"G:P\"}, \"in_hand_del\": \"G:P\"}]}}}",
               GGN_SPELLING_MUST_DIFF);
    round_trip("{\"C:P\": {\"d5\": {\"e6\": [{\"require\": {\"e5\": \"c:p\", \"e6\": \"empty\"}, \"prevent\": {\"e4\": \"enemy\"},"
               " \"perform\": {\"d5\": null, \"e5\": null, \"e6\": \"C:P\"}}]}}}", GGN_SPELLING_MUST_DIFF);
    round_trip(DIFF_PROMOTION, GGN_SPELLING_REQUIRE_PREVENT);
    round_trip(DIFF_CASTLING, GGN_SPELLING_BOARD_CHECK);
    round_trip(DIFF_DROP, GGN_SPELLING_MUST_DENY);
    round_trip("{\"S:P\": {\"*\": {\"e4\": [{\"must\": {\"e4\": \"empty\"}, \"deny\": {}, \"diff\": {\"board\": {\"e4\": \"S:P\"},"
               " \"hands\": {\"S:P\": -1}, \"toggle\": true}}]}}}", GGN_SPELLING_BOARD_CHECK);
    round_trip("{\"S:P\": {\"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}}]}, \"e5\": {\"*\": [{}], \"e6\": []}}}",
               GGN_SPELLING_MUST_DIFF);
    round_trip("{\"x:c\": {\"b2\": {\"b8\": [{\"must\": {\"b3\": \"empty\", \"b8\": \"enemy\"}, \"deny\": {\"b7\": \"empty\"}}]}}}",
               GGN_SPELLING_MUST_DIFF);
    /* toggle false and toggle left out stay as written */
    round_trip("{\"C:K\": {\"e1\": {\"e2\": [{\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}, \"toggle\": false}},"
               " {\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}}}]}}}", GGN_SPELLING_MUST_DIFF);
    /* every spelling writes itself back unchanged */
    static const ggn_spelling all[] = { GGN_SPELLING_MUST_DENY, GGN_SPELLING_REQUIRE_PREVENT, GGN_SPELLING_BOARD_CHECK,
                                        GGN_SPELLING_MUST_DIFF };
    for (size_t k = 0; k < 4; k++) {
        size_t len;
        char *text = gen_chess_ggn(all[k], &len);
        ggn_ruleset *rs = ggn_ruleset_load_string(text, len, NULL, NULL, NULL);
        assert_non_null(rs);
        char *a = ggn_ruleset_write(rs, all[k], NULL);
        ggn_ruleset *rs2 = ggn_ruleset_load_string(a, strlen(a), NULL, NULL, NULL);
        assert_non_null(rs2);
        char *b = ggn_ruleset_write(rs2, all[k], NULL);
        assert_string_equal(a, b);
        /* and the chess library keeps its moves in every spelling it converts to */
        assert_int_equal(count_moves(rs2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - CHESS/chess") +
                             count_moves(rs2, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"),
                         20);
        free(a);
        free(b);
        free(text);
        ggn_ruleset_free(rs2);
        ggn_ruleset_free(rs);
    }
}

static void test_convert_refusals(void **state_)
{
    (void)state_;
    const char *ally = "{\"GAME:X\": {\"a1\": {\"a2\": [{\"board_check\": {\"a2\": \"empty\"}, \"board_patch\": {\"a1\": null, \"a2\": \"GAME:X\"}}],"
                       " \"b2\": [{\"board_check\": {\"b2\": \"ally\"}, \"board_patch\": {\"a1\": null, \"b2\": \"GAME:X\"}}]}}}";
    convert_refused(ally, GGN_SPELLING_MUST_DENY, "/GAME:X/a1/b2/0", "cannot write must-deny: \"ally\" on b2 has no must-deny equivalent");
    convert_refused(ally, GGN_SPELLING_REQUIRE_PREVENT, "/GAME:X/a1/b2/0",
                    "cannot write require-prevent: \"ally\" on b2 has no require-prevent equivalent");
    /* explicit patches that are not the implied move */
    convert_refused(SEED0_PROMOTION, GGN_SPELLING_MUST_DENY, "/GAME:P/e7/e8/0",
                    "cannot write must-deny: the changes its board_patch / in_hand_* writes differ from what must-deny implies (source emptied, destination taking the piece)");
    convert_refused("{\"CHESS:P\": {\"d5\": {\"e6\": [{\"require\": {\"e5\": \"chess:p\", \"e6\": \"empty\"}, \"perform\": {\"d5\": null, \"e5\": null, \"e6\": \"CHESS:P\"}}]}}}",
                    GGN_SPELLING_MUST_DENY, "/CHESS:P/d5/e6/0",
                    "cannot write must-deny: the changes its perform writes differ from what must-deny implies (source emptied, destination taking the piece)");
    /* hands */
    convert_refused(SEED0_DROP, GGN_SPELLING_REQUIRE_PREVENT, "/GAME:P/*/f5/0",
                    "cannot write require-prevent: require-prevent has no moves to or from the hand (\"*\")");
    convert_refused("{\"GAME:X\": {\"c3\": {\"d4\": [{\"board_check\": {\"d4\": \"enemy\"}, \"board_patch\": {\"c3\": null, \"d4\": \"GAME:X\"},"
                    " \"in_hand_add\": \"GAME:P\"}]}}}",
                    GGN_SPELLING_REQUIRE_PREVENT, "/GAME:X/c3/d4/0", "cannot write require-prevent: require-prevent cannot change a hand");
    convert_refused("{\"S:+P\": {\"*\": {\"e5\": [{}]}}}", GGN_SPELLING_BOARD_CHECK, "/S:+P/*/e5/0",
                    "cannot write board-check: S:+P goes to or from a hand, where board-check ids carry no modifier");
    /* forbidden states into board-check */
    convert_refused("{\"C:R\": {\"a1\": {\"a2\": [{\"deny\": {\"a2\": \"enemy\"}}]}}}", GGN_SPELLING_BOARD_CHECK, "/C:R/a1/a2/0",
                    "cannot write board-check: board-check has no forbidden states (deny \"enemy\" on a2)");
    convert_refused("{\"C:R\": {\"a1\": {\"a2\": [{\"deny\": {\"a2\": \"c:k\"}}]}}}", GGN_SPELLING_BOARD_CHECK, "/C:R/a1/a2/0",
                    "cannot write board-check: board-check has no forbidden states (deny \"c:k\" on a2)");
    convert_refused("{\"C:R\": {\"a1\": {\"a2\": [{\"must\": {\"a2\": \"enemy\"}, \"deny\": {\"a2\": \"empty\"}}]}}}", GGN_SPELLING_BOARD_CHECK,
                    "/C:R/a1/a2/0",
                    "cannot write board-check: deny \"empty\" on a2 would become board_check \"occupied\", but a2 is already checked");
    /* empty arrays */
    convert_refused("{\"C:R\": {\"a1\": {\"a2\": [{}], \"a3\": []}}}", GGN_SPELLING_BOARD_CHECK, "/C:R/a1/a3",
                    "cannot write board-check: an empty possibility array has no board-check equivalent (at least one possibility)");
    convert_refused("{\"C:R\": {\"a1\": {\"a3\": []}}}", GGN_SPELLING_REQUIRE_PREVENT, "/C:R/a1/a3",
                    "cannot write require-prevent: an empty possibility array has no require-prevent equivalent (at least one possibility)");
    /* identifiers */
    convert_refused("{\"C:K^\": {\"e1\": {\"e2\": [{}]}}}", GGN_SPELLING_REQUIRE_PREVENT, "/C:K^",
                    "cannot write require-prevent: C:K^ has the terminal marker \"^\", which GAN cannot write");
    convert_refused("{\"C:K\": {\"e1\": {\"e2\": [{\"must\": {\"d1\": \"C:K^\"}}]}}}", GGN_SPELLING_BOARD_CHECK, "/C:K/e1/e2/0",
                    "cannot write board-check: C:K^ has the terminal marker \"^\", which GAN cannot write");
    convert_refused("{\"GAME:X'\": {\"c3\": {\"d4\": [{\"board_check\": {}, \"board_patch\": {}}]}}}", GGN_SPELLING_MUST_DENY, "/GAME:X'",
                    "cannot write must-deny: GAME:X' has the \"'\" suffix, which QPI cannot write");
    convert_refused("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}},"
                    " \"CHECKERS:K\": {\"a1\": {\"b2\": [{\"perform\": {\"a1\": null, \"b2\": \"CHECKERS:K\"}}]}}}",
                    GGN_SPELLING_MUST_DENY, "/CHECKERS:K", "cannot write must-deny: games chess and checkers would both become style C");
    convert_refused("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"require\": {\"e2\": \"CAPA:A\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}",
                    GGN_SPELLING_MUST_DENY, "/CHESS:K/e1/e2/0", "cannot write must-deny: games chess and capa would both become style C");
    /* must-diff: the turn, the diff, the hands */
    const char *keep_turn = "{\"C:K\": {\"e1\": {\"e2\": [{\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}, \"toggle\": false}}]}}}";
    convert_refused(keep_turn, GGN_SPELLING_MUST_DENY, "/C:K/e1/e2/0",
                    "cannot write must-deny: its diff keeps the same player to move (toggle false), which must-deny cannot say: it leaves turns to the rule system");
    convert_refused("{\"C:K\": {\"e1\": {\"e2\": [{\"diff\": {\"board\": {\"e1\": null, \"e2\": \"C:K\"}}}]}}}", GGN_SPELLING_BOARD_CHECK,
                    "/C:K/e1/e2/0",
                    "cannot write board-check: its diff keeps the same player to move (toggle left out), which board-check cannot say: it leaves turns to the rule system");
    convert_refused(DIFF_PROMOTION, GGN_SPELLING_MUST_DENY, "/C:P/e7/e8/0",
                    "cannot write must-deny: the changes its diff writes differ from what must-deny implies (source emptied, destination taking the piece)");
    convert_refused("{\"S:R\": {\"e5\": {\"e6\": [{\"diff\": {\"board\": {\"e5\": null, \"e6\": \"S:R\"}, \"hands\": {\"S:P\": 1}, \"toggle\": true}}]}}}",
                    GGN_SPELLING_REQUIRE_PREVENT, "/S:R/e5/e6/0", "cannot write require-prevent: require-prevent cannot change a hand");
    convert_refused("{\"SHOGI:R\": {\"e5\": {\"e6\": [{\"board_check\": {\"e6\": \"enemy\"}, \"board_patch\": {\"e5\": null, \"e6\": \"SHOGI:R\"},"
                    " \"in_hand_add\": \"shogi:p\"}]}}}",
                    GGN_SPELLING_MUST_DIFF, "/SHOGI:R/e5/e6/0",
                    "cannot write must-diff: shogi:p goes to or from the mover's hand, but an STN hands key of its side names the other player's hand");
    convert_refused("{\"SHOGI:R\": {\"e5\": {\"e6\": [{\"board_check\": {}, \"board_patch\": {\"e5\": null, \"e6\": \"SHOGI:R\"},"
                    " \"in_hand_add\": \"SHOGI:P\", \"in_hand_del\": \"SHOGI:P\"}]}}}",
                    GGN_SPELLING_MUST_DIFF, "/SHOGI:R/e5/e6/0",
                    "cannot write must-diff: SHOGI:P both enters and leaves the hand, which STN counts as no change");
    convert_refused("{\"GAME:X\": {\"a1\": {\"b2\": [{\"board_check\": {\"b2\": \"ally\"}, \"board_patch\": {\"a1\": null, \"b2\": \"GAME:X\"}}]}}}",
                    GGN_SPELLING_MUST_DIFF, "/GAME:X/a1/b2/0", "cannot write must-diff: \"ally\" on b2 has no must-diff equivalent");
    /* CHESS and chess are one game: no collision */
    char *out = convert("{\"CHESS:K\": {\"e1\": {\"e2\": [{\"require\": {\"e2\": \"chess:k\"}, \"perform\": {\"e1\": null, \"e2\": \"CHESS:K\"}}]}}}",
                        GGN_SPELLING_MUST_DENY);
    assert_non_null(strstr(out, "\"e2\": \"c:k\""));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spelling_names),
        cmocka_unit_test(test_detection),
        cmocka_unit_test(test_seed0_simple_move),
        cmocka_unit_test(test_seed0_capture),
        cmocka_unit_test(test_seed0_promotion_and_drop),
        cmocka_unit_test(test_seed0_five_states),
        cmocka_unit_test(test_seed1_possibilities),
        cmocka_unit_test(test_seed1_empty_array),
        cmocka_unit_test(test_seed1_deny_repeats_a_key),
        cmocka_unit_test(test_seed1_must_and_deny),
        cmocka_unit_test(test_seed1_rook),
        cmocka_unit_test(test_seed1_must_conjunction),
        cmocka_unit_test(test_seed1_castling_drop_cannon),
        cmocka_unit_test(test_seed1_moves_to_hand),
        cmocka_unit_test(test_seed2_quick_start),
        cmocka_unit_test(test_seed2_move_types),
        cmocka_unit_test(test_seed2_prevent),
        cmocka_unit_test(test_seed2_validation),
        cmocka_unit_test(test_seed2_integration),
        cmocka_unit_test(test_seed2_shogi_select),
        cmocka_unit_test(test_seed2_cross_game),
        cmocka_unit_test(test_not_found),
        cmocka_unit_test(test_view_update),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_state_json),
        cmocka_unit_test(test_state_json_errors),
        cmocka_unit_test(test_state_feen_old),
        cmocka_unit_test(test_state_feen_current),
        cmocka_unit_test(test_state_feen_errors),
        cmocka_unit_test(test_diff_examples),
        cmocka_unit_test(test_diff_toggle),
        cmocka_unit_test(test_diff_detection),
        cmocka_unit_test(test_convert_exact_text),
        cmocka_unit_test(test_convert_round_trips),
        cmocka_unit_test(test_convert_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
