"""ggn.State's base: the position, its history and status, and the hot path of the pyspiel loop.

Two implementations with the same fields and answers: the C extension ggn._fast
(python/ext/_fast.c), used when it was built (_capi.fast), and Core below, in
Python over ctypes, when it was not. docs/python.md says how the package finds
the extension and what each path costs.
"""

import ctypes

from . import _capi
from ._capi import lib

# What current_player() answers once the game is over (ggn.TERMINAL, OpenSpiel's kTerminalPlayerId).
_TERMINAL = -4

_FREED = "this State was freed (its __del__ was called): it can no longer be used"


class Pool:
    """What a game's states share: the game's handle, action count and teams (ggn._fast's Pool also
    keeps freed positions and the int objects of action ids; this one frees them at once)."""

    __slots__ = ("handle", "actions", "teams")

    def __init__(self, handle, actions, teams):
        self.handle = handle
        self.actions = actions
        self.teams = list(teams)


class Core:
    """ggn._fast.Core in Python over ctypes (see its comments in python/ext/_fast.c)."""

    __slots__ = ("_game_", "_fen_", "_pool", "_pos_", "_history_", "_pending_", "_status", "_over", "_ids")

    def __init__(self, game, _copy_of=None):
        copy_of = _copy_of
        self._pos_ = None
        self._game_ = game  # keeps the game alive as long as the position
        self._fen_ = None if copy_of is None else copy_of._fen
        self._pool = pool = game._pool
        pos = lib.ggn_position_new(pool.handle)
        if not pos:
            raise MemoryError("ggn: out of memory for a position")
        self._pos_ = pos
        self._history_ = []
        self._pending_ = 0
        self._status = None
        self._over = None  # is_terminal(), judged with _status after each change
        self._ids = None
        if copy_of is not None:
            lib.ggn_position_copy(pos, copy_of._pos)  # the undo stack too: the pending moves with it
            self._history_ = list(copy_of._history)
            self._pending_ = copy_of._pending
            self._status = copy_of._status
            self._over = copy_of._over

    def _freed(self):
        # the exception class is the package's; imported here, as the package imports this module
        from . import GgnError
        return GgnError([_FREED], "STATE")

    @property
    def _game(self):
        if self._pos_ is None:
            raise self._freed()
        return self._game_

    @property
    def _fen(self):
        if self._pos_ is None:
            raise self._freed()
        return self._fen_

    @_fen.setter
    def _fen(self, value):
        self._fen_ = value

    @property
    def _pos(self):
        if self._pos_ is None:
            raise self._freed()
        return self._pos_

    @property
    def _history(self):
        if self._pos_ is None:
            raise self._freed()
        return self._history_

    @_history.setter
    def _history(self, value):
        self._history_ = value

    @property
    def _pending(self):
        if self._pos_ is None:
            raise self._freed()
        return self._pending_

    @_pending.setter
    def _pending(self, value):
        self._pending_ = value

    def __del__(self):
        """Frees the position at once; every later use raises GgnError (STATE). Called by hand or by
        the collector, once or more."""
        pos = getattr(self, "_pos_", None)  # unset when __init__ failed
        self._pos_ = None
        if pos:
            lib.ggn_position_free(pos)
        self._history_ = self._game_ = self._fen_ = None

    def _changed(self):
        self._status = None
        self._over = None

    def _judge(self):
        if self._over is None:
            self._status = lib.ggn_position_status(self._pos)
            # The length limit is a rule of every game: a draw once the state holds GGN_MAX_PLY actions.
            self._over = self._status.outcome != 0 or len(self._history_) + self._pending_ >= _capi.MAX_PLY
        return self._over

    def _status_fields(self):
        self._judge()
        st = self._status
        return (st.outcome, st.winner, st.in_check, st.draw, st.player, st.kind, st.rule)

    def _actions(self):
        """_history with the pending actions of a playout listed (each id asked of the library)."""
        n = self._pending
        if n:
            buf = (ctypes.c_int32 * n)()
            k = lib.ggn_position_recent_actions(self._pos_, n, buf)
            self._history_.extend(buf[:k])
            self._pending_ = 0
        return self._history_

    def is_terminal(self):
        """Over by a rule of the spec (draw rules included), or by length: max_game_length() actions played."""
        over = self._over
        if over is None:
            over = self._judge()
        return over

    def current_player(self):
        """The player to move, or ggn.TERMINAL once the game is over."""
        if self.is_terminal():
            return _TERMINAL
        return lib.ggn_position_to_move(self._pos_)

    def legal_actions(self, player=None):
        """The ids of the legal moves, in increasing order ([] once the game is over or for another player)."""
        if self._over is not False and self.is_terminal():
            return []
        if player is not None and player != lib.ggn_position_to_move(self._pos_):
            return []
        buf = self._ids
        if buf is None:
            buf = self._ids = (ctypes.c_int32 * _capi.MAX_MOVES)()
        n = lib.ggn_position_legal_actions(self._pos_, buf, None, _capi.MAX_MOVES)
        return buf[:n] if n <= _capi.MAX_MOVES else buf[:]

    def apply_action(self, action):
        """Plays the legal move with this id; GgnError (position unchanged) when there is none."""
        if self._pos_ is None:
            raise self._freed()
        if action.__class__ is not int or not 0 <= action < self._pool.actions:
            action = self._action(action)
        if self._over is not False and self.is_terminal():
            from . import GgnError
            raise GgnError([f"action {action}: the game is over"], "STATE")
        if self._pending_:
            self._actions()  # listed before the new move joins the undo stack after them
        if not lib.ggn_position_apply_action(self._pos_, action, None):
            # Refused, the position unchanged: ask again for the reason (the fast path makes no error struct).
            from . import GgnError
            err = _capi.Error()
            lib.ggn_position_apply_action(self._pos_, action, ctypes.byref(err))
            raise GgnError._message(err)
        self._history_.append(action)
        self._status = None
        self._over = None

    def returns(self):
        """Per player: 1 for each player of the winning team (the winner, without teams), -1 for the
        others; 0 for all in a draw (the length limit's included) or while the game goes on."""
        if self._pos_ is None:
            raise self._freed()
        self._judge()
        st = self._status
        teams = self._pool.teams
        if st.outcome == 0 or st.draw or st.winner < 0:
            return [0.0] * len(teams)
        won = teams[st.winner]
        return [1.0 if team == won else -1.0 for team in teams]


if _capi.fast is not None:
    Pool = _capi.fast.Pool  # noqa: F811
    Core = _capi.fast.Core  # noqa: F811
