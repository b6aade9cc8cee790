/*
 * ggn/export.h — a game spec's whole pseudo-legal move library written as
 * GGN, and the board states that library reads.
 *
 * ggn_game_export lists, for every piece kind of each side in every state
 * the library distinguishes, every square it can stand on, every
 * destination, and each possibility with its conditions and (in the
 * spellings that have them) its board patch. docs/export.md says how each
 * construct of the game spec format is exported, or why it is not.
 *
 * Piece ids:
 *   must-deny         QPI  <style>:<pin>, style = the first letter of the
 *                     game name ("C:K" / "c:k" for Chess)
 *   require-prevent,  GAN  <game>:<pnn>, game = the game name's letters
 *   board-check            ("CHESS:K" / "chess:k")
 * Upper case is the side that moves first (turns.order[start_at]).
 *
 * Piece states carry what GGN cannot see on the board:
 *   "+"  an unmoved piece whose unmoved state some condition tests
 *        (FIRST_MOVE, PIECE_FIRST_MOVE, ROOK_FIRST_MOVE): +K, +R, +P;
 *   "-"  a piece carrying the state flag a CHECK_STATE tests (en passant: -P).
 * A promoted form shares its base kind's letter and carries a fixed mark
 * instead: "+" for a "+X" symbol (shogi: +P), "-" for "X~" (crazyhouse: -Q).
 *
 * Games with hands: drops are "*" sources of the kind's plain id; the
 * piece a capture takes enters the mover's hand as its captured_as kind
 * (board-check's in_hand_add, one possibility per such kind). must-deny
 * writes them too (its effects are implied), board-check unless a drop
 * needs FILE_FREE_OF (it cannot forbid), require-prevent never (no hand).
 * Board patches write the states pieces end up in (a king that castles
 * becomes K, a pawn's double step leaves -P). A flag that lasts one turn
 * is written by the patch; removing it when it expires is the rule
 * system's business, like check.
 *
 * Ownership and threads follow ggn/ggn.h; both functions only read the
 * game or position.
 */
#ifndef GGN_EXPORT_H
#define GGN_EXPORT_H

#include <stdbool.h>

#include "ggn/error.h"
#include "ggn/game.h"
#include "ggn/ruleset.h"

/*
 * Writes the game's pseudo-legal move library in `spelling` (pretty JSON,
 * two-space indent, ending with a newline). NOT_ATTACKED and
 * PATH_NOT_ATTACKED are left out: whether a square is attacked is the rule
 * system's question (GGN seed 001, "castling paths", check).
 * Returns a new string (release with free()), or NULL with err filled:
 * GGN_E_CONVERSION when the game cannot be said in GGN (more or fewer than
 * two players, a kind without a symbol, a state flag that lasts other than
 * one turn or for ever, two tested flags on one kind, ids written alike) or
 * not in this spelling (hands in require-prevent, FILE_FREE_OF or a move
 * putting two pieces into the hand in board-check), GGN_E_LIMIT when a
 * move splits into more possibilities than the exporter allows,
 * GGN_E_NOMEM, GGN_E_USAGE for a NULL game or an unknown spelling.
 * Thread safety: read-only on g.
 */
char *ggn_game_export(const ggn_game *g, ggn_spelling spelling, ggn_error *err);

/*
 * The board state of pos as the exported library reads it: every piece
 * with its exported id and state, both hands (plain ids), the player to
 * move active. Works in every spelling, even one the export refuses.
 *
 * With as_played true, pos is read as the patch of its last move leaves
 * it: the player who made that move is active and one-turn flags are
 * judged at that move's ply, so a flag the opponent set is still there
 * (the rule system has not yet let it expire) and the one just set is
 * visible. Comparing that board with the board a transition's diff gives
 * is how tests/test_export.c proves the two agree. Requires a move to
 * take back (GGN_E_STATE otherwise).
 *
 * Returns a new state (free with ggn_board_state_free) or NULL with err
 * filled (the errors of ggn_game_export, GGN_E_CONVERSION for a piece
 * that is unmoved and flagged at once, which no single state can say).
 * Thread safety: read-only on pos.
 */
ggn_board_state *ggn_position_export_state(const ggn_position *pos, ggn_spelling spelling, bool as_played,
                                           ggn_error *err);

/*
 * The same board state written as FEEN, the text `ggn moves --position`
 * reads (docs/ggn.md): the current form `<placement> <first>/<second>
 * <A/o>`, ranks from the highest, each piece its id without the name
 * ("+P" for C:+P, "-p" for c:-p), both hands in the game's kind order,
 * the last field the names of the side to move and the other. Disabled
 * squares are written as empty ones. The position is read as it stands
 * (as_played false). Returns a new string (release with free()) or NULL
 * with err filled (as ggn_position_export_state).
 * Thread safety: read-only on pos.
 */
char *ggn_position_export_feen(const ggn_position *pos, ggn_spelling spelling, ggn_error *err);

#endif
