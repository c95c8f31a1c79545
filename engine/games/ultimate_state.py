"""The bit layout of an ultimate state (one int, described in :mod:`engine.games.ultimate`): shifts, masks
and the few tables that only decode it.

Kept apart from the rules so that code reading states in its own hot loop (the
random playouts, the evaluation, the captures) needs nothing else of the rules module.
"""

from __future__ import annotations

Move = int
"""``10 * sub + cell``, sub and cell 1-9; 0 stands for "no move" in the last-move field."""
SubBoard = int
"""1-9, reading order."""

SIDE_BIT = 1
LAST_SHIFT = 1
CLOSED_SHIFT = 8
X_WON_SHIFT = 17
O_WON_SHIFT = 26
OVER_BIT = 1 << 35
CELLS_SHIFT = 36
SUB_STRIDE = 18
NINE = 0x1FF
CHUNK = 0x3FFFF
LOW_BITS = 0xFF
"""Side to move and last move: what every move rewrites."""

SUBS: tuple[SubBoard, ...] = tuple(range(1, 10))
ALL_MOVES: tuple[Move, ...] = tuple(10 * s + c for s in SUBS for c in range(1, 10))
SUB_SHIFT: tuple[int, ...] = (0,) + tuple(CELLS_SHIFT + SUB_STRIDE * (s - 1) for s in SUBS)
"""``SUB_SHIFT[sub]``: where the sub-board's 18 bits (x mask, then o mask) start."""
SENT_TO: tuple[int, ...] = tuple((low >> LAST_SHIFT) % 10 for low in range(256))
"""``SENT_TO[state & LOW_BITS]``: the sub-board the last move sends to (its cell), 0 if none."""
