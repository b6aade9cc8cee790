/*
 * read_gating.c — extension "gating" (docs/game-spec.md, "Gating"): when a
 * piece that has not moved leaves a square of a named zone, its owner may
 * put a piece from the hand on the square it left, as part of the move.
 *
 * The rule needs hands (the pieces come from there) and a zone with squares;
 * a spec that asks for it without them is refused rather than run as a game
 * in which nothing is ever gated. (Chain captures, which keep part of their
 * index in the byte of ggn_move that holds the gate, are refused in games
 * with hands, so they never meet gating.)
 */
#include <string.h>

#include "gamespec/reader.h"

static const char *const gating_keys[] = {"pieces", "on", NULL};

void sd_read_gating(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *obj = json_object_get(root, "gating");
    if (!obj) return;
    sd_push_key(r, "gating");
    if (!sd_expect(r, obj, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    if (!g->hands) sd_error(r, GGN_E_VALUE, "gating needs \"hands\": true (the gated pieces come from the hand)");
    sd_check_keys(r, obj, gating_keys, "gating");

    size_t n;
    json_t *list = sd_array_field(r, obj, "pieces", true, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    uint64_t kinds = 0;
    if (list) {
        sd_push_key(r, "pieces");
        if (n == 0) sd_error(r, GGN_E_VALUE, "gating with no pieces gates nothing: name the kinds that may enter");
        kinds = sd_kind_set(r, list, n);
        sd_pop(r);
    }

    char code[GGN_MAX_STRING_BYTES + 1];
    int named = -1;
    if (sd_string_field(r, obj, "on", true, code) == SD_OK) {
        named = sd_find_named(r, code);
        if (named < 0 && r->named_ok) {
            sd_error_key(r, "on", GGN_E_REFERENCE, "'%s' is no named condition of /conditions", code);
        } else if (named >= 0) {
            int squares = 0;
            for (int p = 0; p < g->nplayers && g->named[named].nsquares; p++) squares += g->named[named].nsquares[p];
            if (squares == 0) {
                sd_error_key(r, "on", GGN_E_VALUE, "'%s' has no square for any player: no piece could ever gate", code);
                named = -1;
            }
        }
    }
    if (named >= 0 && kinds) {
        g->gating_on = named;
        g->gating_kinds = kinds;
    }
    sd_pop(r);
}
