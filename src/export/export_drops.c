/*
 * export_drops.c — the drops of one kind from one side's hand, as GGN
 * possibilities from "*" (extension "hands", docs/game-spec.md), worked out
 * from the drop tables hands.c compiles exactly as eg_generate_drops plays
 * them.
 *
 * A drop rule's named POSITION conditions depend only on the square, so
 * hands.c has already reduced each rule to the squares it allows (the drop
 * zone; shogi's "a piece that could never move again" is written that way,
 * as BELOW_LAST_RANK and the like): one destination per listed square, no
 * other. Each possibility needs the square empty and, for FILE_FREE_OF, no
 * own piece of the named kind (in any of its states) on every other square
 * of the file — the line through the square along the player's forward
 * step, walked both ways to the edge or a disabled square as hands.c's
 * file_holds walks it. A forbidden content per square is what must-deny's
 * deny says; board-check, which cannot forbid, is refused earlier
 * (ex_model_spelling_fits). "no_checkmate" (uchifuzume) asks whether the
 * drop mates: a legality question, like check, left to the rule system.
 *
 * The patch puts the dropped piece down in its plain state (make.c: a
 * dropped piece counts as moved and carries no flag), and the piece
 * leaves the mover's hand (board-check's in_hand_del; must-deny implies it).
 */
#include <string.h>

#include "export_moves.h"

/* The mover's own pieces of `kind`, in every state the kind has. */
static ex_set own_kind(const ex_model *md, int side, int kind)
{
    ex_set s;
    memset(&s, 0, sizeof s);
    for (int st = 0; st < EX_STATES; st++) {
        int c = ex_content(md, side, kind, st);
        if (md->valid[c]) ex_add(&s, c);
    }
    return s;
}

/* The conditions of one drop on sq under one rule; false when no board allows it. */
static bool drop_term(ex_ctx *x, const eg_drop_rule *rule, int sq, ex_term *t)
{
    const ex_model *md = x->md;
    const ggn_game *g = md->g;
    ex_set empty;
    memset(&empty, 0, sizeof empty);
    ex_add(&empty, EX_EMPTY);
    t->n = 0;
    if (!ex_term_constrain(x, t, sq, &empty)) return false;
    if (rule->file_free_of == EG_NONE) return true;
    ex_set forbidden = own_kind(md, x->side, rule->file_free_of), allowed;
    for (int i = 0; i < EX_WORDS; i++) allowed.w[i] = md->all.w[i] & ~forbidden.w[i];
    for (int dir = -1; dir <= 1; dir += 2)
        for (int s = eg_offset(g, sq, dir * rule->fdx, dir * rule->fdy); s != EG_NONE;
             s = eg_offset(g, s, dir * rule->fdx, dir * rule->fdy))
            if (!ex_term_constrain(x, t, s, &allowed)) return false;
    return true;
}

bool ex_piece_drops(ex_ctx *x)
{
    const ex_model *md = x->md;
    x->nout = 0;
    x->from = EG_NONE; /* the hand: no square holds the mover, so no condition is decided here */
    x->mover = ex_plain(md, x->side, x->kind);
    const eg_drops *d = eg_drops_of(md->g, x->player, x->kind);
    for (int r = 0; r < d->nrule; r++) {
        const eg_drop_rule *rule = &d->rule[r];
        /* The piece put down: the hand's own kind, or the rule's "as" (another kind, plain too). */
        int placed = ex_plain(md, x->side, md->g->def->kinds[x->kind].drops[r].as);
        for (int i = 0; i < rule->nsq; i++) {
            ex_outcome o;
            if (!drop_term(x, rule, rule->sq[i], &o.term)) {
                if (x->failed) return false;
                continue;
            }
            o.to = rule->sq[i];
            o.npatch = 1;
            o.patch_sq[0] = rule->sq[i];
            o.patch[0] = placed;
            o.hand_add = -1;
            o.hand_del = x->mover;
            if (!ex_outcome_push(x, &o)) return false;
        }
    }
    return !x->failed;
}
