"""Uniformly random playouts of ultimate tic-tac-toe, fast: the inner loop of Monte Carlo tree search.

A playout unpacks the packed state once into nine sub-board *codes* (base 3:
cell ``c`` adds ``3**c`` for x, ``2 * 3**c`` for o), so a move adds a power of
three, and everything else is a lookup in small tables indexed by code:

- ``ROWS[code]``: a list of 64 entries turning a random number 0-63 into a free
  cell of the sub-board, each free cell on exactly ``64 // n`` entries (``n`` free
  cells) and the ``64 % n`` others marked ``REDRAW`` (then a cell is drawn with
  ``random()`` instead), so the choice is exactly uniform. A closed sub-board (won
  or full) has every entry ``CLOSED``: the side to move may play anywhere. The 64
  entries are shared by all codes with the same occupied cells (512 lists).
- ``WON[code]``: 1 when x owns a line of the sub-board, 2 when o does.
- ``FREE[code]``: free cells of an open sub-board (0 when closed); ``EMPTY[code]``:
  empty cells, closed or not.

A move anywhere picks a sub-board with probability proportional to its free cells
and then a cell in it, i.e. every legal move with the same probability; the number
of free cells in open sub-boards is known without counting (see the playout).
Random numbers come from the search's ``random.Random`` (``randbytes``, six bits of
each byte), read two by two; the same seed gives the same playouts.

Speed is memory more than instructions here: tables indexed by code hold small
shared ints, and the rows are 64 entries, so that the hot data stays in the
processor's caches (``scripts/bench_mcts.py``; a table of next codes per move, or
rows of 256 entries, made playouts a third slower). Tables are built on first use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Protocol, cast

from engine.games.tictactoe import EMPTY_CELLS, HAS_LINE
from engine.games.ultimate_state import CELLS_SHIFT, LOW_BITS, O_WON_SHIFT, OVER_BIT, SENT_TO, SUB_SHIFT, X_WON_SHIFT

REDRAW = 9
CLOSED = 10
CODES = 3 ** 9
SPAN = 64
"""Entries per row: random numbers are 0 to SPAN - 1."""
BUFFER = 1 << 14
"""Random bytes drawn at a time (an even number: they are read two by two)."""
_LOW_SIX = bytes(b % SPAN for b in range(256))
_POW3 = tuple(3 ** c for c in range(9))
_SHIFTS = (36, 54, 72, 90, 108, 126, 144, 162, 180)
"""Where each sub-board's x mask starts in the packed state (its o mask 9 bits higher)."""
assert _SHIFTS == SUB_SHIFT[1:]
_X_ADDS = tuple(3 ** c for c in range(9))
_O_ADDS = tuple(2 * 3 ** c for c in range(9))
_BIT = tuple(1 << s for s in range(10))
_SUBS_OF = tuple(tuple(s for s in range(9) if mask >> s & 1) for mask in range(512))

_tables: tuple | None = None


def _build() -> tuple:
    """The tables described in the module docstring, and ``X_CODE`` (``O_CODE`` is twice it).

    ``X_CODE[mask]``: the code of x's stones on the cells of a 9-bit mask. Built a
    base-3 digit at a time with list operations (about 10 ms), not code by code.
    """
    x_masks, o_masks = [0], [0]  # by code: the cells x holds, the cells o holds
    for cell in range(9):
        bit = 1 << cell
        x_masks = x_masks + [m | bit for m in x_masks] + x_masks
        o_masks = o_masks + o_masks + [m | bit for m in o_masks]
    x_code = [sum(_POW3[c] for c in range(9) if m >> c & 1) for m in range(512)]
    by_occupancy = []
    for occupied in range(512):
        cells = list(EMPTY_CELLS[occupied])
        n = len(cells)
        by_occupancy.append(cells * (SPAN // n) + [REDRAW] * (SPAN % n) if n else [CLOSED] * SPAN)
    won = [1 if HAS_LINE[x] else 2 if HAS_LINE[o] else 0 for x, o in zip(x_masks, o_masks, strict=True)]
    occupancy = [511 if w else x | o for x, o, w in zip(x_masks, o_masks, won, strict=True)]
    rows = [by_occupancy[m] for m in occupancy]
    free = [9 - m.bit_count() for m in occupancy]
    empty = [9 - (x | o).bit_count() for x, o in zip(x_masks, o_masks, strict=True)]
    return x_code, rows, won, free, empty


def tables() -> tuple:
    """``(X_CODE, ROWS, WON, FREE, EMPTY)``, built once."""
    global _tables
    if _tables is None:
        _tables = _build()
    return _tables


class _ListIterator(Protocol):
    """A list's iterator, which also tells how many items it has left."""

    def __iter__(self) -> Iterator[int]: ...

    def __next__(self) -> int: ...

    def __length_hint__(self) -> int: ...


def random_playouts(rng: random.Random) -> Callable[[int], int]:
    """A function that plays a uniformly random game from an ultimate state to its end: +1, 0 or -1 (x's view)."""
    x_code, rows, won, free, empty = tables()
    o_code = [2 * v for v in x_code]
    x_adds, o_adds = _X_ADDS, _O_ADDS
    rand, randbytes = rng.random, rng.randbytes
    nowhere = (CODES - 1) // 2  # x on every cell: a closed sub-board, the "sub-board 9" of a move anywhere
    pending: list = []

    def refill() -> None:
        stream = cast(_ListIterator, iter(list(randbytes(BUFFER).translate(_LOW_SIX))))
        pending[:] = [zip(stream, stream, strict=False), stream.__length_hint__]  # bytes two by two

    refill()

    def playout(state: int) -> int:
        if state & OVER_BIT:  # the game's outcome (Ultimate.outcome), read here without the rules module
            return 1 if HAS_LINE[state >> X_WON_SHIFT & 511] else -1 if HAS_LINE[state >> O_WON_SHIFT & 511] else 0
        board = [x_code[state >> 36 & 511] + o_code[state >> 45 & 511],  # sub-board 1
                 x_code[state >> 54 & 511] + o_code[state >> 63 & 511],  # sub-board 2
                 x_code[state >> 72 & 511] + o_code[state >> 81 & 511],  # sub-board 3
                 x_code[state >> 90 & 511] + o_code[state >> 99 & 511],  # sub-board 4
                 x_code[state >> 108 & 511] + o_code[state >> 117 & 511],  # sub-board 5
                 x_code[state >> 126 & 511] + o_code[state >> 135 & 511],  # sub-board 6
                 x_code[state >> 144 & 511] + o_code[state >> 153 & 511],  # sub-board 7
                 x_code[state >> 162 & 511] + o_code[state >> 171 & 511],  # sub-board 8
                 x_code[state >> 180 & 511] + o_code[state >> 189 & 511],  # sub-board 9
                 nowhere]  # written out: a loop costs 4 % of a playout (_SHIFTS)
        x_won = state >> X_WON_SHIFT & 511
        o_won = state >> O_WON_SHIFT & 511
        sub = SENT_TO[state & LOW_BITS] - 1  # x plays in ``sub`` and sends o to ``cell``, o sends x back to ``sub``
        if sub < 0:
            sub = 9
        cell = sub
        skip_x = state & 1
        pairs, left = pending
        # Free cells in open sub-boards when x is to move in the pair just read: base + left();
        # one less when o is. left() counts the random bytes still unread (two per pair).
        base = 81 - (state >> CELLS_SHIFT).bit_count() - left() + 2 + skip_x
        for s in _SUBS_OF[x_won | o_won]:
            base -= empty[board[s]]
        while True:
            for r, q in pairs:
                if skip_x:
                    skip_x = 0
                else:
                    code = board[sub]
                    cell = rows[code][r]
                    if cell > 8:
                        if cell == CLOSED:  # anywhere: a sub-board in proportion to its free cells, then a cell
                            r = base + left()
                            if not r:
                                return 0
                            r = int(rand() * r)
                            sub = 0
                            r -= free[board[0]]
                            while r >= 0:
                                sub += 1
                                r -= free[board[sub]]
                            code = board[sub]
                            cell = rows[code][r + free[code]]
                        else:
                            cell = rows[code][int(rand() * free[code])]
                    code += x_adds[cell]
                    board[sub] = code
                    if won[code]:
                        x_won |= _BIT[sub]
                        if HAS_LINE[x_won]:
                            return 1
                        base -= empty[code]
                code = board[cell]
                sub = rows[code][q]
                if sub > 8:
                    if sub == CLOSED:
                        q = base - 1 + left()
                        if not q:
                            return 0
                        q = int(rand() * q)
                        cell = 0
                        q -= free[board[0]]
                        while q >= 0:
                            cell += 1
                            q -= free[board[cell]]
                        code = board[cell]
                        sub = rows[code][q + free[code]]
                    else:
                        sub = rows[code][int(rand() * free[code])]
                code += o_adds[sub]
                board[cell] = code
                if won[code]:
                    o_won |= _BIT[cell]
                    if HAS_LINE[o_won]:
                        return -1
                    base -= empty[code]
            refill()
            pairs, left = pending
            base -= BUFFER

    return playout
