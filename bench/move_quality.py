#!/usr/bin/env python3
"""Move quality: how much an engine's choices lose, as a strong engine judges them.

Each engine is given every position of POSITIONS (one FEN a line) for MOVETIME milliseconds and its
move is judged by Fairy-Stockfish at full strength (the judge): the loss of a move is the judge's
score of the position (searched to DEPTH) less its score after that move (searched to DEPTH - 1, so
both look as far ahead), in centipawns, never below 0; a move the judge would play itself loses 0.
Scores beyond +/-1000 are cut to 1000, so that a won position played one way or another counts no
more than a clear advantage.

The judgements are kept in CACHE (a JSON file), so measuring a changed engine on the same positions
costs its own thinking and the judge's look at the moves it changed. With more than one engine each
one after the first is compared with the first, position by position, which cancels most of the
noise of the position set: "-2.1 cp +/- 1.5" says the engine loses 2.1 centipawns a move less, with
a 95 % interval of 1.5.

Every engine speaks UCI; ENGINE is its command line, optionally followed by ";NAME=VALUE" options to
set, e.g. "/usr/games/fairy-stockfish;Skill Level=10". For a game other than chess each engine is
told its variant the same way ("ggn uci;UCI_Variant=xiangqi") and --variant tells the judge. -j N
runs N engines (and N judges) at once, each on its own position; on a machine with N cores, N gives
each a core. MOVETIME written with an "n" after it is a number of nodes instead ("20000n": "go nodes
20000"): an engine that searches alone then plays the same move every run, which takes the timing
noise out of comparing two versions of it (but not what a change does to its speed). --moves FILE
lists every move judged, a line each: the engine's number (1 for the first), the position, its
move, the judge's move, the judge's score of the position and the loss, separated by tabs, to look
at the worst.

Usage: python3 bench/move_quality.py [-j N] [--depth D] [--variant V] [--cache FILE] [--moves FILE]
           POSITIONS MOVETIME ENGINE...
"""
import json
import math
import os
import shlex
import subprocess
import sys
import threading

JUDGE = os.environ.get("JUDGE", "/usr/games/fairy-stockfish")
CAP_SCORE = 1000   # scores are cut to +/- this before a loss is taken
CAP_LOSS = 300     # the "capped" mean counts a loss at most this much
MATE_SCORE = 3000  # what a mate is worth to the judge's scores (cut to CAP_SCORE anyway)


class Uci:
    """One UCI engine process, spoken to line by line."""

    def __init__(self, spec):
        command, *options = spec.split(";")
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.read_until("uciok")
        for option in options:
            name, value = option.split("=", 1)
            self.send("setoption name %s value %s" % (name.strip(), value.strip()))

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def read_until(self, word):
        """The lines up to and including the first that starts with `word`."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine closed its output")
            lines.append(line.split())
            if lines[-1][:1] == [word]:
                return lines

    def ready(self):
        self.send("isready")
        self.read_until("readyok")

    def close(self):
        self.send("quit")
        self.proc.wait()


def judge_score(judge, fen, move, depth):
    """The judge's score at `depth` of fen (after `move` when given), for the side to move there, and its move."""
    judge.send("position fen %s%s" % (fen, " moves " + move if move else ""))
    judge.send("go depth %d" % depth)
    score, best = 0, None  # no legal move: the judge answers "bestmove (none)" with no score
    for words in judge.read_until("bestmove"):
        if words[:1] == ["info"] and "score" in words and "lowerbound" not in words and "upperbound" not in words:
            i = words.index("score")
            value = int(words[i + 2])
            score = value if words[i + 1] == "cp" else (MATE_SCORE if value > 0 else -MATE_SCORE)
        elif words[:1] == ["bestmove"]:
            best = words[1]
    return score, best


def in_parallel(items, jobs, start, work):
    """work(state, item) for every item, on `jobs` threads each with its own state from start()."""
    results, failures = [None] * len(items), []

    def run(k):
        try:
            state = start()
            for i in range(k, len(items), jobs):
                results[i] = work(state, items[i])
            state.close()
        except (OSError, RuntimeError, ValueError, IndexError) as e:
            failures.append(e)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise RuntimeError(str(failures[0]))
    return results


def chosen_moves(spec, fens, movetime, jobs):
    def start():
        engine = Uci(spec)
        engine.ready()
        return engine

    def think(engine, fen):
        engine.send("ucinewgame")
        engine.send("position fen " + fen)
        engine.send("go " + movetime)
        return engine.read_until("bestmove")[-1][1]

    return in_parallel(fens, jobs, start, think)


def judge_all(keys, depth, variant, jobs):
    """Judgements of "FEN" (the position: [score, best move]) and "FEN|MOVE" (the score after MOVE, mover's view)."""

    def start():
        judge = Uci(JUDGE + ";Hash=32" + (";UCI_Variant=" + variant if variant != "chess" else ""))
        judge.ready()
        return judge

    def work(judge, key):
        fen, _, move = key.partition("|")
        if not move:
            return list(judge_score(judge, fen, None, depth))
        return -judge_score(judge, fen, move, depth - 1)[0]

    return in_parallel(keys, jobs, start, work)


def cut(score):
    return max(-CAP_SCORE, min(CAP_SCORE, score))


def report(name, losses):
    n = len(losses)
    print("%s: mean loss %.1f cp, capped at %d: %.1f; the judge's move %.1f %%, loss >= 100: %.1f %%, >= 300: %.1f %% (%d positions)"
          % (name, sum(losses) / n, CAP_LOSS, sum(min(x, CAP_LOSS) for x in losses) / n,
             100 * sum(1 for x in losses if x == 0) / n, 100 * sum(1 for x in losses if x >= 100) / n,
             100 * sum(1 for x in losses if x >= 300) / n, n))


def compare(name, first, losses):
    diff = [min(b, CAP_LOSS) - min(a, CAP_LOSS) for a, b in zip(first, losses)]
    n = len(diff)
    mean = sum(diff) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / (n - 1)) if n > 1 else 0.0
    print("  against the first: %+.2f cp +/- %.2f (95 %%), %d positions judged differently" % (
        mean, 1.96 * sd / math.sqrt(n), sum(1 for d in diff if d)))


def main(argv):
    args, jobs, depth, variant, cache_file, moves_file = argv[1:], 1, 12, "chess", None, None
    while args and args[0].startswith("-"):
        flag = args.pop(0)
        if not args:
            sys.stderr.write(__doc__)
            return 2
        value = args.pop(0)
        if flag == "-j":
            jobs = int(value)
        elif flag == "--depth":
            depth = int(value)
        elif flag == "--variant":
            variant = value
        elif flag == "--cache":
            cache_file = value
        elif flag == "--moves":
            moves_file = value
        else:
            sys.stderr.write(__doc__)
            return 2
    if len(args) < 3:
        sys.stderr.write(__doc__)
        return 2
    fens = [line.strip() for line in open(args[0]) if line.strip() and not line.startswith("#")]
    if not fens:
        sys.stderr.write("move_quality: %s holds no position\n" % args[0])
        return 1
    limit, engines = args[1], args[2:]
    if not limit.rstrip("n").isdigit():
        sys.stderr.write(__doc__)
        return 2
    movetime = "nodes " + limit[:-1] if limit.endswith("n") else "movetime " + limit
    cache = json.load(open(cache_file)) if cache_file and os.path.exists(cache_file) else {}
    prefix = "%s %d " % (variant, depth)  # a cache may hold judgements of several depths and games

    first = None
    listing = open(moves_file, "w") if moves_file else None
    for number, spec in enumerate(engines, 1):
        try:
            moves = chosen_moves(spec, fens, movetime, jobs)
        except RuntimeError as e:
            sys.stderr.write("move_quality: %s: %s\n" % (spec, e))
            return 1
        wanted = fens + [f + "|" + m for f, m in zip(fens, moves)]
        todo = sorted({k for k in wanted if prefix + k not in cache})
        for key, value in zip(todo, judge_all(todo, depth, variant, jobs)):
            cache[prefix + key] = value
        if cache_file:
            with open(cache_file + ".tmp", "w") as out:
                json.dump(cache, out)
            os.replace(cache_file + ".tmp", cache_file)
        losses = []
        for fen, move in zip(fens, moves):
            score, best = cache[prefix + fen]
            after = score if move == best else cache[prefix + fen + "|" + move]
            losses.append(max(0, cut(score) - cut(after)))
            if listing:
                listing.write("%d\t%s\t%s\t%s\t%d\t%d\n" % (number, fen, move, best, score, losses[-1]))
        report(spec, losses)
        if first is None:
            first = losses
        else:
            compare(spec, first, losses)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
