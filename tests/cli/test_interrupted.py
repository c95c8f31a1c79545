"""Ctrl-C on every long command (issue 26, item 8): ``interrupted`` on stderr, exit status 130, no traceback and
nothing half-written.

Each command runs in a terminal (pexpect), as a user would run it, and gets Ctrl-C once it shows it is at work
(its progress line, or for the bots a moment into a long budget).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pexpect
import pytest

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
START = "999999999 00 x"


def interrupt(argv: list[str], busy: str | float, cwd: Path) -> bytes:
    """Run ``argv`` in a terminal, press Ctrl-C once ``busy`` (a regex of its progress, or seconds) has passed,
    and return everything the terminal showed; the exit status must be 130."""
    child = pexpect.spawn(str(BIN / argv[0]), argv[1:], cwd=str(cwd), timeout=120)
    if isinstance(busy, str):
        child.expect(busy)
    else:
        time.sleep(busy)  # a bot with a long budget: nothing to wait for but its search
        assert child.isalive(), child.read_nonblocking(10000, timeout=1)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    shown = child.before or b""
    assert child.exitstatus == 130, shown
    assert b"interrupted" in shown.splitlines()[-1] if shown.strip() else False, shown
    assert b"Traceback" not in shown
    return shown


LONG = [
    (["tttree", "9 x", "--max-nodes", "0", "--format", "json", "-o", "out.json"], r"tttree: searching"),
    (["treeviz", "compare", "9 x", "--max-nodes", "0", "--style", "dot", "-o", "out.svg"], r"tttree: searching"),
    (["treeviz", "view", "9 x", "--no-open", "-o", "out.html"], r"treeviz view: searching"),
    (["treeviz", "count", "x899999999 11 o", "--position-budget", "0"], r"counting: [\d,]+ positions"),
    (["treeviz", "solve", "x899999999 11 o", "--position-budget", "0"], r"solving: [\d,]+ positions"),
    (["treeviz", "perft", START, "7"], r"perft 7: \d+/81"),
    # The bots' C search catches Ctrl-C for the length of its call and stops at once, as the Python one does
    # (test_the_c_search_stops_at_ctrl_c times it).
    (["sm-bot", START, "10"], 2.0),
    (["treeviz", "bot", START, "10"], 2.0),
    (["sm-mcts", START, "60"], 2.0),
]


@pytest.mark.parametrize(("argv", "busy"), LONG, ids=[" ".join(a[:2]) for a, _ in LONG])
def test_ctrl_c_says_interrupted_and_leaves_nothing_behind(tmp_path: Path, argv: list[str], busy: str | float) -> None:
    interrupt(argv, busy, tmp_path)
    assert list(tmp_path.iterdir()) == []  # no output file, no temporary file


def test_ctrl_c_in_the_arena_says_what_was_kept(tmp_path: Path) -> None:
    shown = interrupt(["treeviz", "arena", "bot:0.3", "greedy", "random", "--seconds", "0.3", "--rounds", "3",
                       "-o", "records", "--progress"], r"\[1/\d+", tmp_path)
    last = shown.strip().splitlines()[-1].decode()
    assert last.startswith("interrupted: ") and "--resume" in last


@pytest.mark.realtime
@pytest.mark.parametrize("argv", [["sm-bot", START, "60"], ["treeviz", "bot", START, "60"]], ids=["sm-bot", "bot"])
def test_the_c_search_stops_at_ctrl_c(tmp_path: Path, argv: list[str]) -> None:
    """Python sees no signal while the C search runs (one ctypes call for the whole budget): the library catches
    SIGINT for the call's length and returns at once, and the bot says interrupted. Before, Ctrl-C 2 s into a
    60 s budget took effect 16-58 s later."""
    from tests.realtime import Stopwatch

    child = pexpect.spawn(str(BIN / argv[0]), argv[1:], cwd=str(tmp_path), timeout=120)
    time.sleep(2.0)
    assert child.isalive()
    with Stopwatch() as clock:
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
    assert child.exitstatus == 130 and b"interrupted" in (child.before or b"")
    assert clock.wall < clock.limit(1.0), clock
