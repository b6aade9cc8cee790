"""The placement games through the package, game by game (docs/python.md, docs/game-spec.md "Placement
games"): each loads, plays random games to their end through the OpenSpiel-shaped API, writes its
actions as the games' players do (a point `d3`, `pass`, an Ataxx jump `a1c3`), and ends with the
returns its rules give, judged here from the final position rather than read back from ggn."""

import random
import re

import pytest

import ggn

POINT = re.compile(r"^[a-z][0-9]{1,2}$")
JUMP = re.compile(r"^[a-z][0-9]{1,2}[a-z][0-9]{1,2}$")

# name: (board cells, how the game ends, games to play, whether a pass may be offered)
GAMES = {
    "tic_tac_toe": (9, "line", 20, "never"),
    "connect_four": (42, "line", 10, "never"),
    "gomoku": (225, "line", 2, "never"),
    "hex": (121, "connection", 4, "never"),
    "othello": (64, "count", 4, "forced"),
    "ataxx": (49, "count", 2, "forced"),
    "go9": (81, "go", 2, "always"),
}


def _board_rows(fen):
    """The FEN's board as rows of characters (top row first), '.' for an empty point."""
    board = fen.split(" ")[0].split("[")[0]
    rows = []
    for rank in board.split("/"):
        row = ""
        for token in re.findall(r"[0-9]+|.", rank):
            row += "." * int(token) if token.isdigit() else token
        rows.append(row)
    return rows


def _stones(fen):
    """Stones of the first and the second player on the board (upper and lower case)."""
    text = "".join(_board_rows(fen))
    return sum(c.isupper() for c in text), sum(c.islower() for c in text)


def _check_action_texts(name, state, passes):
    texts = [state.action_to_string(a) for a in state.legal_actions()]
    for a, text in zip(state.legal_actions(), texts):
        assert state.string_to_action(text) == a, text
        if text == "pass":
            continue
        if name == "ataxx":
            assert POINT.match(text) or JUMP.match(text), text
        else:
            assert POINT.match(text), f"{name}: {text} is not a point"
    if passes == "never":
        assert "pass" not in texts
    elif passes == "forced":
        # A pass is offered only when it is the only move.
        assert "pass" not in texts or texts == ["pass"]
    else:
        assert "pass" in texts
    return texts


def _play(game, name, seed):
    """A random game to its end: the final state and the text of every move played, in order."""
    _, _, _, passes = GAMES[name]
    rng = random.Random(f"{name} {seed}")
    state = game.new_initial_state()
    played = []
    for _ in range(game.max_game_length()):
        if state.is_terminal():
            break
        texts = _check_action_texts(name, state, passes)
        assert state.returns() == [0.0, 0.0]
        actions = state.legal_actions()
        pick = rng.randrange(len(actions))
        if name == "connect_four":
            # The stone is written where it lands: on the lowest empty point of its column.
            column = ord(texts[pick][0]) - ord("a")
            rows = _board_rows(state.fen())
            lowest = next(r for r in range(len(rows)) if rows[len(rows) - 1 - r][column] == ".")
            assert texts[pick] == f"{texts[pick][0]}{lowest + 1}"
        played.append(texts[pick])
        state.apply_action(actions[pick])
    assert state.is_terminal(), f"{name}: a random game did not end"
    assert state.legal_actions() == []
    assert state.current_player() == ggn.TERMINAL
    return state, played


@pytest.mark.parametrize("name", sorted(GAMES))
def test_placement_game_plays_to_its_end(name):
    cells, ending, games, _ = GAMES[name]
    game = ggn.load_game(name)
    assert game.num_players() == 2
    for seed in range(games):
        state, played = _play(game, name, seed)
        returns = state.returns()
        assert returns in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]), returns
        last_mover = (len(played) - 1) % 2  # no game here passes a turn without a move
        first, second = _stones(state.fen())
        if ending == "line":
            if returns == [0.0, 0.0]:
                # A draw only on a full board.
                assert first + second == cells and len(played) == cells
            else:
                # The line was made by the last stone placed.
                assert returns[last_mover] == 1.0
        elif ending == "connection":
            assert returns != [0.0, 0.0], "Hex has no draw"
            assert returns[last_mover] == 1.0
        elif ending == "count":
            # Neither can move; the player with more stones wins, equal counts draw.
            want = [0.0, 0.0] if first == second else [1.0, -1.0] if first > second else [-1.0, 1.0]
            assert returns == want, (state.fen(), returns)
        else:
            # Go ends when both pass in a row (or at the length limit, a draw by ggn's rule).
            if len(played) < game.max_game_length():
                assert played[-2:] == ["pass", "pass"]
            assert sum(returns) == 0.0
        # The record reads back: the same moves from the start give the same position.
        again = game.new_initial_state()
        for text in played:
            again.apply_action(again.string_to_action(text))
        assert again.fen() == state.fen() and again.returns() == returns
