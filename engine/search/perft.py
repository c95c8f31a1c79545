"""Perft: the number of move sequences of exactly a given length, the classic check of move generation.

Convention (the chess one): ``perft(game, state, depth)`` counts the positions
reached after exactly ``depth`` plies, one per move sequence. A game that ends
earlier contributes nothing at that depth, which is why the counts fall where
games end: tic-tac-toe from the empty board gives 9, 72, 504, 3,024, 15,120,
54,720, 148,176, 200,448 and 127,872 for depths 1-9 (the last: the games that
last all nine plies), and 0 beyond. ``perft(..., 0)`` is 1. The last ply is
counted in bulk (the number of legal moves), so leaves are never built.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

from engine.game import Game

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


def perft(game: Game[S, M], state: S, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies from ``state``.

    :raises ValueError: a negative depth.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    if depth == 0:
        return 1
    return _perft(game.legal_moves, game.play, state, depth)


def _perft(legal_moves: Callable[[S], Sequence[M]], play: Callable[[S, M], S], state: S, depth: int) -> int:
    if depth == 1:
        return len(legal_moves(state))
    if depth == 2:
        return sum(len(legal_moves(play(state, m))) for m in legal_moves(state))
    return sum(_perft(legal_moves, play, play(state, m), depth - 1) for m in legal_moves(state))


def divide(game: Game[S, M], state: S, depth: int) -> dict[M, int]:
    """Perft split by first move (``move -> count``), for finding where two move generators disagree."""
    if depth < 1:
        raise ValueError(f"divide needs a depth of 1 or more, not {depth}")
    return {m: perft(game, game.play(state, m), depth - 1) for m in game.legal_moves(state)}
