/*
 * perft.c — `go perft N` as Fairy-Stockfish answers it (UCI, USI, UCCI): the
 * legal move tree counted per root move on the worker thread, in pieces
 * small enough that `stop` and `quit` are seen within a few thousand nodes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "protocol_internal.h"

/*
 * The leaves below the session's position to depth, as ggn_perft counts
 * them, but split into subtrees of depth 2 so that `stop` (s->stop) is seen
 * within a few thousand nodes in any game. A node is split only when its
 * legal moves are exactly those ggn_perft counts (ggn_perft(pos, 1) equal to
 * their number): a game_end rule that ends the game there makes perft count
 * none, and the node is then counted whole. *capped is set when a position
 * had more moves than GGN_MAX_MOVES. Stops early (the count then partial)
 * when s->stop is set.
 */
static uint64_t perft_stoppable(pr_session *s, int depth, bool *capped)
{
    if (depth <= 2) {
        uint64_t n = ggn_perft(s->pos, depth);
        if (ggn_perft_capped(s->pos)) *capped = true;
        return n;
    }
    ggn_move *moves = malloc(GGN_MAX_MOVES * sizeof *moves);
    size_t n = moves ? ggn_position_legal_moves(s->pos, moves, GGN_MAX_MOVES) : 0;
    if (n > GGN_MAX_MOVES) {
        *capped = true;
        n = GGN_MAX_MOVES;
    }
    if (!moves || ggn_perft(s->pos, 1) != n) {
        free(moves);
        uint64_t whole = ggn_perft(s->pos, depth);
        if (ggn_perft_capped(s->pos)) *capped = true;
        return whole;
    }
    uint64_t total = 0;
    for (size_t i = 0; i < n && !atomic_load(&s->stop); i++) {
        if (!ggn_position_make(s->pos, moves[i])) continue;
        total += perft_stoppable(s, depth - 1, capped);
        ggn_position_unmake(s->pos);
    }
    free(moves);
    return total;
}

/* pr_perft (protocol_internal.h): "MOVE: COUNT" per root move as it is counted, then "Nodes searched: N". */
void pr_perft(pr_session *s, int depth, pr_move_writer write)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(s->pos, moves, GGN_MAX_MOVES);
    bool capped = n > GGN_MAX_MOVES;
    if (capped) n = GGN_MAX_MOVES;
    uint64_t total = 0;
    size_t done = 0;
    for (; done < n && !atomic_load(&s->stop); done++) {
        char text[64];
        if (!write(s, s->pos, moves[done], text, sizeof text)) snprintf(text, sizeof text, "0000");
        if (!ggn_position_make(s->pos, moves[done])) continue;
        uint64_t count = depth > 1 ? perft_stoppable(s, depth - 1, &capped) : 1;
        ggn_position_unmake(s->pos);
        if (atomic_load(&s->stop)) break; /* that move's count is partial: not said */
        total += count;
        pr_say(s, "%s: %llu", text, (unsigned long long)count);
    }
    if (done < n) {
        pr_say(s, "info string perft stopped after %zu of %zu moves (%llu nodes): no total", done, n,
            (unsigned long long)total);
        return;
    }
    if (capped)
        pr_say(s, "info string perft: a position had more than %d moves (GGN_MAX_MOVES): only the first %d of it are "
               "counted, so the count is a lower bound",
            GGN_MAX_MOVES, GGN_MAX_MOVES);
    pr_say(s, "%s", "");
    pr_say(s, "Nodes searched: %llu", (unsigned long long)total);
}
