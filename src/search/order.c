/*
 * order.c — move ordering: the transposition-table move, moves onto a goal zone
 * of their kind and captures that leave too few pieces of an extinction rule's
 * kinds (which may decide the game at once), then captures that
 * do not lose material (most valuable victim / least valuable attacker),
 * promotions, the two killer moves of the ply, the counter-move to the
 * opponent's last move, the other quiet moves by their history of causing
 * cut-offs, and last the captures that lose material.
 *
 * A quiet move's history is the sum of three tables: its successes by its
 * kind and destination alone, and, as continuation history, by the same
 * after the move one ply up (the reply it makes) and two plies up (the plan
 * it continues). The continuation tables need (players x kinds x squares) x
 * (kinds x squares) entries: games too large for SS_CONT_MAX_ENTRIES go
 * without them.
 */
#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "engine/engine.h"
#include "search_internal.h"

#define ORDER_TT      (1 << 30)
#define ORDER_GOAL    (ORDER_TT - 1) /* onto a goal zone of the moved kind: may win at once */
#define ORDER_CAPTURE (1 << 25)
#define ORDER_PROMO   (1 << 24)
#define ORDER_KILLER  (1 << 23)
#define ORDER_COUNTER (ORDER_KILLER - 2)
#define ORDER_BAD     (-(1 << 24)) /* below every history score (>= -SS_HISTORY_MAX) */
#define VALUE_CAP     100000

int ss_kind_on(const ggn_searcher *s, int sq)
{
    /* A drop's source (GGN_MOVE_DROP) is past the board. */
    if (sq < 0 || sq >= s->pos->g->nsq || !s->pos->piece_at[sq]) return -1;
    return s->pos->kind_at[sq];
}

static int capped_value(const ggn_game *g, int kind)
{
    int v = kind < 0 ? 0 : ggn_game_kind_value(g, kind);
    return v < 0 ? 0 : v > VALUE_CAP ? VALUE_CAP : v;
}

int ss_capture_gain(const ggn_searcher *s, ggn_move m)
{
    const ggn_game *g = s->game;
    int attacker = ss_kind_on(s, m.from), victim = ss_kind_on(s, m.to);
    int av = capped_value(g, attacker);
    /* A capture by side effect (en passant) takes what the mover is worth, near enough. */
    int vv = victim >= 0 ? capped_value(g, victim) : av;
    if (vv >= av || eg_promoted_kind(s->pos, m) != EG_NONE) return vv;
    /* Worth less than the capturer: it pays if nothing takes back, else as the exchange on the square goes. */
    if (!ggn_position_square_attacked(s->pos, m.to, ggn_position_to_move(s->pos))) return vv;
    if (victim < 0) return vv - av; /* a capture by side effect: the exchange evaluation sees only the square */
    int64_t x = eg_exchange(s->pos, m) / s->value_divisor;
    return x > VALUE_CAP ? VALUE_CAP : x < -VALUE_CAP ? -VALUE_CAP : (int)x;
}

void ss_order_prepare(ggn_searcher *s)
{
    const ggn_game *g = s->game;
    long cols = (long)ggn_game_kind_count(g) * ggn_game_rows(g) * ggn_game_cols(g), rows = (long)s->nplayers * cols;
    if (rows * cols > SS_CONT_MAX_ENTRIES) rows = cols = 0;
    s->cont_squares = ggn_game_rows(g) * ggn_game_cols(g);
    /* The same shape: kept (a new game has cleared it, ggn_searcher_clear). */
    if (rows == s->cont_rows && cols == s->cont_cols && (s->cont || !rows)) return;
    free(s->cont);
    s->cont = rows ? calloc((size_t)(rows * cols), sizeof *s->cont) : NULL;
    s->cont_rows = s->cont ? (int)rows : 0;
    s->cont_cols = s->cont ? (int)cols : 0;
}

int ss_piece_to(const ggn_searcher *s, ggn_move m, int mover)
{
    if (!s->cont || m.to >= s->cont_squares) return -1;
    int kind = ss_kind_on(s, m.to);
    return kind < 0 ? -1 : (mover * ggn_game_kind_count(s->game) + kind) * s->cont_squares + m.to;
}

/*
 * The continuation-history entries of a quiet move `m` of the side to move at ply by a piece
 * of `kind` (a dropped one's for a drop), one and two plies on; NULL where there is none.
 */
static void cont_entries(ggn_searcher *s, int ply, ggn_move m, int kind, int16_t *out[2])
{
    out[0] = out[1] = NULL;
    if (m.from == GGN_MOVE_DROP) kind = m.pattern;
    if (!s->cont || kind < 0 || m.to >= s->cont_squares) return;
    int col = kind * s->cont_squares + m.to;
    for (int back = 1; back <= 2; back++) {
        int row = ply >= back ? s->moved[ply - back] : -1;
        /* Every make on the path sets moved[]; the bound guards against a row of another game. */
        if (row >= 0 && row < s->cont_rows) out[back - 1] = &s->cont[(size_t)row * (size_t)s->cont_cols + (size_t)col];
    }
}

/* Does m (of the side to move, by a piece of `kind`) land where its kind wins by a goal? */
static bool reaches_goal(const ggn_searcher *s, ggn_move m, int kind)
{
    if (m.from == GGN_MOVE_DROP) kind = m.pattern;
    return kind >= 0 && m.to < s->pos->g->nsq &&
           ggn_game_goal_square(s->game, ggn_position_to_move(s->pos), kind, m.to % s->cols, m.to / s->cols);
}

/* The counter-move slot for the opponent's last move, or NULL (none, a null move, the root). */
static ggn_move *counter_slot(ggn_searcher *s)
{
    ggn_move last;
    if (!ggn_position_last_move(s->pos, &last) || last.to == GGN_MOVE_DROP) return NULL;
    int kind = ss_kind_on(s, last.to);
    return kind < 0 || kind >= GGN_MAX_KINDS ? NULL : &s->counter[kind][last.to];
}

void ss_order_moves(ggn_searcher *s, int ply, size_t n, const ggn_move *tt_move, bool tactical_only, int only_to)
{
    ss_ply *L = &s->ply[ply];
    const ggn_game *g = s->game;
    const ggn_move *counter = tactical_only ? NULL : counter_slot(s);
    L->tactical_only = tactical_only;
    /* One check short of game_end.check_limit (3check with two given): any move that gives check wins. */
    bool check_wins = s->check_limit > 0 && eg_checks_given(s->pos, ggn_position_to_move(s->pos)) >= s->check_limit - 1;
    for (size_t i = 0; i < n; i++) {
        ggn_move m = L->moves[i];
        int32_t score;
        L->unjudged[i] = false;
        if (only_to >= 0 && m.to != only_to) {
            L->order[i] = INT32_MIN;
            continue;
        }
        int attacker = ss_kind_on(s, m.from);
        bool capture = L->capture[i] = eg_is_capture_generated(s->pos, m); /* m is of this position's list */
        bool promotes = L->promotes[i] = m.promotion && eg_promoted_kind(s->pos, m) != EG_NONE;
        if (tt_move && ggn_move_equal(m, *tt_move) && (!tactical_only || capture || promotes)) {
            score = ORDER_TT;
        } else if ((s->has_goals && reaches_goal(s, m, attacker)) || (capture && eg_capture_decides(s->pos, m)) ||
                   (check_wins && eg_move_checks(s->pos, m) != 0)) {
            /* First, and in quiescence too; above SS_ORDER_REFUTATION, so never pruned: a goal reached,
               a capture that leaves its victim's owner too few pieces of an extinction rule's kinds
               (whatever the exchange would say of it), or the check that reaches the check limit
               (eg_move_checks: -1, unknown without the make, counts as one). */
            score = ORDER_GOAL;
        } else if (capture) {
            int victim = ss_kind_on(s, m.to);
            int vv = victim >= 0 ? capped_value(g, victim) : capped_value(g, attacker);
            int mvv_lva = vv * 64 / 4 - capped_value(g, attacker) / 16 + (promotes ? 64 : 0);
            /* As if it did not lose material: ss_pick judges it when it comes first (an upper bound till then). */
            score = ORDER_CAPTURE + mvv_lva;
            L->unjudged[i] = !promotes && vv < capped_value(g, attacker);
        } else if (promotes) {
            /* Options come in the spec's order; the first is usually the strongest. */
            score = ORDER_PROMO - m.promotion;
        } else if (tactical_only) {
            score = INT32_MIN;
        } else if (ggn_move_equal(m, s->killer[ply][0])) {
            score = ORDER_KILLER;
        } else if (ggn_move_equal(m, s->killer[ply][1])) {
            score = ORDER_KILLER - 1;
        } else if (counter && ggn_move_equal(m, *counter)) {
            score = ORDER_COUNTER;
        } else {
            score = attacker >= 0 ? s->history[ggn_position_to_move(s->pos)][attacker][m.to] : 0;
            int16_t *c[2];
            cont_entries(s, ply, m, attacker, c);
            for (int k = 0; k < 2; k++)
                if (c[k]) score += *c[k];
        }
        L->order[i] = score;
    }
}

static void swap_moves(ss_ply *L, size_t a, size_t b)
{
    ggn_move m = L->moves[a];
    L->moves[a] = L->moves[b];
    L->moves[b] = m;
    int32_t o = L->order[a];
    L->order[a] = L->order[b];
    L->order[b] = o;
    bool c = L->capture[a];
    L->capture[a] = L->capture[b];
    L->capture[b] = c;
    c = L->promotes[a];
    L->promotes[a] = L->promotes[b];
    L->promotes[b] = c;
    c = L->unjudged[a];
    L->unjudged[a] = L->unjudged[b];
    L->unjudged[b] = c;
}

void ss_pick(ggn_searcher *s, int ply, size_t from, size_t n)
{
    ss_ply *L = &s->ply[ply];
    for (;;) {
        size_t best = from;
        for (size_t i = from + 1; i < n; i++)
            if (L->order[i] > L->order[best]) best = i;
        if (!L->unjudged[best]) {
            if (best != from) swap_moves(L, from, best);
            return;
        }
        /*
         * Its score was an upper bound; judged, it keeps it or falls among the captures that lose
         * material (left out by quiescence, tried last by the full search), and the pick starts over.
         */
        L->unjudged[best] = false;
        if (ss_capture_gain(s, L->moves[best]) < 0)
            L->order[best] = L->tactical_only ? INT32_MIN : L->order[best] - ORDER_CAPTURE + ORDER_BAD;
    }
}

/* Gravity: a score moves towards +/-SS_HISTORY_MAX and never past it. */
static void gravity_add(int16_t *h, int bonus)
{
    int mag = bonus < 0 ? -bonus : bonus;
    *h = (int16_t)(*h + bonus - *h * mag / SS_HISTORY_MAX);
}

static void history_add(ggn_searcher *s, int ply, ggn_move m, int bonus)
{
    int kind = ss_kind_on(s, m.from);
    int16_t *c[2];
    cont_entries(s, ply, m, kind, c);
    for (int k = 0; k < 2; k++)
        if (c[k]) gravity_add(c[k], bonus);
    if (kind < 0 || kind >= GGN_MAX_KINDS || m.to >= GGN_MAX_SQUARES) return;
    gravity_add(&s->history[ggn_position_to_move(s->pos)][kind][m.to], bonus);
}

void ss_note_cutoff(ggn_searcher *s, int ply, ggn_move m, int depth, const ggn_move *quiets, int nquiet)
{
    if (!ggn_move_equal(m, s->killer[ply][0])) {
        s->killer[ply][1] = s->killer[ply][0];
        s->killer[ply][0] = m;
    }
    ggn_move *counter = counter_slot(s);
    if (counter) *counter = m;
    int bonus = depth * depth > SS_HISTORY_MAX / 16 ? SS_HISTORY_MAX / 16 : depth * depth;
    history_add(s, ply, m, bonus);
    for (int i = 0; i < nquiet; i++) history_add(s, ply, quiets[i], -bonus);
}

void ss_init_reductions(ggn_searcher *s)
{
    for (int d = 0; d < SS_LMR_TABLE; d++)
        for (int i = 0; i < SS_LMR_TABLE; i++) {
            double r = d < 1 || i < 1 ? 0 : 0.75 + log((double)d) * log((double)i) / 2.25;
            s->lmr[d][i] = (int8_t)(r > 40 ? 40 : r);
        }
}
