/*
 * cmd_match.c — `ggn match GAME --engine A --engine B`: a match between two
 * UCI or CECP engines with ggn as the arbiter (match.h). Each game runs in a child
 * process of its own, with fresh engine processes, so -j games can run at
 * once and one engine's crash costs one game; the parent only schedules,
 * collects one result line per game and keeps the score.
 */
#include <ctype.h>
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
#include "match/match.h"
#include "shard/shard.h"

static const char help[] =
    "Usage: ggn match GAME --engine CMD --engine CMD [--games N]\n"
    "                 [--tc BASE+INC | --movetime MS] [--margin MS]\n"
    "                 [--openings FILE] [--variant NAME] [--option NAME=VALUE]...\n"
    "                 [-j N] [--sprt ELO0,ELO1] [--pgn FILE] [--shard I/K]\n"
    "\n"
    "Plays two engines that speak UCI or CECP (XBoard's protocol) against each\n"
    "other in GAME, with ggn as the arbiter: ggn keeps both clocks, checks\n"
    "every move against the game\n"
    "spec and ends every game by the spec's own rules (checkmate, stalemate,\n"
    "repetition, ...) or by a forfeit (an illegal move, time, an engine that\n"
    "dies or falls silent). Any two-player game with FEN can be played, also\n"
    "one that no other match runner knows, as long as the engines do.\n"
    "\n"
    "Options:\n"
    "  --engine CMD      an engine's command line (run by /bin/sh); give two.\n"
    "                    The first plays first in odd games, second in even ones.\n"
    "                    CMD speaks UCI; xboard:CMD is an engine that speaks CECP\n"
    "                    (XBoard's protocol, version 2), uci:CMD says UCI outright\n"
    "  --games N         games to play (default 2); each opening is played twice,\n"
    "                    once with each engine first\n"
    "  --tc BASE+INC     a clock of BASE seconds plus INC seconds a move\n"
    "                    (default 10+0.1; 1+0.01 and 60 work as well)\n"
    "  --movetime MS     instead, MS milliseconds for every move\n"
    "  --margin MS       how far past its clock an engine may go (default 0 with\n"
    "                    --tc, whose engines keep their own reserve; 1000 with\n"
    "                    --movetime, where a loaded machine's delays in starting\n"
    "                    and reading an answer are not the engine's)\n"
    "  --openings FILE   start positions, one FEN a line (EPD operations after\n"
    "                    ';' and lines starting with '#' are ignored), in turn;\n"
    "                    a bad one is said as FILE:LINE: error: ...\n"
    "  --variant NAME    the UCI_Variant value sent to the engines, CECP's\n"
    "                    `variant NAME` (default: the game's name; chess is\n"
    "                    CECP's normal); --variant none sends none\n"
    "  --option N=V      `setoption name N value V` for both engines, CECP's\n"
    "                    `option N=V` (repeatable)\n"
    "  -j N              play N games at once (default 1)\n"
    "  --sprt E0,E1      stop when the sequential probability ratio test decides\n"
    "                    between \"the first engine is E0 Elo stronger\" and \"E1\n"
    "                    Elo stronger\" (alpha = beta = 0.05)\n"
    "  --pgn FILE        write every game to FILE as PGN (SAN moves, Date,\n"
    "                    Variant, FEN of the opening, Result and Termination\n"
    "                    tags), each game as it ends\n"
    "  --shard I/K       play only the games of shard I of K (game n, from 1,\n"
    "                    belongs to shard (n - 1) % K + 1; not with --sprt) and\n"
    "                    print them as a shard document (JSON, the game lines\n"
    "                    go to standard error); `ggn merge` prints the whole\n"
    "                    match from the K shards (docs/cluster.md)\n"
    "\n"
    "Output: one line per game (\"Game 3: A - B 1-0 (checkmate, 57 plies)\"),\n"
    "then the score from the first engine's view, its Elo difference with the\n"
    "95 % error, the forfeits by kind and, with --sprt, the test's verdict.\n"
    "\n"
    "Example (ggn in UCI against ggn in CECP; with Fairy-Stockfish, --engine\n"
    "/usr/games/fairy-stockfish or xboard:/usr/games/fairy-stockfish):\n"
    "  $ ggn match minishogi --engine 'ggn uci' --engine 'xboard:ggn xboard' --games 2 --movetime 50\n"
    "  Game 1: ggn uci (WHITE) - ggn xboard (BLACK): ...\n"
    "  ...\n"
    "\n"
    "Before the first game each engine is started once and given the game (its\n"
    "handshake): one that cannot be started, or refuses the game, stops the\n"
    "match there with the reason. SIGINT (Ctrl-C) or SIGTERM ends the running\n"
    "games and their engines, prints the score of the games played, keeps the\n"
    "PGN written so far and ends ggn by the signal.\n"
    "\n"
    "Exit status: 0 the match was played (whatever its results), 1 the game\n"
    "or the openings are invalid or an engine cannot be started or play the\n"
    "game, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_match = { "match", "play UCI or CECP engines against each other, ggn as the arbiter", help, run };

enum {
    MATCH_MAX_JOBS = 64,
    MATCH_MAX_OPTIONS = 16,
    MATCH_MAX_OPENINGS = 100000,
    /*
     * --movetime's default --margin: an engine told "movetime 30" answers in
     * about 30 ms, but on a machine busy with other work its process may wait
     * that long again and more to be scheduled, and so may the arbiter; a
     * second absorbs that and still ends a game whose engine ignores the time.
     */
    MATCH_MOVETIME_MARGIN_MS = 1000
};

typedef struct match_plan {
    const char *game_path;
    const char *engine[MATCH_MAX_ENGINES];  /* the command, without its protocol prefix */
    match_protocol protocol[MATCH_MAX_ENGINES];
    const char *variant;           /* NULL: none sent */
    const char *options[MATCH_MAX_OPTIONS + 1];
    match_clock clock;
    int games, jobs;
    char **openings;               /* NULL: the start position */
    int *opening_lines;            /* the line of the file each opening is on */
    int nopenings;
    bool sprt;
    double elo0, elo1;
    FILE *pgn;                     /* --pgn, or NULL */
    const char *pgn_path;
    int shard, shards;             /* --shard I/K; 1/1 without */
    json_t *shard_games;           /* with --shard: the games played, for the shard document */
} match_plan;

/* ---- options --------------------------------------------------------------- */

static bool parse_seconds(const char *text, long *ms)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || end == text || !(v >= 0) || v > 1e6) return false;
    *ms = (long)(v * 1000.0 + 0.5);
    return *end == '\0' || *end == '+';
}

/* "BASE+INC" or "BASE" in seconds. */
static bool parse_tc(const char *text, match_clock *c)
{
    if (!isdigit((unsigned char)text[0]) && text[0] != '.') return false;
    if (!parse_seconds(text, &c->base_ms)) return false;
    const char *plus = strchr(text, '+');
    c->inc_ms = 0;
    if (plus && !parse_seconds(plus + 1, &c->inc_ms)) return false;
    if (plus && strchr(plus + 1, '+')) return false;
    return c->base_ms > 0;
}

static bool parse_count(const char *text, long lo, long hi, long *out)
{
    if (!isdigit((unsigned char)text[0])) return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

/* Reads the openings file: one FEN a line, each with its line number. False (printed) when unreadable or empty. */
static bool read_openings(const char *path, match_plan *plan)
{
    ggn_error err;
    ggn_error_clear(&err);
    char at[4096];
    snprintf(at, sizeof at, "@%s", path);
    char *text = cli_read_arg(at, &err);
    char safe[4 * sizeof err.message];
    if (!text) {
        fprintf(stderr, "ggn match: --openings: %s\n", cli_escape(err.message, safe, sizeof safe));
        return false;
    }
    int cap = 0, number = 0;
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next) *next++ = '\0';
        number++;
        line[strcspn(line, ";\r")] = '\0';
        while (*line == ' ' || *line == '\t') line++;
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t')) line[--n] = '\0';
        if (!n || line[0] == '#') continue;
        if (plan->nopenings == MATCH_MAX_OPENINGS) break;
        if (plan->nopenings == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(plan->openings, (size_t)cap * sizeof *grown);
            if (grown) plan->openings = grown;
            int *lines = grown ? realloc(plan->opening_lines, (size_t)cap * sizeof *lines) : NULL;
            if (lines) plan->opening_lines = lines;
            if (!grown || !lines) break;
        }
        plan->openings[plan->nopenings] = strdup(line);
        if (!plan->openings[plan->nopenings]) break;
        plan->opening_lines[plan->nopenings] = number;
        plan->nopenings++;
    }
    free(text);
    if (plan->nopenings == 0) {
        fprintf(stderr, "ggn match: --openings: %s holds no position\n", cli_escape(path, safe, sizeof safe));
        return false;
    }
    return true;
}

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
             !match_xboard_new_game(engines[side], game, plan->variant, fen, &plan->clock, why, sizeof why))) {
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
static int check_engines(const match_plan *plan, const ggn_game *game)
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
                      match_xboard_new_game(e, game, plan->variant, fen, &plan->clock, why, sizeof why));
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

static int play_match(const match_plan *plan, const ggn_game *game)
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
static json_t *shard_job(const match_plan *plan, const ggn_game *game, const char *game_arg)
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

static int run(int argc, char **argv)
{
    match_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.games = 2;
    plan.jobs = 1;
    plan.clock.base_ms = 10000;
    plan.clock.inc_ms = 100;
    const char *game_arg = NULL, *tc = NULL, *movetime = NULL, *margin = NULL, *openings = NULL, *games = NULL,
               *jobs = NULL, *sprt = NULL, *variant = NULL, *pgn = NULL, *shard = NULL;
    int nengines = 0, noptions = 0;
    for (int i = 1; i < argc;) {
        const char *value = NULL;
        int got;
        if ((got = cli_option("match", argc, argv, &i, "--engine", &value)) != 0) {
            if (got < 0) return CLI_USAGE;
            if (nengines == MATCH_MAX_ENGINES) return cli_usage_error("match", "give exactly two --engine options");
            /* "xboard:CMD" is an engine that speaks CECP, "uci:CMD" (or a bare CMD) one that speaks UCI. */
            plan.protocol[nengines] = MATCH_PROTOCOL_UCI;
            if (strncmp(value, "xboard:", 7) == 0) {
                plan.protocol[nengines] = MATCH_PROTOCOL_XBOARD;
                value += 7;
            } else if (strncmp(value, "uci:", 4) == 0) {
                value += 4;
            }
            if (!*value) return cli_usage_error("match", "--engine needs a command after its protocol");
            plan.engine[nengines++] = value;
            continue;
        }
        if ((got = cli_option("match", argc, argv, &i, "--option", &value)) != 0) {
            if (got < 0) return CLI_USAGE;
            if (noptions == MATCH_MAX_OPTIONS) return cli_usage_error("match", "at most %d --option", MATCH_MAX_OPTIONS);
            if (!strchr(value, '=')) return cli_usage_error("match", "--option takes NAME=VALUE, not '%s'", value);
            plan.options[noptions++] = value;
            continue;
        }
        const char *names[] = { "--tc", "--movetime", "--margin", "--openings", "--games", "-j", "--sprt", "--variant",
                                "--pgn", "--shard" };
        const char **slots[] = { &tc, &movetime, &margin, &openings, &games, &jobs, &sprt, &variant, &pgn, &shard };
        got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("match", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        if (argv[i][0] == '-' && argv[i][1]) return cli_usage_error("match", "unknown option '%s'", argv[i]);
        if (game_arg) return cli_usage_error("match", "unexpected argument '%s'", argv[i]);
        game_arg = argv[i++];
    }
    if (!game_arg) return cli_usage_error("match", "no GAME given");
    if (nengines != 2) return cli_usage_error("match", "give exactly two --engine options");
    long v;
    if (games) {
        if (!parse_count(games, 1, MATCH_MAX_GAMES, &v))
            return cli_usage_error("match", "--games must be 1 to %d, not '%s'", MATCH_MAX_GAMES, games);
        plan.games = (int)v;
    }
    if (jobs) {
        if (!parse_count(jobs, 1, MATCH_MAX_JOBS, &v))
            return cli_usage_error("match", "-j must be 1 to %d, not '%s'", MATCH_MAX_JOBS, jobs);
        plan.jobs = (int)v;
    }
    if (tc && movetime) return cli_usage_error("match", "--tc and --movetime both set the time: give one");
    if (tc && !parse_tc(tc, &plan.clock))
        return cli_usage_error("match", "--tc takes BASE+INC in seconds (10+0.1, 60), not '%s'", tc);
    if (movetime) {
        if (!parse_count(movetime, 1, 86400000, &v))
            return cli_usage_error("match", "--movetime takes milliseconds, not '%s'", movetime);
        plan.clock.movetime_ms = v;
        plan.clock.margin_ms = MATCH_MOVETIME_MARGIN_MS; /* unless --margin says otherwise, below */
    }
    if (margin) {
        if (!parse_count(margin, 0, 60000, &v))
            return cli_usage_error("match", "--margin takes 0 to 60000 milliseconds, not '%s'", margin);
        plan.clock.margin_ms = v;
    }
    if (sprt) {
        char *end;
        plan.elo0 = strtod(sprt, &end);
        if (end == sprt || *end != ',') return cli_usage_error("match", "--sprt takes ELO0,ELO1, not '%s'", sprt);
        const char *second = end + 1;
        plan.elo1 = strtod(second, &end);
        if (end == second || *end || !(plan.elo1 > plan.elo0))
            return cli_usage_error("match", "--sprt takes ELO0,ELO1 with ELO0 < ELO1, not '%s'", sprt);
        plan.sprt = true;
    }
    plan.shard = plan.shards = 1;
    if (shard && !shard_parse(shard, &plan.shard, &plan.shards))
        return cli_usage_error("match", "--shard takes I/K with 1 <= I <= K <= %d, not '%s'", SHARD_MAX, shard);
    if (shard && sprt) return cli_usage_error("match", "--sprt stops on the games played so far: it does not go with --shard");
    /* The variant name the engines are told: the game's file name without .json unless given. */
    char name[256];
    if (variant) {
        plan.variant = strcmp(variant, "none") == 0 ? NULL : variant;
    } else {
        ggn_game_name_of_path(game_arg, name, sizeof name);
        plan.variant = name;
    }

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    int status = CLI_OK;
    if (ggn_game_player_count(game) != 2 || !ggn_game_has_fen(game)) {
        fprintf(stderr, "ggn match: %s: a match needs a game of two players with FEN\n", game_arg);
        status = CLI_INVALID;
    } else if (openings && !read_openings(openings, &plan)) {
        status = CLI_INVALID;
    } else {
        /* Every opening must be a position of the game before any engine starts. */
        for (int i = 0; i < plan.nopenings && status == CLI_OK; i++) {
            ggn_position *pos = ggn_position_new(game);
            ggn_error err;
            ggn_error_clear(&err);
            if (!pos || !ggn_position_set_fen(pos, plan.openings[i], &err)) {
                char file[4 * 256], why[4 * sizeof err.message];
                fprintf(stderr, "%s:%d: error: %s\n", cli_escape(openings, file, sizeof file), plan.opening_lines[i],
                        cli_escape(pos ? err.message : "out of memory", why, sizeof why));
                status = CLI_INVALID;
            }
            ggn_position_free(pos);
        }
    }
    if (status == CLI_OK) {
        signal(SIGPIPE, SIG_IGN);
        catch_signals(on_match_signal); /* from here on a signal ends the match, never leaves an engine running */
        status = check_engines(&plan, game);
    }
    if (status == CLI_OK && pgn) {
        plan.pgn = fopen(pgn, "w");
        plan.pgn_path = pgn;
        if (!plan.pgn) {
            fprintf(stderr, "ggn match: --pgn: cannot write %s: %s\n", pgn, strerror(errno));
            status = CLI_INVALID;
        }
    }
    json_t *job = NULL;
    if (status == CLI_OK && shard) {
        job = shard_job(&plan, game, game_arg);
        plan.shard_games = json_array();
        if (!job || !plan.shard_games) {
            fprintf(stderr, "ggn match: out of memory, or the game's file cannot be read again\n");
            status = CLI_INVALID;
        }
    }
    if (status == CLI_OK && !interrupted) status = play_match(&plan, game);
    if (status == CLI_OK && job) {
        status = shard_print("match", job, plan.shard, plan.shards, json_pack("{s:O}", "games", plan.shard_games));
        job = NULL;
    }
    json_decref(job);
    json_decref(plan.shard_games);
    if (plan.pgn && (ferror(plan.pgn) | fclose(plan.pgn))) {
        fprintf(stderr, "ggn match: --pgn: writing %s failed\n", plan.pgn_path);
        status = CLI_INVALID;
    }
    for (int i = 0; i < plan.nopenings; i++) free(plan.openings[i]);
    free(plan.openings);
    free(plan.opening_lines);
    ggn_game_free(game);
    if (interrupted) {
        /* Ended by a signal: after the summary and the PGN, end by it too, as the caller (a shell, a scheduler) expects. */
        fflush(stdout);
        signal(interrupted, SIG_DFL);
        raise(interrupted);
    }
    return status;
}
