/*
 * probe.c — cheap read-only facts about a position, for the search: what
 * ggn_position_status would work out, piece by piece, without generating
 * moves. Each reads the position's arrays or its undo stack; nothing is
 * allocated.
 */
#include "engine.h"

bool eg_leader_captured(const ggn_position *pos)
{
    /* elimination: the capture took that player out; the game goes on (or eg_game_over says). */
    if (pos->g->leader == EG_NONE || pos->nundo == 0 || pos->g->elimination) return false;
    const eg_undo *u = &pos->undo[pos->nundo - 1];
    for (int i = 0; i < u->npiece; i++) {
        const eg_piece *was = &u->piece[i].saved;
        if (was->kind == pos->g->leader && was->sq != EG_NONE && pos->piece[u->piece[i].id].sq == EG_NONE)
            return true;
    }
    return false;
}

bool ggn_position_square_attacked(const ggn_position *pos, int sq, int player)
{
    const ggn_game *g = pos->g;
    if (sq < 0 || sq >= g->nsq || !g->enabled[sq] || player < 0 || player >= g->nplayers) return false;
    return eg_attacked_by_others(pos, sq, player);
}

bool eg_game_over(const ggn_position *pos, ggn_status *st)
{
    if (!pos->g->end_rules) return false;
    if (st) *st = (ggn_status){ GGN_ONGOING, -1, false, false, -1, -1, -1 };
    return eg_decided(pos, st);
}

int eg_no_move_result(const ggn_position *pos, bool in_check)
{
    const sd_game_end *e = &pos->g->def->end;
    int rule;
    sd_result r = in_check ? eg_checkmate_result(pos, &rule) : e->no_move;
    if (r == SD_RESULT_FEWEST_PIECES || r == SD_RESULT_POINTS) {
        int winner = r == SD_RESULT_POINTS ? eg_most_points(pos) : eg_fewest_pieces(pos);
        return winner < 0 ? 0 : winner == eg_player_to_move(pos) ? 1 : -1;
    }
    return r == SD_RESULT_WIN ? 1 : r == SD_RESULT_DRAW ? 0 : -1;
}

int ggn_game_team(const ggn_game *game, int player)
{
    return player >= 0 && player < game->nplayers ? game->team[player] : -1;
}

bool ggn_position_player_out(const ggn_position *pos, int player)
{
    return player >= 0 && player < pos->g->nplayers && ((pos->out >> player) & 1);
}

bool eg_narrows_moves(const ggn_game *game) { return game->narrows_moves; }

int ggn_position_halfmove_clock(const ggn_position *pos) { return pos->halfmove; }

size_t eg_hash_history(const ggn_position *pos, uint64_t *buf, size_t cap)
{
    for (int i = 0; i < pos->nundo && (size_t)i < cap; i++) buf[i] = pos->undo[i].hash ^ pos->undo[i].flag_key;
    return (size_t)pos->nundo;
}

void eg_material(const ggn_position *pos, int *out)
{
    const ggn_game *g = pos->g;
    for (int p = 0; p < g->nplayers; p++) out[p] = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq != EG_NONE) out[p->owner] += g->kind_value[p->kind];
    }
    /* A piece in hand is material too: it can be dropped on the next turn. */
    if (g->hands)
        for (int p = 0; p < g->nplayers; p++)
            for (int k = 0; k < g->nkinds; k++) out[p] += pos->hand[p][k] * g->kind_value[k];
}

void eg_draw_rules(const ggn_game *game, int *repetitions, int *no_progress)
{
    if (repetitions) *repetitions = game->def->draw.repetition_count;
    if (no_progress) *no_progress = game->def->draw.fifty_move_halfmoves;
}

int eg_repetition_loser(const ggn_game *game) { return game->def->draw.repetition_loser; }

int eg_check_limit(const ggn_game *game) { return game->def->end.check_limit; }

bool eg_leaders_unassailable(const ggn_game *game) { return game->no_giving_check; }

bool eg_forces_captures(const ggn_game *game) { return game->forced_capture; }

bool eg_wins_by_losing_pieces(const ggn_game *game)
{
    const sd_game_end *end = &game->def->end;
    int nk = game->nkinds;
    unsigned long long every = nk >= 64 ? ~0ULL : (1ULL << nk) - 1;
    for (int i = 0; i < end->nextinctions; i++)
        if (end->extinctions[i].result == SD_RESULT_WIN && (end->extinctions[i].kinds & every) == every) return true;
    return false;
}

bool eg_wins_by_uniting(const ggn_game *game)
{
    const sd_game_end *end = &game->def->end;
    for (int i = 0; i < end->nunited; i++)
        if (end->united[i].result == SD_RESULT_WIN) return true;
    return false;
}

bool eg_mate_wins(const ggn_game *game) { return game->def->end.no_move_in_check == SD_RESULT_WIN; }

int eg_checks_given(const ggn_position *pos, int player)
{
    return player >= 0 && player < pos->g->nplayers ? pos->checks[player] : 0;
}

bool ggn_move_is_capture(const ggn_position *pos, ggn_move mv)
{
    /* A move that does not fit the position captures nothing. */
    return eg_move_fits(pos, mv) && eg_is_capture_generated(pos, mv);
}

bool eg_is_capture_generated(const ggn_position *pos, ggn_move mv)
{
    const ggn_game *g = pos->g;
    if (mv.from == EG_DROP_FROM) return false; /* a drop lands on an empty square */
    if (eg_is_pass(g, mv)) return false; /* a forced pass may stand on a kind without moves: no definition to read */
    if (eg_is_chain(pos, mv)) return true; /* a chain capture takes at least one piece (make checks the rest) */
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    if (pos->piece_at[mv.to] && pos->side_at[mv.to] != p->owner) return true;
    const eg_action *a = &eg_move_of(g, p->owner, p->kind, mv.pattern)->action[mv.action];
    for (int i = 0; i < a->neffect; i++) {
        if (a->effect[i].kind != SD_EFFECT_CAPTURE) continue;
        int sq = eg_offset(g, mv.from, a->effect[i].ax, a->effect[i].ay);
        if (sq != EG_NONE && pos->piece_at[sq] && pos->side_at[sq] != p->owner) return true;
    }
    return false;
}

size_t ggn_position_pieces(const ggn_position *pos, ggn_piece_place *buf, size_t cap)
{
    size_t n = 0;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE) continue;
        if (n < cap) buf[n] = (ggn_piece_place){ .square = p->sq, .kind = p->kind, .owner = p->owner };
        n++;
    }
    return n;
}

int ggn_game_kind_landings(const ggn_game *game, int player, int kind, int x, int y, int *squares, int cap)
{
    return eg_kind_landings(game, player, kind, x, y, false, squares, cap);
}

int eg_kind_landings(const ggn_game *game, int player, int kind, int x, int y, bool unconditional, int *squares, int cap)
{
    if (player < 0 || player >= game->nplayers || kind < 0 || kind >= game->nkinds) return 0;
    int from = eg_square(game, x, y);
    if (from == EG_NONE) return 0;
    /* Distinct landings: two moves (a pawn's step and its capture) may share one. */
    uint64_t seen[(GGN_MAX_SQUARES + 63) / 64] = { 0 };
    int count = 0;
    for (int mi = 0; mi < game->nmoves[kind]; mi++) {
        const eg_move *m = eg_move_of(game, player, kind, mi);
        /* A hop lands only beyond a screen, and an empty board has none. */
        if (m->hop || !m->ray_len || (unconditional && (m->nsrc || m->ndst))) continue;
        const uint16_t *ray = game->rays + m->ray_off[from];
        for (int i = 0; i < m->ray_len[from]; i++) {
            int sq = ray[i];
            if ((seen[sq / 64] >> (sq % 64)) & 1) continue;
            seen[sq / 64] |= 1ULL << (sq % 64);
            if (count < cap) squares[count] = sq;
            count++;
        }
    }
    return count;
}

int ggn_game_kind_reach(const ggn_game *game, int player, int kind, int x, int y)
{
    return ggn_game_kind_landings(game, player, kind, x, y, NULL, 0);
}

int ggn_game_promotion_gain(const ggn_game *game, int player, int kind, int x, int y)
{
    if (player < 0 || player >= game->nplayers || kind < 0 || kind >= game->nkinds) return 0;
    int sq = eg_square(game, x, y);
    if (sq == EG_NONE) return 0;
    const bool *named = game->named_sq + (size_t)player * (size_t)game->nsq + (size_t)sq;
    size_t named_stride = (size_t)game->nplayers * (size_t)game->nsq; /* named_sq is [named][player][square] */
    int best = 0;
    for (int mi = 0; mi < game->nmoves[kind]; mi++) {
        const eg_move *m = eg_move_of(game, player, kind, mi);
        for (int i = 0; i < m->nmodifier; i++) {
            const eg_modifier *mod = &m->modifier[i];
            /* Only a TRANSFORM tied to squares: one that may fire anywhere gives no square an edge. */
            bool tied = false, holds = true;
            for (int c = 0; c < mod->ncond; c++) {
                uint8_t ck = mod->cond[c].kind;
                if (ck != SD_COND_NAMED && ck != SD_COND_NAMED_SOURCE && ck != SD_COND_NAMED_PATH) continue;
                tied = true;
                if (!named[(size_t)mod->cond[c].arg * named_stride]) holds = false;
            }
            if (!tied || !holds) continue;
            for (int o = 0; o < mod->noption; o++) {
                int gain = game->kind_value[mod->option[o]] - game->kind_value[kind];
                if (gain > best) best = gain;
            }
        }
    }
    return best;
}

int eg_promoted_kind(const ggn_position *pos, ggn_move mv)
{
    if (!mv.promotion || mv.from == EG_DROP_FROM || !pos->piece_at[mv.from]) return EG_NONE;
    const eg_piece *p = &pos->piece[pos->piece_at[mv.from]];
    const eg_move *m = eg_move_of(pos->g, p->owner, p->kind, mv.pattern);
    int modifier = mv.modifier;
    if (m->chain) { /* a chain capture's crowning is the TRANSFORM that fires on its last landing */
        eg_chain ch;
        if (!eg_chain_of(pos, mv, &ch) || ch.modifier < 0) return EG_NONE;
        modifier = ch.modifier;
    }
    int kind = m->modifier[modifier].option[mv.promotion - 1];
    /* An option naming the mover's own kind is the choice not to promote: written as a plain move. */
    return kind == p->kind ? EG_NONE : kind;
}
