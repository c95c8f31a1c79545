"""The course's tic-tac-toe API on 3×3 integer grids, answered by the engine.

Seed 004 works on ``grid[line][col]`` lists with 0 for an empty cell, 1 for the
first player (x) and 2 for the second (o); seed 000 on boards of ``'x'``, ``'o'``
and ``''``. These functions take and return those shapes so a lab can run
against them, but every rule (moves, lines, search, evaluation, counting) is the
engine's: a grid is converted to a bitboard state and back, nothing more.

Depth convention of :func:`min_max_play` (as the course states it): ``depth`` is
the number of plies explored below the grid, so ``depth=2`` looks at one move of
``player`` and one reply of the opponent (the course's pseudo-code takes 2 off
``depth`` for each such pair). Positions at that depth are scored with
:func:`heuristic`, finished games with ±infinity (the course's values). An odd
depth stops after that many plies (the pseudo-code's ``depth == 0`` test would
never fire for it); a depth below 1 is refused.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from math import inf

from engine.evaluation.tictactoe import evaluate, open_lines
from engine.game import O, X
from engine.games.tictactoe import CELL_BITS, EMPTY_CELLS, FULL, HAS_LINE, O_SHIFT, TICTACTOE
from engine.search.counting import count_outcomes
from engine.search.minimax import minimax
from engine.search.search_result import SearchResult

Grid = list[list[int]]
"""``grid[line][col]``: 0 empty, 1 player 1 (x), 2 player 2 (o)."""
Position = tuple[int, int]
"""``(line, col)``, each 0-2."""

# -- conversions ------------------------------------------------------------


def _masks(grid: Sequence[Sequence[object]], marks: tuple[object, object, object] = (0, 1, 2)) -> tuple[int, int]:
    """x's and o's cell masks of a 3×3 grid whose cells are ``marks`` (empty, x, o).

    :raises ValueError: not 3×3, or a cell that is none of ``marks``.
    """
    if len(grid) != 3 or any(len(row) != 3 for row in grid):
        raise ValueError(f"a grid is 3 lines of 3 cells: {grid!r}")
    empty, mark_x, mark_o = marks
    x = o = 0
    for line, row in enumerate(grid):
        for col, value in enumerate(row):
            if value == mark_x:
                x |= CELL_BITS[3 * line + col]
            elif value == mark_o:
                o |= CELL_BITS[3 * line + col]
            elif value != empty:
                raise ValueError(f"cell ({line}, {col}) holds {value!r}; expected one of {marks!r}")
    return x, o


def _state(grid: Grid, player: int) -> int:
    """The engine state of ``grid`` with ``player`` (1 or 2) to move."""
    if player not in (1, 2):
        raise ValueError(f"player must be 1 or 2, not {player!r}")
    x, o = _masks(grid)
    return TICTACTOE.from_masks(x, o, X if player == 1 else O)


def _grid(state: int) -> Grid:
    """The integer grid of an engine state."""
    x, o = state & FULL, state >> O_SHIFT & FULL
    return [[1 if x >> c & 1 else 2 if o >> c & 1 else 0 for c in range(3 * line, 3 * line + 3)] for line in range(3)]


def _position(cell: int) -> Position:
    return divmod(cell, 3)


# -- grid helpers (seed 004, part 1) -----------------------------------------


def get_empty_grid() -> Grid:
    """A new empty grid."""
    return _grid(TICTACTOE.initial())


def play(grid: Grid, line: int, col: int, player: int) -> Grid | None:
    """A new grid with ``player``'s mark added at (``line``, ``col``); ``None`` when out of bounds or occupied.

    ``grid`` itself is left unchanged.
    """
    if not (isinstance(line, int) and isinstance(col, int) and 0 <= line < 3 and 0 <= col < 3):
        return None
    if player not in (1, 2):
        return None
    state = _state(grid, player)
    cell = 3 * line + col
    if (state | state >> O_SHIFT) & CELL_BITS[cell]:
        return None
    return _grid(TICTACTOE.play(state, cell))


def get_free_cells(grid: Grid) -> list[Position]:
    """The empty cells as ``(line, col)``, in reading order."""
    x, o = _masks(grid)
    return [_position(c) for c in EMPTY_CELLS[x | o]]


def check_win(grid: Grid) -> int:
    """1 when player 1 has three in a row, 2 when player 2 has, else 0."""
    x, o = _masks(grid)
    return 1 if HAS_LINE[x] else 2 if HAS_LINE[o] else 0


# -- graph searches (seed 004, part 2) ----------------------------------------


def _winner(state: int) -> int:
    return 1 if HAS_LINE[state & FULL] else 2 if HAS_LINE[state >> O_SHIFT & FULL] else 0


def _children(state: int) -> list[tuple[int, int]]:
    """``(cell, child)`` for every empty cell, even when the game is over (as the course's loops do)."""
    occupied = (state | state >> O_SHIFT) & FULL
    return [(c, TICTACTOE.play(state, c)) for c in EMPTY_CELLS[occupied]]


def dfs_play(grid: Grid, player: int) -> Position | None:
    """The first move (reading order) after which some sequence of moves ends with ``player``'s line.

    Depth-first, as the course's ``dfs_play``: both sides' moves are tried freely
    (it is not a forced win); ``None`` when ``player`` cannot win at all.
    """
    reachable: dict[int, bool] = {}

    def can_win(state: int) -> bool:
        known = reachable.get(state)
        if known is not None:
            return known
        winner = _winner(state)
        if winner:
            found = winner == player
        else:
            found = any(can_win(child) for _, child in TICTACTOE.successors(state))
        reachable[state] = found
        return found

    for cell, child in _children(_state(grid, player)):
        if can_win(child):
            return _position(cell)
    return None


def bfs_play(grid: Grid, player: int) -> Position | None:
    """The first move of a shortest sequence of moves that ends with ``player``'s line.

    Breadth-first over the positions below ``grid`` (each visited once), so among
    the quickest wins the first in reading order of moves is chosen; ``None``
    when ``player`` cannot win at all.
    """
    root = _state(grid, player)
    frontier: deque[tuple[int, int]] = deque()
    seen: set[int] = set()
    for cell, child in _children(root):
        frontier.append((child, cell))
        seen.add(child)
    while frontier:
        state, first = frontier.popleft()
        winner = _winner(state)
        if winner:
            if winner == player:
                return _position(first)
            continue
        for _, child in TICTACTOE.successors(state):
            if child not in seen:
                seen.add(child)
                frontier.append((child, first))
    return None


# -- evaluation and min-max (seed 004, part 3) --------------------------------


def heuristic(grid: Grid, player: int) -> int:
    """Open lines of ``player`` minus open lines of the opponent (a line is open without enemy marks)."""
    state = _state(grid, player)
    side = X if player == 1 else O
    return open_lines(state, side) - open_lines(state, 1 - side)


def _infinite_win(outcome: int, state: int, game: object) -> float:
    """A finished game scored ±infinity, a draw 0 (x's point of view, as the engine's search wants)."""
    return inf * outcome if outcome else 0


def _search(grid: Grid, to_move: int, player: int, depth: int) -> tuple[SearchResult, int]:
    """Engine minimax over ``depth`` plies, open-lines evaluation; and the sign from x's view to ``player``'s."""
    if not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number of plies, at least 1, not {depth!r}")
    result = minimax(TICTACTOE, _state(grid, to_move), depth=depth, evaluate=evaluate, scoring=_infinite_win)
    return result, 1 if player == 1 else -1


def min_max_play(grid: Grid, player: int, depth: int) -> Position | None:
    """The best move for ``player`` by minimax over ``depth`` plies scored with :func:`heuristic`.

    ``depth=2``: a move of ``player`` and the opponent's reply (see the module docstring).

    A move that wins at once is played first; otherwise the first move (reading
    order) of best value. ``None`` when there is no move (full grid or game over).

    :raises ValueError: ``depth`` < 1, or a bad grid or player.
    """
    state = _state(grid, player)
    for cell, child in TICTACTOE.successors(state):
        if _winner(child) == player:
            return _position(cell)
    result, _ = _search(grid, player, player, depth)
    return _position(result.best_moves[0]) if result.best_moves else None


def maxi_min_max(grid: Grid, player: int, depth: int) -> float:
    """Value for ``player`` of ``grid`` with ``player`` to move, over ``depth`` plies (±inf: forced result)."""
    result, sign = _search(grid, player, player, depth)
    return sign * result.value


def mini_min_max(grid: Grid, player: int, depth: int) -> float:
    """Value for ``player`` of ``grid`` with the opponent to move, over ``depth`` plies (±inf: forced result)."""
    result, sign = _search(grid, 3 - player, player, depth)
    return sign * result.value


# -- counting (seed 000) -------------------------------------------------------


def get_proba(board: Sequence[Sequence[str]], next_player: str, *, draws: bool = False) -> dict[str, int]:
    """Finished games below ``board`` won by ``'x'`` and by ``'o'`` (and ``'draw'`` when ``draws``).

    ``board`` is 3 lists of 3 cells ``'x'``, ``'o'`` or ``''``; every continuation
    with ``next_player`` moving first is counted, as in the course.

    :raises ValueError: a bad board or ``next_player``.
    """
    if next_player not in ("x", "o"):
        raise ValueError(f"next_player must be 'x' or 'o', not {next_player!r}")
    x, o = _masks(board, ("", "x", "o"))
    state = TICTACTOE.from_masks(x, o, X if next_player == "x" else O)
    counts = count_outcomes(TICTACTOE, state).counts
    wins = {"x": counts.x, "o": counts.o}
    if draws:
        wins["draw"] = counts.draw
    return wins


__all__ = [
    "Grid", "Position", "get_empty_grid", "play", "get_free_cells", "check_win", "dfs_play", "bfs_play",
    "heuristic", "min_max_play", "maxi_min_max", "mini_min_max", "get_proba",
]
