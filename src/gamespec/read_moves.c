/* read_moves.c — one move definition: step, actions, conditions, modifiers, side effects, repeat. */
#include "gamespec/reader.h"

#include <string.h>

static const char *const move_keys[] = {"id", "step", "actions", "conditions", "modifiers",
                                        "side_effects", "repeat", "chain", "giving_check_illegal",
                                        "attacking_illegal", "castle", "clone", "to", NULL};
static const char *const action_keys[] = {"state", "action", "conditions", "side_effects", NULL};
static const char *const modifier_keys[] = {"action", "conditions", "options", "option_limits", NULL};
static const char *const repeat_keys[] = {"until", "loop", "times", "hop", "hop_except", "distance", NULL};

/* Modifiers per move have no constant of their own; GGN_MAX_ACTIONS bounds them too. */
#define MAX_MODIFIERS GGN_MAX_ACTIONS

static const char *const occupancy_names[] = {"EMPTY", "ENEMY", "ALLY", "NOT_EMPTY"};

/* Reads obj[key] as an occupancy name; `allow_not_empty` only for repeat.until. */
static sd_got read_occupancy(sd_reader *r, const json_t *obj, const char *key, bool required,
                             bool allow_not_empty, sd_occupancy *out)
{
    char name[GGN_MAX_STRING_BYTES + 1];
    sd_got got = sd_string_field(r, obj, key, required, name);
    if (got != SD_OK) return got;
    int n = allow_not_empty ? 4 : 3;
    for (int i = 0; i < n; i++) {
        if (strcmp(occupancy_names[i], name) == 0) {
            *out = (sd_occupancy)i;
            return SD_OK;
        }
    }
    if (allow_not_empty)
        sd_error_key(r, key, GGN_E_UNKNOWN, "unknown state '%s'; allowed: EMPTY, NOT_EMPTY, ENEMY, ALLY", name);
    else if (strcmp(name, "NOT_EMPTY") == 0)
        sd_error_key(r, key, GGN_E_UNKNOWN,
                     "state 'NOT_EMPTY' is only for repeat.until; an action takes EMPTY, ENEMY or ALLY");
    else
        sd_error_key(r, key, GGN_E_UNKNOWN, "unknown state '%s'; allowed: EMPTY, ENEMY, ALLY", name);
    return SD_BAD;
}

static void read_action(sd_reader *r, const json_t *obj, const sd_cond_ctx *ctx, sd_action *a)
{
    sd_check_keys(r, obj, action_keys, "an action");
    read_occupancy(r, obj, "state", true, false, &a->state);
    char name[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "action", true, name) == SD_OK) {
        if (strcmp(name, "MOVE") == 0) {
            a->action = SD_ACTION_MOVE;
        } else if (strcmp(name, "CAPTURE") == 0) {
            a->action = SD_ACTION_CAPTURE;
            if (a->state == SD_EMPTY && json_object_get(obj, "state"))
                sd_warn_key(r, "action", GGN_E_VALUE,
                            "CAPTURE on an EMPTY square has nothing to capture; it is the same as MOVE");
        } else {
            sd_error_key(r, "action", GGN_E_UNKNOWN, "unknown action '%s'; allowed: MOVE, CAPTURE", name);
        }
    }
    sd_read_conditions(r, obj, "conditions", ctx, &a->nconditions, &a->conditions);
    sd_read_effects(r, obj, "side_effects", &a->neffects, &a->effects);
}

static void read_actions(sd_reader *r, const json_t *mobj, const sd_cond_ctx *ctx, sd_move *m)
{
    size_t n;
    json_t *list = sd_array_field(r, mobj, "actions", true, GGN_MAX_ACTIONS, "GGN_MAX_ACTIONS", &n);
    if (!list) return;
    sd_push_key(r, "actions");
    if (n == 0) sd_error(r, GGN_E_VALUE, "a move needs at least one action");
    m->actions = sd_alloc(r, n, sizeof *m->actions);
    bool warned = false; /* one warning per move is enough */
    for (size_t i = 0; i < n && m->actions; i++) {
        json_t *e = json_array_get(list, i);
        sd_action *a = &m->actions[i];
        a->state = (sd_occupancy)-1;
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            read_action(r, e, ctx, a);
            for (size_t j = 0; j < i && !warned; j++) {
                if (m->actions[j].state == a->state && (int)a->state >= 0) {
                    warned = true;
                    sd_warn_key(r, "state", GGN_E_DUPLICATE,
                                "action %zu already handles %s squares; two actions for one state are almost always a mistake",
                                j, occupancy_names[a->state]);
                    break;
                }
            }
        }
        sd_pop(r);
    }
    if (m->actions) m->nactions = (int)n;
    sd_pop(r);
}

/*
 * Extension "option_limits": {CODE: n, ...}: an option of that kind is offered
 * only while the mover's player has fewer than n pieces of it on the board
 * (grand chess: a pawn becomes only what its side has lost). Each key must be
 * one of the modifier's options.
 */
static void read_option_limits(sd_reader *r, const json_t *obj, sd_modifier *mod)
{
    json_t *lim = json_object_get(obj, "option_limits");
    if (!lim || !mod->options) return;
    sd_push_key(r, "option_limits");
    if (sd_expect(r, lim, JSON_OBJECT)) {
        mod->limits = sd_alloc(r, (size_t)mod->noptions, sizeof *mod->limits);
        const char *code;
        json_t *v;
        json_object_foreach(lim, code, v)
        {
            sd_push_key(r, code);
            int k = sd_find_kind(r, code), o = -1;
            for (int i = 0; k >= 0 && i < mod->noptions; i++)
                if (mod->options[i] == k) o = i;
            int n = 0;
            bool ok = sd_int_value(r, v, 1, GGN_MAX_PIECES_ON_BOARD, "GGN_MAX_PIECES_ON_BOARD", &n);
            if (k < 0)
                sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces", code);
            else if (o < 0)
                sd_error(r, GGN_E_VALUE, "'%s' is not one of this TRANSFORM's options", code);
            else if (ok && mod->limits)
                mod->limits[o] = n;
            sd_pop(r);
        }
    }
    sd_pop(r);
}

static void read_modifier(sd_reader *r, const json_t *obj, const sd_cond_ctx *ctx, sd_modifier *mod)
{
    sd_check_keys(r, obj, modifier_keys, "a modifier");
    char name[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "action", true, name) == SD_OK && strcmp(name, "TRANSFORM") != 0)
        sd_error_key(r, "action", GGN_E_UNKNOWN, "unknown modifier '%s'; allowed: TRANSFORM", name);
    sd_read_conditions(r, obj, "conditions", ctx, &mod->nconditions, &mod->conditions);
    size_t n;
    json_t *list = sd_array_field(r, obj, "options", true, GGN_MAX_OPTIONS, "GGN_MAX_OPTIONS", &n);
    if (!list) return;
    sd_push_key(r, "options");
    if (n == 0) sd_error(r, GGN_E_VALUE, "TRANSFORM needs at least one option");
    mod->options = sd_alloc(r, n, sizeof *mod->options);
    for (size_t i = 0; i < n && mod->options; i++) {
        sd_push_index(r, i);
        int k = sd_kind_ref(r, json_array_get(list, i));
        for (size_t j = 0; j < i && k >= 0; j++) {
            if (mod->options[j] == k) {
                sd_warn(r, GGN_E_DUPLICATE, "option '%s' is already listed", r->g->kinds[k].code);
                break;
            }
        }
        mod->options[i] = k;
        sd_pop(r);
    }
    if (mod->options) mod->noptions = (int)n;
    sd_pop(r);
    read_option_limits(r, obj, mod);
}

static void read_modifiers(sd_reader *r, const json_t *mobj, const sd_cond_ctx *ctx, sd_move *m)
{
    size_t n;
    json_t *list = sd_array_field(r, mobj, "modifiers", false, MAX_MODIFIERS,
                                  "GGN_MAX_ACTIONS, which also bounds modifiers", &n);
    if (!list || n == 0) return;
    sd_push_key(r, "modifiers");
    m->modifiers = sd_alloc(r, n, sizeof *m->modifiers);
    int unconditional = -1;
    for (size_t i = 0; i < n && m->modifiers; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            if (unconditional >= 0)
                sd_warn(r, GGN_E_VALUE, "never applies: modifier %d before it has no conditions and always fires",
                        unconditional);
            read_modifier(r, e, ctx, &m->modifiers[i]);
            if (m->modifiers[i].nconditions == 0 && unconditional < 0) unconditional = (int)i;
        }
        sd_pop(r);
    }
    if (m->modifiers) m->nmodifiers = (int)n;
    sd_pop(r);
}

/*
 * Extension repeat.hop_except: kinds a hop may neither jump over nor land on
 * (the janggi cannon's cannons). Needs a hop; the leader may not be listed,
 * since attacks on the leader do not look at what the landing holds.
 */
static void read_hop_except(sd_reader *r, const json_t *obj, sd_repeat *rep)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "hop_except", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    sd_push_key(r, "hop_except");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty hop_except excepts nothing: leave it out");
    else if (rep->hop == 0) sd_error(r, GGN_E_VALUE, "hop_except needs \"hop\": only a hop jumps over pieces");
    for (size_t i = 0; i < n; i++) {
        sd_push_index(r, i);
        int k = sd_kind_ref(r, json_array_get(list, i));
        if (k >= 0 && k == r->g->leader)
            sd_error(r, GGN_E_VALUE, "the leader may not be excepted: a piece that may not take the leader would "
                                     "still be seen to attack it");
        else if (k >= 0)
            rep->hop_except |= 1ULL << k;
        sd_pop(r);
    }
    sd_pop(r);
}

static void read_repeat(sd_reader *r, const json_t *mobj, sd_repeat *rep)
{
    rep->present = false;
    rep->until = SD_NOT_EMPTY;
    rep->loop = false;
    rep->times = 1;
    rep->hop = 0;
    rep->hop_except = 0;
    rep->line_distance = false;
    json_t *obj = sd_field(r, mobj, "repeat", false);
    if (!obj) return;
    sd_push_key(r, "repeat");
    if (sd_expect(r, obj, JSON_OBJECT)) {
        rep->present = true;
        sd_check_keys(r, obj, repeat_keys, "repeat");
        read_occupancy(r, obj, "until", false, true, &rep->until);
        sd_bool_field(r, obj, "loop", false, &rep->loop);
        if (sd_int_field(r, obj, "times", false, 1, GGN_MAX_BOARD_SIDE, "GGN_MAX_BOARD_SIDE", &rep->times) ==
                SD_OK &&
            rep->loop)
            sd_warn_key(r, "times", GGN_E_VALUE, "'times' is ignored when 'loop' is true");
        sd_int_field(r, obj, "hop", false, 1, GGN_MAX_BOARD_SIDE, "GGN_MAX_BOARD_SIDE", &rep->hop);
        read_hop_except(r, obj, rep);
        sd_read_line_distance(r, obj, rep);
    }
    sd_pop(r);
}

/*
 * Extension: a step [0, 0] is a move that stays — the piece lifts off and
 * lands on its own square, which it has just left empty — and is only a
 * move because it transforms the piece (sittuyin's promotion in place). So
 * it must always transform (a modifier without conditions: otherwise it
 * would be a pass), take nothing (EMPTY actions without side effects) and
 * neither repeat nor chain.
 */
static void check_stay(sd_reader *r, const sd_move *m)
{
    bool transforms = false;
    for (int i = 0; i < m->nmodifiers; i++) transforms = transforms || m->modifiers[i].nconditions == 0;
    bool plain = m->neffects == 0;
    for (int a = 0; a < m->nactions; a++)
        plain = plain && m->actions[a].state == SD_EMPTY && m->actions[a].neffects == 0;
    if (!transforms || !plain || m->repeat.present || m->chain)
        sd_error_key(r, "step", GGN_E_VALUE,
                     "step [0, 0] does not move the piece: such a move must transform it (a TRANSFORM modifier "
                     "without conditions), with only EMPTY actions, no side effects, no repeat and no chain");
}

/*
 * The conditions "on": "PATH" of a move are judged once, when its rays are
 * compiled; an action's or a modifier's conditions are judged per landing,
 * where a path has no meaning.
 */
static void refuse_path_in(sd_reader *r, const char *list, int i, const sd_condition *conds, int n)
{
    for (int c = 0; c < n; c++) {
        if (conds[c].kind != SD_COND_NAMED_PATH) continue;
        sd_push_key(r, list);
        sd_push_index(r, (size_t)i);
        sd_push_key(r, "conditions");
        sd_push_index(r, (size_t)c);
        sd_error_key(r, "on", GGN_E_VALUE,
                     "\"on\": \"PATH\" belongs in the move's own conditions, not in an action's or a modifier's");
        sd_pop(r);
        sd_pop(r);
        sd_pop(r);
        sd_pop(r);
    }
}

void sd_read_move(sd_reader *r, const json_t *mobj, const sd_cond_ctx *ctx, sd_move *m)
{
    sd_check_keys(r, mobj, move_keys, "a move");
    /* the id was read (and checked for duplicates) by the caller's prescan */
    if (json_object_get(mobj, "castle")) {
        sd_read_castle(r, mobj, ctx->kind, m);
        return;
    }
    /* A move "to": "any" has no step (read_board_lines.c); its step stays [0, 0]. */
    bool to_any = json_object_get(mobj, "to") != NULL;
    bool stays = !to_any && sd_offset_field(r, mobj, "step", true, m->step) == SD_OK && m->step[0] == 0 &&
                 m->step[1] == 0;
    /* Without modifiers a move that stays is refused at once (the common mistake); with them, once
     * the move is read (check_stay). */
    if (stays && !json_object_get(mobj, "modifiers")) {
        sd_error_key(r, "step", GGN_E_VALUE, "step [0, 0] does not move the piece");
        stays = false;
    }
    read_actions(r, mobj, ctx, m);
    sd_read_conditions(r, mobj, "conditions", ctx, &m->nconditions, &m->conditions);
    read_modifiers(r, mobj, ctx, m);
    sd_read_effects(r, mobj, "side_effects", &m->neffects, &m->effects);
    read_repeat(r, mobj, &m->repeat);
    for (int a = 0; a < m->nactions; a++)
        refuse_path_in(r, "actions", a, m->actions[a].conditions, m->actions[a].nconditions);
    for (int i = 0; i < m->nmodifiers; i++)
        refuse_path_in(r, "modifiers", i, m->modifiers[i].conditions, m->modifiers[i].nconditions);
    sd_read_chain(r, mobj, m);
    sd_read_clone(r, mobj, m);
    if (m->repeat.line_distance) sd_check_line_distance(r, m);
    sd_bool_field(r, mobj, "giving_check_illegal", false, &m->giving_check_illegal);
    sd_bool_field(r, mobj, "attacking_illegal", false, &m->attacking_illegal);
    if (to_any) sd_read_to_any(r, mobj, m);
    if (stays) check_stay(r, m);
}
