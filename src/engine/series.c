/*
 * series.c — several moves a turn (extension turns.parts, docs/game-spec.md
 * "Turns in parts"): Marseillais chess plays two moves a turn, progressive
 * chess 1, 2, 3, ...; with check_ends_turn a move that gives check ends its
 * series at once.
 *
 * Each move of a series is a move of its own, as a kind's "then" part is
 * (parts.c): a ply of the undo stack, the same player to move until the
 * series is over, pos->played counting the moves made so far
 * (eg_mid_turn). The position's ply counts turns, as FEN's counters do, so
 * turn t's length is a function of pos->ply alone; the moves left in the
 * turn are part of the position and of its hash (eg_series_key), so that a
 * turn's start is not its middle and progressive chess's turns of different
 * lengths are different positions.
 *
 * A state set with a duration (en passant) is seen from the turn after the
 * one that set it (eg_flag_seen): in chess that is the only turn a move can
 * see it from anyway, and here the mover's own later moves of the turn must
 * not take its own pawn "en passant". The reader keeps one duration per
 * state, which tells the turn that set a flag from the flag's end. A piece
 * that moves again loses its timed states (eg_series_moved: a pawn that
 * stepped twice and then once more is no longer taken en passant), and with
 * states_first_move only a turn's first move sees them (progressive chess's
 * rule: en passant on the first move of a series).
 */
#include "engine.h"
#include "probe.h"

bool eg_game_has_series(const ggn_game *game) { return game->series; }

bool eg_compile_series(ggn_game *g)
{
    const sd_game *def = g->def;
    for (int f = 0; f < GGN_MAX_FLAGS; f++) g->flag_duration[f] = -1;
    g->series = def->series.first > 0;
    g->turn_parts = g->parts || g->series;
    if (!g->series) return true;
    g->check_ends_turn = def->series.check_ends_turn;
    g->states_first_move = def->series.states_first_move;
    g->series_first = def->series.first;
    g->series_step = def->series.step;
    g->series_max = def->series.max;
    for (int k = 0; k < def->nkinds; k++)
        for (int m = 0; m < def->kinds[k].nmoves; m++) {
            const sd_move *sm = &def->kinds[k].moves[m];
            for (int a = -1; a < sm->nactions; a++) {
                const sd_effect *e = a < 0 ? sm->effects : sm->actions[a].effects;
                int ne = a < 0 ? sm->neffects : sm->actions[a].neffects;
                for (int i = 0; i < ne; i++)
                    if (e[i].kind == SD_EFFECT_SET_STATE && e[i].flag >= 0 && e[i].flag < GGN_MAX_FLAGS)
                        g->flag_duration[e[i].flag] = e[i].duration; /* one per state (read_series.c) */
            }
        }
    return true;
}

int eg_series_length(const ggn_game *g, int ply)
{
    if (ply < 0) ply = 0;
    long long n = (long long)g->series_first + (long long)g->series_step * ply;
    return n < g->series_max ? (int)n : g->series_max;
}

/* splitmix64 of the count: keys of their own, drawn apart from every table's. */
uint64_t eg_series_key(const ggn_game *g, int ply, int played)
{
    uint64_t z = 0x5E41E5C0FFEEULL + (uint64_t)(eg_series_length(g, ply) - played) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Does the position, just after the mover's move, attack a leader of another player? */
static bool gives_check(const ggn_position *pos, int mover)
{
    for (int p = 0; p < pos->g->nplayers; p++)
        if (p != mover && eg_leader_attacked(pos, p)) return true;
    return false;
}

bool eg_series_goes_on(ggn_position *pos, const eg_undo *u)
{
    const ggn_game *g = pos->g;
    int played = pos->played, mover = eg_player_to_move(pos);
    /* The no-progress count counts turns: the first move of a series moved it, a later one only resets it. */
    if (played > 0 && pos->halfmove != 0) pos->halfmove = u->halfmove;
    pos->hash ^= eg_series_key(g, pos->ply, played);
    if (u->leaders_changed) eg_index_leaders(pos); /* the check test reads the leaders (make indexes them again) */
    if (played + 1 < eg_series_length(g, pos->ply) && !(g->check_ends_turn && gives_check(pos, mover))) {
        pos->played = (uint16_t)(played + 1);
        pos->hash ^= eg_series_key(g, pos->ply, played + 1);
        return true;
    }
    pos->played = 0;
    return false;
}
