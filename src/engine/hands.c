/*
 * hands.c — the "hands" extension (docs/game-spec.md): captured pieces go to
 * the capturer's hand, and a piece in hand may be dropped on an empty square
 * as a move of its own.
 *
 * Everything here runs only for games with hands; the hooks in movegen.c and
 * legal.c test the game's flag once per call. A drop is a ggn_move with
 * from == GGN_MOVE_DROP, pattern = the kind and action = the drop rule.
 * Named POSITION conditions of a drop rule depend only on the square, so
 * each rule is compiled into the list of squares it allows, per player.
 */
#include <stdint.h>
#include <string.h>

#include "engine.h"

static bool named_allows(const ggn_game *g, const sd_drop *d, int player, int sq)
{
    for (int i = 0; i < d->nconditions; i++) {
        if (d->conditions[i].kind != SD_COND_NAMED) continue;
        int n = d->conditions[i].named;
        if (!g->named_sq[((size_t)n * (size_t)g->nplayers + (size_t)player) * (size_t)g->nsq + (size_t)sq]) return false;
    }
    return true;
}

/*
 * Unlimited supplies ("count": "unlimited") and what they mean for text. A
 * hand can hold a counted piece when a player starts with one, or when
 * captures go to the hands and some kind has a move (so could capture):
 * only then does FEN write pockets. A drop is written as its point alone
 * when nothing else could be meant: no kind has a board move, and each
 * player can place one kind only, one way.
 */
static void compile_supply(ggn_game *g)
{
    const sd_game *def = g->def;
    bool moves = false;
    for (int k = 0; k < g->nkinds; k++) moves = moves || def->kinds[k].nmoves > 0;
    g->pockets = g->captures_to_hand && moves;
    g->point_text = !moves;
    for (int p = 0; p < g->nplayers; p++) {
        int placeable = 0;
        for (int i = 0; i < def->players[p].nhand; i++) {
            const sd_hand_start *h = &def->players[p].hand[i];
            if (h->unlimited) g->supply[p] |= 1ULL << h->kind;
            else g->pockets = true;
            placeable += def->kinds[h->kind].ndrops;
        }
        if (placeable > 1) g->point_text = false;
    }
}

/*
 * Gravity's columns: every enabled square lies on exactly one line along
 * (dx, dy) (a step is a translation, so a square has at most one square
 * above it), and the line starts where no square is above. Walking each
 * column from its top while the squares are empty finds the one square of
 * it where a drop rests (every square above it empty, the one below taken
 * or off the board), without trying every empty square of the board.
 */
static bool compile_columns(ggn_game *g, eg_drop_rule *rule)
{
    int ncolumn = 0, dx = rule->gdx, dy = rule->gdy;
    for (int s = 0; s < g->nsq; s++) ncolumn += g->enabled[s] && eg_offset(g, s, -dx, -dy) == EG_NONE;
    rule->column_sq = sd_arena_alloc(g->arena, (size_t)g->nsq, sizeof *rule->column_sq);
    rule->column_end = sd_arena_alloc(g->arena, (size_t)(ncolumn ? ncolumn : 1), sizeof *rule->column_end);
    rule->allows = sd_arena_alloc(g->arena, (size_t)g->nsq, sizeof *rule->allows);
    if (!rule->column_sq || !rule->column_end || !rule->allows) return false;
    for (int i = 0; i < rule->nsq; i++) rule->allows[rule->sq[i]] = true;
    int n = 0;
    for (int s = 0; s < g->nsq; s++) {
        if (!g->enabled[s] || eg_offset(g, s, -dx, -dy) != EG_NONE) continue;
        for (int t = s; t != EG_NONE; t = eg_offset(g, t, dx, dy)) rule->column_sq[n++] = (uint16_t)t;
        rule->column_end[rule->ncolumn++] = (uint16_t)n;
    }
    return true;
}

bool eg_compile_hands(ggn_game *g)
{
    const sd_game *def = g->def;
    g->hands = def->hands;
    g->captures_to_hand = def->hands && def->captures_to_hand;
    if (!g->hands) return true;
    g->drops_compulsory = def->drops_compulsory;
    for (int k = 0; k < g->nkinds; k++)
        if (def->kinds[k].drops_opposite_colours) g->opposite_colour_kinds |= 1ULL << k;
    g->drop_rules = g->opposite_colour_kinds != 0;
    size_t lists = (size_t)g->nplayers * (size_t)g->nkinds;
    g->captured_as = sd_arena_alloc(g->arena, (size_t)g->nkinds, sizeof *g->captured_as);
    g->drops = sd_arena_alloc(g->arena, lists, sizeof *g->drops);
    g->zobrist_hand = sd_arena_alloc(g->arena, lists * EG_HAND_KEYS, sizeof *g->zobrist_hand);
    if (!g->captured_as || !g->drops || !g->zobrist_hand) return false;
    for (int k = 0; k < g->nkinds; k++) g->captured_as[k] = (uint8_t)def->kinds[k].captured_as;
    compile_supply(g);
    g->swap = def->swap;
    uint64_t seed = 0x4A4E4453ULL; /* "HANDS" */
    for (size_t i = 0; i < lists * EG_HAND_KEYS; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        g->zobrist_hand[i] = z ^ (z >> 31);
    }
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) {
            const sd_kind *kind = &def->kinds[k];
            eg_drops *d = &g->drops[(size_t)p * (size_t)g->nkinds + (size_t)k];
            if (kind->ndrops == 0) continue;
            d->rule = sd_arena_alloc(g->arena, (size_t)kind->ndrops, sizeof *d->rule);
            if (!d->rule) return false;
            d->nrule = (uint8_t)kind->ndrops;
            for (int r = 0; r < kind->ndrops; r++) {
                eg_drop_rule *rule = &d->rule[r];
                const sd_drop *sdr = &kind->drops[r];
                const sd_player *pl = &def->players[p];
                rule->file_free_of = EG_NONE;
                rule->fdx = (int8_t)pl->dir[0][1];
                rule->fdy = (int8_t)pl->dir[1][1];
                rule->no_checkmate = sdr->no_checkmate;
                if (sdr->no_checkmate) g->drop_rules = true;
                rule->unmoved = sdr->unmoved;
                rule->gravity = sdr->gravity;
                rule->gdx = (int8_t)sdr->fall[0];
                rule->gdy = (int8_t)sdr->fall[1];
                for (int i = 0; i < sdr->nconditions; i++)
                    if (sdr->conditions[i].kind == SD_COND_FILE_FREE_OF) rule->file_free_of = (int16_t)sdr->conditions[i].piece;
                int n = 0;
                for (int s = 0; s < g->nsq; s++) n += g->enabled[s] && named_allows(g, &kind->drops[r], p, s);
                if (n == 0) continue;
                rule->sq = sd_arena_alloc(g->arena, (size_t)n, sizeof *rule->sq);
                if (!rule->sq) return false;
                for (int s = 0; s < g->nsq; s++)
                    if (g->enabled[s] && named_allows(g, &kind->drops[r], p, s)) rule->sq[rule->nsq++] = (uint16_t)s;
                if (rule->gravity && !compile_columns(g, rule)) return false;
            }
        }
    return true;
}

/* FILE_FREE_OF: does a piece of `kind` of `player` stand on the line through sq along (dx, dy)? */
static bool file_holds(const ggn_position *pos, int sq, int dx, int dy, int kind, int player)
{
    const ggn_game *g = pos->g;
    for (int dir = -1; dir <= 1; dir += 2)
        for (int s = eg_offset(g, sq, dir * dx, dir * dy); s != EG_NONE; s = eg_offset(g, s, dir * dx, dir * dy))
            if (pos->piece_at[s] && pos->side_at[s] == player && pos->kind_at[s] == kind) return true;
    return false;
}

/*
 * A gravity rule's squares: the top-most empty square of each column, where
 * the square below is taken or off the board, and which the rule allows.
 * They come out ascending, the order of rule->sq, so the move list is the
 * one trying every square in turn would give: marked in a bitmap of the
 * squares, then read from it in order. Returns how many.
 */
static int resting_squares(const ggn_position *pos, const eg_drop_rule *rule, int player, uint16_t *out)
{
    uint64_t marked[GGN_MAX_SQUARES / 64];
    size_t words = ((size_t)pos->g->nsq + 63) / 64;
    memset(marked, 0, words * sizeof marked[0]);
    const uint16_t *column = rule->column_sq;
    const uint8_t *taken = pos->piece_at;
    int start = 0;
    for (int c = 0; c < rule->ncolumn; c++) {
        int end = rule->column_end[c], i = start;
        while (i < end && !taken[column[i]]) i++;
        int rest = i > start ? column[i - 1] : EG_NONE;
        start = end;
        if (rest == EG_NONE || !rule->allows[rest]) continue;
        if (rule->file_free_of != EG_NONE && file_holds(pos, rest, rule->fdx, rule->fdy, rule->file_free_of, player))
            continue;
        marked[rest / 64] |= 1ULL << (rest % 64);
    }
    int n = 0;
    for (size_t w = 0; w < words; w++)
        for (uint64_t bits = marked[w]; bits; bits &= bits - 1)
            out[n++] = (uint16_t)(w * 64 + (size_t)__builtin_ctzll(bits));
    return n;
}

/* The drops after the gates, at most `limit` of them: the list's first ones, in its order. */
static inline size_t drops_upto(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n, size_t limit)
{
    const ggn_game *g = pos->g;
    if (g->gating) n = eg_generate_gates(pos, buf, cap, n); /* between the board moves and the drops */
    int player = eg_player_to_move(pos);
    size_t first = n;
    for (int k = 0; k < g->nkinds; k++) {
        if (!eg_holds(pos, player, k)) continue;
        const eg_drops *d = eg_drops_of(g, player, k);
        for (int r = 0; r < d->nrule; r++) {
            const eg_drop_rule *rule = &d->rule[r];
            uint16_t resting[GGN_MAX_SQUARES];
            int nsq = rule->gravity ? resting_squares(pos, rule, player, resting) : rule->nsq;
            const uint16_t *squares = rule->gravity ? resting : rule->sq;
            bool judged = !rule->gravity && rule->file_free_of != EG_NONE; /* resting_squares judged its own */
            for (int i = 0; i < nsq; i++) {
                int sq = squares[i];
                if (pos->piece_at[sq]) continue;
                if (judged && file_holds(pos, sq, rule->fdx, rule->fdy, rule->file_free_of, player)) continue;
                if (n - first >= limit) return n;
                if (n < cap) {
                    ggn_move *m = &buf[n];
                    m->from = EG_DROP_FROM;
                    m->to = (uint16_t)sq;
                    m->pattern = (uint8_t)k;
                    m->action = (uint8_t)r;
                    m->promotion = 0;
                    m->modifier = 0; /* no gate */
                }
                n++;
            }
        }
    }
    return n;
}

size_t eg_generate_drops(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n)
{
    n = drops_upto(pos, buf, cap, n, SIZE_MAX);
    return pos->g->swap ? eg_generate_swap(pos, buf, cap, n) : n; /* the pie rule's swap, after the drops */
}

size_t eg_generate_first_drops(const ggn_position *pos, ggn_move *buf, size_t cap, size_t n, size_t limit)
{
    return drops_upto(pos, buf, cap, n, limit);
}

/*
 * The generator lists drops after every board move. The board moves go
 * through eg_filter_legal as usual. A drop only fills an empty square, so it
 * can never open a line onto a leader: when no leader of the mover is
 * attacked (and no slide of the game is of the kinds that other pieces can
 * feed, see any_odd), every drop is legal; otherwise each is made and tested.
 */
/*
 * "no_checkmate" (shogi's uchifuzume): the drop, already made, checkmates when
 * the player now to move has a leader attacked and no legal move.
 */
static bool drop_checkmates(ggn_position *pos)
{
    int next = eg_player_to_move(pos);
    if (!eg_leader_attacked(pos, next)) return false;
    ggn_move replies[GGN_MAX_MOVES];
    size_t n = eg_generate_all(pos, replies, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    return eg_filter_legal_all(pos, replies, n) == 0;
}

static bool is_no_checkmate_drop(const ggn_game *g, int player, ggn_move m)
{
    const eg_drops *d = eg_drops_of(g, player, m.pattern);
    return m.action < d->nrule && d->rule[m.action].no_checkmate;
}

/* The colour of a square: light or dark as on a chequered board. */
static inline int square_colour(const ggn_game *g, int sq) { return (g->sq_x[sq] + g->sq_y[sq]) & 1; }

/*
 * "drops_opposite_colours" of kind k, for one drop of `player` on `to`: a
 * piece of k may not go to a square colour that already holds one of the
 * player's k; any other piece may go only where it leaves, among the colours
 * free of the player's k, at least as many with an empty square on which k
 * can be dropped as k has pieces in hand (Fairy-Stockfish 11.1's placement
 * rule, that the two bishops stand on different colours).
 */
static bool colours_allow(const ggn_position *pos, int player, int k, ggn_move m)
{
    const ggn_game *g = pos->g;
    bool holds[2] = { false, false };
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == player && p->kind == k) holds[square_colour(g, p->sq)] = true;
    }
    if (m.pattern == k) return !holds[square_colour(g, m.to)];
    bool room[2] = { false, false };
    const eg_drops *d = eg_drops_of(g, player, k);
    for (int r = 0; r < d->nrule; r++)
        for (int i = 0; i < d->rule[r].nsq; i++) {
            int sq = d->rule[r].sq[i];
            if (sq != m.to && !pos->piece_at[sq]) room[square_colour(g, sq)] = true;
        }
    return (!holds[0] && room[0]) + (!holds[1] && room[1]) >= pos->hand[player][k];
}

/* Every drops_opposite_colours rule allows drop m of the player to move. */
static bool colour_rules_allow(const ggn_position *pos, int player, ggn_move m)
{
    for (int k = 0; k < pos->g->nkinds; k++)
        if (((pos->g->opposite_colour_kinds >> k) & 1) && (pos->hand[player][k] || m.pattern == k) &&
            !colours_allow(pos, player, k, m))
            return false;
    return true;
}

bool eg_drop_known_legal(const ggn_position *pos, ggn_move m)
{
    const ggn_game *g = pos->g;
    if (g->opposite_colour_kinds || is_no_checkmate_drop(g, eg_player_to_move(pos), m)) return false;
    return g->leader == EG_NONE || (!g->any_odd && !pos->leaders_overflow);
}

bool eg_drop_forbidden(ggn_position *pos, ggn_move m)
{
    const ggn_game *g = pos->g;
    if (g->narrows_moves && m.from == EG_DROP_FROM && ((g->group_capture && !g->suicide) || g->superko) &&
        eg_group_forbids(pos, m))
        return true; /* capture_groups.c: suicide and superko */
    if (!g->drop_rules || m.from != EG_DROP_FROM) return false;
    int player = eg_player_to_move(pos);
    if (g->opposite_colour_kinds && !colour_rules_allow(pos, player, m)) return true;
    if (!is_no_checkmate_drop(g, player, m) || eg_move_checks(pos, m) == 0 || !eg_make(pos, m)) return false;
    bool mates = drop_checkmates(pos);
    eg_unmake(pos);
    return mates;
}

size_t eg_filter_legal_drops(ggn_position *pos, ggn_move *moves, size_t n)
{
    const ggn_game *g = pos->g;
    size_t nb = n;
    while (nb > 0 && moves[nb - 1].from == EG_DROP_FROM) nb--;
    /* Gating forms sit between the board moves and the drops (gating.c judges both). */
    size_t ngate = nb;
    while (ngate > 0 && eg_gate_of(g, moves[ngate - 1])) ngate--;
    size_t kept = ngate < nb ? eg_filter_legal_gates(pos, moves, ngate, nb) : eg_filter_legal(pos, moves, ngate);
    int player = eg_player_to_move(pos);
    bool fast = !g->any_odd && !pos->leaders_overflow && !eg_leader_attacked(pos, player);
    size_t board = kept;
    if (fast && !g->drop_rules) {
        /* No drop rule of the game judges more than the square (placement games): every drop is legal. */
        if (kept < nb) memmove(moves + kept, moves + nb, (n - nb) * sizeof *moves);
        kept += n - nb;
        n = nb;
    }
    for (size_t i = nb; i < n; i++) {
        if (g->opposite_colour_kinds && !colour_rules_allow(pos, player, moves[i])) continue;
        bool legal = fast;
        if (is_no_checkmate_drop(g, player, moves[i])) {
            legal = false;
            if (eg_make(pos, moves[i])) {
                legal = (fast || !eg_leader_attacked(pos, player)) && !drop_checkmates(pos);
                eg_unmake(pos);
            }
        } else if (!fast && eg_make(pos, moves[i])) {
            legal = !eg_leader_attacked(pos, player);
            eg_unmake(pos);
        }
        if (legal) moves[kept++] = moves[i];
    }
    /* drops_compulsory: a player that can drop must; the board moves go when a drop is legal. */
    if (g->drops_compulsory && kept > board) {
        memmove(moves, moves + board, (kept - board) * sizeof *moves);
        kept -= board;
    }
    return kept;
}
