"""When a timed player must stop thinking: its process's age, the search deadline, no GC pauses.

A referee times a bot from the moment it starts the bot's process to the moment
the move arrives, so a one-shot bot counts its budget from its own process start
(:func:`process_age`, read from ``/proc``), and stops searching a little before
the budget ends (:func:`bot_deadline`) to leave time to unwind, print and exit.
This module imports nothing heavy: ``sm-bot`` reads it before anything else.
"""

from __future__ import annotations

import gc
import os
import time

from engine.search.margin import Load, current_load, kept_back

BOT_MARGIN = 0.008
"""Seconds always kept back from a budget: unwinding the search, writing the move, the process's exit."""
ONE_SHOT_MARGIN = 0.012
"""Seconds more kept back by a one-shot ``sm-bot`` process (a referee's clock runs until the process has
exited): with the C search and only ``BOT_MARGIN``, 1 answer in 1,000 came 17-18 ms after the deadline, at
0.1 s and at 0.3 s under load (scripts/bench_bot.py smbot)."""
BOT_SHARE = 0.95
"""The least share of the rest of a budget a search on a quiet machine may use. Until issue 36 it was the share,
fixed (with 3 %, under loads of 2-7 from other programs, 1-3 answers in 200 at 6 s came up to 0.26 s late); now
the margin follows the machine's load (:mod:`engine.search.margin`): 3 % on a quiet machine, up to 15 % and a
stretched tail on a busy one."""


def bot_deadline(seconds: float, started: float, load: Load | None = None) -> float:
    """The search deadline for a move budget of ``seconds`` that began at ``started`` (a monotonic time): the
    budget less what :func:`engine.search.margin.kept_back` keeps for the machine's ``load`` (read from
    ``/proc`` when not given) and the tail of :data:`BOT_MARGIN`."""
    if load is None:
        load = current_load(time.monotonic())
    return started + max(0.0, seconds - kept_back(seconds, BOT_MARGIN, load))


def process_age() -> float:
    """Seconds since this process started (0.0 where ``/proc`` cannot tell), so budgets include start-up.

    The kernel gives the start in clock ticks (10 ms here), rounded down, so the age
    read is never less than the true one: a deadline from it is early, never late.
    """
    try:
        with open("/proc/self/stat", "rb") as handle:  # bytes: no text codec to import
            fields = handle.read().rsplit(b")", 1)[1].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, time.clock_gettime(time.CLOCK_BOOTTIME) - started)
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def process_start() -> float:
    """When this process started, on the monotonic clock."""
    return time.monotonic() - process_age()


class no_collections:  # lower case: used like the function it replaced, `with no_collections():`
    """No cyclic garbage collection during a search, and none of its objects scanned by later ones.

    A search makes a million small tuples (the transposition table) and no
    cycles; a full collection over them takes long enough to break a time
    limit. ``gc.freeze`` moves everything alive into the permanent generation
    on the way out, so turning collection back on costs nothing. (A class, not
    :func:`contextlib.contextmanager`: ``sm-bot`` reads this module at start-up.)
    """

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.freeze()
        if self.was_enabled:
            gc.enable()
