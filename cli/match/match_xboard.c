/*
 * match_xboard.c — the arbiter's side of CECP (XBoard's protocol, version 2):
 * the handshake with its feature lines, the start of a game, and asking for
 * a move. The engine is kept in step with the game by ply count (known): it
 * is told only the moves it has not seen, as usermove while it plays a side,
 * or in force mode followed by go.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "rank_text.h"

enum {
    XB_V1_WAIT_MS = 2000   /* an engine silent this long after protover is taken as version 1 (as XBoard does) */
};

/* The value of feature NAME in a feature line ("NAME=1", "NAME=\"text\""), copied into buf; false when absent. */
static bool feature(const char *line, const char *name, char *buf, size_t cap)
{
    size_t n = strlen(name);
    for (const char *p = line; (p = strstr(p, name)) != NULL; p += n) {
        if ((p != line && p[-1] != ' ') || p[n] != '=') continue;
        const char *v = p + n + 1;
        size_t len = *v == '"' ? strcspn(++v, "\"") : strcspn(v, " ");
        snprintf(buf, cap, "%.*s", (int)(len < cap - 1 ? len : cap - 1), v);
        return true;
    }
    return false;
}

/* Answers each feature of the line: accepted for those the arbiter uses, rejected for the others. */
static void answer_features(match_engine *e, const char *line)
{
    static const char *const used[] = { "myname", "usermove", "setboard", "ping", "variants", "done", "time", "reuse" };
    const char *p = line + strlen("feature");
    for (;;) {
        p += strspn(p, " ");
        if (!*p) return;
        size_t n = strcspn(p, "= ");
        bool known = false;
        for (size_t i = 0; i < sizeof used / sizeof used[0]; i++)
            if (n == strlen(used[i]) && strncmp(p, used[i], n) == 0) known = true;
        char reply[160];
        snprintf(reply, sizeof reply, "%s %.*s", known ? "accepted" : "rejected", (int)(n < 64 ? n : 64), p);
        match_engine_send(e, reply);
        p += n;
        if (*p != '=') continue;
        p++;
        if (*p == '"') {
            p++;
            p += strcspn(p, "\"");
            if (*p) p++;
        } else {
            p += strcspn(p, " ");
        }
    }
}

/* True when name is in the comma-separated list. */
static bool listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0) return true;
        p += len + (p[len] == ',');
    }
    return false;
}

bool match_xboard_handshake(match_engine *e, const char *variant, const char *const *options, char *why, size_t cap)
{
    if (!match_engine_send(e, "xboard") || !match_engine_send(e, "protover 2")) {
        snprintf(why, cap, "%s does not speak CECP (it ended)", e->command);
        return false;
    }
    e->usermove = e->setboard = e->ping = false;
    e->variants[0] = '\0';
    int64_t start = match_now_ms();
    bool any = false, more = false, done = false;
    char line[MATCH_MAX_LINE < 4096 ? MATCH_MAX_LINE : 4096], value[1024];
    while (!done) {
        /* Version 1 engines say nothing to protover: after 2 s of silence, go on without features. */
        int64_t deadline = start + (any ? MATCH_HANDSHAKE_MS : XB_V1_WAIT_MS);
        int r = match_engine_read(e, deadline, line, sizeof line);
        if (r < 0) {
            snprintf(why, cap, "%s does not speak CECP (it ended)", e->command);
            return false;
        }
        if (r == 0) {
            if (!more) break;
            snprintf(why, cap, "%s did not say 'feature done=1' within %d ms", e->name, MATCH_HANDSHAKE_MS);
            return false;
        }
        if (strncmp(line, "feature ", 8) != 0) continue;
        any = true;
        if (feature(line, "myname", value, sizeof value)) snprintf(e->name, sizeof e->name, "%.*s", (int)sizeof e->name - 1, value);
        if (feature(line, "usermove", value, sizeof value)) e->usermove = strcmp(value, "1") == 0;
        if (feature(line, "setboard", value, sizeof value)) e->setboard = strcmp(value, "1") == 0;
        if (feature(line, "ping", value, sizeof value)) e->ping = strcmp(value, "1") == 0;
        if (feature(line, "variants", value, sizeof value)) snprintf(e->variants, sizeof e->variants, "%s", value);
        if (feature(line, "done", value, sizeof value)) {
            more = strcmp(value, "0") == 0;
            done = !more;
        }
        answer_features(e, line);
    }
    /* Chess is XBoard's "normal", which every engine plays whatever its list says. */
    if (variant && strcmp(variant, "chess") != 0 && e->variants[0] && !listed(e->variants, variant)) {
        snprintf(why, cap, "%s does not play the variant '%s' (it offers %.200s)", e->name, variant, e->variants);
        return false;
    }
    for (size_t i = 0; options && options[i]; i++) {
        char command[1024];
        snprintf(command, sizeof command, "option %s", options[i]);
        if (!match_engine_send(e, command)) break;
    }
    if (e->dead) {
        snprintf(why, cap, "%s ended during the handshake", e->name);
        return false;
    }
    return true;
}

/* Seconds for CECP: a whole number when it is one, else with the fraction ("0.05"). */
static void seconds(char *buf, size_t cap, long ms)
{
    if (ms % 1000 == 0) snprintf(buf, cap, "%ld", ms / 1000);
    else snprintf(buf, cap, "%g", (double)ms / 1000.0);
}

bool match_xboard_new_game(match_engine *e, const ggn_game *game, const char *variant, const char *start_fen,
                           const match_clock *clock, char *why, size_t cap)
{
    e->rows = ggn_game_rows(game);
    char line[MATCH_MAX_LINE < 4096 ? MATCH_MAX_LINE : 4096];
    match_engine_send(e, "new");
    if (variant && strcmp(variant, "chess") != 0) {
        snprintf(line, sizeof line, "variant %s", variant);
        match_engine_send(e, line);
    }
    match_engine_send(e, "force");
    if (start_fen) {
        if (!e->setboard) {
            snprintf(why, cap, "%s cannot be given the opening (it has no feature setboard=1)", e->name);
            return false;
        }
        snprintf(line, sizeof line, "setboard %s", start_fen);
        match_engine_send(e, line);
    }
    char a[32], b[32];
    if (clock->movetime_ms > 0) {
        seconds(a, sizeof a, clock->movetime_ms);
        snprintf(line, sizeof line, "st %s", a);
    } else {
        /* level 0 MIN:SEC INC: the base to the second (at least one); the exact clock follows as time / otim. */
        long base_s = (clock->base_ms + 999) / 1000;
        seconds(b, sizeof b, clock->inc_ms);
        snprintf(line, sizeof line, "level 0 %ld:%02ld %s", base_s / 60, base_s % 60, b);
    }
    match_engine_send(e, line);
    match_engine_send(e, "easy");
    e->known = 0;
    e->playing = false;
    if (!e->ping || !match_engine_send(e, "ping 1")) {
        if (!e->dead) return true; /* no ping: nothing to wait for */
        snprintf(why, cap, "%s ended before the game began", e->name);
        return false;
    }
    int64_t deadline = match_now_ms() + MATCH_HANDSHAKE_MS;
    for (;;) {
        int r = match_engine_read(e, deadline, line, sizeof line);
        if (r < 0) {
            snprintf(why, cap, "%s ended before the game began", e->name);
            return false;
        }
        if (r == 0) {
            snprintf(why, cap, "%s did not say 'pong 1' within %d ms", e->name, MATCH_HANDSHAKE_MS);
            return false;
        }
        if (strcmp(line, "pong 1") == 0) return true;
        /* The game cannot start as asked: an unknown variant, a position it refuses. */
        if (strncmp(line, "Error", 5) == 0 || strncmp(line, "tellusererror", 13) == 0) {
            snprintf(why, cap, "%s: %.300s", e->name, line);
            return false;
        }
    }
}

/* Sends one move as the engine asked for moves (usermove=1 or the bare move). */
static bool send_move(match_engine *e, const char *move, size_t n)
{
    char ggn[64], text[64], line[128];
    snprintf(ggn, sizeof ggn, "%.*s", (int)(n < sizeof ggn - 1 ? n : sizeof ggn - 1), move);
    if (!rank_text_to_xboard(ggn, e->rows, text, sizeof text)) return false;
    snprintf(line, sizeof line, "%s%s", e->usermove ? "usermove " : "", text);
    return match_engine_send(e, line);
}

bool match_xboard_request(match_engine *e, const char *moves, int plies, long my_ms, long their_ms,
                          const match_clock *clock)
{
    /* The moves the engine has not seen: skip the first e->known words. */
    const char *p = moves;
    for (int i = 0; i < e->known && *p; i++) {
        p += strcspn(p, " ");
        p += strspn(p, " ");
    }
    bool one_new = plies - e->known == 1;
    if (!(e->playing && one_new)) {
        if (e->playing) match_engine_send(e, "force");
        while (*p) {
            size_t n = strcspn(p, " ");
            send_move(e, p, n);
            p += n;
            p += strspn(p, " ");
        }
    }
    if (clock->movetime_ms <= 0) {
        char line[64];
        snprintf(line, sizeof line, "time %ld", my_ms > 0 ? my_ms / 10 : 0);
        match_engine_send(e, line);
        snprintf(line, sizeof line, "otim %ld", their_ms > 0 ? their_ms / 10 : 0);
        match_engine_send(e, line);
    }
    bool ok = e->playing && one_new ? send_move(e, p, strcspn(p, " ")) : match_engine_send(e, "go");
    e->known = plies;
    return ok;
}
