/* check.c — validating a file of either kind (see ggn/check.h). */
#include "ggn/check.h"

#include "ggn/game.h"
#include "ggn/ruleset.h"
#include "json/json_doc.h"

static bool looks_like_game_spec(const json_t *root)
{
    static const char *const keys[] = { "board", "players", "turns", "pieces" };
    if (!json_is_object(root)) return false;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (json_object_get(root, keys[i])) return true;
    return false;
}

ggn_file_kind ggn_check_file(const char *path, ggn_errors *errs)
{
    ggn_jdoc doc;
    if (!ggn_jdoc_load_file(&doc, path, errs)) {
        ggn_jdoc_free(&doc);
        return GGN_FILE_UNKNOWN;
    }
    bool spec = looks_like_game_spec(doc.root);
    ggn_jdoc_free(&doc);
    if (spec) {
        ggn_game_free(ggn_game_load_file(path, errs));
        return GGN_FILE_GAME_SPEC;
    }
    ggn_ruleset_free(ggn_ruleset_load_file(path, NULL, errs));
    return GGN_FILE_GGN;
}
