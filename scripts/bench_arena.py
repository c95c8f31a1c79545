"""Benchmark of `treeviz arena` at scale: games in parallel, on Ray, and resuming.

    .venv/bin/python scripts/bench_arena.py            # all figures (about 4 minutes)
    .venv/bin/python scripts/bench_arena.py --quick    # fewer rounds, for a look

Every figure is the wall time of the whole command, as the user runs it (process start,
imports, pool or Ray start-up included), with the machine's load average beside it:

1. parallel: a championship of quick built-ins with --jobs 1 and --jobs 2; the issue asks
   for a ratio <= 0.65 on a 2-core machine (both cores must be free: other work on the
   machine takes them from the games). Run twice: the mixed field of the issue (a bot
   that thinks a fixed time a move, which parallel games do not slow) and a field of
   fixed-depth searchers only (pure computing: the honest measure of the pool).
2. ray: the mixed championship with --backend ray (a local one-node Ray instance started
   and stopped by the command); ratio to --jobs 2 <= 1.3 asked for. Ray's start-up alone
   is printed too.
3. resume: the records of the finished --jobs 2 run cut back to 90 % of the games, then
   --resume --jobs 2; its time over the full run's, <= 0.15 asked for.
4. dask (only when `distributed` is installed): the same tasks on a Dask LocalCluster of two
   single-threaded worker processes, to compare the engines (not used by treeviz).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
MIXED = ["bot:0.2", "course:3", "greedy", "random"]
"""Quick built-ins, the bot thinking a fixed share of 0.2 s a move: about a minute with --jobs 1
(long enough that start-up costs, Ray's above all, weigh as little as in a real championship)."""
SEARCHERS = ["course:4", "course:5", "greedy", "random"]
"""Fixed-depth searchers only: every game is pure computing."""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def run_arena(players: list[str], folder: Path, *extra: str) -> float:
    """Wall time of one `treeviz arena` command."""
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    began = time.perf_counter()
    result = subprocess.run([str(BIN / "treeviz"), "arena", *players, "-o", str(folder), *extra],
                            capture_output=True, text=True, env=env)
    spent = time.perf_counter() - began
    if result.returncode != 0:
        sys.exit(f"bench_arena: arena failed ({result.returncode}): {result.stderr.strip()}")
    return spent


def bench_parallel(label: str, players: list[str], settings: list[str], tmp: Path) -> tuple[float, float]:
    print(f"{label}: {' '.join(players)} {' '.join(settings)}")
    one = run_arena(players, tmp / f"{label}-1", *settings)
    print(f"  --jobs 1: {one:7.2f} s   ({load()})")
    two = run_arena(players, tmp / f"{label}-2", *settings, "--jobs", "2")
    print(f"  --jobs 2: {two:7.2f} s   ({load()})")
    print(f"  ratio jobs 2 / jobs 1: {two / one:.3f}   (asked: <= 0.65)")
    return one, two


def bench_ray(players: list[str], settings: list[str], tmp: Path, jobs2: float) -> None:
    try:
        import ray
    except ImportError:
        print("ray: not installed (pip install -e '.[cluster]'); skipped")
        return
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    began = time.perf_counter()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    started = time.perf_counter() - began
    ray.shutdown()
    overhead = time.perf_counter() - began
    print(f"ray {ray.__version__}: start-up + shut-down of a local instance alone: {started:.2f} s + "
          f"{overhead - started:.2f} s   ({load()})")
    spent = run_arena(players, tmp / "ray", *settings, "--backend", "ray", "--jobs", "2")
    print(f"  --backend ray (1 node, 2 CPUs): {spent:7.2f} s   ({load()})")
    print(f"  ratio ray / jobs 2: {spent / jobs2:.3f}   (asked: <= 1.3)")
    print(f"  the same without Ray's start-up and shut-down (a cluster already running): "
          f"{(spent - overhead) / jobs2:.3f}")


def bench_resume(players: list[str], settings: list[str], tmp: Path, full: float) -> None:
    folder = tmp / "mixed-2"
    path = folder / "games.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    games = len(lines) - 1
    keep = round(games * 0.9)
    path.write_text("".join(lines[:1 + keep]))
    spent = run_arena(players, folder, *settings, "--jobs", "2", "--resume")
    print(f"resume with {keep} of {games} games recorded (--jobs 2): {spent:.2f} s   ({load()})")
    print(f"  ratio resume / full run: {spent / full:.3f}   (asked: <= 0.15)")


def bench_dask(players: list[str], settings: list[str]) -> None:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        print("dask: distributed not installed; skipped (pip install 'dask[distributed]' to compare)")
        return
    from engine.arena.championship import Plan, play_task
    from engine.arena.players import make_player

    values = dict(zip(settings[::2], settings[1::2], strict=True))
    plan = Plan(tuple(players), tuple(make_player(p).name for p in players), float(values["--seconds"]),
                int(values["--rounds"]), int(values["--openings"]), 0)
    began = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        started = time.perf_counter() - began
        futures = [client.submit(play_task, task, pure=False) for task in plan.tasks()]
        for _ in as_completed(futures):
            pass
    spent = time.perf_counter() - began
    print(f"dask LocalCluster (2 workers x 1 thread), in-process driver: start-up {started:.2f} s, "
          f"championship {spent:.2f} s in all   ({load()})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds (a look, not the figures)")
    args = parser.parse_args()
    mixed = ["--seconds", "1", "--rounds", "1" if args.quick else "8", "--openings", "4"]
    searchers = ["--seconds", "5", "--rounds", "1" if args.quick else "3", "--openings", "4"]
    print(f"{os.cpu_count()} cores; {load()}; python {sys.version.split()[0]}")
    tmp = Path(tempfile.mkdtemp(prefix="bench-arena-"))
    try:
        _, mixed2 = bench_parallel("mixed", MIXED, mixed, tmp)
        bench_parallel("searchers", SEARCHERS, searchers, tmp)
        bench_ray(MIXED, mixed, tmp, mixed2)
        bench_resume(MIXED, mixed, tmp, mixed2)
        bench_dask(MIXED, mixed)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
