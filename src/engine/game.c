/* game.c — loading a game, its accessors, and the lifecycle of positions. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "gamespec/betza.h"

static ggn_game *finish_load(sd_game *def, const char *file, ggn_errors *errs)
{
    if (!def) return NULL;
    ggn_game *g = eg_compile(def, file, errs);
    if (!g) sd_game_free(def);
    return g;
}

ggn_game *ggn_game_load_file(const char *path, ggn_errors *errs)
{
    return finish_load(sd_game_load_file(path, errs), path, errs);
}

ggn_game *ggn_game_load_string(const char *text, size_t len, const char *name, ggn_errors *errs)
{
    return finish_load(sd_game_load_string(text, len, name, errs), name, errs);
}

void ggn_game_free(ggn_game *game) { eg_game_free(game); }

const char *ggn_game_name(const ggn_game *g) { return g->def->name; }
int ggn_game_cols(const ggn_game *g) { return g->cols; }
int ggn_game_rows(const ggn_game *g) { return g->rows; }
bool ggn_game_square_enabled(const ggn_game *g, int x, int y) { return eg_square(g, x, y) != EG_NONE; }
int ggn_game_player_count(const ggn_game *g) { return g->nplayers; }
int ggn_game_kind_count(const ggn_game *g) { return g->nkinds; }
int ggn_game_leader(const ggn_game *g) { return g->leader; }
bool ggn_game_has_hands(const ggn_game *g) { return g->hands; }
bool ggn_game_captures_to_hand(const ggn_game *g) { return g->captures_to_hand; }
bool ggn_game_has_gating(const ggn_game *g) { return g->gating; }
bool ggn_game_has_conversion(const ggn_game *g) { return g->converts; }
bool ggn_game_has_group_capture(const ggn_game *g) { return g->group_capture; }
bool ggn_move_is_drop(ggn_move m) { return m.from == GGN_MOVE_DROP; }
bool ggn_move_is_pass(const ggn_game *game, ggn_move m) { return eg_is_pass(game, m); }
bool ggn_move_is_swap(const ggn_game *game, ggn_move m) { return eg_is_swap(game, m); }

bool ggn_game_supply_unlimited(const ggn_game *g, int player, int kind)
{
    return player >= 0 && player < g->nplayers && kind >= 0 && kind < g->nkinds && ((g->supply[player] >> kind) & 1);
}

int ggn_position_hand_count(const ggn_position *pos, int player, int kind)
{
    if (!pos->g->hands || player < 0 || player >= pos->g->nplayers || kind < 0 || kind >= pos->g->nkinds) return 0;
    return pos->hand[player][kind];
}

const char *ggn_game_player_name(const ggn_game *g, int player)
{
    return player >= 0 && player < g->nplayers ? g->def->players[player].name : "";
}

const char *ggn_game_kind_code(const ggn_game *g, int kind)
{
    return kind >= 0 && kind < g->nkinds ? g->def->kinds[kind].code : "";
}

char ggn_game_kind_symbol(const ggn_game *g, int kind)
{
    return kind >= 0 && kind < g->nkinds ? g->def->kinds[kind].symbol : '\0';
}

int ggn_game_kind_value(const ggn_game *g, int kind)
{
    return kind >= 0 && kind < g->nkinds ? g->kind_value[kind] : 0;
}

char ggn_game_kind_mark(const ggn_game *g, int kind)
{
    if (kind < 0 || kind >= g->nkinds || !g->def->kinds[kind].symbol_promoted) return '\0';
    return g->def->kinds[kind].symbol_plus ? '+' : '~';
}

uint32_t ggn_game_player_colour(const ggn_game *g, int player)
{
    return player >= 0 && player < g->nplayers ? g->def->players[player].colour : 0;
}

/* ggn_game_kind_betza (mode 0), ggn_game_kind_betza_geometry (1) and ggn_game_kind_betza_outline (2). */
static bool kind_betza(const ggn_game *g, int kind, int mode, char *buf, size_t cap, bool *wider, ggn_error *err)
{
    if (cap) buf[0] = '\0';
    if (kind < 0 || kind >= g->nkinds) {
        ggn_error_set(err, GGN_E_USAGE, "no kind %d in this game", kind);
        return false;
    }
    char why[256];
    char text[GGN_MAX_STRING_BYTES + 1];
    bool ok = mode == 2   ? sd_betza_write_outline(g->def, kind, text, sizeof text, wider, why, sizeof why)
              : mode == 1 ? sd_betza_write_geometry(g->def, kind, text, sizeof text, why, sizeof why)
                          : sd_betza_write(g->def, kind, text, sizeof text, why, sizeof why);
    if (!ok) {
        ggn_error_set(err, GGN_E_CONVERSION, "%s", why);
        return false;
    }
    if (strlen(text) >= cap) {
        ggn_error_set(err, GGN_E_LIMIT, "the Betza of piece '%s' needs %zu bytes", g->def->kinds[kind].code,
                      strlen(text) + 1);
        return false;
    }
    memcpy(buf, text, strlen(text) + 1);
    return true;
}

bool ggn_game_kind_betza(const ggn_game *g, int kind, char *buf, size_t cap, ggn_error *err)
{
    return kind_betza(g, kind, 0, buf, cap, NULL, err);
}

bool ggn_game_kind_betza_geometry(const ggn_game *g, int kind, char *buf, size_t cap, ggn_error *err)
{
    return kind_betza(g, kind, 1, buf, cap, NULL, err);
}

bool ggn_game_kind_promotes(const ggn_game *g, int kind)
{
    if (kind < 0 || kind >= g->nkinds) return false;
    const sd_kind *k = &g->def->kinds[kind];
    for (int i = 0; i < k->nmoves; i++)
        if (k->moves[i].nmodifiers) return true;
    return false;
}

bool ggn_game_kind_betza_outline(const ggn_game *g, int kind, char *buf, size_t cap, bool *wider, ggn_error *err)
{
    bool more = false;
    bool ok = kind_betza(g, kind, 2, buf, cap, &more, err);
    if (wider) *wider = ok && more;
    return ok;
}

/* The kind drawn for player p's starting square (x, y) of a random start, or `kind` when it is not shuffled. */
static int drawn_kind(const sd_game *def, const int *drawn, int p, int x, int y, int kind)
{
    const sd_random_start *rs = &def->random_start;
    for (int i = 0; drawn && i < rs->nsquares; i++)
        if (rs->squares[p][i][0] == x && rs->squares[p][i][1] == y) return drawn[i];
    return kind;
}

/*
 * The start position: every player's starting pieces, unmoved, turn at
 * start_at; with `drawn` (a random_start's draw) the shuffled squares hold
 * the drawn kinds.
 */
static void set_start(ggn_position *pos, const int *drawn)
{
    const sd_game *def = pos->g->def;
    eg_clear(pos);
    for (int p = 0; p < def->nplayers; p++)
        for (int i = 0; i < def->players[p].nstarts; i++) {
            const sd_start *s = &def->players[p].starts[i];
            eg_place(pos, s->y * def->cols + s->x, drawn_kind(def, drawn, p, s->x, s->y, s->kind), p, true);
        }
    for (int p = 0; p < def->nplayers; p++) /* starting_hand: only in games with hands (the reader checks) */
        for (int i = 0; i < def->players[p].nhand; i++)
            pos->hand[p][def->players[p].hand[i].kind] = (uint8_t)def->players[p].hand[i].count;
    eg_rehash(pos);
}

ggn_position *ggn_position_new(const ggn_game *game)
{
    ggn_position *pos = malloc(sizeof *pos);
    if (!pos) return NULL;
    pos->g = game;
    set_start(pos, NULL);
    return pos;
}

bool ggn_game_has_random_start(const ggn_game *game) { return game->def->random_start.present; }

bool ggn_position_random_start(ggn_position *pos, uint64_t seed)
{
    const sd_game *def = pos->g->def;
    int drawn[GGN_MAX_PIECES_ON_BOARD];
    uint64_t state = seed;
    /* The reader drew once, so the rules can be met; a seed whose every shuffle fails is
     * possible only in principle, and then the position is left as it was. */
    if (!def->random_start.present || !sd_random_start_draw(def, &state, drawn)) return false;
    set_start(pos, drawn);
    return true;
}

void ggn_position_free(ggn_position *pos) { free(pos); }

/* ggn_position_copy copies the square arrays and the piece list apart from the fields around them. */
_Static_assert(offsetof(ggn_position, side_at) < offsetof(ggn_position, kind_at) &&
                   offsetof(ggn_position, kind_at) < offsetof(ggn_position, piece_at) &&
                   offsetof(ggn_position, piece_at) < offsetof(ggn_position, piece) &&
                   offsetof(ggn_position, piece) < offsetof(ggn_position, nleader) &&
                   offsetof(ggn_position, nleader) < offsetof(ggn_position, undo),
               "ggn_position's fields are out of the order ggn_position_copy expects");

void ggn_position_copy(ggn_position *dst, const ggn_position *src)
{
    /*
     * Only the live parts, since a game's reset (a playout's, a search's) copies a position
     * every time and the whole head is 14 KB: the squares of the board (eg_clear empties every
     * square past nsq in every position, and no square past it is ever written), the pieces
     * in use (an instance past npiece is cleared before make.c's new_piece uses it), and the
     * live part of the undo stack.
     */
    size_t nsq = (size_t)src->g->nsq;
    memcpy(dst, src, offsetof(ggn_position, side_at));
    memcpy(dst->side_at, src->side_at, nsq * sizeof src->side_at[0]);
    memcpy(dst->kind_at, src->kind_at, nsq * sizeof src->kind_at[0]);
    memcpy(dst->piece_at, src->piece_at, nsq * sizeof src->piece_at[0]);
    memcpy(dst->piece, src->piece, (size_t)src->npiece * sizeof src->piece[0]);
    memcpy((char *)dst + offsetof(ggn_position, nleader), (const char *)src + offsetof(ggn_position, nleader),
           offsetof(ggn_position, undo) - offsetof(ggn_position, nleader));
    memcpy(dst->undo, src->undo, (size_t)src->nundo * sizeof src->undo[0]);
    memcpy(dst->taken, src->taken, (size_t)src->ntaken * sizeof src->taken[0]);
    dst->cached = 0; /* the cache (after the undo stack) was not copied */
}

const ggn_game *ggn_position_game(const ggn_position *pos) { return pos->g; }
int ggn_position_to_move(const ggn_position *pos) { return eg_player_to_move(pos); }
int ggn_position_ply(const ggn_position *pos) { return pos->ply; }
/* The position's identity (identity.c): the incremental hash and the moves flags allow now. */
uint64_t ggn_position_hash(const ggn_position *pos) { return pos->hash ^ pos->flag_key; }
int ggn_position_history(const ggn_position *pos) { return pos->nundo; }

bool ggn_position_piece_at(const ggn_position *pos, int x, int y, int *kind, int *owner, bool *unmoved)
{
    int sq = eg_square(pos->g, x, y);
    if (sq == EG_NONE || !pos->piece_at[sq]) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[sq]];
    if (kind) *kind = p->kind;
    if (owner) *owner = p->owner;
    if (unmoved) *unmoved = p->moves == 0;
    return true;
}

/* The public make and unmake keep pos->flag_key (identity.c); the engine's own calls do not pay for it. */
bool ggn_position_make(ggn_position *pos, ggn_move move) { return eg_move_fits(pos, move) && eg_make_generated(pos, move); }

bool eg_make_generated(ggn_position *pos, ggn_move move)
{
    uint64_t before = pos->flag_key;
    if (!eg_make(pos, move)) return false;
    if (pos->g->elimination) eg_eliminate(pos);
    pos->undo[pos->nundo - 1].flag_key = before;
    pos->flag_key = eg_flag_key(pos);
    return true;
}

/*
 * The search's null move: the turn passes and nothing else changes. The undo
 * record has no cells, pieces, hands or rights to restore, so the ordinary
 * unmake takes it back; the halfmove clock counts it like a quiet move, and
 * flags that last one ply expire as they would after any move.
 */
bool ggn_position_make_null(ggn_position *pos)
{
    if (pos->nundo >= GGN_MAX_PLY) return false;
    if (eg_mid_turn(pos)) return false; /* no turn to hand over in the middle of one */
    if (pos->g->check_series && pos->nundo == 0) eg_record_root(pos);
    eg_undo *u = &pos->undo[pos->nundo++];
    u->move = (ggn_move){ .from = GGN_MOVE_DROP, .to = GGN_MOVE_DROP };
    u->part_sq = EG_NONE;
    u->played = 0;
    u->nchain = 0;
    u->nconv = 0;
    u->cloned = false;
    u->ntaken = 0;
    u->rights_dirty = false;
    u->ncell = 0;
    u->npiece = 0;
    u->nhand = 0;
    u->npiece_before = (int16_t)pos->npiece; /* its from is GGN_MOVE_DROP's: unmake restores it as a drop's */
    u->capture = false;
    u->leaders_changed = false;
    u->turn = pos->turn;
    u->halfmove = pos->halfmove;
    u->hash = pos->hash;
    u->checker = -1;
    u->checked = 0; /* a null move breaks a series of checks (checkmate_needs), as in Fairy-Stockfish */
    u->out = pos->out; /* unmake restores every field eg_make records (valgrind: read uninitialised) */
    u->flag_key = pos->flag_key;
    u->flag_horizon = pos->flag_horizon;
    pos->cached = 0;
    pos->hash ^= pos->g->zobrist_turn[pos->turn];
    pos->turn = (pos->turn + 1) % pos->g->def->norder;
    pos->hash ^= pos->g->zobrist_turn[pos->turn];
    pos->ply++;
    if (pos->g->series) pos->hash ^= eg_series_key(pos->g, pos->ply - 1, 0) ^ eg_series_key(pos->g, pos->ply, 0);
    pos->halfmove++;
    pos->flag_key = eg_flag_key(pos);
    return true;
}

bool ggn_position_unmake(ggn_position *pos)
{
    if (pos->nundo == 0) return false;
    pos->flag_key = pos->undo[pos->nundo - 1].flag_key;
    eg_unmake(pos);
    return true;
}

bool ggn_position_last_move(const ggn_position *pos, ggn_move *move)
{
    if (pos->nundo == 0) return false;
    *move = pos->undo[pos->nundo - 1].move;
    return true;
}

bool ggn_move_equal(ggn_move a, ggn_move b)
{
    return a.from == b.from && a.to == b.to && a.pattern == b.pattern && a.action == b.action &&
           a.promotion == b.promotion && a.modifier == b.modifier;
}
