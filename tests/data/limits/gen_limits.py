#!/usr/bin/env python3
"""
gen_limits.py — writes tests/data/limits/: for every limit of
include/ggn/limits.h that a file can reach, one file exactly at the limit
(it must load: `ok`) and one just past it (it must fail with GGN_E_LIMIT at
the given JSON Pointer, with a message naming the constant). Values are read
from limits.h, so the files follow the header when a limit changes.

EXPECT lines: FILE <TAB> ok
              FILE <TAB> LIMIT <TAB> POINTER <TAB> MESSAGE-SUBSTRING
Checked by tests/test_limits.c through ggn_check_file (which compiles game
specs too, so the engine's limits are reached).
Run from anywhere: python3 tests/data/limits/gen_limits.py
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def limit(name):
    with open(os.path.join(HERE, "..", "..", "..", "include", "ggn", "limits.h")) as f:
        for line in f:
            p = line.split()
            if len(p) >= 3 and p[0] == "#define" and p[1] == name:
                v = p[2].strip("()")
                if v.startswith("(") or "*" in line.split("/*")[0]:
                    return int(eval(line.split("/*")[0].split(None, 2)[2].replace("L", "")))
                return int(v)
    raise KeyError(name)


def base():
    return {
        "name": "MINI",
        "board": {"dimensions": [4, 4]},
        "players": [
            {"name": "WHITE", "direction": [[1, 0], [0, 1]],
             "starting_positions": [{"piece": "KING", "positions": [[0, 0]]}]},
            {"name": "BLACK", "direction": [[-1, 0], [0, -1]],
             "starting_positions": [{"piece": "KING", "positions": [[3, 3]]}]},
        ],
        "turns": {"order": ["WHITE", "BLACK"]},
        "pieces": [
            {"code": "KING", "name": "king", "moves": [
                {"id": 0, "step": [0, 1], "actions": [{"state": "EMPTY", "action": "MOVE"}]},
            ]},
        ],
    }


def mv(i, step=(0, 1), **kw):
    m = {"id": i, "step": list(step), "actions": [{"state": "EMPTY", "action": "MOVE"}]}
    m.update(kw)
    return m


def move0(g):
    return g["pieces"][0]["moves"][0]


CASES = []  # (name, document, expectation or None for ok)


def pair(name, make, pointer, message):
    """make(n) builds the document with n of the limited thing; n = the limit, then the limit + 1."""
    CASES.append(("at_" + name, make(0), None))
    CASES.append(("past_" + name, make(1), (pointer, message)))


def spec(mutate):
    def make(extra):
        g = base()
        mutate(g, extra)
        return g
    return make


L = {k: limit("GGN_MAX_" + k) for k in [
    "STRING_BYTES", "BOARD_SIDE", "PLAYERS", "TURNS", "KINDS", "MOVES_PER_KIND", "ACTIONS", "CONDITIONS",
    "SIDE_EFFECTS", "OPTIONS", "NAMED_CONDITIONS", "FLAGS", "PIECES_ON_BOARD", "TABLE_ENTRIES",
    "RAY_ENTRIES", "GGN_SQUARES", "GGN_PIECES"]}

pair("string_bytes", spec(lambda g, e: g.update(name="X" * (L["STRING_BYTES"] + e))),
     "/name", "longer than %d (GGN_MAX_STRING_BYTES)" % L["STRING_BYTES"])

pair("board_side", spec(lambda g, e: g["board"].update(dimensions=[L["BOARD_SIDE"] + e, L["BOARD_SIDE"]])),
     "/board/dimensions/0", "%d is past the limit of %d (GGN_MAX_BOARD_SIDE)" % (L["BOARD_SIDE"] + 1, L["BOARD_SIDE"]))


def players(g, e):
    n = L["PLAYERS"] + e
    g["board"]["dimensions"] = [16, 16]
    g["players"] = [{"name": "P%d" % i, "direction": [[1, 0], [0, 1]],
                     "starting_positions": [{"piece": "KING", "positions": [[i, 0]]}]} for i in range(n)]
    g["turns"]["order"] = ["P%d" % i for i in range(n)]
pair("players", spec(players), "/players",
     "%d entries, more than the limit of %d (GGN_MAX_PLAYERS)" % (L["PLAYERS"] + 1, L["PLAYERS"]))

pair("turns", spec(lambda g, e: g["turns"].update(order=(["WHITE", "BLACK"] * L["TURNS"])[:L["TURNS"] + e])),
     "/turns/order", "%d entries, more than the limit of %d (GGN_MAX_TURNS)" % (L["TURNS"] + 1, L["TURNS"]))

pair("kinds", spec(lambda g, e: g["pieces"].extend({"code": "P%d" % i, "moves": []} for i in range(L["KINDS"] - 1 + e))),
     "/pieces", "%d entries, more than the limit of %d (GGN_MAX_KINDS)" % (L["KINDS"] + 1, L["KINDS"]))

pair("moves_per_kind", spec(lambda g, e: g["pieces"][0].update(moves=[mv(i) for i in range(L["MOVES_PER_KIND"] + e)])),
     "/pieces/0/moves",
     "%d entries, more than the limit of %d (GGN_MAX_MOVES_PER_KIND)" % (L["MOVES_PER_KIND"] + 1, L["MOVES_PER_KIND"]))

pair("actions", spec(lambda g, e: move0(g).update(
        actions=[{"state": s, "action": "MOVE"} for s in ["EMPTY", "ENEMY", "ALLY"] * L["ACTIONS"]][:L["ACTIONS"] + e])),
     "/pieces/0/moves/0/actions", "%d entries, more than the limit of %d (GGN_MAX_ACTIONS)" % (L["ACTIONS"] + 1, L["ACTIONS"]))

pair("modifiers", spec(lambda g, e: move0(g).update(
        modifiers=[{"action": "TRANSFORM", "conditions": [{"condition": "FIRST_MOVE"}], "options": ["KING"]}] * (L["ACTIONS"] + e))),
     "/pieces/0/moves/0/modifiers", "(GGN_MAX_ACTIONS, which also bounds modifiers)")

pair("conditions", spec(lambda g, e: move0(g).update(conditions=[{"condition": "FIRST_MOVE"}] * (L["CONDITIONS"] + e))),
     "/pieces/0/moves/0/conditions",
     "%d entries, more than the limit of %d (GGN_MAX_CONDITIONS)" % (L["CONDITIONS"] + 1, L["CONDITIONS"]))

pair("side_effects", spec(lambda g, e: move0(g).update(side_effects=[{"action": "CAPTURE", "target": [0, 1]}] * (L["SIDE_EFFECTS"] + e))),
     "/pieces/0/moves/0/side_effects",
     "%d entries, more than the limit of %d (GGN_MAX_SIDE_EFFECTS)" % (L["SIDE_EFFECTS"] + 1, L["SIDE_EFFECTS"]))

pair("options", spec(lambda g, e: (g["pieces"].extend({"code": "Q%d" % i, "moves": []} for i in range(L["OPTIONS"] + 1)),
                                   move0(g).update(modifiers=[{"action": "TRANSFORM",
                                                               "options": ["Q%d" % i for i in range(L["OPTIONS"] + e)]}]))),
     "/pieces/0/moves/0/modifiers/0/options",
     "%d entries, more than the limit of %d (GGN_MAX_OPTIONS)" % (L["OPTIONS"] + 1, L["OPTIONS"]))

pair("named_conditions", spec(lambda g, e: g.update(conditions=[
        {"code": "Z%d" % i, "type": "POSITION", "check": {"WHITE": [[0, 3]]}} for i in range(L["NAMED_CONDITIONS"] + e)])),
     "/conditions",
     "%d entries, more than the limit of %d (GGN_MAX_NAMED_CONDITIONS)" % (L["NAMED_CONDITIONS"] + 1, L["NAMED_CONDITIONS"]))

half_flags = L["FLAGS"] // 2
pair("flags", spec(lambda g, e: move0(g).update(
        side_effects=[{"action": "SET_STATE", "state": "F%d" % i} for i in range(half_flags + e)],
        conditions=[{"condition": "CHECK_STATE", "state": "G%d" % i, "position": [0, 1]} for i in range(L["FLAGS"] - half_flags)])),
     "/pieces/0/moves/0/side_effects/%d/state" % half_flags,
     "would be distinct state number %d, past the limit of %d (GGN_MAX_FLAGS)" % (L["FLAGS"] + 1, L["FLAGS"]))

pair("step", spec(lambda g, e: move0(g).update(step=[0, L["BOARD_SIDE"] + e])),
     "/pieces/0/moves/0/step/1", "%d is beyond +-%d (GGN_MAX_BOARD_SIDE)" % (L["BOARD_SIDE"] + 1, L["BOARD_SIDE"]))


def starts(g, e):
    n = L["PIECES_ON_BOARD"] - 1 + e  # WHITE's pieces; BLACK has one more
    g["board"]["dimensions"] = [32, 32]
    g["players"][0]["starting_positions"] = [{"piece": "KING", "positions": [[i % 32, i // 32] for i in range(n)]}]
    g["players"][1]["starting_positions"] = [{"piece": "KING", "positions": [[31, 31]]}]
pair("pieces_on_board", spec(starts), "/players/1/starting_positions/0/positions/0",
     "more than %d starting pieces (GGN_MAX_PIECES_ON_BOARD)" % L["PIECES_ON_BOARD"])


def table(g, e):
    # players x kinds x GGN_MAX_MOVES_PER_KIND x squares: exactly the limit on the largest board, then one kind more.
    side = L["BOARD_SIDE"]
    kinds = L["TABLE_ENTRIES"] // (2 * L["MOVES_PER_KIND"] * side * side) + e
    g["board"]["dimensions"] = [side, side]
    g["players"][1]["starting_positions"][0]["positions"] = [[side - 1, side - 1]]
    g["pieces"].extend({"code": "P%d" % i, "moves": [mv(0)]} for i in range(kinds - 1))
# The error points at the first kind that does not fit: index = the number of kinds at the limit.
pair("table_entries", spec(table), "/pieces/%d" % (L["TABLE_ENTRIES"] // (2 * L["MOVES_PER_KIND"] * L["BOARD_SIDE"] ** 2)),
     "exceeds GGN_MAX_TABLE_ENTRIES")


def rays(g, e):
    # One player; every move a slide to the right on the largest board: 496 landings per row.
    side = L["BOARD_SIDE"]
    per_move = side * (side * (side - 1) // 2)
    moves = L["RAY_ENTRIES"] // per_move + e
    g["board"]["dimensions"] = [side, side]
    g["players"] = [g["players"][0]]
    g["turns"]["order"] = ["WHITE"]
    full, rest = divmod(moves, L["MOVES_PER_KIND"])
    kinds = [L["MOVES_PER_KIND"]] * full + ([rest] if rest else [])
    g["pieces"] = [{"code": "KING" if k == 0 else "S%d" % k,
                    "moves": [mv(i, (1, 0), repeat={"loop": True}) for i in range(n)]} for k, n in enumerate(kinds)]
# The error points at the first move whose rays go past the limit.
RAY_MOVES_AT_LIMIT = L["RAY_ENTRIES"] // (L["BOARD_SIDE"] * (L["BOARD_SIDE"] * (L["BOARD_SIDE"] - 1) // 2))
pair("ray_entries", spec(rays), "/pieces/%d/moves/%d" % divmod(RAY_MOVES_AT_LIMIT, L["MOVES_PER_KIND"]),
     "exceed GGN_MAX_RAY_ENTRIES")


def cell(i):
    """A 2-D CELL name for square i of a 64-wide grid."""
    f, r = i % 64, i // 64
    letters = ""
    n = f + 1
    while n:
        n -= 1
        letters = chr(ord("a") + n % 26) + letters
        n //= 26
    return "%s%d" % (letters, r + 1)


def ggn_squares(e):
    n = L["GGN_SQUARES"] + e  # a1 plus n - 1 destinations
    return {"C:K": {"a1": {cell(i): [{"must": {cell(i): "empty"}, "deny": {}}] for i in range(1, n)}}}
CASES.append(("at_ggn_squares", ggn_squares(0), None))
CASES.append(("past_ggn_squares", ggn_squares(1), ("/C:K/a1/%s" % cell(L["GGN_SQUARES"]),
              "more than %d distinct squares in one document (GGN_MAX_GGN_SQUARES)" % L["GGN_SQUARES"])))


def qpi(i):
    style, rest = divmod(i, 26 * 3)
    letter, state = divmod(rest, 3)
    return "%s:%s%s" % (chr(ord("A") + style), ["", "+", "-"][state], chr(ord("A") + letter))


def ggn_pieces(e):
    n = L["GGN_PIECES"] + e
    return {qpi(i): {"a1": {"a2": [{"must": {"a2": "empty"}, "deny": {}}]}} for i in range(n)}
CASES.append(("at_ggn_pieces", ggn_pieces(0), None))
CASES.append(("past_ggn_pieces", ggn_pieces(1), ("/%s" % qpi(L["GGN_PIECES"]),
              "more than %d distinct piece ids in one document (GGN_MAX_GGN_PIECES)" % L["GGN_PIECES"])))


def main():
    for f in os.listdir(HERE):
        if f.endswith(".json"):
            os.remove(os.path.join(HERE, f))
    lines = ["# Written by gen_limits.py; do not edit by hand.",
             "# FILE\tok | FILE\tLIMIT\tPOINTER(- = root)\tMESSAGE SUBSTRING"]
    for name, doc, expect in CASES:
        with open(os.path.join(HERE, name + ".json"), "w") as f:
            json.dump(doc, f, indent=1 if len(json.dumps(doc)) < 200000 else None)
            f.write("\n")
        if expect is None:
            lines.append("%s.json\tok" % name)
        else:
            lines.append("%s.json\tLIMIT\t%s\t%s" % (name, expect[0] or "-", expect[1]))
    with open(os.path.join(HERE, "EXPECT"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d files" % len(CASES))


main()
