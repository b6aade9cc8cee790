/*
 * eval.c — the evaluation: material from the kinds' values, a positional
 * term from the board's geometry, and a small mobility term. Two sides: the
 * mover's score minus the opponent's. More players (paranoid): the root
 * player's score minus the average of the others', negated for the others,
 * who play as one side against it. Values are used as the spec gives them,
 * unless a kind is worth more than SS_VALUE_SCALE: then every value is
 * divided alike, so that material never reaches the mate scores (and the
 * 16-bit scores of the table).
 *
 * The positional term knows no game: it reads only the board's shape, the
 * start position and the kinds' values (docs/ai.md, "The evaluation").
 */
#include <stdlib.h>
#include <string.h>

#include "search_internal.h"

/* Keeps evaluations clear of the mate scores. */
static int clamp_eval(long v)
{
    const long cap = GGN_SEARCH_MATE_BOUND - 1;
    return (int)(v > cap ? cap : v < -cap ? -cap : v);
}

void ggn_search_default_weights(ggn_search_weights *w)
{
    *w = (ggn_search_weights){
        .mobility = 3,
        .territory = 20,
        .mobility_cap = 7,
        .king_piece = 3,
        .king_danger = 50,
        .centre = 10,
        .leader_centre = 30,
        .leader_endgame = 30,
        .shelter = 8,
        .advance = 30,
        .reach = 4,
        .goal = 60,
        .goal_near = 300,
        .goal_race = 3000,
        .promotion = 10,
        .checks = 200,
        .passed = 100,
        .doubled = 12,
        .isolated = 10,
        .unexposed = 600,
        .united = 100,
    };
}

void ggn_searcher_set_weights(ggn_searcher *s, const ggn_search_weights *w)
{
    s->w = *w;
    s->eval_game = NULL; /* the piece-square tables hold weights */
}

void ggn_searcher_weights(const ggn_searcher *s, ggn_search_weights *w) { *w = s->w; }

int ss_value_divisor(const ggn_game *g)
{
    int top = 0;
    for (int k = 0; k < ggn_game_kind_count(g); k++)
        if (ggn_game_kind_value(g, k) > top) top = ggn_game_kind_value(g, k);
    return top > SS_VALUE_SCALE ? (top + SS_VALUE_SCALE - 1) / SS_VALUE_SCALE : 1;
}

/* The piece-square table's entry: its kind's value of standing on sq, for its owner. */
static inline int16_t *pst_at(const ggn_searcher *s, int player, int kind, int sq)
{
    return &s->pst[((size_t)player * (size_t)s->pst_kinds + (size_t)kind) * (size_t)s->pst_squares + (size_t)sq];
}

/*
 * Fills dist[sq] with the fewest king steps (over enabled squares) from sq to
 * a square marked in zone[], -1 where none can be reached; false when no
 * square is marked.
 */
static bool zone_distances(const ggn_game *g, const bool *zone, int rows, int cols, int *dist)
{
    static _Thread_local int queue[GGN_MAX_SQUARES];
    int nsq = rows * cols, head = 0, tail = 0;
    for (int sq = 0; sq < nsq; sq++) {
        dist[sq] = -1;
        if (zone[sq]) dist[sq] = 0, queue[tail++] = sq;
    }
    if (tail == 0) return false;
    while (head < tail) {
        int sq = queue[head++], x = sq % cols, y = sq / cols;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy, n = ny * cols + nx;
                if (nx < 0 || ny < 0 || nx >= cols || ny >= rows || dist[n] >= 0 || !ggn_game_square_enabled(g, nx, ny)) continue;
                dist[n] = dist[sq] + 1;
                queue[tail++] = n;
            }
    }
    return true;
}

/*
 * Fills dist[sq] with the fewest moves of `player`'s `kind` on an empty board
 * (ggn_game_kind_landings, conditions ignored) from sq to a square marked in
 * zone[], -1 where none can be reached; false when no square is marked. A
 * knight one jump from its goal is one move from it, as a king one step away:
 * king steps would put it next to the zone, where it is three moves from it.
 * Level by level: the squares at distance d are those with a landing at d - 1.
 */
static bool zone_moves(const ggn_game *g, int player, int kind, const bool *zone, int rows, int cols, int *dist)
{
    static _Thread_local int landing[GGN_MAX_SQUARES];
    int nsq = rows * cols;
    bool any = false;
    for (int sq = 0; sq < nsq; sq++) {
        dist[sq] = zone[sq] ? 0 : -1;
        any |= zone[sq];
    }
    for (int level = 1, grew = any; grew; level++) {
        grew = false;
        for (int sq = 0; sq < nsq; sq++) {
            if (dist[sq] >= 0) continue;
            int n = ggn_game_kind_landings(g, player, kind, sq % cols, sq / cols, landing, GGN_MAX_SQUARES);
            for (int i = 0; i < n && i < GGN_MAX_SQUARES; i++)
                if (dist[landing[i]] == level - 1) {
                    dist[sq] = level;
                    grew = true;
                    break;
                }
        }
    }
    return any;
}

/* What standing dist moves (or king steps) from a zone is worth when the zone is worth `full`: all of it there, nothing `far` away. */
static long closeness(long full, int dist, int far)
{
    if (dist < 0 || far <= 0) return 0;
    return full * (far - (dist < far ? dist : far)) / far;
}

/*
 * The last moves to a goal zone: weights.goal_near one move away, a quarter of that two,
 * a sixteenth three, a sixty-fourth four, nothing further (or on the zone: the game is over).
 * Steep, because the other side can no longer stop a piece that close unless it guards every
 * square of the zone in its reach: the linear closeness alone let kingofthehill's king walk in.
 */
static long goal_near(long weight, int dist) { return dist >= 1 && dist <= 4 ? weight / (1L << (2 * (dist - 1))) : 0; }

/*
 * A race to a goal zone: weights.goal_race one move away, 5/8 as much for each move further,
 * over the whole board. For a leader no move may attack (eg_leaders_unassailable:
 * racingkings), only the squares on its way can slow it, so every step is a tempo of a race
 * that decides the game, worth more than most pieces from the start: 3000 at one step falls to
 * about 180 at seven, each step worth 100-1100.
 */
static long goal_race(long weight, int dist)
{
    if (dist < 1) return 0;
    for (int i = 1; i < dist && weight > 0; i++) weight = weight * 5 / 8;
    return weight;
}

/*
 * The piece-square tables: for each player, kind and square, what standing
 * there is worth beside the kind's value. Every kind but the leader gains by
 * the centre (weights.centre). The cheapest kind (pawns, soldiers) gains by
 * advancing; every other kind by the squares it reaches from there on an empty
 * board, against its average over the board (ggn_game_kind_reach: a knight in
 * a corner reaches 2 squares and 8 in the centre, a rook 14 everywhere).
 * A kind that wins by reaching a goal zone (game_end.goals: the king of the
 * hill, breakthrough's men) gains up to weights.goal the closer it stands
 * to the zone, in its own moves (zone_moves), leaders too, and weights.goal_near more over
 * its last steps (goal_near()). A kind other than the cheapest
 * that can promote where it stands or moves (ggn_game_promotion_gain: a
 * shogi silver on the three far ranks) gains weights.promotion percent of the
 * most promoting wins it, less with the square of its distance in king steps.
 * Leaders are otherwise scored in positional(), by the game phase.
 */
static bool prepare_pst(ggn_searcher *s, int rows, int cols, int leader)
{
    const ggn_game *g = s->game;
    int nk = ggn_game_kind_count(g), nsq = rows * cols;
    size_t need = (size_t)s->nplayers * (size_t)nk * (size_t)nsq;
    s->has_goals = false; /* set below while the zones are walked; never left from another game */
    if (need > s->pst_cap) {
        int16_t *grown = realloc(s->pst, need * sizeof *grown);
        if (!grown) return false;
        s->pst = grown;
        s->pst_cap = need;
    }
    s->pst_kinds = nk;
    s->pst_squares = nsq;
    static _Thread_local int reach[GGN_MAX_SQUARES], goal[GGN_MAX_SQUARES], promote[GGN_MAX_SQUARES];
    static _Thread_local bool zone[GGN_MAX_SQUARES];
    int far = (rows > cols ? rows : cols) - 1;
    /* Conversion: how many ways a piece on each square can be turned, against the most on the board. */
    static _Thread_local int exposure[GGN_MAX_SQUARES];
    int most_exposed = 0;
    for (int sq = 0; sq < nsq; sq++) {
        exposure[sq] = ggn_game_conversion_exposure(g, sq % cols, sq / cols);
        if (exposure[sq] > most_exposed) most_exposed = exposure[sq];
    }
    for (int p = 0; p < s->nplayers; p++)
        for (int k = 0; k < nk; k++) {
            long sum = 0, squares = 0, gain = 0;
            for (int sq = 0; sq < nsq; sq++) {
                int x = sq % cols, y = sq / cols;
                reach[sq] = ggn_game_kind_reach(g, p, k, x, y);
                if (ggn_game_square_enabled(g, x, y)) sum += reach[sq], squares++;
                zone[sq] = ggn_game_goal_square(g, p, k, x, y);
            }
            bool has_goal = zone_moves(g, p, k, zone, rows, cols, goal);
            if (has_goal) s->has_goals = true;
            /* The cheapest kind is drawn forwards by its advance already. */
            if (k != leader && k != s->pawn_kind)
                for (int sq = 0; sq < nsq; sq++) {
                    int here = ggn_game_promotion_gain(g, p, k, sq % cols, sq / cols) / s->value_divisor;
                    zone[sq] = here > 0;
                    if (here > gain) gain = here;
                }
            bool has_promotion = gain > 0 && zone_distances(g, zone, rows, cols, promote);
            for (int sq = 0; sq < nsq; sq++) {
                int y = sq / cols;
                long v = 0;
                if (has_goal && k == leader && s->leaders_unassailable) v += goal_race(s->w.goal_race, goal[sq]);
                else if (has_goal) v += closeness(s->w.goal, goal[sq], far) + goal_near(s->w.goal_near, goal[sq]);
                /* Squared: little until the zone is near, so that no piece is drawn forwards from afar. */
                if (has_promotion) v += closeness(closeness(gain * s->w.promotion / 100, promote[sq], far), promote[sq], far);
                /* To the fourth: a piece no conversion reaches keeps its worth for good; one that some reach, far less. */
                if (most_exposed > 0 && exposure[sq] >= 0) {
                    long safe = most_exposed - exposure[sq];
                    long most = (long)most_exposed * most_exposed;
                    v += (long)s->w.unexposed * safe * safe * safe * safe / (most * most);
                }
                if (k != leader) {
                    v += (long)s->w.centre * s->centre[sq] / SS_CENTRE_SCALE;
                    int dir = s->advance_dir[p];
                    if (k == s->pawn_kind && dir != 0) {
                        /* Advance: rows from the home edge towards the far one. */
                        int adv = dir > 0 ? y : rows - 1 - y;
                        v += (long)s->w.advance * adv * adv / ((rows - 1) * (rows - 1));
                    } else if (squares > 0) {
                        v += (long)s->w.reach * (reach[sq] * squares - sum) / squares;
                    }
                }
                *pst_at(s, p, k, sq) = (int16_t)v;
            }
        }
    return true;
}

bool ss_eval_cached(const ggn_searcher *s, uint64_t key, int *eval)
{
    if (!s->eval_cache || key == 0) return false;
    const ss_eval_slot *e = &s->eval_cache[key & (SS_EVAL_CACHE_SLOTS - 1)];
    if (e->key != key) return false;
    *eval = e->eval;
    return true;
}

void ss_eval_prefetch(const ggn_searcher *s, uint64_t key)
{
#if defined(__GNUC__)
    if (s->eval_cache) __builtin_prefetch(&s->eval_cache[key & (SS_EVAL_CACHE_SLOTS - 1)]);
#else
    (void)s;
    (void)key;
#endif
}

void ss_eval_store(ggn_searcher *s, uint64_t key, int eval)
{
    if (s->eval_cache) s->eval_cache[key & (SS_EVAL_CACHE_SLOTS - 1)] = (ss_eval_slot){ .key = key, .eval = eval };
}

void ss_eval_prepare(ggn_searcher *s)
{
    const ggn_game *g = s->game;
    int cols = ggn_game_cols(g), rows = ggn_game_rows(g), leader = ggn_game_leader(g);
    /* Centrality: Manhattan distance from the board's middle, scaled to 0..SS_CENTRE_SCALE (doubled coordinates stay integral). */
    int far = (cols - 1) + (rows - 1);
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) {
            int d = abs(2 * x - (cols - 1)) + abs(2 * y - (rows - 1));
            s->centre[y * cols + x] = (uint8_t)(far > 0 ? SS_CENTRE_SCALE * (far - d) / far : 0);
        }
    /* The cheapest kind that is not the leader: it is the one that gains by advancing (pawns, soldiers). */
    s->pawn_kind = -1;
    for (int k = 0; k < ggn_game_kind_count(g); k++) {
        int v = ggn_game_kind_value(g, k);
        if (k != leader && v > 0 && (s->pawn_kind < 0 || v < ggn_game_kind_value(g, s->pawn_kind))) s->pawn_kind = k;
    }
    s->value_divisor = ss_value_divisor(g);
    for (int k = 0; k < ggn_game_kind_count(g); k++) s->value[k] = ggn_game_kind_value(g, k) / s->value_divisor;
    s->has_hands = ggn_game_has_hands(g);
    s->check_limit = eg_check_limit(g);
    s->leaders_unassailable = eg_leaders_unassailable(g);
    s->pieces_burden = eg_wins_by_losing_pieces(g);
    s->unites = eg_wins_by_uniting(g);
    s->fill_squares = 0;
    for (int y = 0; y < rows; y++)
        for (int x = 0; x < cols; x++) s->fill_squares += ggn_game_conversion_exposure(g, x, y) >= 0;
    s->drops_uncapped = s->fill_squares > 0 && ggn_game_has_hands(g);
    /* Where each turn places a wall, a piece's room is the game: its moves count without a cap. */
    s->moves_uncapped = ggn_game_has_parts(g) && !eg_game_has_series(g);
    s->mate_wins = eg_mate_wins(g);
    /* Home rows and material from the start position. */
    long sum[GGN_MAX_PLAYERS] = { 0 }, count[GGN_MAX_PLAYERS] = { 0 };
    int mat[GGN_MAX_PLAYERS] = { 0 };
    ggn_position *start = ggn_position_new(g);
    if (start) {
        for (int y = 0; y < rows; y++)
            for (int x = 0; x < cols; x++) {
                int kind, owner;
                if (!ggn_position_piece_at(start, x, y, &kind, &owner, NULL)) continue;
                sum[owner] += y;
                count[owner]++;
            }
        eg_material(start, mat);
        ggn_position_free(start);
    }
    for (int p = 0; p < GGN_MAX_PLAYERS; p++) {
        /* Forward is away from the half of the board the player's pieces start in (none: in the middle). */
        long twice_mean = count[p] ? 2 * sum[p] / count[p] : rows - 1;
        s->advance_dir[p] = twice_mean < rows - 1 ? 1 : twice_mean > rows - 1 ? -1 : 0;
        s->start_material[p] = mat[p] > 0 ? mat[p] : 0;
    }
    ss_activity_prepare(s);
    s->has_pst = prepare_pst(s, rows, cols, leader);
    /* The evaluations kept were made with other tables (another game, weights or root player). */
    if (!s->eval_cache) s->eval_cache = calloc(SS_EVAL_CACHE_SLOTS, sizeof *s->eval_cache);
    else memset(s->eval_cache, 0, SS_EVAL_CACHE_SLOTS * sizeof *s->eval_cache);
    s->eval_game = g;
}

/* Material per player: the pieces listed and, in games with hands, the pieces in hand. */
static void material(const ggn_searcher *s, const ggn_position *pos, const ggn_piece_place *pl, size_t n, long *out)
{
    for (int p = 0; p < s->nplayers; p++) out[p] = 0;
    for (size_t i = 0; i < n; i++) out[pl[i].owner] += s->value[pl[i].kind];
    if (!s->has_hands) return;
    int nk = ggn_game_kind_count(s->game);
    for (int p = 0; p < s->nplayers; p++)
        for (int k = 0; k < nk; k++) out[p] += (long)ggn_position_hand_count(pos, p, k) * s->value[k];
}

/*
 * The cheapest kind's structure, for players whose pieces advance: a pawn
 * with no other player's pawn ahead of it on its file or the next ones is
 * passed, worth more the further it has come (weights.passed at the far
 * edge) and the less material the others have left (up to twice that,
 * phase[p] being their strength, 0..SS_CENTRE_SCALE); two on one file are
 * worth less (weights.doubled), and so is one with none of its own on
 * the files beside it (weights.isolated).
 */
static void pawn_structure(const ggn_searcher *s, const ggn_piece_place *pl, size_t n, long *out, const long *phase)
{
    int cols = s->cols, rows = ggn_game_rows(s->game), np = s->nplayers;
    /* Per player and file: the lowest and highest row holding one of its pawns, and how many. */
    int8_t low[GGN_MAX_PLAYERS][GGN_MAX_BOARD_SIDE], high[GGN_MAX_PLAYERS][GGN_MAX_BOARD_SIDE];
    uint8_t many[GGN_MAX_PLAYERS][GGN_MAX_BOARD_SIDE];
    for (int p = 0; p < np; p++)
        for (int f = 0; f < cols; f++) low[p][f] = INT8_MAX, high[p][f] = -1, many[p][f] = 0;
    int pawns = 0;
    for (size_t i = 0; i < n; i++) {
        if (pl[i].kind != s->pawn_kind) continue;
        int p = pl[i].owner, f = pl[i].square % cols, r = pl[i].square / cols;
        if (r < low[p][f]) low[p][f] = (int8_t)r;
        if (r > high[p][f]) high[p][f] = (int8_t)r;
        many[p][f]++;
        pawns++;
    }
    if (!pawns) return;
    for (int p = 0; p < np; p++)
        for (int f = 0; f < cols && s->advance_dir[p] != 0; f++) /* pieces that do not advance have no files */
            if (many[p][f] > 1) out[p] -= (long)s->w.doubled * (many[p][f] - 1);
    for (size_t i = 0; i < n; i++) {
        if (pl[i].kind != s->pawn_kind) continue;
        int p = pl[i].owner, dir = s->advance_dir[p], f = pl[i].square % cols, r = pl[i].square / cols;
        if (dir == 0) continue;
        if ((f == 0 || !many[p][f - 1]) && (f == cols - 1 || !many[p][f + 1])) out[p] -= s->w.isolated;
        bool passed = true;
        for (int o = 0; o < np && passed; o++) {
            if (o == p) continue;
            for (int ff = f - 1; ff <= f + 1 && passed; ff++) {
                if (ff < 0 || ff >= cols || !many[o][ff]) continue;
                passed = dir > 0 ? high[o][ff] <= r : low[o][ff] >= r;
            }
        }
        if (!passed) continue;
        int adv = dir > 0 ? r : rows - 1 - r;
        out[p] += (long)s->w.passed * adv * adv * (2 * SS_CENTRE_SCALE - phase[p]) / ((rows - 1) * (rows - 1) * SS_CENTRE_SCALE);
    }
}

/*
 * Positional score of each player's pieces: the piece-square tables
 * (prepare_pst), the cheapest kind's structure, and for leaders centrality
 * scaled from -weights.leader_centre (the enemy has all its start material: hide)
 * to +weights.leader_endgame (it has none left: come out and help), plus their
 * own pieces around them (weights.shelter each, up to three) while the
 * enemy is strong. Not where no move may attack a leader (racingkings): there
 * a leader's square is its race to its goal, and hiding it loses the race;
 * nor where the mated player wins (losers): there its leader has nothing to fear.
 */
static void positional(const ggn_searcher *s, const ggn_piece_place *pl, size_t n, long *out, const long *mat)
{
    int cols = s->cols, leader = ggn_game_leader(s->game), np = s->nplayers;
    /* Each player's enemy strength: the others' material against what they started with, 0..SS_CENTRE_SCALE. */
    long enemy[GGN_MAX_PLAYERS];
    for (int p = 0; p < np; p++) {
        out[p] = 0;
        long have = 0, had = 0;
        for (int o = 0; o < np; o++)
            if (o != p) have += mat[o], had += s->start_material[o] / s->value_divisor;
        enemy[p] = had > 0 ? SS_CENTRE_SCALE * (have < had ? have : had) / had : 0;
    }
    for (size_t i = 0; i < n; i++) {
        int owner = pl[i].owner, sq = pl[i].square;
        if (owner >= np) continue;
        out[owner] += *pst_at(s, owner, pl[i].kind, sq);
        /* A leader no move may attack has nothing to hide from: its square is its race (prepare_pst);
           one whose mate wins its owner the game has nothing to hide either. */
        if (pl[i].kind != leader || s->leaders_unassailable || s->mate_wins) continue;
        long phase = enemy[owner];
        out[owner] += s->centre[sq] * ((long)s->w.leader_endgame * (SS_CENTRE_SCALE - phase) - (long)s->w.leader_centre * phase) /
                      (SS_CENTRE_SCALE * SS_CENTRE_SCALE);
        int x = sq % cols, y = sq / cols, guards = 0;
        for (size_t j = 0; j < n && guards < 3; j++) {
            int dx = pl[j].square % cols - x, dy = pl[j].square / cols - y;
            if (j != i && pl[j].owner == owner && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1) guards++;
        }
        out[owner] += (long)s->w.shelter * guards * phase / SS_CENTRE_SCALE;
    }
    if (s->pawn_kind >= 0) pawn_structure(s, pl, n, out, enemy);
}

/*
 * Games won by uniting one's pieces (Lines of Action): each player's spread, the mean distance in
 * king steps of its pieces from their centre, in hundredths of a step, times weights.united / 100.
 * A taken piece is no asset there (fewer pieces unite sooner), so material does not count.
 */
static void spread(const ggn_searcher *s, const ggn_piece_place *pl, size_t n, long *out)
{
    long sx[GGN_MAX_PLAYERS] = { 0 }, sy[GGN_MAX_PLAYERS] = { 0 }, count[GGN_MAX_PLAYERS] = { 0 };
    for (size_t i = 0; i < n; i++) {
        if (pl[i].owner >= s->nplayers) continue;
        sx[pl[i].owner] += 100 * (pl[i].square % s->cols);
        sy[pl[i].owner] += 100 * (pl[i].square / s->cols);
        count[pl[i].owner]++;
    }
    long dist[GGN_MAX_PLAYERS] = { 0 };
    for (size_t i = 0; i < n; i++) {
        int p = pl[i].owner;
        if (p >= s->nplayers) continue;
        long dx = labs(100 * (pl[i].square % s->cols) - sx[p] / count[p]), dy = labs(100 * (pl[i].square / s->cols) - sy[p] / count[p]);
        dist[p] += dx > dy ? dx : dy;
    }
    for (int p = 0; p < s->nplayers; p++) out[p] = count[p] ? -(long)s->w.united * dist[p] / count[p] / 100 : 0;
}

/* Material (and, when positional_terms, the positional term) from the view of `me` (its side's view when more than two play). */
static long score_for(const ggn_searcher *s, const ggn_position *pos, int me, bool positional_terms)
{
    ggn_piece_place pl[GGN_MAX_PIECES_ON_BOARD];
    size_t n = ggn_position_pieces(pos, pl, GGN_MAX_PIECES_ON_BOARD);
    if (n > GGN_MAX_PIECES_ON_BOARD) n = GGN_MAX_PIECES_ON_BOARD;
    long total[GGN_MAX_PLAYERS], mat[GGN_MAX_PLAYERS];
    material(s, pos, pl, n, mat);
    /* Where a player wins by running out of pieces, each one it keeps counts against it. */
    for (int p = 0; p < s->nplayers; p++) total[p] = s->pieces_burden ? -mat[p] : mat[p];
    if (s->unites) spread(s, pl, n, total);
    /*
     * Conversion (Othello, Ataxx): a piece may change owner until the board is full, so the count
     * of pieces says little early and everything at the end; it is weighed by the square of how full
     * the board is.
     */
    if (s->fill_squares > 0)
        for (int p = 0; p < s->nplayers; p++)
            total[p] = total[p] * (long)n * (long)n / ((long)s->fill_squares * s->fill_squares);
    if (positional_terms && s->has_pst) {
        long pos_term[GGN_MAX_PLAYERS];
        positional(s, pl, n, pos_term, mat);
        for (int p = 0; p < s->nplayers; p++) total[p] += pos_term[p];
        /*
         * The check race (3check): each check brings the win nearer, and the last ones most, since
         * a side one check short wins unless the other can keep its leader out of check for good.
         */
        if (s->check_limit > 0)
            for (int p = 0; p < s->nplayers; p++) {
                int given = eg_checks_given(pos, p);
                if (given > 0 && given < s->check_limit) total[p] += (long)s->w.checks * given / (s->check_limit - given);
            }
    }
    /* Where every turn walls the board (Amazons), the room each side keeps (territory.c). */
    if (positional_terms && s->moves_uncapped && s->nplayers == 2) {
        long room = ss_territory(s, pos, me);
        for (int p = 0; p < 2; p++) total[p] += p == me ? room : 0;
    }
    int np = s->nplayers;
    long others = 0;
    for (int p = 0; p < np; p++)
        if (p != me) others += total[p];
    return np <= 1 ? total[me] : total[me] - others / (np - 1);
}

static int view(const ggn_searcher *s, const ggn_position *pos, bool positional_terms)
{
    if (s->nplayers <= 2) return clamp_eval(score_for(s, pos, ggn_position_to_move(pos), positional_terms));
    long root_view = score_for(s, pos, s->root, positional_terms);
    return clamp_eval(ggn_position_to_move(pos) == s->root ? root_view : -root_view);
}

int ss_material(const ggn_searcher *s, const ggn_position *pos) { return view(s, pos, false); }

int ss_position_eval(const ggn_searcher *s, const ggn_position *pos) { return view(s, pos, true); }

int ss_evaluate(const ggn_searcher *s, int position_eval, const ss_activity *mine, const ss_activity *opponent)
{
    long v = position_eval;
    if (opponent) v += (long)s->w.mobility * (mine->mobility - opponent->mobility) + mine->attack - opponent->attack;
    return clamp_eval(v);
}

int ggn_search_evaluate(const ggn_position *pos)
{
    const ggn_game *g = ggn_position_game(pos);
    int n = ggn_game_player_count(g), mat[GGN_MAX_PLAYERS], divisor = ss_value_divisor(g);
    eg_material(pos, mat);
    long me = 0, others = 0;
    for (int p = 0; p < n; p++) {
        if (p == ggn_position_to_move(pos)) me = mat[p] / divisor;
        else others += mat[p] / divisor;
    }
    return clamp_eval(n <= 1 ? me : me - others / (n - 1));
}
