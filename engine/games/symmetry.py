"""The 8 symmetries of the 3x3 board (rotations and reflections) acting on game states.

Two positions that one symmetry maps onto the other have the same value and the
same number of continuations, so a search tree can be folded onto one
*representative* per class. :func:`canonical` gives that representative -- the
smallest packed state among the 8 images -- and which symmetry reaches it;
:func:`map_move` carries a move along the same symmetry. Everything is table
lookups: the image of every 9-bit cell mask under every symmetry is precomputed.

Tic-tac-toe states are the ``int`` bitboards of :mod:`engine.games.tictactoe`; ultimate
states (:mod:`engine.games.ultimate`) are mapped by applying the same symmetry to the big
board (which sub-board goes where) and to every sub-board (which cell goes where),
the last move included, so the rule "play in the sub-board of the last cell"
is preserved.
"""

from __future__ import annotations

from typing import TypeVar

from engine.game import Game

Symmetry = int
"""An index 0-7 into :data:`CELL_MAPS`; 0 is the identity."""


def _cell_maps() -> tuple[tuple[int, ...], ...]:
    """For each symmetry, where each cell 0-8 goes: the 4 rotations, then the 4 reflections."""
    def rotate(r: int, c: int) -> tuple[int, int]:  # a quarter turn clockwise
        return c, 2 - r

    maps = []
    for flip in (False, True):
        for turns in range(4):
            image = []
            for cell in range(9):
                r, c = divmod(cell, 3)
                if flip:
                    c = 2 - c
                for _ in range(turns):
                    r, c = rotate(r, c)
                image.append(3 * r + c)
            maps.append(tuple(image))
    return tuple(maps)


CELL_MAPS: tuple[tuple[int, ...], ...] = _cell_maps()
"""``CELL_MAPS[k][cell]``: the cell (0-8, reading order) that ``cell`` goes to under symmetry ``k``."""
INVERSE: tuple[Symmetry, ...] = tuple(
    next(j for j in range(8) if all(CELL_MAPS[j][CELL_MAPS[k][c]] == c for c in range(9))) for k in range(8)
)
"""``INVERSE[k]``: the symmetry that undoes ``k``."""
MASK_MAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << cells[c] for c in range(9) if mask >> c & 1) for mask in range(512)) for cells in CELL_MAPS
)
"""``MASK_MAPS[k][mask]``: the image of a 9-bit cell mask under symmetry ``k``."""
ULTIMATE_MOVE_MAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(10 * (cells[m // 10 - 1] + 1) + cells[m % 10 - 1] + 1 if m >= 11 and m % 10 else m
          for m in range(100))
    for cells in CELL_MAPS
)
"""``ULTIMATE_MOVE_MAPS[k][move]``: an ultimate move ``10 * sub + cell`` under symmetry ``k`` (0 stays 0)."""


# -- tic-tac-toe -------------------------------------------------------------------

def _tictactoe_image(state: int, k: Symmetry) -> int:
    table = MASK_MAPS[k]
    return table[state & 0x1FF] | table[state >> 9 & 0x1FF] << 9 | state & ~0x3FFFF


def _tictactoe_canonical(state: int) -> tuple[int, Symmetry]:
    x, o, rest = state & 0x1FF, state >> 9 & 0x1FF, state & ~0x3FFFF
    best, best_k = state, 0
    for k in range(1, 8):
        table = MASK_MAPS[k]
        image = table[x] | table[o] << 9 | rest
        if image < best:
            best, best_k = image, k
    return best, best_k


# -- ultimate ---------------------------------------------------------------------

def _ultimate_image(state: int, k: Symmetry) -> int:
    from engine.games import ultimate as u

    table = MASK_MAPS[k]
    cells = CELL_MAPS[k]
    last = state >> u.LAST_SHIFT & 127
    image = state & (u.SIDE_BIT | u.OVER_BIT)
    image |= ULTIMATE_MOVE_MAPS[k][last] << u.LAST_SHIFT
    image |= table[state >> u.CLOSED_SHIFT & u.NINE] << u.CLOSED_SHIFT
    image |= table[state >> u.X_WON_SHIFT & u.NINE] << u.X_WON_SHIFT
    image |= table[state >> u.O_WON_SHIFT & u.NINE] << u.O_WON_SHIFT
    for sub in range(9):
        chunk = state >> u.SUB_SHIFT[sub + 1]
        x, o = chunk & u.NINE, chunk >> 9 & u.NINE
        if x | o:
            image |= (table[x] | table[o] << 9) << u.SUB_SHIFT[cells[sub] + 1]
    return image


def _ultimate_canonical(state: int) -> tuple[int, Symmetry]:
    best, best_k = state, 0
    for k in range(1, 8):
        image = _ultimate_image(state, k)
        if image < best:
            best, best_k = image, k
    return best, best_k


# -- any game we know --------------------------------------------------------------

def image(game: Game, state: int, k: Symmetry) -> int:
    """The state that symmetry ``k`` maps ``state`` onto.

    :raises ValueError: no symmetry is known for this game.
    """
    return _pick(game, _tictactoe_image, _ultimate_image)(state, k)


def canonical(game: Game, state: int) -> tuple[int, Symmetry]:
    """The representative of ``state``'s symmetry class (the smallest of its 8 images) and a
    symmetry that maps ``state`` onto it (the lowest-numbered one, so the choice is reproducible).

    :raises ValueError: no symmetry is known for this game.
    """
    return _pick(game, _tictactoe_canonical, _ultimate_canonical)(state)


def map_move(game: Game, move: int, k: Symmetry) -> int:
    """``move`` carried along symmetry ``k``: played on ``image(state, k)`` it gives ``image(play(state, move), k)``.

    :raises ValueError: no symmetry is known for this game.
    """
    name = getattr(game, "name", "")
    if name == "tictactoe":
        return CELL_MAPS[k][move]
    if name == "ultimate":
        return ULTIMATE_MOVE_MAPS[k][move]
    raise ValueError(f"no board symmetry is known for the game {name or game!r}")


F = TypeVar("F")


def _pick(game: Game, tictactoe: F, ultimate: F) -> F:
    name = getattr(game, "name", "")
    if name == "tictactoe":
        return tictactoe
    if name == "ultimate":
        return ultimate
    raise ValueError(f"no board symmetry is known for the game {name or game!r}")


__all__ = ["CELL_MAPS", "INVERSE", "MASK_MAPS", "Symmetry", "canonical", "image", "map_move"]
