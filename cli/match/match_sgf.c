/*
 * match_sgf.c — `ggn match --sgf FILE`: each finished game appended to FILE
 * as an SGF game tree (ggn/sgf.h), for the games SGF records (Go and other
 * placement games): the engines as PB and PW, RE from how the game ended,
 * the opening (--openings) as setup stones.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/sgf.h"
#include "match.h"

bool match_write_sgf(FILE *out, const ggn_game *game, const char *start_fen, const char *black, const char *white,
                     int winner, int end, const char *reason, const char *moves, time_t started, char *why, size_t cap)
{
    ggn_position *pos = ggn_position_new(game);
    ggn_error err;
    ggn_error_clear(&err);
    /* From the game's opening: the SGF writer gives its stones as AB and AW. */
    if (pos && start_fen && !ggn_position_set_fen(pos, start_fen, &err)) {
        snprintf(why, cap, "its opening does not set up: %s", err.message);
        ggn_position_free(pos);
        return false;
    }
    if (!pos || (moves[0] && !cli_play_moves(pos, moves))) {
        snprintf(why, cap, "its moves do not replay");
        ggn_position_free(pos);
        return false;
    }
    /* RE: the area count's margin for a game the rules ended by passes; R, T or F for the others. */
    char result[64] = "0", date[32] = "";
    double area[2];
    ggn_status st = ggn_position_status(pos);
    if (winner >= 0) {
        char who = winner == 0 ? 'B' : 'W';
        if (end == MATCH_END_RULE && st.outcome != GGN_ONGOING && ggn_position_area_scores(pos, area))
            snprintf(result, sizeof result, "%c+%g", who, area[winner] - area[1 - winner]);
        else if (end == MATCH_END_RULE && st.outcome == GGN_ONGOING)
            snprintf(result, sizeof result, "%c+R", who);
        else if (end == MATCH_END_TIME)
            snprintf(result, sizeof result, "%c+T", who);
        else if (end == MATCH_END_RULE)
            snprintf(result, sizeof result, "%c+", who);
        else
            snprintf(result, sizeof result, "%c+F", who);
    }
    struct tm day;
    if (localtime_r(&started, &day)) strftime(date, sizeof date, "%Y-%m-%d", &day);
    ggn_sgf_info info = { .black = black, .white = white, .result = result, .date = date[0] ? date : NULL,
                          .event = "ggn match", .comment = reason,
                          .rules = ggn_position_area_scores(pos, area) ? "Chinese" : NULL };
    char *text = ggn_sgf_write(pos, &info, &err);
    ggn_position_free(pos);
    if (!text) {
        snprintf(why, cap, "%s", err.message);
        return false;
    }
    fputs(text, out);
    fflush(out);
    free(text);
    return true;
}
