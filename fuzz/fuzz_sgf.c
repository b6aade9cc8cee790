/*
 * fuzz_sgf.c — SGF text (ggn_sgf_read, src/notation/sgf.c) on go9, and on
 * hex when the text names GM[11].
 *
 * A text that is refused has a message and a place, and leaves the position
 * at its start. A text that is read is written again (ggn_sgf_write) from the
 * start its setup left, and that record must read back to the same position
 * after the same number of plies: what ggn writes, ggn reads. The same text
 * read with a move limit stops at that move.
 */
#include <stdlib.h>

#include "fuzz_game.h"
#include "ggn/sgf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *input = fuzz_cstring(data, size); /* its NUL is past size: a NUL inside stays the reader's to meet */
    const ggn_game *game = fuzz_game(strstr(input, "GM[11]") ? "hex.json" : "go9.json");
    ggn_position *pos = ggn_position_new(game), *start = ggn_position_new(game);
    FUZZ_CHECK(pos != NULL && start != NULL);
    ggn_sgf_record rec;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_sgf_read(pos, input, size, "input", &rec, &err)) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0]);
        FUZZ_CHECK(ggn_position_history(pos) == 0 && ggn_position_hash(pos) == ggn_position_hash(start));
        goto done;
    }
    FUZZ_CHECK(rec.end <= size && rec.moves >= 0 && rec.setup >= 0);
    char *text = ggn_sgf_write(pos, NULL, &err);
    if (!text) fprintf(stderr, "write: %s\n", err.message);
    FUZZ_CHECK(text != NULL);
    ggn_position *back = ggn_position_new(game);
    FUZZ_CHECK(back != NULL);
    ggn_sgf_record again;
    if (!ggn_sgf_read(back, text, strlen(text), "written", &again, &err))
        fprintf(stderr, "%d:%d: %s\n%s\n", err.line, err.column, err.message, text);
    FUZZ_CHECK(ggn_position_hash(back) == ggn_position_hash(pos));
    FUZZ_CHECK(ggn_position_history(back) == ggn_position_history(pos));
    ggn_position_free(back);
    free(text);
    /* A limit below the moves read stops there. */
    int limit = size ? data[0] % 8 : 0;
    if (limit < rec.moves) {
        ggn_position *part = ggn_position_new(game);
        FUZZ_CHECK(part != NULL);
        FUZZ_CHECK(ggn_sgf_read_moves(part, input, size, "input", limit, &again, &err));
        FUZZ_CHECK(again.moves == limit && again.end == rec.end);
        ggn_position_free(part);
    }
done:
    ggn_position_free(start);
    ggn_position_free(pos);
    free(input);
    return 0;
}
