"""Move lists as users type them (``3,3,2``, ``x(1,1),o(0,0)``), played on any game of :mod:`engine.game`."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from engine.errors import IllegalMoveError
from engine.game import Game


def split_moves(text: str) -> list[str]:
    """A comma-separated move list, split at the commas outside brackets (``x(1,1),o(0,0)``: two moves)."""
    moves: list[str] = []
    depth = 0
    current: list[str] = []
    for char in text:
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        if char == "," and depth == 0:
            moves.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    moves.append("".join(current).strip())
    return moves if text.strip() else []


def find_move(game: Game, state: Hashable, text: str) -> Hashable:
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


def play_moves(game: Game, state: Hashable, moves: Sequence[str] | str) -> Hashable:
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
