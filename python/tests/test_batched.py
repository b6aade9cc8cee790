"""The one-call loops: State.random_playout, ggn.random_playouts and ggn.apply_actions (docs/python.md,
"Many plies in one call"). Run by CTest with the rest of python/tests."""

import pickle
import random

import pytest

import ggn


def replayed(game, actions):
    state = game.new_initial_state()
    for a in actions:
        state.apply_action(a)
    return state


def test_random_playout_plays_legal_actions_to_the_end():
    game = ggn.load_game("breakthrough")
    state = game.new_initial_state()
    n = state.random_playout(seed=3)
    # breakthrough always ends, by a goal or a side wiped out, long before the length limit
    assert 0 < n < game.max_game_length()
    assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]
    history = state.history()
    assert len(history) == n
    # The listed actions are the moves played: applied one by one they reach the same position.
    again = replayed(game, history)
    assert again.observation_string() == state.observation_string()
    assert again.returns() == state.returns()


def test_same_seed_same_game_other_seed_other_game():
    game = ggn.load_game("chess")
    a, b, c = (game.new_initial_state() for _ in range(3))
    a.random_playout(seed=11, max_actions=40)
    b.random_playout(seed=11, max_actions=40)
    c.random_playout(seed=12, max_actions=40)
    assert a.history() == b.history()
    assert a.history() != c.history()
    assert len(a.history()) == 40 and not a.is_terminal()


def test_playout_continues_a_game_and_the_history_stays_in_order():
    game = ggn.load_game("chess")
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("e2e4"))
    assert state.random_playout(seed=5, max_actions=6) == 6
    # An action applied after the playout comes after its actions.
    last = state.legal_actions()[0]
    state.apply_action(last)
    history = state.history()
    assert len(history) == 8 and history[0] == 5572 and history[-1] == last
    assert replayed(game, history).fen() == state.fen()
    # undo_action takes back the last action, then the playout's last.
    state.undo_action(action=last)
    state.undo_action(action=history[-2])
    assert state.history() == history[:-2]


def test_clone_and_pickle_after_a_playout():
    game = ggn.load_game("othello")
    state = game.new_initial_state()
    state.random_playout(seed=2, max_actions=10)
    copy = state.clone()  # cloned before the history was asked for
    assert copy.history() == state.history()
    back = pickle.loads(pickle.dumps(state))
    assert back.observation_string() == state.observation_string()


def test_the_length_limit_holds():
    """A playout stops at max_game_length() actions in all, counting the state's own actions."""
    game = ggn.load_game("shogi")
    rng = random.Random(0)
    for seed in range(1, 40):
        state = game.new_initial_state()
        for _ in range(3):
            state.apply_action(rng.choice(state.legal_actions()))
        n = state.random_playout(seed=seed)
        assert len(state.history()) == n + 3 <= game.max_game_length()
        if len(state.history()) == game.max_game_length():
            assert state.is_terminal() and state.returns() == [0.0, 0.0]
            assert state.outcome() == ggn._LENGTH_DRAW
            assert state.random_playout(seed=seed) == 0
            return
    pytest.fail("no random game of shogi reached the length limit in 39 tries")


def test_random_playouts_many_states():
    game = ggn.load_game("connect_four")
    states = [game.new_initial_state() for _ in range(5)]
    made = ggn.random_playouts(states, seed=9)
    assert len(made) == 5
    for state, n in zip(states, made):
        assert state.is_terminal() and len(state.history()) == n
        assert replayed(game, state.history()).observation_string() == state.observation_string()
    # One random sequence runs through them: the games differ.
    assert len({tuple(s.history()) for s in states}) > 1
    # The same states and seed, the same games.
    again = [game.new_initial_state() for _ in range(5)]
    ggn.random_playouts(again, seed=9)
    assert [s.history() for s in again] == [s.history() for s in states]
    assert ggn.random_playouts([], seed=9) == []


def test_random_playouts_refuses_bad_arguments():
    game = ggn.load_game("chess")
    s = game.new_initial_state()
    with pytest.raises(ggn.GgnError, match="seed"):
        ggn.random_playouts([s], seed=-1)
    with pytest.raises(ggn.GgnError, match="max_actions"):
        ggn.random_playouts([s], max_actions=-2)
    with pytest.raises(ggn.GgnError, match="twice"):
        ggn.random_playouts([s, s])
    with pytest.raises(TypeError):
        ggn.random_playouts([s, "e2e4"])
    with pytest.raises(TypeError):
        ggn.random_playouts(s)
    assert s.history() == []


def test_apply_actions_steps_each_state():
    game = ggn.load_game("chess")
    a, b = game.new_initial_state(), game.new_initial_state()
    e4, d4 = a.string_to_action("e2e4"), b.string_to_action("d2d4")
    assert ggn.apply_actions([a, b], [e4, d4]) is None
    assert a.history() == [e4] and b.history() == [d4]
    assert a.current_player() == 1 and b.current_player() == 1
    # The first action that is no legal move stops the batch: those before it are played,
    # it and those after it are not, and the error names its index.
    c = game.new_initial_state()
    reply = a.string_to_action("e7e5")
    with pytest.raises(ggn.GgnError, match="position 1: action 5572 .*not a legal move"):
        ggn.apply_actions([a, b, c], [reply, e4, e4])
    assert a.history() == [e4, reply]
    assert b.history() == [d4] and c.history() == []
    with pytest.raises(ggn.GgnError, match="2 states and 1 actions"):
        ggn.apply_actions([b, c], [e4])
    with pytest.raises(ggn.GgnError) as out_of_range:
        ggn.apply_actions([c], [game.num_distinct_actions()])
    assert out_of_range.value.code == "RANGE"
    with pytest.raises(TypeError):
        ggn.apply_actions([c], ["e2e4"])
    assert c.history() == []


def test_apply_actions_after_a_playout_keeps_the_order():
    game = ggn.load_game("checkers")
    s = game.new_initial_state()
    s.random_playout(seed=4, max_actions=5)
    a = s.legal_actions()[-1]
    ggn.apply_actions([s], [a])
    assert len(s.history()) == 6 and s.history()[-1] == a
    assert replayed(game, s.history()).observation_string() == s.observation_string()
