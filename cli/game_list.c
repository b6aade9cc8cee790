/* game_list.c — the names of the shipped games: every NAME.json in the games directories. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Adds name unless it is there already; false when out of memory. */
static bool add_name(cli_game_list *list, size_t *cap, const char *name, size_t len)
{
    for (size_t i = 0; i < list->count; i++)
        if (strlen(list->names[i]) == len && strncmp(list->names[i], name, len) == 0) return true;
    if (list->count == *cap) {
        size_t grown = *cap ? *cap * 2 : 16;
        char **names = realloc(list->names, grown * sizeof *names);
        if (!names) return false;
        list->names = names;
        *cap = grown;
    }
    char *copy = malloc(len + 1);
    if (!copy) return false;
    memcpy(copy, name, len);
    copy[len] = '\0';
    list->names[list->count++] = copy;
    return true;
}

bool cli_list_games(cli_game_list *list)
{
    list->names = NULL;
    list->count = 0;
    size_t cap = 0;
    const char *dirs[] = { getenv("GGN_GAMES"), GGN_GAMES_DIR, GGN_INSTALLED_GAMES_DIR };
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        if (!dirs[d]) continue;
        DIR *dir = opendir(dirs[d]);
        if (!dir) continue;
        struct dirent *e;
        while ((e = readdir(dir))) {
            size_t len = strlen(e->d_name);
            if (len <= 5 || e->d_name[0] == '.' || strcmp(e->d_name + len - 5, ".json") != 0) continue;
            if (!add_name(list, &cap, e->d_name, len - 5)) {
                closedir(dir);
                cli_game_list_free(list);
                return false;
            }
        }
        closedir(dir);
    }
    if (list->count) qsort(list->names, list->count, sizeof *list->names, by_name);
    return true;
}

void cli_game_list_free(cli_game_list *list)
{
    for (size_t i = 0; i < list->count; i++) free(list->names[i]);
    free(list->names);
    list->names = NULL;
    list->count = 0;
}
