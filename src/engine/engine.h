/*
 * engine.h — the compiled game and the position, shared by the engine's
 * files (internal).
 *
 * Compilation (compile.c) turns the spec's definitions into per-player
 * tables: every step rotated by the player's direction matrix, every ray
 * precomputed per source square (stopping at the edge and at disabled
 * squares), conditions split into those that depend on the source only and
 * those that depend on the landing square, and reverse attack tables for
 * leader safety and NOT_ATTACKED. After that, square names and JSON are
 * gone: move generation only reads arrays.
 */
#ifndef GGN_ENGINE_H
#define GGN_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "ggn/game.h"
#include "spec/arena.h"
#include "spec/spec_def.h"

#define EG_NONE (-1)

/* A condition with its offsets rotated for one player. */
typedef struct eg_cond {
    uint8_t kind;          /* sd_condition_kind */
    int8_t dx, dy;         /* rotated .pos */
    int16_t arg;           /* DEPENDS_ON: move index; CHECK_STATE: flag; NAMED: named index */
    int16_t piece;         /* PIECE_/ROOK_FIRST_MOVE filter kind, EG_NONE = any */
    int16_t nsquares;      /* SQUARES_EMPTY */
    int8_t (*squares)[2];  /* SQUARES_EMPTY: rotated offsets */
} eg_cond;

typedef struct eg_effect {
    uint8_t kind;          /* sd_effect_kind */
    int16_t flag;          /* SET_STATE */
    int32_t duration;      /* SET_STATE, -1 = permanent */
    int8_t ax, ay;         /* CAPTURE target, or MOVE from (rotated) */
    int8_t bx, by;         /* MOVE to (rotated) */
    int16_t piece;         /* MOVE filter kind, EG_NONE = any */
} eg_effect;

typedef struct eg_action {
    uint8_t state;         /* SD_EMPTY / SD_ENEMY / SD_ALLY */
    uint8_t ncond;
    eg_cond *cond;
    uint8_t neffect;
    eg_effect *effect;
} eg_action;

typedef struct eg_modifier {
    uint8_t ncond;
    eg_cond *cond;
    uint8_t noption;
    int16_t *option;       /* kind indices */
    uint8_t *limit;        /* option_limits: [noption], 0 = none; NULL when the modifier has none */
} eg_modifier;

/* One move definition of one kind, compiled for one player. */
typedef struct eg_move {
    int8_t dx, dy;         /* rotated step */
    bool repeat;           /* slide along the precomputed ray */
    uint8_t until;         /* sd_occupancy that stops a slide (after its actions) */
    bool simple;           /* no conditions, modifiers or effects anywhere, <= 1 action per state */
    uint8_t plain_actions; /* bit a: action a and the move change no square but from/to (flags allowed) */
    int8_t by_state[3];    /* simple moves: action index for EMPTY/ENEMY/ALLY, EG_NONE if none */
    uint8_t nsrc;          /* conditions that depend on the source only */
    uint8_t hop;           /* repeat.hop: pieces jumped before the first landing (0 = none);
                              with attack_walk, in the padding before src */
    bool attack_walk;      /* attacks by this move are found by walking it (attacked_by_odd) */
    bool attack_unmoved;   /* with attack_walk: the move has FIRST_MOVE, so it attacks only while
                              its piece has not moved (cambodian's met) */
    eg_cond *src;
    uint8_t ndst;          /* conditions judged at each landing square */
    eg_cond *dst;
    uint8_t naction;
    eg_action *action;
    uint8_t nmodifier;
    eg_modifier *modifier;
    uint8_t neffect;
    eg_effect *effect;
    uint32_t *ray_off;     /* [squares]: start of this source's ray in game->rays */
    uint8_t *ray_len;      /* [squares]: landings on the ray (0 = none) */
    bool chain;            /* extension "chain": walked by movegen_chain.c only (no eg_step lists it) */
    bool chain_stops;      /* chain.promotion_ends: a landing where a TRANSFORM fires ends the chain */
} eg_move;

/*
 * What generation reads for one move from one square, packed: only moves
 * that have at least one landing there are listed, in the spec's order.
 */
typedef struct eg_step {
    uint8_t move;          /* index in the kind's moves */
    uint8_t len;           /* landings on the ray (>= 1) */
    bool simple;           /* eg_move.simple */
    uint8_t until;         /* eg_move.until (a single step stops after its one landing anyway) */
    int8_t by_state[3];    /* eg_move.by_state */
    uint32_t ray;          /* start of the landings in ggn_game.rays */
} eg_step;

/* Reverse attack tables of one player (who attacks). */
typedef struct eg_leap_src {
    uint16_t sq;           /* square an attacker would stand on */
    uint64_t kinds;        /* kinds that attack the target from there */
} eg_leap_src;

/* A leap that needs one square empty on the way (a horse's leg, an elephant's eye). */
typedef struct eg_leg_src {
    uint16_t sq;           /* square an attacker would stand on */
    uint16_t leg;          /* the square that must be empty */
    uint64_t kinds;        /* kinds that attack the target from there over that leg */
} eg_leg_src;

typedef struct eg_slide_dir {
    int8_t dx, dy;         /* direction of travel of the attacker */
    uint8_t hop;           /* pieces jumped before landing (eg_attack.hop only; 0 in .slide) */
    uint64_t kinds;        /* kinds sliding this way with an ENEMY action */
    uint16_t range[GGN_MAX_KINDS]; /* per kind: maximum landings (times), 0xFFFF = unbounded */
    uint16_t *rev_pool;    /* squares of every reverse ray of this direction */
    uint32_t *rev_off;     /* [squares]: start of the reverse ray from a target (towards attackers) */
    uint8_t *rev_len;
} eg_slide_dir;

typedef struct eg_attack {
    uint32_t *leap_off;    /* [squares]: start in leap_pool */
    uint16_t *leap_len;
    eg_leap_src *leap_pool;
    uint32_t *leg_off;     /* [squares]: start in leg_pool (NULL when no legged leaps) */
    uint16_t *leg_len;
    eg_leg_src *leg_pool;
    int nslide;
    eg_slide_dir *slide;
    int nhop;              /* unbounded hops (cannons): walked back over .hop screens */
    eg_slide_dir *hop;
    uint64_t odd_kinds;    /* kinds with a move whose attacks are walked forward (eg_move.attack_walk):
                              slides stopping on other than NOT_EMPTY, bounded hops, legs of
                              more than one square, and captures needing FIRST_MOVE */
    uint64_t walk_kinds;   /* odd_kinds but for the FIRST_MOVE captures alone: leaps and slides
                              whose attack a move elsewhere can change, so legality makes every
                              move (any_walk); a first-move capture's depends on its own piece only */
    bool tricky;           /* legs or hops: a move can change attacks away from its own line,
                              so legality also looks at legs and hop lines (legal.c) */
    uint32_t *align;       /* [target * squares + square]: bit d set when `square` lies on the
                              reverse ray of slide d from `target`; NULL when the board or the
                              number of directions is too large (then computed per call) */
} eg_attack;

#define EG_ALIGN_MAX_SQUARES 256  /* boards up to this size get eg_attack.align */

/* Extension "hands": the squares one drop rule of one kind allows one player (named conditions applied). */
typedef struct eg_drop_rule {
    uint16_t nsq;
    uint16_t *sq;
    int16_t file_free_of;  /* FILE_FREE_OF: the kind that may not stand on the drop's file, EG_NONE = none */
    int8_t fdx, fdy;       /* FILE_FREE_OF: the player's forward step (the file's direction) */
    bool no_checkmate;     /* extension "no_checkmate": a drop giving checkmate is illegal */
} eg_drop_rule;

typedef struct eg_drops {
    uint8_t nrule;
    eg_drop_rule *rule;
} eg_drops;

/* ggn_move.from of a drop (GGN_MOVE_DROP); .pattern is the kind, .action the drop rule. */
#define EG_DROP_FROM GGN_MOVE_DROP
#define EG_HAND_KEYS 256   /* zobrist keys per (player, kind): counts 1..255 */

#define EG_MAX_LEADERS 4   /* leaders per player tracked by the fast legality test */

struct ggn_game {
    sd_game *def;          /* the validated spec; names and counts come from here */
    sd_arena *arena;       /* owns every table below */
    int cols, rows, nsq;
    bool *enabled;         /* [nsq] */
    int8_t *sq_x, *sq_y;   /* [nsq] coordinates of each square */
    int nplayers, nkinds;
    eg_move *moves;        /* [nplayers][nkinds][GGN_MAX_MOVES_PER_KIND], see eg_move_of */
    uint8_t *nmoves;       /* [nkinds] */
    uint16_t *rays;        /* pool of landing squares */
    uint32_t *steps_at;    /* [nplayers][nkinds][nsq + 1]: start of each square's list in steps */
    eg_step *steps;        /* the lists, see eg_steps_of */
    eg_attack *attack;     /* [nplayers] */
    bool *named_sq;        /* [nnamed][nplayers][nsq] POSITION condition membership */
    uint64_t *zobrist;     /* [nkinds][nplayers][nsq] */
    uint64_t *zobrist_unmoved; /* [nkinds][nsq]: an unmoved piece; 0 for kinds not in unmoved_kinds */
    uint64_t *zobrist_rights;  /* [nsq]: a leader or partner that holds a castling right (identity.c) */
    uint64_t unmoved_kinds;    /* kinds whose unmoved state some ordinary move reads (identity.c) */
    uint64_t rights_kinds;     /* the castler and its castling partners, when some kind castles */
    uint64_t *zobrist_turn;    /* [norder] */
    int leader;            /* kind or EG_NONE */
    int *kind_value;       /* [nkinds] */
    bool has_fen;
    uint64_t castle_partners;  /* kinds moved by the castler's MOVE side effects */
    int castler;               /* the kind that castles (compile_castling), or EG_NONE */
    bool castles;              /* the castler has a move with a MOVE side effect */
    uint64_t fen_rights;       /* extension fen_rights: kinds whose unmoved state FEN's castling
                                  field carries as file letters (notation/fen.c) */
    uint64_t reset_kinds;      /* kinds whose moves reset the no-progress counter */
    bool any_odd;              /* legs, hops, odd slides or facing leaders: drops are made and tested (hands.c) */
    bool any_walk;             /* some player has odd_kinds: legality always makes the move */
    bool any_tricky;           /* some player has legs or hops, or leaders_may_not_face: the line
                                  test of legal.c also looks at legs, hop lines and the file */
    bool promotes_to_leader;   /* some TRANSFORM option is the leader kind */
    bool hands;                /* extension: captures go to the hand, drops are moves */
    bool captures_to_hand;     /* hands, and captures go there (false: only starting hands are dropped) */
    bool any_hop;              /* some move has repeat.hop: generation takes the hop-aware path */
    bool leaders_may_not_face; /* extension: facing leaders on an open file count as attacked */
    bool checked_leader_only_captures; /* extension: an attacked leader moves only to take its lone attacker */
    bool gating;               /* extension gating: hand pieces may enter squares unmoved pieces leave */
    uint64_t gate_kinds;       /* gating: the kinds that may enter */
    const bool *gate_sq;       /* gating: [nplayers][nsq], the squares of the player's gating zone */
    uint8_t *captured_as;      /* [nkinds]: the kind a captured piece becomes in the hand */
    eg_drops *drops;           /* [nplayers][nkinds] */
    uint64_t *zobrist_hand;    /* [nplayers][nkinds][EG_HAND_KEYS]: key of the n-th piece in hand */
    bool end_rules;            /* extension game_end has goals, extinction or a check limit: a
                                  decided position has no moves (game_end.c) */
    bool forced_capture;       /* extension game_end.forced_capture */
    bool chains;               /* extension: some move is a chain capture (movegen_chain.c) */
    bool capture_most;         /* forced_capture "most": only the chains taking the most pieces */
    bool no_giving_check;      /* extension game_end.giving_check_illegal */
    bool narrows_moves;        /* either of the two: legal lists go through eg_end_filter */
    bool count_checks;         /* game_end.check_limit > 0: make counts the checks given */
    bool elimination;          /* game_end.elimination: a player who loses leaves (eg_eliminate) */
    bool teams;                /* extension teams: partners neither capture nor attack each other */
    int8_t team[GGN_MAX_PLAYERS]; /* each player's team; the player's own index without teams */
};

static inline const eg_drops *eg_drops_of(const ggn_game *g, int player, int kind)
{
    return &g->drops[(size_t)player * (size_t)g->nkinds + (size_t)kind];
}

static inline uint64_t eg_hand_key(const ggn_game *g, int player, int kind, int n)
{
    return g->zobrist_hand[((size_t)player * (size_t)g->nkinds + (size_t)kind) * EG_HAND_KEYS + (size_t)n];
}

static inline const eg_move *eg_move_of(const ggn_game *g, int player, int kind, int m)
{
    return &g->moves[((size_t)player * (size_t)g->nkinds + (size_t)kind) * GGN_MAX_MOVES_PER_KIND + (size_t)m];
}

/* The moves with landings of a kind of a player from square sq: steps[first..last). */
static inline const eg_step *eg_steps_of(const ggn_game *g, int player, int kind, int sq, const eg_step **end)
{
    const uint32_t *at = g->steps_at + ((size_t)player * (size_t)g->nkinds + (size_t)kind) * ((size_t)g->nsq + 1);
    *end = g->steps + at[sq + 1];
    return g->steps + at[sq];
}

/* A piece on the board (or captured: sq == EG_NONE). Instances are never reused. */
typedef struct eg_piece {
    int16_t sq;
    uint8_t owner;
    uint8_t kind;
    uint16_t moves;        /* moves made, saturating */
    int32_t flag_until[GGN_MAX_FLAGS]; /* flag f visible while ply < flag_until[f] */
} eg_piece;

#define EG_MAX_UNDO_CELLS 16
#define EG_MAX_UNDO_PIECES 8

typedef struct eg_undo {
    ggn_move move;
    int turn, halfmove;
    uint64_t hash;
    uint64_t rights;       /* the position's before the move; set only when rights_dirty */
    uint64_t flag_key;     /* the position's before the move; set by the public make only */
    bool rights_dirty;     /* a piece of rights_kinds lost or gained its unmoved state */
    int8_t checker;        /* count_checks: the player whose check count this move raised, or -1 */
    uint8_t out;           /* the position's players out (elimination) before the move */
    uint8_t ncell, npiece;
    bool capture;
    bool leaders_changed;  /* a promotion changed a leader's kind: reindex on unmake */
    uint8_t nhand;         /* hand changes (games with hands), undone with npiece_before */
    int16_t npiece_before;
    struct { uint8_t player, kind; int8_t delta; } hand[EG_MAX_UNDO_PIECES];
    struct { uint16_t sq; int8_t side; uint8_t kind; uint8_t piece; } cell[EG_MAX_UNDO_CELLS];
    struct { uint8_t id; eg_piece saved; } piece[EG_MAX_UNDO_PIECES];
    uint8_t nchain;        /* a chain capture: the pieces it took, put back by unmake */
    uint8_t chain_id[GGN_MAX_CHAIN_CAPTURES];
    uint16_t chain_sq[GGN_MAX_CHAIN_CAPTURES];
} eg_undo;

#define EG_EMPTY_SIDE (-1)

struct ggn_position {
    const ggn_game *g;
    int turn;              /* index into def->order */
    int ply;               /* half-moves since the game's start (FEN sets it from the counters) */
    int halfmove;          /* half-moves since the last capture or reset move */
    uint64_t hash;         /* placement, turn, hands, relevant unmoved states and rights */
    uint64_t rights;       /* eg_rights_key, included in hash */
    uint64_t flag_key;     /* eg_flag_key: kept by the public make and unmake only (perft and
                              legality never read it); not in hash */
    int npiece;            /* instances 1..npiece-1 used; 0 means empty */
    int8_t side_at[GGN_MAX_SQUARES];   /* owner, EG_EMPTY_SIDE when empty */
    uint8_t kind_at[GGN_MAX_SQUARES];
    uint8_t piece_at[GGN_MAX_SQUARES]; /* instance id, 0 = empty */
    eg_piece piece[GGN_MAX_PIECES_ON_BOARD];
    uint8_t nleader[GGN_MAX_PLAYERS];                  /* leaders of each player (alive or not) */
    uint8_t leader[GGN_MAX_PLAYERS][EG_MAX_LEADERS];   /* their piece ids */
    bool leaders_overflow;  /* a player has more than EG_MAX_LEADERS: the slow scan is used */
    bool assume_unattacked; /* NOT_ATTACKED / PATH_NOT_ATTACKED hold without looking; true only
                               inside ggn_position_pseudo_moves_ex (export cross-check) */
    uint8_t hand[GGN_MAX_PLAYERS][GGN_MAX_KINDS];       /* pieces in hand per player and kind */
    uint16_t checks[GGN_MAX_PLAYERS];                   /* count_checks: checks given by each player */
    uint8_t out;            /* elimination: bit p = player p has left the game (its turns are skipped,
                               its pieces stand and attack nothing); in hash */
    int nundo;
    eg_undo undo[GGN_MAX_PLY];
};

static inline int eg_player_to_move(const ggn_position *pos) { return pos->g->def->order[pos->turn]; }

/* compile.c */
ggn_game *eg_compile(sd_game *def, const char *file, ggn_errors *errs);
void eg_game_free(ggn_game *g);

/* Square index of (x, y), or EG_NONE when off the board or disabled. */
static inline int eg_square(const ggn_game *g, int x, int y)
{
    if (x < 0 || y < 0 || x >= g->cols || y >= g->rows) return EG_NONE;
    int sq = y * g->cols + x;
    return g->enabled[sq] ? sq : EG_NONE;
}

static inline int eg_offset(const ggn_game *g, int from, int dx, int dy)
{
    return eg_square(g, g->sq_x[from] + dx, g->sq_y[from] + dy);
}

/* attack.c: is sq attacked by any player other than `player`? (board as it stands) */
bool eg_attacked_by_others(const ggn_position *pos, int sq, int player);

/*
 * movegen.c: pseudo-legal moves of the player to move; returns the count
 * (may exceed cap). Games with a repeat.hop take the copy in movegen_hops.c,
 * chosen here once per call.
 */
size_t eg_generate_board(const ggn_position *pos, ggn_move *buf, size_t cap);
size_t eg_generate_hops(const ggn_position *pos, ggn_move *buf, size_t cap);
/*
 * movegen_chain.c (extension "chain"): appends the chain captures of the
 * player to move to buf[0..n); returns the new count (may exceed cap). With
 * forced_capture "most", keeps only the chains that take the most pieces.
 */
size_t eg_generate_chains(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n);
/* One chain capture: the squares of the pieces it takes and the landing of each jump, in order;
 * the TRANSFORM of its last jump that fires on its last landing (-1: none). */
typedef struct eg_chain {
    int modifier;
    int ncap;
    uint16_t cap[GGN_MAX_CHAIN_CAPTURES];
    uint16_t land[GGN_MAX_CHAIN_CAPTURES];
} eg_chain;
/* The index a chain capture keeps in its action and modifier bytes (ggn/game.h): 1 + its index among its piece's. */
static inline int eg_chain_index(ggn_move mv) { return mv.action | mv.modifier << 8; }
/* Is mv (which eg_move_fits) a chain capture? */
static inline bool eg_is_chain(const ggn_position *pos, ggn_move mv)
{
    if (!pos->g->chains || mv.from == EG_DROP_FROM) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    return eg_move_of(pos->g, p->owner, p->kind, mv.pattern)->chain;
}
/* Finds the chain that the chain capture mv names in this position; false when it names none. */
bool eg_chain_of(const ggn_position *pos, ggn_move mv, eg_chain *out);
/*
 * The eg_chain_index of the chain of the piece on `from` that one of its
 * routes lands on landings[0..n) in order (a route merged into another chain
 * names that chain); 0 when no route does.
 */
int eg_chain_named(const ggn_position *pos, int from, const uint16_t *landings, int n);
/* teams: moves[0..n) without those that would capture a partner's piece (game_end.c). */
size_t eg_without_partner_captures(const ggn_position *pos, ggn_move *moves, size_t n, size_t cap);
static inline size_t eg_generate(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    size_t n = pos->g->any_hop ? eg_generate_hops(pos, buf, cap) : eg_generate_board(pos, buf, cap);
    return pos->g->teams ? eg_without_partner_captures(pos, buf, n, cap) : n;
}

/* The hash of a piece standing on sq (identity.c explains the unmoved part). */
static inline uint64_t eg_piece_key(const ggn_game *g, const eg_piece *p, int sq)
{
    uint64_t k = g->zobrist[((size_t)p->kind * (size_t)g->nplayers + p->owner) * (size_t)g->nsq + (size_t)sq];
    if (p->moves == 0) k ^= g->zobrist_unmoved[(size_t)p->kind * (size_t)g->nsq + (size_t)sq];
    return k;
}

/* identity.c: what makes two positions the same (hash, repetition). */
void eg_compile_identity(ggn_game *g);
uint64_t eg_rights_key(const ggn_position *pos);
/* The moves a state flag makes possible now (en passant); 0 when no timed flag is visible. */
uint64_t eg_flag_key(ggn_position *pos);
/* Recomputes pos->hash, pos->rights and pos->flag_key from scratch (after a setup). */
void eg_rehash(ggn_position *pos);

/* game_end.c: the extension's rules (docs/game-spec.md, "game_end"). */
/* Is the game decided by a goal, an extinction or the check limit? Fills *st when given. */
bool eg_decided(const ggn_position *pos, ggn_status *st);
/* game_end.no_move "fewest_pieces": the one player with the fewest pieces, or -1 on a tie. */
int eg_fewest_pieces(const ggn_position *pos);
/*
 * The winner when player p loses: the player who moved last when it is not p
 * (nor, with teams, p's partner), else the first player of another team; -1
 * when there is none (a game of one).
 */
int eg_winner_over(const ggn_position *pos, int p);
/*
 * The legal moves moves[0..n) narrowed by game_end: without those that give
 * check (giving_check_illegal), then only the captures when there is one
 * (forced_capture); returns the count.
 */
size_t eg_end_filter(ggn_position *pos, ggn_move *moves, size_t n);
/* The hash key of `count` checks given by `player`. */
uint64_t eg_check_key(int player, int count);
/*
 * elimination: after a move (public make, perft), takes out every player left
 * without a leader and, while three or more remain, the player to move when
 * it has no legal move and that loses; its turn passes on.
 */
void eg_eliminate(ggn_position *pos);
/* The number of players still in the game. */
int eg_players_in(const ggn_position *pos);
/* The hash key of player p being out. */
uint64_t eg_out_key(int player);
/* A move was just made: counts the check it gives (count_checks). */
void eg_count_check(ggn_position *pos, eg_undo *u);

/* make.c */
bool eg_make(ggn_position *pos, ggn_move m);
/* make.c: the move's indices fit this position and it moves (or drops) a piece of the player to move. */
bool eg_move_fits(const ggn_position *pos, ggn_move m);
void eg_unmake(ggn_position *pos);
bool eg_place(ggn_position *pos, int sq, int kind, int owner, bool unmoved);
void eg_clear(ggn_position *pos);

/* hands.c: drop tables of a game with hands (called by eg_compile). */
bool eg_compile_hands(ggn_game *g);
/* hands.c: appends the drops of the player to move; returns the new count (may exceed cap). */
size_t eg_generate_drops(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n);
/*
 * The gate of a move (ggn_move.gate, which shares its byte with .modifier): 0
 * in a game without gating (a chain capture keeps part of its index there;
 * chains are refused in games with hands, which gating needs) and for a move
 * that promotes.
 */
static inline unsigned eg_gate_of(const ggn_game *g, ggn_move mv) { return g->gating && !mv.promotion ? mv.gate : 0u; }

/* gating.c: the gating tables (called by eg_compile after the named squares). */
void eg_compile_gating(ggn_game *g);
/* gating.c: appends the gating forms of the board moves buf[0..n); returns the new count. */
size_t eg_generate_gates(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n);
/* gating.c: eg_filter_legal for board moves [0, nboard) followed by their gating forms [nboard, n). */
size_t eg_filter_legal_gates(ggn_position *pos, ggn_move *moves, size_t nboard, size_t n);
/* gating.c: the square the gated piece of mv enters (mv.gate != 0, its piece on mv.from), or EG_NONE. */
int eg_gate_square(const ggn_position *pos, ggn_move mv);
/* gating.c: the same from the move's compiled definition m and action a (make.c, after the move). */
int eg_gate_target(const ggn_game *g, const eg_move *m, const eg_action *a, ggn_move mv);
/* hands.c: eg_filter_legal for a list that ends with drops. */
size_t eg_filter_legal_drops(ggn_position *pos, ggn_move *moves, size_t n);

/* legal.c: rebuilds pos->leader after setup or a promotion that changed a leader's kind. */
void eg_index_leaders(ggn_position *pos);
/* legal.c: does any leader of `player` stand attacked? */
bool eg_leader_attacked(const ggn_position *pos, int player);
/* legal.c: keeps the legal moves of moves[0..n) at the front; returns how many. */
size_t eg_filter_legal(ggn_position *pos, ggn_move *moves, size_t n);

/*
 * Every pseudo-legal move (board moves, then drops in a game with hands) and
 * its legal filter: what perft and the public move lists use. The hands
 * test stays out of eg_generate and eg_filter_legal, which the export also
 * calls and whose speed is chess's.
 */
static inline size_t eg_generate_all(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    size_t n = eg_generate(pos, buf, cap);
    return pos->g->hands ? eg_generate_drops(pos, buf, cap, n) : n;
}

static inline size_t eg_filter_legal_all(ggn_position *pos, ggn_move *moves, size_t n)
{
    return pos->g->hands ? eg_filter_legal_drops(pos, moves, n) : eg_filter_legal(pos, moves, n);
}

#endif
