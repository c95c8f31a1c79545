"""Ultimate moves that win a sub-board: the "noisy" moves a quiescence search follows past its horizon.

A sub-board won is ultimate's unit of material; a position where the side to
move can take one is not quiet, and its static value misleads the search by
about a sub-board. :func:`captures` lists those moves (in the sub-board the
side is sent to, or in every open one on a free move) from a table of the
winning cells of each sub-board filling, made on first use, filling by filling.
"""

from __future__ import annotations

from engine.games.tictactoe import HAS_LINE, completing_cells
from engine.games.ultimate import OPEN_SUBS
from engine.games.ultimate_state import CLOSED_SHIFT, LOW_BITS, NINE, OVER_BIT, SENT_TO, SUB_SHIFT


class _WinningCells(dict):
    """``mine | theirs << 9`` (one sub-board) -> the empty cells (a 9-bit mask) that complete a line of ``mine``."""

    def __missing__(self, index: int) -> int:
        mine, theirs = index & NINE, index >> 9
        cells = 0 if HAS_LINE[mine] or HAS_LINE[theirs] else completing_cells(mine, theirs)
        self[index] = cells
        return cells


_WINNING = _WinningCells()


def _sub_captures(state: int, sub: int, o_moves: int) -> list[int]:
    chunk = state >> SUB_SHIFT[sub]
    x, o = chunk & NINE, chunk >> 9 & NINE
    cells = _WINNING[o | x << 9] if o_moves else _WINNING[x | o << 9]
    moves = []
    while cells:
        low = cells & -cells
        moves.append(10 * sub + low.bit_length())
        cells ^= low
    return moves


def captures(state: int) -> list[int]:
    """The legal moves of ``state`` that win a sub-board for the side to move, ascending (none once over)."""
    if state & OVER_BIT:
        return []
    o_moves = state & 1
    sub = SENT_TO[state & LOW_BITS]
    closed = state >> CLOSED_SHIFT & NINE
    if sub and not closed >> (sub - 1) & 1:
        return _sub_captures(state, sub, o_moves)
    moves: list[int] = []
    for sub in OPEN_SUBS[closed]:
        moves += _sub_captures(state, sub, o_moves)
    return moves
