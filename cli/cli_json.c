/* cli_json.c — printing the --json documents of the game commands (see cli_json.h). */
#include "cli_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_json_print(const char *cmd, json_t *doc)
{
    if (!doc) {
        fprintf(stderr, "ggn %s: out of memory\n", cmd);
        return CLI_INVALID;
    }
    /* Ten significant digits: a figure rounded to a few decimals prints as such (0.3006, not 0.30059999999999998). */
    int failed = json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
    json_decref(doc);
    if (!failed) fputc('\n', stdout);
    /* The one check of a written output (cli_close_output), with its one message. */
    return cli_close_output(stdout, "standard output") && !failed ? CLI_OK : CLI_INVALID;
}

json_t *cli_json_string(const char *s)
{
    json_t *str = json_string(s);
    if (str) return str;
    char *ascii = malloc(strlen(s) + 1);
    if (!ascii) return NULL;
    size_t n = 0;
    for (; *s; s++) ascii[n++] = (unsigned char)*s < 0x80 ? *s : '?';
    ascii[n] = '\0';
    str = json_string(ascii);
    free(ascii);
    return str;
}

json_t *cli_json_error(const ggn_error *err)
{
    return json_pack("{s:o, s:i, s:i, s:o, s:s, s:s, s:o}", "file", cli_json_string(err->file), "line", err->line,
                     "column", err->column, "pointer", cli_json_string(err->pointer), "severity",
                     err->severity == GGN_SEVERITY_WARNING ? "warning" : "error", "code", ggn_code_name(err->code),
                     "message", cli_json_string(err->message));
}
