/*
 * sfen.c — SFEN, the position text of the USI protocol (shogi programs), for
 * every game that has FEN (two players, a symbol for every piece).
 *
 * Four fields, all required: the board (FEN's, notation.c, with every
 * promoted kind written "+X"); the side to move, "b" for the first player
 * (sente, upper case) and "w" for the second; the hands, "-" when both are
 * empty, else each piece with its count before it when above one, the first
 * player's first; and the move count, which counts plies from 1 (ply = count
 * - 1). SFEN has no castling, en-passant or clock field: every piece is
 * unmoved exactly when it stands on one of its kind's starting squares (as
 * in FEN), no state flag is set, and the no-progress counter starts at 0.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "notation.h"

enum { SFEN_FIELDS = 4 };

/* The largest move count read: past FEN's largest move number (100000) counted in plies, plus
 * a whole game's moves, so that whatever FEN reads can be written as SFEN and read back. */
#define SFEN_MAX_MOVE_COUNT 1000000L

/* A field of the text, where it stands (not copied: the board and hands may be long). */
typedef struct sfen_field {
    const char *text;
    size_t len;
} sfen_field;

static const char *const field_names[SFEN_FIELDS] = { "board", "side to move", "hands", "move count" };

/* The printf arguments for "%.*s" of a field, cut to 40 characters for messages. */
#define SHOWN_FIELD(f) (int)((f).len < 40 ? (f).len : 40), (f).text

/* Splits the text at spaces; anything but four fields is an error that says which is missing. */
static bool split_fields(const char *sfen, sfen_field out[SFEN_FIELDS], ggn_error *err)
{
    int n = 0;
    for (const char *p = sfen;;) {
        while (*p == ' ') p++;
        if (!*p) break;
        if (n == SFEN_FIELDS) return eg_fail(err, "SFEN has more than four fields: '%.40s'", p);
        out[n].text = p;
        out[n].len = strcspn(p, " ");
        p += out[n++].len;
    }
    if (n == 0) return eg_fail(err, "empty SFEN");
    if (n < SFEN_FIELDS)
        return eg_fail(err, "SFEN has no %s field (it needs four: board, side to move, hands, move count)",
                       field_names[n]);
    return true;
}

/*
 * Reads the decimal number at s[*i] (advancing *i past it) into *value,
 * capped just above max so that no long run overflows. False when it starts
 * with 0: SFEN's counts start at 1 and have no leading zero.
 */
static bool read_number(const char *s, size_t len, size_t *i, long max, long *value)
{
    if (s[*i] == '0') return false;
    long n = 0;
    for (; *i < len && isdigit((unsigned char)s[*i]); ++*i)
        if (n <= max) n = n * 10 + (s[*i] - '0');
    *value = n;
    return true;
}

static bool parse_side(ggn_position *pos, sfen_field f, ggn_error *err)
{
    int player = f.len != 1 ? -1 : f.text[0] == 'b' ? 0 : f.text[0] == 'w' ? 1 : -1;
    if (player < 0)
        return eg_fail(err, "SFEN side to move '%.*s' is neither b (first player) nor w (second player)",
                       SHOWN_FIELD(f));
    eg_set_player_to_move(pos, player);
    return true;
}

/* Puts count pieces of kind in owner's hand, keeping the hash as the moves would. */
static void add_to_hand(ggn_position *pos, int owner, int kind, int count)
{
    for (int i = 0; i < count; i++) {
        pos->hand[owner][kind]++;
        pos->hash ^= eg_hand_key(pos->g, owner, kind, pos->hand[owner][kind]);
    }
}

static bool parse_hands(ggn_position *pos, sfen_field f, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (f.len == 1 && f.text[0] == '-') return true;
    if (!g->hands) return eg_fail(err, "SFEN hands '%.*s' must be '-': this game has no hands", SHOWN_FIELD(f));
    for (size_t i = 0; i < f.len; i++) {
        long count = 1;
        if (isdigit((unsigned char)f.text[i])) {
            size_t start = i;
            if (!read_number(f.text, f.len, &i, GGN_MAX_PIECES_ON_BOARD, &count))
                return eg_fail(err, "SFEN hand counts start at 1 and have no leading zero");
            int digits = (int)(i - start < 20 ? i - start : 20);
            if (count > GGN_MAX_PIECES_ON_BOARD)
                return eg_fail(err, "SFEN hand count %.*s is more than GGN_MAX_PIECES_ON_BOARD (%d)", digits,
                               f.text + start, GGN_MAX_PIECES_ON_BOARD);
            if (i == f.len)
                return eg_fail(err, "SFEN hand count %.*s is not followed by a piece", digits, f.text + start);
        }
        char shown[EG_PIECE_TEXT];
        int kind = eg_read_piece(g, f.text, f.len, &i, EG_NOTATION_SFEN, shown);
        if (kind == EG_NONE) return eg_fail(err, "SFEN hand piece '%s' is no piece symbol of this game", shown);
        int owner = isupper((unsigned char)f.text[i]) ? 0 : 1;
        /* Hands start empty, so a kind already held was named before. */
        if (pos->hand[owner][kind]) return eg_fail(err, "SFEN hands name '%s' twice", shown);
        add_to_hand(pos, owner, kind, (int)count);
    }
    return true;
}

static bool parse_move_count(ggn_position *pos, sfen_field f, ggn_error *err)
{
    size_t i = 0;
    long count = 0;
    bool ok = isdigit((unsigned char)f.text[0]) && read_number(f.text, f.len, &i, SFEN_MAX_MOVE_COUNT, &count);
    if (!ok || i != f.len || count > SFEN_MAX_MOVE_COUNT)
        return eg_fail(err, "SFEN move count '%.*s' is not a number from 1 to %ld", SHOWN_FIELD(f),
                       SFEN_MAX_MOVE_COUNT);
    pos->ply = (int)(count - 1);
    return true;
}

bool ggn_position_set_sfen(ggn_position *pos, const char *sfen, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!eg_notation_admits(g, EG_NOTATION_SFEN, sfen, err)) return false;
    sfen_field f[SFEN_FIELDS];
    if (!split_fields(sfen, f, err)) return false;
    /* Built aside and copied at the end, so that an error leaves pos as it was. */
    ggn_position *tmp = eg_notation_scratch(g, err);
    if (!tmp) return false;
    bool ok = eg_parse_board(tmp, f[0].text, f[0].len, EG_NOTATION_SFEN, err) && parse_side(tmp, f[1], err) &&
              parse_hands(tmp, f[2], err) && parse_move_count(tmp, f[3], err);
    if (ok) eg_rehash(tmp);
    if (ok) ggn_position_copy(pos, tmp);
    free(tmp);
    return ok;
}

/* USI's hand order for the letters it knows; every other kind follows them in the game's own order. */
static const char usi_hand_order[] = "RBGSNLP";

static int hand_rank(const ggn_game *g, int kind)
{
    const char *at = strchr(usi_hand_order, g->def->kinds[kind].symbol);
    return at ? (int)(at - usi_hand_order) : (int)strlen(usi_hand_order);
}

static size_t put_hands(const ggn_position *pos, char *buf, size_t cap, size_t n)
{
    const ggn_game *g = pos->g;
    size_t start = n;
    int last_rank = (int)strlen(usi_hand_order);
    for (int owner = 0; owner < 2; owner++)
        for (int rank = 0; rank <= last_rank; rank++)
            for (int k = 0; k < g->nkinds; k++) {
                int count = pos->hand[owner][k];
                if (!count || hand_rank(g, k) != rank) continue;
                char text[16 + EG_PIECE_TEXT], piece[EG_PIECE_TEXT];
                eg_piece_text(g, k, owner, EG_NOTATION_SFEN, piece);
                if (count > 1) snprintf(text, sizeof text, "%d%s", count, piece);
                else snprintf(text, sizeof text, "%s", piece);
                n = eg_put(buf, cap, n, text);
            }
    return n == start ? eg_put(buf, cap, n, "-") : n;
}

size_t ggn_position_sfen(const ggn_position *pos, char *buf, size_t cap)
{
    if (!pos->g->has_fen || cap == 0) return 0;
    buf[0] = '\0';
    size_t n = eg_write_board(pos, EG_NOTATION_SFEN, buf, cap, 0);
    n = eg_put(buf, cap, n, eg_player_to_move(pos) == 0 ? " b " : " w ");
    n = put_hands(pos, buf, cap, n);
    char count[24];
    snprintf(count, sizeof count, " %d", pos->ply + 1);
    n = eg_put(buf, cap, n, count);
    if (n >= cap) {
        buf[0] = '\0';
        return 0;
    }
    return n;
}
