"""A player served by one long-lived process (``sm-bot --serve``): no start-up paid on every move.

The protocol is line-based UTF-8 on the process's stdin and stdout. The player
sends ``isready`` and waits for ``readyok`` before a move's clock starts (so
loading tables is not paid from a move's limit), then one line ``FEN SECONDS``
per move; the answer is one line, the move (``45``), or ``error: ...``. ``quit``
(or the end of stdin) ends the process. A process that misses the limit is
killed with its whole process group and the next move starts a fresh one.
"""

from __future__ import annotations

import os
import selectors
import subprocess
import time
from collections.abc import Sequence
from typing import Any

from engine.arena.processes import CRASH, GARBAGE, MOVE_RE, TIMEOUT, PlayerFault, kill_group, resolve_program
from engine.games.ultimate import ULTIMATE

READY_SECONDS = 30.0
"""How long a freshly started process may take to answer ``isready`` (loading its tables)."""
QUIT_SECONDS = 1.0
"""How long ``close`` waits for the process to end by itself after ``quit`` before killing it."""
SHOWN = 40
"""Characters of a bad answer shown in a fault's detail."""


class ServedPlayer:
    """A player whose moves come from one persistent process speaking the ``--serve`` protocol."""

    def __init__(self, command: Sequence[str], name: str | None = None, *,
                 ready_seconds: float = READY_SECONDS) -> None:
        if not command:
            raise ValueError("empty player command")
        self.command = [resolve_program(command[0]), *command[1:]]
        self.name = name or " ".join(command)
        self.ready_seconds = ready_seconds
        self._proc: subprocess.Popen[bytes] | None = None
        self._selector: selectors.BaseSelector | None = None
        self._buffer = b""
        self._failed: PlayerFault | None = None

    @property
    def pid(self) -> int | None:
        """The serving process's id (also its process group's), None when none is running."""
        return self._proc.pid if self._proc is not None else None

    def prepare(self) -> None:
        """Start the process if none is alive and wait for ``readyok``, so no move's clock pays the start-up.

        :raises PlayerFault: CRASH when it cannot start, dies or is not ready within ``ready_seconds``
            (kept for the next ``choose`` too, which then reports it at once instead of waiting again).
        """
        if self._proc is not None and self._proc.poll() is None:
            return
        self._discard()
        self._failed = None
        try:
            self._start()
        except PlayerFault as fault:
            self._failed = fault
            raise

    def _start(self) -> None:
        """Start the process and read up to its ``readyok``."""
        try:
            self._proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, start_new_session=True)
        except OSError as exc:
            raise PlayerFault(CRASH, f"cannot start {self.command[0]!r}: {exc.strerror or exc}") from exc
        assert self._proc.stdout is not None
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._proc.stdout.fileno(), selectors.EVENT_READ)
        self._buffer = b""
        self._send("isready")
        deadline = time.monotonic() + self.ready_seconds
        while True:  # lines before readyok (a banner) are skipped
            line = self._read_line(deadline, CRASH, f"not ready within {self.ready_seconds:g} s")
            text = line.strip()
            if text == b"readyok":
                return
            if text.startswith(b"error:"):
                self._discard()
                raise PlayerFault(CRASH, f"answered isready with {_shown(line)!r}")

    def choose(self, state: int, seconds: float) -> int:
        """Send the position and wait at most ``seconds`` (wall clock, from sending) for the move."""
        if self._proc is not None and self._proc.poll() is not None:
            status = self._proc.returncode
            self._discard()
            raise PlayerFault(CRASH, f"died between moves: {_status(status)}")
        failed, self._failed = self._failed, None
        if failed is not None:
            raise failed
        self.prepare()
        self._drain()
        self._send(f"{ULTIMATE.fen(state)} {seconds:g}")
        line = self._read_line(time.monotonic() + seconds, TIMEOUT, f"no answer within {seconds:g} s")
        match = MOVE_RE.fullmatch(line)
        if match:
            return int(match.group(1))
        if not line.strip().startswith(b"error:"):  # out of step with the protocol: start afresh next time
            self._discard()
        raise PlayerFault(GARBAGE, f"expected a move like 45, got {_shown(line)!r}")

    def close(self) -> None:
        """Ask the process to quit, close its stdin, wait briefly, then kill what is left (safe to repeat)."""
        proc = self._proc
        if proc is None:
            return
        if proc.poll() is None and proc.stdin is not None:
            try:
                proc.stdin.write(b"quit\n")
                proc.stdin.flush()
            except (OSError, ValueError):
                pass
        try:
            proc.communicate(timeout=QUIT_SECONDS)  # closes stdin, reads stdout to its end, reaps
        except (subprocess.TimeoutExpired, OSError, ValueError):
            pass
        self._discard()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - nothing to report to during garbage collection
            pass

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the process: a copy starts its own on its first move."""
        return {"command": self.command, "name": self.name, "ready_seconds": self.ready_seconds}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._proc = None
        self._selector = None
        self._buffer = b""
        self._failed = None

    def _send(self, line: str) -> None:
        """Write one line to the process; a closed pipe means it died (CRASH)."""
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(line.encode() + b"\n")
            proc.stdin.flush()
        except (BrokenPipeError, ConnectionResetError):
            raise self._crash() from None

    def _read_line(self, deadline: float, kind: str, late: str) -> bytes:
        """The next line of output (without its newline) before ``deadline``, else PlayerFault ``kind``."""
        assert self._proc is not None and self._selector is not None and self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self._discard()
                raise PlayerFault(kind, late)
            if not self._selector.select(left):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._crash()
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line

    def _drain(self) -> None:
        """Drop output left over from earlier moves, so the next line read answers the next question."""
        assert self._proc is not None and self._selector is not None and self._proc.stdout is not None
        while self._selector.select(0):
            if not os.read(self._proc.stdout.fileno(), 65536):
                break  # end of output: the read after the question reports the crash
        self._buffer = b""

    def _crash(self) -> PlayerFault:
        """The fault for a process that closed its output: CRASH with its exit status (it is reaped)."""
        proc = self._proc
        assert proc is not None
        try:
            status: int | None = proc.wait(timeout=QUIT_SECONDS)
        except subprocess.TimeoutExpired:
            status = None
        self._discard()
        return PlayerFault(CRASH, "closed its output" if status is None else _status(status))

    def _discard(self) -> None:
        """Kill the process group (if any) and forget the process: the next move starts a fresh one."""
        proc, self._proc = self._proc, None
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        self._buffer = b""
        if proc is not None:
            kill_group(proc)


def _status(returncode: int) -> str:
    """``exit status 3`` or ``killed by signal 9``."""
    return f"killed by signal {-returncode}" if returncode < 0 else f"exit status {returncode}"


def _shown(line: bytes) -> str:
    """A bad answer as text, at most :data:`SHOWN` characters."""
    return line[:SHOWN].decode("utf-8", "replace")
