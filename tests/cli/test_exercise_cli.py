"""``treeviz exercise``: worksheets and answer keys from random trees, written trees and game positions; the same
options give the same files byte for byte, wherever they are written; bad input is one ``error:`` line, exit 2, and
no file."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.exercise import exercise_command
from treeviz.cli.main import cli

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"
needs_pdflatex = pytest.mark.skipif(shutil.which("pdflatex") is None,
                                    reason="pdflatex is missing: scripts/setup.sh installs it (texlive-latex-base, "
                                           "texlive-pictures, preview-latex-style)")


def exercise(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        run(exercise_command, list(argv), prog_name="treeviz exercise")
    out, err = capfd.readouterr()
    return done.value.code, out, err


BAD = [
    (["--depth", "0"], "--depth must be 1 or more"),
    (["--branching", "1"], "--branching must be B >= 2, or FEWEST..MOST"),
    (["--branching", "3..2"], "got '3..2': the fewest 3 is above the most 2"),
    (["--range", "9..1"], "--range must be LOW..HIGH, whole numbers with LOW <= HIGH, got '9..1': the low end 9 is "
                          "above the high end 1"),
    (["--range", "0..5", "--distinct"], "--distinct needs 27 different leaf values"),
    (["--depth", "4"], "exercise 1 (81 leaves) is too wide for a landscape A4 page"),
    (["--depth", "12", "--branching", "2"], "makes trees of 4,096 leaves, too wide for any page"),
    (["--count", "3", "--per-page", "3"], "--per-page 3: 3 exercises of this size do not fit on one landscape A4 "
                                          "page under the instructions (at most 2 do there)"),
    (["--count", "0"], "--count must be a whole number from 1 to 100"),
    (["--tree", "[[1,2]"], "never closed"),
    (["--tree", CLASSIC, "--count", "2"], "--count makes random exercises"),
    (["--tree", CLASSIC, "--branching", "2"], "--branching shapes random trees"),
    (["--tree", CLASSIC, "--depth", "2"], "--depth shapes random trees"),
    (["--tree", CLASSIC, "--game", "tictactoe"], "--game and --tree (or --tree-file) both say"),
    (["--game", "tictactoe", "--root", "min"], "--root says who moves at a textbook tree's root"),
    (["--moves", "1"], "--moves plays moves in a game"),
    (["9 x"], "far too big for a page"),
    (["--game", "no_such_game"], "no_such_game"),
    (["--paper", "a3"], "--paper must be one of a4, letter"),
]


@pytest.mark.parametrize(("argv", "words"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_error_line_and_no_file(capfd: pytest.CaptureFixture[str], tmp_path: Path,
                                                 argv: list[str], words: str) -> None:
    code, out, err = exercise(capfd, *argv, "-o", str(tmp_path / "sheet.tex"), "--key", str(tmp_path / "key.tex"))
    assert code == 2, err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err
    assert out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("output", "key", "words"), [
    ("sheet.pdf", "sheet.pdf", "-o and --key name the same file"),
    ("sheet.pdf", "./sheet.pdf", "-o and --key name the same file"),
    ("sheet.png", "key.pdf", "-o 'SHEET/sheet.png': a worksheet is written as .pdf or .tex (its LaTeX), not .png"),
    ("sheet.tex", "key", "--key 'SHEET/key': a worksheet is written as .pdf or .tex (its LaTeX), not a file without"),
    ("sheet.tex", "nowhere/key.tex", "no such folder"),
])
def test_output_names_are_checked_first(capfd: pytest.CaptureFixture[str], tmp_path: Path, output: str, key: str,
                                        words: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = exercise(capfd, "-o", output, "--key", key)
    assert code == 2 and err.count("\n") == 1
    assert words.replace("SHEET/", "") in err
    assert list(tmp_path.iterdir()) == []


def test_without_pdflatex_a_pdf_is_refused_naming_the_packages_and_tex_is_written(
        capfd: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, _, err = exercise(capfd, "-o", str(tmp_path / "s.pdf"), "--key", str(tmp_path / "k.tex"))
    assert code == 2
    assert err == ("error: pdflatex is missing: install Debian's texlive-latex-base, texlive-pictures and "
                   "preview-latex-style (scripts/setup.sh does), or write .tex files and compile them elsewhere\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bin"]
    code, out, err = exercise(capfd, "-o", str(tmp_path / "s.tex"), "--key", str(tmp_path / "k.tex"))
    assert (code, err) == (0, "")
    assert out == f"{tmp_path / 's.tex'}: 4 exercises on 2 pages; {tmp_path / 'k.tex'}: the answer key\n"
    assert "\\begin{tikzpicture}" in (tmp_path / "s.tex").read_text()


def test_tex_documents_hold_the_sheet_and_the_answers(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = exercise(capfd, "--tree", CLASSIC, "--tree", "[[3,5],[3,9]]", "-o", str(tmp_path / "s.tex"),
                          "--key", str(tmp_path / "k.tex"))
    assert code == 0
    sheet, key = (tmp_path / "s.tex").read_text(), (tmp_path / "k.tex").read_text()
    assert sheet.startswith("% Alpha-beta worksheet: made by treeviz exercise")
    assert "\\pdftrailerid{}" in sheet and "\\pdfinfoomitdate=1" in sheet
    assert "Exercise 2" in sheet and "cut:" not in sheet and "\\#" not in sheet
    assert "$\\alpha$-cut: 2 $\\leq$ $\\alpha$=3" in key  # C's cut in the classic tree
    assert "$\\alpha$-cut: 3 $\\leq$ $\\alpha$=3" in key  # the tie cuts too
    assert ('{treeviz\\ exercise\\ --tree\\ "[B=[3,12,8],\\ C=[2,4,6],\\ D=[14,5,2]]"\\ --tree\\ '
            '"[[3,5],[3,9]]"}; % footer') in sheet  # the command that makes the sheet again (issue 31)


def test_a_tree_file_gives_one_exercise_a_line(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    trees = tmp_path / "trees.txt"
    trees.write_text("# my trees\n[[3,12,8],[2,4,6],[14,5,2]]\n\n[[1,2],[3,4]]  # another\n")
    code, out, _ = exercise(capfd, "--tree-file", str(trees), "--root", "min", "-o", str(tmp_path / "s.tex"))
    assert code == 0 and "2 exercises on 1 page" in out


def test_tic_tac_toe_positions_show_the_board_and_the_moves(capfd: pytest.CaptureFixture[str],
                                                            tmp_path: Path) -> None:
    code, _, err = exercise(capfd, "x2o1oxox x", "-o", str(tmp_path / "s.tex"), "--key", str(tmp_path / "k.tex"))
    assert code == 0, err
    sheet = (tmp_path / "s.tex").read_text()
    assert "tic-tac-toe: x2o1oxox x, x to move (MAX: x)" in sheet
    assert "{o\\ .\\ o}; % picture" in sheet  # the board, a row at a time
    on_edges = r"inner xsep=0.4pt, inner ysep=0.2pt\] at \S+ \{\\tvfit\{[\d.]+pt\}\{(\d)\}\}"
    moves = set(re.findall(on_edges, sheet))
    assert moves == {"2", "3", "5"}  # the empty cells, on the edges (with a white halo)
    code, _, err = exercise(capfd, "1o11o1oxx x", "-o", str(tmp_path / "s.tex"))
    assert code == 2 and "exercise 1 (21 leaves) is too wide for a landscape A4 page" in err
    code, out, _ = exercise(capfd, "--game", "tictactoe", "--count", "3", "--seed", "4", "-o", str(tmp_path / "r.tex"))
    assert code == 0 and "3 exercises" in out


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None, reason="OpenSpiel is not installed "
                    "(pip install 'treeviz[openspiel]')")
def test_openspiel_positions_by_seed(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = exercise(capfd, "--game", "openspiel:nim(pile_sizes=1;2;3)", "--count", "2",
                              "-o", str(tmp_path / "s.tex"))
    assert code == 0, err
    assert "nim(pile" in (tmp_path / "s.tex").read_text()


@pytest.mark.slow
@needs_pdflatex
def test_the_same_options_give_the_same_pdfs_wherever_they_are_written(capfd: pytest.CaptureFixture[str],
                                                                      tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = tmp_path / "one", tmp_path / "two" / "deeper"
    second.mkdir(parents=True)
    first.mkdir()
    made = []
    for folder, names in ((first, ("a.pdf", "b.pdf")), (second, ("sheet.pdf", "answers.pdf"))):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", str(1_700_000_000 + len(made)))  # the caller's own date is ignored
        code, _, err = exercise(capfd, "--count", "3", "--depth", "2", "--seed", "11", "-o", str(folder / names[0]),
                                "--key", str(folder / names[1]))
        assert (code, err) == (0, "")
        made.append([(folder / name).read_bytes() for name in names])
    assert made[0] == made[1]
    assert made[0][0].startswith(b"%PDF") and made[0][0] != made[0][1]
    assert not any(b"tmp" in pdf or str(tmp_path).encode() in pdf for pdf in made[0])


def test_the_command_is_listed_in_treeviz_help(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        run(cli, ["--help"], prog_name="treeviz")
    out, _ = capfd.readouterr()
    assert "exercise  Alpha-beta worksheets to print, with their answer keys." in out
    assert os.environ.get("PATH")
