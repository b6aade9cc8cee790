/*
 * fen.c — FEN for games whose pieces have symbols (two players, any board
 * size), as Fairy-Stockfish writes it.
 *
 * FEN has no field for "this piece has never moved" or for state flags, so
 * the conventional fields are mapped onto them (docs/game-spec.md, "FEN"):
 * castling rights decide the unmoved state of the leader and of its castling
 * partners (the kinds its MOVE side effects name); the same field carries the
 * unmoved state of the kinds of fen_rights, a file letter per unmoved piece on
 * its player's first rank (cambodian's DEde); every other piece is unmoved
 * exactly when it stands on one of its kind's starting squares; the
 * en-passant square puts the flag of the flagged move (SET_STATE) back on the
 * piece that just made it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "notation.h"
#include "ggn/id.h"

/* The pockets of a game with hands: "[...]" after the placement, white's pieces upper case. */
static bool parse_pockets(ggn_position *pos, const char *s, size_t len, ggn_error *err);

static bool is_castling_piece(const ggn_game *g, int kind)
{
    return g->castles && (kind == g->castler || ((g->castle_partners >> kind) & 1));
}

/* fen_rights: the row on which a player's letters name files (the first player's row 0). */
static int rights_row(const ggn_game *g, int owner)
{
    return owner == 0 ? 0 : g->rows - 1;
}

/* fen_rights: owner's piece of a listed kind on file x of its first rank, or 0. */
static int rights_piece(const ggn_position *pos, int owner, int x)
{
    const ggn_game *g = pos->g;
    int sq = x < g->cols ? eg_square(g, x, rights_row(g, owner)) : EG_NONE;
    if (sq == EG_NONE || !pos->piece_at[sq]) return 0;
    const eg_piece *p = &pos->piece[pos->piece_at[sq]];
    return p->owner == owner && ((pos->g->fen_rights >> p->kind) & 1) ? pos->piece_at[sq] : 0;
}

/*
 * The castler of owner (the leader, or the kind that castles in a game
 * without one): an unmoved one first, since a game without a leader may have
 * several pieces of that kind (a pawn promoted to a king in giveaway) and only
 * an unmoved one can hold a right.
 */
static int find_castler(const ggn_position *pos, int owner)
{
    int found = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE || p->owner != owner || p->kind != pos->g->castler) continue;
        if (p->moves == 0) return id;
        if (!found) found = id;
    }
    return found;
}

/* The partner of owner's castler `leader` on its row: outermost towards +x (side > 0) or -x, or at file x. */
static int find_partner(const ggn_position *pos, int owner, int leader, int side, int file)
{
    const ggn_game *g = pos->g;
    if (!leader) return 0;
    int lx = g->sq_x[pos->piece[leader].sq], ly = g->sq_y[pos->piece[leader].sq];
    int best = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE || p->owner != owner || !((g->castle_partners >> p->kind) & 1)) continue;
        int x = g->sq_x[p->sq];
        if (g->sq_y[p->sq] != ly) continue;
        if (file >= 0) {
            if (x == file) return id;
            continue;
        }
        if (side > 0 && x > lx && (!best || x > g->sq_x[pos->piece[best].sq])) best = id;
        if (side < 0 && x < lx && (!best || x < g->sq_x[pos->piece[best].sq])) best = id;
    }
    return best;
}

static int square_of_label(const ggn_game *g, const char *text, size_t len)
{
    ggn_cell cell;
    if (ggn_cell_parse(text, len, &cell) || cell.dims != 2) return EG_NONE;
    return eg_square(g, cell.index[0], cell.index[1]);
}

/* The square strictly between a flagged move's source and the piece, if the move passed one. */
static int passed_square(const ggn_game *g, int sq, const eg_move *m)
{
    int sx = g->sq_x[sq] - m->dx, sy = g->sq_y[sq] - m->dy;
    if (eg_square(g, sx, sy) == EG_NONE) return EG_NONE;
    int ux = (m->dx > 0) - (m->dx < 0), uy = (m->dy > 0) - (m->dy < 0);
    int dx = abs(m->dx), dy = abs(m->dy);
    if ((dx && dy && dx != dy) || (dx > 1 ? dx : dy) != 2) return EG_NONE;
    return eg_square(g, sx + ux, sy + uy);
}

/* The flag (and its duration) that move m of a kind sets, or EG_NONE. */
static int set_state_flag(const eg_move *m, int *duration)
{
    for (int e = 0; e < m->neffect; e++)
        if (m->effect[e].kind == SD_EFFECT_SET_STATE) {
            *duration = m->effect[e].duration;
            return m->effect[e].flag;
        }
    return EG_NONE;
}

/* The board, then the pockets of a game with hands ("[...]" at the end of the field). */
static bool parse_placement(ggn_position *pos, const char *s, size_t len, ggn_error *err)
{
    const char *bracket = memchr(s, '[', len);
    if (bracket) {
        if (!pos->g->hands) return eg_fail(err, "FEN has pockets '[...]' but this game has no hands");
        if (!parse_pockets(pos, bracket, len - (size_t)(bracket - s), err)) return false;
        len = (size_t)(bracket - s);
    }
    return eg_parse_board(pos, s, len, EG_NOTATION_FEN, err);
}

static bool parse_pockets(ggn_position *pos, const char *s, size_t len, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (len < 2 || s[len - 1] != ']') return eg_fail(err, "FEN pockets must be written [...] at the end of the placement");
    for (size_t i = 1; i + 1 < len; i++) {
        char c = s[i];
        char sym[2] = { c, '\0' };
        int kind = isalpha((unsigned char)c) ? eg_kind_of_symbol(g, c, false) : EG_NONE;
        if (kind == EG_NONE) return eg_fail(err, "FEN pocket piece '%s' is no piece symbol of this game", sym);
        int owner = isupper((unsigned char)c) ? 0 : 1;
        if ((g->supply[owner] >> kind) & 1)
            return eg_fail(err, "FEN pocket piece '%s': that supply never runs out, so no pocket lists it", sym);
        if (pos->hand[owner][kind] >= GGN_MAX_PIECES_ON_BOARD)
            return eg_fail(err, "FEN pockets hold more than GGN_MAX_PIECES_ON_BOARD pieces");
        pos->hand[owner][kind]++;
        pos->hash ^= eg_hand_key(g, owner, kind, pos->hand[owner][kind]);
    }
    return true;
}

/*
 * Gating (docs/game-spec.md): a gate is an unmoved piece on a square of its
 * owner's gating zone. FEN names the open gates by file in the castling field,
 * after the player's K and Q (Fairy-Stockfish's `KQABCDEFGHkq...`), and K and
 * Q open the gates of the castler and its partner too. Pieces of the zone
 * start "moved" here; each letter makes the player's pieces on the zone
 * squares of that file unmoved. A letter for a file where none stands opens
 * nothing (ggn keeps no gate on an empty square).
 */
static bool in_gate_zone(const ggn_game *g, int player, int sq)
{
    return g->gating && g->gate_sq[(size_t)player * (size_t)g->nsq + (size_t)sq];
}

static void open_gates(ggn_position *pos, int owner, int file)
{
    const ggn_game *g = pos->g;
    for (int id = 1; id < pos->npiece; id++) {
        eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && p->owner == owner && g->sq_x[p->sq] == file && in_gate_zone(g, owner, p->sq))
            p->moves = 0;
    }
}

static bool parse_castling(ggn_position *pos, const char *s, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!g->castles && !g->fen_rights && !g->gating) return true;
    /* The castler of each side as the placement left it (unmoved on a starting square first). */
    int castler[2] = { find_castler(pos, 0), find_castler(pos, 1) };
    /* Castling pieces, those of fen_rights and, with gating, the pieces of the gating zones start
     * "moved"; each right or gate found below makes them unmoved. */
    for (int id = 1; id < pos->npiece; id++) {
        eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && (is_castling_piece(g, p->kind) || ((g->fen_rights >> p->kind) & 1) ||
                                 in_gate_zone(g, p->owner, p->sq)))
            p->moves = 1;
    }
    if (strcmp(s, "-") == 0) return true;
    for (const char *c = s; *c; c++) {
        int owner = isupper((unsigned char)*c) ? 0 : 1;
        char up = (char)toupper((unsigned char)*c);
        /* fen_rights first: a file letter naming a listed kind on the player's first rank. */
        int own = isalpha((unsigned char)*c) ? rights_piece(pos, owner, up - 'A') : 0;
        if (own) {
            pos->piece[own].moves = 0;
            continue;
        }
        bool file_letter = isalpha((unsigned char)*c) && up - 'A' < g->cols;
        if (g->gating && file_letter && up != 'K' && up != 'Q') {
            open_gates(pos, owner, up - 'A');
            continue;
        }
        if (!g->castles) {
            char bad[2] = { *c, '\0' };
            return eg_fail(err, "FEN rights letter '%s' names no piece whose first move FEN carries on that file", bad);
        }
        int partner, leader = castler[owner];
        if (g->castles && up == 'K') partner = find_partner(pos, owner, leader, +1, -1);
        else if (g->castles && up == 'Q') partner = find_partner(pos, owner, leader, -1, -1);
        else if (g->castles && file_letter) partner = find_partner(pos, owner, leader, 0, up - 'A');
        else {
            char bad[2] = { *c, '\0' };
            return eg_fail(err, "FEN castling field has '%s'", bad);
        }
        if (!partner || !leader) {
            char bad[2] = { *c, '\0' };
            return eg_fail(err, "FEN castling right '%s' has no leader and partner to go with it", bad);
        }
        int ids[2] = { leader, partner };
        for (int i = 0; i < 2; i++) {
            eg_piece *p = &pos->piece[ids[i]];
            p->moves = 0;
        }
    }
    return true;
}

static bool parse_en_passant(ggn_position *pos, const char *s, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (strcmp(s, "-") == 0) return true;
    int ep = square_of_label(g, s, strlen(s));
    if (ep == EG_NONE) return eg_fail(err, "FEN en-passant field '%s' is not a square of the board", s);
    int mover = 1 - eg_player_to_move(pos);
    for (int id = 1; id < pos->npiece; id++) {
        eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE || p->owner != mover) continue;
        for (int mi = 0; mi < g->nmoves[p->kind]; mi++) {
            const eg_move *m = eg_move_of(g, mover, p->kind, mi);
            int duration;
            int flag = set_state_flag(m, &duration);
            if (flag == EG_NONE || passed_square(g, p->sq, m) != ep) continue;
            p->flag_until[flag] = duration < 0 ? INT32_MAX : pos->ply + duration;
            return true;
        }
    }
    return eg_fail(err, "FEN en-passant square %s was not passed by a piece that just made a flagged move", s);
}

/* "W+B": the checks each player may still give before the limit (Fairy-Stockfish's field); "" = none given. */
static bool parse_checks(ggn_position *pos, const char *s, ggn_error *err)
{
    if (!*s) return true;
    int limit = pos->g->def->end.check_limit, left[2];
    char tail;
    if (sscanf(s, "%d+%d%c", &left[0], &left[1], &tail) != 2 || left[0] < 0 || left[1] < 0 || left[0] > limit ||
        left[1] > limit)
        return eg_fail(err, "FEN checks field '%s' is not two counts from 0 to %d written W+B", s, limit);
    for (int p = 0; p < 2; p++) pos->checks[p] = (uint16_t)(limit - left[p]);
    return true;
}

bool ggn_position_set_fen(ggn_position *pos, const char *fen, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!eg_notation_admits(g, EG_NOTATION_FEN, fen, err)) return false;
    /* The placement is read where it stands; the short fields after it are copied. */
    const char *placement = NULL;
    size_t placement_len = 0;
    char fields[7][64] = { "", "w", "-", "-", "0", "1", "" };
    int nfields = 0, maxfields = g->count_checks ? 7 : 6;
    const char *rest = fen;
    for (const char *p = fen; *p && nfields < maxfields; rest = p) {
        while (*p == ' ') p++;
        if (!*p) break;
        size_t n = strcspn(p, " ");
        if (nfields == 0) {
            placement = p;
            placement_len = n;
        } else if (n >= sizeof fields[0]) {
            ggn_error_set(err, GGN_E_VALUE, "FEN field %d is too long to be valid", nfields + 1);
            return false;
        } else {
            memcpy(fields[nfields], p, n);
            fields[nfields][n] = '\0';
        }
        nfields++;
        p += n;
    }
    if (nfields < 1) {
        ggn_error_set(err, GGN_E_VALUE, "empty FEN");
        return false;
    }
    while (*rest == ' ') rest++;
    /* game_end.check_limit: Fairy-Stockfish's checks field ("3+3") stands after the en-passant square. */
    char checks_text[64] = "";
    bool checks_field = g->count_checks && nfields >= 5 && strchr(fields[4], '+');
    if (checks_field) {
        memcpy(checks_text, fields[4], sizeof checks_text);
        memcpy(fields[4], fields[5], sizeof fields[0]);
        memcpy(fields[5], fields[6], sizeof fields[0]);
        if (nfields <= 6) snprintf(fields[5], sizeof fields[0], "1");
        if (nfields <= 5) snprintf(fields[4], sizeof fields[0], "0");
    }
    if (*rest || (nfields == 7 && !checks_field)) {
        /* Anything after the six fields is not FEN: said, not dropped. */
        ggn_error_set(err, GGN_E_VALUE, "FEN has more than six fields: '%.40s'", *rest ? rest : fields[6]);
        return false;
    }
    ggn_position *tmp = eg_notation_scratch(g, err);
    if (!tmp) return false;
    bool ok = parse_placement(tmp, placement, placement_len, err);
    if (ok) {
        int side = strcmp(fields[1], "w") == 0 ? 0 : strcmp(fields[1], "b") == 0 ? 1 : -1;
        if (side < 0) ok = eg_fail(err, "FEN side to move '%s' is neither w nor b", fields[1]);
        if (ok) eg_set_player_to_move(tmp, side);
        char *end;
        long half = strtol(fields[4], &end, 10);
        if (ok && (*end || half < 0 || half > 100000)) ok = eg_fail(err, "FEN half-move clock '%s' is not a count", fields[4]);
        long full = strtol(fields[5], &end, 10);
        if (ok && (*end || full < 1 || full > 100000)) ok = eg_fail(err, "FEN move number '%s' is not a number from 1", fields[5]);
        if (ok) {
            tmp->halfmove = (int)half;
            tmp->ply = (int)(2 * (full - 1) + side);
        }
    }
    ok = ok && parse_castling(tmp, fields[2], err) && parse_en_passant(tmp, fields[3], err) &&
         parse_checks(tmp, checks_text, err);
    if (ok) eg_rehash(tmp); /* the unmoved states and flags are final only now */
    if (ok) ggn_position_copy(pos, tmp);
    free(tmp);
    return ok;
}

/* X-FEN: K or Q for the outermost partner on each side of the leader, the partner's file
 * letter for an unmoved partner nearer the leader (a right that KQ cannot say). A game that
 * castles to fixed files (castle moves) writes Shredder-FEN, every right as its partner's
 * file letter (`HAha`), as Fairy-Stockfish does for its Chess960 games; then, with gating,
 * the files of the player's open gates (Fairy-Stockfish writes them only while the player
 * holds a piece in hand or captures fill the hands). */
static void castling_field(const ggn_position *pos, char *out, size_t cap)
{
    const ggn_game *g = pos->g;
    size_t n = 0;
    for (int owner = 0; owner < 2; owner++) {
        int leader = g->castles ? find_castler(pos, owner) : 0;
        int lx = leader ? g->sq_x[pos->piece[leader].sq] : 0;
        int sides[2] = { +1, -1 };
        for (int i = 0; i < 2 && leader && !pos->piece[leader].moves; i++) {
            int outer = find_partner(pos, owner, leader, sides[i], -1);
            if (!outer) continue;
            int ox = g->sq_x[pos->piece[outer].sq];
            for (int x = ox; x != lx && n + 2 < cap; x -= sides[i]) {
                int id = find_partner(pos, owner, leader, 0, x);
                if (!id || pos->piece[id].moves) continue;
                bool letter = id != outer || g->castles_to_files;
                char c = letter ? (char)('A' + x) : sides[i] > 0 ? 'K' : 'Q';
                /* no letter says it (with gating, a file letter would read as a gate) */
                if (letter && (x >= 26 || (!g->castles_to_files && (c == 'K' || c == 'Q' || g->gating)))) continue;
                out[n++] = owner == 0 ? c : (char)tolower((unsigned char)c);
            }
        }
        /* fen_rights: after the player's castling letters, the files of its unmoved listed pieces
         * (Fairy-Stockfish's order); a file past z has no letter. */
        for (int x = 0; g->fen_rights && x < g->cols && x < 26 && n + 2 < cap; x++) {
            int id = rights_piece(pos, owner, x);
            if (id && !pos->piece[id].moves) out[n++] = (char)(owner == 0 ? 'A' + x : 'a' + x);
        }
        if (!g->gating) continue;
        bool holds = g->captures_to_hand;
        for (int k = 0; k < g->nkinds && !holds; k++) holds = pos->hand[owner][k] > 0;
        for (int x = 0; holds && x < g->cols && x < 26 && n + 2 < cap; x++) {
            bool open = false;
            for (int y = 0; y < g->rows && !open; y++) {
                int sq = eg_square(g, x, y);
                open = sq != EG_NONE && in_gate_zone(g, owner, sq) && pos->side_at[sq] == owner &&
                       pos->piece[pos->piece_at[sq]].moves == 0;
            }
            if (open) out[n++] = (char)((owner == 0 ? 'A' : 'a') + x);
        }
    }
    if (n == 0) out[n++] = '-';
    out[n] = '\0';
}

static void en_passant_field(const ggn_position *pos, char *out, size_t cap)
{
    const ggn_game *g = pos->g;
    int mover = 1 - eg_player_to_move(pos);
    snprintf(out, cap, "-");
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE || p->owner != mover) continue;
        for (int mi = 0; mi < g->nmoves[p->kind]; mi++) {
            const eg_move *m = eg_move_of(g, mover, p->kind, mi);
            int duration;
            int flag = set_state_flag(m, &duration);
            if (flag == EG_NONE || p->flag_until[flag] <= pos->ply) continue;
            int ep = passed_square(g, p->sq, m);
            if (ep == EG_NONE) continue;
            ggn_cell cell = { 2, { g->sq_x[ep], g->sq_y[ep], 0 } };
            ggn_cell_format(&cell, out, cap);
            return;
        }
    }
}

size_t ggn_position_fen(const ggn_position *pos, char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    if (!g->has_fen || cap == 0) return 0;
    buf[0] = '\0';
    size_t n = eg_write_board(pos, EG_NOTATION_FEN, buf, cap, 0);
    if (g->pockets) { /* hands with counted pieces (a supply that never runs out is not written) */
        /* Each player's pieces from the last kind of /pieces to the first: Fairy-Stockfish's
         * order (QRBNP) when the pieces are listed from the pawn up. */
        n = eg_put(buf, cap, n, "[");
        for (int owner = 0; owner < 2; owner++)
            for (int k = g->nkinds - 1; k >= 0; k--)
                for (int i = 0; i < pos->hand[owner][k]; i++) {
                    char sym = g->def->kinds[k].symbol;
                    char cell[2] = { owner == 0 ? sym : (char)tolower((unsigned char)sym), '\0' };
                    n = eg_put(buf, cap, n, cell);
                }
        n = eg_put(buf, cap, n, "]");
    }
    /* Castling, fen_rights and gate letters: at most 26 files each, per player. The tail holds them,
     * the en-passant label, the checks field and two counters with their spaces. */
    char castling[6 * 26 + 2], ep[GGN_MAX_LABEL], tail[sizeof castling + GGN_MAX_LABEL + 32 + 32];
    castling_field(pos, castling, sizeof castling);
    en_passant_field(pos, ep, sizeof ep);
    char checks[32] = "";
    if (g->count_checks) {
        int limit = g->def->end.check_limit;
        int w = limit - pos->checks[0], b = limit - pos->checks[1];
        snprintf(checks, sizeof checks, " %d+%d", w < 0 ? 0 : w, b < 0 ? 0 : b);
    }
    snprintf(tail, sizeof tail, " %c %s %s%s %d %d", eg_player_to_move(pos) == 0 ? 'w' : 'b', castling, ep, checks,
             pos->halfmove, pos->ply / 2 + 1);
    n = eg_put(buf, cap, n, tail);
    if (n >= cap) {
        buf[0] = '\0';
        return 0;
    }
    return n;
}
