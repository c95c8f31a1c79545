"""An independent tic-tac-toe oracle for the search tests: boards as 9-character strings.

Written from the rules alone (no engine code), so that engine and oracle agreeing
means something: the reachable positions, each position's minimax value (x's
point of view) and the size of its full game tree.
"""

from __future__ import annotations

from functools import cache

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))

Position = tuple[str, str]
"""(board, side): board is 9 characters of 'x', 'o', '.'; side 'x' or 'o' to move."""


def has_line(board: str, player: str) -> bool:
    """True when ``player`` has three in a row."""
    return any(board[a] == board[b] == board[c] == player for a, b, c in LINES)


def finished(board: str) -> bool:
    """A line for either side, or a full board."""
    return has_line(board, "x") or has_line(board, "o") or "." not in board


def children(position: Position) -> list[tuple[int, Position]]:
    """(cell, position after it) for each empty cell, ascending; none when the game is over."""
    board, side = position
    if finished(board):
        return []
    other = "o" if side == "x" else "x"
    return [(c, (board[:c] + side + board[c + 1:], other)) for c in range(9) if board[c] == "."]


@cache
def value(position: Position) -> int:
    """Minimax value, x's point of view: +1 x wins, -1 o wins, 0 draw."""
    board, side = position
    if has_line(board, "x"):
        return 1
    if has_line(board, "o"):
        return -1
    if "." not in board:
        return 0
    values = [value(child) for _, child in children(position)]
    return max(values) if side == "x" else min(values)


@cache
def tree_size(position: Position) -> int:
    """Nodes of the full game tree below and including ``position`` (move sequences, not positions)."""
    return 1 + sum(tree_size(child) for _, child in children(position))


@cache
def reachable(first: str) -> tuple[Position, ...]:
    """Every position legal play reaches from the empty board with ``first`` to move, sorted."""
    start = ("." * 9, first)
    seen = {start}
    frontier = [start]
    while frontier:
        nxt = []
        for p in frontier:
            for _, child in children(p):
                if child not in seen:
                    seen.add(child)
                    nxt.append(child)
        frontier = nxt
    return tuple(sorted(seen))


def to_fen(position: Position) -> str:
    """The FEN of ``position`` with empty runs merged (written independently of the engine)."""
    board, side = position
    out = ""
    run = 0
    for ch in board:
        if ch == ".":
            run += 1
            continue
        if run:
            out += str(run)
            run = 0
        out += ch
    if run:
        out += str(run)
    return f"{out} {side}"


@cache
def quick_value(position: Position) -> int:
    """Minimax value when a win scores 1 + the empty cells left (faster wins score higher)."""
    board, side = position
    empties = board.count(".")
    if has_line(board, "x"):
        return 1 + empties
    if has_line(board, "o"):
        return -(1 + empties)
    if not empties:
        return 0
    values = [quick_value(child) for _, child in children(position)]
    return max(values) if side == "x" else min(values)


def open_lines(board: str) -> int:
    """The course's heuristic: lines still open for x minus lines still open for o."""
    def count(opponent: str) -> int:
        return sum(1 for line in LINES
                   if all(board[c] != opponent for c in line) and any(board[c] == "." for c in line))
    return count("o") - count("x")


def depth_limited_value(position: Position, depth: int, win: int = 100) -> int:
    """Minimax to ``depth`` plies, open lines at the frontier, finished games worth +-``win`` or 0."""
    board, side = position
    if has_line(board, "x"):
        return win
    if has_line(board, "o"):
        return -win
    if "." not in board:
        return 0
    if depth == 0:
        return open_lines(board)
    values = [depth_limited_value(child, depth - 1, win) for _, child in children(position)]
    return max(values) if side == "x" else min(values)


@cache
def alphabeta_count(position: Position, alpha: float, beta: float) -> tuple[int, int]:
    """(value, nodes entered) of textbook minimax alpha-beta, children in ascending order.

    Written in max/min form rather than negamax: node counts must agree all the same.
    """
    if finished(position[0]):
        return value(position), 1
    nodes = 1
    maximizing = position[1] == "x"
    best = -2 if maximizing else 2
    for _, child in children(position):
        v, n = alphabeta_count(child, alpha, beta)
        nodes += n
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, nodes
