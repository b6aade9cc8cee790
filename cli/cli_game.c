/* cli_game.c — what every game-running subcommand does first: find and load the game, set up the position. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

ggn_game *cli_load_game(const char *name)
{
    /* An unknown name falls through to the loader, which reports it as an unreadable file. */
    char path[4096];
    if (!cli_resolve_game(name, path, sizeof path)) snprintf(path, sizeof path, "%s", name);
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        fprintf(stderr, "ggn: out of memory\n");
        return NULL;
    }
    ggn_errors_init(errs);
    ggn_game *game = ggn_game_load_file(path, errs);
    if (!game) cli_print_errors(stderr, errs);
    free(errs);
    return game;
}

bool cli_play_moves(ggn_position *pos, const char *list)
{
    char word[256];
    const char *p = list;
    for (int number = 1;; number++) {
        while (*p == ' ' || *p == ',' || *p == '\t') p++;
        if (!*p) return true;
        size_t n = strcspn(p, " ,\t");
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
        p += n;
        ggn_move mv;
        ggn_error err;
        ggn_error_clear(&err);
        if (!ggn_move_parse(pos, word, &mv, &err)) {
            fprintf(stderr, "--moves: error: move %d: %s\n", number, err.message);
            return false;
        }
        if (!ggn_position_make(pos, mv)) {
            fprintf(stderr, "--moves: error: move %d: more than %d moves (GGN_MAX_PLY)\n", number, GGN_MAX_PLY);
            return false;
        }
    }
}

int cli_check_start(const char *cmd, const char *fen, const char *sfen)
{
    if (fen && sfen) return cli_usage_error(cmd, "--fen and --sfen both give the start position: give one");
    return CLI_OK;
}

ggn_position *cli_open_position(const ggn_game *game, const char *fen, const char *sfen, const char *moves)
{
    ggn_position *pos = ggn_position_new(game);
    if (!pos) {
        fprintf(stderr, "ggn: out of memory\n");
        return NULL;
    }
    ggn_error err;
    ggn_error_clear(&err);
    if (fen && !ggn_position_set_fen(pos, fen, &err)) {
        fprintf(stderr, "--fen: error: %s\n", err.message);
        ggn_position_free(pos);
        return NULL;
    }
    if (sfen && !ggn_position_set_sfen(pos, sfen, &err)) {
        fprintf(stderr, "--sfen: error: %s\n", err.message);
        ggn_position_free(pos);
        return NULL;
    }
    if (moves && !cli_play_moves(pos, moves)) {
        ggn_position_free(pos);
        return NULL;
    }
    return pos;
}

cli_move_writer cli_move_writer_for(const char *cmd, const ggn_game *game, bool usi)
{
    if (!usi) return ggn_move_format;
    if (ggn_game_has_usi(game)) return ggn_move_format_usi;
    cli_usage_error(cmd, "--usi: this game has no USI notation (it needs two players, a symbol for every "
                         "piece, at most 9 files and 26 ranks)");
    return NULL;
}

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
