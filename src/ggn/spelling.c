/* spelling.c — the three spellings of GGN: names and field names. */
#include "ggn_internal.h"

#include <string.h>

static const char *const spelling_names[] = { "must-deny", "require-prevent", "board-check" };

const char *ggn_spelling_name(ggn_spelling spelling)
{
    if ((unsigned)spelling > GGN_SPELLING_BOARD_CHECK) return "?";
    return spelling_names[spelling];
}

bool ggn_spelling_parse(const char *name, ggn_spelling *out)
{
    if (!name) return false;
    for (unsigned k = 0; k <= GGN_SPELLING_BOARD_CHECK; k++) {
        if (strcmp(name, spelling_names[k]) == 0) {
            if (out) *out = (ggn_spelling)k;
            return true;
        }
    }
    return false;
}

static const struct {
    const char *field;
    ggn_spelling spelling;
} fields[] = {
    { "must", GGN_SPELLING_MUST_DENY },
    { "deny", GGN_SPELLING_MUST_DENY },
    { "require", GGN_SPELLING_REQUIRE_PREVENT },
    { "prevent", GGN_SPELLING_REQUIRE_PREVENT },
    { "perform", GGN_SPELLING_REQUIRE_PREVENT },
    { "board_check", GGN_SPELLING_BOARD_CHECK },
    { "board_patch", GGN_SPELLING_BOARD_CHECK },
    { "in_hand_add", GGN_SPELLING_BOARD_CHECK },
    { "in_hand_del", GGN_SPELLING_BOARD_CHECK },
};

/* Returns the canonical field name when `field` belongs to a spelling, else NULL. */
const char *gg_spelling_of_field(const char *field, ggn_spelling *out)
{
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        if (strcmp(field, fields[k].field) == 0) {
            *out = fields[k].spelling;
            return fields[k].field;
        }
    }
    return NULL;
}
