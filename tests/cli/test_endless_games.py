"""A game that never ends (issue 31): every command that plays or searches it stops at once with one ``error:``
line and exit 2 -- MCTS playouts and the random games that find exercises past a stated length
(``--max-game-length``, default :data:`engine.game.MAX_GAME_LENGTH`), the recursive searches at the stack's depth --
instead of running forever or eating the machine's memory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import GameTooLongError
from engine.game import MAX_GAME_LENGTH
from engine.games.loading import load_game
from engine.search.mcts import mcts

BIN = Path(sys.executable).parent

GAMES = '''
class Infinite:
    """One move, always; never over."""

    def initial(self):
        return 0

    def to_move(self, state):
        return state % 2

    def legal_moves(self, state):
        return [1]

    def play(self, state, move):
        return state + 1

    def outcome(self, state):
        return None


class Thirty(Infinite):
    """Thirty moves, then a draw."""

    def legal_moves(self, state):
        return [1] if state < 30 else []

    def outcome(self, state):
        return None if state < 30 else 0
'''


@pytest.fixture
def games(tmp_path: Path) -> Path:
    path = tmp_path / "mygames.py"
    path.write_text(GAMES)
    return path


def command(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A console script run to its end (a minute at most: a hang fails the test instead of hanging it)."""
    return subprocess.run([str(BIN / argv[0]), *argv[1:]], capture_output=True, text=True, cwd=cwd, timeout=60)


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def test_an_mcts_playout_past_the_limit_is_a_game_too_long_error(games: Path) -> None:
    game = load_game(f"{games}:Infinite")
    with pytest.raises(GameTooLongError) as caught:
        mcts(game, game.initial(), iterations=1, seed=0)
    assert caught.value.limit == MAX_GAME_LENGTH and f"{MAX_GAME_LENGTH:,} moves" in str(caught.value)
    assert "max_game_length" in str(caught.value)
    thirty = load_game(f"{games}:Thirty")
    with pytest.raises(GameTooLongError, match="past 20 moves"):
        mcts(thirty, thirty.initial(), iterations=5, seed=0, max_game_length=20)
    assert mcts(thirty, thirty.initial(), iterations=5, seed=0, max_game_length=30).value == 0


def test_tttree_mcts_of_a_game_that_never_ends(games: Path) -> None:
    err = one_error_line(command("tttree", "--game", "mygames.py:Infinite", "--algo", "mcts", "--iterations", "1",
                                 "--format", "json", cwd=games.parent))
    assert "a random playout from position '1'" in err and f"past {MAX_GAME_LENGTH:,} moves" in err
    assert "--max-game-length" in err


def test_max_game_length_is_an_option_of_tttree(games: Path) -> None:
    err = one_error_line(command("tttree", "--game", "mygames.py:Thirty", "--algo", "mcts", "--iterations", "3",
                                 "--max-game-length", "10", "--format", "json", cwd=games.parent))
    assert "past 10 moves" in err and "--max-game-length" in err
    done = command("tttree", "--game", "mygames.py:Thirty", "--algo", "mcts", "--iterations", "3",
                   "--max-game-length", "40", "--format", "json", cwd=games.parent)
    assert done.returncode == 0, done.stderr
    for other in ([], ["--order", "best,worst"]):
        refused = command("tttree", "--game", "mygames.py:Thirty", "--max-game-length", "40", *other,
                          cwd=games.parent)
        assert refused.returncode == 2 and "--max-game-length" in refused.stderr and "mcts" in refused.stderr


def test_an_exercise_of_random_positions_of_a_game_that_never_ends(games: Path) -> None:
    err = one_error_line(command("treeviz", "exercise", "--game", "mygames.py:Infinite", "--count", "2",
                                 "-o", "s.tex", "--key", "k.tex", cwd=games.parent))
    assert "a random game from position '0'" in err and "--max-game-length" in err
    assert not (games.parent / "s.tex").exists() and not (games.parent / "k.tex").exists()


def test_minimax_and_alphabeta_of_a_game_that_never_ends_are_too_deep(games: Path) -> None:
    for algo in ("minimax", "alphabeta"):
        err = one_error_line(command("tttree", "--game", "mygames.py:Infinite", "--algo", algo, "--format", "json",
                                     cwd=games.parent))
        assert "too deep" in err


def test_the_page_of_a_game_that_never_ends(games: Path) -> None:
    err = one_error_line(command("treeviz", "view", "--game", "mygames.py:Infinite", "--algo", "mcts",
                                 "--iterations", "2", "--no-open", "-o", "page.html", cwd=games.parent))
    assert "ran past" in err
