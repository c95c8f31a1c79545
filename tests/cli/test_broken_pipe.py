"""A reader that goes away (``tttree FEN | head -1``) is not the command's failure: exit status 0 and nothing on
stderr, whether the output goes to stdout or through ``-o /dev/stdout``. It was exit status 1 (or 120), silently:
Python's own flush of stdout at exit met the broken pipe again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def run_into_closed_pipe(argv: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run ``argv`` with stdout a pipe whose reader is already gone, so its first write meets a broken pipe."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([str(BIN / argv[0]), *argv[1:]], stdout=write, stderr=subprocess.PIPE, cwd=cwd,
                              timeout=120)
    finally:
        os.close(write)


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["tttree", "1o11o1oxx x"],
    ["tttree", "1o11o1oxx x", "--format", "json"],
    ["tttree", "1o11o1oxx x", "-o", "/dev/stdout"],
    ["treeviz", "compare", "1o11o1oxx x", "--format", "json"],
], ids=["dot to stdout", "json to stdout", "-o /dev/stdout", "treeviz compare"])
def test_a_reader_gone_is_exit_0_and_silent(tmp_path: Path, argv: list[str]) -> None:
    done = run_into_closed_pipe(argv, tmp_path)
    assert (done.returncode, done.stderr) == (0, b"")
    assert list(tmp_path.iterdir()) == []
