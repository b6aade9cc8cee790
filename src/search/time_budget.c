/*
 * time_budget.c — the time manager (ggn_search_time_budget): how much of a
 * clock one move may spend. Every front end that plays on a clock (the
 * protocols, the terminal, the page) asks here, so a game is managed the
 * same way whoever drives the search.
 */
#include "ggn/search.h"

/* At least one millisecond: a budget of 0 would mean "no limit". */
static long at_least_one(long ms) { return ms > 1 ? ms : 1; }

/*
 * A fixed time per move is the move's own: the search keeps its deadline to
 * within a few milliseconds, so at most a tenth of it is kept back (the
 * whole overhead would take 30 ms of a 100 ms move; docs/protocols.md, "Time").
 */
static long fixed_time(long move_ms, long overhead)
{
    long kept = overhead < move_ms / 10 ? overhead : move_ms / 10;
    return at_least_one(move_ms - kept);
}

/* Byoyomi is spent every move anyway: all of it but the overhead, plus a thirtieth of the main time. */
static long with_byoyomi(long left, long byoyomi, long overhead)
{
    long from_main = left > overhead ? (left - overhead) / 30 : 0;
    return at_least_one(byoyomi - overhead + from_main);
}

long ggn_search_time_budget(const ggn_search_limits *limits, int player)
{
    const ggn_search_limits *l = limits;
    if (l->infinite) return 0;
    long overhead = l->overhead_ms > 0 ? l->overhead_ms : 0;
    if (l->move_time_ms > 0) return fixed_time(l->move_time_ms, overhead);
    int me = player != 0;
    long left = l->clock_ms[me], inc = l->increment_ms[me];
    if (l->byoyomi_ms > 0) return with_byoyomi(left, l->byoyomi_ms, overhead);
    if (left <= 0 && inc <= 0) return 0; /* no clock given */
    /*
     * Five overheads stay on the clock as a reserve: on a busy machine an
     * answer can come tens of milliseconds late, and a clock run down to the
     * increment has nothing else to absorb that. Inside the reserve a move
     * takes a quarter of the increment (a fiftieth of the clock without one),
     * so the clock grows back.
     */
    long usable = left - 5 * overhead;
    if (usable <= 0) return at_least_one(inc > 0 ? inc / 4 : left / 50);
    /* The usable time spread over the moves to come (30 when unsaid, 50 at most), and three quarters of the increment. */
    int moves = l->moves_to_go > 0 ? l->moves_to_go : 30;
    if (moves > 50) moves = 50;
    long budget = usable / moves + inc * 3 / 4;
    /* Never more than a share of the clock: two fifths, or four fifths on the last move before a time control. */
    long cap = l->moves_to_go == 1 ? (left - overhead) * 4 / 5 : usable * 2 / 5;
    return at_least_one(budget < cap ? budget : cap);
}
