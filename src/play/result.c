/*
 * result.c — sides and results in words (ggn/play.h), written here once so
 * that the terminal, the page and Python say them alike.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "ggn/display.h"
#include "ggn/limits.h"
#include "play/play_internal.h"

const char *ggn_player_title(const ggn_game *game, int player, char *buf, size_t cap)
{
    if (!cap) return buf;
    const char *name = ggn_game_player_name(game, player), *side = ggn_game_side_name(game, player);
    /* The spec's display names the sides as players call them: written as given. */
    if (name && side && strcmp(side, name) != 0) {
        snprintf(buf, cap, "%s", side);
        return buf;
    }
    snprintf(buf, cap, "%s", name ? name : "?");
    bool start = true;
    for (char *p = buf; *p; p++) {
        if (*p == '_') *p = ' ';
        *p = (char)(start ? toupper((unsigned char)*p) : tolower((unsigned char)*p));
        start = *p == ' ';
    }
    return buf;
}

/* A result of a game_end rule, in the library's words, with the area scores where the game counts area. */
static size_t describe(const ggn_position *pos, const ggn_status *st, char *buf, size_t cap)
{
    const ggn_game *game = ggn_position_game(pos);
    char why[600];
    size_t n = ggn_status_describe(game, st, why, sizeof why);
    double score[GGN_MAX_PLAYERS];
    if (ggn_position_area_scores(pos, score)) /* ": BLACK 27, WHITE 43.5" after "counted by area" */
        for (int p = 0; p < ggn_game_player_count(game) && n < sizeof why; p++)
            n += (size_t)snprintf(why + n, sizeof why - n, "%s%s %g", p ? ", " : ": ", ggn_game_player_name(game, p),
                                  score[p]);
    return (size_t)snprintf(buf, cap, "%s.", why);
}

size_t ggn_play_result(const ggn_play *play, char *buf, size_t cap)
{
    char name[GGN_MAX_STRING_BYTES + 1];
    ggn_status st = ggn_position_status(play->pos);
    if (st.outcome == GGN_ONGOING && play->resigned >= 0) {
        char other[GGN_MAX_STRING_BYTES + 1];
        ggn_player_title(play->game, play->resigned, name, sizeof name);
        if (ggn_game_player_count(play->game) != 2) return (size_t)snprintf(buf, cap, "%s resigned.", name);
        return (size_t)snprintf(buf, cap, "%s resigned. %s wins.", name,
                                ggn_player_title(play->game, 1 - play->resigned, other, sizeof other));
    }
    if (st.outcome == GGN_ONGOING && play->agreed_draw) return (size_t)snprintf(buf, cap, "Draw agreed.");
    return ggn_position_result(play->pos, buf, cap);
}

size_t ggn_position_result(ggn_position *pos, char *buf, size_t cap)
{
    char name[GGN_MAX_STRING_BYTES + 1];
    const ggn_game *game = ggn_position_game(pos);
    ggn_status st = ggn_position_status(pos);
    switch (st.outcome) {
    case GGN_ONGOING:
        return (size_t)snprintf(buf, cap, "%s", "");
    case GGN_CHECKMATE:
    case GGN_LEADER_CAPTURED:
        if (st.outcome == GGN_CHECKMATE && st.rule >= 0) return describe(pos, &st, buf, cap); /* judged by game_end: say how */
        return (size_t)snprintf(buf, cap, "%s. %s wins.", st.outcome == GGN_CHECKMATE ? "Checkmate" : "Leader captured",
                                st.winner >= 0 ? ggn_player_title(game, st.winner, name, sizeof name) : "Nobody");
    case GGN_STALEMATE:
        if (st.draw) return (size_t)snprintf(buf, cap, "Stalemate. Draw.");
        return describe(pos, &st, buf, cap); /* game_end gives it another result */
    case GGN_GOAL:
    case GGN_EXTINCTION:
    case GGN_CHECK_LIMIT:
    case GGN_LAST_PLAYER:
    case GGN_PASSES:
    case GGN_LEADERS_FACING:
    case GGN_LINE:
    case GGN_CONNECTION:
    case GGN_UNITED:
    case GGN_FORT:
    case GGN_REPETITION_LOSS:
        return describe(pos, &st, buf, cap);
    default: {
        const char *what = ggn_outcome_name(st.outcome);
        return (size_t)snprintf(buf, cap, "%c%s.", toupper((unsigned char)what[0]), what + 1);
    }
    }
}
