/*
 * san_sample.c — the ggn side of tests/ffish_san.js: random positions of the
 * games named on the command line, each with every legal move in coordinate
 * text and in SAN, and random games written as PGN, one JSON object a line:
 *
 *   {"game": G, "fen": F, "moves": [[COORDS, SAN], ...]}
 *   {"game": G, "start": F, "moves": [[COORDS, SAN], ...], "pgn": TEXT}
 *
 * Usage: san_sample GAMES_DIR POSITIONS GAMES SEED NAME... (NAME.json in
 * GAMES_DIR). The playouts are random legal moves from the game's start (a
 * start drawn by the game's random_start rules where it has them), 0 to 99
 * plies for a position (its moves listed from its FEN, as ffish reads it),
 * 20 to 80 for a game. The script compares it with
 * Fairy-Stockfish's rules in ffish.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"

static uint64_t rng;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* s as a JSON string. */
static void put_json(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* A new position at the game's start, drawn when the game draws its start. */
static ggn_position *start(const ggn_game *g)
{
    ggn_position *pos = ggn_position_new(g);
    if (pos && ggn_game_has_random_start(g)) ggn_position_random_start(pos, rng + rnd(1000));
    return pos;
}

/* Up to `plies` random legal moves, fewer when the game ends first. */
static void playout(ggn_position *pos, int plies)
{
    ggn_move moves[GGN_MAX_MOVES];
    for (int i = 0; i < plies; i++) {
        size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        if (n == 0) return;
        if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
        if (!ggn_position_make(pos, moves[rnd((unsigned)n)])) return;
    }
}

static void sample_position(const char *name, const ggn_game *g)
{
    ggn_position *played = start(g);
    if (!played) return;
    playout(played, (int)rnd(100));
    char fen[1024], coords[64], san[64];
    ggn_position_fen(played, fen, sizeof fen);
    ggn_position_free(played);
    /* The moves of the position the FEN says, as ffish is given it: without the playout's history,
     * which some game ends read (janggi's passes in a row). */
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!pos || !ggn_position_set_fen(pos, fen, &err)) {
        fprintf(stderr, "san_sample: %s: ggn cannot read its own FEN %s\n", name, fen);
        exit(1);
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    fputs("{\"game\": ", stdout);
    put_json(name);
    fputs(", \"fen\": ", stdout);
    put_json(fen);
    fputs(", \"moves\": [", stdout);
    for (size_t i = 0; i < n; i++) {
        ggn_move_format(pos, moves[i], coords, sizeof coords);
        ggn_move_format_san(pos, moves[i], san, sizeof san);
        printf("%s[", i ? ", " : "");
        put_json(coords);
        fputs(", ", stdout);
        put_json(san);
        putchar(']');
    }
    fputs("]}\n", stdout);
    ggn_position_free(pos);
}

static void sample_game(const char *name, const ggn_game *g)
{
    ggn_position *pos = start(g);
    if (!pos) return;
    char fen[1024], coords[64], san[64];
    ggn_position_fen(pos, fen, sizeof fen);
    fputs("{\"game\": ", stdout);
    put_json(name);
    fputs(", \"start\": ", stdout);
    put_json(fen);
    fputs(", \"moves\": [", stdout);
    ggn_move moves[GGN_MAX_MOVES];
    int plies = 20 + (int)rnd(61);
    for (int i = 0; i < plies; i++) {
        size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        if (n == 0) break;
        if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
        ggn_move mv = moves[rnd((unsigned)n)];
        ggn_move_format(pos, mv, coords, sizeof coords);
        ggn_move_format_san(pos, mv, san, sizeof san);
        if (!ggn_position_make(pos, mv)) break;
        printf("%s[", i ? ", " : "");
        put_json(coords);
        fputs(", ", stdout);
        put_json(san);
        putchar(']');
    }
    ggn_pgn_tag variant = { "Variant", (char *)name };
    ggn_error err;
    char *pgn = ggn_pgn_write(pos, &variant, 1, &err);
    fputs("], \"pgn\": ", stdout);
    put_json(pgn ? pgn : "");
    fputs("}\n", stdout);
    free(pgn);
    ggn_position_free(pos);
}

int main(int argc, char **argv)
{
    if (argc < 6) {
        fprintf(stderr, "usage: san_sample GAMES_DIR POSITIONS GAMES SEED NAME...\n");
        return 2;
    }
    int positions = atoi(argv[2]), games = atoi(argv[3]);
    rng = strtoull(argv[4], NULL, 0);
    if (!rng) rng = 1;
    for (int a = 5; a < argc; a++) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s.json", argv[1], argv[a]);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *g = ggn_game_load_file(path, &errs);
        if (!g || !ggn_game_has_fen(g)) {
            fprintf(stderr, "san_sample: %s: %s\n", path, g ? "no FEN" : errs.count ? errs.items[0].message : "?");
            ggn_game_free(g);
            return 1;
        }
        for (int i = 0; i < positions; i++) sample_position(argv[a], g);
        for (int i = 0; i < games; i++) sample_game(argv[a], g);
        ggn_game_free(g);
    }
    return 0;
}
