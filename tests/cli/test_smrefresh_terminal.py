"""sm-refresh in a real terminal (tmux): the screen after a few moves shows the expected boards."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.arena.players import RandomPlayer
from engine.games.ultimate import ULTIMATE
from tests.play_helpers import BIN

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


class Terminal:
    """A detached tmux session on a private server, 100x50, running one shell command."""

    def __init__(self, command: str, cwd: Path) -> None:
        self.socket = f"treeviz-test-{uuid.uuid4().hex[:8]}"
        self._tmux("new-session", "-d", "-x", "100", "-y", "50", "-c", str(cwd),
                   f"{command}; echo EXIT=$?; sleep 60")

    def _tmux(self, *args: str) -> str:
        env = {**os.environ, "TERM": "xterm-256color"}
        env.pop("TMUX", None)
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, env=env,
                              timeout=20, check=True)
        return done.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p")

    def type(self, text: str) -> None:
        self._tmux("send-keys", "-l", text)
        self._tmux("send-keys", "Enter")

    def key(self, name: str) -> None:
        self._tmux("send-keys", name)

    def wait_for(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared on the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    command = " ".join(shlex.quote(p) for p in [str(BIN / "sm-refresh"), "--player", "random", "--seed", "1",
                                                 "-o", str(tmp_path / "live")])
    term = Terminal(command, tmp_path)
    try:
        yield term
    finally:
        term.close()


def screen_cells(screen: str) -> tuple[str, list[int]]:
    """The 81 cells read back from the detailed board on the screen (``x``/``o``/``.``) and the bracketed moves."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith("+") and "1 a" in line)
    cells = ["."] * 81
    marked = []
    for band in range(3):
        for row in range(3):
            line = lines[top + band * 4 + 1 + row]
            for col_sub in range(3):
                for col in range(3):
                    sub = band * 3 + col_sub + 1
                    cell = row * 3 + col + 1
                    text = line[1 + col_sub * 10 + col * 3:1 + col_sub * 10 + col * 3 + 3]
                    cells[(sub - 1) * 9 + cell - 1] = text[1] if text[1] in "xo" else "."
                    if text.startswith("["):
                        marked.append(sub * 10 + cell)
    return "".join(cells), marked


def test_screen_after_a_few_moves_shows_the_boards(terminal: Terminal) -> None:
    terminal.wait_for("Your move (x")
    bot = RandomPlayer(1)  # the same seeded player sm-refresh runs for o
    state = ULTIMATE.play(ULTIMATE.initial(), 55)
    first_reply = bot.choose(state, 1.0)
    state = ULTIMATE.play(state, first_reply)
    terminal.type("55")
    terminal.wait_for(f"played {first_reply}")
    # the cell alone: the sub-board is forced
    forced = ULTIMATE.forced_sub(state)
    assert forced == first_reply % 10
    terminal.type("1")
    state = ULTIMATE.play(state, forced * 10 + 1)
    second_reply = bot.choose(state, 1.0)
    state = ULTIMATE.play(state, second_reply)
    screen = terminal.wait_for(f"o (random) played {second_reply}")
    screen = terminal.wait_for("Your move (x")

    assert screen.count("big board") == 1  # the screen was cleared: one board only
    assert screen_cells(screen) == (ULTIMATE.cells(state), [second_reply])  # the last move in brackets
    cell = second_reply % 10
    assert f"x to move, must play in sub-board {cell} ({'abcdefghi'[cell - 1]})." in screen
    assert f">> {cell} {'abcdefghi'[cell - 1]} <<" in screen
    assert "Moves played: 4." in screen
    # the big board: nothing won yet
    assert screen.count("| . | . | . |") == 3


def test_ctrl_c_ends_cleanly_with_the_fen(terminal: Terminal) -> None:
    terminal.wait_for("Your move (x")
    terminal.type("e5")
    terminal.wait_for("o (random) played")
    terminal.wait_for("Your move (x")
    terminal.key("C-c")
    screen = terminal.wait_for("EXIT=")
    assert "Game interrupted after 2 moves." in screen
    assert "Traceback" not in screen
    fen_line = next(line for line in screen.splitlines() if line.startswith("FEN: "))
    state = ULTIMATE.parse_fen(fen_line[5:])
    assert ULTIMATE.cell(state, 5, 5) == "x"
    assert "EXIT=130" in screen
