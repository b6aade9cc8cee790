/*
 * read_game.c — sd_game_load_file / _string / sd_game_free: the top level of
 * a game spec, in the order seed 004 lists it.
 */
#include "gamespec/reader.h"

#include <stdlib.h>
#include <string.h>

static const char *const top_keys[] = {"name", "leader", "board", "players", "turns", "conditions", "swap",
                                       "pieces", "draw_conditions", "game_end", "hands",
                                       "leaders_may_not_face", "checked_leader_only_captures", "captures_to_hand",
                                       "drops_compulsory", "teams", "pass", "fen_rights", "random_start",
                                       "gating", "display", "group_capture", "superko", "player", NULL};

/* "player": "alphabeta" | "mcts", the computer player the game suits (docs/ai.md). */
static void sd_read_player_kind(sd_reader *r, const json_t *root)
{
    char kind[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, root, "player", false, kind) != SD_OK) return;
    if (strcmp(kind, "alphabeta") == 0) r->g->player = 1;
    else if (strcmp(kind, "mcts") == 0) r->g->player = 2;
    else sd_error_key(r, "player", GGN_E_VALUE, "player must be \"alphabeta\" or \"mcts\", not \"%s\"", kind);
}

static void read_top(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    sd_check_keys(r, root, top_keys, "the game spec");
    sd_prescan(r, root);
    if (r->oom) return;
    sd_string_field(r, root, "name", true, g->name);
    g->leader = sd_kind_ref_field(r, root, "leader", false);
    sd_bool_field(r, root, "hands", false, &g->hands);
    g->captures_to_hand = true;
    if (sd_bool_field(r, root, "captures_to_hand", false, &g->captures_to_hand) == SD_OK && !g->hands)
        sd_warn_key(r, "captures_to_hand", GGN_E_VALUE, "captures_to_hand has no effect without \"hands\": true");
    /* A rule ggn cannot honour without hands is refused, not ignored: the game would be another one. */
    if (sd_bool_field(r, root, "drops_compulsory", false, &g->drops_compulsory) == SD_OK && g->drops_compulsory &&
        !g->hands)
        sd_error_key(r, "drops_compulsory", GGN_E_VALUE, "drops_compulsory needs \"hands\": true (a game without hands has no drops)");
    if (sd_bool_field(r, root, "leaders_may_not_face", false, &g->leaders_may_not_face) == SD_OK &&
        g->leaders_may_not_face && !json_object_get(root, "leader"))
        sd_warn_key(r, "leaders_may_not_face", GGN_E_VALUE, "leaders_may_not_face has no effect in a game without a leader");
    if (sd_bool_field(r, root, "checked_leader_only_captures", false, &g->checked_leader_only_captures) == SD_OK &&
        g->checked_leader_only_captures && !json_object_get(root, "leader"))
        sd_warn_key(r, "checked_leader_only_captures", GGN_E_VALUE,
                    "checked_leader_only_captures has no effect in a game without a leader");
    sd_read_pass(r, root);
    sd_read_player_kind(r, root);
    sd_read_board(r, root);
    sd_read_players(r, root);
    sd_read_turns(r, root);
    sd_read_teams(r, root);
    sd_read_named(r, root);
    sd_read_pieces(r, root);
    if (r->kinds_ok) sd_check_castles(r);
    sd_check_clones(r);
    sd_check_converts(r);
    sd_check_custodial(r);
    sd_check_forced_pass(r);
    sd_check_then(r);
    sd_read_random_start(r, root);
    sd_read_gating(r, root);
    sd_read_draw(r, root);
    sd_read_game_end(r, root);
    sd_read_swap(r, root);
    sd_check_series(r);
    sd_read_fen_rights(r, root);
    sd_read_display(r, root);
    sd_read_group_rules(r, root);
    sd_check_board_lines(r);
}

/* Reads r->doc (already parsed) into a new game; NULL when any error was reported. */
static sd_game *read_doc(sd_reader *r)
{
    r->arena = sd_arena_new();
    sd_game *g = r->arena ? sd_arena_alloc(r->arena, 1, sizeof *g) : NULL;
    char (*flags)[GGN_MAX_STRING_BYTES + 1] =
        g ? sd_arena_alloc(r->arena, GGN_MAX_FLAGS, sizeof *flags) : NULL;
    if (!flags) {
        sd_arena_free(r->arena);
        js_doc_report(&r->doc, r->errs, GGN_SEVERITY_ERROR, GGN_E_NOMEM, NULL,
                        "out of memory while reading the game spec");
        return NULL;
    }
    g->arena_ = r->arena;
    g->flags = flags;
    g->leader = -1;
    g->gating_on = -1;
    g->end.no_move_in_check = SD_RESULT_LOSS;
    g->end.no_move = SD_RESULT_DRAW;
    r->g = g;
    js_path_init(&r->path);
    if (sd_expect(r, r->doc.root, JSON_OBJECT)) read_top(r, r->doc.root);
    if (r->nerrors > 0) {
        sd_arena_free(r->arena);
        return NULL;
    }
    /* The text moves to the game: compilation still reports at JSON Pointers (its size limits). */
    g->source = r->doc.text;
    g->source_len = r->doc.len;
    r->doc.text = NULL;
    r->doc.len = 0;
    return g;
}

sd_game *sd_game_load_file(const char *path, ggn_errors *errs)
{
    sd_reader r;
    memset(&r, 0, sizeof r);
    r.errs = errs;
    if (!path) {
        ggn_error e;
        ggn_error_set(&e, GGN_E_USAGE, "no file name given");
        ggn_errors_add(errs, &e);
        return NULL;
    }
    sd_game *g = NULL;
    if (js_doc_load_file(&r.doc, path, errs)) g = read_doc(&r);
    js_doc_free(&r.doc);
    return g;
}

sd_game *sd_game_load_string(const char *text, size_t len, const char *name, ggn_errors *errs)
{
    sd_reader r;
    memset(&r, 0, sizeof r);
    r.errs = errs;
    if (!text) {
        ggn_error e;
        ggn_error_set(&e, GGN_E_USAGE, "no text given");
        ggn_errors_add(errs, &e);
        return NULL;
    }
    sd_game *g = NULL;
    if (js_doc_load_string(&r.doc, text, len, name, errs)) g = read_doc(&r);
    js_doc_free(&r.doc);
    return g;
}

void sd_game_drop_source(sd_game *game)
{
    free(game->source);
    game->source = NULL;
    game->source_len = 0;
}

void sd_game_free(sd_game *game)
{
    if (!game) return;
    sd_game_drop_source(game);
    sd_arena_free(game->arena_);
}
