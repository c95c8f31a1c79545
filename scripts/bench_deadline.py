"""Is sm-bot ever late? Its answers timed as a referee times them, on a quiet machine and on a loaded one.

    .venv/bin/python scripts/bench_deadline.py --moves 300 --seconds 0.1
    .venv/bin/python scripts/bench_deadline.py --moves 300 --seconds 0.1 0.3 --modes loaded

Each move is a fresh ``sm-bot FEN SECONDS`` process on a midgame position (random games of 6 to 50
plies, from ``--seed``), timed on the wall clock from the moment it is started to the moment it has
exited, as a referee does. ``quiet``: nothing of ours runs beside it; ``loaded``: two CPU-bound
processes (busy loops) run beside it for the whole series, at the bot's own priority. The bot is run
without ``nice`` whatever this script's priority (its niceness is reset to 0 when this script runs as
root). Prints one row per mode and budget: moves, the 1-minute load and the CPU pressure (PSI ``some
avg10``) before and after, the median, 99th percentile and worst answer, the late answers (and among
them those whose search began only after the budget had passed: the process was not even running its
search in time, which no margin can help), the median start-up (launch to search, from the bot's
report) and the fraction of the budget used (median and worst).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.games.ultimate import ULTIMATE  # noqa: E402

SM_BOT = os.path.join(os.path.dirname(sys.executable), "sm-bot")
BUSY = "while True: pass"


def positions(count: int, seed: int) -> list[str]:
    """``count`` unfinished midgame positions (FEN) from random games."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        state = ULTIMATE.initial()
        for _ in range(rng.randint(6, 50)):
            moves = ULTIMATE.legal_moves(state)
            if not moves:
                break
            state = ULTIMATE.play(state, rng.choice(moves))
        if not ULTIMATE.is_over(state):
            out.append(ULTIMATE.fen(state))
    return out


def pressure() -> str:
    """PSI ``some avg10`` of the CPU, or ``-`` where the kernel does not tell."""
    try:
        text = Path("/proc/pressure/cpu").read_text()
    except OSError:
        return "-"
    for line in text.splitlines():
        if line.startswith("some "):
            return line.split()[1].split("=")[1] + " %"
    return "-"


def unniced() -> None:
    """In the bot's process before exec: priority 0 (a root script may lower its own niceness back)."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, 0)
    except OSError:
        pass


def one_move(bot: str, fen: str, seconds: float) -> tuple[float, float]:
    """Wall seconds from starting ``BOT FEN SECONDS`` to its exit, and the start-up its report gives (launch to
    search). :raises RuntimeError: it failed."""
    began = time.monotonic()
    result = subprocess.run([bot, fen, f"{seconds:g}"], capture_output=True, text=True, preexec_fn=unniced)
    spent = time.monotonic() - began
    if result.returncode != 0 or len(result.stdout.strip()) != 2:
        raise RuntimeError(f"sm-bot {fen!r} {seconds:g} failed: {result.stderr.strip()[:200]}")
    found = re.search(r"start-up ([0-9.]+) s", result.stderr)
    return spent, float(found.group(1)) if found else float("nan")


def series(bots: list[str], fens: list[str], seconds: float, progress: bool) -> dict[str, list[tuple[float, float]]]:
    """Every bot on every position, the bots taking turns position by position (so a change in the machine's load
    falls on all of them alike)."""
    times: dict[str, list[tuple[float, float]]] = {bot: [] for bot in bots}
    for i, fen in enumerate(fens, 1):
        for bot in bots:
            times[bot].append(one_move(bot, fen, seconds))
        if progress and (i % 25 == 0 or i == len(fens)):
            worst = ", ".join(f"{max(t for t, _ in times[b]):.3f} s" for b in bots)
            sys.stderr.write(f"  {i}/{len(fens)} positions at {seconds:g} s, worst {worst}\n")
    return times


def row(bot: str, mode: str, seconds: float, moves: list[tuple[float, float]], before: tuple[float, str],
        after: tuple[float, str]) -> str:
    """One table row: the answers' wall times, the late ones, and those already late when the search began."""
    times = [t for t, _ in moves]
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    late = sum(1 for t in times if t > seconds)
    late_start = sum(1 for t, start in moves if t > seconds and start >= seconds)
    median = statistics.median(times)
    return (f"| {bot} | {mode} | {seconds:g} s | {len(times)} | {before[0]:.1f} / {after[0]:.1f} | "
            f"{before[1]} / {after[1]} | {median:.3f} s | {p99:.3f} s | {max(times):.3f} s | {late} | {late_start} | "
            f"{statistics.median(s for _, s in moves):.3f} s | {median / seconds:.0%} | {max(times) / seconds:.0%} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.1])
    parser.add_argument("--modes", nargs="+", choices=("quiet", "loaded"), default=["quiet", "loaded"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", nargs="+", default=[SM_BOT],
                        help="sm-bot commands to time, taking turns on the same positions (e.g. another "
                             "checkout's .venv/bin/sm-bot, to compare)")
    args = parser.parse_args()
    fens = positions(args.moves, args.seed)
    show = True
    print("| bot | mode | budget | moves | load 1-min (before / after) | CPU pressure (before / after) | median | "
          "p99 | worst | late | late before its search began | start-up median | median share of budget | "
          "worst share |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for mode in args.modes:
        hogs = [subprocess.Popen([sys.executable, "-c", BUSY], preexec_fn=unniced) for _ in range(2)] \
            if mode == "loaded" else []
        try:
            if hogs:
                time.sleep(2)  # let the pressure show
            for seconds in args.seconds:
                before = (os.getloadavg()[0], pressure())
                times = series(args.bots, fens, seconds, show)
                after = (os.getloadavg()[0], pressure())
                for bot in args.bots:
                    print(row(bot, mode, seconds, times[bot], before, after), flush=True)
        finally:
            for hog in hogs:
                hog.kill()
                hog.wait()


if __name__ == "__main__":
    main()
