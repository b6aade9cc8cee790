/*
 * read_betza.c — a piece's "betza" string: compiled by betza.c and appended
 * to the kind's moves as ordinary sd_moves, after those of "moves".
 *
 * A problem in the string is reported at the character at fault: its line
 * and column in the file, its position (from 1) in the string, and the
 * string itself.
 */
#include "gamespec/betza.h"
#include "gamespec/reader.h"

#include <limits.h>
#include <string.h>

/* The string as shown in messages: long ones are cut, since messages have a fixed size. */
enum { SHOWN_BYTES = 48 };

void sd_report_betza(sd_reader *r, const char *s, const sd_betza_problem *why)
{
    size_t len = strlen(s);
    r->nerrors++;
    js_doc_report_char(&r->doc, r->errs, GGN_SEVERITY_ERROR, why->code, &r->path, why->pos,
                         "%s at position %zu of \"%.*s%s\"%s%s", why->message, why->pos + 1,
                         (int)(len > SHOWN_BYTES ? SHOWN_BYTES : len), s, len > SHOWN_BYTES ? "..." : "",
                         why->detail[0] ? ": " : "", why->detail);
}

static sd_condition *one_condition(sd_reader *r, sd_condition_kind kind)
{
    sd_condition *c = sd_alloc(r, 1, sizeof *c);
    if (c) {
        c->kind = kind;
        c->piece = -1;
    }
    return c;
}

/* The long form of one compiled move (see sd_bmove for the shapes). */
static void build(sd_reader *r, const sd_bmove *b, int id, int flag, sd_move *m)
{
    memset(m, 0, sizeof *m);
    m->id = id;
    m->step[0] = b->step[0];
    m->step[1] = b->step[1];
    int na = (int)b->move + (int)b->capture + (int)b->ep;
    m->actions = sd_alloc(r, (size_t)na, sizeof *m->actions);
    if (!m->actions) return;
    if (b->move) m->actions[m->nactions++] = (sd_action){.state = SD_EMPTY, .action = SD_ACTION_MOVE};
    if (b->capture) m->actions[m->nactions++] = (sd_action){.state = SD_ENEMY, .action = SD_ACTION_CAPTURE};
    if (b->ep) {
        sd_action *a = &m->actions[m->nactions++];
        a->state = SD_EMPTY;
        a->action = SD_ACTION_MOVE;
        a->conditions = one_condition(r, SD_COND_CHECK_STATE);
        a->effects = sd_alloc(r, 1, sizeof *a->effects);
        if (!a->conditions || !a->effects) return;
        a->nconditions = 1;
        a->conditions->flag = flag;
        a->conditions->pos[0] = b->step[0];
        a->conditions->pos[1] = b->step[1] - 1;
        a->neffects = 1;
        a->effects->kind = SD_EFFECT_CAPTURE;
        a->effects->target[0] = b->step[0];
        a->effects->target[1] = b->step[1] - 1;
    }
    int nc = (int)b->initial + (b->nlegs > 0);
    if (nc) {
        m->conditions = sd_alloc(r, (size_t)nc, sizeof *m->conditions);
        if (!m->conditions) return;
        if (b->initial) m->conditions[m->nconditions++] = (sd_condition){.kind = SD_COND_FIRST_MOVE, .piece = -1};
        if (b->nlegs > 0) {
            sd_condition *c = &m->conditions[m->nconditions++];
            c->kind = SD_COND_SQUARES_EMPTY;
            c->piece = -1;
            c->squares = sd_alloc(r, (size_t)b->nlegs, sizeof *c->squares);
            if (!c->squares) return;
            memcpy(c->squares, b->legs, (size_t)b->nlegs * sizeof *c->squares);
            c->nsquares = b->nlegs;
        }
    }
    if (b->sets_ep) {
        m->effects = sd_alloc(r, 1, sizeof *m->effects);
        if (!m->effects) return;
        m->neffects = 1;
        m->effects->kind = SD_EFFECT_SET_STATE;
        m->effects->flag = flag;
        m->effects->duration = 1;
    }
    m->repeat.until = SD_NOT_EMPTY;
    m->repeat.times = b->range > 1 ? b->range : 1;
    m->repeat.loop = b->range == 0;
    m->repeat.hop = b->hop;
    m->repeat.present = b->range != 1 || b->hop != 0;
}

void sd_read_betza(sd_reader *r, const json_t *pobj, int k)
{
    sd_kind *kind = &r->g->kinds[k];
    json_t *v = sd_field(r, pobj, "betza", false);
    if (!v) return;
    char s[GGN_MAX_STRING_BYTES + 1];
    sd_push_key(r, "betza");
    if (!sd_string_value(r, v, s)) {
        sd_pop(r);
        return;
    }
    sd_bmove out[GGN_MAX_MOVES_PER_KIND]; /* about 18 KB */
    int cols = r->board_ok ? r->g->cols : GGN_MAX_BOARD_SIDE;
    int rows = r->board_ok ? r->g->rows : GGN_MAX_BOARD_SIDE;
    sd_betza_problem why;
    int n = sd_betza_compile(s, strlen(s), cols, rows, out, GGN_MAX_MOVES_PER_KIND - kind->nmoves, &why);
    if (n < 0) {
        sd_report_betza(r, s, &why);
        sd_pop(r);
        return;
    }
    /* Ids follow those of "moves", which no Betza move can then be confused with. */
    long long next = 0;
    for (int j = 0; j < kind->nmoves; j++)
        if (kind->moves[j].id >= next) next = (long long)kind->moves[j].id + 1;
    if (next + n - 1 > INT_MAX) {
        sd_error(r, GGN_E_RANGE, "the Betza moves take the ids after the largest of \"moves\", which is too large");
        sd_pop(r);
        return;
    }
    int flag = -1;
    for (int j = 0; j < n && flag < 0; j++)
        if (out[j].ep || out[j].sets_ep) {
            flag = sd_flag(r, SD_BETZA_EP_FLAG);
            if (flag < 0) {
                sd_pop(r);
                return;
            }
        }
    sd_move *all = sd_alloc(r, (size_t)(kind->nmoves + n), sizeof *all);
    if (all) {
        if (kind->nmoves) memcpy(all, kind->moves, (size_t)kind->nmoves * sizeof *all);
        for (int j = 0; j < n; j++) build(r, &out[j], (int)next + j, flag, &all[kind->nmoves + j]);
        kind->moves = all;
        kind->nmoves += n;
    }
    sd_pop(r);
}
