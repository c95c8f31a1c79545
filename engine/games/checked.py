"""A user's game held to the protocol of :mod:`engine.game` while it is played, not only at its start.

:class:`CheckedCalls` is what :class:`engine.games.loading.LoadedGame` calls the game's methods through: each call
that raises, or returns what the protocol does not allow, becomes a :class:`engine.errors.GameRuleError` naming
the method, the position (by the game's own text for it) and the move, and what was raised or returned. So a
mistake in a game of one's own reads ``the game's play raised KeyError: 1 (at position '3', move 1)`` instead of
an internal failure somewhere in a search. What is checked:

- ``play``: raising; a state that cannot be hashed (searches keep states in dicts);
- ``legal_moves`` (and a game's own ``successors``): raising; not a sequence (an iterable is taken as its list);
  none at a position whose ``outcome`` is not a number;
- ``outcome``: raising; anything but None or a finite number; a number while ``legal_moves`` still gives moves
  (the protocol: no moves exactly when the game is over);
- ``to_move``: raising; anything but 0, 1 or -1;
- ``chance_outcomes``: raising; events other than the legal moves; probabilities that are not numbers, negative,
  or do not sum to 1 (within :data:`PROBABILITY_TOLERANCE`);
- ``evaluate``: raising or not a finite number; ``fen`` and ``move_name``: raising or not text.

The engine's own games (tic-tac-toe, ultimate, textbook trees, OpenSpiel's) are not wrapped: these checks cost a
few tenths of a microsecond a call, and only a game of one's own needs them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.errors import GameRuleError
from engine.game import CHANCE, FIRST, SECOND

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's probabilities may sum from 1 (floats: ``0.1 * 3 + 0.7``)."""
SHOWN = 60
"""Characters of a value or a position quoted in a message, at most."""


def shown(value: object) -> str:
    """A value as a message quotes it: its repr, cut at :data:`SHOWN` characters."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a user's __repr__: any failure just hides the value
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."


def described(error: BaseException) -> str:
    """What a method raised, in one line: ``KeyError: 1``."""
    return f"{type(error).__name__}: {error}".splitlines()[0][:200]


def is_outcome(value: object) -> bool:
    """Whether ``value`` is a finished game's value: a finite number (not a bool)."""
    kind = type(value)
    if kind is int:
        return True
    if kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]  # a float, by its type
    if isinstance(value, bool):
        return False
    try:
        return math.isfinite(float(value)) and float(value) == value  # type: ignore[arg-type]  # numpy, Fraction
    except (TypeError, ValueError, OverflowError):
        return False


class CheckedCalls:
    """The protocol's methods of a user's game, each call checked (see the module docstring).

    A subclass sets :attr:`spec` and the game's own methods: ``_rules_play``, ``_rules_legal_moves``,
    ``_rules_outcome``, ``_rules_to_move``, ``_rules_fen`` and, when the game has them, ``_rules_successors``,
    ``_rules_chance_outcomes``, ``_rules_evaluate``, ``_rules_move_name`` (None otherwise).
    """

    spec: str
    _rules_play: Callable[[Any, Any], Any]
    _rules_legal_moves: Callable[[Any], Any]
    _rules_outcome: Callable[[Any], Any]
    _rules_to_move: Callable[[Any], Any]
    _rules_fen: Callable[[Any], Any] | None
    _rules_successors: Callable[[Any], Any] | None
    _rules_chance_outcomes: Callable[[Any], Any] | None
    _rules_evaluate: Callable[[Any], Any] | None
    _rules_move_name: Callable[[Any], Any] | None

    # -- the messages ------------------------------------------------------------------------------

    def position_text(self, state: Any) -> str:
        """The position as the game writes it (its ``fen``, else ``str``), for messages; never raises."""
        try:
            text = self._rules_fen(state) if self._rules_fen is not None else str(state)
        except Exception:  # noqa: BLE001 - the game's own fen failing: its repr will do
            text = shown(state)
        text = text if isinstance(text, str) else shown(state)
        return text if len(text) <= SHOWN else text[:SHOWN - 3] + "..."

    def broken(self, method: str, state: Any, detail: str, *moves: Any) -> GameRuleError:
        """The error for ``method`` breaking the protocol at ``state`` (and the move, if one is given)."""
        return GameRuleError(method, self.position_text(state), detail, self.spec, moves[0] if moves else None,
                             has_move=bool(moves))

    def _raised(self, method: str, state: Any, error: Exception, *moves: Any) -> GameRuleError:
        return self.broken(method, state, f"raised {described(error)}", *moves)

    # -- the protocol's methods ----------------------------------------------------------------------

    def play(self, state: Any, move: Any) -> Any:
        """The game's ``play``, checked: it does not raise, and the state it returns is hashable."""
        try:
            child = self._rules_play(state, move)
        except Exception as error:  # the user's play: whatever it raises is the game's mistake
            raise self._raised("play", state, error, move) from error
        try:
            hash(child)
        except TypeError as error:
            raise self.broken("play", state, f"returned an unhashable {type(child).__name__} (states must be "
                                             "hashable: tuples, not lists)", move) from error
        return child

    def legal_moves(self, state: Any) -> Sequence[Any]:
        """The game's ``legal_moves``, checked: a sequence (an iterable is listed), empty only where the game is
        over (its outcome a number)."""
        try:
            moves = self._rules_legal_moves(state)
        except Exception as error:  # the user's method
            raise self._raised("legal_moves", state, error) from error
        kind = type(moves)
        if kind is not list and kind is not tuple:
            moves = self._listed("legal_moves", state, moves)
        if not moves:
            self._check_over(state, "legal_moves")
        return moves

    def successors(self, state: Any) -> Sequence[tuple[Any, Any]]:
        """``(move, child)`` per legal move: the game's own ``successors`` checked, else ``play`` of each move."""
        own = self._rules_successors
        if own is None:
            play = self.play
            return [(m, play(state, m)) for m in self.legal_moves(state)]
        try:
            pairs = own(state)
        except Exception as error:  # the user's method
            raise self._raised("successors", state, error) from error
        kind = type(pairs)
        if kind is not list and kind is not tuple:
            pairs = self._listed("successors", state, pairs)
        for pair in pairs:
            if type(pair) is not tuple or len(pair) != 2:
                raise self.broken("successors", state, f"gave {shown(pair)} among its pairs, not a (move, state) "
                                                       "pair")
        if not pairs:
            self._check_over(state, "successors")
        return pairs

    def _listed(self, method: str, state: Any, moves: Any) -> list[Any]:
        if isinstance(moves, str | bytes | dict) or moves is None:
            raise self.broken(method, state, f"returned {shown(moves)}, not a sequence of moves")
        try:
            return list(moves)
        except TypeError as error:
            raise self.broken(method, state, f"returned {shown(moves)}, not a sequence of moves") from error
        except Exception as error:  # a generator of the user's raising as it runs
            raise self._raised(method, state, error) from error

    def _check_over(self, state: Any, method: str) -> None:
        """At a position without moves: the outcome must be a number."""
        try:
            value = self._rules_outcome(state)
        except Exception as error:  # the user's method
            raise self._raised("outcome", state, error) from error
        if not is_outcome(value):
            raise self.broken("outcome", state, f"returned {shown(value)} where {method} gives no legal move: a "
                                                "finished game's outcome is a number (None means the game goes on)")

    def outcome(self, state: Any) -> Any:
        """The game's ``outcome``, checked: None or a finite number, a number only where no move is left."""
        try:
            value = self._rules_outcome(state)
        except Exception as error:  # the user's method
            raise self._raised("outcome", state, error) from error
        if value is None:
            return None
        if not is_outcome(value):
            raise self.broken("outcome", state, f"returned {shown(value)}: an outcome is None (the game goes on) "
                                                "or a number")
        try:
            moves = self._rules_legal_moves(state)
        except Exception as error:  # the user's method
            raise self._raised("legal_moves", state, error) from error
        if moves is not None and not isinstance(moves, Sequence):
            moves = self._listed("legal_moves", state, moves)
        if moves:
            listed = list(moves)
            raise self.broken("outcome", state, f"returned {shown(value)}, a finished game, but legal_moves still "
                                                f"gives {shown(listed[:5])[:-1]}{', ...]' if len(listed) > 5 else ']'} "
                                                "(legal_moves must be empty exactly when the game is over)")
        return value

    def to_move(self, state: Any) -> int:
        """The game's ``to_move``, checked: 0, 1 or -1 (chance)."""
        try:
            mover = self._rules_to_move(state)
        except Exception as error:  # the user's method
            raise self._raised("to_move", state, error) from error
        if mover is FIRST or mover is SECOND or mover is CHANCE:
            return mover  # one of the three ints
        if type(mover) is not bool and mover in (FIRST, SECOND, CHANCE):
            return int(mover)
        raise self.broken("to_move", state, f"returned {shown(mover)}: it must return 0, 1 or -1 (chance)")

    def chance_outcomes(self, state: Any) -> list[tuple[Any, float]]:
        """The events of a chance node with their probabilities, checked: the legal moves, each with a probability
        of 0 or more, summing to 1 (default: every legal move equally likely)."""
        moves = self.legal_moves(state)
        own = self._rules_chance_outcomes
        if own is None:
            return [(m, 1.0 / len(moves)) for m in moves]
        try:
            events = own(state)
        except Exception as error:  # the user's method
            raise self._raised("chance_outcomes", state, error) from error
        if events is None or isinstance(events, str | bytes):
            raise self.broken("chance_outcomes", state, f"returned {shown(events)}, not (event, probability) pairs")
        try:
            pairs = [(event, probability) for event, probability in events]
        except (TypeError, ValueError) as error:
            raise self.broken("chance_outcomes", state, f"returned {shown(events)}, not (event, probability) "
                                                        "pairs") from error
        for event, probability in pairs:
            if not is_outcome(probability):
                raise self.broken("chance_outcomes", state, f"gave the probability {shown(probability)} for event "
                                                            f"{shown(event)}: a probability is a number")
            if probability < 0:
                raise self.broken("chance_outcomes", state, f"gave a negative probability {probability} for event "
                                                            f"{shown(event)}")
        try:
            same = {event for event, _ in pairs} == set(moves) and len(pairs) == len(moves)
        except TypeError:
            same = False
        if not same:
            raise self.broken("chance_outcomes", state, f"gave the events {shown([e for e, _ in pairs])} but "
                                                        f"legal_moves gives {shown(list(moves))}: the same, once each")
        total = math.fsum(float(p) for _, p in pairs)
        if abs(total - 1) > PROBABILITY_TOLERANCE:
            raise self.broken("chance_outcomes", state, f"gave probabilities that sum to {total:.12g}, not 1")
        return [(event, float(probability)) for event, probability in pairs]

    def checked_evaluate(self, state: Any) -> float:
        """The game's ``evaluate``, checked: a finite number."""
        assert self._rules_evaluate is not None  # set only for a game with an evaluation
        try:
            value = self._rules_evaluate(state)
        except Exception as error:  # the user's method
            raise self._raised("evaluate", state, error) from error
        if not is_outcome(value):
            raise self.broken("evaluate", state, f"returned {shown(value)}, not a number")
        return value  # a number, checked

    def fen(self, state: Any) -> str:
        """The position's text: the game's ``fen`` checked (text, not raising), else ``str(state)``."""
        if self._rules_fen is None:
            return str(state)
        try:
            text = self._rules_fen(state)
        except Exception as error:  # the user's method
            raise GameRuleError("fen", shown(state), f"raised {described(error)}", self.spec) from error
        if not isinstance(text, str):
            raise GameRuleError("fen", shown(state), f"returned {shown(text)}, not text", self.spec)
        return text

    def move_name(self, move: Hashable) -> str:
        """The move's name: the game's ``move_name`` checked (text, not raising), else ``str(move)``."""
        if self._rules_move_name is None:
            return str(move)
        try:
            name = self._rules_move_name(move)
        except Exception as error:  # the user's method
            raise GameRuleError("move_name", None, f"raised {described(error)} for move {shown(move)}",
                                self.spec) from error
        if not isinstance(name, str):
            raise GameRuleError("move_name", None, f"returned {shown(name)} for move {shown(move)}, not text",
                                self.spec)
        return name


__all__ = ["PROBABILITY_TOLERANCE", "CheckedCalls", "described", "is_outcome", "shown"]
