/*
 * ggn_web.h — the calls web/ggn_web.c exports to the page's JavaScript
 * (-sEXPORTED_FUNCTIONS in web/CMakeLists.txt; wrapped by web/src/engine.js).
 * docs/web.md describes each. Every `char *` returned is JSON text (or NULL
 * when out of memory) that the caller releases with web_free.
 */
#ifndef GGN_WEB_H
#define GGN_WEB_H

typedef struct web_session web_session;

web_session *web_open(const char *text, const char *name);
void web_close(web_session *s);
void web_free(char *text);
char *web_errors(const web_session *s);
char *web_info(const web_session *s);
char *web_state(web_session *s, int flip, int square_size);
int web_play(web_session *s, int index);
char *web_play_text(web_session *s, const char *text);
int web_undo(web_session *s);
char *web_set_position(web_session *s, const char *text);
double web_perft(web_session *s, int depth);
char *web_divide(web_session *s, int depth);
char *web_search(web_session *s, int depth, int time_ms, int seed);
char *web_export(const web_session *s, const char *spelling);

#endif
