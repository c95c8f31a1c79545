"""The bounds the searches that revisit nodes (PVS, MTD(f), iterative deepening, alpha-beta over a table) report hold,
on random textbook trees: a visit drawn ``exact`` is worth what its node is worth, a lower or upper bound is a true
bound. The value a visit is held to is the node's minimax value, or for an iteration of iterative deepening the value
of the node in that iteration's depth-limited tree (frontier scored 0, as the search does without an evaluation).
A table hit is held to the same: the bound the table stored must be true too."""

from __future__ import annotations

from math import inf
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.textbook import TextbookTree, parse_tree
from engine.search.iterative_deepening import iterative_deepening
from engine.search.mtdf import mtdf
from engine.search.observer import EXACT, ITERATION, LOWER, SEARCH_ROOT, TT_HIT, UPPER
from engine.search.pvs import pvs
from engine.search.table_alphabeta import table_alphabeta
from tests.engine.search.test_textbook_search import CLASSIC, notation, trees

FULL = 1 << 30
"""A depth no textbook tree reaches: the whole tree."""


def limited_value(tree: TextbookTree, node: int, left: int) -> float:
    """The value of ``node`` searched ``left`` plies (a plain recursion): a leaf its value, the frontier 0."""
    value = tree.values[node]
    if value is not None:
        return value
    if left == 0:
        return 0
    kids = [limited_value(tree, k, left - 1) for k in tree.children[node]]
    return max(kids) if tree.to_move(node) == 0 else min(kids)


class Visits:
    """Every visit a search reports: (state, plies left in its search, value, bound, marks)."""

    def __init__(self) -> None:
        self.stack: list[list[Any]] = []
        self.visits: list[tuple[int, int, float, str, tuple[str, ...]]] = []
        self.iteration_depth = FULL

    def enter(self, state: int, move: object, ply: int, alpha: float, beta: float) -> None:
        self.stack.append([state, ply, ()])

    def mark(self, mark: str, detail: object = None) -> None:
        top = self.stack[-1]
        top[2] = (*top[2], mark)
        if mark == ITERATION:
            self.iteration_depth = detail[1]  # type: ignore[index]

    def leaf(self, kind: str) -> None:
        pass

    def cutoff(self, kind: str, value: float, bound: float, skipped: object) -> None:
        pass

    def leave(self, value: float, bound: str) -> None:
        state, ply, marks = self.stack.pop()
        if SEARCH_ROOT in marks:
            left = self.iteration_depth  # the whole search: the value of its last root search
        else:
            below = 1 if self.stack and self.stack[0][2] and SEARCH_ROOT in self.stack[0][2] else 0
            left = self.iteration_depth - (ply - below)
        self.visits.append((state, left, value, bound, marks))


def check(tree: TextbookTree, seen: Visits) -> int:
    """Assert every reported bound holds; the number of exact inner visits (not table hits)."""
    exact_inner = 0
    for state, left, value, bound, marks in seen.visits:
        true = limited_value(tree, state, left)
        where = (state, left, value, bound, marks)
        if bound == EXACT:
            assert value == pytest.approx(true), where
            exact_inner += bool(tree.children[state]) and TT_HIT not in marks
        elif bound == LOWER:
            assert true >= value - 1e-9, where
        else:
            assert bound == UPPER, where
            assert true <= value + 1e-9, where
    return exact_inner


SEARCHES = {
    "pvs": lambda t, **kw: pvs(t, 0, **kw),
    "pvs_tt": lambda t, **kw: pvs(t, 0, table=True, **kw),
    "alphabeta_tt": lambda t, **kw: table_alphabeta(t, 0, **kw),
}


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(tree=trees(chance=False), root=st.sampled_from(["max", "min"]), guess=st.integers(-8, 8),
       depth=st.one_of(st.none(), st.integers(0, 4)), aspiration=st.sampled_from([None, 1, 3]),
       table=st.booleans())
def test_every_bound_a_visit_search_reports_holds(tree: object, root: str, guess: int, depth: int | None,
                                                  aspiration: int | None, table: bool) -> None:
    game = parse_tree(notation(tree), root=root)
    for search in SEARCHES.values():
        seen = Visits()
        search(game, observer=seen)
        check(game, seen)
    seen = Visits()
    mtdf(game, 0, guess=guess, observer=seen)
    check(game, seen)
    seen = Visits()
    result = iterative_deepening(game, 0, depth=depth, table=table, aspiration=aspiration, observer=seen)
    check(game, seen)
    assert result.iterations >= 1


def test_a_node_whose_children_prove_its_value_is_exact_though_it_failed_low() -> None:
    # The classic tree's D = [14, 5, 2], searched by PVS with a null window at alpha = 3: all three children searched,
    # 2 the smallest and exact: D is 2 (the window alone says "<= 2")
    game = parse_tree(CLASSIC)
    for search in (pvs, table_alphabeta):
        seen = Visits()
        search(game, 0, observer=seen)
        d = game.children[0][2]
        assert [(v, b) for s, _, v, b, _ in seen.visits if s == d] == [(2, EXACT)]
        assert check(game, seen) >= 2


def test_mtdf_passes_prove_exact_values_below_a_null_window() -> None:
    # a null-window pass that searches every child of a node to an exact value draws it exact
    game = parse_tree(CLASSIC)
    seen = Visits()
    mtdf(game, 0, guess=3, observer=seen)
    assert check(game, seen) >= 1
    assert any(b == EXACT and game.children[s] and SEARCH_ROOT not in m for s, _, _, b, m in seen.visits)


def test_a_node_failing_low_over_exact_children_is_exact() -> None:
    # the MAX node over 1, 3, 5 is entered with alpha = 6 (PVS: the null window [6, 7]) and fails low; all three
    # examined: it is 5, not "<= 5"
    game = parse_tree("[[6],[[1,3,5]]]")
    low = game.children[game.children[0][1]][0]
    for search in (pvs, table_alphabeta):
        seen = Visits()
        search(game, 0, observer=seen)
        assert [(v, b) for s, _, v, b, _ in seen.visits if s == low] == [(5, EXACT)]
        assert not any(v in (-inf, inf) for _, _, v, _, _ in seen.visits)
