/*
 * movetext.c — moves as text: coordinate notation out ("e2e4", "e7e8q",
 * "a7a8=AMAZON" for kinds without a symbol, drops "P@e4" or "AMAZON@e4")
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

int eg_promoted_kind(const ggn_position *pos, ggn_move mv)
{
    if (!mv.promotion || mv.from == EG_DROP_FROM || !pos->piece_at[mv.from]) return EG_NONE;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    const eg_move *m = eg_move_of(pos->g, p->owner, p->kind, mv.pattern);
    int kind = m->modifier[mv.modifier].option[mv.promotion - 1];
    /* An option naming the mover's own kind is the choice not to promote: written as a plain move. */
    return kind == p->kind ? EG_NONE : kind;
}

/* Gating: the kind that enters from the hand, or EG_NONE. */
static int gated_kind(ggn_move mv)
{
    return eg_gate_of(mv) ? (int)(mv.gate & ~GGN_GATE_AT_EFFECT) - 1 : EG_NONE;
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
    if (eg_gate_of(mv) & GGN_GATE_AT_EFFECT) {
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
    return eg_gate_of(mv) ? gated_kind(mv) : eg_promoted_kind(pos, mv);
}

void eg_promotion_text(const ggn_game *g, int kind, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (kind == EG_NONE) return; /* a plain move, or a declined promotion: no mark */
    const sd_kind *k = &g->def->kinds[kind];
    if (k->symbol_plus) snprintf(buf, cap, "+");
    else if (k->symbol) snprintf(buf, cap, "%c", tolower((unsigned char)k->symbol));
    else snprintf(buf, cap, "=%s", k->code);
}

size_t ggn_move_format(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    char from[GGN_MAX_STRING_BYTES + 2], to[GGN_MAX_LABEL], promo[EG_PROMOTION_TEXT];
    if (cap) buf[0] = '\0';
    if (!eg_move_fits(pos, mv)) return 0; /* not a move of this position: no text to give */
    if (mv.from == EG_DROP_FROM) {
        /* A drop: the kind's symbol (upper case, whoever drops) or code, then '@'. */
        const sd_kind *k = &g->def->kinds[mv.pattern];
        if (k->symbol) snprintf(from, sizeof from, "%c@", k->symbol);
        else snprintf(from, sizeof from, "%s@", k->code);
        label(g, mv.to, to, sizeof to);
    } else {
        int f, t;
        eg_move_text_squares(pos, mv, &f, &t);
        label(g, f, from, sizeof from);
        label(g, t, to, sizeof to);
    }
    eg_promotion_text(g, eg_move_suffix_kind(pos, mv), promo, sizeof promo);
    int n = snprintf(buf, cap, "%s%s%s", from, to, promo);
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

static bool names_kind(const ggn_game *g, int kind, const char *text)
{
    const sd_kind *k = &g->def->kinds[kind];
    if (k->symbol_plus && strcmp(text, "+") == 0) return true;
    if (k->symbol && text[0] && !text[1] && toupper((unsigned char)text[0]) == k->symbol) return true;
    size_t n = strlen(text);
    if (n != strlen(k->code)) return false;
    for (size_t i = 0; i < n; i++)
        if (toupper((unsigned char)text[i]) != toupper((unsigned char)k->code[i])) return false;
    return true;
}

static bool parse_coordinates(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err);

/* "P@e4", "p@e4" or "PAWN@e4": a drop of the named kind, when the game has hands. */
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
        const sd_kind *k = &g->def->kinds[moves[i].pattern];
        bool named = (k->symbol && !name[1] && toupper((unsigned char)name[0]) == k->symbol) || strcmp(name, k->code) == 0;
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
    if (mine.code == GGN_E_VALUE && pos->g->has_fen) {
        if (eg_san_parse(pos, text, move, &san)) return true;
        const char *s = text;
        while (*s == ' ') s++;
        if (isupper((unsigned char)*s) || *s == '+' || san.code == GGN_E_STATE) mine = san;
    }
    if (err) *err = mine;
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
        if (promo[0] ? (kind != EG_NONE && names_kind(g, kind, promo)) : true) {
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
