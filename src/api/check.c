/* check.c — validating a file of either kind (see ggn/check.h). */
#include "ggn/check.h"

#include "ggn/game.h"
#include "ggn/ruleset.h"
#include "ruleset/ggn_scan.h"
#include "json/json_doc.h"

#include <string.h>

static bool is_spec_key(const char *key)
{
    static const char *const keys[] = { "board", "players", "turns", "pieces" };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(key, keys[i]) == 0) return true;
    return false;
}

/*
 * Which loader the file is for, from its top-level keys. They are found in
 * the text without building the tree (a large GGN library's jansson tree
 * is many times its size); text whose top level does not scan is parsed
 * whole, for the syntax error.
 */
static bool kind_of(js_doc *doc, ggn_errors *errs, bool *spec)
{
    gg_member *members;
    size_t n;
    *spec = false;
    if (gg_scan_members(doc->text, doc->len, &members, &n)) {
        for (size_t i = 0; i < n && !*spec; i++) *spec = is_spec_key(members[i].key);
        gg_members_free(members, n);
        return true;
    }
    if (!js_doc_parse(doc, errs)) return false;
    if (json_is_object(doc->root)) {
        const char *key;
        json_t *value;
        json_object_foreach(doc->root, key, value) if (is_spec_key(key)) *spec = true;
    }
    return true;
}

ggn_file_kind ggn_check_file(const char *path, ggn_errors *errs)
{
    js_doc doc;
    bool spec = false;
    bool ok = js_doc_read_file(&doc, path, errs) && kind_of(&doc, errs, &spec);
    js_doc_free(&doc);
    if (!ok) return GGN_FILE_UNKNOWN;
    size_t before = errs ? errs->count : 0;
    if (spec) ggn_game_free(ggn_game_load_file(path, errs));
    else ggn_ruleset_free(ggn_ruleset_load_file(path, NULL, errs));
    /* the top level scanned, but the text is not JSON after all: the loader said where */
    if (errs && errs->count > before &&
        (errs->items[before].code == GGN_E_SYNTAX || errs->items[before].code == GGN_E_DUPLICATE_KEY))
        return GGN_FILE_UNKNOWN;
    return spec ? GGN_FILE_GAME_SPEC : GGN_FILE_GGN;
}
