/*
 * castle.c — extension "castle": castling to fixed files (docs/game-spec.md).
 *
 * A castle move belongs to the castler (the leader, or the one kind that
 * castles in a game without one). From wherever an unmoved castler stands,
 * it may castle with each unmoved partner of its own on its rank on the
 * move's side; the castler then lands on file castler_to and the partner on
 * partner_to of that rank. It may when
 *  - every square from the castler to its landing square and from the
 *    partner to its landing square is empty but for the two themselves, and
 *  - no square from the castler's (so: not in check) to its landing square is
 *    attacked, the board as it stands.
 * Whether the castler is attacked after the move (a line the partner's
 * departure opens) is left to the legality test, which makes every castle
 * move (it is never plain: compile.c).
 *
 * The move is written king-takes-partner: from = the castler's square, to =
 * the partner's square. So it is never ambiguous (a castler already on its
 * landing file still moves its partner), and its text (`e1h1`) is the one
 * Fairy-Stockfish writes for its Chess960 games. make.c moves both pieces.
 */
#include "engine.h"

/* Are the squares of row y from file a to file b (both included) empty, but for squares k and p? */
static bool row_clear(const ggn_position *pos, int y, int a, int b, int k, int p)
{
    const ggn_game *g = pos->g;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    for (int x = lo; x <= hi; x++) {
        int s = eg_square(g, x, y);
        if (s == EG_NONE) return false;
        if (s != k && s != p && pos->piece_at[s]) return false;
    }
    return true;
}

/* Is any square of row y from file a to file b (both included) attacked by another player? */
static bool row_attacked(const ggn_position *pos, int y, int a, int b, int player)
{
    if (pos->assume_unattacked) return false;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    for (int x = lo; x <= hi; x++)
        if (eg_attacked_by_others(pos, eg_square(pos->g, x, y), player)) return true;
    return false;
}

static size_t castles_of(const ggn_position *pos, int player, int ksq, const eg_move *m, int mi, ggn_move *buf,
                         size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int y = g->sq_y[ksq], kx = g->sq_x[ksq];
    if (eg_square(g, m->castle_to[0], y) == EG_NONE || eg_square(g, m->castle_to[1], y) == EG_NONE) return n;
    for (int x = kx + m->castle; x >= 0 && x < g->cols; x += m->castle) {
        int psq = eg_square(g, x, y);
        if (psq == EG_NONE || !pos->piece_at[psq]) continue;
        const eg_piece *pp = &pos->piece[pos->piece_at[psq]];
        if (pp->owner != player || pp->kind != m->castle_partner || pp->moves != 0) continue;
        if (!row_clear(pos, y, kx, m->castle_to[0], ksq, psq) || !row_clear(pos, y, x, m->castle_to[1], ksq, psq))
            continue;
        if (row_attacked(pos, y, kx, m->castle_to[0], player)) continue;
        if (n < cap) {
            ggn_move *mv = &buf[n];
            mv->from = (uint16_t)ksq;
            mv->to = (uint16_t)psq;
            mv->pattern = (uint8_t)mi;
            mv->action = 0;
            mv->promotion = 0;
            mv->modifier = 0;
        }
        n++;
    }
    return n;
}

/* The castle moves of piece id when it is an unmoved castler of the player to move. */
static size_t castles_of_piece(const ggn_position *pos, int player, int id, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    const eg_piece *p = &pos->piece[id];
    if (p->sq == EG_NONE || p->owner != player || p->kind != g->castler || p->moves != 0) return n;
    for (int mi = 0; mi < g->nmoves[p->kind]; mi++) {
        const eg_move *m = eg_move_of(g, player, p->kind, mi);
        if (m->castle) n = castles_of(pos, player, p->sq, m, mi, buf, cap, n);
    }
    return n;
}

size_t eg_generate_castles(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    /* The castler is the leader in every shipped game: its few pieces are indexed (legal.c). */
    if (g->castler == g->leader && !pos->leaders_overflow) {
        for (int i = 0; i < pos->nleader[player]; i++) n = castles_of_piece(pos, player, pos->leader[player][i], buf, cap, n);
        return n;
    }
    for (int id = 1; id < pos->npiece; id++) n = castles_of_piece(pos, player, id, buf, cap, n);
    return n;
}
