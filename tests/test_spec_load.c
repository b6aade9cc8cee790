/*
 * test_spec_load.c — the game-spec reader on real files: specs in the
 * original engine's dialect load without error and resolve to the expected
 * structure — ours (tests/data/compat/, always) and, with --original, the
 * original engine's own (../shared/compat/modern-chess, not in the
 * repository; exit 77, loudly, when that directory is absent).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "gamespec/spec_def.h"

#define OURS GGN_TEST_DATA "/compat"
#define COMPAT_CHESS GGN_COMPAT_DIR "/modern-chess"

/* Set when a compat test was skipped: main then exits 77, which CTest shows as "Skipped". */
static bool compat_skipped;

static bool compat_present(void)
{
    struct stat st;
    if (stat(COMPAT_CHESS, &st) == 0 && S_ISDIR(st.st_mode)) return true;
    compat_skipped = true;
    fprintf(stderr,
            "SKIPPED: compat directory %s is absent; the original engine's spec files were NOT checked"
            " (ours in %s were, by test_spec_load)\n",
            COMPAT_CHESS, OURS);
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

static void test_original_chess_structure(void **state)
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

static void test_original_four_player_directions(void **state)
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

static void test_original_tests_dir(void **state)
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

/* Our chess.json in the original dialect (tests/data/compat/README.md). */
static void test_ours_chess_structure(void **state)
{
    (void)state;
    sd_game *g = load_clean(OURS "/chess.json");
    assert_string_equal(g->name, "CHESS");
    assert_int_equal(g->cols, 8);
    assert_int_equal(g->rows, 8);
    static const char *const codes[] = {"KING", "QUEEN", "ROOK", "BISHOP", "KNIGHT", "PAWN"};
    static const int nmoves[] = {10, 8, 4, 4, 8, 4};
    assert_int_equal(g->nkinds, 6);
    for (int i = 0; i < 6; i++) {
        assert_string_equal(g->kinds[i].code, codes[i]);
        assert_int_equal(g->kinds[i].nmoves, nmoves[i]);
        assert_int_equal(g->kinds[i].symbol, '\0'); /* the dialect has no symbols */
        assert_int_equal(g->kinds[i].value, -1);
    }
    assert_int_equal(g->leader, 0);
    assert_int_equal(g->nplayers, 2);
    assert_int_equal(g->players[1].dir[0][0], -1);
    assert_int_equal(g->players[1].dir[1][1], -1);
    assert_int_equal(g->players[0].nstarts, 16);
    assert_int_equal(g->players[1].nstarts, 16);
    assert_int_equal(g->players[1].starts[0].kind, 0); /* the black king on e8 */
    assert_int_equal(g->players[1].starts[0].x, 4);
    assert_int_equal(g->players[1].starts[0].y, 7);

    /* The pawn's double step is a move of its own, [0, 2], after the single step it depends on. */
    const sd_kind *pawn = &g->kinds[5];
    assert_int_equal(pawn->moves[0].nmodifiers, 1);
    assert_int_equal(pawn->moves[0].modifiers[0].noptions, 4);
    assert_false(pawn->moves[0].repeat.present);
    const sd_move *dbl = &pawn->moves[1];
    assert_int_equal(dbl->step[0], 0);
    assert_int_equal(dbl->step[1], 2);
    assert_int_equal(dbl->nconditions, 2);
    assert_int_equal(dbl->conditions[0].kind, SD_COND_FIRST_MOVE);
    assert_int_equal(dbl->conditions[1].kind, SD_COND_DEPENDS_ON);
    assert_int_equal(dbl->conditions[1].move, 0);
    assert_int_equal(dbl->effects[0].kind, SD_EFFECT_SET_STATE);
    assert_int_equal(dbl->effects[0].duration, 1);
    /* En passant: the EMPTY action with CHECK_STATE beside the source and a CAPTURE there. */
    const sd_action *ep = &pawn->moves[2].actions[1];
    assert_int_equal(ep->state, SD_EMPTY);
    assert_int_equal(ep->conditions[0].kind, SD_COND_CHECK_STATE);
    assert_int_equal(ep->conditions[0].pos[0], 1);
    assert_int_equal(ep->effects[0].kind, SD_EFFECT_CAPTURE);
    assert_int_equal(ep->effects[0].target[0], 1);
    assert_int_equal(pawn->moves[2].nmodifiers, 1); /* a capture promotes too */

    /* Castling: a ROOK_FIRST_MOVE pair, one square for each player's rook. */
    const sd_move *castle = &g->kinds[0].moves[8];
    assert_int_equal(castle->step[0], 2);
    assert_int_equal(castle->nconditions, 5);
    assert_int_equal(castle->conditions[3].kind, SD_COND_ROOK_FIRST_MOVE);
    assert_int_equal(castle->conditions[3].pos[0], 3);
    assert_int_equal(castle->conditions[4].pos[0], 4);
    assert_int_equal(castle->neffects, 2);
    assert_int_equal(castle->effects[0].kind, SD_EFFECT_MOVE);
    assert_int_equal(castle->effects[0].piece, 2);

    /* draw_conditions in the original engine's shape. */
    assert_true(g->draw.present);
    assert_int_equal(g->draw.repetition_count, 3);
    assert_int_equal(g->draw.fifty_move_halfmoves, 100);
    assert_int_equal(g->draw.nreset_kinds, 1);
    assert_int_equal(g->draw.reset_kinds[0], 5);
    assert_int_equal(g->draw.ninsufficient, 3);
    assert_int_equal(g->draw.insufficient_sizes[0], 1);
    assert_int_equal(g->draw.insufficient[0][0], 0);
    assert_int_equal(g->draw.insufficient_sizes[1], 2);
    assert_int_equal(g->draw.insufficient[1][1], 4);
    sd_game_free(g);
}

/* Our four-player spec: the side players' matrices read as column vectors, disabled corners. */
static void test_ours_four_player(void **state)
{
    (void)state;
    sd_game *g = load_clean(OURS "/4player_chess.json");
    assert_int_equal(g->nplayers, 4);
    static const int dirs[4][2][2] = {{{1, 0}, {0, 1}}, {{0, 1}, {-1, 0}}, {{-1, 0}, {0, -1}}, {{0, -1}, {1, 0}}};
    static const char *const names[4] = {"SOUTH", "WEST", "NORTH", "EAST"};
    for (int p = 0; p < 4; p++) {
        assert_string_equal(g->players[p].name, names[p]);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) assert_int_equal(g->players[p].dir[i][j], dirs[p][i][j]);
        assert_int_equal(g->players[p].nstarts, 10);
        assert_int_equal(g->order[p], p);
    }
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 10; x++)
            assert_int_equal(g->disabled[y * 10 + x], (x < 2 || x > 7) && (y < 2 || y > 7));
    assert_int_equal(g->leader, -1);
    assert_int_equal(g->nnamed, 1);
    assert_int_equal(g->named[0].nsquares[1], 6); /* WEST promotes on the east edge's six squares */
    assert_int_equal(g->named[0].squares[1][0][0], 9);
    assert_false(g->draw.present);
    assert_int_equal(g->nkinds, 3);
    sd_game_free(g);
}

/* Every small spec of ours loads without an error or a warning. */
static void test_ours_tests_dir(void **state)
{
    (void)state;
    DIR *d = opendir(OURS "/tests");
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/tests/%s", OURS, e->d_name);
        sd_game_free(load_clean(path));
        n++;
    }
    closedir(d);
    assert_int_equal(n, 7);
}

/* Every extension and every default, read from tests/data/spec/good/extensions.json. */
static void test_extensions_and_defaults(void **state)
{
    (void)state;
    sd_game *g = load_clean(GGN_TEST_DATA "/spec/good/extensions.json");
    assert_int_equal(g->cols, 5);
    assert_int_equal(g->rows, 3);
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++)
            assert_int_equal(g->disabled[y * 5 + x], (x == 2 && y == 1) || (x == 4 && y == 2));
    assert_int_equal(g->players[1].dir[1][1], -1);
    assert_int_equal(g->norder, 3);
    assert_int_equal(g->order[0], 1);
    assert_int_equal(g->order[1], 0);
    assert_int_equal(g->order[2], 0);
    assert_int_equal(g->start_at, 2);
    /* a player absent from a check list has no squares */
    assert_int_equal(g->named[0].nsquares[0], 2);
    assert_int_equal(g->named[0].nsquares[1], 0);
    assert_int_equal(g->named[0].squares[0][1][0], 1);
    assert_int_equal(g->named[0].squares[0][1][1], 2);

    const sd_kind *king = &g->kinds[0], *rook = &g->kinds[1];
    assert_int_equal(king->symbol, 'K'); /* written "k", stored upper-case */
    assert_int_equal(king->value, 0);
    assert_string_equal(king->name, "");
    assert_int_equal(rook->symbol, 'R');
    assert_int_equal(rook->value, 500);

    const sd_move *castle = &king->moves[1];
    assert_int_equal(castle->id, 20);
    assert_int_equal(castle->conditions[0].kind, SD_COND_DEPENDS_ON);
    assert_int_equal(castle->conditions[0].move, 0); /* id 10 is the move at index 0 */
    const sd_condition *sq = &castle->conditions[1];
    assert_int_equal(sq->kind, SD_COND_SQUARES_EMPTY);
    assert_int_equal(sq->nsquares, 2);
    assert_int_equal(sq->squares[0][0], 1);
    assert_int_equal(sq->squares[1][0], 3);
    assert_int_equal(sq->squares[1][1], 0);
    assert_int_equal(castle->conditions[2].kind, SD_COND_ROOK_FIRST_MOVE);
    assert_int_equal(castle->conditions[2].piece, 1);
    assert_int_equal(castle->conditions[3].kind, SD_COND_PIECE_FIRST_MOVE);
    assert_int_equal(castle->conditions[3].piece, -1);
    assert_int_equal(castle->effects[0].piece, 1);
    assert_int_equal(castle->effects[1].kind, SD_EFFECT_SET_STATE);
    assert_int_equal(castle->effects[1].duration, -1); /* no duration: for ever */
    assert_int_equal(castle->effects[1].flag, 0);
    assert_false(castle->repeat.present);
    assert_int_equal(castle->repeat.times, 1);
    assert_int_equal(castle->repeat.until, SD_NOT_EMPTY);

    assert_int_equal(rook->moves[0].actions[0].state, SD_ALLY);
    assert_int_equal(rook->moves[0].repeat.until, SD_ALLY);
    assert_true(rook->moves[0].repeat.loop);
    assert_int_equal(rook->moves[1].repeat.until, SD_ENEMY);
    assert_false(rook->moves[1].repeat.loop);
    assert_int_equal(rook->moves[1].repeat.times, 2);
    assert_int_equal(rook->moves[1].actions[0].conditions[0].flag, 0);
    assert_int_equal(rook->moves[1].modifiers[0].options[0], 0);
    assert_int_equal(rook->moves[1].modifiers[0].options[1], 1);
    assert_int_equal(rook->moves[2].repeat.until, SD_EMPTY);
    assert_int_equal(rook->moves[2].effects[0].duration, 3);
    assert_int_equal(rook->moves[2].effects[0].flag, 1);
    assert_int_equal(g->nflags, 2);
    assert_string_equal(g->flags[0], "CASTLED");
    assert_string_equal(g->flags[1], "DROPPED");

    assert_true(g->draw.present);
    assert_int_equal(g->draw.repetition_count, 0);
    assert_int_equal(g->draw.fifty_move_halfmoves, 0);
    assert_int_equal(g->draw.nreset_kinds, 0);
    assert_int_equal(g->draw.ninsufficient, 1);
    assert_int_equal(g->draw.insufficient_sizes[0], 3);
    assert_int_equal(g->draw.insufficient[0][1], 0);
    assert_int_equal(g->draw.insufficient[0][2], 1);
    sd_game_free(g);
}

/* The project's own games must load without errors (warnings are printed, not failed). */
static void test_games_dir(void **state)
{
    (void)state;
    DIR *d = opendir(GGN_GAMES_DIR);
    if (!d) {
        fprintf(stderr, "SKIPPED: %s is absent\n", GGN_GAMES_DIR);
        skip();
    }
    int loaded = 0;
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        size_t len = strlen(ent->d_name);
        if (len <= 5 || strcmp(ent->d_name + len - 5, ".json") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, ent->d_name);
        ggn_errors errs;
        ggn_errors_init(&errs);
        sd_game *g = sd_game_load_file(path, &errs);
        if (errs.count) {
            fprintf(stderr, "%s:\n", path);
            print_errors(&errs);
        }
        assert_int_equal(errs.errors, 0);
        assert_non_null(g);
        sd_game_free(g);
        loaded++;
    }
    closedir(d);
    if (loaded == 0) {
        fprintf(stderr, "SKIPPED: no game in %s\n", GGN_GAMES_DIR);
        skip();
    }
}

static void test_api_edges(void **state)
{
    (void)state;
    sd_game_free(NULL);
    /* a NULL error list is allowed, both on failure and on success */
    assert_null(sd_game_load_string("{}", 2, NULL, NULL));
    const char *mini =
        "{\"name\": \"M\", \"board\": {\"dimensions\": [1, 2]},\n"
        " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]]}],\n"
        " \"turns\": {\"order\": [\"A\"]},\n"
        " \"pieces\": [{\"code\": \"P\", \"moves\": []}]}";
    sd_game *g = sd_game_load_string(mini, strlen(mini), "mini", NULL);
    assert_non_null(g);
    assert_int_equal(g->players[0].nstarts, 0);
    assert_int_equal(g->kinds[0].nmoves, 0);
    assert_int_equal(g->nnamed, 0);
    assert_int_equal(g->nflags, 0);
    assert_int_equal(g->leader, -1);
    assert_false(g->draw.present);
    sd_game_free(g);

    /* the name given is the file of every error */
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(sd_game_load_string("{}", 2, "inline.json", &errs));
    assert_int_equal(errs.errors, 5); /* name, board, players, turns, pieces */
    assert_string_equal(errs.items[0].file, "inline.json");
    assert_int_equal(errs.items[0].code, GGN_E_MISSING);
    assert_int_equal(errs.items[0].line, 1);
    assert_int_equal(errs.items[0].column, 1);

    ggn_errors_init(&errs);
    assert_null(sd_game_load_file(GGN_TEST_DATA "/spec/no-such-file.json", &errs));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].code, GGN_E_IO);
}

/* More problems than GGN_MAX_ERRORS: the rest are counted, not lost. */
static void test_error_overflow_counted(void **state)
{
    (void)state;
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text,
                                "{\"name\": \"M\", \"board\": {\"dimensions\": [2, 2]},"
                                " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]]}],"
                                " \"turns\": {\"order\": [\"A\"]}, \"pieces\": [{\"code\": \"P\", \"moves\": [");
    for (int i = 0; i < 60; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s{\"id\": %d, \"step\": [0, 0], \"actions\": []}",
                              i ? ", " : "", i);
    n += (size_t)snprintf(text + n, sizeof text - n, "]}]}");
    assert_true(n < sizeof text);
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(sd_game_load_string(text, n, NULL, &errs));
    assert_int_equal(errs.errors, 120);
    assert_int_equal(errs.count, GGN_MAX_ERRORS);
    assert_int_equal(errs.dropped, 120 - GGN_MAX_ERRORS);
    assert_string_equal(errs.items[1].pointer, "/pieces/0/moves/0/actions");
}

/* Misspelt names get the closest real one suggested; far-off names do not. */
static void test_suggestions(void **state)
{
    (void)state;
    const char *text =
        "{\"name\": \"T\", \"board\": {\"dimensions\": [4, 4]},"
        " \"players\": [{\"name\": \"W\", \"direction\": [[1, 0], [0, 1]],"
        "   \"starting_positions\": [{\"piece\": \"KNIGT\", \"positions\": [[0, 0]]}]}],"
        " \"turns\": {\"order\": [\"W\"]},"
        " \"pieces\": [{\"code\": \"KNIGHT\", \"moves\": [{\"id\": 0, \"step\": [1, 2],"
        "   \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}],"
        "   \"conditions\": [{\"condition\": \"PATH_EMTPY\"}, {\"condition\": \"TELEPORT\"}]}]}]}";
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(sd_game_load_string(text, strlen(text), "typos", &errs));
    assert_int_equal(errs.count, 3);
    assert_string_equal(errs.items[0].pointer, "/players/0/starting_positions/0/piece");
    assert_string_equal(errs.items[0].message, "piece code 'KNIGT' is not defined in /pieces; did you mean 'KNIGHT'?");
    assert_string_equal(errs.items[1].pointer, "/pieces/0/moves/0/conditions/0/condition");
    assert_string_equal(errs.items[1].message, "unknown condition 'PATH_EMTPY'; did you mean 'PATH_EMPTY'?");
    assert_non_null(strstr(errs.items[2].message, "unknown condition 'TELEPORT'; allowed: FIRST_MOVE"));
}

int main(int argc, char **argv)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ours_chess_structure),
        cmocka_unit_test(test_ours_four_player),
        cmocka_unit_test(test_ours_tests_dir),
        cmocka_unit_test(test_extensions_and_defaults),
        cmocka_unit_test(test_games_dir),
        cmocka_unit_test(test_api_edges),
        cmocka_unit_test(test_error_overflow_counted),
        cmocka_unit_test(test_suggestions),
    };
    const struct CMUnitTest original[] = {
        cmocka_unit_test(test_original_chess_structure),
        cmocka_unit_test(test_original_four_player_directions),
        cmocka_unit_test(test_original_tests_dir),
    };
    if (argc > 1 && strcmp(argv[1], "--original") != 0) {
        fprintf(stderr, "usage: test_spec_load [--original]\n");
        return 2;
    }
    int failed = argc > 1 ? cmocka_run_group_tests(original, NULL, NULL) : cmocka_run_group_tests(tests, NULL, NULL);
    if (failed == 0 && compat_skipped) return 77;
    return failed;
}
