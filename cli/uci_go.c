/*
 * uci_go.c — the `go` command of UCI: its arguments, and how much of the
 * clock one move may spend.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "uci.h"

/* Reads a whole number >= 0 at *p (advancing past it); false when the word is no such number. */
static bool read_count(const char **p, long long *out)
{
    const char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (*s == '-' && s[1] >= '0' && s[1] <= '9') {
        /* Clocks may run negative in some GUIs: a late move is still a move, so read it as 0. */
        char *end;
        strtoll(s, &end, 10);
        *p = end;
        *out = 0;
        return true;
    }
    if (*s < '0' || *s > '9') return false;
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno || (*end && *end != ' ' && *end != '\t')) return false;
    *p = end;
    *out = v;
    return true;
}

void uci_go_parse(const char *args, uci_dialect dialect, uci_go *go, const char **bad)
{
    memset(go, 0, sizeof *go);
    *bad = NULL;
    static const char *const timed[] = { "wtime", "btime", "winc", "binc", "movetime", "byoyomi" };
    /* UCCI names the clocks from the mover's side: its own, then the opponent's. */
    static const char *const ucci_timed[] = { "time", "opptime", "increment", "oppincrement", "movetime", "byoyomi" };
    const char *const *names = dialect == UCI_DIALECT_UCCI ? ucci_timed : timed;
    /* White moves first in chess, black (sente) in shogi. */
    int white = dialect == UCI_DIALECT_USI ? 1 : 0, black = 1 - white;
    const char *p = args;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return;
        const char *word = p;
        size_t n = strcspn(p, " \t");
        p += n;
#define IS(w) (n == strlen(w) && strncmp(word, w, n) == 0)
        if (IS("infinite")) {
            go->infinite = true;
            continue;
        }
        if (IS("ponder")) {
            go->ponder = true;
            continue;
        }
        long *slot = NULL;
        long *slots[] = { &go->time[white], &go->time[black], &go->inc[white], &go->inc[black], &go->movetime,
                          &go->byoyomi };
        for (size_t i = 0; i < sizeof timed / sizeof timed[0]; i++)
            if (IS(names[i])) slot = slots[i];
        bool is_depth = IS("depth"), is_nodes = IS("nodes"), is_mtg = IS("movestogo");
#undef IS
        if (!slot && !is_depth && !is_nodes && !is_mtg) continue; /* searchmoves, mate, ...: not supported, skipped */
        long long v;
        if (!read_count(&p, &v)) {
            if (!*bad) *bad = word;
            continue; /* the next word is read as a keyword again */
        }
        if (slot) *slot = v > 1000000000LL ? 1000000000L : (long)v;
        else if (is_depth) go->depth = v > 1000 ? 1000 : (int)v;
        else if (is_mtg) go->movestogo = v > 1000 ? 1000 : (int)v;
        else go->nodes = (uint64_t)v;
    }
}

long uci_time_budget(const uci_go *go, int player, long overhead_ms)
{
    if (go->infinite) return 0;
    if (go->movetime > 0) {
        /*
         * A fixed time is the move's own: the search keeps its deadline to within a few
         * milliseconds, so at most a tenth of it is kept back: the whole overhead would take
         * 30 ms of a 100 ms move (docs/protocols.md, "Time").
         */
        long kept = overhead_ms < go->movetime / 10 ? overhead_ms : go->movetime / 10;
        long t = go->movetime - kept;
        return t > 1 ? t : 1;
    }
    long left = go->time[player != 0];
    long inc = go->inc[player != 0];
    if (go->byoyomi > 0) {
        /* Byoyomi is spent every move anyway: use it, and a slice of the main time on top. */
        long slice = left > overhead_ms ? (left - overhead_ms) / 30 : 0;
        long t = go->byoyomi - overhead_ms + slice;
        return t > 1 ? t : 1;
    }
    if (left <= 0 && inc <= 0) return 0; /* no clock given */
    /*
     * A reserve of five overheads stays on the clock: on a busy machine one
     * move's answer can come tens of milliseconds late, and a clock that has
     * run down to the increment has nothing left to absorb that. Below the
     * reserve a move spends a quarter of the increment, so the clock grows back.
     */
    long reserve = 5 * overhead_ms;
    long usable = left - reserve;
    if (usable <= 0) {
        long t = inc > 0 ? inc / 4 : left / 50;
        return t > 1 ? t : 1;
    }
    /* Spread what is usable over the moves still to play (30 when the GUI does not say), plus most of the increment. */
    int moves = go->movestogo > 0 ? go->movestogo : 30;
    if (moves > 50) moves = 50;
    long budget = usable / moves + inc * 3 / 4;
    /* Never more than a fraction of the clock: the last move before a time control may take most of it. */
    long cap = go->movestogo == 1 ? (left - overhead_ms) * 4 / 5 : usable * 2 / 5;
    if (budget > cap) budget = cap;
    return budget > 1 ? budget : 1;
}
