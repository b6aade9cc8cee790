/*
 * output.c — what a session says: whole lines through the caller's output
 * function, under a lock (the worker thread speaks too), escaped so that no
 * control byte reaches the GUI (error lines quote what the GUI sent).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol_internal.h"

/* Bytes of the UTF-8 sequence that starts with c and is no control character; 0 when none starts with it. */
static size_t sequence_length(unsigned char c)
{
    if (c >= 0x20 && c < 0x7f) return 1;
    if (c >= 0xc2 && c <= 0xdf) return 2;
    if (c >= 0xe0 && c <= 0xef) return 3;
    if (c >= 0xf0 && c <= 0xf4) return 4;
    return 0;
}

/* text into buf (cap >= 4 x its length + 1): whole UTF-8 sequences kept, any other byte as \xNN. */
static void escape(const char *text, char *buf, size_t cap)
{
    size_t n = 0;
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        size_t len = sequence_length(*p), k = 1;
        while (k < len && p[k] >= 0x80 && p[k] <= 0xbf) k++;
        /* A C1 control (C2 80..C2 9F) acts like ESC on some terminals: escaped too. */
        bool whole = len && k == len && !(len == 2 && p[0] == 0xc2 && p[1] <= 0x9f);
        if (n + (whole ? len : 4) >= cap) break;
        if (whole) {
            memcpy(buf + n, p, len);
            n += len;
            p += len;
        } else {
            snprintf(buf + n, cap - n, "\\x%02x", *p++);
            n += 4;
        }
    }
    buf[n] = '\0';
}

void pr_say(pr_session *s, const char *fmt, ...)
{
    char small[1024], *text = small;
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n >= sizeof small) {
        text = malloc((size_t)n + 1);
        if (text) vsnprintf(text, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    if (n < 0 || !text) return;
    size_t cap = 4 * strlen(text) + 1;
    char safe_small[4 * sizeof small], *safe = cap <= sizeof safe_small ? safe_small : malloc(cap);
    if (safe) {
        escape(text, safe, cap);
        pthread_mutex_lock(&s->out_lock);
        s->output(safe, s->output_context);
        pthread_mutex_unlock(&s->out_lock);
    }
    if (safe != safe_small) free(safe);
    if (text != small) free(text);
}

size_t pr_line_text(const pr_session *s, pr_move_writer write, ggn_position *pos, const ggn_move *moves, int count,
                    char *buf, size_t cap)
{
    size_t len = 0;
    int made = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        char move[64];
        size_t n = write(s, pos, moves[i], move, sizeof move);
        if (!n || len + (len ? 1 : 0) + n + 1 > cap) break;
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", move);
        if (i + 1 == count) break;
        if (!ggn_position_make(pos, moves[i])) break;
        made++;
    }
    while (made-- > 0) ggn_position_unmake(pos);
    return len;
}
