/*
 * state.c — board states: the object, its setters, and the JSON form
 * {"board": {...}, "hands": {"first": [...], "second": [...]}, "active": ...}.
 */
#include "ggn_internal.h"
#include "json/json_doc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ggn_board_state *ggn_board_state_new(ggn_side active)
{
    ggn_board_state *st = calloc(1, sizeof *st);
    if (st) st->active = active;
    return st;
}

void ggn_board_state_free(ggn_board_state *st)
{
    if (!st) return;
    free(st->cells);
    free(st->hands);
    free(st);
}

void ggn_board_state_set_active(ggn_board_state *st, ggn_side side) { st->active = side; }

ggn_side ggn_board_state_active(const ggn_board_state *st) { return st->active; }

/* A piece id of a board state: GAN or QPI; its case gives the side. */
static bool check_piece(const char *piece, size_t len, ggn_side *side, ggn_error *err)
{
    ggn_gan gan;
    ggn_qpi qpi;
    if (len >= GGN_MAX_ID) {
        ggn_error_set(err, GGN_E_IDENTIFIER, "piece id \"%.*s...\" is too long", 16, piece);
        return false;
    }
    if (!ggn_gan_parse(piece, len, &gan)) {
        *side = gan.side;
        return true;
    }
    const char *why = ggn_qpi_parse(piece, len, &qpi);
    if (!why) {
        *side = qpi.side;
        return true;
    }
    ggn_error_set(err, GGN_E_IDENTIFIER, "\"%.*s\" is neither a GAN nor a QPI id", (int)len, piece);
    return false;
}

static bool check_square(const char *square, size_t len, ggn_error *err)
{
    const char *why = ggn_cell_parse(square, len, NULL);
    if (why || len >= GGN_MAX_LABEL) {
        ggn_error_set(err, GGN_E_LOCATION, "\"%.*s\" is not a CELL coordinate: %s", (int)len, square,
                      why ? why : "too long");
        return false;
    }
    return true;
}

bool gs_put_new(ggn_board_state *st, const char *square, size_t square_len, const char *piece,
                size_t piece_len, ggn_side side, ggn_error *err)
{
    if (st->ncells >= GGN_MAX_GGN_SQUARES) {
        ggn_error_set(err, GGN_E_LIMIT, "more than %d occupied squares (GGN_MAX_GGN_SQUARES)", GGN_MAX_GGN_SQUARES);
        return false;
    }
    if (square_len >= GGN_MAX_LABEL || piece_len >= GGN_MAX_ID) {
        ggn_error_set(err, GGN_E_LIMIT, "square name longer than %d bytes (GGN_MAX_LABEL) or piece id longer than %d (GGN_MAX_ID)",
                      GGN_MAX_LABEL - 1, GGN_MAX_ID - 1);
        return false;
    }
    if (!GG_PUSH(st->cells, st->ncells, st->cap_cells)) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return false;
    }
    gs_cell *c = &st->cells[st->ncells++];
    memcpy(c->square, square, square_len);
    c->square[square_len] = '\0';
    memcpy(c->piece, piece, piece_len);
    c->piece[piece_len] = '\0';
    c->side = (uint8_t)side;
    return true;
}

static gs_cell *find_cell(const ggn_board_state *st, const char *square)
{
    for (size_t k = 0; k < st->ncells; k++)
        if (strcmp(st->cells[k].square, square) == 0) return &st->cells[k];
    return NULL;
}

bool ggn_board_state_put(ggn_board_state *st, const char *square, const char *piece, ggn_error *err)
{
    if (!st || !square) {
        ggn_error_set(err, GGN_E_USAGE, "no state or square given");
        return false;
    }
    if (!check_square(square, strlen(square), err)) return false;
    gs_cell *c = find_cell(st, square);
    if (!piece) {
        if (c) {
            size_t at = (size_t)(c - st->cells);
            memmove(c, c + 1, (st->ncells - at - 1) * sizeof *c);
            st->ncells--;
        }
        return true;
    }
    ggn_side side;
    if (!check_piece(piece, strlen(piece), &side, err)) return false;
    if (c) {
        snprintf(c->piece, sizeof c->piece, "%s", piece);
        c->side = (uint8_t)side;
        return true;
    }
    return gs_put_new(st, square, strlen(square), piece, strlen(piece), side, err);
}

bool gs_hand_add(ggn_board_state *st, ggn_side side, const char *piece, size_t len, uint32_t count,
                 ggn_error *err)
{
    if (count > GGN_MAX_HAND_PIECES || st->hand_total + count > GGN_MAX_HAND_PIECES) {
        ggn_error_set(err, GGN_E_LIMIT, "more than %d pieces in hand (GGN_MAX_HAND_PIECES)", GGN_MAX_HAND_PIECES);
        return false;
    }
    if (len >= GGN_MAX_ID) {
        ggn_error_set(err, GGN_E_LIMIT, "piece id longer than %d bytes (GGN_MAX_ID)", GGN_MAX_ID - 1);
        return false;
    }
    for (size_t k = 0; k < st->nhands; k++) {
        gs_hand *h = &st->hands[k];
        if (h->side == side && strncmp(h->piece, piece, len) == 0 && h->piece[len] == '\0') {
            h->count += count;
            st->hand_total += count;
            return true;
        }
    }
    if (!GG_PUSH(st->hands, st->nhands, st->cap_hands)) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return false;
    }
    gs_hand *h = &st->hands[st->nhands++];
    memcpy(h->piece, piece, len);
    h->piece[len] = '\0';
    h->side = (uint8_t)side;
    h->count = count;
    st->hand_total += count;
    return true;
}

bool ggn_board_state_hand_add(ggn_board_state *st, ggn_side side, const char *piece, ggn_error *err)
{
    if (!st || !piece) {
        ggn_error_set(err, GGN_E_USAGE, "no state or piece given");
        return false;
    }
    ggn_side piece_side;
    if (!check_piece(piece, strlen(piece), &piece_side, err)) return false;
    return gs_hand_add(st, side, piece, strlen(piece), 1, err);
}

const char *ggn_board_state_at(const ggn_board_state *st, const char *square)
{
    const gs_cell *c = find_cell(st, square);
    return c ? c->piece : NULL;
}

size_t ggn_board_state_hand_count(const ggn_board_state *st, ggn_side side, const char *piece)
{
    for (size_t k = 0; k < st->nhands; k++)
        if (st->hands[k].side == side && strcmp(st->hands[k].piece, piece) == 0) return st->hands[k].count;
    return 0;
}

/* "first", "second", or letters all in one case (a game id or style). */
static bool parse_active(const char *text, ggn_side *out)
{
    if (strcmp(text, "first") == 0) *out = GGN_SIDE_FIRST;
    else if (strcmp(text, "second") == 0) *out = GGN_SIDE_SECOND;
    else {
        size_t n = strlen(text);
        if (n == 0) return false;
        bool upper = text[0] >= 'A' && text[0] <= 'Z';
        for (size_t i = 0; i < n; i++) {
            bool u = text[i] >= 'A' && text[i] <= 'Z', l = text[i] >= 'a' && text[i] <= 'z';
            if (!(u || l) || u != upper) return false;
        }
        *out = upper ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
    }
    return true;
}

/* Reports err (filled by a setter) at the current pointer of the JSON form. */
static void relay(const js_doc *doc, ggn_errors *errs, const js_path *path, const ggn_error *e)
{
    js_doc_report(doc, errs, GGN_SEVERITY_ERROR, e->code, path, "%s", e->message);
}

static void read_board(const js_doc *doc, ggn_errors *errs, js_path *path, json_t *board,
                       ggn_board_state *st)
{
    const char *sq;
    json_t *v;
    ggn_error e;
    json_object_foreach(board, sq, v) {
        js_path_key(path, sq);
        ggn_error_clear(&e);
        ggn_side side;
        if (!check_square(sq, strlen(sq), &e)) relay(doc, errs, path, &e);
        else if (json_is_null(v)) { /* an empty square, written out */ }
        else if (!json_is_string(v))
            js_doc_report(doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, path, "expected a piece id or null, found %s",
                            js_kind(v));
        else if (!check_piece(json_string_value(v), json_string_length(v), &side, &e) ||
                 !gs_put_new(st, sq, strlen(sq), json_string_value(v), json_string_length(v), side, &e))
            relay(doc, errs, path, &e);
        js_path_pop(path);
        if (errs->errors) return;
    }
}

static void read_hands(const js_doc *doc, ggn_errors *errs, js_path *path, json_t *hands,
                       ggn_board_state *st)
{
    const char *key;
    json_t *list;
    json_object_foreach(hands, key, list) {
        js_path_key(path, key);
        ggn_side side = GGN_SIDE_FIRST;
        if (strcmp(key, "first") && strcmp(key, "second"))
            js_doc_report(doc, errs, GGN_SEVERITY_ERROR, GGN_E_UNKNOWN, path,
                            "unknown hand \"%s\" (hands are \"first\" and \"second\")", key);
        else if (!json_is_array(list))
            js_doc_report(doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, path, "expected an array of piece ids, found %s",
                            js_kind(list));
        else {
            side = key[0] == 'f' ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
            size_t i;
            json_t *v;
            json_array_foreach(list, i, v) {
                js_path_index(path, i);
                ggn_error e;
                ggn_error_clear(&e);
                ggn_side ps;
                if (!json_is_string(v))
                    js_doc_report(doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, path, "expected a piece id, found %s",
                                    js_kind(v));
                else if (!check_piece(json_string_value(v), json_string_length(v), &ps, &e) ||
                         !gs_hand_add(st, side, json_string_value(v), json_string_length(v), 1, &e))
                    relay(doc, errs, path, &e);
                js_path_pop(path);
                if (errs->errors) break;
            }
        }
        js_path_pop(path);
        if (errs->errors) return;
    }
}

static ggn_board_state *parse_json(const char *text, size_t len, ggn_errors *errs)
{
    js_doc doc;
    if (!js_doc_load_string(&doc, text, len, "<position>", errs)) {
        js_doc_free(&doc);
        return NULL;
    }
    ggn_board_state *st = ggn_board_state_new(GGN_SIDE_FIRST);
    js_path path;
    js_path_init(&path);
    if (!st) {
        js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_NOMEM, NULL, "out of memory");
    } else if (!json_is_object(doc.root)) {
        js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, NULL, "a position is an object, found %s",
                        js_kind(doc.root));
    } else {
        json_t *board = NULL, *active = NULL;
        const char *key;
        json_t *v;
        json_object_foreach(doc.root, key, v) {
            js_path_key(&path, key);
            if (strcmp(key, "board") == 0) {
                board = v;
                if (!json_is_object(v))
                    js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, &path,
                                    "board must be an object of square: piece id, found %s", js_kind(v));
                else read_board(&doc, errs, &path, v, st);
            } else if (strcmp(key, "hands") == 0) {
                if (!json_is_object(v))
                    js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_TYPE, &path,
                                    "hands must be an object {\"first\": [...], \"second\": [...]}, found %s",
                                    js_kind(v));
                else read_hands(&doc, errs, &path, v, st);
            } else if (strcmp(key, "active") == 0) {
                active = v;
                if (!json_is_string(v) || !parse_active(json_string_value(v), &st->active))
                    js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_VALUE, &path,
                                    "active must be \"first\", \"second\" or a game id or style in one case");
            } else {
                js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_UNKNOWN, &path,
                                "unknown field \"%s\" (a position has board, hands and active)", key);
            }
            js_path_pop(&path);
            if (errs->errors) break;
        }
        if (!errs->errors && !board)
            js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_MISSING, NULL, "missing board");
        if (!errs->errors && !active)
            js_doc_report(&doc, errs, GGN_SEVERITY_ERROR, GGN_E_MISSING, NULL, "missing active (whose turn it is)");
    }
    js_doc_free(&doc);
    if (errs->errors) {
        ggn_board_state_free(st);
        return NULL;
    }
    return st;
}

ggn_board_state *ggn_board_state_parse(const char *text, size_t len, ggn_error *err)
{
    if (!text) {
        ggn_error_set(err, GGN_E_USAGE, "no position given");
        return NULL;
    }
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
    if (i == len) {
        ggn_error_set(err, GGN_E_VALUE, "empty position");
        return NULL;
    }
    if (text[i] != '{') return gs_parse_feen(text, len, err);
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    ggn_errors_init(errs);
    ggn_board_state *st = parse_json(text, len, errs);
    if (!st && err) {
        if (errs->count) *err = errs->items[0];
        else ggn_error_set(err, GGN_E_VALUE, "invalid position");
    }
    free(errs);
    return st;
}
