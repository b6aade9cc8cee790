/*
 * cmd_sgf.c — `ggn sgf FILE...`: checks SGF game records (ggn/sgf.h) as
 * `ggn pgn` checks PGN: every game tree of every file replayed by the rules,
 * its result checked against the area count.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/file.h"
#include "ggn/sgf.h"

static const char help[] =
    "Usage: ggn sgf FILE... [--game GAME]\n"
    "\n"
    "Checks every game of the SGF files (FF[4]: Go records, GM[1], as GNU Go,\n"
    "GoGui, Sabaki and `ggn match --sgf` write them; Hex records, GM[11], as\n"
    "HexGui and MoHex write them). Each game tree's main line (the first\n"
    "variation at every branch) is replayed on the Go of its board size\n"
    "(SZ[9] go9, SZ[13] go13, SZ[19] or none go), or on hex for GM[11] on\n"
    "11 x 11, node by node: setup (AB, AW, AE, PL, in the root or later; a\n"
    "stone only on an empty point) and moves, every move checked by the rules\n"
    "(B[swap-pieces] is the swap of a game with the pie rule); a result\n"
    "RE[B+3.5] or RE[W+7.5] of a game the rules ended by two passes must be\n"
    "the area count's margin. Properties ggn does not use (comments, markup,\n"
    "times) are skipped. Prints one line per file, \"FILE: N games\", when all\n"
    "is well; the first error of a file as\n"
    "  FILE:LINE:COLUMN: error: W[ee] (e5): not a legal move here\n"
    "  FILE:LINE:COLUMN: error: AB[cc]: c7 is occupied (...)\n"
    "and the remaining files are still checked.\n"
    "\n"
    "Options:\n"
    "  --game GAME   play every game on GAME (a spec file or a name of games/)\n"
    "\n"
    "Exit status: 0 every game is good, 1 a file is unreadable or a game is\n"
    "not, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_sgf = { "sgf", "check SGF game records (Go, Hex) by the rules", help, run };

/* The value of a property of a tree's root (its first node, before the next tree), as an integer; dflt without one. */
static int root_number(const char *tree, const char *id, int dflt)
{
    const char *at = strstr(tree, id);
    const char *next = strstr(tree + 1, "(;");
    if (!at || (next && at > next)) return dflt;
    return atoi(at + strlen(id));
}

/* Where in the file a place of one of its trees is: the lines before the tree added. */
static void place_error(const char *text, size_t tree_at, ggn_error *err)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < tree_at; i++) {
        if (text[i] == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
    }
    if (err->line == 1) err->column += column - 1;
    err->line += line - 1;
}

/* Checks one file; prints its line or its first error. */
static bool check_file(const char *path, const char *game_arg)
{
    char safe[4 * 1024];
    ggn_error err;
    ggn_error_clear(&err);
    size_t len;
    char *text = ggn_file_read(path, &len, &err);
    if (!text) {
        fprintf(stderr, "%s: error: %s\n", cli_escape(path, safe, sizeof safe), cli_escape(err.message, safe + 1024, 3 * 1024));
        return false;
    }
    ggn_game *fixed = game_arg ? cli_load_game(game_arg) : NULL;
    bool ok = !game_arg || fixed;
    int games = 0;
    size_t at = 0;
    while (ok) {
        const char *tree = strchr(text + at, '(');
        if (!tree) break;
        at = (size_t)(tree - text);
        ggn_game *g = fixed;
        if (!g) {
            /* GM[11] is Hex (11 x 11 when SZ does not say); else Go by its size. */
            bool hex = root_number(tree, "GM[", 1) == 11;
            int size = root_number(tree, "SZ[", hex ? 11 : 19);
            const char *name = hex ? (size == 11 ? "hex" : NULL)
                               : size == 9 ? "go9" : size == 13 ? "go13" : size == 19 ? "go" : NULL;
            if (!name) {
                fprintf(stderr, "%s: game %d: error: no %s of %d x %d points (give --game)\n",
                        cli_escape(path, safe, sizeof safe), games + 1, hex ? "Hex" : "Go", size, size);
                ok = false;
                break;
            }
            g = cli_load_game(name);
            if (!g) {
                ok = false;
                break;
            }
        }
        ggn_position *pos = ggn_position_new(g);
        ggn_sgf_record rec;
        ggn_error_clear(&err);
        if (!pos || !ggn_sgf_read(pos, tree, len - at, path, &rec, &err)) {
            if (pos) place_error(text, at, &err);
            else ggn_error_set(&err, GGN_E_NOMEM, "out of memory");
            cli_print_error(stderr, &err);
            ok = false;
        } else {
            /* RE against the count, for a game the rules ended by area. */
            double area[2];
            ggn_status st = ggn_position_status(pos);
            char who;
            double by;
            if (st.outcome != GGN_ONGOING && ggn_position_area_scores(pos, area) &&
                sscanf(rec.result, "%c+%lf", &who, &by) == 2 && (who == 'B' || who == 'W')) {
                double margin = who == 'B' ? by : -by;
                if (fabs(margin - (area[0] - area[1])) > 1e-9) {
                    fprintf(stderr, "%s: game %d: error: RE[%s], but the area count is BLACK %g - WHITE %g\n",
                            cli_escape(path, safe, sizeof safe), games + 1, cli_escape(rec.result, safe + 1024, 1024),
                            area[0], area[1]);
                    ok = false;
                }
            }
            games++;
            at += rec.end;
        }
        ggn_position_free(pos);
        if (g != fixed) ggn_game_free(g);
    }
    if (ok && games == 0) {
        fprintf(stderr, "%s: error: no SGF game tree in it\n", cli_escape(path, safe, sizeof safe));
        ok = false;
    }
    if (ok) printf("%s: %d game%s\n", cli_escape(path, safe, sizeof safe), games, games == 1 ? "" : "s");
    ggn_game_free(fixed);
    free(text);
    return ok;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL;
    const char *files[256];
    int nfiles = 0;
    for (int i = 1; i < argc;) {
        int got = cli_option("sgf", argc, argv, &i, "--game", &game_arg);
        if (got < 0) return CLI_USAGE;
        if (got) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("sgf", "unknown option '%s'", argv[i]);
        if (nfiles == (int)(sizeof files / sizeof files[0])) return cli_usage_error("sgf", "at most 256 files");
        files[nfiles++] = argv[i++];
    }
    if (!nfiles) return cli_usage_error("sgf", "no FILE given");
    bool ok = true;
    for (int i = 0; i < nfiles; i++) ok &= check_file(files[i], game_arg);
    return ok ? CLI_OK : CLI_INVALID;
}
