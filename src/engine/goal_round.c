/*
 * goal_round.c — a goal judged by rounds ("answer": "round", docs/game-spec.md):
 * racing kings' finish as lichess, python-chess and Fairy-Stockfish judge it.
 *
 * A round is one move of each of the two players, the first player of the turn
 * order first. A player who reaches its zone wins once the round is over, unless
 * the other reached its own zone in the same round: then it is a draw. So
 *   - with the first player to move (a round is over): the one who stands on its
 *     zone wins, and both standing there is a draw;
 *   - with the second to move (the first has moved this round): the second on its
 *     zone reached it a round earlier and wins; the first alone on its zone wins
 *     at once when the second has no legal move that reaches the second's zone —
 *     nothing could still make it a draw — and otherwise the game goes on.
 * The reader refuses "round" in any game but two players taking turns.
 */
#include "engine.h"

/* The kind of a piece of player p that stands on the goal's zone for p, or EG_NONE. */
static int kind_on_zone(const ggn_position *pos, const sd_goal *goal, int p)
{
    const ggn_game *g = pos->g;
    const bool *zone = g->named_sq + ((size_t)goal->named * (size_t)g->nplayers + (size_t)p) * (size_t)g->nsq;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq != EG_NONE && pc->owner == p && ((goal->kinds >> pc->kind) & 1) && zone[pc->sq]) return pc->kind;
    }
    return EG_NONE;
}

/*
 * Has player p, to move, a legal move after which one of its goal pieces stands
 * on its zone? Each legal move is made and taken back, so the position comes
 * back as it was; the moves are those of ggn_position_legal_moves less its test
 * of a decided game, which is what is being judged here.
 */
static bool can_reach(ggn_position *pos, const sd_goal *goal, int p)
{
    const ggn_game *g = pos->g;
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = eg_generate_all(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal_all(pos, moves, n);
    if (g->narrows_moves) n = eg_end_filter(pos, moves, n);
    if (g->pass && n < GGN_MAX_MOVES) n = eg_pass_rules(pos, moves, n);
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        bool there = kind_on_zone(pos, goal, p) != EG_NONE;
        eg_unmake(pos);
        if (there) return true;
    }
    return false;
}

bool eg_round_goal(const ggn_position *pos, const sd_goal *goal, int *player, int *kind, sd_result *result)
{
    const sd_game *def = pos->g->def;
    int first = def->order[0], second = def->order[1];
    int first_kind = kind_on_zone(pos, goal, first), second_kind = kind_on_zone(pos, goal, second);
    if (first_kind == EG_NONE && second_kind == EG_NONE) return false;
    *result = goal->result;
    if (eg_player_to_move(pos) == first) { /* the round is over */
        if (first_kind != EG_NONE && second_kind != EG_NONE) *result = SD_RESULT_DRAW;
        *player = first_kind != EG_NONE ? first : second;
        *kind = first_kind != EG_NONE ? first_kind : second_kind;
        return true;
    }
    if (second_kind != EG_NONE) { /* the second reached its zone a round before the first */
        *player = second;
        *kind = second_kind;
        return true;
    }
    /* The first reached its zone this round; the second may still answer. Judging it makes
     * and takes back moves: the position is the caller's own, and comes back bit for bit. */
    if (can_reach((ggn_position *)pos, goal, second)) return false;
    *player = first;
    *kind = first_kind;
    return true;
}
