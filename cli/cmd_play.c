/*
 * cmd_play.c — `ggn play [GAME]`: play a game in the terminal, against
 * people or the computer. This file reads the command line and sets the
 * session up; the game itself (the loop, the board, the typed commands, the
 * record and the computer player) lives in cli/play/ (play/play.h), and the
 * game in progress in the library (ggn/play.h).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_player.h"
#include "ggn/ggn.h"
#include "ggn/id.h"
#include "play/play.h"

static const char help[] =
    "Usage: ggn play [GAME] [--players LIST] [--fen FEN | --sfen SFEN]\n"
    "                [--load FILE] [--record FILE] [--think TIME] [--depth N]\n"
    "                [--flip] [--color WHEN] [--seed N] [--wxf] [--player P]\n"
    "\n"
    "Plays GAME (a game spec file or a name ggn games lists; chess by default) in\n"
    "the terminal, drawn in its family's look where the terminal can (the\n"
    "spec's display: characters, chess glyphs, shogi's coordinates, the sides'\n"
    "names). The board is drawn after every move; type a move as its source\n"
    "and destination (e2e4, e2-e4, e2 e4, [4,1] [4,3], e7e8q, e7e8=QUEEN), in\n"
    "SAN (Nf3, exd5, O-O, e8=Q, P@e4, pass; docs/pgn.md), in USI (7g7f,\n"
    "8h2b+, P*5e) or one of the commands (help lists them with examples):\n"
    "  moves [SQUARE]  list the legal moves (only those from SQUARE)\n"
    "  undo            take back the last move (and the computer's reply)\n"
    "  resign          give up the game\n"
    "  draw            offer a draw, or accept the other side's offer\n"
    "  fen             print the position as FEN\n"
    "  sfen            print the position as SFEN (shogi's USI notation)\n"
    "  save FILE       save the game record as JSON\n"
    "  load FILE       load a game record written by save\n"
    "  flip            turn the board around\n"
    "  board           draw the board again\n"
    "  help            list the commands\n"
    "  quit            leave (end of input does the same)\n"
    "A promotion typed without its piece asks which piece to promote to; one\n"
    "that may be declined, typed without + or =, asks whether to promote.\n"
    "\n"
    "Options:\n"
    "  --players LIST  who moves each player, in the game's player order,\n"
    "                  comma-separated: human or computer (default: the first\n"
    "                  player human, the others computer; e.g. human,human)\n"
    "  --fen FEN       start from this position\n"
    "  --sfen SFEN     start from this position written as SFEN\n"
    "  --load FILE     start from a game record written by save, from the\n"
    "                  first game of a PGN file (FILE ending in .pgn) or from a\n"
    "                  shogi game in KIF (FILE ending in .kif); without GAME,\n"
    "                  the game is the one the file names\n"
    "  --record FILE   write the game to FILE when it ends and when ggn play\n"
    "                  stops: PGN when FILE ends in .pgn, KIF (shogi's record,\n"
    "                  UTF-8) in .kif, SGF (Go's) in .sgf, else the JSON record\n"
    "  --think TIME    the computer's time per move: 500ms, 1s, 2.5s, 1m (default 1s)\n"
    "  --depth N       the computer's maximum search depth in half-moves (1 to 48)\n"
    "  --player P      the computer player: alphabeta or mcts (default: the one\n"
    "                  the game's spec names, else alphabeta; mcts uses --think\n"
    "                  only)\n"
    "  --seed N        a game that draws its start (fischerandom, caparandom:\n"
    "                  random_start) starts from the start N draws, the same on\n"
    "                  every machine (0 to 18446744073709551615); without it,\n"
    "                  from a start drawn at random. The seed and the start's\n"
    "                  FEN are printed first, so a game can be started again\n"
    "  --flip          draw the board from the other side\n"
    "  --wxf           print moves in WXF notation (xiangqi: C2.5, H8+7, R+.3);\n"
    "                  moves typed in WXF are read without it\n"
    "  --color WHEN    auto (default), always or never; auto uses colours when\n"
    "                  both standard input and output are terminals and NO_COLOR\n"
    "                  is not set\n"
    "\n"
    "When standard input is not a terminal, ggn play reads one move or command\n"
    "per line, prints plain text without prompts, colours or cursor codes, and\n"
    "stops at the end of the game or of the input:\n"
    "  printf 'f2f3\\ne7e5\\ng2g4\\nd8h4\\n' | ggn play chess --players human,human\n"
    "\n"
    "See docs/play.md for the details and the record format, docs/pgn.md for\n"
    "SAN and PGN.\n"
    "\n"
    "Exit status: 0 when the game ends or is left, 1 when GAME, the FEN, the\n"
    "SFEN or the record is invalid, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_play = { "play", "play a game in the terminal against people or the computer", help, run };

/* ---- the command line ---- */

static int parse_players(play_session *s, const char *list)
{
    int count = ggn_game_player_count(s->game), n = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        if (n >= count)
            return cli_usage_error("play", "--players lists more than the %d players of %s", count,
                                   ggn_game_name(s->game));
        if (len == 5 && strncmp(p, "human", 5) == 0) s->computer[n] = false;
        else if (len == 8 && strncmp(p, "computer", 8) == 0) s->computer[n] = true;
        else return cli_usage_error("play", "--players: '%.*s' is neither human nor computer", (int)len, p);
        n++;
        p += len;
        if (*p == ',') p++;
    }
    if (n != count)
        return cli_usage_error("play", "--players needs one entry for each of the %d players of %s", count,
                               ggn_game_name(s->game));
    return CLI_OK;
}

static bool colour_wanted(const char *when)
{
    if (strcmp(when, "always") == 0) return true;
    if (strcmp(when, "never") == 0) return false;
    const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
    if (no && *no) return false;
    if (term && strcmp(term, "dumb") == 0) return false;
    return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

/*
 * The start as the game record keeps it (always FEN): the text given, or the
 * FEN of a position given as SFEN. NULL (after saying why) on failure.
 */
static char *start_fen_of(const ggn_position *pos, const char *fen)
{
    char buf[GGN_MAX_FEN_BYTES + 1];
    if (!fen && !ggn_position_fen(pos, buf, sizeof buf)) {
        fprintf(stderr, "--sfen: error: the position's FEN, which the game record keeps, is longer than %d bytes\n",
                GGN_MAX_FEN_BYTES);
        return NULL;
    }
    char *copy = strdup(fen ? fen : buf);
    if (!copy) fprintf(stderr, "ggn: out of memory\n");
    return copy;
}

/* --seed: a whole decimal number that fits 64 bits. */
static bool parse_seed(const char *text, uint64_t *out)
{
    if (!isdigit((unsigned char)text[0])) return false;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end) return false;
    *out = (uint64_t)v;
    return true;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *fen = NULL, *sfen = NULL, *players = NULL, *think = NULL, *depth = NULL,
               *load = NULL, *record = NULL, *seed = NULL, *player = NULL;
    const char *colour = "auto";
    bool flip = false, wxf = false;
    for (int i = 1; i < argc;) {
        static const char *const names[] = { "--fen",   "--sfen", "--players", "--think",
                                             "--depth", "--load", "--color",   "--record", "--seed",
                                             "--player" };
        const char **slots[] = { &fen, &sfen, &players, &think, &depth, &load, &colour, &record, &seed, &player };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("play", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--flip") == 0) flip = true;
        else if (strcmp(arg, "--wxf") == 0) wxf = true;
        else if (arg[0] == '-' && arg[1]) return cli_usage_error("play", "unknown option '%s'", arg);
        else if (!game_arg) game_arg = arg;
        else return cli_usage_error("play", "unexpected argument '%s'", arg);
        i++;
    }
    if (strcmp(colour, "auto") != 0 && strcmp(colour, "always") != 0 && strcmp(colour, "never") != 0)
        return cli_usage_error("play", "--color is auto, always or never, not '%s'", colour);
    play_session s;
    memset(&s, 0, sizeof s);
    long think_ms = 1000;
    if (think && !cli_parse_think(think, 0, 86400000L, &think_ms))
        return cli_usage_error("play", "--think takes a time like 500ms, 1s or 2.5s, not '%s'", think);
    s.limits.think_ms = (int)think_ms;
    if (depth) {
        char *end;
        long d = strtol(depth, &end, 10);
        if (end == depth || *end || d < 1 || d > GGN_MAX_SEARCH_DEPTH)
            return cli_usage_error("play", "--depth takes a whole number from 1 to %d, not '%s'", GGN_MAX_SEARCH_DEPTH,
                                   depth);
        s.limits.depth = (int)d;
    }
    if (player && !cli_player_parse(player, &s.player))
        return cli_usage_error("play", "--player takes alphabeta or mcts, not '%s'", player);
    if (cli_check_start("play", fen, sfen) != CLI_OK) return CLI_USAGE;
    if ((fen || sfen) && load)
        return cli_usage_error("play", "%s and --load both say where to start: give one", fen ? "--fen" : "--sfen");
    if (!game_arg && !load) game_arg = "chess";
    uint64_t seed_value = 0;
    if (seed && !parse_seed(seed, &seed_value))
        return cli_usage_error("play", "--seed takes a whole number from 0 to %" PRIu64 ", not '%s'", UINT64_MAX, seed);
    if (seed && (fen || sfen || load))
        return cli_usage_error("play", "--seed draws the start, and %s gives it: give one",
                               fen ? "--fen" : sfen ? "--sfen" : "--load");

    char *load_game = NULL; /* with --load and no GAME: the game the file names */
    if (!game_arg && load) {
        ggn_error err;
        ggn_error_clear(&err);
        if (!(load_game = play_record_game_of(load, &err))) {
            char safe[PLAY_ESCAPED_BYTES];
            fprintf(stderr, "--load: error: %s\n", cli_escape(err.message, safe, sizeof safe));
            return CLI_INVALID;
        }
        game_arg = load_game;
    }
    s.game_arg = game_arg;
    s.record = record;
    s.game = cli_load_game(game_arg);
    if (!s.game) {
        free(load_game);
        return CLI_INVALID;
    }
    int status = CLI_OK;
    s.draw_offer = -1;
    for (int p = 1; p < ggn_game_player_count(s.game); p++) s.computer[p] = true;
    if (players && (status = parse_players(&s, players)) != CLI_OK) goto done;
    ggn_position *start = cli_open_position(s.game, fen, sfen, NULL);
    if (!start) {
        status = CLI_INVALID;
        goto done;
    }
    char *start_fen = NULL;
    if (seed && !ggn_game_has_random_start(s.game)) {
        ggn_position_free(start);
        status = cli_usage_error("play", "--seed: %s does not draw its start (it has no random_start)", game_arg);
        goto done;
    }
    if (!fen && !sfen && !load && ggn_game_has_random_start(s.game)) {
        if (!seed) seed_value = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
        if (!ggn_position_random_start(start, seed_value) || !(start_fen = start_fen_of(start, NULL))) {
            ggn_position_free(start);
            status = CLI_INVALID;
            goto done;
        }
        printf("random start, seed %" PRIu64 ": %s\n", seed_value, start_fen);
    }
    ggn_error err;
    ggn_error_clear(&err);
    if ((fen || sfen) && !(start_fen = start_fen_of(start, fen))) {
        ggn_position_free(start);
        status = CLI_INVALID;
        goto done;
    }
    /* The game in progress, from that start (which its record keeps as FEN). */
    s.play = ggn_play_new(s.game);
    bool adopted = s.play && ggn_play_adopt(s.play, start, start_fen, &err);
    if (!s.play) ggn_position_free(start);
    free(start_fen);
    if (!adopted) {
        fprintf(stderr, "ggn: out of memory\n");
        status = CLI_INVALID;
        goto done;
    }
    if (load && !(play_record_is_kif(load)   ? play_record_load_kif(&s, load, &err)
                  : play_record_is_pgn(load) ? play_record_load_pgn(&s, load, &err)
                                             : play_record_load(&s, load, &err))) {
        char safe[PLAY_ESCAPED_BYTES];
        fprintf(stderr, "--load: error: %s\n", cli_escape(err.message, safe, sizeof safe));
        status = CLI_INVALID;
        goto done;
    }
    s.in = stdin;
    s.out = stdout;
    s.interactive = isatty(STDIN_FILENO);
    s.colour = colour_wanted(colour);
    if (wxf && !ggn_wxf_available(s.game)) {
        status = cli_usage_error("play", "--wxf: %s has no WXF notation (xiangqi's: the xiangqi style, two players)",
                                 game_arg);
        goto done;
    }
    s.wxf = wxf;
    /* Against the computer, a person playing the second side sees the board from their side. */
    s.flipped = flip != (ggn_game_player_count(s.game) == 2 && s.computer[0] && !s.computer[1]);
    status = play_loop(&s);
    play_record_game(&s);
done:
    ggn_searcher_free(s.searcher);
    ggn_mcts_free(s.mcts);
    ggn_play_free(s.play);
    ggn_game_free(s.game);
    free(load_game);
    return status;
}
