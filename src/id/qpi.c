/* qpi.c — QPI ids (seed 001): <style>:<pin>, with the optional '^' marker. */
#include "ggn/id.h"
#include "id_internal.h"

#include <string.h>

const char *ggn_qpi_parse(const char *text, size_t len, ggn_qpi *out)
{
    if (len == 0) return "empty identifier";
    if (len < 2 || text[1] != ':') {
        if (!memchr(text, ':', len)) return "missing ':' between style and piece";
        return "style must be exactly one letter";
    }
    if (!id_is_letter(text[0])) return "style must be an ASCII letter";
    id_pin pin;
    const char *why = id_pin_parse(text + 2, len - 2, ID_PIN_QPI, &pin);
    if (why) return why;
    if (id_is_upper(pin.letter) != id_is_upper(text[0])) return "style and piece letter differ in case";
    if (out) {
        out->style = text[0];
        out->letter = pin.letter;
        out->side = id_is_upper(text[0]) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
        out->state = pin.state;
        out->terminal = pin.suffix;
    }
    return NULL;
}

size_t ggn_qpi_format(const ggn_qpi *qpi, char *buf, size_t cap)
{
    id_pin pin = { qpi->letter, qpi->state, qpi->terminal };
    char piece[4];
    char style[2] = { qpi->style, '\0' };
    id_pin_format(&pin, ID_PIN_QPI, piece);
    return id_join(buf, cap, style, piece);
}

bool ggn_piece_side(const char *text, size_t len, ggn_side *out)
{
    if (len == 0 || !id_is_letter(text[0])) {
        /* bare PNN/PIN may start with a state prefix */
        if (len >= 2 && (text[0] == '+' || text[0] == '-') && id_is_letter(text[1])) {
            *out = id_is_upper(text[1]) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
            return true;
        }
        return false;
    }
    *out = id_is_upper(text[0]) ? GGN_SIDE_FIRST : GGN_SIDE_SECOND;
    return true;
}
