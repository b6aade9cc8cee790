#!/usr/bin/env python3
"""
gen_catalogue.py — writes the game-spec error catalogue: bad/*.json and
warn/*.json, each with its expected problems in bad/EXPECT and warn/EXPECT.

Every case is a small game written here as data (a valid base game plus one
or a few defects) with the problems the reader must report, in report order:
severity, code, JSON Pointer and a substring of the message. The line and
column of each problem are NOT written by hand: this script pretty-prints the
JSON itself and records where each value starts, so they come from a second,
independent implementation of "where does this pointer point".

Run from anywhere: python3 tests/data/spec/gen_catalogue.py
Manifest lines: FILE <TAB> SEVERITY <TAB> CODE <TAB> POINTER ("-" = root)
<TAB> LINE:COL <TAB> MESSAGE-SUBSTRING
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def limit(name):
    """The value of a constant of include/ggn/limits.h, so that limit cases follow the header."""
    with open(os.path.join(HERE, "..", "..", "..", "include", "ggn", "limits.h")) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[0] == "#define" and parts[1] == name:
                return int(parts[2])
    raise KeyError(name)


class Writer:
    def __init__(self):
        self.parts = []
        self.line, self.col = 1, 1
        self.pos = {}

    def put(self, s):
        self.parts.append(s)
        n = s.count("\n")
        if n:
            self.line += n
            self.col = len(s) - s.rfind("\n")
        else:
            self.col += len(s)

    @staticmethod
    def inline(v):
        if isinstance(v, list) and all(not isinstance(x, dict) for x in v):
            return True
        return len(json.dumps(v)) <= 70

    def emit(self, v, ptr, indent):
        self.pos[ptr] = (self.line, self.col)
        if isinstance(v, dict):
            items = list(v.items())
            if not items:
                self.put("{}")
            elif self.inline(v):
                self.put("{ ")
                for i, (k, x) in enumerate(items):
                    self.put(json.dumps(k) + ": ")
                    self.emit(x, ptr + "/" + esc(k), indent)
                    if i + 1 < len(items):
                        self.put(", ")
                self.put(" }")
            else:
                self.put("{\n")
                for i, (k, x) in enumerate(items):
                    self.put(" " * (indent + 2) + json.dumps(k) + ": ")
                    self.emit(x, ptr + "/" + esc(k), indent + 2)
                    self.put(",\n" if i + 1 < len(items) else "\n")
                self.put(" " * indent + "}")
        elif isinstance(v, list):
            if not v:
                self.put("[]")
            elif self.inline(v):
                self.put("[")
                for i, x in enumerate(v):
                    self.emit(x, "%s/%d" % (ptr, i), indent)
                    if i + 1 < len(v):
                        self.put(", ")
                self.put("]")
            else:
                self.put("[\n")
                for i, x in enumerate(v):
                    self.put(" " * (indent + 2))
                    self.emit(x, "%s/%d" % (ptr, i), indent + 2)
                    self.put(",\n" if i + 1 < len(v) else "\n")
                self.put(" " * indent + "]")
        else:
            self.put(json.dumps(v))


def esc(k):
    return k.replace("~", "~0").replace("/", "~1")


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


def move0(g):
    return g["pieces"][0]["moves"][0]


M0 = "/pieces/0/moves/0"
E, W = "error", "warning"
CASES = {"bad": [], "warn": []}


def case(kind, name, mutate, expect):
    g = base()
    mutate(g)
    CASES[kind].append((name, g, expect))


def raw(kind, name, text, expect):
    CASES[kind].append((name, text, expect))


# ---------------------------------------------------------------- top level
raw("bad", "top_not_object", "[\n  {\"name\": \"MINI\"}\n]\n",
    [(E, "TYPE", "", (1, 1), "expected an object, found an array")])
raw("bad", "syntax_trailing_comma", "{\n  \"name\": \"MINI\",\n}\n",
    [(E, "SYNTAX", None, (3, 1), "")])
raw("bad", "duplicate_key", "{\n  \"name\": \"MINI\",\n  \"name\": \"MAXI\"\n}\n",
    [(E, "DUPLICATE_KEY", None, (3, 8), "duplicate object key near '\"name\"'")])
case("bad", "name_missing", lambda g: g.pop("name"),
     [(E, "MISSING", "", None, "missing required field 'name'")])
case("bad", "name_not_string", lambda g: g.update(name=5),
     [(E, "TYPE", "/name", None, "expected a string, found an integer")])
case("bad", "name_too_long", lambda g: g.update(name="X" * 256),
     [(E, "LIMIT", "/name", None, "longer than 255 (GGN_MAX_STRING_BYTES)")])
case("bad", "top_unknown_field", lambda g: g.update(author="me"),
     [(E, "UNKNOWN", "/author", None, "unknown field 'author' in the game spec; allowed: name, leader")])
case("bad", "leader_undefined", lambda g: g.update(leader="EMPEROR"),
     [(E, "REFERENCE", "/leader", None, "piece code 'EMPEROR' is not defined in /pieces")])

# ---------------------------------------------------------------- board
case("bad", "board_missing", lambda g: g.pop("board"),
     [(E, "MISSING", "", None, "missing required field 'board'")])
case("bad", "board_dimension_zero", lambda g: g["board"].update(dimensions=[0, 4]),
     [(E, "RANGE", "/board/dimensions/0", None, "0 is out of range 1..32")])
case("bad", "board_too_wide", lambda g: g["board"].update(dimensions=[33, 4]),
     [(E, "LIMIT", "/board/dimensions/0", None, "33 is past the limit of 32 (GGN_MAX_BOARD_SIDE)")])
case("bad", "board_dimension_real", lambda g: g["board"].update(dimensions=[4, 4.0]),
     [(E, "TYPE", "/board/dimensions/1", None, "expected an integer, found a number")])
case("bad", "board_three_dimensions", lambda g: g["board"].update(dimensions=[4, 4, 4]),
     [(E, "VALUE", "/board/dimensions", None, "dimensions must be [cols, rows], found 3 values")])
case("bad", "board_unknown_field", lambda g: g["board"].update(shape="hex"),
     [(E, "UNKNOWN", "/board/shape", None, "unknown field 'shape' in board; allowed: dimensions, disabled_positions")])
case("bad", "disabled_off_board_and_twice",
     lambda g: g["board"].update(disabled_positions=[[4, 0], [1, 1], [1, 1], [-1, 2]]),
     [(E, "RANGE", "/board/disabled_positions/0", None, "square [4, 0] is off the 4x4 board"),
      (E, "DUPLICATE", "/board/disabled_positions/2", None, "square [1, 1] is already listed as disabled"),
      (E, "RANGE", "/board/disabled_positions/3", None, "square [-1, 2] is off the 4x4 board")])

# ---------------------------------------------------------------- players
def nine_players(g):
    g["players"] = [{"name": "P%d" % i, "direction": [[1, 0], [0, 1]]} for i in range(9)]
    g["turns"]["order"] = ["P%d" % i for i in range(8)]
case("bad", "players_limit", nine_players,
     [(E, "LIMIT", "/players", None, "9 entries, more than the limit of 8 (GGN_MAX_PLAYERS)")])
case("bad", "players_empty", lambda g: (g.update(players=[]), g["turns"].update(order=[])),
     [(E, "VALUE", "/players", None, "a game needs at least one player"),
      (E, "VALUE", "/turns/order", None, "turn order must name at least one player")])
case("bad", "direction_determinant",
     lambda g: g["players"][1].update(direction=[[1, 1], [1, 1]]),
     [(E, "VALUE", "/players/1/direction", None, "has determinant 0; it must be 1 or -1")])
case("bad", "direction_shapes",
     lambda g: (g["players"][0].update(direction=[[1, 0]]),
                g["players"][1].update(direction=[[-1, 0], [0, "-1"]])),
     [(E, "VALUE", "/players/0/direction", None, "2x2 matrix [[a, b], [c, d]], found 1 rows"),
      (E, "TYPE", "/players/1/direction/1/1", None, "expected an integer, found a string")])
case("bad", "direction_missing", lambda g: g["players"][0].pop("direction"),
     [(E, "MISSING", "/players/0", None, "missing required field 'direction'")])
case("bad", "player_duplicate_name",
     lambda g: (g["players"][1].update(name="WHITE"), g["turns"].update(order=["WHITE"])),
     [(E, "DUPLICATE", "/players/1/name", None, "player name 'WHITE' is already used by /players/0")])
case("bad", "player_unknown_field", lambda g: g["players"][0].update(color="white"),
     [(E, "UNKNOWN", "/players/0/color", None, "unknown field 'color' in a player")])
case("bad", "start_piece_undefined",
     lambda g: g["players"][0]["starting_positions"].append({"piece": "QUEEN", "positions": [[1, 0]]}),
     [(E, "REFERENCE", "/players/0/starting_positions/1/piece", None, "piece code 'QUEEN' is not defined")])
case("bad", "start_squares_bad",
     lambda g: (g["board"].update(disabled_positions=[[2, 2]]),
                g["players"][0]["starting_positions"].append(
                    {"piece": "KING", "positions": [[4, 0], [2, 2], [0, 0]]}),
                g["players"][1]["starting_positions"][0].update(positions=[[0, 0], [3, 3]])),
     [(E, "RANGE", "/players/0/starting_positions/1/positions/0", None, "square [4, 0] is off the 4x4 board"),
      (E, "VALUE", "/players/0/starting_positions/1/positions/1", None, "square [2, 2] is disabled"),
      (E, "DUPLICATE", "/players/0/starting_positions/1/positions/2", None,
       "square [0, 0] is already a starting square at /players/0/starting_positions/0/positions/0"),
      (E, "DUPLICATE", "/players/1/starting_positions/0/positions/0", None,
       "already a starting square at /players/0/starting_positions/0/positions/0")])
def too_many_starts(g):
    n = limit("GGN_MAX_PIECES_ON_BOARD") + 1
    g["board"]["dimensions"] = [32, 32]
    squares = [[x, y] for y in range(32) for x in range(32)][:n]
    half = n // 2
    g["players"][0]["starting_positions"] = [{"piece": "KING", "positions": squares[:half]},
                                             {"piece": "KING", "positions": squares[half:]}]
    g["players"][1]["starting_positions"] = [{"piece": "KING", "positions": [[31, 31]]}]
L_PIECES = limit("GGN_MAX_PIECES_ON_BOARD")
case("bad", "starting_pieces_limit", too_many_starts,
     [(E, "LIMIT", "/players/0/starting_positions/1/positions/%d" % (L_PIECES - (L_PIECES + 1) // 2), None,
       "more than %d starting pieces (GGN_MAX_PIECES_ON_BOARD)" % L_PIECES)])
case("bad", "start_entry_unknown_field",
     lambda g: g["players"][0]["starting_positions"][0].update(count=1),
     [(E, "UNKNOWN", "/players/0/starting_positions/0/count", None,
       "unknown field 'count' in a starting-position entry; allowed: piece, positions")])

# ---------------------------------------------------------------- turns
case("bad", "turn_order_unknown_player", lambda g: g["turns"].update(order=["WHITE", "RED"]),
     [(E, "REFERENCE", "/turns/order/1", None, "'RED' is not the name of a player"),
      (W, "VALUE", "/turns/order", None, "player 'BLACK' never gets a turn")])
case("bad", "start_at_out_of_range", lambda g: g["turns"].update(start_at=2),
     [(E, "RANGE", "/turns/start_at", None, "start_at 2 is out of range: turn order has 2 entries")])
case("bad", "start_at_negative", lambda g: g["turns"].update(start_at=-1),
     [(E, "RANGE", "/turns/start_at", None, "-1 is out of range: must be at least 0")])
case("bad", "turns_limit", lambda g: g["turns"].update(order=["WHITE", "BLACK"] * 33),
     [(E, "LIMIT", "/turns/order", None, "66 entries, more than the limit of 64 (GGN_MAX_TURNS)")])
case("bad", "turns_missing_order", lambda g: g["turns"].pop("order"),
     [(E, "MISSING", "/turns", None, "missing required field 'order'")])

# ---------------------------------------------------------------- named conditions
def zone(code="ZONE", typ="POSITION", check=None):
    return {"code": code, "type": typ, "check": check if check is not None else {"WHITE": [[0, 3]]}}
case("bad", "named_type_state", lambda g: g.update(conditions=[zone(typ="STATE")]),
     [(E, "VALUE", "/conditions/0/type", None, "type 'STATE' is internal in seed 004")])
case("bad", "named_type_unknown", lambda g: g.update(conditions=[zone(typ="AREA")]),
     [(E, "UNKNOWN", "/conditions/0/type", None, "unknown condition type 'AREA'; allowed: POSITION")])
case("bad", "named_check_bad",
     lambda g: g.update(conditions=[zone(check={"RED": [[0, 3]], "WHITE": [[0, 4], [1, 3]]})]),
     [(E, "REFERENCE", "/conditions/0/check/RED", None, "'RED' is not the name of a player"),
      (E, "RANGE", "/conditions/0/check/WHITE/0", None, "square [0, 4] is off the 4x4 board")])
case("bad", "named_duplicate_and_builtin",
     lambda g: g.update(conditions=[zone(), zone(), zone(code="PATH_EMPTY")]),
     [(E, "DUPLICATE", "/conditions/1/code", None, "condition code 'ZONE' is already defined by /conditions/0"),
      (E, "VALUE", "/conditions/2/code", None, "'PATH_EMPTY' is a built-in condition name")])
case("bad", "named_limit", lambda g: g.update(conditions=[zone(code="Z%d" % i) for i in range(33)]),
     [(E, "LIMIT", "/conditions", None, "33 entries, more than the limit of 32 (GGN_MAX_NAMED_CONDITIONS)")])
case("bad", "named_reference_undefined",
     lambda g: move0(g).update(conditions=[{"condition": "PROMOTION_ZONE"}]),
     [(E, "UNKNOWN", M0 + "/conditions/0/condition", None,
       "unknown condition 'PROMOTION_ZONE'; allowed: FIRST_MOVE, DEPENDS_ON, PIECE_FIRST_MOVE")])
case("bad", "named_missing_check", lambda g: g.update(conditions=[{"code": "ZONE", "type": "POSITION"}]),
     [(E, "MISSING", "/conditions/0", None, "missing required field 'check'")])

# ---------------------------------------------------------------- pieces
def dup_piece(g):
    g["pieces"][0]["symbol"] = "k"
    g["pieces"].append({"code": "KING", "symbol": "K", "moves": []})
case("bad", "piece_duplicate_code_and_symbol", dup_piece,
     [(E, "DUPLICATE", "/pieces/1/code", None, "piece code 'KING' is already defined by /pieces/0"),
      (E, "DUPLICATE", "/pieces/1/symbol", None, "symbol 'K' is already used by piece 'KING'")])
case("bad", "piece_symbol_and_value_bad",
     lambda g: g["pieces"][0].update(symbol="KK", value=-5),
     [(E, "VALUE", "/pieces/0/symbol", None, "symbol must be one ASCII letter, found \"KK\""),
      (E, "RANGE", "/pieces/0/value", None, "-5 is out of range 0..1000000")])
case("bad", "piece_symbol_not_letter", lambda g: g["pieces"][0].update(symbol="+", value=2.5),
     [(E, "VALUE", "/pieces/0/symbol", None, "one ASCII letter, found \"+\""),
      (E, "TYPE", "/pieces/0/value", None, "expected an integer, found a number")])
case("bad", "kinds_limit",
     lambda g: g["pieces"].extend({"code": "P%d" % i, "moves": []} for i in range(64)),
     [(E, "LIMIT", "/pieces", None, "65 entries, more than the limit of 64 (GGN_MAX_KINDS)")])
case("bad", "pieces_empty", lambda g: g.update(pieces=[]),
     [(E, "REFERENCE", "/players/0/starting_positions/0/piece", None, "piece code 'KING' is not defined"),
      (E, "REFERENCE", "/players/1/starting_positions/0/piece", None, "piece code 'KING' is not defined"),
      (E, "VALUE", "/pieces", None, "a game needs at least one piece")])
case("bad", "piece_unknown_field", lambda g: g["pieces"][0].update(promotes_to="QUEEN"),
     [(E, "UNKNOWN", "/pieces/0/promotes_to", None,
       "unknown field 'promotes_to' in a piece; allowed: code, name, moves, symbol, value")])
case("bad", "piece_moves_not_array", lambda g: g["pieces"][0].update(moves={}),
     [(E, "TYPE", "/pieces/0/moves", None, "expected an array, found an object")])

# ---------------------------------------------------------------- moves
def mv(i, step=(0, 1), **kw):
    m = {"id": i, "step": list(step), "actions": [{"state": "EMPTY", "action": "MOVE"}]}
    m.update(kw)
    return m
case("bad", "moves_limit",
     lambda g: g["pieces"][0].update(moves=[mv(i) for i in range(65)]),
     [(E, "LIMIT", "/pieces/0/moves", None, "65 entries, more than the limit of 64 (GGN_MAX_MOVES_PER_KIND)")])
case("bad", "move_id_duplicate", lambda g: g["pieces"][0]["moves"].append(mv(0, (1, 0))),
     [(E, "DUPLICATE", "/pieces/0/moves/1/id", None, "move id 0 is already used by /pieces/0/moves/0")])
case("bad", "move_id_missing_and_real",
     lambda g: (move0(g).pop("id"), g["pieces"][0]["moves"].append(mv(1.5, (1, 0)))),
     [(E, "MISSING", M0, None, "missing required field 'id'"),
      (E, "TYPE", "/pieces/0/moves/1/id", None, "expected an integer, found a number")])
case("bad", "step_zero", lambda g: move0(g).update(step=[0, 0]),
     [(E, "VALUE", M0 + "/step", None, "step [0, 0] does not move the piece")])
# A move that stays must transform the piece, take nothing and not repeat (sittuyin's promotion in place).
def stay_that_captures(g):
    move0(g).update(step=[0, 0], actions=[{"state": "ENEMY", "action": "CAPTURE"}],
                    modifiers=[{"action": "TRANSFORM", "options": ["KING"]}])
case("bad", "step_zero_capturing", stay_that_captures,
     [(E, "VALUE", M0 + "/step", None, "such a move must transform it (a TRANSFORM modifier without conditions)")])
case("bad", "step_zero_repeated",
     lambda g: move0(g).update(step=[0, 0], repeat={"loop": True},
                               modifiers=[{"action": "TRANSFORM", "options": ["KING"]}]),
     [(E, "VALUE", M0 + "/step", None, "with only EMPTY actions, no side effects, no repeat and no chain")])
case("bad", "attacking_illegal_not_boolean",
     lambda g: move0(g).update(attacking_illegal=1, giving_check_illegal="yes"),
     [(E, "TYPE", M0 + "/giving_check_illegal", None, "expected a boolean, found a string"),
      (E, "TYPE", M0 + "/attacking_illegal", None, "expected a boolean, found an integer")])
case("bad", "piece_count_bad",
     lambda g: move0(g).update(conditions=[{"condition": "PIECE_COUNT", "piece": "KING", "at_most": -1},
                                           {"condition": "PIECE_COUNT", "piece": "QUEEN", "at_most": 1},
                                           {"condition": "PIECE_COUNT", "piece": "KING"}]),
     [(E, "RANGE", M0 + "/conditions/0/at_most", None, "-1 is out of range 0..255"),
      (E, "REFERENCE", M0 + "/conditions/1/piece", None, "piece code 'QUEEN' is not defined in /pieces"),
      (E, "MISSING", M0 + "/conditions/2", None, "PIECE_COUNT needs 'at_most', 'at_least' or both")])
case("bad", "piece_count_in_drop",
     lambda g: (g.update(hands=True),
                g["pieces"][0].update(drops=[{"conditions": [{"condition": "PIECE_COUNT", "piece": "KING", "at_most": 1}]}])),
     [(E, "VALUE", "/pieces/0/drops/0/conditions/0", None, "a drop takes only named POSITION conditions")])
case("bad", "step_beyond_limit", lambda g: move0(g).update(step=[0, 33]),
     [(E, "LIMIT", M0 + "/step/1", None, "33 is beyond +-32 (GGN_MAX_BOARD_SIDE)")])
case("bad", "step_not_pair", lambda g: move0(g).update(step=[1]),
     [(E, "VALUE", M0 + "/step", None, "an offset [dx, dy] must be a pair of integers, found 1 values")])
case("bad", "move_unknown_field", lambda g: move0(g).update(range=3),
     [(E, "UNKNOWN", M0 + "/range", None, "unknown field 'range' in a move; allowed: id, step, actions")])
case("bad", "actions_missing", lambda g: move0(g).pop("actions"),
     [(E, "MISSING", M0, None, "missing required field 'actions'")])
case("bad", "actions_empty", lambda g: move0(g).update(actions=[]),
     [(E, "VALUE", M0 + "/actions", None, "a move needs at least one action")])
case("bad", "action_names",
     lambda g: move0(g).update(actions=[{"state": "OCCUPIED", "action": "MOVE"},
                                        {"state": "ENEMY", "action": "JUMP"},
                                        {"state": "NOT_EMPTY", "action": "CAPTURE"},
                                        {"action": "MOVE", "side_effect": []}]),
     [(E, "UNKNOWN", M0 + "/actions/0/state", None, "unknown state 'OCCUPIED'; allowed: EMPTY, ENEMY, ALLY"),
      (E, "UNKNOWN", M0 + "/actions/1/action", None, "unknown action 'JUMP'; allowed: MOVE, CAPTURE"),
      (E, "UNKNOWN", M0 + "/actions/2/state", None, "state 'NOT_EMPTY' is only for repeat.until"),
      (E, "UNKNOWN", M0 + "/actions/3/side_effect", None,
       "unknown field 'side_effect' in an action; allowed: state, action, conditions, side_effects"),
      (E, "MISSING", M0 + "/actions/3", None, "missing required field 'state'")])
case("bad", "actions_limit",
     lambda g: move0(g).update(actions=[{"state": s, "action": "MOVE"} for s in ["EMPTY", "ENEMY", "ALLY"] * 3]),
     [(E, "LIMIT", M0 + "/actions", None, "9 entries, more than the limit of 8 (GGN_MAX_ACTIONS)"),
      (W, "DUPLICATE", M0 + "/actions/3/state", None, "action 0 already handles EMPTY squares")])

# ---------------------------------------------------------------- conditions
case("bad", "conditions_limit", lambda g: move0(g).update(conditions=[{"condition": "FIRST_MOVE"}] * 17),
     [(E, "LIMIT", M0 + "/conditions", None, "17 entries, more than the limit of 16 (GGN_MAX_CONDITIONS)")])
case("bad", "condition_unknown",
     lambda g: (g.update(conditions=[zone()]), move0(g).update(conditions=[{"condition": "IN_CHECK"}])),
     [(E, "UNKNOWN", M0 + "/conditions/0/condition", None, "unknown condition 'IN_CHECK'; allowed:")])
case("bad", "condition_fields",
     lambda g: (g.update(conditions=[zone()]),
                move0(g).update(conditions=[{"condition": "FIRST_MOVE", "position": [0, 1]},
                                            {"condition": "CHECK_STATE", "state": "TAGGED"},
                                            {"condition": "ZONE", "player": "WHITE"},
                                            {"state": "TAGGED"}])),
     [(E, "UNKNOWN", M0 + "/conditions/0/position", None, "unknown field 'position': condition FIRST_MOVE takes no field but 'condition'"),
      (E, "MISSING", M0 + "/conditions/1", None, "missing required field 'position'"),
      (E, "UNKNOWN", M0 + "/conditions/2/player", None, "unknown field 'player' in a named-condition reference; allowed: condition, on"),
      (E, "MISSING", M0 + "/conditions/3", None, "missing required field 'condition'")])
case("bad", "depends_on_bad",
     lambda g: g["pieces"][0].update(moves=[
         mv(0, conditions=[{"condition": "DEPENDS_ON", "move_id": 1}]),
         mv(1, (0, 2), conditions=[{"condition": "DEPENDS_ON", "move_id": 7},
                                   {"condition": "DEPENDS_ON", "move_id": 1},
                                   {"condition": "DEPENDS_ON"}])]),
     [(E, "REFERENCE", M0 + "/conditions/0/move_id", None,
       "move 1 is not listed before this move; DEPENDS_ON can only name an earlier move"),
      (E, "REFERENCE", "/pieces/0/moves/1/conditions/0/move_id", None, "piece 'KING' has no move with id 7"),
      (E, "REFERENCE", "/pieces/0/moves/1/conditions/1/move_id", None, "move 1 is not listed before this move"),
      (E, "MISSING", "/pieces/0/moves/1/conditions/2", None, "missing required field 'move_id'")])
case("bad", "first_move_piece_filter_bad",
     lambda g: move0(g).update(conditions=[{"condition": "PIECE_FIRST_MOVE", "position": [3, 0], "piece": "CASTLE"},
                                           {"condition": "ROOK_FIRST_MOVE", "piece": "KING"},
                                           {"condition": "ROOK_FIRST_MOVE", "position": [40, 0]}]),
     [(E, "REFERENCE", M0 + "/conditions/0/piece", None, "piece code 'CASTLE' is not defined"),
      (E, "MISSING", M0 + "/conditions/1", None, "missing required field 'position'"),
      (E, "LIMIT", M0 + "/conditions/2/position/0", None, "40 is beyond +-32 (GGN_MAX_BOARD_SIDE)")])
case("bad", "squares_empty_bad",
     lambda g: move0(g).update(conditions=[{"condition": "SQUARES_EMPTY", "positions": []},
                                           {"condition": "SQUARES_EMPTY", "positions": [[1, 0, 0]]},
                                           {"condition": "SQUARES_EMPTY"}]),
     [(E, "VALUE", M0 + "/conditions/0/positions", None, "SQUARES_EMPTY needs at least one offset"),
      (E, "VALUE", M0 + "/conditions/1/positions/0", None, "must be a pair of integers, found 3 values"),
      (E, "MISSING", M0 + "/conditions/2", None, "missing required field 'positions'")])
case("bad", "flags_limit",
     lambda g: move0(g).update(side_effects=[{"action": "SET_STATE", "state": "F%d" % i} for i in range(5)],
                               conditions=[{"condition": "CHECK_STATE", "state": "G%d" % i, "position": [0, 1]}
                                           for i in range(4)]),
     [(E, "LIMIT", M0 + "/side_effects/4/state", None,
       "state 'F4' would be distinct state number 9, past the limit of 8 (GGN_MAX_FLAGS)")])

# ---------------------------------------------------------------- modifiers
case("bad", "modifier_bad",
     lambda g: move0(g).update(modifiers=[{"action": "PROMOTE", "options": ["KING"]},
                                          {"action": "TRANSFORM", "options": ["DRAGON"], "conditions": [{"condition": "FIRST_MOVE"}]},
                                          {"action": "TRANSFORM", "options": []},
                                          {"action": "TRANSFORM"}]),
     [(E, "UNKNOWN", M0 + "/modifiers/0/action", None, "unknown modifier 'PROMOTE'; allowed: TRANSFORM"),
      (W, "VALUE", M0 + "/modifiers/1", None, "never applies: modifier 0 before it has no conditions"),
      (E, "REFERENCE", M0 + "/modifiers/1/options/0", None, "piece code 'DRAGON' is not defined"),
      (W, "VALUE", M0 + "/modifiers/2", None, "never applies"),
      (E, "VALUE", M0 + "/modifiers/2/options", None, "TRANSFORM needs at least one option"),
      (W, "VALUE", M0 + "/modifiers/3", None, "never applies"),
      (E, "MISSING", M0 + "/modifiers/3", None, "missing required field 'options'")])
case("bad", "options_limit",
     lambda g: move0(g).update(modifiers=[{"action": "TRANSFORM", "options": ["KING"] * 17}]),
     [(E, "LIMIT", M0 + "/modifiers/0/options", None, "17 entries, more than the limit of 16 (GGN_MAX_OPTIONS)"),
      (W, "DUPLICATE", M0 + "/modifiers/0/options/1", None, "option 'KING' is already listed")] +
     [(W, "DUPLICATE", M0 + "/modifiers/0/options/%d" % i, None, "already listed") for i in range(2, 16)])

# ---------------------------------------------------------------- side effects
case("bad", "side_effects_bad",
     lambda g: move0(g).update(side_effects=[{"action": "TELEPORT", "to": [0, 2]},
                                             {"action": "SET_STATE", "state": "MOVED", "duration": -1},
                                             {"action": "CAPTURE", "target": [1, 0], "from": [0, 0]},
                                             {"action": "MOVE", "piece": "CASTLE", "from": [3, 0], "to": [1, 0]},
                                             {"action": "MOVE", "from": [3, 0]},
                                             {"action": "SET_STATE", "duration": 1}]),
     [(E, "UNKNOWN", M0 + "/side_effects/0/action", None,
       "unknown side effect 'TELEPORT'; allowed: SET_STATE, CAPTURE, MOVE"),
      (E, "RANGE", M0 + "/side_effects/1/duration", None, "-1 is out of range: must be at least 0"),
      (E, "UNKNOWN", M0 + "/side_effects/2/from", None, "unknown field 'from' in side effect CAPTURE; allowed: action, target"),
      (E, "REFERENCE", M0 + "/side_effects/3/piece", None, "piece code 'CASTLE' is not defined"),
      (E, "MISSING", M0 + "/side_effects/4", None, "missing required field 'to'"),
      (E, "MISSING", M0 + "/side_effects/5", None, "missing required field 'state'")])
case("bad", "duration_too_large",
     lambda g: move0(g).update(side_effects=[{"action": "SET_STATE", "state": "X", "duration": 3000000000}]),
     [(E, "RANGE", M0 + "/side_effects/0/duration", None, "3000000000 is out of range 0..2147483647")])
case("bad", "side_effects_limit",
     lambda g: move0(g).update(side_effects=[{"action": "CAPTURE", "target": [0, 1]}] * 9),
     [(E, "LIMIT", M0 + "/side_effects", None, "9 entries, more than the limit of 8 (GGN_MAX_SIDE_EFFECTS)")])
case("bad", "action_level_bad",
     lambda g: move0(g)["actions"][0].update(conditions=[{"condition": "NOT_ATTACKED", "strict": True}],
                                             side_effects=[{"action": "CAPTURE"}]),
     [(E, "UNKNOWN", M0 + "/actions/0/conditions/0/strict", None, "unknown field 'strict': condition NOT_ATTACKED takes no field but 'condition'"),
      (E, "MISSING", M0 + "/actions/0/side_effects/0", None, "missing required field 'target'")])

# ---------------------------------------------------------------- repeat
case("bad", "repeat_bad",
     lambda g: g["pieces"][0].update(moves=[mv(0, repeat={"times": 0, "until": "BLOCKED", "loop": "yes"}),
                                            mv(1, (1, 0), repeat={"times": 40}),
                                            mv(2, (0, -1), repeat=True)]),
     [(E, "UNKNOWN", M0 + "/repeat/until", None, "unknown state 'BLOCKED'; allowed: EMPTY, NOT_EMPTY, ENEMY, ALLY"),
      (E, "TYPE", M0 + "/repeat/loop", None, "expected a boolean, found a string"),
      (E, "RANGE", M0 + "/repeat/times", None, "0 is out of range 1..32"),
      (E, "LIMIT", "/pieces/0/moves/1/repeat/times", None, "40 is past the limit of 32 (GGN_MAX_BOARD_SIDE)"),
      (E, "TYPE", "/pieces/0/moves/2/repeat", None, "expected an object, found a boolean")])

# ---------------------------------------------------------------- draw_conditions
case("bad", "draw_bad",
     lambda g: g.update(draw_conditions={"repetition_count": 1, "fifty_move_halfmoves": 100,
                                         "fifty_move_pawn_codes": ["PEON"],
                                         "insufficient_material": [["KING"], [], "KING", ["KING", "BISHOP"]],
                                         "stalemate": "draw"}),
     [(E, "UNKNOWN", "/draw_conditions/stalemate", None,
       "unknown field 'stalemate' in draw_conditions; allowed: repetition_count, fifty_move_halfmoves"),
      (E, "RANGE", "/draw_conditions/repetition_count", None, "repetition_count 1 would end every game at once"),
      (E, "REFERENCE", "/draw_conditions/fifty_move_pawn_codes/0", None, "piece code 'PEON' is not defined"),
      (E, "VALUE", "/draw_conditions/insufficient_material/1", None, "a material set must list at least one piece code"),
      (E, "TYPE", "/draw_conditions/insufficient_material/2", None, "expected an array, found a string"),
      (E, "REFERENCE", "/draw_conditions/insufficient_material/3/1", None, "piece code 'BISHOP' is not defined")])
def dead_positions(g):
    g["pieces"].append({"code": "BISHOP", "moves": []})
    g["draw_conditions"] = {"insufficient_material": [
        {"material": [["KING"]]},
        {"material": [["KING"], ["KING"]], "same_square_colour": ["BISHOP"]},
        {"material": [["KING", "BISHOP"], []], "colour": "dark"},
        {"same_square_colour": ["KING"]}]}
case("bad", "draw_dead_bad", dead_positions,
     [(E, "VALUE", "/draw_conditions/insufficient_material/0/material", None,
       "1 material sets for 2 players: give one set per player"),
      (E, "VALUE", "/draw_conditions/insufficient_material/1/same_square_colour/0", None,
       "'BISHOP' is in no material set of this entry, so the colour rule could never apply"),
      (E, "UNKNOWN", "/draw_conditions/insufficient_material/2/colour", None,
       "unknown field 'colour' in a dead-position entry; allowed: material, same_square_colour"),
      (E, "MISSING", "/draw_conditions/insufficient_material/3", None, "missing required field 'material'")])
# ---------------------------------------------------------------- game_end
case("bad", "game_end_bad",
     lambda g: g.update(game_end={"no_move": {"in_check": "loss", "not_in_check": "victory"},
                                  "goals": [{"on": "HILL", "result": "win"}],
                                  "extinction": [{"pieces": [], "fewer_than": 0, "result": "win"}],
                                  "check_limit": 3, "giving_check_illegal": True, "sudden_death": True}),
     [(E, "UNKNOWN", "/game_end/sudden_death", None,
       "unknown field 'sudden_death' in game_end; allowed: no_move, goals, extinction, check_limit, forced_capture"),
      (E, "VALUE", "/game_end/no_move/in_check", None, "a game without a leader is never in check"),
      (E, "UNKNOWN", "/game_end/no_move/not_in_check", None, "unknown result 'victory'; allowed: win, loss, draw"),
      (E, "REFERENCE", "/game_end/goals/0/on", None, "'HILL' is no named condition of /conditions"),
      (E, "VALUE", "/game_end/extinction/0/pieces", None, "an empty list of pieces names no piece"),
      (E, "RANGE", "/game_end/extinction/0/fewer_than", None, "0 is out of range"),
      (E, "VALUE", "/game_end/check_limit", None, "a game without a leader has no checks"),
      (E, "VALUE", "/game_end/giving_check_illegal", None, "a game without a leader has no checks, so this rule")])
# "fewest_pieces" compares players: a no-move result only; "answer" on extinction is a boolean.
case("bad", "game_end_compare",
     lambda g: g.update(game_end={"no_move": {"not_in_check": "fewest_pieces"},
                                  "extinction": [{"fewer_than": 2, "result": "fewest_pieces", "answer": "yes"}]}),
     [(E, "UNKNOWN", "/game_end/extinction/0/result", None, "unknown result 'fewest_pieces'; allowed: win, loss, draw"),
      (E, "TYPE", "/game_end/extinction/0/answer", None, "expected a boolean")])
# teams: every player in exactly one team, at least two teams.
case("bad", "teams_bad",
     lambda g: g.update(teams=[["WHITE"], ["WHITE", "NOBODY"]]),
     [(E, "DUPLICATE", "/teams/1/0", None, "player 'WHITE' is already in team 0"),
      (E, "REFERENCE", "/teams/1/1", None, "player 'NOBODY' is not defined in /players"),
      (E, "VALUE", "/teams", None, "player 'BLACK' is in no team")])
def empty_zone(g):
    g["leader"] = "KING"
    g["conditions"] = [{"code": "HILL", "type": "POSITION", "check": {"WHITE": []}}]
    g["game_end"] = {"goals": [{"on": "HILL", "pieces": ["QUEEN"]}]}
case("bad", "game_end_goal_never", empty_zone,
     [(E, "VALUE", "/game_end/goals/0/on", None, "'HILL' lists no square for any player, so this goal could never be reached"),
      (E, "REFERENCE", "/game_end/goals/0/pieces/0", None, "piece code 'QUEEN' is not defined"),
      (E, "MISSING", "/game_end/goals/0", None, "missing required field 'result'")])
# checkmate_by_only / checkmate_needs: known kinds, a result word, a leader to mate; the series
# of checks is read two plies apart (two players who alternate); no checkmate without checks.
case("bad", "checkmate_rules_bad",
     lambda g: g.update(game_end={"checkmate_by_only": {"pieces": ["KNIGHT"], "result": "victory"},
                                  "checkmate_needs": {"check_by": [], "otherwise": "draw", "depth": 2}}),
     [(E, "REFERENCE", "/game_end/checkmate_by_only/pieces/0", None, "piece code 'KNIGHT' is not defined"),
      (E, "UNKNOWN", "/game_end/checkmate_by_only/result", None, "unknown result 'victory'; allowed: win, loss, draw"),
      (E, "VALUE", "/game_end/checkmate_by_only", None, "a game without a leader has no checkmate"),
      (E, "UNKNOWN", "/game_end/checkmate_needs/depth", None, "unknown field 'depth' in checkmate_needs"),
      (E, "VALUE", "/game_end/checkmate_needs/check_by", None, "an empty list of pieces names no piece"),
      (E, "VALUE", "/game_end/checkmate_needs", None, "a game without a leader has no checkmate")])
def checkmate_three(g):
    g["leader"] = "KING"
    g["players"].append({"name": "RED", "direction": [[1, 0], [0, 1]],
                         "starting_positions": [{"piece": "KING", "positions": [[3, 0]]}]})
    g["turns"]["order"] = ["WHITE", "BLACK", "RED"]
    g["game_end"] = {"checkmate_needs": {"check_by": ["KING"], "otherwise": "draw"}}
case("bad", "checkmate_needs_three", checkmate_three,
     [(E, "VALUE", "/game_end/checkmate_needs", None,
       "needs two players who take turns (this game has 3 players, 3 turns a round)")])
case("bad", "checkmate_without_checks",
     lambda g: g.update(leader="KING", game_end={"giving_check_illegal": True,
                                                 "checkmate_by_only": {"pieces": ["KING"], "result": "draw"}}),
     [(E, "VALUE", "/game_end/checkmate_by_only", None, "with giving_check_illegal no move gives check")])
# ---------------------------------------------------------------- fen_rights (extension)
def with_symbol(g, rights):
    g["pieces"][0]["symbol"] = "K"
    g["fen_rights"] = rights
case("bad", "fen_rights_empty", lambda g: with_symbol(g, []),
     [(E, "VALUE", "/fen_rights", None, "an empty fen_rights list carries nothing")])
case("bad", "fen_rights_refs", lambda g: with_symbol(g, ["ROOK", "KING", "KING"]),
     [(E, "REFERENCE", "/fen_rights/0", None, "piece code 'ROOK' is not defined in /pieces"),
      (E, "DUPLICATE", "/fen_rights/2", None, "KING is listed twice")])
case("bad", "fen_rights_no_fen", lambda g: g.update(fen_rights=["KING"]),
     [(E, "VALUE", "/fen_rights", None, "fen_rights needs FEN, and piece KING has no symbol")])
def rights_castler(g):
    with_symbol(g, ["KING"])
    g["pieces"][0]["moves"].append({"id": 1, "step": [2, 0], "actions": [{"state": "EMPTY", "action": "MOVE"}],
                                    "side_effects": [{"action": "MOVE", "piece": "KING", "from": [1, 0], "to": [0, 0]}]})
case("bad", "fen_rights_castler", rights_castler,
     [(E, "VALUE", "/fen_rights/0", None, "KING takes part in castling, whose rights FEN's castling field already carries")])
def rights_off_rank(g):
    with_symbol(g, ["MET"])
    g["pieces"].append({"code": "MET", "symbol": "M", "betza": "F"})
    g["players"][0]["starting_positions"].append({"piece": "MET", "positions": [[1, 1]]})
case("bad", "fen_rights_off_rank", rights_off_rank,
     [(E, "VALUE", "/fen_rights/0", None, "MET starts on [1, 1], off WHITE's first rank (row 0)")])
case("bad", "draw_types", lambda g: g.update(draw_conditions={"repetition_count": "3", "fifty_move_halfmoves": -2,
                                                                "fifty_move_pawn_codes": "PAWN"}),
     [(E, "TYPE", "/draw_conditions/repetition_count", None, "expected an integer, found a string"),
      (E, "RANGE", "/draw_conditions/fifty_move_halfmoves", None, "-2 is out of range: must be at least 0"),
      (E, "TYPE", "/draw_conditions/fifty_move_pawn_codes", None, "expected an array, found a string")])

# ---------------------------------------------------------------- unknown fields elsewhere
case("bad", "unknown_fields_more",
     lambda g: (g["turns"].update(first="WHITE"),
                g.update(conditions=[dict(zone(), note="x")]),
                move0(g).update(repeat={"loop": True, "max": 3},
                                modifiers=[{"action": "TRANSFORM", "options": ["KING"], "optional": True}])),
     [(E, "UNKNOWN", "/turns/first", None, "unknown field 'first' in turns; allowed: order, start_at"),
      (E, "UNKNOWN", "/conditions/0/note", None, "unknown field 'note' in a named condition; allowed: code, type, check"),
      (E, "UNKNOWN", M0 + "/modifiers/0/optional", None, "unknown field 'optional' in a modifier; allowed: action, conditions, options"),
      (E, "UNKNOWN", M0 + "/repeat/max", None, "unknown field 'max' in repeat; allowed: until, loop, times")])
case("bad", "modifiers_limit",
     lambda g: move0(g).update(modifiers=[{"action": "TRANSFORM", "conditions": [{"condition": "FIRST_MOVE"}],
                                           "options": ["KING"]}] * 9),
     [(E, "LIMIT", M0 + "/modifiers", None, "9 entries, more than the limit of 8 (GGN_MAX_ACTIONS, which also bounds modifiers)")])
case("bad", "state_names_bad",
     lambda g: move0(g).update(conditions=[{"condition": "CHECK_STATE", "state": "", "position": [0, 1]}],
                               side_effects=[{"action": "SET_STATE", "state": 7}]),
     [(E, "VALUE", M0 + "/conditions/0/state", None, "must not be an empty string"),
      (E, "TYPE", M0 + "/side_effects/0/state", None, "expected a string, found an integer")])

# ---------------------------------------------------------------- many at once
# ---------------------------------------------------------------- hands and drops (extensions)
def hands_bad(g):
    g.update(hands="yes", conditions=[zone()])
    k = g["pieces"][0]
    k.update(symbol="K~~", captured_as="EMPEROR",
             drops=[{"conditions": [{"condition": "ZONE"}, {"condition": "FIRST_MOVE"}]}, {"where": "anywhere"}, 5])
case("bad", "hands_bad", hands_bad,
     [(E, "TYPE", "/hands", None, "expected a boolean, found a string"),
      (E, "VALUE", "/pieces/0/symbol", None, "symbol must be one ASCII letter, found \"K~~\" (or a letter and '~', or '+' and a letter: the promoted forms)"),
      (E, "REFERENCE", "/pieces/0/captured_as", None, "piece code 'EMPEROR' is not defined in /pieces"),
      (W, "VALUE", "/pieces/0/captured_as", None, "captured_as has no effect without \"hands\": true"),
      (W, "VALUE", "/pieces/0/drops", None, "drops have no effect without \"hands\": true"),
      (E, "VALUE", "/pieces/0/drops/0/conditions/1", None, "a drop takes only named POSITION conditions"),
      (E, "UNKNOWN", "/pieces/0/drops/1/where", None, "unknown field 'where' in a drop; allowed: conditions, no_checkmate, as"),
      (E, "TYPE", "/pieces/0/drops/2", None, "expected an object, found an integer")])


def hands_symbols(g):
    g.update(hands=True)
    g["pieces"][0].update(symbol="K")
    g["pieces"].append({"code": "QUEEN", "symbol": "q~", "moves": []})
    g["pieces"].append({"code": "DUCHESS", "symbol": "Q~", "moves": [], "captured_as": "QUEEN",
                        "drops": {"conditions": []}})
case("bad", "hands_symbols", hands_symbols,
     [(E, "DUPLICATE", "/pieces/2/symbol", None, "symbol 'Q~' is already used by piece 'QUEEN'"),
      (E, "TYPE", "/pieces/2/drops", None, "expected an array, found an object")])


def shogi_bad(g):
    g.update(hands=True, conditions=[zone()])
    k = g["pieces"][0]
    k.update(symbol="+K",
             drops=[{"conditions": [{"condition": "ZONE", "on": "SOURCE"}, {"condition": "FILE_FREE_OF"},
                                    {"condition": "FILE_FREE_OF", "piece": "KING"}],
                     "no_checkmate": "yes"}])
    move0(g).update(conditions=[{"condition": "ZONE", "on": "BOTH"},
                                {"condition": "FILE_FREE_OF", "piece": "KING"}])
    g["pieces"].append({"code": "PRINCE", "symbol": "+k", "moves": []})
case("bad", "shogi_extensions_bad", shogi_bad,
     [(E, "VALUE", "/pieces/0/drops/0/conditions/0/on", None, "\"on\": \"SOURCE\" is only meaningful inside a piece's move"),
      (E, "MISSING", "/pieces/0/drops/0/conditions/1", None, "missing required field 'piece'"),
      (E, "TYPE", "/pieces/0/drops/0/no_checkmate", None, "expected a boolean, found a string"),
      (E, "VALUE", "/pieces/0/drops/0/conditions/2", None, "a drop takes at most one FILE_FREE_OF"),
      (E, "VALUE", M0 + "/conditions/0/on", None, "\"on\" must be \"TARGET\", \"SOURCE\" or \"PATH\", found \"BOTH\""),
      (E, "VALUE", M0 + "/conditions/1", None, "FILE_FREE_OF is only meaningful in a drop"),
      (E, "DUPLICATE", "/pieces/1/symbol", None, "symbol '+K' is already used by piece 'KING'")])


# ---------------------------------------------------------------- drops as another kind (extension "as")
def drops_as_bad(g):
    g.update(hands=True)
    g["pieces"][0]["drops"] = [{"as": "EMPEROR"}, {"as": "KING"}]
    g["pieces"].append({"code": "PAWN", "symbol": "P", "moves": [], "drops": [{}, {"as": "ROOK"}]})
    g["pieces"].append({"code": "SILVER", "symbol": "S", "moves": [], "drops": [{"as": "ROOK"}, {"as": "BISHOP"}]})
    g["pieces"].append({"code": "ROOK", "symbol": "+P", "moves": [], "captured_as": "PAWN", "drops": []})
    g["pieces"].append({"code": "BISHOP", "symbol": "+S", "moves": [], "captured_as": "SILVER"})
case("bad", "drops_as_bad", drops_as_bad,
     [(E, "REFERENCE", "/pieces/0/drops/0/as", None, "piece code 'EMPEROR' is not defined in /pieces"),
      (E, "VALUE", "/pieces/0/drops/1/as", None, "\"as\" names the dropped piece itself; leave it out"),
      (E, "DUPLICATE", "/pieces/2/drops/0/as", None, "the drops of 'PAWN' already put 'ROOK' on the board"),
      (E, "VALUE", "/pieces/2/drops/1/as", None, "'BISHOP' is also dropped from its own hand")])


# ---------------------------------------------------------------- hop and facing leaders (extensions)
case("bad", "hop_and_facing_bad",
     lambda g: (g.update(leaders_may_not_face=1),
                move0(g).update(repeat={"loop": True, "hop": 0}),
                g["pieces"][0]["moves"].append({"id": 1, "step": [1, 0], "repeat": {"hop": 33},
                                                "actions": [{"state": "ENEMY", "action": "CAPTURE"}]})),
     [(E, "TYPE", "/leaders_may_not_face", None, "expected a boolean, found an integer"),
      (E, "RANGE", M0 + "/repeat/hop", None, "0 is out of range 1..32"),
      (E, "LIMIT", "/pieces/0/moves/1/repeat/hop", None, "33 is past the limit of 32 (GGN_MAX_BOARD_SIDE)")])


# ---------------------------------------------------------------- starting hands (extension)
def starting_hand_bad(g):
    g.update(hands=True, captures_to_hand=1)
    g["players"][0]["starting_hand"] = [{"piece": "KING", "count": 1}, {"piece": "QUEEN", "count": 1},
                                        {"piece": "KING", "count": 0}]
case("bad", "starting_hand_bad", starting_hand_bad,
     [(E, "TYPE", "/captures_to_hand", None, "expected a boolean, found an integer"),
      (E, "REFERENCE", "/players/0/starting_hand/1/piece", None, "piece code 'QUEEN' is not defined in /pieces"),
      (E, "RANGE", "/players/0/starting_hand/2/count", None, "0 is out of range 1..255"),
      (E, "DUPLICATE", "/players/0/starting_hand/2/piece", None, "this piece is already in the starting hand (entry 0)")])
case("bad", "starting_hand_without_hands",
     lambda g: g["players"][1].update(starting_hand=[{"piece": "KING", "count": 1}]),
     [(E, "VALUE", "/players/1/starting_hand", None, "starting_hand needs \"hands\": true")])
# The placement-phase vocabulary needs hands: without them it is refused, never ignored.
case("bad", "drops_compulsory_without_hands",
     lambda g: g.update(drops_compulsory=True),
     [(E, "VALUE", "/drops_compulsory", None, "drops_compulsory needs \"hands\": true")])
case("bad", "unmoved_drop_without_hands",
     lambda g: g["pieces"][0].update(drops=[{"unmoved": True}]),
     [(W, "VALUE", "/pieces/0/drops", None, "drops have no effect without \"hands\": true"),
      (E, "VALUE", "/pieces/0/drops/0/unmoved", None, "\"unmoved\" needs \"hands\": true")])
case("bad", "drops_opposite_colours_without_hands",
     lambda g: g["pieces"][0].update(drops_opposite_colours=True),
     [(E, "VALUE", "/pieces/0/drops_opposite_colours", None, "drops_opposite_colours needs \"hands\": true")])


# ---------------------------------------------------------------- gating (extension)
case("bad", "gating_without_hands",
     lambda g: g.update(conditions=[zone()], gating={"pieces": ["KING"], "on": "ZONE"}),
     [(E, "VALUE", "/gating", None, "gating needs \"hands\": true")])
case("bad", "gating_not_object", lambda g: g.update(hands=True, gating=3),
     [(E, "TYPE", "/gating", None, "expected an object, found an integer")])
case("bad", "gating_bad",
     lambda g: g.update(hands=True, conditions=[zone()], gating={"pieces": [], "on": "NOWHERE"}),
     [(E, "VALUE", "/gating/pieces", None, "gating with no pieces gates nothing"),
      (E, "REFERENCE", "/gating/on", None, "'NOWHERE' is no named condition of /conditions")])
case("bad", "gating_bad_piece",
     lambda g: g.update(hands=True, conditions=[zone()], gating={"pieces": ["QUEEN"], "on": "ZONE"}),
     [(E, "REFERENCE", "/gating/pieces/0", None, "piece code 'QUEEN' is not defined in /pieces")])
case("bad", "gating_missing_on",
     lambda g: g.update(hands=True, gating={"pieces": ["KING"]}),
     [(E, "MISSING", "/gating", None, "missing required field 'on'")])
# ---------------------------------------------------------------- chain captures (extension)
# A chain on a move that captures nothing (no hop screen to jump) is refused, not run as a step.
case("bad", "chain_no_capture",
     lambda g: move0(g).update(chain={}),
     [(E, "VALUE", M0 + "/chain", None, "this move captures nothing")])
case("bad", "chain_bad",
     lambda g: (g.update(leader="KING"),
                move0(g).update(chain={"promotion_ends": 1, "stop": True}, repeat={"times": 2, "hop": 1},
                                actions=[{"state": "ENEMY", "action": "CAPTURE"}])),
     [(E, "UNKNOWN", M0 + "/chain/stop", None, "unknown field 'stop': chain takes no field but 'promotion_ends'"),
      (E, "TYPE", M0 + "/chain/promotion_ends", None, "expected a boolean, found an integer"),
      (E, "VALUE", M0 + "/chain", None, "a chain move has exactly one action"),
      (E, "VALUE", M0 + "/chain", None, "chain moves in a game with a leader are not supported")])
case("bad", "forced_capture_most_bad",
     lambda g: g.update(game_end={"forced_capture": "most"}),
     [(E, "VALUE", "/game_end/forced_capture", None, "no move of this game has \"chain\"")])
case("bad", "forced_capture_word",
     lambda g: g.update(game_end={"forced_capture": "always"}),
     [(E, "VALUE", "/game_end/forced_capture", None, "forced_capture is true, false or \"most\", not 'always'")])


# ---------------------------------------------------------------- option limits (extension)
case("bad", "option_limits_bad",
     lambda g: (g["pieces"].append({"code": "QUEEN", "moves": []}),
                move0(g).update(modifiers=[{"action": "TRANSFORM", "options": ["KING"],
                                            "option_limits": {"KING": 0, "QUEEN": 1, "ROOK": 1}}])),
     [(E, "RANGE", M0 + "/modifiers/0/option_limits/KING", None, "0 is out of range 1..255"),
      (E, "VALUE", M0 + "/modifiers/0/option_limits/QUEEN", None, "'QUEEN' is not one of this TRANSFORM's options"),
      (E, "REFERENCE", M0 + "/modifiers/0/option_limits/ROOK", None, "piece code 'ROOK' is not defined in /pieces")])


def many(g):
    g["name"] = ""
    g["board"]["dimensions"] = [4, 40]
    g["players"][1]["direction"] = [[2, 0], [0, 1]]
    g["turns"]["start_at"] = 5
    move0(g)["step"] = [0, 0]
    move0(g)["actions"][0]["action"] = "TAKE"
    g["pieces"][0]["moves"].append(mv(0, (1, 0), conditions=[{"condition": "DEPENDS_ON", "move_id": 3}]))
case("bad", "many_errors", many,
     [(E, "VALUE", "/name", None, "must not be an empty string"),
      (E, "LIMIT", "/board/dimensions/1", None, "40 is past the limit of 32 (GGN_MAX_BOARD_SIDE)"),
      (E, "VALUE", "/players/1/direction", None, "direction [[2, 0], [0, 1]] has determinant 2"),
      (E, "RANGE", "/turns/start_at", None, "start_at 5 is out of range"),
      (E, "VALUE", M0 + "/step", None, "step [0, 0]"),
      (E, "UNKNOWN", M0 + "/actions/0/action", None, "unknown action 'TAKE'"),
      (E, "DUPLICATE", "/pieces/0/moves/1/id", None, "move id 0 is already used"),
      (E, "REFERENCE", "/pieces/0/moves/1/conditions/0/move_id", None, "piece 'KING' has no move with id 3")])

# ---------------------------------------------------------------- warnings only (these load)
case("warn", "warn_actions_same_state",
     lambda g: move0(g).update(actions=[{"state": "EMPTY", "action": "MOVE"}, {"state": "EMPTY", "action": "MOVE"}]),
     [(W, "DUPLICATE", M0 + "/actions/1/state", None, "action 0 already handles EMPTY squares")])
case("warn", "warn_shear_direction", lambda g: g["players"][1].update(direction=[[1, 1], [0, 1]]),
     [(W, "VALUE", "/players/1/direction", None, "is a shear, not a rotation or reflection")])
case("warn", "warn_capture_on_empty",
     lambda g: move0(g).update(actions=[{"state": "EMPTY", "action": "CAPTURE"}]),
     [(W, "VALUE", M0 + "/actions/0/action", None, "CAPTURE on an EMPTY square has nothing to capture")])
case("warn", "warn_effects",
     lambda g: move0(g).update(side_effects=[{"action": "SET_STATE", "state": "X", "duration": 0},
                                             {"action": "CAPTURE", "target": [0, 0]},
                                             {"action": "MOVE", "from": [1, 0], "to": [1, 0]}]),
     [(W, "VALUE", M0 + "/side_effects/0/duration", None, "duration 0"),
      (W, "VALUE", M0 + "/side_effects/1/target", None, "target [0, 0] is the moving piece's own source square"),
      (W, "VALUE", M0 + "/side_effects/2/to", None, "'from' and 'to' are the same square")])
case("warn", "warn_repeat_times_with_loop", lambda g: move0(g).update(repeat={"loop": True, "times": 3}),
     [(W, "VALUE", M0 + "/repeat/times", None, "'times' is ignored when 'loop' is true")])
case("warn", "warn_modifiers",
     lambda g: move0(g).update(modifiers=[{"action": "TRANSFORM", "options": ["KING", "KING"]},
                                          {"action": "TRANSFORM", "options": ["KING"]}]),
     [(W, "DUPLICATE", M0 + "/modifiers/0/options/1", None, "option 'KING' is already listed"),
      (W, "VALUE", M0 + "/modifiers/1", None, "never applies: modifier 0 before it has no conditions")])
case("warn", "warn_player_without_turn", lambda g: g["turns"].update(order=["WHITE"]),
     [(W, "VALUE", "/turns/order", None, "player 'BLACK' never gets a turn")])
case("warn", "warn_check_squares",
     lambda g: (g["board"].update(disabled_positions=[[2, 3]]),
                g.update(conditions=[zone(check={"WHITE": [[0, 3], [0, 3], [2, 3]]})])),
     [(W, "DUPLICATE", "/conditions/0/check/WHITE/1", None, "square [0, 3] is listed twice"),
      (W, "VALUE", "/conditions/0/check/WHITE/2", None, "square [2, 3] is disabled")])
case("warn", "warn_draw", lambda g: g.update(draw_conditions={"fifty_move_pawn_codes": ["KING", "KING"]}),
     [(W, "DUPLICATE", "/draw_conditions/fifty_move_pawn_codes/1", None, "piece code 'KING' is already listed"),
      (W, "VALUE", "/draw_conditions/fifty_move_pawn_codes", None, "pawn codes are unused")])
case("warn", "warn_squares_empty_own_square",
     lambda g: move0(g).update(conditions=[{"condition": "SQUARES_EMPTY", "positions": [[0, 1], [0, 0]]}]),
     [(W, "VALUE", M0 + "/conditions/0/positions/1", None, "offset [0, 0] is the moving piece's own square")])

case("warn", "warn_hands_fields",
     lambda g: g["pieces"][0].update(captured_as="KING", drops=[{}]),
     [(W, "VALUE", "/pieces/0/captured_as", None, "captured_as has no effect without \"hands\": true"),
      (W, "VALUE", "/pieces/0/drops", None, "drops have no effect without \"hands\": true")])

case("warn", "warn_facing_without_leader", lambda g: g.update(leaders_may_not_face=True),
     [(W, "VALUE", "/leaders_may_not_face", None, "no effect in a game without a leader")])


# ---------------------------------------------------------------- castling to fixed files (extension castle)
M1 = "/pieces/0/moves/1"
case("bad", "castle_bad",
     lambda g: g["pieces"][0]["moves"].append(
         {"id": 1, "step": [1, 0], "castle": {"partner": "KING", "side": "up", "castler_file": 4,
                                               "partner_file": 0, "with": 1}}),
     [(E, "VALUE", M1 + "/step", None, "a castle move has no 'step'"),
      (E, "UNKNOWN", M1 + "/castle/with", None, "unknown field 'with' in castle"),
      (E, "VALUE", M1 + "/castle/partner", None, "a piece cannot castle with a piece of its own kind"),
      (E, "UNKNOWN", M1 + "/castle/side", None, "unknown side 'up'; allowed: high"),
      (E, "RANGE", M1 + "/castle/castler_file", None, "4 is out of range 0..3")])


def castle_not_castler(g):
    g["leader"] = "KING"
    g["pieces"].append({"code": "ROOK", "moves": [
        {"id": 0, "castle": {"partner": "KING", "side": "low", "castler_file": 1, "partner_file": 1}}]})
case("bad", "castle_not_castler", castle_not_castler,
     [(E, "VALUE", "/pieces/1/moves/0/castle/partner_file", None, "cannot land on the same file (1)"),
      (E, "VALUE", "/pieces/1/moves/0/castle", None, "only the castler castles, and that is KING (the leader)")])


# ---------------------------------------------------------------- random starts (extension random_start)
def with_rooks(g, squares, **rules):
    g["pieces"].append({"code": "ROOK", "moves": []})
    g["players"][0]["starting_positions"].append({"piece": "ROOK", "positions": [[1, 0]]})
    g["players"][1]["starting_positions"].append({"piece": "ROOK", "positions": [[2, 3]]})
    g["random_start"] = dict(squares=squares, **rules)
RS = "/random_start"
case("bad", "random_start_unknown_player",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [1, 0]], "BLACK": [[3, 3], [2, 3]], "GREY": []}),
     [(E, "REFERENCE", RS + "/squares/GREY", None, "'GREY' is not the name of a player")])
case("bad", "random_start_missing_player",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [1, 0]]}),
     [(E, "MISSING", RS + "/squares", None, "missing required field 'BLACK'")])
case("bad", "random_start_square_twice",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [0, 0]], "BLACK": [[3, 3], [2, 3]]}),
     [(E, "DUPLICATE", RS + "/squares/WHITE/1", None, "square [0, 0] is already listed at index 0")])
case("bad", "random_start_empty_square",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [2, 2]], "BLACK": [[3, 3], [2, 3]]}),
     [(E, "VALUE", RS + "/squares/WHITE/1", None, "no starting piece of WHITE stands on [2, 2]")])
case("bad", "random_start_lengths",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [1, 0]], "BLACK": [[3, 3]]}),
     [(E, "VALUE", RS + "/squares/BLACK", None, "1 squares, where WHITE lists 2")])
case("bad", "random_start_unmet",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [1, 0]], "BLACK": [[3, 3], [2, 3]]},
                          opposite_colours=[["ROOK"]]),
     [(E, "VALUE", RS, None, "no arrangement of the 2 pieces meets opposite_colours and between in 100000 draws (GGN_MAX_RANDOM_START_DRAWS)")])
case("bad", "random_start_rules_bad",
     lambda g: with_rooks(g, {"WHITE": [[0, 0], [1, 0]], "BLACK": [[3, 3], [2, 3]]},
                          opposite_colours=[["NOPE"], []],
                          between=[{"piece": "KING", "outer": "KING"}, {"piece": "KING"}], shuffle=True),
     [(E, "UNKNOWN", RS + "/shuffle", None, "unknown field 'shuffle' in random_start"),
      (E, "REFERENCE", RS + "/opposite_colours/0/0", None, "piece code 'NOPE' is not defined in /pieces"),
      (E, "VALUE", RS + "/opposite_colours/1", None, "a group of opposite_colours names at least one kind"),
      (E, "VALUE", RS + "/between/0/outer", None, "a piece cannot stand between pieces of its own kind"),
      (E, "MISSING", RS + "/between/1", None, "missing required field 'outer'")])
case("bad", "random_start_mismatch",
     lambda g: (with_rooks(g, {"WHITE": [[0, 0], [1, 0]], "BLACK": [[3, 3], [2, 3]]}),
                g["players"][1]["starting_positions"][1].update(piece="KING")),
     [(E, "VALUE", RS + "/squares/BLACK", None, "BLACK starts with 2 KING on these squares and WHITE with 1")])



# ---------------------------------------------------------------- passing, hop_except, "on": "PATH", points
# Without a leader a pass names the first square twice, so no move may end where it began.
case("bad", "pass_without_leader",
     lambda g: (g.update({"pass": True}),
                move0(g).update(step=[0, 0], modifiers=[{"action": "TRANSFORM", "options": ["KING"]}])),
     [(E, "VALUE", "/pass", None, "a game without a leader passes on its first square twice")])
# Groups, superko and area scoring (read_group_rules.c).
case("bad", "group_capture_without_drops", lambda g: g.update({"group_capture": {"suicide": False}}),
     [(E, "VALUE", "/group_capture", None, "group_capture is judged after a drop, and this game has no drops")])
case("bad", "group_capture_with_leader",
     lambda g: g.update({"group_capture": {}, "hands": True, "captures_to_hand": False, "leader": "KING"}),
     [(E, "VALUE", "/group_capture", None, "group_capture in a game with a leader is not supported")])
case("bad", "superko_unknown", lambda g: g.update({"superko": "situational"}),
     [(E, "UNKNOWN", "/superko", None, "unknown superko 'situational'; allowed: positional")])
case("bad", "area_komi_bad",
     lambda g: g.update({"pass": True, "game_end": {"passes": {"in_a_row": 2, "result": "area"},
                                                    "area": {"komi": {"BLACK": 7.25}}}}),
     [(E, "VALUE", "/game_end/area/komi/BLACK", None, "komi is a number of points from 0 to 10000")])
case("bad", "area_missing",
     lambda g: g.update({"pass": True, "game_end": {"passes": {"in_a_row": 2, "result": "area"}}}),
     [(E, "VALUE", "/game_end", None, "a result \"area\" needs \"area\"")])
def pass_rules_bad(g):
    g["game_end"] = {"passes": {"in_a_row": 2, "result": "points"},
                     "facing_leaders": {"result": "draw"}}
case("bad", "pass_rules_without_pass", pass_rules_bad,
     [(E, "VALUE", "/game_end/passes/in_a_row", None, "nobody may pass in this game"),
      (E, "VALUE", "/game_end/facing_leaders", None, "facing_leaders needs a leader and passing"),
      (E, "VALUE", "/game_end", None, "a result \"points\" needs \"points\"")])
def points_bad(g):
    g["leader"] = "KING"
    g["pass"] = True
    g["leaders_may_not_face"] = True
    g["game_end"] = {"no_move": {"in_check": "points"},
                     "facing_leaders": {"result": "points"},
                     "points": {"values": {"QUEEN": 9, "KING": -1}, "bonus": {"RED": 1}, "tie": "BLUE"}}
case("bad", "points_bad", points_bad,
     [(E, "UNKNOWN", "/game_end/no_move/in_check", None, "unknown result 'points'; allowed: win, loss, draw, fewest_pieces"),
      (E, "VALUE", "/game_end/facing_leaders", None, "with leaders_may_not_face the leaders can never face"),
      (E, "REFERENCE", "/game_end/points/values/QUEEN", None, "'QUEEN' is not the code of a piece"),
      (E, "RANGE", "/game_end/points/values/KING", None, "-1 is out of range"),
      (E, "REFERENCE", "/game_end/points/bonus/RED", None, "'RED' is not the name of a player"),
      (E, "REFERENCE", "/game_end/points/tie", None, "'BLUE' is not the name of a player")])
def hop_except_bad(g):
    g["leader"] = "KING"
    g["pieces"].append({"code": "CANNON", "moves": [
        {"id": 0, "step": [1, 0], "actions": [{"state": "ENEMY", "action": "CAPTURE"}],
         "repeat": {"loop": True, "hop_except": ["CANNON"]}},
        {"id": 1, "step": [0, 1], "actions": [{"state": "ENEMY", "action": "CAPTURE"}],
         "repeat": {"loop": True, "hop": 1, "hop_except": ["KING", "MORTAR"]}},
        {"id": 2, "step": [0, -1], "actions": [{"state": "ENEMY", "action": "CAPTURE"}],
         "repeat": {"loop": True, "hop": 1, "hop_except": []}}]})
case("bad", "hop_except_bad", hop_except_bad,
     [(E, "VALUE", "/pieces/1/moves/0/repeat/hop_except", None, "hop_except needs \"hop\""),
      (E, "VALUE", "/pieces/1/moves/1/repeat/hop_except/0", None, "the leader may not be excepted"),
      (E, "REFERENCE", "/pieces/1/moves/1/repeat/hop_except/1", None, "piece code 'MORTAR' is not defined"),
      (E, "VALUE", "/pieces/1/moves/2/repeat/hop_except", None, "an empty hop_except excepts nothing")])
def path_bad(g):
    g["conditions"] = [zone()]
    m = move0(g)
    m["conditions"] = [{"condition": "ZONE", "on": "WAY"}]
    m["actions"] = [{"state": "EMPTY", "action": "MOVE", "conditions": [{"condition": "ZONE", "on": "PATH"}]}]
case("bad", "path_bad", path_bad,
     [(E, "VALUE", M0 + "/conditions/0/on", None, "\"on\" must be \"TARGET\", \"SOURCE\" or \"PATH\", found \"WAY\""),
      (E, "VALUE", M0 + "/actions/0/conditions/0/on", None,
       "\"on\": \"PATH\" belongs in the move's own conditions, not in an action's")])
def points_unused(g):
    g["game_end"] = {"points": {"values": {"KING": 1}}}
case("warn", "warn_points_unused", points_unused,
     [(W, "VALUE", "/game_end/points", None, "no rule gives the result \"points\"")])

case("warn", "warn_captures_to_hand_without_hands", lambda g: g.update(captures_to_hand=False),
     [(W, "VALUE", "/captures_to_hand", None, "captures_to_hand has no effect without \"hands\": true")])

case("warn", "warn_checked_leader_without_leader", lambda g: g.update(checked_leader_only_captures=True),
     [(W, "VALUE", "/checked_leader_only_captures", None, "no effect in a game without a leader")])


# ---------------------------------------------------------------- stone games: clone, converts, forced pass
STEP = {"state": "EMPTY", "action": "MOVE"}


def stone(g):
    """MINI without its leader: a STONE kind that Ataxx-like rules may clone and convert with."""
    g["pieces"].append({"code": "STONE", "moves": [
        {"id": 0, "step": [1, 0], "clone": True, "actions": [STEP]}]})


def clone_bad(g):
    stone(g)
    g["pieces"][1]["moves"].append({"id": 1, "step": [0, 1], "clone": True, "actions": [STEP],
                                    "repeat": {"times": 2}})
    g["pieces"][0]["moves"][0]["clone"] = True
case("bad", "clone_bad", clone_bad,
     [(E, "VALUE", "/pieces/1/moves/1/clone", None, "no conditions, modifiers, side effects, repeat or chain"),
      (E, "VALUE", "/pieces/1/moves/0/clone", None, "'STONE' clones too: a clone is written by its target alone")])


def converts_leader(g):
    stone(g)
    g["pieces"][1]["moves"][0].pop("clone")
    g["leader"] = "KING"
    g["pieces"][1]["converts"] = {"adjacent": [[1, 0]]}
case("bad", "converts_leader", converts_leader,
     [(E, "VALUE", "/pieces/1/converts", None, "conversion in a game with a leader is not supported")])


def clone_leader(g):
    stone(g)
    g["leader"] = "KING"
case("bad", "clone_leader", clone_leader,
     [(E, "VALUE", "/pieces/1/moves/0/clone", None, "clones in a game with a leader are not supported")])


def converts_bad(g):
    stone(g)
    g["pieces"][1]["converts"] = {"adjacent": [[1, 0]], "flanked": [[0, 1]]}
    g["pieces"][0]["converts"] = {"flanked": [[0, 0], [1, 1], [1, 1]], "required": 1, "lines": 2}
case("bad", "converts_bad", converts_bad,
     [(E, "UNKNOWN", "/pieces/0/converts/lines", None, "unknown field 'lines' in converts"),
      (E, "VALUE", "/pieces/0/converts/flanked/0", None, "offset [0, 0] is the arrival square itself"),
      (E, "DUPLICATE", "/pieces/0/converts/flanked/2", None, "offset [1, 1] is listed twice"),
      (E, "TYPE", "/pieces/0/converts/required", None, "expected a boolean"),
      (E, "VALUE", "/pieces/1/converts", None, "converts needs exactly one of \"adjacent\"")])


def converts_players(g):
    stone(g)
    g["pieces"][1]["converts"] = {"adjacent": [[1, 0]] * 0 + [[x, 1] for x in range(-12, 13)]}
    g["players"].append({"name": "RED", "direction": [[1, 0], [0, 1]]})
    g["turns"]["order"].append("RED")
case("bad", "converts_players", converts_players,
     [(E, "LIMIT", "/pieces/1/converts/adjacent", None, "(GGN_MAX_CONVERT_OFFSETS)"),
      (E, "VALUE", "/pieces/1/converts", None, "conversion needs a game of two players")])


def pass_forced_bad(g):
    g["pass"] = "sometimes"
case("bad", "pass_word_bad", pass_forced_bad,
     [(E, "VALUE", "/pass", None, "\"pass\" is true (a player may pass) or \"forced\"")])


def pass_forced_stay(g):
    g["pass"] = "forced"
    g["pieces"].append({"code": "QUEEN", "moves": []})
    g["pieces"][0]["moves"].append({"id": 1, "step": [0, 0], "actions": [STEP],
                                    "modifiers": [{"action": "TRANSFORM", "options": ["QUEEN"]}]})
    g["game_end"] = {"passes": {"in_a_row": 2, "result": "draw"}}
case("bad", "pass_forced_stay", pass_forced_stay,
     [(E, "VALUE", "/pass", None, "/pieces/0/moves/1 (a move that stays) can end where it began"),
      (E, "VALUE", "/game_end/passes/in_a_row", None, "with \"pass\": \"forced\" a player passes only while")])


# ---------------------------------------------------------------- tafl and Lines of Action (issue 38)
def custodial_bad(g):
    stone(g)
    g["pieces"][1]["custodial"] = {"directions": [[0, 0], [1, 0], [1, 0]], "captures": ["STONE"],
                                   "surround": ["STONE"], "hostile": "NOWHERE", "side": 1}
case("bad", "custodial_bad", custodial_bad,
     [(E, "UNKNOWN", "/pieces/1/custodial/side", None, "unknown field 'side' in custodial"),
      (E, "VALUE", "/pieces/1/custodial/directions/0", None, "direction [0, 0] points at the arrival square"),
      (E, "DUPLICATE", "/pieces/1/custodial/directions/2", None, "direction [1, 0] is listed twice"),
      (E, "VALUE", "/pieces/1/custodial", None, "both in \"captures\""),
      (E, "REFERENCE", "/pieces/1/custodial/hostile", None, "'NOWHERE' is no named condition")])


def custodial_leader(g):
    g["leader"] = "KING"
    g["pieces"][0]["custodial"] = {}
case("bad", "custodial_leader", custodial_leader,
     [(E, "VALUE", "/pieces/0/custodial", None, "custodial capture in a game with a leader is not supported")])


def distance_bad(g):
    stone(g)
    g["pieces"][1]["moves"] = [
        {"id": 0, "step": [1, 0], "actions": [STEP], "repeat": {"distance": "far"}},
        {"id": 1, "step": [0, 1], "actions": [STEP, {"state": "ALLY", "action": "CAPTURE"}],
         "repeat": {"distance": "pieces_on_line", "loop": True}}]
case("bad", "distance_bad", distance_bad,
     [(E, "UNKNOWN", "/pieces/1/moves/0/repeat/distance", None, "unknown distance 'far'"),
      (E, "VALUE", "/pieces/1/moves/1/repeat/distance", None, "it takes no loop, times, until or hop"),
      (E, "VALUE", "/pieces/1/moves/1/repeat/distance", None, "by plain actions (EMPTY or ENEMY")])


def united_and_players_bad(g):
    g["game_end"] = {"united": [{"result": "win", "diagonals": True}], "enclosed": [{"players": []}],
                     "extinction": [{"result": "loss", "players": ["WHITE", "WHITE", "NOBODY"]}]}
case("bad", "united_and_players_bad", united_and_players_bad,
     [(E, "DUPLICATE", "/game_end/extinction/0/players/1", None, "player 'WHITE' is listed twice"),
      (E, "REFERENCE", "/game_end/extinction/0/players/2", None, "'NOBODY' is no player's name"),
      (E, "UNKNOWN", "/game_end/united/0/diagonals", None, "unknown field 'diagonals' in a united rule"),
      (E, "VALUE", "/game_end/enclosed/0/players", None, "an empty list concerns nobody"),
      (E, "MISSING", "/game_end/enclosed/0", None, "result")])


def fort_bad(g):
    g["game_end"] = {"fort": [{"pieces": ["KING"], "side": 1}]}
case("bad", "fort_bad", fort_bad,
     [(E, "UNKNOWN", "/game_end/fort/0/side", None, "unknown field 'side' in a fort rule"),
      (E, "MISSING", "/game_end/fort/0", None, "result"),
      (E, "VALUE", "/game_end/fort/0", None, "a fort needs custodial capture")])


def fort_takes(g):
    g["pieces"][0]["custodial"] = {"shield_wall": 1}
    g["pieces"][0]["moves"][0]["actions"].append({"state": "ENEMY", "action": "CAPTURE"})
    g["game_end"] = {"fort": [{"pieces": ["KING"], "result": "win"}]}
case("bad", "fort_takes", fort_takes,
     [(E, "TYPE", "/pieces/0/custodial/shield_wall", None, "boolean"),
      (E, "VALUE", "/game_end/fort/0", None, "a fort in a game whose moves take pieces is not supported")])
def repetition_loser_bad(g):
    g["draw_conditions"] = {"repetition_loser": "NOBODY"}
case("bad", "repetition_loser_bad", repetition_loser_bad,
     [(E, "REFERENCE", "/draw_conditions/repetition_loser", None, "'NOBODY' is not the name of a player")])


def repetition_loser_no_count(g):
    g["draw_conditions"] = {"repetition_loser": "WHITE"}
case("bad", "repetition_loser_no_count", repetition_loser_no_count,
     [(E, "VALUE", "/draw_conditions/repetition_loser", None, "without a repetition_count")])
# ---------------------------------------------------------------- turns in parts: "then"
def then_bad(g):
    g["pieces"].append({"code": "QUEEN", "betza": "mQ", "then": {"betza": "Q", "place": "ARROW", "shoot": 1}})
    g["pieces"].append({"code": "WALL", "moves": [], "then": {"betza": "mR"}})
case("bad", "then_bad", then_bad,
     [(E, "UNKNOWN", "/pieces/1/then/shoot", None, "unknown field 'shoot'"),
      (E, "REFERENCE", "/pieces/1/then/place", None, "ARROW"),
      (E, "VALUE", "/pieces/1/then/betza", None, "a part that places a piece only passes over empty squares"),
      (E, "MISSING", "/pieces/2/then", None, "place")])


def then_leader(g):
    g["leader"] = "KING"
    g["pieces"].append({"code": "ARROW", "moves": []})
    g["pieces"][0]["then"] = {"betza": "mQ", "place": "ARROW"}
case("bad", "then_leader", then_leader,
     [(E, "VALUE", "/pieces/0/then", None, "a turn in parts is not supported with a game with a leader")])


def then_remove_bad(g):
    g["pieces"][0]["then"] = {"remove": "ALLY"}
    g["pieces"].append({"code": "MAN", "moves": [], "then": {"remove": "ENEMY", "when": "closes_line"}})
    g["pieces"].append({"code": "ROOK", "betza": "mR", "then": {"betza": "mR", "place": "MAN", "except": "in_line"}})
case("bad", "then_remove_bad", then_remove_bad,
     [(E, "UNKNOWN", "/pieces/0/then/remove", None, "the one ggn knows is \"ENEMY\""),
      (E, "VALUE", "/pieces/1/then/when", None, "closes_line and in_line read the board's lines"),
      (E, "VALUE", "/pieces/2/then", None, "'when' and 'except' belong to a part that removes")])


# ---------------------------------------------------------------- points and lines: board.lines, "to": "any"
def board_lines_bad(g):
    g["board"]["lines"] = [[[0, 0]], [[0, 0], [1, 2]], [[0, 0], [1, 0], [2, 0]], [[2, 0], [1, 0]], [[3, 3], [3, 2]]]
case("bad", "board_lines_bad", board_lines_bad,
     [(E, "VALUE", "/board/lines/0", None, "a line joins at least two points, found 1"),
      (E, "VALUE", "/board/lines/1/1", None, "does not follow [0, 0] along the line"),
      (E, "DUPLICATE", "/board/lines/3/1", None, "a segment belongs to one line")])


def board_lines_leader(g):
    g["leader"] = "KING"
    g["board"]["lines"] = [[[0, 0], [0, 3]], [[0, 3], [3, 3]]]
case("bad", "board_lines_leader", board_lines_leader,
     [(E, "VALUE", "/board/lines", None, "a board of lines is not supported with a leader")])


def board_lines_long_step(g):
    g["board"]["lines"] = [[[0, 0], [0, 3]], [[0, 3], [3, 3]]]
    move0(g)["step"] = [0, 2]
case("bad", "board_lines_long_step", board_lines_long_step,
     [(E, "VALUE", "/board/lines", None, "a step longer than one point (on a board of lines a step goes to the "
                                         "next point of a line: [1, 0], [0, 1], [1, 1] and their opposites) at "
                                         "/pieces/0/moves/0")])


def to_any_bad(g):
    move0(g)["to"] = "any"
    g["pieces"].append({"code": "FLY", "moves": [
        {"id": 0, "to": "anywhere", "actions": [{"state": "EMPTY", "action": "MOVE"}]},
        {"id": 1, "to": "any", "actions": [{"state": "ENEMY", "action": "CAPTURE"}]}]})
case("bad", "to_any_bad", to_any_bad,
     [(E, "VALUE", M0 + "/to", None, "it has no 'step'"),
      (E, "UNKNOWN", "/pieces/1/moves/0/to", None, "unknown 'to' 'anywhere'"),
      (E, "VALUE", "/pieces/1/moves/1/to", None, "lands on an empty square")])
case("bad", "piece_count_never",
     lambda g: move0(g).update(conditions=[{"condition": "PIECE_COUNT", "piece": "KING", "at_most": 2, "at_least": 3}]),
     [(E, "VALUE", M0 + "/conditions/0/at_least", None, "at_least 3 is more than at_most 2")])


def main():
    for kind, cases in CASES.items():
        d = os.path.join(HERE, kind)
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            if f.endswith(".json"):
                os.remove(os.path.join(d, f))
        lines = ["# Written by ../gen_catalogue.py; do not edit by hand.",
                 "# FILE\tSEVERITY\tCODE\tPOINTER(- = root)\tLINE:COL\tMESSAGE SUBSTRING"]
        for name, g, expect in cases:
            fname = name + ".json"
            if isinstance(g, str):
                text, pos = g, {}
            else:
                w = Writer()
                w.emit(g, "", 0)
                w.put("\n")
                text, pos = "".join(w.parts), w.pos
            with open(os.path.join(d, fname), "w") as f:
                f.write(text)
            for sev, code, ptr, lc, sub in expect:
                if lc is None:
                    lc = pos[ptr]
                lines.append("\t".join([fname, sev, code, "-" if not ptr else ptr,
                                        "%d:%d" % lc, sub]))
        with open(os.path.join(d, "EXPECT"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print("%s: %d files" % (kind, len(cases)))


if __name__ == "__main__":
    main()
