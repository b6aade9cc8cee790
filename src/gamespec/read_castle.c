/*
 * read_castle.c — extension "castle": a move of the castler that is castling
 * to fixed files (the rule of Chess960 and its kin), usable by any game.
 *
 * {"id": 8, "castle": {"partner": "ROOK", "side": "high", "castler_file": 6, "partner_file": 5}}
 *
 * The move has nothing else: no step, actions, conditions, modifiers, side
 * effects or repeat, since where the castler and partner start is found on
 * the board at play time (docs/game-spec.md, "castle"). Which kind may castle
 * this way is checked once every piece is read (sd_check_castles).
 */
#include "gamespec/reader.h"

#include <string.h>

static const char *const castle_keys[] = {"partner", "side", "castler_file", "partner_file", NULL};
/* The keys of an ordinary move that a castle move may not have (its id is read by the caller). */
static const char *const ordinary_keys[] = {"step", "actions", "conditions", "modifiers", "side_effects", "repeat", NULL};

void sd_read_castle(sd_reader *r, const json_t *mobj, int kind, sd_move *m)
{
    for (int i = 0; ordinary_keys[i]; i++)
        if (json_object_get(mobj, ordinary_keys[i]))
            sd_error_key(r, ordinary_keys[i], GGN_E_VALUE,
                         "a castle move has no '%s': where the castler and its partner start and land is "
                         "all in \"castle\"", ordinary_keys[i]);
    json_t *obj = sd_field(r, mobj, "castle", true);
    sd_push_key(r, "castle");
    if (obj && sd_expect(r, obj, JSON_OBJECT)) {
        sd_castle *c = &m->castle;
        c->present = true;
        sd_check_keys(r, obj, castle_keys, "castle");
        c->partner = sd_kind_ref_field(r, obj, "partner", true);
        if (c->partner >= 0 && c->partner == kind)
            sd_error_key(r, "partner", GGN_E_VALUE, "a piece cannot castle with a piece of its own kind");
        char side[GGN_MAX_STRING_BYTES + 1];
        if (sd_string_field(r, obj, "side", true, side) == SD_OK) {
            if (strcmp(side, "high") == 0) c->side = 1;
            else if (strcmp(side, "low") == 0) c->side = -1;
            else
                sd_error_key(r, "side", GGN_E_UNKNOWN,
                             "unknown side '%s'; allowed: high (the partner on a higher file), low", side);
        }
        int cols = r->board_ok ? r->g->cols : GGN_MAX_BOARD_SIDE;
        sd_got a = sd_int_field(r, obj, "castler_file", true, 0, cols - 1, NULL, &c->castler_file);
        sd_got b = sd_int_field(r, obj, "partner_file", true, 0, cols - 1, NULL, &c->partner_file);
        if (a == SD_OK && b == SD_OK && c->castler_file == c->partner_file)
            sd_error_key(r, "partner_file", GGN_E_VALUE, "the castler and its partner cannot land on the same file (%d)",
                         c->partner_file);
    }
    sd_pop(r);
}

/*
 * Castling belongs to one kind, the castler: the leader in a game with one,
 * else the one kind whose moves castle (as for MOVE side effects, compile.c).
 * A castle move of any other kind would never be generated, so it is refused.
 */
void sd_check_castles(sd_reader *r)
{
    const sd_game *g = r->g;
    int castler = g->leader;
    if (!g->kinds) return;
    for (int k = 0; k < g->nkinds; k++)
        for (int mi = 0; mi < g->kinds[k].nmoves; mi++) {
            if (!g->kinds[k].moves[mi].castle.present) continue;
            if (castler < 0) castler = k;
            if (k == castler) continue;
            js_path saved = r->path;
            js_path_init(&r->path);
            sd_push_key(r, "pieces");
            sd_push_index(r, (size_t)k);
            sd_push_key(r, "moves");
            sd_push_index(r, (size_t)mi);
            sd_error_key(r, "castle", GGN_E_VALUE,
                         "only the castler castles, and that is %s (%s): a castle move of %s would never be played",
                         g->kinds[castler].code, g->leader >= 0 ? "the leader" : "the first kind with a castle move",
                         g->kinds[k].code);
            r->path = saved;
        }
}
