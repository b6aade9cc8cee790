/*
 * mcts_tree.c — the Monte Carlo player's node pool: making and freeing a
 * player, its options, and keeping the subtree of the next position between
 * searches (tree reuse).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "mcts/mcts_internal.h"

void ggn_mcts_default_options(ggn_mcts_options *o)
{
    o->exploration_milli = GGN_MCTS_DEFAULT_EXPLORATION_MILLI;
    o->playout_plies = GGN_MCTS_DEFAULT_PLAYOUT_PLIES;
    o->eval_plies = 0;
    o->solver = true;
    o->prior = false;
    o->reuse = true;
    o->rave = GGN_MCTS_RAVE_AUTO;
    o->rave_equivalence = GGN_MCTS_DEFAULT_RAVE_EQUIVALENCE;
    o->rave_exploration_milli = GGN_MCTS_DEFAULT_RAVE_EXPLORATION_MILLI;
    o->playouts = GGN_MCTS_PLAYOUTS_AUTO;
}

bool mc_game_places_only(const ggn_game *game)
{
    const sd_game *def = game->def;
    if (!def->hands) return false;
    for (int k = 0; k < def->nkinds; k++)
        if (def->kinds[k].nmoves > 0) return false;
    return true;
}

bool ggn_mcts_uses_rave(const ggn_mcts_options *o, const ggn_game *game)
{
    return o->rave == GGN_MCTS_RAVE_ON || (o->rave == GGN_MCTS_RAVE_AUTO && mc_game_places_only(game));
}

ggn_mcts *ggn_mcts_new(size_t megabytes)
{
    ggn_mcts *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    if (megabytes == 0) megabytes = GGN_MCTS_DEFAULT_MB;
    size_t nodes = megabytes * 1024 * 1024 / sizeof(mc_node);
    if (nodes > UINT32_MAX) nodes = UINT32_MAX;
    if (nodes < GGN_MAX_MOVES + 1) nodes = GGN_MAX_MOVES + 1; /* room for any root's children */
    m->capacity = (uint32_t)nodes;
    m->megabytes = megabytes;
    m->threads = 1;
    atomic_init(&m->helpers_stop, false);
    ggn_mcts_default_options(&m->options);
    atomic_init(&m->iterations, 0);
    return m;
}

void ggn_mcts_free(ggn_mcts *m)
{
    if (!m) return;
    for (int i = 0; i < GGN_MAX_SEARCH_THREADS - 1; i++) ggn_mcts_free(m->helper[i]);
    ggn_searcher_free(m->evaluator);
    free(m->pool);
    free(m);
}

void ggn_mcts_clear(ggn_mcts *m)
{
    m->used = 0;
    m->game = NULL;
    for (int i = 0; i < GGN_MAX_SEARCH_THREADS - 1; i++)
        if (m->helper[i]) ggn_mcts_clear(m->helper[i]);
}

void ggn_mcts_set_options(ggn_mcts *m, const ggn_mcts_options *o)
{
    m->options = *o;
    if (m->options.playout_plies < 0) m->options.playout_plies = 0;
    if (m->options.exploration_milli < 0) m->options.exploration_milli = 0;
    if (m->options.rave_exploration_milli < 0) m->options.rave_exploration_milli = 0;
    if (m->options.rave_equivalence <= 0) m->options.rave_equivalence = GGN_MCTS_DEFAULT_RAVE_EQUIVALENCE;
    for (int i = 0; i < GGN_MAX_SEARCH_THREADS - 1; i++)
        if (m->helper[i]) ggn_mcts_set_options(m->helper[i], o);
    if (!m->options.reuse) ggn_mcts_clear(m);
}

void ggn_mcts_options_get(const ggn_mcts *m, ggn_mcts_options *o) { *o = m->options; }

void ggn_mcts_set_stop(ggn_mcts *m, const atomic_bool *stop) { m->stop = stop; }

uint64_t ggn_mcts_iterations(const ggn_mcts *m)
{
    return atomic_load_explicit(&((ggn_mcts *)m)->iterations, memory_order_relaxed);
}

uint32_t mc_tree_reroot(ggn_mcts *m, const ggn_move *moves, int n)
{
    uint32_t at = 0;
    for (int i = 0; i < n; i++) {
        const mc_node *node = &m->pool[at];
        uint32_t next = 0;
        for (uint32_t c = 0; c < node->nchildren && !next; c++)
            if (ggn_move_equal(m->pool[node->first_child + c].move, moves[i])) next = node->first_child + c;
        if (!next) {
            m->used = 0;
            return 0;
        }
        at = next;
    }
    if (at == 0) return m->used;
    /*
     * Breadth first into a new array: a node's children are copied as one
     * block when the node is reached, so every block stays contiguous and
     * every index points into the new array.
     */
    mc_node *packed = malloc((size_t)m->capacity * sizeof *packed);
    if (!packed) {
        m->used = 0;
        return 0;
    }
    packed[0] = m->pool[at];
    uint32_t count = 1;
    for (uint32_t i = 0; i < count; i++) {
        mc_node *node = &packed[i];
        if (node->nchildren == 0) continue;
        memcpy(&packed[count], &m->pool[node->first_child], node->nchildren * sizeof *packed);
        node->first_child = count;
        count += node->nchildren;
    }
    free(m->pool);
    m->pool = packed;
    m->used = count;
    return count;
}

ggn_player_kind ggn_game_player(const ggn_game *game) { return (ggn_player_kind)game->def->player; }
