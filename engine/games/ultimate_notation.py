"""Reading ultimate moves typed by people: ``45``, ``e5``, or the cell alone when the sub-board is forced.

Moves are always written back as two digits (:meth:`engine.games.ultimate.Ultimate.move_name`).
This module sits below the rules: it knows the notation and asks the game (any
object with the few methods of :class:`UltimateRules`) whether a move is legal,
so :mod:`engine.games.ultimate` imports it and not the other way round.
"""

from __future__ import annotations

from engine.errors import IllegalMoveError, MoveSyntaxError

TYPE_CHECKING = False

LETTERS = "abcdefghi"
"""Sub-board ``n`` (1-9) may also be typed as the letter ``LETTERS[n - 1]``."""
Move = int


if TYPE_CHECKING:  # no typing at run time: sm-bot reads the rules at start-up
    from typing import Protocol

    class UltimateRules(Protocol):
        """What reading a move needs from the rules."""

        def fen(self, state: int) -> str: ...

        def is_over(self, state: int) -> bool: ...

        def forced_sub(self, state: int) -> int | None: ...

        def illegal_reason(self, state: int, move: Move) -> str | None: ...


_FORMS = r"(?P<digits>[0-9]{2})|(?P<letter>[a-z])(?P<cell>[0-9])|(?P<alone>[0-9])"
"""The accepted forms (compiled by :mod:`re` on first use: the rules import this module at sm-bot's start)."""


def parse_move(text: str, state: int, game: UltimateRules) -> Move:
    """The move ``text`` spells in ``state`` (case and surrounding blanks ignored).

    :raises MoveSyntaxError: the text is none of the accepted forms, or a cell alone
        where the sub-board is not forced.
    :raises IllegalMoveError: a move that is not legal here, with the precise reason.
    """
    if not isinstance(text, str):
        raise MoveSyntaxError("a move must be text", str(text))
    written = text.strip().lower()
    import re

    form = re.fullmatch(_FORMS, written)
    if form is None:
        raise MoveSyntaxError("not a move: write <sub-board><cell> like 45 or e5, or the cell alone "
                              "when the sub-board is forced", text)
    fen = game.fen(state)
    if game.is_over(state):
        raise IllegalMoveError("the game is over", text, fen)
    if form["digits"]:
        sub, cell = int(written[0]), int(written[1])
        if sub == 0 or cell == 0:
            raise IllegalMoveError("out of range: sub-board and cell are numbered 1-9", text, fen)
    elif form["letter"]:
        if form["letter"] not in LETTERS:
            raise IllegalMoveError(f"out of range: sub-board letters are a-i, not {form['letter']!r}", text, fen)
        sub, cell = LETTERS.index(form["letter"]) + 1, int(form["cell"])
        if cell == 0:
            raise IllegalMoveError("out of range: cells are numbered 1-9", text, fen)
    else:
        cell = int(form["alone"])
        forced = game.forced_sub(state)
        if forced is None:
            raise MoveSyntaxError("a cell alone is accepted only when the sub-board is forced; any open "
                                  "sub-board may be chosen here, so write both, like 45 or e5", text)
        if cell == 0:
            raise IllegalMoveError("out of range: cells are numbered 1-9", text, fen)
        sub = forced
    move = 10 * sub + cell
    reason = game.illegal_reason(state, move)
    if reason is not None:
        raise IllegalMoveError(reason, text, fen)
    return move
