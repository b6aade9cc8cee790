#!/usr/bin/env python3
"""Random playouts from Python (the ggn package): the loop of bench/bench_playouts.c, per ply
the state's status, its legal action ids, one chosen at random, applied.

Usage: python3 bench/playouts.py [GAME [GAMES [SEED]]]   (default chess, 300 games, seed 1)
Run after `make python` (or with GGN_LIBRARY and PYTHONPATH=python set); docs/benchmarks.md.
"""
import random
import sys
import time

import ggn


def main(argv):
    name = argv[1] if len(argv) > 1 else "chess"
    games = int(argv[2]) if len(argv) > 2 else 300
    seed = int(argv[3]) if len(argv) > 3 else 1
    game = ggn.load_game(name)
    rng = random.Random(seed)
    plies = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        length = 0
        while not state.is_terminal() and length < game.max_game_length():
            state.apply_action(rng.choice(state.legal_actions()))
            length += 1
        plies += length
    secs = time.perf_counter() - t0
    print(f"Python: {games} games, {plies} plies, {secs:.2f} s: {games / secs:.1f} games/s, {plies / secs:.0f} plies/s")


if __name__ == "__main__":
    main(sys.argv)
