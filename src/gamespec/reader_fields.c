/* reader_fields.c — typed access to JSON fields, each problem reported where it is. */
#include "gamespec/reader.h"

#include <stdio.h>
#include <string.h>

static const char *type_name(json_type type)
{
    switch (type) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

bool sd_expect(sd_reader *r, const json_t *value, json_type type)
{
    json_type got = json_typeof(value);
    if (got == type || (type == JSON_TRUE && got == JSON_FALSE)) return true;
    sd_error(r, GGN_E_TYPE, "expected %s, found %s", type_name(type), js_kind(value));
    return false;
}

void sd_check_keys(sd_reader *r, const json_t *obj, const char *const *allowed, const char *what)
{
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value) {
        (void)value;
        bool known = false;
        for (const char *const *a = allowed; *a; a++)
            if (strcmp(*a, key) == 0) known = true;
        if (known) continue;
        char list[200];
        size_t len = 0;
        list[0] = '\0';
        for (const char *const *a = allowed; *a && len < sizeof list; a++) {
            int w = snprintf(list + len, sizeof list - len, "%s%s", a == allowed ? "" : ", ", *a);
            if (w < 0) break;
            len += (size_t)w;
        }
        if (allowed[0] && allowed[1])
            sd_error_key(r, key, GGN_E_UNKNOWN, "unknown field '%s' in %s; allowed: %s", key, what, list);
        else
            sd_error_key(r, key, GGN_E_UNKNOWN, "unknown field '%s': %s takes no field but '%s'", key, what,
                         allowed[0] ? allowed[0] : "");
    }
}

json_t *sd_field(sd_reader *r, const json_t *obj, const char *key, bool required)
{
    json_t *v = json_object_get(obj, key);
    if (!v && required) sd_error(r, GGN_E_MISSING, "missing required field '%s'", key);
    return v;
}

bool sd_int_value(sd_reader *r, const json_t *v, long long lo, long long hi, const char *limit,
                  int *out)
{
    if (!sd_expect(r, v, JSON_INTEGER)) return false;
    long long x = json_integer_value(v);
    if (x < lo || x > hi) {
        if (limit && x > hi)
            sd_error(r, GGN_E_LIMIT, "%lld is past the limit of %lld (%s)", x, hi, limit);
        else if (x < lo && hi == 2147483647LL)
            sd_error(r, GGN_E_RANGE, "%lld is out of range: must be at least %lld", x, lo);
        else
            sd_error(r, GGN_E_RANGE, "%lld is out of range %lld..%lld", x, lo, hi);
        return false;
    }
    *out = (int)x;
    return true;
}

sd_got sd_int_field(sd_reader *r, const json_t *obj, const char *key, bool required, long long lo,
                    long long hi, const char *limit, int *out)
{
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return required ? SD_BAD : SD_ABSENT;
    sd_push_key(r, key);
    bool ok = sd_int_value(r, v, lo, hi, limit, out);
    sd_pop(r);
    return ok ? SD_OK : SD_BAD;
}

sd_got sd_bool_field(sd_reader *r, const json_t *obj, const char *key, bool required, bool *out)
{
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return required ? SD_BAD : SD_ABSENT;
    sd_push_key(r, key);
    bool ok = sd_expect(r, v, JSON_TRUE);
    sd_pop(r);
    if (!ok) return SD_BAD;
    *out = json_is_true(v);
    return SD_OK;
}

bool sd_string_value(sd_reader *r, const json_t *v, char *out)
{
    if (!sd_expect(r, v, JSON_STRING)) return false;
    const char *s = json_string_value(v);
    size_t len = json_string_length(v);
    if (len == 0) {
        sd_error(r, GGN_E_VALUE, "must not be an empty string");
        return false;
    }
    if (strlen(s) != len) {
        sd_error(r, GGN_E_VALUE, "must not contain a NUL character");
        return false;
    }
    if (len > GGN_MAX_STRING_BYTES) {
        sd_error(r, GGN_E_LIMIT, "string of %zu bytes is longer than %d (GGN_MAX_STRING_BYTES)", len,
                 GGN_MAX_STRING_BYTES);
        return false;
    }
    memcpy(out, s, len + 1);
    return true;
}

sd_got sd_string_field(sd_reader *r, const json_t *obj, const char *key, bool required, char *out)
{
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return required ? SD_BAD : SD_ABSENT;
    sd_push_key(r, key);
    bool ok = sd_string_value(r, v, out);
    sd_pop(r);
    return ok ? SD_OK : SD_BAD;
}

json_t *sd_array_field(sd_reader *r, const json_t *obj, const char *key, bool required, size_t max,
                       const char *limit, size_t *n)
{
    *n = 0;
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return NULL;
    sd_push_key(r, key);
    if (!sd_expect(r, v, JSON_ARRAY)) {
        sd_pop(r);
        return NULL;
    }
    *n = json_array_size(v);
    if (*n > max) {
        sd_error(r, GGN_E_LIMIT, "%zu entries, more than the limit of %zu (%s)", *n, max, limit);
        *n = max;
    }
    sd_pop(r);
    return v;
}

/* [a, b] of two integers within +-bound; `what` names the pair in messages. */
static bool pair_value(sd_reader *r, const json_t *v, int out[2], const char *what)
{
    if (!sd_expect(r, v, JSON_ARRAY)) return false;
    if (json_array_size(v) != 2) {
        sd_error(r, GGN_E_VALUE, "%s must be a pair of integers, found %zu values", what,
                 json_array_size(v));
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < 2; i++) {
        json_t *c = json_array_get(v, i);
        sd_push_index(r, i);
        if (!sd_expect(r, c, JSON_INTEGER)) {
            ok = false;
        } else {
            long long x = json_integer_value(c);
            if (x < -GGN_MAX_BOARD_SIDE || x > GGN_MAX_BOARD_SIDE) {
                sd_error(r, GGN_E_LIMIT, "%lld is beyond +-%d (GGN_MAX_BOARD_SIDE)", x,
                         GGN_MAX_BOARD_SIDE);
                ok = false;
            } else {
                out[i] = (int)x;
            }
        }
        sd_pop(r);
    }
    return ok;
}

bool sd_offset_value(sd_reader *r, const json_t *v, int out[2])
{
    return pair_value(r, v, out, "an offset [dx, dy]");
}

sd_got sd_offset_field(sd_reader *r, const json_t *obj, const char *key, bool required, int out[2])
{
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return required ? SD_BAD : SD_ABSENT;
    sd_push_key(r, key);
    bool ok = sd_offset_value(r, v, out);
    sd_pop(r);
    return ok ? SD_OK : SD_BAD;
}

bool sd_square_value(sd_reader *r, const json_t *v, int out[2])
{
    if (!pair_value(r, v, out, "a square [x, y]")) return false;
    if (!r->board_ok) return true;
    if (out[0] < 0 || out[0] >= r->g->cols || out[1] < 0 || out[1] >= r->g->rows) {
        sd_error(r, GGN_E_RANGE, "square [%d, %d] is off the %dx%d board", out[0], out[1], r->g->cols,
                 r->g->rows);
        return false;
    }
    return true;
}
