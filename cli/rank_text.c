/* rank_text.c — ggn's decimal ranks and XBoard's one-character ranks (rank_text.h). */
#include <stdio.h>
#include <stdlib.h>

#include "rank_text.h"

/* The character XBoard writes for the first rank. */
static char first_rank(int rows)
{
    return rows == 10 ? '0' : '1';
}

/* A rank follows a file letter: the lower-case letter of a square, not a piece letter (P@e4) or a promotion at the end (e7e8q). */
static bool is_file(char c)
{
    return c >= 'a' && c <= 'z';
}

bool rank_text_to_xboard(const char *ggn, int rows, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = ggn; *p;) {
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

bool rank_text_from_xboard(const char *text, int rows, char *out, size_t cap)
{
    char first = first_rank(rows);
    size_t n = 0;
    for (const char *p = text; *p; p++) {
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
