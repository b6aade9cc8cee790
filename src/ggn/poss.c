/*
 * poss.c — reading one possibility object: its conditions, its board patch
 * and its hand changes, in the fields of the document's spelling.
 */
#include "ggn_load.h"

#include <string.h>

/* The fields of a spelling, for "unknown field" messages. */
static const char *field_list(ggn_spelling s)
{
    switch (s) {
    case GGN_SPELLING_MUST_DENY: return "must, deny";
    case GGN_SPELLING_REQUIRE_PREVENT: return "require, prevent, perform";
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
                  state_list(rs->spelling), ggn_json_kind(value));
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
                  ggn_json_kind(value));
        return;
    }
    if (json_object_size(value) == 0 && ld->rs->spelling == GGN_SPELLING_REQUIRE_PREVENT && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE, "%s must not be empty when present (leave it out instead)",
                  field);
    const char *key;
    json_t *v;
    json_object_foreach(value, key, v) {
        ggn_jpath_key(&ld->path, key);
        read_condition(ld, key, v, denied, field);
        ggn_jpath_pop(&ld->path);
        if (ld->stop) return;
    }
}

static void read_patch(gg_loader *ld, json_t *value, const char *field)
{
    ggn_ruleset *rs = ld->rs;
    if (!json_is_object(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "%s must be an object of square: piece id or null, found %s",
                  field, ggn_json_kind(value));
        return;
    }
    const char *key;
    json_t *v;
    json_object_foreach(value, key, v) {
        ggn_jpath_key(&ld->path, key);
        uint32_t sq = gg_read_square(ld, key, false, "a patched square");
        uint32_t piece = GG_NONE;
        bool ok = sq != GG_NONE;
        if (json_is_string(v)) {
            piece = gg_read_piece(ld, json_string_value(v), "the new piece");
            ok = ok && piece != GG_NONE;
        } else if (!json_is_null(v)) {
            gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected a piece id or null, found %s",
                      ggn_json_kind(v));
            ok = false;
        }
        if (ok) {
            if (!GG_PUSH(rs->patches, rs->npatches, rs->cap_patches)) {
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
            } else {
                rs->patches[rs->npatches++] = (gg_patch){ sq, piece };
            }
        }
        ggn_jpath_pop(&ld->path);
        if (ld->stop) return;
    }
}

/* in_hand_add / in_hand_del: a GAN id without state modifiers, or null. */
static uint32_t read_hand(gg_loader *ld, json_t *value, const char *field)
{
    if (json_is_null(value)) return GG_NONE;
    if (!json_is_string(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "%s must be a piece id or null, found %s", field,
                  ggn_json_kind(value));
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

void gg_read_possibility(gg_loader *ld, json_t *item, uint32_t dest, uint32_t index)
{
    ggn_ruleset *rs = ld->rs;
    if (!json_is_object(item)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected a possibility object, found %s",
                  ggn_json_kind(item));
        return;
    }
    gg_poss p;
    memset(&p, 0, sizeof p);
    p.dest = dest;
    p.index = index;
    p.cond_first = (uint32_t)rs->nconds;
    p.patch_first = (uint32_t)rs->npatches;
    p.hand_add = p.hand_del = GG_NONE;
    bool seen_check = false;
    const char *field;
    json_t *value;
    json_object_foreach(item, field, value) {
        ggn_spelling fs;
        const char *canon = gg_spelling_of_field(field, &fs);
        ggn_jpath_key(&ld->path, field);
        if (!canon) {
            if (!ld->trusted)
                gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_UNKNOWN, "unknown field \"%s\" (a %s possibility has %s)",
                          field, ggn_spelling_name(rs->spelling), field_list(rs->spelling));
        } else if (fs != rs->spelling) {
            report_mixed(ld, field, fs);
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
        ggn_jpath_pop(&ld->path);
        if (ld->stop) return;
    }
    if (rs->spelling == GGN_SPELLING_BOARD_CHECK && !seen_check)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing board_check (a board-check possibility needs board_check and board_patch)");
    if (rs->spelling == GGN_SPELLING_BOARD_CHECK && !p.explicit_patch)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing board_patch (a board-check possibility needs board_check and board_patch)");
    if (rs->spelling == GGN_SPELLING_REQUIRE_PREVENT && !p.explicit_patch)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_MISSING, "missing perform (a require-prevent possibility says what it changes)");
    p.cond_count = (uint32_t)rs->nconds - p.cond_first;
    p.patch_count = (uint32_t)rs->npatches - p.patch_first;
    if (!ld->trusted && ld->side_known) gg_check_contradictions(ld, &p);
    if (!GG_PUSH(rs->poss, rs->nposs, rs->cap_poss) || !gg_poss_compile(rs, &p)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return;
    }
    rs->poss[rs->nposs++] = p;
}
