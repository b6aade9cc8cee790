/* main.c — the `ggn` program: dispatch to a subcommand, `help`, `--version`. */
#include <string.h>

#include "cli.h"
#include "ggn/ggn.h"

static void print_overview(FILE *out)
{
    fprintf(out,
            "ggn %s — data-driven engine for abstract strategy board games\n\n"
            "Usage: ggn COMMAND [ARGS...]\n\nCommands:\n",
            GGN_VERSION_STRING);
    for (size_t k = 0; cli_commands[k]; k++)
        fprintf(out, "  %-10s %s\n", cli_commands[k]->name, cli_commands[k]->summary);
    fprintf(out,
            "\nA GAME is a game spec file or the name of a game, looked up as NAME.json\n"
            "(any case) in $GGN_PATH (colon-separated), then the installed games\n"
            "(PREFIX/share/ggn/games beside PREFIX/bin/ggn), then the current directory;\n"
            "'ggn games' lists them and 'ggn games --path' shows the directories.\n"
            "\n'ggn help COMMAND' or 'ggn COMMAND --help' explains one command.\n"
            "Exit status: 0 ok, 1 invalid input, 2 usage error.\n");
}

/*
 * Every command's standard output is checked once it is done: a full disk or
 * a closed pipe is an error (exit 1, with the reason), never a silent success.
 * Commands that write files check those themselves (cli_close_output).
 */
static int finish(int status)
{
    if (status == CLI_OK && !cli_close_output(stdout, "standard output")) return CLI_INVALID;
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return CLI_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("ggn %s\n", GGN_VERSION_STRING);
        return finish(CLI_OK);
    }
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        if (argc >= 3) {
            const cli_command *c = cli_find_command(argv[2]);
            if (!c) {
                fprintf(stderr, "ggn help: no command '%s'\n", argv[2]);
                return CLI_USAGE;
            }
            fputs(c->help, stdout);
            return finish(CLI_OK);
        }
        print_overview(stdout);
        return finish(CLI_OK);
    }
    const cli_command *c = cli_find_command(name);
    if (!c) {
        fprintf(stderr, "ggn: no command '%s'\n", name);
        print_overview(stderr);
        return CLI_USAGE;
    }
    if (cli_wants_help(c, argc - 1, argv + 1)) return finish(CLI_OK);
    return finish(c->run(argc - 1, argv + 1));
}
