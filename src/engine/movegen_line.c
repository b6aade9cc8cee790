/*
 * movegen_line.c — extension repeat.distance "pieces_on_line" (docs/game-spec.md,
 * "Moves counted on the line"): a piece goes exactly as many steps along
 * its move's step as there are pieces on the whole line through its source
 * in that direction and the opposite one, itself included, of every player.
 * It may pass over its own player's pieces, not over another player's, and
 * lands where an action of its move takes the square (the reader allows
 * EMPTY and ENEMY actions only: never on its own piece).
 *
 * Such moves are in no step list and have no rays (compile.c): this walk
 * alone generates them, after the other board moves; make.c plays them as
 * any plain move. The line ends at the board's edge or a disabled square.
 */
#include "engine.h"

/* Pieces on the line through sq along (dx, dy), both ways, sq's own piece included. */
static int pieces_on_line(const ggn_position *pos, int sq, int dx, int dy)
{
    const ggn_game *g = pos->g;
    int n = 1;
    for (int at = eg_offset(g, sq, dx, dy); at != EG_NONE; at = eg_offset(g, at, dx, dy)) n += pos->piece_at[at] != 0;
    for (int at = eg_offset(g, sq, -dx, -dy); at != EG_NONE; at = eg_offset(g, at, -dx, -dy)) n += pos->piece_at[at] != 0;
    return n;
}

size_t eg_generate_line_moves(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || pc->owner != player) continue;
        for (int mi = 0; mi < g->nmoves[pc->kind]; mi++) {
            const eg_move *m = eg_move_of(g, player, pc->kind, mi);
            if (!m->line_distance) continue;
            int steps = pieces_on_line(pos, pc->sq, m->dx, m->dy), to = pc->sq;
            for (int i = 0; i < steps && to != EG_NONE; i++) {
                to = eg_offset(g, to, m->dx, m->dy);
                /* Squares passed may hold the mover's own pieces only. */
                if (i < steps - 1 && to != EG_NONE && pos->side_at[to] != EG_EMPTY_SIDE && pos->side_at[to] != player)
                    to = EG_NONE;
            }
            if (to == EG_NONE) continue;
            int state = pos->side_at[to] == EG_EMPTY_SIDE ? SD_EMPTY : pos->side_at[to] == player ? SD_ALLY : SD_ENEMY;
            for (int a = 0; a < m->naction; a++) {
                if (m->action[a].state != state) continue;
                if (n < cap)
                    buf[n] = (ggn_move){ .from = (uint16_t)pc->sq, .to = (uint16_t)to, .pattern = (uint8_t)mi,
                                         .action = (uint8_t)a };
                n++;
            }
        }
    }
    return n;
}
