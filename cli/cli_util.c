/* cli_util.c — argument parsing, error printing and file helpers for the subcommands. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
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
    /* The message quotes arguments as given: escaped (cli_escape), as every text from outside is. */
    char text[1024], safe[4 * sizeof text];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    fprintf(stderr, "ggn %s: %s\nTry 'ggn %s --help'.\n", cmd, cli_escape(text, safe, sizeof safe), cmd);
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

/* Bytes in the UTF-8 sequence that starts with c and is not a control character; 0 when it cannot start one. */
static size_t utf8_length(unsigned char c)
{
    if (c >= 0x20 && c < 0x7f) return 1;
    if (c >= 0xc2 && c <= 0xdf) return 2;
    if (c >= 0xe0 && c <= 0xef) return 3;
    if (c >= 0xf0 && c <= 0xf4) return 4;
    return 0;
}

const char *cli_escape(const char *text, char *buf, size_t cap)
{
    if (!cap) return buf;
    size_t n = 0;
    const unsigned char *s = (const unsigned char *)text;
    while (*s) {
        size_t len = utf8_length(*s), k = 1;
        while (k < len && s[k] >= 0x80 && s[k] <= 0xbf) k++;
        /* C1 controls (U+0080..U+009F, written C2 80..C2 9F) act like ESC on some terminals. */
        bool keep = len && k == len && !(len == 2 && s[0] == 0xc2 && s[1] <= 0x9f);
        size_t need = keep ? len : 4;
        if (n + need >= cap) break;
        if (keep) {
            memcpy(buf + n, s, len);
            n += len;
            s += len;
        } else {
            snprintf(buf + n, cap - n, "\\x%02x", *s);
            n += 4;
            s++;
        }
    }
    buf[n] = '\0';
    return buf;
}

void cli_print_error(FILE *out, const ggn_error *err)
{
    char line[1024], safe[4 * sizeof line];
    ggn_error_format(err, line, sizeof line);
    fprintf(out, "%s\n", cli_escape(line, safe, sizeof safe));
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
    if (arg[0] == '@') return ggn_file_read(arg + 1, NULL, err);
    char *copy = malloc(strlen(arg) + 1);
    if (!copy) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    else strcpy(copy, arg);
    return copy;
}

bool cli_close_output(FILE *out, const char *name)
{
    /* A write that failed inside the stream's buffer is only seen by ferror; its errno is still the last one. */
    int reason = errno;
    bool failed = ferror(out) != 0;
    if (fflush(out) != 0) {
        failed = true;
        reason = errno;
    }
    if (out != stdout && fclose(out) != 0 && !failed) {
        failed = true;
        reason = errno;
    }
    if (failed) fprintf(stderr, "%s: error: cannot write: %s\n", name, reason ? strerror(reason) : "write error");
    return !failed;
}

/* ---- --think (bestmove, play, selfplay) ---- */

bool cli_parse_think(const char *text, long min_ms, long max_ms, long *ms)
{
    if (!isdigit((unsigned char)text[0]) && text[0] != '.') return false;
    errno = 0;
    char *end;
    double v = strtod(text, &end);
    if (errno || end == text) return false;
    double scale;
    if (strcmp(end, "ms") == 0) scale = 1.0;
    else if (strcmp(end, "s") == 0 || *end == '\0') scale = 1000.0;
    else if (strcmp(end, "m") == 0 || strcmp(end, "min") == 0) scale = 60000.0;
    else return false;
    double total = v * scale;
    if (!(total >= (double)min_ms) || total > (double)max_ms || (total > 0.0 && total < 1.0)) return false;
    *ms = (long)total;
    return true;
}
