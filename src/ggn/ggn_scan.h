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

#endif
