"""Benchmark of MCTS trees as users make them: the whole tttree command, 10,000 iterations, to JSON and to the page.

    .venv/bin/python scripts/bench_mcts_tree.py [--iterations 10000] [--repeat 3]

For each position (the empty tic-tac-toe board and the ultimate start) and each format
(json, html) it times the whole command in a fresh process (interpreter start, imports,
search, tree, writing the file), median and best of ``--repeat`` runs, then splits one
run into its stages in-process (search alone, search with the tree builder listening,
graph, JSON text, page text) to show where the time goes. Budget (issue 11): < 2 s for
the whole command. Prints the machine load: figures taken on a busy machine are noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

POSITIONS = [("tic-tac-toe 9 x", "9 x"), ("ultimate start", "999999999 00 x")]
BUDGET = 2.0


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _command_times(fen: str, fmt: str, iterations: int, repeat: int, tmp: Path) -> tuple[list[float], int]:
    tttree = Path(sys.executable).parent / "tttree"
    out = tmp / f"tree.{fmt}"
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([str(tttree), fen, "--algo", "mcts", "--iterations", str(iterations), "-o", str(out)],
                       check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times, out.stat().st_size


def _stages(fen: str, iterations: int) -> dict[str, float]:
    from engine.search.mcts import mcts
    from treeviz.tree import Tree, game_for_fen
    from treeviz.trees.mcts import build_mcts_tree

    game = game_for_fen(fen)
    state = game.parse_fen(fen)
    stages = {}
    start = time.perf_counter()
    mcts(game, state, iterations=iterations, seed=0)
    stages["search alone"] = time.perf_counter() - start
    start = time.perf_counter()
    G = build_mcts_tree(game, state, iterations=iterations, seed=0)
    stages["search + tree"] = time.perf_counter() - start
    tree = Tree(G, position=fen)
    start = time.perf_counter()
    tree.json()
    stages["json text"] = time.perf_counter() - start
    start = time.perf_counter()
    tree.html()
    stages["page text"] = time.perf_counter() - start
    stages["nodes"] = G.number_of_nodes()
    return stages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (median and best shown)")
    args = parser.parse_args()
    print(f"load average before: {_load()} ({os.cpu_count()} cores)")
    print(f"{'tree':<18} {'format':<6} {'median s':>9} {'best s':>7} {'file':>9}  budget {BUDGET:.0f} s")
    with tempfile.TemporaryDirectory() as tmp:
        for name, fen in POSITIONS:
            for fmt in ("json", "html"):
                times, size = _command_times(fen, fmt, args.iterations, args.repeat, Path(tmp))
                verdict = "ok" if statistics.median(times) < BUDGET else "OVER"
                print(f"{name:<18} {fmt:<6} {statistics.median(times):>9.2f} {min(times):>7.2f} "
                      f"{size / 1e6:>7.2f} MB  {verdict}", flush=True)
    print(f"\nstages in one process ({args.iterations:,} iterations, seed 0):")
    for name, fen in POSITIONS:
        stages = _stages(fen, args.iterations)
        nodes = int(stages.pop("nodes"))
        parts = ", ".join(f"{k} {v:.2f} s" for k, v in stages.items())
        print(f"  {name} ({nodes:,} nodes): {parts}")
    print(f"load average after: {_load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
