"""Zobrist keys for games where a move puts one stone on one cell.

The key of a position is the XOR of one random 64-bit number per stone (per
player and cell), one for the last move (ultimate routes the next move by it)
and one when o is to move (tic-tac-toe may start with either side). Keys are
updated incrementally during search: ``player`` playing ``move`` after
``previous`` changes the key by ``stone[player][move] ^ last[move] ^ side ^
last[previous]``, which :class:`ZobristKeys` precomputes into two lookups.

Why Zobrist and not the packed state int itself: the 64-bit key is cheaper to
hash and to keep in the table than a ~200-bit state, and it costs two XORs per
node. A collision could only hand the search a wrong bound (vanishingly rare at
64 bits); the table's best move is used only when it is among the legal moves,
so a collision can never produce an illegal move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple, Protocol, cast

KEY_BITS = 64
SEED = 20160511
"""The keys' seed (the C search makes the same keys from it: engine/bot/native_interface.py)."""


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64 generator: 64-bit keys of good quality from a seed, in a few lines,
    so that making the keys at import needs no :mod:`random` (part of sm-bot's start-up)."""

    MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self.state = seed & self.MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)


class ZobristKeys:
    """Random numbers for moves ``0..size-1`` (move 0 may stand for "no last move")."""

    def __init__(self, size: int, *, seed: int = SEED, track_last: bool = True) -> None:
        rng = SplitMix64(seed)
        self.size = size
        stone = [[rng.next() for _ in range(size)] for _ in range(2)]
        self.last = [rng.next() if track_last and m else 0 for m in range(size)]
        """``last[move]``: the last-move part of a key; ``last[0]`` is 0 (no last move)."""
        self.side = rng.next()
        """XORed in when o is to move."""
        self.step = tuple([stone[p][m] ^ self.last[m] ^ self.side for m in range(size)] for p in range(2))
        """``step[player][move]``: stone, new last move and side flip, XORed in when ``player`` plays ``move``."""
        self.stone = stone

    def key(self, stones: Iterable[tuple[int, int]], last_move: int | None, o_to_move: bool) -> int:
        """The key from scratch: ``stones`` are ``(player, move)`` pairs."""
        k = self.last[last_move or 0] ^ (self.side if o_to_move else 0)
        for player, move in stones:
            k ^= self.stone[player][move]
        return k

    def child(self, key: int, player: int, previous: int | None, move: int) -> int:
        """The key after ``player`` plays ``move`` in a position whose last move was ``previous``."""
        return key ^ self.step[player][move] ^ self.last[previous or 0]


ULTIMATE_KEYS = ZobristKeys(100)
"""Ultimate moves are ``10 * sub + cell`` (11-99)."""
TICTACTOE_KEYS = ZobristKeys(9, track_last=False)
"""Tic-tac-toe: cells 0-8; the last move does not matter."""


class Hashing(NamedTuple):
    """How a search keys one game's positions: the random numbers, a from-scratch key, the root's last move."""

    keys: ZobristKeys
    root_key: Callable[[int], int]
    last_move: Callable[[int], int | None]


class _TracksLastMove(Protocol):
    """Ultimate's states know the last move (it routes the next one)."""

    def last_move(self, state: int) -> int | None: ...


def ultimate_key(state: int) -> int:
    """The Zobrist key of an ultimate state, computed from its cells, last move and side."""
    from engine.games.ultimate import ULTIMATE

    cells = ULTIMATE.cells(state)
    stones = ((0 if ch == "x" else 1, 10 * (i // 9 + 1) + i % 9 + 1) for i, ch in enumerate(cells) if ch != ".")
    return ULTIMATE_KEYS.key(stones, ULTIMATE.last_move(state), ULTIMATE.to_move(state) == 1)


def tictactoe_key(state: int) -> int:
    """The Zobrist key of a tic-tac-toe state."""
    from engine.games.tictactoe import TICTACTOE

    cells = TICTACTOE.cells(state)
    stones = ((0 if ch == "x" else 1, i) for i, ch in enumerate(cells) if ch != ".")
    return TICTACTOE_KEYS.key(stones, None, TICTACTOE.to_move(state) == 1)


def hashing_for(game: object) -> Hashing:
    """The Zobrist scheme of a game we know (by its ``name``).

    :raises ValueError: a game without one.
    """
    name = getattr(game, "name", None)
    if name == "ultimate":
        return Hashing(ULTIMATE_KEYS, ultimate_key, cast(_TracksLastMove, game).last_move)
    if name == "tictactoe":
        return Hashing(TICTACTOE_KEYS, tictactoe_key, lambda state: None)
    raise ValueError(f"no Zobrist keys for game {name!r}")
