"""The small protocol every game implements, so that search works for any of them.

A *state* is an immutable, hashable value (for our games a plain ``int`` bitboard
packing): search never mutates it, it asks the game for successors. Values and
outcomes are always given from x's point of view: +1 x won, -1 o won, 0 draw.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

Player = int
"""0 for x (the first player in ultimate), 1 for o."""
X: Player = 0
O: Player = 1
PLAYER_NAMES = ("x", "o")

Outcome = int
"""Result of a finished game from x's point of view: +1, 0 or -1."""
X_WINS: Outcome = 1
DRAW: Outcome = 0
O_WINS: Outcome = -1

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


def opponent(player: Player) -> Player:
    """The other player."""
    return 1 - player


class Game(Protocol[S, M]):
    """What search, counting and drawing need to know about a game.

    Implementations are stateless objects (one per game kind); all data lives in
    the immutable states they hand out.
    """

    name: str

    def initial(self) -> S:
        """The start position."""
        ...

    def parse_fen(self, fen: str) -> S:
        """Read a FEN; raises :class:`engine.errors.FenError` with the reason."""
        ...

    def fen(self, state: S) -> str:
        """The canonical FEN of ``state`` (``parse_fen(fen(s)) == s``)."""
        ...

    def to_move(self, state: S) -> Player:
        """The side to move (also defined, as the side that would move, when the game is over)."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """The legal moves in ascending order; empty when the game is over."""
        ...

    def play(self, state: S, move: M) -> S:
        """The state after ``move``; the move must be legal (checked by :meth:`play_checked`)."""
        ...

    def successors(self, state: S) -> Sequence[tuple[M, S]]:
        """``(move, child)`` for every legal move, in ascending move order."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """+1/0/-1 for a finished game (x's point of view), ``None`` while it goes on."""
        ...

    def move_name(self, move: M) -> str:
        """How a move is written for people and in labels."""
        ...
