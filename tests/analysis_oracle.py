"""An independent oracle for the analysis tests: tic-tac-toe on a 9-character list, no engine code.

One plain walk of the whole game tree (no memo) records, for every position it
meets, the outcome counts of its subtree and its minimax value. Each position is
met along many move orders; the walk checks they all agree.
"""

from __future__ import annotations

from functools import cache

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def line_owner(board: list[str]) -> str | None:
    """'x' or 'o' when that mark has three in a row."""
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def fen_of(board: list[str], to_move: str) -> str:
    """The SPEC FEN, runs of empty cells written as digits."""
    out, run = [], 0
    for mark in board:
        if mark == ".":
            run += 1
        else:
            if run:
                out.append(str(run))
            run = 0
            out.append(mark)
    if run:
        out.append(str(run))
    return "".join(out) + " " + to_move


@cache
def enumerate_positions(first: str) -> dict[str, tuple[int, int, int, int]]:
    """FEN -> (x wins, o wins, draws, minimax value) for every position reachable with ``first`` moving first.

    Cached: callers must not change the table.
    """
    table: dict[str, tuple[int, int, int, int]] = {}
    board = ["."] * 9

    def walk(to_move: str) -> tuple[int, int, int, int]:
        owner = line_owner(board)
        if owner == "x":
            result = (1, 0, 0, 1)
        elif owner == "o":
            result = (0, 1, 0, -1)
        elif "." not in board:
            result = (0, 0, 1, 0)
        else:
            x = o = d = 0
            values = []
            other = "o" if to_move == "x" else "x"
            for cell in range(9):
                if board[cell] == ".":
                    board[cell] = to_move
                    cx, co, cd, cv = walk(other)
                    board[cell] = "."
                    x, o, d = x + cx, o + co, d + cd
                    values.append(cv)
            result = (x, o, d, max(values) if to_move == "x" else min(values))
        fen = fen_of(board, to_move)
        known = table.setdefault(fen, result)
        assert known == result, f"two move orders disagree on {fen}"
        return result

    walk(first)
    return table
