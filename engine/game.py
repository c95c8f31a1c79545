"""The protocol every game implements, so that search, counting and drawing work for any of them.

Writing a game of your own (``examples/nim.py`` is a complete one) means writing a class with
these methods. A *state* is an immutable, hashable value (a tuple, an int, a frozen
dataclass...): search never changes it, it asks the game for the states after moves. A *move*
is any hashable value. Values are numbers from the **first player's** point of view (player
0: x in tic-tac-toe, MAX in a textbook tree): the first player maximises, the second minimises.

Required (loading a game without one of these is refused, naming it):

``initial(self) -> state``
    The start position.
``to_move(self, state) -> int``
    Who moves: ``FIRST`` (0), ``SECOND`` (1) or ``CHANCE`` (-1, a random event). Players need
    not alternate (a player may move twice). For a finished game: the player who would move.
``legal_moves(self, state) -> Sequence[move]``
    The moves, in the game's own order (searches try them in this order: it is the
    ``ascending`` order of figures); **empty exactly when the game is over**. At a chance
    node: the possible random events.
``play(self, state, move) -> state``
    The state after a legal move (it may assume the move is legal).
``outcome(self, state) -> float | None``
    The value of a finished game (first player's view: e.g. +1 first player won, -1 lost, 0
    drawn; any numbers will do), ``None`` while the game goes on.

Optional (:func:`engine.games.loading.complete_game` fills the defaults):

``name: str``
    Shown in figures and JSON (default: the class name).
``player_names: tuple[str, str]``
    The players as the game calls them, first player first (default ``("first", "second")``;
    tic-tac-toe and ultimate: ``("x", "o")``, textbook trees ``("max", "min")``).
``fen(self, state) -> str`` and ``parse_fen(self, text) -> state``
    The position as text and back (``parse_fen(fen(s)) == s``); ``parse_fen`` raises
    ``ValueError`` (better :class:`engine.errors.FenError`) for text it cannot read. Default
    ``fen``: ``str(state)``; without ``parse_fen`` a game can only start from ``initial()``.
``move_name(self, move) -> str``
    The move as written on an edge and typed in move lists (default ``str(move)``).
``successors(self, state) -> Sequence[tuple[move, state]]``
    ``(move, play(state, move))`` for each legal move, in order (default: exactly that).
``chance_outcomes(self, state) -> Sequence[tuple[move, float]]``
    At a chance node: each event with its probability, in ``legal_moves`` order, summing to
    1 (default: every legal move equally likely). Minimax becomes expectiminimax: a chance
    node is worth the expectation of its children; MCTS samples events by probability.
``evaluate(self, state) -> float``
    An estimate of an unfinished position (first player's view), for depth-limited search.
``picture(self, state) -> str``
    How a node shows the position: SVG (text starting with ``<svg``) or plain text, drawn
    in a monospace box (:func:`picture_format` tells which). Default: the ``fen``.
``position_key(self, state) -> str``
    Text equal for two states exactly when they are the same position, reached by any
    moves: positions merged in DAGs (default: the ``fen``, so two states the game writes
    alike -- their history aside, say -- are one position).
``alternating: bool``
    True when the players always take turns and nothing is left to chance: unobserved
    searches then take a faster path that never asks ``to_move`` (default False; a speed
    hint only, tic-tac-toe and ultimate set it).
``outcome_range: tuple[float, float]``
    The lowest and highest outcome. When a game declares it, MCTS scales its exploration to
    it and the MCTS solver proves a node won as soon as a child reaches its mover's end of it;
    without it, the solver proves a node only when all its children are proven.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Literal, Protocol, TypeVar

from engine.sides import (  # noqa: F401 -- re-exported: the protocol speaks of them (the rules import engine.sides)
    CHANCE,
    CHANCE_NAME,
    DEFAULT_PLAYER_NAMES,
    DRAW,
    FIRST,
    O_WINS,
    PLAYER_NAMES,
    SECOND,
    X_WINS,
    O,
    Outcome,
    Player,
    Value,
    X,
    opponent,
)

MAX_GAME_LENGTH = 10_000
"""The moves a random game may last (an MCTS playout, the random games that find exercises) before it is given up as
one that never ends (:class:`engine.errors.GameTooLongError`): far beyond any real game's length (tic-tac-toe 9,
ultimate 81), short enough to stop within a second. Searches that recurse are bounded by the stack instead, and
trees by their node budget."""

REQUIRED_METHODS = ("initial", "to_move", "legal_moves", "play", "outcome")
"""The methods a game must have; everything else has a default."""

S = TypeVar("S", bound=Hashable)
M = TypeVar("M", bound=Hashable)


class Game(Protocol[S, M]):
    """What search, counting and drawing need to know about a game: the required methods and the
    defaulted ones (see the module docstring; :func:`engine.games.loading.complete_game` turns a
    class with only the required ones into one of these).

    Implementations are stateless objects (one per game kind); all data lives in the immutable
    states they hand out.
    """

    name: str
    player_names: tuple[str, str]

    def initial(self) -> S:
        """The start position."""
        ...

    def parse_fen(self, fen: str) -> S:
        """Read a position; raises :class:`engine.errors.FenError` with the reason."""
        ...

    def fen(self, state: S) -> str:
        """The canonical text of ``state`` (``parse_fen(fen(s)) == s``)."""
        ...

    def to_move(self, state: S) -> Player:
        """``FIRST``, ``SECOND`` or ``CHANCE`` (also defined, as the side that would move, when the game is over)."""
        ...

    def legal_moves(self, state: S) -> Sequence[M]:
        """The legal moves in the game's order; empty exactly when the game is over."""
        ...

    def play(self, state: S, move: M) -> S:
        """The state after ``move``; the move must be legal."""
        ...

    def successors(self, state: S) -> Sequence[tuple[M, S]]:
        """``(move, child)`` for every legal move, in the order of :meth:`legal_moves`."""
        ...

    def outcome(self, state: S) -> Value | None:
        """The value of a finished game (first player's view), ``None`` while it goes on."""
        ...

    def move_name(self, move: M) -> str:
        """How a move is written for people and in labels."""
        ...


class ChanceGame(Game[S, M], Protocol):
    """A game with chance nodes (``to_move`` returns :data:`CHANCE` somewhere)."""

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """``(event, probability)`` at a chance node, in ``legal_moves`` order, summing to 1."""
        ...


class EvaluatedGame(Game[S, M], Protocol):
    """A game that can estimate unfinished positions, for depth-limited search."""

    def evaluate(self, state: S) -> Value:
        """An estimate of ``state``'s value (first player's view)."""
        ...


class PicturedGame(Game[S, M], Protocol):
    """A game that draws its positions."""

    def picture(self, state: S) -> str:
        """SVG (starting with ``<svg``) or plain text shown in a monospace box."""
        ...


def picture_format(picture: str) -> Literal["svg", "text"]:
    """Whether a game's picture is SVG or plain text (SVG starts with ``<svg``, or ``<?xml``, after blanks)."""
    head = picture.lstrip()[:5].lower()
    return "svg" if head.startswith(("<svg", "<?xml")) else "text"


def player_name(game: Game, player: Player) -> str:
    """The game's name for ``player`` (``"chance"`` for :data:`CHANCE`)."""
    if player == CHANCE:
        return CHANCE_NAME
    return getattr(game, "player_names", DEFAULT_PLAYER_NAMES)[player]
