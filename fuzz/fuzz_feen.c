/*
 * fuzz_feen.c — board states: FEEN strings (both forms) and board-state JSON.
 *
 * A state that parses is compiled against a small chess GGN library and its
 * transitions listed; the pieces it reports must be the pieces it holds.
 */
#include <string.h>

#include "fuzz.h"
#include "ggn/ruleset.h"

static const char rules[] =
    "{\"C:P\": {\"e2\": {\"e4\": [{\"must\": {\"e3\": \"empty\", \"e4\": \"empty\"}, \"deny\": {}}],"
    "                   \"e3\": [{\"must\": {\"e3\": \"empty\"}, \"deny\": {}}]},"
    "          \"*\": {\"e5\": [{\"must\": {\"e5\": \"empty\"}, \"deny\": {}}]}},"
    " \"c:p\": {\"e7\": {\"e5\": [{\"must\": {\"e6\": \"empty\", \"e5\": \"empty\"}, \"deny\": {}}]}},"
    " \"C:K\": {\"e1\": {\"f2\": [{\"must\": {}, \"deny\": {\"f2\": \"C:Q\"}}]}}}";

static ggn_ruleset *rs;

/* Released at exit, so that valgrind and LeakSanitizer see no lost block. */
static void free_rules(void)
{
    ggn_ruleset_free(rs);
    rs = NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!rs) {
        ggn_errors *errs = malloc(sizeof *errs);
        FUZZ_CHECK(errs != NULL);
        ggn_errors_init(errs);
        rs = ggn_ruleset_load_string(rules, strlen(rules), "rules", NULL, errs);
        if (!rs) {
            char msg[1024];
            ggn_error_format(&errs->items[0], msg, sizeof msg);
            fprintf(stderr, "%s\n", msg);
        }
        FUZZ_CHECK(rs != NULL);
        free(errs);
        atexit(free_rules);
    }
    ggn_error err;
    ggn_error_clear(&err);
    ggn_board_state *st = ggn_board_state_parse((const char *)data, size, &err);
    if (!st) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
        return 0;
    }
    ggn_side active = ggn_board_state_active(st);
    FUZZ_CHECK(active == GGN_SIDE_FIRST || active == GGN_SIDE_SECOND);
    static const char *const squares[] = { "a1", "e2", "e4", "e7", "h8", "a1A", "zz255", "*", "" };
    for (size_t i = 0; i < sizeof squares / sizeof squares[0]; i++) {
        const char *piece = ggn_board_state_at(st, squares[i]);
        if (piece) FUZZ_CHECK(strlen(piece) < GGN_MAX_ID);
    }
    FUZZ_CHECK(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "C:P") <= GGN_MAX_HAND_PIECES);
    ggn_board_view *view = ggn_board_view_new(rs, st, &err);
    if (view) {
        ggn_transition moves[16];
        int n = ggn_board_view_transitions(view, moves, 16, &err);
        FUZZ_CHECK(n >= 0 && n <= 5);
        for (int i = 0; i < n; i++) {
            if (strcmp(moves[i].source, "*") == 0) {
                FUZZ_CHECK(ggn_board_state_hand_count(st, active, moves[i].piece) > 0);
            } else {
                const char *at = ggn_board_state_at(st, moves[i].source);
                FUZZ_CHECK(at != NULL);
            }
        }
        /* Edit the state, then recompile the same view in place. */
        ggn_board_state_put(st, "e3", NULL, &err);
        ggn_board_state_put(st, "e2", "C:P", &err);
        ggn_board_state_hand_add(st, active, "C:P", &err);
        FUZZ_CHECK(ggn_board_view_update(view, st, &err));
        FUZZ_CHECK(ggn_board_view_transitions(view, moves, 16, &err) >= 0);
        ggn_board_view_free(view);
    } else {
        FUZZ_CHECK(err.code != GGN_E_OK);
    }
    ggn_board_state_free(st);
    return 0;
}
