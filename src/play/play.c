/*
 * play.c — a game in progress (ggn/play.h): its start, moves typed in any
 * notation, undo, a resignation or a draw agreed, and its PGN record.
 */
#include <stdlib.h>
#include <string.h>

#include "ggn/limits.h"
#include "play/play_internal.h"

ggn_play *ggn_play_new(const ggn_game *game)
{
    ggn_play *play = calloc(1, sizeof *play);
    if (!play) return NULL;
    play->game = game;
    play->resigned = -1;
    if (!(play->pos = ggn_position_new(game))) {
        free(play);
        return NULL;
    }
    return play;
}

void ggn_play_free(ggn_play *play)
{
    if (!play) return;
    ggn_position_free(play->pos);
    free(play->start_fen);
    free(play);
}

const ggn_game *ggn_play_game(const ggn_play *play) { return play->game; }

ggn_position *ggn_play_position(const ggn_play *play) { return play->pos; }

const char *ggn_play_start_fen(const ggn_play *play) { return play->start_fen; }

bool ggn_play_adopt(ggn_play *play, ggn_position *pos, const char *start_fen, ggn_error *err)
{
    char *copy = start_fen ? strdup(start_fen) : NULL;
    if (start_fen && !copy) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        ggn_position_free(pos);
        return false;
    }
    ggn_position_free(play->pos);
    play->pos = pos;
    free(play->start_fen);
    play->start_fen = copy;
    play->resigned = -1;
    play->agreed_draw = false;
    return true;
}

bool ggn_play_set_start(ggn_play *play, const char *fen, const char *sfen, ggn_error *err)
{
    if (fen && sfen) {
        ggn_error_set(err, GGN_E_USAGE, "a FEN and an SFEN both give the start: give one");
        return false;
    }
    ggn_position *pos = ggn_position_new(play->game);
    if (!pos) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return false;
    }
    char buf[GGN_MAX_FEN_BYTES + 1];
    bool ok = true;
    if (fen) ok = ggn_position_set_fen(pos, fen, err);
    if (sfen && (ok = ggn_position_set_sfen(pos, sfen, err)) && !ggn_position_fen(pos, buf, sizeof buf)) {
        /* the record keeps its start as FEN */
        ggn_error_set(err, GGN_E_LIMIT, "the position's FEN is longer than %d bytes (GGN_MAX_FEN_BYTES)",
                      GGN_MAX_FEN_BYTES);
        ok = false;
    }
    if (!ok) {
        ggn_position_free(pos);
        return false;
    }
    return ggn_play_adopt(play, pos, fen ? fen : sfen ? buf : NULL, err);
}

bool ggn_play_parse_move(ggn_position *pos, const char *text, ggn_move *move, ggn_error *err)
{
    ggn_error own;
    ggn_error_clear(&own);
    if (ggn_move_parse(pos, text, move, &own)) {
        if (err) *err = own;
        return true;
    }
    /* a move several moves fit is no WXF move either: the question is left to the caller */
    if (own.code != GGN_E_STATE && ggn_move_parse_wxf(pos, text, move)) {
        ggn_error_clear(err);
        return true;
    }
    if (err) *err = own;
    return false;
}

bool ggn_play_move(ggn_play *play, const char *text, ggn_error *err)
{
    if (ggn_play_over(play)) {
        ggn_error_set(err, GGN_E_STATE, "the game is over");
        return false;
    }
    ggn_move mv;
    if (!ggn_play_parse_move(play->pos, text, &mv, err)) return false;
    if (!ggn_position_make(play->pos, mv)) {
        ggn_error_set(err, GGN_E_LIMIT, "more than %d moves (GGN_MAX_PLY)", GGN_MAX_PLY);
        return false;
    }
    return true;
}

bool ggn_play_undo(ggn_play *play)
{
    if (play->resigned >= 0 || play->agreed_draw) {
        play->resigned = -1;
        play->agreed_draw = false;
        return true;
    }
    return ggn_position_unmake(play->pos);
}

void ggn_play_resign(ggn_play *play, int player)
{
    if (player >= 0 && player < ggn_game_player_count(play->game)) play->resigned = player;
}

void ggn_play_agree_draw(ggn_play *play) { play->agreed_draw = true; }

int ggn_play_resigned(const ggn_play *play) { return play->resigned; }

bool ggn_play_draw_agreed(const ggn_play *play) { return play->agreed_draw; }

bool ggn_play_over(const ggn_play *play)
{
    return play->resigned >= 0 || play->agreed_draw || ggn_position_status(play->pos).outcome != GGN_ONGOING;
}

char *ggn_play_pgn(const ggn_play *play, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err)
{
    /* A game ended by a resignation or a draw agreed says so: the rules alone would leave it going on. */
    const char *result = play->agreed_draw ? "1/2-1/2" : play->resigned == 0 ? "0-1" : play->resigned == 1 ? "1-0" : NULL;
    if (!result) return ggn_pgn_write(play->pos, tags, ntags, err);
    ggn_pgn_tag *all = malloc((ntags + 1) * sizeof *all);
    if (!all) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    size_t n = 0;
    for (size_t i = 0; i < ntags; i++)
        if (strcmp(tags[i].name, "Result") != 0) all[n++] = tags[i];
    all[n++] = (ggn_pgn_tag){ "Result", (char *)result };
    char *text = ggn_pgn_write(play->pos, all, n, err);
    free(all);
    return text;
}
