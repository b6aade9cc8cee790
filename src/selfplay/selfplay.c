/*
 * selfplay.c — games of the computer against itself (ggn/selfplay.h): one
 * game a function of the settings and its number alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/notation.h"
#include "ggn/search.h"
#include "ggn/selfplay.h"

struct ggn_selfplay {
    const ggn_game *game;       /* borrowed */
    ggn_selfplay_settings set;
    ggn_player_kind kind[2];    /* the player each side uses, the spec's choice resolved */
    ggn_searcher *searcher;     /* owned; cleared before every game */
    ggn_mcts *mcts;             /* owned; cleared before every game */
};

void ggn_selfplay_defaults(ggn_selfplay_settings *set)
{
    memset(set, 0, sizeof *set);
    set->depth[0] = set->depth[1] = 2;
    set->random_plies = 2;
    set->max_plies = 400;
    set->seed = 1;
    set->games = 100;
}

/* splitmix64: one generator per game, so a game does not depend on the games played before it. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A uniformly random legal move (rejection sampling keeps it uniform); false when there is none. */
static bool random_move(ggn_position *pos, uint64_t *rng, ggn_move *out)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    if (n == 0) return false;
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, r;
    do r = next_random(rng);
    while (r >= limit);
    *out = moves[r % n];
    return true;
}

/* Why the settings cannot be played, or NULL. */
static const char *out_of_range(const ggn_selfplay_settings *set)
{
    if (set->games < 1 || set->games > GGN_MAX_SELFPLAY_GAMES) return "games must be 1 to GGN_MAX_SELFPLAY_GAMES";
    if (set->max_plies < 1 || set->max_plies > GGN_MAX_SELFPLAY_PLIES) return "max_plies must be 1 to GGN_MAX_SELFPLAY_PLIES";
    if (set->random_plies < 0 || set->random_plies > GGN_MAX_SELFPLAY_PLIES)
        return "random_plies must be 0 to GGN_MAX_SELFPLAY_PLIES";
    for (int side = 0; side < 2; side++) {
        if (set->depth[side] < 0 || set->depth[side] > GGN_SEARCH_MAX_DEPTH) return "depth must be 0 to GGN_SEARCH_MAX_DEPTH";
        if (set->nodes[side] < 0 || set->think_ms[side] < 0) return "nodes and think_ms must not be negative";
        if (set->player[side] != GGN_PLAYER_DEFAULT && set->player[side] != GGN_PLAYER_ALPHABETA &&
            set->player[side] != GGN_PLAYER_MCTS)
            return "player must be GGN_PLAYER_DEFAULT, GGN_PLAYER_ALPHABETA or GGN_PLAYER_MCTS";
    }
    return NULL;
}

ggn_selfplay *ggn_selfplay_new(const ggn_game *game, const ggn_selfplay_settings *set, ggn_error *err)
{
    const char *why = out_of_range(set);
    if (why) {
        ggn_error_set(err, GGN_E_RANGE, "self-play: %s", why);
        return NULL;
    }
    ggn_selfplay *sp = calloc(1, sizeof *sp);
    if (!sp || !(sp->searcher = ggn_searcher_new(GGN_SEARCH_DEFAULT_TT_MB)) || !(sp->mcts = ggn_mcts_new(0))) {
        ggn_selfplay_free(sp);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    sp->game = game;
    sp->set = *set;
    for (int side = 0; side < 2; side++) {
        /* the one asked for, else the spec's, else alpha-beta (docs/ai.md) */
        ggn_player_kind kind = set->player[side] != GGN_PLAYER_DEFAULT ? set->player[side] : ggn_game_player(game);
        sp->kind[side] = kind == GGN_PLAYER_DEFAULT ? GGN_PLAYER_ALPHABETA : kind;
    }
    return sp;
}

void ggn_selfplay_free(ggn_selfplay *sp)
{
    if (!sp) return;
    ggn_searcher_free(sp->searcher);
    ggn_mcts_free(sp->mcts);
    free(sp);
}

/* The computer's move for side; false when it finds none. */
static bool computer_move(ggn_selfplay *sp, ggn_position *pos, int side, uint64_t seed, ggn_move *move)
{
    const ggn_selfplay_settings *set = &sp->set;
    if (sp->kind[side] == GGN_PLAYER_MCTS) {
        /* the Monte Carlo player: nodes count its playouts, depth means nothing to it */
        ggn_mcts_limits limits = { .iterations = (uint64_t)set->nodes[side], .time_ms = set->think_ms[side], .seed = seed };
        ggn_mcts_result result;
        bool found = ggn_mcts_run(sp->mcts, pos, &limits, &result) && result.found;
        *move = result.best;
        return found;
    }
    ggn_search_limits limits = { .depth = set->depth[side], .time_ms = set->think_ms[side],
                                 .nodes = (uint64_t)set->nodes[side], .seed = seed };
    ggn_search_result result;
    bool found = ggn_searcher_run(sp->searcher, pos, &limits, &result) && result.found;
    *move = result.best;
    return found;
}

bool ggn_selfplay_play(ggn_selfplay *sp, long number, ggn_selfplay_game *out)
{
    const ggn_selfplay_settings *set = &sp->set;
    memset(out, 0, sizeof *out);
    out->number = number;
    out->winner = -1;
    ggn_position *pos = ggn_position_new(sp->game);
    if (!pos) return false;
    /* The game's own stream: the seed and the game number mixed, never the state of another game. */
    uint64_t rng = set->seed;
    uint64_t mix = (uint64_t)number;
    rng ^= next_random(&mix);
    ggn_searcher_clear(sp->searcher);
    ggn_mcts_clear(sp->mcts);
    for (;;) {
        ggn_status st = ggn_position_status(pos);
        if (st.outcome != GGN_ONGOING) {
            out->winner = st.draw ? -1 : st.winner;
            snprintf(out->end, sizeof out->end, "%s", ggn_outcome_name(st.outcome));
            break;
        }
        if (out->plies >= set->max_plies) {
            snprintf(out->end, sizeof out->end, "move limit");
            break;
        }
        int side = ggn_position_to_move(pos) == 0 ? 0 : 1;
        ggn_move move;
        uint64_t seed = next_random(&rng) | 1; /* drawn every ply, so the stream is the same whoever moves */
        bool found = out->plies < set->random_plies ? random_move(pos, &rng, &move)
                                                    : computer_move(sp, pos, side, seed, &move) ||
                                                          random_move(pos, &rng, &move);
        if (!found) {
            /* Not ongoing by the status, yet no move: judged a draw rather than played on. */
            snprintf(out->end, sizeof out->end, "no move");
            break;
        }
        if (out->plies == 0) ggn_move_format(pos, move, out->first_move, sizeof out->first_move);
        if (!ggn_position_make(pos, move)) {
            snprintf(out->end, sizeof out->end, "no move");
            break;
        }
        out->plies++;
    }
    ggn_position_free(pos);
    return true;
}

bool ggn_selfplay_run(const ggn_game *game, const ggn_selfplay_settings *set, ggn_selfplay_game *games,
                      ggn_selfplay_report *report, ggn_error *err)
{
    ggn_selfplay *sp = ggn_selfplay_new(game, set, err);
    if (!sp) return false;
    ggn_selfplay_game *all = games ? games : malloc((size_t)set->games * sizeof *all);
    bool ok = all != NULL;
    for (long n = 0; ok && n < set->games; n++) ok = ggn_selfplay_play(sp, n, &all[n]);
    if (ok) ggn_selfplay_report_of(game, all, set->games, report);
    else ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    if (all != games) free(all);
    ggn_selfplay_free(sp);
    return ok;
}
