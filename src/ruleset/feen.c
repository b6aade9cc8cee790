/*
 * feen.c — positions written in FEEN, both forms:
 *   old      <placement> <hands> <GAME/game>      hands "-" or e.g. "2Pp"
 *   current  <placement> <first>/<second> <S/s>   hands e.g. "2P/p", "/"
 * The hands field tells them apart (it has a '/' only in the current
 * form). Ranks are written from the first player's far side, files from
 * "a"; `//` separates the layers of a 3-D board (the first layer written
 * is "A"). A piece letter is qualified with the name written in its case.
 */
#include "ggn_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct feen {
    const char *text;
    size_t len;
    ggn_error *err;
    char names[2][GGN_MAX_GAME_ID + 1]; /* [first = upper case, second = lower case] */
    ggn_board_state *st;
} feen;

static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
static bool is_letter(char c) { return is_upper(c) || is_lower(c); }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool fail(feen *f, size_t at, const char *why)
{
    if (f->err) {
        ggn_error_set(f->err, GGN_E_VALUE, "FEEN: %s", why);
        snprintf(f->err->file, sizeof f->err->file, "%s", "<position>");
        f->err->line = 1;
        f->err->column = (int)at + 1;
    }
    return false;
}

/*
 * The board state refused what was read at text[at] (a limit: too many
 * occupied squares or pieces in hand). Its error gets the column and the
 * "FEEN: " of every other FEEN error.
 */
static bool fail_state(feen *f, size_t at)
{
    if (f->err) {
        char why[sizeof f->err->message];
        snprintf(why, sizeof why, "%s", f->err->message);
        ggn_code code = f->err->code;
        fail(f, at, why);
        f->err->code = code;
    }
    return false;
}

/* A piece token at text[*i]: [+-]letter['^]; returns its length, 0 when none. */
static size_t piece_token(const char *s, size_t n, size_t i)
{
    size_t j = i;
    if (j < n && (s[j] == '+' || s[j] == '-')) j++;
    if (j >= n || !is_letter(s[j])) return 0;
    j++;
    if (j < n && (s[j] == '\'' || s[j] == '^')) j++;
    return j - i;
}

static char token_letter(const char *tok)
{
    return tok[0] == '+' || tok[0] == '-' ? tok[1] : tok[0];
}

/* "NAME:token" with the name of the letter's case. */
static size_t qualify(const feen *f, const char *tok, size_t tok_len, char *out, size_t cap)
{
    ggn_side side = is_upper(token_letter(tok)) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
    int n = snprintf(out, cap, "%s:%.*s", f->names[side], (int)tok_len, tok);
    return n > 0 && (size_t)n < cap ? (size_t)n : 0;
}

/* A count prefix: digits without a leading zero, at least 2. Returns 1 when absent. */
static bool read_count(feen *f, size_t *i, size_t end, uint32_t *count)
{
    *count = 1;
    if (*i >= end || !is_digit(f->text[*i])) return true;
    size_t at = *i;
    if (f->text[*i] == '0') return fail(f, at, "a count has no leading zero");
    unsigned long v = 0;
    while (*i < end && is_digit(f->text[*i])) {
        v = v * 10 + (unsigned long)(f->text[(*i)++] - '0');
        if (v > GGN_MAX_HAND_PIECES) return fail(f, at, "count too large (GGN_MAX_HAND_PIECES)");
    }
    if (v < 2) return fail(f, at, "a count in hand starts at 2");
    *count = (uint32_t)v;
    return true;
}

/* Hand pieces in text[from, to); side < 0 means "by the letter's case" (old form). */
static bool read_hand(feen *f, size_t from, size_t to, int side)
{
    size_t i = from;
    while (i < to) {
        size_t at = i;
        uint32_t count;
        if (!read_count(f, &i, to, &count)) return false;
        size_t n = piece_token(f->text, to, i);
        if (!n) return fail(f, at, "expected a piece in hand");
        char id[GGN_MAX_ID];
        size_t id_len = qualify(f, f->text + i, n, id, sizeof id);
        ggn_side owner = side >= 0 ? (ggn_side)side
                                   : (is_upper(token_letter(f->text + i)) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND);
        if (!id_len) return fail(f, at, "piece name too long");
        if (!gs_hand_add(f->st, owner, id, id_len, count, f->err)) return fail_state(f, at);
        i += n;
    }
    return true;
}

/* One rank: pieces and runs of empty squares. */
static bool read_rank(feen *f, size_t from, size_t to, int rank, int layer, int dims)
{
    if (from == to) return fail(f, from, "empty rank");
    size_t i = from;
    int file = 0;
    while (i < to) {
        char c = f->text[i];
        if (is_digit(c)) {
            if (c == '0') return fail(f, i, "a run of empty squares has no leading zero");
            long run = 0;
            while (i < to && is_digit(f->text[i])) {
                run = run * 10 + (f->text[i++] - '0');
                if (run > GGN_MAX_CELL_INDEX + 1) return fail(f, i, "rank wider than GGN_MAX_CELL_INDEX");
            }
            file += (int)run;
            continue;
        }
        size_t n = piece_token(f->text, to, i);
        if (!n) return fail(f, i, "unexpected character in a rank");
        if (file > GGN_MAX_CELL_INDEX) return fail(f, i, "rank wider than GGN_MAX_CELL_INDEX");
        ggn_cell cell = { dims, { file, rank, layer } };
        char sq[GGN_MAX_LABEL], id[GGN_MAX_ID];
        size_t sq_len = ggn_cell_format(&cell, sq, sizeof sq);
        size_t id_len = qualify(f, f->text + i, n, id, sizeof id);
        if (!sq_len || !id_len) return fail(f, i, "square or piece name too long");
        ggn_side side = is_upper(token_letter(f->text + i)) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
        if (!gs_put_new(f->st, sq, sq_len, id, id_len, side, f->err)) return fail_state(f, i);
        file++;
        i += n;
    }
    return true;
}

/* Ranks of one layer in text[from, to), separated by single '/'. */
static bool read_layer(feen *f, size_t from, size_t to, int layer, int dims)
{
    int ranks = 1;
    for (size_t i = from; i < to; i++) ranks += f->text[i] == '/';
    if (ranks > GGN_MAX_CELL_INDEX + 1) return fail(f, from, "more ranks than GGN_MAX_CELL_INDEX");
    size_t start = from;
    int k = 0;
    for (size_t i = from; i <= to; i++) {
        if (i < to && f->text[i] != '/') continue;
        if (!read_rank(f, start, i, ranks - 1 - k, layer, dims)) return false;
        k++;
        start = i + 1;
    }
    return true;
}

static bool read_placement(feen *f, size_t from, size_t to)
{
    bool layered = false;
    for (size_t i = from; i + 1 < to; i++)
        if (f->text[i] == '/' && f->text[i + 1] == '/') layered = true;
    if (!layered) return read_layer(f, from, to, 0, 2);
    size_t start = from;
    int layer = 0;
    for (size_t i = from; i <= to; i++) {
        if (i < to && !(f->text[i] == '/' && i + 1 < to && f->text[i + 1] == '/')) continue;
        if (layer > GGN_MAX_CELL_INDEX) return fail(f, i, "more layers than GGN_MAX_CELL_INDEX");
        if (!read_layer(f, start, i, layer++, 3)) return false;
        start = i + 2;
        i++;
    }
    return true;
}

/* "<to-move>/<other>": two names of letters, one upper case and one lower case. */
static bool read_names(feen *f, size_t from, size_t to)
{
    const char *slash = memchr(f->text + from, '/', to - from);
    if (!slash) return fail(f, from, "the last field is <active>/<other>, e.g. CHESS/chess or C/c");
    size_t mid = (size_t)(slash - f->text);
    size_t parts[2][2] = { { from, mid }, { mid + 1, to } };
    bool upper[2];
    for (int k = 0; k < 2; k++) {
        size_t a = parts[k][0], b = parts[k][1];
        if (a == b || b - a > GGN_MAX_GAME_ID) return fail(f, a, "a game or style name has 1 to GGN_MAX_GAME_ID letters");
        upper[k] = is_upper(f->text[a]);
        for (size_t i = a; i < b; i++)
            if (!is_letter(f->text[i]) || is_upper(f->text[i]) != upper[k])
                return fail(f, i, "a game or style name is letters all in one case");
    }
    if (upper[0] == upper[1]) return fail(f, from, "one name is upper case and the other lower case");
    for (int k = 0; k < 2; k++) {
        ggn_side side = upper[k] ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
        size_t n = parts[k][1] - parts[k][0];
        memcpy(f->names[side], f->text + parts[k][0], n);
        f->names[side][n] = '\0';
    }
    f->st->active = upper[0] ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
    return true;
}

ggn_board_state *gs_parse_feen(const char *text, size_t len, ggn_error *err)
{
    feen f = { text, len, err, { "", "" }, NULL };
    size_t field[3][2];
    int nf = 0;
    size_t i = 0;
    while (i < len) {
        while (i < len && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t')) i++;
        if (i >= len) break;
        size_t start = i;
        while (i < len && text[i] != ' ' && text[i] != '\n' && text[i] != '\r' && text[i] != '\t') i++;
        if (nf == 3) {
            fail(&f, start, "more than three fields");
            return NULL;
        }
        field[nf][0] = start;
        field[nf][1] = i;
        nf++;
    }
    if (nf != 3) {
        fail(&f, len, "expected <placement> <hands> <active>/<other>");
        return NULL;
    }
    f.st = ggn_board_state_new(GGN_SIDE_FIRST);
    if (!f.st) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    bool ok = read_names(&f, field[2][0], field[2][1]) && read_placement(&f, field[0][0], field[0][1]);
    if (ok) {
        size_t a = field[1][0], b = field[1][1];
        const char *slash = memchr(text + a, '/', b - a);
        if (slash) {
            size_t mid = (size_t)(slash - text);
            const char *extra = memchr(slash + 1, '/', b - mid - 1);
            if (extra) ok = fail(&f, (size_t)(extra - text), "hands are <first>/<second>");
            else ok = read_hand(&f, a, mid, GGN_SIDE_FIRST) && read_hand(&f, mid + 1, b, GGN_SIDE_SECOND);
        } else if (!(b - a == 1 && text[a] == '-')) {
            ok = read_hand(&f, a, b, -1);
        }
    }
    if (!ok) {
        ggn_board_state_free(f.st);
        return NULL;
    }
    return f.st;
}
