/*
 * test_perft.c — perft vectors from data files against a game spec.
 *
 * Usage: test_perft GAME.json VECTORS.epd MAX_NODES
 * Each vector line is "FEN ;D<depth> <nodes> ..."; "startpos" stands for the
 * game's own start position. Every depth whose published count is at most
 * MAX_NODES is run, so one file serves the fast suite and the slow one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"

static const char *game_path, *epd_path;
static uint64_t max_nodes;

static void run_line(const ggn_game *game, char *line, int lineno, int *checked)
{
    char *semi = strchr(line, ';');
    if (!semi) fail_msg("%s:%d: no ;D fields", epd_path, lineno);
    *semi = '\0';
    char fen[1024];
    snprintf(fen, sizeof fen, "%s", line);
    for (size_t n = strlen(fen); n && fen[n - 1] == ' '; n--) fen[n - 1] = '\0';
    ggn_position *pos = ggn_position_new(game);
    assert_non_null(pos);
    if (strcmp(fen, "startpos") != 0) {
        ggn_error err;
        if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s:%d: %s", epd_path, lineno, err.message);
    }
    for (char *field = strtok(semi + 1, ";"); field; field = strtok(NULL, ";")) {
        int depth;
        uint64_t want;
        if (sscanf(field, " D%d %" SCNu64, &depth, &want) != 2) fail_msg("%s:%d: bad field '%s'", epd_path, lineno, field);
        if (want > max_nodes) continue;
        uint64_t got = ggn_perft(pos, depth);
        printf("  %s D%d %" PRIu64 "%s\n", fen, depth, got, got == want ? "" : "  <-- WRONG");
        if (got != want)
            fail_msg("%s:%d: perft(%d) of %s is %" PRIu64 ", published %" PRIu64, epd_path, lineno, depth, fen, got, want);
        (*checked)++;
    }
    ggn_position_free(pos);
}

static void test_vectors(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(game_path, &errs);
    if (!game) fail_msg("%s: %zu errors, first: %s", game_path, errs.count, errs.count ? errs.items[0].message : "?");
    FILE *f = fopen(epd_path, "r");
    if (!f) fail_msg("cannot open %s", epd_path);
    char line[1024];
    int lineno = 0, checked = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#') continue;
        run_line(game, line, lineno, &checked);
    }
    fclose(f);
    ggn_game_free(game);
    /* A vector file whose every depth is over the budget would prove nothing. */
    assert_true(checked > 0);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s GAME.json VECTORS.epd MAX_NODES\n", argv[0]);
        return 2;
    }
    game_path = argv[1];
    epd_path = argv[2];
    max_nodes = strtoull(argv[3], NULL, 10);
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_vectors) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
