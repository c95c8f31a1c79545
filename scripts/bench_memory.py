"""Memory a tree node costs, whole command: search recorder + networkx DiGraph + the output (issue 26, item 2).

Runs ``tttree`` as a fresh process per case and reads its peak resident memory (``ru_maxrss`` of the child),
less the peak of the same command on a one-node tree (interpreter, imports, tables), divided by the nodes
entered. The default node budget of the tree commands (``treeviz.tree.DEFAULT_NODE_BUDGET``) is chosen from
the largest figure here, so that a tree at the budget fits in a few gigabytes whatever its output.

    .venv/bin/python scripts/bench_memory.py            # every case (a few minutes)
    .venv/bin/python scripts/bench_memory.py --quick    # the smaller cases
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent
FINISHED = "xoxxoxoxo o"  # a drawn full board: a one-node tree
CASES = [
    # (label, fen, options, quick)
    ("ttt minimax json", "9 x", ["--format", "json"], False),
    ("ttt minimax html", "9 x", ["--format", "html"], False),
    ("ttt minimax svg (dot style)", "9 x", ["--style", "dot", "--format", "svg"], False),
    ("ttt alphabeta svg (dot style)", "9 x", ["--algo", "alphabeta", "--format", "svg"], True),
    ("ttt minimax merge transpositions json", "9 x", ["--merge", "transpositions", "--format", "json"], False),
    ("ultimate minimax depth 3 json", "999999999 00 x", ["--depth", "3", "--format", "json"], True),
    ("ultimate minimax depth 3 svg (dot style)", "999999999 00 x", ["--depth", "3", "--format", "svg"], True),
    ("ultimate alphabeta depth 5 json", "999999999 00 x", ["--algo", "alphabeta", "--depth", "5", "--format",
                                                           "json"], True),
]


def peak_kib(argv: list[str]) -> tuple[int, float]:
    """Peak resident memory (KiB) and wall time of one run of ``argv`` (its output thrown away)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        began = time.perf_counter()
        done = subprocess.run([*argv, "-o", str(out)], capture_output=True, text=True)
        elapsed = time.perf_counter() - began
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.strip()}")
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        if peak < before:
            raise SystemExit("ru_maxrss of the children went down: each case must run in its own process")
        return peak, elapsed


def nodes_of(fen: str, options: list[str]) -> int:
    """Nodes the search enters (tree nodes for a DAG), from a run of the same search written as JSON."""
    search = []
    skip = False
    for option in options:
        if skip:
            skip = False
        elif option in ("--format", "--style"):
            skip = True
        else:
            search.append(option)
    done = subprocess.run([str(BIN / "tttree"), fen, *search, "--max-nodes", "0", "--node-budget", "0", "--format",
                           "json"], capture_output=True, text=True, check=True)
    graph = json.loads(done.stdout)["graph"]
    return int(graph.get("tree_nodes", graph["nodes"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="only the smaller cases")
    parser.add_argument("--case", type=int, help="run only case number N (0-based), in this process")
    args = parser.parse_args()
    if args.case is None:
        # ru_maxrss of children is a maximum over all of them: each case gets its own measuring process.
        base = [sys.executable, __file__]
        subprocess.run([*base, "--case", "-1"], check=True)
        for number, (_, _, _, quick) in enumerate(CASES):
            if quick or not args.quick:
                subprocess.run([*base, "--case", str(number)], check=True)
        return
    tttree = [str(BIN / "tttree")]
    if args.case < 0:
        peak, _ = peak_kib([*tttree, FINISHED, "--format", "json"])
        print(f"baseline (one-node tree, json): peak {peak / 1024:.0f} MiB")
        return
    label, fen, options, _ = CASES[args.case]
    baseline, _ = peak_kib([*tttree, FINISHED, "--format", "json"])
    peak, elapsed = peak_kib([*tttree, fen, *options, "--max-nodes", "0", "--node-budget", "0"])
    nodes = nodes_of(fen, options)  # last: its own peak may be higher, and children's peaks only grow
    per_node = (peak - baseline) * 1024 / nodes
    print(f"{label}: {nodes:,} nodes, peak {peak / 1024:,.0f} MiB (baseline {baseline / 1024:,.0f} MiB), "
          f"{per_node:,.0f} bytes a node, {elapsed:.1f} s")


if __name__ == "__main__":
    main()
