/*
 * test_resources.c — how ggn behaves on input built to exhaust it: a file
 * far past GGN_MAX_FILE_BYTES, one exactly at it, nesting 10,000 deep, a
 * board at the size limit played to perft 2, a spec with a thousand
 * starting pieces, and positions with no legal move at all; and the memory
 * of the commands that read big files (issue 41): `ggn pgn` on a file of
 * many games, and every GGN command on libraries of every shape, each
 * within GGN_TEST_MEMORY_FACTOR times the file above what the same command
 * takes on a tiny file (peak resident memory of the process, ru_maxrss).
 *
 * Time checks are generous and only guard against a hang or an input that
 * is read when it should be refused unread; they are not speed claims.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include "ggn/check.h"
#include "ggn/game.h"
#include "ggn/notation.h"
#include "ggn/ruleset.h"
#include "../bench/ggn_gen.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char tmpdir[256];

static int make_tmpdir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "%s/ggn-resources-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    return rmdir(tmpdir);
}

static ggn_errors *new_errors(void)
{
    ggn_errors *errs = malloc(sizeof *errs);
    assert_non_null(errs);
    ggn_errors_init(errs);
    return errs;
}

/* ---- file size ------------------------------------------------------------ */

static void test_100_mb_file_refused_unread(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/huge.json", tmpdir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    /* 100 MB: a '{' at the start and the end, the rest a sparse hole of NUL bytes. */
    const long size = 100L * 1024 * 1024;
    assert_int_equal(fputc('{', f), '{');
    assert_int_equal(fseek(f, size - 1, SEEK_SET), 0);
    assert_int_equal(fputc('}', f), '}');
    assert_int_equal(fclose(f), 0);

    ggn_errors *errs = new_errors();
    double t0 = now();
    assert_int_equal(ggn_check_file(path, errs), GGN_FILE_UNKNOWN);
    double took = now() - t0;
    assert_int_equal(errs->count, 1);
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    assert_string_equal(errs->items[0].message, "file of 104857600 bytes is larger than 67108864 (GGN_MAX_FILE_BYTES)");
    assert_string_equal(errs->items[0].file, path);
    /* Refused from its size alone: reading 100 MB would take far longer than this on any machine. */
    assert_true(took < 0.5);

    ggn_errors_init(errs);
    assert_null(ggn_game_load_file(path, errs));
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    ggn_errors_init(errs);
    assert_null(ggn_ruleset_load_file(path, NULL, errs));
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    assert_int_equal(unlink(path), 0);

    /* In memory the same: the length is checked before anything is copied. */
    char *big = malloc((size_t)GGN_MAX_FILE_BYTES + 1);
    assert_non_null(big);
    ggn_errors_init(errs);
    t0 = now();
    assert_null(ggn_ruleset_load_string(big, (size_t)GGN_MAX_FILE_BYTES + 1, "big", NULL, errs));
    assert_true(now() - t0 < 0.5);
    assert_string_equal(errs->items[0].message, "input of 67108865 bytes is larger than 67108864 (GGN_MAX_FILE_BYTES)");
    free(big);
    free(errs);
}

static void test_file_exactly_at_size_limit_loads(void **state)
{
    (void)state;
    static const char doc[] = "{\"C:K\": {\"e1\": {\"e2\": [{\"must\": {\"e2\": \"empty\"}, \"deny\": {}}]}}}";
    char path[512];
    snprintf(path, sizeof path, "%s/limit.json", tmpdir);
    char *text = malloc((size_t)GGN_MAX_FILE_BYTES);
    assert_non_null(text);
    memset(text, ' ', (size_t)GGN_MAX_FILE_BYTES);
    memcpy(text, doc, sizeof doc - 1);
    text[GGN_MAX_FILE_BYTES - 1] = '\n';
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, (size_t)GGN_MAX_FILE_BYTES, f), (size_t)GGN_MAX_FILE_BYTES);
    assert_int_equal(fclose(f), 0);
    free(text);

    ggn_errors *errs = new_errors();
    double t0 = now();
    assert_int_equal(ggn_check_file(path, errs), GGN_FILE_GGN);
    assert_int_equal(errs->errors, 0);
    assert_true(now() - t0 < 400); /* a hang guard: under valgrind the 64 MiB take minutes */
    assert_int_equal(unlink(path), 0);
    free(errs);
}

/* ---- nesting -------------------------------------------------------------- */

static void test_10000_deep_nesting(void **state)
{
    (void)state;
    enum { DEPTH = 10000 };
    char *text = malloc(2 * DEPTH + 16);
    assert_non_null(text);
    /* {"a":{"a":...[[[[ ... : objects then arrays, on the second line */
    size_t n = 0;
    text[n++] = '\n';
    for (int i = 0; i < DEPTH / 2; i++) text[n++] = '[';
    for (int i = 0; i < DEPTH / 2; i++) text[n++] = ']';

    ggn_errors *errs = new_errors();
    assert_null(ggn_ruleset_load_string(text, n, "deep.json", NULL, errs));
    assert_int_equal(errs->count, 1);
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    assert_int_equal(errs->items[0].line, 2);
    assert_int_equal(errs->items[0].column, GGN_MAX_JSON_DEPTH + 1);
    assert_string_equal(errs->items[0].message, "nesting deeper than 64 levels (GGN_MAX_JSON_DEPTH)");

    ggn_errors_init(errs);
    assert_null(ggn_game_load_string(text, n, "deep.json", errs));
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    assert_int_equal(errs->items[0].line, 2);
    assert_int_equal(errs->items[0].column, GGN_MAX_JSON_DEPTH + 1);

    /* Object nesting, on one line, in a board state. */
    n = 0;
    for (int i = 0; i < DEPTH; i++) {
        memcpy(text + n, "{\"", 2);
        n += 2;
        if (n > 2 * DEPTH - 8) break;
        text[n++] = '"';
        text[n++] = ':';
    }
    text[n] = '\0';
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_board_state_parse(text, n, &err));
    assert_int_equal(err.code, GGN_E_LIMIT);
    assert_int_equal(err.line, 1);
    assert_int_equal(err.column, 4 * GGN_MAX_JSON_DEPTH + 1);
    assert_non_null(strstr(err.message, "(GGN_MAX_JSON_DEPTH)"));
    free(text);
    free(errs);
}

/* ---- a board at the size limit -------------------------------------------- */

/*
 * 32x32, a rook on every square of WHITE's first rank and of BLACK's, no
 * leader. WHITE: 32 rooks x (30 empty squares + 1 capture) = 992 moves.
 * perft 2, worked out by hand: after WHITE's rook on file c stops on rank
 * k (1..30), BLACK has 31 rooks x 31 moves + 31 - k on file c; after it
 * captures on rank 32, BLACK has 31 x 31 + 2 (1 on an edge file) sideways
 * captures of it: 32 x (sum(992 - k, k = 1..30) + 961) + 62 = 968254.
 */
#define FEN_32 "rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/32/RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR w - - 0 1"

static void test_board_at_size_limit(void **state)
{
    (void)state;
    size_t cap = 16384, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n,
                          "{\"name\": \"BIG\", \"board\": {\"dimensions\": [%d, %d]}, \"players\": [",
                          GGN_MAX_BOARD_SIDE, GGN_MAX_BOARD_SIDE);
    for (int p = 0; p < 2; p++) {
        n += (size_t)snprintf(text + n, cap - n,
                              "%s{\"name\": \"%s\", \"direction\": [[1, 0], [0, %d]], \"starting_positions\": "
                              "[{\"piece\": \"ROOK\", \"positions\": [",
                              p ? ", " : "", p ? "BLACK" : "WHITE", p ? -1 : 1);
        for (int x = 0; x < GGN_MAX_BOARD_SIDE; x++)
            n += (size_t)snprintf(text + n, cap - n, "%s[%d, %d]", x ? ", " : "", x, p ? GGN_MAX_BOARD_SIDE - 1 : 0);
        n += (size_t)snprintf(text + n, cap - n, "]}]}");
    }
    n += (size_t)snprintf(text + n, cap - n, "], \"turns\": {\"order\": [\"WHITE\", \"BLACK\"]}, "
                                             "\"pieces\": [{\"code\": \"ROOK\", \"symbol\": \"R\", \"moves\": [");
    static const int steps[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    for (int i = 0; i < 4; i++)
        n += (size_t)snprintf(text + n, cap - n,
                              "%s{\"id\": %d, \"step\": [%d, %d], \"repeat\": {\"loop\": true}, \"actions\": "
                              "[{\"state\": \"EMPTY\", \"action\": \"MOVE\"}, {\"state\": \"ENEMY\", \"action\": \"CAPTURE\"}]}",
                              i ? ", " : "", i, steps[i][0], steps[i][1]);
    n += (size_t)snprintf(text + n, cap - n, "]}]}");
    assert_true(n < cap);

    ggn_errors *errs = new_errors();
    ggn_game *g = ggn_game_load_string(text, n, "big.json", errs);
    if (!g) fail_msg("%s", errs->items[0].message);
    free(errs);
    free(text);
    assert_int_equal(ggn_game_cols(g), 32);
    assert_int_equal(ggn_game_rows(g), 32);
    ggn_position *pos = ggn_position_new(g);
    ggn_move moves[GGN_MAX_MOVES];
    assert_int_equal(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), 992);
    char label[32];
    size_t len = ggn_move_format(pos, moves[0], label, sizeof label);
    assert_int_equal(len, strlen(label));
    assert_string_equal(label, "a1a2");
    ggn_move m;
    ggn_error err;
    assert_true(ggn_move_parse(pos, "af1af32", &m, &err)); /* the last file captures on the last rank */
    assert_true(ggn_move_is_capture(pos, m));
    assert_true(ggn_move_parse(pos, "x1x5", &m, &err));     /* file x: not a capture mark */
    double t0 = now();
    assert_int_equal(ggn_perft(pos, 1), 992);
    assert_int_equal(ggn_perft(pos, 2), 968254);
    assert_true(now() - t0 < 120); /* a hang guard */
    char fen[2048];
    assert_true(ggn_position_fen(pos, fen, sizeof fen) > 0);
    assert_string_equal(fen, FEN_32);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- thousands of pieces ---------------------------------------------------- */

static void test_thousand_pieces_refused_at_limit(void **state)
{
    (void)state;
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    n += (size_t)snprintf(text + n, cap - n,
                          "{\"name\": \"CROWD\", \"board\": {\"dimensions\": [32, 32]}, \"players\": ["
                          "{\"name\": \"WHITE\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\": "
                          "[{\"piece\": \"KING\", \"positions\": [");
    for (int i = 0; i < 1024; i++) n += (size_t)snprintf(text + n, cap - n, "%s[%d, %d]", i ? ", " : "", i % 32, i / 32);
    n += (size_t)snprintf(text + n, cap - n,
                          "]}]}], \"turns\": {\"order\": [\"WHITE\"]}, \"pieces\": [{\"code\": \"KING\", \"moves\": "
                          "[{\"id\": 0, \"step\": [0, 1], \"actions\": [{\"state\": \"EMPTY\", \"action\": \"MOVE\"}]}]}]}");
    assert_true(n < cap);
    ggn_errors *errs = new_errors();
    double t0 = now();
    assert_null(ggn_game_load_string(text, n, "crowd.json", errs));
    assert_true(now() - t0 < 10); /* a hang guard */
    assert_int_equal(errs->errors, 1);
    assert_int_equal(errs->items[0].code, GGN_E_LIMIT);
    assert_string_equal(errs->items[0].pointer, "/players/0/starting_positions/0/positions");
    assert_string_equal(errs->items[0].message, "1024 entries, more than the limit of 255 (GGN_MAX_PIECES_ON_BOARD)");
    free(errs);
    free(text);
}

/* ---- no legal move --------------------------------------------------------- */

static void test_positions_without_moves(void **state)
{
    (void)state;
    ggn_errors *errs = new_errors();
    ggn_game *g = ggn_game_load_file(GGN_GAMES_DIR "/chess.json", errs);
    assert_non_null(g);
    free(errs);
    ggn_position *pos = ggn_position_new(g);
    ggn_error err;
    ggn_move moves[GGN_MAX_MOVES];

    assert_true(ggn_position_set_fen(pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &err));
    ggn_status st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_STALEMATE);
    assert_int_equal(st.winner, -1);
    assert_false(st.in_check);
    assert_int_equal(ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES), 0);
    assert_int_equal(ggn_perft(pos, 1), 0);
    assert_int_equal(ggn_perft(pos, 5), 0);
    ggn_move m;
    assert_false(ggn_move_parse(pos, "h8g8", &m, &err));
    assert_int_equal(err.code, GGN_E_ILLEGAL);

    assert_true(ggn_position_set_fen(pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", &err));
    st = ggn_position_status(pos);
    assert_int_equal(st.outcome, GGN_CHECKMATE);
    assert_int_equal(st.winner, 0);
    assert_true(st.in_check);
    assert_int_equal(ggn_perft(pos, 1), 0);
    assert_int_equal(ggn_perft(pos, 3), 0);
    ggn_position_free(pos);
    ggn_game_free(g);
}

/* ---- memory of the commands that read big files ------------------------- */

/*
 * The bound of issue 41: a command's peak memory within 8 times its input,
 * counted above what the same command takes on a tiny input (the program,
 * its libraries and a game spec, a few MB that no input size changes).
 */
#define GGN_TEST_MEMORY_FACTOR 8

/* Runs argv (output to /dev/null); its peak resident memory in KiB, and its exit status into *status. */
static long peak_kib(const char *const *argv, int *status)
{
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    assert_int_equal(wait4(pid, &st, 0, &ru), pid);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return ru.ru_maxrss;
}

static long file_kib(const char *path)
{
    struct stat sb;
    assert_int_equal(stat(path, &sb), 0);
    return (long)(sb.st_size / 1024);
}

/*
 * Runs `ggn ARGS` with FILE put where "@" is among the arguments, on the
 * tiny file and on the big one; the big run's peak must be within the
 * bound of the tiny run's, and both must exit with want_status.
 */
/* want_status for a command whose answer is not the point: the big file's run ends as the tiny file's did */
#define SAME_STATUS (-2)

static void check_memory_plus(const char *what, const char *tiny, const char *big, int want_status,
                              const char *const *args, const char *output);

static void check_memory(const char *what, const char *tiny, const char *big, int want_status, const char *const *args)
{
    check_memory_plus(what, tiny, big, want_status, args, NULL);
}

/*
 * check_memory for a command that writes a file (output) it holds whole
 * until written (ggn convert, whose text is at most GGN_MAX_FILE_BYTES):
 * that file's size is allowed on top of the bound.
 */
static void check_memory_plus(const char *what, const char *tiny, const char *big, int want_status,
                              const char *const *args, const char *output)
{
    const char *argv[16] = { GGN_BINARY };
    int n = 1, at = -1;
    for (int k = 0; args[k] && n < 15; k++) {
        if (strcmp(args[k], "@") == 0) at = n;
        argv[n++] = args[k];
    }
    argv[n] = NULL;
    assert_true(at > 0);
    int status;
    argv[at] = tiny;
    long base = peak_kib(argv, &status);
    if (want_status == SAME_STATUS) want_status = status;
    assert_int_equal(status, want_status);
    argv[at] = big;
    long peak = peak_kib(argv, &status);
    long size = file_kib(big), written = output ? file_kib(output) : 0;
    printf("%-40s %7ld KiB file: peak %7ld KiB, %6ld KiB above the tiny file's %ld KiB (%.1fx the file)", what,
           size, peak, peak - base, base, (double)(peak - base) / (double)size);
    if (output) printf(", %ld KiB written", written);
    printf("\n");
    if (status != want_status) fprintf(stderr, "%s: exit %d, want %d\n", what, status, want_status);
    assert_int_equal(status, want_status);
    assert_true(peak - base <= GGN_TEST_MEMORY_FACTOR * size + written);
}

/* Writes text to tmpdir/name; the path into path. */
static void write_file(char *path, size_t cap, const char *name, const char *text, size_t len)
{
    snprintf(path, cap, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* The memory tests measure the program as built: a sanitizer's runtime keeps freed memory on purpose. */
static bool memory_measurable(void)
{
#ifdef GGN_TEST_SANITIZED
    printf("test_resources: SKIPPED the memory bounds: a sanitizer build keeps freed memory in quarantine\n");
    return false;
#else
    return true;
#endif
}

/* `ggn pgn` reads a file of 20,000 games one game at a time: its memory does not grow with them. */
static void test_pgn_memory(void **state)
{
    (void)state;
    if (!memory_measurable()) skip();
    const char *game = "[Event \"club\"]\n[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    size_t one = strlen(game), count = 20000;
    char *text = malloc(one * count);
    assert_non_null(text);
    for (size_t i = 0; i < count; i++) memcpy(text + i * one, game, one);
    char tiny[512], big[512], json[512];
    write_file(tiny, sizeof tiny, "one.pgn", text, one);
    write_file(big, sizeof big, "many.pgn", text, one * count);
    free(text);
    snprintf(json, sizeof json, "%s/many.json", tmpdir);
    check_memory("ggn pgn (20,000 games)", tiny, big, 0, (const char *const[]){ "pgn", "@", NULL });
    check_memory("ggn pgn --to json (20,000 games)", tiny, big, 0,
                 (const char *const[]){ "pgn", "@", "--to", "json", "-o", json, NULL });
    unlink(tiny);
    unlink(big);
    unlink(json);
}

/* A growing text for the generated libraries. */
typedef struct text_buf {
    char *s;
    size_t len, cap;
} text_buf;

static void put_text(text_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void put_text(text_buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        assert_true(n >= 0);
        if (b->s && (size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 1 << 16;
        while (cap < b->len + (size_t)n + 1) cap *= 2;
        b->s = realloc(b->s, cap);
        assert_non_null(b->s);
        b->cap = cap;
    }
}

/* A square of an n x n board as CELL writes it: files a..z then aa, ab, ...; ranks from 1 (out holds 16 bytes). */
static void cell(char *out, int file, int rank)
{
    char letters[4];
    int k = 0;
    for (int f = file + 1; f > 0; f = (f - 1) / 26) letters[k++] = (char)('a' + (f - 1) % 26);
    int n = 0;
    while (k) out[n++] = letters[--k];
    snprintf(out + n, 12, "%d", rank % 100000 + 1);
}

/* n copies of the possibility {} in one array (must-deny): the smallest text a possibility has. */
static void gen_empty_possibilities(text_buf *b, size_t n)
{
    put_text(b, "{\"C:R\":{\"a1\":{\"a2\":[");
    for (size_t i = 0; i < n; i++) put_text(b, i ? ",{}" : "{}");
    put_text(b, "]}}}");
}

/* Empty possibility arrays (must-deny) from every square of an n x n board to every square on its lines. */
static void gen_empty_arrays(text_buf *b, int n)
{
    put_text(b, "{\"C:R\":{");
    for (int f = 0; f < n; f++)
        for (int r = 0; r < n; r++) {
            char from[16];
            cell(from, f, r);
            put_text(b, "%s\"%s\":{", f || r ? "," : "", from);
            bool first = true;
            for (int t = 0; t < n * n; t++) {
                int tf = t / n, tr = t % n;
                if ((tf == f) == (tr == r)) continue; /* the same square, or off its lines */
                char to[16];
                cell(to, tf, tr);
                put_text(b, "%s\"%s\":[]", first ? "" : ",", to);
                first = false;
            }
            put_text(b, "}");
        }
    put_text(b, "}}");
}

/* Compact rook slides of up to reach squares on an n x n board (must-deny), every path square tested. */
static void gen_compact_slides(text_buf *b, int n, int reach)
{
    static const int dirs[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
    put_text(b, "{\"C:R\":{");
    for (int f = 0; f < n; f++)
        for (int r = 0; r < n; r++) {
            char from[16];
            cell(from, f, r);
            put_text(b, "%s\"%s\":{", f || r ? "," : "", from);
            bool first = true;
            for (int d = 0; d < 4; d++) {
                char path[32][16];
                int npath = 0;
                for (int k = 1; k <= reach && npath < 32; k++) {
                    int tf = f + dirs[d][0] * k, tr = r + dirs[d][1] * k;
                    if (tf < 0 || tr < 0 || tf >= n || tr >= n) break;
                    char to[16];
                    cell(to, tf, tr);
                    put_text(b, "%s\"%s\":[", first ? "" : ",", to);
                    first = false;
                    for (int v = 0; v < 2; v++) {
                        put_text(b, "%s{\"must\":{", v ? "," : "");
                        for (int p = 0; p < npath; p++) put_text(b, "\"%s\":\"empty\",", path[p]);
                        put_text(b, "\"%s\":\"%s\"}}", to, v ? "enemy" : "empty");
                    }
                    put_text(b, "]");
                    snprintf(path[npath++], 16, "%s", to);
                }
            }
            put_text(b, "}");
        }
    put_text(b, "}}");
}

/*
 * Every GGN command (check, moves, query, convert) on libraries of each
 * shape that costs memory: many tiny possibilities, many empty arrays,
 * compact paths on a 64 x 64 board, and a pretty-printed library (bench's
 * every slide and leap), each measured against a tiny library of its shape.
 * convert writes a text of its own, which it holds until written: it is
 * measured on the shapes whose output is no bigger than their input.
 */
static void test_ggn_memory(void **state)
{
    (void)state;
    if (!memory_measurable()) skip();
    /* the rook on b2 (every shape has moves from there but the first, whose one source is a1) */
    const char *position = "{\"board\":{\"b2\":\"C:R\",\"b4\":\"c:n\"},\"active\":\"first\"}";
    char out[512];
    snprintf(out, sizeof out, "%s/converted.json", tmpdir);
    for (int shape = 0; shape < 4; shape++) {
        text_buf tiny = { NULL, 0, 0 }, big = { NULL, 0, 0 };
        const char *what;
        bool converts = true;
        if (shape == 0) {
            what = "200,000 {} in one array";
            gen_empty_possibilities(&tiny, 2);
            gen_empty_possibilities(&big, 200000);
            converts = false; /* each {} is written out as a whole possibility */
        } else if (shape == 1) {
            what = "empty arrays on 32x32";
            gen_empty_arrays(&tiny, 2);
            gen_empty_arrays(&big, 32);
            converts = false;
        } else if (shape == 2) {
            what = "compact slides on 64x64";
            gen_compact_slides(&tiny, 2, 1);
            gen_compact_slides(&big, 64, 2);
        } else {
            what = "pretty every slide and leap 8x8";
            size_t len;
            tiny.s = gen_big_ggn(2, GGN_SPELLING_MUST_DENY, &len);
            tiny.len = len;
            big.s = gen_big_ggn(8, GGN_SPELLING_MUST_DENY, &len);
            big.len = len;
        }
        assert_non_null(tiny.s);
        assert_non_null(big.s);
        char tiny_path[512], big_path[512], label[128];
        write_file(tiny_path, sizeof tiny_path, "tiny.json", tiny.s, tiny.len);
        write_file(big_path, sizeof big_path, "big.json", big.s, big.len);
        free(tiny.s);
        free(big.s);
        snprintf(label, sizeof label, "check, %s", what);
        check_memory(label, tiny_path, big_path, 0, (const char *const[]){ "check", "@", NULL });
        snprintf(label, sizeof label, "moves, %s", what);
        check_memory(label, tiny_path, big_path, 0, (const char *const[]){ "moves", "@", "--position", position, NULL });
        snprintf(label, sizeof label, "query, %s", what);
        /* the first shape's one move has more possibilities than a query lists (GGN_MAX_MOVES) */
        if (shape != 0)
            check_memory(label, tiny_path, big_path, SAME_STATUS,
                         (const char *const[]){ "query", "@", "C:R", "b2", "b1", "--position", position, NULL });
        if (converts) {
            snprintf(label, sizeof label, "convert, %s", what);
            check_memory_plus(label, tiny_path, big_path, 0,
                              (const char *const[]){ "convert", "@", "--to", "must-diff", "-o", out, NULL }, out);
        }
        unlink(tiny_path);
        unlink(big_path);
        unlink(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_100_mb_file_refused_unread),
        cmocka_unit_test(test_file_exactly_at_size_limit_loads),
        cmocka_unit_test(test_10000_deep_nesting),
        cmocka_unit_test(test_board_at_size_limit),
        cmocka_unit_test(test_thousand_pieces_refused_at_limit),
        cmocka_unit_test(test_positions_without_moves),
        cmocka_unit_test(test_pgn_memory),
        cmocka_unit_test(test_ggn_memory),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
