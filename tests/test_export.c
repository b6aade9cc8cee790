/*
 * test_export.c — the GGN export agrees with the engine.
 *
 * For every shipped two-player game with symbols (games/) and every spec
 * under tests/data/export/ (constructs the shipped games do not use), the
 * library is exported in the three spellings, loads with no error and no
 * warning (what `ggn check` runs), and on at least 1,000 positions reached
 * by random legal play from the start (fixed seeds; 125 for the shipped
 * variants beyond the games listed in `required` below):
 *
 *   - board-check and require-prevent: the set of boards the exported
 *     library's transitions lead to (the position's board state with each
 *     transition's diff applied) equals the set of boards the engine's
 *     pseudo-legal moves lead to (NOT_ATTACKED / PATH_NOT_ATTACKED taken
 *     as true, read with ggn_position_export_state as played);
 *   - must-deny, which has no patch: the sets of (piece, source,
 *     destination) agree.
 *
 * In a game with hands (crazyhouse, shogi, minishogi) the boards carry
 * both hands, so a transition's in_hand_add / in_hand_del is compared with
 * what the engine's move did to the hand; drops are the "*" sources. The
 * spellings that cannot say such a game are refused (require-prevent: no
 * hand; board-check: FILE_FREE_OF), and the check runs on the others; the
 * random play must reach positions with pieces in hand and drops.
 *
 * Then the round trips between spellings (ggn_ruleset_write) work or
 * refuse as docs/ggn.md says, the refusals of the export itself, and the
 * command line: `ggn export` output passes `ggn check` without warnings.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ggn/export.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/ruleset.h"
#include "engine/probe.h"

#define MIN_POSITIONS 1000
#define MAX_GAME_PLIES 160

static unsigned long long total_positions, total_transitions;
/* Per game, reset by cross_check: positions with a piece in some hand, and drops the engine listed. */
static unsigned long long game_hand_positions, game_drops, game_transitions;

/* ---- helpers ------------------------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static ggn_game *load_game(const char *path)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(path, &errs);
    if (!g) {
        char buf[700];
        ggn_error_format(&errs.items[0], buf, sizeof buf);
        fail_msg("%s does not load: %s", path, buf);
    }
    return g;
}

/* Loads an exported document with full validation: no error, no warning. */
static ggn_ruleset *load_clean(const char *text, const char *name)
{
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    ggn_ruleset *rs = ggn_ruleset_load_string(text, strlen(text), name, NULL, errs);
    if (!rs || errs->count) {
        char buf[700];
        ggn_error_format(&errs->items[0], buf, sizeof buf);
        fail_msg("%s: %zu errors, %zu warnings, first: %s", name, errs->errors, errs->warnings, buf);
    }
    free(errs);
    return rs;
}

static void square_label(int cols, int sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { sq % cols, sq / cols, 0 } };
    assert_true(ggn_cell_format(&cell, buf, cap) > 0);
}

static int square_index(int cols, const char *label)
{
    ggn_cell cell;
    if (ggn_cell_parse(label, strlen(label), &cell) || cell.dims != 2) return -1;
    return cell.index[1] * cols + cell.index[0];
}

/* A board as one string: "label=id;" for each occupied square in index order. */
typedef struct board {
    int nsq;
    char (*id)[GGN_MAX_ID];
} board;

static void board_from_state(board *b, const ggn_game *g, const ggn_board_state *st)
{
    int cols = ggn_game_cols(g);
    for (int sq = 0; sq < b->nsq; sq++) {
        char label[GGN_MAX_LABEL];
        square_label(cols, sq, label, sizeof label);
        const char *id = ggn_board_state_at(st, label);
        snprintf(b->id[sq], GGN_MAX_ID, "%s", id ? id : "");
    }
}

static char *board_text(const board *b, int cols)
{
    size_t cap = (size_t)b->nsq * (GGN_MAX_ID + GGN_MAX_LABEL + 2) + 1, n = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    out[0] = '\0';
    for (int sq = 0; sq < b->nsq; sq++) {
        if (!b->id[sq][0]) continue;
        char label[GGN_MAX_LABEL];
        square_label(cols, sq, label, sizeof label);
        n += (size_t)snprintf(out + n, cap - n, "%s=%s;", label, b->id[sq]);
    }
    return out;
}

/* A sorted set of strings. */
typedef struct strset {
    char **s;
    size_t n, cap;
} strset;

static void ss_add(strset *set, char *s)
{
    if (set->n == set->cap) {
        set->cap = set->cap ? set->cap * 2 : 64;
        set->s = realloc(set->s, set->cap * sizeof *set->s);
        assert_non_null(set->s);
    }
    set->s[set->n++] = s;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void ss_finish(strset *set)
{
    if (set->n == 0) return; /* no move at all (a player left without pieces, as in antichess): qsort wants a non-NULL base */
    qsort(set->s, set->n, sizeof *set->s, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < set->n; i++) {
        if (k && strcmp(set->s[k - 1], set->s[i]) == 0) {
            free(set->s[i]);
            continue;
        }
        set->s[k++] = set->s[i];
    }
    set->n = k;
}

static void ss_free(strset *set)
{
    for (size_t i = 0; i < set->n; i++) free(set->s[i]);
    free(set->s);
    set->s = NULL;
    set->n = set->cap = 0;
}

/* Prints what one set has and the other lacks; returns true when equal. */
static bool ss_same(const strset *engine, const strset *ggn, const char *where)
{
    bool same = engine->n == ggn->n;
    for (size_t i = 0; same && i < engine->n; i++) same = strcmp(engine->s[i], ggn->s[i]) == 0;
    if (same) return true;
    fprintf(stderr, "mismatch at %s: engine %zu, GGN %zu\n", where, engine->n, ggn->n);
    size_t i = 0, j = 0;
    while (i < engine->n || j < ggn->n) {
        int c = i == engine->n ? 1 : j == ggn->n ? -1 : strcmp(engine->s[i], ggn->s[j]);
        if (c < 0) fprintf(stderr, "  engine only: %s\n", engine->s[i++]);
        else if (c > 0) fprintf(stderr, "  GGN only:    %s\n", ggn->s[j++]);
        else i++, j++;
    }
    return false;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    assert_non_null(d);
    memcpy(d, s, n);
    return d;
}

/* ---- hands ----------------------------------------------------------------- */

/*
 * The ids a piece in hand can have in one spelling: the game id (or style)
 * of each side, as the start position's pieces show it, with each kind's
 * letter and no mark (a piece in hand carries none). Kinds sharing a
 * letter (promoted forms) share the id.
 */
typedef struct hand_ids {
    int n;
    char id[2 * 64][GGN_MAX_ID];
    int of_kind[2][64];           /* side, kind -> index into id */
} hand_ids;

static void hand_ids_init(hand_ids *h, const ggn_game *g, ggn_spelling sp)
{
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    ggn_error err;
    ggn_board_state *st = ggn_position_export_state(pos, sp, false, &err);
    assert_non_null(st);
    char prefix[2][GGN_MAX_ID] = { "", "" };
    int cols = ggn_game_cols(g), nsq = cols * ggn_game_rows(g);
    for (int sq = 0; sq < nsq; sq++) {
        char label[GGN_MAX_LABEL];
        square_label(cols, sq, label, sizeof label);
        const char *id = ggn_board_state_at(st, label);
        if (!id) continue;
        const char *colon = strchr(id, ':');
        assert_non_null(colon);
        int side = colon > id && id[0] >= 'a' && id[0] <= 'z';
        snprintf(prefix[side], sizeof prefix[side], "%.*s", (int)(colon - id), id);
    }
    ggn_board_state_free(st);
    ggn_position_free(pos);
    assert_true(prefix[0][0] && prefix[1][0]);
    h->n = 0;
    int nk = ggn_game_kind_count(g);
    assert_true(nk <= 64);
    for (int side = 0; side < 2; side++) {
        for (int k = 0; k < nk; k++) {
            char letter = ggn_game_kind_symbol(g, k);
            char id[GGN_MAX_ID];
            snprintf(id, sizeof id, "%.32s:%c", prefix[side], side ? (char)(letter - 'A' + 'a') : letter);
            int i = 0;
            while (i < h->n && strcmp(h->id[i], id) != 0) i++;
            if (i == h->n) snprintf(h->id[h->n++], GGN_MAX_ID, "%s", id);
            h->of_kind[side][k] = i;
        }
    }
}

static int hand_index(const hand_ids *h, const char *id)
{
    for (int i = 0; i < h->n; i++)
        if (strcmp(h->id[i], id) == 0) return i;
    fail_msg("%s is not a hand id of this game", id);
    return -1;
}

/* Both hands of a state, as counts per side and hand id. */
static void hands_read(const hand_ids *h, const ggn_board_state *st, int count[2][2 * 64])
{
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < h->n; i++)
            count[side][i] = (int)ggn_board_state_hand_count(st, side ? GGN_SIDE_SECOND : GGN_SIDE_FIRST, h->id[i]);
}

/* Appends " | first: ID=n ... second: ..." to a board text (which it takes). */
static char *with_hands(char *text, const hand_ids *h, int count[2][2 * 64])
{
    size_t len = strlen(text), cap = len + 16 + (size_t)h->n * 2 * (GGN_MAX_ID + 12);
    char *out = realloc(text, cap);
    assert_non_null(out);
    for (int side = 0; side < 2; side++) {
        len += (size_t)snprintf(out + len, cap - len, side ? " second:" : " | first:");
        for (int i = 0; i < h->n; i++)
            if (count[side][i]) len += (size_t)snprintf(out + len, cap - len, " %s=%d", h->id[i], count[side][i]);
    }
    return out;
}

/* ---- the cross-check of one position ------------------------------------- */

typedef struct checker {
    const ggn_game *g;
    const char *name;
    bool hands;
    ggn_ruleset *rs[3];           /* NULL for a spelling that refuses the game (docs/export.md) */
    ggn_board_view *view[3];
    hand_ids hid[3];
    int side_to_move;             /* 0 upper case, 1 lower case, in the spelling being compared */
    ggn_transition *tr;
    board before, after;
    ggn_move moves[GGN_MAX_MOVES];
} checker;

static void position_where(ggn_position *pos, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "ply %d", ggn_position_ply(pos));
    if (ggn_game_has_fen(ggn_position_game(pos)) && n > 0 && (size_t)n + 8 < cap) {
        snprintf(buf + n, cap - (size_t)n, ", FEN ");
        ggn_position_fen(pos, buf + n + 6, cap - (size_t)n - 6);
    }
}

/* "from-to => board | hands" for one side of the comparison (takes text). */
static char *move_line(const char *from, const char *to, char *text)
{
    size_t len = strlen(text) + strlen(from) + strlen(to) + 8;
    char *full = malloc(len);
    assert_non_null(full);
    snprintf(full, len, "%s-%s => %s", from, to, text);
    free(text);
    return full;
}

/* The engine's side of one spelling: every pseudo-legal move, made and read back. */
static void engine_lines(checker *c, ggn_position *pos, int sp, size_t nm, strset *engine)
{
    const ggn_game *g = c->g;
    int cols = ggn_game_cols(g);
    for (size_t i = 0; i < nm; i++) {
        ggn_move m = c->moves[i];
        bool drop = ggn_move_is_drop(m);
        char from[GGN_MAX_LABEL] = "*", to[GGN_MAX_LABEL];
        if (!drop) square_label(cols, m.from, from, sizeof from);
        square_label(cols, m.to, to, sizeof to);
        if (sp == GGN_SPELLING_MUST_DENY) {
            char text[200];
            int side = c->side_to_move;
            snprintf(text, sizeof text, "%s %s %s", drop ? c->hid[sp].id[c->hid[sp].of_kind[side][m.pattern]] : c->before.id[m.from],
                     from, to);
            ss_add(engine, dup_str(text));
            continue;
        }
        ggn_error err;
        assert_true(ggn_position_make(pos, m));
        ggn_board_state *played = ggn_position_export_state(pos, (ggn_spelling)sp, true, &err);
        if (!played) fail_msg("%s: export_state as played: %s", c->name, err.message);
        board_from_state(&c->after, g, played);
        int count[2][2 * 64];
        if (c->hands) hands_read(&c->hid[sp], played, count);
        ggn_board_state_free(played);
        assert_true(ggn_position_unmake(pos));
        char *text = board_text(&c->after, cols);
        if (c->hands) text = with_hands(text, &c->hid[sp], count);
        ss_add(engine, move_line(from, to, text));
    }
}

/* The library's side of one spelling: every transition of the view, its diff and hand change applied. */
static void library_lines(checker *c, int sp, const ggn_board_state *st, strset *lib)
{
    const ggn_game *g = c->g;
    int cols = ggn_game_cols(g);
    ggn_error err;
    int nt = ggn_board_view_transitions(c->view[sp], c->tr, GGN_MAX_MOVES * 4, &err);
    if (nt < 0) fail_msg("%s: transitions: %s", c->name, err.message);
    int before[2][2 * 64];
    if (c->hands) hands_read(&c->hid[sp], st, before);
    int active = ggn_board_state_active(st) == GGN_SIDE_SECOND;
    for (int i = 0; i < nt; i++) {
        const ggn_transition *t = &c->tr[i];
        const char *added, *removed;
        ggn_transition_hand(t, &added, &removed);
        bool drop = strcmp(t->source, "*") == 0;
        /* Only a drop takes from the hand, always the piece dropped; only board-check says what a capture adds. */
        if (drop) assert_true(removed && strcmp(removed, t->piece) == 0);
        else assert_null(removed);
        if (added) assert_true(c->hands && sp == GGN_SPELLING_BOARD_CHECK && !drop);
        if (sp == GGN_SPELLING_MUST_DENY) {
            char text[200];
            snprintf(text, sizeof text, "%s %s %s", t->piece, t->source, t->destination);
            ss_add(lib, dup_str(text));
            continue;
        }
        memcpy(c->after.id, c->before.id, (size_t)c->before.nsq * GGN_MAX_ID);
        size_t nd = ggn_transition_diff_count(t);
        for (size_t k = 0; k < nd; k++) {
            const char *sq, *piece;
            assert_true(ggn_transition_diff(t, k, &sq, &piece));
            int idx = square_index(cols, sq);
            assert_true(idx >= 0 && idx < c->after.nsq);
            snprintf(c->after.id[idx], GGN_MAX_ID, "%s", piece ? piece : "");
        }
        char *text = board_text(&c->after, cols);
        if (c->hands) {
            int count[2][2 * 64];
            memcpy(count, before, sizeof count);
            if (added) count[active][hand_index(&c->hid[sp], added)]++;
            if (removed) count[active][hand_index(&c->hid[sp], removed)]--;
            text = with_hands(text, &c->hid[sp], count);
        } else {
            assert_null(added);
            assert_null(removed);
        }
        ss_add(lib, move_line(t->source, t->destination, text));
    }
}

static void check_position(checker *c, ggn_position *pos)
{
    const ggn_game *g = c->g;
    ggn_gen_options opts = { true };
    size_t nm = ggn_position_pseudo_moves_ex(pos, &opts, c->moves, GGN_MAX_MOVES);
    assert_true(nm <= GGN_MAX_MOVES);
    char where[600];
    position_where(pos, where, sizeof where);
    c->side_to_move = -1;
    for (size_t i = 0; i < nm; i++) game_drops += ggn_move_is_drop(c->moves[i]);
    if (c->hands) {
        int in_hand = 0;
        for (int p = 0; p < 2; p++)
            for (int k = 0; k < ggn_game_kind_count(g); k++) in_hand += ggn_position_hand_count(pos, p, k);
        game_hand_positions += in_hand > 0;
    }

    for (int sp = 0; sp < 3; sp++) {
        if (!c->rs[sp]) continue;
        ggn_error err;
        ggn_error_clear(&err);
        ggn_board_state *st = ggn_position_export_state(pos, (ggn_spelling)sp, false, &err);
        if (!st) fail_msg("%s: export_state: %s", c->name, err.message);
        board_from_state(&c->before, g, st);
        c->side_to_move = ggn_board_state_active(st) == GGN_SIDE_SECOND;
        strset engine = { NULL, 0, 0 }, lib = { NULL, 0, 0 };
        engine_lines(c, pos, sp, nm, &engine);
        assert_true(ggn_board_view_update(c->view[sp], st, &err));
        library_lines(c, sp, st, &lib);
        ggn_board_state_free(st);
        ss_finish(&engine);
        ss_finish(&lib);
        char label[700];
        snprintf(label, sizeof label, "%s %s %s", c->name, ggn_spelling_name((ggn_spelling)sp), where);
        if (!ss_same(&engine, &lib, label)) fail_msg("%s: the export and the engine disagree", label);
        total_transitions += engine.n;
        game_transitions += engine.n;
        ss_free(&engine);
        ss_free(&lib);
    }
    total_positions++;
}

/*
 * The refusals docs/export.md promises for games with hands: require-prevent
 * has no hand at all, board-check cannot forbid the piece FILE_FREE_OF
 * keeps off a file, and no spelling brings a gated piece in. Each message names the spelling and what it lacks.
 */
static bool expected_refusal(const ggn_game *g, ggn_spelling sp, const ggn_error *err)
{
    if (!ggn_game_has_hands(g) || err->code != GGN_E_CONVERSION) return false;
    if (ggn_game_has_gating(g)) return strstr(err->message, "(gating)") != NULL; /* every spelling */
    if (sp == GGN_SPELLING_REQUIRE_PREVENT) return strstr(err->message, "require-prevent has none") != NULL;
    if (sp == GGN_SPELLING_BOARD_CHECK) return strstr(err->message, "board-check cannot forbid") && strstr(err->message, "FILE_FREE_OF");
    return false;
}

/* A library past what ggn reads back is refused, while it is being built (capahouse's board-check). */
static bool size_refusal(const ggn_error *err)
{
    return err->code == GGN_E_LIMIT && strstr(err->message, "GGN_MAX_FILE_BYTES") &&
           strstr(err->message, "refused before writing it");
}

/* Exports g in the three spellings, then plays random legal games and checks every position. */
static void cross_check(const char *path, const char *name, unsigned long long min_positions)
{
    ggn_game *g = load_game(path);
    checker *c = calloc(1, sizeof *c);
    assert_non_null(c);
    c->g = g;
    c->name = name;
    c->hands = ggn_game_has_hands(g);
    for (int sp = 0; sp < 3; sp++) {
        ggn_error err;
        ggn_error_clear(&err);
        char *text = ggn_game_export(g, (ggn_spelling)sp, &err);
        if (!text && (expected_refusal(g, (ggn_spelling)sp, &err) || size_refusal(&err))) {
            printf("%s: %s refused as documented (%s)\n", name, ggn_spelling_name((ggn_spelling)sp), err.message);
            continue;
        }
        if (!text) fail_msg("%s: export %s: %s", name, ggn_spelling_name((ggn_spelling)sp), err.message);
        if (c->hands) hand_ids_init(&c->hid[sp], g, (ggn_spelling)sp);
        char doc[300];
        snprintf(doc, sizeof doc, "%s.%s.json", name, ggn_spelling_name((ggn_spelling)sp));
        c->rs[sp] = load_clean(text, doc);
        free(text);
        ggn_board_state *st = ggn_board_state_new(GGN_SIDE_FIRST);
        c->view[sp] = ggn_board_view_new(c->rs[sp], st, &err);
        assert_non_null(c->view[sp]);
        ggn_board_state_free(st);
    }
    int nsq = ggn_game_cols(g) * ggn_game_rows(g);
    c->before.nsq = c->after.nsq = nsq;
    c->before.id = calloc((size_t)nsq, GGN_MAX_ID);
    c->after.id = calloc((size_t)nsq, GGN_MAX_ID);
    c->tr = malloc(GGN_MAX_MOVES * 4 * sizeof *c->tr);
    assert_true(c->before.id && c->after.id && c->tr);

    bool runs_out = c->hands && !ggn_game_captures_to_hand(g);
    unsigned long long start_positions = total_positions;
    /* A game that opens with a placement phase (drops_compulsory: every move at the start is a
     * drop) leaves it after a few plies; there, games are cut short, so that the phase and its
     * pieces in hand are most of what is compared. */
    bool placement = false;
    {
        ggn_position *start = ggn_position_new(g);
        ggn_move first[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(start, first, GGN_MAX_MOVES);
        placement = n > 0 && ggn_move_is_drop(first[0]);
        ggn_position_free(start);
    }
    game_hand_positions = game_drops = game_transitions = 0;
    ggn_position *pos = ggn_position_new(g);
    assert_non_null(pos);
    uint64_t seed = 0x9E3779B97F4A7C15ULL;
    int games = 0;
    while (total_positions - start_positions < min_positions) {
        ggn_position *fresh = ggn_position_new(g);
        assert_non_null(fresh);
        ggn_position_copy(pos, fresh);
        ggn_position_free(fresh);
        games++;
        int plies = placement ? 8 + (int)(rng_next(&seed) % 32) : MAX_GAME_PLIES;
        for (int ply = 0; ply < plies && total_positions - start_positions < min_positions; ply++) {
            check_position(c, pos);
            ggn_move legal[GGN_MAX_MOVES];
            size_t n = ggn_position_legal_moves(pos, legal, GGN_MAX_MOVES);
            if (n == 0 || eg_leader_captured(pos)) break;
            if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
            size_t pick = rng_next(&seed) % n;
            /* A hand that captures never refill (pocketknight) would be dropped within a few plies:
             * there, drop only one time in 16, so that positions with a piece in hand stay common. */
            if (runs_out && !placement && ggn_move_is_drop(legal[pick]) && rng_next(&seed) % 16 != 0) {
                size_t nboard = 0;
                while (nboard < n && !ggn_move_is_drop(legal[nboard])) nboard++; /* drops come last */
                if (nboard > 0) pick = rng_next(&seed) % nboard;
            }
            assert_true(ggn_position_make(pos, legal[pick]));
        }
    }
    printf("%s: %llu positions in %d games, %llu transitions compared, all agree", name, total_positions - start_positions,
           games, game_transitions);
    if (c->hands) {
        printf(" (%llu positions with pieces in hand, %llu drops)", game_hand_positions, game_drops);
        /* random play must reach what this check is about */
        assert_true(game_hand_positions >= min_positions / 4);
        assert_true(game_drops >= min_positions);
    }
    printf("\n");
    ggn_position_free(pos);
    for (int sp = 0; sp < 3; sp++) {
        if (!c->rs[sp]) continue;
        ggn_board_view_free(c->view[sp]);
        ggn_ruleset_free(c->rs[sp]);
    }
    free(c->before.id);
    free(c->after.id);
    free(c->tr);
    free(c);
    ggn_game_free(g);
}

/* The shipped games the cross-check is promised for (when present). */
static const char *const required[] = { "chess.json",     "losalamos.json", "shatranj.json",  "makruk.json",
                                         "crazyhouse.json", "shogi.json",     "minishogi.json", "constructs.json" };

static bool is_required(const char *name)
{
    for (size_t r = 0; r < sizeof required / sizeof required[0]; r++)
        if (strcmp(name, required[r]) == 0) return true;
    return false;
}

/* Every spec of a directory: cross-checked when it exports, else refused with GGN_E_CONVERSION. */
/*
 * `test_export PART/PARTS` checks only every PARTS-th shipped game, from the PART-th (1-based), and
 * nothing else; `test_export` alone runs every case but the shipped games' cross-check. CTest runs
 * the parts as separate entries, so a parallel run spreads the longest work over its jobs.
 * `test_export promised` checks only the shipped games of `required`: the sanitizer build's entry,
 * where exporting and loading the 75 shipped games' documents took eight minutes of CPU to look for
 * memory errors in code that these games and the constructs already run (the release suite
 * cross-checks every game).
 */
static int games_part = 0, games_parts = 0;
static bool promised_only = false;

static int check_dir(const char *dir, bool require_any, unsigned long long min_positions)
{
    DIR *d = opendir(dir);
    if (!d) {
        if (require_any) fail_msg("cannot open %s", dir);
        return 0;
    }
    char *names[256];
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) names[n++] = dup_str(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    int checked = 0;
    bool partial = games_parts > 0 && strcmp(dir, GGN_GAMES_DIR) == 0;
    for (int i = 0; i < n; i++) {
        bool skip = (partial && i % games_parts != games_part - 1) ||
                    (promised_only && strcmp(dir, GGN_GAMES_DIR) == 0 && !is_required(names[i]));
        if (skip) {
            free(names[i]);
            continue;
        }
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *g = ggn_game_load_file(path, &errs);
        if (!g) {
            /* A game someone is still writing; it is ggn check's business, not the export's. */
            printf("%s: does not load, skipped\n", names[i]);
            free(names[i]);
            continue;
        }
        /*
         * More than two players and kinds without symbols must be refused;
         * a game the exporter refuses for another documented reason
         * (docs/export.md) is reported, but never one of the games the
         * cross-check is promised for.
         */
        ggn_error err;
        ggn_error_clear(&err);
        char *text = ggn_game_export(g, GGN_SPELLING_MUST_DENY, &err);
        bool exportable = text != NULL;
        free(text);
        if (ggn_game_player_count(g) != 2 || !ggn_game_has_fen(g)) assert_false(exportable);
        if (!exportable) {
            assert_int_equal(err.code, GGN_E_CONVERSION);
            if (is_required(names[i])) fail_msg("%s must export: %s", names[i], err.message);
            printf("%s: refused (%s)\n", names[i], err.message);
        }
        ggn_game_free(g);
        if (exportable) {
            /*
             * The games the cross-check is promised for get every position;
             * the other shipped games (the variants, dozens of them) an eighth,
             * so that the four parts of the release suite stay short.
             */
            cross_check(path, names[i], is_required(names[i]) ? min_positions : min_positions / 8);
            checked++;
        }
        free(names[i]);
    }
    return checked;
}

static void test_cross_check_games(void **state)
{
    (void)state;
    int checked = check_dir(GGN_GAMES_DIR, true, MIN_POSITIONS);
    assert_true(checked >= 1);
    char path[1200];
    snprintf(path, sizeof path, "%s/chess.json", GGN_GAMES_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f); /* chess must be among them */
    fclose(f);
}

static void test_cross_check_constructs(void **state)
{
    (void)state;
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/export", GGN_TEST_DATA);
    assert_true(check_dir(dir, true, 4 * MIN_POSITIONS) >= 1); /* rarer constructs need more positions */
    printf("cross-check total: %llu positions, %llu transitions compared\n", total_positions, total_transitions);
}

/* ---- round trips ---------------------------------------------------------- */

static void test_round_trips(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/chess.json", GGN_GAMES_DIR);
    ggn_game *g = load_game(path);
    for (int from = 0; from < 3; from++) {
        ggn_error err;
        ggn_error_clear(&err);
        char *text = ggn_game_export(g, (ggn_spelling)from, &err);
        assert_non_null(text);
        ggn_ruleset *rs = load_clean(text, "chess.export.json");
        ggn_ruleset_stats a;
        ggn_ruleset_stats_get(rs, &a);
        for (int to = 0; to < 3; to++) {
            ggn_error_clear(&err);
            char *out = ggn_ruleset_write(rs, (ggn_spelling)to, &err);
            /*
             * docs/ggn.md: must-deny says no patch, so a board-check or
             * require-prevent library whose patches do more than "source
             * emptied, destination taking the piece" (promotions, castling,
             * en passant, state changes) cannot become must-deny. Every
             * other direction works for an exported library: it uses no
             * "ally" (which require-prevent lacks) and forbids nothing but
             * what board-check can require instead.
             */
            bool refused = to == GGN_SPELLING_MUST_DENY && from != GGN_SPELLING_MUST_DENY;
            if (refused) {
                assert_null(out);
                assert_int_equal(err.code, GGN_E_CONVERSION);
                assert_true(err.pointer[0] == '/');
                continue;
            }
            if (!out) fail_msg("%s -> %s: %s", ggn_spelling_name((ggn_spelling)from), ggn_spelling_name((ggn_spelling)to), err.message);
            ggn_ruleset *back = load_clean(out, "chess.converted.json");
            ggn_ruleset_stats b;
            ggn_ruleset_stats_get(back, &b);
            assert_int_equal(a.sources, b.sources);
            assert_int_equal(a.destinations, b.destinations);
            assert_int_equal(a.possibilities, b.possibilities);
            if (from == to) assert_string_equal(text, out); /* the exporter writes what the writer writes */
            ggn_ruleset_free(back);
            free(out);
        }
        ggn_ruleset_free(rs);
        free(text);
    }
    ggn_game_free(g);
}

/* ---- refusals -------------------------------------------------------------- */

static const char *const three_players =
    "{\"name\": \"Three\", \"board\": {\"dimensions\": [3, 3]},"
    " \"players\": ["
    "  {\"name\": \"A\", \"direction\": [[1,0],[0,1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0,0]]}]},"
    "  {\"name\": \"B\", \"direction\": [[1,0],[0,-1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[2,2]]}]},"
    "  {\"name\": \"C\", \"direction\": [[0,1],[-1,0]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0,2]]}]}],"
    " \"turns\": {\"order\": [\"A\", \"B\", \"C\"]},"
    " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"moves\": [{\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}";

static const char *const no_symbol =
    "{\"name\": \"Plain\", \"board\": {\"dimensions\": [3, 3]},"
    " \"players\": ["
    "  {\"name\": \"A\", \"direction\": [[1,0],[0,1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0,0]]}]},"
    "  {\"name\": \"B\", \"direction\": [[1,0],[0,-1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[2,2]]}]}],"
    " \"turns\": {\"order\": [\"A\", \"B\"]},"
    " \"pieces\": [{\"code\": \"K\", \"moves\": [{\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}";

static const char *const countdown =
    "{\"name\": \"Count\", \"board\": {\"dimensions\": [3, 3]},"
    " \"players\": ["
    "  {\"name\": \"A\", \"direction\": [[1,0],[0,1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[0,0]]}]},"
    "  {\"name\": \"B\", \"direction\": [[1,0],[0,-1]], \"starting_positions\": [{\"piece\": \"K\", \"positions\": [[2,2]]}]}],"
    " \"turns\": {\"order\": [\"A\", \"B\"]},"
    " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"moves\": ["
    "   {\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}],"
    "    \"side_effects\": [{\"action\": \"SET_STATE\", \"state\": \"TIRED\", \"duration\": 3}]},"
    "   {\"id\": 1, \"step\": [1, 0], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}],"
    "    \"conditions\": [{\"condition\": \"CHECK_STATE\", \"state\": \"TIRED\", \"position\": [0, 1]}]}]}]}";

/* The stone games' mechanisms, without the forced pass that would be refused first. */
static const char *const clones =
    "{\"name\": \"Grow\", \"board\": {\"dimensions\": [3, 3]},"
    " \"players\": ["
    "  {\"name\": \"A\", \"direction\": [[1,0],[0,1]], \"starting_positions\": [{\"piece\": \"S\", \"positions\": [[0,0]]}]},"
    "  {\"name\": \"B\", \"direction\": [[1,0],[0,-1]], \"starting_positions\": [{\"piece\": \"S\", \"positions\": [[2,2]]}]}],"
    " \"turns\": {\"order\": [\"A\", \"B\"]},"
    " \"pieces\": [{\"code\": \"S\", \"symbol\": \"S\", \"moves\": [{\"id\": 0, \"step\": [0, 1], \"clone\": true,"
    "   \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}";

static const char *const converts =
    "{\"name\": \"Turn\", \"board\": {\"dimensions\": [3, 3]},"
    " \"players\": ["
    "  {\"name\": \"A\", \"direction\": [[1,0],[0,1]], \"starting_positions\": [{\"piece\": \"S\", \"positions\": [[0,0]]}]},"
    "  {\"name\": \"B\", \"direction\": [[1,0],[0,-1]], \"starting_positions\": [{\"piece\": \"S\", \"positions\": [[2,2]]}]}],"
    " \"turns\": {\"order\": [\"A\", \"B\"]},"
    " \"pieces\": [{\"code\": \"S\", \"symbol\": \"S\", \"converts\": {\"adjacent\": [[0, 1], [1, 0]]}, \"moves\": ["
    "   {\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}";

static void expect_refusal(const char *spec, const char *words)
{
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_string(spec, strlen(spec), "t.json", &errs);
    if (!g) {
        char buf[700];
        ggn_error_format(&errs.items[0], buf, sizeof buf);
        fail_msg("spec does not load: %s", buf);
    }
    for (int sp = 0; sp < 3; sp++) {
        ggn_error err;
        ggn_error_clear(&err);
        assert_null(ggn_game_export(g, (ggn_spelling)sp, &err));
        assert_int_equal(err.code, GGN_E_CONVERSION);
        if (!strstr(err.message, words)) fail_msg("message \"%s\" lacks \"%s\"", err.message, words);
    }
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_position_export_state(pos, GGN_SPELLING_BOARD_CHECK, false, &err));
    assert_int_equal(err.code, GGN_E_CONVERSION);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_refusals(void **state)
{
    (void)state;
    expect_refusal(three_players, "has 3 players");
    expect_refusal(no_symbol, "has no symbol");
    expect_refusal(countdown, "not a countdown");
    expect_refusal(clones, "clones itself");
    expect_refusal(converts, "converts the pieces next to its arrival square");
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_game_export(NULL, GGN_SPELLING_MUST_DENY, &err));
    assert_int_equal(err.code, GGN_E_USAGE);
    /* as played needs a move */
    char path[1200];
    snprintf(path, sizeof path, "%s/chess.json", GGN_GAMES_DIR);
    ggn_game *g = load_game(path);
    ggn_position *pos = ggn_position_new(g);
    assert_null(ggn_position_export_state(pos, GGN_SPELLING_MUST_DENY, true, &err));
    assert_int_equal(err.code, GGN_E_STATE);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Capahouse's board-check and must-diff libraries would be 174 MB and 227 MB,
 * past GGN_MAX_FILE_BYTES: the exporter refuses them as soon as what it has
 * built passes the limit ("refused before writing it"), not after building
 * the whole text (which took 2 GB of memory for must-diff). Its must-deny
 * library (10 MB) still exports. Only must-diff is asked here: the
 * cross-check of every game (test_cross_check_games) already asks
 * board-check, and each refusal builds 64 MB worth of library first.
 */
static void test_size_refusal(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/capahouse.json", GGN_GAMES_DIR);
    ggn_game *g = load_game(path);
    const ggn_spelling too_large[] = { GGN_SPELLING_MUST_DIFF };
    for (size_t i = 0; i < sizeof too_large / sizeof too_large[0]; i++) {
        ggn_error err;
        ggn_error_clear(&err);
        assert_null(ggn_game_export(g, too_large[i], &err));
        if (!size_refusal(&err)) fail_msg("%s: not the size refusal: %s", ggn_spelling_name(too_large[i]), err.message);
        assert_non_null(strstr(err.message, "Capahouse"));
        assert_non_null(strstr(err.message, ggn_spelling_name(too_large[i])));
    }
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_game_export(g, GGN_SPELLING_MUST_DENY, &err);
    assert_non_null(text);
    assert_true(strlen(text) <= (size_t)GGN_MAX_FILE_BYTES);
    free(text);
    ggn_game_free(g);
}

/* ---- ids and states at the start of chess ---------------------------------- */

static void test_chess_start_state(void **state)
{
    (void)state;
    char path[1200];
    snprintf(path, sizeof path, "%s/chess.json", GGN_GAMES_DIR);
    ggn_game *g = load_game(path);
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_board_state *st = ggn_position_export_state(pos, GGN_SPELLING_MUST_DENY, false, &err);
    assert_non_null(st);
    assert_string_equal(ggn_board_state_at(st, "e1"), "C:+K");
    assert_string_equal(ggn_board_state_at(st, "h1"), "C:+R");
    assert_string_equal(ggn_board_state_at(st, "g1"), "C:N");
    assert_string_equal(ggn_board_state_at(st, "e2"), "C:+P");
    assert_string_equal(ggn_board_state_at(st, "e8"), "c:+k");
    assert_null(ggn_board_state_at(st, "e4"));
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_FIRST);
    ggn_board_state_free(st);
    /* e2e4: the pawn carries the en-passant flag while black is to move */
    assert_true(ggn_position_set_fen(pos, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", &err));
    st = ggn_position_export_state(pos, GGN_SPELLING_BOARD_CHECK, false, &err);
    assert_non_null(st);
    assert_string_equal(ggn_board_state_at(st, "e4"), "CHESS:-P");
    assert_string_equal(ggn_board_state_at(st, "d7"), "chess:+p");
    assert_int_equal(ggn_board_state_active(st), GGN_SIDE_SECOND);
    ggn_board_state_free(st);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- hands, one move at a time ----------------------------------------------- */

/* Exports a game file (games/ or tests/data/export/) in one spelling and loads it clean. */
static ggn_ruleset *export_file(const char *path, ggn_spelling sp)
{
    ggn_game *g = load_game(path);
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_game_export(g, sp, &err);
    if (!text) fail_msg("%s: %s", path, err.message);
    ggn_ruleset *rs = load_clean(text, path);
    free(text);
    ggn_game_free(g);
    return rs;
}

/* The transitions of piece from -> to on a position given as JSON; returns how many (at most 4 kept). */
static int moves_of(const ggn_ruleset *rs, const char *position, const char *piece, const char *from, const char *to,
                    ggn_transition out[4])
{
    ggn_error err;
    ggn_board_state *st = ggn_board_state_parse(position, strlen(position), &err);
    if (!st) fail_msg("position: %s", err.message);
    ggn_board_view *v = ggn_board_view_new(rs, st, &err);
    assert_non_null(v);
    ggn_selection sel;
    if (!ggn_ruleset_select(rs, piece, &sel, &err) || !ggn_selection_from(&sel, from, &err) ||
        !ggn_selection_to(&sel, to, &err))
        fail_msg("%s %s %s: %s", piece, from, to, err.message);
    int n = ggn_selection_where(&sel, v, out, 4, &err);
    assert_true(n >= 0);
    ggn_board_view_free(v);
    ggn_board_state_free(st);
    return n;
}

static void test_hands_moves(void **state)
{
    (void)state;
    char path[1200];
    ggn_transition t[4];
    const char *added, *removed, *sq, *piece;

    /* board-check (tests/data/export/hands.json): a captured dragon enters the hand as the capturer's rook */
    snprintf(path, sizeof path, "%s/export/hands.json", GGN_TEST_DATA);
    ggn_ruleset *rs = export_file(path, GGN_SPELLING_BOARD_CHECK);
    const char *pos = "{\"board\": {\"a1\": \"HANDSHOGI:R\", \"a3\": \"handshogi:+r\", \"e1\": \"HANDSHOGI:K\","
                      " \"e5\": \"handshogi:k\"}, \"hands\": {\"first\": [\"HANDSHOGI:S\"]}, \"active\": \"first\"}";
    assert_int_equal(moves_of(rs, pos, "HANDSHOGI:R", "a1", "a3", t), 1);
    ggn_transition_hand(&t[0], &added, &removed);
    assert_string_equal(added, "HANDSHOGI:R");
    assert_null(removed);
    /* a drop: the piece leaves the hand and stands plain on the square; no piece in hand, no drop */
    assert_int_equal(moves_of(rs, pos, "HANDSHOGI:S", "*", "c1", t), 1);
    ggn_transition_hand(&t[0], &added, &removed);
    assert_null(added);
    assert_string_equal(removed, "HANDSHOGI:S");
    assert_int_equal(ggn_transition_diff_count(&t[0]), 1);
    assert_true(ggn_transition_diff(&t[0], 0, &sq, &piece));
    assert_string_equal(sq, "c1");
    assert_string_equal(piece, "HANDSHOGI:S");
    assert_int_equal(moves_of(rs, pos, "HANDSHOGI:P", "*", "c3", t), 0);
    ggn_ruleset_free(rs);

    /* must-deny (minishogi): nifu forbids the pawn drop on a file holding an own pawn, only there */
    snprintf(path, sizeof path, "%s/minishogi.json", GGN_GAMES_DIR);
    rs = export_file(path, GGN_SPELLING_MUST_DENY);
    pos = "{\"board\": {\"a1\": \"M:K\", \"a2\": \"M:P\", \"e5\": \"m:k\", \"b3\": \"M:+P\"},"
          " \"hands\": {\"first\": [\"M:P\"]}, \"active\": \"first\"}";
    assert_int_equal(moves_of(rs, pos, "M:P", "*", "a4", t), 0);
    assert_int_equal(moves_of(rs, pos, "M:P", "*", "b4", t), 1); /* a promoted pawn is another kind */
    ggn_transition_hand(&t[0], &added, &removed);
    assert_string_equal(removed, "M:P");
    /* the last rank is no drop square: the pawn could never move again */
    ggn_selection sel;
    ggn_error err;
    assert_true(ggn_ruleset_select(rs, "M:P", &sel, &err) && ggn_selection_from(&sel, "*", &err));
    assert_false(ggn_selection_to(&sel, "c5", &err));
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    ggn_ruleset_free(rs);
}

/* ---- the command line ---------------------------------------------------- */

/* Runs cmd (stderr joined by the command itself) and checks its exit status and that its output holds `words`. */
static void expect_command(const char *cmd, int want_status, const char *words)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[1024], all[4096] = "";
    while (fgets(line, sizeof line, p)) strncat(all, line, sizeof all - strlen(all) - 1);
    int status = pclose(p);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != want_status || strstr(all, "warning") || !strstr(all, words))
        fail_msg("%s: status %d, output:\n%s", cmd, status, all);
}

static void test_cli(void **state)
{
    (void)state;
    const char *spellings[] = { "must-deny", "require-prevent", "board-check" };
    for (int sp = 0; sp < 3; sp++) {
        char out[256], cmd[2048];
        snprintf(out, sizeof out, "test_export_cli_%s.json", spellings[sp]);
        snprintf(cmd, sizeof cmd, "'%s' export chess --spelling %s -o %s && '%s' check %s 2>&1", GGN_BINARY, spellings[sp],
                 out, GGN_BINARY, out);
        FILE *p = popen(cmd, "r");
        assert_non_null(p);
        char line[1024], all[4096] = "";
        while (fgets(line, sizeof line, p)) strncat(all, line, sizeof all - strlen(all) - 1);
        int status = pclose(p);
        if (status != 0 || strstr(all, "warning") || !strstr(all, ": ok (GGN document)\n"))
            fail_msg("%s:\n%s", cmd, all);
        remove(out);
    }
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' export chess4 > /dev/null 2>&1", GGN_BINARY);
    int status = system(cmd);
    assert_int_not_equal(status, 0);
    /* a game with hands: drops and all, checked clean; refused, with the reason, where the spelling cannot say it */
    snprintf(cmd, sizeof cmd, "'%s' export minishogi -o test_export_cli_hands.json && '%s' check test_export_cli_hands.json 2>&1",
             GGN_BINARY, GGN_BINARY);
    expect_command(cmd, 0, ": ok (GGN document)\n");
    remove("test_export_cli_hands.json");
    snprintf(cmd, sizeof cmd, "'%s' export shogi --spelling require-prevent 2>&1 >/dev/null", GGN_BINARY);
    expect_command(cmd, 1, "require-prevent has none: no \"*\" source for drops");
    snprintf(cmd, sizeof cmd, "'%s' export minishogi --spelling board-check 2>&1 >/dev/null", GGN_BINARY);
    expect_command(cmd, 1, "board-check cannot forbid a piece on a square");
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "promised") == 0) {
        promised_only = true;
        printf("test_export promised: the cross-check of the shipped games it is promised for only; the release "
               "suite's test_export_games_* check every shipped game\n");
        const struct CMUnitTest promised[] = { cmocka_unit_test(test_cross_check_games) };
        return cmocka_run_group_tests(promised, NULL, NULL);
    }
    if (argc > 1) {
        if (sscanf(argv[1], "%d/%d", &games_part, &games_parts) != 2 || games_parts < 1 || games_part < 1 ||
            games_part > games_parts) {
            fprintf(stderr, "usage: test_export [PART/PARTS | promised]\n");
            return 2;
        }
        const struct CMUnitTest part[] = { cmocka_unit_test(test_cross_check_games) };
        return cmocka_run_group_tests(part, NULL, NULL);
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_size_refusal),
        cmocka_unit_test(test_chess_start_state),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_hands_moves),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_cross_check_constructs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
