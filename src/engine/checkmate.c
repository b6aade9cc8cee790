/*
 * checkmate.c — game_end.checkmate_by_only and game_end.checkmate_needs
 * (docs/game-spec.md): what a checkmate is worth by the pieces that give it
 * and by the checks that led to it (shatar's mating rule, as Fairy-Stockfish
 * plays it).
 *
 * checkmate_needs reads the game's history. Each move made records in its
 * undo entry whether the player then to move stands in check, and whether a
 * piece of the listed kinds gives it (eg_undo.checked); the position the
 * history starts from is recorded when the first move is made from it
 * (ggn_position.root_checked). Unmake drops the entry with the move, so
 * make/unmake stay exact and a search sees the same records as a game.
 *
 * A position set from a FEN has no history: the series of checks starts at
 * the FEN's own position, whose check counts like any other. Fairy-Stockfish
 * does the same (a position set from a FEN knows its checkers and nothing
 * before), so a mate right after a FEN is judged by the plies played since.
 *
 * Games without these rules never come here: make tests
 * ggn_game.check_series, and eg_checkmate_result returns at once.
 */
#include "engine.h"

/* The kinds (bit k) of the pieces that give check to `player`: attack one of its leaders. */
static uint64_t checking_kinds(const ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    uint64_t kinds = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == g->leader)
            kinds |= eg_attacker_kinds(pos, p->sq, player);
    }
    /* leaders_may_not_face: facing leaders count as attacked, by the other leader. */
    if (g->leaders_may_not_face && eg_leaders_face(pos, player)) kinds |= 1ULL << g->leader;
    return kinds;
}

/* The record of the position as it stands: the player to move is in check, by a counting kind. */
static uint8_t check_record(const ggn_position *pos)
{
    uint64_t kinds = checking_kinds(pos, eg_player_to_move(pos));
    if (!kinds) return 0;
    return (uint8_t)(EG_IN_CHECK | ((kinds & pos->g->def->end.mate_needs_kinds) ? EG_CHECK_COUNTS : 0));
}

void eg_record_root(ggn_position *pos) { pos->root_checked = check_record(pos); }

void eg_record_check(ggn_position *pos, eg_undo *u) { u->checked = check_record(pos); }

/*
 * The player to move is checkmated. checkmate_by_only first: when every
 * piece giving the mate is of its kinds, its result. Then checkmate_needs:
 * the mate counts when its own check, or one of the checks the mated player
 * stood in at its earlier turns (two plies apart, back while each of them was
 * a check: the unbroken series that led to the mate), was given by a piece
 * of its kinds; otherwise its "otherwise". *rule says which rule decided.
 */
sd_result eg_checkmate_result(const ggn_position *pos, int *rule)
{
    const sd_game_end *e = &pos->g->def->end;
    *rule = -1;
    if (!e->mate_only_kinds && !e->mate_needs_kinds) return e->no_move_in_check;
    uint64_t kinds = checking_kinds(pos, eg_player_to_move(pos));
    if (e->mate_only_kinds && kinds && !(kinds & ~e->mate_only_kinds)) {
        *rule = GGN_MATE_BY_ONLY;
        return e->mate_only_result;
    }
    if (!e->mate_needs_kinds || (kinds & e->mate_needs_kinds)) return e->no_move_in_check;
    for (int ply = pos->nundo - 2; ply >= 0; ply -= 2) {
        uint8_t c = ply == 0 ? pos->root_checked : pos->undo[ply - 1].checked;
        if (!(c & EG_IN_CHECK)) break;
        if (c & EG_CHECK_COUNTS) return e->no_move_in_check;
    }
    *rule = GGN_MATE_WITHOUT_CHECK;
    return e->mate_needs_otherwise;
}
