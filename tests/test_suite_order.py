"""How the suite runs (tests/conftest.py), checked on a small suite of its own: a whole run is shared by two
workers, the realtime tests start only when every other test has finished and run one at a time; a run
naming its tests stays in one process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # inner pytest runs, with two worker processes

SUITE = '''
import json, os, time
import pytest

def note(name, pause={pause}):
    began = time.time()
    time.sleep(pause)
    with open({log!r}, "a") as log:
        log.write(json.dumps([name, os.environ.get("PYTEST_XDIST_WORKER", "-"), began, time.time()]) + "\\n")

@pytest.mark.realtime
@pytest.mark.parametrize("n", range(3))
def test_clock(n):
    note("realtime")

@pytest.mark.slow
@pytest.mark.parametrize("n", range(2))
def test_left_out(n):
    note("left out")

@pytest.mark.parametrize("n", range(8))
def test_other(n):
    failing = bool(os.environ.get("INNER_FAIL"))  # the first fails, after the other worker ran out of tests
    note("other", {pause} * (6 if n == (0 if failing else 7) else 1))  # one long test: a worker runs out first
    assert not (failing and n == 0)
'''


def inner_run(tmp_path: Path, *args: str, pause: float = 0.3, fail: bool = False
              ) -> list[tuple[str, str, float, float]]:
    """Run the small suite in ``tmp_path`` with this suite's conftest (``fail``: one of its tests fails, and it
    runs with ``-x``); its tests' (kind, worker, start, end)."""
    suite = tmp_path / "suite"
    (suite / "tests").mkdir(parents=True)
    (suite / "tests" / "conftest.py").write_text((ROOT / "tests" / "conftest.py").read_text())
    (suite / "tests" / "test_inner.py").write_text(SUITE.format(pause=pause, log=str(tmp_path / "log.jsonl")))
    (suite / "pytest.ini").write_text("[pytest]\ntestpaths = tests\naddopts = -n auto -p no:cacheprovider\n"
                                      "markers =\n    realtime: wall clock\n    slow: left out\n")
    env = {name: value for name, value in os.environ.items() if not name.startswith("PYTEST_")}  # not this run's
    env["TREEVIZ_REALTIME_WAIT"] = "60"  # a count that never completes fails the inner run in a minute
    if fail:
        env["INNER_FAIL"] = "1"
        args = ("-x", *args)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-m", "not slow", *args], cwd=suite,
                          capture_output=True, text=True, timeout=300, env=env)
    if fail:
        assert done.returncode in (1, 2) and "1 failed" in done.stdout, done.stdout + done.stderr  # 2: xdist stopped
        assert "waited" not in done.stdout
    else:
        assert done.returncode == 0, done.stdout + done.stderr
        assert "11 passed" in done.stdout  # and the two deselected ones are not waited for
    return [tuple(json.loads(line)) for line in (tmp_path / "log.jsonl").read_text().splitlines()]


def test_a_whole_run_shares_the_tests_and_runs_the_realtime_ones_last_and_alone(tmp_path: Path) -> None:
    log = inner_run(tmp_path)
    others = [entry for entry in log if entry[0] == "other"]
    clocks = sorted((entry for entry in log if entry[0] == "realtime"), key=lambda entry: entry[2])
    assert len(others) == 8 and len(clocks) == 3 and len(log) == 11
    assert {worker for _, worker, _, _ in others} == {"gw0", "gw1"}  # two workers shared them
    assert min(start for _, _, start, _ in clocks) >= max(end for _, _, _, end in others)
    for before, after in zip(clocks, clocks[1:], strict=False):
        assert after[2] >= before[3], (before, after)  # one at a time


def test_a_run_naming_its_tests_stays_in_one_process(tmp_path: Path) -> None:
    log = inner_run(tmp_path, "tests/test_inner.py", pause=0.0)
    assert {worker for _, worker, _, _ in log} == {"-"}
    assert [kind for kind, _, _, _ in log] == ["other"] * 8 + ["realtime"] * 3


def test_a_run_stopped_by_a_failure_does_not_keep_the_realtime_tests_waiting(tmp_path: Path) -> None:
    began = time.monotonic()
    log = inner_run(tmp_path, fail=True)
    assert time.monotonic() - began < 45  # not the minute the inner run would wait before failing them
    assert not [entry for entry in log if entry[0] == "realtime"]  # skipped, saying why
