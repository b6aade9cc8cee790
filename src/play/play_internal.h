/*
 * play_internal.h — the game in progress (ggn/play.h) as the play layer's
 * files see it.
 */
#ifndef GGN_PLAY_INTERNAL_H
#define GGN_PLAY_INTERNAL_H

#include "ggn/play.h"

struct ggn_play {
    const ggn_game *game;   /* borrowed */
    ggn_position *pos;      /* owned; its undo stack is the record's moves */
    char *start_fen;        /* owned; the set-up start as FEN, NULL for the game's start */
    int resigned;           /* the player who resigned, or -1 */
    bool agreed_draw;       /* the players agreed a draw */
};

#endif
