"""The ggn package (python/ggn): every shipped game loads and plays to its end at random, states
round-trip through serialize, action ids through their text, errors carry file:line, and the
package installs offline with pip. Run by CTest (tests/run_pytest.sh) with GGN_LIBRARY naming the
build's libggn.so and GGN_PATH the tree's games/."""

import glob
import json
import os
import random
import shutil
import subprocess
import sys

import pytest

import ggn

TREE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
GAMES = sorted(os.path.basename(p)[:-5] for p in glob.glob(os.path.join(TREE, "games", "*.json")))
PLAYOUT_PLIES = 1000  # under GGN_MAX_PLY (1024), the most a state holds
ROUND_TRIP_EVERY = 25  # plies between checks of every legal action's text


def test_games_found():
    assert len(GAMES) >= 40 and "chess" in GAMES and "shogi" in GAMES


@pytest.mark.parametrize("name", GAMES)
def test_load_every_shipped_game(name):
    game = ggn.load_game(name)
    assert game.num_players() >= 2
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0
    planes, rows, cols = game.observation_tensor_shape()
    state = game.new_initial_state()
    for player in range(game.num_players()):
        assert len(state.observation_tensor(player)) == planes * rows * cols
    actions = state.legal_actions()
    assert actions and actions == sorted(set(actions))
    assert all(0 <= a < game.num_distinct_actions() for a in actions)
    assert state.current_player() == 0


def _check_round_trips(state):
    """Every legal action's text names it again, and no two share a text."""
    texts = {}
    for a in state.legal_actions():
        text = state.action_to_string(a)
        assert text not in texts, f"{text} names both {texts[text]} and {a}"
        texts[text] = a
        assert state.string_to_action(text) == a, text
        assert state.action_to_string(state.current_player(), a) == text


@pytest.mark.parametrize("name", GAMES)
def test_random_playout(name):
    game = ggn.load_game(name)
    rng = random.Random(f"ggn {name}")
    state = game.new_initial_state()
    for ply in range(PLAYOUT_PLIES):
        if state.is_terminal():
            break
        if ply % ROUND_TRIP_EVERY == 0:
            _check_round_trips(state)
            copy = game.deserialize_state(state.serialize())
            assert copy.history() == state.history() and copy.legal_actions() == state.legal_actions()
        assert state.current_player() in range(game.num_players())
        assert state.returns() == [0.0] * game.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
    copy = game.deserialize_state(state.serialize())
    assert copy.history() == state.history()
    assert copy.is_terminal() == state.is_terminal()
    assert copy.returns() == state.returns()
    assert copy.legal_actions() == state.legal_actions()
    if state.is_terminal():
        assert state.current_player() == ggn.TERMINAL
        assert state.legal_actions() == []
        returns = state.returns()
        assert set(returns) <= {-1.0, 0.0, 1.0}
        # A win is the winning team's (the winner's alone without teams): its members 1, the others -1.
        won = {game.teams()[p] for p in range(game.num_players()) if returns[p] == 1.0}
        assert len(won) == 1 or set(returns) == {0.0}
        assert set(returns) == {0.0} or returns == [1.0 if t in won else -1.0 for t in game.teams()]
        assert state.outcome()
        with pytest.raises(ggn.GgnError, match="over"):
            state.apply_action(0)
    else:
        # Only a game without a rule that ends every game may run this long.
        assert len(state.history()) == PLAYOUT_PLIES


def test_most_playouts_end():
    """The bound is a guard, not the usual end: most shipped games end well within it at random."""
    ended = 0
    for name in GAMES:
        game = ggn.load_game(name)
        rng = random.Random(f"end {name}")
        state = game.new_initial_state()
        for _ in range(PLAYOUT_PLIES):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        ended += state.is_terminal()
    assert ended >= len(GAMES) * 3 // 4, f"only {ended} of {len(GAMES)} random games ended"


def test_chess():
    game = ggn.load_game("chess")
    assert game.num_distinct_actions() == 64 * 64 * 7
    assert game.observation_tensor_shape() == [2 * 6 + 2 + 4, 8, 8]
    state = game.new_initial_state()
    assert state.perft(4) == 197281
    e4 = state.string_to_action("e2e4")
    assert state.string_to_action("e4") == e4 == (12 * 64 + 28) * 7
    assert state.action_to_string(e4) == "e2e4"
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]
    assert state.fen() == "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert "wins" in state.outcome()


def test_clone_undo_child():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    clone = state.clone()
    state.apply_action(state.string_to_action("e2e4"))
    assert clone.history() == [] and len(state.history()) == 1
    assert clone.fen() != state.fen()
    child = clone.child(clone.string_to_action("e2e4"))
    assert child.fen() == state.fen() and clone.history() == []
    state.undo_action(0, state.history()[-1])
    assert state.fen() == clone.fen() and state.history() == []
    with pytest.raises(ggn.GgnError):
        state.undo_action()


def test_observation():
    game = ggn.load_game("chess")
    planes, rows, cols = game.observation_tensor_shape()
    kinds = game.kind_codes()
    king = kinds.index("KING")
    state = game.new_initial_state()

    def at(obs, plane, x, y):
        return obs[(plane * rows + y) * cols + x]

    white, black = state.observation_tensor(0), state.observation_tensor(1)
    assert at(white, king, 4, 0) == 1.0  # the observer's own king: relative player 0
    assert at(white, len(kinds) + king, 4, 7) == 1.0
    assert at(black, king, 4, 7) == 1.0 and at(black, len(kinds) + king, 4, 0) == 1.0
    mover = 2 * len(kinds)
    assert at(white, mover, 0, 0) == 1.0 and at(black, mover + 1, 0, 0) == 1.0
    assert sum(white[: 2 * len(kinds) * rows * cols]) == 32
    with pytest.raises(ggn.GgnError):
        state.observation_tensor(2)
    # Hands: crazyhouse has a plane per kind and player for the counts in hand.
    zh = ggn.load_game("crazyhouse")
    assert zh.observation_tensor_shape()[0] == 2 * 2 * len(zh.kind_codes()) + 2 + 4


def test_search():
    game = ggn.load_game("chess")
    state = game.new_initial_state(fen="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    found = state.search(depth=3)
    assert state.action_to_string(found.action) == "a1a8"
    assert found.score > 20000 and found.depth >= 1
    assert state.best_action(depth=3) == found.action
    assert state.best_action(nodes=2000, seed=7) in state.legal_actions()
    # A state from FEN serializes with its FEN.
    state.apply_action(found.action)
    again = game.deserialize_state(state.serialize())
    assert again.is_terminal() and again.returns() == [1.0, -1.0]
    assert again.best_action(depth=2) is None


def test_errors_carry_location():
    broken = os.path.join(TREE, "tests", "data", "examples", "broken.json")
    with pytest.raises(ggn.GgnError) as caught:
        ggn.load_game(broken)
    e = caught.value
    assert str(e).startswith(f"{broken}:3:28: error: 0 is out of range 1..32 [at /board/dimensions/0]")
    assert e.file == broken and e.line == 3 and e.column == 28 and e.pointer == "/board/dimensions/0"
    assert e.code == "RANGE"
    assert len(e.messages) >= 2 and ":8:32:" in e.messages[1]


def test_errors_of_play():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    with pytest.raises(ggn.GgnError, match=r"action 5628 \(e2e5\) is not a legal move here") as caught:
        state.apply_action((12 * 64 + 36) * 7)  # e2e5
    assert caught.value.code == "ILLEGAL"
    with pytest.raises(ggn.GgnError, match="out of range"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(ggn.GgnError, match="out of range"):
        state.action_to_string(-1)
    with pytest.raises(ggn.GgnError):
        state.string_to_action("e2e5")
    with pytest.raises(ggn.GgnError, match="FEN"):
        game.new_initial_state(fen="not a fen")
    with pytest.raises(ggn.GgnError, match="no game 'no-such-game'"):
        ggn.load_game("no-such-game")
    with pytest.raises(ggn.GgnError, match="no FEN"):
        ggn.load_game("chess4").new_initial_state().fen()
    with pytest.raises(ggn.GgnError, match="ggn-state"):
        game.deserialize_state("hello")
    with pytest.raises(ggn.GgnError, match="line 3"):
        game.deserialize_state("ggn-state 1\nstart\n12345\n")
    with pytest.raises(ggn.GgnError, match="perft depth"):
        state.perft(99)
    assert state.history() == []


def test_names_resolve_as_the_cli():
    assert os.path.samefile(ggn.resolve_game("CHESS"), os.path.join(TREE, "games", "chess.json"))
    assert ggn.resolve_game("games/chess.json") == "games/chess.json"
    assert ggn.load_game("Shogi.json").name() == ggn.load_game("shogi").name()
    with pytest.raises(ggn.GgnError, match="no game 'no-such-game'") as caught:
        ggn.resolve_game("no-such-game")
    assert caught.value.code == "NOT_FOUND"


def test_game_names_from_paths_as_the_cli():
    # the library's one rule (ggn_game_name_of_path), which `ggn match` and PGN's Variant use too
    assert ggn.game_name_of_path("games/Shogi.JSON") == "Shogi"
    assert ggn.game_name_of_path("/x/y/3check.json") == "3check"
    assert ggn.game_name_of_path("chess") == "chess"
    assert ggn.game_name_of_path(".json") == ".json"
    assert ggn.load_game("chess").get_type().short_name == "chess"


def test_pip_install_offline(tmp_path):
    """The README's commands: make python's layout, a fresh venv, pip offline, import from elsewhere."""
    library = os.environ.get("GGN_LIBRARY")
    if not library:
        pytest.skip("GGN_LIBRARY is not set: run through CTest (tests/run_pytest.sh)")
    if subprocess.run([sys.executable, "-c", "import ensurepip"], capture_output=True).returncode != 0:
        pytest.fail("python3 -m venv needs Debian's python3-venv (bash .ci/deps installs it)")
    src = tmp_path / "python"
    shutil.copytree(os.path.join(TREE, "python"), src, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info", "libggn.so", "games"))
    # What `make python` does.
    shutil.copy(library, src / "ggn" / "libggn.so")
    shutil.copytree(os.path.join(TREE, "games"), src / "ggn" / "games", ignore=shutil.ignore_patterns("*.md"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "GGN_", "PYTHON"))}
    pip = subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--no-build-isolation", str(src)],
                         env=env, capture_output=True, text=True)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    run = subprocess.run([str(venv / "bin" / "python"), "-c",
                          "import ggn; s = ggn.load_game('chess').new_initial_state(); print(ggn.__file__, s.perft(3))"],
                         env=env, cwd=str(tmp_path), capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    where, nodes = run.stdout.split()
    assert where.startswith(str(venv)) and nodes == "8902"


def test_result_in_the_words_of_ggn_play():
    # ggn_position_result: the sentence `ggn play` prints, sides named as ggn_player_title names them
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    assert state.result_text() == "" and state.player_title(0) == "White"
    for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal()
    assert state.result_text() == "Checkmate. Black wins."
    assert ggn.load_game("shogi").new_initial_state().player_title(0) == "Black"


def test_selfplay_report_as_the_cli_gives_it():
    # the library's games (ggn_selfplay_run) are `ggn selfplay`'s: same settings, same games, same figures
    game = ggn.load_game("tic_tac_toe")
    report = ggn.selfplay(game, games=12, seed=3, depth=2)
    assert report["games"] == 12 and len(report["results"]) == 12
    assert sum(report["wins"]) + report["draws"] == 12  # two players, no teams: each game one winner or a draw
    assert report["wins"][0] == report["losses"][1]
    assert all(r["end"] and 5 <= r["plies"] <= 9 for r in report["results"])
    assert report["lengths"]["shortest"] <= report["lengths"]["median"] <= report["lengths"]["longest"]
    assert 0 <= report["interval"][0] <= report["first_score"] <= report["interval"][1] <= 1
    assert ggn.selfplay(game, games=12, seed=3, depth=2) == report  # a function of the settings alone
    with pytest.raises(ggn.GgnError, match="games must be"):
        ggn.selfplay(game, games=0)
    program = os.path.join(os.path.dirname(os.environ.get("GGN_LIBRARY", "")), "ggn")
    if not os.path.isfile(program):
        pytest.skip(f"no ggn program beside GGN_LIBRARY ({program}) to compare with: run through CTest")
    out = subprocess.run([program, "selfplay", os.path.join(TREE, "games", "tic_tac_toe.json"), "--games", "12",
                          "--seed", "3", "--depth", "2", "--json"], capture_output=True, check=True, text=True).stdout
    cli = json.loads(out)
    assert cli["wins"] == report["wins"] and cli["draws"] == report["draws"]
    assert cli["first_player"]["score"] == round(report["first_score"], 4)
    assert cli["length"]["median"] == report["lengths"]["median"]
