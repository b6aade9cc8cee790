/*
 * export_feen.c — a position written as the FEEN an exported GGN library
 * reads (ggn/export.h): the board state of ggn_position_export_state, as
 * text a user can pass to `ggn moves --position` or `ggn query`.
 *
 * The current FEEN form is written, `<placement> <first>/<second> <A/o>`
 * (src/ruleset/feen.c reads it): ranks from the highest down, runs of empty
 * squares (disabled ones too: FEEN has no holes, and a library never
 * names them) as numbers; each piece is its exported id without the
 * "NAME:" part, since the last field gives the name of each case; hands
 * list kinds in the game's order, a count before a kind held twice or more.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export_internal.h"
#include "ggn/export.h"

/* A growing text; `failed` once out of memory. */
typedef struct feen_out {
    char *text;
    size_t len, cap;
    bool failed;
} feen_out;

static void put(feen_out *o, const char *s, size_t n)
{
    if (o->failed) return;
    if (o->len + n + 1 > o->cap) {
        size_t cap = o->cap ? o->cap : 256;
        while (o->len + n + 1 > cap) cap *= 2;
        char *grown = realloc(o->text, cap);
        if (!grown) {
            o->failed = true;
            return;
        }
        o->text = grown;
        o->cap = cap;
    }
    memcpy(o->text + o->len, s, n);
    o->len += n;
    o->text[o->len] = '\0';
}

static void put_str(feen_out *o, const char *s) { put(o, s, strlen(s)); }

static void put_number(feen_out *o, int n)
{
    char buf[16];
    put(o, buf, (size_t)snprintf(buf, sizeof buf, "%d", n));
}

/* The FEEN token of an exported id: what follows "NAME:". */
static const char *token_of(const char *id)
{
    const char *colon = strchr(id, ':');
    return colon ? colon + 1 : id;
}

/* One side's hand; false with err filled when a promoted form is in it (ggn_position_export_state refuses it too). */
static bool put_hand(feen_out *o, const ex_model *md, const ggn_position *pos, int side, ggn_error *err)
{
    int player = md->player_of[side];
    for (int k = 0; k < md->nk; k++) {
        int n = ggn_position_hand_count(pos, player, k);
        if (!n) continue;
        if (md->mark[k]) {
            ggn_error_set(err, GGN_E_CONVERSION, "a %s (a promoted form) is in a hand, where a GGN id carries no mark",
                          md->def->kinds[k].code);
            return false;
        }
        if (n > 1) put_number(o, n);
        put_str(o, token_of(md->id[ex_plain(md, side, k)]));
    }
    return true;
}

/* The rank y of the board, files from "a". False with err filled for a piece no single state says. */
static bool put_rank(feen_out *o, const ex_model *md, const ggn_position *pos, int y, ggn_error *err)
{
    const ggn_game *g = md->g;
    int run = 0;
    for (int x = 0; x < g->cols; x++) {
        int sq = y * g->cols + x;
        int c = g->enabled[sq] ? ex_piece_content(md, pos, sq, pos->ply) : -1;
        if (c == -1) {
            run++;
            continue;
        }
        if (c == -2) {
            char label[GGN_MAX_LABEL];
            ex_square_label(g, sq, label, sizeof label);
            const eg_piece *p = &pos->piece[pos->piece_at[sq]];
            ggn_error_set(err, GGN_E_CONVERSION, "the %s on %s is unmoved and carries %s at once; no single state says that",
                          md->def->kinds[p->kind].code, label, md->def->flags[md->flag_of[p->kind]]);
            return false;
        }
        if (run) put_number(o, run);
        run = 0;
        put_str(o, token_of(md->id[c]));
    }
    if (run) put_number(o, run);
    return true;
}

char *ggn_position_export_feen(const ggn_position *pos, ggn_spelling spelling, ggn_error *err)
{
    if (!pos) {
        ggn_error_set(err, GGN_E_USAGE, "no position given");
        return NULL;
    }
    ex_model *md = malloc(sizeof *md);
    if (!md) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        return NULL;
    }
    feen_out o = { NULL, 0, 0, false };
    bool ok = ex_model_init(md, pos->g, spelling, err);
    for (int y = pos->g->rows - 1; ok && y >= 0; y--) {
        ok = put_rank(&o, md, pos, y, err);
        if (y) put_str(&o, "/");
    }
    if (ok) {
        put_str(&o, " ");
        ok = put_hand(&o, md, pos, 0, err);
        put_str(&o, "/");
        ok = ok && put_hand(&o, md, pos, 1, err);
    }
    if (ok) {
        /* "<to move>/<other>": each name is the part of its side's ids before ':'. */
        int active = md->side_of[eg_player_to_move(pos)];
        for (int k = 0; k < 2; k++) {
            const char *id = md->id[ex_plain(md, k ? 1 - active : active, 0)];
            put_str(&o, k ? "/" : " ");
            put(&o, id, (size_t)(token_of(id) - 1 - id));
        }
    }
    free(md);
    if (ok && o.failed) {
        ggn_error_set(err, GGN_E_NOMEM, "out of memory");
        ok = false;
    }
    if (!ok) {
        free(o.text);
        return NULL;
    }
    return o.text;
}
