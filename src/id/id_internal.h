/* id_internal.h — pieces shared by the GAN and QPI parsers. Not installed. */
#ifndef GGN_ID_INTERNAL_H
#define GGN_ID_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "ggn/id.h"

static inline bool id_is_upper(char c) { return c >= 'A' && c <= 'Z'; }
static inline bool id_is_lower(char c) { return c >= 'a' && c <= 'z'; }
static inline bool id_is_letter(char c) { return id_is_upper(c) || id_is_lower(c); }
static inline bool id_is_digit(char c) { return c >= '0' && c <= '9'; }

/* GAN pieces end in an optional "'", QPI pieces in an optional '^'. */
typedef enum id_pin_kind { ID_PIN_GAN, ID_PIN_QPI } id_pin_kind;

typedef struct id_pin {
    char letter;
    ggn_state state;
    bool suffix;
} id_pin;

const char *id_pin_parse(const char *text, size_t len, id_pin_kind kind, id_pin *out);
void id_pin_format(const id_pin *pin, id_pin_kind kind, char out[4]);

/* Writes "left:right"; returns its length, or 0 (and "") when cap is too small. */
size_t id_join(char *buf, size_t cap, const char *left, const char *right);

#endif
