"""OpenSpiel's games behind the protocol of :mod:`engine.game` (the optional extra ``treeviz[openspiel]``).

``load_openspiel("connect_four(rows=4,columns=4)")`` loads any OpenSpiel game that is sequential,
two-player, zero- or constant-sum and of perfect information, chance nodes included (their
outcomes and probabilities come from OpenSpiel, so minimax is expectiminimax). ``pyspiel`` is
imported by that call only (it takes 20-70 ms): nothing else in treeviz imports it.

A state is a :class:`Position`: the actions from the start (its identity: equal histories,
equal positions) and the OpenSpiel state they lead to. Its text (``fen``) is that action list,
``3,3,2`` (``start`` for none), which ``parse_fen`` reads back, with OpenSpiel's action names
allowed in place of numbers. A move is an :class:`Action`: the action number, carrying the
name OpenSpiel gives it where it is played. Values are ``(r0 - r1) / 2`` of OpenSpiel's
returns: player 0's return in a zero-sum game, centred on 0 in a constant-sum one. OpenSpiel
has no evaluation function: :meth:`OpenSpielGame.evaluate` scores every unfinished position 0
and :attr:`OpenSpielGame.zero_evaluation` says so, for the caller to tell its user.
"""

from __future__ import annotations

import difflib
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from engine.errors import (
    FenError,
    GameSpecError,
    IllegalMoveError,
    OpenSpielMissingError,
    OpenSpielParameterError,
    UnknownOpenSpielGameError,
    UnsupportedGameError,
)
from engine.game import CHANCE, FIRST, SECOND, Player
from engine.games.move_lists import play_moves

INSTALL_HINT = "pip install 'treeviz[openspiel]'"
"""What to run when OpenSpiel is missing."""
START_TEXT = "start"
"""The position text of the start (no action yet)."""

_SPEC = re.compile(r"\s*([A-Za-z0-9_]+)\s*(?:\((.*)\))?\s*", re.DOTALL)


def _pyspiel(spec: str) -> Any:
    """The ``pyspiel`` module, imported now.

    :raises OpenSpielMissingError: it is not installed.
    """
    try:
        import pyspiel
    except ImportError as error:
        raise OpenSpielMissingError(f"OpenSpiel is not installed; install it with {INSTALL_HINT}", spec) from error
    return pyspiel


@contextmanager
def _stderr_captured() -> Iterator[list[str]]:
    """Keep what OpenSpiel's C++ code writes to file descriptor 2 (it prints each error it raises) off stderr.

    Yields a list that holds the captured text once the block ends.
    """
    captured: list[str] = []
    with tempfile.TemporaryFile() as sink:
        saved = os.dup(2)
        os.dup2(sink.fileno(), 2)
        try:
            yield captured
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            captured.append(sink.read().decode(errors="replace"))


CLOSE_RATIO = 0.8
"""How alike (:class:`difflib.SequenceMatcher`'s ratio, on names without ``_`` and ``-``) a game's name must be to
the one typed to be suggested, when neither holds the other and they share no long start."""


def close_names(typed: str, known: Sequence[str], most: int = 3) -> list[str]:
    """The names in ``known`` close to ``typed``, closest first (at most ``most``): nearly the same letters
    (``tic_tac_tow``), one holding the other (``chess2``: chess; ``poker``: kuhn_poker), or the same first five
    letters (``connect4``: connect_four) -- never a name that merely shares a few letters (``catch``: not yacht)."""
    def plain(name: str) -> str:
        return name.lower().replace("_", "").replace("-", "").replace(" ", "")

    want = plain(typed)
    found = []
    for name in known:
        have = plain(name)
        shorter, longer = sorted((want, have), key=len)
        ratio = difflib.SequenceMatcher(None, want, have).ratio()
        holds = bool(shorter) and shorter in longer and (len(shorter) >= 4 or longer.startswith(shorter))
        start = len(os.path.commonprefix([want, have]))
        if holds or start >= 5 or ratio >= CLOSE_RATIO:
            found.append((want != have, -ratio, name))
    return [name for *_, name in sorted(found)[:most]]


def load_openspiel(text: str, *, spec: str | None = None) -> OpenSpielGame:
    """The OpenSpiel game ``NAME`` or ``NAME(param=value,...)`` (OpenSpiel's own syntax), checked for treeviz.

    ``spec`` is what the user wrote, for messages (default: ``openspiel:`` + ``text``).

    :raises OpenSpielMissingError: OpenSpiel is not installed (the message says how to install it).
    :raises UnknownOpenSpielGameError: no such game (the message suggests close names).
    :raises OpenSpielParameterError: a parameter the game does not have, or a value it rejects.
    :raises UnsupportedGameError: imperfect information, simultaneous moves, not two players, not zero-
        or constant-sum, or chance events without probabilities.
    """
    spec = spec if spec is not None else f"openspiel:{text}"
    game = load_spiel_game(text, spec=spec)
    check_supported(game, spec)
    return OpenSpielGame(game)


def load_spiel_game(text: str, *, spec: str | None = None) -> Any:
    """OpenSpiel's own game object for ``NAME`` or ``NAME(param=value,...)``, unchecked for treeviz's searches (the
    extensive-form games of :mod:`engine.games.openspiel_extensive` take imperfect information and n players).

    :raises OpenSpielMissingError, UnknownOpenSpielGameError, OpenSpielParameterError: as :func:`load_openspiel`.
    """
    spec = spec if spec is not None else f"openspiel:{text}"
    pyspiel = _pyspiel(spec)
    match = _SPEC.fullmatch(text)
    if match is None:
        raise GameSpecError("expected an OpenSpiel game as NAME or NAME(param=value,...)", spec)
    name, params = match.group(1), match.group(2)
    known = list(pyspiel.registered_names())
    if name not in known:
        close = close_names(name, known)
        hint = f" (did you mean {' or '.join(close)}?)" if close else " (`python -c \"import pyspiel; " \
            "print(pyspiel.registered_names())\"` lists them)"
        raise UnknownOpenSpielGameError(f"OpenSpiel has no game {name!r}{hint}", spec)
    if params is not None:
        allowed = pyspiel.registered_games()
        specification: dict[str, object] = next(
            (t.parameter_specification for t in allowed if t.short_name == name), {})
        for item in _top_level_items(params):
            key = item.partition("=")[0].strip()
            if "=" not in item or not key:
                raise OpenSpielParameterError(f"expected param=value in the parentheses, not {item!r}", spec)
            if key not in specification:
                have = ", ".join(sorted(specification)) or "none"
                raise OpenSpielParameterError(f"{name} has no parameter {key!r} (its parameters: {have})", spec)
    with _stderr_captured():
        try:
            game = pyspiel.load_game(text.strip())
        except pyspiel.SpielError as error:
            reason = str(error).splitlines()[0] if str(error) else "OpenSpiel refused the game"
            raise OpenSpielParameterError(f"OpenSpiel cannot make the game: {reason}", spec) from error
    return game


def _top_level_items(params: str) -> list[str]:
    """``a=1,b=x(c=2,d=3)`` -> ``["a=1", "b=x(c=2,d=3)"]``: the commas inside nested parentheses stay."""
    items: list[str] = []
    current: list[str] = []
    depth = 0
    for char in params:
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            items.append("".join(current))
            current = []
        else:
            current.append(char)
    items.append("".join(current))
    return [i for i in items if i.strip()]


def check_supported(game: Any, spec: str) -> None:
    """Refuse, saying why, an OpenSpiel game treeviz cannot search as a two-player zero-sum game of perfect
    information (with chance events whose probabilities are listed, if any).

    :raises UnsupportedGameError: the reason.
    """
    pyspiel = _pyspiel(spec)
    kind = game.get_type()
    GameType = pyspiel.GameType  # noqa: N806 - OpenSpiel's class
    if kind.dynamics != GameType.Dynamics.SEQUENTIAL:
        raise UnsupportedGameError("the players of this game move simultaneously; treeviz draws games where "
                                   "one player moves at a time", spec)
    if kind.information != GameType.Information.PERFECT_INFORMATION:
        raise UnsupportedGameError("this game has imperfect information (players do not see everything); "
                                   "minimax and alpha-beta need perfect information", spec)
    if game.num_players() != 2:
        raise UnsupportedGameError(f"this game has {game.num_players()} players; treeviz searches two-player "
                                   "games", spec)
    if kind.utility not in (GameType.Utility.ZERO_SUM, GameType.Utility.CONSTANT_SUM):
        raise UnsupportedGameError("this game is not zero-sum nor constant-sum (one player's gain is not the "
                                   "other's loss), so one value per position cannot describe it", spec)
    if kind.chance_mode == GameType.ChanceMode.SAMPLED_STOCHASTIC:
        raise UnsupportedGameError("this game's chance events are sampled, without listed probabilities, so "
                                   "their expectation cannot be computed", spec)


class Action(int):
    """An OpenSpiel action number that carries its name where it is played (``name``); equal to the plain int."""

    name: str

    def __new__(cls, number: int, name: str) -> Action:
        """The action ``number`` named ``name``."""
        action = super().__new__(cls, number)
        action.name = name
        return action

    def __repr__(self) -> str:
        return f"Action({int(self)}, {self.name!r})"

    def __reduce__(self) -> tuple[Any, tuple[int, str]]:
        return (Action, (int(self), self.name))


class Position:
    """A state of an OpenSpiel game: the actions from the start and the OpenSpiel state (never changed) they reach.

    Equal when the histories are equal. ``mover`` is the player who made the last decision (-1 before any),
    for ``to_move`` at the end of a game.
    """

    __slots__ = ("history", "state", "mover", "_hash", "_moves")

    def __init__(self, history: tuple[int, ...], state: Any, mover: Player) -> None:
        self.history = history
        self.state = state
        self.mover = mover
        self._hash = hash(history)
        self._moves: tuple[Action, ...] | None = None

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self.history == other.history

    def __repr__(self) -> str:
        return f"Position({self.history!r})"


class OpenSpielGame:
    """An OpenSpiel game as a treeviz game (see the module docstring); made by :func:`load_openspiel`."""

    zero_evaluation = True
    """:meth:`evaluate` scores every unfinished position 0: OpenSpiel offers no evaluation function."""

    def __init__(self, game: Any) -> None:
        self.spiel_game = game
        self.name = str(game).removesuffix("()")
        """OpenSpiel's own text of the game and its parameters (``connect_four(columns=4,rows=4)``)."""
        self.player_names = ("player 0", "player 1")
        self.outcome_range = (float(game.min_utility() - game.max_utility()) / 2,
                              float(game.max_utility() - game.min_utility()) / 2)
        kind = game.get_type()
        self.has_chance = kind.chance_mode != type(kind).ChanceMode.DETERMINISTIC

    def initial(self) -> Position:
        """The start."""
        return Position((), self.spiel_game.new_initial_state(), -1)

    def to_move(self, state: Position) -> Player:
        """Player 0, player 1 or CHANCE; at the end of a game, the player after the last one to decide."""
        player = state.state.current_player()
        if player >= 0:
            return player
        if state.state.is_chance_node():
            return CHANCE
        return SECOND if state.mover == FIRST else FIRST

    def legal_moves(self, state: Position) -> tuple[Action, ...]:
        """The legal actions (chance outcomes at a chance node), ascending, with their names; none at the end."""
        moves = state._moves
        if moves is None:
            s = state.state
            if s.is_terminal():
                moves = ()
            else:
                player = s.current_player()
                name = s.action_to_string
                moves = tuple(Action(a, name(player, a)) for a in s.legal_actions())
            state._moves = moves
        return moves

    def play(self, state: Position, move: int) -> Position:
        """The position after ``move`` (which must be legal)."""
        player = state.state.current_player()
        return Position(state.history + (int(move),), state.state.child(int(move)),
                        player if player >= 0 else state.mover)

    def successors(self, state: Position) -> list[tuple[Action, Position]]:
        """``(action, position)`` per legal action."""
        play = self.play
        return [(m, play(state, m)) for m in self.legal_moves(state)]

    def outcome(self, state: Position) -> float | None:
        """``(r0 - r1) / 2`` of the returns at the end of the game, None before."""
        s = state.state
        if not s.is_terminal():
            return None
        r0, r1 = s.returns()
        return (r0 - r1) / 2

    def chance_outcomes(self, state: Position) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` at a chance node, as OpenSpiel lists them."""
        names = {int(m): m for m in self.legal_moves(state)}
        return [(names[a], p) for a, p in state.state.chance_outcomes()]

    def evaluate(self, state: Position) -> float:
        """0 for every position: OpenSpiel has no evaluation (see :attr:`zero_evaluation`)."""
        return 0.0

    def move_name(self, move: int) -> str:
        """OpenSpiel's name of the action where it was played (``x(1,1)``, ``Roll 3``)."""
        return getattr(move, "name", None) or str(int(move))

    def parse_move(self, text: str, state: Position) -> Action:
        """The legal action ``text`` names, by number or by OpenSpiel's name for it.

        :raises IllegalMoveError: no legal action has that number or name (the message lists them).
        """
        moves = self.legal_moves(state)
        wanted = text.strip()
        for move in moves:
            if move.name == wanted or str(int(move)) == wanted:
                return move
        if not moves:
            raise IllegalMoveError("the game is over: no action is legal", text, self.fen(state))
        listed = ", ".join(f"{int(m)} ({m.name})" for m in moves[:40]) + (", ..." if len(moves) > 40 else "")
        raise IllegalMoveError(f"not a legal action here (legal: {listed})", text, self.fen(state))

    def fen(self, state: Position) -> str:
        """The actions from the start, ``3,3,2`` (``start`` for none)."""
        return ",".join(map(str, state.history)) if state.history else START_TEXT

    def parse_fen(self, fen: str) -> Position:
        """The position after a comma-separated list of actions (numbers or OpenSpiel's names), or ``start``.

        :raises FenError: an action that is not legal where it comes (its number in the list is given).
        """
        text = fen.strip()
        start = self.initial()
        if text in ("", START_TEXT):
            return start
        try:
            return play_moves(self, start, text)
        except IllegalMoveError as error:
            raise FenError(error.reason, fen) from error

    def picture(self, state: Position) -> str:
        """OpenSpiel's text of the state (shown in a monospace box)."""
        return str(state.state)

    def position_key(self, state: Position) -> str:
        """Who moves and OpenSpiel's text of the state: the same for the same position reached by other moves."""
        s = state.state
        return f"{s.current_player()}\n{s}"
