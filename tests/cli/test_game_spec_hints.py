"""What a user who names a game wrongly is told (issue 31): a module that is not on Python's path is said to be
so, with the ``file.py:Class`` form and PYTHONPATH as the ways out; an unknown OpenSpiel game suggests only names
close to it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import GameModuleNotFoundError
from engine.games.loading import load_game

BIN = Path(sys.executable).parent
SUBTRACT = '''
class Subtract:
    def initial(self):
        return 3

    def to_move(self, state):
        return state % 2

    def legal_moves(self, state):
        return [1] if state else []

    def play(self, state, move):
        return state - move

    def outcome(self, state):
        return None if state else 1
'''


def test_a_module_beside_the_user_but_not_on_the_path(tmp_path: Path) -> None:
    (tmp_path / "mygames.py").write_text(SUBTRACT)
    done = subprocess.run([str(BIN / "tttree"), "--game", "mygames:Subtract", "--format", "json"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done.stderr
    err = done.stderr
    assert "no module named 'mygames'" in err and "not on Python's path" in err
    assert "mygames.py:Subtract" in err and "PYTHONPATH" in err
    works = subprocess.run([str(BIN / "tttree"), "--game", "mygames.py:Subtract", "--format", "json"],
                           capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert works.returncode == 0, works.stderr


def test_a_module_nowhere_hints_the_file_form_and_pythonpath() -> None:
    with pytest.raises(GameModuleNotFoundError) as caught:
        load_game("no_such_module_anywhere:Game")
    assert "path/to/no_such_module_anywhere.py:Game" in str(caught.value) and "PYTHONPATH" in str(caught.value)
