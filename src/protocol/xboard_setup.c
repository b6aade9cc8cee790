/*
 * xboard_setup.c — how a game is described to XBoard (CECP v2): XBoard's own
 * name for the games it knows, whether it can show a game at all, and for
 * the others a `setup` line (XBoard's piece table and the start FEN) and a
 * `piece X& BETZA` line for every kind (protocol_internal.h).
 */
#include <stdio.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/search.h"
#include "protocol_internal.h"

enum {
    XB_MAX_SLOTS = 22,          /* piece types per colour in setup's table (the last one the king) */
    XB_PROMOTED_OFFSET = 11     /* a '+' slot is the promoted form of the piece this many slots before it */
};

/* XBoard's own name for a ggn game, where its rules are built into XBoard. */
const char *pr_xboard_native_name(const char *ggn_name)
{
    static const char *const native[][2] = {
        { "chess", "normal" }, { "crazyhouse", "crazyhouse" }, { "xiangqi", "xiangqi" }, { "shogi", "shogi" },
        { "makruk", "makruk" }, { "shatranj", "shatranj" },   { "losalamos", "losalamos" },
    };
    for (size_t i = 0; i < sizeof native / sizeof native[0]; i++)
        if (strcmp(ggn_name, native[i][0]) == 0) return native[i][1];
    return NULL;
}

/* Why XBoard cannot show or play game, or NULL when it can. */
const char *pr_xboard_unplayable(const ggn_game *game)
{
    if (ggn_game_player_count(game) != 2) return "XBoard needs a game of two players";
    if (!ggn_game_has_fen(game)) return "XBoard needs FEN (a symbol for every kind)";
    if (ggn_game_cols(game) > PR_XBOARD_MAX_FILES || ggn_game_rows(game) > PR_XBOARD_MAX_RANKS)
        return "XBoard's board has at most 16 files and 16 ranks";
    if (ggn_game_kind_count(game) > XB_MAX_SLOTS) return "XBoard has at most 22 kinds of piece";
    /* XBoard 4.9 takes off at most two pieces a move (its kill squares), and judges a side without
     * moves stalemated: a draughts chain may take more (docs/protocols.md). */
    if (ggn_game_has_chains(game))
        return "XBoard removes at most two pieces in one move, and a chain capture may take more";
    /* A move changes on XBoard's board only its own piece and its kill squares: stones turned to
     * the mover's colour (Othello, Ataxx) would keep their old owner there. */
    if (ggn_game_has_conversion(game))
        return "XBoard changes the owner of no piece, and a conversion turns the other player's pieces";
    /* A drop removes nothing on XBoard's board: Go's captured groups would stay. */
    if (ggn_game_has_group_capture(game))
        return "XBoard removes no piece when one is dropped, and a group capture takes whole groups";
    return NULL;
}

/*
 * The Betza XBoard is told for kind k (`piece X& BETZA`): its exact moves;
 * else their geometry, the promotion unsaid (XBoard judges promotions);
 * else their outline, a wider piece with every move of the kind (a janggi
 * soldier's palace diagonals become diagonals everywhere). *wider is set
 * when the piece told attacks squares the kind does not. XBoard reads `n` (lame)
 * as one blocking square, which is ggn's only for two-step leaps (N, D, A):
 * on a longer leap (janggi's elephant, nZ) it is dropped, and the piece
 * told jumps. False when even the outline cannot be said (castling alone).
 */
static bool xboard_betza(const ggn_game *game, int k, char *buf, size_t cap, bool *wider)
{
    ggn_error err;
    ggn_error_clear(&err);
    *wider = false;
    if (!ggn_game_kind_betza(game, k, buf, cap, &err) && !ggn_game_kind_betza_geometry(game, k, buf, cap, &err) &&
        !ggn_game_kind_betza_outline(game, k, buf, cap, wider, &err))
        return false;
    /* Each term is lower-case modifiers then an atom: drop 'n' from the modifiers of Z, C and G. */
    size_t out = 0, start = 0;
    for (size_t i = 0; buf[i]; i++) {
        if (buf[i] >= 'a' && buf[i] <= 'z') continue;
        bool long_leap = buf[i] == 'Z' || buf[i] == 'C' || buf[i] == 'G';
        for (size_t j = start; j < i; j++) {
            if (long_leap && buf[j] == 'n') {
                *wider = true;
                continue;
            }
            buf[out++] = buf[j];
        }
        buf[out++] = buf[i];
        /* the atom's range (digits) or its doubled letter */
        while (buf[i + 1] >= '0' && buf[i + 1] <= '9') buf[out++] = buf[++i];
        if (buf[i + 1] == buf[i]) buf[out++] = buf[++i];
        start = i + 1;
    }
    buf[out] = '\0';
    return true;
}

/*
 * Whether XBoard is told every kind's attacks exactly (no kind wider), so its
 * king may be royal: XBoard tests checks with the moves it is told, and a
 * wider piece would make it see checks that are none and refuse legal moves.
 * Otherwise the leader takes an ordinary slot and XBoard tests no checks:
 * ggn judges them.
 */
static bool xboard_exact(const ggn_game *game)
{
    for (int k = 0; k < ggn_game_kind_count(game); k++) {
        char betza[512];
        bool wider;
        if (xboard_betza(game, k, betza, sizeof betza, &wider) && wider) return false;
    }
    return true;
}

/*
 * The setup table: each kind's FEN letter in a slot of XBoard's piece table,
 * white's half then black's, '.' for an unused slot. A slot is an XBoard
 * piece (its picture, and its moves when no `piece` line redefines them):
 * the leader takes the last one (XBoard's king); a kind whose letter is the
 * letter of an XBoard slot takes that slot (P the pawn, N the knight, ...),
 * so it is drawn as the piece it is; the others take the first free slots.
 * XBoard finds a promoted piece XB_PROMOTED_OFFSET slots after the piece it
 * promotes from, so a kind that promotes stays within the first slots and its
 * promoted form (`+X`, written '+') goes that far after it. XBoard promotes
 * what stands in its pawn and lance slots (P, L) on the last rank: only a
 * kind that promotes takes them. When XBoard cannot be told every kind
 * exactly (xboard_exact), the leader takes an ordinary slot, and the king's
 * slot stays empty.
 */
static void piece_table(const ggn_game *game, char *buf)
{
    static const char letters[XB_MAX_SLOTS + 1] = "PNBRQFEACWMOHIJGDVLSUK";
    int kinds = ggn_game_kind_count(game), leader = ggn_game_leader(game);
    if (!xboard_exact(game)) leader = -1; /* an ordinary kind here */
    int slot_of[64];
    bool promotes[64];
    char white[XB_MAX_SLOTS + 1];
    memset(white, '.', XB_MAX_SLOTS);
    white[XB_MAX_SLOTS] = '\0';
    for (int k = 0; k < kinds && k < 64; k++) {
        slot_of[k] = -1;
        promotes[k] = false;
    }
    /* Which plain kinds have a promoted form. */
    for (int k = 0; k < kinds && k < 64; k++) {
        if (ggn_game_kind_mark(game, k) != '+') continue;
        for (int b = 0; b < kinds && b < 64; b++)
            if (ggn_game_kind_mark(game, b) != '+' && ggn_game_kind_symbol(game, b) == ggn_game_kind_symbol(game, k))
                promotes[b] = true;
    }
    if (leader >= 0) white[XB_MAX_SLOTS - 1] = ggn_game_kind_symbol(game, leader);
    /*
     * Plain kinds, those that promote first (they need a slot below the
     * offset, and the slot that far after it): their own letter's slot if
     * free, else the first free one.
     */
    bool reserved[XB_MAX_SLOTS] = { false };
    for (int group = 0; group < 2; group++) {
        for (int pass = 0; pass < 2; pass++) {
            for (int k = 0; k < kinds && k < 64; k++) {
                if (k == leader || ggn_game_kind_mark(game, k) == '+' || slot_of[k] >= 0 || promotes[k] != (group == 0))
                    continue;
                char sym = ggn_game_kind_symbol(game, k);
                int last = promotes[k] ? XB_PROMOTED_OFFSET - 1 : XB_MAX_SLOTS - 2;
                bool may_promote = promotes[k] || ggn_game_kind_promotes(game, k);
                for (int slot = 0; slot <= last; slot++) {
                    if (white[slot] != '.' || reserved[slot] || (pass == 0 && letters[slot] != sym)) continue;
                    if (!may_promote && (letters[slot] == 'P' || letters[slot] == 'L')) continue;
                    white[slot] = sym;
                    slot_of[k] = slot;
                    if (promotes[k]) reserved[slot + XB_PROMOTED_OFFSET] = true;
                    break;
                }
            }
        }
    }
    /* Promoted kinds: XB_PROMOTED_OFFSET slots after their plain form. */
    for (int k = 0; k < kinds && k < 64; k++) {
        if (ggn_game_kind_mark(game, k) != '+') continue;
        for (int b = 0; b < kinds && b < 64; b++) {
            if (ggn_game_kind_mark(game, b) == '+' || ggn_game_kind_symbol(game, b) != ggn_game_kind_symbol(game, k) ||
                slot_of[b] < 0 || slot_of[b] + XB_PROMOTED_OFFSET >= XB_MAX_SLOTS - 1)
                continue;
            if (white[slot_of[b] + XB_PROMOTED_OFFSET] == '.') white[slot_of[b] + XB_PROMOTED_OFFSET] = '+';
        }
    }
    size_t n = 0;
    for (int i = 0; i < XB_MAX_SLOTS; i++) buf[n++] = white[i];
    for (int i = 0; i < XB_MAX_SLOTS; i++) {
        char c = white[i];
        buf[n++] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    buf[n] = '\0';
}

void pr_xboard_say_setup(pr_session *s)
{
    char table[2 * XB_MAX_SLOTS + 1], fen[GGN_MAX_FEN_BYTES];
    piece_table(s->game, table);
    ggn_position *start = ggn_position_new(s->game);
    if (!start || !ggn_position_fen(start, fen, sizeof fen)) fen[0] = '\0';
    ggn_position_free(start);
    int holdings = 0;
    if (ggn_game_has_hands(s->game))
        for (int k = 0; k < ggn_game_kind_count(s->game); k++)
            if (k != ggn_game_leader(s->game) && ggn_game_kind_mark(s->game, k) != '+') holdings++;
    pr_say(s, "setup (%s) %dx%d+%d_fairy %s", table, ggn_game_cols(s->game), ggn_game_rows(s->game), holdings, fen);
    bool exact = xboard_exact(s->game);
    for (int k = 0; k < ggn_game_kind_count(s->game); k++) {
        char betza[512];
        bool wider;
        /*
         * A piece without a line moves as the XBoard piece of its slot, so
         * every kind gets one (xboard_betza). Only a leader in XBoard's king
         * slot may go without (castling): XBoard's king castles.
         */
        bool kings_slot = exact && k == ggn_game_leader(s->game);
        bool said = kings_slot ? ggn_game_kind_betza(s->game, k, betza, sizeof betza, NULL)
                               : xboard_betza(s->game, k, betza, sizeof betza, &wider);
        if (!said) continue; /* answered through lift */
        char sym = ggn_game_kind_symbol(s->game, k);
        pr_say(s, "piece %s%c& %s", ggn_game_kind_mark(s->game, k) == '+' ? "+" : "", sym, betza);
    }
}
