"""Benchmark of the ultimate move generator: perft from the start and play+legal_moves nodes per second.

Usage: ``.venv/bin/python scripts/bench_perft.py [--depth 6] [--positions 200]``.
Perft counts the last ply in bulk (len of legal_moves); the nodes/s figure walks
every node (one play and one legal_moves call each) from random midgame positions.
"""

from __future__ import annotations

import argparse
import random
import time

from engine.games.tictactoe import TICTACTOE
from engine.games.ultimate import ULTIMATE
from engine.search.perft import perft

EXPECTED = {1: 81, 2: 720, 3: 6_336, 4: 55_080, 5: 473_256}


def midgame_positions(count: int, seed: int = 1) -> list[int]:
    """Positions after 15-40 random plies that still have moves."""
    rng = random.Random(seed)
    found: list[int] = []
    while len(found) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randrange(15, 41)):
            moves = ULTIMATE.legal_moves(state)
            if not moves:
                break
            state = ULTIMATE.play(state, rng.choice(moves))
        if ULTIMATE.legal_moves(state):
            found.append(state)
    return found


def walk(state: int, depth: int) -> int:
    """Nodes of the full tree below ``state`` to ``depth`` plies, each one played and expanded."""
    nodes = 1
    if depth:
        for move in ULTIMATE.legal_moves(state):
            nodes += walk(ULTIMATE.play(state, move), depth - 1)
    else:
        ULTIMATE.legal_moves(state)
    return nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=6, help="deepest perft from the start (default 6)")
    parser.add_argument("--positions", type=int, default=200, help="midgame positions for nodes/s (default 200)")
    args = parser.parse_args()

    start = ULTIMATE.initial()
    for depth in range(1, args.depth + 1):
        began = time.perf_counter()
        count = perft(ULTIMATE, start, depth)
        elapsed = time.perf_counter() - began
        check = "" if depth not in EXPECTED else (" ok" if EXPECTED[depth] == count else " WRONG")
        print(f"ultimate perft {depth}: {count:>12,} in {elapsed:8.3f} s{check}")

    began = time.perf_counter()
    count = perft(TICTACTOE, TICTACTOE.parse_fen("9 x"), 9)
    print(f"tic-tac-toe perft 9: {count:,} in {time.perf_counter() - began:.3f} s")

    positions = midgame_positions(args.positions)
    began = time.perf_counter()
    nodes = sum(walk(p, 3) for p in positions)
    elapsed = time.perf_counter() - began
    print(f"play+legal_moves, full-width 3 plies from {len(positions)} midgame positions: "
          f"{nodes:,} nodes in {elapsed:.3f} s = {nodes / elapsed:,.0f} nodes/s")


if __name__ == "__main__":
    main()
