"""``sm-bot FEN SECONDS`` (and ``treeviz bot``): the best ultimate move found within a time budget.

stdout carries exactly the move (``45``) and a newline; the search report
(depth, nodes, nodes per second, table hits, score, principal variation) goes
to stderr. The budget counts from the start of the *process*, not of this
module: on Linux the process start time is read from ``/proc``, so Python's
start-up and imports are paid from the budget too. The search's deadline is a
share of the budget (see :func:`engine.players.bot_deadline`), and the process
ends with ``os._exit`` once the move is written, so freeing the transposition
table never delays the answer.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import NoReturn

import click

from engine.iterative import Decision, think
from engine.players import bot_deadline, no_collections
from engine.ultimate import ULTIMATE
from engine.ultimate_eval import WIN, judges
from treeviz.cli.common import fail, run

DEFAULT_SECONDS = 6.0
"""The championship's limit per move."""


def process_age() -> float:
    """Seconds since this process started (0.0 where ``/proc`` cannot tell)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def choose_move(fen: str, seconds: float, *, started: float | None = None) -> Decision:
    """Parse, check and search: the decision for ``fen`` with ``seconds`` counted from ``started``.

    :raises engine.errors.FenError: a bad FEN. Finished games and bad budgets are reported with :func:`fail`.
    """
    if not math.isfinite(seconds) or seconds <= 0:
        fail(f"SECONDS must be a positive number of seconds, not {seconds:g}")
    state = ULTIMATE.parse_fen(fen)
    if ULTIMATE.is_over(state):
        result = {1: "x won", -1: "o won", 0: "drawn"}[ULTIMATE.outcome(state)]  # type: ignore[index]
        fail(f"the game is over ({result}): there is no move to play: {fen!r}")
    if started is None:
        started = time.monotonic()
    evaluate, scoring = judges(ULTIMATE.to_move(state))  # draws worth less to the side to move (contempt)
    with no_collections():
        return think(ULTIMATE, state, bot_deadline(seconds, started), evaluate=evaluate, scoring=scoring, win=WIN)


def report(decision: Decision, fen: str) -> str:
    """The one-line search report for stderr."""
    value = decision.value
    if abs(value) >= WIN:
        winner = "x" if value > 0 else "o"
        plies = 81 - int(abs(value) - WIN) - (81 - ULTIMATE.empty_count(ULTIMATE.parse_fen(fen)))
        score = f"{winner} wins in {plies} plies"
    else:
        score = f"{value:+g} (x's view)"
    pv = " ".join(ULTIMATE.move_name(m) for m in decision.principal_variation)  # type: ignore[arg-type]
    return (f"move {ULTIMATE.move_name(decision.move)}: depth {decision.depth}"  # type: ignore[arg-type]
            f"{' (+partial)' if decision.partial else ''}{' (solved)' if decision.solved else ''}, "
            f"nodes {decision.nodes}, {decision.nodes_per_second:,.0f} nodes/s, table hits {decision.table_hits}, "
            f"score {score}, {decision.seconds:.3f} s search, pv {pv}")


def _answer(fen: str, seconds: float, started: float) -> None:
    startup = time.monotonic() - started
    decision = choose_move(fen, seconds, started=started)
    sys.stdout.write(f"{ULTIMATE.move_name(decision.move)}\n")  # type: ignore[arg-type]
    sys.stdout.flush()
    click.echo(f"{report(decision, fen)}; start-up {startup:.3f} s, answered {time.monotonic() - started:.3f} s "
               "after launch", err=True)


_SECONDS = click.FloatRange(min=0, min_open=True, max=86400)

_started_at = time.monotonic() - process_age()
"""When the process started, on the monotonic clock (import time is the earliest we can look)."""


@click.command(context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True})
@click.argument("fen")
@click.argument("seconds", type=_SECONDS)
def smbot_command(fen: str, seconds: float) -> None:
    """Print the best move for the ultimate position FEN, found within SECONDS (start-up included).

    The move goes to stdout as <sub-board><cell> (45); search details go to stderr.
    """
    _answer(fen, seconds, _started_at)


@click.command(context_settings={"help_option_names": ["-h", "--help"], "ignore_unknown_options": True})
@click.argument("fen")
@click.argument("seconds", type=_SECONDS, default=DEFAULT_SECONDS)
def bot_command(fen: str, seconds: float) -> None:
    """Best ultimate move for FEN within SECONDS (6 by default, the championship's limit); same as sm-bot."""
    _answer(fen, seconds, _started_at)


def main() -> NoReturn:
    """Console-script entry point: answer, then leave at once (no interpreter teardown)."""
    code = 0
    try:
        run(smbot_command, prog_name="sm-bot")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
