"""Rendering benchmarks: a ~300-node tree to PNG end to end, and search -> networkx -> DOT text rates.

    .venv/bin/python scripts/bench_render.py [--quick]

Figures printed (wall clock, best of a few runs where cheap):
- tttree on a 294-node minimax tree to PNG, as a user runs it (process start included), target < 2 s;
  and the same in-process, split into search+graph, DOT text, Graphviz layout+PNG;
- the full 549,946-node minimax tree of "9 x": search+graph, DOT text, nodes per second for
  observer -> networkx -> DOT (target >= 100,000/s), and `tttree "9 x" --max-nodes 0` to a file
  with its peak memory;
- why DOT is plain text: the same node and edge statements through the `graphviz` package.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.tictactoe import TICTACTOE  # noqa: E402
from treeviz.builder import build_tree  # noqa: E402
from treeviz.render import iter_dot, render, to_dot  # noqa: E402

POSITION_300 = "1ox3ox1 x"
"""x to move, five empty cells: its minimax tree has 294 nodes."""
BIN = Path(sys.executable).parent


def best_of(runs: int, action) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = action()
        best = min(best, time.perf_counter() - start)
    return best, result


def bench_300(runs: int) -> None:
    state = TICTACTOE.parse_fen(POSITION_300)
    t_build, G = best_of(runs, lambda: build_tree(TICTACTOE, state))
    t_dot, dot = best_of(runs, lambda: to_dot(G))
    t_png, png = best_of(runs, lambda: render(dot, "png"))
    print(f"300-node tree: {POSITION_300!r} minimax, {G.number_of_nodes()} nodes, PNG {len(png):,} bytes")
    print(f"  in-process: search+graph {t_build * 1000:.1f} ms, DOT {t_dot * 1000:.1f} ms, "
          f"layout+PNG {t_png * 1000:.0f} ms, total {(t_build + t_dot + t_png) * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "t.png"
        t_cli, _ = best_of(runs, lambda: subprocess.run(
            [str(BIN / "tttree"), POSITION_300, "--format", "png", "-o", str(out)], check=True))
    print(f"  end to end `tttree {POSITION_300!r} --format png -o t.png`: {t_cli:.2f} s (target < 2 s)")


def bench_full_tree() -> None:
    state = TICTACTOE.parse_fen("9 x")
    start, cpu = time.perf_counter(), time.process_time()
    G = build_tree(TICTACTOE, state)
    t_build, c_build = time.perf_counter() - start, time.process_time() - cpu
    n = G.number_of_nodes()
    start, cpu = time.perf_counter(), time.process_time()
    size = sum(len(chunk) for chunk in iter_dot(G))
    t_dot, c_dot = time.perf_counter() - start, time.process_time() - cpu
    print(f'full tree "9 x": {n:,} nodes; search+graph {t_build:.2f} s (CPU {c_build:.2f} s), '
          f"DOT text {t_dot:.2f} s (CPU {c_dot:.2f} s); {size / n:.0f} chars/node, {size / 1e6:.0f} MB")
    print(f"  DOT statements alone: {n / t_dot:,.0f} nodes/s; observer -> networkx -> DOT: "
          f"{n / (t_build + t_dot):,.0f} nodes/s wall, {n / (c_build + c_dot):,.0f} nodes/s CPU "
          "(target >= 100,000; wall suffers when the machine is busy)")
    del G
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "full.dot"
        start = time.perf_counter()
        subprocess.run([str(BIN / "tttree"), "9 x", "--max-nodes", "0", "-o", str(out)], check=True)
        wall = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f'  `tttree "9 x" --max-nodes 0 -o full.dot`: {wall:.1f} s, {out.stat().st_size / 1e6:.0f} MB, '
              f"peak memory {peak:,.0f} MB")


def bench_graphviz_package(sample: int) -> None:
    """The same statements through graphviz.Digraph (its quoting runs regexes on every attribute)."""
    try:
        import graphviz
    except ImportError:
        print("graphviz package not installed: comparison skipped")
        return
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"), algorithm="alphabeta")
    H = G.subgraph(list(G)[:sample]).copy()
    H.graph.update(G.graph)
    start = time.perf_counter()
    text = to_dot(H)
    t_plain = time.perf_counter() - start
    lines = [line.strip() for line in text.splitlines() if " [label=" in line]
    start = time.perf_counter()
    graph = graphviz.Digraph()
    for line in lines:
        name, _, rest = line.partition(" [label=")
        label = rest.split(">, ", 1)[0] if rest.startswith("<") else rest.split('", ', 1)[0]
        if " -> " in name:
            tail, head = name.split(" -> ")
            graph.edge(tail, head, label=label.strip('"'), color="#555555")
        else:
            graph.node(name, label=graphviz.nohtml(label), shape="plain", tooltip="x", _attributes={"class": "node"})
    source = graph.source
    t_pkg = time.perf_counter() - start
    m = H.number_of_nodes()
    print(f"DOT for {m:,} alpha-beta nodes: plain text {m / t_plain:,.0f} nodes/s; "
          f"graphviz package (statements only, labels pre-made) {m / t_pkg:,.0f} nodes/s "
          f"({len(source) / 1e6:.1f} MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="only the 300-node figure")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    bench_300(3)
    if not args.quick:
        bench_full_tree()
        bench_graphviz_package(20000)


if __name__ == "__main__":
    main()
