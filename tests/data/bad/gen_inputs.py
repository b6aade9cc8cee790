#!/usr/bin/env python3
"""
gen_inputs.py — writes the malformed inputs of tests/data/bad/ (byte-exact:
NUL bytes, BOMs, invalid UTF-8 and binary junk are easier to keep as code
than to edit by hand). The expected errors are in MANIFEST, written and
reviewed by hand; tests/test_bad.c checks both directions (every file has a
line, every line a file).

  files/  whole files, checked with `ggn check FILE` (exit 1, exact first line)
  fen/    FEN for games/chess.json            (ggn_position_set_fen)
  feen/   board states, FEEN or JSON          (ggn_board_state_parse)
  move/   move text in the chess start position (ggn_move_parse)
  id/     gan_*, qpi_*, cell_*, loc_*          (ggn_gan_parse, ...)

Run from anywhere: python3 tests/data/bad/gen_inputs.py
"""
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

MINI = ('{\n  "name": "MINI",\n  "board": {"dimensions": [%s, 4]},\n  "players": [\n'
        '    {"name": "WHITE", "direction": [[1, 0], [0, 1]], "starting_positions": [{"piece": "KING", "positions": [[0, 0]]}]},\n'
        '    {"name": "BLACK", "direction": [[-1, 0], [0, -1]], "starting_positions": [{"piece": "KING", "positions": [[3, 3]]}]}\n'
        '  ],\n  "turns": {"order": ["WHITE", "BLACK"]},\n'
        '  "pieces": [{"code": "KING", "name": "%s", "moves": [{"id": 0, "step": [0, 1], "actions": [{"state": "EMPTY", "action": "MOVE"}]}]}]\n}\n')


def mini(width="4", name="king"):
    return (MINI % (width, name)).encode("utf-8", "surrogatepass") if isinstance(name, str) else None


def mini_bytes(width=b"4", name=b"king"):
    return (MINI % ("@W@", "@N@")).encode().replace(b"@W@", width).replace(b"@N@", name)


GGN_OK = b'{"C:K": {"e1": {"e2": [{"must": {"e2": "empty"}, "deny": {}}]}}}'

rnd = random.Random(2026)

FILES = {
    "empty.json": b"",
    "whitespace_only.json": b" \n\t\r\n  ",
    "bom_ggn.json": b"\xef\xbb\xbf" + GGN_OK,
    "bom_spec.json": b"\xef\xbb\xbf" + mini_bytes(),
    "utf16le_bom.json": "{}".encode("utf-16"),
    "utf32_object.json": "{}".encode("utf-32-le"),
    "plain_text.txt": b"This is not JSON, it is a sentence.\n",
    "binary_junk.bin": bytes(rnd.randrange(256) for _ in range(512)),
    "elf_header.bin": b"\x7fELF\x02\x01\x01\x00" + bytes(56),
    "gzip_header.bin": b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" + bytes(rnd.randrange(256) for _ in range(40)),
    "nul_only.bin": b"\x00\x00\x00\x00",
    "nul_after_number.json": b'{"C:K": {"e1": {"e2": [{"must": {"e2": "empty"}, "deny": {}}]}}, "x": [1\x00]}',
    "nul_in_string.json": mini_bytes(name=b"ki\x00ng"),
    "nul_escape_in_string.json": mini_bytes(name=b"ki\\u0000ng"),
    "invalid_utf8_string.json": mini_bytes(name=b"\xc3\x28"),
    "invalid_utf8_key.json": b'{"\xff\xfe": {"e1": {"e2": [{"must": {}, "deny": {}}]}}}',
    "overlong_utf8.json": mini_bytes(name=b"\xc0\xaf"),
    "utf8_surrogate_bytes.json": mini_bytes(name=b"\xed\xa0\x80"),
    "lone_surrogate_escape.json": mini_bytes(name=b"\\ud800"),
    "truncated_utf8.json": mini_bytes(name=b"\xe2\x82"),
    "huge_integer.json": mini_bytes(width=b"99999999999999999999999999"),
    "int64_max.json": mini_bytes(width=b"9223372036854775807"),
    "int64_min.json": mini_bytes(width=b"-9223372036854775808"),
    "below_int64_min.json": mini_bytes(width=b"-9223372036854775809"),
    "huge_exponent.json": mini_bytes(width=b"1e400"),
    "tiny_real.json": mini_bytes(width=b"1e-400"),
    "real_dimension.json": mini_bytes(width=b"8.5"),
    "nan_literal.json": mini_bytes(width=b"NaN"),
    "infinity_literal.json": mini_bytes(width=b"Infinity"),
    "leading_zero_number.json": mini_bytes(width=b"08"),
    "plus_number.json": mini_bytes(width=b"+8"),
    "hex_number.json": mini_bytes(width=b"0x8"),
    "negative_zero.json": mini_bytes(width=b"-0"),
    "string_dimension.json": mini_bytes(width=b'"8"'),
    "trailing_garbage.json": GGN_OK + b" x",
    "two_documents.json": GGN_OK + b"\n" + GGN_OK,
    "top_array.json": b"[]",
    "top_string.json": b'"chess"',
    "top_number.json": b"42",
    "top_null.json": b"null",
    "top_true.json": b"true",
    "unterminated_string.json": b'{"C:K": {"e1',
    "unterminated_object.json": b'{"C:K": {"e1": {"e2": []}}',
    "single_quotes.json": b"{'C:K': {}}",
    "line_comment.json": b'{\n  // a comment\n  "C:K": {}\n}',
    "block_comment.json": b'{ /* a comment */ "C:K": {} }',
    "unquoted_key.json": b"{C:K: {}}",
    "trailing_comma_array.json": mini_bytes(width=b"4, 4,"),
    "raw_tab_in_string.json": mini_bytes(name=b"ki\tng"),
    "raw_newline_in_string.json": mini_bytes(name=b"ki\nng"),
    "bad_escape.json": mini_bytes(name=b"ki\\xng"),
    "short_unicode_escape.json": mini_bytes(name=b"ki\\u12"),
    "deep_65.json": b"[" * 65 + b"]" * 65,
    "deep_10000.json": b"\n" + b'{"a":' * 10000 + b"1" + b"}" * 10000,
    "deep_unbalanced.json": b"[" * 100000,
    "duplicate_key_deep.json": b'{"C:K": {"e1": {"e2": [{"must": {"e2": "empty", "e2": "enemy"}, "deny": {}}]}}}',
    "crlf_spec.json": mini_bytes(width=b"0").replace(b"\n", b"\r\n"),
    "long_key.json": b'{"' + b"K" * 10000 + b'": {}}',
    "long_name.json": mini_bytes(name=b"k" * 100000),
    "ggn_long_piece_id.json": b'{"' + b"C" * 40 + b':K": {"e1": {"e2": [{"must": {}, "deny": {}}]}}}',
    "ggn_huge_square.json": b'{"C:K": {"zzzzzz99999999": {"e2": [{"must": {}, "deny": {}}]}}}',
    "ggn_numbers_as_squares.json": b'{"C:K": {"1": {"2": [{"must": {}, "deny": {}}]}}}',
    "spec_negative_dimension.json": mini_bytes(width=b"-4"),
    "spec_zero_dimension.json": mini_bytes(width=b"0"),
}

FEN = {
    "empty.fen": b"",
    "spaces.fen": b"   ",
    "seven_ranks.fen": b"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "nine_ranks.fen": b"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rank_too_wide.fen": b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rank_too_short.fen": b"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "digit_overflow.fen": b"rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "unknown_piece.fen": b"rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "bad_side.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "bad_castling.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
    "bad_en_passant.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "negative_clock.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "zero_move_number.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
    "huge_clock.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
    "binary.fen": bytes(rnd.randrange(1, 256) for _ in range(64)),
    "disabled_marker.fen": b"rnbqkbnr/pppppppp/8/8/3*4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "leading_zero_run.fen": b"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "seventh_field.fen": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
}

FEEN = {
    "empty.feen": b"",
    "one_field.feen": b"8/8",
    "four_fields.feen": b"8/8 - A/a x",
    "bad_rank_char.feen": b"8/7? - A/a",
    "zero_run.feen": b"8/08 - A/a",
    "empty_rank.feen": b"8/8/ - A/a",
    "names_same_case.feen": b"8/8 - A/B",
    "names_mixed_case.feen": b"8/8 - Ab/a",
    "no_other_name.feen": b"8/8 - CHESS",
    "hand_count_one.feen": b"8/8 1P/ A/a",
    "three_hands.feen": b"8/8 P/p/ A/a",
    "hand_modifier_only.feen": b"8/8 P+ A/a",
    "huge_run.feen": b"99999999999/8 - A/a",
    "huge_hand_count.feen": b"8/8 99999999999P/ A/a",
    "nul_byte.feen": b"8/8\x00 - A/a",
    "invalid_utf8.feen": b"8/\xff8 - A/a",
    "json_no_active.json": b'{"board": {}}',
    "json_no_board.json": b'{"active": "first"}',
    "json_bad_square.json": b'{"board": {"e0": "C:K"}, "active": "first"}',
    "json_bad_piece.json": b'{"board": {"e1": "Chess:K"}, "active": "first"}',
    "json_piece_number.json": b'{"board": {"e1": 3}, "active": "first"}',
    "json_bad_active.json": b'{"board": {}, "active": "Mixed"}',
    "json_unknown_hand.json": b'{"board": {}, "hands": {"third": []}, "active": "first"}',
    "json_unknown_field.json": b'{"board": {}, "turn": 1, "active": "first"}',
    "json_syntax.json": b'{"board": {}, "active": "first",}',
    "json_array.json": b"[]",
    "json_deep.json": b"[" * 200,
    "json_hand_not_array.json": b'{"board": {}, "hands": {"first": "C:P"}, "active": "first"}',
}

MOVES = {
    "empty.move": b"",
    "one_square.move": b"e2",
    "off_board.move": b"e2e9",
    "bad_file.move": b"i1i2",
    "illegal.move": b"e2e5",
    "no_piece.move": b"e4e5",
    "not_a_promotion.move": b"e2e4q",
    "unknown_promotion.move": b"e2e4=EMPEROR",
    "bracket_half.move": b"[4,1]",
    "bracket_off_board.move": b"[4,1] [4,9]",
    "bracket_negative.move": b"[-1,0] [0,0]",
    "bracket_huge.move": b"[99999999999999999999,1] [4,3]",
    "long_garbage.move": b"e2e4" + b"x" * 300,
    "invalid_utf8.move": b"\xff\xfe",
    "three_dimensions.move": b"e2Ae4A",
}

IDS = {
    "gan_empty.id": b"",
    "gan_no_colon.id": b"CHESSK",
    "gan_empty_game.id": b":K",
    "gan_long_game.id": b"G" * 33 + b":K",
    "gan_mixed_case.id": b"Chess:K",
    "gan_case_differs.id": b"CHESS:k",
    "gan_two_letters.id": b"CHESS:KK",
    "gan_digit_game.id": b"CHE55:K",
    "gan_nul.id": b"CHESS:\x00",
    "qpi_empty.id": b"",
    "qpi_long_style.id": b"CC:K",
    "qpi_case_differs.id": b"C:k",
    "qpi_double_state.id": b"C:+-K",
    "qpi_gan_suffix.id": b"C:K'",
    "cell_empty.id": b"",
    "cell_hand.id": b"*",
    "cell_upper_first.id": b"E4",
    "cell_leading_zero.id": b"e04",
    "cell_four_dims.id": b"a1Aa",
    "cell_index_letters.id": b"iw1",
    "cell_index_number.id": b"a257",
    "cell_punctuation.id": b"e-4",
    "cell_utf8.id": "é4".encode(),
    "loc_two_stars.id": b"**",
    "loc_space.id": b"e4 ",
}


def main():
    for sub, items in (("files", FILES), ("fen", FEN), ("feen", FEEN), ("move", MOVES), ("id", IDS)):
        d = os.path.join(HERE, sub)
        os.makedirs(d, exist_ok=True)
        for f in os.listdir(d):
            os.remove(os.path.join(d, f))
        for name, data in items.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
    print(sum(len(x) for x in (FILES, FEN, FEEN, MOVES, IDS)), "inputs")


main()
