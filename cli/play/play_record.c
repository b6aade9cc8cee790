/*
 * play_record.c — the game record of `ggn play` as JSON (docs/play.md):
 *
 *   {"game": "Chess", "start": null, "moves": ["e2e4", "e7e5"]}
 *
 * "game" is the spec's name, "start" the FEN the game was set up from (null
 * for the game's own start), "moves" every move in coordinate notation. The
 * moves are the position's undo stack, so the record is always what is on
 * the board.
 *
 * The same game can be kept as PGN (docs/pgn.md): play_record_save_pgn and
 * play_record_load_pgn, chosen by the file's ".pgn" ending; `ggn pgn`
 * converts between the two with play_record_json and play_record_replay.
 */
#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

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
    int n = ggn_position_history(play_pos(s));
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
    ggn_position_copy(walk, play_pos(s));
    for (int i = n - 1; i >= 0; i--) {
        ggn_position_last_move(walk, &moves[i]);
        ggn_position_unmake(walk);
    }
    replay = start_position(s->game, ggn_play_start_fen(s->play), err);
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
    const char *start = ggn_play_start_fen(s->play);
    json_object_set_new(root, "start", start ? json_string(start) : json_null());
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
    char *text = ggn_file_read(path, &len, &inner);
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
    ggn_position *pos = play_record_replay(s->game, s->game_arg, root, path, err);
    json_t *start = json_object_get(root, "start");
    bool ok = pos && ggn_play_adopt(s->play, pos, json_is_string(start) ? json_string_value(start) : NULL, err);
    json_decref(root);
    return ok;
}

/* ---- JSON records of any position, and PGN (for ggn play --record/--load and ggn pgn) ---- */

void play_record_variant(const char *game_arg, char *buf, size_t cap)
{
    ggn_game_name_of_path(game_arg, buf, cap);
    for (char *p = buf; cap && *p; p++) *p = (char)tolower((unsigned char)*p);
}

bool play_record_variant_game(const char *variant, char *buf, size_t cap)
{
    if (!variant || !*variant || strcasecmp(variant, "standard") == 0 || strcasecmp(variant, "chess") == 0) {
        snprintf(buf, cap, "chess");
        return true;
    }
    /* A name of games/, never a path: letters, digits, '-' and '_' only. */
    size_t k = 0;
    for (const char *p = variant; *p; p++) {
        if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_') return false;
        if (k + 1 < cap) buf[k++] = (char)tolower((unsigned char)*p);
    }
    if (cap) buf[k] = '\0';
    return k > 0;
}

/* A copy of pos taken back to where its undo stack starts; the moves go to moves[0..history). */
static ggn_position *first_position(const ggn_position *pos, ggn_move *moves, ggn_error *err)
{
    ggn_position *walk = ggn_position_new(ggn_position_game(pos));
    if (!walk) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    ggn_position_copy(walk, pos);
    for (int i = ggn_position_history(pos) - 1; i >= 0; i--) {
        ggn_position_last_move(walk, &moves[i]);
        ggn_position_unmake(walk);
    }
    return walk;
}

json_t *play_record_json(const ggn_position *pos, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err)
{
    const ggn_game *game = ggn_position_game(pos);
    int n = ggn_position_history(pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n ? n : 1));
    ggn_position *walk = moves ? first_position(pos, moves, err) : NULL;
    ggn_position *fresh = ggn_position_new(game);
    json_t *root = json_object(), *list = json_array();
    char fen[GGN_MAX_FEN_BYTES + 1], start[GGN_MAX_FEN_BYTES + 1];
    if (!moves || !walk || !fresh || !root || !list) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        goto fail;
    }
    if (!ggn_position_fen(walk, fen, sizeof fen) || !ggn_position_fen(fresh, start, sizeof start)) {
        ggn_error_set(err, GGN_E_LIMIT, "the start's FEN is longer than %d bytes (GGN_MAX_FEN_BYTES)", GGN_MAX_FEN_BYTES);
        goto fail;
    }
    for (int i = 0; i < n; i++) {
        char text[300];
        ggn_move_format(walk, moves[i], text, sizeof text);
        json_array_append_new(list, json_string(text));
        ggn_position_make(walk, moves[i]);
    }
    json_object_set_new(root, "game", json_string(ggn_game_name(game)));
    json_object_set_new(root, "start", strcmp(fen, start) != 0 ? json_string(fen) : json_null());
    json_object_set_new(root, "moves", list);
    list = NULL;
    if (ntags) {
        json_t *kept = json_object();
        if (!kept || json_object_set_new(root, "tags", kept) != 0) {
            ggn_error_set(err, GGN_E_NOMEM, "out of memory");
            goto fail;
        }
        for (size_t t = 0; t < ntags; t++) {
            const char *name = tags[t].name;
            if (!name || !tags[t].value || strcmp(name, "Variant") == 0 || strcmp(name, "SetUp") == 0 ||
                strcmp(name, "FEN") == 0)
                continue;
            json_object_set_new(kept, name, json_string(tags[t].value));
        }
    }
    free(moves);
    ggn_position_free(walk);
    ggn_position_free(fresh);
    return root;
fail:
    json_decref(list);
    json_decref(root);
    free(moves);
    ggn_position_free(walk);
    ggn_position_free(fresh);
    return NULL;
}

/* name in lower case with only its letters and digits ("3-check" -> "3check"). */
static void plain_name(const char *name, char *buf, size_t cap)
{
    size_t k = 0;
    for (const char *p = name; *p && k + 1 < cap; p++)
        if (isalnum((unsigned char)*p)) buf[k++] = (char)tolower((unsigned char)*p);
    if (cap) buf[k] = '\0';
}

/* Does a record's "game" name this game (see play_record_replay)? */
static bool names_game(const char *name, const ggn_game *game, const char *game_arg)
{
    char a[GGN_MAX_STRING_BYTES + 1], b[GGN_MAX_STRING_BYTES + 1];
    if (strcasecmp(name, ggn_game_name(game)) == 0) return true;
    plain_name(name, a, sizeof a);
    plain_name(ggn_game_name(game), b, sizeof b);
    if (a[0] && strcmp(a, b) == 0) return true;
    if (!game_arg) return false;
    play_record_variant(game_arg, b, sizeof b);
    return strcasecmp(name, b) == 0;
}

char *play_record_find_game(const char *name)
{
    char plain[GGN_MAX_STRING_BYTES + 1];
    char *path = NULL;
    if (play_record_variant_game(name, plain, sizeof plain) && (path = cli_resolve_game(plain))) return path;
    plain_name(name, plain, sizeof plain);
    if (plain[0] && (path = cli_resolve_game(plain))) return path;
    /* A spec's own name ("Capablanca chess"): ask every game of the search path. */
    size_t n = 0;
    cli_game_file *files = cli_game_files(&n);
    ggn_errors *errs = malloc(sizeof *errs);
    for (size_t k = 0; files && errs && k < n && !path; k++) {
        ggn_errors_init(errs);
        ggn_game *game = ggn_game_load_file(files[k].path, errs);
        if (game && strcasecmp(ggn_game_name(game), name) == 0) path = strdup(files[k].path);
        ggn_game_free(game);
    }
    free(errs);
    cli_game_files_free(files, n);
    return path;
}

char *play_record_game_of(const char *path, ggn_error *err)
{
    size_t len;
    char *text = play_record_read_file(path, &len, err);
    if (!text) return NULL;
    char name[GGN_MAX_STRING_BYTES + 1] = "";
    bool named = false;
    if (play_record_is_pgn(path)) {
        ggn_error inner;
        ggn_error_clear(&inner);
        ggn_pgn_reader *reader = ggn_pgn_reader_new(text, len, path, &inner);
        const ggn_pgn_game *first = NULL;
        int got = reader ? ggn_pgn_reader_next(reader, &first, &inner) : -1;
        if (got < 0) *err = inner;
        else if (got == 0) ggn_error_set(err, GGN_E_VALUE, "%s has no game", path);
        else if (!play_record_variant_game(ggn_pgn_tag_value(first, "Variant"), name, sizeof name))
            ggn_error_set(err, GGN_E_VALUE, "%s: Variant \"%s\" is no name of a game", path,
                          ggn_pgn_tag_value(first, "Variant"));
        else named = true;
        ggn_pgn_reader_free(reader);
    } else {
        json_error_t jerr;
        json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
        json_t *record = json_is_array(root) ? json_array_get(root, 0) : root;
        const char *game = json_string_value(json_object_get(record, "game"));
        if (!root && jerr.line > 0) ggn_error_set(err, GGN_E_SYNTAX, "%s:%d:%d: %s", path, jerr.line, jerr.column, jerr.text);
        else if (!game) ggn_error_set(err, GGN_E_TYPE, "%s is not a game record: it needs \"game\" (a name)", path);
        else {
            snprintf(name, sizeof name, "%s", game);
            named = true;
        }
        json_decref(root);
    }
    free(text);
    if (!named) return NULL;
    char *found = play_record_find_game(name);
    if (!found) ggn_error_set(err, GGN_E_VALUE, "%s is a game of %s, which is no game here ('ggn games' lists them)", path, name);
    return found;
}

ggn_position *play_record_replay(const ggn_game *game, const char *game_arg, const json_t *record, const char *where,
                                 ggn_error *err)
{
    json_t *name = json_object_get(record, "game");
    json_t *start = json_object_get(record, "start");
    json_t *moves = json_object_get(record, "moves");
    if (!json_is_object(record) || !json_is_string(name) || !json_is_array(moves) ||
        (start && !json_is_null(start) && !json_is_string(start))) {
        ggn_error_set(err, GGN_E_TYPE, "%s is not a game record: it needs \"game\" (a name), \"moves\" (a list) "
                      "and \"start\" (a FEN or null)", where);
        return NULL;
    }
    if (!names_game(json_string_value(name), game, game_arg)) {
        ggn_error_set(err, GGN_E_VALUE, "%s is a game of %s, not %s", where, json_string_value(name), ggn_game_name(game));
        return NULL;
    }
    ggn_error inner;
    ggn_error_clear(&inner);
    ggn_position *pos = start_position(game, json_is_string(start) ? json_string_value(start) : NULL, &inner);
    if (!pos) {
        ggn_error_set(err, inner.code, "%s: start: %s", where, inner.message);
        return NULL;
    }
    size_t k;
    json_t *item;
    json_array_foreach(moves, k, item) {
        ggn_move mv;
        if (!json_is_string(item)) {
            ggn_error_set(err, GGN_E_TYPE, "%s: move %zu is not a string", where, k + 1);
            goto fail;
        }
        if (!ggn_move_parse(pos, json_string_value(item), &mv, &inner)) {
            ggn_error_set(err, inner.code, "%s: move %zu: %s", where, k + 1, inner.message);
            goto fail;
        }
        if (!ggn_position_make(pos, mv)) {
            ggn_error_set(err, GGN_E_LIMIT, "%s: more than %d moves (GGN_MAX_PLY)", where, GGN_MAX_PLY);
            goto fail;
        }
    }
    return pos;
fail:
    ggn_position_free(pos);
    return NULL;
}

char *play_record_read_file(const char *path, size_t *len, ggn_error *err)
{
    /* ggn_file_read refuses what is not a regular file before it can block; its message lacks the path. */
    ggn_error inner;
    ggn_error_clear(&inner);
    char *text = ggn_file_read(path, len, &inner);
    if (!text) ggn_error_set(err, inner.code, "cannot read %s: %s", path, inner.message);
    return text;
}

bool play_record_is_pgn(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".pgn") == 0;
}

/* Writes text (taken; NULL: the error is err's already) to path. */
static bool write_text(char *text, const char *path, ggn_error *err)
{
    if (!text) return false;
    FILE *f = fopen(path, "wb");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) ggn_error_set(err, GGN_E_IO, "cannot write %s: %s", path, strerror(errno));
    free(text);
    return ok;
}

bool play_record_save_pgn(const play_session *s, const char *path, ggn_error *err)
{
    char date[16] = "????.??.??", variant[GGN_MAX_STRING_BYTES + 1];
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y.%m.%d", &tm);
    play_record_variant(s->game_arg ? s->game_arg : "chess", variant, sizeof variant);
    const char *white = s->computer[0] ? "ggn" : "human", *black = s->computer[1] ? "ggn" : "human";
    ggn_pgn_tag tags[] = { { "Event", "ggn play" }, { "Date", date }, { "White", (char *)white },
                           { "Black", (char *)black }, { "Variant", variant } };
    /* the Result of a resignation or a draw agreed is ggn_play_pgn's to add */
    return write_text(ggn_play_pgn(s->play, tags, sizeof tags / sizeof tags[0], err), path, err);
}

bool play_record_load_pgn(play_session *s, const char *path, ggn_error *err)
{
    size_t len;
    char *text = play_record_read_file(path, &len, err);
    if (!text) return false;
    ggn_error inner;
    ggn_error_clear(&inner);
    /* Only the first game is read (ggn_pgn_reader): it is loaded, and must be of the game being played. */
    ggn_pgn_reader *reader = ggn_pgn_reader_new(text, len, path, &inner);
    const ggn_pgn_game *first = NULL;
    int got = reader ? ggn_pgn_reader_next(reader, &first, &inner) : -1;
    ggn_position *pos = NULL;
    bool ok = false;
    if (got < 0) {
        *err = inner;
        goto done;
    }
    if (got == 0) {
        ggn_error_set(err, GGN_E_VALUE, "%s has no game", path);
        goto done;
    }
    char want[GGN_MAX_STRING_BYTES + 1], have[GGN_MAX_STRING_BYTES + 1], mine[GGN_MAX_STRING_BYTES + 1];
    play_record_variant(s->game_arg ? s->game_arg : "chess", mine, sizeof mine);
    const char *variant = ggn_pgn_tag_value(first, "Variant");
    if (!play_record_variant_game(variant, want, sizeof want) || !play_record_variant_game(mine, have, sizeof have) ||
        strcmp(want, have) != 0) {
        ggn_error_set(err, GGN_E_VALUE, "%s is a game of %s, not %s", path, variant ? variant : "chess", mine);
        goto done;
    }
    if (!(pos = ggn_pgn_replay(s->game, first, 1, &inner))) {
        ggn_error_set(err, inner.code, "%s: %s", path, inner.message);
        goto done;
    }
    ok = ggn_play_adopt(s->play, pos, ggn_pgn_tag_value(first, "FEN"), err);
    pos = NULL;
done:
    ggn_position_free(pos);
    ggn_pgn_reader_free(reader);
    free(text);
    return ok;
}

/* ---- KIF (ggn_play_kif) ---- */

bool play_record_is_kif(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".kif") == 0;
}

bool play_record_save_kif(const play_session *s, const char *path, ggn_error *err)
{
    char date[32] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y/%m/%d %H:%M:%S", &tm);
    return write_text(ggn_play_kif(s->play, s->computer[0] ? "ggn" : "human", s->computer[1] ? "ggn" : "human", date, err),
                      path, err);
}

bool play_record_load_kif(play_session *s, const char *path, ggn_error *err)
{
    size_t len;
    char *text = play_record_read_file(path, &len, err);
    if (!text) return false;
    bool ok = ggn_play_load_kif(s->play, text, len, path, err);
    free(text);
    return ok;
}
