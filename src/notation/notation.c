/*
 * notation.c — the parts of FEN and SFEN that are the same (notation.h):
 * written once, so that the two cannot drift apart on the board field.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"

bool ggn_game_has_fen(const ggn_game *g) { return g->has_fen; }

const char *eg_notation_name(eg_notation notation)
{
    return notation == EG_NOTATION_SFEN ? "SFEN" : "FEN";
}

int eg_kind_of_symbol(const ggn_game *g, char c, bool promoted)
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

bool eg_fail(ggn_error *err, const char *fmt, ...)
{
    char message[sizeof err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ggn_error_set(err, GGN_E_VALUE, "%s", message);
    return false;
}

int eg_read_piece(const ggn_game *g, const char *s, size_t len, size_t *i, eg_notation notation,
                  char shown[EG_PIECE_TEXT])
{
    char c = s[*i];
    /* Shogi's mark: "+P" is the kind whose symbol is "+P" (in SFEN, any promoted form of P). */
    bool marked = c == '+' && *i + 1 < len;
    if (marked) c = s[++*i];
    /* FEN's other mark, "P~", is read here and its '~' skipped by the caller. */
    bool promoted = marked || (notation == EG_NOTATION_FEN && *i + 1 < len && s[*i + 1] == '~');
    snprintf(shown, EG_PIECE_TEXT, "%s%c", marked ? "+" : "", c);
    if (!isalpha((unsigned char)c)) return EG_NONE;
    int kind = eg_kind_of_symbol(g, c, promoted);
    /* FEN falls back to the plain kind; SFEN's "+X" must name a promoted kind and "X" a plain one. */
    if (notation == EG_NOTATION_SFEN && kind != EG_NONE && g->def->kinds[kind].symbol_promoted != promoted)
        return EG_NONE;
    return kind;
}

void eg_piece_text(const ggn_game *g, int kind, int owner, eg_notation notation, char out[EG_PIECE_TEXT])
{
    const sd_kind *k = &g->def->kinds[kind];
    char letter = owner == 0 ? k->symbol : (char)tolower((unsigned char)k->symbol);
    bool plus = k->symbol_plus || (notation == EG_NOTATION_SFEN && k->symbol_promoted);
    if (plus) snprintf(out, EG_PIECE_TEXT, "+%c", letter);
    else snprintf(out, EG_PIECE_TEXT, "%c%s", letter, k->symbol_promoted ? "~" : "");
}

static bool on_start_square(const ggn_game *g, int kind, int owner, int sq)
{
    const sd_player *pl = &g->def->players[owner];
    for (int i = 0; i < pl->nstarts; i++)
        if (pl->starts[i].kind == kind && pl->starts[i].y * g->cols + pl->starts[i].x == sq) return true;
    return false;
}

bool eg_notation_admits(const ggn_game *g, eg_notation notation, const char *text, ggn_error *err)
{
    const char *name = eg_notation_name(notation);
    if (!g->has_fen) {
        ggn_error_set(err, GGN_E_STATE, "%s needs a two-player game whose every piece has a symbol", name);
        return false;
    }
    size_t total = strlen(text);
    if (total > GGN_MAX_FEN_BYTES) {
        ggn_error_set(err, GGN_E_LIMIT, "%s of %zu bytes is longer than %d (GGN_MAX_FEN_BYTES)", name, total,
                      GGN_MAX_FEN_BYTES);
        return false;
    }
    return true;
}

ggn_position *eg_notation_scratch(const ggn_game *g, ggn_error *err)
{
    ggn_position *tmp = malloc(sizeof *tmp);
    if (!tmp) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    tmp->g = g;
    eg_clear(tmp);
    return tmp;
}

bool eg_parse_board(ggn_position *pos, const char *s, size_t len, eg_notation notation, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *name = eg_notation_name(notation);
    int y = g->rows - 1, x = 0;
    int placed[2] = { 0, 0 }; /* pieces of each player, bounded in a game with chains */
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '/') {
            if (x != g->cols) return eg_fail(err, "%s rank %d does not fill the board's width", name, g->rows - y);
            if (--y < 0) return eg_fail(err, "%s placement has more ranks than the board", name);
            x = 0;
        } else if (isdigit((unsigned char)c)) {
            if (c == '0') return eg_fail(err, "%s counts of empty squares start at 1 and have no leading zero", name);
            int n = 0;
            /* Stop growing past the width (the check below refuses it) so that no run overflows. */
            for (; i < len && isdigit((unsigned char)s[i]); i++)
                if (n <= g->cols) n = n * 10 + (s[i] - '0');
            i--;
            if (x + n > g->cols) return eg_fail(err, "%s rank overflows the board's width", name);
            x += n;
        } else if (c == '*') {
            if (x >= g->cols || eg_square(g, x, y) != EG_NONE)
                return eg_fail(err, "%s '*' marks a square that is not disabled", name);
            x++;
        } else if (c == '~' && notation == EG_NOTATION_FEN) {
            continue; /* the mark of the piece before it, read with that piece */
        } else {
            char shown[EG_PIECE_TEXT];
            int kind = eg_read_piece(g, s, len, &i, notation, shown);
            if (kind == EG_NONE) return eg_fail(err, "%s piece '%s' is no piece symbol of this game", name, shown);
            if (x >= g->cols) return eg_fail(err, "%s rank overflows the board's width", name);
            int sq = eg_square(g, x, y);
            if (sq == EG_NONE) return eg_fail(err, "%s puts piece '%s' on a disabled square", name, shown);
            int owner = isupper((unsigned char)s[i]) ? 0 : 1;
            if (!eg_place(pos, sq, kind, owner, on_start_square(g, kind, owner, sq)))
                return eg_fail(err, "%s places more pieces than GGN_MAX_PIECES_ON_BOARD", name);
            if (g->chains && ++placed[owner] > GGN_MAX_CHAIN_CAPTURES) {
                ggn_error_set(err, GGN_E_LIMIT, "%s gives a player more than GGN_MAX_CHAIN_CAPTURES (%d) pieces, the "
                              "most a game with chain captures allows", name, GGN_MAX_CHAIN_CAPTURES);
                return false;
            }
            x++;
        }
    }
    if (y != 0 || x != g->cols)
        return eg_fail(err, "%s placement does not cover the board's %d ranks and %d files", name, g->rows, g->cols);
    return true;
}

void eg_set_player_to_move(ggn_position *pos, int player)
{
    const ggn_game *g = pos->g;
    for (int t = 0; t < g->def->norder; t++)
        if (g->def->order[t] == player) {
            pos->hash ^= g->zobrist_turn[pos->turn] ^ g->zobrist_turn[t];
            pos->turn = t;
            return;
        }
}

size_t eg_put(char *buf, size_t cap, size_t n, const char *s)
{
    size_t len = strlen(s);
    if (n + len < cap) memcpy(buf + n, s, len + 1);
    return n + len;
}

static size_t put_number(char *buf, size_t cap, size_t n, int number)
{
    char text[16];
    snprintf(text, sizeof text, "%d", number);
    return eg_put(buf, cap, n, text);
}

size_t eg_write_board(const ggn_position *pos, eg_notation notation, char *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    for (int y = g->rows - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < g->cols; x++) {
            int sq = y * g->cols + x;
            if (g->enabled[sq] && !pos->piece_at[sq]) {
                empty++;
                continue;
            }
            char cell[EG_PIECE_TEXT] = "*";
            if (g->enabled[sq]) {
                const eg_piece *p = &pos->piece[pos->piece_at[sq]];
                eg_piece_text(g, p->kind, p->owner, notation, cell);
            }
            if (empty) n = put_number(buf, cap, n, empty);
            empty = 0;
            n = eg_put(buf, cap, n, cell);
        }
        if (empty) n = put_number(buf, cap, n, empty);
        if (y > 0) n = eg_put(buf, cap, n, "/");
    }
    return n;
}
