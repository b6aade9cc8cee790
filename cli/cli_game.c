/* cli_game.c — what every game-running subcommand does first: find and load the game, set up the position. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/*
 * Set by CMakeLists.txt: GGN_DATA_FROM_BIN is the installed games directory
 * relative to the installed program's directory (absolute when the install
 * put the data at a fixed place); GGN_BUILD_DIR is where the build tree's
 * program lives and GGN_SOURCE_GAMES_DIR the games/ it reads from there.
 */
#ifndef GGN_DATA_FROM_BIN
#define GGN_DATA_FROM_BIN "../share/ggn/games"
#endif

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir + "/" + name (malloc'd), or NULL when memory ran out. */
static char *path_join(const char *dir, size_t dir_len, const char *name)
{
    size_t n = strlen(name);
    char *p = malloc(dir_len + 1 + n + 1);
    if (!p) return NULL;
    memcpy(p, dir, dir_len);
    p[dir_len] = '/';
    memcpy(p + dir_len + 1, name, n + 1);
    return p;
}

/*
 * The directory of the running program (malloc'd), or NULL where the system
 * cannot say. /proc/self/exe is the program's file with every symbolic link
 * resolved, so ".." from it is the parent directory.
 */
static char *program_dir(void)
{
    for (size_t cap = 256; cap <= ((size_t)1 << 20); cap *= 2) {
        char *exe = malloc(cap);
        if (!exe) return NULL;
        ssize_t n = readlink("/proc/self/exe", exe, cap);
        if (n < 0) {
            free(exe);
            return NULL;
        }
        if ((size_t)n < cap) {
            exe[n] = '\0';
            char *slash = strrchr(exe, '/');
            if (slash) slash[slash == exe ? 1 : 0] = '\0';
            return exe;
        }
        free(exe); /* truncated: try a larger buffer */
    }
    return NULL;
}

/* The installed games directory seen from the program's directory bin (malloc'd), its leading ".." taken off bin. */
static char *installed_games_dir(const char *bin)
{
    if (GGN_DATA_FROM_BIN[0] == '/') return strdup(GGN_DATA_FROM_BIN);
    if (!bin) return NULL;
    const char *rel = GGN_DATA_FROM_BIN;
    size_t len = strlen(bin);
    while (strncmp(rel, "../", 3) == 0 && len > 1) {
        while (len > 1 && bin[len - 1] != '/') len--;
        if (len > 1) len--; /* the slash, except the root's */
        rel += 3;
    }
    return path_join(bin, len == 1 && bin[0] == '/' ? 0 : len, rel);
}

#if defined(GGN_BUILD_DIR) && defined(GGN_SOURCE_GAMES_DIR)
/* True when the program in bin is the one in its build tree (never for an installed copy). */
static bool in_build_tree(const char *bin)
{
    struct stat a, b;
    return bin && stat(bin, &a) == 0 && stat(GGN_BUILD_DIR, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}
#endif

/* Appends (path, origin) to the list; takes path (freed on failure). */
static bool add_dir(cli_game_dir **dirs, size_t *count, size_t *cap, char *path, const char *origin, bool listed)
{
    if (!path) return false;
    if (*count == *cap) {
        size_t grown_cap = *cap ? 2 * *cap : 8;
        cli_game_dir *grown = realloc(*dirs, grown_cap * sizeof *grown);
        if (!grown) {
            free(path);
            return false;
        }
        *dirs = grown;
        *cap = grown_cap;
    }
    (*dirs)[(*count)++] = (cli_game_dir){ path, origin, listed };
    return true;
}

cli_game_dir *cli_game_dirs(size_t *count)
{
    cli_game_dir *dirs = NULL;
    size_t cap = 0;
    *count = 0;
    /* Empty entries of GGN_PATH are skipped: unlike PATH, they do not mean the current directory. */
    for (const char *p = getenv("GGN_PATH"); p && *p;) {
        size_t n = strcspn(p, ":");
        if (n > 0) {
            char *dir = malloc(n + 1);
            if (dir) {
                memcpy(dir, p, n);
                dir[n] = '\0';
            }
            add_dir(&dirs, count, &cap, dir, "GGN_PATH", true);
        }
        p += n + (p[n] == ':');
    }
    char *bin = program_dir();
    char *installed = installed_games_dir(bin);
    if (installed) add_dir(&dirs, count, &cap, installed, "installed games", true);
    add_dir(&dirs, count, &cap, strdup("."), "current directory", false);
#if defined(GGN_BUILD_DIR) && defined(GGN_SOURCE_GAMES_DIR)
    if (in_build_tree(bin)) add_dir(&dirs, count, &cap, strdup(GGN_SOURCE_GAMES_DIR), "source tree, for the build tree's program", true);
#endif
    free(bin);
    return dirs;
}

void cli_game_dirs_free(cli_game_dir *dirs, size_t count)
{
    for (size_t k = 0; k < count; k++) free(dirs[k].path);
    free(dirs);
}

/* NAME.json, or NAME when it already ends in .json (malloc'd), for messages. */
static char *game_file_name(const char *name)
{
    size_t n = strlen(name) + 6;
    char *file = malloc(n);
    if (file) snprintf(file, n, "%s%s", name, ggn_file_name_is_json(name) ? "" : ".json");
    return file;
}

char *cli_resolve_game(const char *name)
{
    size_t count;
    cli_game_dir *dirs = cli_game_dirs(&count);
    const char **paths = malloc((count ? count : 1) * sizeof *paths);
    char *found = NULL;
    if (paths) {
        for (size_t k = 0; k < count; k++) paths[k] = dirs[k].path;
        char small[1024];
        size_t len = ggn_game_file_find(name, paths, count, small, sizeof small, NULL);
        if (len > 0 && len < sizeof small) {
            found = strdup(small);
        } else if (len > 0 && (found = malloc(len + 1))) {
            /* a path longer than the first buffer: asked again with room for it */
            if (ggn_game_file_find(name, paths, count, found, len + 1, NULL) != len) {
                free(found);
                found = NULL;
            }
        }
    }
    free(paths);
    cli_game_dirs_free(dirs, count);
    return found;
}

static int compare_files(const void *a, const void *b)
{
    return strcmp(((const cli_game_file *)a)->name, ((const cli_game_file *)b)->name);
}

/* True when an entry of files[0..n) found in an earlier directory (before first_of_dir) has name, ignoring case. */
static bool shadowed(const cli_game_file *files, size_t first_of_dir, const char *name)
{
    for (size_t k = 0; k < first_of_dir; k++)
        if (strcasecmp(files[k].name, name) == 0) return true;
    return false;
}

/* Appends (name, path) to the list; takes both (freed on failure). */
static bool add_file(cli_game_file **files, size_t *count, size_t *cap, char *name, char *path)
{
    if (*count == *cap) {
        size_t grown_cap = *cap ? 2 * *cap : 16;
        cli_game_file *grown = realloc(*files, grown_cap * sizeof *grown);
        if (!grown) {
            free(name);
            free(path);
            return false;
        }
        *files = grown;
        *cap = grown_cap;
    }
    (*files)[(*count)++] = (cli_game_file){ name, path };
    return true;
}

cli_game_file *cli_game_files(size_t *count)
{
    size_t ndirs;
    cli_game_dir *dirs = cli_game_dirs(&ndirs);
    cli_game_file *files = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    for (size_t k = 0; k < ndirs && ok; k++) {
        if (!dirs[k].listed) continue;
        DIR *d = opendir(dirs[k].path);
        if (!d) continue;
        size_t first_of_dir = n;
        for (struct dirent *e; ok && (e = readdir(d));) {
            if (!ggn_file_name_is_json(e->d_name)) continue;
            char *path = path_join(dirs[k].path, strlen(dirs[k].path), e->d_name);
            char *name = strndup(e->d_name, ggn_game_name_of_path(e->d_name, NULL, 0));
            ok = path && name;
            if (ok && is_file(path) && !shadowed(files, first_of_dir, name)) {
                ok = add_file(&files, &n, &cap, name, path);
            } else {
                free(name);
                free(path);
            }
        }
        closedir(d);
    }
    cli_game_dirs_free(dirs, ndirs);
    if (!ok) {
        cli_game_files_free(files, n);
        *count = 0;
        return NULL;
    }
    if (n > 1) qsort(files, n, sizeof *files, compare_files);
    *count = n;
    return files;
}

void cli_game_files_free(cli_game_file *files, size_t count)
{
    for (size_t k = 0; k < count; k++) {
        free(files[k].name);
        free(files[k].path);
    }
    free(files);
}

/* For a name found nowhere: where it was looked for, and the names there are. */
static void print_not_found(const char *name)
{
    char *file = game_file_name(name);
    char safe_name[4 * 256], safe_file[4 * 256]; /* the name is an argument: escaped */
    fprintf(stderr, "ggn: error: no game '%s': it is not a file, and there is no %s in\n",
            cli_escape(name, safe_name, sizeof safe_name), cli_escape(file ? file : name, safe_file, sizeof safe_file));
    free(file);
    size_t ndirs;
    cli_game_dir *dirs = cli_game_dirs(&ndirs);
    for (size_t k = 0; k < ndirs; k++)
        fprintf(stderr, "  %s (%s%s)\n", dirs[k].path, dirs[k].origin, is_dir(dirs[k].path) ? "" : "; no such directory");
    cli_game_dirs_free(dirs, ndirs);
    size_t n;
    cli_game_file *files = cli_game_files(&n);
    if (n == 0) {
        fprintf(stderr, "No games there: set GGN_PATH to a directory of game specs.\n");
    } else {
        fprintf(stderr, "Games there:");
        for (size_t k = 0; k < n; k++) fprintf(stderr, "%s %s", k ? "," : "", files[k].name);
        fprintf(stderr, " ('ggn games' describes them).\n");
    }
    cli_game_files_free(files, n);
}

ggn_game *cli_load_game_file(const char *path, ggn_errors *errs)
{
    ggn_errors *own = errs ? errs : malloc(sizeof *own);
    if (!own) return NULL;
    ggn_errors_init(own);
    ggn_game *game = ggn_game_load_file(path, own);
    if (!errs) free(own);
    return game;
}

ggn_game *cli_load_game(const char *name)
{
    char *path = cli_resolve_game(name);
    if (!path) {
        print_not_found(name);
        return NULL;
    }
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        free(path);
        fprintf(stderr, "ggn: out of memory\n");
        return NULL;
    }
    ggn_game *game = cli_load_game_file(path, errs);
    if (!game) cli_print_errors(stderr, errs);
    free(errs);
    free(path);
    return game;
}

bool cli_play_moves(ggn_position *pos, const char *list)
{
    char word[256];
    const char *p = list;
    for (int number = 1;; number++) {
        while (*p == ' ' || *p == ',' || *p == '\t') p++;
        if (!*p) return true;
        size_t n = strcspn(p, " ,\t");
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
        p += n;
        ggn_move mv;
        ggn_error err;
        ggn_error_clear(&err);
        if (!ggn_move_parse(pos, word, &mv, &err)) {
            char safe[4 * sizeof err.message];
            fprintf(stderr, "--moves: error: move %d: %s\n", number, cli_escape(err.message, safe, sizeof safe));
            return false;
        }
        if (!ggn_position_make(pos, mv)) {
            fprintf(stderr, "--moves: error: move %d: more than %d moves (GGN_MAX_PLY)\n", number, GGN_MAX_PLY);
            return false;
        }
    }
}

int cli_check_start(const char *cmd, const char *fen, const char *sfen)
{
    if (fen && sfen) return cli_usage_error(cmd, "--fen and --sfen both give the start position: give one");
    return CLI_OK;
}

ggn_position *cli_open_position(const ggn_game *game, const char *fen, const char *sfen, const char *moves)
{
    ggn_position *pos = ggn_position_new(game);
    if (!pos) {
        fprintf(stderr, "ggn: out of memory\n");
        return NULL;
    }
    ggn_error err;
    ggn_error_clear(&err);
    if (fen && !ggn_position_set_fen(pos, fen, &err)) {
        char safe[4 * sizeof err.message];
        fprintf(stderr, "--fen: error: %s\n", cli_escape(err.message, safe, sizeof safe));
        ggn_position_free(pos);
        return NULL;
    }
    if (sfen && !ggn_position_set_sfen(pos, sfen, &err)) {
        char safe[4 * sizeof err.message];
        fprintf(stderr, "--sfen: error: %s\n", cli_escape(err.message, safe, sizeof safe));
        ggn_position_free(pos);
        return NULL;
    }
    if (moves && !cli_play_moves(pos, moves)) {
        ggn_position_free(pos);
        return NULL;
    }
    return pos;
}

cli_move_writer cli_move_writer_for(const char *cmd, const ggn_game *game, bool usi)
{
    if (!usi) return ggn_move_format;
    if (ggn_game_has_usi(game)) return ggn_move_format_usi;
    cli_usage_error(cmd, "--usi: this game has no USI notation (it needs two players, a symbol for every "
                         "piece, at most 9 files and 26 ranks)");
    return NULL;
}

double cli_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
