/*
 * ggn_web.c — the bridge between libggn (compiled to WebAssembly) and the
 * page's JavaScript (web/src/engine.js). It holds no rules: every answer
 * comes from the library's public API, turned into JSON text that the page
 * parses. docs/web.md describes the calls.
 *
 * A session is one game (compiled from spec text) and one position. Every
 * function returning `char *` returns a new string the caller releases with
 * web_free (JavaScript cannot call free() on its own terms); NULL only when
 * out of memory.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "ggn/display.h"
#include "ggn/ggn.h"
#include "ggn_web.h"

/* The Monte Carlo player's node pool on the page, in MiB (some million nodes): the page's memory is
 * the browser's, so smaller than the native default. */
enum { WEB_MCTS_MEGABYTES = 32 };

struct web_session {
    ggn_game *game;          /* NULL when the spec did not load; errs says why */
    ggn_position *pos;
    ggn_errors errs;
    ggn_move moves[GGN_MAX_MOVES]; /* the legal moves web_state listed, by index for web_play */
    size_t nmoves;
    bool listed;             /* moves[] belongs to the current position */
    ggn_searcher *searcher;  /* alpha-beta, made at the first search and kept: its table carries over
                                from move to move instead of being made and zeroed for each */
    ggn_mcts *mcts;          /* the Monte Carlo player, for games whose spec names it; kept likewise
                                (its tree is reused when the game goes on from the searched position) */
};

/* json_dumps of a new value, which it consumes. */
static char *dump(json_t *v)
{
    if (!v) return NULL;
    char *text = json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII);
    json_decref(v);
    return text;
}

static char *error_text(const char *message)
{
    return dump(json_pack("{s:s}", "error", message));
}

web_session *web_open(const char *text, const char *name)
{
    web_session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    ggn_errors_init(&s->errs);
    s->game = ggn_game_load_string(text, strlen(text), name, &s->errs);
    if (s->game) {
        s->pos = ggn_position_new(s->game);
        if (!s->pos) {
            ggn_game_free(s->game);
            free(s);
            return NULL;
        }
    }
    return s;
}

void web_close(web_session *s)
{
    if (!s) return;
    ggn_searcher_free(s->searcher);
    ggn_mcts_free(s->mcts);
    ggn_position_free(s->pos);
    ggn_game_free(s->game);
    free(s);
}

void web_free(char *text)
{
    free(text);
}

/* Every problem of the load, as `ggn check` reports it: line, column, JSON Pointer, message. */
char *web_errors(const web_session *s)
{
    json_t *list = json_array();
    for (size_t i = 0; i < s->errs.count; i++) {
        const ggn_error *e = &s->errs.items[i];
        char text[1024];
        ggn_error_format(e, text, sizeof text);
        json_array_append_new(list, json_pack("{s:s,s:s,s:i,s:i,s:s,s:s,s:s}", "severity",
                                              e->severity == GGN_SEVERITY_WARNING ? "warning" : "error", "code",
                                              ggn_code_name(e->code), "line", e->line, "column", e->column,
                                              "pointer", e->pointer, "message", e->message, "text", text));
    }
    return dump(json_pack("{s:b,s:o,s:i}", "ok", s->game != NULL, "errors", list, "dropped", (int)s->errs.dropped));
}

static char *hex_colour(uint32_t rgb, char buf[8])
{
    static const char digits[] = "0123456789abcdef";
    buf[0] = '#';
    for (int i = 0; i < 6; i++) buf[1 + i] = digits[(rgb >> (20 - 4 * i)) & 15];
    buf[7] = '\0';
    return buf;
}

/* What the page needs to know of the game, beside the pictures: names, colours, kinds. */
char *web_info(const web_session *s)
{
    if (!s->game) return error_text("no game loaded");
    const ggn_game *g = s->game;
    json_t *players = json_array(), *kinds = json_array();
    for (int p = 0; p < ggn_game_player_count(g); p++) {
        char colour[8], side[GGN_MAX_STRING_BYTES + 1];
        ggn_player_title(g, p, side, sizeof side);
        json_array_append_new(players, json_pack("{s:s,s:s,s:s}", "name", ggn_game_player_name(g, p), "side", side,
                                                 "colour", hex_colour(ggn_game_player_colour(g, p), colour)));
    }
    for (int k = 0; k < ggn_game_kind_count(g); k++) {
        char label[GGN_RENDER_LABEL_SIZE];
        json_array_append_new(kinds, json_pack("{s:s,s:s}", "code", ggn_game_kind_code(g, k), "label",
                                               ggn_render_label(g, k, label)));
    }
    /* a move from a square to itself is a pass exactly in the games with passing (ggn_move_is_pass) */
    ggn_move probe = { 0 };
    return dump(json_pack("{s:s,s:s,s:i,s:i,s:o,s:o,s:b,s:b,s:b,s:b}", "name", ggn_game_name(g), "style",
                          ggn_style_name(ggn_game_style(g)), "cols", ggn_game_cols(g), "rows", ggn_game_rows(g),
                          "players", players, "kinds", kinds, "hands", ggn_game_has_hands(g), "fen",
                          ggn_game_has_fen(g), "usi", ggn_game_has_usi(g), "pass", ggn_move_is_pass(g, probe)));
}

static void square_label(const ggn_game *g, int sq, char *buf, size_t cap)
{
    ggn_cell cell = { 2, { sq % ggn_game_cols(g), sq / ggn_game_cols(g), 0 } };
    ggn_cell_format(&cell, buf, cap);
}

/* One legal move for the page: squares, the kind dropped, the kind it becomes, its texts. */
static json_t *move_json(ggn_position *pos, ggn_move m)
{
    const ggn_game *g = ggn_position_game(pos);
    char to[GGN_MAX_LABEL], text[64], san[64] = "";
    square_label(g, m.to, to, sizeof to);
    ggn_move_format(pos, m, text, sizeof text);
    if (ggn_game_has_fen(g)) ggn_move_format_san(pos, m, san, sizeof san);
    json_t *v = json_pack("{s:s,s:s,s:s}", "to", to, "text", text, "san", san[0] ? san : text);
    if (ggn_game_has_usi(g)) {
        char usi[64];
        if (ggn_move_format_usi(pos, m, usi, sizeof usi)) json_object_set_new(v, "usi", json_string(usi));
    }
    if (ggn_move_is_capture(pos, m)) json_object_set_new(v, "capture", json_true());
    /* a pass names the leader's square twice: the page offers it by a button, never by two clicks */
    if (ggn_move_is_pass(g, m)) json_object_set_new(v, "pass", json_true());
    if (ggn_move_is_drop(m)) {
        json_object_set_new(v, "drop", json_integer(m.pattern));
    } else {
        char from[GGN_MAX_LABEL];
        square_label(g, m.from, from, sizeof from);
        json_object_set_new(v, "from", json_string(from));
    }
    if (m.promotion || ggn_move_is_drop(m)) {
        /* what the piece becomes, read off the board after the move: no second copy of the rules;
         * a drop becomes another kind only by its rule's "as" (a piece dropped as its other face) */
        int cols = ggn_game_cols(g), kind, owner;
        bool unmoved;
        if (ggn_position_make(pos, m)) {
            if (ggn_position_piece_at(pos, m.to % cols, m.to / cols, &kind, &owner, &unmoved) &&
                (m.promotion || kind != m.pattern))
                json_object_set_new(v, "becomes", json_integer(kind));
            ggn_position_unmake(pos);
        }
    }
    return v;
}

/* The squares of the leaders of the player to move, which the page marks when they are attacked. */
static json_t *leader_squares(const ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    json_t *list = json_array();
    int leader = ggn_game_leader(g), me = ggn_position_to_move(pos);
    if (leader < 0) return list;
    for (int y = 0; y < ggn_game_rows(g); y++)
        for (int x = 0; x < ggn_game_cols(g); x++) {
            int kind, owner;
            bool unmoved;
            if (!ggn_position_piece_at(pos, x, y, &kind, &owner, &unmoved) || kind != leader || owner != me) continue;
            char label[GGN_MAX_LABEL];
            square_label(g, y * ggn_game_cols(g) + x, label, sizeof label);
            json_array_append_new(list, json_string(label));
        }
    return list;
}


/* The outcome's name as the library gives it (ggn_outcome_name), capitalised for a sentence. */
static void outcome_title(ggn_outcome o, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", ggn_outcome_name(o));
    if (buf[0] >= 'a' && buf[0] <= 'z') buf[0] = (char)(buf[0] - 'a' + 'A');
}

/*
 * The position as the page shows it: the SVG picture (src/render), whose
 * turn, the result in words, FEN/SFEN, and the legal moves by index for
 * web_play.
 */
char *web_state(web_session *s, int flip, int square_size)
{
    if (!s->game) return error_text("no game loaded");
    const ggn_game *g = s->game;
    ggn_position *pos = s->pos;
    ggn_render_options opts = { square_size, flip != 0, false, false, GGN_RENDER_PIECES_AUTO };
    ggn_error err;
    ggn_error_clear(&err);
    char *svg = ggn_render_svg(pos, &opts, &err);
    if (!svg) return error_text(err.message);
    ggn_status st = ggn_position_status(pos);
    char status[512], who[GGN_MAX_STRING_BYTES + 1];
    if (st.outcome == GGN_ONGOING) {
        ggn_player_title(g, ggn_position_to_move(pos), who, sizeof who);
        snprintf(status, sizeof status, "%s to move%s", who, st.in_check ? " (check)" : "");
    } else {
        char how[64];
        outcome_title(st.outcome, how, sizeof how);
        if (st.draw || st.winner < 0) {
            /* "Stalemate — draw", but "Draw by repetition" says it already */
            snprintf(status, sizeof status, strncmp(how, "Draw", 4) == 0 ? "%s" : "%s — draw", how);
        } else {
            ggn_player_title(g, st.winner, who, sizeof who);
            snprintf(status, sizeof status, "%s — %s wins", how, who);
        }
    }
    char detail[512];
    ggn_status_describe(g, &st, detail, sizeof detail);
    s->nmoves = 0;
    json_t *moves = json_array();
    if (st.outcome == GGN_ONGOING) {
        size_t n = ggn_position_legal_moves(pos, s->moves, GGN_MAX_MOVES);
        s->nmoves = n < GGN_MAX_MOVES ? n : GGN_MAX_MOVES;
        for (size_t i = 0; i < s->nmoves; i++) json_array_append_new(moves, move_json(pos, s->moves[i]));
    }
    s->listed = true;
    char fen[GGN_MAX_FEN_BYTES] = "", sfen[GGN_MAX_FEN_BYTES] = "";
    if (ggn_game_has_fen(g)) ggn_position_fen(pos, fen, sizeof fen);
    if (ggn_game_has_usi(g)) ggn_position_sfen(pos, sfen, sizeof sfen);
    json_t *v = json_pack("{s:s,s:i,s:s,s:s,s:b,s:b,s:i,s:o,s:s,s:s,s:i}", "svg", svg, "to_move",
                          ggn_position_to_move(pos), "status", status, "detail", detail, "over",
                          st.outcome != GGN_ONGOING, "in_check", st.in_check, "winner", st.winner, "moves", moves,
                          "fen", fen, "sfen", sfen, "undo", ggn_position_history(pos));
    json_object_set_new(v, "check_squares", st.in_check ? leader_squares(pos) : json_array());
    free(svg);
    return dump(v);
}

/* Plays the index-th move of the list web_state gave last. Returns 1, or 0 when there is no such move. */
int web_play(web_session *s, int index)
{
    if (!s->pos || !s->listed || index < 0 || (size_t)index >= s->nmoves) return 0;
    if (!ggn_position_make(s->pos, s->moves[index])) return 0;
    s->listed = false;
    return 1;
}

/*
 * Plays a move written as text (coordinates, SAN, USI: ggn_move_parse). Returns the move as
 * web_state lists it, written before it was made (its SAN and USI for the move list), with the
 * player who made it, or {"error": why}.
 */
char *web_play_text(web_session *s, const char *text)
{
    if (!s->pos) return error_text("no game loaded");
    ggn_move m;
    ggn_error err;
    ggn_error_clear(&err);
    if (!ggn_move_parse(s->pos, text, &m, &err)) return error_text(err.code != GGN_E_OK ? err.message : "no such move");
    json_t *v = move_json(s->pos, m);
    json_object_set_new(v, "player", json_integer(ggn_position_to_move(s->pos)));
    if (!ggn_position_make(s->pos, m)) {
        json_decref(v);
        return error_text("the move cannot be played");
    }
    s->listed = false;
    return dump(v);
}

int web_undo(web_session *s)
{
    if (!s->pos || !ggn_position_unmake(s->pos)) return 0;
    s->listed = false;
    return 1;
}

/* Sets the position from FEN, or SFEN in games with USI. Returns {} or {"error": why}. */
char *web_set_position(web_session *s, const char *text)
{
    if (!s->pos) return error_text("no game loaded");
    ggn_error err;
    ggn_error_clear(&err);
    ggn_position *fresh = ggn_position_new(s->game);
    if (!fresh) return NULL;
    bool ok = false;
    if (ggn_game_has_fen(s->game)) ok = ggn_position_set_fen(fresh, text, &err);
    if (!ok && ggn_game_has_usi(s->game)) {
        ggn_error first = err;
        ok = ggn_position_set_sfen(fresh, text, &err);
        if (!ok && first.code != GGN_E_OK) err = first;
    }
    if (!ok) {
        ggn_position_free(fresh);
        return error_text(err.code != GGN_E_OK ? err.message : "this game has neither FEN nor SFEN");
    }
    ggn_position_free(s->pos);
    s->pos = fresh;
    s->listed = false;
    return dump(json_object());
}

/* A double holds every count up to 2^53 exactly, beyond any perft the page can wait for. */
double web_perft(web_session *s, int depth)
{
    if (!s->pos || depth < 0 || depth > GGN_MAX_PERFT_DEPTH) return -1;
    return (double)ggn_perft(s->pos, depth);
}

/* Perft split by the first move: [{"move": text, "nodes": n}, ...]. */
char *web_divide(web_session *s, int depth)
{
    if (!s->pos) return error_text("no game loaded");
    if (depth < 1 || depth > GGN_MAX_PERFT_DEPTH) return error_text("divide needs a depth from 1");
    ggn_move moves[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_moves(s->pos, moves, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    json_t *list = json_array();
    for (size_t i = 0; i < n; i++) {
        char text[64];
        ggn_move_format(s->pos, moves[i], text, sizeof text);
        if (!ggn_position_make(s->pos, moves[i])) continue;
        uint64_t nodes = ggn_perft(s->pos, depth - 1);
        ggn_position_unmake(s->pos);
        json_array_append_new(list, json_pack("{s:s,s:f}", "move", text, "nodes", (double)nodes));
    }
    return dump(list);
}

/*
 * The computer's move, by the player the game's spec names (alpha-beta unless
 * it says "mcts"): {"move": text, "score", "depth", "nodes"} or {"error"}.
 * For the Monte Carlo player, score is its value of the move from -100 (a
 * loss) to 100 (a win), so that the page reads it as it reads alpha-beta's
 * centipawns (a draw offer is taken below 50); depth is the deepest node of
 * its tree and nodes its playouts; depth limits alpha-beta only.
 */
char *web_search(web_session *s, int depth, int time_ms, int seed)
{
    if (!s->pos) return error_text("no game loaded");
    ggn_move best;
    int score, reached;
    double nodes;
    if (ggn_game_player(s->game) == GGN_PLAYER_MCTS) {
        if (!s->mcts && !(s->mcts = ggn_mcts_new(WEB_MCTS_MEGABYTES))) return error_text("out of memory");
        ggn_mcts_limits limits = { .time_ms = time_ms, .seed = (uint64_t)seed };
        ggn_mcts_result r;
        if (!ggn_mcts_run(s->mcts, s->pos, &limits, &r) || !r.found) return error_text("no legal move");
        best = r.best;
        score = (int)lround((r.value - 0.5) * 200.0);
        reached = r.max_depth;
        nodes = (double)r.iterations;
    } else {
        if (!s->searcher && !(s->searcher = ggn_searcher_new(GGN_SEARCH_DEFAULT_TT_MB))) return error_text("out of memory");
        ggn_search_limits limits = { .depth = depth, .time_ms = time_ms, .seed = (uint64_t)seed };
        ggn_search_result r;
        if (!ggn_searcher_run(s->searcher, s->pos, &limits, &r) || !r.found) return error_text("no legal move");
        best = r.best;
        score = r.score;
        reached = r.depth;
        nodes = (double)r.nodes;
    }
    char text[64];
    ggn_move_format(s->pos, best, text, sizeof text);
    return dump(json_pack("{s:s,s:i,s:i,s:f}", "move", text, "score", score, "depth", reached, "nodes", nodes));
}

char *web_export(const web_session *s, const char *spelling)
{
    if (!s->game) return error_text("no game loaded");
    ggn_spelling sp;
    if (!ggn_spelling_parse(spelling, &sp)) return error_text("unknown spelling");
    ggn_error err;
    ggn_error_clear(&err);
    char *text = ggn_game_export(s->game, sp, &err);
    if (!text) return error_text(err.message);
    json_t *v = json_pack("{s:s}", "text", text);
    free(text);
    return dump(v);
}
