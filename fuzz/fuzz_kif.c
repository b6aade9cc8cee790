/*
 * fuzz_kif.c — KIF text (ggn_play_load_kif, src/play/kif.c) on shogi.
 *
 * The input is read as a KIF game. A text that is refused has a message and
 * leaves the game in progress as it was; a text that is read is written again
 * (ggn_play_kif), and that text must read back to the same position after
 * the same number of moves: what ggn writes, ggn reads.
 */
#include <stdlib.h>

#include "fuzz_game.h"
#include "ggn/play.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ggn_game *shogi = fuzz_game("shogi.json");
    ggn_play *play = ggn_play_new(shogi);
    FUZZ_CHECK(play != NULL);
    ggn_error err;
    ggn_error_clear(&err);
    char *input = fuzz_cstring(data, size); /* its NUL is past size: a NUL inside stays the reader's to meet */
    bool read = ggn_play_load_kif(play, input, size, "input", &err);
    free(input);
    if (!read) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0]);
        FUZZ_CHECK(ggn_position_history(ggn_play_position(play)) == 0); /* nothing changed */
        ggn_play_free(play);
        return 0;
    }
    char *text = ggn_play_kif(play, "a", "b", "2026/01/01", &err);
    FUZZ_CHECK(text != NULL);
    ggn_play *back = ggn_play_new(shogi);
    FUZZ_CHECK(back != NULL);
    if (!ggn_play_load_kif(back, text, strlen(text), "written", &err)) fprintf(stderr, "%s\n%s\n", err.message, text);
    FUZZ_CHECK(ggn_position_hash(ggn_play_position(back)) == ggn_position_hash(ggn_play_position(play)));
    FUZZ_CHECK(ggn_position_history(ggn_play_position(back)) == ggn_position_history(ggn_play_position(play)));
    free(text);
    ggn_play_free(back);
    ggn_play_free(play);
    return 0;
}
