/*
 * play_sgf.c — `ggn play --record game.sgf`: the game kept as SGF (ggn/sgf.h)
 * when the game is one SGF writes (Go and other games of stones).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "ggn/sgf.h"
#include "play.h"

bool play_record_is_sgf(const char *path)
{
    size_t n = strlen(path);
    return n > 4 && strcasecmp(path + n - 4, ".sgf") == 0;
}

bool play_record_save_sgf(const play_session *s, const char *path, ggn_error *err)
{
    char date[16] = "", result[32] = "";
    time_t now = time(NULL);
    struct tm tm;
    if (gmtime_r(&now, &tm)) strftime(date, sizeof date, "%Y-%m-%d", &tm);
    /* RE: a resignation, else the area count of a game the rules ended, else none. */
    double area[2];
    ggn_position *pos = play_pos(s);
    int resigned = ggn_play_resigned(s->play);
    ggn_status st = ggn_position_status(pos);
    if (resigned == 0 || resigned == 1) snprintf(result, sizeof result, "%c+R", resigned == 0 ? 'W' : 'B');
    else if (st.outcome != GGN_ONGOING && ggn_position_area_scores(pos, area))
        snprintf(result, sizeof result, area[0] == area[1] ? "0" : "%c+%g", area[0] > area[1] ? 'B' : 'W',
                 fabs(area[0] - area[1]));
    ggn_sgf_info info = { .black = s->computer[0] ? "ggn" : "human", .white = s->computer[1] ? "ggn" : "human",
                          .result = result[0] ? result : NULL, .date = date[0] ? date : NULL, .event = "ggn play" };
    char *text = ggn_sgf_write(pos, &info, err);
    if (!text) return false;
    FILE *f = fopen(path, "wb");
    bool ok = f && fputs(text, f) >= 0;
    if (f && fclose(f) != 0) ok = false;
    if (!ok) ggn_error_set(err, GGN_E_IO, "cannot write %s: %s", path, strerror(errno));
    free(text);
    return ok;
}
