/*
 * match_run.c — the match of `ggn match` once its plan is made (match_run.h):
 * each game in a child process of its own, with fresh engine processes, so
 * -j games can run at once and one engine's crash costs one game; the
 * parent only schedules, collects one result line per game, keeps the score,
 * writes the PGN and stops at SPRT's verdict or a signal.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_json.h"
#include "match_run.h"
#include "shard/shard.h"

/* ---- one game in a child process ------------------------------------------------ */

static void write_all(int fd, const char *text, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, text, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        text += w;
        n -= (size_t)w;
    }
}

/* ---- signals ------------------------------------------------------------------ */

/* SIGINT or SIGTERM received by the match (the parent): the signal's number, else 0. */
static volatile sig_atomic_t interrupted;
/* In a game's process: its engines' process ids (each its process group), 0 when none. */
static volatile pid_t game_engines[2];

static void on_match_signal(int sig) { interrupted = sig; }

int match_interrupted(void) { return interrupted; }

/* A game's process ends with its engines and all they started: they are never left running. */
static void on_game_signal(int sig)
{
    (void)sig;
    for (int i = 0; i < 2; i++) {
        pid_t pid = game_engines[i];
        if (pid > 0) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
        }
    }
    _exit(1);
}

static void catch_signals(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0; /* no SA_RESTART: the parent's poll returns, and sees the flag */
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/*
 * Plays game number `number` (from 1) and writes its result to fd as two
 * lines: "WINNER END PLIES FIRST REASON" (WINNER -1, 0 or 1 as a player index;
 * FIRST the engine index that played first) and the moves played, in ggn's
 * coordinates, space-separated; then exits.
 */
static void play_in_child(const match_plan *plan, const ggn_game *game, int number, int fd)
{
    int first = (number - 1) % 2; /* engine 0 first in odd games */
    const char *fen = plan->openings ? plan->openings[((number - 1) / 2) % plan->nopenings] : NULL;
    match_engine *engines[2] = { malloc(sizeof(match_engine)), malloc(sizeof(match_engine)) };
    char line[1024 + 640], why[sizeof ((match_result *)0)->reason];
    match_result r;
    memset(&r, 0, sizeof r);
    r.winner = -1;
    bool started[2] = { false, false };
    if (!engines[0] || !engines[1]) _exit(3);
    catch_signals(on_game_signal);
    for (int side = 0; side < 2 && r.end == MATCH_END_RULE && !r.reason[0]; side++) {
        int index = side == 0 ? first : 1 - first;
        started[side] = match_engine_start(engines[side], plan->engine[index], plan->protocol[index], why, sizeof why);
        if (started[side]) game_engines[side] = engines[side]->pid;
        if (!started[side] || !match_engine_handshake(engines[side], plan->variant, plan->options, why, sizeof why) ||
            (engines[side]->protocol == MATCH_PROTOCOL_XBOARD &&
             !match_xboard_new_game(engines[side], game, plan->variant, fen, &plan->clock, why, sizeof why)) ||
            (engines[side]->protocol == MATCH_PROTOCOL_GTP &&
             !match_gtp_new_game(engines[side], game, fen, &plan->clock, why, sizeof why))) {
            r.winner = 1 - side;
            r.end = MATCH_END_DISCONNECT;
            snprintf(r.reason, sizeof r.reason, "%s", why);
        }
    }
    if (!r.reason[0]) {
        if (!match_play_game(game, fen, engines, &plan->clock, &r)) _exit(3);
    }
    for (int side = 0; side < 2; side++) {
        game_engines[side] = 0;
        if (started[side]) match_engine_stop(engines[side]);
    }
    for (char *p = r.reason; *p; p++)
        if (*p == '\n' || *p == '\r') *p = ' ';
    int n = snprintf(line, sizeof line, "%d %d %d %d %s\n", r.winner, (int)r.end, r.plies, first, r.reason);
    if (n > 0) write_all(fd, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    if (r.moves) write_all(fd, r.moves, strlen(r.moves));
    write_all(fd, "\n", 1);
    free(r.moves);
    _exit(0);
}

/* ---- the match ---------------------------------------------------------------- */

typedef struct running {
    pid_t pid;
    int fd;
    int number;
    time_t started;                /* for the PGN's Date */
    char *buf;                     /* what the game's process wrote so far (malloc'd) */
    size_t len, cap;
} running;

/* The longest report a game's process can write: its result line and GGN_MAX_PLY moves. */
enum { MATCH_MAX_REPORT = 2048 + GGN_MAX_PLY * 32 };

/* PGN's Termination for a game that ended otherwise than by the rules. */
static const char *termination(match_end end)
{
    switch (end) {
    case MATCH_END_TIME: return "time forfeit";
    case MATCH_END_ILLEGAL: return "rules infraction";
    case MATCH_END_DISCONNECT: return "abandoned";
    case MATCH_END_MOVE_LIMIT: return "adjudication";
    case MATCH_END_RULE: break;
    }
    return "normal";
}

/* Appends the game to the --pgn file: replayed from its opening, moves in SAN, dated the day it began. */
static void write_pgn(const match_plan *plan, const ggn_game *game, int number, time_t started, int first, int winner,
                      int end, const char *moves)
{
    const char *fen = plan->openings ? plan->openings[((number - 1) / 2) % plan->nopenings] : NULL;
    ggn_position *pos = ggn_position_new(game);
    ggn_error err;
    ggn_error_clear(&err);
    if (!pos || (fen && !ggn_position_set_fen(pos, fen, &err))) {
        ggn_position_free(pos);
        return;
    }
    if (moves[0] && !cli_play_moves(pos, moves)) {
        ggn_position_free(pos);
        return;
    }
    char round[16], date[32] = "????.??.??";
    snprintf(round, sizeof round, "%d", number);
    struct tm day;
    if (localtime_r(&started, &day)) strftime(date, sizeof date, "%Y.%m.%d", &day);
    const char *result = winner < 0 ? "1/2-1/2" : winner == 0 ? "1-0" : "0-1";
    /* The tags are only read: the casts drop const for the tag type's sake. */
    ggn_pgn_tag tags[] = {
        { (char *)"Event", (char *)"ggn match" },
        { (char *)"Date", date },
        { (char *)"Round", round },
        { (char *)"White", (char *)plan->engine[first] },
        { (char *)"Black", (char *)plan->engine[1 - first] },
        { (char *)"Result", (char *)result },
        { (char *)"Termination", (char *)termination((match_end)end) },
        { (char *)"Variant", (char *)plan->variant }, /* as the engines were told it; last, as it may be absent */
    };
    size_t ntags = sizeof tags / sizeof tags[0] - (plan->variant ? 0 : 1);
    char *text = ggn_pgn_write(pos, tags, ntags, &err);
    if (text) {
        fputs(text, plan->pgn);
        fputc('\n', plan->pgn);
        fflush(plan->pgn);
        free(text);
    } else {
        fprintf(stderr, "ggn match: --pgn: game %d: %s\n", number, err.message);
    }
    ggn_position_free(pos);
}

/* Reads a finished game's report, prints it, counts it and writes it to the PGN file. */
static void record(const match_plan *plan, const ggn_game *game, running *g, match_tally *t)
{
    int winner = -1, end = 0, plies = 0, first = 0, used = 0;
    if (!g->buf || sscanf(g->buf, "%d %d %d %d %n", &winner, &end, &plies, &first, &used) < 4 || end < 0 ||
        end > 4 || first < 0 || first > 1) {
        printf("Game %d: no result (the arbiter's process failed)\n", g->number);
        return;
    }
    char *reason = g->buf + used;
    char *moves = strchr(reason, '\n');
    if (moves) *moves++ = '\0';
    else moves = reason + strlen(reason);
    moves[strcspn(moves, "\n")] = '\0';
    match_game_line line = { g->number, { plan->engine[first], plan->engine[1 - first] },
                             { ggn_game_player_name(game, 0), ggn_game_player_name(game, 1) }, first, winner, end,
                             plies, reason };
    match_count_game(plan->shard_games ? stderr : stdout, t, &line);
    if (plan->shard_games) json_array_append_new(plan->shard_games, match_game_json(&line));
    if (plan->pgn) write_pgn(plan, game, g->number, g->started, first, winner, end, moves);
    char why[256];
    const char *fen = plan->openings ? plan->openings[((g->number - 1) / 2) % plan->nopenings] : NULL;
    if (plan->sgf && !match_write_sgf(plan->sgf, game, fen, plan->engine[first], plan->engine[1 - first], winner, end,
                                      reason, moves, g->started, why, sizeof why))
        fprintf(stderr, "ggn match: --sgf: game %d: %s\n", g->number, why);
}

static void summary(const match_plan *plan, const match_tally *t, const char *verdict)
{
    match_print_summary(plan->engine[0], plan->engine[1], t);
    if (plan->sprt)
        printf("SPRT (elo0 %.1f, elo1 %.1f): LLR %.2f (-2.94, 2.94): %s\n", plan->elo0, plan->elo1,
               match_sprt_llr(&t->score, plan->elo0, plan->elo1), verdict ? verdict : "no decision yet");
}

/*
 * Starts each engine once, as a game would (handshake, and for CECP the
 * start of a game from the first opening), and stops it: an engine that
 * cannot start, or cannot play this game, stops the match before its first
 * game (CLI_INVALID, the reason on stderr) rather than forfeit every game.
 */
int match_check_engines(const match_plan *plan, const ggn_game *game)
{
    match_engine *e = malloc(sizeof *e);
    if (!e) {
        fprintf(stderr, "ggn match: out of memory\n");
        return CLI_INVALID;
    }
    int status = CLI_OK;
    const char *fen = plan->openings ? plan->openings[0] : NULL;
    for (int i = 0; i < MATCH_MAX_ENGINES && status == CLI_OK && !interrupted; i++) {
        char why[sizeof ((match_result *)0)->reason];
        bool started = match_engine_start(e, plan->engine[i], plan->protocol[i], why, sizeof why);
        bool ready = started && match_engine_handshake(e, plan->variant, plan->options, why, sizeof why) &&
                     (e->protocol != MATCH_PROTOCOL_XBOARD ||
                      match_xboard_new_game(e, game, plan->variant, fen, &plan->clock, why, sizeof why)) &&
                     (e->protocol != MATCH_PROTOCOL_GTP ||
                      match_gtp_new_game(e, game, fen, &plan->clock, why, sizeof why));
        if (started) match_engine_stop(e);
        if (!ready && !interrupted) {
            char command[4 * 256], reason[4 * sizeof why];
            fprintf(stderr, "ggn match: engine %d (%s) cannot play: %s\n", i + 1,
                    cli_escape(plan->engine[i], command, sizeof command), cli_escape(why, reason, sizeof reason));
            status = CLI_INVALID;
        }
    }
    free(e);
    return status;
}

int match_run(const match_plan *plan, const ggn_game *game)
{
    running slots[MATCH_MAX_JOBS];
    int nrunning = 0, next = 1;
    match_tally t;
    memset(&t, 0, sizeof t);
    const char *verdict = NULL;
    while ((next <= plan->games || nrunning > 0) && !interrupted) {
        while (!verdict && !interrupted && next <= plan->games && nrunning < plan->jobs) {
            if (!shard_owns(next - 1, plan->shard, plan->shards)) {
                next++;
                continue;
            }
            int fds[2];
            if (pipe(fds) != 0) break;
            /* Close-on-exec: an engine (or what it leaves running) must not hold the game's result pipe open. */
            fcntl(fds[0], F_SETFD, FD_CLOEXEC);
            fcntl(fds[1], F_SETFD, FD_CLOEXEC);
            fflush(stdout);
            pid_t pid = fork();
            if (pid < 0) {
                close(fds[0]);
                close(fds[1]);
                break;
            }
            if (pid == 0) {
                close(fds[0]);
                play_in_child(plan, game, next, fds[1]);
            }
            close(fds[1]);
            running *g = &slots[nrunning++];
            g->pid = pid;
            g->fd = fds[0];
            g->number = next++;
            g->started = time(NULL);
            g->len = 0;
            g->cap = 0;
            g->buf = NULL;
        }
        if (nrunning <= 0) break;
        struct pollfd pf[MATCH_MAX_JOBS];
        for (int i = 0; i < nrunning; i++) pf[i] = (struct pollfd){ slots[i].fd, POLLIN, 0 };
        /* A bounded wait, so a signal that comes just before it is seen within a quarter of a second. */
        int ready = poll(pf, (nfds_t)nrunning, 250);
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        for (int i = 0; i < nrunning; i++) {
            if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            running *g = &slots[i];
            if (g->len + 1 >= g->cap && g->cap < MATCH_MAX_REPORT) {
                size_t grown = g->cap ? g->cap * 2 : 4096;
                char *bigger = realloc(g->buf, grown);
                if (bigger) {
                    g->buf = bigger;
                    g->cap = grown;
                }
            }
            ssize_t got = g->len + 1 < g->cap ? read(g->fd, g->buf + g->len, g->cap - 1 - g->len) : 0;
            if (got > 0) {
                g->len += (size_t)got;
                g->buf[g->len] = '\0';
                continue;
            }
            if (got < 0 && errno == EINTR) continue;
            close(g->fd);
            waitpid(g->pid, NULL, 0);
            record(plan, game, g, &t);
            free(g->buf);
            slots[i] = slots[--nrunning];
            pf[i] = pf[nrunning];
            i--;
            if (plan->sprt && !verdict) {
                double llr = match_sprt_llr(&t.score, plan->elo0, plan->elo1);
                if (llr >= 2.94) verdict = "H1 accepted";
                else if (llr <= -2.94) verdict = "H0 accepted";
            }
        }
    }
    if (interrupted) {
        /* The running games end with their engines; what they played so far is not a result. */
        for (int i = 0; i < nrunning; i++) kill(slots[i].pid, SIGTERM);
        for (int i = 0; i < nrunning; i++) {
            waitpid(slots[i].pid, NULL, 0);
            close(slots[i].fd);
            free(slots[i].buf);
            printf("Game %d: not finished (the match was ended by a signal)\n", slots[i].number);
        }
        fprintf(stderr, "ggn match: ended by %s after %d game%s\n", interrupted == SIGINT ? "SIGINT" : "SIGTERM",
                t.score.wins + t.score.draws + t.score.losses,
                t.score.wins + t.score.draws + t.score.losses == 1 ? "" : "s");
    }
    if (plan->shard_games) return CLI_OK; /* the caller prints the shard document */
    summary(plan, &t, verdict);
    return CLI_OK;
}

/* What decides a match's games, for its shard documents: the game, the engines, the clock, the openings. */
json_t *match_shard_job(const match_plan *plan, const ggn_game *game, const char *game_arg)
{
    json_t *openings = json_array(), *options = json_array();
    for (int i = 0; openings && i < plan->nopenings; i++) json_array_append_new(openings, cli_json_string(plan->openings[i]));
    for (int i = 0; options && plan->options[i]; i++) json_array_append_new(options, cli_json_string(plan->options[i]));
    json_t *job = json_pack("{s:s, s:[o, o], s:[o, o], s:i, s:{s:I, s:I, s:I, s:I}, s:o, s:o, s:o}", "command",
                            "match", "engines", cli_json_string(plan->engine[0]), cli_json_string(plan->engine[1]),
                            "players", cli_json_string(ggn_game_player_name(game, 0)),
                            cli_json_string(ggn_game_player_name(game, 1)), "games", plan->games, "clock", "base_ms",
                            (json_int_t)plan->clock.base_ms, "inc_ms", (json_int_t)plan->clock.inc_ms, "movetime_ms",
                            (json_int_t)plan->clock.movetime_ms, "margin_ms", (json_int_t)plan->clock.margin_ms,
                            "variant", plan->variant ? cli_json_string(plan->variant) : json_null(), "options", options,
                            "openings", openings);
    if (job && !shard_add_game(job, game, game_arg)) {
        json_decref(job);
        return NULL;
    }
    return job;
}

void match_catch_interrupts(void) { catch_signals(on_match_signal); }
