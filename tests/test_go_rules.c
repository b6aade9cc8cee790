/*
 * test_go_rules.c — the stone-game mechanisms on games/go9.json and go13.json
 * (docs/game-spec.md, "Groups, superko and area scoring"): positions checked
 * by hand for capture, suicide, ko and scoring, and random games played
 * against a reference written here from the rules alone (a grid of
 * characters, flood fills, every earlier board kept as text), which must
 * agree with the engine on every legal list, every board after a move, the
 * hash after make and unmake, and the area at the end.
 *
 * FEN of these games: BLACK is the first player, so its stones are upper
 * case (S) and "w" in the side field means BLACK to move. Both players draw
 * from an unlimited supply, so the FEN has no pocket (a pocket naming the
 * stone is refused, test_unlimited_supply).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/game.h"
#include "ggn/notation.h"
#include "game_util.h"

/* A FEN of go9 from 9 rows (top first, '.' empty, 'S' BLACK, 's' WHITE) and the side. */
static void fen_of(const char *rows[9], char side, char *out, size_t cap)
{
    size_t n = 0;
    for (int r = 0; r < 9; r++) {
        int empty = 0;
        for (int c = 0; c < 9; c++) {
            if (rows[r][c] == '.') {
                empty++;
                continue;
            }
            if (empty) n += (size_t)snprintf(out + n, cap - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(out + n, cap - n, "%c", rows[r][c]);
        }
        if (empty) n += (size_t)snprintf(out + n, cap - n, "%d", empty);
        if (r < 8) n += (size_t)snprintf(out + n, cap - n, "/");
    }
    snprintf(out + n, cap - n, " %c - - 0 1", side);
}

static ggn_position *at(ggn_game *g, const char *rows[9], char side)
{
    char fen[1024];
    fen_of(rows, side, fen, sizeof fen);
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    return pos;
}

/* The stone on a square named as text ("e5"): 'S', 's' or '.'. */
static char stone(const ggn_position *pos, const char *sq)
{
    int kind, owner;
    bool unmoved;
    if (!ggn_position_piece_at(pos, sq[0] - 'a', atoi(sq + 1) - 1, &kind, &owner, &unmoved)) return '.';
    return owner == 0 ? 'S' : 's';
}

/* A position read from its own FEN has the same hash: the incremental hash is right. */
static void assert_hash_fresh(ggn_game *g, ggn_position *pos)
{
    char fen[1024];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    ggn_position *fresh = ggn_position_new(g);
    ggn_error err;
    assert_true(ggn_position_set_fen(fresh, fen, &err));
    assert_true(ggn_position_hash(fresh) == ggn_position_hash(pos));
    ggn_position_free(fresh);
}

/* A stone with no liberty left is taken; so is a group of two; unmake puts them back. */
static void test_capture(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".........", ".........", ".........", ".........", "...SS....",
                           "..SssS...", "...S.....", ".........", "s........"};
    ggn_position *pos = at(g, rows, 'w');
    char before[1024], after[1024];
    ggn_position_fen(pos, before, sizeof before);
    uint64_t hash = ggn_position_hash(pos);
    /* WHITE's d4-e4 breathe through e3 alone: BLACK e3 takes both. a1 breathes through a2 and b1. */
    play_moves(pos, "S@e3");
    assert_int_equal(stone(pos, "d4"), '.');
    assert_int_equal(stone(pos, "e4"), '.');
    assert_int_equal(stone(pos, "e3"), 'S');
    assert_int_equal(stone(pos, "a1"), 's');
    assert_hash_fresh(g, pos);
    play_moves(pos, "S@h8 S@b1 S@h7 S@a2");
    assert_int_equal(stone(pos, "a1"), '.');
    assert_hash_fresh(g, pos);
    for (int i = 0; i < 5; i++) assert_true(ggn_position_unmake(pos));
    ggn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, before);
    assert_true(ggn_position_hash(pos) == hash);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* A stone that would have no liberty is illegal, unless it takes a group and so gains one. */
static void test_suicide(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".........", ".........", ".........", ".........", ".........",
                           ".........", "s........", "Ss.......", ".S......."};
    /* WHITE to move: a1 touches a2 and b1 (BLACK). b1 keeps c1; a2's only liberty is a1 itself. */
    ggn_position *pos = at(g, rows, 'b');
    assert_true(has_move(pos, "a1")); /* takes a2, so the stone on a1 breathes through a2 */
    play_moves(pos, "S@a1");
    assert_int_equal(stone(pos, "a2"), '.');
    assert_int_equal(stone(pos, "a1"), 's');
    ggn_position_free(pos);
    /* Without the WHITE stone on a3, a2 keeps a3: a1 takes nothing and has no liberty. */
    const char *rows2[9] = {".........", ".........", ".........", ".........", ".........",
                            ".........", ".........", "Ss.......", ".S......."};
    pos = at(g, rows2, 'b');
    assert_false(has_move(pos, "a1"));
    assert_true(has_move(pos, "c1"));
    assert_true(has_move(pos, "pass")); /* the pass, on the first square */
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Ko: the stone just taken may not be retaken at once (the board would repeat); after a move
 * elsewhere by each player it may. A pass does not change that: the board is what counts. */
static void test_ko(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".........", ".........", ".........", "...Ss....", "..Ss.s...",
                           "...Ss....", ".........", ".........", "........."};
    ggn_position *pos = at(g, rows, 'w');
    play_moves(pos, "S@e5"); /* takes d5 */
    assert_int_equal(stone(pos, "d5"), '.');
    assert_false(has_move(pos, "d5"));        /* WHITE may not retake: ko */
    play_moves(pos, "pass");                    /* WHITE passes */
    assert_true(has_move(pos, "d5"));         /* BLACK may fill the ko: no board repeats */
    play_moves(pos, "S@h8 S@h2");               /* BLACK elsewhere, WHITE elsewhere */
    play_moves(pos, "S@a9");                    /* BLACK elsewhere again */
    assert_true(has_move(pos, "d5"));         /* the board has changed since: WHITE retakes */
    play_moves(pos, "S@d5");
    assert_int_equal(stone(pos, "e5"), '.');
    assert_hash_fresh(g, pos);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * Triple ko: three kos, each retaken in turn, come back to the first board after six moves
 * without any immediate retake. Simple ko allows the sixth move; positional superko does not.
 * Ko 1 on b8/c8, ko 2 on g8/h8, ko 3 on b3/c3: WHITE holds kos 1 and 3 (its stones on b8 and
 * b3 can be taken on c8 and c3), BLACK holds ko 2 (its stone on h8 can be taken on g8).
 */
static void test_triple_ko(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".Ss...Ss.", "Ss.s.S.Ss", ".Ss...Ss.", ".........", ".........",
                           ".Ss......", "Ss.s.....", ".Ss......", "........."};
    ggn_position *pos = at(g, rows, 'w');
    play_moves(pos, "S@c8 S@g8 S@c3 S@b8 S@h8"); /* each takes one stone: (B,B,W) (B,W,W) (B,W,B) (W,W,B) (W,B,B) */
    assert_int_equal(stone(pos, "c8"), '.');
    assert_int_equal(stone(pos, "g8"), '.');
    assert_int_equal(stone(pos, "b3"), '.');
    assert_int_equal(stone(pos, "c3"), 'S');
    /* WHITE's b3 would take c3 and bring back the first board: it was not BLACK's last capture (h8),
     * so simple ko allows it; positional superko does not. */
    assert_false(has_move(pos, "b3"));
    assert_true(has_move(pos, "e5"));
    assert_true(has_move(pos, "pass"));
    /* After a stone elsewhere the board is new: b3 is legal again. */
    play_moves(pos, "S@e5 S@e4");
    assert_true(has_move(pos, "b3"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Area: stones plus regions reaching one colour only, komi to WHITE; two passes end the game. */
static void test_area_scoring(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {"..S..s...", "..S..s...", "..S..s...", "..S..s...", "..S..s...",
                           "..S..s...", "..S..s...", "..S..s...", "..S..s..."};
    ggn_position *pos = at(g, rows, 'w');
    double score[2];
    assert_true(ggn_position_area_scores(pos, score));
    /* BLACK: 9 stones + a and b files (18); WHITE: 9 + g, h, i files (27) + 7.5; d and e touch both. */
    assert_true(score[0] == 27.0);
    assert_true(score[1] == 43.5);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "pass");
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    play_moves(pos, "pass");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_PASSES);
    assert_int_equal(st.winner, 1);
    char text[256];
    ggn_status_describe(g, &st, text, sizeof text);
    assert_non_null(strstr(text, "WHITE wins"));
    ggn_move mv[4];
    assert_int_equal(ggn_position_legal_moves(pos, mv, 4), 0); /* the game is over */
    ggn_position_free(pos);
    /* A game that does not count area says so. */
    ggn_game *chess = load("chess.json");
    ggn_position *c = ggn_position_new(chess);
    assert_false(ggn_position_area_scores(c, score));
    ggn_position_free(c);
    ggn_game_free(chess);
    ggn_game_free(g);
}

/* ---- the reference: Go on a grid of characters ---------------------------------------------- */

#define MAXN 19

typedef struct ref_board {
    int n;
    char at[MAXN * MAXN]; /* '.', 'S' (BLACK), 's' (WHITE) */
} ref_board;

/* Floods the group of (or region from) i through squares holding at[i]; marks mark[]; returns
 * whether it touches a square holding `touch` (0: none asked). */
static bool flood(const ref_board *b, int i, char *mark, char touch, int *size, unsigned *borders)
{
    int stack[MAXN * MAXN], top = 0, n = b->n;
    char self = b->at[i];
    bool touched = false;
    stack[top++] = i;
    mark[i] = 1;
    while (top) {
        int at = stack[--top];
        (*size)++;
        int x = at % n, y = at / n;
        int nb[4] = {x > 0 ? at - 1 : -1, x < n - 1 ? at + 1 : -1, y > 0 ? at - n : -1, y < n - 1 ? at + n : -1};
        for (int d = 0; d < 4; d++) {
            if (nb[d] < 0) continue;
            char c = b->at[nb[d]];
            if (c == touch) touched = true;
            if (c == 'S') *borders |= 1;
            if (c == 's') *borders |= 2;
            if (c == self && !mark[nb[d]]) {
                mark[nb[d]] = 1;
                stack[top++] = nb[d];
            }
        }
    }
    return touched;
}

/* Removes the groups of colour c that have no liberty. */
static void remove_dead(ref_board *b, char c)
{
    int nn = b->n * b->n;
    char seen[MAXN * MAXN] = {0};
    for (int i = 0; i < nn; i++) {
        if (b->at[i] != c || seen[i]) continue;
        char group[MAXN * MAXN] = {0};
        int size = 0;
        unsigned borders = 0;
        bool breathes = flood(b, i, group, '.', &size, &borders);
        for (int j = 0; j < nn; j++)
            if (group[j]) {
                seen[j] = 1;
                if (!breathes) b->at[j] = '.';
            }
    }
}

/* Plays a stone of colour c at i on a copy; false when it is suicide. */
static bool ref_play(const ref_board *b, int i, char c, ref_board *out)
{
    *out = *b;
    out->at[i] = c;
    remove_dead(out, c == 'S' ? 's' : 'S');
    char group[MAXN * MAXN] = {0};
    int size = 0;
    unsigned borders = 0;
    return flood(out, i, group, '.', &size, &borders);
}

/* Area in half points, komi 7.5 to WHITE. */
static void ref_area(const ref_board *b, int halves[2])
{
    int nn = b->n * b->n;
    halves[0] = 0;
    halves[1] = 15;
    char seen[MAXN * MAXN] = {0};
    for (int i = 0; i < nn; i++) {
        if (b->at[i] == 'S') halves[0] += 2;
        else if (b->at[i] == 's') halves[1] += 2;
        else if (!seen[i]) {
            int size = 0;
            unsigned borders = 0;
            flood(b, i, seen, 0, &size, &borders);
            if (borders == 1) halves[0] += 2 * size;
            if (borders == 2) halves[1] += 2 * size;
        }
    }
}

static void board_of(const ggn_position *pos, int n, ref_board *b)
{
    b->n = n;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int kind, owner;
            bool unmoved;
            b->at[y * n + x] = ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved) ? (owner ? 's' : 'S') : '.';
        }
}

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/*
 * One random game: at every ply the engine's legal points (and its pass) are exactly the
 * reference's; the board after each move is the reference's; make and unmake keep the hash.
 * Returns the number of plies; *kos counts the points the reference refused by superko alone.
 */
static int random_game(ggn_game *g, int n, uint64_t *rng, long *kos)
{
    ggn_position *pos = ggn_position_new(g);
    ref_board seen_boards[1100];
    int nseen = 0;
    ref_board b;
    board_of(pos, n, &b);
    seen_boards[nseen++] = b;
    int ply = 0;
    while (ggn_position_status(pos).outcome == GGN_ONGOING && ply < 1000) {
        ggn_move mv[GGN_MAX_MOVES];
        size_t count = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
        int side = ggn_position_to_move(pos);
        char c = side == 0 ? 'S' : 's';
        /* The reference's legal points. */
        bool ref_legal[MAXN * MAXN] = {false};
        int ref_count = 1; /* the pass */
        for (int i = 0; i < n * n; i++) {
            if (b.at[i] != '.') continue;
            ref_board next;
            if (!ref_play(&b, i, c, &next)) continue;
            bool repeats = false;
            for (int k = 0; k < nseen && !repeats; k++) repeats = memcmp(seen_boards[k].at, next.at, (size_t)(n * n)) == 0;
            if (repeats) {
                (*kos)++;
                continue;
            }
            ref_legal[i] = true;
            ref_count++;
        }
        int passes = 0;
        for (size_t k = 0; k < count; k++) {
            if (ggn_move_is_pass(g, mv[k])) {
                passes++;
                continue;
            }
            assert_true(mv[k].from == GGN_MOVE_DROP);
            if (!ref_legal[mv[k].to]) fail_msg("ply %d: the engine allows a stone on square %d", ply, mv[k].to);
        }
        assert_int_equal(passes, 1);
        if ((int)count != ref_count) fail_msg("ply %d: %zu legal moves, the reference has %d", ply, count, ref_count);
        /* Random move, passing rarely while a point is open, so that games fill the board. */
        ggn_move m = mv[rng_next(rng) % count];
        if (ggn_move_is_pass(g, m) && count > 1 && rng_next(rng) % 8) m = mv[rng_next(rng) % count];
        uint64_t hash = ggn_position_hash(pos);
        assert_true(ggn_position_make(pos, m));
        assert_true(ggn_position_unmake(pos));
        assert_true(ggn_position_hash(pos) == hash);
        assert_true(ggn_position_make(pos, m));
        if (!ggn_move_is_pass(g, m)) {
            ref_board next;
            assert_true(ref_play(&b, m.to, c, &next));
            b = next;
        }
        ref_board now;
        board_of(pos, n, &now);
        if (memcmp(now.at, b.at, (size_t)(n * n)) != 0) fail_msg("ply %d: the boards differ after the move", ply);
        if (ply % 16 == 0) assert_hash_fresh(g, pos);
        if (nseen < 1100) seen_boards[nseen++] = b;
        ply++;
    }
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_PASSES);
    int halves[2];
    ref_area(&b, halves);
    double score[2];
    assert_true(ggn_position_area_scores(pos, score));
    assert_true(score[0] * 2 == halves[0] && score[1] * 2 == halves[1]);
    assert_int_equal(st.winner, halves[0] > halves[1] ? 0 : 1);
    ggn_position_free(pos);
    return ply;
}

static void test_random_games_against_reference(void **state)
{
    (void)state;
    ggn_game *g9 = load("go9.json"), *g13 = load("go13.json");
    uint64_t rng = 0x9E3779B97F4A7C15ULL;
    long kos = 0, plies = 0;
    for (int i = 0; i < 12; i++) plies += random_game(g9, 9, &rng, &kos);
    for (int i = 0; i < 2; i++) plies += random_game(g13, 13, &rng, &kos);
    print_message("%ld plies of random go9/go13 agree with the reference; %ld stones refused by superko\n", plies, kos);
    assert_true(kos > 0); /* the games met ko: the rule was exercised, not just absent */
    ggn_game_free(g9);
    ggn_game_free(g13);
}

/*
 * Both players draw from an unlimited supply: no pocket in the FEN, a pocket naming the stone
 * refused, and a drop still offered after more stones than a counted hand of half the board
 * would hold (go9 once gave each player 41, and games to the end ran out).
 */
static void test_unlimited_supply(void **state)
{
    (void)state;
    const char *files[2] = {"go9.json", "go13.json"};
    for (int f = 0; f < 2; f++) {
        ggn_game *g = load(files[f]);
        for (int p = 0; p < 2; p++) assert_true(ggn_game_supply_unlimited(g, p, 0));
        ggn_position *pos = ggn_position_new(g);
        char fen[1024];
        assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
        assert_null(strchr(fen, '['));
        ggn_error err;
        char pocket[1024];
        snprintf(pocket, sizeof pocket, "%s", fen);
        char *space = strchr(pocket, ' ');
        assert_non_null(space);
        memmove(space + 4, space, strlen(space) + 1);
        memcpy(space, "[Ss]", 4);
        ggn_position *bad = ggn_position_new(g);
        assert_false(ggn_position_set_fen(bad, pocket, &err));
        ggn_position_free(bad);
        ggn_position_free(pos);
        ggn_game_free(g);
    }
    /* A go9 position with 45 BLACK stones on rows 1 to 5 (more than 41) and WHITE's 9 on row 7:
     * BLACK still drops on every empty point. */
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".........", ".........", "sssssssss", ".........", "SSSSSSSSS",
                           "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS", "SSSSSSSSS"};
    ggn_position *pos = at(g, rows, 'w');
    ggn_move mv[GGN_MAX_MOVES];
    size_t count = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    /* The 27 empty points of rows 6, 8 and 9, and the pass. */
    assert_int_equal(count, 28);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* Perft from a position with a ko and a suicide point, counted by hand. */
static void test_perft_small(void **state)
{
    (void)state;
    ggn_game *g = load("go9.json");
    const char *rows[9] = {".........", ".........", ".........", "...Ss....", "..Ss.s...",
                           "...Ss....", ".........", "Ss.......", ".S......."};
    ggn_position *pos = at(g, rows, 'w');
    /* BLACK: 81 points - 10 stones = 71 empty, all legal (a1 touches only BLACK) + pass = 72. */
    assert_int_equal(ggn_perft(pos, 1), 72);
    play_moves(pos, "S@e5");
    /* WHITE: 81 - 10 = 71 empty (d5 freed, e5 taken); d5 is ko and a1 suicide: 69 + pass = 70. */
    assert_int_equal(ggn_perft(pos, 1), 70);
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture),
        cmocka_unit_test(test_suicide),
        cmocka_unit_test(test_ko),
        cmocka_unit_test(test_triple_ko),
        cmocka_unit_test(test_area_scoring),
        cmocka_unit_test(test_perft_small),
        cmocka_unit_test(test_unlimited_supply),
        cmocka_unit_test(test_random_games_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
