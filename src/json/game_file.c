/*
 * game_file.c — a game's spec file found from its name, and a game's name
 * read off its file's path (see ggn/file.h). The program, the protocol
 * sessions, the match arbiter and the Python package all look games up and
 * name them this one way; each brings its own list of directories.
 */
#include "ggn/file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool ggn_file_name_is_json(const char *name)
{
    size_t n = strlen(name);
    return n > 5 && strcasecmp(name + n - 5, ".json") == 0;
}

size_t ggn_game_name_of_path(const char *path, char *buf, size_t cap)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (ggn_file_name_is_json(base)) n -= 5;
    if (cap) snprintf(buf, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), base);
    return n;
}

/* dir + "/" + name (malloc'd), or NULL when memory ran out. */
static char *path_join(const char *dir, const char *name)
{
    size_t d = strlen(dir), n = strlen(name);
    char *p = malloc(d + 1 + n + 1);
    if (!p) return NULL;
    memcpy(p, dir, d);
    p[d] = '/';
    memcpy(p + d + 1, name, n + 1);
    return p;
}

/*
 * The file of dir named file, ignoring case: the exact spelling first, then
 * the least (strcmp) of the others, so the answer never depends on the order
 * readdir happens to give. Malloc'd, or NULL (*nomem set when memory ran out).
 */
static char *find_in_dir(const char *dir, const char *file, bool *nomem)
{
    char *exact = path_join(dir, file);
    if (!exact) *nomem = true;
    if (!exact || is_file(exact)) return exact;
    free(exact);
    DIR *d = opendir(dir);
    if (!d) return NULL;
    size_t dir_len = strlen(dir);
    char *found = NULL;
    for (struct dirent *e; (e = readdir(d));) {
        if (strcasecmp(e->d_name, file) != 0) continue;
        if (found && strcmp(e->d_name, found + dir_len + 1) >= 0) continue;
        char *path = path_join(dir, e->d_name);
        if (!path) *nomem = true;
        if (path && is_file(path)) {
            free(found);
            found = path;
        } else {
            free(path);
        }
    }
    closedir(d);
    return found;
}

size_t ggn_game_file_find(const char *name, const char *const *dirs, size_t ndirs, char *buf, size_t cap,
                          ggn_error *err)
{
    char *found = NULL;
    if (strchr(name, '/') || is_file(name)) {
        found = strdup(name);
        if (!found) goto nomem;
    } else {
        size_t n = strlen(name);
        bool suffixed = ggn_file_name_is_json(name);
        char *file = malloc(n + 6);
        if (!file) goto nomem;
        snprintf(file, n + 6, "%s%s", name, suffixed ? "" : ".json");
        bool nomem = false;
        for (size_t k = 0; k < ndirs && !found && !nomem; k++)
            if (dirs[k]) found = find_in_dir(dirs[k], file, &nomem);
        if (!found) {
            if (nomem) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
            else ggn_error_set(err, GGN_E_NOT_FOUND, "no game '%s': it is not a file, and there is no %s in the "
                                                     "%zu director%s searched", name, file, ndirs, ndirs == 1 ? "y" : "ies");
            free(file);
            if (cap) buf[0] = '\0';
            return 0;
        }
        free(file);
    }
    size_t len = strlen(found);
    if (cap) snprintf(buf, cap, "%s", found);
    free(found);
    return len;
nomem:
    ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    if (cap) buf[0] = '\0';
    return 0;
}
