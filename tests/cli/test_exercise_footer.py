"""An exercise sheet's footer is the command that makes the same sheet again (issue 31), for every source: random
trees, trees given inline (``--tree``), trees in a file (inline when short, the file named otherwise), tic-tac-toe
positions and a game's positions (given, or random with ``--count``). Each test runs the footer's command and
compares the files, byte for byte."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.exercise import exercise_command

ROOT = Path(__file__).resolve().parent.parent.parent
NIM = ROOT / "examples" / "nim.py"
LONG_TREES = ["[[3,12,8],[2,4,6],[14,5,2]]", "[[1,2,3],[4,5,6],[7,8,9]]",
              "[A=[10,11,12],B=[13,14,15],C=[16,17,18]]", "[[[1,2],[3,4]],[[5,6],[7,8]]]",
              "[[20,21,22],[23,24,25],[26,27,28]]"]
TEX_UNESCAPE = {r"\ ": " ", r"\_": "_", r"\#": "#", r"\$": "$", r"\%": "%", r"\&": "&", r"\{": "{", r"\}": "}",
                r"\textquotesingle{}": "'", r"\textquotedbl{}": '"', r"\textless{}": "<", r"\textgreater{}": ">",
                r"\textasciitilde{}": "~", r"\textbackslash{}": "\\"}


def exercise(capfd: pytest.CaptureFixture[str], *argv: str) -> None:
    with pytest.raises(SystemExit) as done:
        run(exercise_command, list(argv), prog_name="treeviz exercise")
    _, err = capfd.readouterr()
    assert done.value.code == 0, err


def footer_of(sheet: Path) -> str:
    """The footer's command, as a reader copies it from the page (the TeX unescaped)."""
    line = next(line for line in sheet.read_text().splitlines() if line.endswith("% footer"))
    text = re.search(r"\\selectfont, text=black!65\] at \([^)]*\) \{(.*)\}; % footer$", line)
    assert text is not None, line
    found = text.group(1)
    return re.sub("|".join(re.escape(k) for k in sorted(TEX_UNESCAPE, key=len, reverse=True)),
                  lambda m: TEX_UNESCAPE[m.group(0)], found)


def made_again(capfd: pytest.CaptureFixture[str], folder: Path, *argv: str) -> str:
    """Make a sheet and key with ``argv``, then again with the sheet's footer; the two are the same. The footer."""
    os.chdir(folder)
    exercise(capfd, *argv, "-o", "sheet.tex", "--key", "key.tex")
    footer = footer_of(folder / "sheet.tex")
    words = shlex.split(footer)
    assert words[:2] == ["treeviz", "exercise"], footer
    exercise(capfd, *words[2:], "-o", "again.tex", "--key", "again-key.tex")
    assert (folder / "again.tex").read_text() == (folder / "sheet.tex").read_text()
    assert (folder / "again-key.tex").read_text() == (folder / "key.tex").read_text()
    return footer


@pytest.fixture(autouse=True)
def _stay_home() -> object:
    here = os.getcwd()
    yield
    os.chdir(here)


def test_random_trees(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    footer = made_again(capfd, tmp_path, "--count", "2", "--seed", "3", "--depth", "2")
    assert "--seed 3" in footer


def test_trees_given_inline(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    footer = made_again(capfd, tmp_path, "--tree", "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]", "--tree", "[[3,5],[3,9]]",
                        "--root", "min", "--order", "best")
    assert "given" not in footer and footer.count("--tree ") == 2


def test_a_short_tree_file_is_inlined(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "trees.txt").write_text("# two trees\n[[1,2],[3,4]]\n[[5,6],[7,8]]\n")
    footer = made_again(capfd, tmp_path, "--tree-file", "trees.txt")
    assert "--tree-file" not in footer and footer.count("--tree ") == 2


def test_a_long_tree_file_is_named(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "trees.txt").write_text("\n".join(LONG_TREES) + "\n")
    footer = made_again(capfd, tmp_path, "--tree-file", "trees.txt", "--per-page", "2")
    assert "--tree-file trees.txt" in footer and "--tree " not in footer and "--per-page 2" in footer


def test_tic_tac_toe_positions(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    footer = made_again(capfd, tmp_path, "x2o1oxox x", "xoxo1ox2 x")
    assert "given" not in footer and "\"x2o1oxox x\"" in footer


def test_a_games_positions_with_moves_and_depth(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    footer = made_again(capfd, tmp_path, "--game", f"{NIM}:Nim", "1 2 first", "1 3 first", "--moves", "1@1",
                        "--depth", "2")
    assert "--moves 1@1" in footer and "--depth 2" in footer


def test_random_positions_of_a_game(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    footer = made_again(capfd, tmp_path, "--game", "tictactoe", "--count", "2", "--seed", "4", "--moves", "5")
    assert "--count 2" in footer and "--moves 5" in footer
