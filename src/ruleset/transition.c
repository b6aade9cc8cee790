/*
 * transition.c — what a transition changes. Board-check, require-prevent
 * and must-diff possibilities carry their patch (must-diff's toggle says
 * whether the turn passes); must-deny ones imply it from the move:
 * the source empties and the destination takes the piece, the hand giving
 * up a dropped piece or receiving a piece moved to "*".
 */
#include "ggn_internal.h"

typedef struct implied {
    uint32_t source, destination, piece;
} implied;

static const gg_poss *poss_of(const ggn_transition *t)
{
    if (!t || !t->ruleset_ || t->entry_ >= t->ruleset_->nuses || t->dest_ >= t->ruleset_->ndests) return NULL;
    return &t->ruleset_->poss[t->ruleset_->uses[t->entry_]];
}

static implied implied_of(const ggn_ruleset *rs, const ggn_transition *t)
{
    const gg_dest *d = &rs->dests[t->dest_];
    const gg_source *s = &rs->sources[d->source];
    return (implied){ s->square, d->square, rs->entries[s->entry].piece };
}

size_t ggn_transition_diff_count(const ggn_transition *t)
{
    const gg_poss *p = poss_of(t);
    if (!p) return 0;
    if (p->explicit_patch) return p->patch_count;
    implied m = implied_of(t->ruleset_, t);
    return (m.source != GG_HAND) + (m.destination != GG_HAND);
}

bool ggn_transition_diff(const ggn_transition *t, size_t i, const char **square, const char **piece)
{
    const gg_poss *p = poss_of(t);
    if (!p || i >= ggn_transition_diff_count(t)) return false;
    const ggn_ruleset *rs = t->ruleset_;
    uint32_t sq, pc;
    if (p->explicit_patch) {
        const gg_patch *q = &rs->patches[p->patch_first + i];
        sq = q->square;
        pc = q->piece;
    } else {
        implied m = implied_of(rs, t);
        if (i == 0 && m.source != GG_HAND) {
            sq = m.source;
            pc = GG_NONE;
        } else {
            sq = m.destination;
            pc = m.piece;
        }
    }
    if (square) *square = rs->squares[sq];
    if (piece) *piece = pc == GG_NONE ? NULL : rs->pieces[pc].id;
    return true;
}

void ggn_transition_hand(const ggn_transition *t, const char **added, const char **removed)
{
    const gg_poss *p = poss_of(t);
    uint32_t add = GG_NONE, del = GG_NONE;
    if (p && p->explicit_patch) {
        add = p->hand_add;
        del = p->hand_del;
    } else if (p) {
        implied m = implied_of(t->ruleset_, t);
        if (m.source == GG_HAND && m.destination != GG_HAND) del = m.piece;
        if (m.destination == GG_HAND && m.source != GG_HAND) add = m.piece;
    }
    if (added) *added = add == GG_NONE ? NULL : t->ruleset_->pieces[add].id;
    if (removed) *removed = del == GG_NONE ? NULL : t->ruleset_->pieces[del].id;
}

bool ggn_transition_toggles(const ggn_transition *t)
{
    const gg_poss *p = poss_of(t);
    return !p || p->toggle == GG_TOGGLE_IMPLIED || p->toggle == GG_TOGGLE_TRUE;
}
