/*
 * test_play_layer.c — the game in progress of src/play/ (ggn/play.h) as a
 * library caller sees it, with no program between: moves typed in every
 * notation a game takes (coordinates, SAN, USI, WXF), undo, a resignation
 * and a draw agreed taken back first, results and side names in words,
 * PGN's Result for a resignation, KIF written and read back, a set-up start
 * kept, the one lookup of games by name (ggn/file.h), and self-play's
 * games and balance report (ggn/selfplay.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "game_util.h"
#include "ggn/file.h"
#include "ggn/play.h"
#include "ggn/selfplay.h"

/* Plays text, which must be legal. */
static void play(ggn_play *p, const char *text)
{
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_play_move(p, text, &err)) fail_msg("%s: %s", text, err.message);
}

static const char *result(const ggn_play *p)
{
    static char buf[1024];
    ggn_play_result(p, buf, sizeof buf);
    return buf;
}

static void test_chess_in_any_notation(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_play *p = ggn_play_new(g);
    assert_non_null(p);
    play(p, "f3");      /* SAN */
    play(p, "e7e5");    /* coordinates */
    play(p, "g2-g4");
    assert_string_equal(result(p), "");
    assert_false(ggn_play_over(p));
    play(p, "Qh4#");
    assert_true(ggn_play_over(p));
    assert_string_equal(result(p), "Checkmate. Black wins.");
    ggn_error err;
    ggn_error_clear(&err);
    assert_false(ggn_play_move(p, "a2a3", &err));
    assert_int_equal(err.code, GGN_E_STATE);
    assert_true(ggn_play_undo(p));
    assert_int_equal(ggn_position_history(ggn_play_position(p)), 3);
    ggn_error_clear(&err);
    assert_false(ggn_play_move(p, "Ke2", &err)); /* not a legal move for Black */
    assert_int_not_equal(err.code, GGN_E_OK);
    char name[64];
    assert_string_equal(ggn_player_title(g, 0, name, sizeof name), "White");
    ggn_play_free(p);
    ggn_game_free(g);
}

static void test_resignation_and_draw_taken_back_first(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_play *p = ggn_play_new(g);
    play(p, "e4");
    ggn_play_resign(p, 1);
    assert_int_equal(ggn_play_resigned(p), 1);
    assert_true(ggn_play_over(p));
    assert_string_equal(result(p), "Black resigned. White wins.");
    ggn_error err;
    ggn_error_clear(&err);
    char *pgn = ggn_play_pgn(p, NULL, 0, &err);
    assert_non_null(pgn);
    assert_non_null(strstr(pgn, "[Result \"1-0\"]"));
    free(pgn);
    assert_true(ggn_play_undo(p)); /* the resignation, alone */
    assert_int_equal(ggn_play_resigned(p), -1);
    assert_int_equal(ggn_position_history(ggn_play_position(p)), 1);
    ggn_play_agree_draw(p);
    assert_string_equal(result(p), "Draw agreed.");
    assert_true(ggn_play_undo(p));
    assert_false(ggn_play_draw_agreed(p));
    assert_true(ggn_play_undo(p)); /* then e4 */
    assert_false(ggn_play_undo(p)); /* nothing left */
    ggn_play_free(p);
    ggn_game_free(g);
}

static void test_set_up_start_kept(void **state)
{
    (void)state;
    ggn_game *g = load("chess.json");
    ggn_play *p = ggn_play_new(g);
    const char *fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    ggn_error err;
    ggn_error_clear(&err);
    assert_null(ggn_play_start_fen(p));
    assert_true(ggn_play_set_start(p, fen, NULL, &err));
    assert_string_equal(ggn_play_start_fen(p), fen);
    play(p, "Ra8#");
    assert_string_equal(result(p), "Checkmate. White wins.");
    assert_false(ggn_play_set_start(p, "not a fen", NULL, &err)); /* nothing changes */
    assert_string_equal(ggn_play_start_fen(p), fen);
    assert_int_equal(ggn_position_history(ggn_play_position(p)), 1);
    ggn_play_free(p);
    ggn_game_free(g);
}

static void test_xiangqi_wxf(void **state)
{
    (void)state;
    ggn_game *g = load("xiangqi.json");
    assert_true(ggn_wxf_available(g));
    ggn_play *p = ggn_play_new(g);
    play(p, "C2.5"); /* WXF: the cannon to the centre */
    ggn_position *pos = ggn_play_position(p);
    ggn_move last;
    assert_true(ggn_position_last_move(pos, &last));
    ggn_position_unmake(pos);
    char text[32];
    assert_true(ggn_move_format_wxf(pos, last, text, sizeof text) > 0);
    assert_string_equal(text, "C2.5");
    char name[64];
    assert_string_equal(ggn_player_title(g, 0, name, sizeof name), "Red");
    ggn_play_free(p);
    ggn_game_free(g);
    ggn_game *chess = load("chess.json");
    assert_false(ggn_wxf_available(chess));
    ggn_game_free(chess);
}

static void test_shogi_usi_and_kif_round_trip(void **state)
{
    (void)state;
    ggn_game *g = load("shogi.json");
    ggn_play *p = ggn_play_new(g);
    play(p, "7g7f"); /* USI */
    play(p, "3c3d");
    play(p, "8h2b+");
    char name[64];
    assert_string_equal(ggn_player_title(g, 0, name, sizeof name), "Black"); /* shogi's sente, as its display says */
    ggn_error err;
    ggn_error_clear(&err);
    char *kif = ggn_play_kif(p, "human", "ggn", "2026/01/01 00:00:00", &err);
    assert_non_null(kif);
    assert_non_null(strstr(kif, "先手：human"));
    ggn_play *back = ggn_play_new(g);
    assert_true(ggn_play_load_kif(back, kif, strlen(kif), "t.kif", &err));
    char a[256], b[256];
    ggn_position_sfen(ggn_play_position(p), a, sizeof a);
    ggn_position_sfen(ggn_play_position(back), b, sizeof b);
    assert_string_equal(a, b);
    assert_int_equal(ggn_position_history(ggn_play_position(back)), 3);
    free(kif);
    ggn_play_free(back);
    ggn_play_free(p);
    ggn_game_free(g);
}

static void test_game_lookup_by_name(void **state)
{
    (void)state;
    const char *dirs[] = { "/nonexistent-ggn-dir", GGN_GAMES_DIR };
    char buf[4096];
    ggn_error err;
    ggn_error_clear(&err);
    size_t n = ggn_game_file_find("CHESS", dirs, 2, buf, sizeof buf, &err);
    assert_int_equal(n, strlen(GGN_GAMES_DIR "/chess.json"));
    assert_string_equal(buf, GGN_GAMES_DIR "/chess.json");
    char small[8];
    assert_int_equal(ggn_game_file_find("chess.json", dirs, 2, small, sizeof small, &err), n); /* snprintf's count */
    assert_int_equal(ggn_game_file_find("no-such-game", dirs, 2, buf, sizeof buf, &err), 0);
    assert_int_equal(err.code, GGN_E_NOT_FOUND);
    assert_int_equal(ggn_game_name_of_path("games/Shogi.JSON", buf, sizeof buf), 5);
    assert_string_equal(buf, "Shogi");
    assert_true(ggn_file_name_is_json("a.json"));
    assert_false(ggn_file_name_is_json(".json"));
}

static void test_selfplay_report(void **state)
{
    (void)state;
    ggn_game *g = load("tic_tac_toe.json");
    ggn_selfplay_settings set;
    ggn_selfplay_defaults(&set);
    set.games = 8;
    ggn_selfplay_game games[8];
    ggn_selfplay_report report;
    ggn_error err;
    ggn_error_clear(&err);
    assert_true(ggn_selfplay_run(g, &set, games, &report, &err));
    assert_int_equal(report.games, 8);
    assert_int_equal(report.wins[0] + report.wins[1] + report.draws, 8);
    assert_int_equal(report.wins[0], report.losses[1]);
    double points = 0;
    for (int i = 0; i < 8; i++) {
        assert_int_equal(games[i].number, i);
        assert_true(games[i].plies >= 5 && games[i].plies <= 9);
        assert_true(games[i].plies >= report.shortest && games[i].plies <= report.longest);
        points += games[i].winner == 0 ? 1.0 : games[i].winner < 0 ? 0.5 : 0.0;
    }
    assert_true(points / 8 == report.first_score);
    assert_true(report.first_low <= report.first_score && report.first_score <= report.first_high);
    /* game 5 alone, played again by a run of its own, is the same game */
    ggn_selfplay *sp = ggn_selfplay_new(g, &set, &err);
    assert_non_null(sp);
    ggn_selfplay_game again;
    assert_true(ggn_selfplay_play(sp, 5, &again));
    assert_memory_equal(&again, &games[5], sizeof again);
    ggn_selfplay_free(sp);
    set.max_plies = 0;
    assert_null(ggn_selfplay_new(g, &set, &err));
    assert_int_equal(err.code, GGN_E_RANGE);
    ggn_game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_in_any_notation),
        cmocka_unit_test(test_resignation_and_draw_taken_back_first),
        cmocka_unit_test(test_set_up_start_kept),
        cmocka_unit_test(test_xiangqi_wxf),
        cmocka_unit_test(test_shogi_usi_and_kif_round_trip),
        cmocka_unit_test(test_game_lookup_by_name),
        cmocka_unit_test(test_selfplay_report),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
