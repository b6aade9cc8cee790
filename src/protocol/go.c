/*
 * go.c — the arguments of UCI's `go` command (and USI's and UCCI's), read
 * into the search's limits; the search's time manager turns the clocks into
 * a budget (ggn_search_time_budget).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "protocol_internal.h"

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

/* Every word `go` may hold in any dialect: searchmoves' list ends at the first of them. */
static bool is_keyword(const char *word, size_t n)
{
    static const char *const words[] = { "searchmoves", "ponder", "wtime", "btime", "winc", "binc", "movestogo",
                                         "depth", "nodes", "mate", "movetime", "infinite", "byoyomi", "time",
                                         "opptime", "increment", "oppincrement", "draw" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (n == strlen(words[i]) && strncmp(word, words[i], n) == 0) return true;
    return false;
}

void pr_go_parse(const char *args, ggn_protocol protocol, pr_go *go, const char **bad)
{
    memset(go, 0, sizeof *go);
    *bad = NULL;
    ggn_search_limits *l = &go->limits;
    static const char *const timed[] = { "wtime", "btime", "winc", "binc", "movetime", "byoyomi" };
    /* UCCI names the clocks from the mover's side: its own, then the opponent's. */
    static const char *const ucci_timed[] = { "time", "opptime", "increment", "oppincrement", "movetime", "byoyomi" };
    const char *const *names = protocol == GGN_PROTOCOL_UCCI ? ucci_timed : timed;
    /* White moves first in chess, black (sente) in shogi. */
    int white = protocol == GGN_PROTOCOL_USI ? 1 : 0, black = 1 - white;
    const char *p = args;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) return;
        const char *word = p;
        size_t n = strcspn(p, " \t");
        p += n;
#define IS(w) (n == strlen(w) && strncmp(word, w, n) == 0)
        if (IS("infinite")) {
            l->infinite = true;
            continue;
        }
        if (IS("ponder")) {
            go->ponder = true;
            continue;
        }
        if (IS("searchmoves")) {
            /* The moves run to the next keyword (or the end): their text is read by the session. */
            const char *first = p + strspn(p, " \t"), *q = first, *last = first;
            while (*q) {
                size_t m = strcspn(q, " \t");
                if (is_keyword(q, m)) break;
                q += m;
                last = q;
                q += strspn(q, " \t");
            }
            go->searchmoves = first;
            go->searchmoves_len = (size_t)(last - first);
            p = last;
            continue;
        }
        long *slot = NULL;
        long *slots[] = { &l->clock_ms[white], &l->clock_ms[black], &l->increment_ms[white], &l->increment_ms[black],
                          &l->move_time_ms, &l->byoyomi_ms };
        for (size_t i = 0; i < sizeof timed / sizeof timed[0]; i++)
            if (IS(names[i])) slot = slots[i];
        bool is_depth = IS("depth"), is_nodes = IS("nodes"), is_mtg = IS("movestogo");
#undef IS
        if (!slot && !is_depth && !is_nodes && !is_mtg) continue; /* mate, draw, ...: not supported, skipped */
        long long v;
        if (!read_count(&p, &v)) {
            if (!*bad) *bad = word;
            continue; /* the next word is read as a keyword again */
        }
        if (slot) *slot = v > 1000000000LL ? 1000000000L : (long)v;
        else if (is_depth) l->depth = v > 1000 ? 1000 : (int)v;
        else if (is_mtg) l->moves_to_go = v > 1000 ? 1000 : (int)v;
        else l->nodes = (uint64_t)v;
    }
}
