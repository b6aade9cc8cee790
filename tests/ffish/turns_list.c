/*
 * turns_list.c — the ggn side of tests/ffish/turns.js: for each FEN read from
 * standard input (one a line), the whole turns of a game whose turns come in
 * parts (extension "then"), one line each: every turn as its parts' move
 * texts joined by commas ("d1d7,d7g7", as Fairy-Stockfish writes an Amazons
 * move), separated by spaces; "error: ..." when the FEN is refused.
 *
 * Usage: turns_list GAME_FILE < FENS
 *
 * A turn is walked part by part through the public calls: the legal moves of
 * the position, each made, and while the same player is still to move after
 * it (a part is pending), the moves of the part in turn.
 */
#include <stdio.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"

/* Prints every way to end the turn under way from pos, each after `prefix`. */
static void walk(ggn_position *pos, int player, char *prefix, size_t len, bool *first)
{
    ggn_move list[GGN_MAX_MOVES];
    if (ggn_position_history(pos) >= 8) return; /* a turn of more parts than any shipped game has */
    size_t n = ggn_position_legal_moves(pos, list, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n; i++) {
        char text[64];
        ggn_move_format(pos, list[i], text, sizeof text);
        size_t add = strlen(text) + 1;
        if (len + add + 1 >= 1024 || !ggn_position_make(pos, list[i])) continue;
        snprintf(prefix + len, 1024 - len, "%s%s", len ? "," : "", text);
        /* The turn goes on while its player is still to move after a move that left a part. */
        if (ggn_position_to_move(pos) == player && ggn_position_legal_moves(pos, NULL, 0) > 0) {
            walk(pos, player, prefix, strlen(prefix), first);
        } else {
            printf("%s%s", *first ? "" : " ", prefix);
            *first = false;
        }
        prefix[len] = '\0';
        ggn_position_unmake(pos);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: turns_list GAME_FILE < FENS\n");
        return 2;
    }
    ggn_game *g = ggn_game_load_file(argv[1], NULL);
    if (!g) {
        fprintf(stderr, "turns_list: cannot load %s\n", argv[1]);
        return 1;
    }
    ggn_position *pos = ggn_position_new(g);
    char line[4096];
    while (pos && fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        ggn_error err;
        if (!ggn_position_set_fen(pos, line, &err)) {
            printf("error: %s\n", err.message);
            continue;
        }
        char prefix[1024] = "";
        bool first = true;
        walk(pos, ggn_position_to_move(pos), prefix, 0, &first);
        putchar('\n');
    }
    ggn_position_free(pos);
    ggn_game_free(g);
    return 0;
}
