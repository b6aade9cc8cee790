"""The Monte Carlo tree search player (include/ggn/mcts.h, docs/ai.md) as a bot shaped like OpenSpiel's MCTSBot.

    import ggn
    game = ggn.load_game("breakthrough")
    bot = ggn.mcts_bot(game, max_simulations=2000, seed=1)
    state = game.new_initial_state()
    state.apply_action(bot.step(state))

The search runs in libggn (UCT, random playouts, a solver, the tree kept between moves);
the bot holds one player for its whole life, so its tree carries over from move to move.
"""

import ctypes

from . import _capi
from ._capi import lib


class _Limits(ctypes.Structure):
    _fields_ = [
        ("iterations", ctypes.c_uint64),
        ("nodes", ctypes.c_uint64),
        ("time_ms", ctypes.c_long),
        ("seed", ctypes.c_uint64),
    ]


class _Result(ctypes.Structure):
    _fields_ = [
        ("best", _capi.Move),
        ("found", ctypes.c_bool),
        ("value", ctypes.c_double),
        ("proven", ctypes.c_int),
        ("stop", ctypes.c_int),
        ("iterations", ctypes.c_uint64),
        ("best_visits", ctypes.c_uint64),
        ("tree_nodes", ctypes.c_uint64),
        ("reused_nodes", ctypes.c_uint64),
        ("playout_plies", ctypes.c_uint64),
        ("max_depth", ctypes.c_int),
        ("max_clock_gap", ctypes.c_int),
        ("elapsed_ms", ctypes.c_long),
    ]


# Mirrors include/ggn/mcts.h field for field, as _capi's structs mirror theirs.
class _Options(ctypes.Structure):
    _fields_ = [
        ("exploration_milli", ctypes.c_int),
        ("playout_plies", ctypes.c_int),
        ("eval_plies", ctypes.c_int),
        ("solver", ctypes.c_bool),
        ("prior", ctypes.c_bool),
        ("reuse", ctypes.c_bool),
        ("rave", ctypes.c_int),
        ("rave_equivalence", ctypes.c_int),
        ("rave_exploration_milli", ctypes.c_int),
        ("playouts", ctypes.c_int),  # ggn_mcts_playouts, left at the game's own (AUTO)
    ]


lib.ggn_mcts_new.restype = ctypes.c_void_p
lib.ggn_mcts_new.argtypes = [ctypes.c_size_t]
lib.ggn_mcts_free.restype = None
lib.ggn_mcts_free.argtypes = [ctypes.c_void_p]
lib.ggn_mcts_clear.restype = None
lib.ggn_mcts_clear.argtypes = [ctypes.c_void_p]
lib.ggn_mcts_default_options.restype = None
lib.ggn_mcts_default_options.argtypes = [ctypes.POINTER(_Options)]
lib.ggn_mcts_set_options.restype = None
lib.ggn_mcts_set_options.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Options)]
lib.ggn_mcts_run.restype = ctypes.c_bool
lib.ggn_mcts_run.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(_Limits), ctypes.POINTER(_Result)]

# ggn_mcts_rave.
_RAVE_AUTO, _RAVE_ON, _RAVE_OFF = 0, 1, 2

# ggn_mcts_result.proven, by name.
_PROVEN = {0: None, 1: "win", 2: "draw", 3: "loss"}


class MCTSResult:
    """What one search found: the action, its value for the mover (0 loss .. 1 win), what the solver proved
    ("win", "draw", "loss" or None), and the counts: iterations, tree nodes, nodes reused from the last move."""

    __slots__ = ("action", "value", "proven", "iterations", "nodes", "reused")

    def __init__(self, action, value, proven, iterations, nodes, reused):
        self.action, self.value, self.proven = action, value, proven
        self.iterations, self.nodes, self.reused = iterations, nodes, reused

    def __repr__(self):
        return (f"MCTSResult(action={self.action}, value={self.value:.3f}, proven={self.proven}, "
                f"iterations={self.iterations}, nodes={self.nodes}, reused={self.reused})")


class MCTSBot:
    """A Monte Carlo tree search bot for one game, used as OpenSpiel's MCTSBot is: step(state) -> action.

    uct_c is UCT's exploration constant; max_simulations the playouts a move (0: none, then time_limit
    must be given); time_limit the seconds a move (None: none); solve turns the solver on; seed makes
    the bot's choices repeatable (same seed, same moves, without a time limit); playout_plies cuts a
    playout that long (scored by material, docs/ai.md); memory_mb bounds the tree; prior selects by
    PUCT with each move's prior from the material after it; rave turns RAVE (AMAF) on (True) or off
    (False), None leaving it to the game: on where every move is a placement or a pass.
    """

    def __init__(self, game, uct_c=1.0, max_simulations=10000, *, time_limit=None, solve=True, seed=0,
                 playout_plies=200, memory_mb=64, prior=False, rave=None):
        if max_simulations < 0 or (time_limit is not None and time_limit <= 0):
            raise ValueError("mcts_bot: max_simulations must not be negative, time_limit must be positive")
        if not max_simulations and time_limit is None:
            raise ValueError("mcts_bot: give max_simulations or time_limit")
        if uct_c < 0 or playout_plies < 0 or memory_mb <= 0 or seed < 0:
            raise ValueError("mcts_bot: uct_c, playout_plies and seed must not be negative, memory_mb must be positive")
        self._game = game
        self._handle = lib.ggn_mcts_new(memory_mb)
        if not self._handle:
            raise MemoryError("mcts_bot: out of memory")
        options = _Options()
        lib.ggn_mcts_default_options(ctypes.byref(options))
        options.exploration_milli = int(round(uct_c * 1000))
        options.playout_plies = playout_plies
        options.solver = bool(solve)
        options.prior = bool(prior)
        options.rave = _RAVE_AUTO if rave is None else _RAVE_ON if rave else _RAVE_OFF
        lib.ggn_mcts_set_options(self._handle, ctypes.byref(options))
        self._limits = _Limits(max_simulations, 0, int(round(time_limit * 1000)) if time_limit else 0, seed)
        self._seed = seed
        self._moves = 0

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle:
            lib.ggn_mcts_free(handle)

    def search(self, state):
        """Searches state (left as it was): an MCTSResult, or None when the game is over there."""
        if state.is_terminal():
            return None
        # Each move its own playouts, still fixed by the bot's seed.
        self._limits.seed = self._seed + self._moves
        self._moves += 1
        result = _Result()
        if not lib.ggn_mcts_run(self._handle, state._pos, ctypes.byref(self._limits), ctypes.byref(result)):
            return None
        action = lib.ggn_move_action(state._pos, result.best)
        return MCTSResult(action, result.value, _PROVEN.get(result.proven), result.iterations, result.tree_nodes,
                          result.reused_nodes)

    def step(self, state):
        """The action the bot plays in state (OpenSpiel's Bot.step); None when the game is over."""
        found = self.search(state)
        return found.action if found else None

    def restart(self):
        """Forgets the tree (a new game)."""
        lib.ggn_mcts_clear(self._handle)
        self._moves = 0

    def restart_at(self, state):
        self.restart()

    def inform_action(self, state, player_id, action):
        """Nothing to do: the tree finds the new position by itself (tree reuse)."""

    def provides_policy(self):
        return False


def mcts_bot(game, **kwargs):
    """A MCTSBot for game (see MCTSBot for the keyword arguments)."""
    return MCTSBot(game, **kwargs)
