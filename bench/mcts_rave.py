#!/usr/bin/env python3
"""The Monte Carlo player with RAVE against itself without (docs/ai.md, "RAVE"): GAMES games,
colours alternated, each side searching the same time or the same playouts a move.

Usage: python3 bench/mcts_rave.py GAME [GAMES [SECONDS|Nit]]
  (default 20 games at 0.3 s a move; "2000it" gives both sides 2000 playouts a move instead)
Run with GGN_LIBRARY=build/libggn.so GGN_PATH=games PYTHONPATH=python; docs/benchmarks.md.
"""
import sys

import ggn


def main(argv):
    name = argv[1] if len(argv) > 1 else "hex"
    games = int(argv[2]) if len(argv) > 2 else 20
    budget = argv[3] if len(argv) > 3 else "0.3"
    game = ggn.load_game(name)
    if budget.endswith("it"):
        limit = {"max_simulations": int(budget[:-2])}
    else:
        limit = {"max_simulations": 0, "time_limit": float(budget)}
    score = {"rave": 0.0, "plain": 0.0}
    for n in range(games):
        bots = {"rave": ggn.mcts_bot(game, rave=True, seed=2 * n + 1, **limit),
                "plain": ggn.mcts_bot(game, rave=False, seed=2 * n + 2, **limit)}
        first = "rave" if n % 2 == 0 else "plain"
        order = [first, "plain" if first == "rave" else "rave"]
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bots[order[state.current_player()]].step(state))
        returns = state.returns()
        for side, name_ in enumerate(order):
            score[name_] += (returns[side] + 1) / 2
        print(f"game {n + 1}: {order[0]} first, returns {returns}, RAVE {score['rave']:g} of {n + 1}", flush=True)
    print(f"{game} {budget}: RAVE {score['rave']:g}, without {score['plain']:g} of {games} games")


if __name__ == "__main__":
    main(sys.argv)
