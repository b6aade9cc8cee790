/*
 * parts.c — a turn in parts (extension "then", docs/game-spec.md): after a
 * board move of a kind with a "then" part, the turn does not pass; the same
 * player plays the part from the square the piece arrived on (pos->part_sq),
 * and only that move passes the turn. Amazons: a queen moves, then shoots an
 * arrow along a queen line from where it stopped.
 *
 * Each part is a move of its own (a ply of the undo stack, an action of its
 * own for learning programs: OpenSpiel's way). A part move has from = the
 * part's square, to = its landing and pattern = the index of the step it
 * took; what it places is the kind's "place". Perft counts whole turns:
 * depth goes down when a turn starts, not with each part. The same perft
 * counts the turns of a series (series.c, two or more moves a turn): both
 * keep pos->played, and eg_mid_turn is the one test of a turn under way.
 */
#include "engine.h"

bool ggn_game_has_parts(const ggn_game *game) { return game->turn_parts; }

bool eg_compile_parts(ggn_game *g)
{
    const sd_game *def = g->def;
    for (int k = 0; k < g->nkinds; k++)
        if (def->kinds[k].then.place >= 0 || def->kinds[k].then.remove) {
            g->parts = true;
            if (def->kinds[k].then.place >= 0) g->parts_place = true;
        }
    if (!g->parts) return true;
    g->part = sd_arena_alloc(g->arena, (size_t)g->nplayers * (size_t)g->nkinds, sizeof *g->part);
    g->zobrist_part = sd_arena_alloc(g->arena, (size_t)g->nsq, sizeof *g->zobrist_part);
    if (!g->part || !g->zobrist_part) return false;
    for (int p = 0; p < g->nplayers; p++) {
        const sd_player *pl = &def->players[p];
        for (int k = 0; k < g->nkinds; k++) {
            const sd_then *t = &def->kinds[k].then;
            eg_part *part = &g->part[(size_t)p * (size_t)g->nkinds + (size_t)k];
            part->place = (int8_t)(t->place >= 0 ? t->place : EG_NONE);
            part->n = (uint8_t)(t->place >= 0 ? t->nsteps : 0);
            part->remove = t->remove;
            part->when_line = t->when_line;
            part->spare_lines = t->spare_lines;
            for (int i = 0; i < part->n; i++) {
                const int *st = t->steps[i].step;
                part->d[i][0] = (int8_t)(pl->dir[0][0] * st[0] + pl->dir[0][1] * st[1]);
                part->d[i][1] = (int8_t)(pl->dir[1][0] * st[0] + pl->dir[1][1] * st[1]);
                part->range[i] = (uint8_t)t->steps[i].range;
            }
        }
    }
    /* Keys of their own, drawn after every other key so that the other games' keys stay as they were. */
    uint64_t seed = 0x9A27C0DE2026ULL;
    for (int i = 0; i < g->nsq; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        g->zobrist_part[i] = z ^ (z >> 31);
    }
    return true;
}

/*
 * A part that removes (Nine Men's Morris): may the piece on `at`, another
 * player's, be taken? Spared when it stands in a full line of its owner's and
 * `any_free`: some piece of another player stands outside one.
 */
static bool removable(const ggn_position *pos, const eg_part *part, int at, int player, bool any_free)
{
    int side = pos->side_at[at];
    if (side == EG_EMPTY_SIDE || side == player) return false;
    return !part->spare_lines || !any_free || !eg_in_full_line(pos, at);
}

/* Does some piece of another player than `player` stand outside a full line of its owner's (or anywhere, when
 * the part spares none)? */
static bool any_free(const ggn_position *pos, const eg_part *part, int player)
{
    for (int at = 0; at < pos->g->nsq; at++)
        if (pos->side_at[at] != EG_EMPTY_SIDE && pos->side_at[at] != player &&
            (!part->spare_lines || !eg_in_full_line(pos, at)))
            return true;
    return false;
}

bool eg_part_opens(const ggn_position *pos, const eg_part *part, int to)
{
    if (!part->remove) return part->place != EG_NONE;
    int player = pos->side_at[to];
    if (part->when_line && !eg_in_full_line(pos, to)) return false;
    for (int at = 0; at < pos->g->nsq; at++) /* nothing to take: the turn passes as after any move */
        if (pos->side_at[at] != EG_EMPTY_SIDE && pos->side_at[at] != player) return true;
    return false;
}

/* A removing part's moves: from its square to each piece it may take, in square order. */
static size_t generate_removals(const ggn_position *pos, const eg_part *part, ggn_move *buf, size_t cap)
{
    int sq = pos->part_sq, player = eg_player_to_move(pos);
    bool loose = any_free(pos, part, player);
    size_t n = 0;
    for (int at = 0; at < pos->g->nsq; at++) {
        if (!removable(pos, part, at, player, loose)) continue;
        if (n < cap) buf[n] = (ggn_move){ .from = (uint16_t)sq, .to = (uint16_t)at };
        n++;
    }
    return n;
}

bool eg_is_removal(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    return g->parts && pos->part_sq != EG_NONE && mv.from == pos->part_sq &&
           eg_part_of(g, eg_player_to_move(pos), pos->kind_at[pos->part_sq])->remove;
}

/* The part's steps from its square, each walked over empty squares; calls stop early when `cap` is reached. */
size_t eg_generate_part(const ggn_position *pos, ggn_move *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    int sq = pos->part_sq;
    const eg_part *part = eg_part_of(g, eg_player_to_move(pos), pos->kind_at[sq]);
    if (part->remove) return generate_removals(pos, part, buf, cap);
    size_t n = 0;
    for (int i = 0; i < part->n; i++) {
        int range = part->range[i] ? part->range[i] : GGN_MAX_BOARD_SIDE;
        int at = sq;
        for (int k = 0; k < range; k++) {
            at = eg_offset(g, at, part->d[i][0], part->d[i][1]);
            if (at == EG_NONE || pos->piece_at[at]) break;
            if (n < cap) buf[n] = (ggn_move){ .from = (uint16_t)sq, .to = (uint16_t)at, .pattern = (uint8_t)i };
            n++;
        }
    }
    return n;
}

bool eg_part_fits(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    int sq = pos->part_sq, player = eg_player_to_move(pos);
    const eg_part *part = eg_part_of(g, player, pos->kind_at[sq]);
    if (mv.from != sq || mv.to >= g->nsq || !g->enabled[mv.to] || mv.action || mv.promotion || mv.modifier) return false;
    if (part->remove) return !mv.pattern && removable(pos, part, mv.to, player, any_free(pos, part, player));
    if (pos->piece_at[mv.to]) return false;
    return mv.pattern < part->n;
}

size_t eg_complete_turns(ggn_position *pos, ggn_move *moves, size_t n)
{
    if (pos->part_sq != EG_NONE) return n; /* a part's moves end the turn */
    if (!pos->g->parts_place) return n; /* a removing part opens only when it has a piece to take */
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        bool complete = true;
        if (eg_make(pos, moves[i])) {
            ggn_move one;
            if (pos->part_sq != EG_NONE) complete = eg_generate_part(pos, &one, 1) > 0;
            eg_unmake(pos);
        }
        if (complete) moves[kept++] = moves[i];
    }
    return kept;
}

/* Does every move of this position end the turn under way (an arrow, a series' last move)? */
static bool last_part(const ggn_position *pos)
{
    return pos->part_sq != EG_NONE || pos->played + 1 >= eg_series_length(pos->g, pos->ply);
}

/* The turn under way finished (nothing to do at a turn's start), then `depth` turns. */
static uint64_t perft_node(ggn_position *pos, int depth)
{
    const ggn_game *g = pos->g;
    bool mid = eg_mid_turn(pos);
    if (!mid && depth == 0) return 1;
    if (!mid && g->end_rules && eg_decided(pos, NULL)) return 0;
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = eg_generate_all(pos, moves, GGN_MAX_MOVES); /* a pending part's moves alone */
    if (n > GGN_MAX_MOVES) {
        n = GGN_MAX_MOVES;
        pos->perft_capped = true;
    }
    n = eg_filter_legal_all(pos, moves, n);
    if (mid && depth == 0 && last_part(pos)) return n; /* each move ends the turn */
    int after = mid ? depth : depth - 1; /* a move at a turn's start starts one of the turns counted */
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!eg_make(pos, moves[i])) continue;
        total += perft_node(pos, after);
        eg_unmake(pos);
    }
    return total;
}

uint64_t eg_perft_parts(ggn_position *pos, int depth)
{
    if (depth < 0) depth = 0;
    if (depth > GGN_MAX_PERFT_DEPTH) depth = GGN_MAX_PERFT_DEPTH;
    pos->perft_capped = false;
    return perft_node(pos, depth);
}
