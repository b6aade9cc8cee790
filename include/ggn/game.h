/*
 * ggn/game.h — running a game spec: the compiled game, positions, legal
 * moves, make/unmake, game end, FEN and SFEN, perft.
 *
 * A ggn_game is compiled once from a game spec (seed 004 plus ggn's
 * extensions, docs/game-spec.md) and is then read-only: any number of
 * positions, in any number of threads, may share it. A ggn_position is
 * mutable and belongs to one thread at a time; it keeps its own undo stack
 * (GGN_MAX_PLY deep), so make/unmake need no allocation.
 *
 * A position reads its game's tables and does not own them: the game must
 * outlive every position made from it. Free the positions first, then the
 * game; using a position after ggn_game_free is a use-after-free.
 *
 * Nothing is allocated by move generation, make/unmake, status or perft.
 */
#ifndef GGN_GAME_H
#define GGN_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/error.h"

typedef struct ggn_game ggn_game;
typedef struct ggn_position ggn_position;

/*
 * A move, as generated for one position. Opaque in meaning outside the
 * position it was generated for: compare moves with ggn_move_equal and turn
 * them into text with ggn_move_format (ggn/notation.h). The functions that
 * take a move check that it fits the position they are given (its squares
 * and indices in range, a piece of the player to move on its source with
 * that move definition, or a kind in that player's hand for a drop) and
 * refuse one that does not; that check is not a legality test (see
 * ggn_position_make).
 */
typedef struct ggn_move {
    uint16_t from;      /* square index (y * cols + x) */
    uint16_t to;        /* square index */
    uint8_t pattern;    /* index of the move definition in the piece's moves */
    uint8_t action;     /* index of the action in that move */
    uint8_t promotion;  /* 0, or 1 + index of the chosen TRANSFORM option */
    union {
        uint8_t modifier; /* with a promotion: index of the TRANSFORM modifier that fired */
        uint8_t gate;     /* without one (promotion == 0): 0, or gating (docs/game-spec.md): 1 + the
                             kind that enters from the hand on the square the move vacates; with
                             GGN_GATE_AT_EFFECT set, on the square its MOVE side effect vacated (a
                             castling partner's) instead of the source */
    };
} ggn_move;
/*
 * A chain capture (extension "chain", docs/game-spec.md) is one move however
 * many pieces it jumps: pattern is the move of its last jump (a chain move,
 * which has one action), and action (low byte) with modifier (high byte)
 * hold 1 + its index among the chains of the piece on `from`, in generation
 * order; its crowning, if any, is promotion of the TRANSFORM that fires on
 * its last landing.
 */

/* ggn_move.gate: the gated piece enters where the move's MOVE side effect took a piece from. */
#define GGN_GATE_AT_EFFECT 0x80u

/*
 * A drop from the hand (games with "hands", docs/game-spec.md) has
 * from == GGN_MOVE_DROP, to = the square, pattern = the kind taken from
 * the hand and action = the index of the kind's drop rule (whose "as" may
 * put another kind on the board: the one the move's text names).
 */
#define GGN_MOVE_DROP 0xFFFFu

/*
 * A pass (games with "pass", docs/game-spec.md) has from == to == the
 * square of the passing player's leader, pattern = action = 0: written as
 * that square twice (`e2e2`), as Fairy-Stockfish writes it. Only a game
 * with passing has passes (elsewhere a chain capture may end where it began).
 */
bool ggn_move_is_pass(const ggn_game *game, ggn_move m);
/*
 * True for the swap of a game with the swap (pie) rule (docs/game-spec.md,
 * "The swap (pie) rule"): a drop on the square the first stone is reflected
 * to, told apart from a plain placement there by this test alone, so that a
 * protocol can name it ("swap", GTP's and SGF's "swap-pieces").
 */
bool ggn_move_is_swap(const ggn_game *game, ggn_move m);
/*
 * The passes made in a row just before this position (0 when the last move
 * was not a pass, or none is on record). Not part of ggn_position_hash (a
 * pass repeats the position), yet it decides what a pass does next where
 * game_end.passes ends the game: the search keys its table with both.
 */
int ggn_position_passes_in_a_row(const ggn_position *pos);

/* ---- games -------------------------------------------------------------- */

/*
 * Loads, validates and compiles a game spec. On failure returns NULL and
 * appends every problem found to errs (may be NULL). The result is freed
 * with ggn_game_free.
 */
ggn_game *ggn_game_load_file(const char *path, ggn_errors *errs);
ggn_game *ggn_game_load_string(const char *text, size_t len, const char *name, ggn_errors *errs);
void ggn_game_free(ggn_game *game);

const char *ggn_game_name(const ggn_game *game);
int ggn_game_cols(const ggn_game *game);
int ggn_game_rows(const ggn_game *game);
/* True when the square (x, y) exists: on the board and not disabled. */
bool ggn_game_square_enabled(const ggn_game *game, int x, int y);
/*
 * The shape of the board's cells (the spec's board.cells): square cells have
 * four neighbours, (x±1, y) and (x, y±1); hexagonal cells six, those and
 * (x+1, y-1), (x-1, y+1) — an n x m rhombus of hexagons, drawn with each
 * row shifted half a cell from the one below.
 */
typedef enum ggn_cells { GGN_CELLS_SQUARE = 0, GGN_CELLS_HEX = 1 } ggn_cells;
ggn_cells ggn_game_cells(const ggn_game *game);
int ggn_game_player_count(const ggn_game *game);
const char *ggn_game_player_name(const ggn_game *game, int player);
int ggn_game_kind_count(const ggn_game *game);
const char *ggn_game_kind_code(const ggn_game *game, int kind);
/* The kind's one-letter symbol (upper case), or '\0' when the spec gives none. */
char ggn_game_kind_symbol(const ggn_game *game, int kind);
/* The kind's value in centipawns (the spec's `value`, or the documented default). */
int ggn_game_kind_value(const ggn_game *game, int kind);
/* The leader kind, or -1 for games without one. */
int ggn_game_leader(const ggn_game *game);

/* True when the game keeps hands: captured pieces go to the capturer, drops are moves. */
bool ggn_game_has_hands(const ggn_game *game);
/*
 * True when a turn may come in parts (extension "then", docs/game-spec.md): after some moves the
 * same player is still to move and plays the turn's next part (Amazons: the queen's move, then
 * its arrow). Each part is a move of its own, and an action of its own; ggn_perft counts turns.
 */
bool ggn_game_has_parts(const ggn_game *game);
/* A game with hands whose captures go to the capturer's hand (false: only what the hands start
 * with is ever dropped, the spec's "captures_to_hand": false; false too in a game without hands). */
bool ggn_game_captures_to_hand(const ggn_game *game);
/* Does the game have gating (pieces from the hand enter squares unmoved pieces leave; ggn_move.gate)? */
bool ggn_game_has_gating(const ggn_game *game);
/* Does a move turn pieces of another player into the mover's (extension "converts": Othello, Ataxx)? */
bool ggn_game_has_conversion(const ggn_game *game);
/* Does a drop remove whole groups left without liberties (extension "group_capture": Go)? */
bool ggn_game_has_group_capture(const ggn_game *game);

/*
 * How the kind's symbol marks it as a promoted piece: '+' for a symbol
 * written "+X" (shogi), '~' for "X~" (FEN's mark, crazyhouse), '\0' for a
 * plain symbol or none. Promotion is a property of the kind: each promoted
 * form is a kind of its own (docs/game-spec.md, "captured_as").
 */
char ggn_game_kind_mark(const ggn_game *game, int kind);
/*
 * The player's display colour, 0xRRGGBB: the spec's "colour", or the fixed
 * palette's colour of the player's index (docs/game-spec.md, "players").
 */
uint32_t ggn_game_player_colour(const ggn_game *game, int player);

/*
 * Writes the kind's moves in Betza's notation (docs/game-spec.md#betza) into
 * buf (cap bytes, NUL-terminated): a string that a spec may give as the
 * piece's "betza" to get exactly the same moves. Returns false, with err
 * (GGN_E_CONVERSION) naming the move at fault, when the moves cannot all be
 * said in Betza (a promotion, castling, a named condition...), and
 * GGN_E_LIMIT when the string does not fit in cap.
 */
bool ggn_game_kind_betza(const ggn_game *game, int kind, char *buf, size_t cap, ggn_error *err);
/*
 * As ggn_game_kind_betza, but a move that promotes is written by where it
 * goes and its promotion left unsaid (a shogi pawn is "fW"): the moves'
 * geometry, for a GUI that judges promotions itself (XBoard's `piece`).
 */
bool ggn_game_kind_betza_geometry(const ggn_game *game, int kind, char *buf, size_t cap, ggn_error *err);
/* True when a move of the kind can promote it (a TRANSFORM modifier, docs/game-spec.md). */
bool ggn_game_kind_promotes(const ggn_game *game, int kind);
/*
 * The moves of a wider piece that has every move of the kind: as
 * ggn_game_kind_betza_geometry, but a condition that only narrows where or
 * when a move may be made (a zone such as janggi's palace, a named
 * condition, a first move), a side effect and a hop's exceptions are left
 * out, and castling is left to the GUI's king. For a GUI that must accept
 * every move of the kind and may accept more (`ggn xboard`'s `piece` lines
 * where no exact Betza exists). *wider (may be NULL) is set when the piece
 * written attacks squares the kind does not (a narrowing of a capture was
 * left out), so a GUI that tests checks with it would see false ones.
 */
bool ggn_game_kind_betza_outline(const ggn_game *game, int kind, char *buf, size_t cap, bool *wider, ggn_error *err);

/* ---- positions ---------------------------------------------------------- */

/* A new position at the game's start. NULL only when out of memory. */
ggn_position *ggn_position_new(const ggn_game *game);
/* Does the game draw its start (extension random_start, docs/game-spec.md)? */
bool ggn_game_has_random_start(const ggn_game *game);
/*
 * Sets pos to a start drawn by the game's random_start rules: the same seed
 * gives the same start on every machine. False (pos unchanged) when the game
 * has no random_start. ggn_position_new's start is the one the spec writes.
 */
bool ggn_position_random_start(ggn_position *pos, uint64_t seed);
void ggn_position_free(ggn_position *pos);
/* Copies src into dst (both of the same game). */
void ggn_position_copy(ggn_position *dst, const ggn_position *src);
const ggn_game *ggn_position_game(const ggn_position *pos);

/* The player to move (index into the game's players). */
int ggn_position_to_move(const ggn_position *pos);
/* Half-moves played since the position was set up. */
int ggn_position_ply(const ggn_position *pos);

/*
 * What stands on (x, y): returns false for an empty or missing square;
 * otherwise fills kind, owner and whether the piece has never moved.
 */
bool ggn_position_piece_at(const ggn_position *pos, int x, int y, int *kind, int *owner, bool *unmoved);

/*
 * True when a piece of `kind` owned by `player` standing on (x, y) wins the
 * game by one of game_end's goals (a zone goal whose result is a win): what
 * the computer player walks its pieces towards. False off the board and for
 * a bad argument.
 */
bool ggn_game_goal_square(const ggn_game *game, int player, int kind, int x, int y);

/* One piece on the board, as ggn_position_pieces lists it. */
typedef struct ggn_piece_place {
    int16_t square;        /* y * ggn_game_cols + x */
    uint8_t kind;
    uint8_t owner;
} ggn_piece_place;

/*
 * Lists the pieces on the board (in no set order) into buf, at most cap of
 * them; returns how many there are. Cheaper than asking ggn_position_piece_at
 * square by square: it reads the position's piece list.
 */
size_t ggn_position_pieces(const ggn_position *pos, ggn_piece_place *buf, size_t cap);

/*
 * The squares a piece of `kind` owned by `player` could move to from (x, y)
 * on an otherwise empty board, counting every move's landings whatever its
 * conditions (a hop, which needs a screen, counts none): a measure of how
 * much the square gives the kind. 0 for a disabled square or a bad argument.
 */
int ggn_game_kind_reach(const ggn_game *game, int player, int kind, int x, int y);

/*
 * How exposed a piece standing on (x, y) is to conversion (extension
 * "converts", docs/game-spec.md): the number of ways another player's arrival
 * could turn it — for each converting kind's "flanked" direction, the line
 * through (x, y) whose two neighbours both exist; for each "adjacent" offset,
 * the square it could be converted from. 0 on a square no conversion reaches
 * (a corner under "flanked"); -1 in a game without conversion, for a disabled
 * square or a bad argument. What the computer player values unexposed squares by.
 */
int ggn_game_conversion_exposure(const ggn_game *game, int x, int y);

/*
 * Those squares themselves: writes up to cap of them to squares (as y * cols
 * + x, each once; squares may be NULL when cap is 0) and returns how many
 * there are, which is ggn_game_kind_reach's count.
 */
int ggn_game_kind_landings(const ggn_game *game, int player, int kind, int x, int y, int *squares, int cap);

/*
 * The most value a piece of `kind` owned by `player` can gain by a promotion
 * (a TRANSFORM whose options include a kind worth more) that is tied to
 * squares by named POSITION conditions, all of which hold on (x, y): as its
 * landing, its source or its path, so that standing there or reaching it lets
 * the piece promote. Other conditions of the promotion are taken to hold.
 * 0 where none can, for a disabled square or a bad argument: a shogi silver
 * gains 50 on its three far ranks, a chess pawn 800 on the last rank. What
 * the computer player draws its pieces towards.
 */
int ggn_game_promotion_gain(const ggn_game *game, int player, int kind, int x, int y);

/* Pieces of `kind` in the hand of `player` (0 in games without hands, and for an unlimited supply). */
int ggn_position_hand_count(const ggn_position *pos, int player, int kind);
/*
 * True when `player` places `kind` from a supply that never runs out (a
 * starting hand's "count": "unlimited"): its drops are always there, and no
 * count is kept (FEN writes no pocket for it; the observation's hand plane is 1).
 */
bool ggn_game_supply_unlimited(const ggn_game *game, int player, int kind);

/* True when the move is a drop from the hand. */
bool ggn_move_is_drop(ggn_move move);

/*
 * The position's identity as a Zobrist hash: pieces, the turn, hands, the
 * unmoved states some move reads, castling rights, and the moves a state
 * flag allows now (en passant). Equal positions in FIDE's sense have equal
 * hashes (docs/game-spec.md, "Same position").
 */
uint64_t ggn_position_hash(const ggn_position *pos);


/* ---- moves -------------------------------------------------------------- */

/*
 * Writes every legal move of the position into buf (at most cap) and
 * returns how many there are (possibly more than cap). Only the first
 * GGN_MAX_MOVES pseudo-legal moves of a position are considered: a position
 * with more (possible only on very large boards crowded with long-range
 * pieces) is judged on those, as docs/limits.md explains. A move is legal when
 * it is pseudo-legal (the spec's moves, conditions and actions allow it) and,
 * in a game with a leader, leaves none of the mover's leaders attacked.
 * Each TRANSFORM option is a separate move.
 */
size_t ggn_position_legal_moves(ggn_position *pos, ggn_move *buf, size_t cap);
/* Same, without the leader-safety filter. */
size_t ggn_position_pseudo_moves(ggn_position *pos, ggn_move *buf, size_t cap);

/* Options of ggn_position_pseudo_moves_ex; all false is ggn_position_pseudo_moves. */
typedef struct ggn_gen_options {
    /*
     * Take NOT_ATTACKED and PATH_NOT_ATTACKED as true without looking at
     * attacks: the pseudo-legal moves as GGN sees them (GGN leaves attacked
     * squares to the rule system; see docs/export.md).
     */
    bool assume_unattacked;
} ggn_gen_options;

/*
 * ggn_position_pseudo_moves with options (opts may be NULL). Used by the
 * export cross-check; the normal generator does not pay for the option.
 */
size_t ggn_position_pseudo_moves_ex(ggn_position *pos, const ggn_gen_options *opts, ggn_move *buf, size_t cap);

/*
 * Plays a move generated for this position. Returns false (position
 * unchanged) when the undo stack is full (GGN_MAX_PLY) or when the move does
 * not fit this position (a square or index out of range, no piece of the
 * player to move on its source, a move definition or promotion option its
 * kind does not have, a drop of a kind not in hand or onto an occupied
 * square): a move from another position or game, or garbage, is refused
 * rather than corrupting the board. The check is cheap and not a legality
 * test: a move that fits but is not among ggn_position_legal_moves (one kept
 * from another position where the same piece stood) is played as that
 * piece's move, and the rules are then the caller's business. Take moves
 * from ggn_position_legal_moves or ggn_move_parse to stay within the rules.
 */
bool ggn_position_make(ggn_position *pos, ggn_move move);
/* Takes back the last move made. Returns false when there is none. */
bool ggn_position_unmake(ggn_position *pos);
/*
 * For the search's null-move pruning: the player to move passes (no piece
 * moves; the turn, hash, ply and halfmove clock advance as after a quiet
 * move). ggn_position_unmake takes it back; ggn_position_last_move then
 * reports from == to == GGN_MOVE_DROP. Not a move of any game: never offer
 * it as one. False when the undo stack is full.
 */
bool ggn_position_make_null(ggn_position *pos);
/* Number of moves that can be taken back. */
int ggn_position_history(const ggn_position *pos);
/* The move that led to this position (false at the root). */
bool ggn_position_last_move(const ggn_position *pos, ggn_move *move);

bool ggn_move_equal(ggn_move a, ggn_move b);


/*
 * True when the move's destination holds (or its effects remove) an
 * opponent's piece. False for a drop and for a move that does not fit the
 * position (as ggn_position_make checks).
 */
bool ggn_move_is_capture(const ggn_position *pos, ggn_move move);

/* ---- game end ----------------------------------------------------------- */

typedef enum ggn_outcome {
    GGN_ONGOING = 0,
    GGN_CHECKMATE,          /* no legal move, a leader attacked: the last mover wins */
    GGN_STALEMATE,          /* no legal move, no leader attacked: draw */
    GGN_LEADER_CAPTURED,    /* a leader was captured: the capturer wins */
    GGN_DRAW_REPETITION,    /* draw_conditions.repetition_count reached */
    GGN_DRAW_NO_PROGRESS,   /* draw_conditions.fifty_move_halfmoves reached */
    GGN_DRAW_MATERIAL,      /* draw_conditions.insufficient_material matched */
    /* game_end (docs/game-spec.md): */
    GGN_GOAL,               /* a piece stands on a goal zone (.player, .kind, .rule = the goal) */
    GGN_EXTINCTION,         /* a player has too few pieces of some kinds (.player, .rule) */
    GGN_CHECK_LIMIT,        /* a player gave game_end.check_limit checks (.player) */
    GGN_LAST_PLAYER,        /* game_end.elimination: every other player is out; .winner is the last */
    GGN_PASSES,             /* game_end.passes: that many passes in a row (.player made the last) */
    GGN_LEADERS_FACING,     /* game_end.facing_leaders: .player passed with the leaders facing */
    GGN_LINE,               /* game_end.lines: .player has a row of its pieces (.rule = the rule) */
    GGN_CONNECTION,         /* game_end.connections: .player's pieces join two regions (.rule) */
    GGN_UNITED,             /* game_end.united: .player's pieces stand in one group (.rule) */
    GGN_ENCLOSED,           /* game_end.enclosed: no piece of .player can reach the board's edge (.rule) */
    GGN_FORT,               /* game_end.fort: .player holds a fort on the board's edge that cannot be broken (.rule) */
    GGN_REPETITION_LOSS     /* draw_conditions.repetition_count reached with a repetition_loser: .player loses */
} ggn_outcome;

typedef struct ggn_status {
    ggn_outcome outcome;
    int winner;             /* player index, or -1 (draws, ongoing; with more than two players a
                               loss of one player is a win for the last mover) */
    bool in_check;          /* a leader of the player to move is attacked */
    bool draw;              /* the game is over and drawn */
    int player;             /* the player the deciding rule concerns (the one with no move, the one
                               on the goal, the one left without pieces), or -1 */
    int kind;               /* GGN_GOAL: the kind on the zone; otherwise -1 */
    int rule;               /* GGN_GOAL / GGN_EXTINCTION: index of the rule in game_end; GGN_CHECKMATE:
                               GGN_MATE_BY_ONLY or GGN_MATE_WITHOUT_CHECK when that game_end rule
                               judged the mate; otherwise -1 */
} ggn_status;

/* ggn_status.rule of a checkmate judged by game_end.checkmate_by_only / checkmate_needs. */
enum { GGN_MATE_BY_ONLY = 0, GGN_MATE_WITHOUT_CHECK = 1 };

/* Judges the position (draw rules included). */
ggn_status ggn_position_status(ggn_position *pos);
const char *ggn_outcome_name(ggn_outcome outcome);
/*
 * The result in words, for people: "WHITE wins: KING reached HILL",
 * "Draw: stalemate", "" while the game goes on. Returns the length
 * (snprintf's convention).
 */
size_t ggn_status_describe(const ggn_game *game, const ggn_status *st, char *buf, size_t cap);
/*
 * Area scoring (game_end.area, docs/game-spec.md): each player's area now —
 * its pieces on the board, the empty regions that touch its pieces only, and
 * its komi — into scores[ggn_game_player_count]; false (scores untouched) in a
 * game that does not count area. The game decided by "area" is won by the
 * highest score.
 */
bool ggn_position_area_scores(const ggn_position *pos, double *scores);

/* True when a leader of `player` is attacked by another player; false for a player out of range. */
bool ggn_position_leader_attacked(const ggn_position *pos, int player);
/*
 * True when square sq (y * cols + x, as in ggn_move) is attacked by a player
 * other than `player`, by the same rule as a leader (docs/game-spec.md);
 * false for a square or player out of range. The search's exchange estimate.
 */
bool ggn_position_square_attacked(const ggn_position *pos, int sq, int player);

/* The team of `player` (extension teams); a player's own index in a game without teams, -1 out of range. */
int ggn_game_team(const ggn_game *game, int player);

/* game_end.elimination: true when `player` has left the game (false for a player out of range). */
bool ggn_position_player_out(const ggn_position *pos, int player);

/* ---- perft -------------------------------------------------------------- */

/* Counts leaf nodes of the legal move tree to depth (draw rules ignored). */
uint64_t ggn_perft(ggn_position *pos, int depth);

/*
 * True when the last ggn_perft on pos met a position with more than
 * GGN_MAX_MOVES moves: it counted the first GGN_MAX_MOVES of them, so its
 * count is a lower bound, not the exact one (docs/limits.md).
 */
bool ggn_perft_capped(const ggn_position *pos);

/* Half-moves since the last capture or progress move (the no-progress counter). */
int ggn_position_halfmove_clock(const ggn_position *pos);

#endif
