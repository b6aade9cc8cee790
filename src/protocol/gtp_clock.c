/*
 * gtp_clock.c — how long a GTP move may take, from the controller's
 * time_settings and time_left (gtp_internal.h).
 */
#include "protocol/gtp_internal.h"

/*
 * Kept back from every budget: the controller's clock runs from its command
 * to our answer, which includes reading, writing and the player's last chunk
 * of work (docs/ai.md: an answer comes within its time plus one chunk).
 */
enum { GTP_RESERVE_MS = 50, GTP_MIN_MS = 10 };

static long share_of(long left_ms, long parts)
{
    long t = left_ms / (parts > 0 ? parts : 1);
    /* A tenth more kept back when time is short: a loaded machine answers late. */
    t -= t / 10 + GTP_RESERVE_MS;
    return t < GTP_MIN_MS ? GTP_MIN_MS : t;
}

long gtp_clock_budget(const gtp_clock *c, int colour, int empty_points, long default_ms)
{
    /* Moves this side may still make in main time: half the empty points, and never fewer than 10. */
    long moves_left = empty_points / 2;
    if (moves_left < 10) moves_left = 10;
    if (!c->set) return default_ms < GTP_MIN_MS ? GTP_MIN_MS : default_ms;
    /* GTP: byo-yomi time with no stones means no time limit at all. */
    if (c->byo_ms > 0 && c->byo_stones == 0) return default_ms < GTP_MIN_MS ? GTP_MIN_MS : default_ms;
    long byo_share = c->byo_stones > 0 ? c->byo_ms / c->byo_stones : 0;
    if (colour >= 0 && colour < 2 && c->left_known[colour]) {
        long left = c->left_ms[colour];
        int stones = c->left_stones[colour];
        if (stones > 0) return share_of(left, stones);
        /* In main time: a share of it, and then byo-yomi still waits. */
        long t = share_of(left, moves_left);
        return byo_share > t ? share_of(byo_share, 1) : t;
    }
    if (c->main_ms > 0) {
        long t = share_of(c->main_ms, moves_left);
        return byo_share > t ? share_of(byo_share, 1) : t;
    }
    return byo_share > 0 ? share_of(byo_share, 1) : (default_ms < GTP_MIN_MS ? GTP_MIN_MS : default_ms);
}

void gtp_clock_settings(gtp_clock *c, long main_ms, long byo_ms, int byo_stones)
{
    c->main_ms = main_ms;
    c->byo_ms = byo_ms;
    c->byo_stones = byo_stones;
    c->set = true;
    for (int i = 0; i < 2; i++) {
        c->left_ms[i] = main_ms > 0 ? main_ms : byo_ms;
        c->left_stones[i] = main_ms > 0 ? 0 : byo_stones;
        c->left_known[i] = true;
    }
}

void gtp_clock_spent(gtp_clock *c, int colour, long ms)
{
    if (!c->set || colour < 0 || colour > 1 || !c->left_known[colour]) return;
    c->left_ms[colour] -= ms;
    if (c->left_stones[colour] > 0) {
        /* A byo-yomi period: a stone played; the period starts again when its stones are all played. */
        if (--c->left_stones[colour] == 0) {
            c->left_ms[colour] = c->byo_ms;
            c->left_stones[colour] = c->byo_stones;
        }
    } else if (c->left_ms[colour] <= 0 && c->byo_stones > 0) {
        c->left_ms[colour] = c->byo_ms;
        c->left_stones[colour] = c->byo_stones;
    }
    if (c->left_ms[colour] < 0) c->left_ms[colour] = 0;
}
