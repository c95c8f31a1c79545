"""The move orders by name on games other than tic-tac-toe: the game's own order, reversed, or refused."""

from __future__ import annotations

import pytest

from engine.games.textbook import parse_tree
from engine.search.alphabeta import alphabeta
from treeviz.trees.builder import ORDERS


class Leaves:
    """An observer keeping the leaves entered, in order."""

    def __init__(self, tree) -> None:
        self.tree = tree
        self.seen: list[float] = []

    def enter(self, state, move, ply, alpha, beta) -> None:
        if not self.tree.children[state]:
            self.seen.append(self.tree.values[state])

    def leaf(self, kind) -> None:
        pass

    def cutoff(self, kind, value, bound, skipped) -> None:
        pass

    def leave(self, value, bound) -> None:
        pass


def test_ascending_is_the_games_order_and_descending_its_mirror() -> None:
    tree = parse_tree("[[3,12,8],[2,4,6],[14,5,2]]")
    assert ORDERS["ascending"](tree) is None
    seen = Leaves(tree)
    assert alphabeta(tree, 0, observer=seen, order=ORDERS["descending"](tree)).value == 3
    assert seen.seen == [2, 5, 14, 6, 4, 2, 8, 12, 3]  # right to left: no cut-off in this order


def test_center_first_is_refused_for_a_game_without_cells() -> None:
    with pytest.raises(ValueError, match="center-first order ranks the cells of tic-tac-toe boards; textbook"):
        ORDERS["center-first"](parse_tree("[1,2]"))
