/*
 * json_file.c — ggn_file_read: a regular file, whole, without ever blocking
 * on a FIFO or a device (see ggn/file.h).
 */
#include "ggn/file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

char *ggn_file_read(const char *path, size_t *len, ggn_error *err)
{
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
