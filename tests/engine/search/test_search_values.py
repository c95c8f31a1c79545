"""Minimax and alpha-beta against an independent oracle, on every reachable tic-tac-toe position."""

from __future__ import annotations

from collections.abc import Callable
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import TICTACTOE, SearchResult, alphabeta, minimax
from engine.evaluation import tictactoe as tictactoe_eval
from engine.search.scoring import quick
from tests import search_reference as ref
from treeviz.trees.builder import ORDER_HELP, ORDERS

GAME = TICTACTOE
ALL_POSITIONS = {first: ref.reachable(first) for first in "xo"}


def state_of(position: ref.Position) -> int:
    return GAME.parse_fen(ref.to_fen(position))


def optimal_moves(position: ref.Position) -> list[int]:
    v = ref.value(position)
    return [c for c, child in ref.children(position) if ref.value(child) == v]


# -- the course's two positions and the empty board ----------------------------

@pytest.mark.parametrize(("fen", "value", "best"), [
    ("1o11o1oxx x", 0, [2]),       # x must block o's diagonal at cell 2 (shown as 3): a draw
    ("x21o11xo o", -1, [2, 5]),    # o to move (o started) wins by 2 or 5
])
def test_seed_positions(fen: str, value: int, best: list[int]) -> None:
    state = GAME.parse_fen(fen)
    position = (GAME.cells(state), fen[-1])
    mm = minimax(GAME, state)
    ab = alphabeta(GAME, state)
    assert mm.value == ab.value == value == ref.value(position)
    assert mm.best_moves == best == optimal_moves(position)
    assert ab.best_moves and set(ab.best_moves) <= set(best)
    assert mm.nodes == ref.tree_size(position)
    assert ab.nodes == ref.alphabeta_count(position, -inf, inf)[1] < mm.nodes


def test_empty_board_node_counts() -> None:
    start = GAME.parse_fen("9 x")
    mm = minimax(GAME, start)
    ab = alphabeta(GAME, start)
    assert (mm.value, mm.nodes) == (0, 549_946)
    assert mm.best_moves == list(range(9))
    assert (ab.value, ab.nodes) == (0, 18_297)
    assert ab.best_moves == [0]


def test_reachable_position_counts() -> None:
    assert len(ALL_POSITIONS["x"]) == len(ALL_POSITIONS["o"]) == 5478


# -- every reachable position, x first and o first ------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("first", ["x", "o"])
def test_minimax_on_every_reachable_position(first: str) -> None:
    for position in ALL_POSITIONS[first]:
        result = minimax(GAME, state_of(position))
        assert result.value == ref.value(position), position
        assert result.nodes == ref.tree_size(position), position
        assert result.best_moves == optimal_moves(position), position


@pytest.mark.slow
@pytest.mark.parametrize("first", ["x", "o"])
def test_alphabeta_on_every_reachable_position(first: str) -> None:
    for position in ALL_POSITIONS[first]:
        state = state_of(position)
        result = alphabeta(GAME, state)
        assert result.value == ref.value(position), position
        assert result.nodes <= ref.tree_size(position), position
        assert result.nodes == ref.alphabeta_count(position, -inf, inf)[1], position
        if ref.children(position):
            assert result.best_moves and set(result.best_moves) <= set(optimal_moves(position)), position
        else:
            assert result.nodes == 1 and result.best_moves == []


class EnterCounter:
    """An observer that only counts entered nodes: it sends the searches down their general, reporting path."""

    def __init__(self) -> None:
        self.entered = 0

    def enter(self, state: object, move: object, ply: int, alpha: float, beta: float) -> None:
        self.entered += 1

    def leaf(self, kind: str) -> None:
        pass

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        pass

    def leave(self, value: float, bound: str) -> None:
        pass


@pytest.mark.slow
@pytest.mark.parametrize("first", ["x", "o"])
@pytest.mark.parametrize("search", [minimax, alphabeta])
def test_fast_paths_match_the_observed_searches(first: str, search: Callable[..., SearchResult]) -> None:
    """Unobserved searches take a lean path; it must enter the same nodes and find the same answer."""
    for position in ALL_POSITIONS[first]:
        state = state_of(position)
        counter = EnterCounter()
        fast = search(GAME, state)
        observed = search(GAME, state, observer=counter)
        assert fast == observed, position
        assert counter.entered == fast.nodes, position


@pytest.mark.slow
@pytest.mark.parametrize("first", ["x", "o"])
def test_quick_scoring_on_every_reachable_position(first: str) -> None:
    for position in ALL_POSITIONS[first]:
        state = state_of(position)
        expected = ref.quick_value(position)
        assert minimax(GAME, state, scoring=quick).value == expected, position
        assert alphabeta(GAME, state, scoring=quick).value == expected, position


# -- properties over random positions -------------------------------------------

positions = st.sampled_from(ALL_POSITIONS["x"] + ALL_POSITIONS["o"])
window_edges = st.sampled_from([-inf, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, inf])


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(positions, window_edges, window_edges)
def test_alphabeta_fail_soft_window(position: ref.Position, a: float, b: float) -> None:
    """Fail-soft: inside the window the exact value; at or past an edge, a bound on the true value."""
    if not a < b:
        a, b = -inf, inf
    true = ref.value(position)
    result = alphabeta(GAME, state_of(position), alpha=a, beta=b)
    assert result == alphabeta(GAME, state_of(position), alpha=a, beta=b, observer=EnterCounter())
    v = result.value
    if v <= a:
        assert true <= v
    elif v >= b:
        assert true >= v
    else:
        assert v == true


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(positions, st.sampled_from(sorted(ORDERS)))
def test_move_orders_keep_values(position: ref.Position, order_name: str) -> None:
    order = ORDERS[order_name](GAME)
    state = state_of(position)
    expected = ref.value(position)
    mm = minimax(GAME, state, order=order)
    ab = alphabeta(GAME, state, order=order)
    assert mm.value == ab.value == expected
    assert mm.nodes == ref.tree_size(position)
    assert ab.nodes <= mm.nodes


@settings(max_examples=200, deadline=None)
@given(positions, st.integers(min_value=0, max_value=4))
def test_depth_limited_search_with_open_lines(position: ref.Position, depth: int) -> None:
    state = state_of(position)
    expected = ref.depth_limited_value(position, depth, tictactoe_eval.WIN_VALUE)
    kwargs = {"depth": depth, "evaluate": tictactoe_eval.evaluate, "scoring": tictactoe_eval.scoring}
    assert minimax(GAME, state, **kwargs).value == expected
    assert alphabeta(GAME, state, **kwargs).value == expected


def test_center_first_order_starts_with_the_centre() -> None:
    order = ORDERS["center-first"](GAME)
    assert order is not None
    assert list(order(GAME.initial(), list(range(9)))) == [4, 0, 2, 6, 8, 1, 3, 5, 7]
    assert ORDERS["ascending"](GAME) is None
    assert set(ORDER_HELP) == set(ORDERS)
    assert ORDERS["descending"](GAME)(GAME.initial(), list(range(9))) == list(range(8, -1, -1))  # type: ignore[misc]
