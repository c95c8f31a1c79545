""""Too deep" (issue 31): a tree whose lines run past what the search can follow says what works for that tree --
``--depth`` only for a game with an evaluation, where ``--depth`` is then accepted; never for a textbook tree or a
game without an evaluation, where ``--depth`` is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
DEEP = "[" * 1500 + "1,2" + "]" * 1500
"""A textbook tree nested 1,500 levels deep."""
LONG = '''
class Long:
    def initial(self):
        return 0

    def to_move(self, state):
        return state % 2

    def legal_moves(self, state):
        return [1] if state < 3000 else []

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return None if state < 3000 else 0


class LongWithEvaluation(Long):
    def evaluate(self, state):
        return 0
'''


def tttree(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "tttree"), *argv], capture_output=True, text=True, cwd=cwd, timeout=120)


def one_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr.startswith("error: too deep") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


@pytest.fixture
def games(tmp_path: Path) -> Path:
    (tmp_path / "long.py").write_text(LONG)
    return tmp_path


def test_a_textbook_tree_too_deep_is_not_told_to_use_depth() -> None:
    err = one_error(tttree("--tree", DEEP, "--format", "json"))
    assert "--depth" not in err and "shallower tree" in err


def test_a_game_without_evaluation_is_not_told_to_use_depth(games: Path) -> None:
    err = one_error(tttree("--game", "long.py:Long", "--format", "json", cwd=games))
    assert "--depth" not in err and "evaluate" in err and "nearer the end" in err
    assert "--algo mcts" in err
    works = tttree("--game", "long.py:Long", "--algo", "mcts", "--iterations", "2", "--format", "json", cwd=games)
    assert works.returncode == 0, works.stderr


def test_a_game_with_an_evaluation_is_told_to_use_depth_and_depth_works(games: Path) -> None:
    err = one_error(tttree("--game", "long.py:LongWithEvaluation", "--format", "json", cwd=games))
    assert "--depth" in err
    works = tttree("--game", "long.py:LongWithEvaluation", "--depth", "5", "--format", "json", cwd=games)
    assert works.returncode == 0, works.stderr
