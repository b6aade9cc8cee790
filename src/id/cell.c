/* cell.c — CELL coordinates and the HAND location "*". */
#include "ggn/id.h"
#include "id_internal.h"

#include <string.h>

/* The messages below spell the limits out. */
_Static_assert(GGN_MAX_CELL_DIMS == 3 && GGN_MAX_CELL_INDEX == 255, "update the limit messages");

/* The character class of dimension d cycles: lower-case, digits, upper-case. */
typedef enum { AXIS_LOWER, AXIS_NUMBER, AXIS_UPPER } axis_kind;

static axis_kind axis_of(int d) { return (axis_kind)(d % 3); }

static bool in_axis(char c, axis_kind k)
{
    switch (k) {
    case AXIS_LOWER: return id_is_lower(c);
    case AXIS_NUMBER: return id_is_digit(c);
    default: return id_is_upper(c);
    }
}

const char *ggn_cell_parse(const char *text, size_t len, ggn_cell *out)
{
    if (len == 0) return "empty coordinate";
    if (len == 1 && text[0] == '*') return "\"*\" is the hand, not a square";
    if (!id_is_lower(text[0])) return "a coordinate starts with a lower-case letter";
    ggn_cell cell = { 0, { 0 } };
    size_t i = 0;
    while (i < len) {
        int d = cell.dims;
        axis_kind k = axis_of(d);
        if (!in_axis(text[i], k)) {
            if (!id_is_letter(text[i]) && !id_is_digit(text[i])) return "a coordinate holds only letters and digits";
            return "dimensions must alternate lower-case letters, a number, upper-case letters";
        }
        if (d >= GGN_MAX_CELL_DIMS) return "more than 3 dimensions (GGN_MAX_CELL_DIMS)";
        long value = 0;
        if (k == AXIS_NUMBER) {
            if (text[i] == '0') return "numbers start at 1 and have no leading zero";
            while (i < len && id_is_digit(text[i])) {
                value = value * 10 + (text[i++] - '0');
                if (value > GGN_MAX_CELL_INDEX + 1) return "index is past 255 (GGN_MAX_CELL_INDEX)";
            }
            value -= 1;
        } else {
            char base = k == AXIS_LOWER ? 'a' : 'A';
            while (i < len && in_axis(text[i], k)) {
                value = value * 26 + (text[i++] - base + 1);
                if (value > GGN_MAX_CELL_INDEX + 1) return "index is past 255 (GGN_MAX_CELL_INDEX)";
            }
            value -= 1;
        }
        cell.index[d] = (int)value;
        cell.dims = d + 1;
    }
    if (out) *out = cell;
    return NULL;
}

/* Bijective base 26 from 0, written into tmp backwards; returns the start. */
static char *letters_of(int index, char base, char *end)
{
    unsigned n = (unsigned)index + 1;
    *end = '\0';
    while (n > 0) {
        n--;
        *--end = (char)(base + n % 26);
        n /= 26;
    }
    return end;
}

size_t ggn_cell_format(const ggn_cell *cell, char *buf, size_t cap)
{
    char out[GGN_MAX_LABEL * 2];
    size_t n = 0;
    if (cell->dims < 1 || cell->dims > GGN_MAX_CELL_DIMS) goto too_small;
    for (int d = 0; d < cell->dims; d++) {
        int index = cell->index[d];
        if (index < 0 || index > GGN_MAX_CELL_INDEX) goto too_small;
        char tmp[16];
        char *part;
        switch (axis_of(d)) {
        case AXIS_LOWER: part = letters_of(index, 'a', tmp + sizeof tmp - 1); break;
        case AXIS_UPPER: part = letters_of(index, 'A', tmp + sizeof tmp - 1); break;
        default: {
            char *end = tmp + sizeof tmp - 1;
            unsigned v = (unsigned)index + 1;
            *end = '\0';
            do { *--end = (char)('0' + v % 10); v /= 10; } while (v);
            part = end;
        }
        }
        size_t pl = strlen(part);
        memcpy(out + n, part, pl);
        n += pl;
    }
    if (n + 1 > cap) goto too_small;
    memcpy(buf, out, n);
    buf[n] = '\0';
    return n;
too_small:
    if (cap) buf[0] = '\0';
    return 0;
}

const char *ggn_location_parse(const char *text, size_t len, ggn_location *out)
{
    if (len == 1 && text[0] == '*') {
        if (out) out->hand = true;
        return NULL;
    }
    ggn_cell cell;
    const char *why = ggn_cell_parse(text, len, &cell);
    if (why) return why;
    if (out) {
        out->hand = false;
        out->cell = cell;
    }
    return NULL;
}

size_t ggn_location_format(const ggn_location *loc, char *buf, size_t cap)
{
    if (!loc->hand) return ggn_cell_format(&loc->cell, buf, cap);
    if (cap < 2) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    buf[0] = '*';
    buf[1] = '\0';
    return 1;
}
