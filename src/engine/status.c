/*
 * status.c — is the game over? Checkmate and stalemate (no legal move), a
 * captured leader, and the draw rules of `draw_conditions`.
 */
#include <string.h>

#include "engine.h"

const char *ggn_outcome_name(ggn_outcome outcome)
{
    switch (outcome) {
    case GGN_ONGOING: return "ongoing";
    case GGN_CHECKMATE: return "checkmate";
    case GGN_STALEMATE: return "stalemate";
    case GGN_LEADER_CAPTURED: return "leader captured";
    case GGN_DRAW_REPETITION: return "draw by repetition";
    case GGN_DRAW_NO_PROGRESS: return "draw by the no-progress rule";
    case GGN_DRAW_MATERIAL: return "draw by insufficient material";
    }
    return "unknown";
}

/* The player who made the last move (the turn before the current one). */
static int previous_player(const ggn_position *pos)
{
    const sd_game *def = pos->g->def;
    int turn = pos->nundo ? pos->undo[pos->nundo - 1].turn : (pos->turn + def->norder - 1) % def->norder;
    return def->order[turn];
}

static bool last_move_took_leader(const ggn_position *pos)
{
    if (pos->g->leader == EG_NONE || pos->nundo == 0) return false;
    const eg_undo *u = &pos->undo[pos->nundo - 1];
    for (int i = 0; i < u->npiece; i++) {
        const eg_piece *now = &pos->piece[u->piece[i].id];
        if (u->piece[i].saved.kind == pos->g->leader && u->piece[i].saved.sq != EG_NONE && now->sq == EG_NONE)
            return true;
    }
    return false;
}

static int repetitions(const ggn_position *pos)
{
    int count = 1;
    for (int i = pos->nundo - 1; i >= 0; i--)
        if (pos->undo[i].hash == pos->hash) count++;
    return count;
}

/* Does every player's material, as a multiset of kinds, equal one listed set? */
static bool insufficient_material(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    const sd_draw *d = &g->def->draw;
    if (d->ninsufficient == 0) return false;
    int counts[GGN_MAX_PLAYERS][GGN_MAX_KINDS];
    memset(counts, 0, sizeof counts);
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE) counts[pos->piece[id].owner][pos->piece[id].kind]++;
    for (int p = 0; p < g->nplayers; p++) {
        bool matched = false;
        for (int s = 0; s < d->ninsufficient && !matched; s++) {
            int want[GGN_MAX_KINDS] = { 0 };
            for (int i = 0; i < d->insufficient_sizes[s]; i++) want[d->insufficient[s][i]]++;
            matched = memcmp(want, counts[p], sizeof want) == 0;
        }
        if (!matched) return false;
    }
    return true;
}

ggn_status ggn_position_status(ggn_position *pos)
{
    ggn_status st = { GGN_ONGOING, -1, false };
    const sd_draw *d = &pos->g->def->draw;
    int player = eg_player_to_move(pos);
    if (last_move_took_leader(pos)) {
        st.outcome = GGN_LEADER_CAPTURED;
        st.winner = previous_player(pos);
        return st;
    }
    st.in_check = eg_leader_attacked(pos, player);
    ggn_move moves[GGN_MAX_MOVES];
    if (ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES) == 0) {
        st.outcome = st.in_check ? GGN_CHECKMATE : GGN_STALEMATE;
        st.winner = st.in_check ? previous_player(pos) : -1;
        return st;
    }
    if (d->fifty_move_halfmoves > 0 && pos->halfmove >= d->fifty_move_halfmoves) st.outcome = GGN_DRAW_NO_PROGRESS;
    else if (d->repetition_count > 0 && repetitions(pos) >= d->repetition_count) st.outcome = GGN_DRAW_REPETITION;
    else if (insufficient_material(pos)) st.outcome = GGN_DRAW_MATERIAL;
    return st;
}
