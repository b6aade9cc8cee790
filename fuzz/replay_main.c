/*
 * replay_main.c — runs a fuzz target over saved inputs, without libFuzzer.
 *
 *   fuzz_replay_<target> DIR_OR_FILE...
 *
 * Every regular file under each argument (directories are read one level
 * deep, in name order) is read into a buffer of exactly its size and passed
 * to LLVMFuzzerTestOneInput. A missing argument is an error, except that a
 * path ending in "?" is optional (the crashers directory of a target with
 * no findings yet). Running no input at all is an error too, so an empty or
 * misplaced corpus cannot pass silently.
 * Exit status: 0 when every input ran, 1 otherwise; a broken property
 * aborts.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "%s: cannot open\n", path);
        return -1;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        fclose(f);
        return -1;
    }
    size_t size = (size_t)st.st_size;
    /* Exactly size bytes (malloc(0) may be NULL): reading past the input is caught by ASan / valgrind. */
    uint8_t *data = malloc(size ? size : 1);
    if (!data || fread(data, 1, size, f) != size) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(data);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every file of a directory; returns the number run, or -1 on error. */
static long run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) break;
            names = grown;
        }
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n]) break;
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_names);
    long ran = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (run_file(names[i]) != 0) ran = -1;
            else if (ran >= 0) ran++;
        }
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    long total = 0;
    int status = 0;
    for (int i = 1; i < argc; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s", argv[i]);
        size_t len = strlen(path);
        int optional = len > 0 && path[len - 1] == '?';
        if (optional) path[len - 1] = '\0';
        struct stat st;
        if (stat(path, &st) != 0) {
            if (optional) continue;
            fprintf(stderr, "%s: no such file or directory\n", path);
            status = 1;
            continue;
        }
        long ran = S_ISDIR(st.st_mode) ? run_dir(path) : (run_file(path) == 0 ? 1 : -1);
        if (ran < 0) {
            status = 1;
            continue;
        }
        printf("%s: %ld inputs\n", path, ran);
        total += ran;
    }
    if (total == 0) {
        fprintf(stderr, "no inputs ran\n");
        status = 1;
    }
    return status;
}
