"""A transposition table: what earlier searches proved about a position, keyed by its Zobrist key.

An entry is ``(key, draft, flag, value, move)``: the full key (to tell apart
positions sharing a slot), the remaining depth the position was searched to,
whether ``value`` is exact or a lower/upper bound (from the side to move's
point of view, as negamax sees it), and the best move found, which the next
search tries first.

The table is a fixed list of ``2**bits`` slots indexed by the key's low bits,
allocated once, newest entry replacing the old one. A ``dict`` would be a
little faster to probe, but it grows by rehashing everything, and rehashing a
million entries takes a good fraction of a second in one uninterruptible
step, long enough to break a move's time limit. A fixed table never does.
"""

from __future__ import annotations

EXACT = 0
LOWER = 1
"""The true value is at least ``value`` (the search failed high)."""
UPPER = 2
"""The true value is at most ``value`` (the search failed low)."""

Entry = tuple[int, int, int, float, int | None]
"""``(key, draft, flag, value, best move)``; keys are Zobrist keys, so moves are ints (:mod:`engine.search.zobrist`)."""

DEFAULT_BITS = 20


class TranspositionTable:
    """``2**bits`` slots of :data:`Entry`, with a counter of the probes that ended a node (hits)."""

    def __init__(self, bits: int = DEFAULT_BITS) -> None:
        if not 1 <= bits <= 28:
            raise ValueError(f"table size must be 2**1 to 2**28 slots, not 2**{bits}")
        self.bits = bits
        self.mask = (1 << bits) - 1
        self.slots: list[Entry | None] = [None] * (1 << bits)
        self.hits = 0
        """Probes that found an entry deep enough to end the node without searching it."""
        self.native: object | None = None
        """The C search's own table, kept beside this one by the bot (:func:`engine.bot.decision.search`)."""

    def get(self, key: int) -> Entry | None:
        """The entry stored for ``key``, if its slot still holds it."""
        entry = self.slots[key & self.mask]
        return entry if entry is not None and entry[0] == key else None

    def store(self, key: int, draft: int, flag: int, value: float, move: int | None) -> None:
        """Remember a search result (replacing whatever held the slot)."""
        self.slots[key & self.mask] = (key, draft, flag, value, move)

    def best_move(self, key: int) -> int | None:
        """The move stored for ``key`` (None when unknown)."""
        entry = self.get(key)
        return None if entry is None else entry[4]

    def used(self) -> int:
        """How many slots hold an entry (a scan: for reports, not for search)."""
        return len(self.slots) - self.slots.count(None)

    def clear(self) -> None:
        """Forget every entry and reset the counter."""
        self.slots = [None] * (1 << self.bits)
        self.hits = 0
        self.native = None
