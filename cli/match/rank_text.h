/*
 * rank_text.h — ranks as XBoard (CECP) and UCCI write them, for the match
 * arbiter (the library's ggn_protocol_ranks_* under the names it uses). ggn numbers ranks
 * from 1 in decimal ("a10"); XBoard writes each rank as one character counted
 * on from '1', except on a board of exactly ten ranks, where it counts from
 * '0' (xiangqi: "h0g2" is ggn's "h1g3"); past '9' come ':', ';', ... So a
 * board of ten ranks is 0-based and a board of eleven to sixteen ranks has
 * one-character ranks beyond 9. On boards of at most nine ranks the two agree.
 */
#ifndef GGN_CLI_RANK_TEXT_H
#define GGN_CLI_RANK_TEXT_H

#include <stdbool.h>
#include <stddef.h>

/* ggn's move or square text (e2e4, h3e3, P@e4, a10) as XBoard writes it on a board of rows ranks. False when it does not fit. */
bool rank_text_to_xboard(const char *ggn, int rows, char *out, size_t cap);

/* XBoard's move or square text as ggn writes it (the inverse). False when it does not fit. */
bool rank_text_from_xboard(const char *text, int rows, char *out, size_t cap);

#endif
