/*
 * poss.c — reading one possibility object: its conditions, its board patch
 * and its hand changes, in the fields of the document's spelling (for
 * must-diff, the STN diff: board, hands, toggle).
 */
#include "ggn_load.h"

#include <string.h>

/* The fields of a spelling, for "unknown field" messages. */
static const char *field_list(ggn_spelling s)
{
    switch (s) {
    case GGN_SPELLING_MUST_DENY: return "must, deny";
    case GGN_SPELLING_REQUIRE_PREVENT: return "require, prevent, perform";
    case GGN_SPELLING_MUST_DIFF: return "must, deny, diff";
    default: return "board_check, board_patch, in_hand_add, in_hand_del";
    }
}

/* The states a spelling's conditions may use, for messages. */
static const char *state_list(ggn_spelling s)
{
    if (s == GGN_SPELLING_BOARD_CHECK) return "empty, occupied, enemy, ally or a GAN id";
    if (s == GGN_SPELLING_REQUIRE_PREVENT) return "empty, enemy or a GAN id";
    return "empty, enemy or a QPI id";
}

static bool push_cond(gg_loader *ld, gg_cond c)
{
    ggn_ruleset *rs = ld->rs;
    if (!GG_PUSH(rs->conds, rs->nconds, rs->cap_conds)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return false;
    }
    rs->conds[rs->nconds++] = c;
    return true;
}

/* One "square": "state" pair of must / deny / require / prevent / board_check. */
static void read_condition(gg_loader *ld, const char *key, json_t *value, bool denied, const char *field)
{
    ggn_ruleset *rs = ld->rs;
    uint32_t sq = gg_read_square(ld, key, false, "a condition");
    if (sq != GG_NONE && sq == ld->source && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_REDUNDANT,
                  "%s names the source square %s, where the moving piece already stands", field, key);
    if (!json_is_string(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected a state (%s), found %s",
                  state_list(rs->spelling), js_kind(value));
        return;
    }
    const char *text = json_string_value(value);
    gg_cond c = { sq, GG_NONE, denied ? 1 : 0, GG_EXACT };
    bool bc = rs->spelling == GGN_SPELLING_BOARD_CHECK;
    if (strcmp(text, "empty") == 0) c.state = GG_EMPTY;
    else if (strcmp(text, "enemy") == 0) c.state = GG_ENEMY;
    else if (strcmp(text, "occupied") == 0 || strcmp(text, "ally") == 0) {
        if (!bc) {
            gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                      "\"%s\" is a board-check state; %s conditions are %s%s", text,
                      ggn_spelling_name(rs->spelling), state_list(rs->spelling),
                      text[0] == 'o' ? " (forbid \"empty\" instead)" : "");
            return;
        }
        c.state = text[0] == 'o' ? GG_OCCUPIED : GG_ALLY;
    } else if (!strchr(text, ':')) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE, "unknown state \"%s\": expected %s", text,
                  state_list(rs->spelling));
        return;
    } else {
        c.piece = gg_read_piece(ld, text, "the piece");
        if (c.piece == GG_NONE) return;
    }
    if (sq != GG_NONE) push_cond(ld, c);
}

static void read_conditions(gg_loader *ld, json_t *value, bool denied, const char *field)
{
    if (!json_is_object(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "%s must be an object of square: state, found %s", field,
                  js_kind(value));
        return;
    }
    if (json_object_size(value) == 0 && ld->rs->spelling == GGN_SPELLING_REQUIRE_PREVENT && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE, "%s must not be empty when present (leave it out instead)",
                  field);
    const char *key;
    json_t *v;
    json_object_foreach(value, key, v) {
        js_path_key(&ld->path, key);
        read_condition(ld, key, v, denied, field);
        js_path_pop(&ld->path);
        if (ld->stop) return;
    }
}

static void read_patch(gg_loader *ld, json_t *value, const char *field)
{
    ggn_ruleset *rs = ld->rs;
    if (!json_is_object(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "%s must be an object of square: piece id or null, found %s",
                  field, js_kind(value));
        return;
    }
    const char *key;
    json_t *v;
    json_object_foreach(value, key, v) {
        js_path_key(&ld->path, key);
        uint32_t sq = gg_read_square(ld, key, false, "a patched square");
        uint32_t piece = GG_NONE;
        bool ok = sq != GG_NONE;
        if (json_is_string(v)) {
            piece = gg_read_piece(ld, json_string_value(v), "the new piece");
            ok = ok && piece != GG_NONE;
        } else if (!json_is_null(v)) {
            gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected a piece id or null, found %s",
                      js_kind(v));
            ok = false;
        }
        if (ok) {
            if (!GG_PUSH(rs->patches, rs->npatches, rs->cap_patches)) {
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
            } else {
                rs->patches[rs->npatches++] = (gg_patch){ sq, piece };
            }
        }
        js_path_pop(&ld->path);
        if (ld->stop) return;
    }
}

/* in_hand_add / in_hand_del: a GAN id without state modifiers, or null. */
static uint32_t read_hand(gg_loader *ld, json_t *value, const char *field)
{
    if (json_is_null(value)) return GG_NONE;
    if (!json_is_string(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "%s must be a piece id or null, found %s", field,
                  js_kind(value));
        return GG_NONE;
    }
    const char *text = json_string_value(value);
    uint32_t piece = gg_read_piece(ld, text, field);
    if (piece == GG_NONE) return GG_NONE;
    ggn_gan gan;
    if (!ggn_gan_parse(text, strlen(text), &gan) && (gan.state != GGN_STATE_NORMAL || gan.intermediate)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_IDENTIFIER,
                  "%s \"%s\": a piece in hand carries no state modifier", field, text);
        return GG_NONE;
    }
    return piece;
}

/*
 * One entry of an STN "hands" object: a QPI id and a non-zero count change.
 * The id's side names the hand it changes (STN has one map for both hands).
 * ggn applies a transition's hand changes to the mover's hand only, one
 * piece in and one piece out at most, as the other spellings can say; an
 * STN diff asking for more is refused rather than run differently.
 */
static void read_stn_hand(gg_loader *ld, const char *key, json_t *value, gg_poss *p)
{
    uint32_t piece = gg_read_piece(ld, key, "a hands key");
    if (!json_is_integer(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE,
                  "a hand change is a whole number (pieces put in, or taken out when negative), found %s",
                  js_kind(value));
        return;
    }
    json_int_t delta = json_integer_value(value);
    if (delta == 0) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE, "a hand change of 0 says nothing (leave %s out)", key);
        return;
    }
    if (piece == GG_NONE) return;
    if (ld->side_known && gg_piece_side(ld->rs, piece) != ld->side) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                  "%s is the other player's piece, so this changes the other player's hand; ggn changes only the mover's hand",
                  key);
        return;
    }
    if (delta != 1 && delta != -1) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                  "%s %+lld: ggn puts one piece into the hand or takes one out per move, not more",
                  key, (long long)delta);
        return;
    }
    uint32_t *slot = delta > 0 ? &p->hand_add : &p->hand_del;
    if (*slot != GG_NONE) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                  "a second piece %s the hand, after %s; ggn moves at most one piece each way",
                  delta > 0 ? "put into" : "taken out of", ld->rs->pieces[*slot].id);
        return;
    }
    *slot = piece;
}

/* must-diff's "diff": an STN object of board (square: id or null), hands (id: count) and toggle. */
static void read_diff(gg_loader *ld, json_t *value, gg_poss *p)
{
    p->explicit_patch = 1;
    p->toggle = GG_TOGGLE_ABSENT;
    if (!json_is_object(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE,
                  "diff must be an STN object (board, hands, toggle), found %s", js_kind(value));
        return;
    }
    const char *key;
    json_t *v;
    json_object_foreach(value, key, v) {
        js_path_key(&ld->path, key);
        if (!strcmp(key, "board")) {
            read_patch(ld, v, "diff board");
        } else if (!strcmp(key, "hands")) {
            if (!json_is_object(v)) {
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "hands must be an object of piece id: count, found %s",
                          js_kind(v));
            } else {
                const char *hk;
                json_t *hv;
                json_object_foreach(v, hk, hv) {
                    js_path_key(&ld->path, hk);
                    read_stn_hand(ld, hk, hv, p);
                    js_path_pop(&ld->path);
                    if (ld->stop) break;
                }
            }
        } else if (!strcmp(key, "toggle")) {
            if (json_is_boolean(v)) p->toggle = json_is_true(v) ? GG_TOGGLE_TRUE : GG_TOGGLE_FALSE;
            else gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "toggle must be true or false, found %s", js_kind(v));
        } else if (!ld->trusted) {
            gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_UNKNOWN, "unknown diff field \"%s\" (an STN diff has board, hands, toggle)",
                      key);
        }
        js_path_pop(&ld->path);
        if (ld->stop) return;
    }
}

/* Says once per other spelling that the document mixes spellings. */
static void report_mixed(gg_loader *ld, const char *field, ggn_spelling other)
{
    if (ld->mixed[other]) return;
    ld->mixed[other] = true;
    gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_SPELLING,
              "\"%s\" is %s spelling, but this document is %s (first field at %s)", field,
              ggn_spelling_name(other), ggn_spelling_name(ld->rs->spelling),
              ld->first_field[0] ? ld->first_field : "/");
}

/* ---- each distinct possibility stored once ---- */

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

/* A hash of everything that makes two possibilities the same (conditions in order, effects). */
static uint64_t poss_hash(const ggn_ruleset *rs, const gg_poss *p)
{
    uint64_t h = mix64(((uint64_t)p->hand_add << 32) ^ p->hand_del ^ ((uint64_t)p->explicit_patch << 40) ^
                       ((uint64_t)p->toggle << 48) ^ ((uint64_t)p->never << 56));
    for (uint32_t k = 0; k < p->cond_count; k++) {
        const gg_cond *c = &rs->conds[p->cond_first + k];
        h = mix64(h ^ ((uint64_t)c->square << 32) ^ ((uint64_t)c->piece << 4) ^ ((uint64_t)c->denied << 3) ^ c->state);
    }
    for (uint32_t k = 0; k < p->patch_count; k++) {
        const gg_patch *q = &rs->patches[p->patch_first + k];
        h = mix64(h ^ ((uint64_t)q->square << 32) ^ q->piece ^ 0x5bd1e995ULL);
    }
    return h;
}

static bool same_poss(const ggn_ruleset *rs, const gg_poss *a, const gg_poss *b)
{
    if (a->cond_count != b->cond_count || a->patch_count != b->patch_count || a->hand_add != b->hand_add ||
        a->hand_del != b->hand_del || a->explicit_patch != b->explicit_patch || a->toggle != b->toggle ||
        a->never != b->never)
        return false;
    for (uint32_t k = 0; k < a->cond_count; k++) {
        const gg_cond *x = &rs->conds[a->cond_first + k], *y = &rs->conds[b->cond_first + k];
        if (x->square != y->square || x->piece != y->piece || x->denied != y->denied || x->state != y->state)
            return false;
    }
    for (uint32_t k = 0; k < a->patch_count; k++) {
        const gg_patch *x = &rs->patches[a->patch_first + k], *y = &rs->patches[b->patch_first + k];
        if (x->square != y->square || x->piece != y->piece) return false;
    }
    return true;
}

/* Doubles the table of stored possibilities (or makes its first). False when out of memory. */
static bool grow_slots(gg_loader *ld)
{
    const ggn_ruleset *rs = ld->rs;
    size_t cap = ld->poss_slot_cap ? ld->poss_slot_cap * 2 : 1024;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots) return false;
    for (size_t i = 0; i < rs->nposs; i++) {
        size_t k = (size_t)poss_hash(rs, &rs->poss[i]) & (cap - 1);
        while (slots[k]) k = (k + 1) & (cap - 1);
        slots[k] = (uint32_t)i + 1;
    }
    free(ld->poss_slots);
    ld->poss_slots = slots;
    ld->poss_slot_cap = cap;
    return true;
}

/*
 * The index of p among the stored possibilities. p was compiled last, so
 * its conditions, patches and tests end their arrays: when an equal
 * possibility is stored already, they are taken back and its index is
 * returned; else p is stored. GG_NONE when out of memory.
 */
static uint32_t store_poss(gg_loader *ld, const gg_poss *p)
{
    ggn_ruleset *rs = ld->rs;
    if ((rs->nposs + 1) * 2 > ld->poss_slot_cap && !grow_slots(ld)) return GG_NONE;
    size_t mask = ld->poss_slot_cap - 1, k = (size_t)poss_hash(rs, p) & mask;
    for (; ld->poss_slots[k]; k = (k + 1) & mask) {
        uint32_t i = ld->poss_slots[k] - 1;
        if (same_poss(rs, &rs->poss[i], p)) {
            rs->nconds = p->cond_first;
            rs->npatches = p->patch_first;
            rs->ntests = p->test_first;
            rs->nexacts = p->exact_first;
            return i;
        }
    }
    if (!GG_PUSH(rs->poss, rs->nposs, rs->cap_poss)) return GG_NONE;
    rs->poss[rs->nposs] = *p;
    ld->poss_slots[k] = (uint32_t)rs->nposs + 1;
    return (uint32_t)rs->nposs++;
}

uint32_t gg_read_possibility(gg_loader *ld, json_t *item)
{
    ggn_ruleset *rs = ld->rs;
    if (!json_is_object(item)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected a possibility object, found %s",
                  js_kind(item));
        return GG_NONE;
    }
    gg_poss p;
    memset(&p, 0, sizeof p);
    p.cond_first = (uint32_t)rs->nconds;
    p.patch_first = (uint32_t)rs->npatches;
    p.hand_add = p.hand_del = GG_NONE;
    bool seen_check = false;
    const char *field;
    json_t *value;
    json_object_foreach(item, field, value) {
        unsigned fs;
        const char *canon = gg_spelling_of_field(field, &fs);
        js_path_key(&ld->path, field);
        if (!canon) {
            if (!ld->trusted)
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_UNKNOWN, "unknown field \"%s\" (a %s possibility has %s)",
                          field, ggn_spelling_name(rs->spelling), field_list(rs->spelling));
        } else if (!(fs & (1u << rs->spelling))) {
            report_mixed(ld, field, gg_first_spelling(fs));
        } else if (!strcmp(canon, "diff")) {
            read_diff(ld, value, &p);
        } else if (!strcmp(canon, "must") || !strcmp(canon, "require") || !strcmp(canon, "board_check")) {
            seen_check = true;
            read_conditions(ld, value, false, canon);
        } else if (!strcmp(canon, "deny") || !strcmp(canon, "prevent")) {
            read_conditions(ld, value, true, canon);
        } else if (!strcmp(canon, "perform") || !strcmp(canon, "board_patch")) {
            p.explicit_patch = 1;
            read_patch(ld, value, canon);
        } else if (!strcmp(canon, "in_hand_add")) {
            p.hand_add = read_hand(ld, value, canon);
        } else {
            p.hand_del = read_hand(ld, value, canon);
        }
        js_path_pop(&ld->path);
        if (ld->stop) return GG_NONE;
    }
    if (rs->spelling == GGN_SPELLING_BOARD_CHECK && !seen_check)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing board_check (a board-check possibility needs board_check and board_patch)");
    if (rs->spelling == GGN_SPELLING_BOARD_CHECK && !p.explicit_patch)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing board_patch (a board-check possibility needs board_check and board_patch)");
    if (rs->spelling == GGN_SPELLING_REQUIRE_PREVENT && !p.explicit_patch)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing perform (a require-prevent possibility says what it changes)");
    if (rs->spelling == GGN_SPELLING_MUST_DIFF && !p.explicit_patch)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING,
                  "missing diff: this document is must-diff (first diff at %s), where every possibility says what it changes",
                  ld->first_field);
    p.cond_count = (uint32_t)rs->nconds - p.cond_first;
    p.patch_count = (uint32_t)rs->npatches - p.patch_first;
    if (!ld->trusted && ld->side_known) gg_check_contradictions(ld, &p);
    uint32_t index = GG_NONE;
    if (!GG_PUSH(rs->uses, rs->nuses, rs->cap_uses) || !gg_poss_compile(rs, &p) ||
        (index = store_poss(ld, &p)) == GG_NONE) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return GG_NONE;
    }
    rs->uses[rs->nuses++] = index;
    return index;
}
