/*
 * suggest.c — "did you mean ...?" for misspelt names.
 *
 * A name is suggested when it is within a small edit distance of the
 * unknown one (case ignored): one edit for short names, two from six
 * characters on. Ties go to the first candidate, so the order of the list
 * (built-in names first) decides.
 */
#include <ctype.h>
#include <string.h>

#include "reader.h"

/* Levenshtein distance, case-insensitive, giving up (returning cap + 1) past cap. */
static size_t distance(const char *a, const char *b, size_t cap)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > GGN_MAX_STRING_BYTES || lb > GGN_MAX_STRING_BYTES) return cap + 1;
    if ((la > lb ? la - lb : lb - la) > cap) return cap + 1;
    size_t row[GGN_MAX_STRING_BYTES + 1];
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diagonal = row[0];
        row[0] = i;
        size_t best = row[0];
        for (size_t j = 1; j <= lb; j++) {
            size_t above = row[j];
            size_t same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            size_t v = diagonal + !same;
            if (above + 1 < v) v = above + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            diagonal = above;
            if (v < best) best = v;
        }
        if (best > cap) return cap + 1;
    }
    return row[lb];
}

const char *sd_closest_name(const char *word, const char *const *names, size_t n)
{
    size_t cap = strlen(word) >= 6 ? 2 : 1;
    const char *best = NULL;
    size_t best_d = cap + 1;
    for (size_t i = 0; i < n; i++) {
        if (!names[i]) continue;
        size_t d = distance(word, names[i], cap);
        if (d < best_d) {
            best = names[i];
            best_d = d;
        }
    }
    return best;
}

const char *sd_closest_kind(const sd_reader *r, const char *code)
{
    const char *names[GGN_MAX_KINDS];
    size_t n = 0;
    for (int k = 0; k < r->g->nkinds && n < GGN_MAX_KINDS; k++) names[n++] = r->g->kinds[k].code;
    return sd_closest_name(code, names, n);
}
