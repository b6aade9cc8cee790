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
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "search_internal.h"

/* A leader's landing counts in its zone up to this many king steps away: a royal knight's jumps, not a royal rook's lines. */
#define LEADER_ZONE_REACH 2

/*
 * The leader's landings from (x, y) on an empty board by its moves without
 * conditions (castling is no escape) that lie beyond one king step but within
 * LEADER_ZONE_REACH; their count (at most cap kept in out).
 */
static int far_landings(const ggn_game *g, int player, int leader, int x, int y, int *out, int cap)
{
    int land[GGN_MAX_SQUARES];
    int cols = ggn_game_cols(g), n = eg_kind_landings(g, player, leader, x, y, true, land, GGN_MAX_SQUARES), kept = 0;
    for (int i = 0; i < n && i < GGN_MAX_SQUARES; i++) {
        int dx = abs(land[i] % cols - x), dy = abs(land[i] / cols - y), d = dx > dy ? dx : dy;
        if (d <= 1 || d > LEADER_ZONE_REACH) continue;
        if (kept < cap) out[kept] = land[i];
        kept++;
    }
    return kept;
}

void ss_activity_prepare(ggn_searcher *s)
{
    const ggn_game *g = s->game;
    int leader = ggn_game_leader(g), rows = ggn_game_rows(g);
    for (int k = 0; k < ggn_game_kind_count(g); k++) s->zone_attacker[k] = k != leader && k != s->pawn_kind;
    /* Chess's king and shogi's step no further (castling has conditions): their zones stay the 3 x 3. */
    s->leader_zone_wide = false;
    if (leader < 0) return;
    for (int p = 0; p < s->nplayers && !s->leader_zone_wide; p++)
        for (int sq = 0; sq < rows * s->cols && !s->leader_zone_wide; sq++)
            s->leader_zone_wide = far_landings(g, p, leader, sq % s->cols, sq / s->cols, NULL, 0) > 0;
}

/*
 * The zone of `owner`'s leader on sq: the squares one king step from it, and where the leader
 * moves further (leader_zone_wide) the squares it lands on within LEADER_ZONE_REACH steps, the
 * ones it would flee to: a royal knight is mated on its jumps, not on the squares beside it.
 */
static void mark_zone(ggn_searcher *s, int owner, int sq, uint32_t stamp)
{
    int rows = ggn_game_rows(s->game), cols = s->cols, x = sq % cols, y = sq / cols;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (x + dx >= 0 && x + dx < cols && y + dy >= 0 && y + dy < rows) s->zone_mark[(y + dy) * cols + x + dx] = stamp;
    if (!s->leader_zone_wide) return;
    int far[64];
    int n = far_landings(s->game, owner, ggn_game_leader(s->game), x, y, far, 64);
    for (int i = 0; i < n && i < 64; i++) s->zone_mark[far[i]] = stamp;
}

/*
 * Marks each enemy leader's zone (mark_zone); false when there is none.
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
            mark_zone(s, p, pc->sq, stamp);
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
        if (run <= s->w.mobility_cap || s->moves_uncapped || (s->drops_uncapped && moves[i].from == GGN_MOVE_DROP)) a->mobility++;
    }
    a->attack = 0;
    /* Where the mated player wins, an attack on its leader is a gift to it. */
    if (!s->has_leader || s->mate_wins) return;
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
