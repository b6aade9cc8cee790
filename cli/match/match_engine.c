/*
 * match_engine.c — an engine as a child process spoken to through pipes,
 * and the UCI handshake (CECP's is in match_xboard.c).
 * Every read has a deadline (poll), so an engine that hangs costs its game,
 * never the match; writes to an engine that died fail instead of raising
 * SIGPIPE (cmd_match ignores the signal).
 */
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

#include "match.h"

int64_t match_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool match_engine_start(match_engine *e, const char *command, match_protocol protocol, char *why, size_t cap)
{
    memset(e, 0, sizeof *e);
    e->command = command;
    e->protocol = protocol;
    e->pid = -1;
    e->to = e->from = -1;
    snprintf(e->name, sizeof e->name, "%s", command);
    int in[2], out[2];
    if (pipe(in) != 0) {
        snprintf(why, cap, "cannot make a pipe: %s", strerror(errno));
        return false;
    }
    if (pipe(out) != 0) {
        snprintf(why, cap, "cannot make a pipe: %s", strerror(errno));
        close(in[0]);
        close(in[1]);
        return false;
    }
    char *script = malloc(strlen(command) + 6);
    if (!script) {
        snprintf(why, cap, "out of memory");
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return false;
    }
    sprintf(script, "exec %s", command);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(why, cap, "cannot start a process: %s", strerror(errno));
        free(script);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return false;
    }
    if (pid == 0) {
        /*
         * A process group of its own: the arbiter ends the engine and
         * whatever it started (`sleep 25 & exec engine`) together, and a
         * terminal's Ctrl-C reaches the arbiter, which ends the game.
         */
        setpgid(0, 0);
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
    free(script);
    setpgid(pid, pid); /* also here, so the group exists whichever of the two runs first */
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    e->pid = pid;
    e->to = in[1];
    e->from = out[0];
    return true;
}

bool match_engine_send(match_engine *e, const char *line)
{
    if (e->dead || e->to < 0) return false;
    size_t n = strlen(line);
    const char *parts[2] = { line, "\n" };
    size_t lens[2] = { n, 1 };
    for (int i = 0; i < 2; i++) {
        size_t done = 0;
        while (done < lens[i]) {
            ssize_t w = write(e->to, parts[i] + done, lens[i] - done);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) {
                e->dead = true;
                return false;
            }
            done += (size_t)w;
        }
    }
    return true;
}

int match_engine_read(match_engine *e, int64_t deadline_ms, char *line, size_t cap)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl || e->len == sizeof e->buf) {
            /* A line longer than the buffer is cut there: no engine line that matters is that long. */
            size_t n = nl ? (size_t)(nl - e->buf) : e->len;
            size_t keep = n < cap - 1 ? n : cap - 1;
            memcpy(line, e->buf, keep);
            line[keep] = '\0';
            if (keep && line[keep - 1] == '\r') line[keep - 1] = '\0';
            size_t used = nl ? n + 1 : n;
            memmove(e->buf, e->buf + used, e->len - used);
            e->len -= used;
            return 1;
        }
        if (e->dead || e->from < 0) return -1;
        int64_t left = deadline_ms - match_now_ms();
        if (left <= 0) return 0;
        struct pollfd p = { e->from, POLLIN, 0 };
        int ready = poll(&p, 1, left > 1000000 ? 1000000 : (int)left);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue; /* the deadline is checked at the top */
        ssize_t got = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            e->dead = true;
            if (e->len == 0) return -1;
            /* The last line had no newline: return it. */
            size_t keep = e->len < cap - 1 ? e->len : cap - 1;
            memcpy(line, e->buf, keep);
            line[keep] = '\0';
            e->len = 0;
            return 1;
        }
        e->len += (size_t)got;
    }
}

/* Reads lines until one starts with want; false (why filled) on timeout or end. */
static bool expect(match_engine *e, const char *want, char *why, size_t cap)
{
    int64_t deadline = match_now_ms() + MATCH_HANDSHAKE_MS;
    char line[1024];
    for (;;) {
        int r = match_engine_read(e, deadline, line, sizeof line);
        if (r < 0) {
            snprintf(why, cap, "%s ended before saying '%s'", e->name, want);
            return false;
        }
        if (r == 0) {
            snprintf(why, cap, "%s did not say '%s' within %d ms", e->name, want, MATCH_HANDSHAKE_MS);
            return false;
        }
        if (strncmp(line, "id name ", 8) == 0) snprintf(e->name, sizeof e->name, "%.*s", (int)sizeof e->name - 1, line + 8);
        if (strncmp(line, want, strlen(want)) == 0) return true;
    }
}

bool match_engine_handshake(match_engine *e, const char *variant, const char *const *options, char *why, size_t cap)
{
    if (e->protocol == MATCH_PROTOCOL_XBOARD) return match_xboard_handshake(e, variant, options, why, cap);
    if (e->protocol == MATCH_PROTOCOL_GTP) return match_gtp_handshake(e, why, cap);
    if (!match_engine_send(e, "uci") || !expect(e, "uciok", why, cap)) {
        if (e->dead) snprintf(why, cap, "%s does not speak UCI (it ended)", e->command);
        return false;
    }
    char line[1024];
    if (variant) {
        snprintf(line, sizeof line, "setoption name UCI_Variant value %s", variant);
        match_engine_send(e, line);
    }
    for (size_t i = 0; options && options[i]; i++) {
        const char *eq = strchr(options[i], '=');
        if (!eq) continue;
        snprintf(line, sizeof line, "setoption name %.*s value %s", (int)(eq - options[i]), options[i], eq + 1);
        match_engine_send(e, line);
    }
    return match_engine_send(e, "isready") && expect(e, "readyok", why, cap);
}

void match_engine_stop(match_engine *e)
{
    if (e->pid <= 0) return;
    match_engine_send(e, "quit");
    if (e->to >= 0) close(e->to);
    e->to = -1;
    int status;
    int64_t deadline = match_now_ms() + 1000;
    while (waitpid(e->pid, &status, WNOHANG) == 0) {
        if (match_now_ms() >= deadline) {
            kill(e->pid, SIGKILL);
            waitpid(e->pid, &status, 0);
            break;
        }
        struct timespec nap = { 0, 10 * 1000000 };
        nanosleep(&nap, NULL);
    }
    /* What the engine left behind in its group (a background child holding a pipe) goes with it. */
    kill(-e->pid, SIGKILL);
    if (e->from >= 0) close(e->from);
    e->from = -1;
    e->pid = -1;
}
