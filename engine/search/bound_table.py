"""A transposition table of proved bounds, keyed by any hashable key: what the drawn searches remember.

Each entry says, for one position searched to a remaining depth (its *draft*), the
interval the searches proved its value lies in, ``lower <= value <= upper`` (first
player's view; an exact value when they meet), the best move found there, and the visit
number of the node whose result it holds (so a figure can say where a table hit came
from). Unlike :class:`engine.search.transposition.TranspositionTable` (the bot's fixed
slots of Zobrist keys), this table is a dict keyed by the position itself, the same key
that merges a tree into its DAG (:mod:`treeviz.trees.dag`), and it keeps both bounds, as
MTD(f) needs: its passes prove a lower bound here and an upper bound there.
"""

from __future__ import annotations

from collections.abc import Hashable
from math import inf

Entry = tuple[int, float, float, Hashable, int]
"""``(draft, lower, upper, best move, origin)``: the first player's view; ``origin`` is the visit number of the node
that stored it."""


class BoundTable:
    """Entries of :data:`Entry` by position key; a deeper search replaces a shallower one, equal drafts merge."""

    __slots__ = ("entries",)

    def __init__(self) -> None:
        self.entries: dict[Hashable, Entry] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: Hashable) -> Entry | None:
        """The entry kept for ``key`` (None when the position was never stored)."""
        return self.entries.get(key)

    def store(self, key: Hashable, draft: int, value: float, bound: str, move: Hashable, origin: int) -> None:
        """Remember that the search of ``key`` to ``draft`` plies proved ``value`` as ``bound`` (``exact``,
        ``lower``: the value is at least it, ``upper``: at most it), with its best ``move``."""
        lower = value if bound != "upper" else -inf
        upper = value if bound != "lower" else inf
        old = self.entries.get(key)
        if old is not None and old[0] == draft:
            lower, upper = max(lower, old[1]), min(upper, old[2])
            if lower > upper:  # cannot happen with exact searches; keep the newer result whole
                lower = value if bound != "upper" else -inf
                upper = value if bound != "lower" else inf
            if move is None:
                move = old[3]
        elif old is not None and old[0] > draft:
            return  # a deeper search's result is worth more
        self.entries[key] = (draft, lower, upper, move, origin)

    def best_move(self, key: Hashable) -> Hashable:
        """The move kept for ``key`` (None when unknown)."""
        entry = self.entries.get(key)
        return None if entry is None else entry[3]
