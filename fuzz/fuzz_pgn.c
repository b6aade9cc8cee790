/*
 * fuzz_pgn.c — PGN text (ggn_pgn_parse) and the SAN of its moves.
 *
 * The input is read as PGN; every game (at most a few) is replayed on the
 * game its Variant tag names among chess, crazyhouse, shogi and xiangqi
 * (chess otherwise). A game that replays is written again (ggn_pgn_write),
 * and that text must read and replay to the same moves and position: what
 * ggn writes, ggn reads. A text that is refused has a message.
 */
#include "fuzz_game.h"

#define FUZZ_PGN_GAMES 4 /* games of one input replayed: enough for game boundaries, bounded time */

static const char *game_file(const ggn_pgn_game *pg)
{
    const char *v = ggn_pgn_tag_value(pg, "Variant");
    if (v && strcmp(v, "crazyhouse") == 0) return "crazyhouse.json";
    if (v && strcmp(v, "shogi") == 0) return "shogi.json";
    if (v && strcmp(v, "xiangqi") == 0) return "xiangqi.json";
    return "chess.json";
}

/* Writes pos's game, reads it back and checks that the same moves lead to the same position. */
static void check_written(const ggn_game *game, ggn_position *pos)
{
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_pgn_write(pos, NULL, 0, &err);
    if (!text) {
        /* Only a start whose FEN does not fit can refuse; the shipped games' FENs always fit. */
        fprintf(stderr, "write: %s\n", err.message);
        FUZZ_CHECK(0);
    }
    ggn_pgn *again = ggn_pgn_parse(text, strlen(text), "written", &err);
    if (!again) fprintf(stderr, "%s\n%s\n", err.message, text);
    FUZZ_CHECK(again != NULL && again->ngames == 1);
    ggn_position *back = ggn_pgn_replay(game, &again->games[0], 1, &err);
    if (!back) fprintf(stderr, "%s\n%s\n", err.message, text);
    FUZZ_CHECK(back != NULL);
    FUZZ_CHECK(ggn_position_hash(back) == ggn_position_hash(pos));
    FUZZ_CHECK(ggn_position_history(back) == ggn_position_history(pos));
    ggn_position_free(back);
    ggn_pgn_free(again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ggn_error err;
    ggn_error_clear(&err);
    char *text = fuzz_cstring(data, size);
    ggn_pgn *pgn = ggn_pgn_parse(text, size, "fuzz", &err);
    free(text);
    if (!pgn) {
        FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
        return 0;
    }
    for (size_t i = 0; i < pgn->ngames && i < FUZZ_PGN_GAMES; i++) {
        const ggn_game *game = fuzz_game(game_file(&pgn->games[i]));
        ggn_error_clear(&err);
        ggn_position *pos = ggn_pgn_replay(game, &pgn->games[i], i + 1, &err);
        if (!pos) {
            FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
            continue;
        }
        check_written(game, pos);
        ggn_position_free(pos);
    }
    ggn_pgn_free(pgn);
    return 0;
}
