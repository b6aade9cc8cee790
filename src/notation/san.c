/*
 * san.c — moves in Standard Algebraic Notation, as Fairy-Stockfish writes
 * them (its default notation, which PGN files of its variants hold), for
 * every game with FEN (docs/pgn.md):
 *
 *   Nf3  exd5  e8=Q  O-O  P@e4  Hc3  Pa5  Bxh8=H  Bxh8  Ga2=L  Ke2  O-O/He1  Nbd2  Qh4e1  Qf7#
 *
 * Everything comes from the game spec, nothing from a game's name:
 *   - the piece is its kind's letter, whoever moves: the spec's "san" when
 *     given ("H" for xiangqi's horse, "" for a pawn), else its FEN symbol
 *     ("+P" for a "+X" kind; FEN's '~' dropped: a crazyhouse "Q~" moves as a
 *     "Q"), the plain 'P' kind, the letter FEN reserves for pawns, letterless;
 *   - a leader move with a MOVE side effect (castling) is O-O towards the
 *     higher file and O-O-O towards the lower;
 *   - 'x' marks a capture (ggn_move_is_capture: en passant included); a
 *     letterless piece that captures always names its file, and one whose
 *     kind can promote in place names its whole square when its promotion
 *     moves (sittuyin's "d4c3=F");
 *   - moves of pieces with the same letter to the same square with the same
 *     suffix (or both turning back) are told apart by the source's file, else
 *     its rank, else both;
 *   - a promotion, and a "+X" piece turning back, is "=" and the new kind's
 *     letter; a declined promotion has no mark. Kinds without "san" keep the
 *     classic marks: "+" to a "+X" kind, "-" back, and "=" on the move that
 *     declines a "+" promotion, which would otherwise read as "+" for check;
 *   - a drop is the placed kind's letter (the pawn's symbol), '@' and the
 *     square; a pass (extension "pass") the leader on its own square;
 *   - a gated piece (docs/game-spec.md, "Gating") is "/" and its symbol after
 *     the move ("Nf3/H"), with the square it enters on castling ("O-O/He1",
 *     "O-O/Eh1");
 *   - '+' follows a move that leaves a leader attacked, '#' one after which
 *     that player has no legal move either (a mate, or 3check's third check).
 *
 * Reading generates the text of every legal move and compares: exactly
 * first, in this spelling and in ggn's classic one (each letter the symbol,
 * "Bxh8+", "Bxh8=", "a4", "pass"), check marks right, missing or wrong; then
 * leniently — without 'x' and '=', with more disambiguation than needed
 * ("Ng1f3"), 0-0 for O-O — so that every text written here reads back as
 * the same move and what people type is understood when it names one move.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine.h"
#include "ggn/id.h"
#include "notation.h"

/* A move's SAN without its check mark, and room for that mark. */
#define SAN_TEXT (GGN_MAX_LABEL * 2 + EG_PIECE_TEXT + EG_PROMOTION_TEXT + 4)

/*
 * SAN's two spellings. FSF is Fairy-Stockfish's, which ggn writes: each kind's
 * letter is the spec's "san" when given. CLASSIC is what ggn wrote before
 * "san" existed, still read: the letter is the symbol ("+P" for a "+X" kind),
 * the plain 'P' kind a letterless pawn. A kind without "san" is written the
 * classic way in both.
 */
typedef enum { SAN_FSF, SAN_CLASSIC } san_spelling;

/* The kind's letter in SAN: "" for a letterless kind (a pawn), else its letter ("+P" classically). */
static void kind_letter(const ggn_game *g, int kind, san_spelling sp, char out[EG_PIECE_TEXT])
{
    const sd_kind *k = &g->def->kinds[kind];
    if (sp == SAN_FSF && k->san_given) snprintf(out, EG_PIECE_TEXT, "%.1s", &k->san_letter);
    else if (k->symbol == 'P' && !k->symbol_promoted) out[0] = '\0';
    else snprintf(out, EG_PIECE_TEXT, "%s%c", k->symbol_plus ? "+" : "", k->symbol);
}

/* A letterless kind: SAN's pawn, whose captures name its file. */
static bool is_pawn(const ggn_game *g, int kind, san_spelling sp)
{
    char letter[EG_PIECE_TEXT];
    kind_letter(g, kind, sp, letter);
    return letter[0] == '\0';
}

/* The piece as SAN writes it: its letter; a drop names even the pawn, by its symbol. */
static void san_piece(const ggn_game *g, int kind, bool drop, san_spelling sp, char out[EG_PIECE_TEXT])
{
    const sd_kind *k = &g->def->kinds[kind];
    kind_letter(g, kind, sp, out);
    if (drop && !out[0]) snprintf(out, EG_PIECE_TEXT, "%s%c", k->symbol_plus ? "+" : "", k->symbol);
}

/* Does the kind of player `owner` have a promotion that stays on its square (sittuyin's pawn)? */
static bool promotes_in_place(const ggn_game *g, int owner, int kind)
{
    for (int i = 0; i < g->nmoves[kind]; i++) {
        const eg_move *m = eg_move_of(g, owner, kind, i);
        if (m->dx == 0 && m->dy == 0 && m->nmodifier > 0) return true;
    }
    return false;
}

static bool has_move_effect(const eg_effect *e, int n)
{
    for (int i = 0; i < n; i++)
        if (e[i].kind == SD_EFFECT_MOVE) return true;
    return false;
}

/* A castler's move that also moves another piece (a MOVE side effect): castling. */
static bool is_castling(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (mv.from == EG_DROP_FROM || eg_is_pass(g, mv) || !g->castles || !pos->piece_at[mv.from]) return false;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    if (p->kind != g->castler) return false;
    const eg_move *m = eg_move_of(g, p->owner, p->kind, mv.pattern);
    if (m->castle || has_move_effect(m->effect, m->neffect)) return true;
    return mv.action < m->naction && has_move_effect(m->action[mv.action].effect, m->action[mv.action].neffect);
}

/* The square's label split into its file letters and rank digits. */
static void square_parts(const ggn_game *g, int sq, char file[GGN_MAX_LABEL], char rank[GGN_MAX_LABEL])
{
    char label[GGN_MAX_LABEL];
    ggn_cell cell = { 2, { g->sq_x[sq], g->sq_y[sq], 0 } };
    ggn_cell_format(&cell, label, sizeof label);
    size_t i = 0;
    while (label[i] && !isdigit((unsigned char)label[i])) i++;
    snprintf(file, GGN_MAX_LABEL, "%.*s", (int)i, label);
    snprintf(rank, GGN_MAX_LABEL, "%s", label + i);
}

/*
 * Gating: "/" and the entering kind's letter ("Nf3/H"), and the square when it
 * enters where a castling partner stood ("O-O/Eh1") — or, in Fairy-Stockfish's
 * spelling, on any castling move ("O-O/He1"); "" for any other move.
 */
static void gate_suffix(const ggn_position *pos, ggn_move mv, bool castling, san_spelling sp, char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    buf[0] = '\0';
    unsigned gate = eg_gate_of(g, mv);
    if (!gate || mv.from == EG_DROP_FROM) return;
    int kind = (int)(gate & ~GGN_GATE_AT_EFFECT) - 1;
    char file[GGN_MAX_LABEL] = "", rank[GGN_MAX_LABEL] = "";
    int sq = eg_gate_square(pos, mv);
    if (((gate & GGN_GATE_AT_EFFECT) || (castling && sp == SAN_FSF)) && sq != EG_NONE) square_parts(g, sq, file, rank);
    if (kind >= 0 && kind < g->nkinds) snprintf(buf, cap, "/%c%s%s", g->def->kinds[kind].symbol, file, rank);
}

/*
 * The suffix of a promotion (or demotion) of kind `mover` to `kind`: "=" and the new kind's letter
 * ("=H", "=S") when either kind has a "san" letter; else, as classically, "+" to a "+X" kind, "-"
 * back from one, "=Q" otherwise.
 */
static void promotion_suffix(const ggn_game *g, int mover, int kind, san_spelling sp, char *buf, size_t cap)
{
    const sd_kind *k = &g->def->kinds[kind];
    char letter[EG_PIECE_TEXT];
    kind_letter(g, kind, sp, letter);
    if (sp == SAN_FSF && (k->san_given || (mover != EG_NONE && g->def->kinds[mover].san_given)))
        snprintf(buf, cap, "=%c", letter[0] && letter[0] != '+' ? letter[0] : k->symbol);
    else if (eg_is_demotion(g, mover, kind)) snprintf(buf, cap, "-");
    else if (k->symbol_plus) snprintf(buf, cap, "+");
    else snprintf(buf, cap, "=%c", k->symbol);
}

/*
 * The suffix after the destination: a promotion's, a gate "/H", or "". A move
 * that could have promoted on the same squares and does not ends in "=" when
 * that promotion is written "+": "Bxh8" alone would read as the promotion
 * "Bxh8+" with its check mark left out.
 */
static void san_suffix(const ggn_position *pos, ggn_move mv, const ggn_move *moves, size_t n, san_spelling sp,
                       char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    buf[0] = '\0';
    if (mv.from == EG_DROP_FROM) return;
    if (eg_gate_of(g, mv)) {
        gate_suffix(pos, mv, false, sp, buf, cap);
        return;
    }
    int kind = eg_promoted_kind(pos, mv);
    if (kind != EG_NONE) {
        promotion_suffix(g, pos->kind_at[mv.from], kind, sp, buf, cap);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (moves[i].from != mv.from || moves[i].to != mv.to) continue;
        int other = eg_promoted_kind(pos, moves[i]);
        if (other == EG_NONE) continue;
        char mark[EG_PROMOTION_TEXT];
        promotion_suffix(g, pos->kind_at[mv.from], other, sp, mark, sizeof mark);
        if (strcmp(mark, "+") == 0) {
            snprintf(buf, cap, "=");
            return;
        }
    }
}

/* Does the move turn a "+X" piece back into "X"? */
static bool demotes(const ggn_position *pos, ggn_move mv)
{
    int kind = eg_promoted_kind(pos, mv);
    return kind != EG_NONE && eg_is_demotion(pos->g, pos->kind_at[mv.from], kind);
}

/* Which parts of the source a move needs: bit 1 its file, bit 2 its rank. */
enum { SAN_FILE = 1, SAN_RANK = 2 };

static int disambiguation(const ggn_position *pos, ggn_move mv, const ggn_move *moves, size_t n, san_spelling sp)
{
    const ggn_game *g = pos->g;
    int kind = pos->piece[pos->piece_at[mv.from]].kind;
    char piece[EG_PIECE_TEXT], suffix[EG_PROMOTION_TEXT];
    san_piece(g, kind, false, sp, piece);
    san_suffix(pos, mv, moves, n, sp, suffix, sizeof suffix);
    bool pawn = is_pawn(g, kind, sp);
    /* A pawn that can also promote without moving writes the whole source of a promotion that moves
     * (sittuyin's "d4c3=F"), as Fairy-Stockfish does. */
    if (pawn && mv.from != mv.to && eg_promoted_kind(pos, mv) != EG_NONE &&
        promotes_in_place(g, pos->piece[pos->piece_at[mv.from]].owner, kind))
        return SAN_FILE | SAN_RANK;
    bool pawn_capture = pawn && ggn_move_is_capture(pos, mv), demotion = demotes(pos, mv);
    bool rivals = false, same_file = false, same_rank = false;
    for (size_t i = 0; i < n; i++) {
        ggn_move o = moves[i];
        if (o.from == EG_DROP_FROM || o.from == mv.from || o.to != mv.to || is_castling(pos, o)) continue;
        char other[EG_PIECE_TEXT], other_suffix[EG_PROMOTION_TEXT];
        san_piece(g, pos->piece[pos->piece_at[o.from]].kind, false, sp, other);
        if (strcmp(piece, other) != 0) continue;
        /* Pieces written alike that go there with the same suffix; in Fairy-Stockfish's spelling
         * also two that turn back into different kinds (kyotoshogi's "Gdc3=N" and "Gbc3=L"): it
         * compares moves of the same type, and a demotion is one type whatever the kind. */
        san_suffix(pos, o, moves, n, sp, other_suffix, sizeof other_suffix);
        if (strcmp(suffix, other_suffix) != 0 && !(sp == SAN_FSF && demotion && demotes(pos, o))) continue;
        rivals = true;
        if (g->sq_x[o.from] == g->sq_x[mv.from]) same_file = true;
        if (g->sq_y[o.from] == g->sq_y[mv.from]) same_rank = true;
    }
    if (pawn_capture) return rivals && same_file ? SAN_FILE | SAN_RANK : SAN_FILE;
    if (!rivals) return 0;
    if (!same_file) return SAN_FILE;
    if (!same_rank) return SAN_RANK;
    return SAN_FILE | SAN_RANK;
}

/* The SAN of mv without check mark, given the position's legal moves; returns the length. */
static size_t san_core(const ggn_position *pos, ggn_move mv, const ggn_move *moves, size_t n, san_spelling sp,
                       char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    char piece[EG_PIECE_TEXT], file[GGN_MAX_LABEL], rank[GGN_MAX_LABEL], suffix[EG_PROMOTION_TEXT];
    char to_file[GGN_MAX_LABEL], to_rank[GGN_MAX_LABEL];
    size_t len = 0;
    if (cap) buf[0] = '\0';
    if (eg_is_swap(g, mv)) return eg_put(buf, cap, 0, "swap"); /* the pie rule */
    if (mv.from == EG_DROP_FROM) {
        if (mv.pattern >= g->nkinds || mv.action >= g->def->kinds[mv.pattern].ndrops) return 0;
        int placed = eg_drop_kind(g, mv);
        san_piece(g, placed, true, sp, piece);
        /* Two kinds with one letter dropped on one square (micro's rook and bishop, both dropped as
         * a gold "G"): Fairy-Stockfish writes both alike, which names neither; each is written by
         * its symbol then ("+R@b2"), so that every move keeps a text of its own. */
        for (size_t i = 0; sp == SAN_FSF && i < n; i++) {
            if (moves[i].from != EG_DROP_FROM || moves[i].to != mv.to) continue;
            int other = eg_drop_kind(g, moves[i]);
            char letter[EG_PIECE_TEXT];
            san_piece(g, other, true, sp, letter);
            if (other != placed && strcmp(letter, piece) == 0) {
                san_piece(g, placed, true, SAN_CLASSIC, piece);
                break;
            }
        }
        square_parts(g, mv.to, to_file, to_rank);
        if (!g->point_text) { /* a placement game writes the stone as its point alone */
            len = eg_put(buf, cap, len, piece);
            len = eg_put(buf, cap, len, "@");
        }
        len = eg_put(buf, cap, len, to_file);
        return eg_put(buf, cap, len, to_rank);
    }
    if (!pos->piece_at[mv.from]) return 0;
    if (eg_is_pass(g, mv)) {
        /* Extension "pass": no piece moves. Fairy-Stockfish writes it as the leader staying where it
         * stands ("Ke2"); the classic spelling is the word. */
        if (sp == SAN_CLASSIC) return eg_put(buf, cap, 0, "pass");
        san_piece(g, pos->piece[pos->piece_at[mv.from]].kind, true, sp, piece);
        square_parts(g, mv.from, file, rank);
        len = eg_put(buf, cap, 0, piece);
        len = eg_put(buf, cap, len, file);
        return eg_put(buf, cap, len, rank);
    }
    if (is_castling(pos, mv)) {
        gate_suffix(pos, mv, true, sp, suffix, sizeof suffix);
        len = eg_put(buf, cap, 0, g->sq_x[mv.to] > g->sq_x[mv.from] ? "O-O" : "O-O-O");
        return eg_put(buf, cap, len, suffix);
    }
    san_piece(g, pos->piece[pos->piece_at[mv.from]].kind, false, sp, piece);
    square_parts(g, mv.from, file, rank);
    square_parts(g, mv.to, to_file, to_rank);
    san_suffix(pos, mv, moves, n, sp, suffix, sizeof suffix);
    int need = disambiguation(pos, mv, moves, n, sp);
    len = eg_put(buf, cap, len, piece);
    if (need & SAN_FILE) len = eg_put(buf, cap, len, file);
    if (need & SAN_RANK) len = eg_put(buf, cap, len, rank);
    if (ggn_move_is_capture(pos, mv)) len = eg_put(buf, cap, len, "x");
    len = eg_put(buf, cap, len, to_file);
    len = eg_put(buf, cap, len, to_rank);
    return eg_put(buf, cap, len, suffix);
}

/*
 * "+" when the move leaves a leader of the next player attacked, "#" when the
 * next player then has no legal move either (mated, or the check ended the
 * game, as a third check does), "" otherwise — Fairy-Stockfish's marks.
 */
static const char *check_mark(ggn_position *pos, ggn_move mv)
{
    if (!ggn_position_make(pos, mv)) return "";
    const char *mark = "";
    if (ggn_position_leader_attacked(pos, ggn_position_to_move(pos))) {
        ggn_move moves[GGN_MAX_MOVES];
        mark = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES) ? "+" : "#";
    }
    ggn_position_unmake(pos);
    return mark;
}

size_t ggn_move_format_san(ggn_position *pos, ggn_move mv, char *buf, size_t cap)
{
    if (cap) buf[0] = '\0';
    if (!pos->g->has_fen || !eg_move_fits(pos, mv)) return 0; /* not a move of this position: no text */
    /* Chain captures (draughts) have no SAN: their coordinate text, with every landing, is their notation. */
    if (pos->g->chains) return ggn_move_format(pos, mv, buf, cap);
    /* Nor have the parts of a turn (extension "then"): Fairy-Stockfish's SAN names whole turns (Qdd7,g7). */
    if (pos->g->parts) return ggn_move_format(pos, mv, buf, cap);
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    size_t len = san_core(pos, mv, moves, n, SAN_FSF, buf, cap);
    if (!len || len >= cap) goto too_long;
    len = eg_put(buf, cap, len, check_mark(pos, mv));
    if (len >= cap) goto too_long;
    return len;
too_long:
    if (cap) buf[0] = '\0';
    return 0;
}

/* ---- reading ---- */

/* Castling as written or typed: O-O, O-O-O, 0-0, 0-0-0 (check marks after it allowed). */
static bool castling_text(const char *text, bool *queenside)
{
    size_t n = 0;
    while (text[n] == 'O' || text[n] == '0' || text[n] == '-') n++;
    for (size_t i = n; text[i]; i++)
        if (!strchr("+#!? ", text[i])) return false;
    if (n == 3 && text[1] == '-' && text[0] == text[2]) return *queenside = false, true;
    if (n == 5 && text[1] == '-' && text[3] == '-' && text[0] == text[2] && text[2] == text[4])
        return *queenside = true, true;
    return false;
}

bool eg_is_castling_text(const char *text)
{
    bool queenside;
    while (*text == ' ') text++;
    return castling_text(text, &queenside);
}

/*
 * The lenient form of a SAN text: without 'x' (when no file is written 'x',
 * boards under 24 files) and ':', with "=Q" and a final lower-case "q"
 * after the square as "Q"; a bare "=" (a declined promotion) is kept.
 */
static void loosen(const ggn_game *g, const char *in, char *out, size_t cap)
{
    size_t n = 0;
    bool strip_x = g->cols < 24;
    for (size_t i = 0; in[i] && n + 1 < cap; i++) {
        char c = in[i];
        if ((c == 'x' && strip_x) || c == ':') continue;
        if (c == '=' && isalpha((unsigned char)in[i + 1])) continue;
        if (islower((unsigned char)c) && !in[i + 1] && i > 0 && isdigit((unsigned char)in[i - 1]))
            c = (char)toupper((unsigned char)c);
        if (i > 0 && in[i - 1] == '=' && isalpha((unsigned char)c)) c = (char)toupper((unsigned char)c);
        out[n++] = c;
    }
    out[n] = '\0';
}

/* The move in spelling sp with disambiguation variant v (0 none, 1 file, 2 rank, 3 both), in lenient form. */
static void lenient_form(const ggn_position *pos, ggn_move mv, const ggn_move *moves, size_t n, int v,
                         san_spelling sp, char *buf, size_t cap)
{
    const ggn_game *g = pos->g;
    char piece[EG_PIECE_TEXT], file[GGN_MAX_LABEL], rank[GGN_MAX_LABEL], suffix[EG_PROMOTION_TEXT];
    char to_file[GGN_MAX_LABEL], to_rank[GGN_MAX_LABEL], text[SAN_TEXT];
    san_piece(g, pos->piece[pos->piece_at[mv.from]].kind, false, sp, piece);
    square_parts(g, mv.from, file, rank);
    square_parts(g, mv.to, to_file, to_rank);
    san_suffix(pos, mv, moves, n, sp, suffix, sizeof suffix);
    size_t len = eg_put(text, sizeof text, 0, piece);
    if (v & SAN_FILE) len = eg_put(text, sizeof text, len, file);
    if (v & SAN_RANK) len = eg_put(text, sizeof text, len, rank);
    len = eg_put(text, sizeof text, len, to_file);
    len = eg_put(text, sizeof text, len, to_rank);
    len = eg_put(text, sizeof text, len, suffix);
    if (len >= sizeof text) text[0] = '\0';
    loosen(g, text, buf, cap);
}

/* The text without trailing annotations ("!", "?") and spaces, and with leading spaces gone. */
static void trim_san(const char *text, char *out, size_t cap)
{
    while (*text == ' ') text++;
    snprintf(out, cap, "%s", text);
    size_t n = strlen(out);
    while (n && strchr("!? ", out[n - 1])) out[--n] = '\0';
}

/* Why no legal move is written text: the piece letter or the square, when either is wrong. */
static bool explain_unknown(const ggn_game *g, const char *text, ggn_error *err)
{
    size_t i = 0;
    if (text[i] == '+') i++;
    if (isupper((unsigned char)text[i]) && text[i] != 'O') {
        bool plus = i > 0, known = false;
        for (int k = 0; k < g->nkinds; k++) {
            const sd_kind *kind = &g->def->kinds[k];
            if ((kind->symbol == text[i] && kind->symbol_plus == plus) ||
                (!plus && kind->san_given && kind->san_letter == text[i]))
                known = true;
        }
        if (!known) {
            ggn_error_set(err, GGN_E_VALUE, "'%s': no piece of this game is written %s%c", text, plus ? "+" : "",
                          text[i]);
            return true;
        }
    }
    /* The destination: the last run of digits and the file letters before it (a file has 1 to 3). */
    size_t end = strlen(text);
    while (end && !isdigit((unsigned char)text[end - 1])) end--;
    size_t digits = end;
    while (digits && isdigit((unsigned char)text[digits - 1])) digits--;
    size_t letters = digits;
    while (letters && digits - letters < 3 && islower((unsigned char)text[letters - 1])) letters--;
    if (end == 0 || letters == digits) {
        ggn_error_set(err, GGN_E_VALUE,
                      "'%s' is not a move: write it as source and destination (e2e4) or in SAN (Nf3, exd5, O-O)",
                      text);
        return true;
    }
    for (size_t start = digits - 1; start + 1 > letters; start--) {
        ggn_cell cell;
        if (!ggn_cell_parse(text + start, end - start, &cell) && cell.dims == 2 &&
            eg_square(g, cell.index[0], cell.index[1]) != EG_NONE)
            return false; /* a square of the board: the move is well formed, just not legal */
        if (start == 0) break;
    }
    ggn_error_set(err, GGN_E_VALUE, "'%s': %.*s is not a square of this board", text, (int)(end - digits + 1),
                  text + digits - 1);
    return true;
}

bool eg_san_parse(ggn_position *pos, const char *typed, ggn_move *move, ggn_error *err)
{
    const ggn_game *g = pos->g;
    char text[SAN_TEXT], core[SAN_TEXT];
    if (strlen(typed) >= sizeof text) {
        ggn_error_set(err, GGN_E_VALUE, "'%.40s...' is too long for a move", typed);
        return false;
    }
    trim_san(typed, text, sizeof text);
    if (!g->has_fen) {
        ggn_error_set(err, GGN_E_STATE, "%s: SAN needs a two-player game whose every piece has a symbol", text);
        return false;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;

    bool queenside;
    if (castling_text(text, &queenside)) {
        for (size_t i = 0; i < n; i++)
            if (is_castling(pos, moves[i]) && (g->sq_x[moves[i].to] < g->sq_x[moves[i].from]) == queenside) {
                *move = moves[i];
                return true;
            }
        ggn_error_set(err, GGN_E_ILLEGAL, "%s: castling to that side is not legal here", text);
        return false;
    }

    /*
     * Exactly as written, in this order: Fairy-Stockfish's spelling with its check mark right (or
     * none), the classic spelling with one or two marks left out or not (a classic shogi "Sd3++" is
     * a promotion and a check), and Fairy-Stockfish's with wrong marks. A text that is a move in
     * both spellings is Fairy-Stockfish's: the classic promotion "Bxh8+" is the unpromoted capture
     * when that gives check.
     */
    size_t len = strlen(text);
    for (int pass = 0; pass < 3; pass++) {
        san_spelling sp = pass == 1 ? SAN_CLASSIC : SAN_FSF;
        for (int drop = 0; drop <= 2 && (size_t)drop < len; drop++) {
            if (drop && !strchr("+#", text[len - (size_t)drop])) break;
            if (pass == 2 && drop == 0) continue; /* tried by the first pass */
            for (size_t i = 0; i < n; i++) {
                san_core(pos, moves[i], moves, n, sp, core, sizeof core);
                if (strlen(core) != len - (size_t)drop || strncmp(core, text, len - (size_t)drop) != 0) continue;
                if (pass == 0 && drop && strcmp(check_mark(pos, moves[i]), text + len - (size_t)drop) != 0) continue;
                *move = moves[i];
                return true;
            }
        }
    }

    /* Leniently: the lenient text of any disambiguation, capture and promotion marks optional. */
    char loose[SAN_TEXT], form[SAN_TEXT];
    size_t cut = len;
    while (cut && strchr("+#", text[cut - 1])) cut--;
    char body[SAN_TEXT];
    snprintf(body, sizeof body, "%.*s", (int)cut, text);
    loosen(g, body, loose, sizeof loose);
    size_t hits[GGN_MAX_MOVES], nhits = 0, promoting[GGN_MAX_MOVES], npromoting = 0;
    size_t want = strlen(loose);
    /* Fairy-Stockfish's spelling first; the classic one when that names no move. */
    for (int pass = 0; pass < 2 && !nhits && !npromoting; pass++) {
        san_spelling sp = pass ? SAN_CLASSIC : SAN_FSF;
        for (size_t i = 0; i < n && want; i++) {
            if (moves[i].from == EG_DROP_FROM || eg_is_pass(g, moves[i])) {
                san_core(pos, moves[i], moves, n, sp, core, sizeof core);
                loosen(g, core, form, sizeof form);
                if (strcmp(form, loose) == 0) hits[nhits++] = i;
                continue;
            }
            if (is_castling(pos, moves[i])) continue;
            bool promotion = eg_promoted_kind(pos, moves[i]) != EG_NONE, cut_promotion = false;
            for (int v = 0; v < 4; v++) {
                lenient_form(pos, moves[i], moves, n, v, sp, form, sizeof form);
                if (strcmp(form, loose) == 0) {
                    hits[nhits++] = i;
                    break;
                }
                /* The text of a promotion without its mark ("e8" for e8=Q, "Sd3" for Sd3+). */
                size_t flen = strlen(form);
                if (promotion && flen == want + 1 && strncmp(form, loose, want) == 0 &&
                    (form[want] == '+' || form[want] == '-' || isupper((unsigned char)form[want])))
                    cut_promotion = true;
            }
            if (cut_promotion) promoting[npromoting++] = i;
        }
    }
    if (nhits == 1) {
        *move = moves[hits[0]];
        return true;
    }
    /* Two moves with the same squares and promotion (different patterns) share a text: the first is it. */
    bool same = nhits > 1;
    for (size_t h = 1; h < nhits && same; h++)
        same = moves[hits[h]].from == moves[hits[0]].from && moves[hits[h]].to == moves[hits[0]].to &&
               eg_promoted_kind(pos, moves[hits[h]]) == eg_promoted_kind(pos, moves[hits[0]]);
    if (same) {
        *move = moves[hits[0]];
        return true;
    }
    if (nhits > 1) {
        char choices[SAN_TEXT * 4] = "";
        for (size_t h = 0; h < nhits && strlen(choices) + SAN_TEXT + 4 < sizeof choices; h++) {
            san_core(pos, moves[hits[h]], moves, n, SAN_FSF, core, sizeof core);
            size_t used = strlen(choices);
            snprintf(choices + used, sizeof choices - used, "%s%s", h ? " or " : "", core);
        }
        ggn_error_set(err, GGN_E_VALUE, "%s is ambiguous: it could be %s", text, choices);
        return false;
    }
    if (npromoting == 1) {
        *move = moves[promoting[0]];
        return true;
    }
    if (npromoting > 1) {
        san_core(pos, moves[promoting[0]], moves, n, SAN_FSF, core, sizeof core);
        ggn_error_set(err, GGN_E_STATE, "%s promotes: say to what (e.g. %s)", text, core);
        return false;
    }
    if (explain_unknown(g, text, err)) return false;
    ggn_error_set(err, GGN_E_ILLEGAL, "%s is not a legal move here", text);
    return false;
}
