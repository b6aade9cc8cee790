#!/usr/bin/env python3
"""Tree size: the nodes an engine visits to reach a fixed depth, over a set of positions.

Each ENGINE searches every EVERY-th position of POSITIONS (one FEN a line; lines starting with "#"
are comments), COUNT of them, with "go depth DEPTH" after "ucinewgame", and the node count of its
last "info" line is taken. The totals say how large a tree each engine needs for a depth; since
"depth" means different things to different searches (how much each reduces and extends), they are
a clue to where the nodes go, not a measure of strength: bench/move_quality.py is that.

ENGINE is a UCI command line, optionally followed by ";NAME=VALUE" options, as for move_quality.py
("ggn uci;UCI_Variant=shogi"). --per-position prints each position's count too.

Usage: python3 bench/tree_size.py [--every K] [--count N] [--per-position] POSITIONS DEPTH ENGINE...
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from move_quality import Uci  # noqa: E402  (the same engine driver)


def nodes_to_depth(engine, fen, depth):
    engine.send("ucinewgame")
    engine.send("position fen " + fen)
    engine.ready()
    engine.send("go depth %d" % depth)
    nodes = 0
    for words in engine.read_until("bestmove"):
        if words[:1] == ["info"] and "nodes" in words:
            nodes = int(words[words.index("nodes") + 1])
    return nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--every", type=int, default=1, help="take every K-th position (default 1)")
    parser.add_argument("--count", type=int, default=0, help="at most N positions (default all)")
    parser.add_argument("--per-position", action="store_true", help="print each position's count")
    parser.add_argument("positions")
    parser.add_argument("depth", type=int)
    parser.add_argument("engines", nargs="+")
    args = parser.parse_args()
    with open(args.positions) as f:
        fens = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    fens = fens[::max(args.every, 1)]
    if args.count > 0:
        fens = fens[:args.count]
    for spec in args.engines:
        engine = Uci(spec)
        total = 0
        for fen in fens:
            n = nodes_to_depth(engine, fen, args.depth)
            total += n
            if args.per_position:
                print("%10d  %s" % (n, fen))
        engine.close()
        print("%s: %d nodes to depth %d over %d positions" % (spec, total, args.depth, len(fens)))


if __name__ == "__main__":
    main()
