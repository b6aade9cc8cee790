/*
 * kif.c — shogi games as KIF, the record Japanese shogi programs exchange
 * (Kifu for Windows, ShogiGUI, Shogidokoro): ggn_play_kif and
 * ggn_play_load_kif (ggn/play.h), which `ggn play --record game.kif`,
 * `--load game.kif`, `save` and `load` with a .kif name use.
 *
 * A KIF move names its destination (a full-width file digit and a kanji
 * rank: ７六, or 同 for the square of the move before), the piece by its
 * kanji, 成 (promotes), 不成 (may promote and does not) or 打 (a drop), and
 * its source in ASCII digits: "７六歩(77)". The piece's kanji are the game's
 * own, the spec's display labels (ggn/display.h), so any shogi-like game
 * with labels, at most 9 files and 9 ranks and USI moves can be kept so;
 * KIF's customary spellings of promoted pieces (成香, 成桂, 成銀) and of the
 * king (玉) are written for the one-character labels 杏, 圭, 全 and 王, and
 * read either way. Moves are turned into USI text and back (the files and
 * ranks are the same), so the rules stay the library's. Written in UTF-8;
 * only games from the start position (手合割：平手), as KIF has no place
 * for a set-up position short of a board diagram.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/display.h"
#include "play/play_internal.h"

static const char *const full_digits[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
static const char *const kanji_ranks[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};

/* KIF's customary spelling of a one-character label, and the labels read as another (竜 for 龍). */
static const struct { const char *label, *kif; } spellings[] = {
    {"杏", "成香"}, {"圭", "成桂"}, {"全", "成銀"}, {"王", "玉"},
};
static const struct { const char *read, *as; } aliases[] = {{"竜", "龍"}};

/* Why the game cannot be kept as KIF, or NULL when it can. */
static const char *kif_unfit(const ggn_game *g)
{
    if (!ggn_game_has_usi(g) || ggn_game_cols(g) > 9 || ggn_game_rows(g) > 9)
        return "KIF needs a game of two players with USI moves on at most 9 files and 9 ranks";
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (!ggn_game_kind_label(g, k, 0))
            return "KIF names pieces by their kanji, and the game's display gives no label for every piece";
    return NULL;
}

/* The kind's name as KIF writes it (the first player's label, in KIF's spelling). */
static const char *kif_name(const ggn_game *g, int kind)
{
    const char *label = ggn_game_kind_label(g, kind, 0);
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
        if (strcmp(label, spellings[i].label) == 0) return spellings[i].kif;
    return label;
}

/* Appends to a growing text; false when out of memory. */
typedef struct kif_text {
    char *text;
    size_t len, cap;
} kif_text;

static bool add(kif_text *t, const char *piece)
{
    size_t n = strlen(piece);
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        while (cap < t->len + n + 1) cap *= 2;
        char *grown = realloc(t->text, cap);
        if (!grown) return false;
        t->text = grown;
        t->cap = cap;
    }
    memcpy(t->text + t->len, piece, n + 1);
    t->len += n;
    return true;
}

/* The KIF text of mv in pos (before it is made); prev_to is the last move's destination or -1. */
static void kif_move(ggn_position *pos, ggn_move mv, int prev_to, char *buf, size_t cap)
{
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    char usi[64];
    ggn_move_format_usi(pos, mv, usi, sizeof usi);
    int tx = mv.to % cols, ty = mv.to / cols;
    char dest[32];
    if (mv.to == prev_to) snprintf(dest, sizeof dest, "同　");
    else snprintf(dest, sizeof dest, "%s%s", full_digits[cols - tx - 1], kanji_ranks[rows - ty - 1]);
    if (ggn_move_is_drop(mv)) {
        snprintf(buf, cap, "%s%s打", dest, kif_name(g, mv.pattern));
        return;
    }
    int kind, owner;
    bool unmoved;
    ggn_position_piece_at(pos, mv.from % cols, mv.from / cols, &kind, &owner, &unmoved);
    const char *how = "";
    size_t n = strlen(usi);
    if (n && usi[n - 1] == '+') {
        how = "成";
    } else {
        /* Not promoting where the same squares allow it: KIF says so. */
        ggn_move moves[GGN_MAX_MOVES];
        size_t count = ggn_position_legal_moves(pos, moves, GGN_MAX_MOVES);
        if (count > GGN_MAX_MOVES) count = GGN_MAX_MOVES;
        for (size_t i = 0; i < count; i++)
            if (moves[i].from == mv.from && moves[i].to == mv.to && !ggn_move_equal(moves[i], mv)) how = "不成";
    }
    snprintf(buf, cap, "%s%s%s(%d%d)", dest, kif_name(g, kind), how, cols - mv.from % cols, rows - mv.from / cols);
}

char *ggn_play_kif(const ggn_play *s, const char *sente, const char *gote, const char *date, ggn_error *err)
{
    const char *why = kif_unfit(s->game);
    if (!why && s->start_fen) why = "KIF keeps games from the start position only (手合割：平手)";
    if (why) {
        ggn_error_set(err, GGN_E_VALUE, "%s", why);
        return NULL;
    }
    int n = ggn_position_history(s->pos);
    ggn_move *moves = malloc(sizeof *moves * (size_t)(n ? n : 1));
    ggn_position *walk = ggn_position_new(s->game);
    kif_text t = { NULL, 0, 0 };
    bool ok = moves && walk;
    if (ok) {
        ggn_position_copy(walk, s->pos);
        for (int i = n - 1; i >= 0; i--) {
            ggn_position_last_move(walk, &moves[i]);
            ggn_position_unmake(walk);
        }
        char line[512];
        ok = add(&t, "# KIF (UTF-8), written by ggn play\n");
        snprintf(line, sizeof line, "開始日時：%s\n棋戦：%s\n手合割：平手\n", date ? date : "", ggn_game_name(s->game));
        ok = ok && add(&t, line);
        snprintf(line, sizeof line, "先手：%s\n", sente ? sente : "");
        ok = ok && add(&t, line);
        snprintf(line, sizeof line, "後手：%s\n", gote ? gote : "");
        ok = ok && add(&t, line) && add(&t, "手数----指手---------消費時間--\n");
        int prev_to = -1;
        for (int i = 0; ok && i < n; i++) {
            char text[128];
            kif_move(walk, moves[i], prev_to, text, sizeof text);
            snprintf(line, sizeof line, "%4d %s   ( 0:00/00:00:00)\n", i + 1, text);
            ok = add(&t, line) && ggn_position_make(walk, moves[i]);
            prev_to = ggn_move_is_drop(moves[i]) || moves[i].to != moves[i].from ? moves[i].to : -1;
        }
        /* How it ended: a resignation, or a mate by the rules (the winner named as the game calls the sides). */
        ggn_status st = ggn_position_status(walk);
        int winner = s->resigned >= 0 && ggn_game_player_count(s->game) == 2 ? 1 - s->resigned
                     : st.outcome != GGN_ONGOING                              ? st.winner
                                                                              : -1;
        if (ok && s->resigned >= 0) {
            snprintf(line, sizeof line, "%4d 投了\n", n + 1);
            ok = add(&t, line);
        } else if (ok && st.outcome == GGN_CHECKMATE) {
            snprintf(line, sizeof line, "%4d 詰み\n", n + 1);
            ok = add(&t, line);
        }
        if (ok && winner >= 0) {
            snprintf(line, sizeof line, "まで%d手で%sの勝ち\n", n, winner == 0 ? "先手" : "後手");
            ok = add(&t, line);
        }
        if (!ok) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    } else {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    }
    free(moves);
    ggn_position_free(walk);
    if (!ok) {
        free(t.text);
        return NULL;
    }
    return t.text;
}

/* ---- reading ---- */

/* If p starts with one of words[0..n), returns its index and advances p past it; else -1. */
static int take(const char **p, const char *const *words, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(words[i]);
        if (strncmp(*p, words[i], len) == 0) {
            *p += len;
            return (int)i;
        }
    }
    return -1;
}

/* The kind whose KIF name (either spelling, either player's label, an alias) begins p; advances p. */
static int take_piece(const ggn_game *g, const char **p)
{
    int best = -1;
    size_t best_len = 0;
    const char *text = *p;
    size_t alias_len = 0; /* bytes of the alias read, when text is what it stands for */
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strncmp(text, aliases[i].read, strlen(aliases[i].read)) == 0) {
            alias_len = strlen(aliases[i].read);
            text = aliases[i].as;
            break;
        }
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        for (int pl = 0; pl < 2; pl++) {
            const char *names[2] = { ggn_game_kind_label(g, k, pl), NULL };
            for (size_t i = 0; names[0] && i < sizeof spellings / sizeof spellings[0]; i++)
                if (strcmp(names[0], spellings[i].label) == 0) names[1] = spellings[i].kif;
            for (int j = 0; j < 2; j++) {
                size_t len = names[j] ? strlen(names[j]) : 0;
                /* the longest name wins: 成銀 is not 成 and 銀 */
                if (len > best_len && strncmp(text, names[j], len) == 0) {
                    best = k;
                    best_len = len;
                }
            }
        }
    if (best >= 0) *p += alias_len ? alias_len : best_len;
    return best;
}

static const char *skip_spaces(const char *p)
{
    for (;;) {
        if (*p == ' ' || *p == '\t') p++;
        else if (strncmp(p, "　", strlen("　")) == 0) p += strlen("　");
        else return p;
    }
}

/* One move line's text after its number, as USI into usi; *end set for a line that ends the game. */
static bool kif_line_usi(ggn_position *pos, const char *p, int prev_to, char *usi, size_t cap, bool *end,
                         ggn_error *err)
{
    static const char *const endings[] = {"投了", "中断", "詰み", "千日手", "持将棋", "切れ負け", "反則勝ち",
                                          "反則負け", "不詰", "入玉勝ち"};
    const ggn_game *g = ggn_position_game(pos);
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g);
    *end = false;
    p = skip_spaces(p);
    if (take(&p, endings, sizeof endings / sizeof endings[0]) >= 0) {
        *end = true;
        return true;
    }
    int file, rank;
    static const char *const same[] = {"同", "仝"};
    static const char *const ascii_digits[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9"};
    if (take(&p, same, 2) >= 0) {
        if (prev_to < 0) {
            ggn_error_set(err, GGN_E_VALUE, "同 (the square of the move before) on the first move");
            return false;
        }
        file = cols - prev_to % cols;
        rank = rows - prev_to / cols;
        p = skip_spaces(p);
    } else {
        file = take(&p, full_digits, 9);
        if (file < 0) file = take(&p, ascii_digits, 9);
        rank = take(&p, kanji_ranks, 9);
        if (file < 0 || rank < 0) {
            ggn_error_set(err, GGN_E_VALUE, "no destination square (like ７六) at '%.40s'", p);
            return false;
        }
        file++;
        rank++;
    }
    int kind = take_piece(g, &p);
    if (kind < 0) {
        ggn_error_set(err, GGN_E_VALUE, "no piece of %s at '%.40s'", ggn_game_name(g), p);
        return false;
    }
    static const char *const hows[] = {"不成", "成", "打", "生"};
    int how = take(&p, hows, 4);
    char to[8];
    snprintf(to, sizeof to, "%d%c", file, 'a' + rank - 1);
    if (how == 2) {
        char sym = ggn_game_kind_symbol(g, kind), mark = ggn_game_kind_mark(g, kind);
        snprintf(usi, cap, "%s%c*%s", mark == '+' ? "+" : "", sym, to);
        return true;
    }
    if (p[0] != '(' || !isdigit((unsigned char)p[1]) || !isdigit((unsigned char)p[2]) || p[3] != ')') {
        ggn_error_set(err, GGN_E_VALUE, "no source square (like (77)) at '%.40s'", p);
        return false;
    }
    snprintf(usi, cap, "%c%c%s%s", p[1], 'a' + (p[2] - '1'), to, how == 1 ? "+" : "");
    return true;
}

bool ggn_play_load_kif(ggn_play *s, const char *kif, size_t len, const char *path, ggn_error *err)
{
    const char *why = kif_unfit(s->game);
    if (why) {
        ggn_error_set(err, GGN_E_VALUE, "%s", why);
        return false;
    }
    if (!path) path = "KIF";
    char *text = malloc(len + 1); /* a copy: the lines are cut in place */
    if (!text) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return false;
    }
    memcpy(text, kif, len);
    text[len] = '\0';
    ggn_position *pos = ggn_position_new(s->game);
    bool ok = pos != NULL;
    if (!ok) ggn_error_set(err, GGN_E_NOMEM, "out of memory");
    int prev_to = -1, number = 0, lineno = 0;
    char *line = text;
    if (strncmp(line, "\xEF\xBB\xBF", 3) == 0) line += 3; /* a byte-order mark */
    while (ok && line && *line) {
        char *next = strchr(line, '\n');
        if (next) *next++ = '\0';
        lineno++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[--n] = '\0';
        const char *p = line;
        while (*p == ' ' || *p == '\t') p++;
        if (strncmp(p, "手合割：", strlen("手合割：")) == 0 && strstr(p, "平手") == NULL) {
            ggn_error_set(err, GGN_E_VALUE, "%s:%d: ggn reads KIF games from the start position only (手合割：平手)",
                          path, lineno);
            ok = false;
        } else if (isdigit((unsigned char)*p)) {
            int at = (int)strtol(p, (char **)&p, 10);
            if (at != number + 1) {
                ggn_error_set(err, GGN_E_VALUE, "%s:%d: move %d where %d was due", path, lineno, at, number + 1);
                ok = false;
                break;
            }
            char usi[64];
            bool end;
            ggn_error inner;
            ggn_error_clear(&inner);
            if (!kif_line_usi(pos, p, prev_to, usi, sizeof usi, &end, &inner)) {
                ggn_error_set(err, inner.code, "%s:%d: move %d: %s", path, lineno, at, inner.message);
                ok = false;
                break;
            }
            if (end) break;
            ggn_move mv;
            if (!ggn_move_parse(pos, usi, &mv, &inner) || !ggn_position_make(pos, mv)) {
                ggn_error_set(err, GGN_E_ILLEGAL, "%s:%d: move %d (%s) is not legal: %s", path, lineno, at, usi,
                              inner.message);
                ok = false;
                break;
            }
            prev_to = mv.to;
            number = at;
        }
        line = next;
    }
    free(text);
    if (!ok) {
        ggn_position_free(pos);
        return false;
    }
    return ggn_play_adopt(s, pos, NULL, err);
}
