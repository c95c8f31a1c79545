"""The searches on games written against the protocol: the Nim example, a game where a player may move twice,
a game with chance nodes, held to plain recursions written here."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.game import CHANCE, FIRST, SECOND
from engine.games.loading import complete_game, load_game
from engine.search.alphabeta import alphabeta
from engine.search.mcts import mcts
from engine.search.minimax import minimax

NIM = Path(__file__).resolve().parents[3] / "examples" / "nim.py"


class Bonus:
    """Take 1, 2 or 3 from a counter; who takes the last wins; taking exactly 2 earns another move."""

    name = "bonus"

    def __init__(self, start: int = 9) -> None:
        self.start = start

    def initial(self) -> tuple[int, int]:
        return (self.start, FIRST)

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def legal_moves(self, state: tuple[int, int]) -> list[int]:
        return [t for t in (1, 2, 3) if t <= state[0]]

    def play(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        left, player = state
        return (left - move, player if move == 2 and left > 2 else 1 - player)

    def outcome(self, state: tuple[int, int]) -> float | None:
        if state[0]:
            return None
        return 1 if state[1] == SECOND else -1  # the last take always passes the turn: the taker won


class Dice:
    """MAX bets high or low, a die (1-3, uneven) is rolled, MIN then doubles or keeps; the value is the number."""

    name = "dice"
    outcome_range = (-6, 6)

    def initial(self) -> tuple:
        return ()

    def to_move(self, state: tuple) -> int:
        return (FIRST, CHANCE, SECOND, FIRST)[len(state)]

    def legal_moves(self, state: tuple) -> list:
        return [["high", "low"], [1, 2, 3], ["double", "keep"], []][len(state)]

    def play(self, state: tuple, move: object) -> tuple:
        return (*state, move)

    def chance_outcomes(self, state: tuple) -> list[tuple[int, float]]:
        return [(1, 0.5), (2, 0.25), (3, 0.25)]

    def outcome(self, state: tuple) -> float | None:
        if len(state) < 3:
            return None
        bet, roll, choice = state
        number = roll * (2 if choice == "double" else 1)
        return number if bet == "high" else -number


def plain_value(game, state) -> float:
    """Expectiminimax by plain recursion, asking the game who moves at every node."""
    result = game.outcome(state)
    if result is not None:
        return result
    mover = game.to_move(state)
    if mover == CHANCE:
        return sum(p * plain_value(game, game.play(state, m)) for m, p in game.chance_outcomes(state))
    values = [plain_value(game, game.play(state, m)) for m in game.legal_moves(state)]
    return max(values) if mover == FIRST else min(values)


def test_the_nim_example_is_solved_as_bouton_says() -> None:
    game = load_game(f"{NIM}:Nim")
    start = game.initial()  # 1 2 3: xor 0, the first player loses
    assert minimax(game, start).value == alphabeta(game, start).value == -1
    assert minimax(game, start).nodes == 447  # as OpenSpiel counts its nim(pile_sizes=1;2;3)

    @cache
    def value(state):
        return plain_value(game, state)

    for text in ("1 2 4 first", "3 5 second", "2 2 first", "1 1 1 second", "0 0 first"):
        state = game.parse_fen(text)
        assert minimax(game, state).value == alphabeta(game, state).value == value(state) == game.evaluate(state)


def test_the_nim_example_searches_to_a_depth_with_its_evaluation() -> None:
    game = load_game(f"{NIM}:Nim")
    state = game.parse_fen("1 2 4 first")
    result = alphabeta(game, state, depth=2, evaluate=game.evaluate)
    assert result.value == 1 and result.nodes < alphabeta(game, state).nodes
    assert game.play(state, result.best_moves[0])[0] in ((1, 2, 3),)  # the only winning move: 1 from pile 3


def test_the_mcts_solver_on_the_nim_example() -> None:
    game = load_game(f"{NIM}:Nim")
    state = game.parse_fen("1 2 4 first")
    result = mcts(game, state, iterations=3000, seed=2, solver=True)
    assert result.proven == 1 and result.best_move == (2, 1)


@pytest.mark.parametrize("start", range(0, 10))
def test_a_player_who_moves_twice_is_searched_right(start: int) -> None:
    game = complete_game(Bonus(start))
    state = game.initial()
    expected = plain_value(game, state)
    assert minimax(game, state).value == expected
    assert alphabeta(game, state).value == expected
    for a, b in ((-0.5, 0.5), (-2, 0), (0, 2)):
        value = alphabeta(game, state, alpha=a, beta=b).value
        assert (value <= a) if expected <= a else (value >= b) if expected >= b else value == expected


def test_bonus_moves_really_repeat_the_mover() -> None:
    game = complete_game(Bonus(9))
    assert game.to_move(game.play(game.initial(), 2)) == FIRST
    assert game.to_move(game.play(game.initial(), 1)) == SECOND


def test_a_user_game_with_chance_nodes() -> None:
    game = complete_game(Dice())
    start = game.initial()
    # high: MIN keeps (1, 2, 3) -> 0.5 + 0.5 + 0.75 = 1.75; low: MIN doubles -> -3.5; MAX bets high
    assert plain_value(game, start) == 1.75
    assert minimax(game, start).value == alphabeta(game, start).value == 1.75
    assert minimax(game, start).best_moves == ["high"] == alphabeta(game, start).best_moves
    assert mcts(game, start, iterations=400, seed=1, solver=True).proven == 1.75


def test_a_game_without_chance_outcomes_gets_equal_chances() -> None:
    without = type("DiceWithout", (), {k: v for k, v in vars(Dice).items() if k != "chance_outcomes"})
    game = complete_game(without())
    # every roll 1/3: high -> MIN keeps, (1 + 2 + 3) / 3 = 2
    assert minimax(game, game.initial()).value == pytest.approx(2.0)
