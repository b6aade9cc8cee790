/* engine_session.c — standard input and output for the library's protocol session (engine_session.h). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine_session.h"

/* The session's lines: each written whole and flushed (the session calls this under its own lock). */
static void write_line(const char *line, void *context)
{
    FILE *out = context;
    fputs(line, out);
    fputc('\n', out);
    fflush(out);
}

/* A game's name (or a file) to its spec file, as every ggn command finds games (cli_resolve_game). */
static bool resolve(const char *name, char *path, size_t cap, void *context)
{
    (void)context;
    char *found = cli_resolve_game(name);
    if (!found) return false;
    bool fits = strlen(found) < cap;
    if (fits) memcpy(path, found, strlen(found) + 1);
    free(found);
    return fits;
}

/*
 * One line of at most cap - 1 bytes into buf, byte by byte rather than with
 * fgets: fgets cannot say how much it read when the line holds a NUL. A NUL
 * ends the line's text (the bytes after it, up to the newline, are dropped),
 * never the line: the next line is the next command.
 */
engine_line_read engine_read_line(FILE *in, char *buf, size_t cap)
{
    size_t n = 0;
    bool any = false, cut = false, too_long = false;
    int c;
    flockfile(in);
    while ((c = getc_unlocked(in)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (c == '\0') cut = true;
        if (cut) continue;
        if (n + 1 < cap) buf[n++] = (char)c;
        else too_long = true;
    }
    funlockfile(in);
    if (!any) return LINE_END;
    if (too_long) return LINE_TOO_LONG;
    buf[n] = '\0';
    return LINE_OK;
}

int engine_session_run(ggn_protocol protocol, const char *game, const char *const *spec_files, size_t count)
{
    static const char *const words[] = { "uci", "usi", "ucci", "xboard" };
    const char *word = words[protocol];
    size_t ngames = 0;
    cli_game_file *games = cli_game_files(&ngames);
    const char **names = ngames ? malloc(ngames * sizeof *names) : NULL;
    for (size_t i = 0; names && i < ngames; i++) names[i] = games[i].name;
    ggn_session_config config = { .protocol = protocol, .game = game, .spec_files = spec_files,
                                  .spec_count = count, .game_names = names, .game_count = names ? ngames : 0,
                                  .resolve = resolve, .output = write_line, .output_context = stdout };
    ggn_errors *errs = malloc(sizeof *errs);
    char *line = malloc(GGN_SESSION_MAX_LINE);
    ggn_session *s = errs && line ? ggn_session_new(&config, errs) : NULL;
    free(names);
    cli_game_files_free(games, ngames);
    if (!s) {
        for (size_t i = 0; errs && i < errs->count; i++) {
            const ggn_error *e = &errs->items[i];
            if (e->line) fprintf(stderr, "%s:%d:%d: %s\n", e->file, e->line, e->column, e->message);
            else if (e->file[0]) fprintf(stderr, "%s: %s\n", e->file, e->message);
            else fprintf(stderr, "ggn %s: %s\n", word, e->message);
        }
        if (!errs || !line) fprintf(stderr, "ggn %s: out of memory\n", word);
        free(errs);
        free(line);
        return CLI_INVALID;
    }
    free(errs);
    bool quit = false;
    for (engine_line_read got; !quit && (got = engine_read_line(stdin, line, GGN_SESSION_MAX_LINE)) != LINE_END;) {
        if (got == LINE_TOO_LONG) ggn_session_input_too_long(s);
        else quit = !ggn_session_input(s, line);
    }
    ggn_session_close(s, quit);
    ggn_session_free(s);
    free(line);
    return CLI_OK;
}

int engine_session_command(int argc, char **argv, ggn_protocol protocol, const char *default_game)
{
    const char *word = argv[0], *game = NULL;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error(word, "unknown option '%s'", argv[i]);
        if (protocol == GGN_PROTOCOL_XBOARD) continue; /* every argument is a spec file */
        if (game) return cli_usage_error(word, "unexpected argument '%s'", argv[i]);
        game = argv[i];
    }
    if (protocol == GGN_PROTOCOL_XBOARD)
        return engine_session_run(protocol, NULL, (const char *const *)(argv + 1), (size_t)(argc - 1));
    return engine_session_run(protocol, game ? game : default_game, NULL, 0);
}
