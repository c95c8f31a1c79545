"""A user's game that breaks the protocol while it is played (issue 31): a method that raises, or returns what the
protocol does not allow, is a :class:`engine.errors.GameRuleError` naming the method, the position (and move) and
what it raised or returned -- never a ``KeyError`` or ``TypeError`` from deep inside a search."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import GameError, GameProtocolError, GameRuleError
from engine.games.loading import load_game
from engine.search.mcts import mcts
from engine.search.minimax import minimax

COUNTDOWN = '''
class Countdown:
    """Take 1 or 2 from a counter; whoever takes the last wins."""

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
'''

DICE = '''
class Dice:
    """A chance node (a die with two faces) and then the game is over."""

    def initial(self):
        return "roll"

    def to_move(self, state):
        return -1 if state == "roll" else 0

    def legal_moves(self, state):
        return [1, 2] if state == "roll" else []

    def play(self, state, move):
        return f"rolled {move}"

    def outcome(self, state):
        return None if state == "roll" else 10

    def chance_outcomes(self, state):
        return PROBABILITIES
'''


def load(tmp_path: Path, text: str, name: str = "Countdown"):
    path = tmp_path / f"{name.lower()}.py"
    path.write_text(text)
    return load_game(f"{path}:{name}")


def broken(tmp_path: Path, old: str, new: str):
    text = COUNTDOWN.replace(old, new)
    assert text != COUNTDOWN
    return load(tmp_path, text)


def search_error(game) -> GameRuleError:
    with pytest.raises(GameRuleError) as caught:
        minimax(game, game.initial())
    return caught.value


def test_a_correct_game_is_searched_as_before(tmp_path: Path) -> None:
    game = load(tmp_path, COUNTDOWN)
    assert minimax(game, game.initial()).value == 1
    assert mcts(game, game.initial(), iterations=50, seed=1).root_visits == 50


def test_play_raising_names_the_method_the_position_the_move_and_the_error(tmp_path: Path) -> None:
    table = "{(4, 1): 3, (3, 1): 2, (3, 2): 1, (2, 1): 1, (2, 2): 0, (1, 1): 0}"  # no (4, 2)
    game = broken(tmp_path, "return state - move", f"return {table}[state, move]")
    error = search_error(game)
    assert error.method == "play" and error.move == 2 and error.position == "4"
    assert "play raised KeyError: (4, 2)" in str(error) and "move 2" in str(error) and "'4'" in str(error)
    assert isinstance(error, GameProtocolError) and isinstance(error, GameError) and isinstance(error, ValueError)


@pytest.mark.parametrize(("value", "words"), [("None", "returned None"), ("'won'", "returned 'won'"),
                                              ("float('nan')", "returned nan"), ("[1]", "returned [1]")])
def test_outcome_not_a_number_where_the_game_is_over(tmp_path: Path, value: str, words: str) -> None:
    game = broken(tmp_path, "return None if state else 1", f"return None if state else {value}")
    error = search_error(game)
    assert error.method == "outcome" and error.position == "0"
    assert words in str(error) and "no legal move" in str(error)


def test_outcome_a_number_while_moves_remain(tmp_path: Path) -> None:
    game = broken(tmp_path, "return None if state else 1", "return None if state > 1 else 1")
    with pytest.raises(GameRuleError) as caught:  # a playout asks outcome first: it stops at 1
        mcts(game, game.initial(), iterations=20, seed=0)
    error = caught.value
    assert error.method == "outcome" and error.position == "1"
    assert "legal_moves still gives" in str(error)


@pytest.mark.parametrize(("body", "words"), [("raise IndexError('no moves')", "legal_moves raised IndexError"),
                                             ("return 3", "legal_moves returned 3, not a sequence of moves"),
                                             ("return None", "legal_moves returned None, not a sequence")])
def test_legal_moves_raising_or_not_a_sequence(tmp_path: Path, body: str, words: str) -> None:
    game = broken(tmp_path, "return [t for t in (1, 2) if t <= state]", body)
    error = search_error(game)
    assert error.method == "legal_moves" and error.position == "4" and words in str(error)


def test_legal_moves_as_a_generator_is_taken_as_its_list(tmp_path: Path) -> None:
    game = broken(tmp_path, "return [t for t in (1, 2) if t <= state]", "return (t for t in (1, 2) if t <= state)")
    assert minimax(game, game.initial()).value == 1


def test_to_move_wrong_after_the_start(tmp_path: Path) -> None:
    game = broken(tmp_path, "return state % 2", "return state % 2 if state == 4 else 'second'")
    error = search_error(game)
    assert error.method == "to_move" and "returned 'second'" in str(error) and "0, 1 or -1" in str(error)


def test_play_returning_an_unhashable_state(tmp_path: Path) -> None:
    game = broken(tmp_path, "return state - move", "return [state - move] if state == 2 else state - move")
    error = search_error(game)
    assert error.method == "play" and "unhashable list" in str(error) and error.position == "2"


@pytest.mark.parametrize(("probabilities", "words"), [
    ("[(1, 0.6), (2, 0.6)]", "sum to 1.2"),
    ("[(1, 1.5), (2, -0.5)]", "negative probability -0.5"),
    ("[(1, 0.5)]", "events [1] but legal_moves gives [1, 2]"),
    ("[(1, 'half'), (2, 0.5)]", "probability 'half'"),
])
def test_chance_outcomes_must_be_probabilities_summing_to_one(tmp_path: Path, probabilities: str,
                                                               words: str) -> None:
    game = load(tmp_path, f"PROBABILITIES = {probabilities}\n" + DICE, "Dice")
    error = search_error(game)
    assert error.method == "chance_outcomes" and error.position == "roll" and words in str(error)


def test_chance_outcomes_within_float_tolerance_are_accepted(tmp_path: Path) -> None:
    game = load(tmp_path, "PROBABILITIES = [(1, 0.1 * 3), (2, 0.7)]\n" + DICE, "Dice")
    assert minimax(game, game.initial()).value == pytest.approx(10)


def test_mcts_playouts_meet_the_same_checks(tmp_path: Path) -> None:
    game = broken(tmp_path, "return None if state else 1", "return None if state else 'won'")
    with pytest.raises(GameRuleError, match="outcome returned 'won'"):
        mcts(game, game.initial(), iterations=10, seed=0)


# -- an unknown OpenSpiel game: close names only (no OpenSpiel needed: the names are given) -------------------------

KNOWN = ["antichess", "backgammon", "blackjack", "breakthrough", "catch", "checkers", "chess", "chinese_checkers",
         "connect_four", "dark_chess", "go", "kuhn_poker", "leduc_poker", "oh_hell", "othello", "tic_tac_toe",
         "ultimate_tic_tac_toe", "yacht"]


@pytest.mark.parametrize(("typed", "close"), [
    ("chess2", ["chess"]),
    ("checker", ["checkers", "chinese_checkers"]),
    ("catch2", ["catch"]),
    ("connect4", ["connect_four"]),
    ("tictactoe", ["tic_tac_toe", "ultimate_tic_tac_toe"]),
    ("tic_tac_tow", ["tic_tac_toe"]),
    ("blackjak", ["blackjack"]),
    ("poker", ["kuhn_poker", "leduc_poker"]),
    ("othelo", ["othello"]),
    ("hex", []),
    ("cachet", []),
])
def test_an_unknown_openspiel_game_suggests_close_names_only(typed: str, close: list[str]) -> None:
    from engine.games.openspiel import close_names

    assert close_names(typed, KNOWN) == close


def test_evaluate_not_a_number_at_the_depth_limit(tmp_path: Path) -> None:
    game = load(tmp_path, COUNTDOWN + "\n    def evaluate(self, state):\n        return 'even'\n")
    with pytest.raises(GameRuleError) as caught:
        minimax(game, game.initial(), depth=1, evaluate=game.evaluate)
    assert caught.value.method == "evaluate" and "returned 'even', not a number" in str(caught.value)


def test_successors_of_the_games_own_not_pairs(tmp_path: Path) -> None:
    game = load(tmp_path, COUNTDOWN + "\n    def successors(self, state):\n        return [state - 1]\n")
    error = search_error(game)
    assert error.method == "successors" and "not a (move, state) pair" in str(error)
