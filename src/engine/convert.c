/*
 * convert.c — extension "converts" (docs/game-spec.md, "Conversion"): when
 * a piece of a converting kind arrives on a square, by a move, a clone or a
 * drop, the other player's pieces next to it ("adjacent", Ataxx) or enclosed
 * by it and another piece of its owner along a direction ("flanked",
 * Othello) become its owner's, keeping their kind. A kind whose conversion
 * is "required" arrives only where it converts something: generation drops
 * its other moves and drops (eg_keep_converting).
 *
 * The undo record keeps one count per offset (eg_undo.conv_run): the pieces
 * converted along it, which are the first ones from the arrival square, so
 * unmake finds them again without a list of squares however many there were.
 * The reader allows conversion only in games of two players without teams,
 * so a converted piece goes back to "the other player". A converted piece
 * keeps its instance, kind, move count and flags: only its owner changes.
 * Games without conversion never come here (ggn_game.converts, .converts_required).
 */
#include "engine.h"

static inline const eg_convert *convert_of(const ggn_game *g, int player, int kind)
{
    return &g->convert[(size_t)player * (size_t)g->nkinds + (size_t)kind];
}

bool eg_compile_converts(ggn_game *g)
{
    const sd_game *def = g->def;
    for (int k = 0; k < g->nkinds; k++) {
        if (def->kinds[k].convert.how == SD_CONVERT_NONE) continue;
        g->converts = true;
        if (def->kinds[k].convert.required) g->converts_required = true;
    }
    if (!g->converts) return true;
    g->convert = sd_arena_alloc(g->arena, (size_t)g->nplayers * (size_t)g->nkinds, sizeof *g->convert);
    if (!g->convert) return false;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) {
            const sd_convert *sc = &def->kinds[k].convert;
            eg_convert *c = &g->convert[(size_t)p * (size_t)g->nkinds + (size_t)k];
            c->how = (uint8_t)sc->how;
            c->required = sc->required;
            c->n = (uint8_t)sc->noffsets;
            const sd_player *pl = &def->players[p];
            for (int i = 0; i < sc->noffsets; i++) {
                c->d[i][0] = (int8_t)(pl->dir[0][0] * sc->offsets[i][0] + pl->dir[0][1] * sc->offsets[i][1]);
                c->d[i][1] = (int8_t)(pl->dir[1][0] * sc->offsets[i][0] + pl->dir[1][1] * sc->offsets[i][1]);
            }
            if (c->n == 0) continue;
            c->next = sd_arena_alloc(g->arena, (size_t)c->n * (size_t)g->nsq, sizeof *c->next);
            if (!c->next) return false;
            for (int i = 0; i < c->n; i++)
                for (int sq = 0; sq < g->nsq; sq++)
                    c->next[(size_t)i * (size_t)g->nsq + (size_t)sq] = (int16_t)eg_offset(g, sq, c->d[i][0], c->d[i][1]);
        }
    return true;
}

/* The square one offset i of c away from sq (sq on the board), EG_NONE off it. */
static inline int step_of(const ggn_game *g, const eg_convert *c, int i, int sq)
{
    return c->next[(size_t)i * (size_t)g->nsq + (size_t)sq];
}

/* The owner of the piece on sq as the board would be with `vacated` empty (EG_EMPTY_SIDE when empty or missing). */
static inline int side_on(const ggn_position *pos, int sq, int vacated)
{
    return sq == EG_NONE || sq == vacated ? EG_EMPTY_SIDE : pos->side_at[sq];
}

/*
 * The pieces of other players that a piece of the conversion c of `player`
 * arriving on sq would convert along offset i, the square `vacated` taken as
 * empty (the source of a move that leaves it; EG_NONE for a clone or a drop).
 */
static int run_along(const ggn_position *pos, const eg_convert *c, int i, int sq, int player, int vacated)
{
    const ggn_game *g = pos->g;
    if (c->how == SD_CONVERT_ADJACENT) {
        int side = side_on(pos, step_of(g, c, i, sq), vacated);
        return side != EG_EMPTY_SIDE && side != player;
    }
    int n = 0, at = step_of(g, c, i, sq);
    for (;;) {
        int side = side_on(pos, at, vacated);
        if (side == EG_EMPTY_SIDE) return 0; /* the run ends on an empty square or the edge: not enclosed */
        if (side == player) return n;
        n++;
        at = step_of(g, c, i, at);
    }
}

void eg_make_conversion(ggn_position *pos, eg_undo *u, int sq, int kind)
{
    const ggn_game *g = pos->g;
    int player = eg_player_to_move(pos);
    const eg_convert *c = convert_of(g, player, kind);
    if (c->how == SD_CONVERT_NONE) return;
    u->nconv = c->n;
    u->conv_kind = (uint8_t)kind;
    u->conv_at = (uint16_t)sq;
    /* Every run is measured on the board before any piece turns: a piece converted along one direction
     * must not enclose another run in the same move. */
    for (int i = 0; i < c->n; i++) u->conv_run[i] = (uint8_t)run_along(pos, c, i, sq, player, EG_NONE);
    for (int i = 0; i < c->n; i++) {
        int at = sq;
        for (int j = 0; j < u->conv_run[i]; j++) {
            at = step_of(g, c, i, at);
            eg_piece *p = &pos->piece[pos->piece_at[at]];
            size_t base = (size_t)p->kind * (size_t)g->nplayers;
            pos->hash ^= g->zobrist[(base + p->owner) * (size_t)g->nsq + (size_t)at] ^
                         g->zobrist[(base + (size_t)player) * (size_t)g->nsq + (size_t)at];
            p->owner = (uint8_t)player;
            pos->side_at[at] = (int8_t)player;
        }
    }
}

void eg_unmake_conversion(ggn_position *pos, const eg_undo *u)
{
    const ggn_game *g = pos->g;
    int player = g->def->order[u->turn], other = 1 - player; /* two players: the reader sees to it */
    const eg_convert *c = convert_of(g, player, u->conv_kind);
    for (int i = 0; i < u->nconv; i++) {
        int at = u->conv_at;
        for (int j = 0; j < u->conv_run[i]; j++) {
            at = step_of(g, c, i, at);
            pos->piece[pos->piece_at[at]].owner = (uint8_t)other;
            pos->side_at[at] = (int8_t)other;
        }
    }
}

/*
 * run_along's question for a drop of a flanking conversion, whether any
 * offset encloses a run, asked of every empty square in Othello-like games:
 * no vacated square and no kind of conversion to tell apart, and most
 * offsets end at once, on an empty square, the edge or an own piece.
 */
static bool drop_flanks(const ggn_position *pos, const eg_convert *c, int sq, int player)
{
    const int16_t *next = c->next;
    size_t nsq = (size_t)pos->g->nsq;
    for (int i = 0; i < c->n; i++, next += nsq) {
        int at = next[sq];
        if (at == EG_NONE || pos->side_at[at] == EG_EMPTY_SIDE || pos->side_at[at] == player) continue;
        do at = next[at]; while (at != EG_NONE && pos->side_at[at] != EG_EMPTY_SIDE && pos->side_at[at] != player);
        if (at != EG_NONE && pos->side_at[at] == player) return true;
    }
    return false;
}

/* Would move m of the player to move convert something, when its kind must? (true when it need not) */
static bool converts_enough(const ggn_position *pos, ggn_move m, int player)
{
    const ggn_game *g = pos->g;
    int kind, vacated = EG_NONE;
    if (m.from == EG_DROP_FROM) {
        kind = eg_drop_kind(g, m);
    } else {
        kind = pos->kind_at[m.from];
        const eg_move *def = eg_move_of(g, player, kind, m.pattern);
        if (!def->clone && m.from != m.to) vacated = m.from;
        if (m.promotion && !def->chain) kind = def->modifier[m.modifier].option[m.promotion - 1];
    }
    const eg_convert *c = convert_of(g, player, kind);
    if (!c->required) return true;
    if (vacated == EG_NONE && c->how == SD_CONVERT_FLANKED) return drop_flanks(pos, c, m.to, player);
    for (int i = 0; i < c->n; i++)
        if (run_along(pos, c, i, m.to, player, vacated)) return true;
    return false;
}

size_t eg_keep_converting(const ggn_position *pos, ggn_move *buf, size_t cap, size_t from, size_t n)
{
    int player = eg_player_to_move(pos);
    size_t stored = n < cap ? n : cap, kept = from;
    for (size_t i = from; i < stored; i++)
        if (converts_enough(pos, buf[i], player)) buf[kept++] = buf[i];
    return kept + (n - stored); /* moves past cap were counted, not stored: they stay counted */
}

int ggn_game_conversion_exposure(const ggn_game *game, int x, int y)
{
    if (!game || !game->converts) return -1;
    int sq = eg_square(game, x, y);
    if (sq == EG_NONE) return -1;
    int exposure = 0;
    for (int k = 0; k < game->nkinds; k++) {
        const eg_convert *c = convert_of(game, 0, k); /* the first player's frame: the count does not depend on it */
        for (int i = 0; i < c->n; i++) {
            int ahead = eg_offset(game, sq, c->d[i][0], c->d[i][1]), behind = eg_offset(game, sq, -c->d[i][0], -c->d[i][1]);
            if (c->how == SD_CONVERT_ADJACENT) exposure += behind != EG_NONE;
            else exposure += ahead != EG_NONE && behind != EG_NONE;
        }
    }
    return exposure;
}
