/*
 * test_spec_load.c — the game-spec reader on real files: the original
 * engine's compat specs (../shared/compat/modern-chess) load without error
 * and resolve to the expected structure.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "spec/spec_def.h"

#define COMPAT_CHESS GGN_COMPAT_DIR "/modern-chess"

static bool compat_present(void)
{
    struct stat st;
    if (stat(COMPAT_CHESS, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    fprintf(stderr,
            "SKIPPED: compat directory %s is absent; the original engine's spec files were NOT checked\n",
            COMPAT_CHESS);
    return false;
}

static void print_errors(const ggn_errors *errs)
{
    for (size_t i = 0; i < errs->count; i++) {
        char line[1024];
        ggn_error_format(&errs->items[i], line, sizeof line);
        fprintf(stderr, "  %s\n", line);
    }
}

/* Loads a file that must produce no error and no warning. */
static sd_game *load_clean(const char *path)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    sd_game *g = sd_game_load_file(path, &errs);
    if (!g || errs.count) {
        fprintf(stderr, "%s:\n", path);
        print_errors(&errs);
    }
    assert_non_null(g);
    assert_int_equal(errs.errors, 0);
    assert_int_equal(errs.warnings, 0);
    return g;
}

static int kind_index(const sd_game *g, const char *code)
{
    for (int i = 0; i < g->nkinds; i++)
        if (strcmp(g->kinds[i].code, code) == 0) return i;
    fail_msg("no kind %s", code);
    return -1;
}

static void test_chess_structure(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    sd_game *g = load_clean(COMPAT_CHESS "/chess.json");
    assert_string_equal(g->name, "CHESS");
    assert_int_equal(g->cols, 8);
    assert_int_equal(g->rows, 8);
    for (int i = 0; i < 64; i++) assert_false(g->disabled[i]);
    assert_int_equal(g->nkinds, 6);
    const char *codes[] = {"PAWN", "ROOK", "KNIGHT", "BISHOP", "QUEEN", "KING"};
    const int nmoves[] = {4, 4, 8, 4, 8, 10};
    for (int i = 0; i < 6; i++) {
        assert_string_equal(g->kinds[i].code, codes[i]);
        assert_int_equal(g->kinds[i].nmoves, nmoves[i]);
        assert_int_equal(g->kinds[i].symbol, '\0');
        assert_int_equal(g->kinds[i].value, -1);
    }
    assert_string_equal(g->kinds[0].name, "pawn");
    assert_int_equal(g->leader, 5);

    /* players and turns */
    assert_int_equal(g->nplayers, 2);
    assert_string_equal(g->players[0].name, "WHITE");
    assert_string_equal(g->players[1].name, "BLACK");
    assert_int_equal(g->players[1].dir[0][0], -1);
    assert_int_equal(g->players[1].dir[0][1], 0);
    assert_int_equal(g->players[1].dir[1][0], 0);
    assert_int_equal(g->players[1].dir[1][1], -1);
    assert_int_equal(g->players[0].nstarts, 16);
    assert_int_equal(g->players[1].nstarts, 16);
    /* the last white entry is the king on e1 */
    assert_int_equal(g->players[0].starts[15].kind, 5);
    assert_int_equal(g->players[0].starts[15].x, 4);
    assert_int_equal(g->players[0].starts[15].y, 0);
    assert_int_equal(g->players[1].starts[0].kind, 0);
    assert_int_equal(g->players[1].starts[0].y, 6);
    assert_int_equal(g->norder, 2);
    assert_int_equal(g->order[0], 0);
    assert_int_equal(g->order[1], 1);
    assert_int_equal(g->start_at, 0);

    /* REACH_END, per player */
    assert_int_equal(g->nnamed, 1);
    assert_string_equal(g->named[0].code, "REACH_END");
    assert_int_equal(g->named[0].nsquares[0], 8);
    assert_int_equal(g->named[0].nsquares[1], 8);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(g->named[0].squares[0][i][0], i);
        assert_int_equal(g->named[0].squares[0][i][1], 7);
        assert_int_equal(g->named[0].squares[1][i][0], i);
        assert_int_equal(g->named[0].squares[1][i][1], 0);
    }

    /* flags */
    assert_int_equal(g->nflags, 1);
    assert_string_equal(g->flags[0], "EN_PASSANT");

    /* pawn: single push with promotion, double push, en passant */
    const sd_kind *pawn = &g->kinds[0];
    const sd_move *push = &pawn->moves[0];
    assert_int_equal(push->nmodifiers, 1);
    assert_int_equal(push->modifiers[0].nconditions, 1);
    assert_int_equal(push->modifiers[0].conditions[0].kind, SD_COND_NAMED);
    assert_int_equal(push->modifiers[0].conditions[0].named, 0);
    assert_int_equal(push->modifiers[0].noptions, 4);
    assert_int_equal(push->modifiers[0].options[0], kind_index(g, "QUEEN"));
    assert_int_equal(push->modifiers[0].options[3], kind_index(g, "KNIGHT"));
    assert_false(push->repeat.present);
    const sd_move *dbl = &pawn->moves[1];
    assert_int_equal(dbl->step[0], 0);
    assert_int_equal(dbl->step[1], 2);
    assert_int_equal(dbl->nconditions, 2);
    assert_int_equal(dbl->conditions[0].kind, SD_COND_FIRST_MOVE);
    assert_int_equal(dbl->conditions[1].kind, SD_COND_DEPENDS_ON);
    assert_int_equal(dbl->conditions[1].move, 0);
    assert_int_equal(dbl->neffects, 1);
    assert_int_equal(dbl->effects[0].kind, SD_EFFECT_SET_STATE);
    assert_int_equal(dbl->effects[0].flag, 0);
    assert_int_equal(dbl->effects[0].duration, 1);
    const sd_move *ep = &pawn->moves[2];
    assert_int_equal(ep->step[0], -1);
    assert_int_equal(ep->step[1], 1);
    assert_int_equal(ep->nactions, 2);
    assert_int_equal(ep->actions[0].state, SD_ENEMY);
    assert_int_equal(ep->actions[0].action, SD_ACTION_CAPTURE);
    assert_int_equal(ep->actions[0].nconditions, 0);
    assert_int_equal(ep->actions[1].state, SD_EMPTY);
    assert_int_equal(ep->actions[1].action, SD_ACTION_MOVE);
    assert_int_equal(ep->actions[1].nconditions, 1);
    assert_int_equal(ep->actions[1].conditions[0].kind, SD_COND_CHECK_STATE);
    assert_int_equal(ep->actions[1].conditions[0].flag, 0);
    assert_int_equal(ep->actions[1].conditions[0].pos[0], -1);
    assert_int_equal(ep->actions[1].conditions[0].pos[1], 0);
    assert_int_equal(ep->actions[1].neffects, 1);
    assert_int_equal(ep->actions[1].effects[0].kind, SD_EFFECT_CAPTURE);
    assert_int_equal(ep->actions[1].effects[0].target[0], -1);
    assert_int_equal(ep->actions[1].effects[0].target[1], 0);
    assert_int_equal(pawn->moves[3].actions[1].conditions[0].pos[0], 1);

    /* sliders */
    const sd_move *rook0 = &g->kinds[1].moves[0];
    assert_true(rook0->repeat.present);
    assert_true(rook0->repeat.loop);
    assert_int_equal(rook0->repeat.until, SD_NOT_EMPTY);
    assert_int_equal(rook0->repeat.times, 1);

    /* king: castling move id 9 */
    const sd_kind *king = &g->kinds[5];
    const sd_move *k9 = &king->moves[9];
    assert_int_equal(k9->id, 9);
    assert_int_equal(k9->step[0], 2);
    assert_int_equal(k9->nconditions, 6);
    const sd_condition_kind want[] = {SD_COND_FIRST_MOVE, SD_COND_PATH_EMPTY, SD_COND_NOT_ATTACKED,
                                      SD_COND_PATH_NOT_ATTACKED, SD_COND_ROOK_FIRST_MOVE,
                                      SD_COND_ROOK_FIRST_MOVE};
    for (int i = 0; i < 6; i++) assert_int_equal(k9->conditions[i].kind, want[i]);
    assert_int_equal(k9->conditions[4].pos[0], 3);
    assert_int_equal(k9->conditions[5].pos[0], 4);
    assert_int_equal(k9->conditions[4].piece, -1);
    assert_int_equal(k9->neffects, 2);
    assert_int_equal(k9->effects[0].kind, SD_EFFECT_MOVE);
    assert_int_equal(k9->effects[0].piece, 1);
    assert_int_equal(k9->effects[0].from[0], 3);
    assert_int_equal(k9->effects[0].to[0], 1);
    assert_int_equal(k9->effects[1].from[0], 4);
    assert_int_equal(king->moves[8].conditions[4].pos[0], -4);
    assert_int_equal(king->moves[0].nconditions, 1);
    assert_int_equal(king->moves[0].conditions[0].kind, SD_COND_NOT_ATTACKED);

    /* draw_conditions */
    assert_true(g->draw.present);
    assert_int_equal(g->draw.repetition_count, 3);
    assert_int_equal(g->draw.fifty_move_halfmoves, 100);
    assert_int_equal(g->draw.nreset_kinds, 1);
    assert_int_equal(g->draw.reset_kinds[0], 0);
    assert_int_equal(g->draw.ninsufficient, 3);
    assert_int_equal(g->draw.insufficient_sizes[0], 1);
    assert_int_equal(g->draw.insufficient[0][0], 5);
    assert_int_equal(g->draw.insufficient_sizes[1], 2);
    assert_int_equal(g->draw.insufficient[1][0], 5);
    assert_int_equal(g->draw.insufficient[1][1], 3);
    assert_int_equal(g->draw.insufficient_sizes[2], 2);
    assert_int_equal(g->draw.insufficient[2][1], 2);
    sd_game_free(g);
}

static void test_four_player_directions(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    sd_game *g = load_clean(COMPAT_CHESS "/4player_chess.json");
    assert_int_equal(g->nplayers, 4);
    static const int dirs[4][2][2] = {{{1, 0}, {0, 1}}, {{-1, 0}, {0, -1}}, {{0, 1}, {-1, 0}}, {{0, -1}, {1, 0}}};
    static const char *names[4] = {"WHITE", "BLACK", "SILVER", "GOLD"};
    for (int p = 0; p < 4; p++) {
        assert_string_equal(g->players[p].name, names[p]);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) assert_int_equal(g->players[p].dir[i][j], dirs[p][i][j]);
        assert_int_equal(g->players[p].nstarts, 3);
        assert_int_equal(g->order[p], p);
    }
    /* SILVER's pawn starts on [1, 3] */
    assert_int_equal(g->players[2].starts[2].kind, kind_index(g, "PAWN"));
    assert_int_equal(g->players[2].starts[2].x, 1);
    assert_int_equal(g->players[2].starts[2].y, 3);
    assert_int_equal(g->leader, -1);
    assert_int_equal(g->nnamed, 0);
    assert_false(g->draw.present);
    assert_int_equal(g->nkinds, 3);
    sd_game_free(g);
}

static void test_compat_tests_dir(void **state)
{
    (void)state;
    if (!compat_present()) skip();
    static const char *files[] = {"attack_map__spec.json", "conditions__spec.json", "game_over__spec.json",
                                  "not_attacked__spec.json", "side_effects__spec.json",
                                  "transformation__spec.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/%s", COMPAT_CHESS, files[i]);
        sd_game *g = load_clean(path);
        sd_game_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_structure),
        cmocka_unit_test(test_four_player_directions),
        cmocka_unit_test(test_compat_tests_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
