/*
 * load.c — reading a GGN document: the three outer levels (piece → source
 * → destination), one piece at a time, and the entry points.
 */
#include "ggn_load.h"
#include "error/error_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gg_report(gg_loader *ld, ggn_severity severity, ggn_code code, const char *fmt, ...)
{
    if (severity == GGN_SEVERITY_ERROR) ld->errors++;
    if (code == GGN_E_NOMEM || code == GGN_E_LIMIT) ld->stop = true;
    if (!ld->errs) return;
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    er_vformat(msg, sizeof msg, fmt, ap);
    va_end(ap);
    js_doc_report(ld->doc, ld->errs, severity, code, &ld->path, "%s", msg);
}

uint32_t gg_read_square(gg_loader *ld, const char *text, bool allow_hand, const char *role)
{
    size_t len = strlen(text);
    if (len == 1 && text[0] == '*') {
        if (allow_hand) return GG_HAND;
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LOCATION,
                  "%s names a board square; \"*\" (the hand) is not allowed here", role);
        return GG_NONE;
    }
    ggn_ruleset *rs = ld->rs;
    uint32_t sq = gg_square_find(rs, text, len);
    if (sq != GG_NONE) return sq;
    const char *why = ggn_location_parse(text, len, NULL);
    if (why) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LOCATION, "%s \"%s\" is not a CELL coordinate: %s", role, text, why);
        return GG_NONE;
    }
    if (rs->nsquares >= GGN_MAX_GGN_SQUARES) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LIMIT,
                  "more than %d distinct squares in one document (GGN_MAX_GGN_SQUARES)", GGN_MAX_GGN_SQUARES);
        return GG_NONE;
    }
    sq = gg_square_add(rs, text, len);
    if (sq == GG_NONE) gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory interning squares");
    return sq;
}

uint32_t gg_read_piece(gg_loader *ld, const char *text, const char *role)
{
    size_t len = strlen(text);
    ggn_ruleset *rs = ld->rs;
    uint32_t piece = gg_piece_find(rs, text, len);
    if (piece != GG_NONE) return piece;
    ggn_side side;
    const char *why;
    const char *grammar;
    if (gg_spelling_is_qpi(rs->spelling)) {
        ggn_qpi qpi;
        grammar = "QPI";
        why = ggn_qpi_parse(text, len, &qpi);
        side = qpi.side;
    } else {
        ggn_gan gan;
        grammar = "GAN";
        why = ggn_gan_parse(text, len, &gan);
        side = gan.side;
    }
    if (why) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_IDENTIFIER, "%s \"%s\" is not a %s id: %s", role, text,
                  grammar, why);
        return GG_NONE;
    }
    if (rs->npieces >= GGN_MAX_GGN_PIECES) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LIMIT,
                  "more than %d distinct piece ids in one document (GGN_MAX_GGN_PIECES)", GGN_MAX_GGN_PIECES);
        return GG_NONE;
    }
    piece = gg_piece_add(rs, text, len, side);
    if (piece == GG_NONE) gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory interning piece ids");
    return piece;
}

static bool add_entry(gg_loader *ld, uint32_t piece)
{
    ggn_ruleset *rs = ld->rs;
    if (!GG_PUSH(rs->entries, rs->nentries, rs->cap_entries)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return false;
    }
    rs->entries[rs->nentries] = (gg_entry){ piece, (uint32_t)rs->nsources, 0 };
    if (piece != GG_NONE) rs->pieces[piece].entry = (uint32_t)rs->nentries;
    rs->nentries++;
    return true;
}

/* require-prevent (seed 002) describes board moves only: no drops, no captures into a hand. */
static uint32_t hand_in_rp(gg_loader *ld, const char *role)
{
    gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LOCATION,
              "require-prevent documents describe board moves only; \"*\" (the hand) cannot be a %s", role);
    return GG_NONE;
}

static void read_destination(gg_loader *ld, const char *key, json_t *value, uint32_t source_index)
{
    ggn_ruleset *rs = ld->rs;
    bool rp = rs->spelling == GGN_SPELLING_REQUIRE_PREVENT;
    uint32_t sq = rp && strcmp(key, "*") == 0 ? hand_in_rp(ld, "destination")
                                                : gg_read_square(ld, key, true, "a destination");
    if (sq == GG_HAND && ld->source == GG_HAND && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LOCATION,
                  "a move from the hand to the hand (\"*\" to \"*\") is not allowed");
    if (!GG_PUSH(rs->dests, rs->ndests, rs->cap_dests)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return;
    }
    uint32_t dest_index = (uint32_t)rs->ndests++;
    rs->dests[dest_index] = (gg_dest){ sq, source_index, (uint32_t)rs->nuses, 0 };
    rs->sources[source_index].dest_count++;
    if (!json_is_array(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected an array of possibilities, found %s",
                  js_kind(value));
        return;
    }
    size_t n = json_array_size(value);
    if (n == 0 && !gg_spelling_is_qpi(rs->spelling) && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                  "an empty possibility array is not allowed in %s documents (at least one possibility)",
                  ggn_spelling_name(rs->spelling));
    size_t first = rs->nuses;
    gg_dup_begin(ld);
    for (size_t i = 0; i < n && !ld->stop; i++) {
        json_t *item = json_array_get(value, i);
        js_path_index(&ld->path, i);
        uint32_t poss = gg_read_possibility(ld, item);
        js_path_pop(&ld->path);
        if (!ld->stop) gg_dup_item(ld, (uint32_t)i, poss, item, value, 0, 0);
    }
    rs->dests[dest_index].poss_count = (uint32_t)(rs->nuses - first);
    gg_dup_end(ld, rs->nuses - first == n);
}

static void read_source(gg_loader *ld, const char *key, json_t *value, uint32_t entry)
{
    ggn_ruleset *rs = ld->rs;
    bool rp = rs->spelling == GGN_SPELLING_REQUIRE_PREVENT;
    uint32_t sq = rp && strcmp(key, "*") == 0 ? hand_in_rp(ld, "source")
                                                : gg_read_square(ld, key, true, "a source");
    ld->source = sq;
    if (!GG_PUSH(rs->sources, rs->nsources, rs->cap_sources)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return;
    }
    uint32_t source_index = (uint32_t)rs->nsources++;
    rs->sources[source_index] = (gg_source){ sq, entry, (uint32_t)rs->ndests, 0 };
    rs->entries[entry].source_count++;
    if (!json_is_object(value)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected an object of destinations, found %s",
                  js_kind(value));
        return;
    }
    const char *dk;
    json_t *dv;
    json_object_foreach(value, dk, dv) {
        js_path_key(&ld->path, dk);
        read_destination(ld, dk, dv, source_index);
        js_path_pop(&ld->path);
        if (ld->stop) break;
    }
}

/* ---- the same three levels walked in the text (gg_cursor), one possibility parsed at a time ---- */

/* The text did not scan where the loader needs it to: stop, and let the whole document be parsed. */
static void scan_failed(gg_loader *ld)
{
    ld->scan_failed = true;
    ld->stop = true;
}

static void read_destination_text(gg_loader *ld, const char *key, size_t at, size_t len, uint32_t source_index)
{
    ggn_ruleset *rs = ld->rs;
    const char *t = ld->doc->text;
    gg_cursor c;
    if (!gg_cursor_open(&c, t, at, len, false)) {
        gg_cursor_close(&c);
        scan_failed(ld); /* not an array: the whole parse says so */
        return;
    }
    bool rp = rs->spelling == GGN_SPELLING_REQUIRE_PREVENT;
    uint32_t sq = rp && strcmp(key, "*") == 0 ? hand_in_rp(ld, "destination")
                                                : gg_read_square(ld, key, true, "a destination");
    if (sq == GG_HAND && ld->source == GG_HAND && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_LOCATION,
                  "a move from the hand to the hand (\"*\" to \"*\") is not allowed");
    if (!GG_PUSH(rs->dests, rs->ndests, rs->cap_dests)) {
        gg_cursor_close(&c);
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return;
    }
    uint32_t dest_index = (uint32_t)rs->ndests++;
    rs->dests[dest_index] = (gg_dest){ sq, source_index, (uint32_t)rs->nuses, 0 };
    rs->sources[source_index].dest_count++;
    size_t first = rs->nuses, n = 0, i_at, i_len;
    gg_dup_begin(ld);
    while (!ld->stop && gg_cursor_next(&c, &i_at, &i_len)) {
        json_t *item = gg_parse_item(t, i_at, i_len);
        if (!item) {
            scan_failed(ld);
            break;
        }
        js_path_index(&ld->path, n);
        uint32_t poss = gg_read_possibility(ld, item);
        js_path_pop(&ld->path);
        if (!ld->stop) gg_dup_item(ld, (uint32_t)n, poss, item, NULL, i_at, i_len);
        json_decref(item);
        n++;
    }
    if (c.bad) scan_failed(ld);
    gg_cursor_close(&c);
    if (ld->scan_failed) return;
    if (n == 0 && !ld->stop && !gg_spelling_is_qpi(rs->spelling) && !ld->trusted)
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_VALUE,
                  "an empty possibility array is not allowed in %s documents (at least one possibility)",
                  ggn_spelling_name(rs->spelling));
    rs->dests[dest_index].poss_count = (uint32_t)(rs->nuses - first);
    gg_dup_end(ld, rs->nuses - first == n);
}

static void read_source_text(gg_loader *ld, const char *key, size_t at, size_t len, uint32_t entry)
{
    ggn_ruleset *rs = ld->rs;
    const char *t = ld->doc->text;
    gg_cursor c;
    if (!gg_cursor_open(&c, t, at, len, true)) {
        gg_cursor_close(&c);
        scan_failed(ld);
        return;
    }
    bool rp = rs->spelling == GGN_SPELLING_REQUIRE_PREVENT;
    uint32_t sq = rp && strcmp(key, "*") == 0 ? hand_in_rp(ld, "source")
                                                : gg_read_square(ld, key, true, "a source");
    ld->source = sq;
    if (!GG_PUSH(rs->sources, rs->nsources, rs->cap_sources)) {
        gg_cursor_close(&c);
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory");
        return;
    }
    uint32_t source_index = (uint32_t)rs->nsources++;
    rs->sources[source_index] = (gg_source){ sq, entry, (uint32_t)rs->ndests, 0 };
    rs->entries[entry].source_count++;
    size_t d_at, d_len;
    while (!ld->stop && gg_cursor_next(&c, &d_at, &d_len)) {
        js_path_key(&ld->path, c.key);
        read_destination_text(ld, c.key, d_at, d_len, source_index);
        js_path_pop(&ld->path);
    }
    if (c.bad) scan_failed(ld);
    gg_cursor_close(&c);
}

static void read_piece_text(gg_loader *ld, const char *pk, size_t at, size_t len)
{
    gg_cursor c;
    if (!gg_cursor_open(&c, ld->doc->text, at, len, true)) {
        gg_cursor_close(&c);
        scan_failed(ld);
        return;
    }
    js_path_key(&ld->path, pk);
    uint32_t piece = gg_read_piece(ld, pk, "piece key");
    ld->side_known = piece != GG_NONE;
    ld->side = piece != GG_NONE ? gg_piece_side(ld->rs, piece) : GGN_SIDE_FIRST;
    if (add_entry(ld, piece)) {
        uint32_t entry = (uint32_t)ld->rs->nentries - 1;
        size_t s_at, s_len;
        while (!ld->stop && gg_cursor_next(&c, &s_at, &s_len)) {
            js_path_key(&ld->path, c.key);
            read_source_text(ld, c.key, s_at, s_len, entry);
            js_path_pop(&ld->path);
        }
        if (c.bad) scan_failed(ld);
    }
    gg_cursor_close(&c);
    js_path_pop(&ld->path);
}

/* One member of the root: a piece key and its sources. */
static void read_piece(gg_loader *ld, const char *pk, json_t *pv)
{
    js_path_key(&ld->path, pk);
    uint32_t piece = gg_read_piece(ld, pk, "piece key");
    ld->side_known = piece != GG_NONE;
    ld->side = piece != GG_NONE ? gg_piece_side(ld->rs, piece) : GGN_SIDE_FIRST;
    if (add_entry(ld, piece)) {
        uint32_t entry = (uint32_t)ld->rs->nentries - 1;
        if (!json_is_object(pv)) {
            gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE, "expected an object of sources, found %s",
                      js_kind(pv));
        } else {
            const char *sk;
            json_t *sv;
            json_object_foreach(pv, sk, sv) {
                js_path_key(&ld->path, sk);
                read_source(ld, sk, sv, entry);
                js_path_pop(&ld->path);
                if (ld->stop) break;
            }
        }
    }
    js_path_pop(&ld->path);
}

/* Each piece of src in order, each piece's tree released once compiled. */
static void read_document(gg_loader *ld, gg_pieces *src)
{
    if (src->root && !json_is_object(src->root)) {
        gg_report(ld, GGN_SEVERITY_ERROR, GGN_E_TYPE,
                  "a GGN document is an object whose keys are piece ids, found %s", js_kind(src->root));
        return;
    }
    gg_pieces_rewind(src);
    const char *pk;
    json_t *pv;
    while (!ld->stop && gg_pieces_next(src, &pk, &pv)) {
        if (pv) read_piece(ld, pk, pv);
        else read_piece_text(ld, pk, src->value_at, src->value_len);
        json_decref(pv);
    }
    if (ld->scan_failed) src->failed = true;
}

/* Gives the arrays back their growth slack: a loaded ruleset never grows again. */
#define GG_SHRINK(arr, n, cap)                                                                                        \
    do {                                                                                                               \
        if ((n) > 0 && (n) < (cap)) {                                                                                  \
            void *shrunk_ = realloc((arr), (size_t)(n) * sizeof *(arr));                                               \
            if (shrunk_) {                                                                                             \
                (arr) = shrunk_;                                                                                       \
                (cap) = (n);                                                                                           \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

static void shrink(ggn_ruleset *rs)
{
    GG_SHRINK(rs->squares, rs->nsquares, rs->cap_squares);
    GG_SHRINK(rs->pieces, rs->npieces, rs->cap_pieces);
    GG_SHRINK(rs->entries, rs->nentries, rs->cap_entries);
    GG_SHRINK(rs->sources, rs->nsources, rs->cap_sources);
    GG_SHRINK(rs->dests, rs->ndests, rs->cap_dests);
    GG_SHRINK(rs->uses, rs->nuses, rs->cap_uses);
    GG_SHRINK(rs->poss, rs->nposs, rs->cap_poss);
    GG_SHRINK(rs->tests, rs->ntests, rs->cap_tests);
    GG_SHRINK(rs->exacts, rs->nexacts, rs->cap_exacts);
    GG_SHRINK(rs->conds, rs->nconds, rs->cap_conds);
    GG_SHRINK(rs->patches, rs->npatches, rs->cap_patches);
}

/* Loads from src; NULL with src->failed set when one of its pieces does not parse. */
static ggn_ruleset *load_pieces(const js_doc *doc, gg_pieces *src, const ggn_load_options *opts, ggn_errors *errs)
{
    ggn_ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) {
        ggn_error err;
        ggn_error_set(&err, GGN_E_NOMEM, "out of memory");
        snprintf(err.file, sizeof err.file, "%s", doc->file);
        ggn_errors_add(errs, &err);
        return NULL;
    }
    snprintf(rs->name, sizeof rs->name, "%s", doc->file);
    gg_loader ld;
    memset(&ld, 0, sizeof ld);
    ld.rs = rs;
    ld.doc = doc;
    ld.errs = errs;
    ld.trusted = opts && opts->trusted;
    js_path_init(&ld.path);
    rs->spelling = gg_detect_spelling(src, ld.first_field, sizeof ld.first_field);
    if (!src->failed) read_document(&ld, src);
    gg_loader_release(&ld);
    if (src->failed) {
        ggn_ruleset_free(rs);
        return NULL;
    }
    if (ld.errors == 0 && !gg_index_build(rs)) {
        js_path_init(&ld.path);
        gg_report(&ld, GGN_SEVERITY_ERROR, GGN_E_NOMEM, "out of memory building the source index");
    }
    if (ld.errors) {
        ggn_ruleset_free(rs);
        return NULL;
    }
    shrink(rs);
    return rs;
}

/*
 * Loads a document whose text is read (and checked for NUL bytes and depth)
 * but not parsed. The root's members are found in the text, and each piece
 * is walked there level by level, jansson parsing one possibility at a time
 * (docs/ggn.md, Memory). When the text does not scan, whatever was reported
 * is taken back and the document is parsed whole, whose errors then say
 * exactly what is wrong, as they always did.
 */
static ggn_ruleset *load_text(js_doc *doc, const ggn_load_options *opts, ggn_errors *errs)
{
    gg_member *members;
    size_t n;
    if (gg_scan_members(doc->text, doc->len, &members, &n)) {
        /* what to take back: the counts (items past count are overwritten later) */
        size_t count = errs ? errs->count : 0, dropped = errs ? errs->dropped : 0;
        size_t errors = errs ? errs->errors : 0, warnings = errs ? errs->warnings : 0;
        gg_pieces src = { NULL, doc->text, members, n, 0, NULL, 0, 0, false };
        ggn_ruleset *rs = load_pieces(doc, &src, opts, errs);
        gg_members_free(members, n);
        if (!src.failed) return rs;
        if (errs) {
            errs->count = count;
            errs->dropped = dropped;
            errs->errors = errors;
            errs->warnings = warnings;
        }
    }
    if (!js_doc_parse(doc, errs)) return NULL;
    gg_pieces src = { doc->root, NULL, NULL, 0, 0, NULL, 0, 0, false };
    return load_pieces(doc, &src, opts, errs);
}

ggn_ruleset *ggn_ruleset_load_string(const char *text, size_t len, const char *name,
                                     const ggn_load_options *opts, ggn_errors *errs)
{
    js_doc doc;
    if (!text) text = "";
    ggn_ruleset *rs = js_doc_read_string(&doc, text, len, name, errs) ? load_text(&doc, opts, errs) : NULL;
    js_doc_free(&doc);
    return rs;
}

ggn_ruleset *ggn_ruleset_load_file(const char *path, const ggn_load_options *opts, ggn_errors *errs)
{
    js_doc doc;
    ggn_ruleset *rs = js_doc_read_file(&doc, path, errs) ? load_text(&doc, opts, errs) : NULL;
    js_doc_free(&doc);
    return rs;
}

void ggn_ruleset_free(ggn_ruleset *rs)
{
    if (!rs) return;
    gg_arena_free(&rs->arena);
    gg_map_free(&rs->square_map);
    gg_map_free(&rs->piece_map);
    free(rs->squares);
    free(rs->pieces);
    free(rs->entries);
    free(rs->sources);
    free(rs->dests);
    free(rs->uses);
    free(rs->poss);
    free(rs->tests);
    free(rs->exacts);
    free(rs->conds);
    free(rs->patches);
    free(rs->source_at);
    free(rs);
}

ggn_spelling ggn_ruleset_spelling(const ggn_ruleset *rs) { return rs->spelling; }

const char *ggn_ruleset_name(const ggn_ruleset *rs) { return rs->name; }

void ggn_ruleset_stats_get(const ggn_ruleset *rs, ggn_ruleset_stats *out)
{
    out->squares = rs->nsquares;
    out->pieces = rs->npieces;
    out->sources = rs->nsources;
    out->destinations = rs->ndests;
    out->possibilities = rs->nuses;
}
