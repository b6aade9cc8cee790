"""The C extension ggn._fast (python/ext/_fast.c) and its ctypes twin (ggn/_core.py): the path the
package runs is the one asked for, both play the same games with the same answers, and a position
a freed state gave back to its game starts the next state afresh (docs/python.md, "The fast path")."""

import os
import random
import shutil
import subprocess
import sys

import pytest

import ggn

TREE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# One random game per game, with every answer of the hot path along the way, printed as one line.
PLAY = r"""
import random, sys
import ggn
for name in sys.argv[1:]:
    game = ggn.load_game(name)
    rng = random.Random(7)
    state = game.new_initial_state()
    seen = []
    while not state.is_terminal():
        legal = state.legal_actions()
        seen.append((state.current_player(), len(legal), sum(legal), state.returns() == [0.0] * game.num_players()))
        state.apply_action(rng.choice(legal))
        if len(state.history()) == 25:
            state.random_playout(seed=5, max_actions=30)  # pending moves, listed at the next apply
    print(name, state.history(), state.returns(), state.current_player(), state.outcome(), hash(tuple(seen)))
print("FAST" if ggn.FAST else "CTYPES")
"""


def test_the_path_is_the_one_asked_for():
    asked = os.environ.get("GGN_FAST")
    if asked not in ("0", "1"):
        pytest.skip("GGN_FAST is not set: run through CTest (tests/run_pytest.sh), which says which path to test")
    assert ggn.FAST == (asked == "1")
    core = ggn.State.__mro__[1]
    assert core.__module__ == ("ggn._fast" if ggn.FAST else "ggn._core")


def test_both_paths_play_the_same_games():
    if not ggn.FAST:
        pytest.skip("states run the ctypes path here (GGN_FAST=0, or no ggn._fast built): nothing to compare it with")
    games = ["chess", "breakthrough", "shogi", "amazons", "connect_four", "othello", "draughts"]
    out = {}
    for fast in ("0", "1"):
        env = dict(os.environ, GGN_FAST=fast)
        run = subprocess.run([sys.executable, "-c", PLAY, *games], env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        out[fast] = run.stdout.splitlines()
    assert out["0"][-1] == "CTYPES" and out["1"][-1] == "FAST"
    assert out["0"][:-1] == out["1"][:-1] and len(out["1"]) == len(games) + 1


def test_a_recycled_position_starts_afresh():
    game = ggn.load_game("chess")
    start = game.new_initial_state()
    first = (start.observation_string(), start.legal_actions())
    rng = random.Random(3)
    # More states than a game keeps positions for (ggn._fast.POOL_KEEP, 64), played and dropped twice.
    for _ in range(2):
        states = [game.new_initial_state() for _ in range(80)]
        for s in states:
            assert (s.observation_string(), s.legal_actions()) == first and s.history() == []
            for _ in range(rng.randrange(1, 40)):
                if s.is_terminal():
                    break
                s.apply_action(rng.choice(s.legal_actions()))
        ggn.random_playouts(states, seed=9)
        assert all(s.is_terminal() for s in states)
        del states
    fresh = game.new_initial_state()
    assert fresh.observation_string() == first[0] and fresh.legal_actions() == first[1]
    assert not fresh.is_terminal() and fresh.current_player() == 0 and fresh.returns() == [0.0, 0.0]


def test_actions_of_other_types_as_before():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    e4 = state.string_to_action("e2e4")

    class Index:  # what numpy's integers offer
        def __index__(self):
            return e4

    state.apply_action(Index())
    assert state.history() == [e4] and type(state.history()[0]) is int
    with pytest.raises(TypeError):
        state.apply_action(True)
    with pytest.raises(TypeError):
        state.apply_action("e7e5")
    with pytest.raises(ggn.GgnError, match="out of range") as caught:
        state.apply_action(game.num_distinct_actions())
    assert caught.value.code == "RANGE"
    with pytest.raises(ggn.GgnError) as caught:
        state.apply_action(e4)  # e2e4 again: no pawn there
    assert caught.value.code == "ILLEGAL" and state.history() == [e4]
    assert state.legal_actions(1) == state.legal_actions() == state.legal_actions(player=1) != []
    assert state.legal_actions(0) == [] and state.legal_actions(player=0) == []
    with pytest.raises(TypeError):
        state.legal_actions(0, 1)
    with pytest.raises(TypeError):
        state.legal_actions(who=0)


def test_pip_install_with_the_extension(tmp_path):
    """make python's layout with the extension beside the library: the installed package runs on it."""
    library = os.environ.get("GGN_LIBRARY")
    if not library:
        pytest.skip("GGN_LIBRARY is not set: run through CTest (tests/run_pytest.sh)")
    if not ggn.FAST:
        pytest.skip("states run the ctypes path here (GGN_FAST=0, or no ggn._fast built): no extension to install")
    if subprocess.run([sys.executable, "-c", "import ensurepip"], capture_output=True).returncode != 0:
        pytest.fail("python3 -m venv needs Debian's python3-venv (bash .ci/deps installs it)")
    src = tmp_path / "python"
    shutil.copytree(os.path.join(TREE, "python"), src,
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info", "*.so", "games", "tests", "ext"))
    shutil.copy(library, src / "ggn" / "libggn.so")  # what `make python` does
    shutil.copy(ggn._capi.fast.__file__, src / "ggn")
    os.mkdir(src / "ggn" / "games")
    shutil.copy(os.path.join(TREE, "games", "chess.json"), src / "ggn" / "games")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "GGN_", "PYTHON"))}
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--no-build-isolation", str(src)],
                         env=env, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    run = subprocess.run([str(venv / "bin" / "python"), "-W", "error", "-c",
                          "import ggn; s = ggn.load_game('chess').new_initial_state(); "
                          "print(ggn.FAST, ggn._capi.fast.__file__, len(s.legal_actions()))"],
                         env=env, cwd=str(tmp_path), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    fast, where, moves = run.stdout.split()
    assert fast == "True" and where.startswith(str(venv)) and moves == "20"


def test_a_state_in_a_cycle_with_its_game_is_collected():
    import gc
    import weakref

    game = ggn.load_game("chess")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    game.kept = state  # game -> state -> game
    gone = weakref.ref(game), weakref.ref(state)
    del game, state
    gc.collect()
    assert gone[0]() is None and gone[1]() is None
