"""The sides of a game and its results, as plain values: who moves (``FIRST``/``SECOND``, ``X``/``O``,
``CHANCE``) and how a game ended (``X_WINS``, ``DRAW``, ``O_WINS``).

Apart from :mod:`engine.game` (which re-exports them) because the rules of tic-tac-toe and ultimate need
only these, and ``sm-bot`` reads those rules at start-up: the :class:`engine.game.Game` protocol needs
:mod:`typing`, a few milliseconds of every start.
"""

from __future__ import annotations

Player = int
"""0 for the first player (x), 1 for the second (o), -1 for chance."""
FIRST: Player = 0
SECOND: Player = 1
CHANCE: Player = -1
"""``to_move`` at a chance node: the next move is a random event (see ``chance_outcomes``)."""
X: Player = FIRST
O: Player = SECOND
PLAYER_NAMES = ("x", "o")
"""Tic-tac-toe's and ultimate's players."""
DEFAULT_PLAYER_NAMES = ("first", "second")
"""The names of a game's players when it gives none."""
CHANCE_NAME = "chance"
"""What ``to_move`` reads as, in words, at a chance node."""

Outcome = int
"""Result of a finished tic-tac-toe or ultimate game from x's point of view: +1, 0 or -1."""
X_WINS: Outcome = 1
DRAW: Outcome = 0
O_WINS: Outcome = -1

Value = float
"""A value from the first player's point of view (an int will do)."""


def opponent(player: Player) -> Player:
    """The other player."""
    return 1 - player
