/*
 * selfplay_report.c — the balance report of `ggn selfplay` from the games'
 * records (selfplay.h). It reads only the job document and the records, so
 * `ggn merge` prints the same report from shards as the unsplit run.
 *
 * The first player's score counts a win 1, a draw 1/2, a loss 0. Its 95 %
 * interval is Wilson's score interval with the score taken as a proportion
 * of n games: it stays inside [0, 1] and is not empty when every game had
 * the same result; with draws it is a little wider than it need be (a draw
 * varies less than a coin toss), which errs on the side of caution.
 *
 * In a game with teams a win is the winning team's: it counts for each of
 * its players (the job's "teams" says who plays with whom), so the first
 * player scores when its partner gives the mate.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "selfplay.h"

enum { REPORT_TOP_MOVES = 10, REPORT_BUCKETS = 10 };

typedef struct tally {
    char name[GGN_SELFPLAY_NAME_BYTES];
    long games, draws;
    double score;         /* the first player's points */
    long wins[GGN_MAX_PLAYERS];
} tally;

/* Who plays with whom: team[p] for each of the job's players. */
typedef struct sides {
    int players;
    int team[GGN_MAX_PLAYERS];
    bool teams;           /* the job names teams (selfplay_job writes them only for a game with teams) */
} sides;

/*
 * The job's "teams", or each player its own team when it has none. A team
 * list that does not fit the players (which the shards' digests keep out) is
 * read as none.
 */
static void read_sides(const json_t *job, int players, sides *s)
{
    const json_t *jteams = json_object_get(job, "teams");
    s->players = players;
    s->teams = json_is_array(jteams) && json_array_size(jteams) == (size_t)players;
    for (int p = 0; p < players; p++) {
        const json_t *t = json_array_get(jteams, (size_t)p);
        json_int_t v = json_is_integer(t) ? json_integer_value(t) : -1;
        if (v < 0 || v >= players) s->teams = false;
        s->team[p] = (int)v;
    }
    if (!s->teams)
        for (int p = 0; p < players; p++) s->team[p] = p;
}

/* The entry of name in list (grown by one when new); NULL when out of memory. */
static tally *find(tally **list, size_t *n, const char *name)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*list)[i].name, name) == 0) return &(*list)[i];
    tally *grown = realloc(*list, (*n + 1) * sizeof **list);
    if (!grown) return NULL;
    *list = grown;
    tally *t = &grown[(*n)++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    return t;
}

/* One game into the tally: a win counts for every player of the winner's team. */
static void add(tally *t, const selfplay_record *r, const sides *s)
{
    t->games++;
    if (r->winner < 0 || r->winner >= s->players) { /* (beyond the players: never, records are checked when read) */
        t->draws++;
        t->score += 0.5;
    } else {
        int won = s->team[r->winner];
        for (int p = 0; p < s->players; p++)
            if (s->team[p] == won) t->wins[p]++;
        if (s->team[0] == won) t->score += 1.0;
    }
}

/* Ends: most games first, then by name. */
static int by_games(const void *a, const void *b)
{
    const tally *x = a, *y = b;
    if (x->games != y->games) return x->games < y->games ? 1 : -1;
    return strcmp(x->name, y->name);
}

/* First moves: best mean score for the first player first, then more games, then by name. */
static int by_score(const void *a, const void *b)
{
    const tally *x = a, *y = b;
    double sx = x->score / (double)x->games, sy = y->score / (double)y->games;
    if (sx != sy) return sx < sy ? 1 : -1;
    return by_games(a, b);
}

static int by_int(const void *a, const void *b) { return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b); }

static void wilson(double p, long n, double *lo, double *hi)
{
    const double z = 1.959964;
    double d = 1.0 + z * z / (double)n;
    double centre = (p + z * z / (2.0 * (double)n)) / d;
    double half = z / d * sqrt(p * (1.0 - p) / (double)n + z * z / (4.0 * (double)n * (double)n));
    *lo = fmax(0.0, centre - half);
    *hi = fmin(1.0, centre + half);
}

/* A figure rounded to 4 decimals, so the JSON shows 0.5449 rather than 17 digits. */
static json_t *real4(double x) { return json_real(round(x * 1e4) / 1e4); }

/* Nearest-rank percentile of sorted values. */
static int percentile(const int *sorted, long n, int pct)
{
    long rank = (pct * n + 99) / 100;
    return sorted[rank < 1 ? 0 : rank - 1];
}

/* The last length of histogram bucket b: the longest game's for the last bucket. */
static int bucket_end(const int q[5], int b, int width)
{
    int end = q[0] + (b + 1) * width - 1;
    return end < q[4] ? end : q[4];
}

/* "Teams: RED and YELLOW against BLUE and GREEN; ...": the teams in the order of their first players. */
static void print_teams(const sides *s, const char *const *names)
{
    printf("Teams:");
    for (int p = 0; p < s->players; p++) {
        bool first = true;
        for (int q = 0; q < p && first; q++) first = s->team[q] != s->team[p];
        if (!first) continue;
        printf("%s", p ? " against" : "");
        for (int q = p; q < s->players; q++)
            if (s->team[q] == s->team[p]) printf("%s %s", q == p ? "" : " and", names[q]);
    }
    printf("; a team's win counts for each of its players\n");
}

static json_t *wins_json(const long *wins, int players)
{
    json_t *a = json_array();
    for (int p = 0; a && p < players; p++) json_array_append_new(a, json_integer(wins[p]));
    return a;
}

int selfplay_report(const json_t *job, const selfplay_record *records, long n, bool want_json)
{
    const json_t *jplayers = json_object_get(job, "players");
    int players = (int)json_array_size(jplayers);
    if (players < 1 || players > GGN_MAX_PLAYERS) players = 1;
    const char *names[GGN_MAX_PLAYERS];
    for (int p = 0; p < players; p++) {
        names[p] = json_string_value(json_array_get(jplayers, (size_t)p));
        if (!names[p]) names[p] = "?";
    }
    sides side;
    read_sides(job, players, &side);
    tally all;
    memset(&all, 0, sizeof all);
    tally *ends = NULL, *firsts = NULL;
    size_t nends = 0, nfirsts = 0;
    int *lengths = malloc((size_t)(n ? n : 1) * sizeof *lengths);
    double total_plies = 0;
    bool ok = lengths != NULL;
    for (long i = 0; ok && i < n; i++) {
        const selfplay_record *r = &records[i];
        add(&all, r, &side);
        tally *e = find(&ends, &nends, r->end), *f = find(&firsts, &nfirsts, r->first_move[0] ? r->first_move : "-");
        if (!e || !f) ok = false;
        else {
            add(e, r, &side);
            add(f, r, &side);
        }
        lengths[i] = r->plies;
        total_plies += r->plies;
    }
    if (!ok) {
        free(lengths);
        free(ends);
        free(firsts);
        fprintf(stderr, "ggn selfplay: out of memory\n");
        return CLI_INVALID;
    }
    qsort(ends, nends, sizeof *ends, by_games);
    qsort(firsts, nfirsts, sizeof *firsts, by_score);
    qsort(lengths, (size_t)n, sizeof *lengths, by_int);
    double score = n ? all.score / (double)n : 0.0, lo = 0.0, hi = 1.0;
    if (n) wilson(score, n, &lo, &hi);
    int q[5] = { 0, 0, 0, 0, 0 };
    if (n) {
        q[0] = lengths[0];
        q[1] = percentile(lengths, n, 25);
        q[2] = percentile(lengths, n, 50);
        q[3] = percentile(lengths, n, 75);
        q[4] = lengths[n - 1];
    }
    double mean = n ? total_plies / (double)n : 0.0;
    /* The histogram: up to REPORT_BUCKETS equal ranges from the shortest game to the longest. */
    int width = (q[4] - q[0]) / REPORT_BUCKETS + 1;
    long buckets[REPORT_BUCKETS] = { 0 };
    for (long i = 0; i < n; i++) buckets[(lengths[i] - q[0]) / width]++;
    int nbuckets = n ? (q[4] - q[0]) / width + 1 : 0;
    const char *game = json_string_value(json_object_get(job, "game"));
    const json_t *depth = json_object_get(job, "depth"), *nodes = json_object_get(job, "nodes"),
                 *think = json_object_get(job, "think_ms");
    long long seed = json_integer_value(json_object_get(job, "seed"));
    int status = CLI_OK;

    if (want_json) {
        json_t *jends = json_array(), *jfirst = json_array(), *jhist = json_array();
        for (size_t i = 0; i < nends; i++)
            json_array_append_new(jends, json_pack("{s:s, s:I, s:o, s:I}", "end", ends[i].name, "games",
                                                   (json_int_t)ends[i].games, "wins", wins_json(ends[i].wins, players),
                                                   "draws", (json_int_t)ends[i].draws));
        for (size_t i = 0; i < nfirsts; i++)
            json_array_append_new(jfirst, json_pack("{s:s, s:I, s:o}", "move", firsts[i].name, "games",
                                                    (json_int_t)firsts[i].games, "score",
                                                    real4(firsts[i].score / (double)firsts[i].games)));
        for (int b = 0; b < nbuckets; b++)
            json_array_append_new(jhist, json_pack("{s:i, s:i, s:I}", "from", q[0] + b * width, "to",
                                                   bucket_end(q, b, width), "games", (json_int_t)buckets[b]));
        json_t *doc = json_pack(
            "{s:s?, s:O, s:I, s:I, s:{s:O, s:O, s:O, s:O, s:O}, s:{s:s, s:o, s:[o, o]}, s:o, s:I, s:o, s:o, "
            "s:{s:i, s:i, s:i, s:i, s:i, s:o, s:o}, s:o}",
            "game", game, "players", json_object_get(job, "players"), "games", (json_int_t)n, "seed", (json_int_t)seed,
            "settings", "depth", depth, "nodes", nodes, "think_ms", think, "random_plies",
            json_object_get(job, "random_plies"), "max_plies", json_object_get(job, "max_plies"), "first_player",
            "player", names[0], "score", real4(score), "interval", real4(lo), real4(hi), "wins",
            wins_json(all.wins, players), "draws", (json_int_t)all.draws, "draw_rate",
            real4(n ? (double)all.draws / (double)n : 0.0), "ends", jends, "length", "min", q[0], "q1", q[1], "median",
            q[2], "q3", q[3], "max", q[4], "mean", real4(mean), "histogram", jhist, "first_moves", jfirst);
        if (doc && side.teams) json_object_set(doc, "teams", json_object_get(job, "teams"));
        status = cli_json_print("selfplay", doc);
    } else {
        printf("Self-play of %s: %ld game%s, seed %lld, depth %lld/%lld, nodes %lld/%lld, think %lld/%lld ms,\n"
               "random plies %lld, move limit %lld (first player / the others; 0: no limit)\n\n",
               game ? game : "?", n, n == 1 ? "" : "s", seed, json_integer_value(json_array_get(depth, 0)),
               json_integer_value(json_array_get(depth, 1)), json_integer_value(json_array_get(nodes, 0)),
               json_integer_value(json_array_get(nodes, 1)), json_integer_value(json_array_get(think, 0)),
               json_integer_value(json_array_get(think, 1)), json_integer_value(json_object_get(job, "random_plies")),
               json_integer_value(json_object_get(job, "max_plies")));
        if (side.teams) print_teams(&side, names);
        printf("%s's score: %.3f, 95 %% interval %.3f to %.3f\n", names[0], score, lo, hi);
        for (int p = 0; p < players; p++) printf("%s %ld, ", names[p], all.wins[p]);
        printf("draws %ld: draw rate %.1f %%\n\n", all.draws, n ? 100.0 * (double)all.draws / (double)n : 0.0);
        printf("%-30s %7s", "How the games ended", "games");
        for (int p = 0; p < players; p++) printf(" %9.9s", names[p]);
        printf(" %7s\n", "draws");
        for (size_t i = 0; i < nends; i++) {
            printf("  %-28s %7ld", ends[i].name, ends[i].games);
            for (int p = 0; p < players; p++) printf(" %9ld", ends[i].wins[p]);
            printf(" %7ld\n", ends[i].draws);
        }
        printf("\nGame length in plies: min %d, 25 %% %d, median %d, 75 %% %d, max %d, mean %.1f\n", q[0], q[1], q[2],
               q[3], q[4], mean);
        long most = 1;
        for (int b = 0; b < nbuckets; b++)
            if (buckets[b] > most) most = buckets[b];
        for (int b = 0; b < nbuckets; b++) {
            char range[32];
            snprintf(range, sizeof range, "%d-%d", q[0] + b * width, bucket_end(q, b, width));
            printf("  %-11s %6ld ", range, buckets[b]);
            for (long k = 0; k < (buckets[b] * 40 + most - 1) / most; k++) putchar('#');
            putchar('\n');
        }
        printf("\nFirst moves that score best for %s (of %zu played):\n", names[0], nfirsts);
        printf("  %-16s %7s %7s\n", "move", "games", "score");
        for (size_t i = 0; i < nfirsts && i < REPORT_TOP_MOVES; i++)
            printf("  %-16s %7ld %7.3f\n", firsts[i].name, firsts[i].games, firsts[i].score / (double)firsts[i].games);
        if (!cli_close_output(stdout, "standard output")) status = CLI_INVALID;
    }
    free(lengths);
    free(ends);
    free(firsts);
    return status;
}
