/* perft.c — counting the leaves of the legal move tree (draw rules ignored, as published tables do;
 * a game decided by a game_end rule has no moves). */
#include "engine.h"

static uint64_t perft_board(ggn_position *pos, int depth);
static uint64_t perft_hands(ggn_position *pos, int depth);

/*
 * One node. `hands` is a constant in each of the two copies below, so a game
 * without hands pays nothing for drops: the test is made once, in ggn_perft.
 */
static inline uint64_t perft_node(ggn_position *pos, int depth, bool hands)
{
    ggn_move moves[GGN_MAX_MOVES];
    const ggn_game *g = pos->g;
    /* game_end: a decided game has no moves, as in Fairy-Stockfish's perft. */
    if (g->end_rules && eg_decided(pos, NULL)) return 0;
    size_t n = hands              ? eg_generate_all(pos, moves, GGN_MAX_MOVES)
               : g->chains_first ? eg_generate_captures_first(pos, moves, GGN_MAX_MOVES)
                                 : eg_generate(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) {
        n = GGN_MAX_MOVES;
        pos->perft_capped = true; /* the count is of the first GGN_MAX_MOVES moves: ggn_perft_capped says so */
    }
    n = hands ? eg_filter_legal_drops(pos, moves, n) : eg_filter_legal(pos, moves, n);
    if (g->narrows_moves && !g->chains_first) n = eg_end_filter(pos, moves, n); /* chains_first: applied */
    if (g->pass && n < GGN_MAX_MOVES) n = eg_pass_rules(pos, moves, n);
    if (depth == 1) return n;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        if (g->elimination) eg_eliminate(pos);
        total += hands ? perft_hands(pos, depth - 1) : perft_board(pos, depth - 1);
        eg_unmake(pos);
    }
    return total;
}

static uint64_t perft_board(ggn_position *pos, int depth) { return perft_node(pos, depth, false); }
static uint64_t perft_hands(ggn_position *pos, int depth) { return perft_node(pos, depth, true); }

bool ggn_perft_capped(const ggn_position *pos) { return pos->perft_capped; }

uint64_t ggn_perft(ggn_position *pos, int depth)
{
    if (pos->g->turn_parts) return eg_perft_parts(pos, depth); /* whole turns, each of several moves (parts.c) */
    if (depth <= 0) return 1;
    if (depth > GGN_MAX_PERFT_DEPTH) depth = GGN_MAX_PERFT_DEPTH;
    pos->perft_capped = false;
    return pos->g->hands ? perft_hands(pos, depth) : perft_board(pos, depth);
}
