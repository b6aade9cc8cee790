"""The C library through ctypes: finding libggn, its structs and the signatures used.

The structs mirror include/ggn/error.h, game.h and search.h field for field;
python/tests would fail at the first call if they drifted.
"""

import ctypes
import ctypes.util
import importlib.machinery
import importlib.util
import os
import sys
import warnings

# include/ggn/limits.h
MAX_ERRORS = 64
MAX_MOVES = 1024
MAX_PLY = 1024
MAX_PERFT_DEPTH = 32
MAX_SEARCH_DEPTH = 48
MAX_SEARCH_PV = 32
MAX_FEN_BYTES = 8192


class Error(ctypes.Structure):
    _fields_ = [
        ("code", ctypes.c_int),
        ("severity", ctypes.c_int),
        ("line", ctypes.c_int),
        ("column", ctypes.c_int),
        ("file", ctypes.c_char * 256),
        ("pointer", ctypes.c_char * 256),
        ("message", ctypes.c_char * 256),
    ]


class Errors(ctypes.Structure):
    _fields_ = [
        ("items", Error * MAX_ERRORS),
        ("count", ctypes.c_size_t),
        ("dropped", ctypes.c_size_t),
        ("errors", ctypes.c_size_t),
        ("warnings", ctypes.c_size_t),
    ]


class Move(ctypes.Structure):
    _fields_ = [
        ("from_", ctypes.c_uint16),
        ("to", ctypes.c_uint16),
        ("pattern", ctypes.c_uint8),
        ("action", ctypes.c_uint8),
        ("promotion", ctypes.c_uint8),
        ("modifier", ctypes.c_uint8),
    ]


class Status(ctypes.Structure):
    _fields_ = [
        ("outcome", ctypes.c_int),
        ("winner", ctypes.c_int),
        ("in_check", ctypes.c_bool),
        ("draw", ctypes.c_bool),
        ("player", ctypes.c_int),
        ("kind", ctypes.c_int),
        ("rule", ctypes.c_int),
    ]


class SearchLimits(ctypes.Structure):
    _fields_ = [
        ("depth", ctypes.c_int),
        ("time_ms", ctypes.c_long),
        ("nodes", ctypes.c_uint64),
        ("seed", ctypes.c_uint64),
        ("exact_time", ctypes.c_bool),
        # The clocks and the allowed root moves (ggn/search.h): zero, no clock and every move.
        ("move_time_ms", ctypes.c_long),
        ("clock_ms", ctypes.c_long * 2),
        ("increment_ms", ctypes.c_long * 2),
        ("byoyomi_ms", ctypes.c_long),
        ("moves_to_go", ctypes.c_int),
        ("overhead_ms", ctypes.c_long),
        ("infinite", ctypes.c_bool),
        ("root_moves", ctypes.c_void_p),
        ("root_move_count", ctypes.c_size_t),
    ]


class SearchResult(ctypes.Structure):
    _fields_ = [
        ("best", Move),
        ("score", ctypes.c_int),
        ("depth", ctypes.c_int),
        ("nodes", ctypes.c_uint64),
        ("found", ctypes.c_bool),
        ("seldepth", ctypes.c_int),
        ("pv_length", ctypes.c_int),
        ("pv", Move * MAX_SEARCH_PV),
    ]


def _library_path():
    """GGN_LIBRARY, else the copy `make python` put beside this file, else the system's libggn."""
    explicit = os.environ.get("GGN_LIBRARY")
    if explicit:
        return explicit
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "libggn.so")
    if os.path.isfile(here):
        return here
    found = ctypes.util.find_library("ggn")
    if found:
        return found
    raise ImportError(
        "ggn: libggn.so not found: run `make python` in the ggn tree (it copies the library into "
        "python/ggn/), set GGN_LIBRARY to the library's path, or install ggn (make install)"
    )


_LIBRARY = _library_path()
lib = ctypes.CDLL(_LIBRARY)


def _load_fast():
    """ggn._fast, the C hot path of State (python/ext/_fast.c), or None.

    Looked for beside the library just loaded (build/ beside build/libggn.so, the package's
    directory beside the copy `make python` put there), or in the package's directory when the
    library is the system's: the extension links to libggn.so.0, which is then the library already
    loaded, so that positions pass between it and ctypes. GGN_FAST=0 leaves it out (the ctypes
    path); GGN_FAST=1 requires it (ImportError without it); unset, its absence is warned about.
    """
    want = os.environ.get("GGN_FAST", "")
    if want == "0":
        return None
    here = os.path.dirname(os.path.abspath(__file__))
    where = os.path.dirname(os.path.abspath(_LIBRARY)) if os.sep in _LIBRARY else here
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(where, "_fast" + suffix)
        if os.path.isfile(path):
            spec = importlib.util.spec_from_file_location("ggn._fast", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules["ggn._fast"] = module
            return module
    text = (f"ggn: the C extension ggn._fast (_fast{importlib.machinery.EXTENSION_SUFFIXES[0]}) is not in {where}: "
            "states run the ctypes path, about ten times slower a ply (docs/python.md says how to build it)")
    if want == "1":
        raise ImportError(text)
    warnings.warn(text, RuntimeWarning, stacklevel=2)
    return None


fast = _load_fast()

_P = ctypes.c_void_p
_ERR = ctypes.POINTER(Error)
_I32P = ctypes.POINTER(ctypes.c_int32)
_MOVEP = ctypes.POINTER(Move)


def _sig(name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)


_sig("ggn_errors_init", None, ctypes.POINTER(Errors))
_sig("ggn_error_clear", None, _ERR)
_sig("ggn_error_format", None, _ERR, ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_code_name", ctypes.c_char_p, ctypes.c_int)

_sig("ggn_game_file_find", ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
     ctypes.c_char_p, ctypes.c_size_t, _ERR)
_sig("ggn_game_name_of_path", ctypes.c_size_t, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_game_load_file", _P, ctypes.c_char_p, ctypes.POINTER(Errors))
_sig("ggn_game_free", None, _P)
_sig("ggn_game_name", ctypes.c_char_p, _P)
_sig("ggn_game_cols", ctypes.c_int, _P)
_sig("ggn_game_rows", ctypes.c_int, _P)
_sig("ggn_game_player_count", ctypes.c_int, _P)
_sig("ggn_game_player_name", ctypes.c_char_p, _P, ctypes.c_int)
_sig("ggn_game_kind_count", ctypes.c_int, _P)
_sig("ggn_game_kind_code", ctypes.c_char_p, _P, ctypes.c_int)
_sig("ggn_game_has_hands", ctypes.c_bool, _P)
_sig("ggn_game_has_parts", ctypes.c_bool, _P)
_sig("ggn_game_has_fen", ctypes.c_bool, _P)
_sig("ggn_game_kind_symbol", ctypes.c_char, _P, ctypes.c_int)
_sig("ggn_game_team", ctypes.c_int, _P, ctypes.c_int)
_sig("ggn_game_square_enabled", ctypes.c_bool, _P, ctypes.c_int, ctypes.c_int)

_sig("ggn_position_new", _P, _P)
_sig("ggn_position_free", None, _P)
_sig("ggn_position_copy", None, _P, _P)
_sig("ggn_position_to_move", ctypes.c_int, _P)
_sig("ggn_position_ply", ctypes.c_int, _P)
_sig("ggn_position_halfmove_clock", ctypes.c_int, _P)
_sig("ggn_position_piece_at", ctypes.c_bool, _P, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_int),
     ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_bool))
_sig("ggn_position_hand_count", ctypes.c_int, _P, ctypes.c_int, ctypes.c_int)
_sig("ggn_position_status", Status, _P)
_sig("ggn_status_describe", ctypes.c_size_t, _P, ctypes.POINTER(Status), ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_position_unmake", ctypes.c_bool, _P)
_sig("ggn_position_fen", ctypes.c_size_t, _P, ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_position_set_fen", ctypes.c_bool, _P, ctypes.c_char_p, _ERR)
_sig("ggn_perft", ctypes.c_uint64, _P, ctypes.c_int)
_sig("ggn_move_format", ctypes.c_size_t, _P, Move, ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_move_parse", ctypes.c_bool, _P, ctypes.c_char_p, _MOVEP, _ERR)

_sig("ggn_position_result", ctypes.c_size_t, _P, ctypes.c_char_p, ctypes.c_size_t)
_sig("ggn_player_title", ctypes.c_char_p, _P, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t)

_sig("ggn_game_action_count", ctypes.c_int32, _P)
_sig("ggn_move_action", ctypes.c_int32, _P, Move)
_sig("ggn_position_legal_actions", ctypes.c_size_t, _P, _I32P, _MOVEP, ctypes.c_size_t)
_sig("ggn_action_move", ctypes.c_bool, _P, ctypes.c_int64, _MOVEP, _ERR)
_sig("ggn_position_apply_action", ctypes.c_bool, _P, ctypes.c_int64, _ERR)
_sig("ggn_position_recent_actions", ctypes.c_size_t, _P, ctypes.c_size_t, _I32P)
_sig("ggn_positions_playout", ctypes.c_size_t, ctypes.POINTER(_P), ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint64),
     ctypes.c_size_t, ctypes.POINTER(Status), ctypes.POINTER(ctypes.c_size_t))
_sig("ggn_positions_apply_actions", ctypes.c_size_t, ctypes.POINTER(_P), ctypes.c_size_t, _I32P,
     ctypes.POINTER(Status), _ERR)
_sig("ggn_position_playout", ctypes.c_size_t, _P, ctypes.POINTER(ctypes.c_uint64), ctypes.c_size_t,
     ctypes.POINTER(Status))
_sig("ggn_game_observation_planes", ctypes.c_int, _P)
_sig("ggn_position_observation", ctypes.c_bool, _P, ctypes.c_int, ctypes.POINTER(ctypes.c_float), ctypes.c_size_t, _ERR)

_sig("ggn_search_best", ctypes.c_bool, _P, ctypes.POINTER(SearchLimits), ctypes.POINTER(SearchResult))
