"""A transposition table: what earlier searches proved about a position, keyed by its hash.

An entry is ``(draft, flag, value, move)``: the remaining depth the position was
searched to, whether ``value`` is exact or a lower/upper bound (from the side to
move's point of view, as negamax sees it), and the best move found, which the
next search tries first. Entries live in a plain ``dict``; when the table grows
past its capacity it is emptied (a cheap policy that suits one search per move).
"""

from __future__ import annotations

from collections.abc import Hashable

EXACT = 0
LOWER = 1
"""The true value is at least ``value`` (the search failed high)."""
UPPER = 2
"""The true value is at most ``value`` (the search failed low)."""

Entry = tuple[int, int, float, Hashable]
"""``(draft, flag, value, best move)``."""


class TranspositionTable:
    """Position key -> :data:`Entry`, with probe/hit counters for the search report."""

    def __init__(self, capacity: int = 2_000_000) -> None:
        self.capacity = capacity
        self.entries: dict[Hashable, Entry] = {}
        self.hits = 0
        """Probes that found an entry deep enough to end the node without searching it."""

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Hashable) -> Entry | None:
        """The entry stored for ``key``, if any."""
        return self.entries.get(key)

    def store(self, key: Hashable, draft: int, flag: int, value: float, move: Hashable) -> None:
        """Remember a search result (replacing whatever was there)."""
        if len(self.entries) >= self.capacity:
            self.entries.clear()
        self.entries[key] = (draft, flag, value, move)

    def best_move(self, key: Hashable) -> Hashable | None:
        """The move stored for ``key`` (None when unknown)."""
        entry = self.entries.get(key)
        return None if entry is None else entry[3]

    def clear(self) -> None:
        """Forget every entry and reset the counters."""
        self.entries.clear()
        self.hits = 0
