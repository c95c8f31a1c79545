"""Every position of a small game, numbered: the compact graph the unobserved textbook searches walk.

Why: a search of the whole tic-tac-toe tree enters 549,946 nodes but only 5,478 positions. Numbered
once, a position's children are a tuple of small ints and its outcome a list item: the search's per-node
work becomes two list look-ups (no hashing of states, no (move, child) pairs to unpack), which keeps the
textbook minimax and alpha-beta within 1.2x of a hand-written bitboard search (``scripts/bench_search.py``).
A game offers one (tic-tac-toe's ``position_graph``) only when all its positions fit in memory; the searches
still enter every node, so node counts and values do not change.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.sides import X


class PositionGraph:
    """The positions reachable from those asked for, numbered in post-order (children before parents).

    ``children[n]``: the numbers of position ``n``'s children, in the game's move order (empty when the game
    is over there); ``outcome[n]``: its outcome from the first player's view (None while the game goes on);
    ``mover_outcome[n]``: the same from the side to move's view (negamax). Filled on demand by
    :meth:`number`: when a position has a number, so have all the positions below it.
    """

    def __init__(self, successors: Callable[[Any], Sequence[tuple[Any, Any]]],
                 outcome: Callable[[Any], float | None], to_move: Callable[[Any], int]) -> None:
        self._successors = successors
        self._outcome = outcome
        self._to_move = to_move
        self._numbers: dict[Hashable, int] = {}
        self.children: list[tuple[int, ...]] = []
        self.outcome: list[float | None] = []
        self.mover_outcome: list[float | None] = []

    def __len__(self) -> int:
        """Positions numbered so far."""
        return len(self.children)

    def number(self, state: Hashable) -> int:
        """The number of ``state``, numbering it and every position below it first when needed."""
        found = self._numbers.get(state)
        return self._add(state) if found is None else found

    def _add(self, state: Hashable) -> int:
        numbers = self._numbers
        kids = tuple(numbers[c] if c in numbers else self._add(c) for _, c in self._successors(state))
        n = len(self.children)
        numbers[state] = n
        self.children.append(kids)
        result = self._outcome(state) if not kids else None
        self.outcome.append(result)
        self.mover_outcome.append(None if result is None else result if self._to_move(state) == X else -result)
        return n
