/*
 * pgn.c — game records in PGN (docs/pgn.md): reading the games of a text
 * (tags, movetext, comments, NAGs, variations, results), replaying one on a
 * game spec with its result claim checked, and writing a game with its
 * moves in SAN (san.c).
 *
 * Reading knows nothing of the game: it keeps the tags and the main line's
 * move texts with their places, so that one reader serves every variant and
 * replaying (which needs the spec named by the Variant tag) comes after.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "notation.h"

/* ---- reading ---- */

typedef struct reader {
    const char *s;
    size_t len, i;
    int line, col;
    const char *name;
    ggn_error *err;
    ggn_pgn *pgn;
} reader;

static bool fail_at(reader *r, int line, int col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static bool fail_at(reader *r, int line, int col, const char *fmt, ...)
{
    char message[sizeof r->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ggn_error_set(r->err, GGN_E_SYNTAX, "%s:%d:%d: %s", r->name, line, col, message);
    if (r->err) {
        r->err->line = line;
        r->err->column = col;
        snprintf(r->err->file, sizeof r->err->file, "%s", r->name);
    }
    return false;
}

static int peek(const reader *r) { return r->i < r->len ? (unsigned char)r->s[r->i] : EOF; }

static void advance(reader *r)
{
    if (r->i >= r->len) return;
    if (r->s[r->i] == '\n') r->line++, r->col = 1;
    else r->col++;
    r->i++;
}

static void skip_line(reader *r)
{
    while (peek(r) != EOF && peek(r) != '\n') advance(r);
}

static bool nomem(reader *r) { return fail_at(r, r->line, r->col, "out of memory"); }

/* The game being read: the last one of the list (added by begin_game). */
static ggn_pgn_game *current(reader *r) { return &r->pgn->games[r->pgn->ngames - 1]; }

static bool begin_game(reader *r)
{
    ggn_pgn_game *games = realloc(r->pgn->games, sizeof *games * (r->pgn->ngames + 1));
    if (!games) return nomem(r);
    r->pgn->games = games;
    ggn_pgn_game *g = &games[r->pgn->ngames++];
    memset(g, 0, sizeof *g);
    g->line = r->line;
    return true;
}

/* A copy of s[0..n) as a string. */
static char *copy_text(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
}

/* [Name "value"]: the tag's name is letters, digits and '_'; the value a string with \" and \\. */
static bool read_tag(reader *r)
{
    int line = r->line, col = r->col;
    advance(r); /* '[' */
    while (peek(r) == ' ' || peek(r) == '\t') advance(r);
    size_t start = r->i;
    while (peek(r) != EOF && (isalnum(peek(r)) || peek(r) == '_')) advance(r);
    size_t name_len = r->i - start;
    if (!name_len) return fail_at(r, r->line, r->col, "a tag pair is [Name \"value\"]: the name is missing");
    if (name_len > GGN_MAX_PGN_TOKEN)
        return fail_at(r, line, col, "tag name longer than %d bytes (GGN_MAX_PGN_TOKEN)", GGN_MAX_PGN_TOKEN);
    while (peek(r) == ' ' || peek(r) == '\t') advance(r);
    if (peek(r) != '"') return fail_at(r, r->line, r->col, "a tag pair is [Name \"value\"]: the quoted value is missing");
    advance(r);
    char *value = malloc(GGN_MAX_PGN_TOKEN + 1);
    if (!value) return nomem(r);
    size_t n = 0;
    for (;;) {
        int c = peek(r);
        if (c == EOF || c == '\n') {
            free(value);
            return fail_at(r, line, col, "the tag's value has no closing '\"' on its line");
        }
        advance(r);
        if (c == '"') break;
        if (c == '\\' && (peek(r) == '"' || peek(r) == '\\')) {
            c = peek(r);
            advance(r);
        }
        if (n == GGN_MAX_PGN_TOKEN) {
            free(value);
            return fail_at(r, line, col, "tag value longer than %d bytes (GGN_MAX_PGN_TOKEN)", GGN_MAX_PGN_TOKEN);
        }
        value[n++] = (char)c;
    }
    value[n] = '\0';
    char *fitted = realloc(value, n + 1); /* a kept tag holds its bytes, not GGN_MAX_PGN_TOKEN */
    if (fitted) value = fitted;
    while (peek(r) == ' ' || peek(r) == '\t') advance(r);
    if (peek(r) != ']') {
        free(value);
        return fail_at(r, r->line, r->col, "a tag pair ends with ']'");
    }
    advance(r);
    ggn_pgn_game *g = current(r);
    if (g->ntags == GGN_MAX_PGN_TAGS) {
        free(value);
        return fail_at(r, line, col, "a game with more than %d tag pairs (GGN_MAX_PGN_TAGS)", GGN_MAX_PGN_TAGS);
    }
    ggn_pgn_tag *tags = realloc(g->tags, sizeof *tags * (g->ntags + 1));
    char *name = copy_text(r->s + start, name_len);
    if (!tags || !name) {
        if (tags) g->tags = tags;
        free(name);
        free(value);
        return nomem(r);
    }
    g->tags = tags;
    g->tags[g->ntags].name = name;
    g->tags[g->ntags].value = value;
    g->ntags++;
    return true;
}

/* Comments, escape lines and variations: skipped. Returns false on a syntax error. */
static bool skip_comment(reader *r)
{
    int line = r->line, col = r->col;
    advance(r); /* '{' */
    while (peek(r) != '}') {
        if (peek(r) == EOF) return fail_at(r, line, col, "the comment '{' has no closing '}'");
        advance(r);
    }
    advance(r);
    return true;
}

static bool is_result(const char *t, size_t n)
{
    return (n == 3 && (memcmp(t, "1-0", 3) == 0 || memcmp(t, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(t, "1/2-1/2", 7) == 0) || (n == 1 && t[0] == '*');
}

/* A token of movetext: everything up to white space or a character PGN gives a meaning of its own. */
static size_t token_end(const reader *r)
{
    size_t j = r->i;
    while (j < r->len && r->s[j] && !isspace((unsigned char)r->s[j]) && !strchr("{}()[];$", r->s[j])) j++;
    return j;
}

static bool add_move(reader *r, const char *t, size_t n, int line, int col)
{
    ggn_pgn_game *g = current(r);
    if (g->nmoves == GGN_MAX_PLY)
        return fail_at(r, line, col, "a game of more than %d moves (GGN_MAX_PLY)", GGN_MAX_PLY);
    ggn_pgn_move *moves = realloc(g->moves, sizeof *moves * (g->nmoves + 1));
    if (!moves) return nomem(r);
    g->moves = moves;
    char *text = copy_text(t, n);
    if (!text) return nomem(r);
    g->moves[g->nmoves++] = (ggn_pgn_move){ text, line, col };
    return true;
}

/*
 * One token of the main line at r->i. Sets *ended when it is the result.
 * depth > 0 inside a variation, whose moves are not kept.
 */
static bool read_token(reader *r, int depth, bool *ended)
{
    int line = r->line, col = r->col;
    size_t end = token_end(r);
    const char *t = r->s + r->i;
    size_t n = end - r->i;
    if (n > GGN_MAX_PGN_TOKEN)
        return fail_at(r, line, col, "a token longer than %d bytes (GGN_MAX_PGN_TOKEN)", GGN_MAX_PGN_TOKEN);
    while (r->i < end) advance(r);
    if (is_result(t, n)) {
        if (depth) return true; /* some writers end variations with a result */
        memcpy(current(r)->result, t, n);
        current(r)->result[n] = '\0';
        *ended = true;
        return true;
    }
    /* A move number: digits and dots ("12.", "12..."), perhaps with the move glued on ("1.e4"). */
    size_t k = 0;
    while (k < n && isdigit((unsigned char)t[k])) k++;
    if (k && k < n && t[k] == '.') {
        while (k < n && t[k] == '.') k++;
        t += k, n -= k, col += (int)k;
    } else if (k == n) {
        return true; /* a bare number: a move number without its dot, as some files have */
    }
    while (n && t[0] == '.') t++, n--, col++;
    if (!n || depth) return true;
    /* Annotation glyphs standing alone ("!!", "?!") belong to the move before. */
    if (strspn(t, "!?") >= n) return true;
    return add_move(r, t, n, line, col);
}

/*
 * The reader keeps one game at a time: its scanner over the text, the
 * game being read (games[0] of its own ggn_pgn, ngames 0 or 1) and where
 * the movetext is (in a game, in its moves, variation depth). A game is
 * complete at its result, at a tag that follows its movetext (the next
 * game's, the result having been left out) or at the end of the text.
 */
struct ggn_pgn_reader {
    reader r;
    ggn_pgn one;
    bool in_game, in_moves, failed;
    int depth, open_line, open_col;
};

static void free_game(ggn_pgn_game *g)
{
    for (size_t t = 0; t < g->ntags; t++) {
        free(g->tags[t].name);
        free(g->tags[t].value);
    }
    for (size_t m = 0; m < g->nmoves; m++) free(g->moves[m].text);
    free(g->tags);
    free(g->moves);
}

ggn_pgn_reader *ggn_pgn_reader_new(const char *text, size_t len, const char *name, ggn_error *err)
{
    name = name ? name : "<string>";
    if ((long long)len > (long long)GGN_MAX_PGN_BYTES) {
        ggn_error_set(err, GGN_E_LIMIT, "%s: PGN of %zu bytes is longer than %ld (GGN_MAX_PGN_BYTES)", name, len,
                      (long)GGN_MAX_PGN_BYTES);
        return NULL;
    }
    ggn_pgn_reader *pr = calloc(1, sizeof *pr);
    if (!pr) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    pr->r = (reader){ text, len, 0, 1, 1, name, NULL, &pr->one };
    /* A UTF-8 byte order mark, which some editors put first, is no token. */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) pr->r.i = 3;
    return pr;
}

void ggn_pgn_reader_free(ggn_pgn_reader *pr)
{
    if (!pr) return;
    if (pr->one.ngames) free_game(&pr->one.games[0]);
    free(pr->one.games);
    free(pr);
}

/* Drops the game returned last (its memory goes, or went to ggn_pgn_parse). */
static void forget_game(ggn_pgn_reader *pr)
{
    if (pr->one.ngames) free_game(&pr->one.games[0]);
    pr->one.ngames = 0;
}

int ggn_pgn_reader_next(ggn_pgn_reader *pr, const ggn_pgn_game **game, ggn_error *err)
{
    *game = NULL;
    if (pr->failed) {
        ggn_error_set(err, GGN_E_SYNTAX, "%s: the PGN reader stopped at an error", pr->r.name);
        return -1;
    }
    forget_game(pr);
    reader *r = &pr->r;
    r->err = err;
    for (;;) {
        int c = peek(r);
        if (c == EOF) break;
        if (c == '%' && r->col == 1) {
            skip_line(r);
            continue;
        }
        if (isspace(c)) {
            advance(r);
            continue;
        }
        if (c == ';') {
            skip_line(r);
            continue;
        }
        if (c == '{') {
            if (!skip_comment(r)) goto fail;
            continue;
        }
        if (c == '[') {
            if (pr->depth) {
                fail_at(r, pr->open_line, pr->open_col, "the variation '(' has no closing ')'");
                goto fail;
            }
            /* A tag after movetext starts the next game (its result was missing): this one is complete. */
            if (pr->in_game && pr->in_moves) {
                pr->in_game = pr->in_moves = false;
                *game = &pr->one.games[0];
                return 1;
            }
            if (!pr->in_game) {
                if (!begin_game(r)) goto fail;
                pr->in_game = true;
            }
            if (!read_tag(r)) goto fail;
            continue;
        }
        if (!pr->in_game) {
            if (!begin_game(r)) goto fail;
            pr->in_game = true;
        }
        pr->in_moves = true;
        if (c == '(') {
            if (pr->depth == GGN_MAX_PGN_DEPTH) {
                fail_at(r, r->line, r->col, "variations nested deeper than %d (GGN_MAX_PGN_DEPTH)", GGN_MAX_PGN_DEPTH);
                goto fail;
            }
            if (!pr->depth) pr->open_line = r->line, pr->open_col = r->col;
            pr->depth++;
            advance(r);
            continue;
        }
        if (c == ')') {
            if (!pr->depth) {
                fail_at(r, r->line, r->col, "')' closes no variation");
                goto fail;
            }
            pr->depth--;
            advance(r);
            continue;
        }
        if (c == '\0') {
            fail_at(r, r->line, r->col, "a NUL byte: PGN is text");
            goto fail;
        }
        if (c == ']' || c == '}') {
            fail_at(r, r->line, r->col, "'%c' closes nothing", c);
            goto fail;
        }
        if (c == '$') {
            advance(r);
            if (!isdigit(peek(r))) {
                fail_at(r, r->line, r->col, "a NAG is '$' and a number, like $1");
                goto fail;
            }
            while (isdigit(peek(r))) advance(r);
            continue;
        }
        bool ended = false;
        if (!read_token(r, pr->depth, &ended)) goto fail;
        if (ended) {
            pr->in_game = pr->in_moves = false;
            *game = &pr->one.games[0];
            return 1;
        }
    }
    if (pr->depth) {
        fail_at(r, pr->open_line, pr->open_col, "the variation '(' has no closing ')'");
        goto fail;
    }
    pr->in_game = pr->in_moves = false;
    if (!pr->one.ngames) return 0;
    *game = &pr->one.games[0];
    return 1;
fail:
    pr->failed = true;
    forget_game(pr);
    return -1;
}

ggn_pgn *ggn_pgn_parse(const char *text, size_t len, const char *name, ggn_error *err)
{
    ggn_pgn_reader *pr = ggn_pgn_reader_new(text, len, name, err);
    ggn_pgn *pgn = pr ? calloc(1, sizeof *pgn) : NULL;
    if (!pgn) {
        if (pr) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        ggn_pgn_reader_free(pr);
        return NULL;
    }
    size_t cap = 0;
    const ggn_pgn_game *g;
    int got;
    while ((got = ggn_pgn_reader_next(pr, &g, err)) > 0) {
        if (pgn->ngames == cap) {
            size_t more = cap ? cap * 2 : 4;
            ggn_pgn_game *games = realloc(pgn->games, sizeof *games * more);
            if (!games) {
                ggn_error_set(err, GGN_E_NOMEM, "out of memory");
                got = -1;
                break;
            }
            pgn->games = games;
            cap = more;
        }
        /* The game's memory moves to the list: the reader forgets it without freeing it. */
        pgn->games[pgn->ngames++] = *g;
        pr->one.ngames = 0;
    }
    ggn_pgn_reader_free(pr);
    if (got < 0) {
        ggn_pgn_free(pgn);
        return NULL;
    }
    return pgn;
}

void ggn_pgn_free(ggn_pgn *pgn)
{
    if (!pgn) return;
    for (size_t i = 0; i < pgn->ngames; i++) free_game(&pgn->games[i]);
    free(pgn->games);
    free(pgn);
}

const char *ggn_pgn_tag_value(const ggn_pgn_game *game, const char *name)
{
    for (size_t t = 0; t < game->ntags; t++)
        if (strcmp(game->tags[t].name, name) == 0) return game->tags[t].value;
    return NULL;
}

/* ---- replaying ---- */

/* The result PGN writes for a status: "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. */
static const char *result_of(ggn_status st)
{
    if (st.outcome == GGN_ONGOING) return "*";
    if (st.winner == 0) return "1-0";
    if (st.winner == 1) return "0-1";
    return "1/2-1/2";
}

ggn_position *ggn_pgn_replay(const ggn_game *game, const ggn_pgn_game *pg, size_t number, ggn_error *err)
{
    if (!game->has_fen) {
        ggn_error_set(err, GGN_E_STATE, "game %zu: PGN needs a two-player game whose every piece has a symbol", number);
        return NULL;
    }
    ggn_position *pos = ggn_position_new(game);
    if (!pos) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    ggn_error inner;
    ggn_error_clear(&inner);
    const char *fen = ggn_pgn_tag_value(pg, "FEN");
    if (fen && !ggn_position_set_fen(pos, fen, &inner)) {
        ggn_error_set(err, inner.code, "game %zu (line %d): FEN tag: %s", number, pg->line, inner.message);
        goto fail;
    }
    for (size_t m = 0; m < pg->nmoves; m++) {
        const ggn_pgn_move *pm = &pg->moves[m];
        ggn_move mv;
        if (eg_leader_captured(pos)) {
            ggn_error_set(err, GGN_E_ILLEGAL, "game %zu, ply %zu, move '%s' (line %d:%d): the game is over, a leader was taken",
                          number, m + 1, pm->text, pm->line, pm->column);
            goto fail;
        }
        if (!ggn_move_parse(pos, pm->text, &mv, &inner)) {
            /* Movetext is SAN: say what is wrong with it as SAN (ggn_move_parse may have kept another reader's error). */
            ggn_error san;
            ggn_error_clear(&san);
            if (eg_san_parse(pos, pm->text, &mv, &san)) goto play;
            inner = san;
            ggn_status st = ggn_position_status(pos);
            if (st.outcome == GGN_CHECKMATE || st.outcome == GGN_STALEMATE)
                ggn_error_set(err, GGN_E_ILLEGAL, "game %zu, ply %zu, move '%s' (line %d:%d): the game is over (%s)",
                              number, m + 1, pm->text, pm->line, pm->column, ggn_outcome_name(st.outcome));
            else
                ggn_error_set(err, inner.code ? inner.code : GGN_E_ILLEGAL, "game %zu, ply %zu, move '%s' (line %d:%d): %s",
                              number, m + 1, pm->text, pm->line, pm->column, inner.message);
            goto fail;
        }
    play:
        if (!ggn_position_make(pos, mv)) {
            ggn_error_set(err, GGN_E_LIMIT, "game %zu, ply %zu: more than %d moves (GGN_MAX_PLY)", number, m + 1,
                          GGN_MAX_PLY);
            goto fail;
        }
    }
    /* The claim: the movetext's result, which the Result tag (when both are there) must repeat. */
    const char *tag = ggn_pgn_tag_value(pg, "Result");
    const char *claim = pg->result[0] ? pg->result : tag;
    if (tag && pg->result[0] && strcmp(tag, pg->result) != 0) {
        ggn_error_set(err, GGN_E_VALUE, "game %zu (line %d): the Result tag says %s but the moves end with %s", number,
                      pg->line, tag, pg->result);
        goto fail;
    }
    ggn_status st = ggn_position_status(pos);
    if (claim && !is_result(claim, strlen(claim))) {
        ggn_error_set(err, GGN_E_VALUE, "game %zu (line %d): '%s' is no result: write 1-0, 0-1, 1/2-1/2 or *", number,
                      pg->line, claim);
        goto fail;
    }
    /* A game that goes on may end in anything (resignation, time, agreement); one the rules ended may not. */
    if (st.outcome != GGN_ONGOING && (!claim || strcmp(claim, result_of(st)) != 0)) {
        ggn_error_set(err, GGN_E_VALUE, "game %zu (line %d): the result claimed is %s, but after ply %zu the game is over by %s: %s",
                      number, pg->line, claim ? claim : "missing", pg->nmoves, ggn_outcome_name(st.outcome),
                      result_of(st));
        goto fail;
    }
    return pos;
fail:
    ggn_position_free(pos);
    return NULL;
}

/* ---- writing ---- */

typedef struct writer {
    char *buf;
    size_t len, cap;
    size_t line_len;  /* characters on the movetext line being written */
    bool failed;
} writer;

static void put(writer *w, const char *s)
{
    size_t n = strlen(s);
    if (w->failed) return;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 1024;
        while (w->len + n + 1 > cap) cap *= 2;
        char *b = realloc(w->buf, cap);
        if (!b) {
            w->failed = true;
            return;
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, s, n + 1);
    w->len += n;
}

/* A tag pair, its value with '"' and '\' escaped; control bytes become spaces so the tag stays on its line. */
static void put_tag(writer *w, const char *name, const char *value)
{
    put(w, "[");
    put(w, name);
    put(w, " \"");
    char one[3] = "";
    for (const char *p = value; *p; p++) {
        one[0] = *p == '"' || *p == '\\' ? '\\' : (char)((unsigned char)*p < ' ' ? ' ' : *p);
        one[1] = *p == '"' || *p == '\\' ? *p : '\0';
        one[2] = '\0';
        put(w, one);
    }
    put(w, "\"]\n");
}

/* A movetext word, breaking lines before 80 columns as the PGN export format asks. */
static void put_word(writer *w, const char *word)
{
    size_t n = strlen(word);
    if (w->line_len && w->line_len + 1 + n > 79) {
        put(w, "\n");
        w->line_len = 0;
    } else if (w->line_len) {
        put(w, " ");
        w->line_len++;
    }
    put(w, word);
    w->line_len += n;
}

static const char *given(const ggn_pgn_tag *tags, size_t ntags, const char *name)
{
    for (size_t t = 0; t < ntags; t++)
        if (tags[t].name && strcmp(tags[t].name, name) == 0) return tags[t].value;
    return NULL;
}

/* The game's name as a Variant: lower case, letters and digits only ("Los Alamos chess" -> "losalamoschess"). */
static void variant_name(const ggn_game *g, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = g->def->name; p && *p && n + 1 < cap; p++)
        if (isalnum((unsigned char)*p)) out[n++] = (char)tolower((unsigned char)*p);
    out[n] = '\0';
}

char *ggn_pgn_write(const ggn_position *pos, const ggn_pgn_tag *tags, size_t ntags, ggn_error *err)
{
    const ggn_game *g = pos->g;
    if (!g->has_fen) {
        ggn_error_set(err, GGN_E_STATE, "PGN needs a two-player game whose every piece has a symbol");
        return NULL;
    }
    int n = ggn_position_history(pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n ? n : 1));
    ggn_position *walk = ggn_position_new(g), *fresh = ggn_position_new(g);
    writer w = { NULL, 0, 0, 0, false };
    if (!moves || !walk || !fresh) goto nomem;

    ggn_position_copy(walk, pos);
    ggn_status end = ggn_position_status(walk);
    for (int i = n - 1; i >= 0; i--) {
        ggn_position_last_move(walk, &moves[i]);
        ggn_position_unmake(walk);
    }
    char fen[GGN_MAX_FEN_BYTES + 1], start_fen[GGN_MAX_FEN_BYTES + 1];
    if (!ggn_position_fen(walk, fen, sizeof fen) || !ggn_position_fen(fresh, start_fen, sizeof start_fen)) {
        ggn_error_set(err, GGN_E_LIMIT, "the start position's FEN is longer than %d bytes (GGN_MAX_FEN_BYTES)",
                      GGN_MAX_FEN_BYTES);
        goto fail;
    }
    const char *result = result_of(end);
    if (end.outcome == GGN_ONGOING && given(tags, ntags, "Result")) result = given(tags, ntags, "Result");

    static const char *const roster[] = { "Event", "Site", "Date", "Round", "White", "Black" };
    for (size_t t = 0; t < sizeof roster / sizeof roster[0]; t++) {
        const char *v = given(tags, ntags, roster[t]);
        put_tag(&w, roster[t], v ? v : strcmp(roster[t], "Date") == 0 ? "????.??.??" : "?");
    }
    put_tag(&w, "Result", result);
    char variant[GGN_MAX_STRING_BYTES + 1];
    variant_name(g, variant, sizeof variant);
    put_tag(&w, "Variant", given(tags, ntags, "Variant") ? given(tags, ntags, "Variant") : variant);
    bool set_up = strcmp(fen, start_fen) != 0;
    if (set_up) {
        put_tag(&w, "SetUp", "1");
        put_tag(&w, "FEN", fen);
    }
    const char *termination = given(tags, ntags, "Termination");
    put_tag(&w, "Termination", termination ? termination : strcmp(result, "*") == 0 ? "unterminated" : "normal");
    static const char *const written[] = { "Event", "Site", "Date", "Round", "White", "Black", "Result",
                                           "Variant", "SetUp", "FEN", "Termination" };
    for (size_t t = 0; t < ntags; t++) {
        bool done = false;
        for (size_t k = 0; k < sizeof written / sizeof written[0]; k++)
            if (tags[t].name && strcmp(tags[t].name, written[k]) == 0) done = true;
        if (!done && tags[t].name && tags[t].value) put_tag(&w, tags[t].name, tags[t].value);
    }
    put(&w, "\n");

    /* Move numbers count full moves from the start's (FEN's) number; the second player's first move gets "N...". */
    for (int i = 0; i < n; i++) {
        char san[GGN_MAX_LABEL * 4 + GGN_MAX_STRING_BYTES], number[32];
        int ply = ggn_position_ply(walk);
        bool second = eg_player_to_move(walk) != g->def->order[0];
        /* A turn of several moves (a part, a series) is numbered once, before its first move. */
        if ((!second && !eg_mid_turn(walk)) || i == 0) {
            snprintf(number, sizeof number, "%d%s", ply / 2 + 1, second ? "..." : ".");
            put_word(&w, number);
        }
        if (!ggn_move_format_san(walk, moves[i], san, sizeof san)) {
            ggn_error_set(err, GGN_E_LIMIT, "move %d cannot be written in SAN", i + 1);
            goto fail;
        }
        put_word(&w, san);
        ggn_position_make(walk, moves[i]);
    }
    if (end.outcome != GGN_ONGOING) {
        char comment[64];
        snprintf(comment, sizeof comment, "{%s}", ggn_outcome_name(end.outcome));
        put_word(&w, comment);
    }
    put_word(&w, result);
    put(&w, "\n");
    if (w.failed) goto nomem;
    free(moves);
    ggn_position_free(walk);
    ggn_position_free(fresh);
    return w.buf;
nomem:
    ggn_error_set(err, GGN_E_NOMEM, "out of memory");
fail:
    free(w.buf);
    free(moves);
    ggn_position_free(walk);
    ggn_position_free(fresh);
    return NULL;
}
