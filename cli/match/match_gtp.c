/*
 * match_gtp.c — the arbiter's side of the Go Text Protocol (version 2): the
 * handshake, the start of a game (boardsize, clear_board, an opening through
 * loadsgf, komi, the clock) and asking for a move. Like a CECP engine, a GTP engine is kept in step
 * by ply count (known): it is told the moves it has not seen with play,
 * then asked genmove. Every command the arbiter sends during a game carries
 * an id, so the answer to the genmove is told apart from those to the plays
 * (GTP answers "=ID" or "?ID", then an empty line).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ggn/gtp.h"
#include "ggn/notation.h"
#include "ggn/sgf.h"
#include "match.h"

/*
 * Sends a command and reads lines up to its answer ("=..." or "?...";
 * empty lines between answers are skipped): true for a success, with the
 * answer's text (after "= ") in answer. False for a failure (its text in
 * answer) or, with why filled, when the engine ends or falls silent.
 */
static bool ask(match_engine *e, const char *command, char *answer, size_t acap, char *why, size_t cap)
{
    answer[0] = '\0';
    if (!match_engine_send(e, command)) {
        snprintf(why, cap, "%s ended before '%s'", e->name, command);
        return false;
    }
    int64_t deadline = match_now_ms() + MATCH_HANDSHAKE_MS;
    char line[1024];
    for (;;) {
        int r = match_engine_read(e, deadline, line, sizeof line);
        if (r <= 0) {
            snprintf(why, cap, r < 0 ? "%s ended before answering '%s'" : "%s did not answer '%s' within %d ms",
                     e->name, command, MATCH_HANDSHAKE_MS);
            return false;
        }
        if (line[0] != '=' && line[0] != '?') continue;
        const char *text = line + 1 + strspn(line + 1, "0123456789");
        text += strspn(text, " ");
        snprintf(answer, acap, "%s", text);
        if (line[0] == '?') snprintf(why, cap, "%s answered '%s' with '? %s'", e->name, command, text);
        return line[0] == '=';
    }
}

bool match_gtp_handshake(match_engine *e, char *why, size_t cap)
{
    char answer[256];
    if (!ask(e, "protocol_version", answer, sizeof answer, why, cap)) {
        if (e->dead) snprintf(why, cap, "%s does not speak GTP (it ended)", e->command);
        return false;
    }
    if (strcmp(answer, "2") != 0) {
        snprintf(why, cap, "%s speaks GTP version '%s', not 2", e->name, answer);
        return false;
    }
    if (ask(e, "name", answer, sizeof answer, why, cap) && answer[0]) {
        char version[128];
        if (ask(e, "version", version, sizeof version, why, cap) && version[0])
            snprintf(e->name, sizeof e->name, "%.60s %.60s", answer, version);
        else
            snprintf(e->name, sizeof e->name, "%.120s", answer);
    }
    why[0] = '\0';
    return true;
}

/*
 * An opening, which GTP has no command for, given as GTP's engines take a
 * set-up board: an SGF record of its stones (AB, AW, PL) in a file of its
 * own, read with loadsgf and removed. False with why when the engine does
 * not take it.
 */
static bool load_opening(match_engine *e, const ggn_game *game, const char *start_fen, char *why, size_t cap)
{
    ggn_position *pos = ggn_position_new(game);
    ggn_error err;
    ggn_error_clear(&err);
    char *text = pos && ggn_position_set_fen(pos, start_fen, &err) ? ggn_sgf_write(pos, NULL, &err) : NULL;
    ggn_position_free(pos);
    if (!text) {
        snprintf(why, cap, "the opening cannot be given to %s as SGF: %s", e->name,
                 err.message[0] ? err.message : "out of memory");
        return false;
    }
    /* /tmp rather than TMPDIR: GTP splits its arguments at spaces, which a TMPDIR may hold. */
    char path[] = "/tmp/ggn_opening_XXXXXX";
    int fd = mkstemp(path);
    size_t len = strlen(text);
    bool written = fd >= 0 && write(fd, text, len) == (ssize_t)len;
    if (fd >= 0) close(fd);
    free(text);
    if (!written) {
        if (fd >= 0) unlink(path);
        snprintf(why, cap, "the opening's SGF file for %s could not be written", e->name);
        return false;
    }
    char command[64], answer[256];
    snprintf(command, sizeof command, "loadsgf %s", path);
    bool ok = ask(e, command, answer, sizeof answer, why, cap);
    unlink(path);
    if (!ok && !e->dead) snprintf(why, cap, "%s does not take the opening through loadsgf: %s", e->name, answer);
    return ok;
}

bool match_gtp_new_game(match_engine *e, const ggn_game *game, const char *start_fen, const match_clock *clock,
                        char *why, size_t cap)
{
    int cols = ggn_game_cols(game), rows = ggn_game_rows(game);
    if (cols != rows || cols > GGN_GTP_MAX_SIZE) {
        snprintf(why, cap, "GTP plays on square boards of at most %d points a side, not %d x %d", GGN_GTP_MAX_SIZE,
                 cols, rows);
        return false;
    }
    char command[128], answer[256];
    snprintf(command, sizeof command, "boardsize %d", cols);
    if (!ask(e, command, answer, sizeof answer, why, cap) || !ask(e, "clear_board", answer, sizeof answer, why, cap))
        return false;
    /* The opening before the komi: loadsgf may take the record's KM, and the komi below is the one that counts. */
    if (start_fen && !load_opening(e, game, start_fen, why, cap)) return false;
    /* The game's komi: on the empty board each player's area is its komi alone. */
    ggn_position *empty = ggn_position_new(game);
    double score[2];
    bool area = empty && ggn_game_player_count(game) == 2 && ggn_position_area_scores(empty, score);
    ggn_position_free(empty);
    if (area) {
        snprintf(command, sizeof command, "komi %g", score[1] - score[0]);
        if (!ask(e, command, answer, sizeof answer, why, cap)) return false;
    }
    /*
     * GTP counts whole seconds and has no increment: a fixed time a move is
     * byo-yomi of that many seconds (at least 1) for one stone; a clock is its
     * main time, and time_left before each move says what is left of it.
     */
    if (clock->movetime_ms > 0) {
        long s = clock->movetime_ms / 1000;
        snprintf(command, sizeof command, "time_settings 0 %ld 1", s > 0 ? s : 1);
    } else {
        long s = clock->base_ms / 1000;
        snprintf(command, sizeof command, "time_settings %ld 0 0", s > 0 ? s : 1);
    }
    /* time_settings is optional in GTP: an engine without it plays at its own pace. */
    ask(e, command, answer, sizeof answer, why, cap);
    if (e->dead) return false;
    why[0] = '\0';
    e->known = 0;
    e->awaited = 0;
    return true;
}

bool match_gtp_request(match_engine *e, const ggn_game *game, const char *start_fen, const char *moves, int plies,
                       long my_ms, const match_clock *clock)
{
    ggn_position *pos = ggn_position_new(game);
    if (!pos) return false;
    ggn_error err;
    ggn_error_clear(&err);
    if (start_fen && !ggn_position_set_fen(pos, start_fen, &err)) {
        ggn_position_free(pos);
        return false;
    }
    /* The moves so far, replayed to write each as a vertex; those the engine has not seen are sent as play. */
    const char *p = moves;
    bool ok = true;
    char command[96];
    for (int ply = 0; ok && *p; ply++) {
        size_t n = strcspn(p, " ");
        char word[64], vertex[16];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word - 1 ? n : sizeof word - 1), p);
        p += n;
        p += strspn(p, " ");
        ggn_move m;
        int colour = ggn_position_to_move(pos);
        ok = ggn_move_parse(pos, word, &m, &err) && ggn_gtp_move_format(pos, m, vertex, sizeof vertex) &&
             ggn_position_make(pos, m);
        if (ok && ply >= e->known) {
            /* Ids from 1 to plies for the plays, so the genmove's (below) is never one of them. */
            snprintf(command, sizeof command, "%d play %c %s", ply + 1, colour == 0 ? 'b' : 'w', vertex);
            ok = match_engine_send(e, command);
        }
    }
    int colour = ggn_position_to_move(pos);
    ggn_position_free(pos);
    if (!ok) return false;
    e->known = plies;
    if (clock->movetime_ms <= 0) {
        /* Its own id: an engine without time_left answers '?', which costs nothing (match_gtp_reply). */
        snprintf(command, sizeof command, "%d time_left %c %ld 0", 200000 + plies, colour == 0 ? 'b' : 'w',
                 my_ms > 0 ? my_ms / 1000 : 0);
        if (!match_engine_send(e, command)) return false;
    }
    e->awaited = 100000 + plies;
    snprintf(command, sizeof command, "%d genmove %c", e->awaited, colour == 0 ? 'b' : 'w');
    if (!match_engine_send(e, command)) return false;
    e->known = plies + 1; /* the engine plays the move it chooses on its own board */
    return true;
}

int match_gtp_reply(const match_engine *e, const char *line, char *best, size_t cap)
{
    if (line[0] != '=' && line[0] != '?') return 0;
    int id = atoi(line + 1);
    const char *text = line + 1 + strspn(line + 1, "0123456789");
    text += strspn(text, " ");
    /* A refused play (ids 1 to 100000) is a legal move the engine would not take: it no longer plays this game. */
    if (line[0] == '?' && ((id > 0 && id < 100000) || id == e->awaited)) {
        snprintf(best, cap, "%s", line);
        return -1;
    }
    if (line[0] == '?' || id != e->awaited) return 0; /* the answer to a play, a time_left */
    if (strncmp(text, "resign", 6) == 0) return 2;
    size_t n = strcspn(text, " ");
    snprintf(best, cap, "%.*s", (int)(n < cap - 1 ? n : cap - 1), text);
    return 1;
}
