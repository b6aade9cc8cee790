/*
 * ggn_gen.h — GGN documents generated in memory, for the benchmark and the
 * tests: a chess move library, and a large library of every sliding and
 * leaping move of an n×n board.
 */
#ifndef GGN_BENCH_GGN_GEN_H
#define GGN_BENCH_GGN_GEN_H

#include <stddef.h>

#include "ggn/ruleset.h"

/*
 * Chess for both sides: king (with castling as a king move whose condition
 * names the rook), queen, rook, bishop, knight, pawn (pushes, double push
 * from the second rank, captures, four promotions where the spelling can
 * write them). Pieces are CHESS/chess in GAN spellings, C/c in must-deny and
 * must-diff.
 * Returns a new string (free()) of *len bytes, NULL when out of memory.
 */
char *gen_chess_ggn(ggn_spelling spelling, size_t *len);

/*
 * Every sliding (queen, rook, bishop, and the rook and bishop halves of the
 * archbishop and chancellor) and leaping (knight, camel, zebra, king) move
 * of an n×n board (n ≤ 26), both sides, pretty-printed.
 */
char *gen_big_ggn(int n, ggn_spelling spelling, size_t *len);

#endif
