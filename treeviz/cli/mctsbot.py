"""``sm-mcts FEN SECONDS``: the ultimate move Monte Carlo tree search chooses within a time budget.

The same interface as ``sm-bot`` (the move on stdout, a report on stderr), so the
arena and scripts can run it as a process player: ``treeviz arena bot:1 sm-mcts``.
The budget counts from the start of the process (read from ``/proc`` on Linux);
the search stops at the bot's deadline (:func:`engine.search.deadline.bot_deadline`), and the
process ends with ``os._exit`` once the move is written, so freeing the tree never
delays the answer. It imports no evaluation tables: start-up stays short.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from typing import NoReturn

import click

from engine.games.ultimate import ULTIMATE
from engine.search.deadline import process_age
from engine.search.mcts import DEFAULT_C, MctsResult, mcts, timed_deadline
from treeviz.cli.common import fail, run
from treeviz.cli.usage import Command, Number, Seconds, WholeNumber

_started_at = time.monotonic() - process_age()
"""When the process started, on the monotonic clock."""


def choose(fen: str, seconds: float, *, c: float, seed: int | None, solver: bool, started: float) -> MctsResult[int]:
    """Parse, check and search ``fen`` until the deadline for a budget of ``seconds`` begun at ``started``."""
    if not math.isfinite(seconds) or seconds <= 0:
        fail(f"SECONDS must be a positive number of seconds, not {seconds:g}")
    state = ULTIMATE.parse_fen(fen)
    outcome = ULTIMATE.outcome(state)
    if outcome is not None:
        result = {1: "x won", -1: "o won", 0: "drawn"}[outcome]
        fail(f"the game is over ({result}): there is no move to play: {fen!r}")
    ULTIMATE.random_playouts(random.Random(0))  # tables first, so the search's time is the search's
    left = timed_deadline(seconds, started) - time.monotonic()
    try:
        return mcts(ULTIMATE, state, seconds=max(left, 1e-3), c=c, seed=seed, solver=solver)
    except ValueError as exc:
        fail(exc)


def report(result: MctsResult) -> str:
    """One line for stderr: the move, the search's size and speed, its value and line."""
    rate = result.iterations / result.seconds if result.seconds > 0 else 0.0
    best = next(s for s in result.root_stats if s[0] == result.best_move)
    proven = "" if result.proven is None else f" (proven {result.proven:+g})"
    assert result.best_move is not None  # as choose() returns it
    pv = " ".join(ULTIMATE.move_name(m) for m in result.principal_variation)
    return (f"move {ULTIMATE.move_name(result.best_move)}: {result.iterations:,} iterations, "
            f"{rate:,.0f}/s, {result.nodes:,} nodes, {best[1]:,} visits, mean {result.value:+.3f} "
            f"(x's view){proven}, {result.seconds:.3f} s search, pv {pv}")


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True})
@click.argument("fen")
@click.argument("seconds", type=Seconds())
@click.option("--c", "c", type=Number(0, about="the UCB1 exploration constant"), default=DEFAULT_C, metavar="C",
              help="UCB1 exploration constant, >= 0 [default: 1.41, i.e. sqrt 2].")
@click.option("--seed", type=WholeNumber(), default=None, metavar="N", help="Random seed of the playouts.")
@click.option("--solver/--no-solver", default=True, show_default=True, help="Prove wins and losses (MCTS-solver).")
def mcts_command(fen: str, seconds: float, c: float, seed: int | None, solver: bool) -> None:
    """Print the move Monte Carlo tree search chooses for the ultimate position FEN within SECONDS.

    SECONDS counts from the start of the process. The move goes to stdout as
    <sub-board><cell> (45); the search's figures go to stderr.
    """
    result = choose(fen, seconds, c=c, seed=seed, solver=solver, started=_started_at)
    assert result.best_move is not None  # the game goes on (choose() checked) and a search has one iteration
    sys.stdout.write(f"{ULTIMATE.move_name(result.best_move)}\n")
    sys.stdout.flush()
    click.echo(f"{report(result)}; answered {time.monotonic() - _started_at:.3f} s after launch", err=True)


def main() -> NoReturn:
    """Console-script entry point: answer, then leave at once (no interpreter teardown)."""
    code = 0
    try:
        run(mcts_command, prog_name="sm-mcts")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
