"""The ggn package as OpenSpiel's learning code uses it (issue 41, items 5-7): the standard loop
ends at max_game_length() without an exception, team games reward every winner, the methods of
pyspiel's Game and State that learning code calls, and states and actions that are misused raise
instead of crashing or playing another move. Run by CTest with the rest of python/tests."""

import contextlib
import copy
import io
import os
import pickle
import random
import re

import pytest

import ggn

CAP = 1024  # GGN_MAX_PLY: max_game_length()


def _play_to_the_end(state, rng):
    """The standard OpenSpiel loop: nothing but is_terminal, legal_actions and apply_action."""
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# ---- item 5: the length cap is a rule of the game --------------------------------------------


@pytest.mark.parametrize("name", ["shogi", "xiangqi"])
def test_random_games_end_at_the_length_cap(name):
    """Random games of shogi and xiangqi often reach 1,024 plies: they end there as a draw."""
    game = ggn.load_game(name)
    assert game.max_game_length() == CAP
    capped = 0
    for seed in range(12):
        state = _play_to_the_end(game.new_initial_state(), random.Random(f"cap {name} {seed}"))
        if len(state.history()) < CAP:
            assert state.outcome() and "length" not in state.outcome()
            continue
        capped += 1
        assert len(state.history()) == CAP == state.move_number()
        assert state.is_terminal() and state.current_player() == ggn.TERMINAL
        assert state.legal_actions() == [] and state.legal_actions(0) == []
        assert sum(state.legal_actions_mask()) == 0
        assert state.returns() == [0.0, 0.0] and state.rewards() == [0.0, 0.0]
        assert state.outcome() == f"Draw: {CAP} plies played (the game's length limit)"
        assert state.get_type() == ggn.StateType.TERMINAL
        with pytest.raises(ggn.GgnError, match="over") as caught:
            state.apply_action(0)
        assert caught.value.code == "STATE"
        again = game.deserialize_state(state.serialize())
        assert again.is_terminal() and again.returns() == [0.0, 0.0] and again.history() == state.history()
        # One ply back the game goes on, and the same move ends it again.
        last = state.history()[-1]
        state.undo_action()
        assert not state.is_terminal() and state.current_player() in (0, 1)
        assert last in state.legal_actions() and state.returns() == [0.0, 0.0] and state.outcome() == ""
        state.apply_action(last)
        assert state.is_terminal()
    # Seeds fixed: these twelve games of each include two that reach the cap (19 % of random
    # shogi games and 7 % of xiangqi's do).
    assert capped >= 1, f"no random game of {name} reached {CAP} plies: the test tests nothing"


def test_a_state_from_a_fen_counts_its_own_plies():
    game = ggn.load_game("chess")
    state = game.new_initial_state(fen="4k3/8/8/8/8/8/8/R3K3 w - - 0 600")
    assert state.move_number() == 1198  # the FEN's move number is no ply of this state's
    state.apply_action(state.string_to_action("a1a2"))
    assert not state.is_terminal() and len(state.history()) == 1 and state.legal_actions()


# ---- item 6: a team's win is every member's -------------------------------------------------


def test_team_game_returns_credit_every_winner():
    game = ggn.load_game("chess4teams")
    assert game.teams() == [0, 1, 0, 1]
    assert game.get_type().utility == ggn.GameType.Utility.ZERO_SUM and game.utility_sum() == 0.0
    ended = 0
    for seed in range(6):
        state = game.new_initial_state()
        rng = random.Random(f"teams {seed}")
        while not state.is_terminal() and len(state.history()) < 600:
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            continue
        returns = state.returns()
        if returns == [0.0] * 4:
            continue
        ended += 1
        winners = [p for p in range(4) if returns[p] == 1.0]
        # Partners share the result: RED with YELLOW, BLUE with GREEN.
        assert winners in ([0, 2], [1, 3]), (returns, state.outcome())
        assert sum(returns) == game.utility_sum()
        assert [state.player_return(p) for p in range(4)] == returns
        names = [game.player_names()[p] for p in winners]
        assert state.outcome().startswith(f"{names[0]} and {names[1]} win")
    assert ended >= 1, "no random game of chess4teams was won: the test tests nothing"


def test_free_for_all_is_general_sum():
    game = ggn.load_game("chess4")
    assert game.teams() == [0, 1, 2, 3]
    assert game.get_type().utility == ggn.GameType.Utility.GENERAL_SUM
    assert game.utility_sum() is None
    chess = ggn.load_game("chess")
    assert chess.teams() == [0, 1] and chess.utility_sum() == 0.0


# ---- item 7: the methods learning code calls ------------------------------------------------


def test_game_type_as_pyspiel_shapes_it():
    game = ggn.load_game("chess")
    t = game.get_type()
    assert t.short_name == "chess" and t.long_name == game.name()
    assert t.dynamics == ggn.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == ggn.GameType.ChanceMode.DETERMINISTIC
    assert t.information == ggn.GameType.Information.PERFECT_INFORMATION
    assert t.utility == ggn.GameType.Utility.ZERO_SUM
    assert t.reward_model == ggn.GameType.RewardModel.TERMINAL
    assert t.min_num_players == t.max_num_players == 2
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert not t.provides_factored_observation_string
    assert t.parameter_specification == {} and t.default_loadable
    assert repr(t) == "<GameType 'chess'>"
    assert game.max_chance_outcomes() == 0 and game.get_parameters() == {}
    assert game.min_utility() == -1.0 and game.max_utility() == 1.0
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()
    assert game.information_state_tensor_size() == game.observation_tensor_size() == 18 * 64


def test_state_methods_of_pyspiel():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    assert state.get_type() == ggn.StateType.DECISION
    assert state.get_game() is game
    assert state.num_players() == 2 and state.num_distinct_actions() == game.num_distinct_actions()
    mask = state.legal_actions_mask()
    assert len(mask) == game.num_distinct_actions() and set(mask) == {0, 1}
    assert [a for a, m in enumerate(mask) if m] == state.legal_actions()
    assert state.legal_actions_mask(1) == [0] * game.num_distinct_actions()
    assert state.legal_actions_mask(0) == mask
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert state.observation_string() == state.observation_string(0) == state.observation_string(1) == start
    for player in (0, 1):
        assert state.information_state_string(player) == state.observation_string(player)
        assert state.information_state_tensor(player) == state.observation_tensor(player)
    assert state.information_state_string() == start
    with pytest.raises(ggn.GgnError):
        state.observation_string(2)
    with pytest.raises(ggn.GgnError):
        state.information_state_tensor(-1)
    assert state.chance_outcomes() == [] and state.is_player_node() and state.history_str() == ""
    assert state.player_return(0) == 0.0 and state.player_reward(1) == 0.0
    with pytest.raises(ggn.GgnError):
        state.player_return(2)
    # Fool's mate, then back one ply with undo_action, then forward again.
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        state.apply_action(state.string_to_action(text))
    assert state.is_terminal() and state.player_return(1) == 1.0 and state.player_return(0) == -1.0
    assert state.get_type() == ggn.StateType.TERMINAL and not state.is_player_node()
    assert state.history_str() == ", ".join(str(a) for a in state.history()) and state.history_str().count(", ") == 3
    mate = state.history()[-1]
    state.undo_action(1, mate)
    assert not state.is_terminal() and state.current_player() == 1 and mate in state.legal_actions()
    assert state.returns() == [0.0, 0.0]
    with pytest.raises(ggn.GgnError):
        state.undo_action(0, state.history()[-1] + 1)  # not the last action
    state.apply_action(mate)
    copy = game.deserialize_state(state.serialize())
    assert copy.is_terminal() and copy.returns() == state.returns() and copy.history() == state.history()


def test_observation_string_without_fen():
    """Four-player chess has no FEN: the observation string is a picture of the board."""
    game = ggn.load_game("chess4")
    state = game.new_initial_state()
    text = state.observation_string()
    lines = text.split("\n")
    assert lines[0] == "RED to move, ply 0, no progress 0"
    assert len(lines) == 1 + 14
    top = lines[1].split()
    assert top[:3] == ["-", "-", "-"] and top[3] == "2R*" and top[6] == "2K*" and top[7] == "2Q*"
    assert lines[14].split()[7] == "0K*" and lines[13].split()[3] == "0P*"
    state.apply_action(state.legal_actions()[0])
    assert state.observation_string(3).startswith("BLUE to move, ply 1, no progress ")
    assert state.information_state_string(2) == state.observation_string(2)
    assert str(state) == state.observation_string()
    # A game with hands lists them.
    shogi = ggn.load_game("shogi").new_initial_state()
    assert shogi.observation_string().startswith("lnsgkgsnl/")


def test_a_deleted_state_raises():
    """state.__del__() called by hand frees the position: every later use raises, no crash."""
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("e2e4"))
    state.__del__()
    for use in [state.legal_actions, state.is_terminal, state.current_player, state.clone, state.returns,
                state.fen, state.observation_tensor, state.observation_string, state.serialize,
                state.undo_action, state.legal_actions_mask, state.history, lambda: state.apply_action(5572),
                lambda: state.perft(1), lambda: state.action_to_string(5572), str]:
        with pytest.raises(ggn.GgnError, match="freed") as caught:
            use(state) if use is str else use()
        assert caught.value.code == "STATE"
    state.__del__()  # twice: nothing more happens
    del state  # and the collector's call after that neither


def test_copies_and_pickles_are_states_of_their_own():
    """copy.copy once shared the library's position between two states (exit 139 when both went)."""
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("e2e4"))
    copies = [copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))]
    del state
    for c in copies:
        assert c.observation_string() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
        c.apply_action(c.string_to_action("e7e5"))
        assert len(c.history()) == 2
    assert pickle.loads(pickle.dumps(game)).name() == game.name()
    del copies


def test_a_game_outlives_its_states():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    del game
    assert state.perft(2) == 400 and state.get_game().name()


def test_actions_out_of_range_or_not_int_raise():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    e2e4 = 5572
    for bad in [2**32 + e2e4, 2**64 + e2e4, -(2**32) + e2e4, game.num_distinct_actions(), -1, 2**31, -(2**31) - 1]:
        with pytest.raises(ggn.GgnError, match="out of range") as caught:
            state.apply_action(bad)
        assert caught.value.code == "RANGE"
        with pytest.raises(ggn.GgnError, match="out of range"):
            state.action_to_string(bad)
        with pytest.raises(ggn.GgnError, match="out of range"):
            state.child(bad)
    for bad in [5572.0, "5572", None, True, [5572]]:
        with pytest.raises(TypeError):
            state.apply_action(bad)
        with pytest.raises(TypeError):
            state.action_to_string(bad)
    assert state.history() == [] and state.move_number() == 0
    # An integer type that is not int but says it is one (numpy.int64 does) is taken.

    class Index:
        def __index__(self):
            return e2e4

    state.apply_action(Index())
    assert state.history() == [e2e4] and type(state.history()[0]) is int


# ---- docs/python.md: its examples run and print what their comments say ------------------------


def test_the_documents_examples_run_as_printed(monkeypatch):
    """Every ```python block of docs/python.md, run in order in one namespace from the tree's root:
    each print(...) prints what the comment after it says."""
    tree = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    with open(os.path.join(tree, "docs", "python.md"), encoding="utf-8") as f:
        blocks = re.findall(r"^```python\n(.*?)^```$", f.read(), re.M | re.S)
    assert len(blocks) >= 4
    monkeypatch.chdir(tree)
    monkeypatch.setenv("GGN_PATH", os.path.join(tree, "games"))  # names resolve from any directory
    namespace = {}
    for block in blocks:
        expected = [line.split("  # ", 1)[1] for line in block.split("\n")
                    if line.strip().startswith("print(") and "  # " in line]
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(block, "docs/python.md", "exec"), namespace)
        assert printed.getvalue().splitlines() == expected, block
