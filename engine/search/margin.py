"""How much of a move's budget a timed search keeps back, following what the machine is doing.

A referee's clock runs until the move arrives, so the search must stop early
enough for the rest -- unwinding, writing the move, the process's exit -- to fit
in what is left, even when the process is made to wait for a CPU meanwhile. A
fixed share (5 % until issue 36) is too much on a quiet machine and too little
on a busy one (a 0.331 s search of a 0.3 s budget, while two other programs ran
on two cores). The margin here grows with how busy the machine is:

- ``busy``, between 0 and 1: the share of recent wall time this process spent
  waiting in the run queue (``/proc/self/schedstat``: nanoseconds on a CPU, then
  waiting for one), or Linux's pressure stall information
  (``/proc/pressure/cpu``, ``some avg10``: the share of the last 10 s during which
  some task waited for a CPU) divided by the CPUs, whichever is larger. The
  process's own figure is the direct one but covers only its short life (a one-shot
  ``sm-bot`` is 20 ms old when it searches); the pressure covers 10 s of the
  whole machine, and on ``n`` CPUs at most ``1 / n`` of it falls on one task.
- kept back = ``fixed / (1 - busy)`` (the tail after the deadline is CPU work,
  stretched by the waiting; ``busy`` counted up to 3/4) + ``busy * STALL_SECONDS``
  (one scheduling stall at the wrong moment) + ``(QUIET_SHARE + (BUSY_SHARE -
  QUIET_SHARE) * busy) * seconds`` (a share of the budget, for clock checks and
  the unexpected), never more than :data:`MAX_SHARE` of the budget (so a short
  budget still searches; the fixed tail is always kept).

The readings cost two small reads of ``/proc`` (~30 us); where ``/proc`` does not
tell (not Linux, no PSI in the kernel), the missing figure counts as 0. This
module imports nothing beyond ``os``: ``sm-bot`` reads it at start-up.
"""

from __future__ import annotations

import os

QUIET_SHARE = 0.03
"""Share of the budget kept back on an idle machine (besides the fixed tail)."""
BUSY_SHARE = 0.15
"""Share of the budget kept back when the process waits all the time."""
STALL_SECONDS = 0.030
"""A scheduling stall a busy machine may put between the deadline and the move (CFS's latency on a few CPUs)."""
MAX_BUSY = 0.75
"""``busy`` beyond this counts as this much (the tail is stretched at most four times)."""
MAX_SHARE = 0.6
"""Never more than this share of a budget is kept back."""
WINDOW = 0.02
"""Seconds: the process's own waiting share is read over the time since the last reading when at least this long,
else over its whole life."""
SCHEDSTAT = "/proc/self/schedstat"
PRESSURE = "/proc/pressure/cpu"


class Load:
    """What the machine is doing, as a search sees it: its own waiting share, the CPU pressure, the CPUs."""

    __slots__ = ("cpus", "pressure", "waiting")

    def __init__(self, waiting: float = 0.0, pressure: float = 0.0, cpus: int = 1) -> None:
        self.waiting = waiting
        """Share of recent wall time this process waited for a CPU (0..1)."""
        self.pressure = pressure
        """PSI ``some avg10`` as a share (0..1): some task waited for a CPU."""
        self.cpus = max(1, cpus)

    def __repr__(self) -> str:
        return f"Load(waiting={self.waiting:.3f}, pressure={self.pressure:.3f}, cpus={self.cpus})"

    @property
    def busy(self) -> float:
        """How busy the machine is for this process, 0..1 (see the module's docstring)."""
        return min(1.0, max(0.0, self.waiting, self.pressure / self.cpus))


def kept_back(seconds: float, fixed: float, load: Load) -> float:
    """Seconds of a ``seconds`` budget the search leaves unused: the fixed tail stretched by the waiting, a
    stall, and a share of the budget, all growing with ``load.busy``; at most :data:`MAX_SHARE` of the budget."""
    busy = load.busy
    tail = fixed / (1 - min(busy, MAX_BUSY))
    share = QUIET_SHARE + (BUSY_SHARE - QUIET_SHARE) * busy
    return min(tail + busy * STALL_SECONDS + share * seconds, max(fixed, MAX_SHARE * seconds))


def parse_schedstat(text: bytes) -> tuple[int, int] | None:
    """(nanoseconds on a CPU, nanoseconds waiting for one) from ``/proc/<pid>/schedstat``."""
    fields = text.split()
    try:
        return int(fields[0]), int(fields[1])
    except (IndexError, ValueError):
        return None


def parse_pressure(text: bytes) -> float | None:
    """``some avg10`` of ``/proc/pressure/cpu`` as a share (0..1)."""
    for line in text.splitlines():
        if line.startswith(b"some "):
            for field in line.split():
                if field.startswith(b"avg10="):
                    try:
                        return float(field[6:]) / 100
                    except ValueError:
                        return None
    return None


def _read(path: str) -> bytes | None:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


_last: list[float] = []
"""The previous reading: wall (monotonic) seconds, CPU seconds, waiting seconds."""


def waiting_share(now: float, run_wait: tuple[int, int], last: list[float]) -> float:
    """This process's waiting share: over the time since ``last`` (wall, run, wait seconds) when that is at
    least :data:`WINDOW` long, else over its whole life; ``last`` becomes this reading."""
    run, wait = run_wait[0] / 1e9, run_wait[1] / 1e9
    share = wait / (run + wait) if run + wait > 0 else 0.0
    if last and now - last[0] >= WINDOW:
        share = min(1.0, max(0.0, (wait - last[2]) / (now - last[0])))
    if not last or now - last[0] >= WINDOW:
        last[:] = [now, run, wait]
    return share


def read_load(now: float) -> Load:
    """The machine's load now (``now``: the monotonic time), from ``/proc`` (0 where it does not tell)."""
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    stat = _read(SCHEDSTAT)
    run_wait = parse_schedstat(stat) if stat is not None else None
    waiting = waiting_share(now, run_wait, _last) if run_wait is not None else 0.0
    text = _read(PRESSURE)
    pressure = parse_pressure(text) if text is not None else None
    return Load(waiting, pressure or 0.0, cpus)


_current: list[object] = []
"""The last :func:`current_load`: its time and the load."""


def current_load(now: float) -> Load:
    """:func:`read_load`, read again only when the last reading is :data:`WINDOW` old (so deadlines computed
    together agree, and a busy loop of short moves does not read ``/proc`` for each)."""
    if _current and now - float(_current[0]) < WINDOW:  # type: ignore[arg-type]  # the cache holds a float there
        load = _current[1]
        assert isinstance(load, Load)
        return load
    load = read_load(now)
    _current[:] = [now, load]
    return load
