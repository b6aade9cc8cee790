/*
 * fen.c — FEN for games whose pieces have symbols (two players, any board
 * size), as Fairy-Stockfish writes it.
 *
 * FEN has no field for "this piece has never moved" or for state flags, so
 * the conventional fields are mapped onto them (docs/game-spec.md, "FEN"):
 * castling rights decide the unmoved state of the leader and of its castling
 * partners (the kinds its MOVE side effects name); every other piece is
 * unmoved exactly when it stands on one of its kind's starting squares; the
 * en-passant square puts the flag of the flagged move (SET_STATE) back on the
 * piece that just made it.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "ggn/id.h"

/* The kind written c (c~ when promoted: a kind whose symbol is "C~", else the plain one). */
static int kind_of_symbol(const ggn_game *g, char c, bool promoted)
{
    char up = (char)toupper((unsigned char)c);
    int plain = EG_NONE;
    for (int k = 0; k < g->nkinds; k++) {
        if (g->def->kinds[k].symbol != up) continue;
        if (g->def->kinds[k].symbol_promoted == promoted) return k;
        if (!g->def->kinds[k].symbol_promoted) plain = k;
    }
    return plain;
}

/* The pockets of a game with hands: "[...]" after the placement, white's pieces upper case. */
static bool parse_pockets(ggn_position *pos, const char *s, size_t len, ggn_error *err);

static bool on_start_square(const ggn_game *g, int kind, int owner, int sq)
{
    const sd_player *pl = &g->def->players[owner];
    for (int i = 0; i < pl->nstarts; i++)
        if (pl->starts[i].kind == kind && pl->starts[i].y * g->cols + pl->starts[i].x == sq) return true;
    return false;
}

static bool is_castling_piece(const ggn_game *g, int kind)
{
    return g->leader_castles && (kind == g->leader || ((g->castle_partners >> kind) & 1));
}

static int find_leader(const ggn_position *pos, int owner)
{
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE && pos->piece[id].owner == owner && pos->piece[id].kind == pos->g->leader)
            return id;
    return 0;
}

/* The partner of owner's leader on its row: outermost towards +x (side > 0) or -x, or at file x. */
static int find_partner(const ggn_position *pos, int owner, int side, int file)
{
    const ggn_game *g = pos->g;
    int leader = find_leader(pos, owner);
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

static bool fail(ggn_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool fail(ggn_error *err, const char *fmt, ...)
{
    char message[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ggn_error_set(err, GGN_E_VALUE, "%s", message);
    return false;
}

static bool parse_placement(ggn_position *pos, const char *s, size_t len, ggn_error *err)
{
    const ggn_game *g = pos->g;
    int y = g->rows - 1, x = 0;
    const char *bracket = memchr(s, '[', len);
    if (bracket) {
        if (!g->hands) return fail(err, "FEN has pockets '[...]' but this game has no hands");
        if (!parse_pockets(pos, bracket, len - (size_t)(bracket - s), err)) return false;
        len = (size_t)(bracket - s);
    }
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '/') {
            if (x != g->cols) return fail(err, "FEN rank %d does not fill the board's width", g->rows - y);
            if (--y < 0) return fail(err, "FEN placement has more ranks than the board");
            x = 0;
        } else if (isdigit((unsigned char)c)) {
            if (c == '0') return fail(err, "FEN counts of empty squares start at 1 and have no leading zero");
            int n = 0;
            /* Stop growing past the width (the check below refuses it) so that no run overflows. */
            for (; i < len && isdigit((unsigned char)s[i]); i++)
                if (n <= g->cols) n = n * 10 + (s[i] - '0');
            i--;
            if (x + n > g->cols) return fail(err, "FEN rank overflows the board's width");
            x += n;
        } else if (c == '*') {
            if (x >= g->cols || eg_square(g, x, y) != EG_NONE)
                return fail(err, "FEN '*' marks a square that is not disabled");
            x++;
        } else if (c == '~') {
            continue; /* Fairy-Stockfish's promoted-piece mark: nothing to keep */
        } else {
            bool promoted = i + 1 < len && s[i + 1] == '~';
            if (c == '+' && i + 1 < len) {
                /* Shogi's promoted mark: "+P" is the kind whose symbol is "+P". */
                c = s[++i];
                promoted = true;
            }
            int kind = kind_of_symbol(g, c, promoted);
            char sym[2] = { c, '\0' };
            if (kind == EG_NONE || !isalpha((unsigned char)c)) return fail(err, "FEN piece '%s' is no piece symbol of this game", sym);
            if (x >= g->cols) return fail(err, "FEN rank overflows the board's width");
            int sq = eg_square(g, x, y);
            if (sq == EG_NONE) return fail(err, "FEN puts piece '%s' on a disabled square", sym);
            int owner = isupper((unsigned char)c) ? 0 : 1;
            if (!eg_place(pos, sq, kind, owner, on_start_square(g, kind, owner, sq)))
                return fail(err, "FEN places more pieces than GGN_MAX_PIECES_ON_BOARD");
            x++;
        }
    }
    if (y != 0 || x != g->cols) return fail(err, "FEN placement does not cover the board's %d ranks and %d files", g->rows, g->cols);
    return true;
}

static bool parse_pockets(ggn_position *pos, const char *s, size_t len, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (len < 2 || s[len - 1] != ']') return fail(err, "FEN pockets must be written [...] at the end of the placement");
    for (size_t i = 1; i + 1 < len; i++) {
        char c = s[i];
        char sym[2] = { c, '\0' };
        int kind = isalpha((unsigned char)c) ? kind_of_symbol(g, c, false) : EG_NONE;
        if (kind == EG_NONE) return fail(err, "FEN pocket piece '%s' is no piece symbol of this game", sym);
        int owner = isupper((unsigned char)c) ? 0 : 1;
        if (pos->hand[owner][kind] >= GGN_MAX_PIECES_ON_BOARD)
            return fail(err, "FEN pockets hold more than GGN_MAX_PIECES_ON_BOARD pieces");
        pos->hand[owner][kind]++;
        pos->hash ^= eg_hand_key(g, owner, kind, pos->hand[owner][kind]);
    }
    return true;
}

static bool parse_castling(ggn_position *pos, const char *s, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!g->leader_castles) return true;
    /* Castling pieces start "moved"; each right found below makes them unmoved. */
    for (int id = 1; id < pos->npiece; id++) {
        eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE && is_castling_piece(g, p->kind) && p->moves == 0) {
            pos->hash ^= g->zobrist_unmoved[p->sq];
            p->moves = 1;
        }
    }
    if (strcmp(s, "-") == 0) return true;
    for (const char *c = s; *c; c++) {
        int owner = isupper((unsigned char)*c) ? 0 : 1;
        char up = (char)toupper((unsigned char)*c);
        int partner;
        if (up == 'K') partner = find_partner(pos, owner, +1, -1);
        else if (up == 'Q') partner = find_partner(pos, owner, -1, -1);
        else if (isalpha((unsigned char)*c) && up - 'A' < g->cols) partner = find_partner(pos, owner, 0, up - 'A');
        else {
            char bad[2] = { *c, '\0' };
            return fail(err, "FEN castling field has '%s'", bad);
        }
        int leader = find_leader(pos, owner);
        if (!partner || !leader) {
            char bad[2] = { *c, '\0' };
            return fail(err, "FEN castling right '%s' has no leader and partner to go with it", bad);
        }
        int ids[2] = { leader, partner };
        for (int i = 0; i < 2; i++) {
            eg_piece *p = &pos->piece[ids[i]];
            if (p->moves != 0) {
                p->moves = 0;
                pos->hash ^= g->zobrist_unmoved[p->sq];
            }
        }
    }
    return true;
}

static bool parse_en_passant(ggn_position *pos, const char *s, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (strcmp(s, "-") == 0) return true;
    int ep = square_of_label(g, s, strlen(s));
    if (ep == EG_NONE) return fail(err, "FEN en-passant field '%s' is not a square of the board", s);
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
    return fail(err, "FEN en-passant square %s was not passed by a piece that just made a flagged move", s);
}

bool ggn_position_set_fen(ggn_position *pos, const char *fen, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!g->has_fen) {
        ggn_error_set(err, GGN_E_STATE, "FEN needs a two-player game whose every piece has a symbol");
        return false;
    }
    size_t total = strlen(fen);
    if (total > GGN_MAX_FEN_BYTES) {
        ggn_error_set(err, GGN_E_LIMIT, "FEN of %zu bytes is longer than %d (GGN_MAX_FEN_BYTES)", total, GGN_MAX_FEN_BYTES);
        return false;
    }
    /* The placement is read where it stands; the short fields after it are copied. */
    const char *placement = NULL;
    size_t placement_len = 0;
    char fields[6][64] = { "", "w", "-", "-", "0", "1" };
    int nfields = 0;
    const char *rest = fen;
    for (const char *p = fen; *p && nfields < 6; rest = p) {
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
    if (*rest) {
        /* Anything after the six fields is not FEN: said, not dropped. */
        ggn_error_set(err, GGN_E_VALUE, "FEN has more than six fields: '%.40s'", rest);
        return false;
    }
    ggn_position *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return false;
    }
    tmp->g = g;
    eg_clear(tmp);
    bool ok = parse_placement(tmp, placement, placement_len, err);
    if (ok) {
        int side = strcmp(fields[1], "w") == 0 ? 0 : strcmp(fields[1], "b") == 0 ? 1 : -1;
        if (side < 0) ok = fail(err, "FEN side to move '%s' is neither w nor b", fields[1]);
        for (int t = 0; ok && t < g->def->norder; t++)
            if (g->def->order[t] == side) {
                tmp->hash ^= g->zobrist_turn[tmp->turn] ^ g->zobrist_turn[t];
                tmp->turn = t;
                break;
            }
        char *end;
        long half = strtol(fields[4], &end, 10);
        if (ok && (*end || half < 0 || half > 100000)) ok = fail(err, "FEN half-move clock '%s' is not a count", fields[4]);
        long full = strtol(fields[5], &end, 10);
        if (ok && (*end || full < 1 || full > 100000)) ok = fail(err, "FEN move number '%s' is not a number from 1", fields[5]);
        if (ok) {
            tmp->halfmove = (int)half;
            tmp->ply = (int)(2 * (full - 1) + side);
        }
    }
    ok = ok && parse_castling(tmp, fields[2], err) && parse_en_passant(tmp, fields[3], err);
    if (ok) ggn_position_copy(pos, tmp);
    free(tmp);
    return ok;
}

static size_t put(char *buf, size_t cap, size_t n, const char *s)
{
    size_t len = strlen(s);
    if (n + len < cap) memcpy(buf + n, s, len + 1);
    return n + len;
}

/* X-FEN: K or Q for the outermost partner on each side of the leader, the partner's file
 * letter for an unmoved partner nearer the leader (a right that KQ cannot say). */
static void castling_field(const ggn_position *pos, char *out, size_t cap)
{
    const ggn_game *g = pos->g;
    size_t n = 0;
    for (int owner = 0; owner < 2 && g->leader_castles; owner++) {
        int leader = find_leader(pos, owner);
        if (!leader || pos->piece[leader].moves) continue;
        int lx = g->sq_x[pos->piece[leader].sq];
        int sides[2] = { +1, -1 };
        for (int i = 0; i < 2; i++) {
            int outer = find_partner(pos, owner, sides[i], -1);
            if (!outer) continue;
            int ox = g->sq_x[pos->piece[outer].sq];
            for (int x = ox; x != lx && n + 2 < cap; x -= sides[i]) {
                int id = find_partner(pos, owner, 0, x);
                if (!id || pos->piece[id].moves) continue;
                char c = id == outer ? (sides[i] > 0 ? 'K' : 'Q') : (char)('A' + x);
                if (id != outer && (x >= 26 || c == 'K' || c == 'Q')) continue; /* no letter says it */
                out[n++] = owner == 0 ? c : (char)tolower((unsigned char)c);
            }
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
    size_t n = 0;
    buf[0] = '\0';
    for (int y = g->rows - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < g->cols; x++) {
            int sq = y * g->cols + x;
            char cell[8] = "";
            if (!g->enabled[sq]) snprintf(cell, sizeof cell, "*");
            else if (pos->piece_at[sq]) {
                const eg_piece *p = &pos->piece[pos->piece_at[sq]];
                const sd_kind *k = &g->def->kinds[p->kind];
                char sym = p->owner == 0 ? k->symbol : (char)tolower((unsigned char)k->symbol);
                if (k->symbol_plus) snprintf(cell, sizeof cell, "+%c", sym);
                else snprintf(cell, sizeof cell, "%c%s", sym, k->symbol_promoted ? "~" : "");
            } else {
                empty++;
                continue;
            }
            if (empty) {
                char num[16];
                snprintf(num, sizeof num, "%d", empty);
                n = put(buf, cap, n, num);
                empty = 0;
            }
            n = put(buf, cap, n, cell);
        }
        if (empty) {
            char num[16];
            snprintf(num, sizeof num, "%d", empty);
            n = put(buf, cap, n, num);
        }
        if (y > 0) n = put(buf, cap, n, "/");
    }
    if (g->hands) {
        /* Each player's pieces from the last kind of /pieces to the first: Fairy-Stockfish's
         * order (QRBNP) when the pieces are listed from the pawn up. */
        n = put(buf, cap, n, "[");
        for (int owner = 0; owner < 2; owner++)
            for (int k = g->nkinds - 1; k >= 0; k--)
                for (int i = 0; i < pos->hand[owner][k]; i++) {
                    char sym = g->def->kinds[k].symbol;
                    char cell[2] = { owner == 0 ? sym : (char)tolower((unsigned char)sym), '\0' };
                    n = put(buf, cap, n, cell);
                }
        n = put(buf, cap, n, "]");
    }
    char castling[2 * 26 + 2], ep[GGN_MAX_LABEL], tail[160];
    castling_field(pos, castling, sizeof castling);
    en_passant_field(pos, ep, sizeof ep);
    snprintf(tail, sizeof tail, " %c %s %s %d %d", eg_player_to_move(pos) == 0 ? 'w' : 'b', castling, ep,
             pos->halfmove, pos->ply / 2 + 1);
    n = put(buf, cap, n, tail);
    if (n >= cap) {
        buf[0] = '\0';
        return 0;
    }
    return n;
}
