/* perft.c — counting the leaves of the legal move tree (draw rules ignored, as published tables do). */
#include "engine.h"

static uint64_t perft(ggn_position *pos, int depth)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = eg_generate(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal(pos, moves, n);
    if (depth == 1) return n;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        total += perft(pos, depth - 1);
        eg_unmake(pos);
    }
    return total;
}

uint64_t ggn_perft(ggn_position *pos, int depth)
{
    if (depth <= 0) return 1;
    if (depth > GGN_MAX_PERFT_DEPTH) depth = GGN_MAX_PERFT_DEPTH;
    return perft(pos, depth);
}
