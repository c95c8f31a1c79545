"""Does MCTS find the optimal tic-tac-toe move? Every position with a single optimal move class, 20,000 iterations.

    .venv/bin/python scripts/check_mcts_optimality.py            # all 4,660 positions (about 15 min)
    .venv/bin/python scripts/check_mcts_optimality.py --classes  # one position per symmetry class (the suite's)

For each reachable unfinished position with at most 5 empty cells whose optimal
moves form a single class (tests/mcts_oracle.py, from an oracle independent of the
engine): plain UCT (c = sqrt 2, seed 1) with ``--iterations``; where its move is not
optimal, the same search with the MCTS-solver. Prints how many positions, how many
plain UCT got wrong (they needed the solver), and any the solver got wrong too.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import TICTACTOE  # noqa: E402
from engine.search.mcts import mcts  # noqa: E402
from tests.mcts_oracle import single_class_positions  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--classes", action="store_true", help="one position per symmetry class")
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cases = [c for c in single_class_positions() if c.representative or not args.classes]
    print(f"python {sys.version.split()[0]}; load average {os.getloadavg()[0]:.2f}; {len(cases)} positions, "
          f"{args.iterations:,} iterations each")
    began = time.perf_counter()
    needed, wrong = [], []
    for i, case in enumerate(cases, 1):
        state = TICTACTOE.parse_fen(case.fen)
        plain = mcts(TICTACTOE, state, iterations=args.iterations, seed=args.seed)
        if plain.best_move not in case.optimal:
            solved = mcts(TICTACTOE, state, iterations=args.iterations, seed=args.seed, solver=True)
            needed.append((case, plain.best_move, solved.best_move))
            if solved.best_move not in case.optimal:
                wrong.append(case)
        if sys.stderr.isatty():
            spent = time.perf_counter() - began
            print(f"\r{i}/{len(cases)} positions, {len(needed)} needed the solver, "
                  f"{spent / i * (len(cases) - i):.0f} s left  ", end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    spent = time.perf_counter() - began
    print(f"{len(cases)} positions in {spent:.0f} s: plain UCT chose an optimal move in {len(cases) - len(needed)}; "
          f"{len(needed)} needed the solver; the solver failed in {len(wrong)}")
    for case, plain_move, solver_move in needed:
        print(f"  {case.fen}: value {case.value:+d}, optimal {sorted(case.optimal)}, UCT chose {plain_move}, "
              f"with the solver {solver_move}")
    print(f"load average {os.getloadavg()[0]:.2f} at end")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
