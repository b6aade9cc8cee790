/* shard.c — the shard documents and the checks of `ggn merge` (see shard.h). */
#include "shard.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "ggn/file.h"

bool shard_parse(const char *text, int *index, int *count)
{
    char *end;
    if (text[0] < '0' || text[0] > '9') return false;
    errno = 0;
    long i = strtol(text, &end, 10);
    if (errno || *end != '/' || end[1] < '0' || end[1] > '9') return false;
    const char *k_text = end + 1;
    long k = strtol(k_text, &end, 10);
    if (errno || *end || k < 1 || k > SHARD_MAX || i < 1 || i > k) return false;
    *index = (int)i;
    *count = (int)k;
    return true;
}

/* FNV-1a, 64 bits, continued from h: not a defence against forgery, a guard against damage and mix-ups. */
static uint64_t fnv1a(uint64_t h, const char *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)bytes[i]) * 0x100000001b3u;
    return h;
}

#define FNV_BASIS 0xcbf29ce484222325u

/*
 * The digest of a shard: of its job and its result written compactly with
 * sorted keys (jansson writes a document it read back the same way: shards
 * hold only strings and whole numbers), so any change to a figure that does
 * not also recompute the digest is caught.
 */
static bool digest_of(const json_t *job, const json_t *result, char hex[17])
{
    char *a = json_dumps(job, JSON_COMPACT | JSON_SORT_KEYS), *b = json_dumps(result, JSON_COMPACT | JSON_SORT_KEYS);
    if (!a || !b) {
        free(a);
        free(b);
        return false;
    }
    uint64_t h = fnv1a(fnv1a(fnv1a(FNV_BASIS, a, strlen(a)), "\n", 1), b, strlen(b));
    free(a);
    free(b);
    snprintf(hex, 17, "%016llx", (unsigned long long)h);
    return true;
}

bool shard_add_game(json_t *job, const ggn_game *game, const char *game_arg)
{
    char *path = cli_resolve_game(game_arg);
    if (!path) return false;
    size_t len = 0;
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_file_read(path, &len, &err);
    free(path);
    if (!text) return false;
    uint64_t h = fnv1a(FNV_BASIS, text, len);
    free(text);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
    return json_object_set_new(job, "game", cli_json_string(ggn_game_name(game))) == 0 &&
           json_object_set_new(job, "spec", json_string(hex)) == 0;
}

int shard_print(const char *cmd, json_t *job, int index, int count, json_t *result)
{
    char digest[17];
    json_t *doc = job && result && digest_of(job, result, digest)
                      ? json_pack("{s:s, s:o, s:i, s:i, s:o, s:s}", "format", SHARD_FORMAT, "job", job, "shard", index,
                                  "shards", count, "result", result, "digest", digest)
                      : NULL;
    if (!doc) {
        json_decref(job);
        json_decref(result);
    }
    return cli_json_print(cmd, doc);
}

int shard_corrupt(const char *file, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    char safe_file[4 * 1024 + 1], safe[4 * sizeof message + 1];
    fprintf(stderr, "%s: error: %s\n", cli_escape(file, safe_file, sizeof safe_file), cli_escape(message, safe, sizeof safe));
    return CLI_INVALID;
}

bool shard_int(const char *file, const json_t *obj, const char *key, long long lo, long long hi, long long *out)
{
    json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v)) {
        shard_corrupt(file, "\"%s\" is missing or not a whole number", key);
        return false;
    }
    long long n = json_integer_value(v);
    if (n < lo || n > hi) {
        shard_corrupt(file, "\"%s\" is %lld, not %lld to %lld", key, n, lo, hi);
        return false;
    }
    *out = n;
    return true;
}

const json_t *shard_games(const shard_set *set, int i, long long games)
{
    const json_t *list = json_object_get(set->results[i], "games");
    long long want = games / set->count + (games % set->count > i ? 1 : 0);
    if (!json_is_array(list) || (long long)json_array_size(list) != want) {
        shard_corrupt(set->files[i], "\"games\" should hold the %lld games of shard %d of %d", want, i + 1, set->count);
        return NULL;
    }
    return list;
}

void shard_set_free(shard_set *set)
{
    for (int i = 0; set->results && i < set->count; i++) json_decref(set->results[i]);
    free(set->results);
    free(set->files);
    json_decref(set->job);
    memset(set, 0, sizeof *set);
}

/* Reads one shard document; NULL after saying why. */
static json_t *read_shard(const char *file, int *index, int *count)
{
    ggn_error err;
    ggn_error_clear(&err);
    size_t len = 0;
    char *text = ggn_file_read(file, &len, &err);
    if (!text) {
        shard_corrupt(file, "%s", err.message);
        return NULL;
    }
    json_error_t jerr;
    json_t *doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    free(text);
    if (!doc) {
        shard_corrupt(file, "not a whole JSON document (truncated or corrupt?) at line %d column %d: %s", jerr.line,
                      jerr.column, jerr.text);
        return NULL;
    }
    long long i, k;
    char digest[17];
    const char *format = json_string_value(json_object_get(doc, "format"));
    if (!json_is_object(doc) || !format || strcmp(format, SHARD_FORMAT) != 0) {
        shard_corrupt(file, "not a ggn shard (\"format\" is not \"%s\")", SHARD_FORMAT);
    } else if (!json_is_object(json_object_get(doc, "job")) ||
               !json_is_string(json_object_get(json_object_get(doc, "job"), "command"))) {
        shard_corrupt(file, "\"job\" is missing or has no \"command\"");
    } else if (!json_is_object(json_object_get(doc, "result"))) {
        shard_corrupt(file, "\"result\" is missing or not an object");
    } else if (!json_is_string(json_object_get(doc, "digest"))) {
        shard_corrupt(file, "\"digest\" is missing");
    } else if (!digest_of(json_object_get(doc, "job"), json_object_get(doc, "result"), digest)) {
        shard_corrupt(file, "out of memory");
    } else if (strcmp(digest, json_string_value(json_object_get(doc, "digest"))) != 0) {
        shard_corrupt(file, "the \"digest\" does not match the job and the result: the file was changed or damaged");
    } else if (shard_int(file, doc, "shards", 1, SHARD_MAX, &k) && shard_int(file, doc, "shard", 1, k, &i)) {
        *index = (int)i;
        *count = (int)k;
        return doc;
    }
    json_decref(doc);
    return NULL;
}

bool shard_load(int nfiles, char **files, shard_set *set)
{
    memset(set, 0, sizeof *set);
    const char *first_file = NULL;
    for (int f = 0; f < nfiles; f++) {
        int index, count;
        json_t *doc = read_shard(files[f], &index, &count);
        if (!doc) goto fail;
        if (!set->job) {
            set->job = json_incref(json_object_get(doc, "job"));
            set->count = count;
            set->results = calloc((size_t)count, sizeof *set->results);
            set->files = calloc((size_t)count, sizeof *set->files);
            first_file = files[f];
            if (!set->results || !set->files) {
                json_decref(doc);
                shard_corrupt(files[f], "out of memory");
                goto fail;
            }
        } else if (!json_equal(set->job, json_object_get(doc, "job")) || count != set->count) {
            json_decref(doc);
            shard_corrupt(files[f], "a shard of another job than %s (the \"job\" or \"shards\" differ)", first_file);
            goto fail;
        }
        if (set->results[index - 1]) {
            json_decref(doc);
            shard_corrupt(files[f], "shard %d of %d again: %s has it already", index, count, set->files[index - 1]);
            goto fail;
        }
        set->results[index - 1] = json_incref(json_object_get(doc, "result"));
        set->files[index - 1] = files[f];
        json_decref(doc);
    }
    for (int i = 0; i < set->count; i++) {
        if (!set->results[i]) {
            fprintf(stderr, "ggn merge: error: shard %d of %d is missing (the shards given are of the job of %s)\n",
                    i + 1, set->count, first_file);
            goto fail;
        }
    }
    return true;
fail:
    shard_set_free(set);
    return false;
}
