#!/usr/bin/env python3
"""Writes cases.json: Betza strings and, written out by hand below, the long
form each must compile to (docs/game-spec.md#betza). The expectations are
built from the rules in prose (which squares, which actions), not from ggn's
compiler, so test_betza compares two independent readings of each string.
Run from this directory: python3 make_cases.py > cases.json"""
import json

MC = [{"state": "EMPTY", "action": "MOVE"}, {"state": "ENEMY", "action": "CAPTURE"}]
M = [{"state": "EMPTY", "action": "MOVE"}]
C = [{"state": "ENEMY", "action": "CAPTURE"}]
BOARD = 9  # the test's board is 9 x 9


def mv(step, actions=MC, repeat=None, conditions=None, effects=None):
    m = {"step": list(step), "actions": actions}
    if repeat: m["repeat"] = repeat
    if conditions: m["conditions"] = conditions
    if effects: m["side_effects"] = effects
    return m


def leaps(steps, **kw): return [mv(s, **kw) for s in steps]


ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
def scale(vs, k): return [(x * k, y * k) for x, y in vs]
def oblique(a, b): return [(b, a), (a, b), (a, -b), (b, -a), (-b, -a), (-a, -b), (-a, b), (-b, a)]
LOOP = {"loop": True}


def empty(*squares): return [{"condition": "SQUARES_EMPTY", "positions": [list(s) for s in squares]}]


def grasshopper(dirs):
    out = []
    for dx, dy in dirs:
        for k in range(1, BOARD):          # the screen k squares away, landing at k + 1
            if (k + 1) * max(abs(dx), abs(dy)) > BOARD - 1: break
            cond = empty(*[(q * dx, q * dy) for q in range(1, k)]) if k > 1 else None
            out.append(mv((dx, dy), repeat={"times": k + 1, "hop": 1}, conditions=cond))
    return out


EP = [{"state": "EMPTY", "action": "MOVE",
       "conditions": [{"condition": "CHECK_STATE", "state": "EN_PASSANT", "position": [x, 0]}],
       "side_effects": [{"action": "CAPTURE", "target": [x, 0]}]} for x in (-1, 1)]

cases = [
    ("W", leaps(ORTH)), ("F", leaps(DIAG)), ("D", leaps(scale(ORTH, 2))), ("N", leaps(KNIGHT)),
    ("A", leaps(scale(DIAG, 2))), ("H", leaps(scale(ORTH, 3))), ("C", leaps(oblique(3, 1))),
    ("Z", leaps(oblique(3, 2))), ("G", leaps(scale(DIAG, 3))),
    ("K", leaps(ORTH + DIAG)), ("R", leaps(ORTH, repeat=LOOP)), ("B", leaps(DIAG, repeat=LOOP)),
    ("Q", leaps(ORTH + DIAG, repeat=LOOP)),
    ("NN", leaps(KNIGHT, repeat=LOOP)), ("WW", leaps(ORTH, repeat=LOOP)), ("W0", leaps(ORTH, repeat=LOOP)),
    ("W2", leaps(ORTH, repeat={"times": 2})), ("R4", leaps(ORTH, repeat={"times": 4})),
    ("B3", leaps(DIAG, repeat={"times": 3})), ("K2", leaps(ORTH + DIAG, repeat={"times": 2})),
    # directions
    ("fW", leaps([(0, 1)])), ("bW", leaps([(0, -1)])), ("lW", leaps([(-1, 0)])), ("rW", leaps([(1, 0)])),
    ("vW", leaps([(0, 1), (0, -1)])), ("sW", leaps([(1, 0), (-1, 0)])), ("fsW", leaps([(0, 1), (1, 0), (-1, 0)])),
    ("frW", leaps([(0, 1), (1, 0)])), ("fbW", leaps([(0, 1), (0, -1)])),
    ("fF", leaps([(1, 1), (-1, 1)])), ("bF", leaps([(1, -1), (-1, -1)])), ("lF", leaps([(-1, 1), (-1, -1)])),
    ("flF", leaps([(-1, 1)])), ("rbF", leaps([(1, -1)])), ("vF", leaps(DIAG)), ("fB", leaps([(1, 1), (-1, 1)], repeat=LOOP)),
    ("fN", leaps([(1, 2), (-1, 2)])), ("ffN", leaps([(1, 2), (-1, 2)])), ("fsN", leaps([(2, 1), (-2, 1)])),
    ("bsN", leaps([(2, -1), (-2, -1)])), ("rvN", leaps([(1, 2), (1, -2)])), ("sN", leaps([(2, 1), (2, -1), (-2, 1), (-2, -1)])),
    ("vN", leaps([(1, 2), (-1, 2), (1, -2), (-1, -2)])), ("frN", leaps([(2, 1)])), ("rfN", leaps([(1, 2)])),
    ("lbN", leaps([(-1, -2)])), ("blN", leaps([(-2, -1)])),
    ("fhN", leaps([(1, 2), (2, 1), (-2, 1), (-1, 2)])), ("bhN", leaps([(2, -1), (1, -2), (-1, -2), (-2, -1)])),
    ("lhN", leaps([(-1, -2), (-2, -1), (-2, 1), (-1, 2)])), ("rhN", leaps([(1, 2), (2, 1), (2, -1), (1, -2)])),
    ("hrN", leaps([(1, 2), (2, -1), (-1, -2), (-2, 1)])), ("hlN", leaps([(2, 1), (1, -2), (-2, -1), (-1, 2)])),
    ("fKbW", leaps([(0, 1), (1, 1), (-1, 1), (0, -1)])),
    # what the move does
    ("mW", leaps(ORTH, actions=M)), ("cW", leaps(ORTH, actions=C)), ("mcW", leaps(ORTH)),
    ("fmWfcF", leaps([(0, 1)], actions=M) + leaps([(1, 1), (-1, 1)], actions=C)),
    ("ifmW2", leaps([(0, 1)], actions=M, repeat={"times": 2}, conditions=[{"condition": "FIRST_MOVE"}])),
    # lame leaps: the squares passed, one at a time along the longer way, diagonally when even
    ("nN", [mv(s, conditions=empty((0, s[1] // 2) if abs(s[1]) == 2 else (s[0] // 2, 0))) for s in KNIGHT]),
    ("nA", [mv(s, conditions=empty((s[0] // 2, s[1] // 2))) for s in scale(DIAG, 2)]),
    ("nD", [mv(s, conditions=empty((s[0] // 2, s[1] // 2))) for s in scale(ORTH, 2)]),
    ("nH", [mv(s, conditions=empty((s[0] // 3, s[1] // 3), (2 * s[0] // 3, 2 * s[1] // 3))) for s in scale(ORTH, 3)]),
    ("fnC", [mv((1, 3), conditions=empty((0, 1), (0, 2))), mv((-1, 3), conditions=empty((0, 1), (0, 2)))]),
    ("rfnZ", [mv((2, 3), conditions=empty((0, 1), (1, 2)))]),
    # hoppers
    ("pR", leaps(ORTH, repeat={"loop": True, "hop": 1})),
    ("mRcpR", leaps(ORTH, actions=M, repeat=LOOP) + leaps(ORTH, actions=C, repeat={"loop": True, "hop": 1})),
    ("pW3", leaps(ORTH, repeat={"times": 3, "hop": 1})),
    ("gR", grasshopper(ORTH)), ("gB", grasshopper(DIAG)),
    ("jD", leaps(ORTH, repeat={"times": 2, "hop": 1})), ("fjA", leaps([(1, 1), (-1, 1)], repeat={"times": 2, "hop": 1})),
    # the pawn, with en passant and its double step
    ("fmWfceFifmnD", leaps([(0, 1)], actions=M)
        + [mv((x, 1), actions=C + [e]) for x, e in ((1, EP[1]), (-1, EP[0]))]
        + [mv((0, 2), actions=M, conditions=[{"condition": "FIRST_MOVE"}] + empty((0, 1)),
              effects=[{"action": "SET_STATE", "state": "EN_PASSANT", "duration": 1}])]),
    ("feF", [mv((x, 1), actions=[e]) for x, e in ((1, EP[1]), (-1, EP[0]))]),
]

print(json.dumps([{"betza": b, "moves": [dict(m, id=i) for i, m in enumerate(ms)]} for b, ms in cases], indent=1))
