"""Helpers for the play / sm-refresh tests: run the console scripts, make scripted games."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from engine.games.ultimate import ULTIMATE

BIN = Path(sys.executable).parent


def run_script(*args: str, stdin: str = "", cwd: Path | None = None,
               timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run a console script (``sm-refresh``, ``treeviz``) with ``stdin`` typed in, and capture everything."""
    return subprocess.run([str(BIN / args[0]), *args[1:]], input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=cwd)


def random_ultimate_game(outcome: int, *, first_seed: int = 0) -> list[int]:
    """The moves of the first seeded random ultimate game (seeds from ``first_seed``) ending with ``outcome``."""
    for seed in range(first_seed, first_seed + 10_000):
        rng = random.Random(seed)
        state, moves = ULTIMATE.initial(), []
        while ULTIMATE.outcome(state) is None:
            move = rng.choice(ULTIMATE.legal_moves(state))
            moves.append(move)
            state = ULTIMATE.play(state, move)
        if ULTIMATE.outcome(state) == outcome:
            return moves
    raise AssertionError(f"no random game ends with {outcome}")


def free_choice_position_with_closed_subs() -> int:
    """A seeded random ultimate position, free choice for the side to move, with a won and a full sub-board."""
    for seed in range(10_000):
        rng = random.Random(seed)
        state = ULTIMATE.initial()
        while ULTIMATE.outcome(state) is None:
            statuses = [ULTIMATE.sub_status(state, sub) for sub in range(1, 10)]
            if (ULTIMATE.last_move(state) is not None and ULTIMATE.forced_sub(state) is None
                    and "draw" in statuses and ("x" in statuses or "o" in statuses)):
                return state
            state = ULTIMATE.play(state, rng.choice(ULTIMATE.legal_moves(state)))
    raise AssertionError("no such position found")


def replay(moves: list[int]) -> int:
    """The ultimate state after ``moves`` from the start."""
    state = ULTIMATE.initial()
    for move in moves:
        state = ULTIMATE.play_checked(state, move)
    return state
