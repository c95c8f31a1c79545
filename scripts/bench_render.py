"""Rendering benchmarks: figures as users make them (whole processes), and what each step costs.

    .venv/bin/python scripts/bench_render.py [--quick] [--cairo RUNS]

Figures printed (wall clock, best of a few runs where cheap; the machine's load first):
- PDF and PNG through each cairo binding (pycairo, and ctypes over the pygraphviz wheel's cairo), interleaved;
- figures for reports (issue 10), whole `tttree` processes:
  the 25,227-node alpha-beta tree of "9 x" in compact and dot style to SVG and to PDF (target < 10 s each);
  the 549,946-node full tree in dot style to SVG (target < 60 s and < 4 GB peak, the peak read from that
  child process's rusage); g2 (238 nodes) compact to PDF at 16 cm (target < 1 s);
  layout alone, nodes per second of the tidy layout vs Graphviz dot on the same 1,000- and 5,000-node trees
  (and python-igraph's Reingold-Tilford when it is installed);
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

from engine.games.tictactoe import TICTACTOE  # noqa: E402
from treeviz.draw.dot_writer import iter_dot, to_dot  # noqa: E402
from treeviz.draw.graphviz import render  # noqa: E402
from treeviz.trees.builder import build_tree  # noqa: E402

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


def timed_process(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall clock (s) and peak resident memory (MB) of one child process, from its own rusage."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env={**os.environ, **env} if env else None)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    err = child.stderr.read().decode() if child.stderr else ""
    if status != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {err}")
    global last_cpu
    last_cpu = usage.ru_utime + usage.ru_stime
    return wall, usage.ru_maxrss / 1024


last_cpu = 0.0
"""CPU seconds (user + system) of the last child :func:`timed_process` ran: steadier than its wall clock on a busy
machine."""


def best_process(argv: list[str], runs: int) -> tuple[float, float]:
    results = [timed_process(argv) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def bench_report_figures(runs: int, full: bool) -> None:
    """The issue's speed targets, each a whole `tttree` process."""
    print("figures for reports (whole tttree processes):")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for style in ("compact", "dot"):
            for fmt in ("svg", "pdf"):
                wall, peak = best_process([str(BIN / "tttree"), "9 x", "--algo", "alphabeta", "--style", style,
                                           "-o", str(out / f"ab.{fmt}")], runs)
                size = (out / f"ab.{fmt}").stat().st_size / 1e6
                print(f"  25,227-node alpha-beta tree of '9 x', {style:7} {fmt}: {wall:5.2f} s, peak {peak:,.0f} MB, "
                      f"{size:.1f} MB file (target < 10 s)")
        wall, peak = best_process([str(BIN / "tttree"), "x21o11xo o", "--style", "compact", "--size", "16cm", "-o",
                                   str(out / "g2.pdf")], max(runs, 5))
        print(f"  238-node g2 compact to PDF at 16 cm: {wall:.2f} s (target < 1 s), peak {peak:,.0f} MB")
        if full:
            wall, peak = timed_process([str(BIN / "tttree"), "9 x", "--style", "dot", "-o", str(out / "full.svg")])
            size = (out / "full.svg").stat().st_size / 1e6
            print(f"  549,946-node full tree, dot style to SVG: {wall:.1f} s (target < 60 s), peak {peak:,.0f} MB "
                  f"(target < 4,096 MB), {size:.0f} MB file")


def bench_cairo_bindings(runs: int) -> None:
    """PDF and PNG of compact and dot figures through pycairo and through the ctypes binding over the cairo in
    the pygraphviz wheel (treeviz/draw/cairo_lib.py), whole tttree processes, the two interleaved run by run."""
    import importlib.util

    bindings = ["ctypes"] + (["pycairo"] if importlib.util.find_spec("cairo") else [])
    print(f"cairo bindings (TREEVIZ_CAIRO={'/'.join(bindings)}, interleaved, wall min and median of {runs}, "
          "least CPU):")
    figures = [("'9 x' alpha-beta compact PDF", ["9 x", "--algo", "alphabeta", "--style", "compact"], "pdf"),
               ("'9 x' alpha-beta compact PNG A4 box", ["9 x", "--algo", "alphabeta", "--style", "compact", "--size",
                                                       "16cmx25cm"], "png"),
               ("'9 x' alpha-beta dot PDF", ["9 x", "--algo", "alphabeta", "--style", "dot"], "pdf"),
               ("'9 x' alpha-beta dot PNG 16 cm", ["9 x", "--algo", "alphabeta", "--style", "dot", "--size", "16cm"],
                "png"),
               ("g2 compact PDF 16 cm", ["x21o11xo o", "--style", "compact", "--size", "16cm"], "pdf"),
               ("g2 compact PNG 16 cm", ["x21o11xo o", "--style", "compact", "--size", "16cm"], "png")]
    with tempfile.TemporaryDirectory() as folder:
        for name, args, fmt in figures:
            walls: dict[str, list[float]] = {b: [] for b in bindings}
            cpus: dict[str, list[float]] = {b: [] for b in bindings}
            for _ in range(runs):
                for b in bindings:
                    argv = [str(BIN / "tttree"), *args, "-o", str(Path(folder) / f"f.{fmt}")]
                    walls[b].append(timed_process(argv, {"TREEVIZ_CAIRO": b})[0])
                    cpus[b].append(last_cpu)
            print(f"  {name:34}" + "".join(f"  {b} {min(w):5.2f} / {sorted(w)[len(w) // 2]:5.2f} s (CPU "
                                            f"{min(cpus[b]):5.2f} s)" for b, w in walls.items()))


def _tree_of(nodes: int) -> object:
    """The first ``nodes`` nodes the minimax search of the empty board visits: a preorder prefix, so a tree."""
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"), max_nodes=0)
    H = G.subgraph(range(nodes)).copy()
    H.graph.update(G.graph)
    return H


def bench_layouts(runs: int) -> None:
    """Layout alone: the tidy layout and Graphviz dot on the same trees, nodes of the same sizes."""
    from treeviz.draw.figure import _Tree
    from treeviz.draw.kinds import node_text
    from treeviz.draw.tidy_layout import tidy_layout

    print("layout alone, same trees (compact-style node sizes):")
    for target in (1000, 5000):
        G = _tree_of(target)
        tree = _Tree(G, "compact", "TB", node_text)
        n = len(tree.gid)
        t_tidy, _ = best_of(runs, lambda t=tree: tidy_layout(t.children, t.across, gap=2.0, cousin_gap=4.0))
        dot = ["digraph t {", 'graph [ordering=out, nodesep=0.03, ranksep=0.2];',
               'node [shape=box, label="", fixedsize=true];']
        dot += [f'{i} [width={tree.w[i] / 72:.3f}, height={tree.h[i] / 72:.3f}];' for i in range(n)]
        dot += [f"{p} -> {i};" for i, p in enumerate(tree.parent) if p >= 0]
        text = "\n".join(dot) + "\n}\n"
        t_dot, _ = best_of(1 if n > 3000 else runs, lambda dot_text=text: graphviz_layout(dot_text))
        line = (f"  {n:,} nodes: tidy {n / t_tidy:,.0f} nodes/s ({t_tidy * 1000:.1f} ms), Graphviz dot "
                f"{n / t_dot:,.0f} nodes/s ({t_dot:.2f} s): tidy {t_dot / t_tidy:,.0f}x faster")
        try:
            import igraph
            g = igraph.Graph(n=n, edges=[(p, i) for i, p in enumerate(tree.parent) if p >= 0], directed=True)
            t_ig, _ = best_of(runs, lambda h=g: h.layout_reingold_tilford(mode="out", root=[0]))
            line += f"; igraph Reingold-Tilford {n / t_ig:,.0f} nodes/s"
        except ImportError:
            pass
        print(line)
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    tree = _Tree(G, "dot", "TB", node_text)
    del G
    start = time.perf_counter()
    tidy_layout(tree.children, tree.across, gap=0.8, cousin_gap=1.6)
    t_full = time.perf_counter() - start
    print(f"  {len(tree.gid):,} nodes (the full tree): tidy {len(tree.gid) / t_full:,.0f} nodes/s ({t_full:.2f} s)")


def graphviz_layout(text: str) -> None:
    """Graphviz's dot layout alone (no drawing), through the bundled library."""
    import pygraphviz
    from pygraphviz import graphviz as gv

    graph = pygraphviz.AGraph(string=text)
    context = gv.gvContextWithBuiltins()
    try:
        gv.gvLayout(context, graph.handle, b"dot")
        gv.gvFreeLayout(context, graph.handle)
    finally:
        gv.gvFreeContext(context)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="skip the full-tree figures")
    parser.add_argument("--cairo", type=int, metavar="RUNS", help="only the cairo bindings' figures, RUNS each")
    args = parser.parse_args()
    load = " ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load} (1, 5, 15 min)")
    if args.cairo:
        bench_cairo_bindings(args.cairo)
        return
    bench_report_figures(3, full=not args.quick)
    bench_cairo_bindings(3)
    bench_layouts(3)
    bench_300(3)
    if not args.quick:
        bench_full_tree()
        bench_graphviz_package(20000)
    print(f"load average at the end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
