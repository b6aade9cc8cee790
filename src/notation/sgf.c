/*
 * sgf.c — Smart Game Format records (ggn/sgf.h): a game written as one SGF
 * game tree, and the main line of one read back onto a position. Points are
 * counted from the top-left corner, so a row is flipped both ways (ggn's
 * y = 0 is the bottom row).
 */
#include "ggn/sgf.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/engine.h"
#include "ggn/notation.h"

/* SGF's coordinate letters: a..z, then A..Z (FF[4], boards up to 52). */
static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
enum { SGF_MAX_SIZE = 52 };

/* ---- writing ------------------------------------------------------------------ */

typedef struct text_buf {
    char *s;
    size_t len, cap;
    bool failed;
} text_buf;

static void add(text_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void add(text_buf *b, const char *fmt, ...)
{
    if (b->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = true;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t grown = (b->cap ? b->cap * 2 : 1024) + (size_t)n;
        char *bigger = realloc(b->s, grown);
        if (!bigger) {
            b->failed = true;
            return;
        }
        b->s = bigger;
        b->cap = grown;
    }
}

/* A SimpleText value: ']' and '\' escaped, line breaks made spaces. */
static void add_text(text_buf *b, const char *id, const char *value)
{
    if (!value) return;
    add(b, "%s[", id);
    for (const char *p = value; *p; p++) {
        if (*p == ']' || *p == '\\') add(b, "\\%c", *p);
        else if (*p == '\n' || *p == '\r') add(b, " ");
        else add(b, "%c", *p);
    }
    add(b, "]");
}

static double komi_of(const ggn_game *g)
{
    return (g->def->end.komi_halves[1] - g->def->end.komi_halves[0]) / 2.0;
}

/*
 * SGF's game of a board: Hex (GM[11]) on hexagonal cells, Go (GM[1]) on
 * square points. Hex programs (HexGui, MoHex) write a point as the column's
 * letter and the row from 1, "a1", which is ggn's own coordinate text; Go's
 * as two letters from the top-left corner.
 */
static bool is_hex(const ggn_game *g) { return ggn_game_cells(g) == GGN_CELLS_HEX; }

/* The point (x, y) as the game's SGF writes it. */
static void add_point(text_buf *b, const ggn_game *g, int x, int y)
{
    if (is_hex(g)) add(b, "[%c%d]", 'a' + x, y + 1);
    else add(b, "[%c%c]", letters[x], letters[ggn_game_rows(g) - 1 - y]);
}

/* 0 for an empty point, 1 + the owner for a stone. */
static int stone_at(const ggn_position *pos, int x, int y)
{
    int kind, who;
    bool unmoved;
    return ggn_position_piece_at(pos, x, y, &kind, &who, &unmoved) ? who + 1 : 0;
}

/* The setup of a start that is not the game's own: AB and AW for stones added or turned, AE for stones taken off. */
static void add_setup(text_buf *b, const ggn_position *at, const ggn_position *initial)
{
    const ggn_game *g = ggn_position_game(at);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    static const char *const ids[3] = { "AE", "AB", "AW" };
    for (int want = 1; want <= 3; want++) {
        int stone = want % 3; /* AB, AW, then AE */
        bool first = true;
        for (int y = rows - 1; y >= 0; y--)
            for (int x = 0; x < cols; x++) {
                int now = stone_at(at, x, y);
                if (now == stone_at(initial, x, y) || now != stone) continue;
                if (first) add(b, "%s", ids[stone]);
                first = false;
                add_point(b, g, x, y);
            }
    }
}

char *ggn_sgf_write(const ggn_position *pos, const ggn_sgf_info *info, ggn_error *err)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int most = is_hex(g) ? 26 : SGF_MAX_SIZE;
    if (ggn_game_player_count(g) != 2 || cols > most || rows > SGF_MAX_SIZE) {
        ggn_error_set(err, GGN_E_CONVERSION, "SGF records games of two players on at most %d x %d points", most,
                      SGF_MAX_SIZE);
        return NULL;
    }
    /* The moves of the record, taken back on a copy down to its start. */
    ggn_position *at = ggn_position_new(g), *initial = ggn_position_new(g);
    int n = ggn_position_history(pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n > 0 ? n : 1));
    if (!at || !initial || !moves) {
        ggn_position_free(at);
        ggn_position_free(initial);
        free(moves);
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    ggn_position_copy(at, pos);
    for (int i = n - 1; i >= 0; i--) {
        ggn_position_last_move(at, &moves[i]);
        ggn_position_unmake(at);
    }
    text_buf b = { NULL, 0, 0, false };
    add(&b, "(;FF[4]GM[%d]CA[UTF-8]AP[ggn]", is_hex(g) ? 11 : 1);
    if (cols == rows) add(&b, "SZ[%d]", cols);
    else add(&b, "SZ[%d:%d]", cols, rows);
    if (g->area) add(&b, "KM[%g]", komi_of(g));
    if (info) {
        add_text(&b, "RU", info->rules);
        add_text(&b, "PB", info->black);
        add_text(&b, "PW", info->white);
        add_text(&b, "DT", info->date);
        add_text(&b, "EV", info->event);
        add_text(&b, "RE", info->result);
        add_text(&b, "C", info->comment);
    }
    /* A start set up from FEN (an opening, handicap stones) differs from the game's: its stones, and whose turn. */
    add_setup(&b, at, initial);
    if (ggn_position_to_move(at) != 0) add(&b, "PL[W]");
    add(&b, "\n");
    bool ok = true;
    for (int i = 0; i < n && ok; i++) {
        char colour = ggn_position_to_move(at) == 0 ? 'B' : 'W';
        ggn_move m = moves[i];
        if (ggn_move_is_pass(g, m)) {
            add(&b, ";%c[]", colour);
        } else if (ggn_move_is_swap(g, m)) {
            add(&b, ";%c[swap-pieces]", colour); /* HexGui's and MoHex's word for the pie rule's swap */
        } else if (ggn_move_is_drop(m) && m.to < cols * rows) {
            add(&b, ";%c", colour);
            add_point(&b, g, m.to % cols, m.to / cols);
        } else {
            char text[64];
            ggn_move_format(at, m, text, sizeof text);
            ggn_error_set(err, GGN_E_CONVERSION, "move %d (%s) is no placement or pass: SGF cannot write it", i + 1,
                          text);
            ok = false;
        }
        if ((i + 1) % 12 == 0) add(&b, "\n");
        if (ok) ggn_position_make(at, m);
    }
    add(&b, ")\n");
    ggn_position_free(at);
    ggn_position_free(initial);
    free(moves);
    if (!ok || b.failed) {
        if (ok) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* ---- reading ------------------------------------------------------------------ */

typedef struct reader {
    const char *text;
    size_t len, at;
    int line, column;
    const char *name;
    ggn_error *err;
} reader;

static void next_char(reader *r)
{
    if (r->at >= r->len) return;
    if (r->text[r->at] == '\n') {
        r->line++;
        r->column = 1;
    } else {
        r->column++;
    }
    r->at++;
}

static void skip_space(reader *r)
{
    while (r->at < r->len && (r->text[r->at] == ' ' || r->text[r->at] == '\t' || r->text[r->at] == '\n' ||
                              r->text[r->at] == '\r'))
        next_char(r);
}

static int peek(const reader *r) { return r->at < r->len ? (unsigned char)r->text[r->at] : -1; }

static bool fail_at(reader *r, int line, int column, ggn_code code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static bool fail_at(reader *r, int line, int column, ggn_code code, const char *fmt, ...)
{
    char message[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ggn_error_set(r->err, code, "%s", message);
    if (r->err) {
        r->err->line = line;
        r->err->column = column;
        snprintf(r->err->file, sizeof r->err->file, "%s", r->name ? r->name : "<string>");
    }
    return false;
}

/* One property value, "[...]" with its escapes undone, into buf (cut to cap). */
static bool read_value(reader *r, char *buf, size_t cap)
{
    int line = r->line, column = r->column;
    next_char(r); /* '[' */
    size_t n = 0;
    for (;;) {
        int c = peek(r);
        if (c < 0) return fail_at(r, line, column, GGN_E_SYNTAX, "a property value that never ends (no ']')");
        next_char(r);
        if (c == ']') break;
        if (c == '\\') {
            c = peek(r);
            if (c < 0) continue;
            next_char(r);
            if (c == '\n' || c == '\r') continue; /* a soft line break */
        }
        if (n + 1 < cap) buf[n++] = (char)c;
    }
    buf[n] = '\0';
    return true;
}

/*
 * The point of a value: false when it is no point of the board. Go's is two
 * letters from the top-left corner; on Hex's board (GM[11]) it is "a1" as
 * HexGui writes it, or two letters, the column then the row from a, as
 * Little Golem writes it (HexGui reads both; neither counts rows from the
 * bottom, so Hex's a1 is ggn's a1).
 */
static bool read_point(const ggn_game *g, const char *v, int *x, int *y)
{
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    size_t len = strlen(v);
    if (is_hex(g)) {
        if (len < 2 || !isalpha((unsigned char)v[0])) return false;
        *x = tolower((unsigned char)v[0]) - 'a';
        if (len == 2 && isalpha((unsigned char)v[1])) {
            *y = tolower((unsigned char)v[1]) - 'a';
        } else {
            if (v[1] == '0') return false;
            int row = 0;
            for (const char *p = v + 1; *p; p++) {
                if (!isdigit((unsigned char)*p) || row > 1000) return false;
                row = row * 10 + (*p - '0');
            }
            *y = row - 1;
        }
        return *x < cols && *y < rows;
    }
    if (len != 2) return false;
    const char *cx = strchr(letters, v[0]), *cy = strchr(letters, v[1]);
    if (!v[0] || !v[1] || !cx || !cy) return false;
    *x = (int)(cx - letters);
    int row = (int)(cy - letters);
    if (*x >= cols || row >= rows) return false;
    *y = rows - 1 - row;
    return true;
}

/* The legal placement on sq, the pass (pass true) or the swap (swap true). */
static bool find_move(ggn_position *pos, bool pass, bool swap, int sq, ggn_move *out)
{
    const ggn_game *g = ggn_position_game(pos);
    ggn_move legal[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n; i++) {
        bool is_pass = ggn_move_is_pass(g, legal[i]), is_swap = ggn_move_is_swap(g, legal[i]);
        bool fits = pass ? is_pass
                    : swap ? is_swap
                    : !is_pass && !is_swap && ggn_move_is_drop(legal[i]) && legal[i].to == sq;
        if (fits) {
            *out = legal[i];
            return true;
        }
    }
    return false;
}

/*
 * The setup of one node (AB, AW, AE, PL), on the board as the node found it.
 * SGF names a point once a node; ggn also wants a point cleared (AE) before
 * a stone is set on it, so that a record never turns a stone over unseen.
 */
typedef struct setup {
    unsigned char owner[GGN_MAX_SQUARES]; /* the board: 0 empty, 1 black, 2 white */
    unsigned char named[GGN_MAX_SQUARES]; /* the node named the point already */
    int to_move;                          /* PL: 0, 1, or -1 when not given */
    bool changed;                         /* a stone set or taken off */
    int line, column;                     /* the node's first setup property */
} setup;

/* Starts a node's setup from the position's board. */
static void begin_setup(setup *su, const ggn_position *pos, int line, int column)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) su->owner[y * cols + x] = (unsigned char)stone_at(pos, x, y);
    memset(su->named, 0, sizeof su->named);
    su->to_move = -1;
    su->changed = false;
    su->line = line;
    su->column = column;
}

/* The kind a setup stone is: the one a placement of the game's start takes from the hand; -1 when none. */
static int stone_kind(const ggn_game *g)
{
    ggn_position *start = ggn_position_new(g);
    if (!start) return -1;
    ggn_move legal[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(start, legal, GGN_MAX_MOVES);
    int kind = -1;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES && kind < 0; i++)
        if (ggn_move_is_drop(legal[i]) && !ggn_move_is_pass(g, legal[i]) && !ggn_move_is_swap(g, legal[i]))
            kind = legal[i].pattern;
    ggn_position_free(start);
    return kind;
}

/*
 * Sets pos to the node's setup through FEN: its board, the hands less the
 * stones the node placed (an unlimited supply is in no pocket), and PL's
 * side. The position's earlier moves are then no longer its history. A node
 * that changes nothing leaves pos as it is.
 */
static bool apply_setup(reader *r, ggn_position *pos, const setup *su, const unsigned char *before)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int mover = ggn_position_to_move(pos);
    if (!su->changed && (su->to_move < 0 || su->to_move == mover)) return true;
    if (!ggn_game_has_fen(g))
        return fail_at(r, su->line, su->column, GGN_E_CONVERSION, "this game has no FEN to set stones up with");
    int kind = stone_kind(g);
    char symbol = kind >= 0 ? ggn_game_kind_symbol(g, kind) : '\0';
    if (!symbol) return fail_at(r, su->line, su->column, GGN_E_CONVERSION, "this game places no stone to set up");
    char now[GGN_MAX_FEN_BYTES], fen[GGN_MAX_FEN_BYTES];
    if (!ggn_position_fen(pos, now, sizeof now)) return fail_at(r, su->line, su->column, GGN_E_LIMIT, "FEN too long");
    char pocket[GGN_MAX_FEN_BYTES] = "";
    const char *open = strchr(now, '['), *space = strchr(now, ' ');
    bool has_pocket = open && (!space || open < space);
    if (has_pocket) {
        const char *close = strchr(open, ']');
        if (close) snprintf(pocket, sizeof pocket, "%.*s", (int)(close - open - 1), open + 1);
    }
    for (int sq = 0; sq < cols * rows; sq++) {
        if (!su->owner[sq] || su->owner[sq] == before[sq] || ggn_game_supply_unlimited(g, su->owner[sq] - 1, kind))
            continue;
        char c = su->owner[sq] == 1 ? symbol : (char)(symbol - 'A' + 'a');
        char *in = strchr(pocket, c);
        if (!in) return fail_at(r, su->line, su->column, GGN_E_VALUE, "more stones set up than the hand holds");
        memmove(in, in + 1, strlen(in));
    }
    size_t k = 0;
    for (int y = rows - 1; y >= 0; y--) {
        int empty = 0;
        for (int x = 0; x < cols; x++) {
            int who = su->owner[y * cols + x];
            if (!who) {
                empty++;
                continue;
            }
            if (empty) k += (size_t)snprintf(fen + k, sizeof fen - k, "%d", empty);
            empty = 0;
            k += (size_t)snprintf(fen + k, sizeof fen - k, "%c", who == 1 ? symbol : (char)(symbol - 'A' + 'a'));
        }
        if (empty) k += (size_t)snprintf(fen + k, sizeof fen - k, "%d", empty);
        if (y > 0) k += (size_t)snprintf(fen + k, sizeof fen - k, "/");
    }
    if (has_pocket) k += (size_t)snprintf(fen + k, sizeof fen - k, "[%s]", pocket);
    /* The side: the mover's letter, or the other when PL names the other player. */
    const char *rest = space ? space + 1 : "w";
    char side = rest[0];
    if (su->to_move >= 0 && su->to_move != mover) side = side == 'w' ? 'b' : 'w';
    snprintf(fen + k, sizeof fen - k, " %c%s", side, rest[0] ? rest + 1 : "");
    ggn_error ferr;
    ggn_error_clear(&ferr);
    if (!ggn_position_set_fen(pos, fen, &ferr))
        return fail_at(r, su->line, su->column, ferr.code, "the stones set up are no position of the game: %s",
                       ferr.message);
    return true;
}

/* Copies a game-info value into a record field, cut to fit. */
static void keep(char *field, size_t cap, const char *value)
{
    size_t n = strlen(value);
    if (n >= cap) n = cap - 1;
    memcpy(field, value, n);
    field[n] = '\0';
}

/* AB, AW or AE with one value (a point, or a rectangle "aa:cc" of them) on the node's setup. */
static bool read_setup(reader *r, const ggn_game *g, setup *su, const char *id, char *value, int line, int column,
                       ggn_sgf_record *rec)
{
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int x0, y0, x1, y1;
    char *colon = strchr(value, ':');
    if (colon) *colon = '\0';
    bool ok = read_point(g, value, &x0, &y0) && (colon ? read_point(g, colon + 1, &x1, &y1) : (x1 = x0, y1 = y0, true));
    if (colon) *colon = ':';
    if (!ok) return fail_at(r, line, column, GGN_E_RANGE, "%s[%s]: no point of the %d x %d board", id, value, cols, rows);
    unsigned char stone = id[1] == 'B' ? 1 : id[1] == 'W' ? 2 : 0;
    for (int y = y1 < y0 ? y1 : y0; y <= (y1 < y0 ? y0 : y1); y++)
        for (int x = x0 < x1 ? x0 : x1; x <= (x0 < x1 ? x1 : x0); x++) {
            int sq = y * cols + x;
            if (!ggn_game_square_enabled(g, x, y))
                return fail_at(r, line, column, GGN_E_RANGE, "%s[%s]: %c%d is no square of the board", id, value,
                               'a' + x, y + 1);
            if (su->named[sq])
                return fail_at(r, line, column, GGN_E_VALUE, "%s[%s]: the node names %c%d twice (SGF allows it once)",
                               id, value, 'a' + x, y + 1);
            if (stone && su->owner[sq])
                return fail_at(r, line, column, GGN_E_VALUE,
                               "%s[%s]: %c%d is occupied (a stone is taken off with AE before another is set there)",
                               id, value, 'a' + x, y + 1);
            su->named[sq] = 1;
            su->changed |= su->owner[sq] != stone;
            su->owner[sq] = stone;
            if (stone) rec->setup++;
        }
    return true;
}

/*
 * One move property, B or W: a point, a pass (B[], and B[tt] on Go boards
 * of at most 19 x 19) or the swap ("swap-pieces", HexGui's; ggn's "swap").
 */
static bool read_move(reader *r, ggn_position *pos, const char *id, const char *value, int line, int column,
                      ggn_sgf_record *rec)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    int colour = id[0] == 'B' ? 0 : 1, x = 0, y = 0;
    bool pass = value[0] == '\0' || (!is_hex(g) && strcmp(value, "tt") == 0 && cols <= 19 && rows <= 19);
    bool swap = strcasecmp(value, "swap-pieces") == 0 || strcasecmp(value, "swap") == 0;
    if (strcasecmp(value, "swap-sides") == 0)
        return fail_at(r, line, column, GGN_E_CONVERSION,
                       "%s[%s]: the players trading colours is not ggn's swap rule (the stone changes hands: "
                       "swap-pieces)", id, value);
    if (!pass && !swap && !read_point(g, value, &x, &y))
        return fail_at(r, line, column, GGN_E_RANGE, "%s[%s]: no point of the %d x %d board", id, value, cols, rows);
    ggn_move m, between;
    /* A colour moving twice running: the other passed in between (handicap stones played as moves). */
    if (ggn_position_to_move(pos) != colour &&
        (!find_move(pos, true, false, 0, &between) || !ggn_position_make(pos, between)))
        return fail_at(r, line, column, GGN_E_ILLEGAL, "%s[%s]: not %s's turn, and the other cannot pass", id, value,
                       colour ? "white" : "black");
    if (!find_move(pos, pass, swap, y * cols + x, &m) || !ggn_position_make(pos, m)) {
        char text[16] = "pass";
        if (swap) snprintf(text, sizeof text, "swap");
        else if (!pass) snprintf(text, sizeof text, "%c%d", 'a' + x, y + 1);
        /* A hand run dry says so: a spec's counted stones can run out before a record does. */
        bool dry = !pass && !swap && ggn_game_has_hands(g);
        for (int k = 0; dry && k < ggn_game_kind_count(g); k++)
            if (ggn_game_supply_unlimited(g, colour, k) || ggn_position_hand_count(pos, colour, k) > 0) dry = false;
        return fail_at(r, line, column, GGN_E_ILLEGAL, "%s[%s] (%s): not a legal move here%s", id, value, text,
                       dry ? ": the player has no stone left in hand" : "");
    }
    rec->moves++;
    return true;
}

/* A root property of game information: checked (SZ, GM, KM) or kept. False (err set) for a value that does not fit. */
static bool read_info(reader *r, const ggn_game *g, const char *id, const char *value, int line, int column,
                      ggn_sgf_record *rec)
{
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    if (strcmp(id, "SZ") == 0) {
        int sc = 0, sr = 0;
        int got = sscanf(value, "%d:%d", &sc, &sr);
        if (got == 1) sr = sc;
        if (got < 1 || sc != cols || sr != rows)
            return fail_at(r, line, column, GGN_E_VALUE, "SZ[%s], but the game's board is %d x %d", value, cols, rows);
    } else if (strcmp(id, "GM") == 0) {
        int gm = atoi(value);
        if (gm != 1 && gm != 11)
            return fail_at(r, line, column, GGN_E_VALUE, "GM[%s] is neither Go (GM[1]) nor Hex (GM[11])", value);
        if ((gm == 11) != is_hex(g))
            return fail_at(r, line, column, GGN_E_VALUE, "GM[%s] is %s, but the game's cells are %s", value,
                           gm == 11 ? "Hex" : "Go", is_hex(g) ? "hexagons" : "square");
    } else if (strcmp(id, "KM") == 0) {
        char *end;
        double k = strtod(value, &end);
        if (end == value || !isfinite(k)) return fail_at(r, line, column, GGN_E_VALUE, "KM[%s] is no number", value);
        rec->has_komi = true;
        rec->komi = k;
    } else if (strcmp(id, "PB") == 0) keep(rec->black, sizeof rec->black, value);
    else if (strcmp(id, "PW") == 0) keep(rec->white, sizeof rec->white, value);
    else if (strcmp(id, "RE") == 0) keep(rec->result, sizeof rec->result, value);
    else if (strcmp(id, "RU") == 0) keep(rec->rules, sizeof rec->rules, value);
    else if (strcmp(id, "DT") == 0) keep(rec->date, sizeof rec->date, value);
    else if (strcmp(id, "EV") == 0) keep(rec->event, sizeof rec->event, value);
    return true;
}

static bool read_main_line(reader *r, ggn_position *pos, int max_moves, ggn_sgf_record *rec)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    setup *su = calloc(1, sizeof *su);
    unsigned char *before = malloc(GGN_MAX_SQUARES);
    if (!su || !before) {
        free(su);
        free(before);
        return fail_at(r, r->line, r->column, GGN_E_NOMEM, "out of memory");
    }
    /* set_up: the node holds setup not yet made; stopped: max_moves reached, the rest is read for its syntax only. */
    bool set_up = false, stopped = false, ok = true;
    int nodes = 0, depth = 1;
    char value[1024];
    skip_space(r);
    if (peek(r) != '(') {
        free(su);
        free(before);
        return fail_at(r, r->line, r->column, GGN_E_SYNTAX, "an SGF game tree starts with '('");
    }
    next_char(r);
    for (;;) {
        skip_space(r);
        int c = peek(r);
        /* A branch: its first variation is the main line; the others (and the rest of the text) are not read. */
        if (c == '(') {
            next_char(r);
            depth++;
            continue;
        }
        if (c == ')') break;
        if (c != ';') {
            ok = fail_at(r, r->line, r->column, GGN_E_SYNTAX,
                         c < 0 ? "the game tree never ends (no ')')" : "expected ';', '(' or ')', not '%c'", c);
            break;
        }
        next_char(r);
        nodes++;
        for (;;) {
            skip_space(r);
            int line = r->line, column = r->column;
            char id[8];
            size_t n = 0;
            /* FF[3]'s lower-case letters inside an identifier (AddBlack) are left out. */
            for (c = peek(r); (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); c = peek(r)) {
                if (c <= 'Z' && n + 1 < sizeof id) id[n++] = (char)c;
                next_char(r);
            }
            id[n] = '\0';
            if (!n) break;
            skip_space(r);
            if (peek(r) != '[') {
                ok = fail_at(r, line, column, GGN_E_SYNTAX, "property %s has no value", id);
                break;
            }
            while (ok && (skip_space(r), peek(r) == '[')) {
                int vline = r->line, vcolumn = r->column;
                if (!(ok = read_value(r, value, sizeof value))) break;
                bool move = strcmp(id, "B") == 0 || strcmp(id, "W") == 0;
                bool setup_id = strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 || strcmp(id, "AE") == 0 ||
                                strcmp(id, "PL") == 0;
                if (move && !stopped && max_moves >= 0 && rec->moves >= max_moves) stopped = true;
                if (stopped && (move || setup_id)) continue;
                if (setup_id && !set_up) {
                    begin_setup(su, pos, line, column);
                    memcpy(before, su->owner, (size_t)(cols * rows));
                    set_up = true;
                }
                if (strcmp(id, "PL") == 0) {
                    int who = strcasecmp(value, "B") == 0 ? 0 : strcasecmp(value, "W") == 0 ? 1 : -1;
                    if (who < 0) ok = fail_at(r, vline, vcolumn, GGN_E_VALUE, "PL[%s] is neither B nor W", value);
                    su->to_move = who;
                } else if (setup_id) {
                    ok = read_setup(r, g, su, id, value, vline, vcolumn, rec);
                } else if (move) {
                    /* SGF keeps setup and moves in separate nodes; a node with both is taken setup first. */
                    if (set_up && (ok = apply_setup(r, pos, su, before))) set_up = false;
                    if (ok) ok = read_move(r, pos, id, value, vline, vcolumn, rec);
                } else {
                    ok = read_info(r, g, id, value, vline, vcolumn, rec);
                }
            }
            if (!ok) break;
        }
        if (ok && set_up && (ok = apply_setup(r, pos, su, before))) set_up = false;
        if (!ok) break;
    }
    if (ok && nodes == 0) ok = fail_at(r, r->line, r->column, GGN_E_SYNTAX, "a game tree needs a node (';')");
    free(su);
    free(before);
    /* The rest of the tree (the other variations) is passed over to its closing ')': values may hold parentheses. */
    while (ok && depth > 0) {
        int c = peek(r);
        if (c < 0) return fail_at(r, r->line, r->column, GGN_E_SYNTAX, "the game tree never ends (no ')')");
        if (c == '[') {
            if (!read_value(r, value, sizeof value)) return false;
            continue;
        }
        depth += (c == '(') - (c == ')');
        next_char(r);
    }
    return ok;
}

bool ggn_sgf_read_moves(ggn_position *pos, const char *text, size_t len, const char *name, int max_moves,
                        ggn_sgf_record *rec, ggn_error *err)
{
    memset(rec, 0, sizeof *rec);
    reader r = { text, len, 0, 1, 1, name, err };
    if (len > GGN_MAX_SGF_BYTES) return fail_at(&r, 0, 0, GGN_E_LIMIT, "an SGF text of more than %u bytes", GGN_MAX_SGF_BYTES);
    /* Anything before the first '(' (a mail header, a byte-order mark) is not SGF's business. */
    while (r.at < r.len && text[r.at] != '(') next_char(&r);
    ggn_position *start = ggn_position_new(ggn_position_game(pos));
    if (!start) return fail_at(&r, 0, 0, GGN_E_NOMEM, "out of memory");
    ggn_position_copy(start, pos);
    bool ok = read_main_line(&r, pos, max_moves, rec);
    if (!ok) ggn_position_copy(pos, start);
    rec->end = r.at;
    ggn_position_free(start);
    return ok;
}

bool ggn_sgf_read(ggn_position *pos, const char *text, size_t len, const char *name, ggn_sgf_record *rec,
                  ggn_error *err)
{
    return ggn_sgf_read_moves(pos, text, len, name, -1, rec, err);
}
