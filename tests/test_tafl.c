/*
 * test_tafl.c — custodial capture and the tafl family (issue 38):
 * games/brandubh.json, games/fetlar_hnefatafl.json and games/hnefatafl.json
 * (Copenhagen rules) against a move generator written here from the rules
 * games/README.md cites, which knows nothing of ggn but the text of positions
 * and moves.
 *
 * The reference plays on a board of chars ('.', 'A' an attacker, 'D' a
 * defender, 'K' the king) and knows the three rule sets by switches: whether
 * the empty throne is hostile, whether the king is taken only when closed in
 * on all four sides (else by two, like a soldier), whether rows on the edge
 * are taken by a shield wall and whether a king's edge fort wins (the last
 * two Copenhagen's, read as games/README.md says ggn reads them). Three checks:
 *
 * - every count of tests/data/perft/GAME.epd (which test_perft holds ggn to)
 *   is the reference's own perft of that FEN;
 * - along random games, every position's legal moves are the same set in
 *   both, and every move leaves the same board (what it took included);
 * - every position where play stops is judged alike: the king on a corner
 *   (the defenders win), the king taken (the attackers win), no move.
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

#define MAX_N 11
#define MAX_REF_MOVES 512

typedef struct rules {
    const char *game;     /* games/GAME.json and tests/data/perft/GAME.epd */
    int n;                /* the board's side */
    bool throne_hostile;  /* the empty throne closes an enclosure, as the corners do */
    bool king_surrounded; /* the king is taken only when closed in on four sides */
    bool no_move_loses;   /* a player without a move loses (else it is a draw) */
    bool encircled_lose;  /* the defenders lose when none of them can reach the edge (Fetlar's 7b) */
    bool shield_wall;     /* a row on the edge, bracketed and flanked in front, is taken (Copenhagen's 5b) */
    bool edge_fort;       /* the king in a fort on the edge that cannot be broken wins (Copenhagen's 6) */
} rules;

static const rules brandubh = {"brandubh", 7, false, false, false, false, false, false};
static const rules fetlar = {"fetlar_hnefatafl", 11, true, true, true, true, false, false};
static const rules copenhagen = {"hnefatafl", 11, true, true, true, true, true, true};

typedef struct board {
    char sq[MAX_N * MAX_N]; /* y * n + x */
    int side;               /* 0: the attackers (BLACK) to move, 1: the defenders (WHITE) */
} board;

static bool on(const rules *r, int x, int y) { return x >= 0 && y >= 0 && x < r->n && y < r->n; }
static bool corner(const rules *r, int x, int y) { return (x == 0 || x == r->n - 1) && (y == 0 || y == r->n - 1); }
static bool throne(const rules *r, int x, int y) { return x == r->n / 2 && y == r->n / 2; }
static int side_of(char c) { return c == 'A' ? 0 : c == 'D' || c == 'K' ? 1 : -1; }
static char at(const rules *r, const board *b, int x, int y) { return on(r, x, y) ? b->sq[y * r->n + x] : '#'; }

/* Does (x, y) close an enclosure for `side`: its piece, or an empty hostile square? */
static bool closes(const rules *r, const board *b, int x, int y, int side)
{
    char c = at(r, b, x, y);
    if (c == '#') return false;
    if (c == '.') return corner(r, x, y) || (r->throne_hostile && throne(r, x, y));
    return side_of(c) == side;
}

/* Can no defender reach the edge, walking (as a rook, square by square) through squares free of attackers? */
static bool encircled(const rules *r, const board *b)
{
    bool seen[MAX_N * MAX_N] = { false };
    int stack[MAX_N * MAX_N], top = 0;
    for (int i = 0; i < r->n * r->n; i++)
        if (side_of(b->sq[i]) == 1) seen[i] = true, stack[top++] = i;
    if (top == 0) return false;
    while (top) {
        int s = stack[--top], x = s % r->n, y = s / r->n;
        if (x == 0 || y == 0 || x == r->n - 1 || y == r->n - 1) return false;
        const int d[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
        for (int i = 0; i < 4; i++) {
            int t = (y + d[i][1]) * r->n + x + d[i][0];
            if (!seen[t] && b->sq[t] != 'A') seen[t] = true, stack[top++] = t;
        }
    }
    return true;
}

/* Is (x, y) on the board's edge? */
static bool edge(const rules *r, int x, int y) { return x == 0 || y == 0 || x == r->n - 1 || y == r->n - 1; }

/*
 * The edge fort, as games/README.md gives ggn's reading of it. The fort is the
 * king's square and the empty squares he reaches; no attacker may touch it,
 * and he must have room to move. A defender outside it is *weak* when the
 * attackers might one day take it: on a rank or file both its neighbours
 * could close on it (neither off the board, nor a fort square other than the
 * throne or a corner, nor a defender not weak); or, on the edge, its front
 * could be an attacker and the run of defenders not weak along that edge
 * through it has every front open and both ends open. Weakness spreads until
 * it stops; the fort holds when no defender next to it is weak.
 */
static bool fort_guards(const rules *r, const board *b, const bool *fort, const bool *weak, int x, int y)
{
    if (!on(r, x, y)) return true;
    int i = y * r->n + x;
    if (fort[i]) return !corner(r, x, y) && !throne(r, x, y);
    return b->sq[i] == 'D' && !weak[i];
}

static bool ref_fort(const rules *r, const board *b)
{
    static const int d[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    int n = r->n, king = -1;
    for (int i = 0; i < n * n; i++)
        if (b->sq[i] == 'K') king = i;
    if (king < 0 || !edge(r, king % n, king / n)) return false;
    bool fort[MAX_N * MAX_N] = { false }, weak[MAX_N * MAX_N] = { false };
    int stack[MAX_N * MAX_N], top = 0, size = 0;
    fort[king] = true;
    stack[top++] = king;
    while (top) {
        int s = stack[--top], x = s % n, y = s / n;
        size++;
        for (int k = 0; k < 4; k++) {
            int nx = x + d[k][0], ny = y + d[k][1];
            char c = at(r, b, nx, ny);
            if (c == 'A') return false;
            if (c == '.' && !fort[ny * n + nx]) fort[ny * n + nx] = true, stack[top++] = ny * n + nx;
        }
    }
    if (size < 2) return false;
    for (bool spread = true; spread;) {
        spread = false;
        for (int i = 0; i < n * n; i++) {
            int x = i % n, y = i / n;
            if (b->sq[i] != 'D' || weak[i]) continue;
            bool w = (!fort_guards(r, b, fort, weak, x - 1, y) && !fort_guards(r, b, fort, weak, x + 1, y)) ||
                     (!fort_guards(r, b, fort, weak, x, y - 1) && !fort_guards(r, b, fort, weak, x, y + 1));
            /* The shield wall, on each edge the defender stands on: (ix, iy) points inwards, (ax, ay) along. */
            for (int k = 0; k < 4 && !w; k++) {
                int ix = -d[k][0], iy = -d[k][1], ax = d[k][1], ay = d[k][0];
                if (on(r, x + d[k][0], y + d[k][1])) continue;
                bool closed = true;
                for (int way = -1; way <= 1 && closed; way += 2) {
                    int cx = x, cy = y;
                    while (closed && on(r, cx, cy) && b->sq[cy * n + cx] == 'D' && !weak[cy * n + cx]) {
                        if (fort_guards(r, b, fort, weak, cx + ix, cy + iy)) closed = false;
                        cx += ax * way;
                        cy += ay * way;
                    }
                    if (!on(r, cx, cy) || (fort[cy * n + cx] && !corner(r, cx, cy) && !throne(r, cx, cy))) closed = false;
                }
                w = closed;
            }
            if (w) weak[i] = true, spread = true;
        }
    }
    for (int i = 0; i < n * n; i++)
        if (b->sq[i] == 'D' && weak[i])
            for (int k = 0; k < 4; k++) {
                int x = i % n + d[k][0], y = i / n + d[k][1];
                if (on(r, x, y) && fort[y * n + x]) return false;
            }
    return true;
}

/*
 * Where play stops before any move: 1 the defenders won (king on a corner), 0 the attackers (no king),
 * 2 the attackers by encircling every defender, 3 the defenders by an edge fort, -1 on (in the order
 * ggn's rules are judged).
 */
static int decided(const rules *r, const board *b)
{
    bool king = false;
    for (int y = 0; y < r->n; y++)
        for (int x = 0; x < r->n; x++)
            if (at(r, b, x, y) == 'K') {
                king = true;
                if (corner(r, x, y)) return 1;
            }
    if (r->encircled_lose && encircled(r, b)) return 2;
    if (r->edge_fort && ref_fort(r, b)) return 3;
    return king ? -1 : 0;
}

typedef struct ref_move { int fx, fy, tx, ty; } ref_move;

static int ref_moves(const rules *r, const board *b, ref_move *out)
{
    static const int d[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    int n = 0;
    if (decided(r, b) >= 0) return 0;
    for (int y = 0; y < r->n; y++)
        for (int x = 0; x < r->n; x++) {
            char c = at(r, b, x, y);
            if (side_of(c) != b->side) continue;
            for (int i = 0; i < 4; i++)
                for (int tx = x + d[i][0], ty = y + d[i][1]; at(r, b, tx, ty) == '.'; tx += d[i][0], ty += d[i][1])
                    if (c == 'K' || (!corner(r, tx, ty) && !throne(r, tx, ty))) /* only the king stops there */
                        out[n++] = (ref_move){x, y, tx, ty};
        }
    return n;
}

/*
 * Copenhagen's 5b on the board after the move to (tx, ty): along each edge that square lies on, each
 * way, the enemies next in line form a row; two or more, each with a piece of the mover in front
 * (inwards), and the square past the row closing (a piece of the mover or an empty corner), are
 * taken — all but the king.
 */
static int ref_shield_walls(const rules *r, const board *b, int tx, int ty, int taken[][2], int ntaken)
{
    int last = r->n - 1;
    /* The edges of (tx, ty): which coordinate runs along it, and the step inwards. */
    const struct { bool on, along_x; int in; } edges[4] = {
        {ty == 0, true, 1}, {ty == last, true, -1}, {tx == 0, false, 1}, {tx == last, false, -1}};
    for (int e = 0; e < 4; e++) {
        if (!edges[e].on) continue;
        for (int way = -1; way <= 1; way += 2) {
            int members = 0, k = (edges[e].along_x ? tx : ty) + way;
            bool fronted = true;
            for (; k >= 0 && k <= last; k += way) {
                int x = edges[e].along_x ? k : tx, y = edges[e].along_x ? ty : k;
                char c = at(r, b, x, y);
                if (c == '.' || side_of(c) == b->side) break;
                int fx = edges[e].along_x ? x : x + edges[e].in, fy = edges[e].along_x ? y + edges[e].in : y;
                fronted = fronted && side_of(at(r, b, fx, fy)) == b->side;
                members++;
            }
            int ex = edges[e].along_x ? k : tx, ey = edges[e].along_x ? ty : k;
            if (members < 2 || !fronted || !closes(r, b, ex, ey, b->side)) continue;
            for (int i = 1; i <= members; i++) {
                int x = edges[e].along_x ? k - i * way : tx, y = edges[e].along_x ? ty : k - i * way;
                if (at(r, b, x, y) == 'K') continue;
                taken[ntaken][0] = x;
                taken[ntaken][1] = y;
                ntaken++;
            }
        }
    }
    return ntaken;
}

static void ref_make(const rules *r, board *b, ref_move m)
{
    static const int d[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    char c = b->sq[m.fy * r->n + m.fx];
    b->sq[m.fy * r->n + m.fx] = '.';
    b->sq[m.ty * r->n + m.tx] = c;
    int taken[4 + 4 * MAX_N][2], ntaken = 0;
    for (int i = 0; i < 4; i++) {
        int vx = m.tx + d[i][0], vy = m.ty + d[i][1];
        char v = at(r, b, vx, vy);
        if (v == '.' || v == '#' || side_of(v) == b->side) continue;
        bool take;
        if (v == 'K' && r->king_surrounded) {
            take = true;
            for (int j = 0; j < 4; j++) take = take && closes(r, b, vx + d[j][0], vy + d[j][1], b->side);
        } else {
            take = closes(r, b, vx + d[i][0], vy + d[i][1], b->side);
        }
        if (take) {
            taken[ntaken][0] = vx;
            taken[ntaken][1] = vy;
            ntaken++;
        }
    }
    if (r->shield_wall) ntaken = ref_shield_walls(r, b, m.tx, m.ty, taken, ntaken);
    for (int i = 0; i < ntaken; i++) b->sq[taken[i][1] * r->n + taken[i][0]] = '.';
    b->side = 1 - b->side;
}

static uint64_t ref_perft(const rules *r, const board *b, int depth)
{
    ref_move mv[MAX_REF_MOVES];
    int n = ref_moves(r, b, mv);
    if (depth == 1) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        board next = *b;
        ref_make(r, &next, mv[i]);
        total += ref_perft(r, &next, depth - 1);
    }
    return total;
}

/* ---- positions as FEN text: the attackers 'S', the defenders 's' and 'k' ---- */

static bool ref_from_fen(const rules *r, const char *fen, board *b)
{
    int x = 0, y = r->n - 1;
    const char *p = fen;
    memset(b, 0, sizeof *b);
    for (; *p && *p != ' '; p++) {
        if (*p == '/') {
            if (x != r->n) return false;
            x = 0;
            y--;
        } else if (*p >= '0' && *p <= '9') {
            int run = (int)strtol(p, NULL, 10);
            while (p[1] >= '0' && p[1] <= '9') p++;
            for (int i = 0; i < run && x < r->n; i++) b->sq[y * r->n + x++] = '.';
        } else {
            if (!on(r, x, y)) return false;
            b->sq[y * r->n + x++] = *p == 'S' ? 'A' : *p == 's' ? 'D' : *p == 'k' ? 'K' : '?';
        }
    }
    if (y != 0 || x != r->n || *p != ' ') return false;
    b->side = p[1] == 'w' ? 0 : 1; /* FEN's w is the first player, the attackers */
    return true;
}

static void ref_to_fen(const rules *r, const board *b, char *out, size_t cap)
{
    size_t len = 0;
    for (int y = r->n - 1; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < r->n; x++) {
            char c = at(r, b, x, y);
            if (c == '.') {
                run++;
                continue;
            }
            if (run) len += (size_t)snprintf(out + len, cap - len, "%d", run);
            run = 0;
            len += (size_t)snprintf(out + len, cap - len, "%c", c == 'A' ? 'S' : c == 'D' ? 's' : 'k');
        }
        if (run) len += (size_t)snprintf(out + len, cap - len, "%d", run);
        if (y) len += (size_t)snprintf(out + len, cap - len, "/");
    }
    snprintf(out + len, cap - len, " %c - - 0 1", b->side == 0 ? 'w' : 'b');
}

/* Coordinate move text, "d1d3": the board is at most 11 squares a side. */
static void move_text(ref_move m, char *out, size_t cap)
{
    snprintf(out, cap, "%c%u%c%u", 'a' + m.fx, (unsigned)(m.fy + 1) % 100u, 'a' + m.tx, (unsigned)(m.ty + 1) % 100u);
}

/* ggn's board, read square by square into the reference's letters. */
static void read_ggn_board(const rules *r, ggn_position *pos, int king, board *out)
{
    for (int y = 0; y < r->n; y++)
        for (int x = 0; x < r->n; x++) {
            int kind, owner;
            bool unmoved;
            char c = '.';
            if (ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) c = kind == king ? 'K' : owner == 0 ? 'A' : 'D';
            out->sq[y * r->n + x] = c;
        }
}

static int cmp_text(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/*
 * The position b in both: the same legal moves, each leaving the same board;
 * where play stops, the same verdict. Returns the number of legal moves.
 */
static int compare_position(const rules *r, ggn_game *g, const board *b)
{
    char fen[512];
    ref_to_fen(r, b, fen, sizeof fen);
    ggn_position *pos = position_from_fen(g, fen);
    int king = kind_of(g, "KING");
    ref_move rm[MAX_REF_MOVES];
    int nref = ref_moves(r, b, rm);
    ggn_move gm[GGN_MAX_MOVES];
    size_t ngg = ggn_position_legal_moves(pos, gm, GGN_MAX_MOVES);
    if ((size_t)nref != ngg) fail_msg("%s: the reference has %d moves, ggn %zu", fen, nref, ngg);
    static char reftext[MAX_REF_MOVES][16], ggntext[MAX_REF_MOVES][16];
    for (int i = 0; i < nref; i++) move_text(rm[i], reftext[i], sizeof reftext[i]);
    for (size_t i = 0; i < ngg; i++) ggn_move_format(pos, gm[i], ggntext[i], sizeof ggntext[i]);
    qsort(reftext, (size_t)nref, sizeof reftext[0], cmp_text);
    qsort(ggntext, ngg, sizeof ggntext[0], cmp_text);
    for (int i = 0; i < nref; i++)
        if (strcmp(reftext[i], ggntext[i]) != 0) fail_msg("%s: reference %s, ggn %s", fen, reftext[i], ggntext[i]);
    for (int i = 0; i < nref; i++) {
        board want = *b, got = *b;
        ref_make(r, &want, rm[i]);
        char text[16];
        move_text(rm[i], text, sizeof text);
        ggn_move m;
        ggn_error err;
        if (!ggn_move_parse(pos, text, &m, &err) || !ggn_position_make(pos, m)) fail_msg("%s: %s not played", fen, text);
        read_ggn_board(r, pos, king, &got);
        if (memcmp(want.sq, got.sq, (size_t)(r->n * r->n)) != 0) {
            char wf[512], gf[512];
            ref_to_fen(r, &want, wf, sizeof wf);
            ref_to_fen(r, &got, gf, sizeof gf);
            fail_msg("%s, %s: the reference leaves %s, ggn %s", fen, text, wf, gf);
        }
        ggn_position_unmake(pos);
    }
    ggn_status st = ggn_position_status(pos);
    int verdict = decided(r, b);
    if (verdict == 1) {
        assert_int_equal(st.outcome, GGN_GOAL);
        assert_int_equal(st.winner, 1);
    } else if (verdict == 0) {
        assert_int_equal(st.outcome, GGN_EXTINCTION);
        assert_int_equal(st.winner, 0);
    } else if (verdict == 2) {
        assert_int_equal(st.outcome, GGN_ENCLOSED);
        assert_int_equal(st.winner, 0);
    } else if (verdict == 3) {
        if (st.outcome != GGN_FORT) fail_msg("%s: the reference sees an edge fort, ggn does not", fen);
        assert_int_equal(st.winner, 1);
    } else if (nref == 0) {
        if (r->no_move_loses) assert_int_equal(st.winner, 1 - b->side);
        else assert_true(st.draw);
    } else {
        assert_int_equal(st.outcome, GGN_ONGOING);
    }
    ggn_position_free(pos);
    return nref;
}

static ggn_game *load_rules(const rules *r)
{
    char file[64];
    snprintf(file, sizeof file, "%s.json", r->game);
    return load(file);
}

/* Every count of the game's .epd file, recomputed by the reference. */
static void check_epd(const rules *r)
{
    char path[1024], line[2048];
    snprintf(path, sizeof path, "%s/perft/%s.epd", GGN_TEST_DATA, r->game);
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    ggn_game *g = load_rules(r);
    int counts = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char fen[1024];
        size_t flen = strcspn(line, ";");
        snprintf(fen, sizeof fen, "%.*s", (int)flen, line);
        board b;
        if (strncmp(fen, "startpos", 8) == 0) {
            ggn_position *start = ggn_position_new(g);
            ggn_position_fen(start, fen, sizeof fen);
            ggn_position_free(start);
        }
        if (!ref_from_fen(r, fen, &b)) fail_msg("%s: the reference cannot read %s", path, fen);
        for (const char *d = strstr(line, ";D"); d; d = strstr(d + 1, ";D")) {
            int depth;
            unsigned long long want;
            if (sscanf(d, ";D%d %llu", &depth, &want) != 2) fail_msg("%s: bad count %s", path, d);
            uint64_t got = ref_perft(r, &b, depth);
            if (got != want) fail_msg("%s: %s depth %d: the file says %llu, the reference %llu", path, fen, depth, want,
                                      (unsigned long long)got);
            counts++;
        }
    }
    fclose(f);
    ggn_game_free(g);
    assert_true(counts >= 4);
}

/*
 * Random games from the start (or from the FEN `from`): every position compared, move by move.
 * Returns how many ended in an edge fort.
 */
static int walk_random_games(const rules *r, const char *from, int games, unsigned seed, bool king_taken_too)
{
    ggn_game *g = load_rules(r);
    ggn_position *start = ggn_position_new(g);
    char fen[512];
    ggn_position_fen(start, fen, sizeof fen);
    ggn_position_free(start);
    board b0;
    assert_true(ref_from_fen(r, from ? from : fen, &b0));
    srand(seed);
    int positions = 0, captures = 0, walls = 0, ends[5] = {0, 0, 0, 0, 0};
    for (int game = 0; game < games; game++) {
        board b = b0;
        for (int ply = 0; ply < 400; ply++) {
            int n = compare_position(r, g, &b);
            positions++;
            if (n == 0) {
                int v = decided(r, &b);
                ends[v < 0 ? 4 : v]++;
                break;
            }
            ref_move mv[MAX_REF_MOVES];
            ref_moves(r, &b, mv);
            int pieces = 0;
            for (int i = 0; i < r->n * r->n; i++) pieces += b.sq[i] != '.';
            ref_make(r, &b, mv[rand() % n]);
            for (int i = 0; i < r->n * r->n; i++) pieces -= b.sq[i] != '.';
            captures += pieces;
            walls += pieces >= 2; /* two or more at once: mostly shield walls on the edge */
        }
    }
    /* The walk must have met what it is meant to test: captures, and games won both ways (in
     * hnefatafl a random walk hardly ever closes the king in on four sides: rule_cases does). */
    print_message("%s%s%s: %d positions, %d pieces taken (%d moves taking two or more), %d games won by the "
                  "king's escape, %d by his capture, %d by an edge fort\n", r->game, from ? " from " : "",
                  from ? from : "", positions, captures, walls, ends[1], ends[0], ends[3]);
    assert_true(captures > games || from);
    assert_true(ends[1] > 0 && (ends[0] > 0 || !king_taken_too));
    ggn_game_free(g);
    return ends[3];
}

static void check_random_games(const rules *r, int games, unsigned seed, bool king_taken_too)
{
    walk_random_games(r, NULL, games, seed, king_taken_too);
}

static void brandubh_epd(void **state)
{
    (void)state;
    check_epd(&brandubh);
}

static void fetlar_epd(void **state)
{
    (void)state;
    check_epd(&fetlar);
}

static void copenhagen_epd(void **state)
{
    (void)state;
    check_epd(&copenhagen);
}

static void brandubh_random(void **state)
{
    (void)state;
    check_random_games(&brandubh, 200, 38, true);
}

static void fetlar_random(void **state)
{
    (void)state;
    check_random_games(&fetlar, 20, 381, false);
}

static void copenhagen_random(void **state)
{
    (void)state;
    check_random_games(&copenhagen, 20, 382, false);
    /* From the two positions of hnefatafl.epd built for them, where random moves meet shield walls
     * and forts often: the walk must end some games in a fort. */
    int forts = walk_random_games(&copenhagen, "3SSSSS3/5S5/11/11/S9S/S4k4S/S1s7S/11/11/3sssss3/3SSSSSs2 b - - 0 1",
                                  50, 383, false);
    forts += walk_random_games(&copenhagen, "1S7S1/S10/11/11/4s5S/S10/11/S10/5s5/4s1s4/4sks2S1 b - - 0 1", 100, 384,
                               false);
    assert_true(forts > 0);
}

/*
 * One rule at work: in FEN, after `move`, the square (x, y) holds a piece or not, and the game stands
 * so; with `after`, the board is that (the first field of a FEN), written here by hand.
 */
typedef struct rule_case {
    const char *what, *fen, *move;
    int x, y;
    bool kept;
    ggn_outcome outcome;
    const char *after;
} rule_case;

static const rule_case fetlar_cases[] = {
    {"the king on the throne, closed in by four", "1s9/11/11/11/5S5/4SkS4/11/11/11/11/5S5 w - - 0 1", "f1f5", 5, 5, false, GGN_EXTINCTION, NULL},
    {"the king beside the throne, by three and the empty throne", "9s1/11/11/11/4S6/3Sk6/11/11/11/11/4S6 w - - 0 1", "e1e5", 4, 5, false, GGN_EXTINCTION, NULL},
    {"the king on the edge is never taken", "9s1/11/11/11/S10/k1S8/S10/11/11/11/11 w - - 0 1", "c6b6", 0, 5, true, GGN_ONGOING, NULL},
    {"a defender against the empty throne", "5S5/11/11/11/5s5/k10/11/11/11/11/9S1 w - - 0 1", "f11f8", 5, 6, false, GGN_ONGOING, NULL},
    {"a defender beside the king on his throne", "5S5/11/11/11/5s5/5k5/11/11/11/11/9S1 w - - 0 1", "f11f8", 5, 6, true, GGN_ONGOING, NULL},
    {"a defender against a corner", "9S1/11/11/11/11/5k5/11/11/11/11/1s1S7 w - - 0 1", "d1c1", 1, 0, false, GGN_ONGOING, NULL},
    {"an attacker taken by the king", "5S5/11/11/11/11/11/11/11/11/11/1S1k7 b - - 0 1", "d1c1", 1, 0, false, GGN_ONGOING, NULL},
    {"the king escapes to a corner", "9S1/9S1/11/11/11/11/k10/11/11/11/11 b - - 0 1", "a5a1", 0, 0, true, GGN_GOAL, NULL},
    /* A diamond of attackers round the king and his last defender, its links diagonal (7b: they hold). */
    {"a ring of attackers with a gap", "11/11/5S5/4S1S4/3S3S3/2S2ks4/3S3S3/4S1S4/5S5/11/9S1 w - - 0 1", "j1j2", 5, 5, true, GGN_ONGOING, NULL},
    {"the ring closed round every defender", "11/11/5S5/4S1S4/3S3S3/2S2ks2S1/3S3S3/4S1S4/5S5/11/11 w - - 0 1", "j6i6", 5, 5, true, GGN_ENCLOSED, NULL},
};

/* Copenhagen's own rules: the shield wall (5b) and the edge fort (6), as games/README.md reads them. */
static const rule_case copenhagen_cases[] = {
    {"a shield wall of three attackers, bracketed by defenders",
     "1S9/11/11/11/11/5k5/11/11/2s8/3sss5/3SSSs4 b - - 0 1", "c3c1", 3, 0, false, GGN_ONGOING,
     "1S9/11/11/11/11/5k5/11/11/11/3sss5/2s3s4"},
    {"the king closes a shield wall",
     "1S9/11/11/11/11/11/11/11/2k8/3sss5/3SSSs4 b - - 0 1", "c3c1", 4, 0, false, GGN_ONGOING,
     "1S9/11/11/11/11/11/11/11/11/3sss5/2k3s4"},
    {"a shield wall against a corner, the king in the row and spared",
     "11/11/11/11/11/11/11/11/11/8SS1/4S3ks1 w - - 0 1", "e1h1", 9, 0, false, GGN_ONGOING,
     "11/11/11/11/11/11/11/11/11/8SS1/7Sk2"},
    {"a shield wall on a file, against a corner",
     "1S9/11/11/11/11/5k5/11/3s7/Ss9/Ss9/11 b - - 0 1", "d4a4", 0, 1, false, GGN_ONGOING,
     "1S9/11/11/11/11/5k5/11/s10/1s9/1s9/11"},
    {"a row with a gap among the pieces in front of it stands",
     "11/11/11/11/11/5k5/11/11/2s8/3s1s5/3SSSs4 b - - 0 1", "c3c1", 4, 0, true, GGN_ONGOING,
     "11/11/11/11/11/5k5/11/11/11/3s1s5/2sSSSs4"},
    {"an edge fort closed: the king with two squares, walls none can take",
     "1S9/11/11/11/11/11/6s4/11/11/4ss5/3sk6 b - - 0 1", "g5g1", 6, 0, true, GGN_FORT, NULL},
    {"an edge fort closed by its second rank",
     "1S9/11/11/11/4s6/11/11/11/5s5/4s1s4/4sks4 b - - 0 1", "e7e3", 4, 2, true, GGN_FORT, NULL},
    {"a fort whose top wall two attackers could take is no fort",
     "1S9/11/11/11/4s6/11/11/11/5s5/4s1s4/4sks4 b - - 0 1", "e7e6", 5, 2, true, GGN_ONGOING, NULL},
    {"a fort an attacker touches is no fort",
     "1S9/11/11/11/11/11/6s4/11/11/4sS5/3sk6 b - - 0 1", "g5g1", 6, 0, true, GGN_ONGOING, NULL},
    {"a king without room to move holds no fort",
     "1S9/11/11/11/11/11/5s5/11/11/4s6/3sk6 b - - 0 1", "f5f1", 5, 0, true, GGN_ONGOING, NULL},
};

static const rule_case brandubh_cases[] = {
    {"the king on the throne, taken by two", "7/7/3S3/3k3/7/7/3S3 w - - 0 1", "d1d3", 3, 3, false, GGN_EXTINCTION, NULL},
    {"the empty throne is not hostile", "7/S6/3s3/7/7/7/1k5 w - - 0 1", "a6d6", 3, 4, true, GGN_ONGOING, NULL},
    {"the king against a corner", "7/7/7/7/7/7/1k1S3 w - - 0 1", "d1c1", 1, 0, false, GGN_EXTINCTION, NULL},
    {"two taken by one move", "3S3/1Ss1sS1/7/7/7/4k2/7 w - - 0 1", "d7d6", 2, 5, false, GGN_ONGOING, NULL},
};

static void run_cases(const rules *r, const rule_case *cases, size_t n)
{
    ggn_game *g = load_rules(r);
    for (size_t i = 0; i < n; i++) {
        const rule_case *c = &cases[i];
        board b;
        if (!ref_from_fen(r, c->fen, &b)) fail_msg("%s: bad FEN", c->what);
        compare_position(r, g, &b); /* ggn and the reference agree on every move of it */
        ggn_position *pos = position_from_fen(g, c->fen);
        play_moves(pos, c->move);
        int kind, owner;
        bool unmoved;
        if (ggn_position_piece_at(pos, c->x, c->y, &kind, &owner, &unmoved) != c->kept)
            fail_msg("%s: after %s the square %c%d is %s", c->what, c->move, 'a' + c->x, c->y + 1, c->kept ? "empty" : "not");
        if (ggn_position_status(pos).outcome != c->outcome) fail_msg("%s: the game is not judged as it should", c->what);
        char fen[512];
        ggn_position_fen(pos, fen, sizeof fen);
        if (c->after && (strncmp(fen, c->after, strlen(c->after)) != 0 || fen[strlen(c->after)] != ' '))
            fail_msg("%s: after %s the board is %s, not %s", c->what, c->move, fen, c->after);
        ggn_position_free(pos);
    }
    ggn_game_free(g);
}

static void fetlar_rules(void **state)
{
    (void)state;
    run_cases(&fetlar, fetlar_cases, sizeof fetlar_cases / sizeof fetlar_cases[0]);
}

static void copenhagen_rules(void **state)
{
    (void)state;
    run_cases(&copenhagen, copenhagen_cases, sizeof copenhagen_cases / sizeof copenhagen_cases[0]);
}

/*
 * Copenhagen forbids perpetual repetition, a loss for the defenders whoever repeats: the third
 * occurrence of a position ends the game so (Fetlar's is a draw). Not in the reference, whose
 * positions have no history.
 */
static void repetition(void **state)
{
    (void)state;
    const char *fen = "1S9/11/11/11/11/5k5/11/11/11/11/9S1 w - - 0 1";
    const char *moves = "b11b10 f6f7 b10b11 f7f6 b11b10 f6f7 b10b11";
    ggn_game *g = load("hnefatafl.json");
    ggn_position *pos = position_from_fen(g, fen);
    play_moves(pos, moves);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING); /* twice so far */
    play_moves(pos, "f7f6");
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_REPETITION_LOSS);
    assert_int_equal(st.player, 1);
    assert_int_equal(st.winner, 0);
    ggn_position_free(pos);
    ggn_game_free(g);
    g = load("fetlar_hnefatafl.json");
    pos = position_from_fen(g, fen);
    play_moves(pos, moves);
    play_moves(pos, "f7f6");
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_DRAW_REPETITION);
    assert_true(st.draw);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void brandubh_rules(void **state)
{
    (void)state;
    run_cases(&brandubh, brandubh_cases, sizeof brandubh_cases / sizeof brandubh_cases[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fetlar_rules),
        cmocka_unit_test(copenhagen_rules),
        cmocka_unit_test(repetition),
        cmocka_unit_test(brandubh_rules),
        cmocka_unit_test(brandubh_epd),
        cmocka_unit_test(fetlar_epd),
        cmocka_unit_test(copenhagen_epd),
        cmocka_unit_test(brandubh_random),
        cmocka_unit_test(fetlar_random),
        cmocka_unit_test(copenhagen_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
