/*
 * ggn._fast: the hot path of the Python package's State, in C over libggn.
 *
 * The pyspiel loop (is_terminal, legal_actions, apply_action, once a ply)
 * costs about 10 microseconds a ply through ctypes, ten times a ply of the
 * library itself. This module gives State a base type, Core, whose methods are
 * C functions called straight from the interpreter: no Python frame, no
 * ctypes marshalling, the list of legal ids built from int objects the game
 * keeps (one per action id, made the first time it is seen). python/ggn/_core.py
 * is the same Core in Python over ctypes, used when this module was not built;
 * the two keep the same fields and answer alike (python/tests run against both).
 *
 * A Core holds the library's position, the history of actions as a Python list,
 * the number of moves a playout made that the list does not show yet (pending,
 * asked of the library when wanted), and the position's status once judged.
 * Positions come from a Pool, one per Game: a freed state's position goes back
 * to it (up to POOL_KEEP of them) and the next new state starts from it, so
 * that a batch of new states reuses memory already paged in rather than
 * allocating a fresh 700 KB position (its undo stack) each time.
 *
 * Built by CMake (python/ext/CMakeLists.txt) beside libggn.so and linked to it:
 * a position made here and one made through ctypes are the same library's.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ggn/ggn.h"

/* Freed positions a game keeps for its next states (each about 700 KB). */
#define POOL_KEEP 64
/* Action spaces up to this size keep one int object per id; larger ones make them as needed. */
#define INT_TABLE_MAX (1 << 20)
/* What current_player() answers once the game is over (ggn.TERMINAL, OpenSpiel's kTerminalPlayerId). */
#define TERMINAL_PLAYER (-4)

/* ggn.GgnError, given by setup() when the package is imported. */
static PyObject *ggn_error_class;
/* "_pool", interned once: a new state asks its game for it. */
static PyObject *pool_name;

/* Raises GgnError([message], code), message formatted as PyUnicode_FromFormat does. */
static PyObject *raise_ggn(const char *code, const char *format, ...)
{
    if (!ggn_error_class) {
        PyErr_SetString(PyExc_RuntimeError, "ggn._fast: setup() was not called");
        return NULL;
    }
    va_list ap;
    va_start(ap, format);
    PyObject *message = PyUnicode_FromFormatV(format, ap);
    va_end(ap);
    if (!message) return NULL;
    PyObject *exc = PyObject_CallFunction(ggn_error_class, "[N]s", message, code);
    if (exc) {
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
        Py_DECREF(exc);
    }
    return NULL;
}

/* ---------------------------------------------------------------- Pool */

typedef struct {
    PyObject_HEAD
    const ggn_game *game;
    ggn_position *start;          /* the start position, copied into every recycled position */
    ggn_position *kept[POOL_KEEP];
    int nkept;
    int32_t actions;              /* ggn_game_action_count */
    int players;
    int *teams;                   /* the team of each player (Game._teams) */
    PyObject **ints;              /* ints[id]: the int object of action id, NULL until made; NULL table
                                     when the action space is larger than INT_TABLE_MAX */
} Pool;

static int pool_init(Pool *self, PyObject *args, PyObject *kwds)
{
    PyObject *handle, *teams;
    int actions;
    static char *names[] = {"handle", "actions", "teams", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiO!", names, &handle, &actions, &PyList_Type, &teams)) return -1;
    if (self->game) {
        PyErr_SetString(PyExc_RuntimeError, "ggn._fast.Pool: initialised twice");
        return -1;
    }
    const ggn_game *game = PyLong_AsVoidPtr(handle);
    if (!game) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ggn._fast.Pool: a null game");
        return -1;
    }
    Py_ssize_t players = PyList_GET_SIZE(teams);
    self->teams = PyMem_Calloc((size_t)(players ? players : 1), sizeof *self->teams);
    if (!self->teams) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t p = 0; p < players; p++) {
        self->teams[p] = PyLong_AsLong(PyList_GET_ITEM(teams, p));
        if (self->teams[p] == -1 && PyErr_Occurred()) return -1;
    }
    self->start = ggn_position_new(game);
    if (!self->start) {
        PyErr_NoMemory();
        return -1;
    }
    if (actions > 0 && actions <= INT_TABLE_MAX) {
        self->ints = PyMem_Calloc((size_t)actions, sizeof *self->ints);
        if (!self->ints) {
            PyErr_NoMemory();
            return -1;
        }
    }
    self->game = game;
    self->players = (int)players;
    self->actions = actions;
    return 0;
}

static void pool_dealloc(Pool *self)
{
    for (int i = 0; i < self->nkept; i++) ggn_position_free(self->kept[i]);
    if (self->start) ggn_position_free(self->start);
    if (self->ints) {
        for (int32_t a = 0; a < self->actions; a++) Py_XDECREF(self->ints[a]);
        PyMem_Free(self->ints);
    }
    PyMem_Free(self->teams);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A new reference to the int object of action id a (0 <= a < actions). */
static PyObject *pool_int(Pool *pool, int32_t a)
{
    if (!pool->ints) return PyLong_FromLong(a);
    PyObject *i = pool->ints[a];
    if (!i) {
        i = PyLong_FromLong(a);
        if (!i) return NULL;
        pool->ints[a] = i;
    }
    Py_INCREF(i);
    return i;
}

/* A position at the game's start: a kept one reset, or a new one. NULL when out of memory. */
static ggn_position *pool_take(Pool *pool)
{
    if (pool->nkept == 0) return ggn_position_new(pool->game);
    ggn_position *pos = pool->kept[--pool->nkept];
    ggn_position_copy(pos, pool->start);
    return pos;
}

static void pool_give(Pool *pool, ggn_position *pos)
{
    if (pool->nkept < POOL_KEEP)
        pool->kept[pool->nkept++] = pos;
    else
        ggn_position_free(pos);
}

static PyTypeObject PoolType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ggn._fast.Pool",
    .tp_doc = PyDoc_STR("Pool(handle, actions, teams): a game's freed positions and the int objects of its action ids"),
    .tp_basicsize = sizeof(Pool),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)pool_init,
    .tp_dealloc = (destructor)pool_dealloc,
};

/* ---------------------------------------------------------------- Core */

typedef struct {
    PyObject_HEAD
    PyObject *game;        /* the ggn.Game (State._game): keeps the game alive as long as the position */
    PyObject *fen;         /* the FEN the state started from, or None (State._fen) */
    Pool *pool;            /* strong reference: the game's pool outlives its states */
    ggn_position *pos;     /* NULL once released (State.__del__) */
    PyObject *history;     /* list of action ids, oldest first, but for the pending ones */
    Py_ssize_t pending;    /* moves a playout made that history does not list yet */
    int over;              /* is_terminal(): -1 until judged, with status, after each change */
    ggn_status status;
} Core;

static PyTypeObject CoreType;

static PyObject *freed(void)
{
    return raise_ggn("STATE", "this State was freed (its __del__ was called): it can no longer be used");
}

/* Judges the position once after each change: the status, and whether the game is over (a rule of
 * the spec, or the length limit every game has: GGN_MAX_PLY actions). */
static int judge(Core *self)
{
    if (self->over < 0) {
        self->status = ggn_position_status(self->pos);
        self->over = self->status.outcome != GGN_ONGOING ||
                     PyList_GET_SIZE(self->history) + self->pending >= GGN_MAX_PLY;
    }
    return self->over;
}

/* Lists the pending moves in history, their ids asked of the library. */
static int flush_pending(Core *self)
{
    int32_t ids[GGN_MAX_PLY];
    size_t want = (size_t)self->pending < GGN_MAX_PLY ? (size_t)self->pending : GGN_MAX_PLY;
    size_t n = ggn_position_recent_actions(self->pos, want, ids);
    for (size_t i = 0; i < n; i++) {
        PyObject *a = ids[i] >= 0 && ids[i] < self->pool->actions ? pool_int(self->pool, ids[i]) : PyLong_FromLong(ids[i]);
        if (!a) return -1;
        int failed = PyList_Append(self->history, a);
        Py_DECREF(a);
        if (failed) return -1;
    }
    self->pending = 0;
    return 0;
}

/* State(game, _copy_of=None): the game's start, or a copy of _copy_of (a state of the same game). */
static int core_init(Core *self, PyObject *args, PyObject *kwds)
{
    PyObject *game, *copy_of = Py_None;
    static char *names[] = {"game", "_copy_of", NULL};
    if (kwds || !PyArg_UnpackTuple(args, "State", 1, 2, &game, &copy_of)) {
        PyErr_Clear();
        if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O", names, &game, &copy_of)) return -1;
    }
    if (self->pos) {
        PyErr_SetString(PyExc_RuntimeError, "ggn: a State is initialised once");
        return -1;
    }
    PyObject *pool = PyObject_GetAttr(game, pool_name);
    if (!pool) return -1;
    if (!PyObject_TypeCheck(pool, &PoolType) || !((Pool *)pool)->game) {
        Py_DECREF(pool);
        PyErr_SetString(PyExc_TypeError, "ggn: a State of a ggn.Game");
        return -1;
    }
    Pool *p = (Pool *)pool; /* a new reference, kept in self->pool */
    Core *from = NULL;
    if (copy_of != Py_None) {
        from = PyObject_TypeCheck(copy_of, &CoreType) ? (Core *)copy_of : NULL;
        if (!from || from->pool != p) {
            Py_DECREF(pool);
            PyErr_SetString(PyExc_TypeError, "ggn: a State copies a State of the same game");
            return -1;
        }
        if (!from->pos) {
            Py_DECREF(pool);
            freed();
            return -1;
        }
    }
    PyObject *history = from ? PyList_GetSlice(from->history, 0, PyList_GET_SIZE(from->history)) : PyList_New(0);
    ggn_position *pos = history ? pool_take(p) : NULL;
    if (!pos) {
        Py_XDECREF(history);
        Py_DECREF(pool);
        if (history) PyErr_SetString(PyExc_MemoryError, "ggn: out of memory for a position");
        return -1;
    }
    if (from) ggn_position_copy(pos, from->pos); /* the undo stack too: the pending moves with it */
    Py_XSETREF(self->pool, p);
    Py_INCREF(game);
    Py_XSETREF(self->game, game);
    PyObject *fen = from ? from->fen : Py_None;
    Py_INCREF(fen);
    Py_XSETREF(self->fen, fen);
    Py_XSETREF(self->history, history);
    self->pos = pos;
    self->pending = from ? from->pending : 0;
    self->over = from ? from->over : -1;
    if (from) self->status = from->status;
    return 0;
}

/* Gives the position back to the game's pool; every later use raises GgnError (STATE). */
static void release(Core *self)
{
    if (self->pos) {
        pool_give(self->pool, self->pos);
        self->pos = NULL;
    }
    Py_CLEAR(self->history);
    Py_CLEAR(self->fen);
    Py_CLEAR(self->game);
}

/* The collector's: a state in a cycle (through its game, say: game.cache = state) is released
 * like a freed one, then deallocated. */
static int core_traverse(Core *self, visitproc visit, void *arg)
{
    Py_VISIT(self->game);
    Py_VISIT(self->fen);
    Py_VISIT(self->history);
    Py_VISIT(self->pool);
    return 0;
}

static int core_clear(Core *self)
{
    release(self);
    Py_CLEAR(self->pool);
    return 0;
}

static void core_dealloc(Core *self)
{
    PyObject_GC_UnTrack(self);
    release(self);
    Py_CLEAR(self->pool);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* State.__del__ (the type's tp_finalize, so that Python names it __del__ and a subclass calls it
 * without a method lookup): called by hand or at deallocation, once or more. */
static void core_finalize(PyObject *self)
{
    release((Core *)self);
}

static PyObject *core_is_terminal(Core *self, PyObject *unused)
{
    (void)unused;
    if (!self->pos) return freed();
    return PyBool_FromLong(judge(self));
}

static PyObject *core_current_player(Core *self, PyObject *unused)
{
    (void)unused;
    if (!self->pos) return freed();
    return PyLong_FromLong(judge(self) ? TERMINAL_PLAYER : ggn_position_to_move(self->pos));
}

static PyObject *core_legal_actions(Core *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *player = Py_None;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw > 1) {
        PyErr_SetString(PyExc_TypeError, "legal_actions(player=None) takes at most one argument");
        return NULL;
    }
    if (nargs == 1) player = args[0];
    if (nkw == 1) {
        if (PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "player") != 0) {
            PyErr_SetString(PyExc_TypeError, "legal_actions() has one argument: player");
            return NULL;
        }
        player = args[0];
    }
    if (!self->pos) return freed();
    if (judge(self)) return PyList_New(0);
    if (player != Py_None) {
        PyObject *to_move = PyLong_FromLong(ggn_position_to_move(self->pos));
        if (!to_move) return NULL;
        int other = PyObject_RichCompareBool(player, to_move, Py_NE);
        Py_DECREF(to_move);
        if (other < 0) return NULL;
        if (other) return PyList_New(0);
    }
    int32_t ids[GGN_MAX_MOVES];
    size_t n = ggn_position_legal_actions(self->pos, ids, NULL, GGN_MAX_MOVES);
    if (n > GGN_MAX_MOVES) n = GGN_MAX_MOVES;
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *a = pool_int(self->pool, ids[i]);
        if (!a) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, a);
    }
    return list;
}

static PyObject *core_apply_action(Core *self, PyObject *action)
{
    if (!self->pos) return freed();
    long a = -1;
    PyObject *id = NULL; /* the action as an int in range, a new reference */
    if (PyLong_CheckExact(action)) {
        int overflow;
        a = PyLong_AsLongAndOverflow(action, &overflow);
        if (!overflow && a >= 0 && a < self->pool->actions) {
            id = action;
            Py_INCREF(id);
        } else if (a == -1 && PyErr_Occurred()) {
            return NULL;
        }
    }
    if (!id) {
        /* Anything else (numpy integers, bools, out of range) as State._action says: the same
         * TypeError or GgnError as the rest of the package. */
        id = PyObject_CallMethod((PyObject *)self, "_action", "O", action);
        if (!id) return NULL;
        a = PyLong_AsLong(id);
        if (a == -1 && PyErr_Occurred()) {
            Py_DECREF(id);
            return NULL;
        }
    }
    if (judge(self)) {
        Py_DECREF(id);
        return raise_ggn("STATE", "action %ld: the game is over", a);
    }
    if (self->pending && flush_pending(self) < 0) { /* listed before the new move joins the undo stack */
        Py_DECREF(id);
        return NULL;
    }
    if (!ggn_position_apply_action(self->pos, a, NULL)) {
        /* Refused, the position unchanged: asked again for the reason (the fast path makes no error). */
        ggn_error err;
        memset(&err, 0, sizeof err);
        ggn_position_apply_action(self->pos, a, &err);
        Py_DECREF(id);
        return raise_ggn(ggn_code_name(err.code), "%s", err.message);
    }
    int failed = PyList_Append(self->history, id);
    Py_DECREF(id);
    self->over = -1;
    if (failed) return NULL;
    Py_RETURN_NONE;
}

static PyObject *core_returns(Core *self, PyObject *unused)
{
    (void)unused;
    if (!self->pos) return freed();
    judge(self);
    const ggn_status *st = &self->status;
    int players = self->pool->players;
    bool decided = st->outcome != GGN_ONGOING && !st->draw && st->winner >= 0 && st->winner < players;
    PyObject *list = PyList_New(players);
    if (!list) return NULL;
    for (int p = 0; p < players; p++) {
        double r = !decided ? 0.0 : self->pool->teams[p] == self->pool->teams[st->winner] ? 1.0 : -1.0;
        PyObject *f = PyFloat_FromDouble(r);
        if (!f) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, p, f);
    }
    return list;
}

static PyObject *core_status_fields(Core *self, PyObject *unused)
{
    (void)unused;
    if (!self->pos) return freed();
    judge(self);
    const ggn_status *st = &self->status;
    return Py_BuildValue("iiOOiii", (int)st->outcome, st->winner, st->in_check ? Py_True : Py_False,
                         st->draw ? Py_True : Py_False, st->player, st->kind, st->rule);
}

static PyObject *core_actions(Core *self, PyObject *unused)
{
    (void)unused;
    if (!self->pos) return freed();
    if (self->pending && flush_pending(self) < 0) return NULL;
    Py_INCREF(self->history);
    return self->history;
}

static PyObject *core_changed(Core *self, PyObject *unused)
{
    (void)unused;
    self->over = -1;
    Py_RETURN_NONE;
}

static PyObject *core_get_pos(Core *self, void *closure)
{
    (void)closure;
    if (!self->pos) return freed();
    return PyLong_FromVoidPtr(self->pos);
}

static PyObject *core_get_game(Core *self, void *closure)
{
    (void)closure;
    if (!self->pos) return freed();
    Py_INCREF(self->game);
    return self->game;
}

static PyObject *core_get_fen(Core *self, void *closure)
{
    (void)closure;
    if (!self->pos) return freed();
    Py_INCREF(self->fen);
    return self->fen;
}

static int core_set_fen(Core *self, PyObject *value, void *closure)
{
    (void)closure;
    if (!value || (value != Py_None && !PyUnicode_Check(value))) {
        PyErr_SetString(PyExc_TypeError, "ggn: a State's _fen is a str or None");
        return -1;
    }
    Py_INCREF(value);
    Py_XSETREF(self->fen, value);
    return 0;
}

static PyObject *core_get_history(Core *self, void *closure)
{
    (void)closure;
    if (!self->pos) return freed();
    Py_INCREF(self->history);
    return self->history;
}

static int core_set_history(Core *self, PyObject *value, void *closure)
{
    (void)closure;
    if (!value || !PyList_CheckExact(value)) {
        PyErr_SetString(PyExc_TypeError, "ggn: a State's _history is a list");
        return -1;
    }
    Py_INCREF(value);
    Py_XSETREF(self->history, value);
    return 0;
}

static PyObject *core_get_pending(Core *self, void *closure)
{
    (void)closure;
    if (!self->pos) return freed();
    return PyLong_FromSsize_t(self->pending);
}

static int core_set_pending(Core *self, PyObject *value, void *closure)
{
    (void)closure;
    Py_ssize_t n = value ? PyLong_AsSsize_t(value) : -1;
    if (n < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ggn: a State's _pending is a count");
        return -1;
    }
    self->pending = n;
    return 0;
}

static PyMethodDef core_methods[] = {
    {"is_terminal", (PyCFunction)core_is_terminal, METH_NOARGS,
     PyDoc_STR("Over by a rule of the spec (draw rules included), or by length: max_game_length() actions played.")},
    {"current_player", (PyCFunction)core_current_player, METH_NOARGS,
     PyDoc_STR("The player to move, or ggn.TERMINAL once the game is over.")},
    {"legal_actions", (PyCFunction)(void (*)(void))core_legal_actions, METH_FASTCALL | METH_KEYWORDS,
     PyDoc_STR("The ids of the legal moves, in increasing order ([] once the game is over or for another player).")},
    {"apply_action", (PyCFunction)core_apply_action, METH_O,
     PyDoc_STR("Plays the legal move with this id; GgnError (position unchanged) when there is none.")},
    {"returns", (PyCFunction)core_returns, METH_NOARGS,
     PyDoc_STR("Per player: 1 for each player of the winning team (the winner, without teams), -1 for the\n"
               "others; 0 for all in a draw (the length limit's included) or while the game goes on.")},
    {"_status_fields", (PyCFunction)core_status_fields, METH_NOARGS,
     PyDoc_STR("The ggn_status fields, in order (outcome, winner, in_check, draw, player, kind, rule).")},
    {"_actions", (PyCFunction)core_actions, METH_NOARGS,
     PyDoc_STR("The history list itself, the pending moves of a playout listed first.")},
    {"_changed", (PyCFunction)core_changed, METH_NOARGS, PyDoc_STR("The position changed: judge it again when asked.")},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef core_getset[] = {
    {"_game", (getter)core_get_game, NULL, PyDoc_STR("The ggn.Game"), NULL},
    {"_fen", (getter)core_get_fen, (setter)core_set_fen, PyDoc_STR("The FEN the state started from, or None"), NULL},
    {"_pos", (getter)core_get_pos, NULL, PyDoc_STR("The library's position, as an address (ctypes)"), NULL},
    {"_history", (getter)core_get_history, (setter)core_set_history, PyDoc_STR("The actions listed so far"), NULL},
    {"_pending", (getter)core_get_pending, (setter)core_set_pending, PyDoc_STR("Moves made but not listed"), NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "ggn._fast.Core",
    .tp_doc = PyDoc_STR("Core(game, _copy_of=None): a position of a game and its history (ggn.State's base)"),
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)core_init,
    .tp_traverse = (traverseproc)core_traverse,
    .tp_clear = (inquiry)core_clear,
    .tp_dealloc = (destructor)core_dealloc,
    .tp_finalize = core_finalize,
    .tp_methods = core_methods,
    .tp_getset = core_getset,
};

/* ---------------------------------------------------------------- module */

static int address_order(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)*(ggn_position *const *)a, y = (uintptr_t)*(ggn_position *const *)b;
    return (x > y) - (x < y);
}

/*
 * playouts(states, seed, limit, State): ggn.random_playouts past its argument checks, the list of
 * each state's moves made. The states (a list or tuple) are checked here, as the Python path
 * checks them: each of class State, none listed twice. Each state's status is the one its playout
 * ended on, so is_terminal() after it judges nothing again. A state belongs to one thread at a time
 * (docs/python.md), so the positions are the caller's alone while the lock is let go.
 */
static PyObject *fast_playouts(PyObject *module, PyObject *args)
{
    (void)module;
    PyObject *states, *state_type;
    unsigned long long seed;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "OKnO", &states, &seed, &limit, &state_type)) return NULL;
    PyObject *seq = PySequence_Fast(states, "random_playouts: states is a list or tuple of ggn.State");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    PyObject *result = NULL;
    size_t count = (size_t)(n ? n : 1);
    ggn_position **pos = PyMem_Malloc(2 * count * sizeof *pos); /* the positions, then sorted */
    size_t *plies = PyMem_Calloc(count, sizeof *plies);
    ggn_status *ends = PyMem_Malloc(count * sizeof *ends);
    if (!pos || !plies || !ends) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((PyObject *)Py_TYPE(items[i]) != state_type) {
            PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(items[i]), "__name__");
            if (name) {
                PyErr_Format(PyExc_TypeError, "random_playouts: states holds a %U, not a ggn.State", name);
                Py_DECREF(name);
            }
            goto done;
        }
        pos[i] = ((Core *)items[i])->pos;
        if (!pos[i]) {
            freed();
            goto done;
        }
    }
    memcpy(pos + n, pos, (size_t)n * sizeof *pos);
    qsort(pos + n, (size_t)n, sizeof *pos, address_order);
    for (Py_ssize_t i = 1; i < n; i++)
        if (pos[n + i] == pos[n + i - 1]) {
            raise_ggn("USAGE", "random_playouts: a state is listed twice");
            goto done;
        }
    uint64_t rng = seed;
    /* The long call lets go of the interpreter lock, as ctypes does: it touches no Python object. */
    Py_BEGIN_ALLOW_THREADS
    ggn_positions_playout(pos, (size_t)n, &rng, (size_t)limit, ends, plies);
    Py_END_ALLOW_THREADS
    result = PyList_New(n);
    if (!result) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        Core *c = (Core *)items[i];
        if (plies[i]) {
            c->pending += (Py_ssize_t)plies[i];
            c->status = ends[i];
            c->over = ends[i].outcome != GGN_ONGOING || PyList_GET_SIZE(c->history) + c->pending >= GGN_MAX_PLY;
        }
        PyObject *k = PyLong_FromSize_t(plies[i]);
        if (!k) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, k);
    }
done:
    PyMem_Free(pos);
    PyMem_Free(plies);
    PyMem_Free(ends);
    Py_DECREF(seq);
    return result;
}

static PyObject *fast_setup(PyObject *module, PyObject *error_class)
{
    (void)module;
    if (!PyType_Check(error_class) || !PyType_IsSubtype((PyTypeObject *)error_class, (PyTypeObject *)PyExc_Exception)) {
        PyErr_SetString(PyExc_TypeError, "ggn._fast.setup(GgnError): an exception class");
        return NULL;
    }
    Py_INCREF(error_class);
    Py_XSETREF(ggn_error_class, error_class);
    Py_RETURN_NONE;
}

static PyMethodDef fast_functions[] = {
    {"setup", (PyCFunction)fast_setup, METH_O, PyDoc_STR("setup(GgnError): the exception class errors are raised as")},
    {"playouts", (PyCFunction)fast_playouts, METH_VARARGS,
     PyDoc_STR("playouts(states, seed, limit, State): ggn.random_playouts' call, each state's moves made")},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "ggn._fast",
    .m_doc = PyDoc_STR("The C hot path of ggn.State (python/ext/_fast.c); python/ggn/_core.py is its ctypes twin."),
    .m_size = -1,
    .m_methods = fast_functions,
};

PyMODINIT_FUNC PyInit__fast(void);

PyMODINIT_FUNC PyInit__fast(void)
{
    if (PyType_Ready(&PoolType) < 0 || PyType_Ready(&CoreType) < 0) return NULL;
    if (!pool_name && !(pool_name = PyUnicode_InternFromString("_pool"))) return NULL;
    PyObject *m = PyModule_Create(&fast_module);
    if (!m) return NULL;
    if (PyModule_AddObjectRef(m, "Pool", (PyObject *)&PoolType) < 0 ||
        PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0 ||
        PyModule_AddIntConstant(m, "POOL_KEEP", POOL_KEEP) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
