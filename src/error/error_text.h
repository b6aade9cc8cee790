/* error_text.h — messages that fit their buffer (internal to the library). */
#ifndef GGN_ERROR_TEXT_H
#define GGN_ERROR_TEXT_H

#include <stdarg.h>
#include <stddef.h>

/*
 * vsnprintf into out[cap] for a message, never cut in the middle of a word:
 * when the text does not fit, the middle of its longest word (quoted input,
 * such as a 10,000-byte piece key) gives way to "..." if that word is long
 * enough, so the reason after it is kept; otherwise the text ends after the
 * last whole word that leaves room for " ...". Every library message
 * (ggn_error.message, 256 bytes) is formatted this way.
 */
void er_vformat(char *out, size_t cap, const char *fmt, va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 0)))
#endif
    ;

#endif
