/*
 * movetext.c — moves as text: coordinate notation out ("e2e4", "e7e8q",
 * "a7a8=AMAZON" for kinds without a symbol, "a1a2-" for a "+X" piece turning
 * back into "X", drops "P@e4", "+P@e4" or "AMAZON@e4", a clone as its target
 * "b2", a forced pass as "pass")
 * and the forms players type in. USI's spelling ("7g7f", "P*5e") is usi.c's;
 * ggn_move_parse hands such text over to it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "ggn/id.h"
#include "notation.h"

static size_t label(const ggn_game *g, int sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { g->sq_x[sq], g->sq_y[sq], 0 } };
    return ggn_cell_format(&cell, buf, cap);
}

bool ggn_game_has_chains(const ggn_game *g) { return g->chains; }

/* Gating: the kind that enters from the hand, or EG_NONE. */
static int gated_kind(const ggn_game *g, ggn_move mv)
{
    return eg_gate_of(g, mv) ? (int)(mv.gate & ~GGN_GATE_AT_EFFECT) - 1 : EG_NONE;
}

/*
 * The squares a move is written with: its own, but for a piece gated onto the
 * square a castling partner left, Fairy-Stockfish's partner-to-castler form
 * ("h1e1h": the rook's square, then the king's).
 */
void eg_move_text_squares(const ggn_position *pos, ggn_move mv, int *from, int *to)
{
    *from = mv.from;
    *to = mv.to;
    if (eg_gate_of(pos->g, mv) & GGN_GATE_AT_EFFECT) {
        int sq = eg_gate_square(pos, mv);
        if (sq != EG_NONE) {
            *from = sq;
            *to = mv.from;
        }
    }
}

/* The letter after the squares: the gated kind (gating) or the promotion. */
int eg_move_suffix_kind(const ggn_position *pos, ggn_move mv)
{
    return eg_gate_of(pos->g, mv) ? gated_kind(pos->g, mv) : eg_promoted_kind(pos, mv);
}

bool eg_is_demotion(const ggn_game *g, int mover, int kind)
{
    if (mover == EG_NONE || kind == EG_NONE) return false;
    const sd_kind *m = &g->def->kinds[mover], *k = &g->def->kinds[kind];
    return m->symbol_plus && k->symbol == m->symbol && !k->symbol_promoted;
}

void eg_promotion_text(const ggn_game *g, int mover, int kind, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (kind == EG_NONE) return; /* a plain move, or a declined promotion: no mark */
    const sd_kind *k = &g->def->kinds[kind];
    if (eg_is_demotion(g, mover, kind)) snprintf(buf, cap, "-");
    else if (k->symbol_plus) snprintf(buf, cap, "+");
    else if (k->symbol) snprintf(buf, cap, "%c", tolower((unsigned char)k->symbol));
    else snprintf(buf, cap, "=%s", k->code);
}

/* A chain capture: its source, then 'x' and each landing in order ("c3xe5xg7"), then the promotion mark. */
static size_t format_chain(const ggn_position *pos, ggn_move mv, const char *from, const char *promo, char *buf,
                           size_t cap)
{
    eg_chain ch;
    if (!eg_chain_of(pos, mv, &ch)) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    size_t n = (size_t)snprintf(buf, cap, "%s", from);
    for (int i = 0; i < ch.ncap && n < cap; i++) {
        char land[GGN_MAX_LABEL];
        label(pos->g, ch.land[i], land, sizeof land);
        n += (size_t)snprintf(buf + n, cap - n, "x%s", land);
    }
    if (n < cap) n += (size_t)snprintf(buf + n, cap - n, "%s", promo);
    if (n >= cap) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    return n;
}

void eg_move_mark(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    if (eg_gate_of(pos->g, mv)) {
        eg_promotion_text(pos->g, EG_NONE, gated_kind(pos->g, mv), buf, cap); /* a gated piece: its letter */
        return;
    }
    int mover = mv.from == EG_DROP_FROM || !pos->piece_at[mv.from] ? EG_NONE : pos->kind_at[mv.from];
    eg_promotion_text(pos->g, mover, eg_promoted_kind(pos, mv), buf, cap);
}

void eg_drop_text(const ggn_game *g, int kind, char *buf, size_t cap)
{
    const sd_kind *k = &g->def->kinds[kind];
    if (k->symbol_plus) snprintf(buf, cap, "+%c@", k->symbol);
    else if (k->symbol) snprintf(buf, cap, "%c@", k->symbol);
    else snprintf(buf, cap, "%s@", k->code);
}

static size_t format_move(const ggn_position *pos, ggn_move mv, char *buf, size_t cap, bool point_text);

size_t ggn_move_format(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    return format_move(pos, mv, buf, cap, pos->g->point_text);
}

size_t ggn_move_format_long(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    return format_move(pos, mv, buf, cap, false);
}

static size_t format_move(const ggn_position *pos, ggn_move mv, char *buf, size_t cap, bool point_text)
{
    const ggn_game *g = pos->g;
    char from[GGN_MAX_STRING_BYTES + 2], to[GGN_MAX_LABEL], promo[EG_PROMOTION_TEXT];
    if (cap) buf[0] = '\0';
    if (!eg_move_fits(pos, mv)) return 0; /* not a move of this position: no text to give */
    const char *alone = NULL; /* a clone, named by its target (one move per target); a forced pass */
    if (eg_is_clone(pos, mv)) alone = label(g, mv.to, to, sizeof to) ? to : NULL;
    else if (g->pass_forced && eg_is_pass(g, mv)) alone = "pass";
    if (alone) {
        size_t n = eg_put(buf, cap, 0, alone);
        if (n < cap) return n;
        if (cap) buf[0] = '\0';
        return 0;
    }
    if (eg_is_swap(g, mv)) { /* the pie rule's swap, as Hex players write it */
        int n = snprintf(buf, cap, "swap");
        return n > 0 && (size_t)n < cap ? (size_t)n : (cap ? (buf[0] = '\0', 0) : 0);
    }
    if (point_text && (mv.from == EG_DROP_FROM || eg_is_pass(g, mv))) {
        /* A placement game: a stone is its point ("d3"), a pass "pass" (as Go and Hex players write them). */
        if (mv.from == EG_DROP_FROM) label(g, mv.to, to, sizeof to);
        int n = snprintf(buf, cap, "%s", mv.from == EG_DROP_FROM ? to : "pass");
        if (n < 0 || (size_t)n >= cap) {
            if (cap) buf[0] = '\0';
            return 0;
        }
        return (size_t)n;
    }
    if (mv.from == EG_DROP_FROM) {
        /* A drop: the placed kind's symbol (upper case, whoever drops) or code, then '@'. */
        eg_drop_text(g, eg_drop_kind(g, mv), from, sizeof from);
        label(g, mv.to, to, sizeof to);
    } else {
        int f, t;
        eg_move_text_squares(pos, mv, &f, &t);
        label(g, f, from, sizeof from);
        label(g, t, to, sizeof to);
    }
    eg_move_mark(pos, mv, promo, sizeof promo);
    if (eg_is_chain(pos, mv)) return format_chain(pos, mv, from, promo, buf, cap);
    /* A removing part (extension "then"): the piece that closed the line takes, "d1xa7". */
    int n = snprintf(buf, cap, "%s%s%s%s", from, eg_is_removal(pos, mv) ? "x" : "", to, promo);
    if (n < 0 || (size_t)n >= cap) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    return (size_t)n;
}

/* Reads "[x, y]" or a CELL label at *s; returns the square or EG_NONE. */
static int read_square(const ggn_game *g, const char **s)
{
    const char *p = *s;
    while (*p == ' ') p++;
    if (*p == '[') {
        char *end;
        long x = strtol(p + 1, &end, 10);
        p = end;
        while (*p == ' ') p++;
        if (*p != ',') return EG_NONE;
        long y = strtol(p + 1, &end, 10);
        p = end;
        while (*p == ' ') p++;
        if (*p != ']') return EG_NONE;
        *s = p + 1;
        if (x < 0 || y < 0 || x >= g->cols || y >= g->rows) return EG_NONE;
        return eg_square(g, (int)x, (int)y);
    }
    const char *start = p;
    while (islower((unsigned char)*p)) p++;
    if (p == start) return EG_NONE;
    while (isdigit((unsigned char)*p)) p++;
    ggn_cell cell;
    if (ggn_cell_parse(start, (size_t)(p - start), &cell) || cell.dims != 2) return EG_NONE;
    *s = p;
    return eg_square(g, cell.index[0], cell.index[1]);
}

/* Does the mark text (after the squares) name the kind that mover becomes? */
static bool names_kind(const ggn_game *g, int mover, int kind, const char *text)
{
    const sd_kind *k = &g->def->kinds[kind];
    if (strcmp(text, "-") == 0) return eg_is_demotion(g, mover, kind);
    if (k->symbol_plus && strcmp(text, "+") == 0) return true;
    if (k->symbol && text[0] && !text[1] && toupper((unsigned char)text[0]) == k->symbol) return true;
    size_t n = strlen(text);
    if (n != strlen(k->code)) return false;
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)text[i]) != toupper((unsigned char)k->code[i])) return false;
    return true;
}

static bool parse_coordinates(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);
static int parse_pass_or_clone(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);
static bool parse_chain_text(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);
static bool parse_point(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

/* "P@e4", "p@e4", "+P@e4" or "PAWN@e4": a drop that places the named kind, when the game has hands. */
static bool parse_drop(ggn_position *pos, const char *text, const char *at, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    char name[GGN_MAX_STRING_BYTES + 1];
    size_t len = (size_t)(at - text);
    while (len && text[0] == ' ') text++, len--;
    if (len == 0 || len > GGN_MAX_STRING_BYTES) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a drop: write the piece, '@' and the square, like P@e4", text);
        return false;
    }
    memcpy(name, text, len);
    name[len] = '\0';
    const char *s = at + 1;
    int to = read_square(g, &s);
    while (*s == ' ') s++;
    if (to == EG_NONE || *s) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a drop: write the piece, '@' and the square, like P@e4", text);
        return false;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        if (moves[i].from != EG_DROP_FROM || moves[i].to != to) continue;
        const sd_kind *k = &g->def->kinds[eg_drop_kind(g, moves[i])];
        bool plus = name[0] == '+' && name[1] && !name[2];
        bool letter = k->symbol && (plus ? k->symbol_plus : !name[1] && !k->symbol_plus) &&
                      toupper((unsigned char)name[plus ? 1 : 0]) == k->symbol;
        bool named = letter || strcmp(name, k->code) == 0;
        if (named) {
            *move = moves[i];
            return true;
        }
    }
    ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal drop here", text);
    return false;
}

/*
 * The one reader of typed moves: USI text goes to usi.c; coordinate text and
 * drops are read here; what is neither (a GGN_E_VALUE from those readers) is
 * read as SAN (san.c). When both fail, SAN's error is the one reported for
 * text that starts like SAN's pieces ("Nf6", "+Pf5") or is castling, and for
 * a promotion without its piece; text that starts like coordinates keeps the
 * coordinate reader's.
 */
bool ggn_move_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    if (eg_is_castling_text(text)) return eg_san_parse(pos, text, move, err);
    if (eg_is_usi_text(text)) return eg_usi_parse(pos, text, move, err);
    ggn_error mine, san;
    ggn_error_clear(&mine);
    ggn_error_clear(&san);
    if (parse_coordinates(pos, text, move, &mine)) return true;
    /* A drop that names no kind by its symbol may name it by its SAN letter (micro's "G@b2"). */
    bool san_drop = mine.code == GGN_E_ILLEGAL && strchr(text, '@');
    if ((mine.code == GGN_E_VALUE || san_drop) && pos->g->has_fen) {
        if (eg_san_parse(pos, text, move, &san)) return true;
        const char *s = text;
        while (*s == ' ') s++;
        if (!san_drop && (isupper((unsigned char)*s) || *s == '+' || san.code == GGN_E_STATE)) mine = san;
    }
    if (err) *err = mine;
    return false;
}

/*
 * In a game with forced passes or clones: "pass", and a square alone ("b2"), the clone onto it. 1 when
 * read into *move, 0 on an error (err set), -1 when the text is neither (read as any other move).
 */
static int parse_pass_or_clone(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *s = text;
    while (*s == ' ') s++;
    bool pass = strncmp(s, "pass", 4) == 0 && !s[4 + strspn(s + 4, " ")];
    int to = EG_NONE;
    if (!pass) {
        to = read_square(g, &s);
        while (*s == ' ') s++;
        if (to == EG_NONE || *s) return -1;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        if (pass ? g->pass_forced && eg_is_pass(g, moves[i]) : eg_is_clone(pos, moves[i]) && moves[i].to == to) {
            *move = moves[i];
            return 1;
        }
    }
    if (pass) ggn_error_set(err, GGN_E_ILLEGAL, "pass is not legal here: a player passes only when it has no move");
    else ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
    return 0;
}

/*
 * A placement game (ggn_game.point_text): a stone is named by its point
 * alone ("d3", "[3, 2]"), a pass by "pass". The long form "P@d3" is read by
 * parse_drop before this.
 */
static bool parse_point(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *s = text;
    while (*s == ' ') s++;
    bool pass = strncmp(s, "pass", 4) == 0, swap = strncmp(s, "swap", 4) == 0;
    int to = pass || swap ? EG_NONE : read_square(g, &s);
    if (pass || swap) s += 4;
    while (*s == ' ') s++;
    if ((!pass && !swap && to == EG_NONE) || *s) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a move: write the point to place a stone on, like d3, or pass",
                      text);
        return false;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++)
        if (swap ? eg_is_swap(g, moves[i])
                 : pass ? eg_is_pass(g, moves[i])
                        : moves[i].from == EG_DROP_FROM && moves[i].to == to && !eg_is_swap(g, moves[i])) {
            *move = moves[i]; /* one drop way per player (point_text): the only one there */
            return true;
        }
    ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
    return false;
}

/* Coordinate text ("e2e4", "e7e8=QUEEN", "[4,1] [4,3]") and drops ("P@e4", "PAWN@e4"). */
static bool parse_coordinates(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *s = text;
    const char *at = strchr(text, '@');
    if (at) {
        if (!g->hands) {
            ggn_error_set(err, GGN_E_ILLEGAL, "%s: this game has no hands to drop from", text);
            return false;
        }
        return parse_drop(pos, text, at, move, err);
    }
    if (g->chains) return parse_chain_text(pos, text, move, err);
    if (g->point_text) return parse_point(pos, text, move, err);
    int read = g->pass_forced || g->clones ? parse_pass_or_clone(pos, text, move, err) : -1;
    if (read >= 0) return read == 1;
    int from = read_square(g, &s);
    /* 'x' before a digit is a file letter (boards of 24+ columns: "x5x6"), not a capture mark. */
    while (*s == ' ' || *s == '-' || (*s == 'x' && !isdigit((unsigned char)s[1])) || *s == ':' || *s == '>') s++;
    int to = from == EG_NONE ? EG_NONE : read_square(g, &s);
    if (from == EG_NONE || to == EG_NONE) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a move: write it as source and destination, like e2e4", text);
        return false;
    }
    while (*s == ' ' || *s == '=') s++;
    char promo[GGN_MAX_STRING_BYTES + 1];
    snprintf(promo, sizeof promo, "%s", s);
    for (size_t n = strlen(promo); n && promo[n - 1] == ' '; n--) promo[n - 1] = '\0';

    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    size_t found = 0, with_promotion = 0;
    ggn_move first = { .from = 0 };
    bool plain = false;  /* a move without promotion matched: it is what the bare text means */
    for (size_t i = 0; i < n; i++) {
        int f, t;
        eg_move_text_squares(pos, moves[i], &f, &t);
        if (f != from || t != to) continue;
        int kind = eg_move_suffix_kind(pos, moves[i]);
        if (kind != EG_NONE) with_promotion++;
        if (promo[0] ? (kind != EG_NONE && names_kind(g, pos->kind_at[from], kind, promo)) : true) {
            if (!found || (!promo[0] && kind == EG_NONE && !plain)) first = moves[i];
            if (!promo[0] && kind == EG_NONE) plain = true;
            found++;
        }
    }
    if (!found) {
        if (promo[0] && with_promotion)
            ggn_error_set(err, GGN_E_ILLEGAL, "%s: '%s' is not one of the promotion choices", text, promo);
        else
            ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
        return false;
    }
    if (!promo[0] && !plain && with_promotion > 1) {
        ggn_error_set(err, GGN_E_STATE, "%s promotes: say to what (e.g. %sq)", text, text);
        return false;
    }
    *move = first;
    return true;
}

/*
 * Move text in a game with chain captures (extension "chain"): squares
 * separated by 'x' (or '-', ':', spaces, or nothing), then an optional
 * promotion mark. A chain is named by its source and every landing
 * ("c3xe5xg7"); source and last landing alone ("c3xg7", "c3g7") name it too
 * when no other chain of that piece ends there, and are refused as ambiguous
 * otherwise. A move that is no chain is source and destination, as anywhere.
 * (read_chain.c keeps such boards narrower than the file 'x'.)
 */
/* The move's TRANSFORM offers one option only (a crowning): no need to name it. */
static bool one_option(const ggn_position *pos, ggn_move m)
{
    const eg_piece *p = &pos->piece[pos->piece_at[m.from]];
    eg_chain ch;
    if (!eg_chain_of(pos, m, &ch) || ch.modifier < 0) return true;
    return eg_move_of(pos->g, p->owner, p->kind, m.pattern)->modifier[ch.modifier].noption == 1;
}

static bool parse_chain_text(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *s = text;
    int sq[GGN_MAX_CHAIN_CAPTURES + 1], nsq = 0;
    for (;;) {
        while (*s == ' ' || *s == '-' || *s == 'x' || *s == ':') s++;
        const char *before = s;
        int one = read_square(g, &s);
        if (one == EG_NONE) {
            s = before;
            break;
        }
        if (nsq == GGN_MAX_CHAIN_CAPTURES + 1) {
            ggn_error_set(err, GGN_E_ILLEGAL, "%s names more landings than a chain can have", text);
            return false;
        }
        sq[nsq++] = one;
    }
    if (nsq < 2) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a move: write it as source and destination, like c3d4, "
                      "or a capture with every landing, like c3xe5xg7", text);
        return false;
    }
    while (*s == ' ' || *s == '=') s++;
    char promo[GGN_MAX_STRING_BYTES + 1];
    snprintf(promo, sizeof promo, "%s", s);
    for (size_t n = strlen(promo); n && promo[n - 1] == ' '; n--) promo[n - 1] = '\0';

    uint16_t landings[GGN_MAX_CHAIN_CAPTURES];
    for (int j = 1; j < nsq; j++) landings[j - 1] = (uint16_t)sq[j];
    int named = eg_chain_named(pos, sq[0], landings, nsq - 1);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    size_t exact = 0, ends = 0;
    ggn_move by_path = { .from = 0 }, by_end = by_path;
    int end_chain = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        ggn_move m = moves[i];
        if (m.from != sq[0] || m.to != sq[nsq - 1]) continue;
        int kind = eg_promoted_kind(pos, m);
        if (promo[0] && !(kind != EG_NONE && names_kind(g, pos->kind_at[m.from], kind, promo))) continue;
        int chain = eg_is_chain(pos, m) ? eg_chain_index(m) : 0;
        if ((chain && chain == named) || (!chain && nsq == 2)) {
            by_path = m;
            exact++;
        } else if (chain && nsq == 2) {
            if (!ends || chain != end_chain) ends++;
            end_chain = chain;
            by_end = m;
        }
    }
    if (exact > 1 || (!exact && ends == 1 && !promo[0] && eg_promoted_kind(pos, by_end) != EG_NONE &&
                      !one_option(pos, by_end))) {
        ggn_error_set(err, GGN_E_STATE, "%s promotes: say to what (e.g. %sk)", text, text);
        return false;
    }
    if (exact) {
        *move = by_path;
        return true;
    }
    if (ends == 1) {
        *move = by_end;
        return true;
    }
    if (ends > 1) {
        ggn_error_set(err, GGN_E_STATE, "%s: more than one capture ends there; write every landing, like c3xe5xg7",
                      text);
        return false;
    }
    ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
    return false;
}
