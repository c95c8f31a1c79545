"""No silent wrong format (issue 26, item 3): a suffix a command does not know is an error unless --format says
what to write, and binary output that would land on a terminal is refused with the -o hint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import treeviz

BIN = Path(sys.executable).parent
pytestmark = pytest.mark.slow  # every test runs the commands as processes (about a second each here)
FEN = "1o11o1oxx x"


def run(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, timeout=120, cwd=cwd,
                          stdin=subprocess.DEVNULL)


def refused(done: subprocess.CompletedProcess[str], folder: Path, words: str) -> None:
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], done.stderr
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("command", [["tttree", FEN], ["treeviz", "tree", FEN], ["treeviz", "compare", FEN],
                                     ["treeviz", "solve", "x21o11xo o"]], ids=" ".join)
def test_an_unknown_suffix_is_refused_and_nothing_written(tmp_path: Path, command: list[str]) -> None:
    refused(run(*command, "-o", "x.jpg", cwd=tmp_path), tmp_path, "cannot tell the format from the suffix of 'x.jpg'")


@pytest.mark.parametrize("command", [["treeviz", "view", FEN, "--no-open"]], ids=" ".join)
def test_a_page_must_be_called_html(tmp_path: Path, command: list[str]) -> None:
    refused(run(*command, "-o", "page.svg", cwd=tmp_path), tmp_path, "use .htm, .html")


def test_the_arena_report_page_must_be_called_html_before_any_game(tmp_path: Path) -> None:
    done = run("treeviz", "arena", "random", "greedy", "-o", "records", "--report", "standings.txt", cwd=tmp_path)
    refused(done, tmp_path, "'standings.txt'")


def test_format_says_what_an_unknown_suffix_holds(tmp_path: Path) -> None:
    done = run("tttree", FEN, "--format", "svg", "-o", "x.jpg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "x.jpg").read_text().lstrip().startswith("<?xml")


def test_a_name_without_suffix_is_dot_as_stdout_is(tmp_path: Path) -> None:
    done = run("tttree", FEN, "-o", "tree", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "tree").read_text().startswith("digraph")


def test_tree_save_refuses_an_unknown_suffix_unless_told_the_format(tmp_path: Path) -> None:
    tree = treeviz.search_tree(FEN)
    with pytest.raises(ValueError, match=r"file='.*x\.jpg': the suffix \.jpg names no format"):
        tree.save(str(tmp_path / "x.jpg"))
    assert list(tmp_path.iterdir()) == []
    tree.save(str(tmp_path / "x.jpg"), "svg")
    assert (tmp_path / "x.jpg").read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize("command", [["tttree", FEN, "--format", "png"], ["tttree", FEN, "--format", "pdf"],
                                     ["treeviz", "compare", FEN, "--format", "png"],
                                     ["treeviz", "solve", "x21o11xo o", "--format", "pdf"]], ids=" ".join)
def test_binary_output_to_a_terminal_named_by_o_is_refused(tmp_path: Path, command: list[str]) -> None:
    master, slave = os.openpty()
    try:
        terminal = tmp_path / "terminal"
        terminal.symlink_to(os.ttyname(slave))  # a link here: the real device is never named to the writer
        done = run(*command, "-o", str(terminal), cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert done.stdout == ""
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "binary" in lines[0] and "-o FILE" in lines[0], done.stderr
        assert terminal.is_symlink()
        os.set_blocking(master, False)
        with pytest.raises(BlockingIOError):
            os.read(master, 1024)  # not a byte reached the terminal
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("command", [["tttree", FEN, "--format", "pdf"],
                                     ["treeviz", "solve", "x21o11xo o", "--format", "png"]], ids=" ".join)
def test_binary_output_to_a_terminal_stdout_is_refused(command: list[str]) -> None:
    child = pexpect.spawn(str(BIN / command[0]), command[1:], timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert b"error: " in child.before and b"-o FILE" in child.before
    assert len(child.before) < 300  # one line, no PDF or PNG bytes
