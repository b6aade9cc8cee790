/*
 * fuzz_movetext.c — move text ("e2e4", "e7e8q", "e7e8=QUEEN", "[4,1] [4,3]",
 * "P@e4", and USI: "7g7f", "8h2b+", "P*5e").
 *
 * The input is parsed against a few chess positions (the start, one with
 * promotions, castling and en passant) and shogi positions (the start, one
 * with pieces in hand and promotions). A move that is found must be legal:
 * it makes and unmakes, and its canonical text, and its USI text, parse to
 * the same move.
 */
#include "fuzz_game.h"

static const struct {
    const char *game;
    const char *fen; /* NULL: the start position */
} positions[] = {
    { "chess.json", NULL },
    { "chess.json", "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1" },
    { "chess.json", "8/8/8/8/8/5k2/4p3/4K3 b - - 0 1" },
    { "shogi.json", NULL },
    { "shogi.json", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 15" },
    { "shogi.json", "4k4/1P7/4+P4/9/9/9/9/9/4K4[PPpp] w - - 0 2" },
};

/* The text written by `format` reads back to the same move; `optional`: the
 * notation may not cover the game (it then writes nothing). */
static void check_reads_back(ggn_position *pos, ggn_move move,
                             size_t (*format)(const ggn_position *, ggn_move, char *, size_t), bool optional)
{
    char text[128];
    size_t len = format(pos, move, text, sizeof text);
    FUZZ_CHECK(len > 0 || optional);
    if (len == 0) return;
    ggn_move back;
    ggn_error err;
    if (!ggn_move_parse(pos, text, &back, &err)) {
        fprintf(stderr, "'%s' does not read back: %s\n", text, err.message);
        FUZZ_CHECK(0);
    }
    FUZZ_CHECK(back.from == move.from && back.to == move.to && back.promotion == move.promotion &&
               back.pattern == move.pattern && back.action == move.action);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    for (size_t f = 0; f < sizeof positions / sizeof positions[0]; f++) {
        ggn_position *pos = ggn_position_new(fuzz_game(positions[f].game));
        FUZZ_CHECK(pos != NULL);
        ggn_error err;
        ggn_error_clear(&err);
        if (positions[f].fen) FUZZ_CHECK(ggn_position_set_fen(pos, positions[f].fen, &err));
        uint64_t hash = ggn_position_hash(pos);
        ggn_move move;
        ggn_error_clear(&err);
        if (ggn_move_parse(pos, text, &move, &err)) {
            check_reads_back(pos, move, ggn_move_format, false);
            check_reads_back(pos, move, ggn_move_format_usi, true);
            FUZZ_CHECK(ggn_position_make(pos, move));
            FUZZ_CHECK(ggn_position_unmake(pos));
            FUZZ_CHECK(ggn_position_hash(pos) == hash);
        } else {
            FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
            FUZZ_CHECK(ggn_position_hash(pos) == hash);
        }
        ggn_position_free(pos);
    }
    free(text);
    return 0;
}
