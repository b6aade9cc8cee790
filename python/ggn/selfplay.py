"""Self-play balance reports (include/ggn/selfplay.h, docs/selfplay.md), as `ggn selfplay` plays them.

    import ggn
    report = ggn.selfplay(ggn.load_game("tic_tac_toe"), games=20, depth=2)
    print(report["first_score"], report["wins"], report["draws"])

The games run in libggn: game n is a function of the settings and n alone, so the same
settings give the same games as `ggn selfplay` (and as its shards, merged).
"""

import ctypes

from . import _capi
from ._capi import lib

_NAME_BYTES = 64  # GGN_SELFPLAY_NAME_BYTES
_MAX_PLAYERS = 8  # GGN_MAX_PLAYERS

# ggn_player_kind, by the names `ggn selfplay --player` takes.
_PLAYERS = {None: 0, "alphabeta": 1, "mcts": 2}


# Mirror include/ggn/selfplay.h field for field, as _capi's structs mirror theirs.
class _Settings(ctypes.Structure):
    _fields_ = [
        ("depth", ctypes.c_int * 2),
        ("nodes", ctypes.c_long * 2),
        ("think_ms", ctypes.c_long * 2),
        ("player", ctypes.c_int * 2),
        ("random_plies", ctypes.c_int),
        ("max_plies", ctypes.c_int),
        ("seed", ctypes.c_uint64),
        ("games", ctypes.c_long),
    ]


class _Game(ctypes.Structure):
    _fields_ = [
        ("number", ctypes.c_long),
        ("winner", ctypes.c_int),
        ("end", ctypes.c_char * _NAME_BYTES),
        ("plies", ctypes.c_int),
        ("first_move", ctypes.c_char * _NAME_BYTES),
    ]


class _Report(ctypes.Structure):
    _fields_ = [
        ("games", ctypes.c_long),
        ("players", ctypes.c_int),
        ("wins", ctypes.c_long * _MAX_PLAYERS),
        ("losses", ctypes.c_long * _MAX_PLAYERS),
        ("draws", ctypes.c_long),
        ("first_score", ctypes.c_double),
        ("first_low", ctypes.c_double),
        ("first_high", ctypes.c_double),
        ("shortest", ctypes.c_int),
        ("longest", ctypes.c_int),
        ("median", ctypes.c_int),
        ("mean_plies", ctypes.c_double),
    ]


lib.ggn_selfplay_defaults.restype = None
lib.ggn_selfplay_defaults.argtypes = [ctypes.POINTER(_Settings)]
lib.ggn_selfplay_run.restype = ctypes.c_bool
lib.ggn_selfplay_run.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Settings), ctypes.POINTER(_Game),
                                 ctypes.POINTER(_Report), ctypes.POINTER(_capi.Error)]


def _pair(value, name):
    """One value for both sides, or a (first player, the others) pair."""
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise ValueError(f"{name}: one value, or two (the first player's, the others')")
        return list(value)
    return [value, value]


def selfplay(game, games=100, seed=1, depth=None, nodes=None, think_ms=None, player=None, random_plies=2,
             max_plies=400):
    """Plays `games` games of the computer against itself and returns the balance report as a dict.

    depth, nodes, think_ms and player take one value for both sides or a (first player, others)
    pair, as `ggn selfplay --depth D,D` does; with none of depth, nodes and think_ms each side
    searches to depth 2. player is None (the spec's choice), "alphabeta" or "mcts".

    The report: games, wins and losses (by player; a team's win counts for each of its
    players), draws, first_score (the first player's mean score, a draw 1/2) and its 95 %
    interval (Wilson's), lengths (shortest, median, mean, longest in plies), and results: one
    dict a game (number, winner (-1 a draw), end, plies, first_move). Raises GgnError for
    settings out of range.
    """
    from . import GgnError  # the package's, defined before this module is imported

    s = _Settings()
    lib.ggn_selfplay_defaults(ctypes.byref(s))
    s.games, s.seed, s.random_plies, s.max_plies = games, seed, random_plies, max_plies
    if depth is None and nodes is None and think_ms is None:
        depth = 2
    for field, value in (("depth", depth), ("nodes", nodes), ("think_ms", think_ms)):
        getattr(s, field)[:] = _pair(value or 0, field)
    kinds = _pair(player, "player")
    for side, kind in enumerate(kinds):
        if kind not in _PLAYERS:
            raise ValueError(f"player: None, 'alphabeta' or 'mcts', not {kind!r}")
        s.player[side] = _PLAYERS[kind]
    count = games if isinstance(games, int) and games > 0 else 1
    records = (_Game * count)()
    report = _Report()
    err = _capi.Error()
    if not lib.ggn_selfplay_run(game._handle, ctypes.byref(s), records if count == games else None,
                                ctypes.byref(report), ctypes.byref(err)):
        raise GgnError._message(err)
    players = report.players
    return {
        "games": report.games,
        "wins": list(report.wins[:players]),
        "losses": list(report.losses[:players]),
        "draws": report.draws,
        "first_score": report.first_score,
        "interval": (report.first_low, report.first_high),
        "lengths": {"shortest": report.shortest, "median": report.median, "mean": report.mean_plies,
                    "longest": report.longest},
        "results": [{"number": r.number, "winner": r.winner, "end": r.end.decode("utf-8", "replace"),
                     "plies": r.plies, "first_move": r.first_move.decode("utf-8", "replace")} for r in records[:report.games]],
    }
