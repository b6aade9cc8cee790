/*
 * exchange.c — static exchange evaluation from the reverse attack tables:
 * what a capture (or a step to an empty square) wins once the players have
 * taken back on its square in turn, each with its cheapest attacker (eg_cheapest_attacker), and each free
 * to stop where taking on would lose.
 *
 * No move is generated or made. Each capture is played on the board arrays
 * alone (the taker lifted from its square onto the target, the taken piece
 * off the board) and undone at the end, so a slider behind a taker joins
 * the exchange (an x-ray), a cannon finds its new screen, and a leg freed by
 * a taker opens: whatever the attack tables see. What they do not see is
 * legality (a pinned taker still takes) and promotion on the target.
 */
#include "engine.h"

/* One square's arrays and one piece's square, as they were before the exchange touched them. */
typedef struct saved_square {
    int16_t sq;
    int8_t side;
    uint8_t kind, id;
} saved_square;

typedef struct exchange_undo {
    saved_square squares[2 * GGN_MAX_EXCHANGE];
    int nsquares;
    struct {
        uint8_t id;
        int16_t sq;
    } pieces[2 * GGN_MAX_EXCHANGE];
    int npieces;
} exchange_undo;

static void save_square(const ggn_position *pos, exchange_undo *u, int sq)
{
    u->squares[u->nsquares++] = (saved_square){ (int16_t)sq, pos->side_at[sq], pos->kind_at[sq], pos->piece_at[sq] };
}

static void save_piece(const ggn_position *pos, exchange_undo *u, int id)
{
    u->pieces[u->npieces].id = (uint8_t)id;
    u->pieces[u->npieces++].sq = pos->piece[id].sq;
}

/* The piece on `from` goes to `to`, taking what stands there, on the arrays the attack scan reads. */
static void take(ggn_position *pos, exchange_undo *u, int from, int to)
{
    save_square(pos, u, to);
    save_square(pos, u, from);
    if (pos->piece_at[to]) {
        save_piece(pos, u, pos->piece_at[to]);
        pos->piece[pos->piece_at[to]].sq = EG_NONE;
    }
    save_piece(pos, u, pos->piece_at[from]);
    pos->piece[pos->piece_at[from]].sq = (int16_t)to;
    pos->side_at[to] = pos->side_at[from];
    pos->kind_at[to] = pos->kind_at[from];
    pos->piece_at[to] = pos->piece_at[from];
    pos->side_at[from] = EG_EMPTY_SIDE;
    pos->piece_at[from] = 0;
}

static void undo_all(ggn_position *pos, const exchange_undo *u)
{
    for (int i = u->npieces - 1; i >= 0; i--) pos->piece[u->pieces[i].id].sq = u->pieces[i].sq;
    for (int i = u->nsquares - 1; i >= 0; i--) {
        const saved_square *s = &u->squares[i];
        pos->side_at[s->sq] = s->side;
        pos->kind_at[s->sq] = s->kind;
        pos->piece_at[s->sq] = s->id;
    }
}

int64_t eg_exchange(ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    int from = mv.from, to = mv.to;
    /*
     * A piece of the mover's goes to `to`: a plain capture of another player's piece there, or a
     * step to an empty square (which wins nothing and may lose the piece).
     */
    if (from == EG_DROP_FROM || from >= g->nsq || to >= g->nsq || from == to || !pos->piece_at[from] ||
        pos->side_at[from] != eg_player_to_move(pos) ||
        (pos->piece_at[to] && g->team[pos->side_at[to]] == g->team[pos->side_at[from]]))
        return 0;
    /* gain[d]: the material the d-th taker's side is up if the exchange stops after it. */
    int64_t gain[GGN_MAX_EXCHANGE];
    gain[0] = pos->piece_at[to] ? eg_exchange_value(g, pos->kind_at[to]) : 0;
    int64_t on_target = eg_exchange_value(g, pos->kind_at[from]);
    exchange_undo u = { .nsquares = 0, .npieces = 0 };
    take(pos, &u, from, to);
    int d = 1;
    for (; d < GGN_MAX_EXCHANGE; d++) {
        int by = eg_cheapest_attacker(pos, to, pos->side_at[to]);
        if (by == EG_NONE) break;
        gain[d] = on_target - gain[d - 1];
        on_target = eg_exchange_value(g, pos->kind_at[by]);
        take(pos, &u, by, to);
    }
    undo_all(pos, &u);
    /* From the last capture back: a side takes only when taking leaves it better off than stopping. */
    while (--d > 0)
        if (gain[d] > -gain[d - 1]) gain[d - 1] = -gain[d];
    return gain[0];
}
