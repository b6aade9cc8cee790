/*
 * fuzz_betza.c — Betza strings (a piece's "betza", docs/game-spec.md#betza).
 *
 * The input, escaped into a JSON string, is the "betza" of a piece standing
 * in the middle of a 9 x 9 board among enemy pieces (so that captures, lame
 * legs and hops all happen). A refused string must be reported with a line
 * and column; an accepted one is played (perft 2), and when
 * ggn_game_kind_betza writes it back, the written string must load and give
 * the same perft: the writer never says something other than the moves.
 */
#include <string.h>

#include "fuzz.h"
#include "ggn/game.h"

enum { MAX_INPUT = 96 };

static const char spec_head[] =
    "{\"name\": \"fuzz\", \"board\": {\"dimensions\": [9, 9]},\n"
    " \"players\": [\n"
    "  {\"name\": \"A\", \"direction\": [[1, 0], [0, 1]], \"starting_positions\": [{\"piece\": \"X\", \"positions\": [[4, 4]]}]},\n"
    "  {\"name\": \"B\", \"direction\": [[1, 0], [0, -1]], \"starting_positions\": [{\"piece\": \"Y\", \"positions\": "
    "[[4, 6], [6, 4], [2, 2], [4, 8], [5, 6], [0, 4], [6, 6], [4, 3]]}]}],\n"
    " \"turns\": {\"order\": [\"A\", \"B\"]},\n"
    " \"pieces\": [{\"code\": \"X\", \"betza\": \"";
static const char spec_tail[] = "\"}, {\"code\": \"Y\", \"betza\": \"K\"}]}\n";

/* The spec with s (len bytes) as X's betza, every byte escaped where JSON needs it. */
static size_t make_spec(const char *s, size_t len, char *out)
{
    size_t n = 0;
    memcpy(out, spec_head, sizeof spec_head - 1);
    n += sizeof spec_head - 1;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') n += (size_t)sprintf(out + n, "\\u%04X", c);
        else out[n++] = (char)c;
    }
    memcpy(out + n, spec_tail, sizeof spec_tail);
    return n + sizeof spec_tail - 1;
}

static ggn_game *load(const char *s, size_t len, ggn_errors *errs)
{
    static char text[sizeof spec_head + sizeof spec_tail + 6 * 256];
    size_t n = make_spec(s, len, text);
    ggn_errors_init(errs);
    return ggn_game_load_string(text, n, "fuzz.json", errs);
}

static uint64_t perft2(const ggn_game *g)
{
    ggn_position *pos = ggn_position_new(g);
    FUZZ_CHECK(pos != NULL);
    uint64_t n = ggn_perft(pos, 2);
    ggn_position_free(pos);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > MAX_INPUT) return 0;
    static ggn_errors errs;
    ggn_game *g = load((const char *)data, size, &errs);
    if (!g) {
        FUZZ_CHECK(errs.errors > 0 && errs.count > 0);
        for (size_t i = 0; i < errs.count; i++)
            FUZZ_CHECK(errs.items[i].line > 0 && errs.items[i].column > 0 && errs.items[i].message[0] != '\0');
        return 0;
    }
    uint64_t nodes = perft2(g);
    char betza[256];
    ggn_error err;
    ggn_error_clear(&err);
    if (ggn_game_kind_betza(g, 0, betza, sizeof betza, &err)) {
        ggn_game *back = load(betza, strlen(betza), &errs);
        if (!back) {
            fprintf(stderr, "written Betza \"%s\" does not load: %s\n", betza, errs.count ? errs.items[0].message : "?");
            FUZZ_CHECK(0);
        }
        FUZZ_CHECK(perft2(back) == nodes);
        ggn_game_free(back);
    } else {
        FUZZ_CHECK(err.code == GGN_E_CONVERSION && err.message[0] != '\0');
    }
    ggn_game_free(g);
    return 0;
}
