/*
 * read_clone.c — a move's "clone" (extension, docs/game-spec.md "Clone
 * moves"): the piece stays on its square and a copy of it lands on the
 * target (Ataxx's one-step move).
 *
 * A clone is written by its target alone (b2), and two pieces that copy
 * themselves onto one square leave the same position, so the engine lists
 * one move per target (src/engine/clone.c). That holds only when what a clone
 * does depends on its target alone: the move is exactly one plain step with
 * one EMPTY -> MOVE action, and only one kind clones. Everything else a move
 * can say is refused here rather than ignored.
 */
#include "gamespec/reader.h"

void sd_read_clone(sd_reader *r, const json_t *mobj, sd_move *m)
{
    bool clone = false;
    if (sd_bool_field(r, mobj, "clone", false, &clone) != SD_OK || !clone) return;
    m->clone = true;
    if (m->nactions != 1 || m->actions[0].state != SD_EMPTY || m->actions[0].action != SD_ACTION_MOVE ||
        m->actions[0].nconditions || m->actions[0].neffects || m->nconditions || m->nmodifiers || m->neffects ||
        m->repeat.present || m->chain || (m->step[0] == 0 && m->step[1] == 0))
        sd_error_key(r, "clone", GGN_E_VALUE,
                     "a clone copies the piece onto an empty square one step away: it has exactly one action, "
                     "{\"state\": \"EMPTY\", \"action\": \"MOVE\"}, a step that is not [0, 0], and no conditions, "
                     "modifiers, side effects, repeat or chain");
}

/* Counts the enabled squares of the board. */
static int squares(const sd_game *g)
{
    int n = 0;
    for (int i = 0; i < g->cols * g->rows; i++) n += !g->disabled || !g->disabled[i];
    return n;
}

void sd_check_clones(sd_reader *r)
{
    const sd_game *g = r->g;
    int first = -1;
    for (int k = 0; k < g->nkinds; k++) {
        int j = 0;
        while (j < g->kinds[k].nmoves && !g->kinds[k].moves[j].clone) j++;
        if (j == g->kinds[k].nmoves) continue;
        /* Reported once per kind, at its first clone. */
        sd_push_key(r, "pieces");
        sd_push_index(r, (size_t)k);
        sd_push_key(r, "moves");
        sd_push_index(r, (size_t)j);
        if (first >= 0)
            sd_error_key(r, "clone", GGN_E_VALUE,
                         "'%s' clones too: a clone is written by its target alone, so only one kind may clone "
                         "('%s' does already)", g->kinds[k].code, g->kinds[first].code);
        else if (g->leader >= 0)
            sd_error_key(r, "clone", GGN_E_VALUE,
                         "clones in a game with a leader are not supported: the legality test judges a move by "
                         "the square it leaves, and a clone leaves none");
        else if (r->board_ok && squares(g) > GGN_MAX_PIECES_ON_BOARD)
            sd_error_key(r, "clone", GGN_E_LIMIT,
                         "clones fill the board, and a board of %d squares could hold more pieces than "
                         "GGN_MAX_PIECES_ON_BOARD (%d)", squares(g), GGN_MAX_PIECES_ON_BOARD);
        if (first < 0) first = k;
        sd_pop(r);
        sd_pop(r);
        sd_pop(r);
        sd_pop(r);
    }
}
