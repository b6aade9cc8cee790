/*
 * superko.c — extension "superko": "positional" (docs/game-spec.md, "Groups,
 * superko and area scoring"): no move but a pass may recreate the board of a
 * position met earlier in the game, whoever was to move there — the rule of
 * the Computer Go Server and OpenSpiel, which forbids simple ko with it.
 *
 * "The board" is the position's hash without the player to move and without
 * the hands: the pieces on the board (with whatever else the hash carries
 * about them — unmoved states and rights — of which a stone game has none).
 * The earlier positions are those on the undo stack, each keyed from the
 * hash and turn its undo record keeps; the hands each had are worked back
 * from the hand changes the records list. A position set up from FEN has no
 * history: superko then looks only at the moves made since.
 */
#include "engine.h"

/* The XOR of the hand keys of every player's hand (`hand`: pos->hand's counts, row after row). */
static uint64_t hands_key(const ggn_game *g, const uint8_t *hand)
{
    uint64_t x = 0;
    if (!g->hand_prefix) return 0;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++)
            x ^= g->hand_prefix[((size_t)p * (size_t)g->nkinds + (size_t)k) * EG_HAND_KEYS + hand[p * GGN_MAX_KINDS + k]];
    return x;
}

uint64_t eg_board_key(const ggn_position *pos)
{
    return pos->hash ^ pos->g->zobrist_turn[pos->turn] ^ hands_key(pos->g, &pos->hand[0][0]);
}

void eg_history_boards(const ggn_position *pos, uint64_t *keys)
{
    const ggn_game *g = pos->g;
    uint8_t hand[GGN_MAX_PLAYERS][GGN_MAX_KINDS];
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) hand[p][k] = pos->hand[p][k];
    uint64_t hx = hands_key(g, &hand[0][0]);
    for (int i = pos->nundo - 1; i >= 0; i--) {
        const eg_undo *u = &pos->undo[i];
        /* The hands before move i: its changes taken back, latest first. */
        for (int c = u->nhand - 1; c >= 0 && g->hand_prefix; c--) {
            int p = u->hand[c].player, k = u->hand[c].kind;
            const uint64_t *pre = g->hand_prefix + ((size_t)p * (size_t)g->nkinds + (size_t)k) * EG_HAND_KEYS;
            int was = hand[p][k] - u->hand[c].delta;
            hx ^= pre[hand[p][k]] ^ pre[was];
            hand[p][k] = (uint8_t)was;
        }
        keys[i] = u->hash ^ g->zobrist_turn[u->turn] ^ hx;
    }
}
