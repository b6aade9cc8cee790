/*
 * ranks.c — ggn's decimal ranks and the one-character ranks of XBoard and
 * UCCI (ggn/protocol.h): "h1g3" on xiangqi's ten ranks is "h0g2" there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "ggn/protocol.h"

/* The character written for the first rank: '0' on a board of exactly ten ranks, else '1'. */
static char first_rank(int rows) { return rows == 10 ? '0' : '1'; }

/* A rank follows a file letter: a square's lower-case letter, never a piece letter (P@e4) nor a
 * promotion (e7e8q) at the end. */
static bool is_file(char c) { return c >= 'a' && c <= 'z'; }

bool ggn_protocol_ranks_to_xboard(const char *ggn_text, int rows, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = ggn_text; *p;) {
        if (n + 2 > cap) return false;
        if (is_file(*p) && p[1] >= '1' && p[1] <= '9') {
            char *end;
            long rank = strtol(p + 1, &end, 10);
            out[n++] = *p;
            out[n++] = (char)(first_rank(rows) + (rank - 1));
            p = end;
        } else {
            out[n++] = *p++;
        }
    }
    if (n + 1 > cap) return false;
    out[n] = '\0';
    return true;
}

bool ggn_protocol_ranks_from_xboard(const char *xboard_text, int rows, char *out, size_t cap)
{
    char first = first_rank(rows);
    size_t n = 0;
    for (const char *p = xboard_text; *p; p++) {
        /* One character a rank, up to '@' (the sixteenth rank counted from '1'). */
        if (is_file(*p) && p[1] >= first && p[1] < first + rows && p[1] <= '@') {
            int w = snprintf(out + n, cap - n, "%c%d", *p, p[1] - first + 1);
            if (w < 0 || (size_t)w >= cap - n) return false;
            n += (size_t)w;
            p++;
        } else {
            if (n + 2 > cap) return false;
            out[n++] = *p;
        }
    }
    if (n + 1 > cap) return false;
    out[n] = '\0';
    return true;
}
