"""The shared CLI contract: one-line errors with exit 2, help on every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from treeviz.files import write_atomically

BIN = Path(sys.executable).parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / args[0]), *args[1:]], capture_output=True, text=True, timeout=120)


def test_treeviz_help_lists_subcommands() -> None:
    result = run("treeviz", "--help")
    assert result.returncode == 0
    for name in ("tree", "compare", "view", "count", "solve", "play", "bot", "perft", "arena"):
        assert name in result.stdout


def test_unknown_subcommand_is_one_line_error_with_exit_2() -> None:
    result = run("treeviz", "no-such-command")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("script", ["tttree", "sm-bot", "sm-refresh", "treeviz"])
def test_every_console_script_has_help(script: str) -> None:
    result = run(script, "--help")
    assert result.returncode == 0, result.stderr
    assert "Usage" in result.stdout


def test_write_atomically_replaces_whole_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "g.png"
    target.write_bytes(b"old")
    write_atomically(target, b"new content")
    assert target.read_bytes() == b"new content"
    assert [p.name for p in tmp_path.iterdir()] == ["g.png"]
