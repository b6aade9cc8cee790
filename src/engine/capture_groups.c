/*
 * capture_groups.c — extension "group_capture" (docs/game-spec.md, "Groups,
 * superko and area scoring"): a group is a set of one player's pieces joined
 * through orthogonal neighbours on the board (disabled squares join nothing);
 * its liberties are the empty squares next to it. After a drop, every group of
 * another player next to the dropped stone that has no liberty left is
 * removed; then, with "suicide": true, the dropper's own group too when it has
 * none, and without it such a drop is illegal (eg_group_filter).
 *
 * The removed stones go on the position's `taken` stack (as many as a board
 * holds: more than an undo record has room for) and the move's undo record
 * counts them, so unmake puts them back in any order (their squares are
 * distinct and empty). The hash loses their keys on the way out and gets its
 * old value back from the undo record.
 */
#include <string.h>

#include "engine.h"

bool eg_compile_groups(ggn_game *g)
{
    if (g->superko && g->hands) {
        size_t lists = (size_t)g->nplayers * (size_t)g->nkinds;
        g->hand_prefix = sd_arena_alloc(g->arena, lists * EG_HAND_KEYS, sizeof *g->hand_prefix);
        if (!g->hand_prefix) return false;
        for (size_t l = 0; l < lists; l++) {
            uint64_t x = 0;
            g->hand_prefix[l * EG_HAND_KEYS] = 0;
            for (int n = 1; n < EG_HAND_KEYS; n++) {
                x ^= g->zobrist_hand[l * EG_HAND_KEYS + (size_t)n];
                g->hand_prefix[l * EG_HAND_KEYS + (size_t)n] = x;
            }
        }
    }
    if (!g->group_capture && !g->area) return true;
    g->nbr = sd_arena_alloc(g->arena, (size_t)g->nsq, sizeof *g->nbr);
    if (!g->nbr) return false;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    for (int sq = 0; sq < g->nsq; sq++)
        for (int d = 0; d < 4; d++)
            g->nbr[sq][d] = (int16_t)(g->enabled[sq] ? eg_offset(g, sq, dx[d], dy[d]) : EG_NONE);
    return true;
}

/*
 * The group of the piece on sq into group[] (seen[] marks it); returns its
 * size, or 0 as soon as it finds a liberty (the group then stays).
 */
static int breathless_group(const ggn_position *pos, int sq, uint16_t *group, uint8_t *seen)
{
    const ggn_game *g = pos->g;
    int side = pos->side_at[sq], n = 0, next = 0;
    group[n++] = (uint16_t)sq;
    seen[sq] = 1;
    while (next < n) {
        int at = group[next++];
        for (int d = 0; d < 4; d++) {
            int nb = g->nbr[at][d];
            if (nb == EG_NONE || seen[nb]) continue;
            if (pos->side_at[nb] == EG_EMPTY_SIDE) return 0;
            if (pos->side_at[nb] != side) continue;
            seen[nb] = 1;
            group[n++] = (uint16_t)nb;
        }
    }
    return n;
}

bool eg_group_breathes(const ggn_position *pos, int sq)
{
    uint16_t group[GGN_MAX_SQUARES];
    uint8_t seen[GGN_MAX_SQUARES];
    memset(seen, 0, (size_t)pos->g->nsq);
    return breathless_group(pos, sq, group, seen) == 0;
}

void eg_take_off(ggn_position *pos, eg_undo *u, int sq)
{
    if (pos->ntaken >= EG_MAX_TAKEN) return; /* cannot happen: each piece of a line of play is taken once */
    int id = pos->piece_at[sq];
    eg_piece *p = &pos->piece[id];
    pos->hash ^= eg_piece_key(pos->g, p, sq);
    pos->taken[pos->ntaken].sq = (uint16_t)sq;
    pos->taken[pos->ntaken].id = (uint8_t)id;
    pos->ntaken++;
    u->ntaken++;
    pos->side_at[sq] = EG_EMPTY_SIDE;
    pos->kind_at[sq] = 0;
    pos->piece_at[sq] = 0;
    p->sq = EG_NONE;
    if (id < pos->free_from) pos->free_from = id;
    u->capture = true;
}

/* Takes the stones group[0..n) off the board onto pos->taken. */
static void remove_group(ggn_position *pos, eg_undo *u, const uint16_t *group, int n)
{
    for (int i = 0; i < n; i++) eg_take_off(pos, u, group[i]);
}

void eg_capture_groups(ggn_position *pos, eg_undo *u, int sq)
{
    const ggn_game *g = pos->g;
    if (!pos->piece_at[sq]) return; /* the drop found no free piece record (GGN_MAX_PIECES_ON_BOARD) */
    uint16_t group[GGN_MAX_SQUARES];
    uint8_t seen[GGN_MAX_SQUARES];
    int mover = pos->side_at[sq];
    for (int d = 0; d < 4; d++) {
        int nb = g->nbr[sq][d];
        if (nb == EG_NONE || pos->side_at[nb] == EG_EMPTY_SIDE || pos->side_at[nb] == mover) continue;
        memset(seen, 0, (size_t)g->nsq); /* a group seen from another side may have been removed since */
        int n = breathless_group(pos, nb, group, seen);
        if (n) remove_group(pos, u, group, n);
    }
    if (g->suicide) {
        memset(seen, 0, (size_t)g->nsq);
        int n = breathless_group(pos, sq, group, seen);
        if (n) remove_group(pos, u, group, n);
    }
}

void eg_restore_groups(ggn_position *pos, const eg_undo *u)
{
    for (int i = 0; i < u->ntaken; i++) {
        const eg_taken *t = &pos->taken[--pos->ntaken];
        eg_piece *p = &pos->piece[t->id];
        p->sq = (int16_t)t->sq;
        pos->side_at[t->sq] = (int8_t)p->owner;
        pos->kind_at[t->sq] = p->kind;
        pos->piece_at[t->sq] = t->id;
    }
}

/* Has the square an empty neighbour? Then a stone dropped there keeps a liberty whatever it takes. */
static bool open_square(const ggn_position *pos, int sq)
{
    for (int d = 0; d < 4; d++) {
        int nb = pos->g->nbr[sq][d];
        if (nb != EG_NONE && pos->side_at[nb] == EG_EMPTY_SIDE) return true;
    }
    return false;
}

/*
 * Is there a piece record for one more stone? Records are bytes
 * (GGN_MAX_PIECES_ON_BOARD): a drop onto a board that holds that many pieces
 * would find none, so it is not offered (docs/limits.md).
 */
static bool room_for_stone(const ggn_position *pos)
{
    if (pos->npiece < GGN_MAX_PIECES_ON_BOARD) return true;
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq == EG_NONE && pos->piece[id].kind != pos->g->leader) return true;
    return false;
}

/*
 * Is m legal by the group rules? `history` holds the board keys of the
 * positions of the undo stack and then of pos itself (NULL without superko).
 */
static bool group_legal(ggn_position *pos, ggn_move m, const uint64_t *history, bool room)
{
    const ggn_game *g = pos->g;
    bool drop = m.from == EG_DROP_FROM, no_suicide = g->group_capture && !g->suicide;
    if (drop && !room) return false;
    if (eg_is_pass(g, m) || (!history && (!drop || !no_suicide || open_square(pos, m.to)))) return true;
    int before = pos->nundo;
    if (!eg_make(pos, m)) return false;
    bool legal = !(drop && no_suicide) || eg_group_breathes(pos, m.to);
    if (legal && history) {
        uint64_t now = eg_board_key(pos);
        for (int h = 0; h <= before && legal; h++) legal = history[h] != now;
    }
    eg_unmake(pos);
    return legal;
}

/* The board keys group_legal reads: the undo stack's positions, then pos itself. */
static const uint64_t *boards(const ggn_position *pos, uint64_t *history)
{
    if (!pos->g->superko) return NULL;
    eg_history_boards(pos, history);
    history[pos->nundo] = eg_board_key(pos);
    return history;
}

size_t eg_group_filter(ggn_position *pos, ggn_move *moves, size_t n)
{
    uint64_t keys[GGN_MAX_PLY + 1];
    const uint64_t *history = boards(pos, keys);
    bool room = room_for_stone(pos);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (group_legal(pos, moves[i], history, room)) moves[kept++] = moves[i];
    return kept;
}

bool eg_group_forbids(ggn_position *pos, ggn_move m)
{
    uint64_t keys[GGN_MAX_PLY + 1];
    return !group_legal(pos, m, boards(pos, keys), room_for_stone(pos));
}
