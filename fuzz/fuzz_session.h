/*
 * fuzz_session.h — a protocol session (ggn/protocol.h) fed a fuzz input:
 * games found by name in the source tree's games/ (never a path the input
 * names), lines cut as the CLI cuts them (a NUL ends a line's text, never the
 * line), and everything the session says gathered in a memory stream.
 */
#ifndef GGN_FUZZ_SESSION_H
#define GGN_FUZZ_SESSION_H

#include <dirent.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "ggn/protocol.h"

/* A game's name to its spec file in FUZZ_GAMES_DIR; names only, as a GUI's UCI_Variant. */
static bool fuzz_resolve(const char *name, char *path, size_t cap, void *context)
{
    (void)context;
    if (!name[0] || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_-") != strlen(name)) return false;
    int n = snprintf(path, cap, "%s/%s.json", FUZZ_GAMES_DIR, name);
    if (n < 0 || (size_t)n >= cap) return false;
    FILE *f = fopen(path, "r");
    if (!f) return false;
    fclose(f);
    return true;
}

/* The games of FUZZ_GAMES_DIR by name, as `ggn games` lists them for a GUI (read once, kept for the process). */
static const char *const *fuzz_game_names(size_t *count)
{
    static char names[256][64];
    static const char *list[256];
    static size_t n;
    static bool read;
    if (!read) {
        read = true;
        DIR *dir = opendir(FUZZ_GAMES_DIR);
        for (struct dirent *e; dir && (e = readdir(dir)) && n < 256;) {
            size_t len = strlen(e->d_name);
            if (len <= 5 || len - 5 >= 64 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
            snprintf(names[n], sizeof names[n], "%.*s", (int)(len - 5), e->d_name);
            list[n] = names[n];
            n++;
        }
        if (dir) closedir(dir);
    }
    *count = n;
    return list;
}

static void fuzz_write(const char *line, void *context)
{
    FILE *out = context;
    fputs(line, out);
    fputc('\n', out);
}

/* Runs a session of config on text[0..len) (output and resolver set here); its output in *out_text (malloc'd). */
static void fuzz_session_run(ggn_session_config *config, const uint8_t *text, size_t len, char **out_text,
                             size_t *out_len)
{
    *out_text = NULL;
    *out_len = 0;
    FILE *out = open_memstream(out_text, out_len);
    if (!out) return;
    config->game_names = fuzz_game_names(&config->game_count);
    config->resolve = fuzz_resolve;
    config->output = fuzz_write;
    config->output_context = out;
    ggn_errors *errs = malloc(sizeof *errs);
    ggn_session *s = errs ? ggn_session_new(config, errs) : NULL;
    free(errs);
    char *line = s ? malloc(len + 1) : NULL;
    bool quit = false;
    for (size_t start = 0; line && start < len && !quit;) {
        const uint8_t *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        const uint8_t *nul = memchr(text + start, '\0', end - start);
        size_t n = (nul ? (size_t)(nul - text) : end) - start;
        memcpy(line, text + start, n);
        line[n] = '\0';
        quit = !ggn_session_input(s, line);
        start = end + 1;
    }
    if (s) {
        ggn_session_close(s, quit);
        ggn_session_free(s);
    }
    free(line);
    fclose(out);
}

#endif
