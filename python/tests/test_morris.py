"""Nine Men's Morris through the package (docs/python.md, docs/game-spec.md "Points and lines" and
"Turns in parts"): random games played to their end through the OpenSpiel-shaped API, a removal an
action of its own with the same player to move (OpenSpiel's way), and returns judged here from the
final position rather than read back from ggn."""

import random
import re

import ggn

PLACE = re.compile(r"^M@[a-g][1-7]$")
STEP = re.compile(r"^[a-g][1-7][a-g][1-7]$")
REMOVE = re.compile(r"^([a-g][1-7])x[a-g][1-7]$")


def _men(fen):
    """White's and Black's men, on the board and in hand (upper and lower case)."""
    board, _, rest = fen.partition("[")
    hand = rest.split("]")[0] if rest else ""
    text = board.split(" ")[0] + hand
    return text.count("M"), text.count("m")


def test_morris_plays_to_its_end():
    game = ggn.load_game("nine_mens_morris")
    assert game.num_players() == 2 and game.has_parts()
    ends = {"two men": 0, "no move": 0, "draw": 0}
    removals = 0
    for seed in range(12):
        rng = random.Random(f"morris {seed}")
        state = game.new_initial_state()
        played = []
        pending = None  # the square of a man that closed a mill: its removal comes next, same player
        for _ in range(game.max_game_length()):
            if state.is_terminal():
                break
            player = state.current_player()
            texts = [state.action_to_string(a) for a in state.legal_actions()]
            for text in texts:
                assert state.string_to_action(text) is not None
                if pending:
                    assert REMOVE.match(text) and REMOVE.match(text).group(1) == pending, text
                else:
                    assert PLACE.match(text) or STEP.match(text), text
            actions = state.legal_actions()
            pick = rng.randrange(len(actions))
            played.append(texts[pick])
            removals += pending is not None
            state.apply_action(actions[pick])
            # A turn that closed a mill leaves the same player to move, its removal pending.
            pending = None
            if not state.is_terminal() and state.current_player() == player:
                pending = texts[pick][-2:]
        assert state.is_terminal(), "a random game of morris did not end"
        returns = state.returns()
        white, black = _men(state.fen())
        if min(white, black) < 3:
            assert returns == ([-1.0, 1.0] if white < 3 else [1.0, -1.0]), (state.fen(), returns)
            ends["two men"] += 1
        elif returns == [0.0, 0.0]:
            ends["draw"] += 1  # 100 turns without a removal, or a position for the third time
        else:
            # No move: the player to move when the game stopped lost; it is the one after the last mover.
            ends["no move"] += 1
            assert sorted(returns) == [-1.0, 1.0]
        # The record reads back: the same actions from the start give the same position.
        again = game.new_initial_state()
        for text in played:
            again.apply_action(again.string_to_action(text))
        assert again.fen() == state.fen() and again.returns() == returns
    assert removals > 12 and ends["two men"] > 0
