/* cli_util.c — argument parsing, error printing and file helpers for the subcommands. */
#include "cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const cli_command *cli_find_command(const char *name)
{
    for (size_t k = 0; cli_commands[k]; k++)
        if (strcmp(cli_commands[k]->name, name) == 0) return cli_commands[k];
    return NULL;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ggn %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\nTry 'ggn %s --help'.\n", cmd);
    va_end(ap);
    return CLI_USAGE;
}

bool cli_wants_help(const cli_command *cmd, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(cmd->help, stdout);
            return true;
        }
    }
    return false;
}

int cli_option(const char *cmd, int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return 0;
    if (arg[n] == '=') {
        *value = arg + n + 1;
        (*i)++;
        return 1;
    }
    if (arg[n] != '\0') return 0;
    if (*i + 1 >= argc) {
        cli_usage_error(cmd, "option %s needs a value", name);
        return -1;
    }
    *value = argv[*i + 1];
    *i += 2;
    return 1;
}

void cli_print_error(FILE *out, const ggn_error *err)
{
    char line[1024];
    ggn_error_format(err, line, sizeof line);
    fprintf(out, "%s\n", line);
}

void cli_print_errors(FILE *out, const ggn_errors *errs)
{
    for (size_t k = 0; k < errs->count; k++) cli_print_error(out, &errs->items[k]);
    if (errs->dropped)
        fprintf(out, "... and %zu more problem%s not shown (GGN_MAX_ERRORS is %d)\n", errs->dropped,
                errs->dropped == 1 ? "" : "s", GGN_MAX_ERRORS);
}

char *cli_read_arg(const char *arg, ggn_error *err)
{
    if (arg[0] != '@') {
        char *copy = malloc(strlen(arg) + 1);
        if (!copy) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        else strcpy(copy, arg);
        return copy;
    }
    const char *path = arg + 1;
    FILE *f = fopen(path, "rb");
    if (!f) {
        ggn_error_set(err, GGN_E_IO, "cannot open %s", path);
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (len + 1 >= cap) {
            if (cap >= (size_t)GGN_MAX_FILE_BYTES) {
                free(buf);
                fclose(f);
                ggn_error_set(err, GGN_E_LIMIT, "%s is larger than GGN_MAX_FILE_BYTES", path);
                return NULL;
            }
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0) break;
    }
    fclose(f);
    if (!buf) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory reading %s", path);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}
