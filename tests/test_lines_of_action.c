/*
 * test_lines_of_action.c — moves counted on their line and the "united"
 * goal (issue 38): games/lines_of_action.json against a move generator
 * written here from the rules games/README.md cites, which knows nothing of
 * ggn but the text of positions and moves.
 *
 * The reference plays on a board of chars ('.', 'B' black, 'W' white):
 *
 * - every count of tests/data/perft/lines_of_action.epd (which test_perft
 *   holds ggn to) is the reference's own perft of that FEN;
 * - along random games, every position's legal moves are the same set in
 *   both, every move leaves the same board, and every end is judged alike:
 *   a player whose pieces stand in one group (diagonals joining) wins, the
 *   player who moved first when a capture unites both.
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

#define N 8
#define MAX_REF_MOVES 256

typedef struct board {
    char sq[N * N]; /* y * N + x */
    int side;       /* 0: black to move, 1: white */
} board;

static const int dirs[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

static bool on(int x, int y) { return x >= 0 && y >= 0 && x < N && y < N; }
static char mine(int side) { return side == 0 ? 'B' : 'W'; }

/* Is every piece of `c` joined to the others by king steps? (at least one piece) */
static bool united(const board *b, char c)
{
    int stack[N * N], top = 0, total = 0, reached = 0;
    bool seen[N * N] = { false };
    for (int i = 0; i < N * N; i++)
        if (b->sq[i] == c && total++ == 0) {
            seen[i] = true;
            stack[top++] = i;
        }
    while (top) {
        int s = stack[--top], x = s % N, y = s / N;
        reached++;
        for (int dx = -1; dx <= 1; dx++)
            for (int dy = -1; dy <= 1; dy++) {
                int nx = x + dx, ny = y + dy;
                if (!on(nx, ny) || seen[ny * N + nx] || b->sq[ny * N + nx] != c) continue;
                seen[ny * N + nx] = true;
                stack[top++] = ny * N + nx;
            }
    }
    return total > 0 && reached == total;
}

/* Who has won: 0 black, 1 white, -1 nobody. The player who just moved is judged first. */
static int winner(const board *b)
{
    int mover = 1 - b->side;
    if (united(b, mine(mover))) return mover;
    if (united(b, mine(b->side))) return b->side;
    return -1;
}

typedef struct ref_move { int fx, fy, tx, ty; } ref_move;

static int ref_moves(const board *b, ref_move *out)
{
    int n = 0;
    if (winner(b) >= 0) return 0;
    char me = mine(b->side);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            if (b->sq[y * N + x] != me) continue;
            for (int d = 0; d < 8; d++) {
                int dx = dirs[d][0], dy = dirs[d][1], count = 1;
                for (int s = -1; s <= 1; s += 2)
                    for (int cx = x + s * dx, cy = y + s * dy; on(cx, cy); cx += s * dx, cy += s * dy)
                        count += b->sq[cy * N + cx] != '.';
                int tx = x + count * dx, ty = y + count * dy;
                if (!on(tx, ty) || b->sq[ty * N + tx] == me) continue;
                bool blocked = false;
                for (int i = 1; i < count && !blocked; i++) {
                    char c = b->sq[(y + i * dy) * N + x + i * dx];
                    blocked = c != '.' && c != me;
                }
                if (!blocked) out[n++] = (ref_move){x, y, tx, ty};
            }
        }
    return n;
}

static void ref_make(board *b, ref_move m)
{
    b->sq[m.ty * N + m.tx] = b->sq[m.fy * N + m.fx];
    b->sq[m.fy * N + m.fx] = '.';
    b->side = 1 - b->side;
}

static uint64_t ref_perft(const board *b, int depth)
{
    ref_move mv[MAX_REF_MOVES];
    int n = ref_moves(b, mv);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        board next = *b;
        ref_make(&next, mv[i]);
        total += ref_perft(&next, depth - 1);
    }
    return total;
}

/* FEN: black (the first player) upper case 'P', white 'p'. */
static bool ref_from_fen(const char *fen, board *b)
{
    int x = 0, y = N - 1;
    const char *p = fen;
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (x != N) return false;
            x = 0;
            y--;
        } else if (*p >= '1' && *p <= '8') {
            for (int i = 0; i < *p - '0' && x < N; i++) b->sq[y * N + x++] = '.';
        } else if ((*p == 'P' || *p == 'p') && on(x, y)) {
            b->sq[y * N + x++] = *p == 'P' ? 'B' : 'W';
        } else {
            return false;
        }
    }
    if (y != 0 || x != N || *p != ' ') return false;
    b->side = p[1] == 'w' ? 0 : 1;
    return true;
}

static void ref_to_fen(const board *b, char *out, size_t cap)
{
    size_t len = 0;
    for (int y = N - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < N; x++) {
            char c = b->sq[y * N + x];
            if (c == '.') {
                run++;
                continue;
            }
            if (run) out[len++] = (char)('0' + run);
            run = 0;
            out[len++] = c == 'B' ? 'P' : 'p';
        }
        if (run) out[len++] = (char)('0' + run);
        if (y) out[len++] = '/';
    }
    snprintf(out + len, cap - len, " %c - - 0 1", b->side == 0 ? 'w' : 'b');
}

static void move_text(ref_move m, char *out, size_t cap)
{
    snprintf(out, cap, "%c%c%c%c", 'a' + m.fx, '1' + m.fy, 'a' + m.tx, '1' + m.ty);
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* The position b in both: the same legal moves, each leaving the same board; the same verdict. */
static int compare_position(ggn_game *g, const board *b, int *wins)
{
    char fen[128];
    ref_to_fen(b, fen, sizeof fen);
    ggn_position *pos = position_from_fen(g, fen);
    ref_move rm[MAX_REF_MOVES];
    int nref = ref_moves(b, rm);
    ggn_move gm[GGN_MAX_MOVES];
    size_t ngg = ggn_position_legal_moves(pos, gm, GGN_MAX_MOVES);
    if ((size_t)nref != ngg) fail_msg("%s: the reference has %d moves, ggn %zu", fen, nref, ngg);
    static char reftext[MAX_REF_MOVES][8], ggntext[MAX_REF_MOVES][8];
    for (int i = 0; i < nref; i++) move_text(rm[i], reftext[i], sizeof reftext[i]);
    for (size_t i = 0; i < ngg; i++) ggn_move_format(pos, gm[i], ggntext[i], sizeof ggntext[i]);
    qsort(reftext, (size_t)nref, sizeof reftext[0], cmp_text);
    qsort(ggntext, ngg, sizeof ggntext[0], cmp_text);
    for (int i = 0; i < nref; i++)
        if (strcmp(reftext[i], ggntext[i]) != 0) fail_msg("%s: reference %s, ggn %s", fen, reftext[i], ggntext[i]);
    for (int i = 0; i < nref; i++) {
        board want = *b;
        ref_make(&want, rm[i]);
        char text[8];
        move_text(rm[i], text, sizeof text);
        ggn_move m;
        ggn_error err;
        if (!ggn_move_parse(pos, text, &m, &err) || !ggn_position_make(pos, m)) fail_msg("%s: %s not played", fen, text);
        for (int s = 0; s < N * N; s++) {
            int kind, owner;
            bool unmoved;
            char c = ggn_position_piece_at(pos, s % N, s / N, &kind, &owner, &unmoved) ? (owner == 0 ? 'B' : 'W') : '.';
            if (c != want.sq[s]) fail_msg("%s, %s: square %c%d differs", fen, text, 'a' + s % N, s / N + 1);
        }
        ggn_position_unmake(pos);
    }
    ggn_status st = ggn_position_status(pos);
    int w = winner(b);
    if (w >= 0) {
        assert_int_equal(st.outcome, GGN_UNITED);
        assert_int_equal(st.winner, w);
        wins[w]++;
    } else if (nref == 0) {
        assert_true(st.draw);
    } else {
        assert_int_equal(st.outcome, GGN_ONGOING);
    }
    ggn_position_free(pos);
    return nref;
}

static void epd_counts(void **state)
{
    (void)state;
    char path[1024], line[1024];
    snprintf(path, sizeof path, "%s/perft/lines_of_action.epd", GGN_TEST_DATA);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    ggn_game *g = load("lines_of_action.json");
    int counts = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char fen[256];
        snprintf(fen, sizeof fen, "%.*s", (int)strcspn(line, ";"), line);
        if (strncmp(fen, "startpos", 8) == 0) {
            ggn_position *start = ggn_position_new(g);
            ggn_position_fen(start, fen, sizeof fen);
            ggn_position_free(start);
        }
        board b;
        if (!ref_from_fen(fen, &b)) fail_msg("the reference cannot read %s", fen);
        for (const char *d = strstr(line, ";D"); d; d = strstr(d + 1, ";D")) {
            int depth;
            unsigned long long want;
            if (sscanf(d, ";D%d %llu", &depth, &want) != 2) fail_msg("bad count %s", d);
            uint64_t got = ref_perft(&b, depth);
            if (got != want) fail_msg("%s depth %d: the file says %llu, the reference %llu", fen, depth, want,
                                      (unsigned long long)got);
            counts++;
        }
    }
    fclose(f);
    ggn_game_free(g);
    assert_true(counts >= 4);
}

static void random_games(void **state)
{
    (void)state;
    ggn_game *g = load("lines_of_action.json");
    ggn_position *start = ggn_position_new(g);
    char fen[128];
    ggn_position_fen(start, fen, sizeof fen);
    ggn_position_free(start);
    board b0;
    assert_true(ref_from_fen(fen, &b0));
    srand(38);
    int positions = 0, captures = 0, wins[2] = {0, 0};
    for (int game = 0; game < 150; game++) {
        board b = b0;
        for (int ply = 0; ply < 300; ply++) {
            int n = compare_position(g, &b, wins);
            positions++;
            if (n == 0) break;
            ref_move mv[MAX_REF_MOVES];
            ref_moves(&b, mv);
            ref_move m = mv[rand() % n];
            captures += b.sq[m.ty * N + m.tx] != '.';
            ref_make(&b, m);
        }
    }
    print_message("lines of action: %d positions, %d captures, %d games won by black, %d by white\n", positions,
                  captures, wins[0], wins[1]);
    assert_true(captures > 150 && wins[0] > 0 && wins[1] > 0);
    ggn_game_free(g);
}

/* Hand-set ends: in FEN, after `move`, `winner` has won by uniting its pieces. */
static void united_ends(void **state)
{
    (void)state;
    static const struct { const char *what, *fen, *move; int winner; } cases[] = {
        /* Black's f1 takes White's lone h1 beside h2: both sides are united at once; the mover wins. */
        {"both united by one capture", "8/8/8/3pp3/8/7P/7P/5P1p w - - 0 1", "f1h1", 0},
        /* White's f8 takes Black's lone h8: Black is left united and wins, though White moved. */
        {"the opponent united by a capture", "5p1P/8/8/8/3p4/8/1P6/P7 b - - 0 1", "f8h8", 0},
    };
    ggn_game *g = load("lines_of_action.json");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        board b;
        int wins[2] = {0, 0};
        if (!ref_from_fen(cases[i].fen, &b)) fail_msg("%s: bad FEN", cases[i].what);
        compare_position(g, &b, wins); /* both agree on every move from there and its end */
        ggn_position *pos = position_from_fen(g, cases[i].fen);
        play_moves(pos, cases[i].move);
        ggn_status st = ggn_position_status(pos);
        if (st.outcome != GGN_UNITED || st.winner != cases[i].winner) fail_msg("%s: not judged so", cases[i].what);
        assert_int_equal(ggn_position_legal_moves(pos, NULL, 0), 0);
        ggn_position_free(pos);
    }
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(epd_counts),
        cmocka_unit_test(random_games),
        cmocka_unit_test(united_ends),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
