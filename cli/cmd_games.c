/* cmd_games.c — `ggn games`: the games a name finds, one line each, or the search path itself. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ggn/game.h"

static const char help[] =
    "Usage: ggn games [--path]\n"
    "\n"
    "Lists the games that can be named on the command line (ggn play NAME),\n"
    "one line each: the name, the number of players, the board's columns x\n"
    "rows, and the game's own name from its spec:\n"
    "  chess      2 players   8x8    Chess\n"
    "\n"
    "A GAME argument that contains a '/' or names an existing file is read\n"
    "as that file. Otherwise it is a name: NAME.json, in any mix of upper\n"
    "and lower case, is looked up in\n"
    "  1. each directory of $GGN_PATH (colon-separated), in order,\n"
    "  2. the installed games, found from where the program itself is\n"
    "     installed (PREFIX/share/ggn/games for PREFIX/bin/ggn),\n"
    "  3. the current directory,\n"
    "  4. the source tree's games/, only for the program in its build tree.\n"
    "The first file found is used. The list shows every directory but the\n"
    "current one (which may hold any JSON), each name once: the file a\n"
    "lookup finds.\n"
    "\n"
    "Options:\n"
    "  --path  print the directories searched instead, in order, one per\n"
    "          line, each with why it is searched\n"
    "\n"
    "Exit status: 0 ok, 1 a listed file is not a valid game spec (its\n"
    "errors are printed), 2 usage error.\n";

static int print_path(void)
{
    size_t n;
    cli_game_dir *dirs = cli_game_dirs(&n);
    for (size_t k = 0; k < n; k++) printf("%s (%s)\n", dirs[k].path, dirs[k].origin);
    cli_game_dirs_free(dirs, n);
    return CLI_OK;
}

static int print_games(void)
{
    size_t n;
    cli_game_file *files = cli_game_files(&n);
    int width = 4;
    for (size_t k = 0; k < n; k++) {
        size_t len = strlen(files[k].name);
        if (len > (size_t)width) width = len > 40 ? 40 : (int)len;
    }
    int status = CLI_OK;
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        cli_game_files_free(files, n);
        fprintf(stderr, "ggn: out of memory\n");
        return CLI_INVALID;
    }
    for (size_t k = 0; k < n; k++) {
        ggn_errors_init(errs);
        ggn_game *game = ggn_game_load_file(files[k].path, errs);
        if (!game) {
            /* One bad file does not hide the others: its line says so and its errors go to stderr. */
            printf("%-*s  (not a valid game spec: %s)\n", width, files[k].name, files[k].path);
            cli_print_errors(stderr, errs);
            status = CLI_INVALID;
            continue;
        }
        char board[32];
        snprintf(board, sizeof board, "%dx%d", ggn_game_cols(game), ggn_game_rows(game));
        int players = ggn_game_player_count(game);
        printf("%-*s  %d player%s  %-5s  %s\n", width, files[k].name, players, players == 1 ? " " : "s", board,
               ggn_game_name(game));
        ggn_game_free(game);
    }
    free(errs);
    if (n == 0) fprintf(stderr, "ggn games: no games found ('ggn games --path' shows where ggn looked)\n");
    cli_game_files_free(files, n);
    return status;
}

static int run(int argc, char **argv)
{
    bool path = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--path") == 0) path = true;
        else return cli_usage_error("games", "unexpected argument '%s'", argv[i]);
    }
    return path ? print_path() : print_games();
}

const cli_command cli_cmd_games = { "games", "list the games that can be named, one line each", help, run };
