/*
 * test_morris.c — Nine Men's Morris (issue 38): games/nine_mens_morris.json
 * against a move generator written here from the rules games/README.md
 * cites, which knows nothing of ggn but the text of positions and moves.
 *
 * The reference keeps the 24 points as names ("a1", "d1", ...), its mills as
 * triples of names, and derives a point's neighbours from the mills (two
 * points next to each other in a mill are joined). A turn is a placement
 * while the player has men in hand, else a step to a neighbour (a flight to
 * any empty point with exactly three men), then, when the man closed a mill,
 * the removal of an enemy man outside mills (any, when all are in mills).
 * ggn plays the removal as a second move of the same player (a part); here a
 * turn is written as ggn's two texts joined by a comma ("M@d1,d1xa7").
 *
 * - every count of tests/data/perft/nine_mens_morris.epd (which test_perft
 *   holds ggn to) is the reference's own perft of that position;
 * - along random games, every position's turns are the same set in both,
 *   every turn leaves the same board, and the end is judged alike: two men
 *   left or no move loses; 100 turns without a removal, or a position for
 *   the third time, draws.
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

#define NPOINTS 24
#define NMILLS 16
#define MAX_TURNS 1024
#define MAX_PLIES 600

static const char *const point_name[NPOINTS] = {
    "a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4", "b4", "c4",
    "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6", "f6", "a7", "d7", "g7",
};

/* The mills, as the board's rows and columns of three. */
static const char *const mill_names[NMILLS][3] = {
    {"a1", "d1", "g1"}, {"b2", "d2", "f2"}, {"c3", "d3", "e3"}, {"a4", "b4", "c4"},
    {"e4", "f4", "g4"}, {"c5", "d5", "e5"}, {"b6", "d6", "f6"}, {"a7", "d7", "g7"},
    {"a1", "a4", "a7"}, {"b2", "b4", "b6"}, {"c3", "c4", "c5"}, {"d1", "d2", "d3"},
    {"d5", "d6", "d7"}, {"e3", "e4", "e5"}, {"f2", "f4", "f6"}, {"g1", "g4", "g7"},
};

static int mill[NMILLS][3];
static bool joined[NPOINTS][NPOINTS];

static int point_of(const char *name)
{
    for (int i = 0; i < NPOINTS; i++)
        if (strcmp(point_name[i], name) == 0) return i;
    fail_msg("no point %s", name);
    return -1;
}

static void setup_points(void)
{
    memset(joined, 0, sizeof joined);
    for (int m = 0; m < NMILLS; m++) {
        for (int j = 0; j < 3; j++) mill[m][j] = point_of(mill_names[m][j]);
        joined[mill[m][0]][mill[m][1]] = joined[mill[m][1]][mill[m][0]] = true;
        joined[mill[m][1]][mill[m][2]] = joined[mill[m][2]][mill[m][1]] = true;
    }
}

typedef struct morris {
    int8_t at[NPOINTS]; /* -1 empty, 0 White, 1 Black */
    int hand[2];
    int side;           /* to move */
    int quiet;          /* turns since the last removal */
} morris;

typedef struct turn {
    int8_t from, to, take; /* from -1: a placement; take -1: no removal */
} turn;

static int men(const morris *b, int side)
{
    int n = b->hand[side];
    for (int i = 0; i < NPOINTS; i++) n += b->at[i] == side;
    return n;
}

static bool in_mill(const morris *b, int p)
{
    int side = b->at[p];
    if (side < 0) return false;
    for (int m = 0; m < NMILLS; m++)
        if ((mill[m][0] == p || mill[m][1] == p || mill[m][2] == p) && b->at[mill[m][0]] == side &&
            b->at[mill[m][1]] == side && b->at[mill[m][2]] == side)
            return true;
    return false;
}

/* Appends to t[] the turns of the man that arrived on `to` (b already shows it there). */
static int with_removals(const morris *b, int from, int to, turn *t, int n)
{
    int enemy = 1 - b->side, loose = 0, any = 0;
    for (int i = 0; i < NPOINTS; i++) {
        if (b->at[i] != enemy) continue;
        any++;
        loose += !in_mill(b, i);
    }
    if (!in_mill(b, to) || !any) {
        t[n++] = (turn){(int8_t)from, (int8_t)to, -1};
        return n;
    }
    for (int i = 0; i < NPOINTS; i++)
        if (b->at[i] == enemy && (!loose || !in_mill(b, i))) t[n++] = (turn){(int8_t)from, (int8_t)to, (int8_t)i};
    return n;
}

/* A player with fewer than three men has lost: 0 or 1 that player, -1 none. */
static int loser(const morris *b)
{
    for (int s = 0; s < 2; s++)
        if (men(b, s) < 3) return s;
    return -1;
}

static int ref_turns(const morris *b, turn *t)
{
    int n = 0, side = b->side;
    if (loser(b) >= 0) return 0;
    morris after = *b;
    if (b->hand[side]) {
        for (int p = 0; p < NPOINTS; p++) {
            if (b->at[p] >= 0) continue;
            after.at[p] = (int8_t)side;
            n = with_removals(&after, -1, p, t, n);
            after.at[p] = -1;
        }
        return n;
    }
    bool flying = men(b, side) == 3;
    for (int f = 0; f < NPOINTS; f++) {
        if (b->at[f] != side) continue;
        for (int p = 0; p < NPOINTS; p++) {
            if (b->at[p] >= 0 || !(flying || joined[f][p])) continue;
            after.at[f] = -1;
            after.at[p] = (int8_t)side;
            n = with_removals(&after, f, p, t, n);
            after.at[p] = -1;
            after.at[f] = (int8_t)side;
        }
    }
    return n;
}

static void ref_play(morris *b, turn t)
{
    if (t.from < 0) b->hand[b->side]--;
    else b->at[t.from] = -1;
    b->at[t.to] = (int8_t)b->side;
    if (t.take >= 0) b->at[t.take] = -1;
    b->quiet = t.take >= 0 ? 0 : b->quiet + 1;
    b->side = 1 - b->side;
}

static uint64_t ref_perft(const morris *b, int depth)
{
    if (depth == 0) return 1;
    turn t[MAX_TURNS];
    int n = ref_turns(b, t);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        morris next = *b;
        ref_play(&next, t[i]);
        total += ref_perft(&next, depth - 1);
    }
    return total;
}

static void turn_text(turn t, int side, char *out, size_t cap)
{
    (void)side;
    int n = t.from < 0 ? snprintf(out, cap, "M@%s", point_name[t.to])
                       : snprintf(out, cap, "%s%s", point_name[t.from], point_name[t.to]);
    if (t.take >= 0) snprintf(out + n, cap - (size_t)n, ",%sx%s", point_name[t.to], point_name[t.take]);
}

/*
 * FEN as ggn writes this board: seven ranks from the seventh, '*' for a square that is no point, then the men in
 * hand, the side and the counters. Read and written by the reference on its own.
 */
static bool ref_from_fen(const char *fen, morris *b)
{
    memset(b, 0, sizeof *b);
    for (int i = 0; i < NPOINTS; i++) b->at[i] = -1;
    int x = 0, y = 6;
    const char *s = fen;
    for (; *s && *s != ' ' && *s != '['; s++) {
        if (*s == '/') {
            if (x != 7) return false;
            x = 0;
            y--;
        } else if (*s >= '1' && *s <= '7') {
            x += *s - '0';
        } else if (*s == '*') {
            x++;
        } else if (*s == 'M' || *s == 'm') {
            char name[3] = {(char)('a' + x), (char)('1' + y), 0};
            b->at[point_of(name)] = *s == 'M' ? 0 : 1;
            x++;
        } else {
            return false;
        }
    }
    if (y != 0 || x != 7) return false;
    if (*s == '[')
        for (s++; *s && *s != ']'; s++) b->hand[*s == 'M' ? 0 : 1]++;
    if (*s == ']') s++;
    int halfmove = 0;
    char side;
    if (sscanf(s, " %c - - %d", &side, &halfmove) < 1) return false;
    b->side = side == 'w' ? 0 : 1;
    b->quiet = halfmove;
    return true;
}

/* ggn's whole turns at pos: each move, and for one that leaves a removal pending, each removal joined by ",". */
static int ggn_turns(ggn_position *pos, char (*out)[32])
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    int player = ggn_position_to_move(pos), count = 0;
    for (size_t i = 0; i < n; i++) {
        char first[16];
        ggn_move_format(pos, mv[i], first, sizeof first);
        assert_true(ggn_position_make(pos, mv[i]));
        if (ggn_position_to_move(pos) == player && ggn_position_status(pos).outcome == GGN_ONGOING) {
            ggn_move part[GGN_MAX_MOVES];
            size_t np = ggn_position_legal_moves(pos, part, GGN_MAX_MOVES);
            assert_true(np > 0);
            for (size_t j = 0; j < np; j++) {
                char second[16];
                ggn_move_format(pos, part[j], second, sizeof second);
                snprintf(out[count++], sizeof out[0], "%s,%s", first, second);
            }
        } else {
            snprintf(out[count++], sizeof out[0], "%s", first);
        }
        ggn_position_unmake(pos);
    }
    return count;
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Plays a turn written as the reference writes it, part by part. */
static void play_turn(ggn_position *pos, const char *text)
{
    char copy[32];
    snprintf(copy, sizeof copy, "%s", text);
    char *comma = strchr(copy, ',');
    if (comma) *comma = ' ';
    play_moves(pos, copy);
}

/* Is b's board (and hands and side) what ggn's position shows? */
static void same_board(ggn_position *pos, const morris *b, const char *after)
{
    char fen[256];
    ggn_position_fen(pos, fen, sizeof fen);
    morris got;
    if (!ref_from_fen(fen, &got)) fail_msg("after %s the reference cannot read ggn's FEN %s", after, fen);
    if (memcmp(got.at, b->at, sizeof got.at) != 0 || got.hand[0] != b->hand[0] || got.hand[1] != b->hand[1] ||
        got.side != b->side)
        fail_msg("after %s ggn shows %s, not the reference's board", after, fen);
}

static void check_epd(void **state)
{
    (void)state;
    setup_points();
    char path[1024], line[2048];
    snprintf(path, sizeof path, "%s/perft/nine_mens_morris.epd", GGN_TEST_DATA);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    ggn_game *g = load("nine_mens_morris.json");
    int counts = 0, deep = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char fen[1024];
        size_t flen = strcspn(line, ";");
        snprintf(fen, sizeof fen, "%.*s", (int)flen, line);
        if (strncmp(fen, "startpos", 8) == 0) {
            ggn_position *start = ggn_position_new(g);
            ggn_position_fen(start, fen, sizeof fen);
            ggn_position_free(start);
        }
        morris b;
        if (!ref_from_fen(fen, &b)) fail_msg("%s: the reference cannot read %s", path, fen);
        for (const char *d = strstr(line, ";D"); d; d = strstr(d + 1, ";D")) {
            int depth;
            unsigned long long want;
            if (sscanf(d, ";D%d %llu", &depth, &want) != 2) fail_msg("%s: bad count %s", path, d);
            uint64_t got = ref_perft(&b, depth);
            if (got != want)
                fail_msg("%s: %s depth %d: the file says %llu, the reference %llu", path, fen, depth, want,
                         (unsigned long long)got);
            counts++;
            deep += depth >= 5;
        }
    }
    fclose(f);
    ggn_game_free(g);
    assert_true(counts >= 8 && deep >= 1);
}

/* Random games from the start, every turn compared; the ends counted so that the walk is seen to reach them. */
static void random_games(void **state)
{
    (void)state;
    setup_points();
    ggn_game *g = load("nine_mens_morris.json");
    srand(38);
    int positions = 0, removals = 0, flights = 0, ends[5] = {0}; /* two men, no move, no progress, repetition, cut */
    static char reftext[MAX_TURNS][32], ggntext[MAX_TURNS][32];
    for (int game = 0; game < 150; game++) {
        ggn_position *pos = ggn_position_new(g);
        morris b;
        char fen[256];
        ggn_position_fen(pos, fen, sizeof fen);
        assert_true(ref_from_fen(fen, &b));
        static morris seen[MAX_PLIES];
        int nseen = 0, ply;
        for (ply = 0; ply < MAX_PLIES; ply++) {
            seen[nseen++] = b;
            turn t[MAX_TURNS];
            int nref = ref_turns(&b, t), ngg = ggn_turns(pos, ggntext);
            ggn_position_fen(pos, fen, sizeof fen);
            for (int i = 0; i < nref; i++) turn_text(t[i], b.side, reftext[i], sizeof reftext[i]);
            qsort(reftext, (size_t)nref, sizeof reftext[0], cmp_text);
            qsort(ggntext, (size_t)ngg, sizeof ggntext[0], cmp_text);
            if (nref != ngg) fail_msg("%s: the reference has %d turns, ggn %d", fen, nref, ngg);
            for (int i = 0; i < nref; i++)
                if (strcmp(reftext[i], ggntext[i]) != 0) fail_msg("%s: reference %s, ggn %s", fen, reftext[i], ggntext[i]);
            positions++;
            /* The end, as the reference judges it, against ggn's status. */
            ggn_status st = ggn_position_status(pos);
            int lost = loser(&b), repeated = 0;
            for (int i = 0; i < nseen; i++)
                repeated += memcmp(seen[i].at, b.at, sizeof b.at) == 0 && seen[i].side == b.side &&
                            seen[i].hand[0] == b.hand[0] && seen[i].hand[1] == b.hand[1];
            if (lost >= 0) {
                assert_int_equal(st.outcome, GGN_EXTINCTION);
                assert_int_equal(st.winner, 1 - lost);
                ends[0]++;
                break;
            }
            if (nref == 0) {
                assert_int_equal(st.outcome, GGN_STALEMATE);
                assert_int_equal(st.winner, 1 - b.side);
                ends[1]++;
                break;
            }
            if (b.quiet >= 100) {
                assert_int_equal(st.outcome, GGN_DRAW_NO_PROGRESS);
                ends[2]++;
                break;
            }
            if (repeated >= 3) {
                assert_int_equal(st.outcome, GGN_DRAW_REPETITION);
                ends[3]++;
                break;
            }
            assert_int_equal(st.outcome, GGN_ONGOING);
            turn pick = t[rand() % nref];
            char text[32];
            turn_text(pick, b.side, text, sizeof text);
            removals += pick.take >= 0;
            flights += pick.from >= 0 && !joined[pick.from][pick.to];
            ref_play(&b, pick);
            play_turn(pos, text);
            same_board(pos, &b, text);
        }
        if (ply == MAX_PLIES) ends[4]++;
        ggn_position_free(pos);
    }
    print_message("nine_mens_morris: %d positions, %d removals, %d flights; games ended by two men %d, no move %d, "
                  "no progress %d, repetition %d, cut %d\n", positions, removals, flights, ends[0], ends[1], ends[2],
                  ends[3], ends[4]);
    assert_true(removals > 150 && flights > 0 && ends[0] > 0 && ends[2] + ends[3] > 0);
    ggn_game_free(g);
}

/* The rules at work on positions set up by hand. */
static void rule_cases(void **state)
{
    (void)state;
    ggn_game *g = load("nine_mens_morris.json");
    /* White closes a1-d1-g1: Black's d7 and a7 stand in no mill, so only they may be taken. */
    ggn_position *pos = ggn_position_new(g);
    play_moves(pos, "M@a1 M@d7 M@d1 M@a7 M@g1");
    assert_int_equal(ggn_position_to_move(pos), 0);
    assert_true(has_move(pos, "g1xa7") && has_move(pos, "g1xd7"));
    play_moves(pos, "g1xa7");
    assert_int_equal(ggn_position_to_move(pos), 1);
    ggn_position_free(pos);
    /* Black's men all in a mill (a7-d7-g7): any of them may be taken, the mill no shelter. */
    pos = position_from_fen(g, "m**m**m/*1*1*1*/**3**/3*3/**3**/*1*1*1*/M**M**1[MMMMMMMmmmmmmm] w - - 0 4");
    play_moves(pos, "M@g1");
    assert_true(has_move(pos, "g1xa7") && has_move(pos, "g1xd7") && has_move(pos, "g1xg7"));
    ggn_position_free(pos);
    /* Three men fly; four step along the lines only. */
    pos = position_from_fen(g, "m**m**m/*m*1*1*/**3**/3*3/**3**/*1*1*1*/M**M**M w - - 0 30");
    assert_true(has_move(pos, "a1b2") && has_move(pos, "a1a4") && has_move(pos, "a1f6"));
    ggn_position_free(pos);
    pos = position_from_fen(g, "m**m**m/*m*1*1*/**3**/3*3/**3**/*M*1*1*/M**M**M b - - 0 30");
    assert_true(has_move(pos, "b6b4") && !has_move(pos, "b6e4"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_cases),
        cmocka_unit_test(check_epd),
        cmocka_unit_test(random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
