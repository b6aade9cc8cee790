/* cmd_status.c — `ggn status GAME`: whether a position's game is over, and how. */
#include <string.h>

#include "cli.h"
#include "cli_json.h"
#include "ggn/game.h"
#include "ggn/play.h"

static const char help[] =
    "Usage: ggn status GAME [--fen FEN | --sfen SFEN] [--moves LIST] [--json]\n"
    "\n"
    "Judges a position of GAME by the game's own rules (draw rules included)\n"
    "and prints its outcome on one line:\n"
    "  ongoing (White to move)          the game goes on; \", in check\" when\n"
    "                                   a leader of the player to move is\n"
    "                                   attacked\n"
    "  Black wins (checkmate)           a player has won, and how\n"
    "  draw (stalemate)                 a draw, and which rule made it\n"
    "The word in brackets is the outcome as the library names it\n"
    "(ggn_outcome_name): checkmate, stalemate, leader captured, draw by\n"
    "repetition, draw by the no-progress rule, draw by insufficient material.\n"
    "\n"
    "GAME is a game spec file, or a game's name: NAME.json, in any case, in\n"
    "$GGN_PATH, the installed games or the current directory (ggn games).\n"
    "\n"
    "Options:\n"
    "  --fen FEN      start from this position instead of the game's start\n"
    "  --sfen SFEN    the same, the position written as SFEN\n"
    "  --moves LIST   then play these moves, space- or comma-separated, in\n"
    "                 coordinate notation (e2e4 e7e5) or USI (7g7f 3c3d)\n"
    "  --json         print one JSON document instead:\n"
    "                 {\"result\": \"ongoing\" | \"win\" | \"draw\",\n"
    "                  \"outcome\": the outcome's name, as above,\n"
    "                  \"winner\": the player's name in the game spec | null,\n"
    "                  \"to_move\": the player's name, \"in_check\": true | false}\n"
    "                 and in a game scored by area (go) \"area\": each player's\n"
    "                 area now, komi included, which the text gives at the end\n"
    "\n"
    "Examples:\n"
    "  $ ggn status chess\n"
    "  ongoing (White to move)\n"
    "  $ ggn status chess --moves \"f2f3 e7e5 g2g4 d8h4\"\n"
    "  Black wins (checkmate)\n"
    "  $ ggn status chess --fen '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'\n"
    "  draw (stalemate)\n"
    "\n"
    "Exit status: 0 ok (whatever the outcome), 1 the game, the position or a\n"
    "move is invalid, 2 usage error.\n";

static int run(int argc, char **argv);

const cli_command cli_cmd_status = { "status", "the outcome of a position: ongoing, won or drawn", help, run };

/* "win", "draw" or "ongoing": a finished game with no winner is a draw. */
static const char *result_of(ggn_status st)
{
    if (st.outcome == GGN_ONGOING) return "ongoing";
    return st.winner >= 0 ? "win" : "draw";
}

static int print_status(const ggn_game *game, ggn_position *pos, bool json)
{
    ggn_status st = ggn_position_status(pos);
    int mover = ggn_position_to_move(pos);
    const char *outcome = ggn_outcome_name(st.outcome), *result = result_of(st);
    if (json) {
        json_t *winner = st.winner >= 0 ? cli_json_string(ggn_game_player_name(game, st.winner)) : json_null();
        json_t *doc = json_pack("{s:s, s:s, s:o, s:o, s:b}", "result", result, "outcome", outcome, "winner", winner,
                                "to_move", cli_json_string(ggn_game_player_name(game, mover)), "in_check", st.in_check);
        double score[GGN_MAX_PLAYERS];
        if (doc && ggn_position_area_scores(pos, score)) { /* games scored by area: each player's area now */
            json_t *area = json_object();
            for (int p = 0; p < ggn_game_player_count(game); p++)
                json_object_set_new(area, ggn_game_player_name(game, p), json_real(score[p]));
            json_object_set_new(doc, "area", area);
        }
        return cli_json_print("status", doc);
    }
    char name[128], area[300] = "";
    double score[GGN_MAX_PLAYERS];
    if (ggn_position_area_scores(pos, score) && st.outcome != GGN_ONGOING) /* "; area BLACK 27, WHITE 43.5" */
        for (int p = 0, n = 0; p < ggn_game_player_count(game) && n < (int)sizeof area; p++)
            n += snprintf(area + n, sizeof area - (size_t)n, "%s%s %g", p ? ", " : "; area ", ggn_game_player_name(game, p),
                          score[p]);
    if (st.outcome == GGN_ONGOING)
        printf("ongoing (%s to move%s)\n", ggn_player_title(game, mover, name, sizeof name),
               st.in_check ? ", in check" : "");
    else if (st.winner >= 0)
        printf("%s wins (%s%s)\n", ggn_player_title(game, st.winner, name, sizeof name), outcome, area);
    else
        printf("%s (%s%s)\n", result, outcome, area);
    return CLI_OK;
}

static int run(int argc, char **argv)
{
    const char *game_arg = NULL, *fen = NULL, *sfen = NULL, *moves = NULL;
    bool want_json = false;
    for (int i = 1; i < argc;) {
        const char *names[] = { "--fen", "--sfen", "--moves" };
        const char **slots[] = { &fen, &sfen, &moves };
        int got = 0;
        for (size_t k = 0; k < sizeof names / sizeof names[0] && !got; k++) {
            got = cli_option("status", argc, argv, &i, names[k], slots[k]);
            if (got < 0) return CLI_USAGE;
        }
        if (got > 0) continue;
        const char *arg = argv[i];
        if (strcmp(arg, "--json") == 0) want_json = true;
        else if (arg[0] == '-' && arg[1]) return cli_usage_error("status", "unknown option '%s'", arg);
        else if (game_arg) return cli_usage_error("status", "unexpected argument '%s'", arg);
        else game_arg = arg;
        i++;
    }
    if (!game_arg) return cli_usage_error("status", "no GAME given");
    if (cli_check_start("status", fen, sfen) != CLI_OK) return CLI_USAGE;

    ggn_game *game = cli_load_game(game_arg);
    if (!game) return CLI_INVALID;
    int status = CLI_INVALID;
    ggn_position *pos = cli_open_position(game, fen, sfen, moves);
    if (pos) status = print_status(game, pos, want_json);
    ggn_position_free(pos);
    ggn_game_free(game);
    return status;
}
