/*
 * status.c — is the game over? Checkmate and stalemate (no legal move), a
 * captured leader, and the draw rules of `draw_conditions`.
 */
#include <stdio.h>
#include <string.h>

#include "engine.h"

const char *ggn_outcome_name(ggn_outcome outcome)
{
    switch (outcome) {
    case GGN_ONGOING: return "ongoing";
    case GGN_CHECKMATE: return "checkmate";
    case GGN_STALEMATE: return "stalemate";
    case GGN_LEADER_CAPTURED: return "leader captured";
    case GGN_DRAW_REPETITION: return "draw by repetition";
    case GGN_DRAW_NO_PROGRESS: return "draw by the no-progress rule";
    case GGN_DRAW_MATERIAL: return "draw by insufficient material";
    case GGN_GOAL: return "goal reached";
    case GGN_EXTINCTION: return "extinction";
    case GGN_CHECK_LIMIT: return "check limit reached";
    case GGN_LAST_PLAYER: return "last player in the game";
    case GGN_PASSES: return "passes in a row";
    case GGN_LEADERS_FACING: return "leaders facing";
    case GGN_LINE: return "row completed";
    case GGN_CONNECTION: return "regions connected";
    case GGN_UNITED: return "pieces united";
    case GGN_ENCLOSED: return "enclosed";
    case GGN_FORT: return "fort";
    case GGN_REPETITION_LOSS: return "repetition";
    }
    return "unknown";
}

/* The player who made the last move (the turn before the current one). */
static int previous_player(const ggn_position *pos)
{
    const sd_game *def = pos->g->def;
    int turn = pos->nundo ? pos->undo[pos->nundo - 1].turn : (pos->turn + def->norder - 1) % def->norder;
    return def->order[turn];
}

static bool last_move_took_leader(const ggn_position *pos)
{
    if (pos->g->leader == EG_NONE || pos->nundo == 0) return false;
    const eg_undo *u = &pos->undo[pos->nundo - 1];
    for (int i = 0; i < u->npiece; i++) {
        const eg_piece *now = &pos->piece[u->piece[i].id];
        if (u->piece[i].saved.kind == pos->g->leader && u->piece[i].saved.sq != EG_NONE && now->sq == EG_NONE)
            return true;
    }
    return false;
}

static int repetitions(const ggn_position *pos)
{
    int count = 1;
    uint64_t key = ggn_position_hash(pos);
    for (int i = pos->nundo - 1; i >= 0; i--)
        if ((pos->undo[i].hash ^ pos->undo[i].flag_key) == key) count++;
    return count;
}

/* Can players [from..] be given the remaining sides of dead entry d (used: sides taken)? */
static bool assign_sides(int counts[GGN_MAX_PLAYERS][GGN_MAX_KINDS], int nplayers, const sd_dead *d,
                         int from, unsigned used)
{
    if (from == nplayers) return true;
    for (int s = 0; s < d->nsides; s++) {
        if ((used >> s) & 1) continue;
        int want[GGN_MAX_KINDS] = { 0 };
        for (int i = 0; i < d->sizes[s]; i++) want[d->kinds[s][i]]++;
        if (memcmp(want, counts[from], sizeof want) == 0 && assign_sides(counts, nplayers, d, from + 1, used | 1u << s))
            return true;
    }
    return false;
}

/* Do all pieces of the kinds in `kinds` stand on squares of one colour ((x + y) even, or odd)? */
static bool one_square_colour(const ggn_position *pos, unsigned long long kinds)
{
    int seen = -1;
    for (int id = 1; id < pos->npiece; id++) {
        const eg_piece *p = &pos->piece[id];
        if (p->sq == EG_NONE || !((kinds >> p->kind) & 1)) continue;
        int colour = (pos->g->sq_x[p->sq] + pos->g->sq_y[p->sq]) & 1;
        if (seen >= 0 && colour != seen) return false;
        seen = colour;
    }
    return true;
}

/*
 * The dead positions of draw_conditions.insufficient_material: every
 * player's material, as a multiset of kinds, equals one of the per-player
 * sets (the original engine's shape), or the whole position matches one
 * stated entry, players in any order.
 */
static bool insufficient_material(const ggn_position *pos)
{
    const ggn_game *g = pos->g;
    const sd_draw *d = &g->def->draw;
    if (d->ninsufficient == 0 && d->ndead == 0) return false;
    int counts[GGN_MAX_PLAYERS][GGN_MAX_KINDS];
    memset(counts, 0, sizeof counts);
    for (int id = 1; id < pos->npiece; id++)
        if (pos->piece[id].sq != EG_NONE) counts[pos->piece[id].owner][pos->piece[id].kind]++;
    if (g->hands)
        for (int p = 0; p < g->nplayers; p++)
            for (int k = 0; k < g->nkinds; k++) counts[p][k] += pos->hand[p][k];
    for (int e = 0; e < d->ndead; e++)
        if (assign_sides(counts, g->nplayers, &d->dead[e], 0, 0) && one_square_colour(pos, d->dead[e].same_colour))
            return true;
    if (d->ninsufficient == 0) return false;
    for (int p = 0; p < g->nplayers; p++) {
        bool matched = false;
        for (int s = 0; s < d->ninsufficient && !matched; s++) {
            int want[GGN_MAX_KINDS] = { 0 };
            for (int i = 0; i < d->insufficient_sizes[s]; i++) want[d->insufficient[s][i]]++;
            matched = memcmp(want, counts[p], sizeof want) == 0;
        }
        if (!matched) return false;
    }
    return true;
}

/* No legal move: the game_end.no_move results (default: checkmate a loss, stalemate a draw). */
static void no_move(const ggn_position *pos, ggn_status *st)
{
    const sd_game_end *e = &pos->g->def->end;
    int player = eg_player_to_move(pos);
    sd_result r = st->in_check ? eg_checkmate_result(pos, &st->rule) : e->no_move;
    st->outcome = st->in_check ? GGN_CHECKMATE : GGN_STALEMATE;
    st->player = player;
    if (r == SD_RESULT_FEWEST_PIECES || r == SD_RESULT_POINTS) {
        st->winner = r == SD_RESULT_POINTS ? eg_most_points(pos) : eg_fewest_pieces(pos);
        st->draw = st->winner < 0;
        return;
    }
    st->draw = r == SD_RESULT_DRAW;
    if (r == SD_RESULT_WIN) st->winner = player;
    else if (r == SD_RESULT_LOSS) st->winner = eg_winner_over(pos, player);
}

static ggn_status judge(ggn_position *pos)
{
    ggn_status st = { GGN_ONGOING, -1, false, false, -1, -1, -1 };
    const sd_draw *d = &pos->g->def->draw;
    int player = eg_player_to_move(pos);
    /* elimination: a captured leader takes its player out (eg_eliminate), not the game's end. */
    if (!pos->g->elimination && last_move_took_leader(pos)) {
        st.outcome = GGN_LEADER_CAPTURED;
        st.winner = previous_player(pos);
        return st;
    }
    st.in_check = eg_leader_attacked(pos, player);
    if (pos->g->end_rules) {
        if (eg_decided(pos, &st)) return st;
        pos->cached |= EG_CACHED_UNDECIDED; /* the legal list below need not judge them again */
    }
    if (eg_legal_list(pos)->nmoves == 0) {
        no_move(pos, &st);
        return st;
    }
    /* The counted draws count turns, and are judged between them (series.c): a removal may follow. */
    if (eg_mid_turn(pos)) return st;
    if (d->fifty_move_halfmoves > 0 && pos->halfmove >= d->fifty_move_halfmoves) st.outcome = GGN_DRAW_NO_PROGRESS;
    else if (d->repetition_count > 0 && repetitions(pos) >= d->repetition_count) {
        if (d->repetition_loser >= 0) { /* a loss for one player, not a draw (Copenhagen tafl) */
            st.outcome = GGN_REPETITION_LOSS;
            st.player = d->repetition_loser;
            st.winner = pos->g->nplayers == 2 ? 1 - st.player : eg_winner_over(pos, st.player);
            return st;
        }
        st.outcome = GGN_DRAW_REPETITION;
    }
    else if (insufficient_material(pos)) st.outcome = GGN_DRAW_MATERIAL;
    st.draw = st.outcome != GGN_ONGOING;
    return st;
}

/* Judged once per position: a playout asks before every move (legal_cache.c). */
ggn_status ggn_position_status(ggn_position *pos)
{
    if (!(pos->cached & EG_CACHED_STATUS)) {
        ggn_status st = judge(pos);
        pos->legal.status = st;
        pos->cached |= EG_CACHED_STATUS; /* judging may make and unmake moves: set once it is done */
    }
    return pos->legal.status;
}

/* "the KING, PAWN" style list of a kind mask, or "pieces" when it covers every kind. */
static void kinds_text(const ggn_game *g, unsigned long long kinds, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    bool all = true;
    for (int k = 0; k < g->nkinds; k++) all = all && ((kinds >> k) & 1);
    if (all) {
        snprintf(buf, cap, "pieces");
        return;
    }
    for (int k = 0; k < g->nkinds && n < cap; k++)
        if ((kinds >> k) & 1) n += (size_t)snprintf(buf + n, cap - n, "%s%s", n ? "/" : "", g->def->kinds[k].code);
}

size_t ggn_status_describe(const ggn_game *g, const ggn_status *st, char *buf, size_t cap)
{
    char who[GGN_MAX_STRING_BYTES + 16], why[GGN_MAX_STRING_BYTES + 512 + 64], kinds[512];
    if (st->outcome == GGN_ONGOING) return (size_t)snprintf(buf, cap, "%s", "");
    const char *player = st->player >= 0 ? g->def->players[st->player].name : "";
    switch (st->outcome) {
    case GGN_GOAL:
        snprintf(why, sizeof why, "%s reached %s", st->kind >= 0 ? g->def->kinds[st->kind].code : "a piece",
                 g->def->named[g->def->end.goals[st->rule].named].code);
        break;
    case GGN_EXTINCTION: {
        const sd_extinction *x = &g->def->end.extinctions[st->rule];
        kinds_text(g, x->kinds, kinds, sizeof kinds);
        if (x->fewer_than == 1) snprintf(why, sizeof why, "%s has no %s left", player, kinds);
        else snprintf(why, sizeof why, "%s has fewer than %d %s", player, x->fewer_than, kinds);
        break;
    }
    case GGN_CHECK_LIMIT:
        snprintf(why, sizeof why, "%s gave check %d times", player, g->def->end.check_limit);
        break;
    case GGN_LAST_PLAYER:
        snprintf(why, sizeof why, "every other player is out");
        break;
    case GGN_PASSES:
        snprintf(why, sizeof why, "%d passes in a row%s", g->def->end.passes_in_a_row,
                 g->def->end.passes_result == SD_RESULT_POINTS ? ", counted on points"
                 : g->def->end.passes_result == SD_RESULT_AREA ? ", counted by area" : "");
        break;
    case GGN_LEADERS_FACING:
        snprintf(why, sizeof why, "%s passed with the leaders facing%s", player,
                 g->def->end.facing_result == SD_RESULT_POINTS ? ", counted on points"
                 : g->def->end.facing_result == SD_RESULT_AREA ? ", counted by area" : "");
        break;
    case GGN_LINE: {
        const sd_line *line = &g->def->end.lines[st->rule];
        snprintf(why, sizeof why, "%s has %s%d in a row", player, line->exact ? "exactly " : "", line->length);
        break;
    }
    case GGN_CONNECTION: {
        const sd_connection *c = &g->def->end.connections[st->rule];
        snprintf(why, sizeof why, "%s joined %s and %s", player, g->def->named[c->region[0]].code,
                 g->def->named[c->region[1]].code);
        break;
    }
    case GGN_UNITED:
        snprintf(why, sizeof why, "%s has all its pieces in one group", player);
        break;
    case GGN_ENCLOSED:
        snprintf(why, sizeof why, "no piece of %s can reach the edge", player);
        break;
    case GGN_FORT:
        snprintf(why, sizeof why, "%s holds a fort on the edge that cannot be broken", player);
        break;
    case GGN_REPETITION_LOSS:
        snprintf(why, sizeof why, "the position occurred %d times, a loss for %s", g->def->draw.repetition_count, player);
        break;
    case GGN_CHECKMATE:
    case GGN_STALEMATE:
        snprintf(why, sizeof why, "%s%s has no legal move", st->outcome == GGN_CHECKMATE ? "checkmate: " : "", player);
        if (st->outcome == GGN_STALEMATE && g->def->end.no_move == SD_RESULT_DRAW)
            snprintf(why, sizeof why, "stalemate");
        if (st->outcome == GGN_STALEMATE && g->def->end.no_move == SD_RESULT_POINTS)
            snprintf(why, sizeof why, "%s%s; %s", g->pass_forced ? "no player can move" : player,
                     g->pass_forced ? "" : " has no legal move", st->winner >= 0 ? "most points" : "equal points");
        if (st->outcome == GGN_STALEMATE && g->def->end.no_move == SD_RESULT_FEWEST_PIECES)
            snprintf(why, sizeof why, "%s has no legal move; %s", player,
                     st->winner >= 0 ? "fewest pieces left" : "as many pieces left");
        if (st->outcome == GGN_CHECKMATE && g->def->end.no_move_in_check == SD_RESULT_LOSS)
            snprintf(why, sizeof why, "checkmate");
        if (st->outcome == GGN_CHECKMATE && st->rule == GGN_MATE_BY_ONLY) {
            kinds_text(g, g->def->end.mate_only_kinds, kinds, sizeof kinds);
            snprintf(why, sizeof why, "checkmate of %s given by %s only", player, kinds);
        } else if (st->outcome == GGN_CHECKMATE && st->rule == GGN_MATE_WITHOUT_CHECK) {
            kinds_text(g, g->def->end.mate_needs_kinds, kinds, sizeof kinds);
            snprintf(why, sizeof why, "checkmate of %s with no check by %s in the checks that led to it", player, kinds);
        }
        break;
    default:
        snprintf(why, sizeof why, "%s", ggn_outcome_name(st->outcome));
        break;
    }
    if (st->winner >= 0 && g->teams) {
        /* The whole team wins: "RED and YELLOW win". */
        size_t n = 0;
        int members = 0;
        for (int p = 0; p < g->nplayers; p++) members += g->team[p] == g->team[st->winner];
        for (int p = 0, i = 0; p < g->nplayers && n < sizeof who; p++) {
            if (g->team[p] != g->team[st->winner]) continue;
            i++;
            n += (size_t)snprintf(who + n, sizeof who - n, "%s%s", i == 1 ? "" : i == members ? " and " : ", ",
                                  g->def->players[p].name);
        }
        if (n < sizeof who) snprintf(who + n, sizeof who - n, "%s", members > 1 ? " win" : " wins");
    } else if (st->winner >= 0) snprintf(who, sizeof who, "%s wins", g->def->players[st->winner].name);
    else snprintf(who, sizeof who, "%s", st->draw ? "Draw" : "Game over");
    return (size_t)snprintf(buf, cap, "%s: %s", who, why);
}
