#!/usr/bin/env python3
"""
make_seeds.py — (re)writes the seed corpora fuzz/corpus/<target>/ from the
project's own data: tests/data (spec and GGN catalogues, perft FENs), the
GGN documents and board states written inline in tests/test_ggn.c, games/,
../shared/compat when it exists, and hand-picked identifiers and move texts.
Seeds are named seed_<n>_<source>; inputs the fuzzer finds later are added
by libFuzzer under their SHA-1 names and kept alongside.

Run from anywhere: python3 fuzz/make_seeds.py
"""
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CORPUS = os.path.join(HERE, "corpus")


def write(target, items):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    for f in glob.glob(os.path.join(d, "seed_*")):
        os.remove(f)
    seen = set()
    n = 0
    for name, data in items:
        if isinstance(data, str):
            data = data.encode("utf-8")
        if data in seen:
            continue
        seen.add(data)
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name)[:40]
        with open(os.path.join(d, "seed_%03d_%s" % (n, safe)), "wb") as f:
            f.write(data)
        n += 1
    print("%-10s %d seeds" % (target, n))


def files(*patterns):
    out = []
    for p in patterns:
        for path in sorted(glob.glob(os.path.join(ROOT, p))):
            with open(path, "rb") as f:
                out.append((os.path.basename(path), f.read()))
    return out


def c_literals(path):
    """Adjacent C string literals of a test file, joined and unescaped."""
    src = open(path).read()
    out = []
    for group in re.findall(r'((?:"(?:[^"\\\n]|\\.)*"\s*)+)', src):
        parts = re.findall(r'"((?:[^"\\\n]|\\.)*)"', group)
        out.append(bytes("".join(parts), "utf-8").decode("unicode_escape"))
    return out


test_ggn = c_literals(os.path.join(ROOT, "tests", "test_ggn.c"))
json_lits = [s for s in test_ggn if s.startswith("{") and len(s) > 20]
ggn_docs = [s for s in json_lits if '"board"' not in s and '"active"' not in s]
states = [s for s in json_lits if '"board"' in s or '"active"' in s]
feens = [s for s in test_ggn if re.match(r"^[0-9A-Za-z+\-'^/]+ [^ ]+ [A-Za-z/]+( .*)?$", s)]

write("ggn", files("tests/data/ggn/bad/*.json") + [("test_ggn", d) for d in ggn_docs])

write("spec", files("games/*.json", "tests/data/spec/good/*.json", "tests/data/spec/bad/*.json",
                    "tests/data/spec/warn/*.json") +
      files("../shared/compat/modern-chess/*.json", "../shared/compat/modern-chess/tests/*.json"))

write("feen", [("state", s) for s in states] + [("feen", s) for s in feens] + [
    ("feen_old", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - CHESS/chess"),
    ("feen_cur", "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL 2P/p S/s"),
    ("feen_3d", "K1/2//3/1k1 / R/r"),
    ("feen_hand", "4k3/8/8/8/8/8/8/4K3 2Pp shogi/SHOGI"),
    ("state_hands", '{"board": {"e2": "C:P"}, "hands": {"first": ["C:P", "C:P"], "second": []}, "active": "C"}'),
])

fens = []
for path in sorted(glob.glob(os.path.join(ROOT, "tests", "data", "perft", "*.epd"))):
    for line in open(path):
        line = line.strip()
        if line and not line.startswith("#"):
            fens.append(line.split(";")[0].strip())
write("fen", [("perft", f) for f in fens] + [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("short", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"),
    ("ep", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
    ("mate", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
    ("stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
    ("sfen_start", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
    ("sfen_hands", "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 15"),
    ("sfen_counts", "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124"),
    ("sfen_promoted", "4k4/9/4+P4/9/9/9/9/9/4K4 w 2P18p 2"),
    ("cambodian_start", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"),
    ("cambodian_rights", "3mk3/8/8/8/8/8/R7/3KM3 w Ede - 0 1"),
    ("cambodian_check", "8/8/8/8/8/4k3/8/K3M3 b E - 0 1"),
])

write("movetext", [("move", m) for m in [
    "e2e4", "e2-e4", "e2 e4", "g1f3", "e1g1", "e1c1", "b7b8q", "b7a8=QUEEN", "b7b8n", "b7b8",
    "e5d6", "[4,1] [4,3]", "[4, 1] [4, 3]", "e2xe4", "e2:e4", "e2>e4", "a1a1", "e2e4 ", "e7e8=KNIGHT",
    "e2e1q", "e2e1=Q", "h9h10", "z1z2", "aa1ab2", "", "-", "[0,0] [0,1]", "[-1,0] [0,0]",
    # USI text (read for boards of at most 9 columns, so for chess too).
    "5g5e", "7g7f", "2b2aq", "4b4aq", "P*5e", "8h2b+", "5a4b", " 5g5e ", "0a1a", "7j7f",
]])

write("id", [("id", t) for t in [
    "CHESS:K", "shogi:+p", "chess:-p", "GAME:X'", "XIANGQI:R", "C:K", "c:-p", "S:+P", "C:K^", "s:+p^",
    "e4", "a1", "aa26", "a1A", "z256", "iv255", "a1AA", "*", "", "CHESS:", ":K", "Chess:K", "C:KK",
    "a01", "e4e", "ab12CD", "iu256IU",
]])
