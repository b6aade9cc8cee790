/*
 * read_fen_rights.c — "fen_rights" (extension): the kinds whose "has not
 * moved" state FEN's castling field carries, one file letter per unmoved
 * piece, as Fairy-Stockfish writes cambodian's first-move privileges (`DEde`).
 *
 * A letter names a file only, so the reader makes sure the file is enough:
 * two players (FEN), every piece with a symbol, and every piece of a listed
 * kind starting on its player's first rank (the first player's row 0, the
 * second's last row), where the letter places it. The castler and its
 * castling partners are refused: castling rights already carry their state,
 * and one piece may not be said twice.
 */
#include "gamespec/reader.h"

/* Does kind k castle, or take part in castling (a MOVE side effect of some move moves it)? */
static bool castling_kind(const sd_game *g, int k)
{
    for (int o = 0; o < g->nkinds; o++)
        for (int mi = 0; mi < g->kinds[o].nmoves; mi++) {
            const sd_move *m = &g->kinds[o].moves[mi];
            for (int e = 0; e < m->neffects; e++)
                if (m->effects[e].kind == SD_EFFECT_MOVE && (o == k || m->effects[e].piece == k)) return true;
            for (int a = 0; a < m->nactions; a++)
                for (int e = 0; e < m->actions[a].neffects; e++)
                    if (m->actions[a].effects[e].kind == SD_EFFECT_MOVE &&
                        (o == k || m->actions[a].effects[e].piece == k))
                        return true;
        }
    return false;
}

/* The first start of kind k off its player's first rank, reported; false when there is one. */
static bool starts_on_first_rank(sd_reader *r, int k)
{
    const sd_game *g = r->g;
    for (int p = 0; p < g->nplayers; p++) {
        int first = p == 0 ? 0 : g->rows - 1;
        for (int i = 0; i < g->players[p].nstarts; i++) {
            const sd_start *s = &g->players[p].starts[i];
            if (s->kind != k || s->y == first) continue;
            sd_error(r, GGN_E_VALUE,
                     "%s starts on [%d, %d], off %s's first rank (row %d): FEN's rights letters name a file of "
                     "that rank only",
                     g->kinds[k].code, s->x, s->y, g->players[p].name, first);
            return false;
        }
    }
    return true;
}

void sd_read_fen_rights(sd_reader *r, const json_t *root)
{
    sd_game *g = r->g;
    size_t n;
    json_t *list = sd_array_field(r, root, "fen_rights", false, GGN_MAX_KINDS, "GGN_MAX_KINDS", &n);
    if (!list) return;
    sd_push_key(r, "fen_rights");
    if (n == 0) sd_error(r, GGN_E_VALUE, "an empty fen_rights list carries nothing: leave it out");
    if (r->players_ok && g->nplayers != 2)
        sd_error(r, GGN_E_VALUE, "fen_rights needs FEN, which ggn writes for games of two players (this one has %d)",
                 g->nplayers);
    for (int k = 0; r->kinds_ok && k < g->nkinds; k++)
        if (!g->kinds[k].symbol) {
            sd_error(r, GGN_E_VALUE, "fen_rights needs FEN, and piece %s has no symbol", g->kinds[k].code);
            break;
        }
    for (size_t i = 0; i < n; i++) {
        sd_push_index(r, i);
        int k = sd_kind_ref(r, json_array_get(list, i));
        if (k >= 0 && ((g->fen_rights >> k) & 1))
            sd_error(r, GGN_E_DUPLICATE, "%s is listed twice", g->kinds[k].code);
        else if (k >= 0 && castling_kind(g, k))
            sd_error(r, GGN_E_VALUE,
                     "%s takes part in castling, whose rights FEN's castling field already carries: list only kinds "
                     "that do not castle",
                     g->kinds[k].code);
        else if (k >= 0 && starts_on_first_rank(r, k))
            g->fen_rights |= 1ULL << k;
        sd_pop(r);
    }
    sd_pop(r);
}
