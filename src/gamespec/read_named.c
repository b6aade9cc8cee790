/* read_named.c — the top-level "conditions": global named POSITION conditions. */
#include "gamespec/reader.h"

#include <string.h>

static const char *const named_keys[] = {"code", "type", "check", NULL};

/* Condition names a named condition may not take, so a reference is never ambiguous. */
static const char *const builtin_names[] = {
    "FIRST_MOVE", "DEPENDS_ON", "PIECE_FIRST_MOVE", "ROOK_FIRST_MOVE", "CHECK_STATE",
    "PATH_EMPTY", "NOT_ATTACKED", "PATH_NOT_ATTACKED", "SQUARES_EMPTY", NULL};

static void read_check(sd_reader *r, const json_t *check, sd_named *nc)
{
    sd_game *g = r->g;
    nc->nsquares = sd_alloc(r, (size_t)g->nplayers, sizeof *nc->nsquares);
    nc->squares = sd_alloc(r, (size_t)g->nplayers, sizeof *nc->squares);
    if (!nc->nsquares || !nc->squares) return;
    const char *key;
    json_t *list;
    json_object_foreach((json_t *)check, key, list) {
        sd_push_key(r, key);
        int p = sd_find_player(r, key);
        if (p < 0) {
            if (r->players_ok)
                sd_error(r, GGN_E_REFERENCE, "'%s' is not the name of a player", key);
        } else if (sd_expect(r, list, JSON_ARRAY)) {
            size_t n = json_array_size(list);
            if (n > GGN_MAX_SQUARES) {
                sd_error(r, GGN_E_LIMIT, "%zu squares, more than the limit of %d (GGN_MAX_SQUARES)", n,
                         GGN_MAX_SQUARES);
                n = GGN_MAX_SQUARES;
            }
            int(*squares)[2] = n ? sd_alloc(r, n, sizeof *squares) : NULL;
            int count = 0;
            for (size_t i = 0; i < n && squares; i++) {
                int sq[2];
                sd_push_index(r, i);
                if (sd_square_value(r, json_array_get(list, i), sq)) {
                    bool dup = false;
                    for (int j = 0; j < count; j++)
                        dup |= squares[j][0] == sq[0] && squares[j][1] == sq[1];
                    if (dup)
                        sd_warn(r, GGN_E_DUPLICATE, "square [%d, %d] is listed twice", sq[0], sq[1]);
                    else if (sd_is_disabled(r, sq[0], sq[1]))
                        sd_warn(r, GGN_E_VALUE, "square [%d, %d] is disabled: no move can land there",
                                sq[0], sq[1]);
                    if (!dup) {
                        squares[count][0] = sq[0];
                        squares[count][1] = sq[1];
                        count++;
                    }
                }
                sd_pop(r);
            }
            nc->nsquares[p] = count;
            nc->squares[p] = squares;
        }
        sd_pop(r);
    }
}

void sd_read_named(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, root, "conditions", false, GGN_MAX_NAMED_CONDITIONS,
                                  "GGN_MAX_NAMED_CONDITIONS", &n);
    if (!list) return;
    sd_push_key(r, "conditions");
    for (size_t i = 0; i < n && g->named; i++) {
        json_t *e = json_array_get(list, i);
        sd_named *nc = &g->named[i];
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) {
            sd_check_keys(r, e, named_keys, "a named condition");
            char code[GGN_MAX_STRING_BYTES + 1];
            if (sd_string_field(r, e, "code", true, code) == SD_OK) {
                int first = sd_find_named(r, code);
                bool builtin = false;
                for (const char *const *b = builtin_names; *b; b++) builtin |= strcmp(*b, code) == 0;
                if (builtin)
                    sd_error_key(r, "code", GGN_E_VALUE,
                                 "'%s' is a built-in condition name and cannot name a global condition", code);
                else if (first >= 0 && first < (int)i)
                    sd_error_key(r, "code", GGN_E_DUPLICATE, "condition code '%s' is already defined by /conditions/%d",
                                 code, first);
            }
            char type[GGN_MAX_STRING_BYTES + 1];
            if (sd_string_field(r, e, "type", true, type) == SD_OK) {
                if (strcmp(type, "STATE") == 0)
                    sd_error_key(r, "type", GGN_E_VALUE,
                                 "type 'STATE' is internal in seed 004 and cannot be declared; use CHECK_STATE in a move instead; allowed: POSITION");
                else if (strcmp(type, "POSITION") != 0)
                    sd_error_key(r, "type", GGN_E_UNKNOWN, "unknown condition type '%s'; allowed: POSITION", type);
            }
            json_t *check = sd_field(r, e, "check", true);
            if (check) {
                sd_push_key(r, "check");
                if (sd_expect(r, check, JSON_OBJECT) && g->nplayers > 0) read_check(r, check, nc);
                sd_pop(r);
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
}
