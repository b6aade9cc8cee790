/*
 * activity.c — what a side's pseudo-legal moves say about its pieces, read
 * off the move list each node generates anyway: its mobility, and its attack
 * on the squares around an enemy leader.
 *
 * Each node keeps its side's summary (s->act[ply]); the evaluation compares
 * it with the other side's at the same position, read from that side's
 * moves after a pass (ss_opponent_activity), or, where no pass can be made
 * or the estimate is far outside the window, from its parent's list one ply
 * earlier (docs/ai.md, "The evaluation"). Nothing here scans for attacks: it
 * is one pass over a list, whose moves come grouped by their source square
 * (drops share one group).
 */
#include <string.h>

#include "engine/engine.h"
#include "search_internal.h"

void ss_activity_prepare(ggn_searcher *s)
{
    const ggn_game *g = s->game;
    int leader = ggn_game_leader(g);
    for (int k = 0; k < ggn_game_kind_count(g); k++) s->zone_attacker[k] = k != leader && k != s->pawn_kind;
}

static void mark_zone(ggn_searcher *s, int sq, uint32_t stamp)
{
    int rows = ggn_game_rows(s->game), cols = s->cols, x = sq % cols, y = sq / cols;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (x + dx >= 0 && x + dx < cols && y + dy >= 0 && y + dy < rows) s->zone_mark[(y + dy) * cols + x + dx] = stamp;
}

/*
 * Marks the squares at most one king step from each enemy leader; false when there is none.
 * The engine's index of leaders finds them (every piece is looked at only when it overflowed).
 */
static bool mark_zones(ggn_searcher *s, int me, uint32_t stamp)
{
    const ggn_position *pos = s->pos;
    int leader = ggn_game_leader(s->game), my_team = ggn_game_team(s->game, me);
    bool any = false;
    for (int p = 0; p < s->nplayers; p++) {
        if (ggn_game_team(s->game, p) == my_team) continue;
        int count = pos->leaders_overflow ? pos->npiece - 1 : pos->nleader[p];
        for (int i = 0; i < count; i++) {
            const eg_piece *pc = &pos->piece[pos->leaders_overflow ? i + 1 : pos->leader[p][i]];
            if (pc->sq == EG_NONE || pc->kind != leader || pc->owner != p) continue;
            mark_zone(s, pc->sq, stamp);
            any = true;
        }
    }
    return any;
}

/* The attack's worth: nothing from one piece alone; from two on, squared in pieces and moves. */
static int king_danger(const ggn_search_weights *w, int pieces, int moves)
{
    if (pieces < 2) return 0;
    long d = (long)w->king_piece * pieces + moves;
    long v = d * d * w->king_danger / 100;
    return (int)(v > SS_KING_DANGER_MAX ? SS_KING_DANGER_MAX : v);
}

static void summarise(ggn_searcher *s, ss_activity *a, const ggn_move *moves, size_t n)
{
    /* Mobility: each piece's moves up to the cap, so that a queen in the open counts no more than a centred knight. */
    int run = 0;
    a->mobility = 0;
    for (size_t i = 0; i < n; i++) {
        run = i > 0 && moves[i].from == moves[i - 1].from ? run + 1 : 1;
        if (run <= s->w.mobility_cap) a->mobility++;
    }
    a->attack = 0;
    if (!s->has_leader) return;
    uint32_t stamp = ++s->zone_stamp;
    if (stamp == 0) { /* wrapped: an old mark could look current */
        memset(s->zone_mark, 0, sizeof s->zone_mark);
        stamp = s->zone_stamp = 1;
    }
    if (!mark_zones(s, ggn_position_to_move(s->pos), stamp)) return;
    /* The attackers: pieces other than leaders and the cheapest kind with moves into a zone. */
    int pieces = 0, zone_moves = 0;
    bool attacker = false, counted = false;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = moves[i];
        if (m.from == GGN_MOVE_DROP) continue; /* each piece in hand would count once for every empty square there */
        if (i == 0 || m.from != moves[i - 1].from) {
            counted = false;
            attacker = s->pos->piece_at[m.from] && s->zone_attacker[s->pos->kind_at[m.from]];
        }
        if (attacker && m.to < GGN_MAX_SQUARES && s->zone_mark[m.to] == stamp) {
            zone_moves++;
            if (!counted) counted = true, pieces++;
        }
    }
    a->attack = king_danger(&s->w, pieces, zone_moves);
}

void ss_activity_of(ggn_searcher *s, int ply, const ggn_move *moves, size_t n) { summarise(s, &s->act[ply], moves, n); }

bool ss_opponent_activity(ggn_searcher *s, ss_activity *out)
{
    int mover = ggn_position_to_move(s->pos);
    if (!s->null_ok || !ggn_position_make_null(s->pos)) return false;
    if (ggn_position_to_move(s->pos) == mover) { /* a turn of several moves: the pass hands it to no one else */
        ggn_position_unmake(s->pos);
        return false;
    }
    size_t n = eg_generate_few_drops(s->pos, s->scratch, GGN_MAX_MOVES, ss_drops_counted(s));
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    s->work += n + 1;
    summarise(s, out, s->scratch, n);
    ggn_position_unmake(s->pos);
    return true;
}
