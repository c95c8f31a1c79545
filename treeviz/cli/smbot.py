"""``sm-bot FEN SECONDS``: the best ultimate move found within a time budget -- the lean entry point.

stdout carries exactly the move (``45``) and a newline; the search report
(depth, nodes, nodes per second, table hits, score, principal variation,
start-up) goes to stderr. The budget counts from the start of the *process*
(:func:`engine.search.deadline.process_age`), so Python's start-up and imports are paid
from it, as a referee timing the process sees them. That is why this module
imports almost nothing: the common call, exactly ``FEN SECONDS`` with a valid
budget, goes straight to the search (the rules, the search and the evaluation
tables, loaded from a precomputed file). Everything else -- ``--help``,
``--serve``, ``--player``, a bad budget -- is handed to the click command in
:mod:`treeviz.cli.bot`, with the same messages and exit codes as ever. The
process ends with ``os._exit`` once the move is written, and its transposition
table is never freed (:data:`HELD`): neither delays the move.
"""

from __future__ import annotations

import os
import sys
import time

from engine.search.deadline import ONE_SHOT_MARGIN, process_start

STARTED = process_start()
"""When the process started, on the monotonic clock (read as the first thing this program does)."""

MAX_SECONDS = 86400.0
HELD: list[object] = []
"""The move's transposition table, never freed by Python: freed when the search returned, it delayed the
move on stdout by 5-7 ms for the 64 MB of a long move; the process's exit hands the memory back anyway (in
about the time freeing it takes)."""


def quick_budget(text: str) -> float | None:
    """The budget if ``text`` is a plain valid one (0 < seconds <= a day), else None (click reports it)."""
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if 0 < seconds <= MAX_SECONDS else None


EVALS = ("classic", "learned", "learned-or-classic")
"""``--eval``'s choices (:data:`engine.bot.decision.EVALUATIONS`, spelled here so that the plain call imports
nothing more to tell them)."""


def answer(fen: str, seconds: float, started: float, evaluation: str = "classic", weights: str | None = None) -> int:
    """Search ``fen`` for ``seconds`` counted from ``started``, print the move and the report: the exit status."""
    from engine.bot.decision import chosen_net, finished_message, report, search
    from engine.errors import FenError
    from engine.games.ultimate import ULTIMATE

    net = None
    if evaluation != "classic":
        try:
            net, note = chosen_net(evaluation, weights)
        except ValueError as exc:  # the weights file cannot be used
            return error(str(exc))
        if note:
            sys.stderr.write(f"note: {note}\n")

    try:
        state = ULTIMATE.parse_fen(fen)
    except FenError as exc:
        return error(str(exc))
    if ULTIMATE.is_over(state):
        return error(finished_message(state, fen))
    decision = search(state, seconds - ONE_SHOT_MARGIN, started, hold=HELD, net=net)
    sys.stdout.write(f"{ULTIMATE.move_name(decision.move)}\n")
    sys.stdout.flush()
    if decision.engine != "C":
        from engine.bot.native_search import why_python

        why = why_python()
        if why:
            sys.stderr.write(f"note: {why}\n")
    searched = decision.started
    sys.stderr.write(f"{report(decision, state)}; start-up {searched - started:.3f} s (search began at monotonic "
                     f"{searched:.6f}), answered {time.monotonic() - started:.3f} s after launch\n")
    return 0


def error(message: str) -> int:
    """The SPEC's bad-input report: one ``error:`` line on stderr; exit status 2."""
    sys.stderr.write(f"error: {' '.join(message.split())}\n")
    return 2


def main() -> None:
    """Console-script entry point: answer, then leave at once (no interpreter teardown)."""
    args = sys.argv[1:]
    code = None
    try:
        if len(args) == 2 and not args[0].startswith("-"):
            seconds = quick_budget(args[1])
            if seconds is not None:
                code = answer(args[0], seconds, STARTED)
        elif len(args) == 4 and args[0] == "--eval" and args[1] in EVALS and not args[2].startswith("-"):
            seconds = quick_budget(args[3])  # the learned evaluation, as lean as the classic one
            if seconds is not None:
                code = answer(args[2], seconds, STARTED, args[1])
        if code is None:
            from treeviz.cli.bot import smbot_main

            code = smbot_main(STARTED)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        code = 130
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code)
