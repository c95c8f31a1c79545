"""A user's game breaking the protocol while it is searched, from the command line (issue 31): one ``error:`` line
naming the method, the position and what it returned or raised, exit 2 -- not an internal failure."""

from __future__ import annotations

from pathlib import Path

import pytest

from treeviz.cli.common import run
from treeviz.cli.tttree import tree_command

GAMES = '''
class Countdown:
    def initial(self):
        return 4

    def to_move(self, state):
        return state % 2

    def legal_moves(self, state):
        return [t for t in (1, 2) if t <= state]

    def play(self, state, move):
        return state - move

    def outcome(self, state):
        return None if state else 1


class BadPlay(Countdown):
    def play(self, state, move):
        if state == 3:
            raise KeyError(move)
        return state - move


class NoOutcome(Countdown):
    def outcome(self, state):
        return None


class WordOutcome(Countdown):
    def outcome(self, state):
        return None if state else "first wins"


class Dice(Countdown):
    def initial(self):
        return 9

    def to_move(self, state):
        return -1 if state == 9 else 0

    def legal_moves(self, state):
        return [1, 2] if state == 9 else []

    def play(self, state, move):
        return move

    def outcome(self, state):
        return None if state == 9 else 10

    def chance_outcomes(self, state):
        return [(1, 0.6), (2, 0.6)]
'''


def tttree(capfd: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as done:
        run(tree_command, list(argv), prog_name="tttree")
    out, err = capfd.readouterr()
    return done.value.code, out, err


@pytest.mark.parametrize(("name", "algo", "words"), [
    ("BadPlay", "minimax", "play raised KeyError: 1"),
    ("BadPlay", "mcts", "play raised KeyError"),
    ("NoOutcome", "alphabeta", "outcome returned None"),
    ("WordOutcome", "minimax", "outcome returned 'first wins'"),
    ("WordOutcome", "mcts", "outcome returned 'first wins'"),
    ("Dice", "minimax", "chance_outcomes"),
])
def test_a_game_breaking_the_protocol_is_one_error_line_naming_the_method(
        tmp_path: Path, capfd: pytest.CaptureFixture[str], name: str, algo: str, words: str) -> None:
    (tmp_path / "mygames.py").write_text(GAMES)
    code, out, err = tttree(capfd, "--game", f"{tmp_path / 'mygames.py'}:{name}", "--algo", algo,
                            "--format", "json")
    assert code == 2 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert words in err and "position" in err and "internal failure" not in err
    if name == "Dice":
        assert "sum to 1.2" in err
