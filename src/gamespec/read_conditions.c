/* read_conditions.c — condition lists (move, action and modifier level). */
#include "gamespec/reader.h"

#include <stdio.h>
#include <string.h>

#define ALLOWED_CONDITIONS                                                                     \
    "FIRST_MOVE, DEPENDS_ON, PIECE_FIRST_MOVE, ROOK_FIRST_MOVE, CHECK_STATE, PATH_EMPTY, "     \
    "NOT_ATTACKED, PATH_NOT_ATTACKED, SQUARES_EMPTY (ggn), FILE_FREE_OF (ggn, drops), PIECE_COUNT (ggn), "     \
    "or a code from /conditions"

/* Each condition kind and the fields it takes besides "condition". */
static const struct {
    const char *name;
    sd_condition_kind kind;
    const char *const keys[5];
} kinds[] = {
    {"FIRST_MOVE", SD_COND_FIRST_MOVE, {"condition", NULL}},
    {"DEPENDS_ON", SD_COND_DEPENDS_ON, {"condition", "move_id", NULL}},
    {"PIECE_FIRST_MOVE", SD_COND_PIECE_FIRST_MOVE, {"condition", "position", "piece", NULL}},
    {"ROOK_FIRST_MOVE", SD_COND_ROOK_FIRST_MOVE, {"condition", "position", "piece", NULL}},
    {"CHECK_STATE", SD_COND_CHECK_STATE, {"condition", "state", "position", NULL}},
    {"PATH_EMPTY", SD_COND_PATH_EMPTY, {"condition", NULL}},
    {"NOT_ATTACKED", SD_COND_NOT_ATTACKED, {"condition", NULL}},
    {"PATH_NOT_ATTACKED", SD_COND_PATH_NOT_ATTACKED, {"condition", NULL}},
    {"SQUARES_EMPTY", SD_COND_SQUARES_EMPTY, {"condition", "positions", NULL}},
    {"FILE_FREE_OF", SD_COND_FILE_FREE_OF, {"condition", "piece", NULL}},
    {"PIECE_COUNT", SD_COND_PIECE_COUNT, {"condition", "piece", "at_most", "at_least", NULL}},
};
static const char *const named_ref_keys[] = {"condition", "on", NULL};

/* Extension "on" of a named-condition reference: "TARGET" (the default), "SOURCE" or "PATH" (the
 * source, every square passed and the landing; the move's own conditions only, read_moves.c). */
static void read_named_on(sd_reader *r, const json_t *obj, const sd_cond_ctx *ctx, sd_condition *c)
{
    if (!json_object_get(obj, "on")) return;
    char on[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "on", false, on) != SD_OK) return;
    if (strcmp(on, "SOURCE") == 0) {
        if (!ctx || ctx->move < 0)
            sd_error_key(r, "on", GGN_E_VALUE, "\"on\": \"SOURCE\" is only meaningful inside a piece's move (a drop has no source)");
        else
            c->kind = SD_COND_NAMED_SOURCE;
    } else if (strcmp(on, "PATH") == 0) {
        if (!ctx || ctx->move < 0)
            sd_error_key(r, "on", GGN_E_VALUE, "\"on\": \"PATH\" is only meaningful inside a piece's move (a drop has no path)");
        else
            c->kind = SD_COND_NAMED_PATH;
    } else if (strcmp(on, "TARGET") != 0) {
        sd_error_key(r, "on", GGN_E_VALUE, "\"on\" must be \"TARGET\", \"SOURCE\" or \"PATH\", found \"%.32s\"", on);
    }
}

static void read_depends_on(sd_reader *r, const json_t *obj, const sd_cond_ctx *ctx, sd_condition *c)
{
    int id;
    if (sd_int_field(r, obj, "move_id", true, -2147483647LL - 1, 2147483647LL, NULL, &id) != SD_OK) return;
    if (!ctx || ctx->move < 0) {
        sd_error(r, GGN_E_VALUE, "DEPENDS_ON is only meaningful inside a piece's move");
        return;
    }
    for (int j = 0; j < ctx->nmoves; j++) {
        if (!ctx->ids_ok[j] || ctx->ids[j] != id) continue;
        if (j >= ctx->move) {
            sd_error_key(r, "move_id", GGN_E_REFERENCE,
                         "move %d is not listed before this move; DEPENDS_ON can only name an earlier move", id);
            return;
        }
        c->move = j;
        return;
    }
    sd_error_key(r, "move_id", GGN_E_REFERENCE, "piece '%s' has no move with id %d",
                 r->g->kinds[ctx->kind].code, id);
}

static void read_squares(sd_reader *r, const json_t *obj, sd_condition *c)
{
    size_t n;
    json_t *list = sd_array_field(r, obj, "positions", true, GGN_MAX_SQUARES, "GGN_MAX_SQUARES", &n);
    if (!list) return;
    sd_push_key(r, "positions");
    if (n == 0) sd_error(r, GGN_E_VALUE, "SQUARES_EMPTY needs at least one offset");
    c->squares = sd_alloc(r, n, sizeof *c->squares);
    for (size_t i = 0; i < n && c->squares; i++) {
        sd_push_index(r, i);
        if (sd_offset_value(r, json_array_get(list, i), c->squares[c->nsquares])) {
            if (c->squares[c->nsquares][0] == 0 && c->squares[c->nsquares][1] == 0)
                sd_warn(r, GGN_E_VALUE, "offset [0, 0] is the moving piece's own square, which is never empty");
            c->nsquares++;
        }
        sd_pop(r);
    }
    sd_pop(r);
}

static void read_one(sd_reader *r, const json_t *obj, const sd_cond_ctx *ctx, sd_condition *c)
{
    c->move = c->flag = c->named = c->piece = -1;
    char name[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, obj, "condition", true, name) != SD_OK) return;
    size_t k = 0, nk = sizeof kinds / sizeof kinds[0];
    while (k < nk && strcmp(kinds[k].name, name) != 0) k++;
    if (k == nk) {
        c->kind = SD_COND_NAMED;
        c->named = sd_find_named(r, name);
        sd_check_keys(r, obj, named_ref_keys, "a named-condition reference");
        read_named_on(r, obj, ctx, c);
        if (c->named < 0 && r->named_ok) {
            const char *names[sizeof kinds / sizeof kinds[0] + GGN_MAX_NAMED_CONDITIONS];
            size_t n = 0;
            for (size_t i = 0; i < nk; i++) names[n++] = kinds[i].name;
            for (int i = 0; i < r->g->nnamed && i < GGN_MAX_NAMED_CONDITIONS; i++) names[n++] = r->g->named[i].code;
            const char *close = sd_closest_name(name, names, n);
            if (close)
                sd_error_key(r, "condition", GGN_E_UNKNOWN, "unknown condition '%s'; did you mean '%s'?", name, close);
            else
                sd_error_key(r, "condition", GGN_E_UNKNOWN, "unknown condition '%s'; allowed: " ALLOWED_CONDITIONS,
                             name);
        }
        return;
    }
    c->kind = kinds[k].kind;
    char what[GGN_MAX_STRING_BYTES + 16];
    snprintf(what, sizeof what, "condition %s", name);
    sd_check_keys(r, obj, kinds[k].keys, what);
    switch (c->kind) {
    case SD_COND_DEPENDS_ON:
        read_depends_on(r, obj, ctx, c);
        break;
    case SD_COND_PIECE_FIRST_MOVE:
    case SD_COND_ROOK_FIRST_MOVE:
        sd_offset_field(r, obj, "position", true, c->pos);
        c->piece = sd_kind_ref_field(r, obj, "piece", false);
        break;
    case SD_COND_CHECK_STATE: {
        char state[GGN_MAX_STRING_BYTES + 1];
        if (sd_string_field(r, obj, "state", true, state) == SD_OK) {
            sd_push_key(r, "state");
            c->flag = sd_flag(r, state);
            sd_pop(r);
        }
        sd_offset_field(r, obj, "position", true, c->pos);
        break;
    }
    case SD_COND_SQUARES_EMPTY:
        read_squares(r, obj, c);
        break;
    case SD_COND_FILE_FREE_OF:
        c->piece = sd_kind_ref_field(r, obj, "piece", true);
        if (ctx && ctx->move >= 0) sd_error(r, GGN_E_VALUE, "FILE_FREE_OF is only meaningful in a drop");
        break;
    case SD_COND_PIECE_COUNT:
        c->piece = sd_kind_ref_field(r, obj, "piece", true);
        /* At most, at least (extension), or both; one of them must be given. */
        c->count = GGN_MAX_PIECES_ON_BOARD;
        sd_int_field(r, obj, "at_most", false, 0, GGN_MAX_PIECES_ON_BOARD, "GGN_MAX_PIECES_ON_BOARD", &c->count);
        sd_int_field(r, obj, "at_least", false, 1, GGN_MAX_PIECES_ON_BOARD, "GGN_MAX_PIECES_ON_BOARD", &c->at_least);
        if (!json_object_get(obj, "at_most") && !json_object_get(obj, "at_least"))
            sd_error(r, GGN_E_MISSING, "PIECE_COUNT needs 'at_most', 'at_least' or both");
        else if (c->at_least > c->count)
            sd_error_key(r, "at_least", GGN_E_VALUE, "at_least %d is more than at_most %d: the condition never holds",
                         c->at_least, c->count);
        break;
    default:
        break;
    }
}

void sd_read_conditions(sd_reader *r, const json_t *obj, const char *key, const sd_cond_ctx *ctx,
                        int *n, sd_condition **out)
{
    *n = 0;
    *out = NULL;
    size_t count;
    json_t *list = sd_array_field(r, obj, key, false, GGN_MAX_CONDITIONS, "GGN_MAX_CONDITIONS", &count);
    if (!list || count == 0) return;
    sd_condition *conds = sd_alloc(r, count, sizeof *conds);
    if (!conds) return;
    sd_push_key(r, key);
    for (size_t i = 0; i < count; i++) {
        json_t *e = json_array_get(list, i);
        sd_push_index(r, i);
        if (sd_expect(r, e, JSON_OBJECT)) read_one(r, e, ctx, &conds[i]);
        sd_pop(r);
    }
    sd_pop(r);
    *n = (int)count;
    *out = conds;
}
