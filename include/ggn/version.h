/*
 * version.h — the library's version, as constants (no layer owns it; any
 * file may include it, and ggn/ggn.h does).
 */
#ifndef GGN_VERSION_H
#define GGN_VERSION_H

#define GGN_VERSION_MAJOR 0
#define GGN_VERSION_MINOR 1
#define GGN_VERSION_PATCH 0
#define GGN_VERSION_STRING "0.1.0"

#endif
