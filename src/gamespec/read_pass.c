/*
 * read_pass.c — the top-level "pass" (extension, docs/game-spec.md
 * "Passing"): true lets a player pass whenever no leader of its stands
 * attacked (janggi), written as the leader's square twice, so it needs a
 * leader; "forced" makes a player pass exactly when it has no move and
 * another player would have one (Othello, Ataxx), written `pass`.
 *
 * A pass is a move whose source is its target (ggn/game.h), so a game with
 * forced passes may have no other such move: no chain capture (which may end
 * where it began) and no move that stays (step [0, 0]).
 */
#include "gamespec/reader.h"

#include <string.h>

void sd_read_pass(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *v = json_object_get(root, "pass");
    if (json_is_string(v)) {
        if (strcmp(json_string_value(v), "forced") == 0)
            g->pass = g->pass_forced = true;
        else
            sd_error_key(r, "pass", GGN_E_VALUE, "\"pass\" is true (a player may pass) or \"forced\" (a player "
                                                 "passes when it has no move and another has one), not \"%s\"",
                         json_string_value(v));
        return;
    }
    /* A pass is written as the leader's square twice (Fairy-Stockfish's UCI); without a leader, as the
     * board's first square twice, which read_group_rules.c keeps free of moves that end where they began. */
    sd_bool_field(r, root, "pass", false, &g->pass);
}

void sd_check_forced_pass(sd_reader *r)
{
    const sd_game *g = r->g;
    if (!g->pass_forced) return;
    for (int k = 0; k < g->nkinds; k++)
        for (int j = 0; j < g->kinds[k].nmoves; j++) {
            const sd_move *m = &g->kinds[k].moves[j];
            if (!m->chain && (m->castle.present || m->step[0] || m->step[1])) continue;
            sd_error_key(r, "pass", GGN_E_VALUE,
                         "forced passes are written as a move from a square to itself, and /pieces/%d/moves/%d "
                         "(%s) can end where it began; no game may have both", k, j,
                         m->chain ? "a chain capture" : "a move that stays");
            return;
        }
}
