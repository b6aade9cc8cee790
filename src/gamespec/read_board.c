/* read_board.c — "board": dimensions, disabled squares and the cells' shape. */
#include <string.h>

#include "gamespec/reader.h"

static const char *const board_keys[] = {"dimensions", "disabled_positions", "cells", "lines", NULL};

/* Extension "cells": "square" (the default) or "hex", six neighbours a cell (spec_def.h). */
static void read_cells(sd_reader *r, const json_t *board)
{
    char word[GGN_MAX_STRING_BYTES + 1];
    if (sd_string_field(r, board, "cells", false, word) != SD_OK) return;
    if (strcmp(word, "hex") == 0) r->g->cells = SD_CELLS_HEX;
    else if (strcmp(word, "square") != 0)
        sd_error_key(r, "cells", GGN_E_UNKNOWN, "unknown cells '%s'; allowed: square, hex", word);
}

static bool read_dimension(sd_reader *r, const json_t *v, size_t i, int *out)
{
    sd_push_index(r, i);
    bool ok = sd_int_value(r, v, 1, GGN_MAX_BOARD_SIDE, "GGN_MAX_BOARD_SIDE", out);
    sd_pop(r);
    return ok;
}

void sd_read_board(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    json_t *board = sd_field(r, root, "board", true);
    if (!board) return;
    sd_push_key(r, "board");
    if (!sd_expect(r, board, JSON_OBJECT)) {
        sd_pop(r);
        return;
    }
    sd_check_keys(r, board, board_keys, "board");
    read_cells(r, board);

    json_t *dims = sd_field(r, board, "dimensions", true);
    bool dims_ok = false;
    if (dims) {
        sd_push_key(r, "dimensions");
        if (sd_expect(r, dims, JSON_ARRAY)) {
            if (json_array_size(dims) != 2) {
                sd_error(r, GGN_E_VALUE, "dimensions must be [cols, rows], found %zu values",
                         json_array_size(dims));
            } else {
                bool c = read_dimension(r, json_array_get(dims, 0), 0, &g->cols);
                bool w = read_dimension(r, json_array_get(dims, 1), 1, &g->rows);
                dims_ok = c && w;
            }
        }
        sd_pop(r);
    }
    if (dims_ok) {
        g->disabled = sd_alloc(r, (size_t)g->cols * (size_t)g->rows, sizeof *g->disabled);
        r->board_ok = g->disabled != NULL;
    }

    size_t n;
    json_t *list = sd_array_field(r, board, "disabled_positions", false, GGN_MAX_SQUARES,
                                  "GGN_MAX_SQUARES", &n);
    if (list) {
        sd_push_key(r, "disabled_positions");
        for (size_t i = 0; i < n; i++) {
            int sq[2];
            sd_push_index(r, i);
            if (sd_square_value(r, json_array_get(list, i), sq) && r->board_ok) {
                bool *cell = &g->disabled[sq[1] * g->cols + sq[0]];
                if (*cell)
                    sd_error(r, GGN_E_DUPLICATE, "square [%d, %d] is already listed as disabled", sq[0], sq[1]);
                *cell = true;
            }
            sd_pop(r);
        }
        sd_pop(r);
        if (r->board_ok) {
            int live = 0;
            for (int i = 0; i < g->cols * g->rows; i++) live += !g->disabled[i];
            if (live == 0)
                sd_warn_key(r, "disabled_positions", GGN_E_VALUE, "every square of the board is disabled");
        }
    }
    sd_read_board_lines(r, board); /* after the disabled squares: a line may not pass through one */
    sd_pop(r);
}
