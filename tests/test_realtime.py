"""The realtime limits (tests/realtime.py): the plain limit on a quiet machine, so a late block fails; more
only by the time the machine held work up while the block ran."""

from __future__ import annotations

import time

import pytest

from tests import realtime
from tests.realtime import Stopwatch


def test_on_a_quiet_machine_the_limit_is_the_plain_one_and_a_late_block_misses_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(realtime, "held_up", lambda: 12.5)  # nothing held up meanwhile
    with Stopwatch() as watch:
        time.sleep(0.03)
    assert watch.waited == 0.0 and watch.limit(0.2) == 0.2
    assert not watch.wall < watch.limit(0.01)


def test_the_limit_grows_by_the_time_work_was_held_up(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = iter([100.0, 100.4])
    monkeypatch.setattr(realtime, "held_up", lambda: next(readings))
    with Stopwatch() as watch:
        pass
    assert watch.waited == pytest.approx(0.4) and watch.limit(0.2) == pytest.approx(0.6)


def test_without_pressure_information_the_limit_is_the_plain_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(realtime, "PRESSURE", (realtime.Path("/nonexistent/pressure/cpu"),))
    assert realtime.held_up() is None
    with Stopwatch() as watch:
        pass
    assert watch.limit(0.2) == 0.2
