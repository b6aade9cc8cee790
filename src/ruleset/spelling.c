/* spelling.c — the four spellings of GGN: names and field names. */
#include "ggn_internal.h"

#include <string.h>

static const char *const spelling_names[] = { "must-deny", "require-prevent", "board-check", "must-diff" };

const char *ggn_spelling_name(ggn_spelling spelling)
{
    if ((unsigned)spelling > GGN_SPELLING_LAST) return "?";
    return spelling_names[spelling];
}

bool ggn_spelling_parse(const char *name, ggn_spelling *out)
{
    if (!name) return false;
    for (unsigned k = 0; k <= GGN_SPELLING_LAST; k++) {
        if (strcmp(name, spelling_names[k]) == 0) {
            if (out) *out = (ggn_spelling)k;
            return true;
        }
    }
    return false;
}

#define MD (1u << GGN_SPELLING_MUST_DENY)
#define RP (1u << GGN_SPELLING_REQUIRE_PREVENT)
#define BC (1u << GGN_SPELLING_BOARD_CHECK)
#define DF (1u << GGN_SPELLING_MUST_DIFF)

/* must and deny belong to two spellings; diff alone tells must-diff from must-deny. */
static const struct {
    const char *field;
    unsigned spellings;
} fields[] = {
    { "must", MD | DF },
    { "deny", MD | DF },
    { "diff", DF },
    { "require", RP },
    { "prevent", RP },
    { "perform", RP },
    { "board_check", BC },
    { "board_patch", BC },
    { "in_hand_add", BC },
    { "in_hand_del", BC },
};

const char *gg_spelling_of_field(const char *field, unsigned *spellings)
{
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        if (strcmp(field, fields[k].field) == 0) {
            *spellings = fields[k].spellings;
            return fields[k].field;
        }
    }
    return NULL;
}

ggn_spelling gg_first_spelling(unsigned spellings)
{
    for (unsigned k = 0; k <= GGN_SPELLING_LAST; k++)
        if (spellings & (1u << k)) return (ggn_spelling)k;
    return GGN_SPELLING_MUST_DENY;
}
