/*
 * read_game_end.c — extension "game_end": how a game ends besides checkmate
 * (docs/game-spec.md, "game_end"). Every rule is checked to be able to fire:
 * a goal on a zone with no square, an in-check result in a game without a
 * leader, a check limit without a leader are errors, not rules that sleep.
 */
#include <string.h>

#include "gamespec/reader.h"

static const char *const end_keys[] = {"no_move",        "goals",          "extinction", "check_limit",
                                       "forced_capture", "giving_check_illegal", "elimination",
                                       "passes",         "facing_leaders", "points",     "checkmate_by_only",
                                       "checkmate_needs", "area", "lines", "connections", "united", "enclosed", "fort", NULL};
static const char *const passes_keys[] = {"in_a_row", "result", NULL};
static const char *const facing_keys[] = {"result", NULL};
static const char *const points_keys[] = {"values", "bonus", "tie", NULL};
static const char *const no_move_keys[] = {"in_check", "not_in_check", NULL};
static const char *const goal_keys[] = {"on", "pieces", "result", "answer", NULL};
static const char *const extinction_keys[] = {"pieces", "fewer_than", "result", "answer", "players", NULL};
static const char *const by_only_keys[] = {"pieces", "result", NULL};
static const char *const needs_keys[] = {"check_by", "otherwise", NULL};

/*
 * A result word at obj[key]; false (reported) when absent-but-required or not
 * a result. `compare` admits "fewest_pieces", a result that compares the
 * players (no_move only: the other rules concern one player's own state).
 */
static bool read_result_word(sd_reader *r, const json_t *obj, const char *key, bool required, bool compare,
                             sd_result *out)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, key, required, word) != SD_OK) return false;
    if (strcmp(word, "win") == 0) *out = SD_RESULT_WIN;
    else if (strcmp(word, "loss") == 0) *out = SD_RESULT_LOSS;
    else if (strcmp(word, "draw") == 0) *out = SD_RESULT_DRAW;
    else if (compare && strcmp(word, "fewest_pieces") == 0) *out = SD_RESULT_FEWEST_PIECES;
    else if (strcmp(word, "points") == 0 && r->points_ok) *out = SD_RESULT_POINTS;
    else if (strcmp(word, "area") == 0 && r->points_ok) *out = SD_RESULT_AREA;
    else {
        sd_error_key(r, key, GGN_E_UNKNOWN, "unknown result '%s'; allowed: win, loss, draw%s%s", word,
                     compare ? ", fewest_pieces" : "", r->points_ok ? ", points, area" : "");
        return false;
    }
    return true;
}

static bool read_result(sd_reader *r, const json_t *obj, const char *key, bool required, sd_result *out)
{
    return read_result_word(r, obj, key, required, false, out);
}

/* obj["pieces"]: a non-empty array of piece codes as a kind mask; all kinds when absent. */
static unsigned long long read_kinds(sd_reader *r, const json_t *obj)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "pieces", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return ~0ULL;
    sd_push_key(r, "pieces");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list of pieces names no piece: leave \"pieces\" out to mean any piece");
    unsigned long long kinds = sd_kind_set(r, list, n);
    sd_pop(r);
    return kinds;
}

/* For the other game_end rules (read_goal_line.c). */
bool sd_read_end_result(sd_reader *r, const json_t *obj, const char *key, sd_result *out)
{
    return read_result(r, obj, key, true, out);
}

unsigned long long sd_read_end_kinds(sd_reader *r, const json_t *obj)
{
    return read_kinds(r, obj);
}

static void read_no_move(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    json_t *nm = sd_field(r, obj, "no_move", false);
    if (!nm) return;
    sd_push_key(r, "no_move");
    if (sd_expect(r, nm, JSON_OBJECT)) {
        sd_check_keys(r, nm, no_move_keys, "no_move");
        if (read_result_word(r, nm, "in_check", false, true, &e->no_move_in_check) && r->g->leader < 0)
            sd_error_key(r, "in_check", GGN_E_VALUE,
                         "a game without a leader is never in check, so this result could never apply");
        r->points_ok = true; /* the count of game_end.points, for games ended by no move at all (Othello) */
        read_result_word(r, nm, "not_in_check", false, true, &e->no_move);
        r->points_ok = false;
    }
    sd_pop(r);
}

/*
 * A goal's "answer": true (judged when its player is to move again), false, or
 * "round" (goal_round.c), which needs two players taking turns: a round is one
 * move of each, and the second may answer the first by reaching its own zone.
 */
static void read_goal_answer(sd_reader *r, const json_t *obj, sd_goal *goal)
{
    const json_t *answer = json_object_get(obj, "answer");
    if (!json_is_string(answer)) {
        sd_bool_field(r, obj, "answer", false, &goal->answer);
        return;
    }
    if (strcmp(json_string_value(answer), "round") != 0) {
        sd_error_key(r, "answer", GGN_E_UNKNOWN, "unknown answer '%.64s'; allowed: true, false, \"round\"",
                     json_string_value(answer));
        return;
    }
    goal->round = true;
    const sd_game *g = r->g;
    if (g->nplayers != 2 || g->norder != 2 || !g->order || g->order[0] == g->order[1])
        sd_error_key(r, "answer", GGN_E_VALUE,
                     "\"round\" lets the second player of a round answer the first, so it needs two players who "
                     "take turns (this game has %d players, %d turns a round)",
                     g->nplayers, g->norder);
}

static void read_goal(sd_reader *r, const json_t *obj, sd_goal *goal)
{
    sd_check_keys(r, obj, goal_keys, "a goal");
    goal->named = -1;
    char code[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "on", true, code) == SD_OK) {
        goal->named = sd_find_named(r, code);
        if (goal->named < 0 && r->named_ok) {
            sd_error_key(r, "on", GGN_E_REFERENCE, "'%s' is no named condition of /conditions", code);
        } else if (goal->named >= 0) {
            int squares = 0;
            for (int p = 0; p < r->g->nplayers && r->g->named[goal->named].nsquares; p++)
                squares += r->g->named[goal->named].nsquares[p];
            if (squares == 0)
                sd_error_key(r, "on", GGN_E_VALUE, "'%s' lists no square for any player, so this goal could never be reached",
                             code);
        }
    }
    goal->kinds = read_kinds(r, obj);
    read_result(r, obj, "result", true, &goal->result);
    read_goal_answer(r, obj, goal);
}

static void read_extinction(sd_reader *r, const json_t *obj, sd_extinction *x)
{
    sd_check_keys(r, obj, extinction_keys, "an extinction rule");
    x->kinds = read_kinds(r, obj);
    x->fewer_than = 1;
    sd_int_field(r, obj, "fewer_than", false, 1, GGN_MAX_PIECES_ON_BOARD + 1, "GGN_MAX_PIECES_ON_BOARD", &x->fewer_than);
    read_result(r, obj, "result", true, &x->result);
    sd_bool_field(r, obj, "answer", false, &x->answer);
    x->players = sd_read_end_players(r, obj);
}

unsigned sd_read_end_players(sd_reader *r, const json_t *obj)
{
    unsigned players = (1u << r->g->nplayers) - 1;
    size_t n;
    json_t *list = sd_array_field(r, obj, "players", false, GGN_MAX_PLAYERS, "GGN_MAX_PLAYERS", &n);
    if (!list) return players;
    sd_push_key(r, "players");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list concerns nobody: leave \"players\" out for every player");
    players = 0;
    for (size_t i = 0; i < n; i++) {
        char name[GGN_MAX_STRING_BYTES + 1];
        sd_push_index(r, i);
        if (sd_string_value(r, json_array_get(list, i), name)) {
            int p = sd_find_player(r, name);
            if (p < 0) {
                if (r->players_ok) sd_error(r, GGN_E_REFERENCE, "'%s' is no player's name", name);
            } else if ((players >> p) & 1) {
                sd_error(r, GGN_E_DUPLICATE, "player '%s' is listed twice", name);
            } else {
                players |= 1u << p;
            }
        }
        sd_pop(r);
    }
    sd_pop(r);
    return players;
}

/* A list of rule objects at obj[key], each read by `one` into n elements of `size` bytes. */
static void *read_list(sd_reader *r, const json_t *obj, const char *key, size_t size, int *count,
                       void (*one)(sd_reader *, const json_t *, void *))
{
    size_t n;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_NAMED_CONDITIONS, "GGN_MAX_NAMED_CONDITIONS", &n);
    if (!list || n == 0) return NULL;
    unsigned char *items = sd_alloc(r, n, size);
    if (!items) return NULL;
    sd_push_key(r, key);
    for (size_t i = 0; i < n; i++) {
        json_t *item = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, item, JSON_OBJECT)) one(r, item, items + i * size);
        sd_pop(r);
    }
    sd_pop(r);
    *count = (int)n;
    return items;
}

/*
 * forced_capture: true, false, or "most" (extension): only captures are legal
 * when there is one, and with "most" only the chain captures that take the
 * most pieces (international draughts' majority rule), which needs chains.
 */
static void read_forced_capture(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    json_t *v = json_object_get(obj, "forced_capture");
    if (!v) return;
    if (json_is_string(v)) {
        sd_push_key(r, "forced_capture");
        if (strcmp(json_string_value(v), "most") != 0) {
            sd_error(r, GGN_E_VALUE, "forced_capture is true, false or \"most\", not '%s'", json_string_value(v));
        } else {
            e->forced_capture = e->capture_most = true;
            bool chains = false;
            for (int k = 0; k < r->g->nkinds && r->g->kinds; k++)
                for (int i = 0; i < r->g->kinds[k].nmoves && r->g->kinds[k].moves; i++)
                    chains |= r->g->kinds[k].moves[i].chain;
            if (!chains)
                sd_error(r, GGN_E_VALUE, "forced_capture \"most\" counts the pieces chain captures take, and no move "
                                         "of this game has \"chain\"");
        }
        sd_pop(r);
        return;
    }
    sd_bool_field(r, obj, "forced_capture", false, &e->forced_capture);
}

static void one_goal(sd_reader *r, const json_t *obj, void *out) { read_goal(r, obj, out); }
static void one_extinction(sd_reader *r, const json_t *obj, void *out) { read_extinction(r, obj, out); }

/* "passes": {"in_a_row": N, "result": R}, for the player who made the last of the passes. */
static void read_passes(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    json_t *p = sd_field(r, obj, "passes", false);
    if (!p) return;
    sd_push_key(r, "passes");
    if (sd_expect(r, p, JSON_OBJECT)) {
        sd_check_keys(r, p, passes_keys, "passes");
        if (sd_int_field(r, p, "in_a_row", true, 1, GGN_MAX_PLY, "GGN_MAX_PLY", &e->passes_in_a_row) == SD_OK &&
            !r->g->pass)
            sd_error_key(r, "in_a_row", GGN_E_VALUE, "nobody may pass in this game (top-level \"pass\": true), so "
                                                     "this rule could never apply");
        else if (r->g->pass_forced)
            sd_error_key(r, "in_a_row", GGN_E_VALUE, "with \"pass\": \"forced\" a player passes only while another "
                                                     "has a move, and the game ends when none has: passes in a row "
                                                     "are not counted");
        r->points_ok = true;
        read_result_word(r, p, "result", true, false, &e->passes_result);
        r->points_ok = false;
    }
    sd_pop(r);
}

/* "facing_leaders": {"result": R}, for the player who passes with the leaders facing. */
static void read_facing(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    json_t *f = sd_field(r, obj, "facing_leaders", false);
    if (!f) return;
    sd_push_key(r, "facing_leaders");
    if (sd_expect(r, f, JSON_OBJECT)) {
        sd_check_keys(r, f, facing_keys, "facing_leaders");
        r->points_ok = true;
        if (read_result_word(r, f, "result", true, false, &e->facing_result)) e->facing_leaders = true;
        r->points_ok = false;
        if (r->g->leader < 0 || !r->g->pass || r->g->pass_forced)
            sd_error(r, GGN_E_VALUE, "facing_leaders needs a leader and passing (top-level \"pass\": true): the "
                                     "game ends when a player passes with the leaders facing");
        else if (r->g->leaders_may_not_face)
            sd_error(r, GGN_E_VALUE, "with leaders_may_not_face the leaders can never face, so this rule could never apply");
    }
    sd_pop(r);
}

/* "points": {"values": {CODE: n}, "bonus": {PLAYER: n}, "tie": PLAYER} — what "points" results count. */
static void read_points(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    e->point_tie = -1;
    json_t *p = sd_field(r, obj, "points", false);
    if (!p) return;
    sd_push_key(r, "points");
    if (sd_expect(r, p, JSON_OBJECT)) {
        e->points = true;
        sd_check_keys(r, p, points_keys, "points");
        json_t *values = sd_field(r, p, "values", true);
        if (values) {
            sd_push_key(r, "values");
            if (sd_expect(r, values, JSON_OBJECT)) {
                const char *code;
                json_t *v;
                json_object_foreach(values, code, v) {
                    int k = sd_find_kind(r, code);
                    if (k < 0) {
                        sd_error_key(r, code, GGN_E_REFERENCE, "'%s' is not the code of a piece", code);
                        continue;
                    }
                    sd_int_field(r, values, code, true, 0, 1000000, NULL, &e->point_value[k]);
                }
            }
            sd_pop(r);
        }
        json_t *bonus = sd_field(r, p, "bonus", false);
        if (bonus) {
            sd_push_key(r, "bonus");
            if (sd_expect(r, bonus, JSON_OBJECT)) {
                const char *name;
                json_t *v;
                json_object_foreach(bonus, name, v) {
                    int pl = sd_find_player(r, name);
                    if (pl < 0) {
                        sd_error_key(r, name, GGN_E_REFERENCE, "'%s' is not the name of a player", name);
                        continue;
                    }
                    sd_int_field(r, bonus, name, true, 0, 1000000, NULL, &e->point_bonus[pl]);
                }
            }
            sd_pop(r);
        }
        char tie[GGN_MAX_STRING_BYTES + 1];
        if (sd_string_field(r, p, "tie", false, tie) == SD_OK) {
            e->point_tie = sd_find_player(r, tie);
            if (e->point_tie < 0) sd_error_key(r, "tie", GGN_E_REFERENCE, "'%s' is not the name of a player", tie);
        }
    }
    sd_pop(r);
}

/* obj[key]: a required, non-empty array of piece codes as a kind mask (0 when absent or wrong). */
static unsigned long long read_kind_list(sd_reader *r, const json_t *obj, const char *key)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, key, true, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return 0;
    sd_push_key(r, key);
    unsigned long long kinds = 0;
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty list of pieces names no piece, so this rule could never apply");
    else kinds = sd_kind_set(r, list, n);
    sd_pop(r);
    return kinds;
}

/*
 * "checkmate_by_only": {"pieces": [...], "result": R} and "checkmate_needs":
 * {"check_by": [...], "otherwise": R}: what a checkmate is worth by the pieces
 * that give it and by the checks that led to it (docs/game-spec.md). Both
 * judge checkmates, so the game needs a leader and checks that may be given;
 * checkmate_needs walks back the mated player's turns two plies at a time,
 * so it needs two players who alternate.
 */
static void read_checkmate(sd_reader *r, const json_t *obj, sd_game_end *e)
{
    const sd_game *g = r->g;
    static const char *const keys[] = {"checkmate_by_only", "checkmate_needs"};
    for (int i = 0; i < 2; i++) {
        json_t *rule = sd_field(r, obj, keys[i], false);
        if (!rule) continue;
        sd_push_key(r, keys[i]);
        if (sd_expect(r, rule, JSON_OBJECT)) {
            if (i == 0) {
                sd_check_keys(r, rule, by_only_keys, keys[i]);
                e->mate_only_kinds = read_kind_list(r, rule, "pieces");
                read_result(r, rule, "result", true, &e->mate_only_result);
            } else {
                sd_check_keys(r, rule, needs_keys, keys[i]);
                e->mate_needs_kinds = read_kind_list(r, rule, "check_by");
                read_result(r, rule, "otherwise", true, &e->mate_needs_otherwise);
            }
            if (g->leader < 0)
                sd_error(r, GGN_E_VALUE, "a game without a leader has no checkmate, so this rule could never apply");
            else if (e->giving_check_illegal)
                sd_error(r, GGN_E_VALUE, "with giving_check_illegal no move gives check, so there is no checkmate to judge");
            else if (i == 1 && (g->nplayers != 2 || g->norder != 2 || !g->order ||
                                g->order[0] == g->order[1]))
                sd_error(r, GGN_E_VALUE, "checkmate_needs reads the mated player's earlier turns two plies apart, so it "
                                         "needs two players who take turns (this game has %d players, %d turns a round)",
                         g->nplayers, g->norder);
        }
        sd_pop(r);
    }
}

void sd_read_game_end(sd_reader *r, const json_t *root)
{
    sd_game_end *e = &r->g->end;
    json_t *obj = sd_field(r, root, "game_end", false);
    e->point_tie = -1;
    if (!obj) return;
    sd_push_key(r, "game_end");
    if (!sd_expect(r, obj, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    e->present = true;
    sd_check_keys(r, obj, end_keys, "game_end");
    read_no_move(r, obj, e);
    e->goals = read_list(r, obj, "goals", sizeof *e->goals, &e->ngoals, one_goal);
    e->extinctions = read_list(r, obj, "extinction", sizeof *e->extinctions, &e->nextinctions, one_extinction);
    if (sd_int_field(r, obj, "check_limit", false, 1, GGN_MAX_PLY, "GGN_MAX_PLY", &e->check_limit) == SD_OK &&
        r->g->leader < 0)
        sd_error_key(r, "check_limit", GGN_E_VALUE, "a game without a leader has no checks, so this limit could never be reached");
    read_forced_capture(r, obj, e);
    if (sd_bool_field(r, obj, "giving_check_illegal", false, &e->giving_check_illegal) == SD_OK &&
        e->giving_check_illegal && r->g->leader < 0)
        sd_error_key(r, "giving_check_illegal", GGN_E_VALUE,
                     "a game without a leader has no checks, so this rule could never apply");
    if (sd_bool_field(r, obj, "elimination", false, &e->elimination) == SD_OK && e->elimination &&
        r->g->nplayers < 3)
        sd_error_key(r, "elimination", GGN_E_VALUE,
                     "a game of %d players ends with the first loss, so no one could ever play on after one",
                     r->g->nplayers);
    else if (e->elimination && r->g->nteams > 0)
        sd_error_key(r, "elimination", GGN_E_VALUE,
                     "elimination in a game of teams is not supported: a team would play on without its partner");
    read_checkmate(r, obj, e);
    sd_read_end_shapes(r, obj, e);
    read_passes(r, obj, e);
    read_facing(r, obj, e);
    read_points(r, obj, e);
    sd_read_area(r, obj, e);
    bool counts = e->no_move == SD_RESULT_POINTS || (e->passes_in_a_row && e->passes_result == SD_RESULT_POINTS) ||
                  (e->facing_leaders && e->facing_result == SD_RESULT_POINTS);
    if (counts && !e->points)
        sd_error(r, GGN_E_VALUE, "a result \"points\" needs \"points\" (the value of each kind) in game_end");
    else if (e->points && !counts)
        sd_warn_key(r, "points", GGN_E_VALUE, "no rule gives the result \"points\", so these points are never counted");
    bool by_area = (e->passes_in_a_row && e->passes_result == SD_RESULT_AREA) ||
                   (e->facing_leaders && e->facing_result == SD_RESULT_AREA);
    if (by_area && !e->area)
        sd_error(r, GGN_E_VALUE, "a result \"area\" needs \"area\" (its komi) in game_end");
    else if (e->area && !by_area)
        sd_warn_key(r, "area", GGN_E_VALUE, "no rule gives the result \"area\", so the area is never counted");
    sd_pop(r);
}
