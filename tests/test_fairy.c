/*
 * test_fairy.c — differential test against Fairy-Stockfish.
 *
 * For chess and each shipped variant that Fairy-Stockfish knows (losalamos,
 * shatranj, makruk, crazyhouse, xiangqi, shogi, minishogi, the games of
 * issue 11 that end otherwise: nocastle, kingofthehill, 3check, 5check,
 * antichess, breakthrough, racingkings, knightmate, horde, losers, threekings,
 * and, one row per run, giveaway, suicide, codrus, extinction, kinglet,
 * clobber, clobber10, jesonmor; issue 12's list at the end of the variants
 * table, one row per run:
 * `test_fairy NAME` — each file named as the UCI_Variant value): random legal
 * games from the start (fixed seeds; in a game that draws its start —
 * fischerandom, caparandom — from a start drawn by the row's generator, one
 * playout in eight stopping in its first plies, where the castling rights
 * are all there) give at least POSITIONS positions; each
 * is written as FEN by ggn, given to
 * Fairy-Stockfish (`position fen`, `go perft 3`) and its "Nodes searched"
 * compared with ggn_perft(pos, 3). On a mismatch the FEN and both divides
 * (per root move) are printed, differences marked. A playout that ends (no
 * legal move: mate, stalemate, or a game decided by a game_end rule) is also
 * given to Fairy-Stockfish (`go depth 1`): both must see the game over, and
 * agree whether it is drawn (the oracle's score cp 0) or decided (mate 0;
 * at depth 0 it does not say for whom). A row's `endings` (positions at or
 * next to a game end that random play seldom reaches: bared kings, stalemates
 * judged by the count of pieces) are compared the same way.
 *
 * The oracle is /usr/games/fairy-stockfish (GGN_FAIRY_STOCKFISH overrides),
 * spoken to over pipes with every read bounded by a timeout. When it is
 * missing the test fails under CI=true (.ci/deps installs it) and is skipped,
 * loudly, elsewhere (exit 77, CTest's SKIP_RETURN_CODE).
 *
 * Shogi, minishogi and their kin (gorogoro, judkins, euroshogi): Fairy-Stockfish
 * 11.1 does not refuse a pawn drop that checkmates (uchifuzume); it scores the
 * position as lost for the dropper instead, so its perft counts those drops.
 * ggn refuses them (the drop rule's "no_checkmate"), so these games are
 * compared with that flag turned off in the text before loading;
 * tests/test_hands.c checks the flag itself.
 *
 * Shatranj and courier: a side left with a bare king loses unless it bares
 * the other at once (game_end extinction with "answer"), so every position is
 * compared, bared kings included.
 *
 * Racing kings: Fairy-Stockfish 11.1 judges the finish by moves, not rounds:
 * a king home wins when its side is to move again, unless the other came home
 * meanwhile (a draw when White was first), and it gives Black its move even
 * when Black cannot reach the last rank or is home first. ggn's racingkings.json
 * judges by rounds ("answer": "round"), as lichess, python-chess and later
 * Fairy-Stockfish do (the ffish test compares it with ffish 0.7.10); this row
 * loads it with "answer": true, the rule 11.1 plays, so the rest of the game
 * is still compared with 11.1.
 *
 * Janggi and shatar have game ends that read the moves which led to them
 * (passes; shatar's mates, judged by the checks before them): their rows
 * (history_ends) give the oracle a playout's end as the moves from the start,
 * and shatar's played_endings reach mates random play seldom does, each
 * with the oracle's score of the mating move telling who wins.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "ggn/game.h"
#include "ggn/notation.h"

#define POSITIONS 250
#define DEPTH 3
/*
 * A row compares `positions` positions: POSITIONS, a quarter of them in a sanitizer build
 * (GGN_TEST_SANITIZED), where the run looks for memory errors in the same code, not for rule
 * differences, and the fifty-five rows took nine minutes of CPU at the full count. The release
 * suite compares all of them; main says so loudly in a sanitizer build.
 */
#ifdef GGN_TEST_SANITIZED
static const int positions = POSITIONS / 4;
#else
static const int positions = POSITIONS;
#endif
#define READ_TIMEOUT_MS 20000
#define DEFAULT_ORACLE "/usr/games/fairy-stockfish"

static bool skipped;

/* ---- the oracle process --------------------------------------------------- */

typedef struct oracle {
    pid_t pid;
    int to, from;          /* its stdin, its stdout */
    char buf[65536];
    size_t len;
} oracle;

static const char *oracle_path(void)
{
    const char *p = getenv("GGN_FAIRY_STOCKFISH");
    return p && *p ? p : DEFAULT_ORACLE;
}

static bool in_ci(void)
{
    const char *ci = getenv("CI");
    return ci && strcmp(ci, "true") == 0;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool oracle_start(oracle *o)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) return false;
    pid_t pid = fork();
    if (pid < 0) return false;
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        dup2(out[1], STDERR_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl(oracle_path(), oracle_path(), (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    o->pid = pid;
    o->to = in[1];
    o->from = out[0];
    o->len = 0;
    return true;
}

static void oracle_send(oracle *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void oracle_send(oracle *o, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_true(n > 0 && (size_t)n < sizeof line);
    for (int done = 0; done < n;) {
        ssize_t w = write(o->to, line + done, (size_t)(n - done));
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) fail_msg("writing to %s failed: %s", oracle_path(), strerror(errno));
        done += (int)w;
    }
}

/* Reads one line (without its newline) into out; fails the test after the timeout. */
static void oracle_line(oracle *o, char *out, size_t cap, long deadline)
{
    for (;;) {
        char *nl = memchr(o->buf, '\n', o->len);
        if (nl) {
            size_t n = (size_t)(nl - o->buf);
            size_t keep = n < cap - 1 ? n : cap - 1;
            memcpy(out, o->buf, keep);
            out[keep] = '\0';
            if (keep && out[keep - 1] == '\r') out[keep - 1] = '\0';
            memmove(o->buf, nl + 1, o->len - n - 1);
            o->len -= n + 1;
            return;
        }
        if (o->len == sizeof o->buf) o->len = 0; /* an absurdly long line: drop it */
        long left = deadline - now_ms();
        if (left <= 0) fail_msg("%s did not answer within %d ms", oracle_path(), READ_TIMEOUT_MS);
        struct pollfd pfd = { o->from, POLLIN, 0 };
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR) continue;
        if (r == 0) continue;
        ssize_t got = read(o->from, o->buf + o->len, sizeof o->buf - o->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) fail_msg("%s closed its output (crashed or exited)", oracle_path());
        o->len += (size_t)got;
    }
}

/* Reads lines until one starts with `prefix`; returns it in out. */
static void oracle_until(oracle *o, const char *prefix, char *out, size_t cap)
{
    long deadline = now_ms() + READ_TIMEOUT_MS;
    do oracle_line(o, out, cap, deadline);
    while (strncmp(out, prefix, strlen(prefix)) != 0);
}

static void oracle_stop(oracle *o)
{
    if (o->pid <= 0) return;
    (void)!write(o->to, "quit\n", 5);
    close(o->to);
    close(o->from);
    long deadline = now_ms() + 3000;
    int status;
    while (waitpid(o->pid, &status, WNOHANG) == 0) {
        if (now_ms() > deadline) {
            kill(o->pid, SIGKILL);
            waitpid(o->pid, &status, 0);
            break;
        }
        struct timespec ts = { 0, 10 * 1000000L };
        nanosleep(&ts, NULL);
    }
    o->pid = 0;
}

/* ---- divides ----------------------------------------------------------------- */

typedef struct divide {
    int n;
    char move[GGN_MAX_MOVES][24];
    uint64_t count[GGN_MAX_MOVES];
} divide;

static uint64_t lookup(const divide *d, const char *move, bool *found)
{
    for (int i = 0; i < d->n; i++)
        if (strcmp(d->move[i], move) == 0) {
            *found = true;
            return d->count[i];
        }
    *found = false;
    return 0;
}

static void print_divides(const divide *fs, const divide *gg)
{
    printf("    %-10s %12s %12s\n", "move", "fairy-sf", "ggn");
    for (int i = 0; i < gg->n; i++) {
        bool found;
        uint64_t f = lookup(fs, gg->move[i], &found);
        if (found)
            printf("    %-10s %12" PRIu64 " %12" PRIu64 "%s\n", gg->move[i], f, gg->count[i],
                   f == gg->count[i] ? "" : "   <-- differs");
        else
            printf("    %-10s %12s %12" PRIu64 "   <-- only ggn\n", gg->move[i], "-", gg->count[i]);
    }
    for (int i = 0; i < fs->n; i++) {
        bool found;
        lookup(gg, fs->move[i], &found);
        if (!found) printf("    %-10s %12" PRIu64 " %12s   <-- only fairy-sf\n", fs->move[i], fs->count[i], "-");
    }
}

static uint64_t ggn_divide(ggn_position *pos, int depth, divide *d)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    uint64_t total = 0;
    d->n = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        ggn_move_format(pos, mv[i], d->move[d->n], sizeof d->move[d->n]);
        assert_true(ggn_position_make(pos, mv[i]));
        d->count[d->n] = ggn_perft(pos, depth - 1);
        ggn_position_unmake(pos);
        total += d->count[d->n++];
    }
    return total;
}

/* Sends the position and reads Fairy-Stockfish's divide and total. */
static uint64_t fs_perft(oracle *o, const char *fen, int depth, divide *d)
{
    oracle_send(o, "position fen %s\ngo perft %d\n", fen, depth);
    long deadline = now_ms() + READ_TIMEOUT_MS;
    char line[512];
    d->n = 0;
    for (;;) {
        oracle_line(o, line, sizeof line, deadline);
        uint64_t nodes;
        if (sscanf(line, "Nodes searched: %" SCNu64, &nodes) == 1) return nodes;
        char move[24];
        uint64_t count;
        if (d->n < GGN_MAX_MOVES && sscanf(line, "%23[a-z0-9+=~@]: %" SCNu64, move, &count) == 2) {
            snprintf(d->move[d->n], sizeof d->move[d->n], "%s", move);
            d->count[d->n++] = count;
        }
    }
}

/*
 * The oracle's verdict on a position: 0 when it has a move to play, 1 when
 * the game is over and drawn (score cp 0), 2 when it is over and decided
 * (score mate 0; at depth 0 the oracle does not say for whom).
 */
static int fs_game_over_at(oracle *o, const char *position)
{
    oracle_send(o, "position %s\ngo depth 1\n", position);
    long deadline = now_ms() + READ_TIMEOUT_MS;
    char line[512];
    int over = 2;
    for (;;) {
        oracle_line(o, line, sizeof line, deadline);
        if (strstr(line, "info depth 0 score cp 0")) over = 1;
        if (strncmp(line, "bestmove", 8) == 0) return strstr(line, "(none)") ? over : 0;
    }
}

static int fs_game_over(oracle *o, const char *fen)
{
    char position[600];
    snprintf(position, sizeof position, "fen %s", fen);
    return fs_game_over_at(o, position);
}

/* ---- the positions ------------------------------------------------------------ */

static uint64_t rng;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static void pieces_per_side(const ggn_position *pos, int count[2])
{
    const ggn_game *g = ggn_position_game(pos);
    count[0] = count[1] = 0;
    for (int y = 0; y < ggn_game_rows(g); y++)
        for (int x = 0; x < ggn_game_cols(g); x++) {
            int kind, owner;
            bool unmoved;
            if (ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved)) count[owner]++;
        }
}

/*
 * Shako: Fairy-Stockfish 11.1 lets a king castle into check when an enemy piece
 * stands beyond the castling rook on the castling rank: with white's rook on b2
 * and a black queen on a2 (`c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/
 * qR3KBNRE/C8C w Q - 0 1` after the pieces between have gone), O-O-O puts the
 * king on d2 and the rook on e2, opening a2-d2; the oracle checks only the squares
 * the king crosses, before the rook moves. No move may leave one's own king in
 * check, so ggn refuses it. Positions where the player to move has a castling
 * right on a side with an enemy piece on that edge square (a2/j2, a9/j9) are
 * left out of the comparison (counted and printed).
 */
static bool shako_castling_past_rook(const ggn_position *p, const char *castling)
{
    int me = ggn_position_to_move(p), y = me == 0 ? 1 : 8;
    const char *rights = me == 0 ? "KQ" : "kq";
    for (int side = 0; side < 2; side++) {
        if (!strchr(castling, rights[side])) continue;
        int kind, owner;
        bool unmoved;
        if (ggn_position_piece_at(p, side == 0 ? 9 : 0, y, &kind, &owner, &unmoved) && owner != me) return true;
    }
    return false;
}

/* A move that takes a piece from the hand: a drop, or a board move with a gated piece. */
static bool uses_hand(ggn_move m)
{
    return ggn_move_is_drop(m) || (!m.promotion && m.gate);
}

/*
 * Seirawan, shouse: Fairy-Stockfish 11.1 refuses a gating move whose bare move
 * would leave the king attacked even when the piece that enters blocks the
 * attack: after `rnbekbhr/1p1ppp1p/2p3pn/p7/P1B4P/1PP3PH/R2PNP1N/2qQK2R[E] w
 * KDEHkq - 0 14` (black's queen on c1 pins white's on d1), it has no d1c2e,
 * though the elephant entering d1 shuts the line and no rule forbids a move
 * after which the own king stands safe. ggn plays it. A position whose perft
 * differs is left out (counted and printed) when this perft, which drops such
 * moves as the oracle does, gives the oracle's count.
 */
static uint64_t perft_without_blocking_gates(ggn_position *p, int depth)
{
    ggn_move mv[GGN_MAX_MOVES], keep[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(p, mv, GGN_MAX_MOVES), k = 0;
    for (size_t i = 0; i < n && i < GGN_MAX_MOVES; i++) {
        bool bare_legal = true;
        if (!mv[i].promotion && mv[i].gate) {
            ggn_move bare = mv[i];
            bare.gate = 0;
            bare_legal = false;
            for (size_t j = 0; j < n && j < GGN_MAX_MOVES && !bare_legal; j++) bare_legal = ggn_move_equal(mv[j], bare);
        }
        if (bare_legal) keep[k++] = mv[i];
    }
    if (depth <= 1) return k;
    uint64_t total = 0;
    for (size_t i = 0; i < k; i++) {
        assert_true(ggn_position_make(p, keep[i]));
        total += perft_without_blocking_gates(p, depth - 1);
        ggn_position_unmake(p);
    }
    return total;
}

typedef struct variant {
    const char *file;      /* in GGN_GAMES_DIR */
    const char *uci;       /* UCI_Variant */
    uint64_t seed;
    int min_pieces;        /* per side, for a position to be compared */
    bool drop_mate_legal;  /* the oracle counts checkmating pawn drops: load with "no_checkmate" off */
    bool history_ends;     /* game ends read the last moves (passes): see compare_from_fen */
} variant;

static const variant variants[] = {
    { "chess.json", "chess", 0x1234ABCDULL, 0, false, false },
    { "losalamos.json", "losalamos", 0x10A1A405ULL, 0, false, false },
    { "shatranj.json", "shatranj", 0x5A7A21ULL, 0, false, false },
    { "makruk.json", "makruk", 0x3A1C2BULL, 0, false, false },
    { "crazyhouse.json", "crazyhouse", 0xC4A2E405ULL, 0, false, false },
    { "xiangqi.json", "xiangqi", 0x81A26E41ULL, 0, false, false },
    { "shogi.json", "shogi", 0x5B0612ULL, 0, true, false },
    { "minishogi.json", "minishogi", 0x313B0612ULL, 0, true, false },
    /* Issue 11: games that end by the game_end vocabulary (docs/game-spec.md). */
    { "nocastle.json", "nocastle", 0x40CA5713ULL, 0, false, false },
    { "kingofthehill.json", "kingofthehill", 0x4011ULL, 0, false, false },
    { "3check.json", "3check", 0x3C4ECCULL, 0, false, false },
    { "5check.json", "5check", 0x5C4ECCULL, 0, false, false },
    { "antichess.json", "antichess", 0xA471C4E5ULL, 0, false, false },
    { "breakthrough.json", "breakthrough", 0xB4EA7ULL, 0, false, false },
    { "racingkings.json", "racingkings", 0x4AC1E6ULL, 0, false, false },
    { "knightmate.json", "knightmate", 0x4A16E3ULL, 0, false, false },
    { "horde.json", "horde", 0x40DDEULL, 0, false, false },
    { "losers.json", "losers", 0x1055E45ULL, 0, false, false },
    { "threekings.json", "threekings", 0x3E1A65ULL, 0, false, false },
    /* Issue 12's variants: each is games/<UCI_Variant>.json, pure data. The shogi kin have
     * Fairy-Stockfish's uchifuzume (see the header). */
    { "almost.json", "almost", 0x5EED0001ULL, 0, false, false },
    { "amazon.json", "amazon", 0x5EED0002ULL, 0, false, false },
    { "chigorin.json", "chigorin", 0x5EED0003ULL, 0, false, false },
    { "hoppelpoppel.json", "hoppelpoppel", 0x5EED0004ULL, 0, false, false },
    { "newzealand.json", "newzealand", 0x5EED0005ULL, 0, false, false },
    { "gardner.json", "gardner", 0x5EED0006ULL, 0, false, false },
    { "capablanca.json", "capablanca", 0x5EED0007ULL, 0, false, false },
    { "gothic.json", "gothic", 0x5EED0008ULL, 0, false, false },
    { "embassy.json", "embassy", 0x5EED0009ULL, 0, false, false },
    { "janus.json", "janus", 0x5EED000AULL, 0, false, false },
    { "centaur.json", "centaur", 0x5EED000BULL, 0, false, false },
    { "chancellor.json", "chancellor", 0x5EED000CULL, 0, false, false },
    { "modern.json", "modern", 0x5EED000DULL, 0, false, false },
    { "courier.json", "courier", 0x5EED0030ULL, 0, false, false },
    { "asean.json", "asean", 0x5EED0015ULL, 0, false, false },
    { "ai-wok.json", "ai-wok", 0x5EED0014ULL, 0, false, false },
    { "manchu.json", "manchu", 0x5EED0016ULL, 0, false, false },
    { "minixiangqi.json", "minixiangqi", 0x5EED0017ULL, 0, false, false },
    { "gorogoro.json", "gorogoro", 0x5EED0040ULL, 0, true, false },
    { "judkins.json", "judkins", 0x5EED0041ULL, 0, true, false },
    { "euroshogi.json", "euroshogi", 0x5EED0042ULL, 0, true, false },
    { "loop.json", "loop", 0x5EED0050ULL, 0, false, false },
    { "chessgi.json", "chessgi", 0x5EED0051ULL, 0, false, false },
    /* Fairy-Stockfish's `mini` is its minishogi under a second name (the same start FEN and rules):
     * games/minishogi.json is compared under that name too. */
    { "minishogi.json", "mini", 0x5EED0043ULL, 0, true, false },
    { "dobutsu.json", "dobutsu", 0x5EED0044ULL, 0, false, false },
    { "capahouse.json", "capahouse", 0x5EED0052ULL, 0, false, false },
    { "makpong.json", "makpong", 0x5EED0018ULL, 0, false, false },
    { "pocketknight.json", "pocketknight", 0x5EED0053ULL, 0, false, false },
    { "shako.json", "shako", 0x5EED0019ULL, 0, false, false },
    { "grand.json", "grand", 0x5EED001AULL, 0, false, false },
    /* First-move privileges carried by FEN's castling field (fen_rights): `DEde`. */
    { "cambodian.json", "cambodian", 0x5EED001BULL, 0, false, false },
    /* Pieces that change face: every move (kyotoshogi) or every capture (micro) turns a piece over,
     * and a piece in hand is dropped as either face (a drop way's "as"); see sparse_drops. */
    { "kyotoshogi.json", "kyotoshogi", 0x5EED0045ULL, 0, false, false },
    { "micro.json", "micro", 0x5EED0046ULL, 0, false, false },
    /* Placement phases (drops_compulsory): half the playouts stop inside the phase (see run_variant). */
    { "placement.json", "placement", 0x5EED0054ULL, 0, false, false },
    { "sittuyin.json", "sittuyin", 0x5EED0055ULL, 0, false, false },
    /* Random starts (random_start): every playout begins at a start drawn from the row's
     * generator, and castling goes to fixed files (castle moves, king takes rook in UCI). */
    { "fischerandom.json", "fischerandom", 0x5EED0960ULL, 0, false, false },
    { "caparandom.json", "caparandom", 0x5EED0961ULL, 0, false, false },
    /* Gating (docs/game-spec.md): the hand's pieces enter on squares unmoved back-rank pieces leave. */
    { "seirawan.json", "seirawan", 0x5EED0060ULL, 0, false, false },
    { "shouse.json", "shouse", 0x5EED0061ULL, 0, false, false },
    /* Issue 11, continued: one CTest entry each, as issue 12's rows. */
    { "giveaway.json", "giveaway", 0x61FEA3A7ULL, 0, false, false },
    { "suicide.json", "suicide", 0x5C1C1DEULL, 0, false, false },
    { "codrus.json", "codrus", 0xC0D405ULL, 0, false, false },
    { "extinction.json", "extinction", 0xE7C71ULL, 0, false, false },
    { "kinglet.json", "kinglet", 0x1C1E7ULL, 0, false, false },
    { "clobber.json", "clobber", 0xC10BBE4ULL, 0, false, false },
    { "clobber10.json", "clobber10", 0xC10BBE10ULL, 0, false, false },
    { "jesonmor.json", "jesonmor", 0x1E5011ULL, 0, false, false },
    { "karouk.json", "karouk", 0xCA40C1ULL, 0, false, false },
    /* Janggi: passing, hops that except cannons, palace diagonals, facing leaders and points (one row each). */
    { "janggi.json", "janggi", 0x1A6661ULL, 0, false, true },
    { "janggitraditional.json", "janggitraditional", 0x1A6662ULL, 0, false, true },
    { "janggimodern.json", "janggimodern", 0x1A6663ULL, 0, false, true },
    { "janggicasual.json", "janggicasual", 0x1A6664ULL, 0, false, true },
    /* Shatar: a mate is judged by the checks that led to it (checkmate_needs), so game ends are
     * compared with the moves; its played_endings reach the mates random play seldom does. */
    { "shatar.json", "shatar", 0x5A7A4ULL, 0, false, true },
};

/*
 * Rows whose playouts play a drop only one time in `one_in`: on these small boards with two ways
 * to drop each piece, drops are most of the legal moves, and random play would empty the hands
 * in most positions that are compared.
 */
static const struct {
    const char *uci;
    int one_in;
} sparse_drops[] = {
    { "kyotoshogi", 4 },
    { "micro", 4 },
};

static int drop_one_in(const variant *v, bool hand_runs_out)
{
    for (size_t i = 0; i < sizeof sparse_drops / sizeof sparse_drops[0]; i++)
        if (strcmp(sparse_drops[i].uci, v->uci) == 0) return sparse_drops[i].one_in;
    return hand_runs_out ? 16 : 0;
}

/*
 * Positions at or next to a game end that random playouts seldom reach,
 * compared in their variant's row besides the random ones: perft and the
 * verdict (over or not, drawn or decided) must agree.
 */
typedef struct ending {
    const char *uci, *fen;
} ending;

static const ending endings[] = {
    /* The bare king: bared and to move, able to bare back or not; bared after moving; bared back. */
    { "shatranj", "3k4/8/8/8/8/8/8/R2K4 b - - 0 1" },
    { "shatranj", "3k4/8/8/8/8/8/8/RR1K4 b - - 0 1" },
    { "shatranj", "3k4/8/8/8/8/8/8/R2K4 w - - 0 1" },
    { "shatranj", "3k4/3R4/8/8/8/8/8/3K4 b - - 0 1" },
    { "shatranj", "4k3/8/3K4/8/8/8/8/3Q4 w - - 0 1" },
    { "courier", "6k5/12/12/12/12/12/12/R5K5 b - - 0 1" },
    { "courier", "6k5/12/12/12/12/12/12/RR4K5 b - - 0 1" },
    /* Stalemates decided by the count of pieces: even, fewer, more. */
    { "suicide", "8/8/8/8/8/p7/P7/8 w - - 0 1" },
    { "suicide", "8/8/8/8/8/p7/P7/7p w - - 0 1" },
    { "suicide", "8/8/8/8/p7/P7/P7/8 w - - 0 1" },
    { "suicide", "8/8/8/8/p7/P7/7P/1n6 w - - 0 1" },
    /* Castling through an attacked square (nobody is in check); the last king taken in codrus. */
    { "giveaway", "4k3/8/8/1b6/8/8/8/4K2R w K - 0 1" },
    { "extinction", "rn1qk1nr/pppppppp/b7/8/8/8/PPPP1PPP/RNBQK2R w KQkq - 0 1" },
    { "kinglet", "4k3/p7/8/8/8/8/1P6/R3K2R w KQ - 0 1" },
    { "codrus", "4k3/3P4/8/8/8/8/8/4K2R w K - 0 1" },
    { "extinction", "rnbqkbnr/pppppppp/8/8/8/8/1P6/RNBQKBNR w KQkq - 0 1" },
    /* A knight on the centre, just arrived (it may be taken) or held for a move (won). */
    { "jesonmor", "9/9/9/9/4N4/9/5n3/9/9 b - - 0 1" },
    { "jesonmor", "9/9/9/9/4N4/9/9/9/n8 w - - 0 1" },
    { "jesonmor", "9/9/9/9/4n4/9/9/9/N8 w - - 0 1" },
    { "jesonmor", "9/9/9/9/9/9/9/9/n8 w - - 0 1" },
    /* Placement phases (drops_compulsory): in check with a drop that blocks (the drop is compulsory),
     * and with none (then the king moves); a mate after the phase; a stalemate. */
    { "placement", "4k3/8/8/8/8/8/8/r3K3[RN] w - - 0 1" },
    { "placement", "rnbqkbnr/ppppp2p/8/5ppQ/4P3/8/PPPP1PPP/RNB1KBNR[] b KQkq - 1 3" },
    { "sittuyin", "4k3/8/8/8/8/8/8/r3K3[RN] w - - 0 1" },
    { "sittuyin", "4k3/8/8/8/8/8/3f4/4K3[R] w - - 0 1" },
    { "sittuyin", "k6R/8/1K6/8/8/8/8/8[] b - - 0 1" },
    { "sittuyin", "k7/8/1K6/8/8/8/8/1R6[] b - - 0 1" },
    /* Promotion by choice of square: not with a general on the board, not onto a square from which
     * the general attacks a piece, not when it gives check, from the diagonals only while two pawns
     * or more are left. */
    { "sittuyin", "8/8/2k5/4p3/3pp3/8/5NK1/8[] b - - 0 1" },
    { "sittuyin", "8/8/2k5/8/r2p3K/8/8/8[] b - - 0 1" },
    { "sittuyin", "8/8/2k2f2/8/3pp3/8/6K1/8[] b - - 0 1" },
    { "sittuyin", "8/8/2k5/8/8/3p2p1/6K1/8[] b - - 0 1" },
    /* Generals facing on an open file (bikjang where the rule is on): parted or passed, and a pass ends
     * the game there; with a check as well, the pass is still legal under the rule. */
    { "janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" },
    { "janggitraditional", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" },
    { "janggimodern", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" },
    { "janggicasual", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1" },
    { "janggi", "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1" },
    { "janggitraditional", "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1" },
    { "janggicasual", "9/4k4/9/9/9/9/9/9/r3K4/9 w - - 0 1" },
    /* Cannons: none may screen or be taken by another; palace diagonals for chariot, cannon and soldier. */
    { "janggi", "3akc3/4a4/9/9/9/9/4C4/9/4P4/2cC1K3 w - - 0 1" },
    { "janggi", "4k4/4C4/3P5/9/9/9/9/5r3/4A4/3RK4 w - - 0 1" },
    /* No capture left: the player to move loses. */
    { "clobber", "P4/5/2p2/5/5/4p w - - 0 1" },
    { "clobber", "Pp3/5/5/5/5/5 w - - 0 1" },
};

/*
 * Game ends that read the moves which led to them (history_ends rows): a FEN, moves played from
 * it, and the last move, which ends the game. Both are given the moves: ggn plays them, the
 * oracle gets `position fen F moves ...`. Besides the verdict after the last move (drawn or
 * decided, as at a playout's end), the oracle searches the last move alone, one ply
 * (`searchmoves`), which says for whom: "mate 1" a win for the player making it, "mate -1" a
 * loss, "cp 0" a draw. `result` is what the game's rules give that player (1, 0, -1): ggn must
 * give it too.
 */
typedef struct played_ending {
    const char *uci, *fen, *moves, *last;
    int result;
} played_ending;

static const played_ending played_endings[] = {
    /* Shatar. (a) The bishop's mate on h8 after a rook's check (g1): the series holds a shak, a win. */
    { "shatar", "6b1/6kp/8/8/8/B7/8/K1R5 w - - 0 1", "c1g1 g7h8", "a3b2", 1 },
    /* The same mate after a quiet rook move: no check before the bishop's, a draw. */
    { "shatar", "6b1/6kp/8/8/8/B7/8/K1R5 w - - 0 1", "c1d1 g7h8", "a3b2", 0 },
    /* Two checks back: the rook's (f1), then the bishop's (f8), then the bishop's mate: a win. */
    { "shatar", "6b1/7p/3B1k2/8/8/B7/8/K1R5 w - - 0 1", "c1f1 f6g7 d6f8 g7h8", "a3b2", 1 },
    /* The FEN's position stands in the rook's check: it counts (the oracle's too). */
    { "shatar", "6b1/6kp/8/8/8/B7/8/K5R1 b - - 1 1", "g7h8", "a3b2", 1 },
    /* A rook's mate, and a knight's discovering the rook: wins. */
    { "shatar", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", 1 },
    { "shatar", "6rk/6p1/8/8/7N/8/8/K6R w - - 0 1", "", "h4g6", 1 },
    /* (b) A mate given by a knight alone loses for the player who gives it. */
    { "shatar", "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "", "g5f7", -1 },
    /* (c) A bishop's mate and a pawn's mate with no check before: draws. */
    { "shatar", "6bk/7p/8/8/8/B7/8/K7 w - - 0 1", "", "a3b2", 0 },
    { "shatar", "7k/5K1p/6P1/8/8/8/8/8 w - - 0 1", "", "g6g7", 0 },
    /* (d) The last piece besides the king taken: a bare king, a draw (even with a check). */
    { "shatar", "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", "a1a8", 0 },
};

/* The oracle's score of `last` searched alone after `position`: 1 mate for its player, -1 mated, 0 cp 0, 2 else. */
static int fs_last_move_score(oracle *o, const char *position, const char *last)
{
    oracle_send(o, "position %s\ngo depth 1 searchmoves %s\n", position, last);
    long deadline = now_ms() + READ_TIMEOUT_MS;
    char line[512];
    int score = 2;
    for (;;) {
        oracle_line(o, line, sizeof line, deadline);
        if (strstr(line, " score mate 1 ")) score = 1;
        else if (strstr(line, " score mate -1 ")) score = -1;
        else if (strstr(line, " score cp 0 ")) score = 0;
        else if (strstr(line, " score ")) score = 2;
        if (strncmp(line, "bestmove", 8) == 0) return score;
    }
}

/* The played endings of v's row: returns the mismatches. */
static int compare_played_endings(oracle *o, const variant *v, ggn_game *g)
{
    int mismatches = 0, compared = 0;
    for (size_t i = 0; i < sizeof played_endings / sizeof played_endings[0]; i++) {
        const played_ending *e = &played_endings[i];
        if (strcmp(e->uci, v->uci) != 0) continue;
        char before[1024], after[1024];
        snprintf(before, sizeof before, "fen %s%s%s", e->fen, *e->moves ? " moves " : "", e->moves);
        snprintf(after, sizeof after, "fen %s moves %s %s", e->fen, e->moves, e->last);
        int want_score = fs_last_move_score(o, before, e->last), want_over = fs_game_over_at(o, after);

        ggn_position *p = ggn_position_new(g);
        ggn_error err;
        if (!ggn_position_set_fen(p, e->fen, &err)) fail_msg("%s: %s: %s", v->uci, e->fen, err.message);
        char moves[512];
        snprintf(moves, sizeof moves, "%s %s", e->moves, e->last);
        for (char *w = strtok(moves, " "); w; w = strtok(NULL, " ")) {
            ggn_move m;
            if (!ggn_move_parse(p, w, &m, &err) || !ggn_position_make(p, m))
                fail_msg("%s: %s: move %s: %s", v->uci, e->fen, w, err.message);
        }
        int mover = 1 - ggn_position_to_move(p);
        ggn_move mv[GGN_MAX_MOVES];
        ggn_status st = ggn_position_status(p);
        bool over = ggn_position_legal_moves(p, mv, GGN_MAX_MOVES) == 0;
        int got_over = !over ? 0 : st.draw ? 1 : 2;
        int got_score = st.draw ? 0 : st.winner == mover ? 1 : -1;
        if (got_over != want_over || got_score != want_score || got_score != e->result || !over) {
            mismatches++;
            printf("  MISMATCH %s ending %s moves %s %s: verdict fairy-sf %d, ggn %d (%s); result for the last mover "
                   "fairy-sf %d, ggn %d, the rules %d\n",
                   v->uci, e->fen, e->moves, e->last, want_over, got_over, ggn_outcome_name(st.outcome), want_score,
                   got_score, e->result);
        }
        compared++;
        ggn_position_free(p);
    }
    if (compared) printf("  %s: %d endings after their moves compared\n", v->uci, compared);
    return mismatches;
}

/* The endings of v's row: returns the mismatches. */
static int compare_endings(oracle *o, const variant *v, ggn_game *g)
{
    static divide fsd, ggd;
    int mismatches = 0, compared = 0;
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        if (strcmp(endings[i].uci, v->uci) != 0) continue;
        ggn_position *p = ggn_position_new(g);
        ggn_error err;
        if (!ggn_position_set_fen(p, endings[i].fen, &err)) fail_msg("%s: %s: %s", v->uci, endings[i].fen, err.message);
        uint64_t want = fs_perft(o, endings[i].fen, DEPTH, &fsd), got = ggn_perft(p, DEPTH);
        ggn_move mv[GGN_MAX_MOVES];
        ggn_status st = ggn_position_status(p);
        int want_over = fs_game_over(o, endings[i].fen);
        int got_over = ggn_position_legal_moves(p, mv, GGN_MAX_MOVES) > 0 ? 0 : st.draw ? 1 : 2;
        if (got != want || got_over != want_over) {
            mismatches++;
            printf("  MISMATCH %s ending %s: perft(%d) fairy-sf %" PRIu64 ", ggn %" PRIu64 "; verdict fairy-sf %d, ggn %d (%s)\n",
                   v->uci, endings[i].fen, DEPTH, want, got, want_over, got_over, ggn_outcome_name(st.outcome));
            ggn_divide(p, DEPTH, &ggd);
            print_divides(&fsd, &ggd);
        }
        compared++;
        ggn_position_free(p);
    }
    if (compared) printf("  %s: %d endings compared\n", v->uci, compared);
    return mismatches;
}

static bool oracle_present(void)
{
    if (access(oracle_path(), X_OK) == 0) return true;
    if (in_ci()) fail_msg("FAILED: %s is missing under CI=true; .ci/deps must install fairy-stockfish", oracle_path());
    skipped = true;
    fprintf(stderr, "\n*** SKIPPED: %s is missing: the differential test against Fairy-Stockfish did NOT run "
                    "(apt-get install fairy-stockfish) ***\n\n",
            oracle_path());
    return false;
}

/* The game at path with every `on` written `off` (see the header: "no_checkmate", racing kings). */
static ggn_game *load_replacing(const char *path, const char *on, const char *off, ggn_errors *errs)
{
    static char text[1 << 20];
    size_t on_len = strlen(on), off_len = strlen(off);
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    int replaced = 0;
    for (char *p = strstr(text, on); p; p = strstr(p, on)) {
        if (len + off_len >= sizeof text) fail_msg("%s is too large", path);
        size_t at = (size_t)(p - text) + on_len;
        memmove(p + off_len, text + at, len - at + 1);
        memcpy(p, off, off_len);
        len = len - on_len + off_len;
        replaced++;
        p += off_len;
    }
    if (!replaced) fail_msg("%s has no %s to replace", path, on);
    return ggn_game_load_string(text, len, path, errs);
}

static void run_variant(const variant *v)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", GGN_GAMES_DIR, v->file);
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = v->drop_mate_legal ? load_replacing(path, "\"no_checkmate\": true", "\"no_checkmate\": false", &errs)
                  : strcmp(v->uci, "racingkings") == 0
                      ? load_replacing(path, "\"answer\": \"round\"", "\"answer\": true", &errs) /* 11.1's finish */
                      : ggn_game_load_file(path, &errs);
    if (!g) fail_msg("%s: %s", path, errs.count ? errs.items[0].message : "?");
    assert_true(ggn_game_has_fen(g));

    oracle o = { 0 };
    if (!oracle_start(&o)) fail_msg("cannot start %s", oracle_path());
    char line[512];
    oracle_send(&o, "uci\n");
    oracle_until(&o, "uciok", line, sizeof line);
    oracle_send(&o, "setoption name UCI_Variant value %s\nisready\n", v->uci);
    oracle_until(&o, "readyok", line, sizeof line);

    /* The oracle must play the same game: the start positions agree. */
    ggn_position *pos = ggn_position_new(g);
    char fen[512];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    oracle_send(&o, "position startpos\nd\n");
    oracle_until(&o, "Fen: ", line, sizeof line);
    if (strcmp(line + 5, fen) != 0) fail_msg("%s: start FEN differs: ggn '%s', fairy-sf '%s'", v->uci, fen, line + 5);

    static divide fsd, ggd;
    rng = v->seed;
    /* Only the starting hand is dropped (captures_to_hand false): the playouts drop rarely, and a
     * quarter of the positions, not half, must hold a piece in hand. */
    bool hand_runs_out = ggn_game_has_hands(g) && !ggn_game_captures_to_hand(g);
    int one_in = drop_one_in(v, hand_runs_out);
    /* A game that opens with a placement phase (every legal move at the start a drop, the drops
     * compulsory): half the playouts stop inside that phase, so that it is compared too. */
    bool placement = false;
    {
        ggn_move mv[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
        placement = n > 0 && ggn_move_is_drop(mv[0]);
    }
    int excluded = 0; /* positions left out for a documented oracle bug (shako) */
    int random_starts = 0; /* playouts from a drawn start (random_start) */
    int gate_blocks = 0; /* the same for gating (perft_without_blocking_gates) */
    int compared = 0, tries = 0, mismatches = 0, ended = 0, with_ep = 0, with_castling = 0, in_check = 0, with_hand = 0;
    uint64_t nodes = 0;
    while (compared < positions && tries < 20 * positions) {
        tries++;
        ggn_position *p = ggn_position_new(g);
        int plies = placement && rnd(2) ? 1 + (int)rnd(24) : 4 + (int)rnd(120);
        if (ggn_game_has_random_start(g)) {
            /* A drawn start; one playout in eight stops in its first plies, where every
             * castling right is still there. */
            assert_true(ggn_position_random_start(p, rng));
            rnd(2);
            if (rnd(8) == 0) plies = (int)rnd(4);
            random_starts++;
        }
        /* The playout's moves from the start, for the rows whose game ends read them (history_ends). */
        char played[1600] = "startpos moves";
        size_t played_len = strlen(played);
        for (int i = 0; i < plies; i++) {
            ggn_move mv[GGN_MAX_MOVES];
            size_t n = ggn_position_legal_moves(p, mv, GGN_MAX_MOVES);
            if (n == 0) {
                /* The playout ended: both must see the game over, drawn or decided alike. A game that
                 * ends on passes is only over with its moves: the oracle is given them, not the FEN. */
                ggn_status st = ggn_position_status(p);
                assert_true(ggn_position_fen(p, fen, sizeof fen) > 0);
                int want_over = v->history_ends ? fs_game_over_at(&o, played) : fs_game_over(&o, fen);
                int got_over = st.draw ? 1 : 2;
                if (want_over != got_over) {
                    mismatches++;
                    printf("  MISMATCH %s game end of %s: fairy-sf %s, ggn %s (%s)\n", v->uci, fen,
                           want_over == 0 ? "plays on" : want_over == 1 ? "draw" : "decided",
                           got_over == 1 ? "draw" : "decided", ggn_outcome_name(st.outcome));
                }
                ended++;
                break;
            }
            size_t pick = rnd((unsigned)n);
            /* A starting hand would be gone in a few plies: drop (or gate) only one time in 16 (or the row's). */
            if (one_in && !placement && uses_hand(mv[pick]) && rnd((unsigned)one_in) != 0) {
                size_t board = 0;
                while (board < n && !uses_hand(mv[board])) board++; /* gating forms, then drops, come last */
                if (board > 0) pick = rnd((unsigned)board);
            }
            if (v->history_ends) {
                char text[24];
                assert_true(ggn_move_format(p, mv[pick], text, sizeof text) > 0);
                int w = snprintf(played + played_len, sizeof played - played_len, " %s", text);
                assert_true(w > 0 && (size_t)w < sizeof played - played_len);
                played_len += (size_t)w;
            }
            assert_true(ggn_position_make(p, mv[pick]));
        }
        int count[2];
        pieces_per_side(p, count);
        if (count[0] < v->min_pieces || count[1] < v->min_pieces) {
            ggn_position_free(p);
            continue;
        }
        assert_true(ggn_position_fen(p, fen, sizeof fen) > 0);
        if (strcmp(v->uci, "shako") == 0) {
            char cf[32] = "";
            if (sscanf(fen, "%*s %*s %31s", cf) == 1 && shako_castling_past_rook(p, cf)) {
                excluded++;
                ggn_position_free(p);
                continue;
            }
        }
        /* The FEN reads back to the same position. */
        ggn_position *q = ggn_position_new(g);
        ggn_error err;
        if (!ggn_position_set_fen(q, fen, &err)) fail_msg("%s: ggn cannot read its own FEN %s: %s", v->uci, fen, err.message);
        char again[512];
        ggn_position_fen(q, again, sizeof again);
        assert_string_equal(again, fen);
        /*
         * compare_from_fen: where game ends read the last moves (a pass ends the game after a pass),
         * the oracle's perft starts from the FEN alone, which does not say whether the last move was
         * a pass; ggn's perft starts from the same FEN-read position, without the playout's history.
         */
        if (v->history_ends) {
            ggn_position_free(p);
            p = q;
        } else {
            ggn_position_free(q);
        }

        /* What the sample holds: en-passant squares, castling rights, checks. */
        char board[256], side[4], castling[16], ep[16];
        if (sscanf(fen, "%255s %3s %15s %15s", board, side, castling, ep) == 4) {
            with_ep += strcmp(ep, "-") != 0;
            with_castling += strcmp(castling, "-") != 0;
        }
        const char *pocket = strchr(fen, '[');
        with_hand += pocket && pocket[1] != ']';
        in_check += ggn_position_leader_attacked(p, ggn_position_to_move(p));

        uint64_t want = fs_perft(&o, fen, DEPTH, &fsd);
        uint64_t got = ggn_perft(p, DEPTH);
        if (got != want && ggn_game_has_gating(g) && perft_without_blocking_gates(p, DEPTH) == want) {
            gate_blocks++;
            ggn_position_free(p);
            continue;
        }
        nodes += want;
        compared++;
        if (got != want) {
            mismatches++;
            printf("  MISMATCH %s perft(%d) of %s: fairy-sf %" PRIu64 ", ggn %" PRIu64 "\n", v->uci, DEPTH, fen, want,
                   got);
            ggn_divide(p, DEPTH, &ggd);
            print_divides(&fsd, &ggd);
        }
        ggn_position_free(p);
    }
    mismatches += compare_endings(&o, v, g);
    mismatches += compare_played_endings(&o, v, g);
    oracle_stop(&o);
    printf("  %s: %d positions compared at depth %d (%" PRIu64 " leaf nodes; %d with an en-passant square, %d with "
           "castling rights, %d in check, %d with pieces in hand); %d playouts ended, game end compared; %d mismatches\n",
           v->uci, compared, DEPTH, nodes, with_ep, with_castling, in_check, with_hand, ended, mismatches);
    if (random_starts) printf("  %s: %d playouts from a random start\n", v->uci, random_starts);
    if (excluded) printf("  %s: %d positions left out (the oracle castles into check, see shako_castling_past_rook)\n", v->uci, excluded);
    if (gate_blocks)
        printf("  %s: %d positions left out (the oracle refuses a gate that blocks a check, see perft_without_blocking_gates)\n",
               v->uci, gate_blocks);
    if (ggn_game_has_hands(g)) assert_true(with_hand * (hand_runs_out ? 4 : 2) >= positions);
    ggn_position_free(pos);
    ggn_game_free(g);
    assert_int_equal(compared, positions);
    assert_int_equal(mismatches, 0);
}

static void test_chess(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[0]);
}

static void test_losalamos(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[1]);
}

static void test_shatranj(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[2]);
}

static void test_makruk(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[3]);
}

static void test_crazyhouse(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[4]);
}

static void test_xiangqi(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[5]);
}

static void test_shogi(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[6]);
}

static void test_minishogi(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[7]);
}

static void test_nocastle(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[8]);
}

static void test_kingofthehill(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[9]);
}

static void test_3check(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[10]);
}

static void test_5check(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[11]);
}

static void test_antichess(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[12]);
}

static void test_breakthrough(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[13]);
}

static void test_racingkings(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[14]);
}

static void test_knightmate(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[15]);
}

static void test_horde(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[16]);
}

static void test_losers(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[17]);
}

static void test_threekings(void **state)
{
    (void)state;
    if (!oracle_present()) skip();
    run_variant(&variants[18]);
}

/* The row named by the test's state: `test_fairy NAME` runs that row alone (tests/CMakeLists.txt
 * gives each row of the issue-12 block its own CTest entry, each within its own timeout). */
static void test_listed(void **state)
{
    if (!oracle_present()) skip();
    run_variant(*state);
}

static const variant *find_variant(const char *uci)
{
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        if (strcmp(variants[i].uci, uci) == 0) return &variants[i];
    return NULL;
}

/*
 * Two groups, two CTest entries: the classic games (test_fairy) and, with
 * the argument "end", the games of issue 11 that end otherwise
 * (test_fairy_end), so that each fits the time the sanitizer run gives one
 * test (about 80 s and 60 s there). Any other argument names one row (issue
 * 12's block), run alone as test_fairy_NAME.
 */
int main(int argc, char **argv)
{
    signal(SIGPIPE, SIG_IGN); /* a dead oracle shows as a failed write, not a dead test */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && strcmp(argv[1], "end") != 0) {
        const variant *v = find_variant(argv[1]);
        if (!v) {
            fprintf(stderr, "test_fairy: no row for UCI_Variant '%s' in the variants table\n", argv[1]);
            return 1;
        }
        if (positions < POSITIONS)
            printf("test_fairy: SANITIZER BUILD: %d positions compared, not %d (the release suite compares %d)\n",
                   positions, POSITIONS, POSITIONS);
        char name[64];
        snprintf(name, sizeof name, "test_fairy_%s", v->uci);
        const struct CMUnitTest one[] = { { name, test_listed, NULL, NULL, (void *)v } };
        int failed = cmocka_run_group_tests(one, NULL, NULL);
        if (failed == 0 && skipped) return 77;
        return failed;
    }
    const struct CMUnitTest classic[] = {
        cmocka_unit_test(test_chess),
        cmocka_unit_test(test_losalamos),
        cmocka_unit_test(test_shatranj),
        cmocka_unit_test(test_makruk),
        cmocka_unit_test(test_crazyhouse),
        cmocka_unit_test(test_xiangqi),
        cmocka_unit_test(test_shogi),
        cmocka_unit_test(test_minishogi),
    };
    const struct CMUnitTest game_end[] = {
        cmocka_unit_test(test_nocastle),
        cmocka_unit_test(test_kingofthehill),
        cmocka_unit_test(test_3check),
        cmocka_unit_test(test_5check),
        cmocka_unit_test(test_antichess),
        cmocka_unit_test(test_breakthrough),
        cmocka_unit_test(test_racingkings),
        cmocka_unit_test(test_knightmate),
        cmocka_unit_test(test_horde),
        cmocka_unit_test(test_losers),
        cmocka_unit_test(test_threekings),
    };
    bool end = argc > 1 && strcmp(argv[1], "end") == 0;
    int failed = end ? cmocka_run_group_tests_name("game_end", game_end, NULL, NULL)
                     : cmocka_run_group_tests_name("classic", classic, NULL, NULL);
    if (failed == 0 && skipped) return 77;
    return failed;
}
