"""How the suite runs: on two worker processes (pytest-xdist), the wall-clock tests last and alone.

A whole run (``pytest``, ``pytest -m "not slow"``: no test paths named) goes to ``min(2, CPUs)`` workers (``-n
auto`` in pyproject.toml, :func:`pytest_xdist_auto_num_workers`); a run naming its tests (``pytest tests/cli``)
stays in one process, as does any run with ``-n 0``. Tests whose subject is the wall clock (marker
``realtime``) are collected last, and under xdist each one waits, before its fixtures are set up, until every
other test of the run has finished on every worker; then it runs holding a lock the other realtime tests wait
for: one at a time, beside idle workers, as in a one-process run. They measure their limits against the
machine's own holdups (tests/realtime.py).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import IO, Any

import pytest

WORKERS = 2
"""Workers of a whole run: the machine this suite is measured on has two cores."""
MEETING = "treeviz_realtime_folder"
"""Key of the workers' input (xdist) naming the folder where they count finished tests and take turns."""
WAIT = float(os.environ.get("TREEVIZ_REALTIME_WAIT", 1800))
"""Seconds a realtime test waits for the others at most, then fails saying so: a safeguard against a count
that never completes (a dead worker's test is counted by the controller, :func:`pytest_handlecrashitem`)."""


class _Turns:
    """What this process knows of the run's meeting folder: ``done`` holds a byte per finished other test."""

    folder: Path | None = None
    worker = False
    others = 0
    realtime: frozenset[str] = frozenset()
    held: IO[str] | None = None
    config: pytest.Config | None = None
    """The controller's (xdist), which counts failures against ``--maxfail``."""
    failures = 0

    @classmethod
    def count_one(cls, folder: Path) -> None:
        with open(folder / "done", "ab") as done:  # appends are atomic: any process may count
            done.write(b".")

    @classmethod
    def finished(cls) -> int:
        assert cls.folder is not None
        try:
            return (cls.folder / "done").stat().st_size
        except FileNotFoundError:
            return 0


def realtime(item: pytest.Item) -> bool:
    """Whether ``item`` is a wall-clock test."""
    return item.get_closest_marker("realtime") is not None


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers (at most one a CPU) for a whole run; none (one process) when test paths are named."""
    whole = (config.rootpath / "tests").resolve()
    named = [arg for arg in config.args if (config.invocation_params.dir / arg).resolve() != whole]
    if named or config.option.collectonly:
        return 0
    return min(WORKERS, len(os.sched_getaffinity(0)))


def pytest_configure(config: pytest.Config) -> None:
    """The controller of a distributed run makes the folder its workers meet in."""
    if getattr(config.option, "numprocesses", 0) and not hasattr(config, "workerinput"):
        _Turns.folder = Path(tempfile.mkdtemp(prefix="treeviz-realtime-"))
        _Turns.config = config


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell each worker (xdist) where the others count."""
    node.workerinput[MEETING] = str(_Turns.folder)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _Turns.folder is not None and not hasattr(config, "workerinput"):
        shutil.rmtree(_Turns.folder, ignore_errors=True)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Move the ``realtime`` tests after all others, each group keeping its order."""
    items.sort(key=realtime)


def pytest_collection_finish(session: pytest.Session) -> None:
    """A worker notes how many other tests the run has, once ``-m``/``-k`` have deselected theirs (every worker
    collects the same items)."""
    workerinput = getattr(session.config, "workerinput", None)
    if workerinput and workerinput.get(MEETING):
        _Turns.folder = Path(workerinput[MEETING])
        _Turns.worker = True
        _Turns.others = sum(not realtime(item) for item in session.items)
        _Turns.realtime = frozenset(item.nodeid for item in session.items if realtime(item))


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Under xdist, a realtime test starts once every other test has finished, and takes the lock."""
    if not _Turns.worker or not realtime(item):
        return
    assert _Turns.folder is not None
    until = time.monotonic() + WAIT
    while _Turns.finished() < _Turns.others:
        if (_Turns.folder / "stop").exists():
            pytest.skip("the run is stopping (-x or --maxfail): the other tests will not all finish")
        if time.monotonic() > until:
            pytest.fail(f"waited {WAIT:.0f} s for the other tests to finish: {_Turns.finished()} of "
                        f"{_Turns.others} were counted")
        time.sleep(0.1)
    lock = open(_Turns.folder / "lock", "a")  # noqa: SIM115 - closed when the test has finished
    fcntl.flock(lock, fcntl.LOCK_EX)
    _Turns.held = lock


def pytest_runtest_logfinish(nodeid: str) -> None:
    """A worker counts each other test it finished; a realtime one gives its turn back."""
    if not _Turns.worker:
        return
    if nodeid in _Turns.realtime:
        if _Turns.held is not None:
            _Turns.held.close()
            _Turns.held = None
    else:
        _Turns.count_one(_Turns.folder)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """The controller tells waiting realtime tests when ``-x``/``--maxfail`` stops the run (their count would
    never complete)."""
    config = _Turns.config
    if _Turns.folder is None or _Turns.worker or config is None or not report.failed:
        return
    _Turns.failures += 1
    if config.option.maxfail and _Turns.failures >= config.option.maxfail:
        (_Turns.folder / "stop").touch()


@pytest.hookimpl(optionalhook=True)
def pytest_handlecrashitem(crashitem: str, report: pytest.TestReport, sched: Any) -> None:
    """The controller counts a test whose worker died under it (that worker never will)."""
    if _Turns.folder is not None:  # (one too many if it was a realtime test: by then the others are done)
        _Turns.count_one(_Turns.folder)
