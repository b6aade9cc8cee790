/*
 * fuzz_spec.c — game specs.
 *
 * A spec that loads is played: a few plies of legal moves, each made and
 * unmade (the hash and the FEN must come back), the status at every ply,
 * every move written as text and parsed back to the same move, and perft 2
 * at the root (perft 1 when the root has so many moves that perft 2 would
 * be a benchmark rather than a test).
 */
#include <string.h>

#include "fuzz.h"
#include "ggn/game.h"
#include "ggn/notation.h"

enum { PLIES = 6, PERFT2_MAX_ROOT_MOVES = 128, TEXT_CHECKS = 24 };

static void play(ggn_position *pos, unsigned seed)
{
    static ggn_move moves[GGN_MAX_MOVES];
    const ggn_game *game = ggn_position_game(pos);
    for (int ply = 0; ply < PLIES; ply++) {
        ggn_status status = ggn_position_status(pos);
        FUZZ_CHECK(status.winner >= -1 && status.winner < ggn_game_player_count(game));
        FUZZ_CHECK(ggn_outcome_name(status.outcome) != NULL);
        size_t n = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        size_t pseudo = ggn_position_pseudo_moves(pos, NULL, 0);
        if (pseudo <= GGN_MAX_MOVES) FUZZ_CHECK(n <= pseudo);
        if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
        if (n == 0) {
            FUZZ_CHECK(status.outcome != GGN_ONGOING);
            return;
        }
        uint64_t hash = ggn_position_hash(pos);
        int to_move = ggn_position_to_move(pos);
        /* Every move makes and unmakes; the text round trip (a legal-move generation per
         * parse) is checked on the first TEXT_CHECKS only, to keep huge boards fast. */
        for (size_t i = 0; i < n; i++) {
            char text[128];
            size_t len = ggn_move_format(pos, moves[i], text, sizeof text);
            FUZZ_CHECK(len > 0);
            ggn_move back;
            ggn_error err;
            ggn_error_clear(&err);
            /* Two moves may share a text (same squares, different patterns): parsing gives the first. */
            if (i < TEXT_CHECKS && !ggn_move_parse(pos, text, &back, &err)) {
                fprintf(stderr, "legal move '%s' does not parse: %s\n", text, err.message);
                FUZZ_CHECK(0);
            }
            if (i < TEXT_CHECKS) {
                char again[128];
                FUZZ_CHECK(ggn_move_format(pos, back, again, sizeof again) == len && strcmp(again, text) == 0);
            }
            (void)ggn_move_is_capture(pos, moves[i]);
            if (!ggn_position_make(pos, moves[i])) continue;
            FUZZ_CHECK(ggn_position_unmake(pos));
            FUZZ_CHECK(ggn_position_hash(pos) == hash);
            FUZZ_CHECK(ggn_position_to_move(pos) == to_move);
        }
        seed = seed * 1103515245u + 12345u;
        if (!ggn_position_make(pos, moves[(seed >> 8) % n])) return;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ggn_errors *errs = malloc(sizeof *errs);
    FUZZ_CHECK(errs != NULL);
    ggn_errors_init(errs);
    ggn_game *game = ggn_game_load_string((const char *)data, size, "fuzz.json", errs);
    if (!game) {
        FUZZ_CHECK(errs->errors > 0 && errs->count > 0);
        for (size_t i = 0; i < errs->count; i++) FUZZ_CHECK(errs->items[i].message[0] != '\0');
        free(errs);
        return 0;
    }
    free(errs);
    FUZZ_CHECK(ggn_game_cols(game) >= 1 && ggn_game_cols(game) <= GGN_MAX_BOARD_SIDE);
    FUZZ_CHECK(ggn_game_rows(game) >= 1 && ggn_game_rows(game) <= GGN_MAX_BOARD_SIDE);
    FUZZ_CHECK(ggn_game_player_count(game) >= 1 && ggn_game_player_count(game) <= GGN_MAX_PLAYERS);
    FUZZ_CHECK(ggn_game_kind_count(game) >= 1 && ggn_game_kind_count(game) <= GGN_MAX_KINDS);
    ggn_position *pos = ggn_position_new(game);
    FUZZ_CHECK(pos != NULL);

    char fen[4096];
    size_t fen_len = ggn_position_fen(pos, fen, sizeof fen);
    if (ggn_game_has_fen(game) && fen_len > 0) {
        ggn_error err;
        ggn_error_clear(&err);
        ggn_position *again = ggn_position_new(game);
        FUZZ_CHECK(again != NULL);
        if (!ggn_position_set_fen(again, fen, &err)) {
            fprintf(stderr, "start FEN does not read back: %s: %s\n", fen, err.message);
            FUZZ_CHECK(0);
        }
        char fen2[4096];
        FUZZ_CHECK(ggn_position_fen(again, fen2, sizeof fen2) == fen_len && strcmp(fen, fen2) == 0);
        ggn_position_free(again);
    }

    static ggn_move moves[GGN_MAX_MOVES];
    size_t root = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
    uint64_t p1 = ggn_perft(pos, 1);
    FUZZ_CHECK(p1 == (root > GGN_MAX_MOVES ? GGN_MAX_MOVES : root));
    if (root <= PERFT2_MAX_ROOT_MOVES) (void)ggn_perft(pos, 2);
    FUZZ_CHECK(ggn_position_history(pos) == 0);

    unsigned seed = 0;
    for (size_t i = 0; i < size && i < 16; i++) seed = seed * 31u + data[i];
    play(pos, seed);
    while (ggn_position_unmake(pos)) {
    }
    FUZZ_CHECK(ggn_position_history(pos) == 0);
    ggn_position_free(pos);
    ggn_game_free(game);
    return 0;
}
