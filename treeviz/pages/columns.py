"""The interactive page's column encoding: one small integer per node and attribute, values interned.

Shared by the page's data of every kind of graph (:mod:`treeviz.pages.tree_page` for
minimax and alpha-beta trees, :mod:`treeviz.pages.page_graphs` for MCTS trees and
merged DAGs): the code tables of the schema's words, the interner, and the JSON-safe
forms of numbers and graph attributes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from treeviz.games.adapter import GameAdapter

BOUNDS = ("exact", "lower", "upper")
CUTS = ("alpha", "beta")
LEAVES = ("terminal", "heuristic", "table")
DRAW = "draw"


def outcomes(players: tuple[str, str]) -> tuple[str, str, str]:
    """The ``outcome`` words of a game whose players are ``players``, in the page's code order: the first
    player's win (0), the second's (1), a draw (2)."""
    return players[0], players[1], DRAW

Column = list[int] | int
"""A column of small integers; a single int stands for a column where every entry is that int."""


class Interner:
    """Gives each distinct value a small index, in order of first appearance (None is -1)."""

    def __init__(self, convert: Any = None) -> None:
        self.index: dict[Any, int] = {None: -1}
        self.values: list[Any] = []
        self.convert = convert

    def add(self, value: Any) -> int:
        """The index of a value not seen before (``index.get(v)`` answers for the others)."""
        found = self.index[value] = len(self.values)
        self.values.append(self.convert(value) if self.convert else value)
        return found


def codes(table: tuple[str, ...]) -> dict[str | None, int]:
    """Index of each name in ``table``, and -1 for None."""
    return {None: -1, **{name: k for k, name in enumerate(table)}}


def code(table: dict[str | None, int], value: Any, what: str) -> int:
    """``value``'s index in a table made by :func:`codes`; a ValueError naming ``what`` when it has none."""
    try:
        return table[value]
    except (KeyError, TypeError):
        names = ", ".join(str(k) for k in table if k is not None)
        raise ValueError(f"unexpected {what} {value!r}, expected one of {names}") from None


def column(values: list[int]) -> Column:
    """The column, or the single value when all entries are equal (saves megabytes on big trees)."""
    if values and all(v == values[0] for v in values):
        return values[0]
    return values


def json_number(value: float) -> float | int | str:
    """A JSON-safe number: integers stay integers, infinities become "inf"/"-inf"."""
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if math.isnan(value):
            raise ValueError("a tree value is NaN")
        if value.is_integer():
            return int(value)
    return value


def plain(value: Any) -> Any:
    """Graph attributes made JSON-safe (infinities as strings, tuples as lists)."""
    if isinstance(value, float):
        return json_number(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


def move_coder(moves: Iterable[Any]) -> Callable[[Any], int]:
    """How the page numbers a graph's moves: as themselves when all are integers (a grid game's cells, which the
    page tints), else by order of first appearance (Nim's ``(pile, take)``, any hashable move); a move not among
    them (and -1) is -1."""
    distinct = list(dict.fromkeys(moves))
    if all(isinstance(m, int) and not isinstance(m, bool) for m in distinct):
        return int
    numbers = {m: k for k, m in enumerate(m for m in distinct if m != -1)}
    return lambda move: numbers.get(move, -1)


def position_columns(adapter: GameAdapter, fens: list[str], sides: list[str | None]) -> dict[str, Any]:
    """What the page needs to draw positions of a game it has no grid for: each node's side to move (``side``: 0,
    1, or 2 for chance, in node order) and the game's pictures of the FENs table (``pictures``, when the game
    draws its own). Nothing for grid games, whose FENs say it all."""
    if adapter.page_board().get("kind", "grid") == "grid":
        return {}
    index = adapter.sides.index
    extra: dict[str, Any] = {"side": column([index(side) for side in sides])}
    pictures = adapter.page_pictures(fens)
    if pictures is not None:
        extra["pictures"] = pictures
    return extra

