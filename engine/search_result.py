"""The answer of a search: root value, the moves it proved best, how many nodes it entered."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class SearchResult:
    """Root value from x's point of view, best moves, and nodes entered (root included)."""

    value: float
    best_moves: list[Hashable]
    nodes: int
    depth: int | None = None
    principal_variation: list[Hashable] = field(default_factory=list)
