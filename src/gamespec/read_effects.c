/* read_effects.c — side-effect lists (move and action level). */
#include "gamespec/reader.h"

#include <string.h>

static const char *const set_state_keys[] = {"action", "state", "duration", NULL};
static const char *const capture_keys[] = {"action", "target", NULL};
static const char *const move_keys[] = {"action", "piece", "from", "to", NULL};

static void read_one(sd_reader *r, const json_t *obj, sd_effect *e)
{
    e->flag = e->piece = e->duration = -1;
    char name[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "action", true, name) != SD_OK) return;
    if (strcmp(name, "SET_STATE") == 0) {
        e->kind = SD_EFFECT_SET_STATE;
        sd_check_keys(r, obj, set_state_keys, "side effect SET_STATE");
        char state[GGN_MAX_STRING_BYTES + 1];
        if (sd_string_field(r, obj, "state", true, state) == SD_OK) {
            sd_push_key(r, "state");
            e->flag = sd_flag(r, state);
            sd_pop(r);
        }
        if (sd_int_field(r, obj, "duration", false, 0, 2147483647LL, NULL, &e->duration) == SD_OK &&
            e->duration == 0)
            sd_warn_key(r, "duration", GGN_E_VALUE,
                        "duration 0: the flag is gone before any other turn can see it");
    } else if (strcmp(name, "CAPTURE") == 0) {
        e->kind = SD_EFFECT_CAPTURE;
        sd_check_keys(r, obj, capture_keys, "side effect CAPTURE");
        if (sd_offset_field(r, obj, "target", true, e->target) == SD_OK && e->target[0] == 0 &&
            e->target[1] == 0)
            sd_warn_key(r, "target", GGN_E_VALUE, "target [0, 0] is the moving piece's own source square");
    } else if (strcmp(name, "MOVE") == 0) {
        e->kind = SD_EFFECT_MOVE;
        sd_check_keys(r, obj, move_keys, "side effect MOVE");
        e->piece = sd_kind_ref_field(r, obj, "piece", false);
        sd_got f = sd_offset_field(r, obj, "from", true, e->from);
        sd_got t = sd_offset_field(r, obj, "to", true, e->to);
        if (f == SD_OK && t == SD_OK && e->from[0] == e->to[0] && e->from[1] == e->to[1])
            sd_warn_key(r, "to", GGN_E_VALUE, "'from' and 'to' are the same square: the effect moves nothing");
    } else {
        sd_error_key(r, "action", GGN_E_UNKNOWN,
                     "unknown side effect '%s'; allowed: SET_STATE, CAPTURE, MOVE", name);
    }
}

void sd_read_effects(sd_reader *r, const json_t *obj, const char *key, int *n, sd_effect **out)
{
    *n = 0;
    *out = NULL;
    size_t count;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_SIDE_EFFECTS, "GGN_MAX_SIDE_EFFECTS", &count);
    if (!list || count == 0) return;
    sd_effect *effects = sd_alloc(r, count, sizeof *effects);
    if (!effects) return;
    sd_push_key(r, key);
    for (size_t i = 0; i < count; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) read_one(r, e, &effects[i]);
        sd_pop(r);
    }
    sd_pop(r);
    *n = (int)count;
    *out = effects;
}
