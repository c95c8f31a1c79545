"""``sm-bot --eval``: the learned evaluation from the lean entry point, its weights file checked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SM_BOT = os.path.join(os.path.dirname(sys.executable), "sm-bot")
START = "999999999 00 x"


def sm_bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SM_BOT, *args], capture_output=True, text=True, timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("evaluation", ["classic", "learned", "learned-or-classic"])
def test_every_evaluation_answers_a_legal_move(evaluation: str) -> None:
    result = sm_bot("--eval", evaluation, START, "0.5")
    assert result.returncode == 0, result.stderr
    move = result.stdout.strip()
    assert len(move) == 2 and move.isdigit() and "0" not in move
    assert "search in C" in result.stderr


@pytest.mark.parametrize("damage", ["missing", "truncated"])
def test_an_unusable_weights_file_is_one_error_line_naming_it(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "net.bin"
    if damage == "truncated":
        from engine.evaluation.ultimate_net import DEFAULT_FILE

        path.write_bytes(Path(DEFAULT_FILE).read_bytes()[:1000])
    result = sm_bot("--eval", "learned", "--weights", str(path), START, "0.2")
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and str(path) in lines[0]


def test_the_classic_evaluation_plays_only_when_asked_to_fall_back(tmp_path: Path) -> None:
    path = tmp_path / "absent.bin"
    result = sm_bot("--eval", "learned-or-classic", "--weights", str(path), START, "0.2")
    assert result.returncode == 0 and len(result.stdout.strip()) == 2
    assert f"note: {path}: cannot read the weights" in result.stderr
    assert "the classic evaluation plays" in result.stderr


def test_weights_without_the_learned_evaluation_are_refused() -> None:
    result = sm_bot("--weights", "x.bin", START, "0.2")
    assert result.returncode == 2 and result.stderr.startswith("error: --weights is the learned evaluation's")


def test_served_bot_plays_with_the_learned_evaluation_and_refuses_a_bad_file(tmp_path: Path) -> None:
    lines = "isready\n999999999 00 x 0.2\nquit\n"
    served = subprocess.run([SM_BOT, "--serve", "--eval", "learned"], input=lines, capture_output=True, text=True,
                            timeout=120)
    assert served.returncode == 0, served.stderr
    ready, move = served.stdout.split()
    assert ready == "readyok" and len(move) == 2 and move.isdigit()
    bad = subprocess.run([SM_BOT, "--serve", "--eval", "learned", "--weights", str(tmp_path / "x.bin")],
                         input=lines, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1
    assert bad.stderr.startswith("error: ") and "x.bin" in bad.stderr


def test_the_lean_entry_point_spells_the_same_choices() -> None:
    from engine.bot.decision import EVALUATIONS
    from treeviz.cli.smbot import EVALS

    assert EVALS == EVALUATIONS
