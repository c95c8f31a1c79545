"""How long a search takes to become a lesson (issue 34, item 7): the 101-node alpha-beta tree of tic-tac-toe's
``x21o11xo o`` (175 steps, 176 frames) as a GIF, an MP4 and Beamer slides, and what pdflatex then takes.

Each figure is the median of ``--runs`` runs, search included, in this process: the wall clock, and the CPU time of
this process and its children (ffmpeg, pdflatex), which a machine busy with other work does not inflate.

    .venv/bin/python scripts/bench_lessons.py [--runs 3] [--position FEN]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable

import treeviz

BUDGETS = {"gif": 10.0, "mp4": 10.0, "beamer": 2.0}
"""The issue's budgets, in seconds."""


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (ffmpeg, pdflatex)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(work: Callable[[], object], runs: int) -> tuple[float, float, object]:
    """Median wall and CPU seconds (this process and its children) of ``work`` over ``runs`` runs, and its last
    result."""
    walls, cpus = [], []
    result: object = None
    for _ in range(runs):
        wall, cpu = time.perf_counter(), cpu_seconds()
        result = work()
        walls.append(time.perf_counter() - wall)
        cpus.append(cpu_seconds() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def lesson(fen: str, fmt: str) -> bytes:
    tree = treeviz.search_tree(fen, algorithm="alphabeta")
    return b"".join(c if isinstance(c, bytes) else c.encode() for c in tree.lesson(fmt))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--position", default="x21o11xo o")
    args = parser.parse_args()
    tree = treeviz.search_tree(args.position, algorithm="alphabeta")
    steps = len(tree.trace())
    print(f"{args.position!r}: alpha-beta tree of {tree.graph.graph['nodes']} nodes, {steps} steps, "
          f"{steps + 1} frames; load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    tex = b""
    for fmt in ("gif", "mp4", "beamer"):
        wall, cpu, data = timed(lambda fmt=fmt: lesson(args.position, fmt), args.runs)  # type: ignore[misc]
        assert isinstance(data, bytes)
        verdict = "within" if wall < BUDGETS[fmt] else "OVER"
        print(f"{fmt:7s} {wall:6.2f} s wall, {cpu:6.2f} s CPU, {len(data) / 1e6:6.2f} MB  (wall clock {verdict} the "
              f"{BUDGETS[fmt]:g} s budget)")
        if fmt == "beamer":
            tex = data
    from treeviz.exercises.pdflatex import compile_documents

    wall, cpu = time.perf_counter(), cpu_seconds()
    (pdf,) = compile_documents([tex.decode()])
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    print(f"pdflatex {wall:6.2f} s wall, {cpu:6.2f} s CPU, {len(pdf) / 1e6:6.2f} MB PDF of {steps + 1} pages")


if __name__ == "__main__":
    main()
