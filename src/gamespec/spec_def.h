/*
 * spec_def.h — a game spec (seed 004 plus ggn's documented extensions) as
 * read from JSON: validated, with every name resolved to an index.
 *
 * This is the contract between the spec reader (src/gamespec/, JSON -> sd_game)
 * and the engine (src/engine/, sd_game -> compiled tables). The reader
 * guarantees every invariant written below; the engine relies on them and
 * does not check again.
 *
 * Coordinates: [x, y] with x = column, y = row, [0,0] bottom-left. Offsets
 * (steps, condition positions, side-effect squares) are in the neutral
 * frame, exactly as written; the engine rotates them per player.
 *
 * Memory: an sd_game and everything it points to belong to one arena,
 * released by sd_game_free.
 */
#ifndef GGN_SPEC_DEF_H
#define GGN_SPEC_DEF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ggn/error.h"
#include "ggn/limits.h"

/* Occupancy of a square as seen by the moving player. */
typedef enum sd_occupancy {
    SD_EMPTY = 0,     /* "EMPTY" */
    SD_ENEMY = 1,     /* "ENEMY": a piece of any other player */
    SD_ALLY = 2,      /* "ALLY": a piece of the moving player */
    SD_NOT_EMPTY = 3  /* "NOT_EMPTY": only as repeat.until */
} sd_occupancy;

typedef enum sd_action_kind { SD_ACTION_MOVE = 0, SD_ACTION_CAPTURE = 1 } sd_action_kind;

typedef enum sd_condition_kind {
    SD_COND_FIRST_MOVE,         /* the moving piece has made no move */
    SD_COND_DEPENDS_ON,         /* .move: an earlier move of this kind produced a landing */
    SD_COND_PIECE_FIRST_MOVE,   /* .pos occupied by an unmoved piece (false if off board/empty) */
    SD_COND_ROOK_FIRST_MOVE,    /* like PIECE_FIRST_MOVE but true when off board or empty */
    SD_COND_CHECK_STATE,        /* .pos occupied by a piece carrying .flag */
    SD_COND_PATH_EMPTY,         /* squares strictly between source and target are on board and empty */
    SD_COND_NOT_ATTACKED,       /* target not attacked by any opponent */
    SD_COND_PATH_NOT_ATTACKED,  /* source, the path and the target not attacked */
    SD_COND_NAMED,              /* .named: a global POSITION condition on the target */
    /* ggn extensions (docs/game-spec.md, "Extensions"): */
    SD_COND_SQUARES_EMPTY,      /* every square of .squares (offsets) is on board and empty */
    SD_COND_NAMED_SOURCE,       /* .named judged on the source square ("on": "SOURCE") */
    SD_COND_NAMED_PATH,         /* .named holds on the source, every square passed and the landing
                                   ("on": "PATH"); moves only, applied when rays are compiled */
    SD_COND_FILE_FREE_OF,       /* drops only: no piece of kind .piece of the dropping player
                                   stands on the drop square's file (the player's forward line) */
    SD_COND_PIECE_COUNT         /* the moving player has at most .count pieces of kind .piece on the board */
} sd_condition_kind;

typedef struct sd_condition {
    sd_condition_kind kind;
    int move;            /* DEPENDS_ON: index in the kind's moves[], always < this move's index */
    int pos[2];          /* PIECE_/ROOK_FIRST_MOVE, CHECK_STATE: offset from the source */
    int flag;            /* CHECK_STATE: index in sd_game.flags */
    int named;           /* NAMED, NAMED_SOURCE: index in sd_game.named */
    int piece;           /* PIECE_/ROOK_FIRST_MOVE extension "piece": kind index the occupant
                            must have, and it must belong to the mover; -1 = any piece.
                            FILE_FREE_OF: the kind (always >= 0) */
    int count;           /* PIECE_COUNT: "at_most", 0..GGN_MAX_PIECES_ON_BOARD (that when absent) */
    int at_least;        /* PIECE_COUNT extension "at_least": 0 (none) ..GGN_MAX_PIECES_ON_BOARD */
    int nsquares;        /* SQUARES_EMPTY: number of offsets */
    int (*squares)[2];   /* SQUARES_EMPTY: offsets from the source */
} sd_condition;

typedef enum sd_effect_kind {
    SD_EFFECT_SET_STATE,   /* .flag on the moved piece for .duration turns (-1 = for ever) */
    SD_EFFECT_CAPTURE,     /* remove whatever stands at source + .target */
    SD_EFFECT_MOVE         /* move the piece at source + .from to source + .to (if .piece matches) */
} sd_effect_kind;

typedef struct sd_effect {
    sd_effect_kind kind;
    int flag;            /* SET_STATE */
    int duration;        /* SET_STATE: >= 0, or -1 when absent (permanent) */
    int target[2];       /* CAPTURE */
    int from[2], to[2];  /* MOVE */
    int piece;           /* MOVE: kind filter, -1 = any */
} sd_effect;

typedef struct sd_action {
    sd_occupancy state;          /* SD_EMPTY, SD_ENEMY or SD_ALLY */
    sd_action_kind action;
    int nconditions;
    sd_condition *conditions;
    int neffects;
    sd_effect *effects;
} sd_action;

typedef struct sd_modifier {     /* always TRANSFORM */
    int nconditions;
    sd_condition *conditions;
    int noptions;                /* >= 1 */
    int *options;                /* kind indices */
    int *limits;                 /* extension option_limits: [noptions], 0 = none; NULL when absent */
} sd_modifier;

typedef struct sd_repeat {
    bool present;                /* false: the step is taken once */
    sd_occupancy until;          /* default SD_NOT_EMPTY */
    bool loop;                   /* default false */
    int times;                   /* >= 1, default 1; ignored when loop */
    int hop;                     /* extension: 0, or the pieces jumped before the first landing */
    unsigned long long hop_except; /* extension: kinds the hop may neither jump over nor land on */
    bool line_distance;          /* extension "distance": "pieces_on_line": exactly as many steps as pieces
                                    stand on the line through the source (read_line_distance.c) */
} sd_repeat;

/*
 * Extension "castle": castling to fixed files. The castler stays on its rank
 * and takes along an unmoved partner of its own found on that rank on the
 * given side; the two land on fixed files, wherever they started.
 */
typedef struct sd_castle {
    bool present;                /* false: an ordinary move (step, actions, ...) */
    int partner;                 /* kind index of the partner (another kind than the castler) */
    int side;                    /* +1: the partner stands on a higher file (x) than the castler; -1: lower */
    int castler_file;            /* 0..cols-1: the file (x) the castler lands on */
    int partner_file;            /* 0..cols-1, != castler_file: the file the partner lands on */
} sd_castle;

typedef struct sd_move {
    int id;                      /* as written; unique within the kind */
    int step[2];                 /* [0,0] only for a move that stays and transforms (no repeat, only
                                    EMPTY actions without effects, a modifier without conditions), and for
                                    a castle move */
    bool giving_check_illegal;   /* extension: the move may not leave another player's leader attacked */
    bool attacking_illegal;      /* extension: after the move, the piece may not attack another player's piece */
    int nactions;                /* >= 1; 0 for a castle move (which has nothing but .castle) */
    sd_action *actions;
    int nconditions;
    sd_condition *conditions;
    int nmodifiers;
    sd_modifier *modifiers;
    int neffects;
    sd_effect *effects;
    sd_repeat repeat;
    bool chain;                  /* extension "chain": a jump capture that continues while it can
                                    (read_chain.c checks the shape it needs) */
    bool chain_promotion_ends;   /* chain.promotion_ends: a landing where a TRANSFORM fires ends the chain */
    sd_castle castle;            /* extension: when present, the move is this castling and nothing else */
    bool clone;                  /* extension "clone": the piece stays and a copy lands (read_clone.c:
                                    one EMPTY -> MOVE action and a plain step, nothing else) */
    bool to_any;                 /* extension "to": "any": the move lands on any square of the board but
                                    its own, rather than along a step (read_board_lines.c; step [0, 0]) */
} sd_move;

/* Extension "drops": one way of putting a kind from the hand on the board. */
typedef struct sd_drop {
    int nconditions;             /* only SD_COND_NAMED (judged on the drop square) and SD_COND_FILE_FREE_OF */
    sd_condition *conditions;
    bool no_checkmate;           /* extension "no_checkmate": the drop may not checkmate (shogi's uchifuzume) */
    int as;                      /* extension "as": the kind put on the board (the dropped kind itself by
                                    default); another kind is placed by no other kind's drops */
    bool unmoved;                /* extension "unmoved": the dropped piece counts as never moved
                                    (FIRST_MOVE holds, castling rights; placement's king and rooks) */
    bool gravity;                /* extension "gravity": the piece enters its line at the far end and
                                    falls along .fall until the next square is occupied or off the board */
    int fall[2];                 /* gravity: the direction of the fall, board frame (not turned per player) */
} sd_drop;

/* Extension "converts": what a piece of the kind does to other players' pieces when it arrives. */
typedef enum sd_convert_how {
    SD_CONVERT_NONE = 0,
    SD_CONVERT_ADJACENT,         /* the pieces on landing + each offset */
    SD_CONVERT_FLANKED           /* along each direction, the unbroken run ended by a piece of the mover */
} sd_convert_how;

typedef struct sd_convert {
    sd_convert_how how;
    int noffsets;                /* 1..GGN_MAX_CONVERT_OFFSETS, distinct, none [0, 0] */
    int (*offsets)[2];           /* from the landing square, neutral frame */
    bool required;               /* a move or drop of the kind that converts nothing is not legal */
} sd_convert;

/* Extension "custodial": the other players' pieces a piece of the kind takes by enclosing them when it arrives. */
typedef struct sd_custodial {
    bool given;                  /* the kind has "custodial" */
    int ndirections;             /* 1..GGN_MAX_CONVERT_OFFSETS, distinct, none [0, 0]; neutral frame */
    int (*directions)[2];        /* default: the four orthogonal steps */
    unsigned long long captures; /* kinds taken between the arriving piece and a partner (default: all) */
    unsigned long long partners; /* own kinds that close an enclosure (default: all) */
    unsigned long long surround; /* kinds taken only when enclosed along every direction (default: none) */
    int hostile;                 /* named POSITION condition: its empty squares, read for the mover, act
                                    as a partner; -1 when absent */
    bool shield_wall;            /* also takes rows of two or more along the board's edge, bracketed at
                                    both ends and each flanked in front (tafl's shield wall) */
} sd_custodial;
/*
 * Extension turns.parts (read_series.c): every turn is a series of moves by its player. Turn t of
 * the game (0 the first, as ggn_position_ply counts turns) has min(first + step * t, max) moves;
 * with check_ends_turn a move that leaves another player's leader attacked ends the series there.
 * first == 0: the game has no series (one move a turn).
 */
typedef struct sd_series {
    int first;                   /* 1..GGN_MAX_PLY moves in the game's first turn; 0 = no series */
    int step;                    /* 0..GGN_MAX_PLY moves more in each later turn */
    int max;                     /* first..GGN_MAX_PLY: no turn has more */
    bool check_ends_turn;
    bool states_first_move;      /* a state set with a duration is seen by a turn's first move only */
} sd_series;

/*
 * Extension "then": a turn in parts (read_then.c). After a board move of the
 * kind, the same player plays one more part before the turn passes: a piece
 * of kind `place` lands on an empty square that one of `steps` reaches from
 * the square the piece arrived on (Amazons' arrow).
 */
typedef struct sd_then_step {
    int step[2];                 /* neutral frame, as a move's step */
    int range;                   /* 0: as far as the way is empty; n >= 1: at most n steps */
} sd_then_step;

typedef struct sd_then {
    int place;                   /* the kind placed; -1 when the kind has no "then" or removes */
    int nsteps;                  /* 1..GGN_MAX_MOVES_PER_KIND */
    sd_then_step *steps;
    bool remove;                 /* "remove": "ENEMY": the part takes another player's piece off the
                                    board instead (Nine Men's Morris); it follows drops too */
    bool when_line;              /* "when": "closes_line": the part is played only when the piece that
                                    arrived completes one of the board's lines with its player's pieces */
    bool spare_lines;            /* "except": "in_line": pieces on a line full of their owner's are spared
                                    while another can be taken */
} sd_then;

typedef struct sd_kind {
    char code[GGN_MAX_STRING_BYTES + 1];   /* unique */
    char name[GGN_MAX_STRING_BYTES + 1];   /* "" when absent */
    char symbol;         /* extension: one upper-case letter for FEN/GAN, '\0' when absent;
                            (symbol, symbol_promoted) unique among kinds when present */
    bool symbol_promoted; /* extension: the symbol was written "X~" or "+X" (FEN's promoted mark) */
    bool symbol_plus;    /* extension: the symbol was written "+X" (shogi FEN and move text) */
    bool san_given;      /* extension "san": the kind's letter in SAN is san_letter ('\0': none, as
                            the chess pawn); otherwise SAN derives it from the symbol (san.c) */
    char san_letter;
    int captured_as;     /* extension: the kind that goes to the capturer's hand (itself by default) */
    int ndrops;          /* extension "drops": ways to drop the kind; default one with no condition */
    sd_drop *drops;
    bool drops_opposite_colours; /* extension: the player's pieces of this kind are dropped on squares
                                    of different colours, and other drops leave room for that */
    int value;           /* extension: material value in centipawns; -1 when absent */
    sd_convert convert;  /* extension "converts"; how == SD_CONVERT_NONE when absent (read_convert.c) */
    sd_custodial custodial; /* extension "custodial"; .given false when absent (read_custodial.c) */
    int nmoves;
    sd_move *moves;
    sd_then then;        /* extension "then": the part that follows the kind's board moves */
} sd_kind;

typedef struct sd_start {
    int kind;
    int x, y;            /* on the board, not disabled, no square used twice in the game */
} sd_start;

/* Extension: pieces a player holds in hand at the start (players[].starting_hand). */
typedef struct sd_hand_start {
    int kind;
    int count;           /* 1..GGN_MAX_PIECES_ON_BOARD; each kind listed once; 0 when unlimited */
    bool unlimited;      /* extension: "count": "unlimited", a supply that never runs out (placement games) */
} sd_hand_start;

typedef struct sd_player {
    char name[GGN_MAX_STRING_BYTES + 1];   /* unique */
    int dir[2][2];       /* determinant +1 or -1; step' = dir * step (column vector) */
    uint32_t colour;     /* extension: display colour 0xRRGGBB; the palette's colour of the
                            player's index when the spec gives none (read_players.c) */
    int nstarts;
    sd_start *starts;
    int nhand;           /* extension starting_hand: only in a game with hands */
    sd_hand_start *hand;
} sd_player;

typedef struct sd_named {
    char code[GGN_MAX_STRING_BYTES + 1];   /* unique; never a built-in condition name */
    int *nsquares;       /* [nplayers]: number of squares listed for each player (0 if absent) */
    int (**squares)[2];  /* [nplayers][nsquares[p]]: board coordinates */
} sd_named;

/*
 * Extension board.cells: square cells have four neighbours (x±1, y), (x, y±1);
 * hexagonal cells six, those and (x+1, y-1), (x-1, y+1) (an n x m rhombus of
 * hexagons; other shapes are the same array with disabled squares).
 */
typedef enum sd_cells { SD_CELLS_SQUARE = 0, SD_CELLS_HEX = 1 } sd_cells;

/* Extension: a dead position stated for all players at once (draw_conditions.insufficient_material). */
typedef struct sd_dead {
    int nsides;          /* == sd_game.nplayers (0 after an error) */
    int *sizes;          /* [nsides] */
    int **kinds;         /* [nsides][sizes[i]]: kind indices (a multiset; NULL when empty) */
    unsigned long long same_colour; /* bit k: every piece of kind k on the board on one square colour */
} sd_dead;

typedef struct sd_draw {
    bool present;        /* the top-level "draw_conditions" object was given */
    int repetition_count;        /* 0 = no repetition rule */
    int repetition_loser;        /* extension "repetition_loser": the player who loses when the count is
                                    reached (Copenhagen tafl's perpetual repetition); -1: a draw */
    int fifty_move_halfmoves;    /* 0 = no such rule */
    int nreset_kinds;            /* kinds whose moves reset the counter (captures always do) */
    int *reset_kinds;
    int ninsufficient;           /* insufficient-material sets */
    int *insufficient_sizes;     /* [ninsufficient] */
    int **insufficient;          /* [ninsufficient][size]: kind indices (a multiset) */
    int ndead;                   /* whole-position entries (extension) */
    sd_dead *dead;               /* [ndead] */
} sd_draw;

/* Extension "game_end": the result a rule gives to the player it concerns. FEWEST_PIECES (no_move
 * only): the player with the fewest pieces wins, a tie among the fewest is a draw. */
typedef enum sd_result {
    SD_RESULT_LOSS = 0,
    SD_RESULT_DRAW = 1,
    SD_RESULT_WIN = 2,
    SD_RESULT_FEWEST_PIECES = 3,
    SD_RESULT_POINTS = 4,        /* passes, facing_leaders and no_move.not_in_check only: game_end.points decides */
    SD_RESULT_AREA = 5           /* passes and facing_leaders only: game_end.area counts (score_area.c) */
} sd_result;

/* A player wins (loses, draws) while one of its pieces of .kinds stands on a square of named .named. */
typedef struct sd_goal {
    int named;                   /* index in sd_game.named; has squares for at least one player */
    unsigned long long kinds;    /* bit k: kind k counts; all bits when "pieces" is absent */
    sd_result result;
    bool answer;                 /* "answer": judged only when its player is to move again, so every
                                    other player had one move to reach its own zone (then a draw) */
    bool round;                  /* "answer": "round" (two players): judged by rounds of the turn
                                    order, the second player answering the first (goal_round.c) */
} sd_goal;

/* A player gets .result while it has fewer than .fewer_than pieces of .kinds (board and hand). */
typedef struct sd_extinction {
    unsigned long long kinds;    /* all bits when "pieces" is absent */
    int fewer_than;              /* >= 1 */
    sd_result result;
    unsigned players;            /* extension "players": bit p = the rule concerns player p (all when absent) */
    bool answer;                 /* "answer": the player to move may still bring every other player
                                    below the limit with its move; the rule holds only against
                                    players that are not (or, to move, cannot be) below it too */
} sd_extinction;

/*
 * Extension "lines" (read_goal_line.c): a player gets .result while .length of
 * its pieces of .kinds stand in a row, one .dirs step apart (with .exact, a
 * row of exactly .length: an overline does not count).
 */
typedef struct sd_line {
    int length;                  /* 2..GGN_MAX_BOARD_SIDE; some direction of the board holds such a row */
    bool exact;
    int ndirs;                   /* 1..GGN_MAX_LINE_DIRECTIONS */
    int dirs[GGN_MAX_LINE_DIRECTIONS][2]; /* board frame; none [0, 0], no two on one line (d and -d) */
    unsigned long long kinds;    /* all bits when "pieces" is absent */
    sd_result result;
} sd_line;

/*
 * Extension "connections" (read_goal_line.c): a player gets .result while a
 * chain of its pieces of .kinds, each a neighbour of the next (the board's
 * cells), joins a square of region[0] to a square of region[1], both judged
 * for that player. Every player with squares in one region has squares in
 * both, and a chain of board squares could join them.
 */
typedef struct sd_connection {
    int region[2];               /* named POSITION conditions, different */
    unsigned long long kinds;
    sd_result result;
} sd_connection;

/*
 * Extension "united" (read_goal_line.c): a player gets .result while its
 * pieces of .kinds on the board, at least one, form one group, each joined
 * to another by a neighbour step: the eight king steps with .diagonal (four
 * without) on square cells, the six neighbours on hexagonal ones.
 */
typedef struct sd_united {
    unsigned long long kinds;
    bool diagonal;
    sd_result result;
} sd_united;

/*
 * Extension "enclosed" (read_goal_line.c): a player of .players gets .result
 * while no square that its pieces reach by orthogonal steps through squares
 * free of other players' pieces lies on the board's edge (tafl's
 * encirclement). A player without pieces is not enclosed.
 */
typedef struct sd_enclosed {
    unsigned players;            /* bit p: the rule concerns player p (all when "players" is absent) */
    sd_result result;
} sd_enclosed;

/*
 * Extension "fort" (read_goal_line.c): a player of .players gets .result
 * while one of its pieces of .kinds stands on the board's edge next to an
 * empty square, and the region it reaches through empty squares is walled
 * in by the player's pieces none of which the others can ever take
 * (goal_fort.c: tafl's edge fort).
 */
typedef struct sd_fort {
    unsigned long long kinds;    /* the pieces that hold a fort (the king) */
    unsigned players;            /* bit p: the rule concerns player p (all when "players" is absent) */
    sd_result result;
} sd_fort;

typedef struct sd_game_end {
    bool present;
    int nenclosed;               /* extension "enclosed" */
    sd_enclosed *enclosed;
    int nforts;                  /* extension "fort" */
    sd_fort *forts;
    int nunited;                 /* extension "united" */
    sd_united *united;
    int nlines;                  /* extension "lines" */
    sd_line *lines;
    int nconnections;            /* extension "connections" */
    sd_connection *connections;
    sd_result no_move_in_check;      /* the player to move has no legal move and a leader attacked (LOSS) */
    sd_result no_move;               /* no legal move, no leader attacked (DRAW) */
    int ngoals;
    sd_goal *goals;
    int nextinctions;
    sd_extinction *extinctions;
    int check_limit;             /* the player who gives this many checks wins; 0 = no rule */
    bool forced_capture;         /* when a capture is legal, only captures are */
    bool capture_most;           /* forced_capture "most": only the chains that take the most pieces */
    bool giving_check_illegal;   /* a move that leaves another player's leader attacked is illegal */
    bool elimination;            /* a player who loses leaves and the others play on (3+ players) */
    int passes_in_a_row;         /* "passes": this many passes in a row end the game; 0 = no rule */
    sd_result passes_result;     /* for the player who made the last of them */
    bool facing_leaders;         /* "facing_leaders": leaders facing on an open file must be parted or
                                    the player passes, which ends the game */
    sd_result facing_result;     /* for the player who passed */
    bool points;                 /* "points" is given */
    int point_value[GGN_MAX_KINDS]; /* per kind; 0 when not listed */
    int point_bonus[GGN_MAX_PLAYERS]; /* added to each player's points */
    int point_tie;               /* the player who wins a tie for the most points, -1 = a tie is a draw */
    /* "checkmate_by_only": a checkmate in which every piece giving check is of these kinds has
     * mate_only_result for the mated player instead of no_move_in_check; 0 = no rule. */
    unsigned long long mate_only_kinds;
    sd_result mate_only_result;
    /* "checkmate_needs": a checkmate has no_move_in_check only when the unbroken series of checks
     * the mated player stood in up to it (its turns, two plies apart) holds one given by a piece
     * of these kinds; otherwise mate_needs_otherwise for the mated player; 0 = no rule. */
    unsigned long long mate_needs_kinds;
    sd_result mate_needs_otherwise;
    /* "area": area scoring (read_group_rules.c): stones plus the empty regions that reach only one
     * player's stones, plus komi; in half points, so that 7.5 is 15. */
    bool area;                   /* "area" is given */
    int komi_halves[GGN_MAX_PLAYERS]; /* per player, >= 0 */
} sd_game_end;

/*
 * Extension "random_start": the start is drawn (Chess960 and its kin). The
 * pieces starting_positions puts on the first player's listed squares are
 * shuffled; square i of every player then holds the kind drawn for square i.
 */
typedef struct sd_random_start {
    bool present;
    int nsquares;                /* squares per player, >= 2 */
    int (**squares)[2];          /* [nplayers][nsquares]: board coordinates, each holding a starting
                                    piece of that player; every player's kinds there are the same multiset */
    int *kinds;                  /* [nsquares]: the first player's starting kinds there (what is drawn) */
    int ngroups;                 /* opposite_colours */
    unsigned long long *groups;  /* [ngroups]: bit k: kind k; as many of these pieces on light squares
                                    as on dark ones (of the first player's squares) */
    int nbetween;
    int *between;                /* [nbetween][2]: kind, outer kind: every piece of the kind has one of
                                    the outer kind before and one after it in the order of squares */
} sd_random_start;

/*
 * Extension "display": how the game is drawn (docs/game-spec.md, "display").
 * Read by the renderers only; no rule depends on it.
 */
typedef enum sd_style {
    SD_STYLE_CHESS = 0,          /* chequered squares, pieces on squares (the default) */
    SD_STYLE_XIANGQI,            /* pieces on the intersections of lines, river and palaces */
    SD_STYLE_SHOGI,              /* a plain grid, pentagons pointing at the opponent */
    SD_STYLE_DRAUGHTS,           /* light and dark squares, men as discs */
    SD_STYLE_GO,                 /* lines, star points, stones on the intersections */
    SD_STYLE_HEX,                /* a rhombus of hexagons */
    SD_STYLE_OTHELLO,            /* a green board, discs */
    SD_STYLE_CONNECT_FOUR,       /* a frame with round holes */
    SD_STYLE_TIC_TAC_TOE,        /* the lines between the cells; crosses and rings */
    SD_STYLE_TAFL                /* a plain grid, marked squares (throne, corners), men as discs */
} sd_style;

typedef enum sd_coordinates {
    SD_COORDINATES_CELL = 0,     /* files a.. left to right, ranks 1.. bottom to top */
    SD_COORDINATES_SHOGI         /* files numbered from the right (9..1), ranks a.. from the top */
} sd_coordinates;

typedef struct sd_display {
    sd_style style;
    bool western;                /* "symbols": "western": letters (chess glyphs) rather than labels */
    sd_coordinates coordinates;
    const char *sides[GGN_MAX_PLAYERS]; /* the sides' names for people; NULL = the player's name */
    const char **labels;         /* [nkinds * nplayers] (kind-major), NULL entries = none; NULL = no labels */
    unsigned long long crowned;  /* kinds drawn crowned (draughts' kings) */
    unsigned long long walls;    /* kinds drawn as blocked squares, not as pieces (Amazons' arrows) */
    char glyph[GGN_MAX_KINDS];   /* "glyphs": the chess piece (K Q R B N P) a kind is drawn as, '\0' = none given */
    bool river;                  /* a river between the two middle rows (even rows only) */
    const char *river_text[2];   /* "river_text": written in the river's left and right halves; NULL = none */
    int npalaces;
    int (*palaces)[4];           /* [npalaces]: x0, y0, x1, y1, corners on the board, x0 < x1, y0 < y1 */
    int nstars;                  /* -1: the style's default star points */
    int (*stars)[2];             /* [nstars]: squares on the board */
} sd_display;

typedef struct sd_game {
    char name[GGN_MAX_STRING_BYTES + 1];
    int leader;                  /* kind index, -1 when absent */
    int cols, rows;              /* 1..GGN_MAX_BOARD_SIDE */
    sd_cells cells;              /* extension board.cells: which squares are neighbours */
    bool *disabled;              /* [cols*rows], index y*cols + x */
    int nlines;                  /* extension board.lines: the board's lines (read_board_lines.c); 0 = none */
    int *line_len;               /* [nlines]: points of each line, >= 2 */
    int (**lines)[2];            /* [nlines][line_len]: the points of each line, in order along it */
    int nplayers;                /* 1..GGN_MAX_PLAYERS */
    sd_player *players;
    int norder;                  /* 1..GGN_MAX_TURNS */
    int *order;                  /* player indices */
    int start_at;                /* 0..norder-1 */
    sd_series series;            /* extension turns.parts: several moves a turn (read_series.c) */
    int nnamed;
    sd_named *named;
    int nkinds;                  /* 1..GGN_MAX_KINDS */
    sd_kind *kinds;
    int nflags;                  /* distinct SET_STATE / CHECK_STATE names, 0..GGN_MAX_FLAGS */
    char (*flags)[GGN_MAX_STRING_BYTES + 1];
    sd_draw draw;
    sd_game_end end;             /* extension "game_end"; defaults when absent */
    bool hands;                  /* extension: captured pieces go to the capturer's hand */
    bool captures_to_hand;       /* extension: with hands, captures go to the hand (default true);
                                    false keeps only the pieces a hand starts with (pocketknight) */
    bool drops_compulsory;       /* extension: while the player to move has a legal drop, it must drop */
    int gating_on;               /* extension "gating": the named condition whose squares open a gate
                                    when an unmoved piece leaves them; -1 = no gating */
    uint64_t gating_kinds;       /* extension "gating": the kinds that may enter from the hand */
    bool leaders_may_not_face;   /* extension: two leaders may not see each other along a file */
    bool checked_leader_only_captures; /* extension: an attacked leader moves only to take its lone attacker */
    bool pass;                   /* extension: a player may pass instead of moving (without a leader:
                                    no move may end where it began, read_group_rules.c), or with
                                    pass_forced must pass when it has no move */
    bool pass_forced;            /* extension "pass": "forced": a player passes exactly when it has no
                                    move and another player would have one (read_clone.c) */
    bool group_capture;          /* extension "group_capture": a drop removes the other players' groups
                                    (orthogonally connected pieces) left without an empty neighbour */
    bool suicide;                /* group_capture.suicide: a drop may leave its own group without an
                                    empty neighbour, which is then removed (false: such a drop is illegal) */
    bool superko;                /* extension "superko": "positional": no move but a pass may recreate
                                    the board of an earlier position of the game (superko.c) */
    int player;                  /* "player": the computer player the game suits, a ggn_player_kind
                                    (0 when absent, 1 "alphabeta", 2 "mcts"; docs/ai.md) */
    unsigned long long fen_rights; /* extension: kinds whose unmoved state FEN's castling field carries
                                      as file letters (cambodian's DEde); 0 when absent */
    sd_random_start random_start; /* extension: how a random start is drawn */
    bool swap;                   /* extension "swap" (the pie rule): the second player's first move may take
                                    over the first player's one stone, put on swap_reflect of its square */
    int swap_reflect[2][2];      /* board coordinates (x, y) -> (a x + b y, c x + d y); identity by default */
    int nteams;                  /* extension "teams": 0 (every player for itself) or >= 2 */
    int team[GGN_MAX_PLAYERS];   /* with teams: each player's team index */
    sd_display display;          /* extension: how the game is drawn */
    char *source;                /* the spec's text (malloc'd), kept so that compilation can give its
                                    errors a line and column; released by sd_game_drop_source */
    size_t source_len;
    void *arena_;                /* owner of all the memory above but source */
} sd_game;

/*
 * Reads and validates a game spec. Every problem found is appended to errs
 * (which may be NULL) with its JSON Pointer and line:column; returns NULL
 * when there was at least one error. Warnings do not fail the load.
 */
sd_game *sd_game_load_file(const char *path, ggn_errors *errs);
sd_game *sd_game_load_string(const char *text, size_t len, const char *name, ggn_errors *errs);
void sd_game_free(sd_game *game);
/*
 * random_start: draws an arrangement into out[nsquares] (out[i] = the kind on
 * square i), stepping the generator *state; false when none of
 * GGN_MAX_RANDOM_START_DRAWS shuffles meets the rules (random_start.c).
 */
bool sd_random_start_draw(const sd_game *game, uint64_t *state, int *out);
/* Releases game->source once nothing will report against it (the end of compilation). */
void sd_game_drop_source(sd_game *game);

#endif
