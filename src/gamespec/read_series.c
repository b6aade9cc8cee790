/*
 * read_series.c — "turns": {"parts": ..., "check_ends_turn": ...} (extension):
 * every turn is a series of moves by the player whose turn it is
 * (docs/game-spec.md, "Turns in parts"). Marseillais chess, two moves a turn
 * but one in White's first, and progressive chess, 1, 2, 3, ... moves:
 *
 *   "parts": {"first": 1, "step": 1, "max": 2}, "check_ends_turn": true
 *   "parts": {"first": 1, "step": 1}, "check_ends_turn": true
 *
 * Turn t of the game (0 the first) has min(first + step * t, max) moves; an
 * integer N is {"first": N}. A move that gives check ends the series early
 * with check_ends_turn.
 */
#include "gamespec/reader.h"

static const char *const parts_keys[] = {"first", "step", "max", NULL};

/* "parts" as an integer or an object, into *s; false (reported) when it is neither. */
static bool read_parts(sd_reader *r, const json_t *v, sd_series *s)
{
    if (json_is_integer(v)) return sd_int_value(r, v, 1, GGN_MAX_PLY, "GGN_MAX_PLY", &s->first);
    if (!json_is_object(v)) {
        sd_error(r, GGN_E_TYPE, "parts is the number of moves a turn, or an object {\"first\", \"step\", \"max\"}");
        return false;
    }
    sd_check_keys(r, v, parts_keys, "parts");
    bool ok = sd_int_field(r, v, "first", true, 1, GGN_MAX_PLY, "GGN_MAX_PLY", &s->first) == SD_OK;
    ok = sd_int_field(r, v, "step", false, 0, GGN_MAX_PLY, "GGN_MAX_PLY", &s->step) != SD_BAD && ok;
    sd_got max = sd_int_field(r, v, "max", false, 1, GGN_MAX_PLY, "GGN_MAX_PLY", &s->max);
    ok = max != SD_BAD && ok;
    if (ok && max == SD_OK && s->max < s->first) {
        sd_error_key(r, "max", GGN_E_RANGE, "max %d is below first %d: the first turn would have more moves than any",
                     s->max, s->first);
        ok = false;
    }
    if (max == SD_ABSENT) s->max = s->step ? GGN_MAX_PLY : s->first;
    return ok;
}

void sd_read_series(sd_reader *r, const json_t *turns)
{
    sd_series s = {0};
    json_t *v = sd_field(r, turns, "parts", false);
    bool ok = true;
    if (v) {
        sd_push_key(r, "parts");
        s.max = 0;
        ok = read_parts(r, v, &s);
        if (ok && s.max == 0) s.max = s.first; /* an integer: every turn the same */
        if (ok && s.first == 1 && s.max == 1)
            sd_warn(r, GGN_E_VALUE, "every turn is one move: parts has no effect");
        sd_pop(r);
    }
    if (sd_bool_field(r, turns, "check_ends_turn", false, &s.check_ends_turn) == SD_OK && s.check_ends_turn && !v)
        sd_error_key(r, "check_ends_turn", GGN_E_VALUE, "check_ends_turn needs \"parts\": a turn of one move ends anyway");
    if (sd_bool_field(r, turns, "states_first_move", false, &s.states_first_move) == SD_OK && s.states_first_move && !v)
        sd_error_key(r, "states_first_move", GGN_E_VALUE, "states_first_move needs \"parts\": every move is a turn's first");
    if (!ok) s.first = 0;
    r->g->series = s;
}

/* The first rule of the game that a series of moves a turn cannot go with, or NULL. */
static const char *conflict(const sd_game *g)
{
    for (int k = 0; k < g->nkinds; k++)
        if (g->kinds[k].then.place >= 0) return "a kind's \"then\" part: a turn is in parts by its moves or by its count, not both";
    if (g->pass) return "passing: a pass is a whole turn";
    if (g->swap) return "the swap rule";
    if (g->end.check_limit) return "game_end.checks: checks are counted a move at a time";
    if (g->end.mate_needs_kinds) return "game_end.checkmate_needs: its series of checks is read two moves apart";
    if (g->end.elimination) return "game_end.elimination";
    return NULL;
}

/*
 * A state with a duration is seen from the turn after the one that set it (the mover's own later
 * moves of that turn do not see it): the engine tells that turn from the flag's end, which needs
 * one duration per state name.
 */
static bool one_duration_per_flag(sd_reader *r, const sd_game *g)
{
    int duration[GGN_MAX_FLAGS];
    for (int f = 0; f < GGN_MAX_FLAGS; f++) duration[f] = -2;
    for (int k = 0; k < g->nkinds; k++)
        for (int m = 0; m < g->kinds[k].nmoves; m++) {
            const sd_move *sm = &g->kinds[k].moves[m];
            for (int a = -1; a < sm->nactions; a++) {
                const sd_effect *e = a < 0 ? sm->effects : sm->actions[a].effects;
                int ne = a < 0 ? sm->neffects : sm->actions[a].neffects;
                for (int i = 0; i < ne; i++) {
                    if (e[i].kind != SD_EFFECT_SET_STATE || e[i].flag < 0 || e[i].flag >= GGN_MAX_FLAGS) continue;
                    int *d = &duration[e[i].flag];
                    if (*d == -2 || *d == e[i].duration) {
                        *d = e[i].duration;
                        continue;
                    }
                    sd_error_key(r, "parts", GGN_E_VALUE,
                                 "state '%s' is set with two durations (%d and %d): with several moves a turn, a state is "
                                 "seen from the turn after the one that set it, which ggn tells by one duration per state",
                                 g->flags[e[i].flag], *d, e[i].duration);
                    return false;
                }
            }
        }
    return true;
}

void sd_check_series(sd_reader *r)
{
    const sd_game *g = r->g;
    if (!g->series.first) return;
    sd_push_key(r, "turns");
    const char *why = conflict(g);
    if (why) sd_error_key(r, "parts", GGN_E_VALUE, "several moves a turn are not supported with %s", why);
    else one_duration_per_flag(r, g);
    if (g->series.check_ends_turn && g->leader < 0)
        sd_error_key(r, "check_ends_turn", GGN_E_VALUE, "check_ends_turn needs a \"leader\" to give check to");
    sd_pop(r);
}
