/* engine_io.c — line I/O of the engine protocols (engine_io.h). */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine_io.h"

void engine_out_init(engine_out *o, FILE *out)
{
    o->out = out;
    pthread_mutex_init(&o->lock, NULL);
}

void engine_out_destroy(engine_out *o)
{
    pthread_mutex_destroy(&o->lock);
}

void engine_vsay(engine_out *o, const char *fmt, va_list ap)
{
    char small[1024], *text = small;
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n >= sizeof small) {
        text = malloc((size_t)n + 1);
        if (text) vsnprintf(text, (size_t)n + 1, fmt, again);
    }
    va_end(again);
    if (n < 0 || !text) return;
    size_t cap = 4 * strlen(text) + 1;
    char safe_small[4 * sizeof small], *safe = cap <= sizeof safe_small ? safe_small : malloc(cap);
    if (safe) {
        cli_escape(text, safe, cap);
        pthread_mutex_lock(&o->lock);
        fputs(safe, o->out);
        fputc('\n', o->out);
        fflush(o->out);
        pthread_mutex_unlock(&o->lock);
    }
    if (safe != safe_small) free(safe);
    if (text != small) free(text);
}

engine_line engine_read_line(FILE *in, char *buf, size_t cap)
{
    /*
     * Byte by byte rather than fgets: fgets cannot say how much it read when
     * the line holds a NUL, and a strlen after it would take the rest of the
     * line (and with it the next command) for an unfinished long line.
     */
    size_t n = 0;
    bool any = false, cut = false, too_long = false;
    int c;
    flockfile(in);
    while ((c = getc_unlocked(in)) != EOF) {
        any = true;
        if (c == '\n') break;
        if (c == '\0') cut = true; /* the text ends at a NUL; the line still ends at its newline */
        if (cut) continue;
        if (n + 1 < cap) buf[n++] = (char)c;
        else too_long = true;
    }
    funlockfile(in);
    if (!any) return ENGINE_LINE_END;
    if (too_long) return ENGINE_LINE_TOO_LONG;
    if (cap) buf[n] = '\0';
    return ENGINE_LINE_OK;
}

size_t engine_line_text(const void *session, engine_move_writer write_move, ggn_position *pos, const ggn_move *moves,
                        int count, char *buf, size_t cap)
{
    size_t len = 0;
    int made = 0;
    if (cap) buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        char move[64];
        size_t n = write_move(session, pos, moves[i], move, sizeof move);
        if (!n || len + (len ? 1 : 0) + n + 1 > cap) break;
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", move);
        if (i + 1 == count) break;
        if (!ggn_position_make(pos, moves[i])) break;
        made++;
    }
    while (made-- > 0) ggn_position_unmake(pos);
    return len;
}
