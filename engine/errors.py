"""Exceptions of the engine: one type per kind of mistake, each carrying the offending input."""

from __future__ import annotations


class FenError(ValueError):
    """A FEN string that cannot be read, or that describes a position legal play cannot reach.

    ``reason`` says what is wrong in words; ``fen`` is the input as given.
    """

    def __init__(self, reason: str, fen: str) -> None:
        super().__init__(f"{reason}: {fen!r}")
        self.reason = reason
        self.fen = fen


class IllegalMoveError(ValueError):
    """A move that is not legal in the position it was played in."""

    def __init__(self, reason: str, move: object, fen: str | None = None) -> None:
        where = f" in {fen!r}" if fen is not None else ""
        super().__init__(f"{reason}: {move!r}{where}")
        self.reason = reason
        self.move = move
        self.fen = fen


class MoveSyntaxError(ValueError):
    """Text that does not spell a move in any accepted notation."""

    def __init__(self, reason: str, text: str) -> None:
        super().__init__(f"{reason}: {text!r}")
        self.reason = reason
        self.text = text
