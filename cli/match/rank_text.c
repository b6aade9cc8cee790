/* rank_text.c — the match arbiter's names for the library's XBoard ranks (rank_text.h, ggn/protocol.h). */
#include "rank_text.h"

#include "ggn/protocol.h"

bool rank_text_to_xboard(const char *ggn, int rows, char *out, size_t cap)
{
    return ggn_protocol_ranks_to_xboard(ggn, rows, out, cap);
}

bool rank_text_from_xboard(const char *text, int rows, char *out, size_t cap)
{
    return ggn_protocol_ranks_from_xboard(text, rows, out, cap);
}
