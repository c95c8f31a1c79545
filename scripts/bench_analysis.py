"""Benchmark of the analysis toolkit: outcome counts and the solver (targets: count < 10 ms, solve < 50 ms from "9 x").

Run: ``.venv/bin/python scripts/bench_analysis.py [--repeat N]``. Prints one line per
figure: the median over N runs, "warm" with the engine's successor tables already
filled (what a second call in the same process sees), "cold" on a fresh game object
whose tables are empty (what the first call of a command sees).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from engine.course_grid import get_proba
from engine.game import O, X
from engine.games.tictactoe import TICTACTOE, TicTacToe
from engine.search.counting import count_outcomes, count_outcomes_naive
from engine.search.solver import solve

ULTIMATE_ENDGAME = "oxxoox1x1oxo1ox1xx2oooxxxxxoox3xxoox1xooxxxo1x2ooxo5xxxox2ooxoo1oooxooxo 11 x"
ULTIMATE_LONGER = "1xxoox1x1oxo1ox1xx2ooox1xxxoox3xxoox1xooxxxo1x2ooxo5xxxox2ooxoo1oooxooxo 33 x"


def median_ms(run: Callable[[], object], repeat: int, setup: Callable[[], None] | None = None,
              clock: Callable[[], float] = time.process_time) -> float:
    """Median time of ``run`` in milliseconds (``setup`` runs untimed before each).

    CPU time of this process by default, so other jobs on a shared machine do not
    inflate the figure; pass ``clock=time.perf_counter`` for wall time.
    """
    times = []
    for _ in range(repeat):
        if setup:
            setup()
        started = clock()
        run()
        times.append((clock() - started) * 1000)
    return statistics.median(times)


def full_solve(game: object, state: int) -> None:
    """What ``treeviz solve`` computes: values, optimal moves, both attractors, the strategies."""
    solution = solve(game, state)
    solution.optimal_moves()
    solution.attractor(X)
    solution.attractor(O)
    solution.drawing_strategy(X)
    solution.drawing_strategy(O)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    n = args.repeat
    root = TICTACTOE.parse_fen("9 x")
    fresh: list[TicTacToe] = []

    def new_game() -> None:
        fresh[:] = [TicTacToe()]

    print(f"python {sys.version.split()[0]}, median CPU time of {n} runs")
    count_warm = median_ms(lambda: count_outcomes(TICTACTOE, root), n)
    count_cold = median_ms(lambda: count_outcomes(fresh[0], root), n, setup=new_game)
    print(f"count from '9 x' (5,478 positions): {count_warm:.2f} ms warm, {count_cold:.2f} ms cold  (target < 10 ms)")
    naive = median_ms(lambda: count_outcomes_naive(TICTACTOE, root), max(3, n // 7))
    print(f"  naive walk of the 549,946-node tree for comparison: {naive:.0f} ms")
    solve_warm = median_ms(lambda: solve(TICTACTOE, root), n)
    solve_cold = median_ms(lambda: solve(fresh[0], root), n, setup=new_game)
    print(f"solve from '9 x' (values of 5,478 positions): {solve_warm:.2f} ms warm, {solve_cold:.2f} ms cold  "
          "(target < 50 ms)")
    everything = median_ms(lambda: full_solve(TICTACTOE, root), n)
    print(f"  with optimal moves, both attractors and both drawing strategies: {everything:.2f} ms warm")
    empty = [[""] * 3 for _ in range(3)]
    print(f"get_proba(empty board, 'x'): {median_ms(lambda: get_proba(empty, 'x'), n):.2f} ms warm")

    from engine.games.ultimate import ULTIMATE

    for fen in (ULTIMATE_ENDGAME, ULTIMATE_LONGER):
        state = ULTIMATE.parse_fen(fen)
        started = time.perf_counter()
        result = count_outcomes(ULTIMATE, state)
        elapsed = time.perf_counter() - started
        print(f"ultimate count, {ULTIMATE.empty_count(state)} empty cells: {result.positions:,} positions in "
              f"{elapsed * 1000:.0f} ms ({result.positions / elapsed:,.0f} positions/s, first call)")

    treeviz = Path(sys.executable).parent / "treeviz"
    if treeviz.exists():
        def command() -> None:
            subprocess.run([str(treeviz), "count", "9 x", "--json"], check=True, capture_output=True)

        whole = median_ms(command, max(3, n // 4), clock=time.perf_counter)
        print(f"treeviz count '9 x' --json, whole process (wall time): {whole:.0f} ms")


if __name__ == "__main__":
    main()
