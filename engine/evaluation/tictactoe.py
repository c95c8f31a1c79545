"""The open-lines heuristic for tic-tac-toe (course 004): lines a player can still complete.

A line is open for a player when the opponent has no piece on it and it still
has an empty cell. The evaluation is open lines of x minus open lines of o, so
it reads from x's point of view like every value in the engine.
"""

from __future__ import annotations

from engine.game import Player, X
from engine.games.tictactoe import FULL, LINE_MASKS, O_SHIFT

WIN_VALUE = 100
"""What a finished game is worth when heuristic values (at most 8 in size) share the tree."""


def open_lines(state: int, player: Player) -> int:
    """Number of lines still open for ``player`` in ``state``."""
    x, o = state & FULL, state >> O_SHIFT & FULL
    opp = o if player == X else x
    occupied = x | o
    return sum(1 for line in LINE_MASKS if not line & opp and line & ~occupied)


def evaluate(state: int) -> int:
    """Open lines of x minus open lines of o (x's point of view)."""
    return open_lines(state, X) - open_lines(state, 1 - X)


def scoring(outcome: int, state: int, game: object) -> int:
    """Finished games scored far outside the heuristic's range, so a forced result always dominates."""
    return outcome * WIN_VALUE
