#!/usr/bin/env python3
"""Positions of played games, each with an engine's score: the training set of bench/tune_eval.

Every STEP-th position of every game of the PGN files (from ply SKIP on) is sent to a UCI engine
(Debian's Fairy-Stockfish by default), searched to DEPTH, and written as one line

    FEN ; SCORE

SCORE in centipawns from the view of the side to move (mates as +/-30000); with DEPTH 0 nothing is
searched and SCORE is the game's result instead, as its Result tag gives it (1-0, 0-1, 1/2-1/2),
which bench/tune_eval reads from the side to move's view. The games are read
with `ggn pgn FILE --to json` (GGN is the ggn binary, ./build/ggn by default), so any PGN that
ggn reads will do, for instance those `ggn match ... --pgn FILE` writes (docs/benchmarks-log.md,
"Tuning the evaluation"). The engine names the variant itself: VARIANT is its UCI_Variant.

Usage: python3 bench/label_positions.py OUT DEPTH STEP SKIP VARIANT PGN...
"""
import json
import os
import subprocess
import sys


def engine_score(engine, fen, moves, depth):
    """That position's FEN (from the engine's `d`) and the engine's score of it (None at depth 0)."""
    engine.stdin.write("position fen %s moves %s\nd\n" % (fen, " ".join(moves)))
    here = None
    while here is None:
        line = engine.stdout.readline()
        if not line:
            raise RuntimeError("the engine closed its output")
        if line.startswith("Fen: "):
            here = line[5:].strip()
    if depth == 0:
        return here, None
    engine.stdin.write("go depth %d\n" % depth)
    score = None
    while True:
        words = engine.stdout.readline().split()
        if not words:
            continue
        if words[0] == "info" and "score" in words:
            i = words.index("score")
            kind, value = words[i + 1], int(words[i + 2])
            score = value if kind == "cp" else (30000 if value > 0 else -30000)
        elif words[0] == "bestmove":
            return here, score


def main(argv):
    if len(argv) < 7:
        sys.stderr.write(__doc__)
        return 2
    out, depth, step, skip, variant, pgns = argv[1], int(argv[2]), int(argv[3]), int(argv[4]), argv[5], argv[6:]
    ggn = os.environ.get("GGN", "./build/ggn")
    command = os.environ.get("ENGINE", "/usr/games/fairy-stockfish")
    engine = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    engine.stdin.write("uci\nsetoption name UCI_Variant value %s\nsetoption name Hash value 32\nisready\n" % variant)
    while engine.stdout.readline().strip() != "readyok":
        pass
    written = 0
    with open(out, "w") as sink:
        for pgn in pgns:
            text = subprocess.run([ggn, "pgn", pgn, "--to", "json"], capture_output=True, text=True, check=True).stdout
            games = json.loads(text)
            if isinstance(games, dict):
                games = [games]
            with open(pgn) as source:
                results = [line.split('"')[1] for line in source if line.startswith("[Result ")]
            for game, result in zip(games, results):
                moves = game["moves"]
                for ply in range(skip, len(moves), step):
                    engine.stdin.write("ucinewgame\n")
                    fen, score = engine_score(engine, game["start"], moves[:ply], depth)
                    if depth == 0 and result in ("1-0", "0-1", "1/2-1/2"):
                        sink.write("%s ; %s\n" % (fen, result))
                        written += 1
                    elif score is not None:
                        sink.write("%s ; %d\n" % (fen, score))
                        written += 1
            sys.stderr.write("%s: %d positions so far\n" % (pgn, written))
    engine.stdin.write("quit\n")
    engine.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
