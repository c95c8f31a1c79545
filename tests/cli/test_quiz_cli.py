"""``--quiz [values|windows]`` on ``tttree``/``treeviz tree --format html`` and ``treeviz view``: the page of a quiz
on the search, and every request that cannot be one refused before any file is written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.quiz_options import LEVELS
from treeviz.cli.tttree import tree_command
from treeviz.cli.view import view_command
from treeviz.exercises.quiz import QUIZ_LEVELS

CLASSIC = "[B=[3,12,8], C=[2,4,6], D=[14,5,2]]"


def command(capfd: pytest.CaptureFixture[str], which, *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        run(which, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


def quiz_of(page: str) -> dict:
    found = re.search(r'<script id="treeviz-data" type="application/json">(.*?)</script>', page, re.S)
    assert found is not None
    [tree] = json.loads(found.group(1))["trees"]
    assert tree["kind"] == "quiz"
    return tree["quiz"]


def test_the_option_names_the_librarys_levels() -> None:
    assert LEVELS == QUIZ_LEVELS


def test_quiz_alone_is_the_values_quiz_of_alpha_beta(capfd, tmp_path: Path) -> None:
    out = tmp_path / "quiz.html"
    code, stdout, err = command(capfd, tree_command, "--tree", CLASSIC, "--format", "html", "--quiz", "-o", str(out))
    assert (code, stdout, err) == (0, "", "")
    key = quiz_of(out.read_text(encoding="utf-8"))
    assert (key["level"], key["algorithm"], key["pruned"]) == ("values", "alphabeta", [7, 8])


def test_the_windows_level_and_the_position_after_the_flag(capfd) -> None:
    code, stdout, err = command(capfd, tree_command, "--quiz", "windows", "1o11o1oxx x", "--format", "html")
    assert code == 0, err
    assert quiz_of(stdout)["level"] == "windows"
    code, stdout, err = command(capfd, tree_command, "--format", "html", "--quiz", "1o11o1oxx x")
    assert code == 0, err  # the FEN after a bare --quiz is the position, not a level
    assert quiz_of(stdout)["level"] == "values"


def test_minimax_when_asked_quizzes_values_only(capfd) -> None:
    code, stdout, err = command(capfd, tree_command, "--tree", CLASSIC, "--algo", "minimax", "--quiz", "--format",
                                "html")
    assert code == 0, err
    key = quiz_of(stdout)
    assert key["algorithm"] == "minimax" and key["pruned"] == [] and key["points"] == 4


def test_view_writes_the_quiz_page(capfd, tmp_path: Path) -> None:
    out = tmp_path / "view.html"
    code, stdout, err = command(capfd, view_command, "--tree", CLASSIC, "--quiz", "windows", "--no-open", "-o",
                                str(out))
    assert code == 0, err
    assert stdout.strip() == str(out)
    assert quiz_of(out.read_text(encoding="utf-8"))["level"] == "windows"


BAD = [
    (["1o11o1oxx x", "--quiz", "--format", "svg"], "--quiz makes an interactive page: it needs --format html"),
    (["1o11o1oxx x", "--quiz", "--format", "dot"], "it needs --format html (or an .html output), not dot"),
    (["--tree", CLASSIC, "--quiz", "--algo", "mcts", "--format", "html"], "--algo mcts has neither"),
    (["1o11o1oxx x", "--quiz", "--merge", "symmetry", "--format", "html"], "not a merged DAG"),
    (["1o11o1oxx x", "--quiz", "--compare", "--format", "html"], "cannot be used with --compare"),
    (["1o11o1oxx x", "--compare", "minimax,alphabeta", "--quiz", "--format", "html"], "cannot be used with --compare"),
    (["1o11o1oxx x", "--quiz", "hard", "--format", "html"], "--quiz 'hard' is not a quiz level (expected values or "
                                                             "windows)"),
    (["--tree", CLASSIC, "--quiz", "windows", "--algo", "minimax", "--format", "html"], "--algo minimax has none"),
    (["--tree", CLASSIC, "--quiz", "--order", "best,worst", "--format", "html"], "give a single --order"),
    (["--tree", CLASSIC, "--quiz", "--max-nodes", "5", "--format", "html"], "leave out --max-nodes"),
    (["9 x", "--quiz", "--format", "html"], "more than 2,000 nodes"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(a[1:]) for a, _ in BAD])
def test_what_cannot_be_a_quiz_is_one_error_line_and_no_file(capfd, tmp_path: Path, argv: list[str],
                                                              message: str) -> None:
    out = tmp_path / "quiz.html"
    code, stdout, err = command(capfd, tree_command, *argv, "-o", str(out))
    assert code == 2 and stdout == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], err
    assert list(tmp_path.iterdir()) == []


def test_an_output_named_for_another_format_is_refused(capfd, tmp_path: Path) -> None:
    code, stdout, err = command(capfd, tree_command, "1o11o1oxx x", "--quiz", "-o", str(tmp_path / "quiz.png"))
    assert code == 2 and err == "error: --quiz makes an interactive page: it needs --format html (or an .html " \
        "output), not png\n"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("argv", "message"), [
    (["--tree", CLASSIC, "--quiz", "--compare"], "cannot be used with --compare"),
    (["--tree", CLASSIC, "--quiz", "--algo", "mcts"], "--algo mcts has neither"),
    (["--tree", CLASSIC, "--quiz", "level"], "--quiz 'level' is not a quiz level"),
])
def test_view_refuses_the_same(capfd, tmp_path: Path, argv: list[str], message: str) -> None:
    out = tmp_path / "quiz.html"
    code, stdout, err = command(capfd, view_command, *argv, "--no-open", "-o", str(out))
    assert code == 2 and stdout == "" and message in err and len(err.splitlines()) == 1, err
    assert list(tmp_path.iterdir()) == []
