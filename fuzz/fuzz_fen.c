/*
 * fuzz_fen.c — position text: the input is read as FEN for chess, as FEN for
 * crazyhouse (pockets, promoted "~" pieces), as SFEN for shogi and as FEN for
 * cambodian (first-move rights as file letters, fen_rights).
 *
 * Text that is accepted must write back to text that reads again to the
 * same position (hash and text), and every legal move of it must make and
 * unmake cleanly. Refused text must leave the position as it was.
 */
#include "fuzz_game.h"

typedef bool (*read_fn)(ggn_position *, const char *, ggn_error *);
typedef size_t (*write_fn)(const ggn_position *, char *, size_t);

static const struct {
    const char *game;
    read_fn read;
    write_fn write;
} notations[] = {
    { "chess.json", ggn_position_set_fen, ggn_position_fen },
    { "crazyhouse.json", ggn_position_set_fen, ggn_position_fen },
    { "shogi.json", ggn_position_set_sfen, ggn_position_sfen },
    { "cambodian.json", ggn_position_set_fen, ggn_position_fen }, /* fen_rights letters (DEde) */
};

/* Written text is bounded by the board (one byte per square, ranks, pockets)
 * plus short fields; this is ample for the games above. */
#define TEXT_CAP 1024

static void check_round_trip(const ggn_game *game, read_fn read, write_fn write, const char *text)
{
    ggn_position *pos = ggn_position_new(game);
    FUZZ_CHECK(pos != NULL);
    uint64_t start = ggn_position_hash(pos);
    ggn_error err;
    ggn_error_clear(&err);
    if (!read(pos, text, &err)) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
        FUZZ_CHECK(ggn_position_hash(pos) == start);
        ggn_position_free(pos);
        return;
    }
    char out[TEXT_CAP], out2[TEXT_CAP];
    size_t len = write(pos, out, sizeof out);
    FUZZ_CHECK(len > 0 && len == strlen(out));
    ggn_position *again = ggn_position_new(game);
    FUZZ_CHECK(again != NULL);
    if (!read(again, out, &err)) {
        fprintf(stderr, "'%s' written from '%s' does not read back: %s\n", out, text, err.message);
        FUZZ_CHECK(0);
    }
    FUZZ_CHECK(write(again, out2, sizeof out2) == len && strcmp(out, out2) == 0);
    if (ggn_position_hash(again) != ggn_position_hash(pos)) {
        fprintf(stderr, "'%s' read from '%s' and from its own text differ in state\n", out, text);
        FUZZ_CHECK(0);
    }
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
        char after[TEXT_CAP];
        FUZZ_CHECK(write(pos, after, sizeof after) > 0);
        FUZZ_CHECK(ggn_position_unmake(pos));
        FUZZ_CHECK(ggn_position_hash(pos) == hash);
    }
    FUZZ_CHECK(write(pos, out2, sizeof out2) == len && strcmp(out, out2) == 0);
    ggn_position_free(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstring(data, size);
    for (size_t i = 0; i < sizeof notations / sizeof notations[0]; i++)
        check_round_trip(fuzz_game(notations[i].game), notations[i].read, notations[i].write, text);
    free(text);
    return 0;
}
