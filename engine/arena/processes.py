"""What every player run as an outside process shares: the kinds of forfeit, the answer's form, finding the
program and killing its process group.

Used by the players of :mod:`engine.arena.players` (a program started once per move)
and :mod:`engine.arena.served_player` (one process for every move), and by the
championship, which forfeits a game on a :class:`PlayerFault`.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

TIMEOUT = "timeout"
ILLEGAL = "illegal move"
CRASH = "crash"
GARBAGE = "garbage output"


class PlayerFault(Exception):  # noqa: N818 - the arena's word for a forfeit
    """A player lost by forfeit: ``kind`` is timeout, illegal move, crash or garbage output."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


MOVE_RE = re.compile(rb"\s*([1-9][1-9])\s*")
"""A move as a player answers it: two digits 1-9, blanks around them allowed."""


def resolve_program(program: str) -> str:
    """``program`` as given, or this installation's console script of that name when it is not on PATH."""
    if os.sep in program or shutil.which(program):
        return program
    beside = Path(sys.executable).parent / program
    return str(beside) if beside.is_file() else program


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the process group we started for a player, then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    proc.communicate()
