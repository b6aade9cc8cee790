/*
 * read_group_rules.c — the rules of games played by placing stones
 * (docs/game-spec.md, "Groups, superko and area scoring"): extension
 * "group_capture" (a drop removes the groups it leaves without an empty
 * neighbour), "superko" (no move may recreate an earlier board), the result
 * "area" with its komi (game_end.area), and passing in a game without a
 * leader.
 *
 * Every rule is refused where ggn could not honour it, never run as
 * something else: group capture needs drops (it is judged after a drop
 * only), and its captured stones leave the game, so it is refused with
 * captures to the hand; a pass without a leader is written on the board's
 * first square twice, so no move may end where it began there.
 */
#include <string.h>

#include "gamespec/reader.h"

static const char *const group_keys[] = {"suicide", NULL};
static const char *const area_keys[] = {"komi", NULL};

/* A move that can end on its own source: a stay in place (step [0, 0]) or a chain capture. */
static bool ends_where_it_began(const sd_game *g)
{
    for (int k = 0; k < g->nkinds; k++)
        for (int m = 0; m < g->kinds[k].nmoves; m++) {
            const sd_move *mv = &g->kinds[k].moves[m];
            if (mv->chain || (mv->step[0] == 0 && mv->step[1] == 0 && !mv->castle.present)) return true;
        }
    return false;
}

static void read_group_capture(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *obj = sd_field(r, root, "group_capture", false);
    if (!obj) return;
    sd_push_key(r, "group_capture");
    if (sd_expect(r, obj, JSON_OBJECT)) {
        sd_check_keys(r, obj, group_keys, "group_capture");
        sd_bool_field(r, obj, "suicide", false, &g->suicide);
        g->group_capture = true;
        if (!g->hands)
            sd_error(r, GGN_E_VALUE, "group_capture is judged after a drop, and this game has no drops "
                                     "(top-level \"hands\": true)");
        else if (g->captures_to_hand)
            sd_error(r, GGN_E_VALUE, "group_capture removes the stones from the game: it needs "
                                     "\"captures_to_hand\": false");
        else if (g->leader >= 0)
            sd_error(r, GGN_E_VALUE, "group_capture in a game with a leader is not supported: a group capture "
                                     "could take the leader, which no rule of the game judges");
    }
    sd_pop(r);
}

static void read_superko(sd_reader *r, const json_t *root)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, root, "superko", false, word) != SD_OK) return;
    if (strcmp(word, "positional") != 0) {
        sd_error_key(r, "superko", GGN_E_UNKNOWN, "unknown superko '%s'; allowed: positional", word);
        return;
    }
    r->g->superko = true;
    /* The board is compared without the player to move, so with three or more players a
     * position would be forbidden that a different player met: refused rather than guessed. */
    if (r->g->nplayers != 2)
        sd_error_key(r, "superko", GGN_E_VALUE, "superko compares boards without the player to move, which only "
                                                "two players make unambiguous (this game has %d)", r->g->nplayers);
}

void sd_read_group_rules(sd_reader *r, const json_t *root)
{
    read_group_capture(r, root);
    read_superko(r, root);
    if (r->g->pass && !r->g->pass_forced && r->g->leader < 0 && r->kinds_ok && ends_where_it_began(r->g))
        sd_error_key(r, "pass", GGN_E_VALUE, "a game without a leader passes on its first square twice, so no move "
                                             "may end where it began (a step [0, 0] or a chain capture): give a leader");
}

/* "area": {"komi": {PLAYER: points}}: komi in half points (7.5 is 15). */
void sd_read_area(sd_reader *r, const json_t *end, sd_game_end *e)
{
    json_t *a = sd_field(r, end, "area", false);
    if (!a) return;
    sd_push_key(r, "area");
    if (sd_expect(r, a, JSON_OBJECT)) {
        e->area = true;
        sd_check_keys(r, a, area_keys, "area");
        if (r->g->nplayers != 2)
            sd_error(r, GGN_E_VALUE, "area scoring counts regions that reach one player only; with %d players "
                                     "it is not supported", r->g->nplayers);
        json_t *komi = sd_field(r, a, "komi", false);
        if (komi) {
            sd_push_key(r, "komi");
            if (sd_expect(r, komi, JSON_OBJECT)) {
                const char *name;
                json_t *v;
                json_object_foreach(komi, name, v) {
                    int pl = sd_find_player(r, name);
                    if (pl < 0) {
                        sd_error_key(r, name, GGN_E_REFERENCE, "'%s' is not the name of a player", name);
                        continue;
                    }
                    double x = json_is_number(v) ? json_number_value(v) : -1.0;
                    if (!json_is_number(v) || x < 0 || x > 10000 || x * 2 != (double)(long)(x * 2))
                        sd_error_key(r, name, GGN_E_VALUE, "komi is a number of points from 0 to 10000, "
                                                           "in whole or half points (7.5)");
                    else
                        e->komi_halves[pl] = (int)(x * 2);
                }
            }
            sd_pop(r);
        }
    }
    sd_pop(r);
}
