/* pin.c — the piece part shared by GAN (PNN: [+-]letter[']) and QPI (PIN: [+-]letter[^]). */
#include "id_internal.h"

#include <stdio.h>
#include <string.h>

const char *id_pin_parse(const char *text, size_t len, id_pin_kind kind, id_pin *out)
{
    size_t i = 0;
    out->state = GGN_STATE_NORMAL;
    out->suffix = false;
    if (len == 0) return "missing piece letter";
    if (text[0] == '+' || text[0] == '-') {
        out->state = text[0] == '+' ? GGN_STATE_ENHANCED : GGN_STATE_DIMINISHED;
        i++;
    }
    if (i >= len) return "missing piece letter after state prefix";
    if (!id_is_letter(text[i])) {
        if (text[i] == '+' || text[i] == '-') return "more than one state prefix";
        return "piece must be one ASCII letter";
    }
    out->letter = text[i++];
    char suffix = kind == ID_PIN_GAN ? '\'' : '^';
    if (i < len && text[i] == suffix) {
        out->suffix = true;
        i++;
    }
    if (i < len) {
        if (id_is_letter(text[i])) return "piece must be exactly one letter";
        return kind == ID_PIN_GAN ? "unexpected text after piece (only \"'\" may follow the letter)"
                                  : "unexpected text after piece (only \"^\" may follow the letter)";
    }
    return NULL;
}

void id_pin_format(const id_pin *pin, id_pin_kind kind, char out[4])
{
    size_t n = 0;
    if (pin->state == GGN_STATE_ENHANCED) out[n++] = '+';
    else if (pin->state == GGN_STATE_DIMINISHED) out[n++] = '-';
    out[n++] = pin->letter;
    if (pin->suffix) out[n++] = kind == ID_PIN_GAN ? '\'' : '^';
    out[n] = '\0';
}

size_t id_join(char *buf, size_t cap, const char *left, const char *right)
{
    size_t need = strlen(left) + 1 + strlen(right);
    if (need + 1 > cap) {
        if (cap) buf[0] = '\0';
        return 0;
    }
    snprintf(buf, cap, "%s:%s", left, right);
    return need;
}
