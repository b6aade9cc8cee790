/*
 * fuzz_game.h — the chess game the FEN and move-text targets share, loaded
 * once from games/chess.json (FUZZ_GAMES_DIR is set by the build).
 */
#ifndef GGN_FUZZ_GAME_H
#define GGN_FUZZ_GAME_H

#include <string.h>

#include "fuzz.h"
#include "ggn/game.h"

#ifndef FUZZ_GAMES_DIR
#error "FUZZ_GAMES_DIR must name the games/ directory"
#endif

static ggn_game *fuzz_chess_game;

/* Released at exit, so that valgrind and LeakSanitizer see no lost block. */
static void fuzz_chess_free(void)
{
    ggn_game_free(fuzz_chess_game);
    fuzz_chess_game = NULL;
}

static const ggn_game *fuzz_chess(void)
{
    ggn_game *game = fuzz_chess_game;
    if (!game) {
        ggn_errors *errs = malloc(sizeof *errs);
        FUZZ_CHECK(errs != NULL);
        ggn_errors_init(errs);
        game = ggn_game_load_file(FUZZ_GAMES_DIR "/chess.json", errs);
        if (!game) fprintf(stderr, "%s/chess.json: %s\n", FUZZ_GAMES_DIR, errs->count ? errs->items[0].message : "?");
        FUZZ_CHECK(game != NULL);
        free(errs);
        fuzz_chess_game = game;
        atexit(fuzz_chess_free);
    }
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
