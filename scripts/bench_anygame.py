#!/usr/bin/env python3
"""Benchmark of any-game search and drawing: the OpenSpiel adapter's cost, and a textbook tree of 100,000 leaves.

    .venv/bin/python scripts/bench_anygame.py [--repeat N]

Prints, in one run: nodes per second of the observed alpha-beta search of the empty tic-tac-toe board
(the search figures record, with treeviz's tree recorder listening) for treeviz's own tic-tac-toe and
for OpenSpiel's through the adapter, and their ratio; the same for the whole alpha-beta TREE (the search,
the builder and the networkx graph made); both skipped, saying so, without OpenSpiel. Then for a random
textbook tree of 100,000 leaves (depth 5, branching 10): the time to write it in the notation, to read it
back, and to search it with minimax and with alpha-beta, observed; and the whole ``tttree --tree-file``
command (process start included, wall clock and CPU) writing its minimax tree as JSON and as a dot-style
SVG (issue 22: under 5 s each).
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games.textbook import parse_tree, random_tree  # noqa: E402
from engine.games.tictactoe import TICTACTOE  # noqa: E402
from engine.search.alphabeta import alphabeta  # noqa: E402
from engine.search.minimax import minimax  # noqa: E402
from treeviz.trees.builder import TreeBuilder, build_tree  # noqa: E402

TTTREE = Path(sys.executable).parent / "tttree"


def best_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Fastest of ``repeat`` runs (the collector paused, as timeit does) and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
        gc.enable()
    return min(times), result


def load_figure() -> str:
    """The machine's load, for reading wall-clock figures."""
    load = os.getloadavg()[0]
    return f"load average {load:.1f} on {os.cpu_count()} cores"


def openspiel_figures(repeat: int) -> None:
    print(f"observed alpha-beta from the empty tic-tac-toe board (best of {repeat} runs, wall clock)")
    ours_time, ours = best_time(lambda: alphabeta(TICTACTOE, TICTACTOE.initial(), observer=TreeBuilder()), repeat)
    print(f"  treeviz's tic-tac-toe   {ours.nodes:>7,} nodes  {ours_time:7.3f} s  "
          f"{ours.nodes / ours_time:>10,.0f} nodes/s")
    try:
        from engine.games.loading import load_game

        game = load_game("openspiel:tic_tac_toe")
    except ValueError as error:
        print(f"  OpenSpiel's tic-tac-toe  not measured: {error}")
        return
    theirs_time, theirs = best_time(lambda: alphabeta(game, game.initial(), observer=TreeBuilder()), repeat)
    if (theirs.value, theirs.nodes) != (ours.value, ours.nodes):
        raise SystemExit(f"the adapter's search differs: {theirs.value}/{theirs.nodes} != {ours.value}/{ours.nodes}")
    print(f"  OpenSpiel's, adapted    {theirs.nodes:>7,} nodes  {theirs_time:7.3f} s  "
          f"{theirs.nodes / theirs_time:>10,.0f} nodes/s")
    print(f"  ratio: the adapter's search takes {theirs_time / ours_time:.1f}x the time of treeviz's own")


def tree_figures(repeat: int) -> None:
    """The alpha-beta tree of the empty board, built whole (search, records, the networkx graph made)."""
    print(f"the alpha-beta TREE of the empty tic-tac-toe board, graph made (best of {repeat} runs, wall clock)")

    def tree_of(game: Any) -> Any:
        G = build_tree(game, game.initial(), algorithm="alphabeta")
        G.number_of_nodes()  # the graph is made when first read
        return G

    ours_time, ours = best_time(lambda: tree_of(TICTACTOE), repeat)
    nodes = ours.graph["nodes"]
    print(f"  treeviz's tic-tac-toe   {nodes:>7,} nodes  {ours_time:7.3f} s  {nodes / ours_time:>10,.0f} nodes/s")
    try:
        from engine.games.loading import load_game

        game = load_game("openspiel:tic_tac_toe")
    except ValueError as error:
        print(f"  OpenSpiel's tic-tac-toe  not measured: {error}")
        return
    theirs_time, theirs = best_time(lambda: tree_of(game), repeat)
    if (theirs.graph["nodes"], theirs.graph["pruned"]) != (nodes, ours.graph["pruned"]):
        raise SystemExit("the adapter's tree differs from treeviz's own")
    print(f"  OpenSpiel's, adapted    {nodes:>7,} nodes  {theirs_time:7.3f} s  "
          f"{nodes / theirs_time:>10,.0f} nodes/s")
    print(f"  ratio: the adapter's tree takes {theirs_time / ours_time:.1f}x the time of treeviz's own")


def command_figures(text: str, repeat: int) -> None:
    """The whole command on the tree's notation in a file: wall clock and CPU (user + system) of the process."""
    print(f"  the whole command, tttree --tree-file TREE (best of {repeat} runs; CPU = user + system)")
    with tempfile.TemporaryDirectory() as folder:
        tree_file = Path(folder) / "tree.txt"
        tree_file.write_text(text)
        for words, options in (("JSON", ["--format", "json", "-o", "tree.json"]),
                               ("dot-style SVG", ["--style", "dot", "-o", "tree.svg"])):
            best = (float("inf"), 0.0)
            for _ in range(repeat):
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                subprocess.run([str(TTTREE), "--tree-file", str(tree_file), *options], cwd=folder, check=True,
                               stderr=subprocess.DEVNULL)
                wall = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                best = min(best, (wall, cpu))
            size = (Path(folder) / options[-1]).stat().st_size
            print(f"    {words:<14} {best[0]:6.2f} s wall  {best[1]:6.2f} s CPU  ({size / 1e6:.1f} MB)")


def textbook_figures(repeat: int) -> None:
    print("a random textbook tree of 100,000 leaves (depth 5, branching 10)")
    t0 = time.perf_counter()
    tree = random_tree(5, 10, low=-99, high=99, seed=1)
    t1 = time.perf_counter()
    text = tree.notation()
    t2 = time.perf_counter()
    print(f"  generate {t1 - t0:6.2f} s   write the notation ({len(text) / 1e6:.1f} MB) {t2 - t1:6.2f} s")
    read_time, read = best_time(lambda: parse_tree(text), repeat)
    assert len(read.leaves) == 100_000
    print(f"  read it back           {read_time:6.2f} s  ({len(read):,} nodes)")
    for name, search in (("minimax", minimax), ("alpha-beta", alphabeta)):
        seconds, result = best_time(lambda search=search: search(read, 0, observer=TreeBuilder()), repeat)
        print(f"  {name:<10} observed  {seconds:6.2f} s  {result.nodes:>9,} nodes  "
              f"{result.nodes / seconds:>10,.0f} nodes/s  value {result.value}")
    command_figures(text, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, the fastest kept (default 3)")
    args = parser.parse_args()
    print(load_figure())
    openspiel_figures(args.repeat)
    tree_figures(args.repeat)
    textbook_figures(args.repeat)


if __name__ == "__main__":
    main()
