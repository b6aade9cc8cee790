/*
 * compile.c — from a validated sd_game to the engine's tables.
 *
 * Everything that does not depend on the position is decided here, once:
 * steps and offsets rotated per player (column-vector reading of the
 * direction matrix, docs/game-spec.md), rays per source square, conditions
 * sorted by what they depend on, reverse attack tables, zobrist keys.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "error/error_text.h"
#include "json/json_doc.h"

typedef struct compiler {
    ggn_game *g;
    const sd_game *def;
    ggn_errors *errs;
    const char *file;      /* input name for errors */
    size_t nrays;          /* landings written to g->rays so far */
    bool failed;
} compiler;

/* Reports a problem of the whole game (no pointer: it is about the sizes of everything at once). */
static void fail(compiler *c, ggn_code code, const char *message)
{
    ggn_error err;
    ggn_error_set(&err, code, "%s", message);
    snprintf(err.file, sizeof err.file, "%s", c->file ? c->file : "<string>");
    ggn_errors_add(c->errs, &err);
    c->failed = true;
}

static void *alloc(compiler *c, size_t count, size_t size)
{
    if (c->failed || count == 0) return NULL;
    void *p = sd_arena_alloc(c->g->arena, count, size);
    if (!p) {
        fail(c, GGN_E_NOMEM, "out of memory compiling the game");
    }
    return p;
}

static void limit_error(compiler *c, const char *what)
{
    fail(c, GGN_E_LIMIT, what);
}

/*
 * A size limit reached at one place of the spec: the JSON Pointer of the
 * part that goes past it, with its line and column in the spec's text (kept
 * by the reader until compilation ends).
 */
static void limit_error_at(compiler *c, const char *pointer, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void limit_error_at(compiler *c, const char *pointer, const char *fmt, ...)
{
    ggn_error err;
    ggn_error_clear(&err);
    err.code = GGN_E_LIMIT;
    snprintf(err.file, sizeof err.file, "%s", c->file ? c->file : "<string>");
    snprintf(err.pointer, sizeof err.pointer, "%s", pointer);
    va_list ap;
    va_start(ap, fmt);
    er_vformat(err.message, sizeof err.message, fmt, ap);
    va_end(ap);
    if (c->def->source) js_locate(c->def->source, c->def->source_len, err.pointer, &err.line, &err.column);
    ggn_errors_add(c->errs, &err);
    c->failed = true;
}

static void rotate(const sd_player *pl, const int v[2], int *x, int *y)
{
    *x = pl->dir[0][0] * v[0] + pl->dir[0][1] * v[1];
    *y = pl->dir[1][0] * v[0] + pl->dir[1][1] * v[1];
}

static bool cond_needs_landing(sd_condition_kind k)
{
    return k == SD_COND_PATH_EMPTY || k == SD_COND_NOT_ATTACKED || k == SD_COND_PATH_NOT_ATTACKED ||
           k == SD_COND_NAMED;
}

static void compile_cond(compiler *c, const sd_player *pl, const sd_condition *in, eg_cond *out)
{
    int x, y;
    out->kind = (uint8_t)in->kind;
    rotate(pl, in->pos, &x, &y);
    out->dx = (int8_t)x;
    out->dy = (int8_t)y;
    out->piece = (int16_t)in->piece;
    switch (in->kind) {
    case SD_COND_DEPENDS_ON: out->arg = (int16_t)in->move; break;
    case SD_COND_CHECK_STATE: out->arg = (int16_t)in->flag; break;
    case SD_COND_NAMED:
    case SD_COND_NAMED_SOURCE: out->arg = (int16_t)in->named; break;
    case SD_COND_PIECE_COUNT:
        out->arg = (int16_t)in->count;
        out->at_least = (int16_t)in->at_least;
        break;
    default: out->arg = 0; break;
    }
    if (in->kind == SD_COND_PIECE_FIRST_MOVE || in->kind == SD_COND_ROOK_FIRST_MOVE || in->kind == SD_COND_PIECE_COUNT)
        out->piece = (int16_t)in->piece;
    else out->piece = EG_NONE;
    if (in->kind == SD_COND_SQUARES_EMPTY && in->nsquares > 0) {
        out->nsquares = (int16_t)in->nsquares;
        out->squares = alloc(c, (size_t)in->nsquares, sizeof *out->squares);
        if (!out->squares) return;
        for (int i = 0; i < in->nsquares; i++) {
            rotate(pl, in->squares[i], &x, &y);
            out->squares[i][0] = (int8_t)x;
            out->squares[i][1] = (int8_t)y;
        }
    }
}

static eg_cond *compile_conds(compiler *c, const sd_player *pl, const sd_condition *in, int n)
{
    eg_cond *out = alloc(c, (size_t)n, sizeof *out);
    for (int i = 0; out && i < n; i++) compile_cond(c, pl, &in[i], &out[i]);
    return out;
}

static eg_effect *compile_effects(compiler *c, const sd_player *pl, const sd_effect *in, int n)
{
    eg_effect *out = alloc(c, (size_t)n, sizeof *out);
    for (int i = 0; out && i < n; i++) {
        int x, y;
        out[i].kind = (uint8_t)in[i].kind;
        out[i].flag = (int16_t)in[i].flag;
        out[i].duration = in[i].duration;
        out[i].piece = (int16_t)in[i].piece;
        if (in[i].kind == SD_EFFECT_CAPTURE) rotate(pl, in[i].target, &x, &y);
        else rotate(pl, in[i].from, &x, &y);
        out[i].ax = (int8_t)x;
        out[i].ay = (int8_t)y;
        rotate(pl, in[i].to, &x, &y);
        out[i].bx = (int8_t)x;
        out[i].by = (int8_t)y;
        if (in[i].kind != SD_EFFECT_MOVE) out[i].piece = EG_NONE;
    }
    return out;
}

/*
 * The squares a move's "on": "PATH" conditions allow one player, as a map
 * over the board (path_of); its rays are cut where the path leaves them.
 */
typedef struct path_region {
    bool on[GGN_MAX_SQUARES];
} path_region;

/* Landings of one move from one square: the step taken once, or repeated along the ray; with a
 * path region, none from a source outside it and none from the first square outside it on. */
static int walk_ray(const ggn_game *g, int from, const eg_move *m, int times, uint16_t *out, const path_region *path)
{
    if (g->nlines || m->to_any) /* along the board's lines, or to every other square (board_lines.c) */
        return eg_walk_points(g, from, m->dx, m->dy, m->repeat, times, m->to_any, out, path ? path->on : NULL);
    int n = 0;
    int x = g->sq_x[from], y = g->sq_y[from];
    if (path && !path->on[from]) return 0;
    for (;;) {
        x += m->dx;
        y += m->dy;
        int t = eg_square(g, x, y);
        if (t == EG_NONE || (path && !path->on[t])) break;
        if (out) out[n] = (uint16_t)t;
        n++;
        if (!m->repeat || (times > 0 && n >= times) || n >= 255) break;
    }
    return n;
}

static int repeat_times(const sd_move *sm)
{
    if (!sm->repeat.present) return 1;
    return sm->repeat.loop ? 0 : sm->repeat.times;
}

static bool moves_board(const sd_effect *effects, int n)
{
    for (int i = 0; i < n; i++)
        if (effects[i].kind != SD_EFFECT_SET_STATE) return true;
    return false;
}

/* The squares of every "on": "PATH" condition of sm for player p, together; false when it has none. */
static bool path_of(const compiler *c, const sd_move *sm, int p, path_region *out)
{
    bool any = false;
    for (int i = 0; i < sm->nconditions; i++) {
        const sd_condition *sc = &sm->conditions[i];
        if (sc->kind != SD_COND_NAMED_PATH) continue;
        bool on[GGN_MAX_SQUARES] = { false };
        const sd_named *nm = &c->def->named[sc->named];
        for (int j = 0; j < nm->nsquares[p]; j++) on[nm->squares[p][j][1] * c->def->cols + nm->squares[p][j][0]] = true;
        for (int s = 0; s < c->g->nsq; s++) out->on[s] = any ? out->on[s] && on[s] : on[s];
        any = true;
    }
    return any;
}

static void compile_move(compiler *c, int p, int k, int mi)
{
    ggn_game *g = c->g;
    const sd_player *pl = &c->def->players[p];
    const sd_move *sm = &c->def->kinds[k].moves[mi];
    eg_move *m = (eg_move *)eg_move_of(g, p, k, mi);
    int x, y;
    if (sm->castle.present) {
        /* No rays (castle.c finds its squares on the board) and one empty action, so that the
         * move's indices pass eg_move_fits; never plain, so legality makes it (legal.c). */
        m->castle = (int8_t)sm->castle.side;
        m->castle_to[0] = (int8_t)sm->castle.castler_file;
        m->castle_to[1] = (int8_t)sm->castle.partner_file;
        m->castle_partner = (uint8_t)sm->castle.partner;
        m->naction = 1;
        m->action = alloc(c, 1, sizeof *m->action);
        m->by_state[0] = m->by_state[1] = m->by_state[2] = EG_NONE;
        m->until = SD_NOT_EMPTY;
        m->ray_off = alloc(c, (size_t)g->nsq, sizeof *m->ray_off);
        m->ray_len = alloc(c, (size_t)g->nsq, sizeof *m->ray_len);
        return;
    }
    rotate(pl, sm->step, &x, &y);
    m->dx = (int8_t)x;
    m->dy = (int8_t)y;
    m->repeat = sm->repeat.present;
    m->hop = (uint8_t)(sm->repeat.present ? sm->repeat.hop : 0);
    if (m->hop) g->any_hop = true;
    m->until = (uint8_t)(sm->repeat.present ? sm->repeat.until : SD_NOT_EMPTY);
    m->chain = sm->chain;
    m->chain_stops = sm->chain_promotion_ends;
    if (m->chain) g->chains = true;
    else if (m->hop) g->board_hops = true;
    m->clone = sm->clone; /* clone.c generates it; it stays out of the step lists as a chain does */
    if (m->clone) g->clones = true;
    m->line_distance = sm->repeat.line_distance; /* movegen_line.c walks it; it has no rays */
    if (m->line_distance) g->line_moves = true;
    m->to_any = sm->to_any; /* a ray of every other square, each landing judged alone (never stopped) */
    if (m->to_any) {
        m->repeat = true;
        m->until = EG_UNTIL_NEVER;
    }

    m->hop_except = sm->repeat.hop_except;
    int nsrc = 0, ndst = 0, npath = 0;
    for (int i = 0; i < sm->nconditions; i++) {
        if (sm->conditions[i].kind == SD_COND_NAMED_PATH) npath++;
        else if (cond_needs_landing(sm->conditions[i].kind)) ndst++;
        else nsrc++;
    }
    m->src = alloc(c, (size_t)nsrc, sizeof *m->src);
    m->dst = alloc(c, (size_t)ndst, sizeof *m->dst);
    for (int i = 0; i < sm->nconditions && !c->failed; i++) {
        const sd_condition *sc = &sm->conditions[i];
        if (sc->kind == SD_COND_NAMED_PATH) continue; /* cuts the rays below */
        if (cond_needs_landing(sc->kind)) compile_cond(c, pl, sc, &m->dst[m->ndst++]);
        else compile_cond(c, pl, sc, &m->src[m->nsrc++]);
    }

    m->naction = (uint8_t)sm->nactions;
    m->action = alloc(c, (size_t)sm->nactions, sizeof *m->action);
    bool simple = sm->nconditions == npath && sm->nmodifiers == 0 && sm->neffects == 0 && !m->hop;
    m->by_state[0] = m->by_state[1] = m->by_state[2] = EG_NONE;
    /* A move that stays (step [0, 0], the reader allows only EMPTY actions) lands on the square
     * its own piece stands on, which the generator sees as ALLY: its actions are filed so. */
    bool stays = sm->step[0] == 0 && sm->step[1] == 0 && !sm->to_any;
    m->giving_check_illegal = sm->giving_check_illegal;
    m->attacking_illegal = sm->attacking_illegal;
    if (sm->giving_check_illegal || sm->attacking_illegal) g->moves_giving_check_illegal = true;
    for (int a = 0; a < sm->nactions && !c->failed; a++) {
        const sd_action *sa = &sm->actions[a];
        eg_action *ea = &m->action[a];
        sd_occupancy state = stays ? SD_ALLY : sa->state;
        ea->state = (uint8_t)state;
        ea->ncond = (uint8_t)sa->nconditions;
        ea->cond = compile_conds(c, pl, sa->conditions, sa->nconditions);
        ea->neffect = (uint8_t)sa->neffects;
        ea->effect = compile_effects(c, pl, sa->effects, sa->neffects);
        if (sa->nconditions || sa->neffects) simple = false;
        if (m->by_state[state] != EG_NONE) simple = false;
        else m->by_state[state] = (int8_t)a;
    }
    m->simple = simple;
    /* SET_STATE only touches flags, which attacks never look at; CAPTURE and
     * MOVE change the board, so only they make a move "not plain". */
    bool move_plain = !moves_board(sm->effects, sm->neffects);
    for (int a = 0; a < sm->nactions; a++)
        if (move_plain && !moves_board(sm->actions[a].effects, sm->actions[a].neffects))
            m->plain_actions |= (uint8_t)(1u << a);

    m->nmodifier = (uint8_t)sm->nmodifiers;
    m->modifier = alloc(c, (size_t)sm->nmodifiers, sizeof *m->modifier);
    for (int i = 0; i < sm->nmodifiers && !c->failed; i++) {
        eg_modifier *em = &m->modifier[i];
        em->ncond = (uint8_t)sm->modifiers[i].nconditions;
        em->cond = compile_conds(c, pl, sm->modifiers[i].conditions, sm->modifiers[i].nconditions);
        em->noption = (uint8_t)sm->modifiers[i].noptions;
        em->option = alloc(c, (size_t)em->noption, sizeof *em->option);
        for (int o = 0; em->option && o < em->noption; o++) {
            em->option[o] = (int16_t)sm->modifiers[i].options[o];
            if (em->option[o] == c->def->leader) g->promotes_to_leader = true;
            /* A promotion that makes or unmakes a leader changes which pieces
             * must be safe: the legality shortcuts, which watch the leaders
             * standing before the move, cannot judge it (legal.c). */
            if (c->def->leader >= 0 && (em->option[o] == c->def->leader || k == c->def->leader)) m->plain_actions = 0;
        }
        if (sm->modifiers[i].limits) {
            em->limit = alloc(c, (size_t)em->noption, sizeof *em->limit);
            for (int o = 0; em->limit && o < em->noption; o++) em->limit[o] = (uint8_t)sm->modifiers[i].limits[o];
        }
    }
    m->neffect = (uint8_t)sm->neffects;
    m->effect = compile_effects(c, pl, sm->effects, sm->neffects);

    m->ray_off = alloc(c, (size_t)g->nsq, sizeof *m->ray_off);
    m->ray_len = alloc(c, (size_t)g->nsq, sizeof *m->ray_len);
    if (c->failed) return;
    int times = repeat_times(sm);
    path_region path;
    bool has_path = npath && path_of(c, sm, p, &path);
    for (int s = 0; s < g->nsq; s++) {
        if (!g->enabled[s]) continue;
        m->ray_off[s] = (uint32_t)c->nrays;
        int n = walk_ray(g, s, m, times, g->rays + c->nrays, has_path ? &path : NULL);
        m->ray_len[s] = (uint8_t)n;
        c->nrays += (size_t)n;
        if (m->line_distance) m->ray_len[s] = 0; /* its length is counted on the board: no table lists it */
    }
}

/*
 * Counts ray landings of every move before allocating, to enforce
 * GGN_MAX_RAY_ENTRIES: past it, reports the move whose rays went over and
 * returns more than the limit.
 */
static size_t count_rays(compiler *c)
{
    ggn_game *g = c->g;
    size_t total = 0;
    for (int p = 0; p < g->nplayers; p++) {
        const sd_player *pl = &c->def->players[p];
        for (int k = 0; k < g->nkinds; k++) {
            const sd_kind *kind = &c->def->kinds[k];
            for (int mi = 0; mi < kind->nmoves; mi++) {
                if (kind->moves[mi].castle.present) continue; /* no rays */
                eg_move probe;
                int x, y;
                memset(&probe, 0, sizeof probe);
                rotate(pl, kind->moves[mi].step, &x, &y);
                probe.dx = (int8_t)x;
                probe.dy = (int8_t)y;
                probe.repeat = kind->moves[mi].repeat.present;
                probe.to_any = kind->moves[mi].to_any;
                int times = repeat_times(&kind->moves[mi]);
                for (int s = 0; s < g->nsq; s++)
                    if (g->enabled[s]) total += (size_t)walk_ray(g, s, &probe, times, NULL, NULL);
                if (total > (size_t)GGN_MAX_RAY_ENTRIES) {
                    char pointer[64];
                    snprintf(pointer, sizeof pointer, "/pieces/%d/moves/%d", k, mi);
                    limit_error_at(c, pointer,
                                   "with this move (for player %s) the game's rays exceed GGN_MAX_RAY_ENTRIES "
                                   "(%ld) landing squares", pl->name, (long)GGN_MAX_RAY_ENTRIES);
                    return total;
                }
            }
        }
    }
    return total;
}

/* Per (player, kind, square): the moves that land somewhere from there, packed for generation. */
static void compile_steps(compiler *c)
{
    ggn_game *g = c->g;
    size_t lists = (size_t)g->nplayers * (size_t)g->nkinds;
    size_t total = 0;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++)
            for (int mi = 0; mi < g->nmoves[k]; mi++)
                for (int s = 0; s < g->nsq; s++)
                    total += eg_move_of(g, p, k, mi)->ray_len[s] > 0 && !eg_move_of(g, p, k, mi)->chain &&
                             !eg_move_of(g, p, k, mi)->clone; /* a move counted on its line has no rays */
    g->steps_at = alloc(c, lists * ((size_t)g->nsq + 1), sizeof *g->steps_at);
    g->steps = alloc(c, total ? total : 1, sizeof *g->steps);
    if (c->failed) return;
    size_t n = 0;
    for (int p = 0; p < g->nplayers; p++)
        for (int k = 0; k < g->nkinds; k++) {
            uint32_t *at = g->steps_at + ((size_t)p * (size_t)g->nkinds + (size_t)k) * ((size_t)g->nsq + 1);
            for (int s = 0; s < g->nsq; s++) {
                at[s] = (uint32_t)n;
                for (int mi = 0; mi < g->nmoves[k]; mi++) {
                    const eg_move *m = eg_move_of(g, p, k, mi);
                    if (!m->ray_len[s] || m->chain || m->clone) continue; /* movegen_chain.c, clone.c walk them */
                    eg_step *st = &g->steps[n++];
                    st->move = (uint8_t)mi;
                    st->len = m->ray_len[s];
                    st->simple = m->simple;
                    st->until = m->until;
                    for (int i = 0; i < 3; i++) st->by_state[i] = m->by_state[i];
                    st->ray = m->ray_off[s];
                }
            }
            at[g->nsq] = (uint32_t)n;
        }
}

static bool has_enemy_action(const sd_move *sm)
{
    for (int a = 0; a < sm->nactions; a++)
        if (sm->actions[a].state == SD_ENEMY) return true;
    return false;
}

/* A move cut to a path region, or a hop with exceptions: its attacks are walked from the piece. */
static bool walked_for_attacks(const sd_move *sm)
{
    if (sm->repeat.present && sm->repeat.hop_except) return true;
    for (int i = 0; i < sm->nconditions; i++)
        if (sm->conditions[i].kind == SD_COND_NAMED_PATH) return true;
    return false;
}

static bool has_squares_empty(const sd_move *sm)
{
    for (int i = 0; i < sm->nconditions; i++)
        if (sm->conditions[i].kind == SD_COND_SQUARES_EMPTY) return true;
    return false;
}

static bool has_first_move(const sd_move *sm)
{
    for (int i = 0; i < sm->nconditions; i++)
        if (sm->conditions[i].kind == SD_COND_FIRST_MOVE) return true;
    return false;
}

/* Squares of the move's SQUARES_EMPTY conditions (the leg), counted over all of them. */
static int leg_of(const sd_move *sm)
{
    int n = 0;
    for (int i = 0; i < sm->nconditions; i++)
        if (sm->conditions[i].kind == SD_COND_SQUARES_EMPTY) n += sm->conditions[i].nsquares;
    return n;
}

static void fill_reverse_rays(compiler *c, eg_slide_dir *d);

static eg_slide_dir *find_hop_dir(compiler *c, eg_attack *at, int dx, int dy, int hop)
{
    for (int i = 0; i < at->nhop; i++)
        if (at->hop[i].dx == dx && at->hop[i].dy == dy && at->hop[i].hop == hop) return &at->hop[i];
    eg_slide_dir *d = &at->hop[at->nhop++];
    d->dx = (int8_t)dx;
    d->dy = (int8_t)dy;
    d->hop = (uint8_t)hop;
    d->rev_off = alloc(c, (size_t)c->g->nsq, sizeof *d->rev_off);
    d->rev_len = alloc(c, (size_t)c->g->nsq, sizeof *d->rev_len);
    return d;
}

/*
 * Legged leaps of player o: for each target, (source, leg, kinds). The leg
 * is the single SQUARES_EMPTY square of the move, seen from the source; a
 * source whose leg is off the board never attacks that way.
 */
static void compile_legs(compiler *c, int o)
{
    ggn_game *g = c->g;
    eg_attack *at = &g->attack[o];
    at->leg_off = alloc(c, (size_t)g->nsq, sizeof *at->leg_off);
    at->leg_len = alloc(c, (size_t)g->nsq, sizeof *at->leg_len);
    if (c->failed) return;
    for (int pass = 0; pass < 2; pass++) {
        size_t n = 0;
        for (int t = 0; t < g->nsq; t++) {
            at->leg_off[t] = (uint32_t)n;
            for (int k = 0; k < g->nkinds; k++) {
                const sd_kind *kind = &c->def->kinds[k];
                for (int mi = 0; mi < kind->nmoves; mi++) {
                    const sd_move *sm = &kind->moves[mi];
                    if (sm->repeat.present || !has_enemy_action(sm) || leg_of(sm) != 1) continue;
                    const eg_move *m = eg_move_of(g, o, k, mi);
                    const eg_cond *leg = NULL;
                    for (int i = 0; i < m->nsrc; i++)
                        if (m->src[i].kind == SD_COND_SQUARES_EMPTY) leg = &m->src[i];
                    int s = eg_square(g, g->sq_x[t] - m->dx, g->sq_y[t] - m->dy);
                    if (s == EG_NONE || !leg) continue;
                    int l = eg_offset(g, s, leg->squares[0][0], leg->squares[0][1]);
                    if (l == EG_NONE) continue;
                    if (pass == 1) {
                        at->leg_pool[n].sq = (uint16_t)s;
                        at->leg_pool[n].leg = (uint16_t)l;
                        at->leg_pool[n].kinds = 1ULL << k;
                    }
                    n++;
                }
            }
            at->leg_len[t] = (uint16_t)(n - at->leg_off[t]);
        }
        if (pass == 0) {
            at->leg_pool = alloc(c, n ? n : 1, sizeof *at->leg_pool);
            if (c->failed) return;
        }
    }
}

static eg_slide_dir *find_dir(compiler *c, eg_attack *at, int dx, int dy)
{
    for (int i = 0; i < at->nslide; i++)
        if (at->slide[i].dx == dx && at->slide[i].dy == dy) return &at->slide[i];
    eg_slide_dir *d = &at->slide[at->nslide++];
    d->dx = (int8_t)dx;
    d->dy = (int8_t)dy;
    d->rev_off = alloc(c, (size_t)c->g->nsq, sizeof *d->rev_off);
    d->rev_len = alloc(c, (size_t)c->g->nsq, sizeof *d->rev_len);
    return d;
}

/* The ray of direction d walked backwards from every target square (towards attackers). */
static void fill_reverse_rays(compiler *c, eg_slide_dir *d)
{
    ggn_game *g = c->g;
    size_t need = 0;
    for (int t = 0; t < g->nsq; t++) {
        if (!g->enabled[t]) continue;
        for (int x = g->sq_x[t] - d->dx, y = g->sq_y[t] - d->dy; eg_square(g, x, y) != EG_NONE; x -= d->dx, y -= d->dy)
            need++;
    }
    uint16_t *pool = alloc(c, need ? need : 1, sizeof *pool);
    if (!pool) return;
    size_t k = 0;
    for (int t = 0; t < g->nsq; t++) {
        d->rev_off[t] = (uint32_t)k;
        if (g->enabled[t]) {
            for (int x = g->sq_x[t] - d->dx, y = g->sq_y[t] - d->dy; eg_square(g, x, y) != EG_NONE;
                 x -= d->dx, y -= d->dy)
                pool[k++] = (uint16_t)eg_square(g, x, y);
        }
        d->rev_len[t] = (uint8_t)(k - d->rev_off[t] > 255 ? 255 : k - d->rev_off[t]);
    }
    d->rev_pool = pool;
}

/*
 * Reverse tables of player o: for every target square, the squares a leaper
 * of o would attack it from (with the kinds that do), and for every slide
 * direction the ray walked backwards from the target.
 */
/*
 * The squares each walked move (eg_move.attack_walk) of player o can reach,
 * a superset of its attacks: from each target, the sources and kinds that
 * might attack it (odd_pool), and per kind and source the targets as bits
 * (odd_reach, boards up to EG_ALIGN_MAX_SQUARES). `mask` is the caller's
 * [target][source] scratch table, cleared here.
 */
static void compile_odd_reach(compiler *c, int o, uint64_t *mask)
{
    ggn_game *g = c->g;
    eg_attack *at = &g->attack[o];
    size_t nsq = (size_t)g->nsq;
    int words = (g->nsq + 63) / 64;
    memset(mask, 0, nsq * nsq * sizeof *mask);
    if (g->nsq <= EG_ALIGN_MAX_SQUARES) {
        at->odd_words = words;
        at->odd_reach = alloc(c, (size_t)g->nkinds * nsq * (size_t)words, sizeof *at->odd_reach);
    }
    at->odd_off = alloc(c, nsq, sizeof *at->odd_off);
    at->odd_len = alloc(c, nsq, sizeof *at->odd_len);
    if (c->failed) return;
    for (int k = 0; k < g->nkinds; k++)
        for (int mi = 0; mi < g->nmoves[k] && ((at->odd_kinds >> k) & 1); mi++) {
            const eg_move *m = eg_move_of(g, o, k, mi);
            if (!m->attack_walk) continue;
            for (int s = 0; s < g->nsq; s++) {
                const uint16_t *ray = g->rays + m->ray_off[s];
                for (int i = 0; i < m->ray_len[s]; i++) {
                    int t = ray[i];
                    mask[(size_t)t * nsq + (size_t)s] |= 1ULL << k;
                    if (at->odd_reach)
                        at->odd_reach[((size_t)k * nsq + (size_t)s) * (size_t)words + (size_t)(t >> 6)] |= 1ULL << (t & 63);
                }
            }
        }
    size_t total = 0;
    for (size_t i = 0; i < nsq * nsq; i++) total += mask[i] != 0;
    at->odd_pool = alloc(c, total ? total : 1, sizeof *at->odd_pool);
    size_t n = 0;
    for (size_t t = 0; t < nsq && !c->failed; t++) {
        at->odd_off[t] = (uint32_t)n;
        for (size_t s = 0; s < nsq; s++) {
            if (!mask[t * nsq + s]) continue;
            at->odd_pool[n].sq = (uint16_t)s;
            at->odd_pool[n].kinds = mask[t * nsq + s];
            n++;
        }
        at->odd_len[t] = (uint16_t)(n - at->odd_off[t]);
    }
    if (!at->odd_reach || c->failed) return;
    /* Each entry's paths: the ray squares before its target and the legs, of every walked move. */
    at->odd_path = alloc(c, n ? n * (size_t)words : 1, sizeof *at->odd_path);
    for (int k = 0; k < g->nkinds && !c->failed; k++)
        for (int mi = 0; mi < g->nmoves[k] && ((at->odd_kinds >> k) & 1); mi++) {
            const eg_move *m = eg_move_of(g, o, k, mi);
            if (!m->attack_walk) continue;
            for (int s = 0; s < g->nsq; s++) {
                const uint16_t *ray = g->rays + m->ray_off[s];
                for (int i = 0; i < m->ray_len[s]; i++) {
                    uint32_t e = at->odd_off[ray[i]];
                    while (at->odd_pool[e].sq != s) e++; /* the entry (ray[i], s) is there: filled above */
                    uint64_t *path = at->odd_path + (size_t)e * (size_t)words;
                    for (int j = 0; j < i; j++) path[ray[j] >> 6] |= 1ULL << (ray[j] & 63);
                    for (int ci = 0; ci < m->nsrc; ci++) {
                        const eg_cond *cond = &m->src[ci];
                        for (int q = 0; cond->kind == SD_COND_SQUARES_EMPTY && q < cond->nsquares; q++) {
                            int leg = eg_offset(g, s, cond->squares[q][0], cond->squares[q][1]);
                            if (leg != EG_NONE) path[leg >> 6] |= 1ULL << (leg & 63);
                        }
                    }
                }
            }
        }
}

static void compile_attacks(compiler *c, int o)
{
    ggn_game *g = c->g;
    eg_attack *at = &g->attack[o];
    at->leap_off = alloc(c, (size_t)g->nsq, sizeof *at->leap_off);
    at->leap_len = alloc(c, (size_t)g->nsq, sizeof *at->leap_len);
    int maxdirs = 0;
    for (int k = 0; k < g->nkinds; k++) maxdirs += c->def->kinds[k].nmoves;
    at->slide = alloc(c, (size_t)(maxdirs ? maxdirs : 1), sizeof *at->slide);
    at->hop = alloc(c, (size_t)(maxdirs ? maxdirs : 1), sizeof *at->hop);
    if (c->failed) return;

    /* Leapers: two passes over (source, kind, move): count per target, then fill. */
    uint64_t *mask = calloc((size_t)g->nsq * (size_t)g->nsq, sizeof *mask); /* [target][source] */
    if (!mask) {
        limit_error(c, "out of memory building attack tables");
        return;
    }
    for (int k = 0; k < g->nkinds; k++) {
        const sd_kind *kind = &c->def->kinds[k];
        for (int mi = 0; mi < kind->nmoves; mi++) {
            const sd_move *sm = &kind->moves[mi];
            if (!has_enemy_action(sm)) continue;
            eg_move *m = (eg_move *)eg_move_of(g, o, k, mi);
            /* A capture that needs the piece unmoved (FIRST_MOVE) attacks only while it is:
             * walked from each piece, which knows (no such move in chess, shogi or xiangqi).
             * A leap's attack changes with its own piece only, so legality keeps its fast
             * path; a slide or a legged one can be opened or blocked elsewhere (walk_kinds). */
            if (has_first_move(sm)) {
                at->odd_kinds |= 1ULL << k;
                if (sm->repeat.present || has_squares_empty(sm)) at->walk_kinds |= 1ULL << k;
                m->attack_walk = m->attack_unmoved = true;
                continue;
            }
            /* Slides that stop on other than the first piece, hops, and moves with a
             * SQUARES_EMPTY leg (which attacks honour) are walked from each piece. */
            if (!sm->repeat.present && leg_of(sm) == 1 && !walked_for_attacks(sm)) {
                at->tricky = true;
                continue; /* tabled below with its leg square */
            }
            if (sm->repeat.present && sm->repeat.hop && sm->repeat.loop && sm->repeat.until == SD_NOT_EMPTY &&
                !has_squares_empty(sm) && !walked_for_attacks(sm)) {
                eg_slide_dir *d = find_hop_dir(c, at, m->dx, m->dy, sm->repeat.hop);
                if (c->failed) break;
                d->kinds |= 1ULL << k;
                at->tricky = true;
                continue;
            }
            if ((sm->repeat.present && (sm->repeat.until != SD_NOT_EMPTY || sm->repeat.hop)) || has_squares_empty(sm) ||
                walked_for_attacks(sm)) {
                at->odd_kinds |= 1ULL << k;
                at->walk_kinds |= 1ULL << k;
                m->attack_walk = true;
                continue;
            }
            if (sm->repeat.present) {
                eg_slide_dir *d = find_dir(c, at, m->dx, m->dy);
                if (c->failed) break;
                uint16_t range = sm->repeat.loop ? 0xFFFF : (uint16_t)sm->repeat.times;
                if (!(d->kinds & (1ULL << k)) || range > d->range[k]) d->range[k] = range;
                d->kinds |= 1ULL << k;
                continue;
            }
            for (int s = 0; s < g->nsq; s++) {
                if (!m->ray_len[s]) continue;
                int t = g->rays[m->ray_off[s]];
                mask[(size_t)t * (size_t)g->nsq + (size_t)s] |= 1ULL << k;
            }
        }
    }
    size_t total = 0;
    for (size_t i = 0; i < (size_t)g->nsq * (size_t)g->nsq; i++) total += mask[i] != 0;
    at->leap_pool = alloc(c, total ? total : 1, sizeof *at->leap_pool);
    size_t n = 0;
    for (int t = 0; t < g->nsq && !c->failed; t++) {
        at->leap_off[t] = (uint32_t)n;
        for (int s = 0; s < g->nsq; s++) {
            uint64_t km = mask[(size_t)t * (size_t)g->nsq + (size_t)s];
            if (!km) continue;
            at->leap_pool[n].sq = (uint16_t)s;
            at->leap_pool[n].kinds = km;
            n++;
        }
        at->leap_len[t] = (uint16_t)(n - at->leap_off[t]);
    }
    if (at->odd_kinds && !c->failed) compile_odd_reach(c, o, mask);
    free(mask);
    if (c->failed) return;

    /* Reverse rays of the slide and hop directions. */
    for (int i = 0; i < at->nslide && !c->failed; i++) fill_reverse_rays(c, &at->slide[i]);
    for (int i = 0; i < at->nhop && !c->failed; i++) fill_reverse_rays(c, &at->hop[i]);
    if (at->tricky) compile_legs(c, o);
    if (c->failed) return;

    /* Which directions pass through each square, seen from each target. */
    if (g->nsq <= EG_ALIGN_MAX_SQUARES && at->nslide <= 32 && at->nslide > 0) {
        at->align = alloc(c, (size_t)g->nsq * (size_t)g->nsq, sizeof *at->align);
        if (!at->align) return;
        for (int i = 0; i < at->nslide; i++) {
            const eg_slide_dir *d = &at->slide[i];
            for (int t = 0; t < g->nsq; t++)
                for (int j = 0; j < d->rev_len[t]; j++)
                    at->align[(size_t)t * (size_t)g->nsq + d->rev_pool[d->rev_off[t] + (uint32_t)j]] |= 1u << i;
        }
    }
}

static uint64_t splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void compile_keys(compiler *c)
{
    ggn_game *g = c->g;
    size_t n = (size_t)g->nkinds * (size_t)g->nplayers * (size_t)g->nsq;
    g->zobrist = alloc(c, n, sizeof *g->zobrist);
    g->zobrist_unmoved = alloc(c, (size_t)g->nkinds * (size_t)g->nsq, sizeof *g->zobrist_unmoved);
    g->zobrist_rights = alloc(c, (size_t)g->nsq, sizeof *g->zobrist_rights);
    g->zobrist_turn = alloc(c, (size_t)c->def->norder, sizeof *g->zobrist_turn);
    if (c->failed) return;
    uint64_t seed = 0x6767C0DE2026ULL;
    for (size_t i = 0; i < n; i++) g->zobrist[i] = splitmix(&seed);
    for (int i = 0; i < g->nkinds * g->nsq; i++) g->zobrist_unmoved[i] = splitmix(&seed);
    for (int i = 0; i < c->def->norder; i++) g->zobrist_turn[i] = splitmix(&seed);
    for (int i = 0; i < g->nsq; i++) g->zobrist_rights[i] = splitmix(&seed);
}

/*
 * Default material values for kinds without `value`: a kind is worth what it
 * can reach, measured as its average number of landings on the empty board,
 * so a spec without values still gives the computer player a sensible scale
 * (chess: knight ~270, rook ~600, queen ~950). The leader is worth 0: losing
 * it ends the game, which search sees directly.
 */
static void compile_values(compiler *c)
{
    ggn_game *g = c->g;
    g->kind_value = alloc(c, (size_t)g->nkinds, sizeof *g->kind_value);
    if (c->failed) return;
    for (int k = 0; k < g->nkinds; k++) {
        const sd_kind *kind = &c->def->kinds[k];
        if (kind->value >= 0) {
            g->kind_value[k] = kind->value;
            continue;
        }
        if (k == g->leader) {
            g->kind_value[k] = 0;
            continue;
        }
        long landings = 0, squares = 0;
        for (int s = 0; s < g->nsq; s++) {
            if (!g->enabled[s]) continue;
            squares++;
            for (int mi = 0; mi < kind->nmoves; mi++) landings += eg_move_of(g, 0, k, mi)->ray_len[s];
        }
        double mobility = squares ? (double)landings / (double)squares : 0.0;
        g->kind_value[k] = 60 + (int)(40.0 * mobility);
    }
}

static bool kind_castles(const sd_kind *kind)
{
    for (int mi = 0; mi < kind->nmoves; mi++)
        if (kind->moves[mi].castle.present) return true;
    for (int mi = 0; mi < kind->nmoves; mi++)
        for (int e = 0; e < kind->moves[mi].neffects; e++)
            if (kind->moves[mi].effects[e].kind == SD_EFFECT_MOVE) return true;
    return false;
}

/*
 * Castling is a move of one kind, the castler, with a MOVE side effect that
 * takes a partner along. The castler is the leader when there is one; a game
 * without a leader (giveaway, extinction: the king is an ordinary piece that
 * still castles) has as castler the one kind whose moves carry a MOVE side
 * effect. With several such kinds nothing is a castling right: FEN writes
 * none, and their unmoved states are keyed as ordinary (identity.c).
 */
static void compile_castling(compiler *c)
{
    ggn_game *g = c->g;
    g->castler = g->leader;
    if (g->castler == EG_NONE)
        for (int k = 0; k < g->nkinds; k++) {
            if (!kind_castles(&c->def->kinds[k])) continue;
            if (g->castler != EG_NONE) {
                g->castler = EG_NONE;
                return;
            }
            g->castler = k;
        }
    if (g->castler == EG_NONE) return;
    const sd_kind *kind = &c->def->kinds[g->castler];
    for (int mi = 0; mi < kind->nmoves; mi++) {
        const sd_move *sm = &kind->moves[mi];
        if (sm->castle.present) {
            g->castles = g->castles_to_files = true;
            g->castle_partners |= 1ULL << sm->castle.partner;
        }
        for (int e = 0; e < sm->neffects; e++) {
            if (sm->effects[e].kind != SD_EFFECT_MOVE) continue;
            g->castles = true;
            if (sm->effects[e].piece >= 0) g->castle_partners |= 1ULL << sm->effects[e].piece;
        }
    }
}

ggn_game *eg_compile(sd_game *def, const char *file, ggn_errors *errs)
{
    ggn_game *g = calloc(1, sizeof *g);
    sd_arena *arena = sd_arena_new();
    compiler c = { g, def, errs, file, 0, false };
    if (!g || !arena) {
        free(g);
        sd_arena_free(arena);
        fail(&c, GGN_E_NOMEM, "out of memory compiling the game");
        return NULL;
    }
    g->def = def;
    g->arena = arena;
    g->cols = def->cols;
    g->rows = def->rows;
    g->nsq = def->cols * def->rows;
    g->nplayers = def->nplayers;
    g->nkinds = def->nkinds;
    g->leader = def->leader;

    size_t entries = (size_t)g->nplayers * (size_t)g->nkinds * GGN_MAX_MOVES_PER_KIND;
    if (entries * (size_t)g->nsq > (size_t)GGN_MAX_TABLE_ENTRIES) {
        /* The table grows by one block per kind: the first kind that does not fit is the one at fault. */
        size_t per_kind = (size_t)g->nplayers * GGN_MAX_MOVES_PER_KIND * (size_t)g->nsq;
        char pointer[32];
        snprintf(pointer, sizeof pointer, "/pieces/%zu", (size_t)GGN_MAX_TABLE_ENTRIES / per_kind);
        limit_error_at(&c, pointer,
                       "players x piece kinds x moves x squares (%d x %d x %d x %d) exceeds GGN_MAX_TABLE_ENTRIES "
                       "(%ld) from this kind on", g->nplayers, g->nkinds, GGN_MAX_MOVES_PER_KIND, g->nsq,
                       (long)GGN_MAX_TABLE_ENTRIES);
        goto fail;
    }
    g->enabled = alloc(&c, (size_t)g->nsq, sizeof *g->enabled);
    g->sq_x = alloc(&c, (size_t)g->nsq, sizeof *g->sq_x);
    g->sq_y = alloc(&c, (size_t)g->nsq, sizeof *g->sq_y);
    g->moves = alloc(&c, entries, sizeof *g->moves);
    g->attack = alloc(&c, (size_t)g->nplayers, sizeof *g->attack);
    g->nmoves = alloc(&c, (size_t)g->nkinds, sizeof *g->nmoves);
    if (c.failed) goto fail;
    for (int k = 0; k < g->nkinds; k++) g->nmoves[k] = (uint8_t)def->kinds[k].nmoves;
    for (int i = 0; i < def->draw.nreset_kinds; i++) g->reset_kinds |= 1ULL << def->draw.reset_kinds[i];
    for (int s = 0; s < g->nsq; s++) {
        g->enabled[s] = !def->disabled[s];
        g->sq_x[s] = (int8_t)(s % g->cols);
        g->sq_y[s] = (int8_t)(s / g->cols);
    }
    if (!eg_compile_lines(g)) { /* before the rays, which follow the lines */
        limit_error(&c, "out of memory compiling the board's lines");
        goto fail;
    }
    size_t nrays = count_rays(&c);
    if (nrays > (size_t)GGN_MAX_RAY_ENTRIES) goto fail;
    g->rays = alloc(&c, nrays ? nrays : 1, sizeof *g->rays);
    for (int p = 0; p < g->nplayers && !c.failed; p++)
        for (int k = 0; k < g->nkinds && !c.failed; k++)
            for (int mi = 0; mi < def->kinds[k].nmoves && !c.failed; mi++) compile_move(&c, p, k, mi);
    if (!c.failed) compile_steps(&c);
    for (int o = 0; o < g->nplayers && !c.failed; o++) {
        compile_attacks(&c, o);
        if (g->attack[o].odd_kinds || g->attack[o].tricky) g->any_odd = true;
        if (g->attack[o].walk_kinds) g->any_walk = true;
        if (g->attack[o].tricky) g->any_tricky = true;
    }
    g->walk_zoned = g->any_walk;
    for (int o = 0; o < g->nplayers && !c.failed; o++)
        if (g->attack[o].odd_kinds && !g->attack[o].odd_path) g->walk_zoned = false;
    /* Facing leaders: moving a piece off the file between them exposes them, so legality
     * looks at the file too (legal.c); drops keep the exact path (hands.c, any_odd). */
    g->leaders_may_not_face = def->leaders_may_not_face && g->leader != EG_NONE;
    if (g->leaders_may_not_face) g->any_odd = g->any_tricky = true;
    g->checked_leader_only_captures = def->checked_leader_only_captures && g->leader != EG_NONE;

    if (def->nnamed > 0) {
        g->named_sq = alloc(&c, (size_t)def->nnamed * (size_t)g->nplayers * (size_t)g->nsq, sizeof *g->named_sq);
        for (int n = 0; n < def->nnamed && !c.failed; n++)
            for (int p = 0; p < g->nplayers; p++)
                for (int i = 0; i < def->named[n].nsquares[p]; i++) {
                    int sq = def->named[n].squares[p][i][1] * g->cols + def->named[n].squares[p][i][0];
                    g->named_sq[((size_t)n * (size_t)g->nplayers + (size_t)p) * (size_t)g->nsq + (size_t)sq] = true;
                }
    }
    compile_keys(&c);
    compile_values(&c);
    compile_castling(&c);
    g->fen_rights = def->fen_rights;
    if (!c.failed) eg_compile_gating(g); /* before the identity: gating reads every unmoved state */
    if (!c.failed) eg_compile_identity(g); /* zeroes the unmoved keys of kinds nothing reads */
    g->pass = def->pass;
    g->pass_forced = def->pass_forced;
    g->pass_sq = 0;
    while (g->pass_sq < g->nsq - 1 && !g->enabled[g->pass_sq]) g->pass_sq++;
    g->group_capture = def->group_capture;
    g->suicide = def->suicide;
    g->superko = def->superko;
    g->area = def->end.area;
    g->facing_leaders = g->pass && def->end.facing_leaders;
    g->end_rules = def->end.ngoals > 0 || def->end.nextinctions > 0 || def->end.check_limit > 0 || def->end.elimination ||
                   def->end.nlines > 0 || def->end.nconnections > 0 || def->end.nunited > 0 || def->end.nenclosed > 0 ||
                   def->end.nforts > 0 ||
                   (g->pass && (def->end.passes_in_a_row > 0 || g->facing_leaders));
    g->forced_capture = def->end.forced_capture;
    g->no_giving_check = def->end.giving_check_illegal && g->leader != EG_NONE;
    g->capture_most = def->end.capture_most;
    /* A forced pass belongs to the legal list only (pass.c): the search takes that list. */
    g->narrows_moves = g->forced_capture || g->no_giving_check || g->moves_giving_check_illegal || g->pass_forced ||
                       (g->group_capture && !g->suicide) || g->superko;
    for (int p = 0; g->chains && p < def->nplayers && !c.failed; p++)
        if (def->players[p].nstarts > GGN_MAX_CHAIN_CAPTURES) {
            char pointer[64];
            snprintf(pointer, sizeof pointer, "/players/%d/starting_positions", p);
            limit_error_at(&c, pointer, "player %s starts with %d pieces; a game with chain captures allows "
                           "GGN_MAX_CHAIN_CAPTURES (%d) per player, the longest chain it can walk",
                           def->players[p].name, def->players[p].nstarts, GGN_MAX_CHAIN_CAPTURES);
        }
    g->count_checks = def->end.check_limit > 0 && g->leader != EG_NONE;
    g->check_series = def->end.mate_needs_kinds != 0 && g->leader != EG_NONE;
    g->elimination = def->end.elimination;
    g->teams = def->nteams > 0;
    for (int p = 0; p < g->nplayers; p++) g->team[p] = (int8_t)(g->teams ? def->team[p] : p);
    if (!c.failed && !eg_compile_hands(g)) limit_error(&c, "out of memory compiling the game's hands");
    if (!c.failed && !eg_compile_converts(g)) limit_error(&c, "out of memory compiling the game's conversions");
    if (!c.failed && !eg_compile_custodial(g)) limit_error(&c, "out of memory compiling the game's custodial captures");
    if (!c.failed && !eg_compile_groups(g)) limit_error(&c, "out of memory compiling the game's groups");
    if (!c.failed && !eg_compile_rows(g)) limit_error(&c, "out of memory compiling the game's row rules");
    if (!c.failed && !eg_compile_parts(g)) limit_error(&c, "out of memory compiling the game's parts");
    if (!c.failed && !eg_compile_chains(g)) limit_error(&c, "out of memory compiling the game's chain captures");
    if (!c.failed) eg_compile_series(g); /* after the parts: turn_parts covers both */
    if (c.failed) goto fail;
    g->has_fen = g->nplayers == 2;
    for (int k = 0; k < g->nkinds; k++)
        if (!def->kinds[k].symbol) g->has_fen = false;
    sd_game_drop_source(def); /* nothing reports against the text any more: do not keep it with the game */
    return g;
fail:
    sd_arena_free(g->arena);
    free(g);
    return NULL;
}

void eg_game_free(ggn_game *g)
{
    if (!g) return;
    sd_arena_free(g->arena);
    sd_game_free(g->def);
    free(g);
}
