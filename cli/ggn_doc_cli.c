/* ggn_doc_cli.c — helpers of the GGN subcommands (see ggn_doc_cli.h). */
#include "ggn_doc_cli.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"

ggn_ruleset *cli_ggn_load(const char *path)
{
    ggn_errors *errs = malloc(sizeof *errs);
    if (!errs) {
        fprintf(stderr, "ggn: out of memory\n");
        return NULL;
    }
    ggn_errors_init(errs);
    ggn_ruleset *rs = ggn_ruleset_load_file(path, NULL, errs);
    cli_print_errors(stderr, errs);
    free(errs);
    return rs;
}

void cli_ggn_error(const ggn_error *err) { cli_print_error(stderr, err); }

ggn_board_state *cli_ggn_position(const char *arg)
{
    ggn_error err;
    ggn_error_clear(&err);
    char *text = cli_read_arg(arg, &err);
    if (!text) {
        snprintf(err.file, sizeof err.file, "%s", arg[0] == '@' ? arg + 1 : "<position>");
        cli_ggn_error(&err);
        return NULL;
    }
    ggn_board_state *st = ggn_board_state_parse(text, strlen(text), &err);
    free(text);
    if (!st) {
        snprintf(err.file, sizeof err.file, "%s", arg[0] == '@' ? arg + 1 : "<position>");
        cli_ggn_error(&err);
    }
    return st;
}

void cli_ggn_print_text(FILE *out, const ggn_transition *t, int n)
{
    for (int k = 0; k < n; k++) {
        fprintf(out, "%s %s %s ", t[k].piece, t[k].source, t[k].destination);
        size_t count = ggn_transition_diff_count(&t[k]);
        for (size_t i = 0; i < count; i++) {
            const char *sq, *piece;
            ggn_transition_diff(&t[k], i, &sq, &piece);
            fprintf(out, " %s=%s", sq, piece ? piece : "-");
        }
        const char *added, *removed;
        ggn_transition_hand(&t[k], &added, &removed);
        if (added) fprintf(out, " hand:+%s", added);
        if (removed) fprintf(out, " hand:-%s", removed);
        fputc('\n', out);
    }
}

/* Ids and squares are ASCII without quotes or backslashes, but escape anyway. */
static void json_string_out(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
        else if (c < 0x20) fprintf(out, "\\u%04x", c);
        else fputc(c, out);
    }
    fputc('"', out);
}

static void json_id_out(FILE *out, const char *s)
{
    if (s) json_string_out(out, s);
    else fputs("null", out);
}

void cli_ggn_print_json(FILE *out, const ggn_transition *t, int n)
{
    fputs("[", out);
    for (int k = 0; k < n; k++) {
        fputs(k ? ",\n  {" : "\n  {", out);
        fputs("\"piece\": ", out);
        json_string_out(out, t[k].piece);
        fputs(", \"source\": ", out);
        json_string_out(out, t[k].source);
        fputs(", \"destination\": ", out);
        json_string_out(out, t[k].destination);
        fprintf(out, ", \"possibility\": %zu, \"diff\": {", t[k].possibility);
        size_t count = ggn_transition_diff_count(&t[k]);
        for (size_t i = 0; i < count; i++) {
            const char *sq, *piece;
            ggn_transition_diff(&t[k], i, &sq, &piece);
            if (i) fputs(", ", out);
            json_string_out(out, sq);
            fputs(": ", out);
            json_id_out(out, piece);
        }
        const char *added, *removed;
        ggn_transition_hand(&t[k], &added, &removed);
        fputs("}, \"hand\": {\"add\": ", out);
        json_id_out(out, added);
        fputs(", \"remove\": ", out);
        json_id_out(out, removed);
        fputs("}}", out);
    }
    fputs(n ? "\n]\n" : "]\n", out);
}
