/*
 * game_end.c — the rules of the "game_end" extension that end a game while
 * moves remain: goals (a piece on a zone), extinction (too few pieces of
 * some kinds), the check limit; and forced capture, which narrows the legal
 * moves. A game decided by one of them has no moves, in perft as in
 * Fairy-Stockfish, so perft counts agree. Games that use none of them never
 * come here: perft and the move lists test ggn_game.end_rules /
 * forced_capture once per node.
 */
#include "engine.h"

/* The result r for player p as a status; `outcome` says which rule. */
static void result_for(const ggn_position *pos, ggn_status *st, ggn_outcome outcome, int p, sd_result r)
{
    if (!st) return;
    const ggn_game *g = pos->g;
    st->outcome = outcome;
    st->player = p;
    st->draw = r == SD_RESULT_DRAW;
    if (r == SD_RESULT_WIN) st->winner = p;
    else if (r == SD_RESULT_DRAW) st->winner = -1;
    else if (g->nplayers == 2) st->winner = 1 - p;
    else st->winner = eg_winner_over(pos, p);
}

int eg_winner_over(const ggn_position *pos, int p)
{
    const ggn_game *g = pos->g;
    /* A loss among more players: the last mover, when it is someone else, takes the game. */
    int turn = pos->nundo ? pos->undo[pos->nundo - 1].turn : (pos->turn + g->def->norder - 1) % g->def->norder;
    int last = g->def->order[turn];
    if (last != p && g->team[last] != g->team[p]) return last;
    if (!g->teams) return -1;
    for (int q = 0; q < g->nplayers; q++)
        if (g->team[q] != g->team[p]) return q;
    return -1;
}

/* Players in the order the rules are judged: the one who moved last first, then in turn order. */
static int judged(const ggn_position *pos, int i)
{
    const sd_game *def = pos->g->def;
    int last = (pos->turn + def->norder - 1) % def->norder;
    return def->order[(last + i) % def->norder];
}

/* The kind of a piece of player p standing on the goal's zone, or EG_NONE. */
static int on_zone(const ggn_position *pos, const sd_goal *goal, int p)
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
 * on_zone for every player at once, kind[p] for player p, in one walk of the
 * pieces (a goal judged for each player after every move would walk them
 * once a player).
 */
static void on_zones(const ggn_position *pos, const sd_goal *goal, int kind[GGN_MAX_PLAYERS])
{
    const ggn_game *g = pos->g;
    const bool *zones = g->named_sq + (size_t)goal->named * (size_t)g->nplayers * (size_t)g->nsq;
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) kind[p] = EG_NONE;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq == EG_NONE || !((goal->kinds >> pc->kind) & 1) || kind[pc->owner] != EG_NONE) continue;
        if (zones[(size_t)pc->owner * (size_t)g->nsq + (size_t)pc->sq]) kind[pc->owner] = pc->kind;
    }
}

/*
 * on_zones after a move, from the squares it changed alone: a piece that
 * stood on its zone before the move would have ended the game then, so only
 * the move's own squares can hold one now (the rule lines and connections
 * follow too, goal_line.c). The lowest piece id of a player among them is
 * the one the walk of the pieces would meet first. False, nothing judged,
 * when the whole board must be: no move behind the position, a record that
 * may not name every square, or conversions, which turn pieces it does not
 * name.
 */
static bool on_zones_after_move(const ggn_position *pos, const sd_goal *goal, int kind[GGN_MAX_PLAYERS])
{
    const ggn_game *g = pos->g;
    int sq[EG_MAX_UNDO_CELLS], n = g->converts ? -1 : eg_changed_squares(pos, sq);
    if (n < 0) return false;
    const bool *zones = g->named_sq + (size_t)goal->named * (size_t)g->nplayers * (size_t)g->nsq;
    int first[GGN_MAX_PLAYERS];
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) kind[p] = EG_NONE;
    for (int i = 0; i < n; i++) {
        int s = sq[i], id = pos->piece_at[s];
        if (!id || !((goal->kinds >> pos->kind_at[s]) & 1)) continue;
        int p = pos->side_at[s];
        if (!zones[(size_t)p * (size_t)g->nsq + (size_t)s] || (kind[p] != EG_NONE && first[p] < id)) continue;
        kind[p] = pos->kind_at[s];
        first[p] = id;
    }
    return true;
}

/*
 * An extinction rule with "answer": player p is below the limit. It stands
 * only while every other player is at or above the limit, and, when p is to
 * move, so far above it that one capture cannot bring it below (fewer_than + 1
 * pieces): p may still answer by baring the other back (shatranj's bare king,
 * as Fairy-Stockfish judges it). One move removes at most one piece.
 */
static bool unanswered(const ggn_position *pos, const sd_extinction *x, const int count[GGN_MAX_PLAYERS], int p)
{
    int need = x->fewer_than + (p == eg_player_to_move(pos) ? 1 : 0);
    for (int q = 0; q < pos->g->nplayers; q++)
        if (q != p && ((x->players >> q) & 1) && count[q] < need) return false;
    return true;
}

/* Each player's pieces of the rule's kinds, on the board and in hand. */
static void extinction_counts(const ggn_position *pos, const sd_extinction *x, int count[GGN_MAX_PLAYERS])
{
    const ggn_game *g = pos->g;
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) count[p] = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *pc = &pos->piece[id];
        if (pc->sq != EG_NONE && ((x->kinds >> pc->kind) & 1)) count[pc->owner]++;
    }
    if (g->hands)
        for (int p = 0; p < g->nplayers; p++)
            for (int k = 0; k < g->nkinds; k++)
                if ((x->kinds >> k) & 1) count[p] += pos->hand[p][k];
}

/*
 * An extinction rule without "answer", after a move that left no player with
 * fewer pieces of its kinds: it did not hold before the move (the game would
 * have ended), and counts that did not fall cannot make it hold now. The
 * move's undo record names every square it changed, each first with what
 * stood there before, so the counts' changes are read from it; hands (which
 * a capture fills), conversions and group captures change counts elsewhere,
 * and then this says nothing (false).
 */
static bool extinction_unchanged(const ggn_position *pos, const sd_extinction *x)
{
    const ggn_game *g = pos->g;
    int sq[EG_MAX_UNDO_CELLS], n;
    if (x->answer || g->hands || g->converts || (n = eg_changed_squares(pos, sq)) < 0) return false;
    const eg_undo *u = &pos->undo[pos->nundo - 1];
    if (u->ntaken) return false;
    int delta[GGN_MAX_PLAYERS] = { 0 };
    for (int i = 0; i < n; i++) {
        bool seen = false; /* a square recorded twice: its first record holds what stood there before the move */
        for (int j = 0; j < i && !seen; j++) seen = sq[j] == sq[i];
        if (seen) continue;
        if (u->cell[i].piece && ((x->kinds >> u->cell[i].kind) & 1)) delta[u->cell[i].side]--;
        if (pos->piece_at[sq[i]] && ((x->kinds >> pos->kind_at[sq[i]]) & 1)) delta[pos->side_at[sq[i]]]++;
    }
    for (int p = 0; p < g->nplayers; p++)
        if (delta[p] < 0) return false;
    return true;
}

bool eg_capture_decides(const ggn_position *pos, ggn_move m)
{
    const sd_game_end *e = &pos->g->def->end;
    if (e->nextinctions == 0 || m.to >= pos->g->nsq || !pos->piece_at[m.to]) return false;
    const eg_piece *victim = &pos->piece[pos->piece_at[m.to]];
    if (victim->owner == eg_player_to_move(pos)) return false;
    for (int r = 0; r < e->nextinctions; r++) {
        const sd_extinction *x = &e->extinctions[r];
        if (!((x->kinds >> victim->kind) & 1) || !((x->players >> victim->owner) & 1)) continue;
        int count[GGN_MAX_PLAYERS];
        extinction_counts(pos, x, count);
        if (count[victim->owner] - 1 < x->fewer_than) return true;
    }
    return false;
}

bool eg_decided(const ggn_position *pos, ggn_status *st)
{
    const ggn_game *g = pos->g;
    const sd_game_end *e = &g->def->end;
    int norder = g->def->norder;
    if (g->elimination && eg_players_in(pos) == 1) {
        if (st) {
            st->outcome = GGN_LAST_PLAYER;
            st->winner = eg_player_to_move(pos);
            st->player = st->winner;
        }
        return true;
    }
    if (g->pass && eg_pass_decided(pos, st)) return true;
    if (e->check_limit > 0)
        for (int i = 0; i < norder; i++) {
            int p = judged(pos, i);
            if (pos->checks[p] >= e->check_limit) {
                result_for(pos, st, GGN_CHECK_LIMIT, p, SD_RESULT_WIN);
                return true;
            }
        }
    for (int r = 0; r < e->ngoals; r++) {
        const sd_goal *goal = &e->goals[r];
        if (goal->round) { /* "answer": "round" (goal_round.c) */
            int p, kind;
            sd_result res;
            if (!eg_round_goal(pos, goal, &p, &kind, &res)) continue;
            result_for(pos, st, GGN_GOAL, p, res);
            if (st) {
                st->kind = kind;
                st->rule = r;
            }
            return true;
        }
        if (goal->answer) {
            /* Judged for the player to move only: it reached the zone a round ago and every other
             * player has had its one move to answer; one that did makes it a draw. */
            int p = eg_player_to_move(pos), kind = on_zone(pos, goal, p);
            if (kind == EG_NONE) continue;
            bool answered = false;
            for (int q = 0; q < g->nplayers && !answered; q++) answered = q != p && on_zone(pos, goal, q) != EG_NONE;
            result_for(pos, st, GGN_GOAL, p, answered ? SD_RESULT_DRAW : goal->result);
            if (st) {
                st->kind = kind;
                st->rule = r;
            }
            return true;
        }
        int kind[GGN_MAX_PLAYERS];
        if (!on_zones_after_move(pos, goal, kind)) on_zones(pos, goal, kind);
        for (int i = 0; i < norder; i++) {
            int p = judged(pos, i);
            if (kind[p] == EG_NONE) continue;
            result_for(pos, st, GGN_GOAL, p, goal->result);
            if (st) {
                st->kind = kind[p];
                st->rule = r;
            }
            return true;
        }
    }
    if ((e->nlines || e->nconnections || e->nunited || e->nenclosed || e->nforts) && eg_shape_decided(pos, st))
        return true; /* goal_line.c */
    for (int r = 0; r < e->nextinctions; r++) {
        const sd_extinction *x = &e->extinctions[r];
        if (extinction_unchanged(pos, x)) continue;
        int count[GGN_MAX_PLAYERS];
        extinction_counts(pos, x, count);
        /* The player to move first: it is the one whose last piece was just taken. */
        for (int i = 1; i <= norder; i++) {
            int p = judged(pos, i);
            if (count[p] >= x->fewer_than || !((x->players >> p) & 1)) continue;
            if (x->answer && !unanswered(pos, x, count, p)) continue;
            result_for(pos, st, GGN_EXTINCTION, p, x->result);
            if (st) st->rule = r;
            return true;
        }
    }
    return false;
}

/* The one player with the fewest pieces (board and hand), or -1 when several share the fewest. */
int eg_fewest_pieces(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    int count[GGN_MAX_PLAYERS] = { 0 };
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE) count[pos->piece[id].owner]++;
    if (g->hands)
        for (int p = 0; p < g->nplayers; p++)
            for (int k = 0; k < g->nkinds; k++) count[p] += pos->hand[p][k];
    int best = 0, ties = 0;
    for (int p = 1; p < g->nplayers; p++) {
        if (count[p] < count[best]) best = p, ties = 0;
        else if (count[p] == count[best]) ties++;
    }
    return ties ? -1 : best;
}

/* Does the move leave another player's leader attacked? (made and taken back) */
static bool gives_check(ggn_position *pos, ggn_move m)
{
    int mover = eg_player_to_move(pos);
    if (!eg_make(pos, m)) return false;
    bool check = false;
    for (int p = 0; p < pos->g->nplayers && !check; p++)
        if (p != mover) check = eg_leader_attacked(pos, p);
    eg_unmake(pos);
    return check;
}

/* The definition of board move m, or NULL for a drop. */
static const eg_move *definition(const ggn_position *pos, ggn_move m)
{
    if (m.from == EG_DROP_FROM) return NULL;
    const eg_piece *p = &pos->piece[pos->piece_at[m.from]];
    return eg_move_of(pos->g, p->owner, p->kind, m.pattern);
}

/* "attacking_illegal": after m (made and taken back), the piece it moved attacks another player's piece. */
static bool attacks_after(ggn_position *pos, ggn_move m)
{
    int id = pos->piece_at[m.from];
    if (!eg_make(pos, m)) return false;
    int sq = pos->piece[id].sq;
    bool attacks = sq != EG_NONE && eg_piece_attacks_enemy(pos, sq);
    eg_unmake(pos);
    return attacks;
}

/* Is legal move m illegal by a rule about what it attacks afterwards (the game's, or its definition's)? */
static bool attack_rules_refuse(ggn_position *pos, ggn_move m)
{
    const eg_move *def = pos->g->moves_giving_check_illegal ? definition(pos, m) : NULL;
    if ((pos->g->no_giving_check || (def && def->giving_check_illegal)) && gives_check(pos, m)) return true;
    return def && def->attacking_illegal && attacks_after(pos, m);
}

size_t eg_end_filter(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    if ((g->group_capture && !g->suicide) || g->superko) n = eg_group_filter(pos, moves, n);
    if (g->no_giving_check || g->moves_giving_check_illegal) {
        size_t kept = 0;
        for (size_t i = 0; i < n; i++)
            if (!attack_rules_refuse(pos, moves[i])) moves[kept++] = moves[i];
        n = kept;
    }
    if (g->forced_capture) {
        size_t kept = 0;
        for (size_t i = 0; i < n; i++)
            if (ggn_move_is_capture(pos, moves[i])) moves[kept++] = moves[i];
        if (kept) n = kept;
    }
    return n;
}

/* Would the move take a piece of a partner of the mover (its target, or a CAPTURE side effect's)? */
static bool hits_partner(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (mv.from == EG_DROP_FROM) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    int team = g->team[p->owner];
    int side = pos->side_at[mv.to];
    if (side != EG_EMPTY_SIDE && side != p->owner && g->team[side] == team) return true;
    const eg_move *m = eg_move_of(g, p->owner, p->kind, mv.pattern);
    const eg_action *a = &m->action[mv.action];
    for (int i = 0; i < a->neffect; i++) {
        if (a->effect[i].kind != SD_EFFECT_CAPTURE) continue;
        int sq = eg_offset(g, mv.from, a->effect[i].ax, a->effect[i].ay);
        if (sq == EG_NONE || !pos->piece_at[sq]) continue;
        side = pos->side_at[sq];
        if (side != p->owner && g->team[side] == team) return true;
    }
    return false;
}

/*
 * Partners' pieces are generated as ENEMY targets (the generator compares
 * owners, which keeps it as fast for every other game); a team game drops
 * those moves here. So a partner's piece is neither captured nor moved
 * onto, and a slide stops before it as before any piece.
 */
size_t eg_without_partner_captures(const ggn_position *pos, ggn_move *moves, size_t n, size_t cap)
{
    size_t seen = n < cap ? n : cap, kept = 0;
    for (size_t i = 0; i < seen; i++)
        if (!hits_partner(pos, moves[i])) moves[kept++] = moves[i];
    return kept + (n - seen);
}

uint64_t eg_out_key(int player)
{
    uint64_t z = 0x0E11E11A7EULL + ((uint64_t)player << 24);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int eg_players_in(const ggn_position *pos)
{
    int n = 0;
    for (int p = 0; p < pos->g->nplayers; p++) n += !((pos->out >> p) & 1);
    return n;
}

/* Does player p still have a leader on the board? (true in a game without leaders) */
static bool has_leader(const ggn_position *pos, int p)
{
    const ggn_game *g = pos->g;
    if (g->leader == EG_NONE) return true;
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE && pos->piece[id].owner == p && pos->piece[id].kind == g->leader) return true;
    return false;
}

/* Takes player p out of the game; the turn moves on when it was p's (not counted as a ply). */
static void take_out(ggn_position *pos, int p)
{
    const ggn_game *g = pos->g;
    pos->cached = 0; /* eg_eliminate may have listed the moves of the position before: they are stale */
    pos->out |= (uint8_t)(1u << p);
    pos->hash ^= eg_out_key(p);
    if (eg_player_to_move(pos) != p) return;
    pos->hash ^= g->zobrist_turn[pos->turn];
    while ((pos->out >> g->def->order[pos->turn]) & 1) pos->turn = (pos->turn + 1) % g->def->norder;
    pos->hash ^= g->zobrist_turn[pos->turn];
}

/*
 * The move is made and recorded in the last undo entry, which saved `out`
 * and the turn: unmake puts both back, and the hash with them. The player to
 * move is judged with the full legal-move list, whose own trial moves go
 * through eg_make only, so they never eliminate anyone themselves.
 */
void eg_eliminate(ggn_position *pos)
{
    const ggn_game *g = pos->g;
    for (int p = 0; p < g->nplayers && eg_players_in(pos) > 1; p++)
        if (!((pos->out >> p) & 1) && !has_leader(pos, p)) take_out(pos, p);
    ggn_move moves[GGN_MAX_MOVES];
    while (eg_players_in(pos) > 2) {
        if (eg_decided(pos, NULL)) return;
        /* Only a position whose no-move result is a loss can take the player out: chess4 looks
         * for moves only when in check. */
        int p = eg_player_to_move(pos);
        int rule;
        sd_result r = eg_leader_attacked(pos, p) ? eg_checkmate_result(pos, &rule) : g->def->end.no_move;
        if (r != SD_RESULT_LOSS || ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES) > 0) return;
        take_out(pos, p);
    }
}

uint64_t eg_check_key(int player, int count)
{
    uint64_t z = 0xC4EC6C0DE5ULL + ((uint64_t)player << 20) + (uint64_t)count;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void eg_count_check(ggn_position *pos, eg_undo *u)
{
    int next = eg_player_to_move(pos), mover = pos->g->def->order[u->turn];
    u->checker = -1;
    if (mover == next || !eg_leader_attacked(pos, next) || pos->checks[mover] == UINT16_MAX) return;
    u->checker = (int8_t)mover;
    pos->hash ^= eg_check_key(mover, pos->checks[mover]) ^ eg_check_key(mover, pos->checks[mover] + 1);
    pos->checks[mover]++;
}

bool ggn_game_goal_square(const ggn_game *game, int player, int kind, int x, int y)
{
    if (player < 0 || player >= game->nplayers || kind < 0 || kind >= game->nkinds) return false;
    int sq = eg_square(game, x, y);
    if (sq == EG_NONE) return false;
    const sd_game_end *e = &game->def->end;
    for (int r = 0; r < e->ngoals; r++) {
        const sd_goal *goal = &e->goals[r];
        if (goal->result != SD_RESULT_WIN || !((goal->kinds >> kind) & 1)) continue;
        if (game->named_sq[((size_t)goal->named * (size_t)game->nplayers + (size_t)player) * (size_t)game->nsq + (size_t)sq])
            return true;
    }
    return false;
}
