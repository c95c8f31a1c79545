"""MCTS picks optimal tic-tac-toe moves: 20,000 iterations, positions with a single optimal move class.

The optimal moves come from tests/mcts_oracle.py (tests/search_reference.py, no
engine code). The suite runs one position per class of positions equal up to
symmetry and the x/o swap (323 positions, about 40 s of CPU); every one of the
4,660 positions is checked by ``scripts/check_mcts_optimality.py`` (about 15 min).
"""

from __future__ import annotations

import pytest

from engine import TICTACTOE
from engine.search.mcts import mcts
from tests import search_reference as ref
from tests.mcts_oracle import SYMMETRIES, canonical, image, single_class_positions

ITERATIONS = 20000
CASES = single_class_positions()
REPRESENTATIVES = [c for c in CASES if c.representative]


def test_the_cases_are_what_they_claim() -> None:
    """Each case's optimal moves keep the value and form one symmetry orbit; classes partition the cases."""
    fens = {c.fen for c in CASES}
    assert len(fens) == len(CASES)
    for case in CASES[::37]:
        board, side = TICTACTOE.cells(TICTACTOE.parse_fen(case.fen)), case.fen[-1]
        position = (board, side)
        assert board.count(".") <= 5 and not ref.finished(board)
        values = {cell: ref.value(child) for cell, child in ref.children(position)}
        best = max(values.values()) if side == "x" else min(values.values())
        assert best == case.value and case.optimal == {c for c, v in values.items() if v == best}
        keeping = [p for p in SYMMETRIES if image(board, p) == board]
        assert {p[min(case.optimal)] for p in keeping} == case.optimal
    assert len({canonical((TICTACTOE.cells(TICTACTOE.parse_fen(c.fen)), c.fen[-1])) for c in CASES}) == \
        len(REPRESENTATIVES)
    assert any(len(c.optimal) < c.moves for c in REPRESENTATIVES)


@pytest.mark.slow
def test_plain_uct_picks_an_optimal_move() -> None:
    wrong = []
    for case in REPRESENTATIVES:
        result = mcts(TICTACTOE, TICTACTOE.parse_fen(case.fen), iterations=ITERATIONS, seed=1)
        if result.best_move not in case.optimal:
            wrong.append((case.fen, result.best_move, sorted(case.optimal)))
    assert not wrong, wrong


def test_solver_picks_an_optimal_move_and_proves_the_value() -> None:
    for case in REPRESENTATIVES:
        state = TICTACTOE.parse_fen(case.fen)
        result = mcts(TICTACTOE, state, iterations=ITERATIONS, seed=1, solver=True)
        assert result.best_move in case.optimal, case.fen
        assert result.proven == case.value, case.fen  # 20,000 iterations prove every such position
        board = TICTACTOE.cells(state)
        for move, _, _, proven in result.root_stats:
            if proven is not None:
                child = (board[:move] + case.fen[-1] + board[move + 1:], "o" if case.fen[-1] == "x" else "x")
                assert proven == ref.value(child), (case.fen, move)


def test_few_iterations_are_not_enough() -> None:
    """The check has teeth: with 5 iterations plain UCT misses the optimal move somewhere."""
    missed = sum(mcts(TICTACTOE, TICTACTOE.parse_fen(c.fen), iterations=5, seed=1).best_move not in c.optimal
                 for c in REPRESENTATIVES)
    assert missed > 0
