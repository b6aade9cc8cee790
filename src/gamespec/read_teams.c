/*
 * read_teams.c — extension "teams": players who play together
 * (docs/game-spec.md, "teams"). Every player is in exactly one team, and
 * there are at least two: a team of everyone could never lose to anyone.
 */
#include "gamespec/reader.h"

static void read_team(sd_reader *r, const json_t *team, int index, int *team_of)
{
    size_t n;
    if (!sd_expect(r, team, JSON_ARRAY)) return;
    n = json_array_size(team);
    if (n == 0) sd_error(r, GGN_E_VALUE, "a team must name at least one player");
    for (size_t i = 0; i < n; i++) {
        char name[GGN_MAX_STRING_BYTES + 1];
        sd_push_index(r, i);
        if (sd_string_value(r, json_array_get(team, i), name)) {
            int p = sd_find_player(r, name);
            if (p < 0 && r->players_ok) sd_error(r, GGN_E_REFERENCE, "player '%s' is not defined in /players", name);
            else if (p >= 0 && team_of[p] >= 0)
                sd_error(r, GGN_E_DUPLICATE, "player '%s' is already in team %d", name, team_of[p]);
            else if (p >= 0) team_of[p] = index;
        }
        sd_pop(r);
    }
}

void sd_read_teams(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    size_t n;
    json_t *teams = sd_array_field(r, root, "teams", false, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (!teams) return;
    int team_of[GGN_MAX_PLAYERS];
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) team_of[p] = -1;
    sd_push_key(r, "teams");
    if (n < 2) sd_error(r, GGN_E_VALUE, "teams must form at least two sides, found %zu", n);
    for (size_t t = 0; t < n; t++) {
        sd_push_index(r, t);
        read_team(r, json_array_get(teams, t), (int)t, team_of);
        sd_pop(r);
    }
    if (r->players_ok)
        for (int p = 0; p < g->nplayers; p++)
            if (team_of[p] < 0) sd_error(r, GGN_E_VALUE, "player '%s' is in no team", g->players[p].name);
    sd_pop(r);
    g->nteams = (int)n;
    for (int p = 0; p < g->nplayers && p < GGN_MAX_PLAYERS; p++) g->team[p] = team_of[p] < 0 ? 0 : team_of[p];
}
