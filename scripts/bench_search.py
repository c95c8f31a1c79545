#!/usr/bin/env python3
"""Benchmark of tree search and tree building, against a plain-Python bitboard reference.

    .venv/bin/python scripts/bench_search.py [--repeat N] [--skip-json]

Prints, for the full game tree from ``9 x`` (549,946 nodes) and alpha-beta from it
(18,297 nodes): the reference's time (two 9-bit ints, a precomputed win table,
recursion), the engine's time with a no-op observer and their ratio (target:
within 2x); then observer -> networkx -> DOT text in nodes per second (target
>= 100,000) and the full tree to JSON: seconds and peak memory (target < 10 s,
< 2 GB; measured in a fresh child process so earlier steps do not count).
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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

def best_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Fastest of ``repeat`` runs (GC paused, as timeit does) and the last result."""
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


def search_figures(repeat: int) -> None:
    game = TICTACTOE
    start = game.parse_fen("9 x")
    null = NullObserver()
    print(f"search from '9 x' (best of {repeat} runs, wall clock)")
    rows = [
        ("full tree", lambda: reference_negamax(0, 0), lambda: minimax(game, start, observer=null)),
        ("alpha-beta", lambda: reference_alphabeta(0, 0), lambda: alphabeta(game, start, observer=null)),
    ]
    for name, ref_fn, engine_fn in rows:
        t_ref, (ref_value, ref_nodes) = best_time(ref_fn, repeat)
        t_eng, result = best_time(engine_fn, repeat)
        if (result.value, result.nodes) != (ref_value, ref_nodes):
            raise SystemExit(f"{name}: engine {result.value}/{result.nodes} != reference {ref_value}/{ref_nodes}")
        ratio = t_eng / t_ref
        print(f"  {name:<11} {ref_nodes:>8,} nodes  reference {t_ref:6.3f} s  engine {t_eng:6.3f} s  "
              f"ratio {ratio:4.2f}x  {'ok' if ratio <= 2 else 'OVER the 2x target'}")


def tree_figures() -> None:
    from treeviz.trees.builder import build_tree

    game = TICTACTOE
    start = game.parse_fen("9 x")
    print("observer -> networkx -> DOT, full minimax tree from '9 x'")
    t0, c0 = time.perf_counter(), time.process_time()
    G = build_tree(game, start)
    t1, c1 = time.perf_counter(), time.process_time()
    n = G.number_of_nodes()
    print(f"  search + observer + DiGraph  {t1 - t0:6.2f} s  {n / (t1 - t0):>10,.0f} nodes/s  "
          f"(cpu {c1 - c0:.2f} s)")
    try:
        from treeviz.draw.dot_writer import to_dot
    except ImportError:
        print("  DOT: treeviz.draw.dot_writer.to_dot does not exist yet, not measured")
        return
    t2, c2 = time.perf_counter(), time.process_time()
    dot = to_dot(G)
    t3, c3 = time.perf_counter(), time.process_time()
    print(f"  DOT text ({len(dot) / 1e6:5,.0f} MB)        {t3 - t2:6.2f} s  {n / (t3 - t2):>10,.0f} nodes/s  "
          f"(cpu {c3 - c2:.2f} s)")
    rate = n / (t3 - t0)
    print(f"  end to end                   {t3 - t0:6.2f} s  {rate:>10,.0f} nodes/s  (cpu {c3 - c0:.2f} s)  "
          f"{'ok' if rate >= 100_000 else 'UNDER the 100,000 nodes/s target'}")


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
          f"{'ok' if total < 10 and f['rss_peak_mb'] < 2048 else 'OVER the 10 s / 2 GB target'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per search figure (best kept)")
    parser.add_argument("--skip-json", action="store_true", help="leave out the JSON figure")
    parser.add_argument("--json-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.json_child:
        json_child()
        return
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (wall-clock figures suffer above that)")
    if not args.skip_json:  # first, while this process is still small
        json_figures()
    search_figures(args.repeat)
    tree_figures()


if __name__ == "__main__":
    main()
