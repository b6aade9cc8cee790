#!/usr/bin/env python3
"""
gen_hostile.py — writes the hostile game specs of tests/data/search/: games
in which a search without bounds explodes, because almost every move is a
capture and every capture can be answered by another (tests/test_search.c,
test_hostile_*). Run from anywhere: python3 tests/data/search/gen_hostile.py

  queens16.json  8x8, 16 queens a side on the first two ranks of each
                 side, no leader.
  diag32.json    32x32, 32 queens a side: one side on the a1-to-top-right
                 diagonal, the other on the crossing diagonal, no leader.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [1, -1], [-1, -1], [-1, 1]]


def queen():
    return {"code": "QUEEN", "name": "queen", "symbol": "Q", "value": 900, "moves": [
        {"id": i, "step": s, "repeat": {"loop": True},
         "actions": [{"state": "EMPTY", "action": "MOVE"}, {"state": "ENEMY", "action": "CAPTURE"}]}
        for i, s in enumerate(STEPS)]}


def game(name, side, white, black):
    return {
        "name": name,
        "board": {"dimensions": [side, side]},
        "players": [
            {"name": "WHITE", "direction": [[1, 0], [0, 1]],
             "starting_positions": [{"piece": "QUEEN", "positions": white}]},
            {"name": "BLACK", "direction": [[-1, 0], [0, -1]],
             "starting_positions": [{"piece": "QUEEN", "positions": black}]},
        ],
        "turns": {"order": ["WHITE", "BLACK"]},
        "pieces": [queen()],
    }


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")


write("queens16.json", game("Sixteen queens", 8,
                            [[x, y] for y in (0, 1) for x in range(8)],
                            [[x, y] for y in (6, 7) for x in range(8)]))
write("diag32.json", game("Diagonal queens", 32,
                          [[i, i] for i in range(32)],
                          [[i, 31 - i] for i in range(32)]))
