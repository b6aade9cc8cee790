/*
 * cmd_pgn.c — `ggn pgn FILE...`: checks every game of PGN files against the
 * game spec each names (its Variant tag, or --game), and converts games
 * between PGN and ggn's JSON game record (play_record.c). The reading,
 * replaying and writing are the library's (ggn/notation.h); this file finds
 * the games, prints and chooses the exit status.
 */
#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "play/play.h"

static const char help[] =
    "Usage: ggn pgn FILE... [--game GAME] [--to json|pgn] [--from json] [-o FILE]\n"
    "\n"
    "Checks every game of the PGN files: each is replayed on the game its\n"
    "Variant tag names (a game of games/: \"crazyhouse\", \"shogi\"; no tag,\n"
    "\"chess\" or \"Standard\" is chess) from its FEN tag or the start, every\n"
    "move read as SAN (Nf3, exd5, O-O, e8=Q, P@e4, +Pf5, Sd3+) or any move\n"
    "text ggn play takes, and its result (the movetext's, which the Result tag\n"
    "must repeat) checked against how the game ended: a game the rules ended\n"
    "(mate, stalemate, a leader taken, a draw rule) must claim that result;\n"
    "one that goes on may claim any. Comments, NAGs and variations are\n"
    "skipped. Prints one line per file, \"FILE: N games\", when all is well.\n"
    "\n"
    "The first illegal move or wrong claim of a file is reported as\n"
    "  FILE: game 2, ply 7, move 'Nf6' (line 12:5): Nf6 is not a legal move here\n"
    "and the remaining files are still checked.\n"
    "\n"
    "Options:\n"
    "  --game GAME   play every game on GAME (a spec file or a name of games/),\n"
    "                whatever its Variant tag says\n"
    "  --to json     write the games as ggn's JSON game records (docs/play.md)\n"
    "                instead: one record, or a list of them for several games\n"
    "  --to pgn      write the games again as PGN, moves in ggn's SAN\n"
    "  --from json   the FILEs are JSON game records (one, or a list); write\n"
    "                them as PGN with the tags the record keeps. The game is\n"
    "                the record's \"game\", a name as 'ggn games' lists it or\n"
    "                the spec's own name, or --game\n"
    "  -o FILE       write what --to or --from makes to FILE, not standard output\n"
    "\n"
    "docs/pgn.md describes SAN and PGN as ggn reads and writes them.\n"
    "\n"
    "Exit status: 0 every game is legal (and converted), 1 a file cannot be\n"
    "read, is not PGN, or has an illegal move or a wrong result, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_pgn = { "pgn", "check PGN game records; convert them to and from JSON records", help, run };

typedef struct options {
    const char *game;   /* --game, or NULL */
    const char *to;     /* "json", "pgn" or NULL (check only) */
    bool from_json;
    FILE *out;          /* where converted games go */
    json_t *held;       /* --to json: the first record, held until a second says the output is a list */
    size_t records;     /* --to json: records made so far */
} options;

/*
 * --to json writes one record as itself and several as a list, record by
 * record as they come (no list of every game is kept): the first is held
 * until the second shows a list is needed. Each record of a list is the
 * record's own text indented by two spaces, as json_dumpf would indent it.
 */
static bool put_record(FILE *out, json_t *record, bool in_list)
{
    char *text = json_dumps(record, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    if (!text) return false;
    if (!in_list) {
        fputs(text, out);
    } else {
        fputs("  ", out);
        for (const char *p = text; *p; p++) {
            fputc(*p, out);
            if (*p == '\n') fputs("  ", out);
        }
    }
    free(text);
    return true;
}

static bool add_record(options *o, json_t *record)
{
    bool ok = true;
    if (o->records == 0) {
        o->held = record;
    } else {
        if (o->records == 1) {
            fputs("[\n", o->out);
            ok = put_record(o->out, o->held, true);
            json_decref(o->held);
            o->held = NULL;
        }
        fputs(",\n", o->out);
        ok = put_record(o->out, record, true) && ok;
        json_decref(record);
    }
    o->records++;
    return ok;
}

/* Ends --to json's output: the one record held, or the list's closing bracket. */
static bool end_records(options *o)
{
    bool ok = true;
    if (o->records == 1) ok = put_record(o->out, o->held, false);
    else if (o->records > 1) fputs("\n]", o->out);
    else fputs("[]", o->out);
    fputc('\n', o->out);
    json_decref(o->held);
    o->held = NULL;
    return ok;
}

/*
 * The game a PGN game is played on: --game, or its Variant tag; variant gets
 * the name written back as Variant. The game of the game before is kept in
 * *cache and used again when the name is the same (a file is mostly one
 * variant). NULL after printing why.
 */
static ggn_game *game_for(const options *o, const char *file, size_t number, const ggn_pgn_game *pg,
                          char *variant, size_t cap, ggn_game **cache, char *cached, size_t cached_cap)
{
    const char *tag = ggn_pgn_tag_value(pg, "Variant");
    if (o->game) {
        play_record_variant(o->game, variant, cap);
    } else if (!play_record_variant_game(tag, variant, cap)) {
        char safe[4 * 256];
        fprintf(stderr, "%s: game %zu (line %d): Variant \"%s\" is no name of a game (letters, digits, '-', '_')\n",
                file, number, pg->line, cli_escape(tag ? tag : "", safe, sizeof safe));
        return NULL;
    }
    if (*cache && strcmp(cached, variant) == 0) return *cache;
    char *path = o->game ? NULL : cli_resolve_game(variant);
    if (!o->game && !path) {
        fprintf(stderr, "%s: game %zu (line %d): no game \"%s\" ('ggn games' lists them): name one with --game\n",
                file, number, pg->line, variant);
        return NULL;
    }
    ggn_game *game = cli_load_game(o->game ? o->game : path);
    free(path);
    if (!game) return NULL;
    ggn_game_free(*cache);
    *cache = game;
    snprintf(cached, cached_cap, "%s", variant);
    return game;
}

/* Adds the game at pos to the output: a JSON record, or PGN text with the original tags. */
static bool emit(options *o, const ggn_position *pos, const ggn_pgn_tag *tags, size_t ntags)
{
    ggn_error err;
    ggn_error_clear(&err);
    if (strcmp(o->to, "json") == 0) {
        json_t *record = play_record_json(pos, tags, ntags, &err);
        if (record) return add_record(o, record);
    } else {
        char *text = ggn_pgn_write(pos, tags, ntags, &err);
        if (text) {
            static bool first = true;
            if (!first) fputc('\n', o->out);
            first = false;
            fputs(text, o->out);
            free(text);
            return true;
        }
    }
    fprintf(stderr, "ggn pgn: error: %s\n", err.message);
    return false;
}

/*
 * Checks (and converts) every game of one PGN file, one game at a time
 * (ggn_pgn_reader: only the game in hand is kept); false after printing the
 * first problem.
 */
static bool check_pgn(options *o, const char *file)
{
    ggn_error err;
    ggn_error_clear(&err);
    size_t len;
    char *text = play_record_read_file(file, &len, &err);
    ggn_pgn_reader *reader = text ? ggn_pgn_reader_new(text, len, file, &err) : NULL;
    if (!reader) {
        fprintf(stderr, "%s\n", err.message);
        free(text);
        return false;
    }
    bool ok = true;
    ggn_game *cache = NULL;
    char cached[GGN_MAX_STRING_BYTES + 1] = "";
    size_t number = 0;
    const ggn_pgn_game *pg;
    int got = 0;
    while (ok && (got = ggn_pgn_reader_next(reader, &pg, &err)) > 0) {
        number++;
        char variant[GGN_MAX_STRING_BYTES + 1];
        ggn_game *game = game_for(o, file, number, pg, variant, sizeof variant, &cache, cached, sizeof cached);
        if (!game) {
            ok = false;
            break;
        }
        ggn_position *pos = ggn_pgn_replay(game, pg, number, &err);
        if (!pos) {
            fprintf(stderr, "%s: %s\n", file, err.message);
            ok = false;
        } else if (o->to) {
            /* The tags as read, the Variant as played (a game read with --game says which). */
            ggn_pgn_tag tags[GGN_MAX_PGN_TAGS + 1];
            size_t n = 0;
            tags[n++] = (ggn_pgn_tag){ "Variant", variant };
            for (size_t t = 0; t < pg->ntags; t++)
                if (strcmp(pg->tags[t].name, "Variant") != 0) tags[n++] = pg->tags[t];
            ok = emit(o, pos, tags, n);
        }
        ggn_position_free(pos);
    }
    if (ok && got < 0) {
        fprintf(stderr, "%s\n", err.message);
        ok = false;
    }
    ggn_game_free(cache);
    if (ok && !o->to) printf("%s: %zu game%s\n", file, number, number == 1 ? "" : "s");
    ggn_pgn_reader_free(reader);
    free(text);
    return ok;
}

/* Writes every JSON game record of a file as PGN; false after printing the first problem. */
static bool convert_json(options *o, const char *file)
{
    json_error_t jerr;
    json_t *root = json_load_file(file, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        if (jerr.line > 0) fprintf(stderr, "%s:%d:%d: error: %s\n", file, jerr.line, jerr.column, jerr.text);
        else fprintf(stderr, "%s: error: %s\n", file, jerr.text);
        return false;
    }
    bool ok = true;
    size_t count = json_is_array(root) ? json_array_size(root) : 1;
    for (size_t i = 0; i < count && ok; i++) {
        json_t *record = json_is_array(root) ? json_array_get(root, i) : root;
        char where[4200], variant[GGN_MAX_STRING_BYTES + 1];
        snprintf(where, sizeof where, json_is_array(root) ? "%s: record %zu" : "%s", file, i + 1);
        const char *name = json_string_value(json_object_get(record, "game"));
        ggn_game *game = NULL;
        if (o->game) {
            play_record_variant(o->game, variant, sizeof variant);
            game = cli_load_game(o->game);
        } else {
            /* The record names the game as its spec does ("3-check") or as `ggn games` lists it ("3check"). */
            char *path = name ? play_record_find_game(name) : NULL;
            if (!path) {
                fprintf(stderr, "%s: no game \"%s\" ('ggn games' lists them): name one with --game\n", where,
                        name ? name : "");
            } else {
                play_record_variant(path, variant, sizeof variant);
                game = cli_load_game(path);
            }
            free(path);
        }
        if (!game) {
            ok = false;
            break;
        }
        ggn_error err;
        ggn_error_clear(&err);
        ggn_position *pos = play_record_replay(game, o->game, record, where, &err);
        if (!pos) {
            fprintf(stderr, "%s\n", err.message);
            ok = false;
        } else {
            /* Variant as played, then the record's tags (what a PGN converted to JSON kept). */
            ggn_pgn_tag tags[GGN_MAX_PGN_TAGS + 1];
            size_t n = 0;
            tags[n++] = (ggn_pgn_tag){ "Variant", variant };
            json_t *kept = json_object_get(record, "tags");
            const char *key;
            json_t *value;
            json_object_foreach(kept, key, value) {
                if (n > GGN_MAX_PGN_TAGS) break;
                if (!json_is_string(value) || strcmp(key, "Variant") == 0) continue;
                tags[n++] = (ggn_pgn_tag){ (char *)key, (char *)json_string_value(value) };
            }
            ok = emit(o, pos, tags, n);
        }
        ggn_position_free(pos);
        ggn_game_free(game);
    }
    json_decref(root);
    return ok;
}

static int run(int argc, char **argv)
{
    options o = { NULL, NULL, false, stdout, NULL, 0 };
    const char *from = NULL, *output = NULL;
    const char **files = calloc((size_t)argc, sizeof *files);
    size_t nfiles = 0;
    if (!files) {
        fprintf(stderr, "ggn: out of memory\n");
        return CLI_INVALID;
    }
    int status = CLI_OK;
    for (int i = 1; i < argc;) {
        int r = cli_option("pgn", argc, argv, &i, "--game", &o.game);
        if (r == 0) r = cli_option("pgn", argc, argv, &i, "--to", &o.to);
        if (r == 0) r = cli_option("pgn", argc, argv, &i, "--from", &from);
        if (r == 0) r = cli_option("pgn", argc, argv, &i, "-o", &output);
        if (r < 0) {
            status = CLI_USAGE;
            goto done;
        }
        if (r > 0) continue;
        if (argv[i][0] == '-' && argv[i][1]) {
            status = cli_usage_error("pgn", "unknown option '%s'", argv[i]);
            goto done;
        }
        files[nfiles++] = argv[i++];
    }
    if (!nfiles) {
        status = cli_usage_error("pgn", "no PGN file given");
        goto done;
    }
    if (o.to && strcmp(o.to, "json") != 0 && strcmp(o.to, "pgn") != 0) {
        status = cli_usage_error("pgn", "--to takes json or pgn, not '%s'", o.to);
        goto done;
    }
    if (from && strcmp(from, "json") != 0) {
        status = cli_usage_error("pgn", "--from takes json, not '%s'", from);
        goto done;
    }
    if (from && o.to) {
        status = cli_usage_error("pgn", "--from json writes PGN: give no --to");
        goto done;
    }
    if (from) {
        o.from_json = true;
        o.to = "pgn";
    }
    if (output && !o.to) {
        status = cli_usage_error("pgn", "-o needs --to or --from: checking writes nothing");
        goto done;
    }
    if (output && !(o.out = fopen(output, "wb"))) {
        fprintf(stderr, "ggn pgn: cannot write %s\n", output);
        status = CLI_INVALID;
        goto done;
    }
    for (size_t f = 0; f < nfiles; f++) {
        bool ok = o.from_json ? convert_json(&o, files[f]) : check_pgn(&o, files[f]);
        if (!ok) status = CLI_INVALID;
    }
    /* What was converted before a problem is written too; the exit status says the run failed. */
    if (o.to && strcmp(o.to, "json") == 0 && (status == CLI_OK || o.records > 1) && !end_records(&o))
        status = CLI_INVALID;
    json_decref(o.held);
done:
    if (o.out != stdout && fclose(o.out) != 0) {
        fprintf(stderr, "ggn pgn: error writing %s\n", output);
        status = CLI_INVALID;
    }
    free(files);
    return status;
}
