"""The answer of a search: root value, the moves it proved best, how many nodes it entered."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

M = TypeVar("M", bound=Hashable)


class SearchResult(Generic[M]):
    """Root value from x's point of view, best moves, and nodes entered (root included).

    A plain class rather than a dataclass so that ``sm-bot`` need not import :mod:`dataclasses`.
    """

    __slots__ = ("value", "best_moves", "nodes", "depth", "principal_variation")

    def __init__(self, value: float, best_moves: list[M], nodes: int, depth: int | None = None,
                 principal_variation: list[M] | None = None) -> None:
        self.value = value
        self.best_moves = best_moves
        self.nodes = nodes
        self.depth = depth
        self.principal_variation: list[M] = [] if principal_variation is None else principal_variation

    def _fields(self) -> tuple[object, ...]:
        return (self.value, self.best_moves, self.nodes, self.depth, self.principal_variation)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SearchResult) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # unhashable (object's hash would not agree with ==): it holds lists

    def __repr__(self) -> str:
        return (f"SearchResult(value={self.value!r}, best_moves={self.best_moves!r}, nodes={self.nodes!r}, "
                f"depth={self.depth!r}, principal_variation={self.principal_variation!r})")
