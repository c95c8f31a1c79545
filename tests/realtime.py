"""Wall-clock limits that a busy machine does not break, and that a late program still fails.

Tests whose subject is the wall clock (a search answering within its budget, a start-up, a timeout that
kills on time) carry the ``realtime`` marker, which runs them last, one at a time (tests/conftest.py), and
time their work with a :class:`Stopwatch`. Its :meth:`Stopwatch.limit` is the plain limit plus how long,
while the work ran, tasks on this machine were held up waiting for a CPU or for the disk: Linux's pressure
stall information (``/proc/pressure/cpu`` and ``io``, the "some" totals). On a quiet machine that is about
zero, so the plain limit holds and a program that is late fails; on a loaded one the limit grows by the
time the machine could not run the work. Where the kernel does not report it, the plain limit holds.
"""

from __future__ import annotations

import time
from pathlib import Path

PRESSURE = (Path("/proc/pressure/cpu"), Path("/proc/pressure/io"))


def held_up() -> float | None:
    """Seconds since boot during which some task waited for a CPU, plus those it waited for the disk
    (the PSI "some" totals), or None where the kernel does not say."""
    total = 0.0
    try:
        for path in PRESSURE:
            line = path.read_text().splitlines()[0]  # "some avg10=... total=<microseconds>"
            total += int(line.rsplit("total=", 1)[1]) / 1e6
    except (OSError, ValueError, IndexError):
        return None
    return total


class Stopwatch:
    """Times a block: ``wall`` seconds, and ``waited``: the seconds tasks were held up meanwhile (:func:`held_up`)."""

    def __init__(self) -> None:
        self.wall = 0.0
        self.waited = 0.0
        self._began = 0.0
        self._wait: float | None = None

    def __enter__(self) -> Stopwatch:
        self._wait = held_up()
        self._began = time.monotonic()
        return self

    def __exit__(self, *exc: object) -> None:
        self.read()

    def read(self) -> None:
        """Bring ``wall`` and ``waited`` up to now (at the end of the block, or inside it to poll)."""
        self.wall = time.monotonic() - self._began
        after = held_up()
        self.waited = after - self._wait if after is not None and self._wait is not None else 0.0

    def limit(self, seconds: float) -> float:
        """``seconds``, plus the time the machine held work up while the block ran."""
        return seconds + self.waited

    def __repr__(self) -> str:
        return f"Stopwatch(wall={self.wall:.3f} s, held up {self.waited:.3f} s)"
