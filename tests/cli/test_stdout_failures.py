"""Writing stdout when it fails. A reader that goes away (``tttree FEN | head -1``) is not the command's failure:
exit status 0 and nothing on stderr, whether the output goes to stdout or through ``-o /dev/stdout``; it was exit
status 1 (or 120), silently: click, or Python's own flush of stdout at exit, met the broken pipe. A full device
(``> /dev/full``) is one error line and exit 2, as ``-o /dev/full`` is; it was an internal failure."""

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


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", [
    ["tttree", "1o11o1oxx x"],
    ["tttree", "1o11o1oxx x", "--format", "png"],
    ["treeviz", "solve", "1o11o1oxx x"],
], ids=["dot", "png", "treeviz solve"])
def test_a_full_device_as_stdout_is_one_error_line(tmp_path: Path, argv: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([str(BIN / argv[0]), *argv[1:]], stdout=full, stderr=subprocess.PIPE, cwd=tmp_path,
                              timeout=120)
    assert (done.returncode, done.stderr) == (2, b"error: cannot write the output: no space left on device\n")
