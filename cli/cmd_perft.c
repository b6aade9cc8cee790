/*
 * cmd_perft.c — `ggn perft GAME DEPTH`: count the leaves of the legal move
 * tree; `ggn perft GAME --epd FILE`: a suite of published counts.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "shard/shard.h"
#include "ggn/ggn.h"
#include "ggn/game.h"

static const char help[] =
    "Usage: ggn perft GAME DEPTH [--fen FEN | --sfen SFEN] [--moves LIST]\n"
    "                            [--divide [--usi]] [--json]\n"
    "       ggn perft GAME DEPTH --split K --part I --json [--fen ...] [--moves ...]\n"
    "       ggn perft GAME --epd FILE [DEPTH] [--max-nodes N] [--json]\n"
    "\n"
    "Counts the leaf nodes of the legal move tree of GAME to DEPTH half-moves\n"
    "(draw rules ignored), the standard test of a move generator.\n"
    "\n"
    "GAME is a game spec file, or a game's name: NAME.json, in any case, in\n"
    "$GGN_PATH, the installed games or the current directory (ggn games).\n"
    "DEPTH is 0 to 32.\n"
    "\n"
    "Options:\n"
    "  --fen FEN      start from this position instead of the game's start\n"
    "  --sfen SFEN    the same, the position written as SFEN (shogi's USI\n"
    "                 notation)\n"
    "  --moves LIST   then play these moves, space- or comma-separated, in\n"
    "                 coordinate notation (e2e4 e7e5) or USI (7g7f 3c3d)\n"
    "  --divide       first print every legal move of the root position in\n"
    "                 coordinate notation with the count below it, one per\n"
    "                 line and sorted, as \"e2e4: 20\" (the form Stockfish and\n"
    "                 Fairy-Stockfish print, so the lists can be diffed)\n"
    "  --usi          write the moves of --divide in USI, as shogi programs\n"
    "                 do (7g7f, 8h2b+, P*5e); only for games with FEN of at\n"
    "                 most 9 files and 26 ranks\n"
    "  --json         print one JSON document instead of the text:\n"
    "                 {\"depth\": D, \"nodes\": N,\n"
    "                  \"divide\": [{\"move\": \"e2e4\", \"nodes\": N}, ...]}\n"
    "                 (\"divide\" only with --divide; \"capped\": true when\n"
    "                 the count is a lower bound, below)\n"
    "  --split K      count only a part of the tree, for running one count on\n"
    "                 many machines (docs/cluster.md): the lines of play of\n"
    "                 the first L plies (L the fewest that give 8 lines a part),\n"
    "                 sorted by their text, are dealt out to K parts (the n-th,\n"
    "                 from 0, to part n % K + 1), and this run counts part\n"
    "  --part I       I (1 to K) and prints it as a shard document (needs\n"
    "                 --json): {\"format\": \"ggn-shard/1\", \"job\": {\"command\":\n"
    "                 \"perft\", \"game\", \"spec\", \"position\", \"depth\"},\n"
    "                 \"shard\": I, \"shards\": K, \"result\": {\"plies\": L,\n"
    "                 \"lines\", \"counts\": [{\"line\", \"nodes\"}], \"nodes\"},\n"
    "                 \"digest\"}. `ggn merge` adds the K parts up to the count\n"
    "                 of the whole tree\n"
    "\n"
    "Output: the last line of standard output is always \"Nodes: N\". A\n"
    "position with more than 1024 legal moves (GGN_MAX_MOVES) is counted on\n"
    "its first 1024: then N is a lower bound, and the line says so\n"
    "(\"Nodes: N (a lower bound: capped by GGN_MAX_MOVES)\"), as does a warning\n"
    "on standard error.\n"
    "The elapsed time and the speed in nodes per second go to standard error.\n"
    "\n"
    "A suite (--epd FILE) is a file of positions with their published counts,\n"
    "one per line: \"FEN ;D1 20 ;D2 400 ;D3 8902\" (\"startpos\" for the game's\n"
    "start; blank lines and lines starting with # are skipped). Every count is\n"
    "checked and each position gets one line of output,\n"
    "  FILE:LINE: ok D1 20 D2 400 D3 8902\n"
    "  FILE:LINE: error: D3 8903, expected 8902 (position FEN)\n"
    "with \"(not run: D4 D5)\" for the depths left out, then a summary line.\n"
    "A line that cannot be read is said on standard error (FILE:LINE: error:\n"
    "...) and the others still run.\n"
    "Suite options:\n"
    "  DEPTH          run no depth deeper than DEPTH\n"
    "  --max-nodes N  run no depth whose published count is over N\n"
    "  --json         {\"positions\": [{\"line\": L, \"position\": FEN,\n"
    "                  \"depths\": [{\"depth\": D, \"expected\": N,\n"
    "                              \"nodes\": N | null (not run)}]}],\n"
    "                  \"checked\": N, \"not_run\": N, \"differences\": N}\n"
    "\n"
    "Examples:\n"
    "  $ ggn perft chess 4\n"
    "  Nodes: 197281\n"
    "  perft 4: ... nodes/s\n"
    "  $ ggn perft chess 3 --moves \"e2e4 e7e5\"\n"
    "  Nodes: 24825\n"
    "  ...\n"
    "  $ ggn perft shogi 2 --sfen 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'\n"
    "  Nodes: 900\n"
    "  ...\n"
    "\n"
    "Exit status: 0 ok, 1 the game, the position, a move or the suite is\n"
    "invalid, or a count of the suite differs, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_perft = { "perft", "count the legal move tree of a game to a depth", help, run };

typedef struct divide_line {
    char move[300];
    uint64_t nodes;
} divide_line;

static int compare_lines(const void *a, const void *b)
{
    return strcmp(((const divide_line *)a)->move, ((const divide_line *)b)->move);
}

/*
 * Perft with the root split by move, each written by write_move; prints the
 * lines (or adds them to the JSON array `json`), returns the total. *capped
 * is set when a position had more than GGN_MAX_MOVES moves (ggn_perft_capped).
 */
static uint64_t divide(ggn_position *pos, int depth, cli_move_writer write_move, json_t *json, bool *capped)
{
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) {
        n = GGN_MAX_MOVES;
        *capped = true;
    }
    divide_line *lines = calloc(n ? n : 1, sizeof *lines);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t count = 0;
        if (ggn_position_make(pos, moves[i])) {
            count = ggn_perft(pos, depth - 1);
            if (ggn_perft_capped(pos)) *capped = true;
            ggn_position_unmake(pos);
        }
        total += count;
        if (lines) {
            write_move(pos, moves[i], lines[i].move, sizeof lines[i].move);
            lines[i].nodes = count;
        }
    }
    if (lines) {
        qsort(lines, n, sizeof *lines, compare_lines);
        for (size_t i = 0; i < n; i++) {
            if (json)
                json_array_append_new(json, json_pack("{s:s, s:I}", "move", lines[i].move, "nodes", (json_int_t)lines[i].nodes));
            else
                printf("%s: %" PRIu64 "\n", lines[i].move, lines[i].nodes);
        }
        if (!json) printf("\n");
        free(lines);
    }
    return total;
}

/* ---- suites (--epd) ------------------------------------------------------ */

typedef struct suite {
    const ggn_game *game;
    const char *path;
    long max_depth;          /* -1: no limit */
    uint64_t max_nodes;      /* UINT64_MAX: no limit */
    json_t *json;            /* the "positions" array with --json, else NULL */
    uint64_t nodes;          /* counted, for the speed line */
    int checked, not_run, differences, invalid;
} suite;

/* A line of the suite the reader cannot use: said on stderr with its place. */
static void suite_invalid(suite *s, int lineno, const char *what, const char *detail)
{
    fprintf(stderr, "%s:%d: error: %s%s%s\n", s->path, lineno, what, detail ? ": " : "", detail ? detail : "");
    s->invalid++;
}

/* One field " D<depth> <count>"; false when it is not exactly that. */
static bool read_field(const char *field, int *depth, uint64_t *count)
{
    while (*field == ' ' || *field == '\t') field++;
    if (*field != 'D') return false;
    char *end;
    long d = strtol(field + 1, &end, 10);
    if (end == field + 1 || d < 0 || d > GGN_MAX_PERFT_DEPTH || (*end != ' ' && *end != '\t')) return false;
    const char *p = end;
    while (*p == ' ' || *p == '\t') p++;
    if (*p < '0' || *p > '9') return false;
    uint64_t v = strtoull(p, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    if (*end) return false;
    *depth = (int)d;
    *count = v;
    return true;
}

/* Runs the depths of one line "FEN ;D1 n ;D2 n ..." (line is modified). */
static void suite_line(suite *s, char *line, int lineno)
{
    char *semi = strchr(line, ';');
    if (!semi) {
        suite_invalid(s, lineno, "expected \"FEN ;D1 N ;D2 N ...\"", "no ;D field");
        return;
    }
    *semi = '\0';
    char *fen = line;
    while (*fen == ' ' || *fen == '\t') fen++;
    for (size_t n = strlen(fen); n && (fen[n - 1] == ' ' || fen[n - 1] == '\t'); n--) fen[n - 1] = '\0';
    /* Every field is read before any count is run, so a malformed line costs nothing. */
    int depths[GGN_MAX_PERFT_DEPTH + 1];
    uint64_t want[GGN_MAX_PERFT_DEPTH + 1];
    int nd = 0;
    for (char *field = semi + 1; field;) {
        char *next = strchr(field, ';');
        if (next) *next++ = '\0';
        if (nd > GGN_MAX_PERFT_DEPTH || !read_field(field, &depths[nd], &want[nd])) {
            suite_invalid(s, lineno, "a field is \"D<depth> <count>\", depth 0 to 32, at most 33 fields", field);
            return;
        }
        nd++;
        field = next;
    }
    ggn_position *pos = ggn_position_new(s->game);
    if (!pos) {
        suite_invalid(s, lineno, "out of memory", NULL);
        return;
    }
    ggn_error err;
    ggn_error_clear(&err);
    if (strcmp(fen, "startpos") != 0 && !ggn_position_set_fen(pos, fen, &err)) {
        suite_invalid(s, lineno, "the FEN is invalid", err.message);
        ggn_position_free(pos);
        return;
    }

    json_t *jdepths = s->json ? json_array() : NULL;
    /* At most GGN_MAX_PERFT_DEPTH + 1 fields: " D32 <20 digits>" (25), "; D32 <20>, expected <20>" (62)
       and " D32" (4) each fit these 33 times over; the clamps below only guard the arithmetic. */
    char ok[2048] = "", bad[2048] = "", skipped[256] = "";
    size_t nok = 0, nbad = 0, nskip = 0;
    for (int k = 0; k < nd; k++) {
        bool run_it = (s->max_depth < 0 || depths[k] <= s->max_depth) && want[k] <= s->max_nodes;
        uint64_t got = 0;
        if (run_it) {
            got = ggn_perft(pos, depths[k]);
            s->nodes += got;
            s->checked++;
            if (got == want[k]) {
                nok += (size_t)snprintf(ok + nok, sizeof ok - nok, " D%d %" PRIu64, depths[k], got);
            } else {
                s->differences++;
                nbad += (size_t)snprintf(bad + nbad, sizeof bad - nbad, "%sD%d %" PRIu64 ", expected %" PRIu64,
                                         nbad ? "; " : "", depths[k], got, want[k]);
            }
        } else {
            s->not_run++;
            nskip += (size_t)snprintf(skipped + nskip, sizeof skipped - nskip, " D%d", depths[k]);
        }
        if (nok >= sizeof ok) nok = sizeof ok - 1;
        if (nbad >= sizeof bad) nbad = sizeof bad - 1;
        if (nskip >= sizeof skipped) nskip = sizeof skipped - 1;
        if (jdepths)
            json_array_append_new(jdepths, json_pack("{s:i, s:I, s:o}", "depth", depths[k], "expected",
                                                     (json_int_t)want[k], "nodes",
                                                     run_it ? json_integer((json_int_t)got) : json_null()));
    }
    ggn_position_free(pos);
    if (s->json) {
        json_array_append_new(s->json, json_pack("{s:i, s:o, s:o}", "line", lineno, "position", cli_json_string(fen),
                                                 "depths", jdepths));
        return;
    }
    if (nbad) printf("%s:%d: error: %s (position %s)\n", s->path, lineno, bad, fen);
    else if (!nok) printf("%s:%d: not run:%s\n", s->path, lineno, skipped);
    else if (nskip) printf("%s:%d: ok%s (not run:%s)\n", s->path, lineno, ok, skipped);
    else printf("%s:%d: ok%s\n", s->path, lineno, ok);
}

/* `ggn perft GAME --epd FILE`: every line, a summary; exit 1 on any difference or invalid line. */
static int run_suite(const ggn_game *game, const char *path, long max_depth, uint64_t max_nodes, bool json)
{
    /* Read whole through ggn_file_read: a FIFO or a device is refused before it can block. */
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_file_read(path, NULL, &err);
    if (!text) {
        char safe[4 * sizeof err.message];
        fprintf(stderr, "%s: error: %s\n", path, cli_escape(err.message, safe, sizeof safe));
        return CLI_INVALID;
    }
    suite s = { game, path, max_depth, max_nodes, json ? json_array() : NULL, 0, 0, 0, 0, 0 };
    int lineno = 0, positions = 0;
    double start = cli_seconds();
    for (char *line = text; *line;) {
        char *end = line + strcspn(line, "\n");
        bool last = *end == '\0';
        *end = '\0';
        lineno++;
        line[strcspn(line, "\r")] = '\0';
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (*p && *p != '#') {
            positions++;
            suite_line(&s, line, lineno);
        }
        if (last) break;
        line = end + 1;
    }
    free(text);
    double elapsed = cli_seconds() - start;
    int status = s.differences || s.invalid ? CLI_INVALID : CLI_OK;
    if (json) {
        int printed = cli_json_print("perft", json_pack("{s:o, s:i, s:i, s:i}", "positions", s.json, "checked",
                                                        s.checked, "not_run", s.not_run, "differences", s.differences));
        if (printed != CLI_OK) status = printed;
    } else {
        printf("%d position%s, %d count%s checked, %d not run: %s\n", positions, positions == 1 ? "" : "s", s.checked,
               s.checked == 1 ? "" : "s", s.not_run,
               s.differences ? "counts differ" : s.invalid ? "invalid lines" : "all match");
    }
    fflush(stdout);
    fprintf(stderr, "perft suite: %.3f s, %.0f nodes/s\n", elapsed, elapsed > 0 ? (double)s.nodes / elapsed : 0.0);
    return status;
}

/* ---- the command --------------------------------------------------------- */

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *depth_arg = NULL, *fen = NULL, *sfen = NULL, *moves = NULL, *epd = NULL,
               *max_nodes_arg = NULL, *split_arg = NULL, *part_arg = NULL;
    bool want_divide = false, want_usi = false, want_json = false;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--fen", "--sfen", "--moves", "--epd", "--max-nodes", "--split", "--part" };
        const char **slots[] = { &fen, &sfen, &moves, &epd, &max_nodes_arg, &split_arg, &part_arg };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("perft", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got > 0) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--divide") == 0) {
            want_divide = true;
        } else if (strcmp(arg, "--usi") == 0) {
            want_usi = true;
        } else if (strcmp(arg, "--json") == 0) {
            want_json = true;
        } else if (arg[0] == '-' && arg[1] && !(arg[1] >= '0' && arg[1] <= '9')) {
            return cli_usage_error("perft", "unknown option '%s'", arg);
        } else if (!game_arg) {
            game_arg = arg;
        } else if (!depth_arg) {
            depth_arg = arg;
        } else {
            return cli_usage_error("perft", "unexpected argument '%s'", arg);
        }
        i++;
    }
    if (!game_arg) return cli_usage_error("perft", "no GAME given");
    if (!depth_arg && !epd) return cli_usage_error("perft", "no DEPTH given");
    if (cli_check_start("perft", fen, sfen) != CLI_OK) return CLI_USAGE;
    if (want_usi && !want_divide) return cli_usage_error("perft", "--usi writes the moves of --divide: give both");
    if (epd && (fen || sfen || moves || want_divide))
        return cli_usage_error("perft", "--epd gives the positions: --fen, --sfen, --moves and --divide do not go with it");
    if (max_nodes_arg && !epd) return cli_usage_error("perft", "--max-nodes limits a suite: give --epd FILE too");
    long depth = -1;
    if (depth_arg) {
        char *end;
        depth = strtol(depth_arg, &end, 10);
        if (end == depth_arg || *end || depth < 0 || depth > GGN_MAX_PERFT_DEPTH)
            return cli_usage_error("perft", "DEPTH must be a whole number from 0 to %d, not '%s'", GGN_MAX_PERFT_DEPTH,
                                   depth_arg);
    }
    int part = 0, parts = 0;
    if (split_arg || part_arg) {
        char both[64];
        snprintf(both, sizeof both, "%.20s/%.20s", part_arg ? part_arg : "", split_arg ? split_arg : "");
        if (!split_arg || !part_arg || !shard_parse(both, &part, &parts))
            return cli_usage_error("perft", "--split K --part I go together, with 1 <= I <= K <= %d", SHARD_MAX);
        if (!want_json) return cli_usage_error("perft", "--split writes a shard document: add --json");
        if (epd || want_divide) return cli_usage_error("perft", "--split does not go with --epd or --divide");
        if (depth < 1) return cli_usage_error("perft", "--split divides the root moves: DEPTH must be at least 1");
    }
    uint64_t max_nodes = UINT64_MAX;
    if (max_nodes_arg) {
        char *end;
        max_nodes = strtoull(max_nodes_arg, &end, 10);
        if (max_nodes_arg[0] < '0' || max_nodes_arg[0] > '9' || *end)
            return cli_usage_error("perft", "--max-nodes must be a whole number, not '%s'", max_nodes_arg);
    }

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    if (epd) {
        int status = run_suite(game, epd, depth, max_nodes, want_json);
        ggn_game_free(game);
        return status;
    }
    cli_move_writer write_move = cli_move_writer_for("perft", game, want_usi);
    if (!write_move) {
        ggn_game_free(game);
        return CLI_USAGE;
    }
    ggn_position *pos = cli_open_position(game, fen, sfen, moves);
    if (!pos) {
        ggn_game_free(game);
        return CLI_INVALID;
    }

    if (parts) {
        int status = perft_split_run(game, game_arg, pos, (int)depth, part, parts, moves);
        ggn_position_free(pos);
        ggn_game_free(game);
        return status;
    }

    json_t *jdivide = want_json && want_divide ? json_array() : NULL;
    double start = cli_seconds();
    bool capped = false;
    uint64_t nodes;
    if (want_divide && depth > 0) {
        nodes = divide(pos, (int)depth, write_move, jdivide, &capped);
    } else {
        nodes = ggn_perft(pos, (int)depth);
        capped = ggn_perft_capped(pos);
    }
    double elapsed = cli_seconds() - start;
    int status = CLI_OK;
    /* A position with more moves than GGN_MAX_MOVES was counted on its first ones: the count is no exact figure. */
    if (capped)
        fprintf(stderr, "ggn perft: warning: a position had more than %d legal moves (GGN_MAX_MOVES); only the first %d "
                        "were counted, so %" PRIu64 " is a lower bound, not the count\n",
                GGN_MAX_MOVES, GGN_MAX_MOVES, nodes);
    if (want_json) {
        json_t *doc = json_pack("{s:i, s:I}", "depth", (int)depth, "nodes", (json_int_t)nodes);
        if (doc && capped) json_object_set_new(doc, "capped", json_true());
        if (doc && want_divide) {
            /* json_object_set_new takes the array even when it fails. */
            if (json_object_set_new(doc, "divide", jdivide ? jdivide : json_array()) != 0) {
                json_decref(doc);
                doc = NULL;
            }
        } else {
            json_decref(jdivide);
        }
        status = cli_json_print("perft", doc);
    } else {
        printf("Nodes: %" PRIu64 "%s\n", nodes, capped ? " (a lower bound: capped by GGN_MAX_MOVES)" : "");
    }
    fflush(stdout);
    fprintf(stderr, "perft %ld: %.3f s, %.0f nodes/s\n", depth, elapsed, elapsed > 0 ? (double)nodes / elapsed : 0.0);

    ggn_position_free(pos);
    ggn_game_free(game);
    return status;
}
