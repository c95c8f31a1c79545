"""Move lists as users type them (``3,3,2``, ``x(1,1),o(0,0)``, ``"pile:1, take:1;",3``), played on any game of
:mod:`engine.game`."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from engine.errors import IllegalMoveError
from engine.game import Game

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


def split_moves(text: str) -> list[str]:
    """A comma-separated move list, split at the commas outside brackets (``x(1,1),o(0,0)``: two moves) and
    outside quotes: a move whose name holds commas is written in double or single quotes
    (``"pile:1, take:1;",3``: two moves, the first kept exactly as quoted).

    :raises IllegalMoveError: a quote never closed, or an empty move (two commas in a row, one at an end).
    """
    if not text.strip():
        return []
    moves: list[str] = []
    current: list[str] = []
    depth = 0
    quote = ""
    quoted = False
    for char in text:
        if quote:
            if char == quote:
                quote = ""
            else:
                current.append(char)
            continue
        if char in "\"'" and not quoted and not "".join(current).strip():
            quote, quoted, current = char, True, []
            continue
        if quoted and char != ",":
            if not char.isspace():
                raise IllegalMoveError(f"{char!r} after a quoted move (a comma separates moves)", text)
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        if char == "," and depth == 0:
            moves.append(_one_move(current, quoted, text))
            current, quoted = [], False
        else:
            current.append(char)
    if quote:
        raise IllegalMoveError(f"the quote {quote} is never closed", text)
    moves.append(_one_move(current, quoted, text))
    return moves


def _one_move(chars: list[str], quoted: bool, text: str) -> str:
    """One move of a list: exactly as quoted, else without the blanks around it; never empty."""
    move = "".join(chars) if quoted else "".join(chars).strip()
    if not move:
        raise IllegalMoveError("an empty move in the list (two commas in a row, or one at an end)", text)
    return move


def find_move(game: Game[S, M], state: S, text: str) -> M:
    """The legal move ``text`` names in ``state``: by the game's ``parse_move(text, state)`` when it has one,
    else the legal move whose ``move_name`` is ``text``.

    :raises IllegalMoveError: no legal move is named so (the message lists the legal ones).
    """
    parse_move = getattr(game, "parse_move", None)
    if parse_move is not None:
        try:
            return parse_move(text, state)
        except IllegalMoveError:
            raise
        except ValueError as error:
            raise IllegalMoveError(str(error), text, game.fen(state)) from error
    moves = game.legal_moves(state)
    for move in moves:
        if game.move_name(move) == text:
            return move
    if not moves:
        raise IllegalMoveError("the game is over: no move is legal", text, game.fen(state))
    names = ", ".join(game.move_name(m) for m in moves)
    raise IllegalMoveError(f"not a legal move here (legal: {names})", text, game.fen(state))


def play_moves(game: Game[S, M], state: S, moves: Sequence[str] | str) -> S:
    """The state after playing ``moves`` (a list of move texts, or one comma-separated string) from ``state``.

    :raises IllegalMoveError: a move that is not legal where it comes; the reason gives its number in the list.
    """
    texts = split_moves(moves) if isinstance(moves, str) else list(moves)
    for number, text in enumerate(texts, 1):
        try:
            move = find_move(game, state, text)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number} of the list: {error.reason}", text, game.fen(state)) from error
        state = game.play(state, move)
    return state
