/*
 * bench_openings.c — start positions for engine matches (`ggn match
 * --openings`): random openings of a game, each PLIES random legal moves from
 * the start, kept only when the game goes on and a depth-6 search scores the
 * position within 80 centipawns of even (neither side is simply lost).
 * One FEN a line on standard output; the same arguments give the same file.
 *
 * Usage: bench_openings GAME.json PLIES COUNT [SEED]
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"

#define BALANCED_CP 80
#define CHECK_DEPTH 6

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_openings GAME.json PLIES COUNT [SEED]\n");
        return 2;
    }
    int plies = atoi(argv[2]), count = atoi(argv[3]);
    uint64_t state = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    if (!state) state = 1;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *game = ggn_game_load_file(argv[1], &errs);
    if (!game || !ggn_game_has_fen(game)) {
        fprintf(stderr, "bench_openings: cannot load %s, or it has no FEN\n", argv[1]);
        return 1;
    }
    ggn_searcher *s = ggn_searcher_new(16);
    ggn_position *pos = ggn_position_new(game);
    if (!s || !pos) return 1;
    static ggn_move moves[GGN_MAX_MOVES];
    for (int made = 0, tries = 0; made < count && tries < count * 100; tries++) {
        while (ggn_position_unmake(pos)) {
        }
        bool ok = true;
        for (int p = 0; p < plies && ok; p++) {
            size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
            ok = n > 0 && ggn_position_make(pos, moves[next_random(&state) % (n < GGN_MAX_MOVES ? n : GGN_MAX_MOVES)]);
        }
        ggn_status st = ggn_position_status(pos);
        if (!ok || st.outcome != GGN_ONGOING) continue;
        ggn_search_limits lim = { .depth = CHECK_DEPTH };
        ggn_search_result r;
        ggn_searcher_clear(s);
        if (!ggn_searcher_run(s, pos, &lim, &r) || r.score > BALANCED_CP || r.score < -BALANCED_CP) continue;
        char fen[512];
        if (ggn_position_fen(pos, fen, sizeof fen) == 0) continue;
        printf("%s\n", fen);
        made++;
    }
    ggn_position_free(pos);
    ggn_searcher_free(s);
    ggn_game_free(game);
    return 0;
}
