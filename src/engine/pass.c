/*
 * pass.c — extension "pass" and the game ends that read it (docs/game-spec.md):
 * a player may pass instead of moving; `game_end.passes` ends the game after
 * that many passes in a row, `game_end.facing_leaders` when a player passes
 * with the leaders facing on an open file (janggi's bikjang), and a result
 * "points" counts the pieces left (`game_end.points`).
 *
 * A pass is a move like any other for perft and the move lists (from == to ==
 * the passer's leader square, as Fairy-Stockfish writes it, `e2e2`), legal
 * when the mover's leaders stand unattacked: a pass changes nothing, so it
 * cannot parry a check. With facing_leaders and the leaders facing, the pass
 * is always legal and every other move must part them.
 *
 * Whether the game ended is read from the undo stack: a position reached from
 * a FEN has no history, so its first pass ends nothing — exactly as
 * Fairy-Stockfish, whose FEN does not carry the last move either. Games
 * without passing never come here (ggn_game.pass, one test per node).
 *
 * "pass": "forced" (Othello, Ataxx) is another rule: a player passes exactly
 * when it has no legal move and another player would have one were it to
 * move; when none has, the list stays empty and game_end.no_move ends the
 * game. Such a pass is written `pass` and stands on the passer's lowest
 * occupied square (from == to, as Fairy-Stockfish encodes it), so that it
 * needs no leader.
 */
#include "engine.h"

/* The first leader of `player` on the board, or EG_NONE. */
static int leader_square(const ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == g->leader) return p->sq;
    }
    return EG_NONE;
}

/* facing_leaders with the leaders facing: keeps the moves after which they no longer face. */
static size_t part_leaders(ggn_position *pos, ggn_move *moves, size_t n, int player)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        bool facing = eg_leaders_face(pos, player);
        eg_unmake(pos);
        if (!facing) moves[kept++] = moves[i];
    }
    return kept;
}

int eg_pass_square(const ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    for (int sq = 0; sq < g->nsq; sq++)
        if (pos->side_at[sq] == player) return sq;
    for (int sq = 0; sq < g->nsq; sq++)
        if (g->enabled[sq]) return sq;
    return 0;
}

/* Would the player whose turn `turn` is have a legal move, the board as it stands? (forced passes aside) */
static bool has_move_at_turn(ggn_position *pos, int turn)
{
    ggn_move moves[GGN_MAX_MOVES];
    int saved = pos->turn;
    pos->turn = turn; /* generation reads the player to move from the turn alone; the hash is not read */
    size_t n = eg_generate_all(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    n = eg_filter_legal_all(pos, moves, n);
    if (n && pos->g->narrows_moves) n = eg_end_filter(pos, moves, n);
    pos->turn = saved;
    return n > 0;
}

/* "pass": "forced": with no move, the pass when some other player would have one. */
static size_t forced_pass(ggn_position *pos, ggn_move *moves, size_t n)
{
    if (n) return n;
    int player = eg_player_to_move(pos), norder = pos->g->def->norder;
    bool other = false;
    for (int i = 1; i < norder && !other; i++) {
        int turn = (pos->turn + i) % norder, p = pos->g->def->order[turn];
        if (p != player && !((pos->out >> p) & 1)) other = has_move_at_turn(pos, turn);
    }
    if (!other) return 0;
    int sq = eg_pass_square(pos, player);
    moves[0] = (ggn_move){ .from = (uint16_t)sq, .to = (uint16_t)sq };
    return 1;
}

size_t eg_pass_rules(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    if (g->pass_forced) return forced_pass(pos, moves, n);
    int player = eg_player_to_move(pos);
    bool facing = g->facing_leaders && eg_leaders_face(pos, player);
    if (facing) n = part_leaders(pos, moves, n, player);
    /* Without a leader a pass names the board's first square, and nothing can forbid it. */
    int sq = g->leader == EG_NONE ? g->pass_sq : leader_square(pos, player);
    if (sq == EG_NONE || (!facing && g->leader != EG_NONE && eg_leader_attacked(pos, player))) return n;
    moves[n++] = (ggn_move){ .from = (uint16_t)sq, .to = (uint16_t)sq };
    return n;
}

/* The player with the most points (pieces on the board by game_end.points, plus the bonus), the tie's
 * player when several share the most and it is among them, else -1: a draw. */
int eg_most_points(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    int points[GGN_MAX_PLAYERS];
    for (int p = 0; p < g->nplayers; p++) points[p] = e->point_bonus[p];
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq != EG_NONE) points[pc->owner] += e->point_value[pc->kind];
    }
    int best = 0;
    for (int p = 1; p < g->nplayers; p++)
        if (points[p] > points[best]) best = p;
    int sharing = 0;
    for (int p = 0; p < g->nplayers; p++) sharing += points[p] == points[best];
    if (sharing == 1) return best;
    return e->point_tie >= 0 && points[e->point_tie] == points[best] ? e->point_tie : -1;
}

bool eg_pass_fits(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (mv.pattern || mv.action || mv.promotion) return false;
    if (g->leader == EG_NONE) return mv.from == g->pass_sq;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    return pos->piece_at[mv.from] && p->owner == eg_player_to_move(pos) && p->kind == g->leader;
}

static void result(const ggn_position *pos, ggn_status *st, ggn_outcome outcome, int p, sd_result r)
{
    if (!st) return;
    st->outcome = outcome;
    st->player = p;
    if (r == SD_RESULT_POINTS) st->winner = eg_most_points(pos);
    else if (r == SD_RESULT_AREA) st->winner = eg_area_winner(pos);
    else if (r == SD_RESULT_WIN) st->winner = p;
    else if (r == SD_RESULT_LOSS) st->winner = eg_winner_over(pos, p);
    else st->winner = -1;
    st->draw = st->winner < 0;
}

bool eg_pass_decided(const ggn_position *pos, ggn_status *st)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    if (!pos->nundo || !eg_is_pass(g, pos->undo[pos->nundo - 1].move)) return false;
    int passer = g->def->order[pos->undo[pos->nundo - 1].turn];
    if (e->passes_in_a_row) {
        int run = 0;
        while (run < pos->nundo && eg_is_pass(g, pos->undo[pos->nundo - 1 - run].move)) run++;
        if (run >= e->passes_in_a_row) {
            result(pos, st, GGN_PASSES, passer, e->passes_result);
            return true;
        }
    }
    /* A pass changes no square: the leaders face now exactly when they faced as the passer moved. */
    if (g->facing_leaders && eg_leaders_face(pos, eg_player_to_move(pos))) {
        result(pos, st, GGN_LEADERS_FACING, passer, e->facing_result);
        return true;
    }
    return false;
}

int ggn_position_passes_in_a_row(const ggn_position *pos)
{
    if (!pos->g->pass) return 0;
    int run = 0;
    while (run < pos->nundo && eg_is_pass(pos->g, pos->undo[pos->nundo - 1 - run].move)) run++;
    return run;
}
