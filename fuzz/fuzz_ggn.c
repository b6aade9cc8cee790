/*
 * fuzz_ggn.c — GGN documents (all three spellings).
 *
 * Loads the input with full validation and again trusted. A loaded
 * ruleset is queried on small board states (GAN and QPI pieces, both sides
 * to move, pieces in hand) and written in each spelling; a document that
 * converts must load again and describe as many transitions.
 */
#include <string.h>

#include "fuzz.h"
#include "ggn/ruleset.h"

/* Positions every spelling's ids can match: chess-like GAN and QPI pieces. */
static const char *const states[] = {
    "{\"board\": {\"e1\": \"CHESS:K\", \"d1\": \"CHESS:Q\", \"e2\": \"CHESS:P\", \"a1\": \"CHESS:R\","
    " \"h1\": \"CHESS:R\", \"g1\": \"CHESS:N\", \"e8\": \"chess:k\", \"d5\": \"chess:p\", \"c3\": \"GAME:X\","
    " \"e5\": \"SHOGI:+P\", \"c4\": \"GAME:P\"},"
    " \"hands\": {\"first\": [\"CHESS:P\", \"SHOGI:P\", \"GAME:P\"], \"second\": [\"chess:p\"]}, \"active\": \"first\"}",
    "{\"board\": {\"e1\": \"C:K\", \"d1\": \"C:Q\", \"e2\": \"C:P\", \"a1\": \"C:R\", \"h1\": \"C:R\","
    " \"e8\": \"c:k\", \"d7\": \"c:p\", \"e7\": \"c:-p\", \"c3\": \"S:+P\"},"
    " \"hands\": {\"first\": [\"C:P\", \"S:P\"], \"second\": [\"c:p\", \"s:p\"]}, \"active\": \"second\"}",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c",
};

static int transitions(const ggn_ruleset *rs, const ggn_board_state *st, ggn_transition *buf, size_t cap)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_view *view = ggn_board_view_new(rs, st, &err);
    if (!view) return -2;
    int n = ggn_board_view_transitions(view, buf, cap, &err);
    FUZZ_CHECK(n >= -1 && n <= (int)cap);
    if (n < 0) FUZZ_CHECK(err.code == GGN_E_LIMIT);
    for (int i = 0; i < n; i++) {
        const ggn_transition *t = &buf[i];
        FUZZ_CHECK(t->piece && t->source && t->destination);
        size_t diffs = ggn_transition_diff_count(t);
        for (size_t k = 0; k < diffs; k++) {
            const char *sq, *pc;
            FUZZ_CHECK(ggn_transition_diff(t, k, &sq, &pc));
            FUZZ_CHECK(sq != NULL);
        }
        const char *sq, *pc;
        FUZZ_CHECK(!ggn_transition_diff(t, diffs, &sq, &pc));
        const char *added, *removed;
        ggn_transition_hand(t, &added, &removed);
        /* The select/from/to chain finds the same move again. */
        ggn_selection sel;
        FUZZ_CHECK(ggn_ruleset_select(rs, t->piece, &sel, &err));
        FUZZ_CHECK(ggn_selection_from(&sel, t->source, &err));
        FUZZ_CHECK(ggn_selection_to(&sel, t->destination, &err));
        ggn_transition one[64];
        int m = ggn_selection_where(&sel, view, one, 64, &err);
        FUZZ_CHECK(m >= 1 || (m == -1 && err.code == GGN_E_LIMIT));
    }
    ggn_board_view_free(view);
    return n;
}

static void exercise(const ggn_ruleset *rs, bool convert)
{
    static ggn_transition buf[GGN_MAX_MOVES];
    ggn_ruleset_stats stats;
    ggn_ruleset_stats_get(rs, &stats);
    FUZZ_CHECK(stats.squares <= GGN_MAX_GGN_SQUARES && stats.pieces <= GGN_MAX_GGN_PIECES);
    int counts[sizeof states / sizeof states[0]];
    for (size_t i = 0; i < sizeof states / sizeof states[0]; i++) {
        ggn_error err;
        ggn_error_clear(&err);
        ggn_board_state *st = ggn_board_state_parse(states[i], strlen(states[i]), &err);
        FUZZ_CHECK(st != NULL);
        counts[i] = transitions(rs, st, buf, GGN_MAX_MOVES);
        /* A small buffer is a reported limit, never an overflow. */
        if (counts[i] > 2) FUZZ_CHECK(transitions(rs, st, buf, 2) == -1);
        ggn_board_state_free(st);
    }
    if (!convert) return;
    for (int sp = GGN_SPELLING_MUST_DENY; sp <= GGN_SPELLING_LAST; sp++) {
        ggn_error err;
        ggn_error_clear(&err);
        char *text = ggn_ruleset_write(rs, (ggn_spelling)sp, &err);
        if (!text) {
            FUZZ_CHECK(err.code == GGN_E_CONVERSION || err.code == GGN_E_NOMEM || err.code == GGN_E_LIMIT);
            continue;
        }
        /* What ggn writes, ggn reads (trusted: conversion may keep what full validation warns about). */
        ggn_load_options trusted = { true };
        ggn_errors *errs = malloc(sizeof *errs);
        FUZZ_CHECK(errs != NULL);
        ggn_errors_init(errs);
        ggn_ruleset *again = ggn_ruleset_load_string(text, strlen(text), "converted", &trusted, errs);
        if (!again) {
            char msg[1024];
            ggn_error_format(&errs->items[0], msg, sizeof msg);
            fprintf(stderr, "converted to %s does not load: %s\n%s\n", ggn_spelling_name((ggn_spelling)sp), msg, text);
        }
        FUZZ_CHECK(again != NULL);
        /* A document without possibilities has nothing that tells its spelling. */
        if (stats.possibilities > 0) FUZZ_CHECK(ggn_ruleset_spelling(again) == (ggn_spelling)sp);
        free(errs);
        ggn_ruleset_free(again);
        free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ggn_errors *errs = malloc(sizeof *errs);
    FUZZ_CHECK(errs != NULL);
    ggn_errors_init(errs);
    ggn_ruleset *rs = ggn_ruleset_load_string((const char *)data, size, "fuzz.json", NULL, errs);
    if (rs) {
        FUZZ_CHECK(errs->errors == 0);
        exercise(rs, true);
        ggn_ruleset_free(rs);
    } else {
        FUZZ_CHECK(errs->errors > 0 && errs->count > 0);
    }
    for (size_t i = 0; i < errs->count; i++) {
        char msg[1024];
        ggn_error_format(&errs->items[i], msg, sizeof msg);
        FUZZ_CHECK(errs->items[i].code > GGN_E_OK && errs->items[i].code < GGN_E_COUNT_);
        FUZZ_CHECK(errs->items[i].message[0] != '\0');
    }
    ggn_errors_init(errs);
    ggn_load_options trusted = { true };
    rs = ggn_ruleset_load_string((const char *)data, size, "fuzz.json", &trusted, errs);
    if (rs) {
        exercise(rs, false);
        ggn_ruleset_free(rs);
    }
    free(errs);
    return 0;
}
