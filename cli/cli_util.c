/* cli_util.c — argument parsing, error printing and file helpers for the subcommands. */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* What a path that is not a regular file is, for "not a regular file: it is ...". */
static const char *file_type_name(mode_t mode)
{
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a file ggn reads";
}

char *cli_read_file(const char *path, size_t *len, ggn_error *err)
{
    /*
     * Opened without blocking and looked at before anything is read, as the
     * library's loader does: opening a FIFO waits for a writer and a device
     * never ends, so only a regular file is read, and its size is known.
     */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        ggn_error_set(err, GGN_E_IO, "cannot open: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    char *buf = NULL;
    if (fstat(fd, &st) != 0) {
        ggn_error_set(err, GGN_E_IO, "cannot open: %s", strerror(errno));
    } else if (!S_ISREG(st.st_mode)) {
        ggn_error_set(err, GGN_E_IO, "not a regular file: it is %s", file_type_name(st.st_mode));
    } else if (st.st_size > GGN_MAX_FILE_BYTES) {
        ggn_error_set(err, GGN_E_LIMIT, "file of %lld bytes is larger than %ld (GGN_MAX_FILE_BYTES)",
                      (long long)st.st_size, (long)GGN_MAX_FILE_BYTES);
    } else if (!(buf = malloc((size_t)st.st_size + 1))) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory reading %lld bytes", (long long)st.st_size);
    } else {
        /* The file may shrink while it is read: what was read is what there is. */
        size_t want = (size_t)st.st_size, got = 0;
        while (got < want) {
            ssize_t n = read(fd, buf + got, want - got);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                ggn_error_set(err, GGN_E_IO, "read error: %s", strerror(errno));
                free(buf);
                buf = NULL;
                break;
            }
            if (n == 0) break;
            got += (size_t)n;
        }
        if (buf) {
            buf[got] = '\0';
            if (len) *len = got;
        }
    }
    close(fd);
    return buf;
}

char *cli_read_arg(const char *arg, ggn_error *err)
{
    if (arg[0] == '@') return cli_read_file(arg + 1, NULL, err);
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

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool cli_resolve_game(const char *name, char *buf, size_t cap)
{
    if (is_file(name)) {
        snprintf(buf, cap, "%s", name);
        return true;
    }
    const char *dirs[] = { getenv("GGN_GAMES"), GGN_GAMES_DIR, GGN_INSTALLED_GAMES_DIR };
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
        if (!dirs[d]) continue;
        snprintf(buf, cap, "%s/%s.json", dirs[d], name);
        if (is_file(buf)) return true;
        snprintf(buf, cap, "%s/%s", dirs[d], name);
        if (is_file(buf)) return true;
    }
    return false;
}
