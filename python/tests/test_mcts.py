"""ggn.mcts_bot: the Monte Carlo tree search bot, used as OpenSpiel's MCTSBot (step(state) returns an
action). Run by CTest with the rest of python/tests."""

import random

import pytest

import ggn


def test_step_finds_mate_in_one():
    game = ggn.load_game("chess")
    state = game.new_initial_state(fen="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    bot = ggn.mcts_bot(game, max_simulations=20000, seed=1)
    found = bot.search(state)
    assert state.action_to_string(found.action) == "a1a8"
    assert found.proven == "win" and found.value == 1.0
    # The state is left as it was.
    assert state.fen() == "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    assert bot.step(state) == found.action


def test_bot_plays_a_game_and_beats_random():
    """A whole game of breakthrough against uniformly random moves: legal moves only, and it wins."""
    game = ggn.load_game("breakthrough")
    bot = ggn.mcts_bot(game, max_simulations=300, seed=3)
    rng = random.Random("mcts")
    state = game.new_initial_state()
    reused = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            found = bot.search(state)
            action = found.action
            assert action in state.legal_actions()
            reused += found.reused > 0
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    assert state.returns()[0] == 1.0
    assert reused > 0  # the tree carried over between moves


def test_prior_takes_the_hanging_queen():
    game = ggn.load_game("chess")
    state = game.new_initial_state(fen="4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1")
    bot = ggn.mcts_bot(game, max_simulations=3000, seed=8, prior=True)
    assert state.action_to_string(bot.step(state)) == "d1d5"


def test_same_seed_same_moves():
    game = ggn.load_game("breakthrough")
    state = game.new_initial_state()
    first = ggn.mcts_bot(game, max_simulations=500, seed=11).search(state)
    second = ggn.mcts_bot(game, max_simulations=500, seed=11).search(state)
    assert (first.action, first.nodes, first.iterations) == (second.action, second.nodes, second.iterations)
    assert first.iterations == 500


def test_rave_on_by_default_in_placement_games():
    """rave=None leaves RAVE to the game: on in Hex (its moves are placements), so the same search as
    rave=True; rave=False searches otherwise (the tree's visits are shared out by other statistics)."""
    game = ggn.load_game("hex")
    state = game.new_initial_state()
    found = {}
    for rave in (None, True, False):
        result = ggn.mcts_bot(game, max_simulations=500, seed=3, rave=rave).search(state)
        assert result.action in state.legal_actions() and result.iterations == 500
        found[rave] = (result.action, result.value, result.nodes)
    assert found[None] == found[True]
    assert found[False] != found[True]


def test_terminal_state_and_bad_arguments():
    game = ggn.load_game("chess")
    state = game.new_initial_state(fen="R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1")
    assert state.is_terminal()
    assert ggn.mcts_bot(game, max_simulations=10).step(state) is None
    with pytest.raises(ValueError):
        ggn.mcts_bot(game, max_simulations=0)
    with pytest.raises(ValueError):
        ggn.mcts_bot(game, uct_c=-1)
