/*
 * action.c — moves as action ids and positions as observation planes (see
 * ggn/action.h for both layouts). An id is computed from what the move does
 * (source, destination, kind promoted to or gated in; kind and square of a drop), the
 * same three things its coordinate text names, so the two notations agree
 * on which moves are the same.
 */
#include "ggn/action.h"

#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "ggn/id.h"
#include "ggn/notation.h"
#include "notation/notation.h"

int32_t ggn_game_action_count(const ggn_game *game)
{
    /* At most 1024 squares and 64 kinds (ggn/limits.h): 1024 * 1024 * 65 + 64 * 1024 fits. */
    int32_t s = (int32_t)game->nsq, k = (int32_t)game->nkinds;
    return s * s * (k + 1) + (game->hands ? k * s : 0) + (game->swap ? 1 : 0); /* the swap: the last id */
}

/* The id of a move already known to fit pos. */
static int32_t action_of(const ggn_position *pos, ggn_move move)
{
    const ggn_game *g = pos->g;
    int32_t s = (int32_t)g->nsq, k = (int32_t)g->nkinds;
    if (eg_is_swap(g, move)) return s * s * (k + 1) + k * s;
    if (move.from == EG_DROP_FROM) return s * s * (k + 1) + (int32_t)eg_drop_kind(g, move) * s + (int32_t)move.to;
    /* Most moves promote nothing and gate nothing: their text names their own two squares. */
    if (!move.promotion && !eg_gate_of(g, move)) return ((int32_t)move.from * s + (int32_t)move.to) * (k + 1);
    int kind = eg_move_suffix_kind(pos, move), from, to;
    eg_move_text_squares(pos, move, &from, &to);
    int32_t slot = kind == EG_NONE ? 0 : 1 + (int32_t)kind;
    return ((int32_t)from * s + (int32_t)to) * (k + 1) + slot;
}

int32_t ggn_move_action(const ggn_position *pos, ggn_move move)
{
    return eg_move_fits(pos, move) ? action_of(pos, move) : -1;
}

/*
 * The legal list of pos with the id of each move, sorted by id, kept in the
 * position's cache until it changes (engine/legal_cache.c): the status, the
 * ids and the move of an id read one generation.
 *
 * Moves come in generation order (piece by piece, in the piece list's order),
 * far from the ids' order, and an insertion sort of the whole list cost most
 * of a ply's id work. So the ids are first counted into at most ID_BUCKETS
 * buckets by their top bits (one shift for the whole game, from its action
 * count), the occupied buckets found in increasing order through a bitmap,
 * and the moves placed bucket by bucket in generation order (a counting
 * sort); an insertion pass then orders the few ids inside each bucket (or
 * the whole list when it is short: ID_FEW). A list already in order (a
 * placement game's drops, listed square by square) is kept as it is. Both
 * steps are stable: moves that share an id (chain captures) stay in
 * generation order, and the first of them is the one the id stands for.
 */
#define ID_BUCKETS 256
#define ID_FEW 12 /* up to this many moves, the insertion pass alone: the buckets cost more than they save */

/* action_of, with the common cases inline: most moves promote nothing, gate nothing and drop
 * nothing, and their text names their own two squares; a drop that is no swap is its kind and
 * square. s and k1 are the game's squares and kinds + 1, gating its flag. */
static inline int32_t plain_or_any_id(const ggn_position *pos, const ggn_move *m, int32_t s, int32_t k1, bool gating)
{
    if (m->from == EG_DROP_FROM) {
        if (!pos->g->swap) return s * s * k1 + (int32_t)eg_drop_kind(pos->g, *m) * s + (int32_t)m->to;
    } else if (!m->promotion && !(gating && m->gate)) {
        return ((int32_t)m->from * s + (int32_t)m->to) * k1;
    }
    return action_of(pos, *m);
}

static const eg_legal_cache *legal_by_id(ggn_position *pos)
{
    eg_legal_cache *c = eg_legal_list(pos);
    if (pos->cached & EG_CACHED_ACTIONS) return c;
    const ggn_game *g = pos->g;
    size_t n = c->nmoves;
    int32_t s = (int32_t)g->nsq, k1 = (int32_t)g->nkinds + 1;
    bool gating = g->gating;
    if (n <= ID_FEW) {
        for (size_t i = 0; i < n; i++) c->ids[i] = plain_or_any_id(pos, &c->moves[i], s, k1, gating);
        memcpy(c->by_id, c->moves, n * sizeof c->moves[0]);
    } else {
        /* A bucket is id >> shift: below ID_BUCKETS since every id is below the action count. */
        uint32_t count = (uint32_t)ggn_game_action_count(g);
        int width = 32 - __builtin_clz(count), shift = width > 8 ? width - 8 : 0;
        size_t nbuckets = (size_t)(count >> shift) + 1;
        uint16_t at[ID_BUCKETS];
        memset(at, 0, nbuckets * sizeof at[0]);
        uint64_t used[ID_BUCKETS / 64] = { 0 };
        int32_t id[GGN_MAX_MOVES];
        for (size_t i = 0; i < n; i++) {
            id[i] = plain_or_any_id(pos, &c->moves[i], s, k1, gating);
            uint32_t b = (uint32_t)id[i] >> shift;
            at[b]++;
            used[b / 64] |= 1ULL << (b & 63);
        }
        /* Placement games list their drops square by square, often in order already; a list out
         * of order is mostly found so within its first few ids. */
        size_t rising = 1;
        while (rising < n && id[rising - 1] <= id[rising]) rising++;
        if (rising == n) {
            memcpy(c->ids, id, n * sizeof id[0]);
            memcpy(c->by_id, c->moves, n * sizeof c->moves[0]);
            pos->cached |= EG_CACHED_ACTIONS;
            return c;
        }
        /* at[b]: the moves of bucket b counted, then where its first goes. */
        uint16_t place = 0;
        for (size_t w = 0; w * 64 < nbuckets; w++)
            for (uint64_t bits = used[w]; bits; bits &= bits - 1) {
                size_t b = w * 64 + (size_t)__builtin_ctzll(bits);
                uint16_t here = at[b];
                at[b] = place;
                place = (uint16_t)(place + here);
            }
        for (size_t i = 0; i < n; i++) {
            size_t j = at[(uint32_t)id[i] >> shift]++;
            c->ids[j] = id[i];
            c->by_id[j] = c->moves[i];
        }
    }
    for (size_t i = 1; i < n; i++) {
        if (c->ids[i - 1] <= c->ids[i]) continue;
        int32_t key = c->ids[i];
        ggn_move m = c->by_id[i];
        size_t j = i;
        for (; j > 0 && c->ids[j - 1] > key; j--) {
            c->ids[j] = c->ids[j - 1];
            c->by_id[j] = c->by_id[j - 1];
        }
        c->ids[j] = key;
        c->by_id[j] = m;
    }
    pos->cached |= EG_CACHED_ACTIONS;
    return c;
}

size_t ggn_position_legal_actions(ggn_position *pos, int32_t *actions, ggn_move *moves, size_t cap)
{
    const eg_legal_cache *c = legal_by_id(pos);
    size_t kept = c->nmoves < cap ? c->nmoves : cap;
    if (kept) {
        memcpy(actions, c->ids, kept * sizeof *actions);
        if (moves) memcpy(moves, c->by_id, kept * sizeof *moves);
    }
    return c->nmoves;
}

size_t ggn_position_recent_actions(ggn_position *pos, size_t n, int32_t *actions)
{
    size_t kept = (size_t)ggn_position_history(pos);
    if (n > kept) n = kept;
    /* An id is computed in the position its move was made in: back to the position before
     * the first of them, then forward again, each id taken on the way. */
    ggn_move moves[GGN_MAX_PLY];
    for (size_t i = n; i-- > 0;) {
        ggn_position_last_move(pos, &moves[i]);
        ggn_position_unmake(pos);
    }
    for (size_t i = 0; i < n; i++) {
        actions[i] = ggn_move_action(pos, moves[i]);
        /* Made again exactly as before: a null move as a null move, any other as generated. */
        if (moves[i].from == GGN_MOVE_DROP && moves[i].to == GGN_MOVE_DROP) ggn_position_make_null(pos);
        else eg_make_generated(pos, moves[i]);
    }
    return n;
}

/* The square's CELL label ("e4"). */
static void label(const ggn_game *g, int32_t sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { (int)(sq % g->cols), (int)(sq / g->cols), 0 } };
    ggn_cell_format(&cell, buf, cap);
}

/*
 * The coordinate text an id in range stands for, as ggn_move_format would
 * write that move ("e2e5", "a7a8q", "N@d4"), for messages about ids that are
 * no legal move: the id is decoded, not looked up.
 */
static void action_text(const ggn_game *g, int32_t action, char *buf, size_t cap)
{
    int32_t s = (int32_t)g->nsq, k = (int32_t)g->nkinds;
    char from[GGN_MAX_LABEL], to[GGN_MAX_LABEL], promo[EG_PROMOTION_TEXT];
    if (g->swap && action == s * s * (k + 1) + k * s) {
        snprintf(buf, cap, "swap");
        return;
    }
    if (action >= s * s * (k + 1)) {
        int32_t rest = action - s * s * (k + 1);
        char at[EG_PROMOTION_TEXT + 1];
        eg_drop_text(g, (int)(rest / s), at, sizeof at);
        if (g->point_text) at[0] = '\0'; /* a placement game: the point alone */
        label(g, rest % s, to, sizeof to);
        snprintf(buf, cap, "%s%s", at, to);
        return;
    }
    int32_t slot = action % (k + 1), pair = action / (k + 1);
    label(g, pair / s, from, sizeof from);
    label(g, pair % s, to, sizeof to);
    /* the mover is not in the id: a demotion shows as the letter of the kind it becomes */
    eg_promotion_text(g, EG_NONE, slot == 0 ? EG_NONE : (int)(slot - 1), promo, sizeof promo);
    snprintf(buf, cap, "%s%s%s", from, to, promo);
}

bool ggn_action_move(ggn_position *pos, int64_t action, ggn_move *move, ggn_error *err)
{
    int32_t count = ggn_game_action_count(pos->g);
    if (action < 0 || action >= count) {
        ggn_error_set(err, GGN_E_RANGE, "action %lld is out of range 0..%ld of this game",
                      (long long)action, (long)count - 1);
        return false;
    }
    int32_t id = (int32_t)action; /* in range: below count, an int32_t */
    /* The first id not below it, by halving the sorted list. */
    const eg_legal_cache *c = legal_by_id(pos);
    size_t lo = 0, hi = c->nmoves;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->ids[mid] < id) lo = mid + 1;
        else hi = mid;
    }
    if (lo < c->nmoves && c->ids[lo] == id) {
        *move = c->by_id[lo];
        return true;
    }
    char text[2 * GGN_MAX_LABEL + EG_PROMOTION_TEXT];
    action_text(pos->g, id, text, sizeof text);
    ggn_error_set(err, GGN_E_ILLEGAL, "action %ld (%s) is not a legal move here", (long)id, text);
    return false;
}

bool ggn_position_apply_action(ggn_position *pos, int64_t action, ggn_error *err)
{
    ggn_move move;
    if (!ggn_action_move(pos, action, &move, err)) return false;
    /* A move of the legal list fits pos: made without ggn_position_make's check that it does. */
    if (!eg_make_generated(pos, move)) {
        ggn_error_set(err, GGN_E_LIMIT, "more than %d moves played in one position (GGN_MAX_PLY)", GGN_MAX_PLY);
        return false;
    }
    return true;
}

int ggn_game_observation_planes(const ggn_game *game)
{
    int p = game->nplayers, k = game->nkinds;
    /* A game with parts adds one last plane: where the pending part is played from ("then"), or the
     * moves left in the turn (turns.parts). */
    return p * k * (game->hands ? 2 : 1) + p + 4 + (game->turn_parts ? 1 : 0);
}

bool ggn_position_observation(const ggn_position *pos, int player, float *buf, size_t cap, ggn_error *err)
{
    const ggn_game *g = pos->g;
    int np = g->nplayers, nk = g->nkinds;
    if (player < 0 || player >= np) {
        ggn_error_set(err, GGN_E_RANGE, "player %d is out of range 0..%d of this game", player, np - 1);
        return false;
    }
    size_t area = (size_t)g->nsq;
    size_t need = (size_t)ggn_game_observation_planes(g) * area;
    if (cap < need) {
        ggn_error_set(err, GGN_E_LIMIT, "the observation needs %zu floats, the buffer holds %zu", need, cap);
        return false;
    }
    memset(buf, 0, need * sizeof *buf);
    float *plane = buf;
    float *pieces = plane;
    plane += (size_t)np * (size_t)nk * area;
    float *hands = g->hands ? plane : NULL;
    if (hands) plane += (size_t)np * (size_t)nk * area;
    float *mover = plane;
    plane += (size_t)np * area;
    float *unmoved_plane = plane, *exists = plane + area, *clock = plane + 2 * area, *ply = plane + 3 * area;

    for (int y = 0; y < g->rows; y++) {
        for (int x = 0; x < g->cols; x++) {
            size_t sq = (size_t)y * (size_t)g->cols + (size_t)x;
            int kind, owner;
            bool unmoved;
            exists[sq] = ggn_game_square_enabled(g, x, y) ? 1.0f : 0.0f;
            if (!ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) continue;
            int rel = (owner - player + np) % np;
            pieces[((size_t)rel * (size_t)nk + (size_t)kind) * area + sq] = 1.0f;
            if (unmoved) unmoved_plane[sq] = 1.0f;
        }
    }
    for (int r = 0; hands && r < np; r++) {
        for (int k = 0; k < nk; k++) {
            int owner = (player + r) % np;
            /* A supply that never runs out is 1: the player can always place that kind. */
            float count = ggn_game_supply_unlimited(g, owner, k) ? 1.0f : (float)ggn_position_hand_count(pos, owner, k);
            float *p = hands + ((size_t)r * (size_t)nk + (size_t)k) * area;
            for (size_t i = 0; count != 0.0f && i < area; i++) p[i] = count;
        }
    }
    float *to_move = mover + (size_t)((ggn_position_to_move(pos) - player + np) % np) * area;
    float halfmoves = (float)ggn_position_halfmove_clock(pos), plies = (float)ggn_position_ply(pos);
    for (size_t i = 0; i < area; i++) {
        to_move[i] = 1.0f;
        clock[i] = halfmoves;
        ply[i] = plies;
    }
    if (g->parts && pos->part_sq != EG_NONE) ply[area + (size_t)pos->part_sq] = 1.0f; /* Amazons: the queen that shoots */
    if (g->series) { /* Marseillais, progressive: the moves the player to move has left in its turn */
        float left = (float)(eg_series_length(g, pos->ply) - pos->played);
        for (size_t i = 0; i < area; i++) ply[area + i] = left;
    }
    return true;
}
