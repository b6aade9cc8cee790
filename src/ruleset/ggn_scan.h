/* ggn_scan.h — the root object's members, found in the text (internal; see scan.c). */
#ifndef GGN_GGN_SCAN_H
#define GGN_GGN_SCAN_H

#include <stdbool.h>
#include <stddef.h>

/* One member of the root object: its key (decoded) and where its value lies in the text. */
typedef struct gg_member {
    char *key;
    size_t value_at, value_len;
} gg_member;

/*
 * Splits the root object of text (len bytes) into its members, in order.
 * Returns false when the text is not a well-formed object at the top level
 * or repeats a key; the caller then parses it whole for the exact error.
 * On success *out (free with gg_members_free) holds *count members.
 */
bool gg_scan_members(const char *text, size_t len, gg_member **out, size_t *count);
void gg_members_free(gg_member *members, size_t count);

/*
 * A cursor over the members of one JSON object, or the items of one array,
 * found in the text as gg_scan_members finds the root's: the loader walks a
 * piece this way level by level and has jansson parse only one possibility
 * at a time. gg_cursor_open starts at text[at] (false when that is not '{',
 * or '[' for an array). gg_cursor_next gives the next member's key (decoded;
 * valid until the next call) or the next item, and where its value lies;
 * false at the closing bracket, or with bad set at anything the scanner does
 * not recognise (a malformed separator, a key jansson would not decode, a
 * repeated key), where the caller lets jansson parse the whole document for
 * the exact error. gg_cursor_close releases the cursor.
 */
typedef struct gg_cursor {
    const char *text;
    size_t end;        /* one past the value's last byte */
    size_t i;          /* next byte to look at */
    bool object, first, bad;
    char *key;         /* the member's decoded key (objects) */
    void *seen;        /* the keys so far (a jansson object), for repeats */
} gg_cursor;

bool gg_cursor_open(gg_cursor *c, const char *text, size_t at, size_t len, bool object);
bool gg_cursor_next(gg_cursor *c, size_t *value_at, size_t *value_len);
void gg_cursor_close(gg_cursor *c);

#endif
