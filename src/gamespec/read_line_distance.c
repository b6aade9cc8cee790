/*
 * read_line_distance.c — a repeat's "distance": "pieces_on_line" (extension,
 * docs/game-spec.md "Moves counted on the line"): the piece goes exactly as
 * many steps as there are pieces, of every player and itself included, on
 * the whole line through its source along the step; it may pass over pieces
 * of its own player but not over another's (Lines of Action).
 *
 * The engine walks such a move on its own (src/engine/movegen_line.c), so
 * the move may say nothing its walk does not read: one landing, on an empty
 * square or another player's piece, by plain actions; no conditions,
 * modifiers, side effects or other repeat field. A game with a leader is
 * refused: its legality and check tests read attack tables, which hold no
 * counted move.
 */
#include <string.h>

#include "gamespec/reader.h"

void sd_read_line_distance(sd_reader *r, const json_t *repeat, sd_repeat *rep)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, repeat, "distance", false, word) != SD_OK) return;
    if (strcmp(word, "pieces_on_line") != 0) {
        sd_error_key(r, "distance", GGN_E_UNKNOWN,
                     "unknown distance '%s'; the one ggn knows is \"pieces_on_line\"", word);
        return;
    }
    rep->line_distance = true;
    if (json_object_get(repeat, "loop") || json_object_get(repeat, "times") || json_object_get(repeat, "until") ||
        json_object_get(repeat, "hop"))
        sd_error_key(r, "distance", GGN_E_VALUE,
                     "a move counted on the line goes exactly that far: it takes no loop, times, until or hop");
}

void sd_check_line_distance(sd_reader *r, const sd_move *m)
{
    bool plain = m->nactions > 0 && m->nconditions == 0 && m->nmodifiers == 0 && m->neffects == 0 && !m->chain &&
                 !m->clone && (m->step[0] != 0 || m->step[1] != 0);
    for (int a = 0; a < m->nactions; a++)
        plain = plain && m->actions[a].state != SD_ALLY && m->actions[a].nconditions == 0 && m->actions[a].neffects == 0;
    sd_push_key(r, "repeat");
    if (!plain)
        sd_error_key(r, "distance", GGN_E_VALUE,
                     "a move counted on the line lands on an empty square or another player's piece by plain "
                     "actions (EMPTY or ENEMY, without conditions or side effects), from a step that is not "
                     "[0, 0], and has no conditions, modifiers, side effects, chain or clone");
    else if (r->g->leader >= 0)
        sd_error_key(r, "distance", GGN_E_VALUE,
                     "moves counted on the line in a game with a leader are not supported: the check tests read "
                     "attack tables, which do not hold such moves");
    sd_pop(r);
}
