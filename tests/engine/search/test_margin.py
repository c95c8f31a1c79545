"""The search's safety margin follows the machine's load: quiet, the fixed tail and 3 %; busy, more."""

from __future__ import annotations

import pytest

from engine.search import margin
from engine.search.margin import (
    BUSY_SHARE,
    MAX_SHARE,
    QUIET_SHARE,
    STALL_SECONDS,
    Load,
    kept_back,
    parse_pressure,
    parse_schedstat,
    waiting_share,
)

PSI = (b"some avg10=37.50 avg60=20.00 avg300=5.00 total=123456\n"
       b"full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n")


def test_a_quiet_machine_keeps_the_tail_and_the_quiet_share() -> None:
    assert kept_back(1.0, 0.008, Load(0.0, 0.0, 2)) == pytest.approx(0.008 + QUIET_SHARE * 1.0)


def test_a_machine_where_the_process_waits_half_the_time_by_hand() -> None:
    # tail 8 ms / (1 - 0.5) = 16 ms, stall 0.5 * 30 ms = 15 ms, share (3 % + 12 % / 2) of 1 s = 90 ms
    expected = 0.016 + 0.5 * STALL_SECONDS + (QUIET_SHARE + (BUSY_SHARE - QUIET_SHARE) * 0.5) * 1.0
    assert kept_back(1.0, 0.008, Load(0.5, 0.0, 2)) == pytest.approx(expected)
    assert expected == pytest.approx(0.121)


def test_pressure_counts_per_cpu_and_the_larger_figure_wins() -> None:
    assert Load(0.1, 0.6, 2).busy == pytest.approx(0.3)
    assert Load(0.4, 0.6, 2).busy == pytest.approx(0.4)
    assert Load(0.0, 1.0, 1).busy == 1.0
    assert Load(2.0, 0.0, 0).busy == 1.0 and Load(-1.0, 0.0, 4).busy == 0.0


def test_the_margin_grows_with_the_load_and_never_eats_the_budget() -> None:
    for seconds in (0.05, 0.1, 0.3, 1.0, 6.0):
        kept = [kept_back(seconds, 0.008, Load(b / 10, 0.0, 2)) for b in range(11)]
        assert kept == sorted(kept)
        assert kept[-1] <= max(0.008, MAX_SHARE * seconds) + 1e-12
        assert kept[0] >= min(0.008, seconds)
    assert kept_back(0.001, 0.008, Load(1.0, 1.0, 1)) == 0.008  # the tail is always kept


def test_proc_files_are_read_and_garbage_gives_nothing() -> None:
    assert parse_schedstat(b"123456789 2000000 42\n") == (123456789, 2000000)
    assert parse_schedstat(b"") is None and parse_schedstat(b"x y") is None
    assert parse_pressure(PSI) == pytest.approx(0.375)
    assert parse_pressure(b"full avg10=1.00\n") is None and parse_pressure(b"some avg10=x\n") is None


def test_waiting_share_over_the_window_else_over_the_life() -> None:
    last: list[float] = []
    # first reading: the whole life, 30 ms waiting of 100 ms
    assert waiting_share(10.0, (70_000_000, 30_000_000), last) == pytest.approx(0.3)
    assert last == [10.0, 0.07, 0.03]
    # 10 ms later (shorter than the window): the whole life again, and the window's start is kept
    assert waiting_share(10.01, (75_000_000, 35_000_000), last) == pytest.approx(35 / 110)
    assert last[0] == 10.0
    # 100 ms after the first reading, 50 ms more waiting: half the window
    assert waiting_share(10.1, (120_000_000, 80_000_000), last) == pytest.approx(0.5)
    assert last == [10.1, 0.12, 0.08]


def test_read_load_uses_the_proc_files(monkeypatch: pytest.MonkeyPatch) -> None:
    files = {margin.SCHEDSTAT: b"80000000 20000000 5\n", margin.PRESSURE: PSI}
    monkeypatch.setattr(margin, "_read", files.get)
    monkeypatch.setattr(margin, "_last", [])
    load = margin.read_load(50.0)
    assert load.waiting == pytest.approx(0.2) and load.pressure == pytest.approx(0.375)
    monkeypatch.setattr(margin, "_read", lambda path: None)  # no /proc: nothing known, nothing assumed
    monkeypatch.setattr(margin, "_last", [])
    load = margin.read_load(60.0)
    assert (load.waiting, load.pressure) == (0.0, 0.0)


def test_current_load_is_read_again_only_after_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = iter([Load(0.1), Load(0.2)])
    monkeypatch.setattr(margin, "read_load", lambda now: next(readings))
    monkeypatch.setattr(margin, "_current", [])
    first = margin.current_load(1.0)
    assert margin.current_load(1.0 + margin.WINDOW / 2) is first
    assert margin.current_load(1.0 + margin.WINDOW * 2).waiting == 0.2
