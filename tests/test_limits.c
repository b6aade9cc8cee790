/*
 * test_limits.c — every limit of include/ggn/limits.h that input can reach,
 * exactly at the limit (accepted) and one past it (refused with an error
 * that names the constant; never a crash, a truncation nobody asked for, or
 * undefined behaviour).
 *
 *   - files: tests/data/limits/ (written by gen_limits.py) through
 *     ggn_check_file, which compiles game specs too;
 *   - identifiers, board states, error lists, the undo stack, the move
 *     buffer, perft depth: through the API here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ggn/check.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/id.h"
#include "ggn/ruleset.h"

#define LIMITS_DIR GGN_TEST_DATA "/limits"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

static char *dup_printf(const char *fmt, ...) PRINTF_LIKE(1, 2);
static char *dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* A growing string for generated documents. */
typedef struct sbuf {
    char *s;
    size_t len, cap;
} sbuf;

static void put(sbuf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void put(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->len + (size_t)n + 1 > b->cap) {
        b->cap = 2 * (b->len + (size_t)n + 1);
        b->s = realloc(b->s, b->cap);
        assert_non_null(b->s);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* ---- files at and past each limit ---------------------------------------- */

static void test_limit_files(void **state)
{
    (void)state;
    FILE *f = fopen(LIMITS_DIR "/EXPECT", "r");
    assert_non_null(f);
    char line[1024];
    int files = 0, at = 0, past = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || line[0] == '#') continue;
        char *fields[4] = { line, NULL, NULL, NULL };
        for (int i = 1; i < 4; i++) {
            char *tab = fields[i - 1] ? strchr(fields[i - 1], '\t') : NULL;
            if (tab) {
                *tab = '\0';
                fields[i] = tab + 1;
            }
        }
        assert_non_null(fields[1]);
        char *path = dup_printf("%s/%s", LIMITS_DIR, fields[0]);
        ggn_errors *errs = malloc(sizeof *errs);
        assert_non_null(errs);
        ggn_errors_init(errs);
        ggn_file_kind kind = ggn_check_file(path, errs);
        assert_true(kind == GGN_FILE_GGN || kind == GGN_FILE_GAME_SPEC);
        if (strcmp(fields[1], "ok") == 0) {
            if (errs->errors) fail_msg("%s: expected to load, got: %s", fields[0], errs->items[0].message);
            at++;
        } else {
            assert_non_null(fields[3]);
            if (errs->errors != 1) fail_msg("%s: expected one error, got %zu", fields[0], errs->errors);
            const ggn_error *e = NULL;
            for (size_t i = 0; i < errs->count && !e; i++)
                if (errs->items[i].severity == GGN_SEVERITY_ERROR) e = &errs->items[i];
            assert_non_null(e);
            assert_string_equal(ggn_code_name(e->code), fields[1]);
            assert_string_equal(e->pointer, strcmp(fields[2], "-") == 0 ? "" : fields[2]);
            /* Every limit is reported where it is reached: the pointer's line and column too. */
            if (e->pointer[0] && (e->line <= 0 || e->column <= 0))
                fail_msg("%s: error at %s has no line:column", fields[0], e->pointer);
            if (!strstr(e->message, fields[3]))
                fail_msg("%s: message \"%s\" lacks \"%s\"", fields[0], e->message, fields[3]);
            assert_non_null(strstr(e->message, "GGN_MAX_"));
            past++;
        }
        files++;
        free(errs);
        free(path);
    }
    fclose(f);
    assert_int_equal(files, 38);
    assert_int_equal(at, past);
}

/* ---- identifiers ----------------------------------------------------------- */

static void test_id_limits(void **state)
{
    (void)state;
    char text[GGN_MAX_GAME_ID + 8];
    memset(text, 'G', GGN_MAX_GAME_ID);
    memcpy(text + GGN_MAX_GAME_ID, ":K", 3);
    ggn_gan gan;
    assert_null(ggn_gan_parse(text, strlen(text), &gan));
    assert_int_equal(strlen(gan.game), GGN_MAX_GAME_ID);
    memset(text, 'G', GGN_MAX_GAME_ID + 1);
    memcpy(text + GGN_MAX_GAME_ID + 1, ":K", 3);
    assert_string_equal(ggn_gan_parse(text, strlen(text), &gan), "game id is longer than 32 letters (GGN_MAX_GAME_ID)");

    ggn_cell cell;
    assert_null(ggn_cell_parse("a1A", 3, &cell));
    assert_int_equal(cell.dims, GGN_MAX_CELL_DIMS);
    assert_string_equal(ggn_cell_parse("a1Aa", 4, &cell), "more than 3 dimensions (GGN_MAX_CELL_DIMS)");
    /* letters: "iv" is index 255, "iw" 256; numbers: "256" is index 255 */
    assert_null(ggn_cell_parse("iv256IV", 7, &cell));
    assert_int_equal(cell.index[0], GGN_MAX_CELL_INDEX);
    assert_int_equal(cell.index[1], GGN_MAX_CELL_INDEX);
    assert_int_equal(cell.index[2], GGN_MAX_CELL_INDEX);
    assert_string_equal(ggn_cell_parse("iw1", 3, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    assert_string_equal(ggn_cell_parse("a257", 4, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    assert_string_equal(ggn_cell_parse("a1IW", 4, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    assert_string_equal(ggn_cell_parse("a99999999999999999999", 21, &cell), "index is past 255 (GGN_MAX_CELL_INDEX)");
    /* The longest label fits GGN_MAX_LABEL with its NUL. */
    char label[GGN_MAX_LABEL];
    assert_null(ggn_cell_parse("iv256IV", 7, &cell));
    assert_int_equal(ggn_cell_format(&cell, label, 7), 0); /* no room for the NUL */
    assert_string_equal(label, "");
    assert_int_equal(ggn_cell_format(&cell, label, sizeof label), 7);
    assert_string_equal(label, "iv256IV");
}

/* ---- board states ------------------------------------------------------------ */

static void hands_state(int count, ggn_error *err, bool *ok)
{
    sbuf b = { NULL, 0, 0 };
    put(&b, "{\"board\": {}, \"hands\": {\"first\": [");
    for (int i = 0; i < count; i++) put(&b, "%s\"C:P\"", i ? ", " : "");
    put(&b, "], \"second\": []}, \"active\": \"first\"}");
    ggn_error_clear(err);
    ggn_board_state *st = ggn_board_state_parse(b.s, b.len, err);
    *ok = st != NULL;
    if (st) assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "C:P"), count);
    ggn_board_state_free(st);
    free(b.s);
}

static void test_board_state_limits(void **state)
{
    (void)state;
    ggn_error err;
    bool ok;
    hands_state(GGN_MAX_HAND_PIECES, &err, &ok);
    assert_true(ok);
    hands_state(GGN_MAX_HAND_PIECES + 1, &err, &ok);
    assert_false(ok);
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "more than 1024 pieces in hand (GGN_MAX_HAND_PIECES)");

    /* FEEN counts are bounded the same way. */
    const char *feen_ok = "8/8 1024P/ C/c", *feen_past = "8/8 1025P/ C/c";
    ggn_board_state *st = ggn_board_state_parse(feen_ok, strlen(feen_ok), &err);
    assert_non_null(st);
    assert_int_equal(ggn_board_state_hand_count(st, GGN_SIDE_FIRST, "C:P"), GGN_MAX_HAND_PIECES);
    ggn_board_state_free(st);
    assert_null(ggn_board_state_parse(feen_past, strlen(feen_past), &err));
    assert_int_equal(err.code, GGN_E_VALUE);
    assert_string_equal(err.message, "FEEN: count too large (GGN_MAX_HAND_PIECES)");

    /* Occupied squares: GGN_MAX_GGN_SQUARES distinct squares, then one more. */
    st = ggn_board_state_new(GGN_SIDE_FIRST);
    assert_non_null(st);
    for (int i = 0; i < GGN_MAX_GGN_SQUARES; i++) {
        ggn_cell c = { 2, { i % 64, i / 64 } };
        char sq[GGN_MAX_LABEL];
        assert_true(ggn_cell_format(&c, sq, sizeof sq) > 0);
        if (!ggn_board_state_put(st, sq, "C:P", &err)) fail_msg("%s: %s", sq, err.message);
    }
    assert_false(ggn_board_state_put(st, "a65", "C:P", &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "more than 4096 occupied squares (GGN_MAX_GGN_SQUARES)");
    /* Replacing a piece on a square already counted is not a new square. */
    assert_true(ggn_board_state_put(st, "a1", "C:K", &err));
    ggn_board_state_free(st);

    /* The same limit reached in FEEN: 64 full ranks of 64, then one piece more. The error has the
     * column of that piece, like every other FEEN error. */
    sbuf feen = { NULL, 0, 0 };
    for (int rank = 0; rank < 65; rank++) {
        if (rank) put(&feen, "/");
        if (rank < 64) for (int file = 0; file < 64; file++) put(&feen, "P");
        else put(&feen, "P");
    }
    put(&feen, " - C/c");
    assert_null(ggn_board_state_parse(feen.s, feen.len, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "FEEN: more than 4096 occupied squares (GGN_MAX_GGN_SQUARES)");
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 64 * 65 + 1);
    assert_string_equal(err.file, "<position>");
    free(feen.s);
    /* And the hand: two counts within the limit that add up past it. */
    const char *feen_hands = "8/8 1000P25N/ C/c";
    assert_null(ggn_board_state_parse(feen_hands, strlen(feen_hands), &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "FEEN: more than 1024 pieces in hand (GGN_MAX_HAND_PIECES)");
    assert_int_equal(err.column, 10);
}

/* ---- error lists ----------------------------------------------------------------- */

static void test_error_list_limit(void **state)
{
    (void)state;
    sbuf b = { NULL, 0, 0 };
    put(&b, "{");
    for (int i = 0; i < GGN_MAX_ERRORS + 36; i++) put(&b, "%s\"bad%d\": {}", i ? ", " : "", i);
    put(&b, "}");
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    assert_null(ggn_ruleset_load_string(b.s, b.len, "many.json", NULL, errs));
    assert_int_equal(errs->count, GGN_MAX_ERRORS);
    assert_int_equal(errs->errors, GGN_MAX_ERRORS + 36);
    assert_int_equal(errs->dropped, 36);
    assert_string_equal(errs->items[GGN_MAX_ERRORS - 1].pointer, "/bad63");
    free(errs);
    free(b.s);
}

/* ---- positions: undo stack, move buffer, perft depth ------------------------ */

static ggn_game *load_text(const char *text)
{
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    ggn_game *g = ggn_game_load_string(text, strlen(text), "gen.json", errs);
    if (!g) fail_msg("does not load: %s", errs->items[0].message);
    free(errs);
    return g;
}

static void test_undo_stack_limit(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(GGN_GAMES_DIR "/chess.json", &errs);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    static const char *const shuffle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
    ggn_error err;
    for (int i = 0; i < GGN_MAX_PLY; i++) {
        ggn_move m;
        if (!ggn_move_parse(pos, shuffle[i % 4], &m, &err)) fail_msg("ply %d: %s", i, err.message);
        if (!ggn_position_make(pos, m)) fail_msg("make refused at ply %d", i);
    }
    assert_int_equal(ggn_position_history(pos), GGN_MAX_PLY);
    uint64_t hash = ggn_position_hash(pos);
    ggn_move m;
    assert_true(ggn_move_parse(pos, "g1f3", &m, &err));
    assert_false(ggn_position_make(pos, m)); /* full: refused, position unchanged */
    assert_int_equal(ggn_position_history(pos), GGN_MAX_PLY);
    assert_true(ggn_position_hash(pos) == hash);
    for (int i = 0; i < GGN_MAX_PLY; i++) assert_true(ggn_position_unmake(pos));
    assert_false(ggn_position_unmake(pos));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * 32 rooks on the diagonal of a 32x32 board, no leader: 62 pseudo-legal
 * moves each (1984 in all), more than GGN_MAX_MOVES. The documented
 * behaviour: the count of generated moves is exact when asked for with no
 * buffer; legal moves, perft and move parsing consider the first
 * GGN_MAX_MOVES in generation order; nothing is written past a buffer.
 */
static void test_move_buffer_limit(void **state)
{
    (void)state;
    sbuf b = { NULL, 0, 0 };
    put(&b, "{\"name\": \"ROOKS\", \"board\": {\"dimensions\": [32, 32]}, \"players\": ["
            "{\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\": "
            "[{\"piece\": \"ROOK\", \"positions\": [");
    for (int i = 0; i < 32; i++) put(&b, "%s[%d, %d]", i ? ", " : "", i, i);
    put(&b, "]}]}, {\"name\": \"BLACK\", \"direction\": [[1, 0], [0, -1]], \"starting_positions\": []}], "
            "\"turns\": {\"order\": [\"WHITE\", \"BLACK\"]}, \"pieces\": [{\"code\": \"ROOK\", \"moves\": [");
    static const int steps[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    for (int i = 0; i < 4; i++)
        put(&b, "%s{\"id\": %d, \"step\": [%d, %d], \"repeat\": {\"loop\": true}, "
                "\"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}",
            i ? ", " : "", i, steps[i][0], steps[i][1]);
    put(&b, "]}]}");
    ggn_game *g = load_text(b.s);
    free(b.s);
    ggn_position *pos = ggn_position_new(g);
    assert_int_equal(ggn_position_pseudo_moves(pos, NULL, 0), 32 * 62);
    ggn_move *buf = malloc((GGN_MAX_MOVES + 1) * sizeof *buf);
    assert_non_null(buf);
    buf[GGN_MAX_MOVES].from = 0xBEEF;
    assert_int_equal(ggn_position_legal_moves(pos, buf, GGN_MAX_MOVES + 1), GGN_MAX_MOVES);
    assert_int_equal(buf[GGN_MAX_MOVES].from, 0xBEEF); /* the sentinel past the truncation is untouched */
    assert_int_equal(ggn_position_pseudo_moves(pos, buf, 10), 32 * 62); /* the count, 10 written */
    assert_int_equal(ggn_perft(pos, 1), GGN_MAX_MOVES);
    assert_int_equal(ggn_position_status(pos).outcome, GGN_ONGOING);
    free(buf);
    ggn_position_free(pos);
    ggn_game_free(g);
}

static void test_fen_length_limit(void **state)
{
    (void)state;
    ggn_errors errs;
    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(GGN_GAMES_DIR "/chess.json", &errs);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    static const char start[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    char *fen = malloc(GGN_MAX_FEN_BYTES + 2);
    assert_non_null(fen);
    memset(fen, ' ', GGN_MAX_FEN_BYTES + 1);
    memcpy(fen, start, sizeof start - 1);
    fen[GGN_MAX_FEN_BYTES] = '\0'; /* exactly the limit: trailing blanks are allowed */
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s", err.message);
    fen[GGN_MAX_FEN_BYTES] = ' ';
    fen[GGN_MAX_FEN_BYTES + 1] = '\0';
    assert_false(ggn_position_set_fen(pos, fen, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_string_equal(err.message, "FEN of 8193 bytes is longer than 8192 (GGN_MAX_FEN_BYTES)");
    free(fen);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * GGN_MAX_CHAIN_CAPTURES: a game with chain captures gives a player at most
 * that many pieces, in its start (a compile error at the player's
 * starting_positions) and in a FEN, so that no chain can be longer.
 */
static void test_chain_pieces_limit(void **state)
{
    (void)state;
    char spec[8192], squares[4096];
    size_t n = 0;
    for (int i = 0; i <= GGN_MAX_CHAIN_CAPTURES; i++)
        n += (size_t)snprintf(squares + n, sizeof squares - n, "%s[%d, %d]", i ? ", " : "", i % 8, i / 8);
    snprintf(spec, sizeof spec,
             "{\"name\": \"MANY\", \"board\": {\"dimensions\": [8, 8]},\n"
             " \"players\": [{\"name\": \"A\", \"direction\": [[1, 0], [0, 1]],\n"
             "   \"starting_positions\": [{\"piece\": \"MAN\", \"positions\": [%s]}]},\n"
             "  {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]], \"starting_positions\": []}],\n"
             " \"turns\": {\"order\": [\"A\", \"B\"]},\n"
             " \"pieces\": [{\"code\": \"MAN\", \"symbol\": \"M\", \"moves\": [{\"id\": 0, \"step\": [1, 1], "
             "\"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}], \"repeat\": {\"times\": 2, \"hop\": 1}, "
             "\"chain\": {}}]}]}\n",
             squares);
    ggn_errors errs;
    ggn_errors_init(&errs);
    assert_null(ggn_game_load_string(spec, strlen(spec), "many.json", &errs));
    assert_int_equal(errs.count, 1);
    assert_int_equal(errs.items[0].code, GGN_E_LIMIT);
    assert_string_equal(errs.items[0].pointer, "/players/0/starting_positions");
    assert_int_equal(errs.items[0].line, 3);
    assert_non_null(strstr(errs.items[0].message, "starts with 33 pieces; a game with chain captures allows "
                                                  "GGN_MAX_CHAIN_CAPTURES (32) per player"));

    ggn_errors_init(&errs);
    ggn_game *g = ggn_game_load_file(GGN_GAMES_DIR "/checkers.json", &errs);
    assert_non_null(g);
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_fen(pos, "MMMMMMMM/MMMMMMMM/MMMMMMMM/MMMMMMMM/8/8/8/7m w - - 0 1", &err))
        fail_msg("%s", err.message); /* 32: the limit */
    assert_false(ggn_position_set_fen(pos, "MMMMMMMM/MMMMMMMM/MMMMMMMM/MMMMMMMM/M7/8/8/7m w - - 0 1", &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_non_null(strstr(err.message, "more than GGN_MAX_CHAIN_CAPTURES (32) pieces"));
    ggn_position_free(pos);
    ggn_game_free(g);
}

/*
 * FEN on boards past Fairy-Stockfish's 12x10, up to GGN_MAX_BOARD_SIDE: runs
 * of empty squares take two digits ("15k", "16"), and what is written reads
 * back. White's rook on the last file of rank 1 has the rank to its left and
 * the file above it (2n - 3 moves), its king on a1 three.
 */
static void test_big_board_fen(void **state)
{
    (void)state;
    static const int sides[] = { 16, GGN_MAX_BOARD_SIDE };
    for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        int n = sides[i];
        char spec[1024];
        snprintf(spec, sizeof spec,
                 "{\"name\": \"Big\", \"leader\": \"K\", \"board\": {\"dimensions\": [%d, %d]},"
                 " \"players\": [{\"name\": \"W\", \"direction\": [[1, 0], [0, 1]]},"
                 " {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]]}],"
                 " \"turns\": {\"order\": [\"W\", \"B\"]},"
                 " \"pieces\": [{\"code\": \"K\", \"symbol\": \"K\", \"betza\": \"K\"},"
                 " {\"code\": \"R\", \"symbol\": \"R\", \"betza\": \"R\"}]}",
                 n, n);
        ggn_errors errs;
        ggn_errors_init(&errs);
        ggn_game *g = ggn_game_load_string(spec, strlen(spec), "big.json", &errs);
        if (!g) fail_msg("%s", errs.count ? errs.items[0].message : "?");
        char fen[2048];
        int len = snprintf(fen, sizeof fen, "1k%d/", n - 2);
        for (int r = 0; r < n - 2; r++) len += snprintf(fen + len, sizeof fen - (size_t)len, "%d/", n);
        snprintf(fen + len, sizeof fen - (size_t)len, "K%dR w - - 0 1", n - 2);
        ggn_position *pos = ggn_position_new(g);
        ggn_error err;
        if (!ggn_position_set_fen(pos, fen, &err)) fail_msg("%s: %s", fen, err.message);
        char back[2048];
        assert_true(ggn_position_fen(pos, back, sizeof back) > 0);
        assert_string_equal(back, fen);
        assert_int_equal(ggn_perft(pos, 1), 2 * n);
        /* a rank one square too long is refused */
        char bad[2048];
        snprintf(bad, sizeof bad, "1k%d/%s", n - 1, strchr(fen, '/') + 1);
        assert_false(ggn_position_set_fen(pos, bad, &err));
        ggn_position_free(pos);
        ggn_game_free(g);
    }
}

static void test_perft_depth_limit(void **state)
{
    (void)state;
    /* A bare king on a 1x1 board has no move: every depth is 0 leaves, past the limit too. */
    const char *text = "{\"name\": \"ONE\", \"board\": {\"dimensions\": [1, 1]}, \"players\": ["
                       "{\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\": "
                       "[{\"piece\": \"KING\", \"positions\": [[0, 0]]}]}], \"turns\": {\"order\": [\"WHITE\"]}, "
                       "\"pieces\": [{\"code\": \"KING\", \"moves\": [{\"id\": 0, \"step\": [0, 1], "
                       "\"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}";
    ggn_game *g = load_text(text);
    ggn_position *pos = ggn_position_new(g);
    assert_int_equal(ggn_perft(pos, 0), 1);
    assert_int_equal(ggn_perft(pos, GGN_MAX_PERFT_DEPTH), 0);
    assert_int_equal(ggn_perft(pos, GGN_MAX_PERFT_DEPTH + 1), 0);
    assert_int_equal(ggn_perft(pos, -5), 1);
    ggn_position_free(pos);
    ggn_game_free(g);

    /* The CLI refuses a depth past the limit as a usage error (exit 2). */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s perft chess %d 2>&1", GGN_BINARY, GGN_MAX_PERFT_DEPTH + 1);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char out[1024] = "";
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 2);
    assert_non_null(strstr(out, "DEPTH must be a whole number from 0 to 32, not '33'"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limit_files),
        cmocka_unit_test(test_id_limits),
        cmocka_unit_test(test_board_state_limits),
        cmocka_unit_test(test_error_list_limit),
        cmocka_unit_test(test_undo_stack_limit),
        cmocka_unit_test(test_move_buffer_limit),
        cmocka_unit_test(test_fen_length_limit),
        cmocka_unit_test(test_big_board_fen),
        cmocka_unit_test(test_chain_pieces_limit),
        cmocka_unit_test(test_perft_depth_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
