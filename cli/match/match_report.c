/*
 * match_report.c — what `ggn match` prints of its games and its score, and
 * the merge of its shards (--shard I/K): one copy of the lines, so a merged
 * match reads as the unsplit one.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "match.h"

void match_count_game(FILE *out, match_tally *t, const match_game_line *g)
{
    const char *score = g->winner < 0 ? "1/2-1/2" : g->winner == 0 ? "1-0" : "0-1";
    /* The commands, and the reason with what the engines said in it (their names, their moves): escaped. */
    char a[4 * 256], b[4 * 256], reason[4 * 640];
    cli_escape(g->engines[0], a, sizeof a);
    cli_escape(g->engines[1], b, sizeof b);
    cli_escape(g->reason, reason, sizeof reason);
    fprintf(out, "Game %d: %s (%s) - %s (%s): %s (%s, %d plies)\n", g->number, a, g->players[0], b, g->players[1],
            score, reason, g->plies);
    fflush(out);
    int engine0_side = g->first == 0 ? 0 : 1;
    if (g->winner < 0) t->score.draws++;
    else if (g->winner == engine0_side) t->score.wins++;
    else t->score.losses++;
    if (g->end != MATCH_END_RULE && g->end != MATCH_END_MOVE_LIMIT) t->forfeits[g->end]++;
}

void match_print_summary(const char *engine0, const char *engine1, const match_tally *t)
{
    int n = t->score.wins + t->score.draws + t->score.losses;
    double elo, error;
    match_elo(&t->score, &elo, &error);
    char a[4 * 256], b[4 * 256];
    cli_escape(engine0, a, sizeof a);
    cli_escape(engine1, b, sizeof b);
    printf("\nScore of %s vs %s: %d - %d - %d [%.3f] %d\n", a, b, t->score.wins, t->score.losses,
           t->score.draws, n ? (t->score.wins + 0.5 * t->score.draws) / n : 0.0, n);
    if (isinf(elo)) printf("Elo difference: %s (every game won by one side)\n", elo > 0 ? "+inf" : "-inf");
    else if (isinf(error)) printf("Elo difference: %.1f +/- inf\n", elo);
    else printf("Elo difference: %.1f +/- %.1f\n", elo, error);
    printf("Forfeits: illegal move %d, time %d, disconnect %d\n", t->forfeits[MATCH_END_ILLEGAL],
           t->forfeits[MATCH_END_TIME], t->forfeits[MATCH_END_DISCONNECT]);
}

json_t *match_game_json(const match_game_line *g)
{
    return json_pack("{s:i, s:i, s:i, s:i, s:i, s:o}", "game", g->number, "first", g->first, "winner", g->winner, "end",
                     g->end, "plies", g->plies, "reason", cli_json_string(g->reason));
}

/* The names of a pair in the job ("engines", "players"); false when it is not two strings. */
static bool job_pair(const json_t *job, const char *key, const char *out[2])
{
    const json_t *a = json_object_get(job, key);
    out[0] = json_string_value(json_array_get(a, 0));
    out[1] = json_string_value(json_array_get(a, 1));
    return json_array_size(a) == 2 && out[0] && out[1];
}

int match_merge(const shard_set *set, bool json)
{
    long long games;
    const char *engines[2], *players[2];
    if (!shard_int(set->files[0], set->job, "games", 1, MATCH_MAX_GAMES, &games)) return CLI_INVALID;
    if (!job_pair(set->job, "engines", engines) || !job_pair(set->job, "players", players))
        return shard_corrupt(set->files[0], "the job's \"engines\" or \"players\" is not two names");
    const json_t **by_number = calloc((size_t)games, sizeof *by_number);
    if (!by_number) return shard_corrupt(set->files[0], "out of memory");
    int status = CLI_OK;
    for (int i = 0; i < set->count && status == CLI_OK; i++) {
        const char *file = set->files[i];
        const json_t *list = shard_games(set, i, games);
        if (!list) {
            status = CLI_INVALID;
            break;
        }
        for (size_t k = 0; k < json_array_size(list) && status == CLI_OK; k++) {
            long long number;
            const json_t *g = json_array_get(list, k);
            if (!shard_int(file, g, "game", 1, games, &number)) status = CLI_INVALID;
            else if (!shard_owns((long)number - 1, i + 1, set->count) || by_number[number - 1])
                status = shard_corrupt(file, "game %lld is not a game of shard %d of %d, or is there twice", number,
                                       i + 1, set->count);
            else by_number[number - 1] = g;
        }
    }
    match_tally t;
    memset(&t, 0, sizeof t);
    json_t *list = json ? json_array() : NULL;
    for (long long n = 0; n < games && status == CLI_OK; n++) {
        const json_t *j = by_number[n];
        const char *file = set->files[n % set->count];
        long long first, winner, end, plies;
        const char *reason = json_string_value(json_object_get(j, "reason"));
        if (!shard_int(file, j, "first", 0, 1, &first) || !shard_int(file, j, "winner", -1, 1, &winner) ||
            !shard_int(file, j, "end", 0, MATCH_END_MOVE_LIMIT, &end) ||
            !shard_int(file, j, "plies", 0, GGN_MAX_PLY, &plies) || !reason) {
            if (!reason) shard_corrupt(file, "game %lld has no \"reason\"", n + 1);
            status = CLI_INVALID;
            break;
        }
        match_game_line g = { (int)n + 1, { engines[first], engines[1 - first] }, { players[0], players[1] },
                              (int)first, (int)winner, (int)end, (int)plies, reason };
        if (list) json_array_append_new(list, match_game_json(&g));
        match_count_game(json ? stderr : stdout, &t, &g);
    }
    free(by_number);
    if (status != CLI_OK) {
        json_decref(list);
        return status;
    }
    if (json) {
        double elo, error;
        match_elo(&t.score, &elo, &error);
        return cli_json_print("merge", json_pack("{s:[s, s], s:o, s:{s:i, s:i, s:i}, s:o, s:o, s:{s:i, s:i, s:i}}",
                                                 "engines", engines[0], engines[1], "games", list, "score", "wins",
                                                 t.score.wins, "draws", t.score.draws, "losses", t.score.losses, "elo",
                                                 isfinite(elo) ? json_real(elo) : json_null(), "error95",
                                                 isfinite(error) ? json_real(error) : json_null(), "forfeits",
                                                 "illegal_move", t.forfeits[MATCH_END_ILLEGAL], "time",
                                                 t.forfeits[MATCH_END_TIME], "disconnect",
                                                 t.forfeits[MATCH_END_DISCONNECT]));
    }
    match_print_summary(engines[0], engines[1], &t);
    return cli_close_output(stdout, "standard output") ? CLI_OK : CLI_INVALID;
}
