/*
 * reader_names.c — the name tables: piece codes, player names and named
 * conditions collected before anything is read (so that a name may be used
 * above its definition), lookups, and state-flag interning.
 */
#include "gamespec/reader.h"

#include <string.h>

/*
 * Allocates g->kinds, g->players and g->named with their codes and names
 * filled in, from the entries that have a readable string there. Nothing is
 * reported here: the section readers report the same problems in place.
 */
void sd_prescan(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *pieces = json_object_get(root, "pieces");
    r->kinds_ok = json_is_array(pieces);
    if (r->kinds_ok) {
        size_t n = json_array_size(pieces);
        if (n > GGN_MAX_KINDS) {
            n = GGN_MAX_KINDS;
            r->kinds_ok = false; /* names past the limit are unknown, not undefined */
        }
        g->kinds = sd_alloc(r, n, sizeof *g->kinds);
        if (!g->kinds) return;
        g->nkinds = (int)n;
        for (size_t i = 0; i < n; i++) {
            sd_kind *k = &g->kinds[i];
            k->value = -1;
            json_t *code = json_object_get(json_array_get(pieces, i), "code");
            size_t len = json_string_length(code);
            if (json_is_string(code) && len > 0 && len <= GGN_MAX_STRING_BYTES &&
                strlen(json_string_value(code)) == len)
                memcpy(k->code, json_string_value(code), len + 1);
            else
                r->kinds_ok = false;
        }
    }

    json_t *players = json_object_get(root, "players");
    r->players_ok = json_is_array(players);
    if (r->players_ok) {
        size_t n = json_array_size(players);
        if (n > GGN_MAX_PLAYERS) {
            n = GGN_MAX_PLAYERS;
            r->players_ok = false; /* names past the limit are unknown, not undefined */
        }
        g->players = sd_alloc(r, n, sizeof *g->players);
        if (!g->players) return;
        g->nplayers = (int)n;
        for (size_t i = 0; i < n; i++) {
            json_t *name = json_object_get(json_array_get(players, i), "name");
            size_t len = json_string_length(name);
            if (json_is_string(name) && len > 0 && len <= GGN_MAX_STRING_BYTES &&
                strlen(json_string_value(name)) == len)
                memcpy(g->players[i].name, json_string_value(name), len + 1);
            else
                r->players_ok = false;
        }
    }

    json_t *named = json_object_get(root, "conditions");
    r->named_ok = !named || json_is_array(named);
    if (json_is_array(named) && json_array_size(named) > 0) {
        size_t n = json_array_size(named);
        if (n > GGN_MAX_NAMED_CONDITIONS) {
            n = GGN_MAX_NAMED_CONDITIONS;
            r->named_ok = false; /* names past the limit are unknown, not undefined */
        }
        g->named = sd_alloc(r, n, sizeof *g->named);
        if (!g->named) return;
        g->nnamed = (int)n;
        for (size_t i = 0; i < n; i++) {
            json_t *code = json_object_get(json_array_get(named, i), "code");
            size_t len = json_string_length(code);
            if (json_is_string(code) && len > 0 && len <= GGN_MAX_STRING_BYTES &&
                strlen(json_string_value(code)) == len)
                memcpy(g->named[i].code, json_string_value(code), len + 1);
            else
                r->named_ok = false;
        }
    }
}

int sd_find_kind(const sd_reader *r, const char *code)
{
    for (int i = 0; i < r->g->nkinds; i++)
        if (strcmp(r->g->kinds[i].code, code) == 0) return i;
    return -1;
}

int sd_find_player(const sd_reader *r, const char *name)
{
    for (int i = 0; i < r->g->nplayers; i++)
        if (strcmp(r->g->players[i].name, name) == 0) return i;
    return -1;
}

int sd_find_named(const sd_reader *r, const char *code)
{
    for (int i = 0; i < r->g->nnamed; i++)
        if (strcmp(r->g->named[i].code, code) == 0) return i;
    return -1;
}

int sd_kind_ref(sd_reader *r, const json_t *v)
{
    char code[GGN_MAX_STRING_BYTES + 1];
    if (!sd_string_value(r, v, code)) return -1;
    int k = sd_find_kind(r, code);
    if (k < 0 && r->kinds_ok) {
        const char *close = sd_closest_kind(r, code);
        if (close) sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces; did you mean '%s'?", code, close);
        else sd_error(r, GGN_E_REFERENCE, "piece code '%s' is not defined in /pieces", code);
    }
    return k;
}

unsigned long long sd_kind_set(sd_reader *r, const json_t *list, size_t n)
{
    unsigned long long kinds = 0;
    for (size_t i = 0; i < n; i++) {
        sd_push_index(r, i);
        int k = sd_kind_ref(r, json_array_get(list, i));
        if (k >= 0) kinds |= 1ULL << k;
        sd_pop(r);
    }
    return kinds;
}

int sd_kind_ref_field(sd_reader *r, const json_t *obj, const char *key, bool required)
{
    json_t *v = sd_field(r, obj, key, required);
    if (!v) return -1;
    sd_push_key(r, key);
    int k = sd_kind_ref(r, v);
    sd_pop(r);
    return k;
}

int sd_flag(sd_reader *r, const char *name)
{
    sd_game *g = r->g;
    for (int i = 0; i < g->nflags; i++)
        if (strcmp(g->flags[i], name) == 0) return i;
    if (!g->flags) return -1;
    if (g->nflags >= GGN_MAX_FLAGS) {
        sd_error(r, GGN_E_LIMIT, "state '%s' would be distinct state number %d, past the limit of %d (GGN_MAX_FLAGS)",
                 name, g->nflags + 1, GGN_MAX_FLAGS);
        return -1;
    }
    memcpy(g->flags[g->nflags], name, strlen(name) + 1);
    return g->nflags++;
}

bool sd_is_disabled(const sd_reader *r, int x, int y)
{
    const sd_game *g = r->g;
    if (!r->board_ok || x < 0 || y < 0 || x >= g->cols || y >= g->rows) return false;
    return g->disabled[y * g->cols + x];
}
