/*
 * game_util.h — what the engine's test programs share: loading a shipped
 * game, finding a kind by code, and asking whether a move is legal. Include
 * after <cmocka.h> (failures go through fail_msg).
 */
#ifndef GGN_TESTS_GAME_UTIL_H
#define GGN_TESTS_GAME_UTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"

/* games/<file>, or the test fails with the loader's first message. */
static inline ggn_game *load(const char *file)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, file);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
    return g;
}

/* The index of the kind with this code; the test fails when there is none. */
static inline int kind_of(const ggn_game *g, const char *code)
{
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (strcmp(ggn_game_kind_code(g, k), code) == 0) return k;
    fail_msg("no kind %s", code);
    return -1;
}

/* Is the move written `text` (ggn_move_format) among the legal moves? */
static inline bool has_move(ggn_position *pos, const char *text)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    for (size_t i = 0; i < n; i++) {
        char buf[64];
        ggn_move_format(pos, mv[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) return true;
    }
    return false;
}

/* Plays the space-separated moves (text ggn_move_parse reads); the test fails on one that is not legal. */
static inline void play_moves(ggn_position *pos, const char *moves)
{
    for (const char *w = moves; *(w += strspn(w, " "));) {
        size_t n = strcspn(w, " ");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)n, w);
        w += n;
        ggn_move m;
        ggn_error err;
        if (!ggn_move_parse(pos, word, &m, &err)) fail_msg("move %s: %s", word, err.message);
        if (!ggn_position_make(pos, m)) fail_msg("move %s could not be made", word);
    }
}

/* A new position of g at fen; the test fails when the FEN is refused. */
static inline ggn_position *position_from_fen(const ggn_game *g, const char *fen)
{
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!pos) fail_msg("out of memory");
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    return pos;
}

/*
 * Fails unless `move` (text ggn_move_parse reads) is legal in the game of
 * game_file after fen (NULL: the start) and moves (space-separated, NULL:
 * none), each of those legal in turn.
 */
static inline void assert_legal_after(const char *game_file, const char *fen, const char *moves, const char *move)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(game_file, &errs);
    if (!g) fail_msg("%s: %s", game_file, errs.count ? errs.items[0].message : "?");
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    if (fen && !ggn_position_set_fen(pos, fen, &err)) fail_msg("bad FEN %s: %s", fen, err.message);
    for (const char *w = moves ? moves : ""; *(w += strspn(w, " "));) {
        size_t n = strcspn(w, " ");
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)n, w);
        w += n;
        ggn_move mv;
        if (!ggn_move_parse(pos, word, &mv, &err) || !ggn_position_make(pos, mv))
            fail_msg("'%s' of '%s' is not legal: %s", word, moves, err.message);
    }
    ggn_move mv;
    if (!ggn_move_parse(pos, move, &mv, &err)) fail_msg("'%s' is not legal: %s", move, err.message);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Calls visit with the FEN of every line of tests/data/perft/<epd_file> (the
 * part before the first ';'), skipping comments and blank lines; returns how
 * many it visited.
 */
static inline int for_each_epd_fen(const char *epd_file, void (*visit)(const char *fen, void *ctx), void *ctx)
{
    char path[1024], line[4096];
    snprintf(path, sizeof path, "%s/perft/%s", GGN_TEST_DATA, epd_file);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    int positions = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *semi = strchr(line, ';');
        if (semi) *semi = '\0';
        visit(line, ctx);
        positions++;
    }
    fclose(f);
    return positions;
}

#endif
