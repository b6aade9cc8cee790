/*
 * read_then.c — a piece's "then" (extension): a turn in parts. After a board
 * move of the kind, the same player plays one more part: a piece of kind
 * "place" lands on an empty square that the part's moves, given in Betza,
 * reach from the square the piece arrived on (docs/game-spec.md, "Turns in
 * parts"). Amazons' queen moves and then shoots an arrow:
 *
 *   "then": {"betza": "mQ", "place": "ARROW"}
 *
 * The part's moves only pass over empty squares and land on one, so each is
 * a plain leap or ride that moves without capturing ("m"); anything else
 * (a capture, a hop, a lame leg, a first-move condition) is refused.
 */
#include "gamespec/betza.h"
#include "gamespec/reader.h"

#include <string.h>

static const char *const then_keys[] = {"betza", "place", "remove", "when", "except", NULL};

/* The Betza string of the part into t->steps; false (reported) when it says more than plain move-only steps. */
static bool read_steps(sd_reader *r, const json_t *tobj, sd_then *t)
{
    json_t *v = sd_field(r, tobj, "betza", true);
    if (!v) return false;
    char s[GGN_MAX_STRING_BYTES + 1];
    sd_push_key(r, "betza");
    bool ok = sd_string_value(r, v, s);
    sd_bmove out[GGN_MAX_MOVES_PER_KIND]; /* about 18 KB, as read_betza.c */
    int cols = r->board_ok ? r->g->cols : GGN_MAX_BOARD_SIDE;
    int rows = r->board_ok ? r->g->rows : GGN_MAX_BOARD_SIDE;
    sd_betza_problem why;
    int n = ok ? sd_betza_compile(s, strlen(s), cols, rows, out, GGN_MAX_MOVES_PER_KIND, &why) : -1;
    if (ok && n < 0) sd_report_betza(r, s, &why);
    for (int j = 0; j < n && ok; j++) {
        const sd_bmove *b = &out[j];
        if (!b->move || b->capture || b->ep || b->initial || b->sets_ep || b->nlegs || b->hop) {
            sd_error(r, GGN_E_VALUE,
                     "\"%s\": a part that places a piece only passes over empty squares and lands on one: "
                     "plain leaps and rides that move without capturing, such as \"mQ\"", s);
            ok = false;
        }
    }
    if (ok && n > 0) {
        t->steps = sd_alloc(r, (size_t)n, sizeof *t->steps);
        if (t->steps) {
            for (int j = 0; j < n; j++) {
                t->steps[j].step[0] = out[j].step[0];
                t->steps[j].step[1] = out[j].step[1];
                t->steps[j].range = out[j].range;
            }
            t->nsteps = n;
        }
    }
    sd_pop(r);
    return ok && t->nsteps > 0;
}

/*
 * The removing form: "remove": "ENEMY" takes another player's piece off the
 * board; "when": "closes_line" plays the part only when the piece that
 * arrived completes one of the board's lines; "except": "in_line" spares the
 * pieces on a full line of their owner's while another can be taken. Nine
 * Men's Morris: {"remove": "ENEMY", "when": "closes_line", "except": "in_line"}.
 */
static void read_remove(sd_reader *r, const json_t *tobj, sd_then *t)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (json_object_get(tobj, "betza") || json_object_get(tobj, "place"))
        sd_error_key(r, "remove", GGN_E_VALUE, "a part either places a piece (betza, place) or removes one, not both");
    bool ok = sd_string_field(r, tobj, "remove", true, word) == SD_OK;
    if (ok && strcmp(word, "ENEMY") != 0) {
        sd_error_key(r, "remove", GGN_E_UNKNOWN, "unknown 'remove' '%s'; the one ggn knows is \"ENEMY\"", word);
        ok = false;
    }
    if (sd_string_field(r, tobj, "when", false, word) == SD_OK) {
        if (strcmp(word, "closes_line") == 0) t->when_line = true;
        else sd_error_key(r, "when", GGN_E_UNKNOWN, "unknown 'when' '%s'; the one ggn knows is \"closes_line\"", word);
    }
    if (sd_string_field(r, tobj, "except", false, word) == SD_OK) {
        if (strcmp(word, "in_line") == 0) t->spare_lines = true;
        else sd_error_key(r, "except", GGN_E_UNKNOWN, "unknown 'except' '%s'; the one ggn knows is \"in_line\"", word);
    }
    if ((t->when_line || t->spare_lines) && !r->g->nlines)
        sd_error_key(r, t->when_line ? "when" : "except", GGN_E_VALUE,
                     "closes_line and in_line read the board's lines: the board has none (board.lines)");
    t->remove = ok;
}

void sd_read_then(sd_reader *r, const json_t *pobj, int k)
{
    json_t *tobj = sd_field(r, pobj, "then", false);
    if (!tobj) return;
    sd_push_key(r, "then");
    if (sd_expect(r, tobj, JSON_OBJECT) && json_object_get(tobj, "remove")) {
        sd_check_keys(r, tobj, then_keys, "a \"then\" part");
        sd_then t = {.place = -1};
        read_remove(r, tobj, &t);
        r->g->kinds[k].then = t;
    } else if (json_is_object(tobj)) {
        if (json_object_get(tobj, "when") || json_object_get(tobj, "except"))
            sd_error(r, GGN_E_VALUE, "'when' and 'except' belong to a part that removes (\"remove\": \"ENEMY\")");
        sd_check_keys(r, tobj, then_keys, "a \"then\" part");
        sd_then t = {.place = -1};
        int place = sd_kind_ref_field(r, tobj, "place", true);
        if (read_steps(r, tobj, &t) && place >= 0) {
            t.place = place;
            r->g->kinds[k].then = t;
        }
    }
    sd_pop(r);
}

/* Counts the enabled squares of the board. */
static int squares(const sd_game *g)
{
    int n = 0;
    for (int i = 0; i < g->cols * g->rows; i++) n += !g->disabled || !g->disabled[i];
    return n;
}

/* The first rule of the game that parts cannot go with, or NULL. */
static const char *conflict(const sd_game *g, const sd_kind *kind)
{
    if (g->leader >= 0)
        return "a game with a leader: the legality test judges a move by the squares it changes, and a part "
               "places a piece on another";
    if (g->hands && !kind->then.remove)
        return "a game with hands: a part that places follows board moves only (a part that removes follows drops too)";
    if (g->nteams && kind->then.remove) return "teams: a partner's piece is no enemy to remove";
    if (g->pass) return "a game with passing: a pass in the middle of a turn would leave the turn unfinished";
    if (g->gating_on >= 0 || g->swap) return "gating or the swap rule";
    for (int j = 0; j < kind->nmoves; j++) {
        const sd_move *m = &kind->moves[j];
        if (m->chain || m->clone || m->castle.present || m->nmodifiers)
            return "a kind whose moves chain, clone, castle or promote: the part starts from the one square "
                   "the piece arrives on, as itself";
    }
    return NULL;
}

void sd_check_then(sd_reader *r)
{
    const sd_game *g = r->g;
    for (int k = 0; k < g->nkinds; k++) {
        const sd_kind *kind = &g->kinds[k];
        if (kind->then.place < 0 && !kind->then.remove) continue;
        const char *why = conflict(g, kind);
        sd_push_key(r, "pieces");
        sd_push_index(r, (size_t)k);
        if (why)
            sd_error_key(r, "then", GGN_E_VALUE, "a turn in parts is not supported with %s", why);
        else if (kind->then.place >= 0 && r->board_ok && squares(g) > GGN_MAX_PIECES_ON_BOARD)
            sd_error_key(r, "then", GGN_E_LIMIT,
                         "each turn places a piece, and a board of %d squares could hold more pieces than "
                         "GGN_MAX_PIECES_ON_BOARD (%d)", squares(g), GGN_MAX_PIECES_ON_BOARD);
        sd_pop(r);
        sd_pop(r);
    }
}
