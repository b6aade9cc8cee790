/*
 * fuzz_pgn.c — PGN text (ggn_pgn_parse) and the SAN of its moves.
 *
 * The input is read as PGN twice: whole (ggn_pgn_parse) and game by game
 * (ggn_pgn_reader), which must agree on every game and on where the text
 * stops being PGN. The first games (a few) are replayed on the game their
 * Variant tag names among chess, crazyhouse, shogi and xiangqi (chess
 * otherwise). A game that replays is written again (ggn_pgn_write), and
 * that text must read and replay to the same moves and position; the games
 * written are also read back as one multi-game stream, game by game: what
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

static bool same_game(const ggn_pgn_game *a, const ggn_pgn_game *b)
{
    if (a->ntags != b->ntags || a->nmoves != b->nmoves || strcmp(a->result, b->result) != 0 || a->line != b->line)
        return false;
    for (size_t t = 0; t < a->ntags; t++)
        if (strcmp(a->tags[t].name, b->tags[t].name) != 0 || strcmp(a->tags[t].value, b->tags[t].value) != 0)
            return false;
    for (size_t m = 0; m < a->nmoves; m++)
        if (strcmp(a->moves[m].text, b->moves[m].text) != 0 || a->moves[m].line != b->moves[m].line ||
            a->moves[m].column != b->moves[m].column)
            return false;
    return true;
}

/* The reader gives the games ggn_pgn_parse gives (pgn NULL: it refused the text, with message). */
static void check_reader(const char *text, size_t size, const ggn_pgn *pgn, const char *message)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_pgn_reader *reader = ggn_pgn_reader_new(text, size, "fuzz", &err);
    FUZZ_CHECK(reader != NULL || !pgn);
    if (!reader) return;
    const ggn_pgn_game *g;
    size_t n = 0;
    int got;
    while ((got = ggn_pgn_reader_next(reader, &g, &err)) > 0) {
        if (pgn) FUZZ_CHECK(n < pgn->ngames && same_game(g, &pgn->games[n]));
        n++;
    }
    if (pgn) {
        FUZZ_CHECK(got == 0 && n == pgn->ngames);
    } else {
        FUZZ_CHECK(got < 0 && strcmp(err.message, message) == 0);
        FUZZ_CHECK(ggn_pgn_reader_next(reader, &g, &err) < 0); /* it stays stopped */
    }
    ggn_pgn_reader_free(reader);
}

/* The written games of a multi-game text, read back one by one, replay to the same positions. */
static void check_stream(const char *text, size_t count, const ggn_game *const *games, const uint64_t *hashes)
{
    ggn_error err;
    ggn_error_clear(&err);
    ggn_pgn_reader *reader = ggn_pgn_reader_new(text, strlen(text), "stream", &err);
    FUZZ_CHECK(reader != NULL);
    const ggn_pgn_game *g;
    size_t n = 0;
    while (ggn_pgn_reader_next(reader, &g, &err) > 0) {
        FUZZ_CHECK(n < count);
        ggn_position *back = ggn_pgn_replay(games[n], g, n + 1, &err);
        if (!back) fprintf(stderr, "%s\n%s\n", err.message, text);
        FUZZ_CHECK(back != NULL && ggn_position_hash(back) == hashes[n]);
        ggn_position_free(back);
        n++;
    }
    FUZZ_CHECK(n == count);
    ggn_pgn_reader_free(reader);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ggn_error err;
    ggn_error_clear(&err);
    char *text = fuzz_cstring(data, size);
    ggn_pgn *pgn = ggn_pgn_parse(text, size, "fuzz", &err);
    if (!pgn) FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
    check_reader(text, size, pgn, err.message);
    free(text);
    if (!pgn) return 0;
    char *stream = NULL;
    size_t stream_len = 0, nwritten = 0;
    const ggn_game *games[FUZZ_PGN_GAMES];
    uint64_t hashes[FUZZ_PGN_GAMES];
    for (size_t i = 0; i < pgn->ngames && i < FUZZ_PGN_GAMES; i++) {
        const ggn_game *game = fuzz_game(game_file(&pgn->games[i]));
        ggn_error_clear(&err);
        ggn_position *pos = ggn_pgn_replay(game, &pgn->games[i], i + 1, &err);
        if (!pos) {
            FUZZ_CHECK(err.code != GGN_E_OK && err.message[0] != '\0');
            continue;
        }
        check_written(game, pos);
        char *one = ggn_pgn_write(pos, NULL, 0, &err);
        FUZZ_CHECK(one != NULL);
        size_t len = strlen(one);
        char *longer = realloc(stream, stream_len + len + 2);
        FUZZ_CHECK(longer != NULL);
        stream = longer;
        memcpy(stream + stream_len, one, len);
        stream_len += len;
        stream[stream_len++] = '\n';
        stream[stream_len] = '\0';
        free(one);
        games[nwritten] = game;
        hashes[nwritten++] = ggn_position_hash(pos);
        ggn_position_free(pos);
    }
    if (nwritten) check_stream(stream, nwritten, games, hashes);
    free(stream);
    ggn_pgn_free(pgn);
    return 0;
}
