/*
 * usi.c — moves in USI, the notation of shogi programs: "7g7f", "8h2b+",
 * "P*5e" (game.h, ggn_move_format_usi); "5e5d-" for a "+X" piece turning
 * back into "X" and "+P*5d" for a drop of a "+X" kind, as Fairy-Stockfish
 * writes them.
 *
 * A square is one digit and one letter: the file counted from the right
 * edge as the first player sees the board (file = cols - x) and the rank
 * counted from the top ('a' = row rows - 1). So USI needs FEN's symbols for
 * drops and at most 9 columns and 26 rows. The promotion mark is coordinate
 * text's (eg_promotion_text), and parsing is strict: a move matches only
 * when it would be written exactly so, which makes every written move read
 * back as itself and a move without a mark never mean a promotion.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "notation.h"

enum {
    USI_MAX_FILES = 9,
    USI_MAX_RANKS = 26,
    USI_SQUARE = 3,   /* "7g" and the NUL */
    USI_TEXT = 16     /* longer text is no USI move: "+P*5e" and "7g7f+" are the longest */
};

bool ggn_game_has_usi(const ggn_game *g)
{
    return g->has_fen && g->cols <= USI_MAX_FILES && g->rows <= USI_MAX_RANKS && !g->swap; /* USI has no swap */
}

bool eg_is_usi_text(const char *text)
{
    while (*text == ' ') text++;
    return isdigit((unsigned char)*text) || strchr(text, '*');
}

static void usi_square(const ggn_game *g, int sq, char out[USI_SQUARE])
{
    out[0] = (char)('0' + g->cols - g->sq_x[sq]);
    out[1] = (char)('a' + g->rows - 1 - g->sq_y[sq]);
    out[2] = '\0';
}

size_t ggn_move_format_usi(const ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    if (cap) buf[0] = '\0';
    if (!ggn_game_has_usi(g) || !eg_move_fits(pos, mv)) return 0;
    char from[EG_PIECE_TEXT + 1], to[USI_SQUARE], promo[EG_PROMOTION_TEXT];
    if (mv.from == EG_DROP_FROM) {
        char piece[EG_PIECE_TEXT];
        eg_piece_text(g, eg_drop_kind(g, mv), 0, EG_NOTATION_SFEN, piece);
        snprintf(from, sizeof from, "%s*", piece);
    } else {
        usi_square(g, mv.from, from);
    }
    usi_square(g, mv.to, to);
    eg_move_mark(pos, mv, promo, sizeof promo);
    int n = snprintf(buf, cap, "%s%s%s", from, to, promo);
    if (n < 0 || (size_t)n >= cap) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    return (size_t)n;
}

/* "files 1 to 9, ranks a to i": the squares of this board, for messages. */
static void square_range(const ggn_game *g, char *buf, size_t cap)
{
    snprintf(buf, cap, "files 1 to %d, ranks a to %c", g->cols, 'a' + g->rows - 1);
}

/*
 * Reads the square at s[0..1]. EG_NONE when it is no square of the board:
 * off the board, on a disabled square, or not a digit and a letter (the
 * caller tells these apart with looks_like_square, for its message).
 */
static int read_usi_square(const ggn_game *g, const char *s)
{
    if (!isdigit((unsigned char)s[0]) || !islower((unsigned char)s[1])) return EG_NONE;
    int file = s[0] - '0', rank = s[1] - 'a';
    if (file < 1 || file > g->cols || rank >= g->rows) return EG_NONE;
    return eg_square(g, g->cols - file, g->rows - 1 - rank);
}

static bool looks_like_square(const char *s)
{
    return isdigit((unsigned char)s[0]) && islower((unsigned char)s[1]);
}

/* The error for a square that read_usi_square refused; false. */
static bool bad_square(const ggn_game *g, const char *text, const char *s, const char *usage, ggn_error *err)
{
    if (!looks_like_square(s)) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a USI %s", text, usage);
        return false;
    }
    char range[48];
    square_range(g, range, sizeof range);
    ggn_error_set(err, GGN_E_VALUE, "%s: '%.2s' is not a square of this board in USI (%s)", text, s, range);
    return false;
}

static const char move_usage[] = "move: write the source and destination squares, like 7g7f, and '+' to promote";
static const char drop_usage[] = "drop: write the piece's upper-case letter, '*' and the square, like P*5e";

/* "P*5e" or "+P*5e": a drop of the kind SFEN writes so, upper case. */
static bool parse_drop(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    const char *star = strchr(text, '*');
    size_t len = (size_t)(star - text), i = 0;
    if (len < 1 || len > 2 || strlen(star + 1) != 2 || !isupper((unsigned char)star[-1]) ||
        (len == 2 && text[0] != '+')) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a USI %s", text, drop_usage);
        return false;
    }
    int to = read_usi_square(g, star + 1);
    if (to == EG_NONE) return bad_square(g, text, star + 1, drop_usage, err);
    char shown[EG_PIECE_TEXT];
    int kind = eg_read_piece(g, text, len, &i, EG_NOTATION_SFEN, shown);
    if (kind == EG_NONE) {
        ggn_error_set(err, GGN_E_VALUE, "%s: '%s' is no piece of this game", text, shown);
        return false;
    }
    if (!g->hands) {
        ggn_error_set(err, GGN_E_ILLEGAL, "%s: this game has no hands to drop from", text);
        return false;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    for (size_t k = 0; k < n && k < GGN_MAX_MOVES; k++)
        if (moves[k].from == EG_DROP_FROM && moves[k].to == to && eg_drop_kind(g, moves[k]) == kind) {
            *move = moves[k];
            return true;
        }
    ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal drop here", text);
    return false;
}

/*
 * Why no move from..to is written with the mark promo, when some exist
 * (candidates of them, the first being first): a plain move where the
 * piece must promote, a mark on a move that cannot promote, or a mark that
 * names none of the choices.
 */
static bool no_such_promotion(ggn_position *pos, const char *text, const char *promo, ggn_move first,
                              size_t promoting, ggn_error *err)
{
    if (!promo[0]) {
        char usi[USI_TEXT];
        ggn_move_format_usi(pos, first, usi, sizeof usi);
        ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here: the piece must promote (%s)", text, usi);
    } else if (!promoting) {
        ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here: %.4s does not promote", text, text);
    } else {
        ggn_error_set(err, GGN_E_ILLEGAL, "%s: '%s' is not one of the promotion choices", text, promo);
    }
    return false;
}

/* "7g7f", "8h2b+", "e7e8q"-like "5b5aq": a board move, matched by the text it is written as. */
static bool parse_board_move(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (strlen(text) < 4) {
        ggn_error_set(err, GGN_E_VALUE, "'%s' is not a USI %s", text, move_usage);
        return false;
    }
    int from = read_usi_square(g, text), to = read_usi_square(g, text + 2);
    if (from == EG_NONE) return bad_square(g, text, text, move_usage, err);
    if (to == EG_NONE) return bad_square(g, text, text + 2, move_usage, err);
    const char *promo = text + 4;
    if (promo[0] && (promo[1] || !(promo[0] == '+' || promo[0] == '-' || islower((unsigned char)promo[0])))) {
        ggn_error_set(err, GGN_E_VALUE,
                      "%s is not a USI move: after the squares comes '+' to promote, '-' to turn a promoted "
                      "piece back (or the lower-case letter of the kind promoted to), or nothing, not '%s'",
                      text, promo);
        return false;
    }
    ggn_move moves[GGN_MAX_MOVES], first = { .from = 0 };
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), candidates = 0, promoting = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        if (moves[i].from != from || moves[i].to != to) continue;
        int kind = eg_promoted_kind(pos, moves[i]);
        char mark[EG_PROMOTION_TEXT];
        eg_move_mark(pos, moves[i], mark, sizeof mark);
        if (strcmp(mark, promo) == 0) {
            *move = moves[i];
            return true;
        }
        if (!candidates++) first = moves[i];
        if (kind != EG_NONE) promoting++;
    }
    if (!candidates) {
        ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
        return false;
    }
    return no_such_promotion(pos, text, promo, first, promoting, err);
}

bool eg_usi_parse(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    while (*text == ' ') text++;
    size_t len = strlen(text);
    while (len && text[len - 1] == ' ') len--;
    if (!ggn_game_has_usi(g)) {
        ggn_error_set(err, GGN_E_STATE,
                      "'%.*s' looks like USI, which this game does not have (USI needs FEN's two players and "
                      "symbols, at most 9 files and 26 ranks)",
                      (int)(len < USI_TEXT ? len : USI_TEXT), text);
        return false;
    }
    if (len >= USI_TEXT) {
        ggn_error_set(err, GGN_E_VALUE, "'%.*s...' is too long for a USI move", USI_TEXT, text);
        return false;
    }
    char usi[USI_TEXT];
    memcpy(usi, text, len);
    usi[len] = '\0';
    return strchr(usi, '*') ? parse_drop(pos, usi, move, err) : parse_board_move(pos, usi, move, err);
}
