/*
 * test_shards.c — work split into shards and merged back (docs/cluster.md):
 * `ggn perft --split K --part I`, `ggn selfplay --shard I/K`, `ggn match
 * --shard I/K` and `ggn merge`. A merge of all the shards, in any order,
 * prints exactly what the unsplit command prints; a merge of anything else
 * (a shard missing, twice, truncated, edited, of another job or another
 * spec file) fails with exit status 1, names the file and prints no total.
 * Also `ggn selfplay` itself: the same seed gives the same report, another
 * seed another, the report adds up, and the progress bar shows on a
 * terminal only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "proc_util.h"

#define TIMEOUT_MS 300000

static char tmpdir[] = "/tmp/ggn_shards_XXXXXX";

/* Runs ggn with the arguments (NULL-terminated). */
static proc_result ggn(const char *const *args)
{
    const char *argv[64] = { GGN_BINARY };
    int n = 1;
    for (int i = 0; args[i] && n < 63; i++) argv[n++] = args[i];
    argv[n] = NULL;
    return proc_run(argv, NULL, NULL, TIMEOUT_MS);
}

/*
 * A path in the test's directory. Each call has a buffer of its own (the
 * whole program makes a few hundred calls; the assert keeps it so).
 */
static const char *path(const char *name)
{
    static char bufs[2048][128];
    static int next;
    assert_true(next < 2048);
    char *p = bufs[next++];
    snprintf(p, sizeof bufs[0], "%s/%s", tmpdir, name);
    return p;
}

static void write_file(const char *file, const char *text, size_t len)
{
    FILE *f = fopen(file, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static char *read_all(const char *file)
{
    FILE *f = fopen(file, "rb");
    assert_non_null(f);
    char *text = malloc(1 << 20);
    assert_non_null(text);
    size_t n = fread(text, 1, (1 << 20) - 1, f);
    text[n] = '\0';
    fclose(f);
    return text;
}

/* Runs the command and keeps its standard output in the test's directory as name; asserts exit 0. */
static void run_to(const char *name, const char *const *args)
{
    proc_result r = ggn(args);
    if (r.status != 0) fail_msg("%s: exit %d: %s", name, r.status, r.err);
    write_file(path(name), r.out, strlen(r.out));
    proc_free(&r);
}

/* `ggn merge` of the files; returns the result (free it). */
static proc_result merge(bool json, const char *const *files)
{
    const char *args[64] = { "merge" };
    int n = 1;
    if (json) args[n++] = "--json";
    for (int i = 0; files[i]; i++) args[n++] = files[i];
    args[n] = NULL;
    return ggn(args);
}

/* The merge fails: exit 1, nothing on standard output, the message names `file` and says `why`. */
static void assert_refused(const char *const *files, const char *file, const char *why)
{
    proc_result r = merge(false, files);
    if (r.status != 1 || r.out[0] || !strstr(r.err, file) || !strstr(r.err, why))
        fail_msg("merge should fail naming %s (%s): exit %d, out '%s', err '%s'", file, why, r.status, r.out, r.err);
    proc_free(&r);
}

/* Splits `perft GAME DEPTH` into k parts named NAME-I; the list of files into files (k + 1 entries). */
static void perft_parts(const char *game, const char *depth, int k, const char *name, const char **files)
{
    for (int i = 1; i <= k; i++) {
        char part[16], parts[16], file[64];
        snprintf(part, sizeof part, "%d", i);
        snprintf(parts, sizeof parts, "%d", k);
        snprintf(file, sizeof file, "%s-%d", name, i);
        const char *args[] = { "perft", game, depth, "--split", parts, "--part", part, "--json", NULL };
        run_to(file, args);
        files[i - 1] = path(file);
    }
    files[k] = NULL;
}

/* The merged perft equals the unsplit one, text and JSON, whatever K (lines of 1, 2 and 3 plies dealt out). */
static void test_perft_merge_equals_unsplit(void **state)
{
    (void)state;
    const struct { const char *game, *depth; int k; } cases[] = {
        { "chess", "4", 1 }, { "chess", "4", 3 }, { "chess", "4", 7 }, { "chess", "4", 60 }, { "chess", "2", 30 },
        { "xiangqi", "3", 4 }, { "shogi", "3", 5 },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *whole_args[] = { "perft", cases[c].game, cases[c].depth, NULL };
        proc_result whole = ggn(whole_args);
        assert_int_equal(whole.status, 0);
        const char *files[64];
        perft_parts(cases[c].game, cases[c].depth, cases[c].k, "p", files);
        /* In reverse order: the merge does not depend on the order of the files. */
        const char *reversed[64];
        for (int i = 0; i < cases[c].k; i++) reversed[i] = files[cases[c].k - 1 - i];
        reversed[cases[c].k] = NULL;
        proc_result r = merge(false, reversed);
        if (r.status != 0 || strcmp(r.out, whole.out) != 0)
            fail_msg("%s %s in %d parts: merged '%s' (%s), unsplit '%s'", cases[c].game, cases[c].depth, cases[c].k,
                     r.out, r.err, whole.out);
        proc_free(&r);
        r = merge(true, files);
        assert_int_equal(r.status, 0);
        json_t *doc = json_loads(r.out, 0, NULL);
        assert_non_null(doc);
        char expect[64];
        snprintf(expect, sizeof expect, "Nodes: %lld\n", (long long)json_integer_value(json_object_get(doc, "nodes")));
        assert_string_equal(expect, whole.out);
        assert_int_equal(json_integer_value(json_object_get(doc, "depth")), atoi(cases[c].depth));
        json_decref(doc);
        proc_free(&r);
        proc_free(&whole);
    }
}

/* A shard document names the job: the game, its spec's digest, the position, the depth, K and I. */
static void test_perft_shard_document(void **state)
{
    (void)state;
    const char *args[] = { "perft", "chess", "2", "--moves", "e2e4", "--split", "2", "--part", "2", "--json", NULL };
    proc_result r = ggn(args);
    assert_int_equal(r.status, 0);
    json_t *doc = json_loads(r.out, 0, NULL);
    assert_non_null(doc);
    json_t *job = json_object_get(doc, "job");
    assert_string_equal(json_string_value(json_object_get(doc, "format")), "ggn-shard/1");
    assert_string_equal(json_string_value(json_object_get(job, "command")), "perft");
    assert_string_equal(json_string_value(json_object_get(job, "game")), "Chess");
    assert_int_equal(strlen(json_string_value(json_object_get(job, "spec"))), 16);
    assert_string_equal(json_string_value(json_object_get(job, "position")),
                        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_int_equal(json_integer_value(json_object_get(job, "depth")), 2);
    assert_int_equal(json_integer_value(json_object_get(doc, "shard")), 2);
    assert_int_equal(json_integer_value(json_object_get(doc, "shards")), 2);
    json_t *result = json_object_get(doc, "result");
    /* 2 parts want 16 lines: the 20 root moves do; 10 each. */
    assert_int_equal(json_integer_value(json_object_get(result, "plies")), 1);
    assert_int_equal(json_integer_value(json_object_get(result, "lines")), 20);
    assert_int_equal(json_array_size(json_object_get(result, "counts")), 10);
    json_decref(doc);
    proc_free(&r);
    /* 8 parts want 64 lines: two plies (400 lines), 50 a part, each "MOVE MOVE". */
    const char *eight[] = { "perft", "chess", "4", "--split", "8", "--part", "3", "--json", NULL };
    r = ggn(eight);
    assert_int_equal(r.status, 0);
    doc = json_loads(r.out, 0, NULL);
    assert_non_null(doc);
    result = json_object_get(doc, "result");
    assert_int_equal(json_integer_value(json_object_get(result, "plies")), 2);
    assert_int_equal(json_integer_value(json_object_get(result, "lines")), 400);
    assert_int_equal(json_array_size(json_object_get(result, "counts")), 50);
    assert_non_null(strchr(json_string_value(json_object_get(json_array_get(json_object_get(result, "counts"), 0), "line")), ' '));
    json_decref(doc);
    proc_free(&r);
    /* Usage: --split without --part, I out of range, no --json, depth 0. */
    const char *bad[][10] = {
        { "perft", "chess", "2", "--split", "2", "--json", NULL },
        { "perft", "chess", "2", "--split", "2", "--part", "3", "--json", NULL },
        { "perft", "chess", "2", "--split", "2", "--part", "0", "--json", NULL },
        { "perft", "chess", "2", "--split", "2", "--part", "1", NULL },
        { "perft", "chess", "0", "--split", "2", "--part", "1", "--json", NULL },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = ggn(bad[i]);
        assert_int_equal(r.status, 2);
        assert_string_equal(r.out, "");
        proc_free(&r);
    }
}

static void copy_file(const char *from, const char *to)
{
    char *text = read_all(from);
    write_file(to, text, strlen(text));
    free(text);
}

/* Everything that is not exactly the K shards of one job is refused, naming the file. */
static void test_merge_refuses(void **state)
{
    (void)state;
    const char *files[8];
    perft_parts("chess", "3", 3, "q", files);
    /* Missing. */
    const char *missing[] = { files[0], files[2], NULL };
    assert_refused(missing, "shard 2 of 3 is missing", "");
    /* Twice, under another name. */
    copy_file(files[1], path("dup.json"));
    const char *twice[] = { files[0], files[1], path("dup.json"), files[2], NULL };
    assert_refused(twice, "dup.json", "again");
    /* Truncated: cut anywhere, it is not a whole document. */
    char *text = read_all(files[1]);
    for (size_t cut = 1; cut < strlen(text) - 2; cut += 97) {
        write_file(path("cut.json"), text, cut);
        const char *cut_files[] = { files[0], path("cut.json"), files[2], NULL };
        assert_refused(cut_files, "cut.json", "error");
    }
    /* Edited: one digit of a count changed (the moves no longer add up, and the digest differs). */
    char *digit = strstr(text, "\"nodes\": "); /* the first line's count */
    assert_non_null(digit);
    digit += strlen("\"nodes\": ");
    *digit = *digit == '9' ? '8' : (char)(*digit + 1);
    write_file(path("edited.json"), text, strlen(text));
    const char *edited[] = { files[0], path("edited.json"), files[2], NULL };
    assert_refused(edited, "edited.json", "digest");
    free(text);
    /* Edited consistently (a move's count and the total both one more): the digest still tells. */
    json_t *doc = json_load_file(files[1], 0, NULL);
    json_t *result = json_object_get(doc, "result"), *first = json_array_get(json_object_get(result, "counts"), 0);
    json_object_set_new(first, "nodes", json_integer(json_integer_value(json_object_get(first, "nodes")) + 1));
    json_object_set_new(result, "nodes", json_integer(json_integer_value(json_object_get(result, "nodes")) + 1));
    assert_int_equal(json_dump_file(doc, path("forged.json"), JSON_INDENT(2)), 0);
    json_decref(doc);
    const char *forged[] = { files[0], path("forged.json"), files[2], NULL };
    assert_refused(forged, "forged.json", "digest");
    /* Another job: another depth. */
    const char *other_args[] = { "perft", "chess", "2", "--split", "3", "--part", "2", "--json", NULL };
    run_to("other.json", other_args);
    const char *other[] = { files[0], path("other.json"), files[2], NULL };
    assert_refused(other, "other.json", "another job");
    /* Another K. */
    const char *k_args[] = { "perft", "chess", "3", "--split", "4", "--part", "2", "--json", NULL };
    run_to("k4.json", k_args);
    const char *k4[] = { files[0], path("k4.json"), files[2], NULL };
    assert_refused(k4, "k4.json", "another job");
    /* Another spec file of the same game name (one byte more): its digest differs. */
    char *spec = read_all(GGN_GAMES_DIR "/chess.json");
    size_t len = strlen(spec);
    spec[len] = '\n';
    write_file(path("chess.json"), spec, len + 1);
    free(spec);
    const char *spec_args[] = { "perft", path("chess.json"), "3", "--split", "3", "--part", "2", "--json", NULL };
    run_to("spec.json", spec_args);
    const char *respec[] = { files[0], path("spec.json"), files[2], NULL };
    assert_refused(respec, "spec.json", "another job");
    /* Not a shard at all, and no file. */
    write_file(path("plain.json"), "{\"depth\": 3, \"nodes\": 8902}\n", 28);
    const char *plain[] = { files[0], path("plain.json"), files[2], NULL };
    assert_refused(plain, "plain.json", "not a ggn shard");
    const char *absent[] = { files[0], path("absent.json"), files[2], NULL };
    assert_refused(absent, "absent.json", "error");
    /* Usage: no file. */
    const char *none[] = { NULL };
    proc_result r = merge(false, none);
    assert_int_equal(r.status, 2);
    proc_free(&r);
}

static const char *const selfplay_base[] = { "selfplay", "3check", "--games", "8", "--depth", "2,1", "--max-plies",
                                             "80", NULL };

/* `ggn selfplay` with the base arguments and up to four more. */
static proc_result selfplay(const char *a, const char *b, const char *c, const char *d)
{
    const char *args[32];
    int n = 0;
    for (int i = 0; selfplay_base[i]; i++) args[n++] = selfplay_base[i];
    const char *more[] = { a, b, c, d };
    for (int i = 0; i < 4 && more[i]; i++) args[n++] = more[i];
    args[n] = NULL;
    return ggn(args);
}

/* The same seed gives the same report, text and JSON; another seed another; the figures add up. */
static void test_selfplay_report(void **state)
{
    (void)state;
    proc_result a = selfplay(NULL, NULL, NULL, NULL), b = selfplay(NULL, NULL, NULL, NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_non_null(strstr(a.out, "Self-play of 3-check: 8 games, seed 1, depth 2/1"));
    assert_non_null(strstr(a.out, "95 % interval"));
    assert_non_null(strstr(a.out, "How the games ended"));
    assert_non_null(strstr(a.out, "First moves that score best"));
    proc_free(&b);
    proc_result c = selfplay("--seed", "2", NULL, NULL);
    assert_int_equal(c.status, 0);
    assert_string_not_equal(a.out, c.out);
    proc_free(&c);
    proc_free(&a);

    a = selfplay("--json", NULL, NULL, NULL);
    b = selfplay("--json", NULL, NULL, NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    json_t *doc = json_loads(a.out, 0, NULL);
    assert_non_null(doc);
    assert_int_equal(json_integer_value(json_object_get(doc, "games")), 8);
    json_t *wins = json_object_get(doc, "wins");
    long long draws = json_integer_value(json_object_get(doc, "draws"));
    assert_int_equal(json_integer_value(json_array_get(wins, 0)) + json_integer_value(json_array_get(wins, 1)) + draws, 8);
    long long ended = 0, opened = 0;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(doc, "ends"), i, v) ended += json_integer_value(json_object_get(v, "games"));
    json_array_foreach(json_object_get(doc, "first_moves"), i, v) opened += json_integer_value(json_object_get(v, "games"));
    assert_int_equal(ended, 8);
    assert_int_equal(opened, 8);
    json_t *first = json_object_get(doc, "first_player");
    double score = json_real_value(json_object_get(first, "score"));
    json_t *interval = json_object_get(first, "interval");
    assert_true(json_number_value(json_array_get(interval, 0)) <= score);
    assert_true(score <= json_number_value(json_array_get(interval, 1)));
    json_t *depth = json_object_get(json_object_get(doc, "settings"), "depth");
    assert_int_equal(json_integer_value(json_array_get(depth, 0)), 2);
    assert_int_equal(json_integer_value(json_array_get(depth, 1)), 1);
    json_t *length = json_object_get(doc, "length");
    assert_true(json_integer_value(json_object_get(length, "min")) <= json_integer_value(json_object_get(length, "median")));
    assert_true(json_integer_value(json_object_get(length, "max")) <= 80);
    json_decref(doc);
    proc_free(&a);
    proc_free(&b);

    /* Usage errors. */
    const char *bad[][4] = { { "--shard", "1/3", NULL }, { "--shard", "4/3", "--json", NULL },
                             { "--depth", "x", NULL }, { "--games", "0", NULL }, { "--max-plies", "5000", NULL } };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        proc_result r = selfplay(bad[k][0], bad[k][1], bad[k][2], NULL);
        if (r.status != 2) fail_msg("selfplay %s %s: exit %d, not 2", bad[k][0], bad[k][1], r.status);
        proc_free(&r);
    }
}

/* K shards merged print the unsplit report exactly: text and JSON, K below, at and above the games. */
static void test_selfplay_shards_merge(void **state)
{
    (void)state;
    proc_result text = selfplay(NULL, NULL, NULL, NULL), json = selfplay("--json", NULL, NULL, NULL);
    assert_int_equal(text.status, 0);
    assert_int_equal(json.status, 0);
    const int ks[] = { 1, 3, 8, 11 };
    for (size_t c = 0; c < sizeof ks / sizeof ks[0]; c++) {
        const char *files[16];
        for (int i = 1; i <= ks[c]; i++) {
            char shard[16], name[32];
            snprintf(shard, sizeof shard, "%d/%d", i, ks[c]);
            snprintf(name, sizeof name, "s-%d", i);
            proc_result r = selfplay("--shard", shard, "--json", NULL);
            if (r.status != 0) fail_msg("shard %s: %s", shard, r.err);
            write_file(path(name), r.out, strlen(r.out));
            proc_free(&r);
            files[ks[c] - i] = path(name); /* reversed */
        }
        files[ks[c]] = NULL;
        proc_result m = merge(false, files);
        if (m.status != 0 || strcmp(m.out, text.out) != 0)
            fail_msg("%d shards merged differ from the unsplit run:\n%s\n---\n%s\n%s", ks[c], m.out, text.out, m.err);
        proc_free(&m);
        m = merge(true, files);
        assert_int_equal(m.status, 0);
        assert_string_equal(m.out, json.out);
        proc_free(&m);
        if (ks[c] == 3) {
            const char *two[] = { files[0], files[2], NULL };
            assert_refused(two, "shard 2 of 3 is missing", "");
            /* A shard of the same run with another seed is another job. */
            proc_result r = selfplay("--seed", "9", "--shard", "2/3");
            assert_int_equal(r.status, 2); /* no --json */
            proc_free(&r);
            const char *args[] = { "selfplay", "3check", "--games", "8", "--depth", "2,1", "--max-plies", "80",
                                   "--seed", "9", "--shard", "2/3", "--json", NULL };
            run_to("seed9.json", args);
            const char *mixed[] = { files[0], path("seed9.json"), files[2], NULL };
            assert_refused(mixed, "seed9.json", "another job");
            /* A perft shard among self-play shards. */
            const char *pargs[] = { "perft", "chess", "2", "--split", "3", "--part", "2", "--json", NULL };
            run_to("perft.json", pargs);
            const char *kinds[] = { files[0], path("perft.json"), files[2], NULL };
            assert_refused(kinds, "perft.json", "another job");
        }
    }
    proc_free(&text);
    proc_free(&json);
}

/*
 * A game with teams (chess4teams: RED and YELLOW against BLUE and GREEN): a team's win counts for
 * each of its players, in the totals, under each end and in the first player's score, and the
 * teams go through shards and `ggn merge` with the job.
 */
static void test_selfplay_teams(void **state)
{
    (void)state;
    const char *args[] = { "selfplay", "chess4teams", "--games", "6", "--depth", "1", "--json", NULL, NULL, NULL };
    proc_result r = ggn(args);
    if (r.status != 0) fail_msg("selfplay chess4teams: exit %d: %s", r.status, r.err);
    json_t *doc = json_loads(r.out, 0, NULL);
    assert_non_null(doc);
    json_t *wins = json_object_get(doc, "wins"), *teams = json_object_get(doc, "teams");
    long long w[4];
    for (size_t p = 0; p < 4; p++) {
        w[p] = json_integer_value(json_array_get(wins, p));
        assert_int_equal(json_integer_value(json_array_get(teams, p)), p % 2);
    }
    long long draws = json_integer_value(json_object_get(doc, "draws"));
    assert_int_equal(w[0], w[2]);
    assert_int_equal(w[1], w[3]);
    assert_int_equal(w[0] + w[1] + draws, 6);
    if (w[0] == 0 || w[1] == 0) fail_msg("these seeded games should be won by both teams: %s", r.out);
    double score = json_real_value(json_object_get(json_object_get(doc, "first_player"), "score"));
    assert_true(fabs(score - ((double)w[0] + 0.5 * (double)draws) / 6.0) < 1e-4);
    size_t i;
    json_t *end;
    json_array_foreach(json_object_get(doc, "ends"), i, end) {
        json_t *ew = json_object_get(end, "wins");
        assert_int_equal(json_integer_value(json_array_get(ew, 0)), json_integer_value(json_array_get(ew, 2)));
        assert_int_equal(json_integer_value(json_array_get(ew, 1)), json_integer_value(json_array_get(ew, 3)));
    }
    json_decref(doc);
    /* Two shards merged: the same report, so the teams went with the job. */
    const char *files[3];
    for (int k = 1; k <= 2; k++) {
        char shard[16], name[32];
        snprintf(shard, sizeof shard, "%d/2", k);
        snprintf(name, sizeof name, "teams-%d", k);
        args[7] = "--shard";
        args[8] = shard;
        run_to(name, args);
        files[k - 1] = path(name);
    }
    files[2] = NULL;
    proc_result m = merge(true, files);
    assert_int_equal(m.status, 0);
    assert_string_equal(m.out, r.out);
    proc_free(&m);
    proc_free(&r);
    /* The text says who plays with whom. */
    const char *text[] = { "selfplay", "chess4teams", "--games", "1", "--depth", "1", "--max-plies", "4", NULL };
    r = ggn(text);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "Teams: RED and YELLOW against BLUE and GREEN; a team's win counts for each of its players\n"));
    proc_free(&r);
}

/* The progress bar: on a terminal's standard error, never through a pipe. */
static void test_progress_bar(void **state)
{
    (void)state;
    const char *argv[] = { GGN_BINARY, "selfplay", "3check", "--games", "3", "--depth", "1", "--max-plies", "20", NULL };
    pty_proc p;
    assert_true(pty_start(&p, argv, NULL));
    assert_true(pty_expect(&p, "3/3 games", TIMEOUT_MS));
    assert_int_equal(pty_finish(&p, TIMEOUT_MS), 0);
    char *plain = pty_plain(&p);
    assert_non_null(strstr(plain, "[##########"));
    free(plain);
    pty_free(&p);
    proc_result r = proc_run(argv, NULL, NULL, TIMEOUT_MS);
    assert_int_equal(r.status, 0);
    assert_null(strstr(r.err, "games]"));
    assert_null(strstr(r.err, "/3 games"));
    proc_free(&r);
}

/* A match in two shards (ggn's own UCI engine on both sides) merges to all its games and the score. */
static void test_match_shards(void **state)
{
    (void)state;
    const char *files[3];
    for (int i = 1; i <= 2; i++) {
        char shard[16], name[32];
        snprintf(shard, sizeof shard, "%d/2", i);
        snprintf(name, sizeof name, "m-%d", i);
        const char *args[] = { "match", "chess", "--engine", GGN_BINARY " uci", "--engine", GGN_BINARY " uci",
                               "--games", "3", "--movetime", "10", "--margin", "1000", "--shard", shard, NULL };
        run_to(name, args);
        files[2 - i] = path(name);
    }
    files[2] = NULL;
    proc_result r = merge(false, files);
    if (r.status != 0) fail_msg("merge: %s", r.err);
    assert_non_null(strstr(r.out, "Game 1: "));
    assert_non_null(strstr(r.out, "\nGame 2: "));
    assert_non_null(strstr(r.out, "\nGame 3: "));
    assert_non_null(strstr(r.out, "Score of " GGN_BINARY " uci vs " GGN_BINARY " uci: "));
    assert_non_null(strstr(r.out, "] 3\n"));
    proc_free(&r);
    const char *one[] = { files[0], NULL };
    assert_refused(one, "shard 1 of 2 is missing", "");
    const char *args[] = { "match", "chess", "--engine", "a", "--engine", "b", "--shard", "1/2", "--sprt", "0,5", NULL };
    r = ggn(args);
    assert_int_equal(r.status, 2);
    proc_free(&r);
}

int main(void)
{
    if (!mkdtemp(tmpdir)) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_merge_equals_unsplit),
        cmocka_unit_test(test_perft_shard_document),
        cmocka_unit_test(test_merge_refuses),
        cmocka_unit_test(test_selfplay_report),
        cmocka_unit_test(test_selfplay_shards_merge),
        cmocka_unit_test(test_selfplay_teams),
        cmocka_unit_test(test_progress_bar),
        cmocka_unit_test(test_match_shards),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "test_shards: could not remove %s\n", tmpdir);
    return failed;
}
