/* gan.c — GAN actors (seed 003): <game-id>:<piece-id>. */
#include "ggn/id.h"
#include "id_internal.h"

#include <string.h>

/* The message below spells the limit out. */
_Static_assert(GGN_MAX_GAME_ID == 32, "update the 'game id is longer than' message");

const char *ggn_gan_parse(const char *text, size_t len, ggn_gan *out)
{
    if (len == 0) return "empty identifier";
    const char *colon = memchr(text, ':', len);
    if (!colon) return "missing ':' between game id and piece";
    size_t game_len = (size_t)(colon - text);
    if (game_len == 0) return "empty game id";
    if (game_len > GGN_MAX_GAME_ID) return "game id is longer than 32 letters (GGN_MAX_GAME_ID)";
    bool upper = id_is_upper(text[0]);
    for (size_t i = 0; i < game_len; i++) {
        if (!id_is_letter(text[i])) return "game id must be ASCII letters only";
        if (id_is_upper(text[i]) != upper) return "game id mixes upper and lower case";
    }
    id_pin pin;
    const char *why = id_pin_parse(colon + 1, len - game_len - 1, ID_PIN_GAN, &pin);
    if (why) return why;
    if (id_is_upper(pin.letter) != upper) return "game id and piece letter differ in case";
    if (out) {
        memcpy(out->game, text, game_len);
        out->game[game_len] = '\0';
        out->letter = pin.letter;
        out->side = upper ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
        out->state = pin.state;
        out->intermediate = pin.suffix;
    }
    return NULL;
}

size_t ggn_gan_format(const ggn_gan *gan, char *buf, size_t cap)
{
    id_pin pin = { gan->letter, gan->state, gan->intermediate };
    char piece[4];
    id_pin_format(&pin, ID_PIN_GAN, piece);
    return id_join(buf, cap, gan->game, piece);
}
