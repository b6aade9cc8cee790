/*
 * match_game.c — one game between two engines (UCI or CECP), judged by the
 * game spec: the arbiter sends each engine the position (UCI: the start plus
 * every move so far; CECP: the moves it has not seen) and its clock, takes
 * its move only if the rules allow it, charges
 * the time it took, and ends the game by the spec's rules or by a forfeit
 * (time, an illegal move, an engine that died or went silent).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/gtp.h"
#include "ggn/notation.h"
#include "match.h"
#include "rank_text.h"

/* Appends text (and a space before it unless first) to the growing move list. */
static bool append_move(char **list, size_t *len, size_t *cap, const char *text)
{
    size_t n = strlen(text);
    if (*len + n + 2 > *cap) {
        size_t grown = (*cap ? *cap * 2 : 1024) + n;
        char *bigger = realloc(*list, grown);
        if (!bigger) return false;
        *list = bigger;
        *cap = grown;
    }
    if (*len) (*list)[(*len)++] = ' ';
    memcpy(*list + *len, text, n + 1);
    *len += n;
    return true;
}

typedef enum reply {
    REPLY_NONE,      /* a line that is not the answer (info, thinking output, ...) */
    REPLY_MOVE,      /* best holds the move */
    REPLY_RESIGN,    /* CECP: the engine gives up */
    REPLY_REJECTED   /* CECP: "Illegal move ...": the engine refused a move the arbiter found legal */
} reply;

/* What an engine's line answers to the request for a move: UCI's bestmove, CECP's move, resign or Illegal move. */
static reply read_reply(const match_engine *e, const char *line, char *best, size_t cap)
{
    if (e->protocol == MATCH_PROTOCOL_GTP) {
        int r = match_gtp_reply(e, line, best, cap);
        return r == 1 ? REPLY_MOVE : r == 2 ? REPLY_RESIGN : r < 0 ? REPLY_REJECTED : REPLY_NONE;
    }
    const char *word = e->protocol == MATCH_PROTOCOL_XBOARD ? "move " : "bestmove ";
    size_t w = strlen(word);
    if (strncmp(line, word, w) == 0) {
        size_t n = strcspn(line + w, " ");
        char text[64];
        snprintf(text, sizeof text, "%.*s", (int)(n < sizeof text - 1 ? n : sizeof text - 1), line + w);
        /* CECP writes ranks XBoard's way (from 0 on a board of ten ranks): ggn reads its own. */
        if (e->protocol != MATCH_PROTOCOL_XBOARD || !rank_text_from_xboard(text, e->rows, best, cap))
            snprintf(best, cap, "%s", text);
        return REPLY_MOVE;
    }
    if (e->protocol != MATCH_PROTOCOL_XBOARD) return REPLY_NONE;
    if (strcmp(line, "resign") == 0) return REPLY_RESIGN;
    if (strncmp(line, "Illegal move", 12) == 0) return REPLY_REJECTED;
    return REPLY_NONE;
}

/* The game is lost by `loser`; the reason is written by the caller into out->reason. */
static void forfeit(match_result *out, int loser, match_end end)
{
    out->winner = 1 - loser;
    out->end = end;
}

bool match_play_game(const ggn_game *game, const char *start_fen, match_engine *const engines[2],
                     const match_clock *clock, match_result *out)
{
    memset(out, 0, sizeof *out);
    out->winner = -1;
    ggn_position *pos = ggn_position_new(game);
    if (!pos) return false;
    ggn_error err;
    ggn_error_clear(&err);
    if (start_fen && !ggn_position_set_fen(pos, start_fen, &err)) {
        out->end = MATCH_END_RULE;
        snprintf(out->reason, sizeof out->reason, "the opening is not a position of this game: %s", err.message);
        ggn_position_free(pos);
        return true;
    }
    size_t len = 0, cap = 1024;
    char *moves = malloc(cap);
    if (!moves) {
        ggn_position_free(pos);
        return false;
    }
    moves[0] = '\0';
    long left[2] = { clock->base_ms, clock->base_ms };
    size_t command_cap = GGN_MAX_FEN_BYTES + 64;
    char *command = NULL;
    bool ok = true;
    for (;;) {
        ggn_status st = ggn_position_status(pos);
        if (st.outcome != GGN_ONGOING) {
            out->winner = st.winner;
            out->end = MATCH_END_RULE;
            snprintf(out->reason, sizeof out->reason, "%s", ggn_outcome_name(st.outcome));
            /* A count of area says by how much (a Go player's B+3.5), as GTP's final_score does. */
            double area[2];
            if (ggn_game_player_count(game) == 2 && ggn_position_area_scores(pos, area))
                snprintf(out->reason, sizeof out->reason, "%s, %s %g - %s %g", ggn_outcome_name(st.outcome),
                         ggn_game_player_name(game, 0), area[0], ggn_game_player_name(game, 1), area[1]);
            break;
        }
        if (ggn_position_history(pos) >= GGN_MAX_PLY) {
            out->end = MATCH_END_MOVE_LIMIT;
            snprintf(out->reason, sizeof out->reason, "%d plies played: adjudicated a draw", GGN_MAX_PLY);
            break;
        }
        int side = ggn_position_to_move(pos);
        match_engine *e = engines[side];
        const char *who = ggn_game_player_name(game, side);
        /* position ... moves ...; go ... */
        if (command_cap < len + GGN_MAX_FEN_BYTES + 64) {
            command_cap = len + GGN_MAX_FEN_BYTES + 64;
            free(command);
            command = NULL;
        }
        if (!command && !(command = malloc(command_cap))) {
            ok = false;
            break;
        }
        int64_t started = match_now_ms();
        bool sent;
        if (e->protocol == MATCH_PROTOCOL_XBOARD) {
            sent = match_xboard_request(e, moves, out->plies, left[side], left[1 - side], clock);
        } else if (e->protocol == MATCH_PROTOCOL_GTP) {
            sent = match_gtp_request(e, game, start_fen, moves, out->plies, left[side], clock);
        } else {
            snprintf(command, command_cap, "position %s%s%s%s", start_fen ? "fen " : "startpos",
                     start_fen ? start_fen : "", len ? " moves " : "", moves);
            char go[160];
            if (clock->movetime_ms > 0)
                snprintf(go, sizeof go, "go movetime %ld", clock->movetime_ms);
            else
                snprintf(go, sizeof go, "go wtime %ld btime %ld winc %ld binc %ld", left[0], left[1], clock->inc_ms,
                         clock->inc_ms);
            sent = match_engine_send(e, command) && match_engine_send(e, go);
        }
        if (!sent) {
            forfeit(out, side, MATCH_END_DISCONNECT);
            snprintf(out->reason, sizeof out->reason, "%s's engine (%s) is gone", who, e->name);
            break;
        }
        long allowed = (clock->movetime_ms > 0 ? clock->movetime_ms : left[side]) + clock->margin_ms;
        char line[1024], best[64] = "";
        reply kind = REPLY_NONE;
        int got;
        while ((got = match_engine_read(e, started + allowed + 1, line, sizeof line)) == 1)
            if ((kind = read_reply(e, line, best, sizeof best)) != REPLY_NONE) break;
        long took = (long)(match_now_ms() - started);
        if (got < 0) {
            forfeit(out, side, MATCH_END_DISCONNECT);
            snprintf(out->reason, sizeof out->reason, "%s's engine (%s) ended mid-game", who, e->name);
            break;
        }
        if (got == 0 || took > allowed) {
            forfeit(out, side, MATCH_END_TIME);
            snprintf(out->reason, sizeof out->reason, "%s (%s) lost on time: %ld ms, %ld allowed", who, e->name, took,
                     allowed);
            break;
        }
        if (clock->movetime_ms <= 0) left[side] += clock->inc_ms - took;
        if (kind == REPLY_RESIGN) {
            forfeit(out, side, MATCH_END_RULE);
            snprintf(out->reason, sizeof out->reason, "%s (%s) resigns", who, e->name);
            break;
        }
        if (kind == REPLY_REJECTED) {
            forfeit(out, side, MATCH_END_ILLEGAL);
            snprintf(out->reason, sizeof out->reason, "%s (%s) refused a legal move: %.400s", who, e->name, line);
            break;
        }
        ggn_move mv;
        ggn_error_clear(&err);
        /* A GTP engine names a vertex (no I column): read as such, against the same legal moves. */
        if (e->protocol == MATCH_PROTOCOL_GTP ? !ggn_gtp_move_parse(pos, best, &mv, &err)
                                              : !ggn_move_parse(pos, best, &mv, &err)) {
            forfeit(out, side, MATCH_END_ILLEGAL);
            snprintf(out->reason, sizeof out->reason, "%s (%s) played an illegal move: '%s' (%s)", who, e->name, best,
                     err.message);
            break;
        }
        char text[64];
        if (!ggn_move_format(pos, mv, text, sizeof text) || !append_move(&moves, &len, &cap, text) ||
            !ggn_position_make(pos, mv)) {
            ok = false;
            break;
        }
        if (e->protocol == MATCH_PROTOCOL_XBOARD) {
            e->known = out->plies + 1; /* it played the move itself, and plays on */
            e->playing = true;
        }
        out->plies++;
    }
    free(command);
    out->moves = moves;
    ggn_position_free(pos);
    return ok;
}
