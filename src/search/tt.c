/*
 * tt.c — the transposition table: one slot per hash index, replaced when
 * the new result is at least as deep or comes from a newer search, or is for
 * the same position and not much shallower. Mate scores are stored relative to the node so that
 * they stay true wherever the position is met again.
 *
 * The threads of one search share the table without a lock (threads.c):
 * each word of a slot is read and written atomically (relaxed: on the
 * machines ggn runs on these are plain loads and stores), and a slot whose
 * words were mixed by two writers fails its check (search_internal.h).
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise */
#include <sys/mman.h>
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search_internal.h"

_Static_assert(sizeof(ggn_move) == sizeof(uint64_t), "a move is stored in one word of a slot");

/*
 * meta's bits: 0-15 the score + 32768 (scores stay within +/- SS_INF), 16-23
 * the depth (0..127), 24-25 the bound, 26-33 the age, 34 has_move.
 */
static uint64_t pack_meta(int score, int depth, int bound, uint8_t age, bool has_move)
{
    return (uint64_t)(uint16_t)(score + 32768) | (uint64_t)(uint8_t)depth << 16 | (uint64_t)(bound & 3) << 24 |
           (uint64_t)age << 26 | (uint64_t)has_move << 34;
}

static int meta_score(uint64_t meta) { return (int)(meta & 0xFFFF) - 32768; }
static int meta_depth(uint64_t meta) { return (int)(meta >> 16 & 0xFF); }
static int meta_bound(uint64_t meta) { return (int)(meta >> 24 & 3); }
static uint8_t meta_age(uint64_t meta) { return (uint8_t)(meta >> 26); }
static bool meta_has_move(uint64_t meta) { return meta >> 34 & 1; }

static uint64_t move_word(ggn_move m)
{
    uint64_t w;
    memcpy(&w, &m, sizeof w);
    return w;
}

static ggn_move word_move(uint64_t w)
{
    ggn_move m;
    memcpy(&m, &w, sizeof m);
    return m;
}

/*
 * Every probe lands on a random slot, so with the usual 4 KiB pages nearly
 * every one also misses the processor's page cache (its TLB). On Linux the
 * table is mapped on its own, aligned to 2 MiB and asked to be backed by
 * huge pages, which a few entries of that cache cover whole; where the
 * system declines, nothing changes but the alignment. A fresh mapping reads
 * as zeros (empty slots) and costs nothing until a page is touched, as
 * calloc's large blocks do.
 */
#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define HUGE_PAGE ((size_t)2 << 20)

static size_t mapped_bytes(size_t slots)
{
    size_t bytes = slots * sizeof(ss_tt_slot);
    return bytes >= HUGE_PAGE ? (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE : 0; /* 0: calloc's */
}
#endif

ss_tt_slot *ss_tt_alloc(size_t slots)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = mapped_bytes(slots);
    if (bytes) {
        /* Map a huge page more than needed, then give back what lies before and after the aligned part. */
        char *raw = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) return NULL;
        size_t head = (HUGE_PAGE - (uintptr_t)raw % HUGE_PAGE) % HUGE_PAGE;
        if (head) munmap(raw, head);
        munmap(raw + head + bytes, HUGE_PAGE - head);
        madvise(raw + head, bytes, MADV_HUGEPAGE); /* a hint: refused, the pages are small */
        return (ss_tt_slot *)(void *)(raw + head);
    }
#endif
    return calloc(slots, sizeof(ss_tt_slot));
}

void ss_tt_free(ss_tt_slot *tt, size_t slots)
{
    if (!tt) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    size_t bytes = mapped_bytes(slots);
    if (bytes) {
        munmap(tt, bytes);
        return;
    }
#else
    (void)slots; /* only a mapping needs its size back */
#endif
    free(tt);
}

void ss_tt_clear(ggn_searcher *s)
{
    if (!s->tt) return;
    for (size_t i = 0; i <= s->tt_mask; i++) {
        atomic_store_explicit(&s->tt[i].check, 0, memory_order_relaxed);
        atomic_store_explicit(&s->tt[i].move, 0, memory_order_relaxed);
        atomic_store_explicit(&s->tt[i].meta, 0, memory_order_relaxed);
    }
}

/* Reads slot `e` into its three words; returns the key they were written for. */
static uint64_t read_slot(const ss_tt_slot *e, uint64_t *move, uint64_t *meta)
{
    uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
    *move = atomic_load_explicit(&e->move, memory_order_relaxed);
    *meta = atomic_load_explicit(&e->meta, memory_order_relaxed);
    return check ^ *move ^ *meta;
}

uint64_t ss_table_key(const ggn_position *pos)
{
    /* An odd multiplier keeps every run of passes apart (and run 0 leaves the hash as it is). */
    return ggn_position_hash(pos) ^ (uint64_t)ggn_position_passes_in_a_row(pos) * 0xD6E8FEB86659FD93ULL;
}

void ss_tt_prefetch(const ggn_searcher *s, uint64_t key)
{
#if defined(__GNUC__)
    if (s->tt) __builtin_prefetch(&s->tt[key & s->tt_mask]);
#else
    (void)s;
    (void)key;
#endif
}

bool ss_tt_probe(const ggn_searcher *s, uint64_t key, ss_tt_entry *out)
{
    if (!s->tt || key == 0) return false;
    uint64_t move, meta;
    if (read_slot(&s->tt[key & s->tt_mask], &move, &meta) != key) return false;
    out->move = word_move(move);
    out->score = meta_score(meta);
    out->depth = meta_depth(meta);
    out->bound = meta_bound(meta);
    out->has_move = meta_has_move(meta);
    return true;
}

void ss_tt_store(ggn_searcher *s, uint64_t key, int depth, int score, int bound, const ggn_move *move)
{
    if (!s->tt || key == 0) return;
    ss_tt_slot *e = &s->tt[key & s->tt_mask];
    uint64_t old_move, old_meta;
    uint64_t old_key = read_slot(e, &old_move, &old_meta);
    if (depth > 127) depth = 127;
    /* The same position's deeper result is kept against a much shallower one (a quiescence result, depth 0). */
    bool same = old_key == key;
    if ((same && (depth + 2 >= meta_depth(old_meta) || bound == SS_BOUND_EXACT)) ||
        (!same && (meta_age(old_meta) != s->age || depth >= meta_depth(old_meta)))) {
        /* A result without a move keeps the move an earlier search of the same position found. */
        bool has_move = move != NULL;
        uint64_t mv = move ? move_word(*move) : 0;
        if (old_key == key && !move) {
            has_move = meta_has_move(old_meta);
            mv = old_move;
        }
        uint64_t meta = pack_meta(score, depth, bound, s->age, has_move);
        atomic_store_explicit(&e->move, mv, memory_order_relaxed);
        atomic_store_explicit(&e->meta, meta, memory_order_relaxed);
        atomic_store_explicit(&e->check, key ^ mv ^ meta, memory_order_relaxed);
    }
}

bool ggn_searcher_probe(const ggn_searcher *s, ggn_position *pos, ggn_search_probe *out)
{
    memset(out, 0, sizeof *out);
    ss_tt_entry e;
    if (!s || !ss_tt_probe(s, ss_table_key(pos), &e) || e.bound == SS_BOUND_NONE) return false;
    out->score = ss_score_from_tt(e.score, 0);
    out->depth = e.depth;
    out->lower = e.bound == SS_BOUND_LOWER || e.bound == SS_BOUND_EXACT;
    out->upper = e.bound == SS_BOUND_UPPER || e.bound == SS_BOUND_EXACT;
    if (e.has_move) {
        ggn_move legal[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
        for (size_t i = 0; i < n && i < GGN_MAX_MOVES && !out->has_move; i++)
            if (ggn_move_equal(legal[i], e.move)) {
                out->has_move = true;
                out->move = e.move;
            }
    }
    return true;
}

int ss_score_to_tt(int score, int ply)
{
    if (score > GGN_SEARCH_MATE_BOUND) return score + ply;
    if (score < -GGN_SEARCH_MATE_BOUND) return score - ply;
    return score;
}

int ss_score_from_tt(int score, int ply)
{
    if (score > GGN_SEARCH_MATE_BOUND) return score - ply;
    if (score < -GGN_SEARCH_MATE_BOUND) return score + ply;
    return score;
}
