/*
 * play_record.c — the game record of `ggn play` as JSON (docs/play.md):
 *
 *   {"game": "Chess", "start": null, "moves": ["e2e4", "e7e5"]}
 *
 * "game" is the spec's name, "start" the FEN the game was set up from (null
 * for the game's own start), "moves" every move in coordinate notation. The
 * moves are the position's undo stack, so the record is always what is on
 * the board.
 */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "play.h"

/* A position at the session's start (the game's start or its set-up FEN). */
static ggn_position *start_position(const ggn_game *game, const char *fen, ggn_error *err)
{
    ggn_position *pos = ggn_position_new(game);
    if (!pos) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    if (fen && !ggn_position_set_fen(pos, fen, err)) {
        ggn_position_free(pos);
        return NULL;
    }
    return pos;
}

bool play_record_save(const play_session *s, const char *path, ggn_error *err)
{
    int n = ggn_position_history(s->pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n ? n : 1));
    ggn_position *walk = ggn_position_new(s->game);
    ggn_position *replay = NULL;
    json_t *root = NULL, *list = NULL;
    bool ok = false;
    if (!moves || !walk) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        goto done;
    }
    /* Walk back through the undo stack to collect the moves, then replay them for their text. */
    ggn_position_copy(walk, s->pos);
    for (int i = n - 1; i >= 0; i--) {
        ggn_position_last_move(walk, &moves[i]);
        ggn_position_unmake(walk);
    }
    replay = start_position(s->game, s->start_fen, err);
    if (!replay) goto done;
    root = json_object();
    list = json_array();
    if (!root || !list) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        char text[300];
        ggn_move_format(replay, moves[i], text, sizeof text);
        json_array_append_new(list, json_string(text));
        ggn_position_make(replay, moves[i]);
    }
    json_object_set_new(root, "game", json_string(ggn_game_name(s->game)));
    json_object_set_new(root, "start", s->start_fen ? json_string(s->start_fen) : json_null());
    json_object_set(root, "moves", list);
    if (json_dump_file(root, path, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) {
        ggn_error_set(err, GGN_E_IO, "cannot write %s: %s", path, strerror(errno));
        goto done;
    }
    ok = true;
done:
    json_decref(list);
    json_decref(root);
    ggn_position_free(replay);
    ggn_position_free(walk);
    free(moves);
    return ok;
}

bool play_record_load(play_session *s, const char *path, ggn_error *err)
{
    ggn_error inner;
    ggn_error_clear(&inner);
    size_t len = 0;
    char *text = cli_read_file(path, &len, &inner);
    if (!text) {
        ggn_error_set(err, inner.code, "cannot read %s: %s", path, inner.message);
        return false;
    }
    json_error_t jerr;
    json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
    free(text);
    if (!root) {
        if (jerr.line > 0) ggn_error_set(err, GGN_E_SYNTAX, "%s:%d:%d: %s", path, jerr.line, jerr.column, jerr.text);
        else ggn_error_set(err, GGN_E_IO, "cannot read %s: %s", path, jerr.text);
        return false;
    }
    ggn_position *pos = NULL;
    char *fen_copy = NULL;
    bool ok = false;
    json_t *game = json_object_get(root, "game");
    json_t *start = json_object_get(root, "start");
    json_t *moves = json_object_get(root, "moves");
    if (!json_is_object(root) || !json_is_string(game) || !json_is_array(moves) ||
        (start && !json_is_null(start) && !json_is_string(start))) {
        ggn_error_set(err, GGN_E_TYPE, "%s is not a game record: it needs \"game\" (a name), \"moves\" (a list) "
                      "and \"start\" (a FEN or null)", path);
        goto done;
    }
    if (strcasecmp(json_string_value(game), ggn_game_name(s->game)) != 0) {
        ggn_error_set(err, GGN_E_VALUE, "%s is a game of %s, not %s", path, json_string_value(game),
                      ggn_game_name(s->game));
        goto done;
    }
    const char *fen = json_is_string(start) ? json_string_value(start) : NULL;
    pos = start_position(s->game, fen, &inner);
    if (!pos) {
        ggn_error_set(err, inner.code, "%s: start: %s", path, inner.message);
        goto done;
    }
    size_t k;
    json_t *item;
    json_array_foreach(moves, k, item) {
        if (!json_is_string(item)) {
            ggn_error_set(err, GGN_E_TYPE, "%s: move %zu is not a string", path, k + 1);
            goto done;
        }
        ggn_move mv;
        if (!ggn_move_parse(pos, json_string_value(item), &mv, &inner)) {
            ggn_error_set(err, inner.code, "%s: move %zu: %s", path, k + 1, inner.message);
            goto done;
        }
        if (!ggn_position_make(pos, mv)) {
            ggn_error_set(err, GGN_E_LIMIT, "%s: more than %d moves (GGN_MAX_PLY)", path, GGN_MAX_PLY);
            goto done;
        }
    }
    if (fen && !(fen_copy = strdup(fen))) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        goto done;
    }
    ggn_position_free(s->pos);
    s->pos = pos;
    pos = NULL;
    free(s->start_fen);
    s->start_fen = fen_copy;
    ok = true;
done:
    ggn_position_free(pos);
    json_decref(root);
    return ok;
}
