/* proc_util.c — running the `ggn` program from tests through pipes or a pseudo-terminal (proc_util.h). */
#define _XOPEN_SOURCE 700 /* posix_openpt, grantpt, unlockpt, ptsname */
#include "proc_util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

typedef struct growbuf {
    char *text;
    size_t len, cap;
} growbuf;

static void grow_append(growbuf *b, const char *data, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *grown = realloc(b->text, cap);
        if (!grown) abort();
        b->text = grown;
        b->cap = cap;
    }
    memcpy(b->text + b->len, data, n);
    b->len += n;
    b->text[b->len] = '\0';
}

static void child_env(const char *const *env)
{
    for (size_t i = 0; env && env[i]; i++) {
        const char *eq = strchr(env[i], '=');
        if (!eq) continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(eq - env[i]), env[i]);
        setenv(name, eq + 1, 1);
    }
}

/* Reaps pid, killing it at the deadline; returns the exit status or -1. */
static int reap(pid_t pid, long deadline)
{
    int status;
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid) return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        if (got < 0 && errno != EINTR) return -1;
        if (now_ms() > deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return -1;
        }
        struct timespec nap = { 0, 5 * 1000000 };
        nanosleep(&nap, NULL);
    }
}

proc_result proc_run(const char *const *argv, const char *input, const char *const *env, int timeout_ms)
{
    proc_result r = { -1, NULL, NULL };
    growbuf out = { NULL, 0, 0 }, err = { NULL, 0, 0 };
    grow_append(&out, "", 0);
    grow_append(&err, "", 0);
    signal(SIGPIPE, SIG_IGN);
    int in_pipe[2], out_pipe[2], err_pipe[2];
    if (pipe(in_pipe) || pipe(out_pipe) || pipe(err_pipe)) goto done;
    pid_t pid = fork();
    if (pid < 0) goto done;
    if (pid == 0) {
        dup2(in_pipe[0], 0);
        dup2(out_pipe[1], 1);
        dup2(err_pipe[1], 2);
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        close(err_pipe[0]), close(err_pipe[1]);
        child_env(env);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    close(in_pipe[0]);
    close(out_pipe[1]);
    close(err_pipe[1]);
    fcntl(in_pipe[1], F_SETFL, O_NONBLOCK);
    long deadline = now_ms() + timeout_ms;
    size_t sent = 0, total = input ? strlen(input) : 0;
    int in_fd = in_pipe[1], out_fd = out_pipe[0], err_fd = err_pipe[0];
    if (total == 0) {
        close(in_fd);
        in_fd = -1;
    }
    while ((out_fd >= 0 || err_fd >= 0) && now_ms() < deadline) {
        struct pollfd fds[3] = { { in_fd, POLLOUT, 0 }, { out_fd, POLLIN, 0 }, { err_fd, POLLIN, 0 } };
        int ready = poll(fds, 3, 50);
        if (ready < 0 && errno != EINTR) break;
        if (in_fd >= 0 && (fds[0].revents & (POLLOUT | POLLERR | POLLHUP))) {
            ssize_t n = write(in_fd, input + sent, total - sent);
            if (n > 0) sent += (size_t)n;
            if (n < 0 && errno != EAGAIN) sent = total;
            if (sent == total) {
                close(in_fd);
                in_fd = -1;
            }
        }
        int *fd[2] = { &out_fd, &err_fd };
        growbuf *buf[2] = { &out, &err };
        for (int k = 0; k < 2; k++) {
            if (*fd[k] < 0 || !(fds[k + 1].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char chunk[4096];
            ssize_t n = read(*fd[k], chunk, sizeof chunk);
            if (n > 0) grow_append(buf[k], chunk, (size_t)n);
            else if (n == 0 || errno != EINTR) {
                close(*fd[k]);
                *fd[k] = -1;
            }
        }
    }
    if (in_fd >= 0) close(in_fd);
    if (out_fd >= 0) close(out_fd);
    if (err_fd >= 0) close(err_fd);
    r.status = reap(pid, deadline);
done:
    r.out = out.text;
    r.err = err.text;
    return r;
}

void proc_free(proc_result *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

const char *proc_last_line(const char *text, char *buf, size_t cap)
{
    const char *end = text + strlen(text);
    while (end > text && (end[-1] == '\n' || end[-1] == '\r' || end[-1] == ' ')) end--;
    const char *start = end;
    while (start > text && start[-1] != '\n') start--;
    snprintf(buf, cap, "%.*s", (int)(end - start), start);
    return buf;
}

/* ---- pseudo-terminal ---- */

bool pty_start(pty_proc *p, const char *const *argv, const char *const *env)
{
    memset(p, 0, sizeof *p);
    p->pid = -1;
    p->fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (p->fd < 0 || grantpt(p->fd) || unlockpt(p->fd)) return false;
    const char *name = ptsname(p->fd);
    if (!name) return false;
    char slave[256];
    snprintf(slave, sizeof slave, "%s", name);
    p->pid = fork();
    if (p->pid < 0) return false;
    if (p->pid == 0) {
        setsid();
        int fd = open(slave, O_RDWR); /* the first terminal a session leader opens becomes its own */
        if (fd < 0) _exit(126);
        dup2(fd, 0);
        dup2(fd, 1);
        dup2(fd, 2);
        if (fd > 2) close(fd);
        close(p->fd);
        setenv("TERM", "xterm-256color", 1);
        unsetenv("NO_COLOR");
        child_env(env);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    fcntl(p->fd, F_SETFL, O_NONBLOCK);
    return true;
}

void pty_send(pty_proc *p, const char *line)
{
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "%s\r", line);
    const char *s = buf;
    while (n > 0) {
        ssize_t w = write(p->fd, s, (size_t)n);
        if (w < 0) {
            if (errno == EAGAIN || errno == EINTR) continue;
            return;
        }
        s += w;
        n -= (int)w;
    }
}

/* Reads what is there, waiting up to wait_ms; false at the end of output. */
static bool pty_pump(pty_proc *p, int wait_ms)
{
    struct pollfd fds = { p->fd, POLLIN, 0 };
    if (poll(&fds, 1, wait_ms) <= 0) return true;
    char chunk[4096];
    ssize_t n = read(p->fd, chunk, sizeof chunk);
    if (n > 0) {
        growbuf b = { p->raw, p->len, p->cap };
        grow_append(&b, chunk, (size_t)n);
        p->raw = b.text;
        p->len = b.len;
        p->cap = b.cap;
        return true;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return true;
    return false; /* EIO: the terminal's other side is closed */
}

char *pty_plain(const pty_proc *p)
{
    char *plain = malloc(p->len + 1);
    if (!plain) abort();
    size_t o = 0;
    for (size_t i = 0; i < p->len; i++) {
        char c = p->raw[i];
        if (c == '\033') {
            if (i + 1 < p->len && p->raw[i + 1] == '[') {
                i += 2;
                while (i < p->len && !(p->raw[i] >= 0x40 && p->raw[i] <= 0x7e)) i++;
            } else {
                i++;
            }
            continue;
        }
        if (c == '\r') continue;
        plain[o++] = c;
    }
    plain[o] = '\0';
    return plain;
}

bool pty_expect(pty_proc *p, const char *text, int timeout_ms)
{
    long deadline = now_ms() + timeout_ms;
    bool open = true;
    for (;;) {
        char *plain = pty_plain(p);
        size_t plen = strlen(plain);
        const char *hit = p->mark <= plen ? strstr(plain + p->mark, text) : NULL;
        if (hit) p->mark = (size_t)(hit - plain) + strlen(text);
        free(plain);
        if (hit) return true;
        if (!open || now_ms() >= deadline) return false;
        open = pty_pump(p, 50);
    }
}

int pty_finish(pty_proc *p, int timeout_ms)
{
    long deadline = now_ms() + timeout_ms;
    int status = -1;
    for (;;) {
        pty_pump(p, 20);
        int st;
        pid_t got = waitpid(p->pid, &st, WNOHANG);
        if (got == p->pid) {
            status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
            break;
        }
        if (got < 0) break;
        if (now_ms() > deadline) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &st, 0);
            break;
        }
    }
    while (pty_pump(p, 0) && poll(&(struct pollfd){ p->fd, POLLIN, 0 }, 1, 0) > 0) {}
    close(p->fd);
    p->fd = -1;
    return status;
}

void pty_free(pty_proc *p)
{
    if (p->fd >= 0) close(p->fd);
    p->fd = -1;
    free(p->raw);
    p->raw = NULL;
}
