/*
 * fuzz_id.c — identifiers and locations: GAN, QPI, CELL, HAND.
 *
 * The whole input goes to each parser (not NUL-terminated, so reading past
 * len is caught). Whatever parses must format back and parse again to the
 * same struct, and formatting must honour its buffer size exactly: the
 * canonical text of n bytes needs n + 1, and with n it reports 0 and "".
 */
#include <string.h>

#include "fuzz.h"
#include "ggn/id.h"

static void check_cap(size_t n, const char *canonical, size_t (*fmt)(const void *, char *, size_t),
                      const void *value)
{
    char *exact = malloc(n + 1);
    FUZZ_CHECK(exact != NULL);
    FUZZ_CHECK(fmt(value, exact, n + 1) == n);
    FUZZ_CHECK(memcmp(exact, canonical, n + 1) == 0);
    if (n > 0) {
        FUZZ_CHECK(fmt(value, exact, n) == 0);
        FUZZ_CHECK(exact[0] == '\0');
    }
    free(exact);
}

static size_t fmt_gan(const void *v, char *buf, size_t cap) { return ggn_gan_format(v, buf, cap); }
static size_t fmt_qpi(const void *v, char *buf, size_t cap) { return ggn_qpi_format(v, buf, cap); }
static size_t fmt_cell(const void *v, char *buf, size_t cap) { return ggn_cell_format(v, buf, cap); }
static size_t fmt_loc(const void *v, char *buf, size_t cap) { return ggn_location_format(v, buf, cap); }

static bool same_cell(const ggn_cell *a, const ggn_cell *b)
{
    if (a->dims != b->dims) return false;
    for (int i = 0; i < a->dims; i++)
        if (a->index[i] != b->index[i]) return false;
    return true;
}

static void gan(const char *text, size_t len)
{
    ggn_gan a, b;
    memset(&a, 0, sizeof a);
    if (ggn_gan_parse(text, len, &a) != NULL) return;
    char buf[128];
    size_t n = ggn_gan_format(&a, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && n < sizeof buf && strlen(buf) == n);
    memset(&b, 0xff, sizeof b);
    FUZZ_CHECK(ggn_gan_parse(buf, n, &b) == NULL);
    FUZZ_CHECK(strcmp(a.game, b.game) == 0);
    FUZZ_CHECK(a.letter == b.letter && a.side == b.side && a.state == b.state &&
               a.intermediate == b.intermediate);
    check_cap(n, buf, fmt_gan, &a);
}

static void qpi(const char *text, size_t len)
{
    ggn_qpi a, b;
    memset(&a, 0, sizeof a);
    if (ggn_qpi_parse(text, len, &a) != NULL) return;
    char buf[128];
    size_t n = ggn_qpi_format(&a, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && n < sizeof buf && strlen(buf) == n);
    memset(&b, 0xff, sizeof b);
    FUZZ_CHECK(ggn_qpi_parse(buf, n, &b) == NULL);
    FUZZ_CHECK(a.style == b.style && a.letter == b.letter && a.side == b.side &&
               a.state == b.state && a.terminal == b.terminal);
    check_cap(n, buf, fmt_qpi, &a);
}

static void cell(const char *text, size_t len)
{
    ggn_cell a, b;
    memset(&a, 0, sizeof a);
    if (ggn_cell_parse(text, len, &a) != NULL) return;
    FUZZ_CHECK(a.dims >= 1 && a.dims <= GGN_MAX_CELL_DIMS);
    for (int i = 0; i < a.dims; i++) FUZZ_CHECK(a.index[i] >= 0 && a.index[i] <= GGN_MAX_CELL_INDEX);
    char buf[GGN_MAX_LABEL];
    size_t n = ggn_cell_format(&a, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && strlen(buf) == n);
    /* A valid cell is written back exactly as it was read: CELL has one spelling. */
    FUZZ_CHECK(n == len && memcmp(buf, text, n) == 0);
    memset(&b, 0xff, sizeof b);
    FUZZ_CHECK(ggn_cell_parse(buf, n, &b) == NULL);
    FUZZ_CHECK(same_cell(&a, &b));
    check_cap(n, buf, fmt_cell, &a);
}

static void location(const char *text, size_t len)
{
    ggn_location a, b;
    memset(&a, 0, sizeof a);
    if (ggn_location_parse(text, len, &a) != NULL) return;
    char buf[GGN_MAX_LABEL];
    size_t n = ggn_location_format(&a, buf, sizeof buf);
    FUZZ_CHECK(n > 0 && strlen(buf) == n);
    memset(&b, 0xff, sizeof b);
    FUZZ_CHECK(ggn_location_parse(buf, n, &b) == NULL);
    FUZZ_CHECK(a.hand == b.hand);
    if (!a.hand) FUZZ_CHECK(same_cell(&a.cell, &b.cell));
    check_cap(n, buf, fmt_loc, &a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *text = (const char *)data;
    gan(text, size);
    qpi(text, size);
    cell(text, size);
    location(text, size);
    /* The side of an id: only reads, never fails loudly. */
    ggn_side side;
    (void)ggn_piece_side(text, size, &side);
    return 0;
}
