/*
 * export_model.c — what the GGN export needs to know about a game before
 * listing moves: the two sides, which piece states each kind has, and the
 * id of every (side, kind, state); plus the board state of a position in
 * those ids, and the pseudo-legal generator with attacks assumed away.
 *
 * A kind has the '+' state when some condition looks at its unmoved
 * status, and the '-' state when it carries a flag some CHECK_STATE looks
 * at. Kinds nobody asks about stay plain, so the library names no state it
 * does not need (docs/export.md). A promoted form ("+X", "X~" symbols)
 * shares its base kind's letter and carries a fixed mark instead of a
 * state. What a spelling cannot say about hands is refused here too.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"

static bool refuse(ggn_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static bool refuse(ggn_error *err, const char *fmt, ...)
{
    char msg[232];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ggn_error_set(err, GGN_E_CONVERSION, "cannot export to GGN: %s", msg);
    return false;
}

void ex_square_label(const ggn_game *g, int sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { sq % g->cols, sq / g->cols, 0 } };
    if (!ggn_cell_format(&cell, buf, cap) && cap) buf[0] = '\0';
}

/* Marks what one condition list asks about. */
static void scan_conditions(ex_model *md, const sd_condition *c, int n, int kind)
{
    for (int i = 0; i < n; i++) {
        switch (c[i].kind) {
        case SD_COND_FIRST_MOVE: md->unmoved_state[kind] = true; break;
        case SD_COND_PIECE_FIRST_MOVE:
        case SD_COND_ROOK_FIRST_MOVE:
            if (c[i].piece >= 0) {
                md->unmoved_state[c[i].piece] = true;
            } else {
                for (int k = 0; k < md->nk; k++) md->unmoved_state[k] = true;
            }
            break;
        case SD_COND_CHECK_STATE: md->flag_tested[c[i].flag] = true; break;
        default: break;
        }
    }
}

/* Records the SET_STATE effects of one list: carrier kinds and durations (bit 0: one turn, bit 1: for ever, bit 2: other). */
static void scan_effects(const sd_effect *e, int n, int kind, uint64_t *carriers, unsigned *durations)
{
    for (int i = 0; i < n; i++) {
        if (e[i].kind != SD_EFFECT_SET_STATE) continue;
        carriers[e[i].flag] |= 1ULL << kind;
        durations[e[i].flag] |= e[i].duration == 1 ? 1u : e[i].duration < 0 ? 2u : 4u;
    }
}

/*
 * The promoted forms' marks against the states: a marked kind has no room
 * for a state mark of its own, and a piece in hand carries no mark, so
 * every kind a capture puts into a hand must be unmarked.
 */
static bool kinds_fit_ids(const ex_model *md, ggn_error *err)
{
    const sd_game *def = md->def;
    for (int k = 0; k < md->nk; k++) {
        const sd_kind *kind = &def->kinds[k];
        if (md->mark[k] && (md->unmoved_state[k] || md->flag_of[k] >= 0))
            return refuse(err, "kind %s is a promoted form (written %c%c) and also has a%s state; its id has room for one mark",
                          kind->code, md->mark[k], kind->symbol, md->unmoved_state[k] ? "n unmoved" : " flag");
        int h = ex_hand_kind(md, k);
        if (md->hands && md->mark[h])
            return refuse(err, "a captured %s goes to the hand as %s, a promoted form (written %c%c); a piece in hand carries no mark",
                          kind->code, def->kinds[h].code, md->mark[h], def->kinds[h].symbol);
    }
    return true;
}

/* Two (kind, state) pairs written alike would make the library ambiguous: refused. */
static bool ids_distinct(const ex_model *md, ggn_error *err)
{
    for (int a = 1; a < EX_CONTENTS; a++) {
        if (!md->valid[a]) continue;
        for (int b = a + 1; b < EX_CONTENTS; b++)
            if (md->valid[b] && strcmp(md->id[a], md->id[b]) == 0)
                return refuse(err, "kinds %s and %s would both be written %s (a promoted form's mark meets a state's)",
                              md->def->kinds[ex_content_kind(md, a)].code, md->def->kinds[ex_content_kind(md, b)].code,
                              md->id[a]);
    }
    return true;
}

/* The letters of the game name, in one case; false when it has none. */
static bool game_letters(const char *name, bool upper, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < cap; p++) {
        char c = *p;
        if (c >= 'a' && c <= 'z') c = upper ? (char)(c - 32) : c;
        else if (c >= 'A' && c <= 'Z') c = upper ? c : (char)(c + 32);
        else continue;
        out[n++] = c;
    }
    out[n] = '\0';
    return n > 0;
}

int ex_piece_content(const ex_model *md, const ggn_position *pos, int sq, int ply)
{
    if (!pos->piece_at[sq]) return -1;
    const eg_piece *p = &pos->piece[pos->piece_at[sq]];
    int f = md->flag_of[p->kind];
    bool plus = md->unmoved_state[p->kind] && p->moves == 0;
    bool minus = f >= 0 && p->flag_until[f] > ply;
    if (plus && minus) return -2;
    return ex_content(md, md->side_of[p->owner], p->kind,
                      plus ? GGN_STATE_ENHANCED : minus ? GGN_STATE_DIMINISHED : GGN_STATE_NORMAL);
}

/* must-deny and must-diff name pieces in QPI (one-letter styles), the others in GAN. */
static bool qpi_spelling(ggn_spelling s) { return s == GGN_SPELLING_MUST_DENY || s == GGN_SPELLING_MUST_DIFF; }

bool ex_model_init(ex_model *md, const ggn_game *g, ggn_spelling spelling, ggn_error *err)
{
    memset(md, 0, sizeof *md);
    if (!g || (unsigned)spelling > GGN_SPELLING_LAST) {
        ggn_error_set(err, GGN_E_USAGE, "no game or an unknown spelling");
        return false;
    }
    const sd_game *def = g->def;
    md->g = g;
    md->def = def;
    md->spelling = spelling;
    md->nk = def->nkinds;
    if (def->nplayers != 2)
        return refuse(err, "GGN knows two sides (upper and lower case); %s has %d players", def->name, def->nplayers);
    if (def->nkinds > EX_MAX_KINDS)
        return refuse(err, "%s has %d piece kinds, more than the 26 letters of piece ids", def->name, def->nkinds);
    for (int k = 0; k < def->nkinds; k++) {
        const sd_kind *kind = &def->kinds[k];
        /* Extensions clone and converts (docs/game-spec.md): what such a move leaves depends on the board around it. */
        if (kind->convert.how != SD_CONVERT_NONE)
            return refuse(err, "%s's %s converts the pieces %s its arrival square (\"converts\"): which ones depends on "
                               "what stands around it, one GGN possibility for every arrangement of those squares",
                          def->name, kind->code, kind->convert.how == SD_CONVERT_ADJACENT ? "next to" : "enclosed from");
        if (kind->custodial.given)
            return refuse(err, "%s's %s takes the pieces it encloses when it arrives (\"custodial\"): which ones "
                               "depends on what stands around its arrival square, one GGN possibility for every "
                               "arrangement of those squares",
                          def->name, kind->code);
        for (int mi = 0; mi < kind->nmoves; mi++)
            if (kind->moves[mi].repeat.line_distance)
                return refuse(err, "%s's %s goes as far as there are pieces on its line (move %d, \"distance\": "
                                   "\"pieces_on_line\"): a GGN possibility cannot count pieces",
                              def->name, kind->code, kind->moves[mi].id);
        for (int mi = 0; mi < kind->nmoves; mi++)
            if (kind->moves[mi].clone)
                return refuse(err, "%s's %s clones itself (\"clone\" move %d): one move per target square, whichever "
                                   "piece makes it, where a GGN possibility is the move of one piece",
                              def->name, kind->code, kind->moves[mi].id);
        if (kind->then.place >= 0)
            return refuse(err, "in %s a move of %s leaves the turn unfinished (\"then\": %s is placed next), where a "
                               "GGN library's moves each end the turn",
                          def->name, kind->code, def->kinds[kind->then.place].code);
    }
    if (def->series.first)
        return refuse(err, "in %s a turn is several moves (turns.parts), where a GGN library's moves each end the turn",
                      def->name);
    if (def->pass)
        return refuse(err, "in %s a player may pass, a move of no piece, which a GGN library of piece moves cannot list",
                      def->name);
    if (def->group_capture)
        return refuse(err, "in %s a drop removes the groups it leaves without liberties, which no GGN transition of "
                           "one piece can say", def->name);
    if (def->swap)
        return refuse(err, "%s has the swap rule, a move that takes over the other player's stone, which neither a "
                      "drop nor a board move of GGN says", def->name);
    for (int k = 0; k < def->nkinds; k++)
        for (int r = 0; r < def->kinds[k].ndrops; r++)
            if (def->kinds[k].drops[r].gravity)
                return refuse(err, "%s drops %s with gravity, where the piece lands depending on the squares of its "
                              "whole line, which the exporter does not write", def->name, def->kinds[k].code);
    for (int p = 0; p < def->nplayers; p++)
        for (int i = 0; i < def->players[p].nhand; i++)
            if (def->players[p].hand[i].unlimited)
                return refuse(err, "%s places %s from a supply that never runs out (\"count\": \"unlimited\"); a GGN "
                              "hand holds counted pieces, and a drop from \"*\" takes one of them", def->name,
                              def->kinds[def->players[p].hand[i].kind].code);
    if (def->nlines)
        return refuse(err, "%s is a board of points joined by lines (board.lines), whose steps go from point to "
                           "point: a GGN possibility's squares are the grid's", def->name);
    for (int k = 0; k < def->nkinds; k++) {
        const sd_kind *kind = &def->kinds[k];
        for (int mi = 0; mi < kind->nmoves; mi++)
            if (kind->moves[mi].to_any)
                return refuse(err, "%s's %s moves \"to\": \"any\" square, a move the exporter does not write", def->name,
                              kind->code);
        for (int mi = 0; mi < kind->nmoves; mi++)
            if (kind->moves[mi].repeat.hop_except)
                return refuse(err, "kind %s hops with hop_except, a test of the screen's kind that the exporter does not "
                                   "write", kind->code);
        if (!kind->symbol)
            return refuse(err, "kind %s has no symbol; a GGN piece id needs one letter per kind (add \"symbol\")", kind->code);
        /* A promoted form shares its base kind's letter; the mark tells them apart (docs/export.md). */
        md->mark[k] = !kind->symbol_promoted ? '\0' : kind->symbol_plus ? '+' : '-';
    }
    md->hands = g->hands;
    md->writes_hands = g->hands && (spelling == GGN_SPELLING_BOARD_CHECK || spelling == GGN_SPELLING_MUST_DIFF);
    md->player_of[0] = def->order[def->start_at];
    md->player_of[1] = 1 - md->player_of[0];
    md->side_of[md->player_of[0]] = 0;
    md->side_of[md->player_of[1]] = 1;

    uint64_t carriers[GGN_MAX_FLAGS] = { 0 };
    unsigned durations[GGN_MAX_FLAGS] = { 0 };
    for (int k = 0; k < def->nkinds; k++) md->flag_of[k] = -1;
    for (int k = 0; k < def->nkinds; k++) {
        const sd_kind *kind = &def->kinds[k];
        for (int mi = 0; mi < kind->nmoves; mi++) {
            const sd_move *m = &kind->moves[mi];
            if (m->step[0] == 0 && m->step[1] == 0)
                return refuse(err, "%s has a move of %s that stays on its square (step [0, 0]), which a GGN "
                                   "possibility from a square to itself does not say", def->name, kind->code);
            for (int i = 0; i < m->nconditions; i++)
                if (m->conditions[i].kind == SD_COND_PIECE_COUNT)
                    return refuse(err, "%s makes a move of %s depend on how many pieces stand on the board "
                                       "(PIECE_COUNT), which a GGN possibility cannot count", def->name, kind->code);
            if (m->castle.present)
                return refuse(err, "%s castles to fixed files (castle move %d of %s): where the castler and its partner "
                                   "start is found on the board, and a GGN possibility names its squares", def->name, m->id,
                              kind->code);
            if (m->chain)
                return refuse(err, "%s's %s captures in chains (\"chain\"), one move of any number of jumps, "
                                   "which a GGN possibility (one source, one destination, fixed squares) cannot say",
                              def->name, kind->code);
            scan_conditions(md, m->conditions, m->nconditions, k);
            scan_effects(m->effects, m->neffects, k, carriers, durations);
            for (int a = 0; a < m->nactions; a++) {
                scan_conditions(md, m->actions[a].conditions, m->actions[a].nconditions, k);
                scan_effects(m->actions[a].effects, m->actions[a].neffects, k, carriers, durations);
            }
            for (int i = 0; i < m->nmodifiers; i++) {
                scan_conditions(md, m->modifiers[i].conditions, m->modifiers[i].nconditions, k);
                if (m->modifiers[i].limits)
                    return refuse(err, "%s limits a promotion of %s by the pieces on the board (option_limits), "
                                       "which a GGN possibility cannot count", def->name, kind->code);
            }
        }
    }
    bool alternating = def->norder == 2 && def->order[0] != def->order[1];
    for (int f = 0; f < def->nflags; f++) {
        if (!md->flag_tested[f] || !carriers[f]) continue;
        if (durations[f] != 1 && durations[f] != 2)
            return refuse(err, "flag %s is set for %s; GGN states can carry a flag set for one turn or for ever, not a countdown",
                          def->flags[f], durations[f] & 4 ? "a number of turns other than one" : "both one turn and for ever");
        md->flag_permanent[f] = durations[f] == 2;
        if (!md->flag_permanent[f] && !alternating)
            return refuse(err, "flag %s lasts one turn, which a piece state says only when the two sides alternate in turns.order",
                          def->flags[f]);
        for (int k = 0; k < def->nkinds; k++) {
            if (!((carriers[f] >> k) & 1)) continue;
            if (md->flag_of[k] >= 0)
                return refuse(err, "kind %s carries two tested flags (%s and %s); its one \"-\" state can say only one",
                              def->kinds[k].code, def->flags[md->flag_of[k]], def->flags[f]);
            md->flag_of[k] = f;
        }
    }

    if (!kinds_fit_ids(md, err)) return false;

    char game[2][GGN_MAX_GAME_ID + 1];
    if (!game_letters(def->name, true, game[0], sizeof game[0]) || !game_letters(def->name, false, game[1], sizeof game[1]))
        return refuse(err, "the game name \"%s\" has no letter to make a %s from", def->name,
                      qpi_spelling(spelling) ? "style" : "game id");
    if (qpi_spelling(spelling)) game[0][1] = game[1][1] = '\0';
    for (int s = 0; s < 2; s++) {
        for (int k = 0; k < md->nk; k++) {
            char letter = def->kinds[k].symbol;
            if (s == 1) letter = (char)(letter - 'A' + 'a');
            for (int st = 0; st < EX_STATES; st++) {
                if (st == GGN_STATE_ENHANCED && !md->unmoved_state[k]) continue;
                if (st == GGN_STATE_DIMINISHED && md->flag_of[k] < 0) continue;
                int c = ex_content(md, s, k, st);
                md->valid[c] = true;
                char mark = st == GGN_STATE_ENHANCED ? '+' : st == GGN_STATE_DIMINISHED ? '-' : md->mark[k];
                if (mark) snprintf(md->id[c], sizeof md->id[c], "%.32s:%c%c", game[s], mark, letter);
                else snprintf(md->id[c], sizeof md->id[c], "%.32s:%c", game[s], letter);
                ex_add(&md->all, c);
                ex_add(&md->side_set[s], c);
            }
        }
    }
    ex_add(&md->all, EX_EMPTY);
    return ids_distinct(md, err);
}

bool ex_model_spelling_fits(const ex_model *md, ggn_error *err)
{
    const sd_game *def = md->def;
    if (!md->hands) return true;
    if (def->gating_on >= 0)
        return refuse(err, "%s gates pieces in from the hand (gating): a GGN possibility moves its piece and takes "
                      "nothing from the hand, so no spelling says a move that also brings a piece in", def->name);
    if (md->spelling == GGN_SPELLING_REQUIRE_PREVENT)
        return refuse(err, "%s keeps hands, and require-prevent has none: no \"*\" source for drops, no hand change for "
                      "captures (seed 002: board moves only); use must-deny or board-check", def->name);
    if (md->spelling != GGN_SPELLING_BOARD_CHECK) return true;
    for (int k = 0; k < md->nk; k++) {
        const sd_kind *kind = &def->kinds[k];
        for (int r = 0; r < kind->ndrops; r++)
            for (int i = 0; i < kind->drops[r].nconditions; i++)
                if (kind->drops[r].conditions[i].kind == SD_COND_FILE_FREE_OF)
                    return refuse(err, "board-check cannot forbid a piece on a square, which %s's FILE_FREE_OF "
                                  "(no own %s on a %s drop's file) needs; use must-deny, whose deny says it", def->name,
                                  def->kinds[kind->drops[r].conditions[i].piece].code, kind->code);
    }
    return true;
}

/* ---- generation without attack conditions -------------------------------- */

size_t ggn_position_pseudo_moves_ex(ggn_position *pos, const ggn_gen_options *opts, ggn_move *buf, size_t cap)
{
    pos->assume_unattacked = opts && opts->assume_unattacked;
    size_t n = eg_generate_all(pos, buf, cap); /* drops too, as ggn_position_pseudo_moves */
    pos->assume_unattacked = false;
    return n;
}
