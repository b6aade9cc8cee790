/*
 * ggn/ggn.h — libggn, a data-driven engine for abstract strategy board games.
 *
 * Include this header for the whole public API, or the layer headers one by
 * one (id, error, ggn_doc, spec, position, engine).
 *
 * OWNERSHIP — the one rule, for every function of libggn:
 *   - An object created by a ggn_X_load / ggn_X_new / ggn_X_create function
 *     belongs to the caller, who releases it with the matching ggn_X_free
 *     (which accepts NULL). Nothing else ever needs freeing.
 *   - Small structs (errors, identifiers, moves, move buffers, undo records)
 *     are allocated by the caller, usually on the stack; the library only
 *     fills them.
 *   - Pointers the library returns into an object (names, labels, tables)
 *     stay valid until that object is freed, and must not be written.
 *   - Strings passed in are copied when kept; the caller may free them
 *     right after the call.
 *   - A function documented as returning "a new string" returns text the
 *     caller releases with free().
 *
 * THREADS — loaded rulesets and games are read-only after loading and may be
 * shared by any number of threads; a position (or any object documented as
 * mutable) must be used by one thread at a time. The library has no global
 * state.
 *
 * ERRORS — the library never prints, exits or aborts on bad input: a
 * fallible function returns false / NULL / a negative count and fills the
 * ggn_error (or ggn_errors list) it was given, which may be NULL.
 */
#ifndef GGN_GGN_H
#define GGN_GGN_H

#include "ggn/version.h"
#include "ggn/error.h"
#include "ggn/file.h"
#include "ggn/id.h"
#include "ggn/limits.h"
#include "ggn/ruleset.h"
#include "ggn/search.h" /* includes ggn/game.h */
#include "ggn/render.h"
#include "ggn/export.h"
#include "ggn/notation.h"
#include "ggn/action.h"
#include "ggn/mcts.h"
#include "ggn/play.h"
#include "ggn/selfplay.h"
#include "ggn/gtp.h"
#include "ggn/sgf.h"
#include "ggn/protocol.h"

#endif
