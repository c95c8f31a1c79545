"""``--version`` on every command (issue 31): the console scripts and the umbrella's sub-commands print the same
line as ``treeviz --version`` and exit 0."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
EXPECTED = f"treeviz, version {version('treeviz')}\n"


def test_treeviz_says_its_version() -> None:
    done = subprocess.run([str(BIN / "treeviz"), "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, EXPECTED, "")


@pytest.mark.parametrize("argv", [["tttree"], ["sm-bot"], ["sm-refresh"], ["sm-mcts"], ["treeviz", "tree"],
                                  ["treeviz", "exercise"], ["treeviz", "count"], ["treeviz", "arena"]],
                         ids=lambda argv: " ".join(argv))
def test_every_command_says_the_same_version(argv: list[str]) -> None:
    done = subprocess.run([str(BIN / argv[0]), *argv[1:], "--version"], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, EXPECTED, "")
