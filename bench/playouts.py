#!/usr/bin/env python3
"""Random playouts from Python (the ggn package), in the two forms of bench/bench_playouts.c:
the step loop of a pyspiel program (per ply is_terminal, legal_actions, one chosen at random,
apply_action), and the batched call (ggn.random_playouts: the playouts of a batch of 64 new states in one call;
a position keeps a 1,024-move undo stack, about 700 KB, and a game keeps the positions of up to 64
freed states for its next new ones (docs/python.md, "The fast path"), so each batch after the
first reuses the last one's memory).

Usage: python3 bench/playouts.py [GAME [GAMES [SEED]]]   (default chess, 300 games, seed 1)
Run after `make python` (or with GGN_LIBRARY and PYTHONPATH=python set: the C extension ggn._fast
is then the one built beside that library); docs/benchmarks.md compares the figures with
bench_playouts'. Times are the process's CPU seconds. The first line says which path states run.
"""
import random
import sys
import time

import ggn


def step_loop(game, games, seed):
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        plies += len(state.history())
    return plies


BATCH = 64


def batched(game, games, seed):
    """Batches of BATCH new states, each batch's playouts in one call (the seed carried on)."""
    plies = 0
    for first in range(0, games, BATCH):
        states = [game.new_initial_state() for _ in range(min(BATCH, games - first))]
        plies += sum(ggn.random_playouts(states, seed=seed + first))
    return plies


def main(argv):
    name = argv[1] if len(argv) > 1 else "chess"
    games = int(argv[2]) if len(argv) > 2 else 300
    seed = int(argv[3]) if len(argv) > 3 else 1
    game = ggn.load_game(name)
    print("path:", "ggn._fast (C extension)" if ggn.FAST else "ctypes (no ggn._fast found)")
    for label, run in (("Python step loop", step_loop), ("Python batched", batched)):
        t0 = time.process_time()
        plies = run(game, games, seed)
        secs = time.process_time() - t0
        print(f"{label}: {games} games, {plies} plies, {secs:.2f} s: {games / secs:.1f} games/s, "
              f"{plies / secs:.0f} plies/s")


if __name__ == "__main__":
    main(sys.argv)
