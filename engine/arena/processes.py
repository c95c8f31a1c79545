"""What every player run as an outside process shares: the kinds of forfeit, the answer's form, finding the
program and killing its process group.

Used by the players of :mod:`engine.arena.players` (a program started once per move)
and :mod:`engine.arena.served_player` (one process for every move), and by the
championship, which forfeits a game on a :class:`PlayerFault`.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
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


INTERPRETER = re.compile(r"(python|pypy|node|deno|ruby|perl|php|bash|sh|zsh|lua|julia|Rscript)[\d.]*")
"""Programs whose first argument that looks like a script (:data:`SCRIPT`) is a file they run."""
SCRIPT = re.compile(r"[^-].*\.(py|js|mjs|ts|rb|pl|php|sh|bash|zsh|lua|jl|R)")
"""An argument naming a script file."""


def cannot_run(command: Sequence[str]) -> str | None:
    """Why ``command`` cannot run as a player, told without running it: its program not found, not a file or not
    executable, or the script an interpreter is given missing (``python alice.py``); None when it looks runnable.

    Checked before a championship's first game, so that a missing player is not a string of forfeits."""
    program = resolve_program(command[0])
    if os.sep in program:
        if not os.path.exists(program):
            return f"no such file {program!r}"
        if os.path.isdir(program):
            return f"{program!r} is a folder, not a program"
        if not os.access(program, os.X_OK):
            return f"{program!r} is not executable (chmod +x {shlex.quote(program)})"
    elif shutil.which(program) is None:
        return f"no program {program!r} on PATH"
    if INTERPRETER.fullmatch(os.path.basename(program)):
        script = next((arg for arg in command[1:] if SCRIPT.fullmatch(arg)), None)
        if script is not None and not os.path.isfile(script):
            return f"no such file {script!r}"
    return None


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill the process group we started for a player, then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    proc.communicate()
