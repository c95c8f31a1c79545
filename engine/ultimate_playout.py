"""Uniformly random playouts of ultimate tic-tac-toe, fast: the inner loop of Monte Carlo tree search.

A playout unpacks the packed state once into nine sub-board *codes* (base 3:
cell ``c`` adds ``3**c`` for x, ``2 * 3**c`` for o) and then plays from tables
indexed by code, so a move is a handful of list lookups and makes no new object:

- ``ROWS[code]``: a list of 256 entries turning a random byte into a free cell of
  the sub-board, each free cell on exactly ``256 // n`` entries (``n`` free cells)
  and the ``256 % n`` others marked ``REDRAW`` (then a cell is drawn with
  ``random()`` instead), so the choice is exactly uniform. A closed sub-board
  (won or full) has every entry ``CLOSED``: the side to move may play anywhere.
- ``AFTER_X[code][cell]`` / ``AFTER_O[code][cell]``: the code after that move.
- ``WON[code]``: 1 when x owns a line of the sub-board, 2 when o does.
- ``FREE[code]``: free cells of an open sub-board (0 when closed).

A move anywhere picks a sub-board with probability proportional to its free cells
and then a cell in it, i.e. every legal move with the same probability.
Random bytes come from the search's ``random.Random`` (``randbytes``), read two by
two; the same seed gives the same playouts. Tables are built on first use (~0.05 s).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

from engine.tictactoe import EMPTY_CELLS, HAS_LINE
from engine.ultimate import LOW_BITS, O_WON_SHIFT, OVER_BIT, SENT_TO, SUB_SHIFT, ULTIMATE, X_WON_SHIFT

REDRAW = 9
CLOSED = 10
CODES = 3 ** 9
BUFFER = 1 << 14
"""Random bytes drawn at a time."""
_POW3 = tuple(3 ** c for c in range(9))
_SHIFTS = tuple((shift, shift + 9) for shift in SUB_SHIFT[1:])
_BIT = tuple(1 << s for s in range(10))

_tables: tuple | None = None


def _build() -> tuple:
    """The tables described in the module docstring."""
    x_code = [sum(_POW3[c] for c in range(9) if m >> c & 1) for m in range(512)]
    o_code = [2 * v for v in x_code]
    by_occupancy = []
    for occupied in range(512):
        cells = list(EMPTY_CELLS[occupied])
        n = len(cells)
        by_occupancy.append(cells * (256 // n) + [REDRAW] * (256 % n) if n else [CLOSED] * 256)
    rows: list[list[int]] = [by_occupancy[511]] * CODES
    won = [0] * CODES
    free = [0] * CODES
    after_x: list[list[int] | None] = [None] * CODES
    after_o: list[list[int] | None] = [None] * CODES
    codes = list(range(CODES))  # one int object per code, shared by the tables
    for x in range(512):
        rest = 511 & ~x
        o = rest
        while True:  # every o mask disjoint from x
            code = x_code[x] + o_code[o]
            owner = 1 if HAS_LINE[x] else 2 if HAS_LINE[o] else 0
            occupied = 511 if owner else x | o
            won[code] = owner
            rows[code] = by_occupancy[occupied]
            free[code] = 9 - occupied.bit_count()
            if occupied != 511:
                after_x[code] = [0 if occupied >> c & 1 else codes[code + _POW3[c]] for c in range(9)]
                after_o[code] = [0 if occupied >> c & 1 else codes[code + 2 * _POW3[c]] for c in range(9)]
            if o == 0:
                break
            o = (o - 1) & rest
    return x_code, o_code, rows, after_x, after_o, won, free


def tables() -> tuple:
    """``(X_CODE, O_CODE, ROWS, AFTER_X, AFTER_O, WON, FREE)``, built once."""
    global _tables
    if _tables is None:
        _tables = _build()
    return _tables


def random_playouts(rng: random.Random) -> Callable[[int], int]:
    """A function that plays a uniformly random game from an ultimate state to its end: +1, 0 or -1 (x's view)."""
    x_code, o_code, rows, after_x, after_o, won, free = tables()
    rand, randbytes = rng.random, rng.randbytes
    outcome = ULTIMATE.outcome
    nowhere = (CODES - 1) // 2  # x on every cell: a closed sub-board, the "sub-board 0" of a move anywhere
    free_of = free.__getitem__
    pending: list = [iter(())]

    def refill():
        stream = iter(list(randbytes(BUFFER)))
        pending[0] = pairs = zip(stream, stream, strict=False)  # bytes two by two
        return pairs

    def playout(state: int) -> int:
        if state & OVER_BIT:
            return outcome(state)
        board = [x_code[state >> a & 511] + o_code[state >> b & 511] for a, b in _SHIFTS]
        board.append(nowhere)
        x_won = state >> X_WON_SHIFT & 511
        o_won = state >> O_WON_SHIFT & 511
        sub = SENT_TO[state & LOW_BITS] - 1  # x plays in ``sub`` and sends o to ``cell``, o sends x back to ``sub``
        if sub < 0:
            sub = 9
        cell = sub
        skip_x = state & 1
        pairs = pending[0]
        while True:
            for r, q in pairs:
                if skip_x:
                    skip_x = 0
                else:
                    code = board[sub]
                    cell = rows[code][r]
                    while cell > 8:
                        if cell == CLOSED:
                            weights = list(accumulate(map(free_of, board)))
                            total = weights[9]
                            if not total:
                                return 0
                            sub = bisect_right(weights, int(rand() * total))
                            code = board[sub]
                        cell = rows[code][int(rand() * free[code])]
                    code = after_x[code][cell]  # type: ignore[index]
                    board[sub] = code
                    if won[code]:
                        x_won |= _BIT[sub]
                        if HAS_LINE[x_won]:
                            return 1
                code = board[cell]
                sub = rows[code][q]
                while sub > 8:
                    if sub == CLOSED:
                        weights = list(accumulate(map(free_of, board)))
                        total = weights[9]
                        if not total:
                            return 0
                        cell = bisect_right(weights, int(rand() * total))
                        code = board[cell]
                    sub = rows[code][int(rand() * free[code])]
                code = after_o[code][sub]  # type: ignore[index]
                board[cell] = code
                if won[code]:
                    o_won |= _BIT[cell]
                    if HAS_LINE[o_won]:
                        return -1
            pairs = refill()

    return playout
