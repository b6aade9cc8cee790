"""ggn for Python: any game a ggn spec describes, through an API shaped like OpenSpiel's.

    import ggn, random
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())

docs/python.md describes every function, the action space and the observation.
The package wraps libggn with ctypes, and a State's hot path (the loop above) with
the C extension ggn._fast when it was built beside the library (ggn.FAST).
"""

import ctypes
import enum
import operator
import os
import weakref

from . import _capi
from ._capi import lib
from ._core import Core as _Core, Pool as _Pool

__all__ = ["FAST", "GgnError", "Game", "GameType", "State", "StateType", "SearchResult", "load_game", "resolve_game", "game_name_of_path", "TERMINAL",
           "MCTSBot", "MCTSResult", "mcts_bot", "random_playouts", "apply_actions", "selfplay"]
__version__ = "0.1.0"

# What current_player() answers once the game is over (OpenSpiel's kTerminalPlayerId).
TERMINAL = -4

_GAMES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "games")
_FORMAT_CAP = 1024

# What outcome() says of a game that reached max_game_length() with no other rule ending it.
_LENGTH_DRAW = f"Draw: {_capi.MAX_PLY} plies played (the game's length limit)"


class GgnError(Exception):
    """A ggn error: str() is the located message ("FILE:LINE:COL: error: ... [at /pointer]").

    Attributes: code (the ggn code name, e.g. "VALUE"), file, line, column,
    pointer of the first problem, and messages (every problem, formatted).
    """

    def __init__(self, messages, code="", file="", line=0, column=0, pointer=""):
        super().__init__("\n".join(messages))
        self.messages = list(messages)
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer

    @classmethod
    def _from(cls, errors):
        """From a list of ggn_error structs (at least one)."""
        texts = []
        for e in errors:
            buf = ctypes.create_string_buffer(_FORMAT_CAP)
            lib.ggn_error_format(ctypes.byref(e), buf, _FORMAT_CAP)
            texts.append(buf.value.decode("utf-8", "replace"))
        first = errors[0]
        return cls(
            texts,
            lib.ggn_code_name(first.code).decode(),
            first.file.decode("utf-8", "replace"),
            first.line,
            first.column,
            first.pointer.decode("utf-8", "replace"),
        )

    @classmethod
    def _message(cls, err, context=None):
        """From one ggn_error that carries no location: its message, after context when given."""
        text = err.message.decode("utf-8", "replace")
        return cls([f"{context}: {text}" if context else text], lib.ggn_code_name(err.code).decode())


if _capi.fast is not None:
    _capi.fast.setup(GgnError)

# True when states run on the C extension ggn._fast, False on the ctypes path (docs/python.md).
FAST = _capi.fast is not None


def _game_dirs():
    """Where a game named without a path is looked for, in order (docs/python.md)."""
    dirs = [d for d in os.environ.get("GGN_PATH", "").split(":") if d]
    dirs.append(_GAMES_DIR)
    dirs.append(".")
    return dirs


def resolve_game(name):
    """The file of a game given by name ("chess", "Shogi.json") or path, as `ggn` resolves it.

    A name with a '/' or naming an existing file is a path. Otherwise NAME.json
    is looked for in each directory of GGN_PATH, then in the package's games/
    (the shipped games `make python` copies there), then in the current
    directory; the exact spelling first, then any spelling ignoring case (the
    least, so the answer never depends on the directory's order).
    """
    name = os.fspath(name)
    dirs = [os.fsencode(d) for d in _game_dirs()]
    paths = (ctypes.c_char_p * max(len(dirs), 1))(*dirs)
    err = _capi.Error()
    encoded = os.fsencode(name)
    cap = 4096
    while True:
        buf = ctypes.create_string_buffer(cap)
        n = lib.ggn_game_file_find(encoded, paths, len(dirs), buf, cap, ctypes.byref(err))
        if n < cap:
            break
        cap = n + 1  # a path longer than the buffer: asked again with room for it
    if n == 0:
        file = name if name.lower().endswith(".json") and len(name) > 5 else name + ".json"
        raise GgnError(
            [f"no game '{name}': it is not a file, and there is no {file} in " + ", ".join(_game_dirs())],
            lib.ggn_code_name(err.code).decode(),
        )
    return os.fsdecode(buf.raw[:n])


def game_name_of_path(path):
    """The game name a spec file's path gives: its file name without ".json" ("games/Shogi.json" is "Shogi")."""
    encoded = os.fsencode(path)
    n = lib.ggn_game_name_of_path(encoded, None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    lib.ggn_game_name_of_path(encoded, buf, n + 1)
    return os.fsdecode(buf.value)


def load_game(name_or_path):
    """Loads a game spec, by shipped name or by path. Raises GgnError with every problem found."""
    path = resolve_game(name_or_path)
    errs = _capi.Errors()
    lib.ggn_errors_init(ctypes.byref(errs))
    handle = lib.ggn_game_load_file(os.fsencode(path), ctypes.byref(errs))
    if not handle:
        items = [errs.items[i] for i in range(errs.count) if errs.items[i].severity == 0]
        if not items:
            items = [errs.items[i] for i in range(errs.count)]
        if not items:
            raise GgnError([f"{path}: cannot load the game"], "IO", path)
        raise GgnError._from(items)
    return Game(handle, path)


class GameType:
    """What kind of game it is, with the fields and enums of pyspiel's GameType (Game.get_type()).

    Every ggn game is sequential, deterministic and of perfect information, with
    its result only at the end; it is zero-sum when two sides of one size play (two
    players, or two teams of as many players), general-sum otherwise.
    """

    class Dynamics(enum.Enum):
        SEQUENTIAL = 0
        SIMULTANEOUS = 1

    class ChanceMode(enum.Enum):
        DETERMINISTIC = 0
        EXPLICIT_STOCHASTIC = 1
        SAMPLED_STOCHASTIC = 2

    class Information(enum.Enum):
        ONE_SHOT = 0
        PERFECT_INFORMATION = 1
        IMPERFECT_INFORMATION = 2

    class Utility(enum.Enum):
        ZERO_SUM = 0
        CONSTANT_SUM = 1
        GENERAL_SUM = 2
        IDENTICAL = 3

    class RewardModel(enum.Enum):
        REWARDS = 0
        TERMINAL = 1

    __slots__ = ("short_name", "long_name", "dynamics", "chance_mode", "information", "utility", "reward_model",
                 "max_num_players", "min_num_players", "provides_information_state_string",
                 "provides_information_state_tensor", "provides_observation_string", "provides_observation_tensor",
                 "parameter_specification", "default_loadable", "provides_factored_observation_string")

    def __init__(self, short_name, long_name, players, utility):
        self.short_name = short_name
        self.long_name = long_name
        self.dynamics = GameType.Dynamics.SEQUENTIAL
        self.chance_mode = GameType.ChanceMode.DETERMINISTIC
        self.information = GameType.Information.PERFECT_INFORMATION
        self.utility = utility
        self.reward_model = GameType.RewardModel.TERMINAL
        self.max_num_players = self.min_num_players = players
        self.provides_information_state_string = True
        self.provides_information_state_tensor = True
        self.provides_observation_string = True
        self.provides_observation_tensor = True
        self.parameter_specification = {}
        self.default_loadable = True
        self.provides_factored_observation_string = False

    def __repr__(self):
        return f"<GameType '{self.short_name}'>"


class StateType(enum.Enum):
    """What State.get_type() answers, as pyspiel's StateType (ggn has no chance nodes)."""

    TERMINAL = 0
    CHANCE = 1
    DECISION = 2


class Game:
    """A compiled game: read-only, shared by every state made from it.

    The library's copy is freed when the last reference to the Game goes (every
    State holds one), never before: a Game has no __del__ to call by hand.
    """

    def __init__(self, handle, path):
        self._handle = handle
        self.path = path
        self._file = os.path.abspath(path)  # what a pickle names: found again from any directory
        # Not at exit: states collected after it still read the game when freed.
        weakref.finalize(self, lib.ggn_game_free, handle).atexit = False
        self._players = lib.ggn_game_player_count(handle)
        self._actions = lib.ggn_game_action_count(handle)
        self._planes = lib.ggn_game_observation_planes(handle)
        self._rows = lib.ggn_game_rows(handle)
        self._cols = lib.ggn_game_cols(handle)
        self._teams = [lib.ggn_game_team(handle, p) for p in range(self._players)]
        # +1 for each winner, -1 for each loser: the sum is 0 exactly when two teams of one size play.
        sizes = [self._teams.count(t) for t in set(self._teams)]
        self._zero_sum = len(sizes) == 2 and sizes[0] == sizes[1]
        # What the game's states share: with ggn._fast, also the positions of freed states (the next
        # new states start from them) and the int objects of the action ids.
        self._pool = _Pool(handle, self._actions, self._teams)
        self._type = GameType(game_name_of_path(path), self.name(), self._players,
                              GameType.Utility.ZERO_SUM if self._zero_sum else GameType.Utility.GENERAL_SUM)

    def __repr__(self):
        return f"ggn.Game({self.name()!r})"

    def __reduce__(self):
        # pickle and copy: the spec's file loaded again, never the library's pointer copied
        return (load_game, (self._file,))

    def get_type(self):
        """The GameType: short_name (the spec's file name without .json), long_name (the spec's name) and the flags."""
        return self._type

    def get_parameters(self):
        """{}: a ggn game has no parameters (a variant is a spec of its own)."""
        return {}

    def teams(self):
        """The team of each player (extension teams; each player its own team in other games)."""
        return list(self._teams)

    def utility_sum(self):
        """0.0 for a zero-sum game (get_type().utility), None for a general-sum one, as pyspiel."""
        return 0.0 if self._zero_sum else None

    def max_chance_outcomes(self):
        return 0

    def name(self):
        return lib.ggn_game_name(self._handle).decode()

    def num_players(self):
        return self._players

    def num_distinct_actions(self):
        """The size of the action space: every action id is below it (docs/python.md)."""
        return self._actions

    def observation_tensor_shape(self):
        """[planes, rows, columns] of State.observation_tensor."""
        return [self._planes, self._rows, self._cols]

    def observation_tensor_size(self):
        return self._planes * self._rows * self._cols

    def information_state_tensor_shape(self):
        """The observation's shape: in a game of perfect information the two are the same."""
        return self.observation_tensor_shape()

    def information_state_tensor_size(self):
        return self.observation_tensor_size()

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def max_game_length(self):
        """1024 (GGN_MAX_PLY): a game still going after that many actions ends there, a draw."""
        return _capi.MAX_PLY

    def player_names(self):
        return [lib.ggn_game_player_name(self._handle, p).decode() for p in range(self._players)]

    def kind_codes(self):
        """The piece kinds in index order (the order of the observation's planes and promotion slots)."""
        return [lib.ggn_game_kind_code(self._handle, k).decode() for k in range(lib.ggn_game_kind_count(self._handle))]

    def has_hands(self):
        return bool(lib.ggn_game_has_hands(self._handle))

    def has_parts(self):
        """True when a turn may come in parts, each an action of its own by the same player (Amazons)."""
        return bool(lib.ggn_game_has_parts(self._handle))

    def new_initial_state(self, fen=None):
        """The start position, or the position of a FEN (games with FEN only)."""
        state = State(self)
        if fen is not None:
            state._set_fen(fen)
        return state

    def deserialize_state(self, text):
        """The state State.serialize wrote: the same start, and every action replayed."""
        lines = text.split("\n")
        if not lines or lines[0] != "ggn-state 1" or len(lines) < 2:
            raise GgnError(["not a serialized ggn state: it does not start with 'ggn-state 1'"], "VALUE")
        start = lines[1]
        if start == "start":
            state = self.new_initial_state()
        elif start.startswith("fen "):
            state = self.new_initial_state(fen=start[4:])
        else:
            raise GgnError([f"serialized state, line 2: '{start}' is neither 'start' nor 'fen FEN'"], "VALUE")
        for number, line in enumerate(lines[2:], start=3):
            if not line:
                continue
            try:
                action = int(line)
            except ValueError:
                raise GgnError([f"serialized state, line {number}: '{line}' is not an action id"], "VALUE") from None
            try:
                state.apply_action(action)
            except GgnError as e:
                raise GgnError([f"serialized state, line {number}: {e}"], e.code) from None
        return state


def _deserialize(game, text):
    """A pickled State back (State.__reduce__)."""
    return game.deserialize_state(text)


class SearchResult:
    """What the computer player found: the action, its score (centipawns for the mover), depth and nodes."""

    __slots__ = ("action", "score", "depth", "nodes")

    def __init__(self, action, score, depth, nodes):
        self.action, self.score, self.depth, self.nodes = action, score, depth, nodes

    def __repr__(self):
        return f"SearchResult(action={self.action}, score={self.score}, depth={self.depth}, nodes={self.nodes})"


class State(_Core):
    """A position of a game and how it was reached (its history of actions).

    state.__del__() frees the library's position at once; every later use of
    the state raises GgnError (code STATE) instead of reaching freed memory.
    The base class holds the position, the history and the hot path of the
    loop (is_terminal, legal_actions, apply_action, current_player, returns):
    the C extension ggn._fast when it was built, else its ctypes twin
    (ggn/_core.py); docs/python.md.
    """

    # The base holds the rest: _game (keeping the game alive as long as the position), _fen (the
    # FEN the state started from, or None), the position (from the game's pool), the history, and
    # the actions a playout made in the library and not yet listed in the history (_pending: the
    # last moves of the position's undo stack, asked for their ids when wanted, _actions()).
    # State(game, _copy_of=None) and __del__ are the base's.
    __slots__ = ("__weakref__",)

    def _set_fen(self, fen):
        err = _capi.Error()
        if not lib.ggn_position_set_fen(self._pos, fen.encode(), ctypes.byref(err)):
            raise GgnError._message(err, "FEN")
        self._fen = fen
        self._history = []
        self._pending = 0
        self._changed()

    def _stat(self):
        """The position's status, as the library's struct (for ggn_status_describe)."""
        return _capi.Status(*self._status_fields())

    def _player(self, player):
        """player, or the player to move when None; GgnError RANGE for one out of range."""
        if player is None:
            return lib.ggn_position_to_move(self._pos)
        if not 0 <= player < self._game._players:
            raise GgnError([f"player {player} is out of range 0..{self._game._players - 1} of this game"], "RANGE")
        return player

    def get_game(self):
        return self._game

    def get_type(self):
        """StateType.TERMINAL once the game is over, StateType.DECISION before."""
        return StateType.TERMINAL if self.is_terminal() else StateType.DECISION

    def num_players(self):
        return self._game._players

    def num_distinct_actions(self):
        return self._game._actions

    def is_chance_node(self):
        return False

    def is_player_node(self):
        """A player is to move: the game is not over (pyspiel's; ggn has no chance nodes)."""
        return not self.is_terminal()

    def is_simultaneous_node(self):
        return False

    def chance_outcomes(self):
        """[]: ggn's games have no chance nodes."""
        return []

    def legal_actions_mask(self, player=None):
        """num_distinct_actions() integers: 1 for the legal actions (of legal_actions(player)), 0 elsewhere."""
        mask = [0] * self._game._actions
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def _action(self, action):
        """action as an int in the action space; TypeError for a non-integer, GgnError RANGE outside the space."""
        if action.__class__ is not int:
            if isinstance(action, bool) or not hasattr(type(action), "__index__"):
                raise TypeError(f"an action is an int, not {type(action).__name__}")
            action = operator.index(action)  # numpy integers
        count = self._game._actions
        if not 0 <= action < count:
            raise GgnError([f"action {action} is out of range 0..{count - 1} of this game"], "RANGE")
        return action

    def undo_action(self, player=None, action=None):
        """Takes back the last action (OpenSpiel's signature; the arguments, when given, are checked)."""
        history = self._actions()
        if not history:
            raise GgnError(["undo_action: no action to take back"], "STATE")
        if action is not None and action != history[-1]:
            raise GgnError([f"undo_action: the last action is {self._history[-1]}, not {action}"], "USAGE")
        lib.ggn_position_unmake(self._pos)
        self._history.pop()
        self._changed()

    def random_playout(self, seed=0, max_actions=None):
        """Plays uniformly random legal actions until the game ends, in one call to the library.

        Stops early after max_actions actions (None: no such bound) or at max_game_length().
        The same seed from the same state plays the same actions. Returns how many were played;
        history() lists them. See also ggn.random_playouts, many states in one call.
        """
        return random_playouts([self], seed, max_actions)[0]

    def child(self, action):
        action = self._action(action)
        c = self.clone()
        c.apply_action(action)
        return c

    def rewards(self):
        return self.returns() if self.is_terminal() else [0.0] * self._game._players

    def player_return(self, player):
        return self.returns()[self._player(player)]

    def player_reward(self, player):
        return self.rewards()[self._player(player)]

    def outcome(self):
        """How the game ended, in words ("Draw: stalemate"), or "" while it goes on."""
        st = self._stat()
        if st.outcome == 0:
            return _LENGTH_DRAW if self.is_terminal() else ""
        buf = ctypes.create_string_buffer(_FORMAT_CAP)
        lib.ggn_status_describe(self._game._handle, ctypes.byref(st), buf, _FORMAT_CAP)
        return buf.value.decode()

    def result_text(self):
        """The result as `ggn play` and the page say it ("Checkmate. Black wins."), or "" while the game goes on.

        The library's one sentence (ggn_position_result), sides named as their players
        call them; the length limit's draw is outcome()'s text.
        """
        if self.is_terminal() and self._stat().outcome == 0:
            return _LENGTH_DRAW + "."
        buf = ctypes.create_string_buffer(_FORMAT_CAP)
        lib.ggn_position_result(self._pos, buf, _FORMAT_CAP)
        return buf.value.decode("utf-8", "replace")

    def player_title(self, player):
        """A side's name for people, as every ggn front end writes it ("White", shogi's "Black")."""
        buf = ctypes.create_string_buffer(_FORMAT_CAP)
        return lib.ggn_player_title(self._game._handle, self._player(player), buf, _FORMAT_CAP).decode("utf-8", "replace")

    def clone(self):
        return State(self._game, _copy_of=self)

    # copy.copy, copy.deepcopy and pickle make a state of its own: copying the slots would share
    # the library's position between two states, freed twice.
    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_deserialize, (self._game, self.serialize()))

    def history(self):
        """The actions played since the start (or the FEN), oldest first."""
        return list(self._actions())

    def history_str(self):
        """history() as text, as pyspiel writes it: "5572, 37492"."""
        return ", ".join(str(a) for a in self._actions())

    def move_number(self):
        return lib.ggn_position_ply(self._pos)

    def _move_of(self, action):
        action = self._action(action)
        move = _capi.Move()
        err = _capi.Error()
        if not lib.ggn_action_move(self._pos, action, ctypes.byref(move), ctypes.byref(err)):
            raise GgnError._message(err)
        return move

    def action_to_string(self, *args):
        """action_to_string(action) or (player, action): the move's coordinate text ("e2e4", "e7e8q", "N@d4")."""
        if len(args) not in (1, 2):
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        move = self._move_of(args[-1])
        buf = ctypes.create_string_buffer(_FORMAT_CAP)
        lib.ggn_move_format(self._pos, move, buf, _FORMAT_CAP)
        return buf.value.decode()

    def string_to_action(self, *args):
        """string_to_action(text) or (player, text): the id of the legal move written as text (coordinates, SAN or USI)."""
        if len(args) not in (1, 2):
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        text = args[-1]
        move = _capi.Move()
        err = _capi.Error()
        if not lib.ggn_move_parse(self._pos, text.encode(), ctypes.byref(move), ctypes.byref(err)):
            raise GgnError._message(err)
        return lib.ggn_move_action(self._pos, move)

    def observation_tensor(self, player=None):
        """The observation seen by player (default: the player to move), flat, of Game.observation_tensor_shape()."""
        if player is None:
            player = lib.ggn_position_to_move(self._pos)
        size = self._game.observation_tensor_size()
        buf = (ctypes.c_float * size)()
        err = _capi.Error()
        if not lib.ggn_position_observation(self._pos, player, buf, size, ctypes.byref(err)):
            raise GgnError._message(err)
        return buf[:]

    def information_state_tensor(self, player=None):
        """observation_tensor(player): in a game of perfect information a player knows what it sees."""
        return self.observation_tensor(player)

    def observation_string(self, player=None):
        """The position as text, the same for every player (all of them see the whole board): its FEN,
        or in a game without FEN a picture of the board (docs/python.md)."""
        self._player(player)
        if lib.ggn_game_has_fen(self._game._handle):
            return self.fen()
        return self._picture()

    def information_state_string(self, player=None):
        """observation_string(player): in a game of perfect information a player knows what it sees."""
        return self.observation_string(player)

    def _picture(self):
        """The board for games without FEN: a line saying who moves, then the ranks from the top, a
        square written '-' where the board has a hole, '.' when empty, else the owner's index and the
        kind's symbol (its code when it has none), '*' after a piece that has never moved; then, in a
        game with hands, what each player holds."""
        g = self._game
        h = g._handle
        names = g.player_names()
        lines = [f"{names[lib.ggn_position_to_move(self._pos)]} to move, ply {lib.ggn_position_ply(self._pos)}, "
                 f"no progress {lib.ggn_position_halfmove_clock(self._pos)}"]
        letters = []
        for k in range(lib.ggn_game_kind_count(h)):
            symbol = lib.ggn_game_kind_symbol(h, k)
            letters.append(symbol.decode() if symbol != b"\0" else lib.ggn_game_kind_code(h, k).decode())
        kind, owner, unmoved = ctypes.c_int(), ctypes.c_int(), ctypes.c_bool()
        rows = []
        for y in reversed(range(g._rows)):
            row = []
            for x in range(g._cols):
                if not lib.ggn_game_square_enabled(h, x, y):
                    row.append("-")
                elif lib.ggn_position_piece_at(self._pos, x, y, ctypes.byref(kind), ctypes.byref(owner),
                                               ctypes.byref(unmoved)):
                    row.append(f"{owner.value}{letters[kind.value]}{'*' if unmoved.value else ''}")
                else:
                    row.append(".")
            rows.append(row)
        width = max(len(cell) for row in rows for cell in row)  # columns aligned
        lines += [" ".join(cell.ljust(width) for cell in row).rstrip() for row in rows]
        if g.has_hands():
            for p in range(g._players):
                held = [f"{letters[k]}{lib.ggn_position_hand_count(self._pos, p, k)}" for k in range(len(letters))
                        if lib.ggn_position_hand_count(self._pos, p, k)]
                lines.append(f"{names[p]} holds " + (" ".join(held) if held else "nothing"))
        return "\n".join(lines)

    def fen(self):
        """The position as FEN (games with two players and a symbol for every kind)."""
        buf = ctypes.create_string_buffer(_capi.MAX_FEN_BYTES + 1)
        n = lib.ggn_position_fen(self._pos, buf, len(buf))
        if n == 0:
            raise GgnError([f"{self._game.name()} has no FEN (it needs two players and a symbol for every kind)"], "STATE")
        return buf.value.decode()

    def perft(self, depth):
        """Leaf nodes of the legal move tree to depth (draw rules ignored), as `ggn perft`."""
        if not 0 <= depth <= _capi.MAX_PERFT_DEPTH:
            raise GgnError([f"perft depth {depth} is out of range 0..{_capi.MAX_PERFT_DEPTH}"], "RANGE")
        return lib.ggn_perft(self._pos, depth)

    def search(self, depth=0, time_ms=0, nodes=0, seed=0):
        """The computer player's choice (docs/ai.md): a SearchResult, or None when there is no legal move.

        depth, time_ms and nodes limit the search (0: no such limit; all 0: depth 4);
        the same seed and no time limit give the same answer.
        """
        if not 0 <= depth <= _capi.MAX_SEARCH_DEPTH:
            raise GgnError([f"search depth {depth} is out of range 0..{_capi.MAX_SEARCH_DEPTH}"], "RANGE")
        if time_ms < 0 or nodes < 0 or seed < 0:
            raise GgnError(["search: time_ms, nodes and seed must not be negative"], "RANGE")
        if self.is_terminal():
            return None
        limits = _capi.SearchLimits(depth, time_ms, nodes, seed)
        result = _capi.SearchResult()
        if not lib.ggn_search_best(self._pos, ctypes.byref(limits), ctypes.byref(result)):
            return None
        action = lib.ggn_move_action(self._pos, result.best)
        return SearchResult(action, result.score, result.depth, result.nodes)

    def best_action(self, depth=0, time_ms=0, nodes=0, seed=0):
        """The action the computer player chooses (see search), or None when there is none."""
        found = self.search(depth, time_ms, nodes, seed)
        return found.action if found else None

    def serialize(self):
        """Text that Game.deserialize_state turns back into this state: the start and every action."""
        start = "start" if self._fen is None else "fen " + self._fen
        return "\n".join(["ggn-state 1", start] + [str(a) for a in self._actions()]) + "\n"

    def __str__(self):
        """observation_string(): the FEN, or the board's picture in a game without FEN."""
        return self.observation_string()

    def __repr__(self):
        try:
            return f"<ggn.State {self}>"
        except GgnError:
            return "<ggn.State (freed)>"


def _positions(states, what):
    """The library's positions of states (a list or tuple of State) as a C array."""
    if not isinstance(states, (list, tuple)):
        raise TypeError(f"{what}: states is a list or tuple of ggn.State, not {type(states).__name__}")
    for s in states:
        if s.__class__ is not State:
            raise TypeError(f"{what}: states holds a {type(s).__name__}, not a ggn.State")
    if len({id(s) for s in states}) != len(states):
        raise GgnError([f"{what}: a state is listed twice"], "USAGE")
    return (ctypes.c_void_p * len(states))(*[s._pos for s in states])


def random_playouts(states, seed=0, max_actions=None):
    """State.random_playout on each state in turn, all in one call to the library (docs/python.md).

    One random sequence runs through the states in order, seeded by seed (0 .. 2**64 - 1), so
    the same states and seed play the same games. Each stops when its game ends, after
    max_actions actions (None: no such bound), or at max_game_length() actions in all. Returns
    the number of actions each played; their history() lists them.
    """
    if not 0 <= seed < 1 << 64:
        raise GgnError([f"random_playouts: seed {seed} is out of range 0..2**64-1"], "RANGE")
    if max_actions is not None and max_actions < 0:
        raise GgnError([f"random_playouts: max_actions {max_actions} is negative"], "RANGE")
    limit = _capi.MAX_PLY if max_actions is None else min(max_actions, _capi.MAX_PLY)
    if _capi.fast is not None:
        if not isinstance(states, (list, tuple)):
            raise TypeError(f"random_playouts: states is a list or tuple of ggn.State, not {type(states).__name__}")
        # The rest in C: the states' checks, the call, and their statuses from the playouts' ends.
        return _capi.fast.playouts(states, seed, limit, State)
    positions = _positions(states, "random_playouts")
    n = len(states)
    if n == 0:
        return []
    plies = (ctypes.c_size_t * n)()
    rng = ctypes.c_uint64(seed)
    # A state's length limit counts its own actions, the library's undo stack those since its
    # start or FEN: the same count, so the library's own stop at GGN_MAX_PLY is the limit.
    lib.ggn_positions_playout(positions, n, ctypes.byref(rng), limit, None, plies)
    made = list(plies)
    for s, k in zip(states, made):
        if k:
            s._pending += k
            s._changed()
    return made


def apply_actions(states, actions):
    """Applies actions[i] to states[i] for every i, in one call to the library (a step of a batch).

    Stops at the first action that is no legal move of its state and raises GgnError naming its
    index ("position 3: action 5572 (e2e4) is not a legal move here"), the states before it having
    played theirs and it and those after it unchanged. Returns None.
    """
    positions = _positions(states, "apply_actions")
    n = len(states)
    if len(actions) != n:
        raise GgnError([f"apply_actions: {n} states and {len(actions)} actions"], "USAGE")
    ids = (ctypes.c_int32 * n)()
    for i, (s, a) in enumerate(zip(states, actions)):
        a = s._action(a)  # TypeError or RANGE before anything is played
        if s._pending:
            s._actions()
        ids[i] = a
    err = _capi.Error()
    done = lib.ggn_positions_apply_actions(positions, n, ids, None, ctypes.byref(err))
    for i in range(done):
        s = states[i]
        s._history.append(ids[i])
        s._changed()
    if done < n:
        raise GgnError._message(err)


# The Monte Carlo tree search bot (python/ggn/mcts.py); imported last, as it binds more of libggn.
from .mcts import MCTSBot, MCTSResult, mcts_bot  # noqa: E402
# Self-play balance reports (python/ggn/selfplay.py), the same games as `ggn selfplay`.
from .selfplay import selfplay  # noqa: E402
