/*
 * perft_split.c — one perft cut into K parts (`ggn perft GAME D --split K
 * --part I --json`) and the K parts added up again (`ggn merge`).
 *
 * The unit of work is a line of play of L plies from the root ("e2e4 e7e5"
 * for L = 2), and its count perft(D - L) below it. L is the smallest number
 * of plies that gives at least PERFT_UNITS_PER_PART lines per part (but no
 * more than D plies, and no more than PERFT_MAX_UNITS lines), so the parts
 * come out even in size however large K is: the root moves alone would
 * allow no more than 20 useful parts for chess, and one part would hold
 * e2e4 whole. The lines are sorted by their text and the n-th goes to part
 * n % K + 1: an order that depends on the position alone, never on the
 * move generator's order, so any machine running the same ggn deals the
 * same parts.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "ggn/notation.h"
#include "shard.h"

typedef struct unit {
    char *text;      /* the line of play, moves space-separated (malloc'd) */
    size_t order;    /* the order in which the walk meets it: ties between equal texts */
    bool mine;       /* dealt to this part */
} unit;

typedef struct walk {
    int plies;              /* L */
    int depth;              /* D */
    unit *units;            /* gathered by the first walk */
    size_t n, cap;
    bool *mine;             /* by walk order, for the second walk */
    uint64_t *counts;       /* by walk order: the second walk's counts of this part's lines */
    size_t next;            /* the walk order reached */
    uint64_t total;
    bool failed;            /* out of memory */
    char line[GGN_MAX_PERFT_DEPTH * 64];
} walk;

/* The lines of play of w->plies plies below pos, gathered (first walk) or counted (second walk). */
static void walk_lines(walk *w, ggn_position *pos, int ply, size_t len, bool count)
{
    if (w->failed) return;
    if (ply == w->plies) {
        size_t at = w->next++;
        if (!count) {
            if (w->n == w->cap) {
                size_t cap = w->cap ? w->cap * 2 : 256;
                unit *grown = realloc(w->units, cap * sizeof *grown);
                if (!grown) {
                    w->failed = true;
                    return;
                }
                w->units = grown;
                w->cap = cap;
            }
            w->units[w->n].text = strdup(w->line);
            w->units[w->n].order = at;
            w->units[w->n].mine = false;
            if (!w->units[w->n].text) w->failed = true;
            w->n++;
        } else if (at < w->n && w->mine[at]) {
            w->counts[at] = ggn_perft(pos, w->depth - w->plies);
            w->total += w->counts[at];
        }
        return;
    }
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    for (size_t i = 0; i < n && !w->failed; i++) {
        char text[64];
        ggn_move_format(pos, moves[i], text, sizeof text);
        int wrote = snprintf(w->line + len, sizeof w->line - len, "%s%s", len ? " " : "", text);
        if (wrote < 0 || (size_t)wrote >= sizeof w->line - len) {
            w->failed = true;
            return;
        }
        if (ggn_position_make(pos, moves[i])) {
            walk_lines(w, pos, ply + 1, len + (size_t)wrote, count);
            ggn_position_unmake(pos);
        }
        w->line[len] = '\0';
    }
}

static int compare_units(const void *a, const void *b)
{
    const unit *x = a, *y = b;
    int c = strcmp(x->text, y->text);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* How many plies to deal out: enough lines for every part, few enough to list them all. */
static int split_plies(ggn_position *pos, int depth, int parts)
{
    int plies = 1;
    while (plies < depth) {
        uint64_t lines = ggn_perft(pos, plies);
        if (lines >= (uint64_t)parts * PERFT_UNITS_PER_PART) break;
        if (ggn_perft(pos, plies + 1) > PERFT_MAX_UNITS) break;
        plies++;
    }
    return plies;
}

static void free_walk(walk *w)
{
    for (size_t i = 0; i < w->n; i++) free(w->units[i].text);
    free(w->units);
    free(w->mine);
    free(w->counts);
}

int perft_split_run(const ggn_game *game, const char *game_arg, ggn_position *pos, int depth, int part, int parts,
                    const char *moves_arg)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.depth = depth;
    w.plies = split_plies(pos, depth, parts);
    json_t *job = json_pack("{s:s}", "command", "perft");
    if (!job || !shard_add_game(job, game, game_arg)) {
        fprintf(stderr, "ggn perft: out of memory, or the game's file cannot be read again\n");
        json_decref(job);
        return CLI_INVALID;
    }
    /* The job names the root position: its FEN where the game has one, else the moves from the start. */
    char fen[GGN_MAX_FEN_BYTES];
    json_t *where = ggn_game_has_fen(game) && ggn_position_fen(pos, fen, sizeof fen) < sizeof fen
                        ? cli_json_string(fen)
                        : json_pack("{s:s}", "moves", moves_arg ? moves_arg : "");
    json_object_set_new(job, "position", where);
    json_object_set_new(job, "depth", json_integer(depth));

    double start = cli_seconds();
    walk_lines(&w, pos, 0, 0, false);
    w.mine = calloc(w.n ? w.n : 1, sizeof *w.mine);
    w.counts = calloc(w.n ? w.n : 1, sizeof *w.counts);
    json_t *list = json_array();
    if (w.failed || !w.mine || !w.counts || !list) {
        fprintf(stderr, "ggn perft: out of memory\n");
        free_walk(&w);
        json_decref(job);
        json_decref(list);
        return CLI_INVALID;
    }
    qsort(w.units, w.n, sizeof *w.units, compare_units);
    for (size_t i = 0; i < w.n; i++) w.mine[w.units[i].order] = shard_owns((long)i, part, parts);
    w.next = 0;
    walk_lines(&w, pos, 0, 0, true);
    double elapsed = cli_seconds() - start;
    /* This part's lines in sorted order, as the merge deals them back. */
    for (size_t i = 0; i < w.n; i++)
        if (shard_owns((long)i, part, parts))
            json_array_append_new(list, json_pack("{s:s, s:I}", "line", w.units[i].text, "nodes",
                                                  (json_int_t)w.counts[w.units[i].order]));
    int plies = w.plies;
    uint64_t total = w.total;
    json_t *result = json_pack("{s:i, s:I, s:o, s:I}", "plies", plies, "lines", (json_int_t)w.n, "counts", list,
                               "nodes", (json_int_t)total);
    free_walk(&w);
    int status = shard_print("perft", job, part, parts, result);
    fprintf(stderr, "perft %d part %d/%d (lines of %d plies dealt out): %.3f s, %.0f nodes/s\n", depth, part, parts,
            plies, elapsed, elapsed > 0 ? (double)total / elapsed : 0.0);
    return status;
}

typedef struct merged_line {
    const char *text;
    long long nodes;
} merged_line;

/*
 * The K parts of a perft: all deal out lines of the same length, every part
 * holds exactly its share of the lines (the n-th of the sorted list to part
 * n % K + 1), its count is the sum of its lines', and dealt back together
 * the lines are in sorted order.
 */
int perft_split_merge(const shard_set *set, bool json)
{
    long long depth, root = -1, plies = -1;
    if (!shard_int(set->files[0], set->job, "depth", 1, GGN_MAX_PERFT_DEPTH, &depth)) return CLI_INVALID;
    for (int i = 0; i < set->count; i++) {
        long long n, p;
        if (!shard_int(set->files[i], set->results[i], "lines", 0, PERFT_MAX_UNITS, &n) ||
            !shard_int(set->files[i], set->results[i], "plies", 1, depth, &p))
            return CLI_INVALID;
        if (root >= 0 && (n != root || p != plies))
            return shard_corrupt(set->files[i], "%lld lines of %lld plies, where %s has %lld of %lld", n, p,
                                 set->files[0], root, plies);
        root = n;
        plies = p;
    }
    merged_line *moves = calloc((size_t)(root < 1 ? 1 : root), sizeof *moves);
    if (!moves) return shard_corrupt(set->files[0], "out of memory");
    uint64_t total = 0;
    int status = CLI_OK;
    for (int i = 0; i < set->count && status == CLI_OK; i++) {
        const char *file = set->files[i];
        const json_t *list = json_object_get(set->results[i], "counts");
        size_t want = 0;
        for (long long m = 0; m < root; m++) want += shard_owns((long)m, i + 1, set->count);
        long long nodes;
        if (!json_is_array(list) || json_array_size(list) != want) {
            status = shard_corrupt(file, "\"counts\" should list the %zu lines of part %d", want, i + 1);
            break;
        }
        if (!shard_int(file, set->results[i], "nodes", 0, INT64_MAX, &nodes)) {
            status = CLI_INVALID;
            break;
        }
        uint64_t sum = 0;
        for (size_t k = 0; k < want; k++) {
            const json_t *m = json_array_get(list, k);
            long long count;
            const char *text = json_string_value(json_object_get(m, "line"));
            if (!text || !shard_int(file, m, "nodes", 0, INT64_MAX, &count)) {
                if (!text) shard_corrupt(file, "an entry of \"counts\" has no \"line\"");
                status = CLI_INVALID;
                break;
            }
            size_t at = k * (size_t)set->count + (size_t)i;
            moves[at].text = text;
            moves[at].nodes = count;
            sum += (uint64_t)count;
        }
        if (status == CLI_OK && sum != (uint64_t)nodes)
            status = shard_corrupt(file, "\"nodes\" is %lld but its lines add up to %" PRIu64, nodes, sum);
        total += sum;
    }
    for (long long m = 1; status == CLI_OK && m < root; m++) {
        if (strcmp(moves[m - 1].text, moves[m].text) > 0) {
            int before = (int)((m - 1) % set->count), part = (int)(m % set->count);
            status = shard_corrupt(set->files[part], "its line %s comes after %s of %s: the lines of the parts do not "
                                   "deal back into sorted order", moves[m].text, moves[m - 1].text,
                                   set->files[before]);
        }
    }
    free(moves);
    if (status != CLI_OK) return status;
    if (json) return cli_json_print("merge", json_pack("{s:i, s:I}", "depth", (int)depth, "nodes", (json_int_t)total));
    printf("Nodes: %" PRIu64 "\n", total);
    return cli_close_output(stdout, "standard output") ? CLI_OK : CLI_INVALID;
}

