/*
 * fuzz_fen.c — FEN for chess (games/chess.json).
 *
 * A FEN that is accepted must write back to a FEN that reads again to the
 * same position (hash and text), and every legal move of it must make and
 * unmake cleanly. A refused FEN must leave the position as it was.
 */
#include "fuzz_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ggn_game *game = fuzz_chess();
    char *fen = fuzz_cstring(data, size);
    ggn_position *pos = ggn_position_new(game);
    FUZZ_CHECK(pos != NULL);
    uint64_t start = ggn_position_hash(pos);
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_position_set_fen(pos, fen, &err)) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
        FUZZ_CHECK(ggn_position_hash(pos) == start);
        ggn_position_free(pos);
        free(fen);
        return 0;
    }
    char out[512], out2[512];
    size_t len = ggn_position_fen(pos, out, sizeof out);
    FUZZ_CHECK(len > 0 && len == strlen(out));
    ggn_position *again = ggn_position_new(game);
    FUZZ_CHECK(again != NULL);
    if (!ggn_position_set_fen(again, out, &err)) {
        fprintf(stderr, "FEN '%s' written from '%s' does not read back: %s\n", out, fen, err.message);
        FUZZ_CHECK(0);
    }
    FUZZ_CHECK(ggn_position_fen(again, out2, sizeof out2) == len && strcmp(out, out2) == 0);
    FUZZ_CHECK(ggn_position_hash(again) == ggn_position_hash(pos));
    ggn_position_free(again);

    static ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    FUZZ_CHECK(n <= GGN_MAX_MOVES);
    FUZZ_CHECK(ggn_perft(pos, 1) == n);
    ggn_status status = ggn_position_status(pos);
    FUZZ_CHECK((n == 0) == (status.outcome == GGN_CHECKMATE || status.outcome == GGN_STALEMATE));
    uint64_t hash = ggn_position_hash(pos);
    for (size_t i = 0; i < n; i++) {
        FUZZ_CHECK(ggn_position_make(pos, moves[i]));
        (void)ggn_position_status(pos);
        char after[512];
        FUZZ_CHECK(ggn_position_fen(pos, after, sizeof after) > 0);
        FUZZ_CHECK(ggn_position_unmake(pos));
        FUZZ_CHECK(ggn_position_hash(pos) == hash);
    }
    FUZZ_CHECK(ggn_position_fen(pos, out2, sizeof out2) == len && strcmp(out, out2) == 0);
    ggn_position_free(pos);
    free(fen);
    return 0;
}
