#!/usr/bin/env python3
"""Benchmark of tree search and tree building, against a plain-Python bitboard reference.

    .venv/bin/python scripts/bench_search.py [--repeat N] [--skip-json]
    .venv/bin/python scripts/bench_search.py --against ../main-before [--rounds 3]

Prints, for the full game tree from ``9 x`` (549,946 nodes) and alpha-beta from it
(18,297 nodes): the reference's time (two 9-bit ints, a precomputed win table,
recursion), the engine's time with a no-op observer and their ratio (target:
within 1.2x; ``--search-only`` prints just these); then observer -> networkx -> DOT text (streamed in chunks, as tttree
writes it) in nodes per second (target >= 200,000) and the full tree to JSON: seconds and peak memory (target < 5 s,
< 2 GB; measured in a fresh child process so earlier steps do not count).

``--against DIR`` compares this checkout with another one (e.g. a worktree of the code
before a change) in one run: each figure -- the pipeline's three stages in a fresh
process, and the whole ``tttree "9 x" --max-nodes 0 --format json -o FILE`` command --
is measured alternately for both, ``--rounds`` times, best kept, and printed with the
ratio old / new (above 1: faster now).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# The checkout measured: this one, or the one --against hands its child processes.
sys.path.insert(0, os.environ.get("TREEVIZ_BENCH_ROOT") or str(Path(__file__).resolve().parents[1]))

from engine import TICTACTOE, alphabeta, minimax  # noqa: E402
from engine.search.observer import NullObserver  # noqa: E402

# -- the reference: written here, sharing nothing with the engine ---------------

FULL = 0x1FF
WIN = [False] * 512
for _line in (0b000000111, 0b000111000, 0b111000000, 0b001001001, 0b010010010, 0b100100100,
              0b100010001, 0b001010100):
    for _mask in range(512):
        if _mask & _line == _line:
            WIN[_mask] = True
FREE = [tuple(1 << c for c in range(9) if not occ >> c & 1) for occ in range(512)]
"""FREE[occupied]: the bits of the empty cells, ascending."""


def reference_negamax(me: int, other: int) -> tuple[int, int]:
    """(value for the side to move, nodes) of the full tree; ``me`` moves next, ``other`` just moved."""
    count = 0

    def search(me: int, other: int) -> int:
        nonlocal count
        count += 1
        if WIN[other]:
            return -1
        occ = me | other
        if occ == FULL:
            return 0
        best = -2
        for bit in FREE[occ]:
            v = -search(other, me | bit)
            if v > best:
                best = v
        return best

    return search(me, other), count


def reference_alphabeta(me: int, other: int) -> tuple[int, int]:
    """(value for the side to move, nodes) of fail-soft negamax alpha-beta, ascending cells, full window."""
    count = 0

    def search(me: int, other: int, alpha: int, beta: int) -> int:
        nonlocal count
        count += 1
        if WIN[other]:
            return -1
        occ = me | other
        if occ == FULL:
            return 0
        best = -2
        for bit in FREE[occ]:
            v = -search(other, me | bit, -beta, -alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    return search(me, other, -2, 2), count


# -- timing ---------------------------------------------------------------------

TARGET = 1.2
"""The engine's textbook searches may take at most this times the reference's time (issue 33)."""


def best_time(fn: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter
              ) -> tuple[float, Any]:
    """Fastest of ``repeat`` runs (GC paused, as timeit does) by ``clock`` and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        start = clock()
        result = fn()
        times.append(clock() - start)
        gc.enable()
    return min(times), result


def search_figures(repeat: int) -> None:
    """The textbook searches beside the reference, timed alternately in this one process, fastest run of each
    kept; alpha-beta, 30 times shorter, runs ten times as often. Timed in this thread's CPU time: on a busy
    machine the wall clock also counts the time other processes held the core."""
    game = TICTACTOE
    start = game.parse_fen("9 x")
    null = NullObserver()
    print(f"search from '9 x' (best of {repeat} alternating runs, alpha-beta {10 * repeat}; CPU time)")
    rows = [
        ("full tree", repeat, lambda: reference_negamax(0, 0), lambda: minimax(game, start, observer=null)),
        ("alpha-beta", 10 * repeat, lambda: reference_alphabeta(0, 0), lambda: alphabeta(game, start, observer=null)),
    ]
    for name, runs, ref_fn, engine_fn in rows:
        t_ref = t_eng = float("inf")
        for _ in range(runs):
            once, (ref_value, ref_nodes) = best_time(ref_fn, 1, time.thread_time)
            t_ref = min(t_ref, once)
            once, result = best_time(engine_fn, 1, time.thread_time)
            t_eng = min(t_eng, once)
        if (result.value, result.nodes) != (ref_value, ref_nodes):
            raise SystemExit(f"{name}: engine {result.value}/{result.nodes} != reference {ref_value}/{ref_nodes}")
        ratio = t_eng / t_ref
        print(f"  {name:<11} {ref_nodes:>8,} nodes  reference {t_ref * 1000:7.1f} ms  engine {t_eng * 1000:7.1f} ms  "
              f"ratio {ratio:4.2f}x  {'ok' if ratio <= TARGET else f'OVER the {TARGET}x target'}")


def tree_figures() -> None:
    from treeviz.trees.builder import build_tree

    game = TICTACTOE
    start = game.parse_fen("9 x")
    print("observer -> networkx -> DOT, full minimax tree from '9 x'")
    t0, c0 = time.perf_counter(), time.process_time()
    G = build_tree(game, start)
    n = G.number_of_nodes()  # the networkx graph made (where it is made on first use)
    t1, c1 = time.perf_counter(), time.process_time()
    print(f"  search + observer + DiGraph  {t1 - t0:6.2f} s  {n / (t1 - t0):>10,.0f} nodes/s  "
          f"(cpu {c1 - c0:.2f} s)")
    from treeviz.draw.dot_writer import iter_dot

    # Streamed in chunks, as tttree writes it (one 572 MB string would only add a copy no command makes).
    t2, c2 = time.perf_counter(), time.process_time()
    size = sum(len(chunk) for chunk in iter_dot(G))
    t3, c3 = time.perf_counter(), time.process_time()
    print(f"  DOT text ({size / 1e6:5,.0f} MB)        {t3 - t2:6.2f} s  {n / (t3 - t2):>10,.0f} nodes/s  "
          f"(cpu {c3 - c2:.2f} s)")
    rate = n / (t3 - t0)
    print(f"  end to end                   {t3 - t0:6.2f} s  {rate:>10,.0f} nodes/s  (cpu {c3 - c0:.2f} s)  "
          f"{'ok' if rate >= 200_000 else 'UNDER the 200,000 nodes/s target'}")


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB (VmHWM: unlike ru_maxrss it is not inherited over fork)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def json_child() -> None:
    """Runs in a fresh process: full tree -> JSON, printing one JSON line of figures."""
    from treeviz.trees.builder import build_tree
    from treeviz.trees.json_export import tree_to_json

    rss_before = peak_rss_mb()
    t0, c0 = time.perf_counter(), time.process_time()
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    t1, c1 = time.perf_counter(), time.process_time()
    rss_graph = peak_rss_mb()
    text = tree_to_json(G)
    t2, c2 = time.perf_counter(), time.process_time()
    print(json.dumps({"nodes": G.number_of_nodes(), "build": t1 - t0, "json": t2 - t1, "bytes": len(text),
                      "build_cpu": c1 - c0, "json_cpu": c2 - c1, "rss_start_mb": rss_before,
                      "rss_graph_mb": rss_graph, "rss_peak_mb": peak_rss_mb()}))


def json_figures() -> None:
    print("full 549,946-node tree to JSON (fresh process)")
    out = subprocess.run([sys.executable, __file__, "--json-child"], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"})
    f = json.loads(out.stdout)
    total = f["build"] + f["json"]
    print(f"  build {f['build']:5.2f} s (cpu {f['build_cpu']:.2f}) + tree_to_json {f['json']:5.2f} s "
          f"(cpu {f['json_cpu']:.2f}) = {total:5.2f} s for {f['bytes'] / 1e6:,.0f} MB of JSON")
    print(f"  peak RSS {f['rss_peak_mb']:,.0f} MB (interpreter {f['rss_start_mb']:,.0f} MB, "
          f"with the graph {f['rss_graph_mb']:,.0f} MB)  "
          f"{'ok' if total < 5 and f['rss_peak_mb'] < 2048 else 'OVER the 5 s / 2 GB target'}")


def pipeline_child() -> None:
    """Runs in a fresh process of the checkout under test: search + observer + networkx graph, then DOT, printing
    one JSON line of seconds (wall and CPU) per stage."""
    from treeviz.draw.dot_writer import iter_dot
    from treeviz.trees.builder import build_tree

    t0, c0 = time.perf_counter(), time.process_time()
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    n = G.number_of_nodes()
    t1, c1 = time.perf_counter(), time.process_time()
    size = sum(len(chunk) for chunk in iter_dot(G))
    t2, c2 = time.perf_counter(), time.process_time()
    figures = {"nodes": n, "graph": t1 - t0, "graph_cpu": c1 - c0, "dot": t2 - t1, "dot_cpu": c2 - c1,
               "bytes": size}
    del G
    # The same with networkx's node and edge dicts made before the DOT is written (a graph made on first use
    # is otherwise written straight from the search's records).
    t0, c0 = time.perf_counter(), time.process_time()
    G = build_tree(TICTACTOE, TICTACTOE.parse_fen("9 x"))
    if hasattr(G, "make"):
        G.make()
    sum(len(chunk) for chunk in iter_dot(G))
    figures["made"] = time.perf_counter() - t0
    figures["made_cpu"] = time.process_time() - c0
    print(json.dumps(figures))


def json_command(root: Path, out: Path) -> tuple[float, float]:
    """Wall and CPU seconds (children's user + system) of the whole JSON command run from ``root``'s code."""
    code = ("import sys; from treeviz.cli.tttree import main; sys.argv = ['tttree', '9 x', '--max-nodes', '0', "
            f"'--format', 'json', '-o', {str(out)!r}]; main()")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": str(root)},
                   cwd=root)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compare(old: Path, rounds: int) -> None:
    """Before/after figures of the pipeline and the JSON command, alternating the two checkouts."""
    new = Path(__file__).resolve().parents[1]
    best: dict[tuple[str, str], float] = {}

    def keep(which: str, key: str, value: float) -> None:
        best[which, key] = min(value, best.get((which, key), float("inf")))

    import tempfile
    with tempfile.TemporaryDirectory() as work:
        for _ in range(rounds):
            for which, root in (("old", old), ("new", new)):
                out = subprocess.run([sys.executable, __file__, "--pipeline-child"], check=True, capture_output=True,
                                     text=True, env={**os.environ, "PYTHONPATH": str(root),
                                                     "TREEVIZ_BENCH_ROOT": str(root)}, cwd=root)
                f = json.loads(out.stdout)
                for key in ("graph", "graph_cpu", "dot", "dot_cpu", "made", "made_cpu"):
                    keep(which, key, f[key])
                keep(which, "pipeline", f["graph"] + f["dot"])
                keep(which, "pipeline_cpu", f["graph_cpu"] + f["dot_cpu"])
                wall, cpu = json_command(root, Path(work) / f"{which}.json")
                keep(which, "json", wall)
                keep(which, "json_cpu", cpu)
            same = (Path(work) / "old.json").read_bytes() == (Path(work) / "new.json").read_bytes()
    n = 549_946
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; best of {rounds} alternating rounds; "
          f"old = {old}, new = {new}")
    print(f"{'figure':<34} {'old':>9} {'new':>9} {'old/new':>8}")
    rows = [("search + observer + graph (s)", "graph"), ("DOT text (s)", "dot"),
            ("trace -> networkx -> DOT (s)", "pipeline"), ("the same, graph dicts made (s)", "made"),
            ("JSON command, whole (s)", "json")]
    for label, key in rows:
        for suffix, what in (("", "wall"), ("_cpu", "cpu")):
            o, w = best["old", key + suffix], best["new", key + suffix]
            print(f"  {label[:-4] + ' ' + what + ' (s)':<32} {o:9.2f} {w:9.2f} {o / w:7.2f}x")
    for which in ("old", "new"):
        print(f"  {which}: trace -> networkx -> DOT {n / best[which, 'pipeline']:,.0f} nodes/s wall, "
              f"{n / best[which, 'pipeline_cpu']:,.0f} nodes/s CPU (graph dicts made: "
              f"{n / best[which, 'made']:,.0f} / {n / best[which, 'made_cpu']:,.0f}); "
              f"JSON command {best[which, 'json']:.2f} s wall")
    print(f"  the two JSON files are {'byte-identical' if same else 'DIFFERENT'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per search figure (best kept)")
    parser.add_argument("--skip-json", action="store_true", help="leave out the JSON figure")
    parser.add_argument("--search-only", action="store_true", help="only the searches against the reference")
    parser.add_argument("--against", type=Path, default=None, metavar="DIR",
                        help="compare with the checkout in DIR (the code before a change), in one run")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: alternating rounds (best kept)")
    parser.add_argument("--json-child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pipeline-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json_child:
        json_child()
        return
    if args.pipeline_child:
        pipeline_child()
        return
    if args.against is not None:
        compare(args.against.resolve(), args.rounds)
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall-clock figures suffer above that)")
    if args.search_only:
        search_figures(args.repeat)
        return
    if not args.skip_json:  # first, while this process is still small
        json_figures()
    search_figures(args.repeat)
    tree_figures()


if __name__ == "__main__":
    main()
