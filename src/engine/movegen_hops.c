/*
 * movegen_hops.c — the generator for games with a repeat.hop (extension,
 * docs/game-spec.md): movegen.c's walk, except that a hop move gives no
 * landing up to and including its last screen (every piece it passes is
 * one), and is an ordinary move after it; a piece of a kind in its
 * hop_except ends the ray, as a screen or as a landing. eg_generate hands such games
 * here with one test per call; every other game never runs this code. Games
 * with chain captures come here too (the chains are appended after the other
 * moves); where the chains are their only hops, movegen.c walks the rest.
 */
#include "movegen.h"

static void generate_piece(const ggn_position *pos, sink *s, int id, int player)
{
    const ggn_game *g = pos->g;
    const eg_piece *pc = &pos->piece[id];
    int from = pc->sq;
    const eg_step *end;
    const eg_step *st = eg_steps_of(g, player, pc->kind, from, &end);
    const eg_move *moves = eg_move_of(g, player, pc->kind, 0);
    eg_cond_ctx c = { pos, player, from, pc, 0 };
    for (; st < end; st++) {
        const uint16_t *ray = g->rays + st->ray;
        const eg_move *m = &moves[st->move];
        size_t before = s->n;
        if (!st->simple && !eg_conditions_hold(&c, m->src, m->nsrc, EG_NONE)) continue;
        int screens = 0;
        for (int i = 0; i < st->len; i++) {
            int to = ray[i];
            int state = occupancy(pos, to, player);
            if (screens < m->hop) {
                if (state != SD_EMPTY) {
                    /* repeat.hop_except: a piece of such a kind is no screen, and it ends the ray. */
                    if (m->hop_except && ((m->hop_except >> pos->kind_at[to]) & 1)) break;
                    screens++;
                }
                continue;
            }
            if (m->hop_except && state != SD_EMPTY && ((m->hop_except >> pos->kind_at[to]) & 1)) break;
            if (st->simple) {
                int a = st->by_state[state];
                if (a != EG_NONE) push(s, from, to, st->move, a, 0, 0);
            } else if (eg_conditions_hold(&c, m->dst, m->ndst, to)) {
                for (int a = 0; a < m->naction; a++) {
                    const eg_action *act = &m->action[a];
                    if (act->state != state || !eg_conditions_hold(&c, act->cond, act->ncond, to)) continue;
                    emit(s, &c, m, st->move, a, to);
                }
            }
            if (stops(state, st->until)) break;
        }
        if (s->n > before) c.produced |= 1ULL << st->move;
    }
}

/* The moves of the step lists, hops among them. Kept out of line, so that generate_piece is
 * inlined into it: otherwise gcc calls generate_piece once a piece (xiangqi perft +2.5 %). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static size_t generate_hop_steps(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    sink s = { buf, cap, 0 };
    int player = eg_player_to_move(pos);
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq != EG_NONE && pc->owner == player) generate_piece(pos, &s, id, player);
    }
    return s.n;
}

/* The moves of the step lists; a game whose only hops are its chains (draughts) walks them as every game does. */
static size_t generate_steps(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    return pos->g->board_hops ? generate_hop_steps(pos, buf, cap) : eg_generate_board(pos, buf, cap);
}

size_t eg_generate_hops(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    size_t n = generate_steps(pos, buf, cap);
    /* Chain captures are hops too (one enemy screen), walked on by their own generator. */
    return pos->g->chains ? eg_generate_chains(pos, buf, cap, n) : n;
}

size_t eg_generate_captures_first(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    size_t n = eg_generate_chains(pos, buf, cap, 0);
    return n ? n : generate_steps(pos, buf, cap);
}
