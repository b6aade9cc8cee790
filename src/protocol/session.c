/*
 * session.c — the engine session core (protocol_internal.h) and the public
 * calls of ggn/protocol.h, which hand each line to the front end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "protocol_internal.h"

bool pr_session_init(pr_session *s, const pr_front *front, const ggn_session_config *config)
{
    s->front = front;
    s->protocol = config->protocol;
    s->output = config->output;
    s->output_context = config->output_context;
    s->resolve = config->resolve;
    s->resolve_context = config->resolve_context;
    s->think_cap_ms = config->think_cap_ms;
    s->hash_mb = GGN_SEARCH_DEFAULT_TT_MB;
    s->threads = 1;
    s->player = GGN_PLAYER_ALPHABETA; /* as before the option existed: a GUI gets alpha-beta unless it asks */
    pthread_mutex_init(&s->out_lock, NULL);
    if (config->game_count) {
        s->names = calloc(config->game_count, sizeof *s->names);
        if (!s->names) return false;
        for (size_t i = 0; i < config->game_count; i++) {
            if (strlen(config->game_names[i]) >= PR_NAME_CAP) continue; /* no protocol offers so long a name */
            snprintf(s->names[s->nnames++], PR_NAME_CAP, "%s", config->game_names[i]);
        }
    }
    return true;
}

void pr_session_destroy(pr_session *s)
{
    pr_worker_join(s, true);
    ggn_position_free(s->pos);
    ggn_game_free(s->game);
    ggn_searcher_free(s->searcher);
    ggn_mcts_free(s->mcts);
    free(s->names);
    pthread_mutex_destroy(&s->out_lock);
}

ggn_game *pr_load_game(pr_session *s, const char *name, bool as_path, ggn_errors *errs)
{
    ggn_errors_init(errs);
    char path[4096];
    if (!as_path) {
        if (!s->resolve(name, path, sizeof path, s->resolve_context)) return NULL;
        name = path;
    }
    return ggn_game_load_file(name, errs);
}

bool pr_set_game(pr_session *s, ggn_game *game)
{
    ggn_position *pos = ggn_position_new(game);
    if (!pos) return false;
    ggn_position_free(s->pos);
    ggn_game_free(s->game);
    s->game = game;
    s->pos = pos;
    pr_players_clear(s);
    return true;
}

double pr_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void pr_players_clear(pr_session *s)
{
    if (s->searcher) ggn_searcher_clear(s->searcher);
    if (s->mcts) ggn_mcts_clear(s->mcts);
}

long pr_most_hash(const pr_session *s) { return s->think_cap_ms > 0 ? GGN_SEARCH_DEFAULT_TT_MB : PR_MAX_HASH_MB; }

bool pr_set_hash(pr_session *s, long mb)
{
    /* The new table is made now, so that a size the machine cannot give is refused while the old one stands. */
    ggn_searcher *fresh = ggn_searcher_new((size_t)mb);
    if (!fresh) return false;
    ggn_searcher_set_stop(fresh, &s->stop);
    ggn_searcher_free(s->searcher);
    s->searcher = fresh;
    s->hash_mb = (size_t)mb;
    return true;
}

/* Threads the session allows: GGN_MAX_SEARCH_THREADS, or two under the fuzz bound (think_cap_ms). */
int pr_most_threads(const pr_session *s) { return s->think_cap_ms > 0 ? 2 : GGN_MAX_SEARCH_THREADS; }

bool pr_set_threads(pr_session *s, long threads)
{
    if (threads < 1 || threads > pr_most_threads(s)) return false;
    s->threads = (int)threads;
    return true;
}

bool pr_set_player(pr_session *s, const char *name)
{
    if (strcmp(name, "alphabeta") == 0) s->player = GGN_PLAYER_ALPHABETA;
    else if (strcmp(name, "mcts") == 0) s->player = GGN_PLAYER_MCTS;
    else if (strcmp(name, "default") == 0) s->player = GGN_PLAYER_DEFAULT;
    else return false;
    return true;
}

const char *pr_player_name(const pr_session *s)
{
    return s->player == GGN_PLAYER_MCTS ? "mcts" : s->player == GGN_PLAYER_DEFAULT ? "default" : "alphabeta";
}

/* ---- the worker ---------------------------------------------------------------- */

bool pr_worker_start(pr_session *s, void *(*fn)(void *))
{
    atomic_store(&s->stop, false);
    if (pthread_create(&s->worker, NULL, fn, s) != 0) {
        fn(s); /* no thread to be had: the work is done here, the GUI still gets its answer */
        return false;
    }
    s->working = true;
    return true;
}

void pr_worker_join(pr_session *s, bool stop)
{
    if (!s->working) return;
    if (stop) atomic_store(&s->stop, true);
    pthread_join(s->worker, NULL);
    s->working = false;
}

/* ---- ggn/protocol.h ---------------------------------------------------------- */

ggn_session *ggn_session_new(const ggn_session_config *config, ggn_errors *errs)
{
    /* The reasons go somewhere even when the caller does not want them (errs may be NULL). */
    ggn_errors *list = errs ? errs : malloc(sizeof *list);
    if (!list) return NULL;
    ggn_errors_init(list);
    pr_session *s = NULL;
    if (!config->output || !config->resolve) {
        ggn_error e;
        ggn_error_set(&e, GGN_E_USAGE, "a session needs an output and a resolver");
        ggn_errors_add(list, &e);
    } else {
        s = config->protocol == GGN_PROTOCOL_XBOARD ? pr_xboard_new(config, list) : pr_uci_new(config, list);
    }
    if (list != errs) free(list);
    return (ggn_session *)s;
}

bool ggn_session_input(ggn_session *session, const char *line)
{
    pr_session *s = (pr_session *)session;
    if (s->closed) return false;
    char small[1024], *copy = strlen(line) < sizeof small ? small : malloc(strlen(line) + 1);
    if (!copy) return true;
    strcpy(copy, line);
    /* Surrounding blanks and a Windows line end are no part of a command. */
    char *p = copy;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strlen(p);
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r')) p[--n] = '\0';
    bool go_on = s->front->input(s, p);
    if (copy != small) free(copy);
    return go_on;
}

void ggn_session_input_too_long(ggn_session *session)
{
    pr_session *s = (pr_session *)session;
    if (!s->closed) s->front->too_long(s);
}

void ggn_session_close(ggn_session *session, bool quit)
{
    pr_session *s = (pr_session *)session;
    if (s->closed) return;
    s->front->close(s, quit);
    pr_worker_join(s, true);
    s->closed = true;
}

void ggn_session_free(ggn_session *session)
{
    pr_session *s = (pr_session *)session;
    if (!s) return;
    ggn_session_close(session, false);
    pr_session_destroy(s);
    s->front->free(s);
}
