/*
 * fuzz_game.h — the games the FEN and move-text targets share, each loaded
 * once from games/ (FUZZ_GAMES_DIR is set by the build).
 */
#ifndef GGN_FUZZ_GAME_H
#define GGN_FUZZ_GAME_H

#include <string.h>

#include "fuzz.h"
#include "ggn/game.h"
#include "ggn/notation.h"

#ifndef FUZZ_GAMES_DIR
#error "FUZZ_GAMES_DIR must name the games/ directory"
#endif

/* The games loaded so far, by file name; released at exit, so that valgrind
 * and LeakSanitizer see no lost block. */
#define FUZZ_MAX_GAMES 4
static struct {
    const char *file;
    ggn_game *game;
} fuzz_games[FUZZ_MAX_GAMES];

static void fuzz_games_free(void)
{
    for (int i = 0; i < FUZZ_MAX_GAMES; i++) {
        ggn_game_free(fuzz_games[i].game);
        fuzz_games[i].game = NULL;
    }
}

/* games/<file>, loaded on first use (file must be a string literal). */
static const ggn_game *fuzz_game(const char *file)
{
    int i = 0;
    for (; i < FUZZ_MAX_GAMES && fuzz_games[i].game; i++)
        if (strcmp(fuzz_games[i].file, file) == 0) return fuzz_games[i].game;
    FUZZ_CHECK(i < FUZZ_MAX_GAMES);
    char path[512];
    snprintf(path, sizeof path, "%s/%s", FUZZ_GAMES_DIR, file);
    ggn_errors *errs = malloc(sizeof *errs);
    FUZZ_CHECK(errs != NULL);
    ggn_errors_init(errs);
    ggn_game *game = ggn_game_load_file(path, errs);
    if (!game) fprintf(stderr, "%s: %s\n", path, errs->count ? errs->items[0].message : "?");
    FUZZ_CHECK(game != NULL);
    free(errs);
    if (i == 0) atexit(fuzz_games_free);
    fuzz_games[i].file = file;
    fuzz_games[i].game = game;
    return game;
}

/* A NUL-terminated copy of the input (the APIs take C strings). */
static char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_CHECK(s != NULL);
    if (size) memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
