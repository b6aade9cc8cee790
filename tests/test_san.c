/*
 * test_san.c — SAN (src/notation/san.c): every legal move of many positions
 * of every shipped two-player game has a SAN of its own that reads back as
 * the same move; the strings SAN is known for (castling, en passant,
 * promotion, disambiguation by file, rank and both, check, mate, drops,
 * shogi's promotion marks); bad SAN refused with its reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "game_util.h"
#include "ggn/notation.h"

/* The move of pos written `coords` in coordinate text; the test fails when there is none. */
static ggn_move coordinate_move(ggn_position *pos, const char *coords)
{
    ggn_move mv;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_move_parse(pos, coords, &mv, &err)) fail_msg("%s: %s", coords, err.message);
    return mv;
}

static ggn_position *at(ggn_game *g, const char *fen)
{
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    /* "startpos" (the perft vectors' word for it) is the game's start. */
    if (fen && strncmp(fen, "startpos", 8) != 0 && !ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
    return pos;
}

/* The SAN of the move written `coords` in position fen is `want`, and `want` reads back as that move. */
static void expect_san(ggn_game *g, const char *fen, const char *coords, const char *want)
{
    ggn_position *pos = at(g, fen);
    ggn_move mv = coordinate_move(pos, coords), back;
    char san[64];
    ggn_move_format_san(pos, mv, san, sizeof san);
    if (strcmp(san, want) != 0) fail_msg("%s in %s: SAN %s, expected %s", coords, fen ? fen : "start", san, want);
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_move_parse(pos, want, &back, &err)) fail_msg("%s does not read back: %s", want, err.message);
    assert_true(ggn_move_equal(back, mv));
    ggn_position_free(pos);
}

/* Typed text `text` is read as the move written `coords`. */
static void expect_reads(ggn_game *g, const char *fen, const char *text, const char *coords)
{
    ggn_position *pos = at(g, fen);
    ggn_move want = coordinate_move(pos, coords), got;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_move_parse(pos, text, &got, &err)) fail_msg("'%s' is not read: %s", text, err.message);
    if (!ggn_move_equal(got, want)) fail_msg("'%s' is read as another move than %s", text, coords);
    ggn_position_free(pos);
}

/* Text is refused with this code and a message containing `why`. */
static void expect_refused(ggn_game *g, const char *fen, const char *text, ggn_code code, const char *why)
{
    ggn_position *pos = at(g, fen);
    ggn_move mv;
    ggn_error err;
    ggn_error_clear(&err);
    if (ggn_move_parse(pos, text, &mv, &err)) fail_msg("'%s' was accepted", text);
    if (err.code != code || !strstr(err.message, why))
        fail_msg("'%s': code %d '%s', expected code %d with '%s'", text, (int)err.code, err.message, (int)code, why);
    ggn_position_free(pos);
}

/* ---- every move of many positions ---- */

typedef struct sweep {
    ggn_game *game;
    size_t moves;       /* moves checked */
    uint32_t seed;      /* the random walk's state */
} sweep;

/* Every legal move: a SAN, unique in the position, that reads back as the move (with and without its check mark). */
static void check_position(ggn_position *pos, sweep *s)
{
    ggn_move mv[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
    static char san[GGN_MAX_MOVES][64];
    char fen[GGN_MAX_FEN_BYTES + 1];
    ggn_position_fen(pos, fen, sizeof fen);
    for (size_t i = 0; i < n; i++) {
        if (!ggn_move_format_san(pos, mv[i], san[i], sizeof san[i])) fail_msg("%s: a move without SAN", fen);
        for (size_t j = 0; j < i; j++) {
            if (strcmp(san[i], san[j]) != 0) continue;
            /* Only moves that coordinate text cannot tell apart either (same squares and promotion) may share a SAN. */
            char a[64], b[64];
            ggn_move_format(pos, mv[i], a, sizeof a);
            ggn_move_format(pos, mv[j], b, sizeof b);
            if (strcmp(a, b) != 0) fail_msg("%s: %s and %s are both written %s", fen, a, b, san[i]);
        }
        ggn_move back;
        ggn_error err;
        ggn_error_clear(&err);
        if (!ggn_move_parse(pos, san[i], &back, &err)) fail_msg("%s: %s does not read back: %s", fen, san[i], err.message);
        char a[64], b[64];
        ggn_move_format(pos, mv[i], a, sizeof a);
        ggn_move_format(pos, back, b, sizeof b);
        if (strcmp(a, b) != 0) fail_msg("%s: %s (%s) reads back as %s", fen, san[i], a, b);
        size_t len = strlen(san[i]);
        if (san[i][len - 1] == '#' || (san[i][len - 1] == '+' && len > 1 && san[i][len - 2] != '@')) {
            char bare[64];
            snprintf(bare, sizeof bare, "%.*s", (int)len - 1, san[i]);
            /* A shogi promotion's '+' is no check mark: only strip what the check added. */
            ggn_position_make(pos, mv[i]);
            bool check = ggn_position_leader_attacked(pos, ggn_position_to_move(pos));
            ggn_position_unmake(pos);
            if (check && (!ggn_move_parse(pos, bare, &back, &err) || !ggn_move_equal(back, mv[i])))
                fail_msg("%s: %s without its check mark is not read as the move", fen, san[i]);
        }
        s->moves++;
    }
}

static void visit(const char *fen, void *ctx)
{
    sweep *s = ctx;
    ggn_position *pos = at(s->game, fen);
    /* The position and 40 plies of a random game from it. */
    for (int ply = 0; ply < 40; ply++) {
        check_position(pos, s);
        ggn_move mv[GGN_MAX_MOVES];
        size_t n = ggn_position_legal_moves(pos, mv, GGN_MAX_MOVES);
        if (n == 0 || ggn_position_status(pos).outcome != GGN_ONGOING) break;
        s->seed = s->seed * 1103515245u + 12345u;
        ggn_position_make(pos, mv[(s->seed >> 8) % n]);
    }
    ggn_position_free(pos);
}

static void every_move_of(const char *game_file, const char *epd)
{
    sweep s = { load(game_file), 0, 7 };
    assert_true(ggn_game_has_fen(s.game));
    int positions = for_each_epd_fen(epd, visit, &s);
    assert_true(positions > 0);
    assert_true(s.moves > 1000);
    ggn_game_free(s.game);
}

static void test_every_move_chess(void **state) { (void)state; every_move_of("chess.json", "chess.epd"); every_move_of("chess.json", "chess-edge.epd"); }
static void test_every_move_crazyhouse(void **state) { (void)state; every_move_of("crazyhouse.json", "crazyhouse.epd"); }
static void test_every_move_shogi(void **state) { (void)state; every_move_of("shogi.json", "shogi.epd"); }
static void test_every_move_minishogi(void **state) { (void)state; every_move_of("minishogi.json", "minishogi.epd"); }
static void test_every_move_xiangqi(void **state) { (void)state; every_move_of("xiangqi.json", "xiangqi.epd"); }
static void test_every_move_makruk(void **state) { (void)state; every_move_of("makruk.json", "makruk.epd"); }
static void test_every_move_shatranj(void **state) { (void)state; every_move_of("shatranj.json", "shatranj.epd"); }
static void test_every_move_losalamos(void **state) { (void)state; every_move_of("losalamos.json", "losalamos.epd"); }

static void test_every_move_fischerandom(void **state) { (void)state; every_move_of("fischerandom.json", "fischerandom.epd"); }
static void test_every_move_caparandom(void **state) { (void)state; every_move_of("caparandom.json", "caparandom.epd"); }

/* ---- known strings ---- */

/* Castling to fixed files (castle moves): O-O towards the higher file, O-O-O the lower, wherever the
 * king and rook start; the coordinates are king takes rook, even when the king does not move. */
static void test_castle_strings(void **state)
{
    (void)state;
    ggn_game *g = load("fischerandom.json");
    const char *fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    expect_san(g, fen, "e1g1", "O-O");
    expect_san(g, fen, "e1b1", "O-O-O");
    expect_reads(g, fen, "0-0-0", "e1b1");
    expect_san(g, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w Hgb - 0 1", "g1h1", "O-O");
    ggn_game_free(g);
    g = load("caparandom.json");
    expect_san(g, "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1", "e1j1", "O-O");
    expect_san(g, "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1", "e1a1", "O-O-O");
    ggn_game_free(g);
}

static void test_chess_strings(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    expect_san(g, NULL, "e2e4", "e4");
    expect_san(g, NULL, "g1f3", "Nf3");
    expect_san(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O");
    expect_san(g, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O");
    expect_san(g, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O");
    expect_san(g, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6");
    expect_san(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8q", "a8=Q+");
    expect_san(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a7a8n", "a8=N");
    expect_san(g, "1n2k3/P7/8/8/8/8/8/7K w - - 0 1", "a7b8r", "axb8=R+");
    expect_san(g, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2");
    expect_san(g, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2");
    expect_san(g, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3");
    expect_san(g, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3");
    expect_san(g, "5k2/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1");
    expect_san(g, "5k2/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "e4e1", "Qee1");
    expect_san(g, "5k2/8/8/8/4Q2Q/8/8/K6Q w - - 0 1", "h1e1", "Q1e1");
    expect_san(g, "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "h1h8", "Rh8+");
    expect_san(g, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1a8", "Ra8#");
    expect_san(g, "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "f3e5", "Nxe5");
    /* Two pawns can take on the same square: the file tells them apart. */
    expect_san(g, "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1", "c4d5", "cxd5");
    ggn_game_free(g);
}

static void test_typed_forms(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    const char *castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    expect_reads(g, castle, "0-0", "e1g1");
    expect_reads(g, castle, "0-0-0", "e1c1");
    expect_reads(g, castle, "O-O+", "e1g1");
    expect_reads(g, NULL, "Ng1f3", "g1f3");
    expect_reads(g, NULL, "Ngf3", "g1f3");
    expect_reads(g, NULL, "Nf3!?", "g1f3");
    expect_reads(g, NULL, "e2e4", "e2e4");
    expect_reads(g, "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "ef6", "e5f6");
    expect_reads(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a8Q", "a7a8q");
    expect_reads(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a8=q", "a7a8q");
    expect_reads(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a8=N+", "a7a8n"); /* a wrong check mark is forgiven */
    ggn_game_free(g);
}

static void test_bad_san(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    expect_refused(g, NULL, "Zf3", GGN_E_VALUE, "no piece of this game is written Z");
    expect_refused(g, NULL, "Nf9", GGN_E_VALUE, "f9 is not a square");
    expect_refused(g, NULL, "Nf6", GGN_E_ILLEGAL, "not a legal move");
    /* Text that starts like coordinates keeps the coordinate reader's message (PGN replay says it as SAN). */
    expect_refused(g, NULL, "e5", GGN_E_VALUE, "'e5' is not a move: write it as source and destination");
    expect_refused(g, NULL, "O-O", GGN_E_ILLEGAL, "castling");
    expect_refused(g, NULL, "N", GGN_E_VALUE, "is not a move");
    expect_refused(g, NULL, "+-+", GGN_E_VALUE, "is not a move");
    expect_refused(g, "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", GGN_E_VALUE, "ambiguous: it could be N");
    expect_refused(g, "8/P7/8/8/8/8/8/k6K w - - 0 1", "a8", GGN_E_STATE, "promotes");
    char long_text[400];
    memset(long_text, 'N', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    expect_refused(g, NULL, long_text, GGN_E_VALUE, "too long");
    ggn_game_free(g);
}

static void test_drops(void **state)
{
    (void)state;
    ggn_game *g = load("crazyhouse.json");
    const char *fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QRBNPqrbnp] w KQkq - 2 3";
    expect_san(g, fen, "P@d6", "P@d6");
    expect_san(g, fen, "N@d6", "N@d6+");
    expect_san(g, fen, "Q@e2", "Q@e2");
    ggn_game_free(g);
}

static void test_shogi_promotion(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    /* After 7g7f 3c3d the bishops see each other: taking may promote ("=H", the horse's letter) or
     * not (no mark), as Fairy-Stockfish writes them. */
    const char *fen = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 0 2";
    expect_san(g, fen, "b2h8+", "Bxh8=H");
    expect_san(g, fen, "b2h8", "Bxh8");
    /* The promoted bishop moves as the horse "H"; a shogi pawn has its letter. */
    expect_san(g, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] b - - 0 2", "g9h8", "Sxh8");
    expect_san(g, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] w - - 0 2", "h8g9", "Hxg9");
    expect_san(g, NULL, "a3a4", "Pa4");
    /* ggn's classic spelling is still read: "+" promotes, "=" declines, "+B" is the horse, "a4" the pawn. */
    expect_reads(g, fen, "Bxh8+", "b2h8+");
    expect_reads(g, fen, "Bxh8=", "b2h8");
    expect_reads(g, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[b] w - - 0 2", "+Bxg9", "h8g9");
    expect_reads(g, NULL, "a4", "a3a4");
    ggn_game_free(g);
}

/*
 * SAN as Fairy-Stockfish writes it (issue 41), from each kind's "san" letter and the game's rules:
 * xiangqi's horse and elephant, a soldier's letter, janggi's pass, the mating third check, a
 * castling gate with its square, sittuyin's promotion that moves, kyotoshogi's turned pieces. The
 * texts are ffish 0.7.10's for the same moves; ggn's classic spelling reads back too.
 */
static void test_fsf_spelling(void **state)
{
    (void)state;
    ggn_game *g = load("xiangqi.json");
    expect_san(g, NULL, "b1c3", "Hc3");
    expect_san(g, NULL, "c1e3", "Ece3");
    expect_san(g, NULL, "a4a5", "Pa5");
    expect_reads(g, NULL, "Nc3", "b1c3");
    expect_reads(g, NULL, "Bce3", "c1e3");
    expect_reads(g, NULL, "a5", "a4a5");
    ggn_game_free(g);

    g = load("janggi.json");
    expect_san(g, NULL, "b1c3", "Hc3");
    expect_san(g, NULL, "a4b4", "Pab4");
    expect_san(g, NULL, "e2e2", "Ke2"); /* the pass: the general stays where it stands */
    expect_reads(g, NULL, "pass", "e2e2");
    ggn_game_free(g);

    /* The third check ends the game: no move is left after it, so it is written as a mate. */
    g = load("3check.json");
    expect_san(g, "4kbnr/r2n1pp1/2b5/3P3P/pp2p1K1/1q1PP3/2R5/BN6 b - - 3+1 2 43", "d7e5", "Ne5#");
    expect_san(g, "4kbnr/r2n1pp1/2b5/3P3P/pp2p1K1/1q1PP3/2R5/BN6 b - - 3+1 2 43", "f7f5", "f5#");
    ggn_game_free(g);

    /* A gate on castling names its square; a gate on another move does not. */
    g = load("seirawan.json");
    const char *castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQACDEFGHkqacdefgh - 0 1";
    expect_san(g, castle, "e1g1h", "O-O/He1");
    expect_san(g, castle, "h1e1e", "O-O/Eh1");
    expect_san(g, castle, "e1d1h", "Kd1/H");
    expect_reads(g, castle, "O-O/H", "e1g1h");
    ggn_game_free(g);

    /* A pawn that can also promote in place names its whole square when its promotion moves. */
    g = load("sittuyin.json");
    const char *promote = "2n4r/4R3/s2n1p1N/p6P/k1ppspP1/P6S/K4RF1/6r1[] b - - 2 44";
    expect_san(g, promote, "d4c3f", "d4c3=F");
    expect_san(g, promote, "c4c3", "c3");
    ggn_game_free(g);

    /* Every kyotoshogi move turns the piece over: "=B" up, "=L" back down, a drop by its face. */
    g = load("kyotoshogi.json");
    expect_san(g, NULL, "b1a2+", "Sa2=B");
    expect_san(g, NULL, "a1a2-", "Ga2=L");
    expect_san(g, "2k2/5/5/5/2K2[Pn] w - - 0 1", "+P@c3", "R@c3+");
    expect_reads(g, NULL, "+La2-", "a1a2-");
    ggn_game_free(g);

    /* Micro's rook and bishop both drop as a gold: Fairy-Stockfish writes both "G@b2", which names
     * neither, so ggn writes them by their symbols; a drop no other shares keeps its letter. */
    g = load("micro.json");
    const char *hand = "k3/4/4/4/3K[RB] w - - 0 1";
    expect_san(g, hand, "+R@b2", "+R@b2");
    expect_san(g, hand, "+B@b2", "+B@b2");
    expect_san(g, hand, "R@b2", "R@b2");
    expect_san(g, "k3/4/4/4/3K[R] w - - 0 1", "+R@b2", "G@b2");
    ggn_game_free(g);
}

/* A move that does not fit the position (a square past the board, an empty source, an unknown
 * move definition, a drop of a kind not in hand) has no SAN: 0 and an empty text, as the other
 * formatters answer, and nothing is read out of bounds (issue 41, item 12). */
static void test_unfit_move(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_position *pos = at(g, NULL);
    ggn_move fit = coordinate_move(pos, "g1f3");
    ggn_move unfit[6] = { fit, fit, fit, fit, fit, fit };
    unfit[0].to = 64 * 64;             /* past the board */
    unfit[1].from = 27;                /* d4: empty */
    unfit[2].pattern = 200;            /* the knight has no move definition 200 */
    unfit[3].action = 200;             /* nor an action 200 */
    unfit[4].from = 52;                /* e7: a piece of the player not to move */
    unfit[4].to = 36;
    unfit[5].from = GGN_MOVE_DROP;      /* a drop in a game without hands */
    unfit[5].pattern = 0;
    for (int i = 0; i < 6; i++) {
        char san[64] = "unchanged";
        assert_int_equal(ggn_move_format_san(pos, unfit[i], san, sizeof san), 0);
        assert_string_equal(san, "");
    }
    char san[64];
    assert_true(ggn_move_format_san(pos, fit, san, sizeof san) > 0);
    assert_string_equal(san, "Nf3");
    ggn_position_free(pos);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_strings),
        cmocka_unit_test(test_castle_strings),
        cmocka_unit_test(test_every_move_fischerandom),
        cmocka_unit_test(test_every_move_caparandom),
        cmocka_unit_test(test_typed_forms),
        cmocka_unit_test(test_bad_san),
        cmocka_unit_test(test_drops),
        cmocka_unit_test(test_unfit_move),
        cmocka_unit_test(test_shogi_promotion),
        cmocka_unit_test(test_fsf_spelling),
        cmocka_unit_test(test_every_move_chess),
        cmocka_unit_test(test_every_move_crazyhouse),
        cmocka_unit_test(test_every_move_shogi),
        cmocka_unit_test(test_every_move_minishogi),
        cmocka_unit_test(test_every_move_xiangqi),
        cmocka_unit_test(test_every_move_makruk),
        cmocka_unit_test(test_every_move_shatranj),
        cmocka_unit_test(test_every_move_losalamos),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
