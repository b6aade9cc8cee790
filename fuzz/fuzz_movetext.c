/*
 * fuzz_movetext.c — move text ("e2e4", "e7e8q", "e7e8=QUEEN", "[4,1] [4,3]").
 *
 * The input is parsed against a few chess positions (the start, one with
 * promotions, castling and en passant). A move that is found must be legal:
 * it makes and unmakes, and its canonical text parses to the same squares.
 */
#include "fuzz_game.h"

static const char *const fens[] = {
    NULL, /* the start position */
    "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1",
    "8/8/8/8/8/5k2/4p3/4K3 b - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ggn_game *game = fuzz_game("chess.json");
    char *text = fuzz_cstring(data, size);
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        ggn_position *pos = ggn_position_new(game);
        FUZZ_CHECK(pos != NULL);
        ggn_error err;
        ggn_error_clear(&err);
        if (fens[f]) FUZZ_CHECK(ggn_position_set_fen(pos, fens[f], &err));
        uint64_t hash = ggn_position_hash(pos);
        ggn_move move;
        ggn_error_clear(&err);
        if (ggn_move_parse(pos, text, &move, &err)) {
            char canon[128];
            size_t len = ggn_move_format(pos, move, canon, sizeof canon);
            FUZZ_CHECK(len > 0);
            ggn_move back;
            FUZZ_CHECK(ggn_move_parse(pos, canon, &back, &err));
            FUZZ_CHECK(back.from == move.from && back.to == move.to && back.promotion == move.promotion);
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
