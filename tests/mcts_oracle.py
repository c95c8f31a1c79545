"""Which tic-tac-toe moves are optimal, for the MCTS tests: from tests/search_reference.py, no engine code.

A position has a *single optimal move class* when its optimal moves (those keeping
the minimax value) are one orbit of the board symmetries that leave the position
unchanged: every optimal move is the same move seen in a mirror, so there is one
right answer up to symmetry (positions where optimal moves differ in kind are left
out). Positions equal up to the 8 symmetries and swapping x and o (with the side
to move) form a *class*; MCTS is not symmetric move by move (its random choices
follow cell numbers), so the classes only serve to pick representatives.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tests import search_reference as ref


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square as cell permutations (cell i goes to map[i])."""
    maps = []
    for k in range(8):
        perm = []
        for i in range(9):
            r, c = divmod(i, 3)
            for _ in range(k % 4):
                r, c = c, 2 - r
            if k >= 4:
                c = 2 - c
            perm.append(r * 3 + c)
        maps.append(tuple(perm))
    assert len(set(maps)) == 8
    return tuple(maps)


SYMMETRIES = _symmetries()


def image(board: str, perm: tuple[int, ...]) -> str:
    """The board moved by a symmetry."""
    out = ["."] * 9
    for i, mark in enumerate(board):
        out[perm[i]] = mark
    return "".join(out)


def canonical(position: ref.Position) -> ref.Position:
    """The smallest of the position's images under symmetries and the x/o swap."""
    board, side = position
    other = "o" if side == "x" else "x"
    swapped = board.translate(str.maketrans("xo", "ox"))
    return min(min((image(board, p), side), (image(swapped, p), other)) for p in SYMMETRIES)


@dataclass(frozen=True)
class Case:
    fen: str
    optimal: frozenset[int]
    moves: int
    """Legal moves."""
    value: int
    """Minimax value, x's view."""
    representative: bool
    """The first position of its class (in FEN order)."""


@cache
def single_class_positions(max_empty: int = 5) -> tuple[Case, ...]:
    """Every reachable unfinished position (either side starting) with at most ``max_empty`` empty cells
    and a single optimal move class, sorted by FEN."""
    positions = sorted(set(ref.reachable("x")) | set(ref.reachable("o")), key=ref.to_fen)
    cases = []
    seen_classes: set[ref.Position] = set()
    for position in positions:
        board, _ = position
        if ref.finished(board) or board.count(".") > max_empty:
            continue
        value = ref.value(position)
        children = ref.children(position)
        optimal = {cell for cell, child in children if ref.value(child) == value}
        keeping = [p for p in SYMMETRIES if image(board, p) == board]
        if {p[min(optimal)] for p in keeping} != optimal:
            continue
        key = canonical(position)
        cases.append(Case(ref.to_fen(position), frozenset(optimal), len(children), value, key not in seen_classes))
        seen_classes.add(key)
    return tuple(cases)
