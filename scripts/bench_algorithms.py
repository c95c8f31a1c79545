#!/usr/bin/env python3
"""The shape of Plaat, Schaeffer, Pijls and de Bruin's comparison (1996): leaves evaluated by alpha-beta, NegaScout
(PVS) and MTD(f), with Knuth and Moore's minimal tree, on random uniform trees and on game positions.

    .venv/bin/python scripts/bench_algorithms.py [--seeds 1,2,3] [--max-leaves 5000000] [--markdown]

Random uniform trees: branching 2-8, depth 3-8 (``b^d`` up to ``--max-leaves`` leaves), integer leaf values in
[-1000, 1000] drawn from a hash of the seed and the leaf's number (the tree is never built: a game whose states are
node numbers), the game's own move order; each figure is the mean over the seeds. Knuth-Moore is the least any
alpha-beta can evaluate, ``b^ceil(d/2) + b^floor(d/2) - 1``. Game positions: tic-tac-toe to the end, ultimate
tic-tac-toe to a depth with its evaluation (MTD(f)'s first guess: the evaluation of the root, 0 on tic-tac-toe).
Then the time per node of each search with nothing observed (the figure's cost aside), the best of three runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import TICTACTOE  # noqa: E402
from engine.games.ultimate import ULTIMATE  # noqa: E402
from engine.search.alphabeta import alphabeta  # noqa: E402
from engine.search.iterative_deepening import iterative_deepening  # noqa: E402
from engine.search.mtdf import mtdf  # noqa: E402
from engine.search.ordering import knuth_moore_minimum  # noqa: E402
from engine.search.pvs import pvs  # noqa: E402
from engine.search.table_alphabeta import table_alphabeta  # noqa: E402
from engine.search.visit_search import NodeSearch  # noqa: E402

MASK = (1 << 64) - 1


def mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit hash of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


class UniformTree:
    """A random uniform tree as a game: a state is ``(node number, depth)``, children ``n*b + 1 ... n*b + b``; MAX at
    even depths; a leaf is worth ``mix(seed, number) % 2001 - 1000``."""

    alternating = True
    player_names = ("max", "min")

    def __init__(self, branching: int, depth: int, seed: int) -> None:
        self.b, self.d, self.seed = branching, depth, seed
        self.name = f"uniform(b={branching},d={depth},seed={seed})"
        self.moves = list(range(branching))

    def initial(self) -> tuple[int, int]:
        return (0, 0)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1] & 1

    def legal_moves(self, state: tuple[int, int]) -> list[int]:
        return self.moves if state[1] < self.d else []

    def play(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return (state[0] * self.b + move + 1, state[1] + 1)

    def successors(self, state: tuple[int, int]) -> list[tuple[int, tuple[int, int]]]:
        return [(m, self.play(state, m)) for m in self.legal_moves(state)]

    def outcome(self, state: tuple[int, int]) -> int | None:
        if state[1] < self.d:
            return None
        return mix(self.seed * 1_000_003 + state[0]) % 2001 - 1000

    def fen(self, state: tuple[int, int]) -> str:
        return f"{state[0]}@{state[1]}"

    def move_name(self, move: int) -> str:
        return str(move + 1)


def leaves_of(search: Callable[..., Any], game: Any, state: Any, **options: Any) -> tuple[int, float]:
    """(leaves evaluated, value) of one search, counted by the engine's own counter."""
    if search is alphabeta:
        counter = LeafCounter()
        result = alphabeta(game, state, observer=counter, **options)
        return counter.leaves, result.value
    result = search(game, state, **options)
    return result.leaves, result.value


class LeafCounter:
    """Counts the leaves alpha-beta scores (its result counts nodes only)."""

    def __init__(self) -> None:
        self.leaves = 0

    def enter(self, *args: Any) -> None:
        pass

    def leaf(self, kind: str) -> None:
        self.leaves += 1

    def cutoff(self, *args: Any) -> None:
        pass

    def leave(self, *args: Any) -> None:
        pass


def _pvs_table(game: Any, state: Any, **options: Any) -> Any:
    return pvs(game, state, table=True, **options)


SEARCHES: list[tuple[str, Callable[..., Any]]] = [("alpha-beta", alphabeta), ("NegaScout", pvs), ("MTD(f)", mtdf)]
"""On random trees (no position repeats: a table helps MTD(f)'s later passes only)."""
GAME_SEARCHES: list[tuple[str, Callable[..., Any]]] = [
    ("alpha-beta", alphabeta), ("alpha-beta+TT", table_alphabeta), ("NegaScout", pvs), ("NegaScout+TT", _pvs_table),
    ("MTD(f)", mtdf)]
"""On game positions, where positions repeat: each search also over a table, as MTD(f) always is."""


def uniform_rows(seeds: Sequence[int], max_leaves: int) -> list[list[str]]:
    rows = []
    for b in range(2, 9):
        for d in range(3, 9):
            if b ** d > max_leaves:
                continue
            sums = [0.0] * len(SEARCHES)
            for seed in seeds:
                game = UniformTree(b, d, seed)
                values = set()
                for k, (_, search) in enumerate(SEARCHES):
                    leaves, value = leaves_of(search, game, game.initial())
                    sums[k] += leaves
                    values.add(value)
                assert len(values) == 1, (b, d, seed, values)
            km = knuth_moore_minimum(b, d)
            means = [s / len(seeds) for s in sums]
            rows.append([str(b), str(d), f"{b ** d:,}", f"{km:,}", *(f"{m:,.0f}" for m in means),
                         *(f"{m / km:.2f}" for m in means)])
            print(f"  b={b} d={d} done", file=sys.stderr, flush=True)
    return rows


POSITIONS = [
    ("tic-tac-toe, empty board", TICTACTOE, "9 x", None),
    ("tic-tac-toe x21o11xo o", TICTACTOE, "x21o11xo o", None),
    ("tic-tac-toe x3o4 x", TICTACTOE, "x3o4 x", None),
    ("ultimate start, depth 4", ULTIMATE, "999999999 00 x", 4),
    ("ultimate u1 sample, depth 4", ULTIMATE, "oxx1o3x2o3ox1x1ooo1x1x2o4x4xxx2oo8xxx1o1o2ooo8x1o1xxo 83 x", 4),
    ("ultimate after 24 random moves, depth 5", ULTIMATE, "2x4o4oox1o2o5x1ox8o2xx91oo1x8x1xo1o1xx1o4x1 52 x", 5),
]


def position_rows() -> list[list[str]]:
    from engine.evaluation import ultimate as ultimate_eval

    rows = []
    for name, game, fen, depth in POSITIONS:
        state = game.parse_fen(fen)
        options: dict[str, Any] = {}
        if depth is not None:
            options = {"depth": depth, "evaluate": ultimate_eval.evaluate, "scoring": ultimate_eval.scoring}
        counts = []
        values = set()
        for label, search in GAME_SEARCHES:
            extra = {"guess": ultimate_eval.evaluate(state)} if label == "MTD(f)" and depth is not None else {}
            leaves, value = leaves_of(search, game, state, **options, **extra)
            counts.append(leaves)
            values.add(value)
        assert len(values) == 1, (name, values)
        rows.append([name, *(f"{c:,}" for c in counts), *(f"{c / counts[0]:.2f}" for c in counts)])
        print(f"  {name} done", file=sys.stderr, flush=True)
    return rows


def speed_rows() -> list[list[str]]:
    """Time per node entered, nothing observed, best of three."""
    start = TICTACTOE.initial()
    runs: list[tuple[str, Callable[[], Any]]] = [
        ("alphabeta (engine, its fast path)", lambda: alphabeta(TICTACTOE, start)),
        ("alphabeta (engine, with a move order: its observable path)",
         lambda: alphabeta(TICTACTOE, start, order=lambda s, m: m)),
        ("alpha-beta through NodeSearch", lambda: _node_search(TICTACTOE, start)),
        ("alphabeta --tt", lambda: table_alphabeta(TICTACTOE, start)),
        ("pvs (its fast path)", lambda: pvs(TICTACTOE, start)),
        ("pvs (observed: the node search)", lambda: pvs(TICTACTOE, start, observer=NoMarks())),
        ("pvs --tt", lambda: pvs(TICTACTOE, start, table=True)),
        ("mtdf", lambda: mtdf(TICTACTOE, start)),
        ("id", lambda: iterative_deepening(TICTACTOE, start)),
        ("id --tt", lambda: iterative_deepening(TICTACTOE, start, table=True)),
    ]
    rows = []
    for name, run in runs:
        best = float("inf")
        nodes = 0
        for _ in range(3):
            t = time.perf_counter()
            result = run()
            best = min(best, time.perf_counter() - t)
            nodes = result.nodes
        rows.append([name, f"{nodes:,}", f"{best * 1000:.1f}", f"{best / nodes * 1e9:,.0f}"])
    return rows


class NoMarks(LeafCounter):
    """An observer that takes every event and keeps none (the searches' observed path, the figure's cost aside)."""

    def mark(self, *args: Any) -> None:
        pass


def _node_search(game: Any, state: Any) -> Any:
    searcher = NodeSearch(game)
    value = searcher.search(state)
    return searcher.result(value, searcher.root_best, None)


def table(header: Sequence[str], rows: list[list[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---:" for _ in header) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(h), *(len(r[k]) for r in rows)) for k, h in enumerate(header)]
    out = ["  ".join(h.rjust(w) for h, w in zip(header, widths, strict=True))]
    out += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", default="1,2,3", help="seeds of the random trees, comma-separated")
    parser.add_argument("--max-leaves", type=int, default=5_000_000, help="skip uniform trees with more leaves")
    parser.add_argument("--markdown", action="store_true", help="tables in Markdown (for the README)")
    parser.add_argument("--skip-uniform", action="store_true")
    args = parser.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    names = [n for n, _ in SEARCHES]
    if not args.skip_uniform:
        print(f"Random uniform trees: mean leaves evaluated over seeds {args.seeds}; last columns: / Knuth-Moore")
        print(table(["b", "d", "leaves", "Knuth-Moore", *names, *(f"{n} / KM" for n in names)],
                    uniform_rows(seeds, args.max_leaves), args.markdown))
        print()
    print("Game positions: leaves evaluated; last columns: / alpha-beta")
    games = [n for n, _ in GAME_SEARCHES]
    print(table(["position", *games, *(f"{n} / ab" for n in games)], position_rows(), args.markdown))
    print()
    print("Speed, tic-tac-toe's empty board, nothing observed (best of 3)")
    print(table(["search", "nodes", "ms", "ns/node"], speed_rows(), args.markdown))


if __name__ == "__main__":
    main()
